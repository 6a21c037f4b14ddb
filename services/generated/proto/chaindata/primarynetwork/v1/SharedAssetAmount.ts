// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface SharedAssetAmount {
  'assetId'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'denomination'?: (number);
  'type'?: (string);
  'amount'?: (string);
  'utxoCount'?: (number);
  'sharedWithChainId'?: (string);
  'status'?: (string);
  '_status'?: "status";
}

export interface SharedAssetAmount__Output {
  'assetId': (string);
  'name': (string);
  'symbol': (string);
  'denomination': (number);
  'type': (string);
  'amount': (string);
  'utxoCount': (number);
  'sharedWithChainId': (string);
  'status'?: (string);
  '_status'?: "status";
}
