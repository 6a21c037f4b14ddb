// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { RichAddress as _chaindata_evmdata_v1_RichAddress, RichAddress__Output as _chaindata_evmdata_v1_RichAddress__Output } from '../../../chaindata/evmdata/v1/RichAddress.ts';
import type { Erc1155Token as _chaindata_evmdata_v1_Erc1155Token, Erc1155Token__Output as _chaindata_evmdata_v1_Erc1155Token__Output } from '../../../chaindata/evmdata/v1/Erc1155Token.ts';

export interface Erc1155TransferEntry {
  'blockNumber'?: (string);
  'blockTimestamp'?: (number | string);
  'blockTimestampMilliseconds'?: (number | string);
  'blockHash'?: (string);
  'txHash'?: (string);
  'from'?: (_chaindata_evmdata_v1_RichAddress | null);
  'to'?: (_chaindata_evmdata_v1_RichAddress | null);
  'logIndex'?: (number);
  'value'?: (string);
  'erc1155Token'?: (_chaindata_evmdata_v1_Erc1155Token | null);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
}

export interface Erc1155TransferEntry__Output {
  'blockNumber': (string);
  'blockTimestamp': (number);
  'blockTimestampMilliseconds'?: (number);
  'blockHash': (string);
  'txHash': (string);
  'from': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'to': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'logIndex': (number);
  'value': (string);
  'erc1155Token': (_chaindata_evmdata_v1_Erc1155Token__Output | null);
  '_blockTimestampMilliseconds'?: "blockTimestampMilliseconds";
}
