// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ProjectionChanged {
}

export interface ProjectionChanged__Output {
}
