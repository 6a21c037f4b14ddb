// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface GetIngestionStatusRequest {
}

export interface GetIngestionStatusRequest__Output {
}
