// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface GetProjectionStatusRequest {
}

export interface GetProjectionStatusRequest__Output {
}
