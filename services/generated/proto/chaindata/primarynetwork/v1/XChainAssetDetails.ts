// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface XChainAssetDetails {
  'assetId'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'denomination'?: (number);
  'type'?: (string);
  'createdAtTimestamp'?: (number | string);
  'cap'?: (string);
}

export interface XChainAssetDetails__Output {
  'assetId': (string);
  'name': (string);
  'symbol': (string);
  'denomination': (number);
  'type': (string);
  'createdAtTimestamp': (number);
  'cap': (string);
}
