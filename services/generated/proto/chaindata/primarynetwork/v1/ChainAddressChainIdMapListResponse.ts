// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ChainAddressChainIdMap as _chaindata_primarynetwork_v1_ChainAddressChainIdMap, ChainAddressChainIdMap__Output as _chaindata_primarynetwork_v1_ChainAddressChainIdMap__Output } from '../../../chaindata/primarynetwork/v1/ChainAddressChainIdMap.ts';

export interface ChainAddressChainIdMapListResponse {
  'addresses'?: (_chaindata_primarynetwork_v1_ChainAddressChainIdMap)[];
}

export interface ChainAddressChainIdMapListResponse__Output {
  'addresses': (_chaindata_primarynetwork_v1_ChainAddressChainIdMap__Output)[];
}
