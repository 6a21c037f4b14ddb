// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { NftTokenMetadata as _chaindata_evmdata_v1_NftTokenMetadata, NftTokenMetadata__Output as _chaindata_evmdata_v1_NftTokenMetadata__Output } from '../../../chaindata/evmdata/v1/NftTokenMetadata.ts';

export interface Erc1155TokenBalance {
  'address'?: (string);
  'ercType'?: (string);
  'tokenId'?: (string);
  'tokenUri'?: (string);
  'metadata'?: (_chaindata_evmdata_v1_NftTokenMetadata | null);
  'chainId'?: (string);
  'balance'?: (string);
}

export interface Erc1155TokenBalance__Output {
  'address': (string);
  'ercType': (string);
  'tokenId': (string);
  'tokenUri': (string);
  'metadata': (_chaindata_evmdata_v1_NftTokenMetadata__Output | null);
  'chainId': (string);
  'balance': (string);
}
