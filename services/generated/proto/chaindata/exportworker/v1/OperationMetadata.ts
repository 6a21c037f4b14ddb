// Original file: proto/chaindata/exportworker/v1/export_worker.proto


export interface OperationMetadata {
  'code'?: (string);
  'downloadUrl'?: (string);
  'nextDate'?: (string);
  '_code'?: "code";
  '_downloadUrl'?: "downloadUrl";
  '_nextDate'?: "nextDate";
}

export interface OperationMetadata__Output {
  'code'?: (string);
  'downloadUrl'?: (string);
  'nextDate'?: (string);
  '_code'?: "code";
  '_downloadUrl'?: "downloadUrl";
  '_nextDate'?: "nextDate";
}
