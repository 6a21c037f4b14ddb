// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ResourceLink {
  'type'?: (string);
  'url'?: (string);
}

export interface ResourceLink__Output {
  'type': (string);
  'url': (string);
}
