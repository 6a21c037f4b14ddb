// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ReindexNftTokenResponse {
}

export interface ReindexNftTokenResponse__Output {
}
