// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NftTokenMetadata as _chaindata_evmdata_v1_NftTokenMetadata, NftTokenMetadata__Output as _chaindata_evmdata_v1_NftTokenMetadata__Output } from '../../../chaindata/evmdata/v1/NftTokenMetadata.ts';

export interface Erc721Token {
  'address'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'ercType'?: (string);
  'tokenId'?: (string);
  'tokenUri'?: (string);
  'metadata'?: (_chaindata_evmdata_v1_NftTokenMetadata | null);
  'ownerAddress'?: (string);
  '_ownerAddress'?: "ownerAddress";
}

export interface Erc721Token__Output {
  'address': (string);
  'name': (string);
  'symbol': (string);
  'ercType': (string);
  'tokenId': (string);
  'tokenUri': (string);
  'metadata': (_chaindata_evmdata_v1_NftTokenMetadata__Output | null);
  'ownerAddress'?: (string);
  '_ownerAddress'?: "ownerAddress";
}
