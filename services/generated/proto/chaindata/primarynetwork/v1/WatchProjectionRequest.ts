// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface WatchProjectionRequest {
}

export interface WatchProjectionRequest__Output {
}
