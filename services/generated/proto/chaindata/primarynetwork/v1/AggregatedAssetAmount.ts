// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface AggregatedAssetAmount {
  'assetId'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'denomination'?: (number);
  'type'?: (string);
  'amount'?: (string);
  'utxoCount'?: (number);
}

export interface AggregatedAssetAmount__Output {
  'assetId': (string);
  'name': (string);
  'symbol': (string);
  'denomination': (number);
  'type': (string);
  'amount': (string);
  'utxoCount': (number);
}
