// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { RichAddress as _chaindata_evmdata_v1_RichAddress, RichAddress__Output as _chaindata_evmdata_v1_RichAddress__Output } from '../../../chaindata/evmdata/v1/RichAddress.ts';
import type { Erc1155Token as _chaindata_evmdata_v1_Erc1155Token, Erc1155Token__Output as _chaindata_evmdata_v1_Erc1155Token__Output } from '../../../chaindata/evmdata/v1/Erc1155Token.ts';

export interface Erc1155Transfer {
  'from'?: (_chaindata_evmdata_v1_RichAddress | null);
  'to'?: (_chaindata_evmdata_v1_RichAddress | null);
  'logIndex'?: (number);
  'value'?: (string);
  'erc1155Token'?: (_chaindata_evmdata_v1_Erc1155Token | null);
}

export interface Erc1155Transfer__Output {
  'from': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'to': (_chaindata_evmdata_v1_RichAddress__Output | null);
  'logIndex': (number);
  'value': (string);
  'erc1155Token': (_chaindata_evmdata_v1_Erc1155Token__Output | null);
}
