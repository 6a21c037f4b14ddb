// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { AddressDetails as _chaindata_metrics_v1_AddressDetails, AddressDetails__Output as _chaindata_metrics_v1_AddressDetails__Output } from '../../../chaindata/metrics/v1/AddressDetails.ts';

export interface NftHoldersResponse {
  'addresses'?: (_chaindata_metrics_v1_AddressDetails)[];
  'nftCollectionName'?: (string)[];
  'nftSymbol'?: (string)[];
  'totalHolders'?: (number | string);
  'totalTokens'?: (number | string);
  'next_cursor'?: (string);
}

export interface NftHoldersResponse__Output {
  'addresses': (_chaindata_metrics_v1_AddressDetails__Output)[];
  'nftCollectionName': (string)[];
  'nftSymbol': (string)[];
  'totalHolders': (number);
  'totalTokens': (number);
  'next_cursor': (string);
}
