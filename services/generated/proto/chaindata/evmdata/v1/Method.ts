// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface Method {
  'callType'?: (string);
  'methodHash'?: (string);
  'methodName'?: (string);
  '_methodName'?: "methodName";
}

export interface Method__Output {
  'callType': (string);
  'methodHash': (string);
  'methodName'?: (string);
  '_methodName'?: "methodName";
}
