// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface TeleporterMessageInfo {
  'teleporterMessageId'?: (string);
  'direction'?: (string);
  'sourceChainId'?: (string);
  'destinationChainId'?: (string);
  '_sourceChainId'?: "sourceChainId";
  '_destinationChainId'?: "destinationChainId";
}

export interface TeleporterMessageInfo__Output {
  'teleporterMessageId': (string);
  'direction': (string);
  'sourceChainId'?: (string);
  'destinationChainId'?: (string);
  '_sourceChainId'?: "sourceChainId";
  '_destinationChainId'?: "destinationChainId";
}
