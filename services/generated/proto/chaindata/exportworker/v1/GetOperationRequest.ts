// Original file: proto/chaindata/exportworker/v1/export_worker.proto


export interface GetOperationRequest {
  'operation_id'?: (string);
}

export interface GetOperationRequest__Output {
  'operation_id': (string);
}
