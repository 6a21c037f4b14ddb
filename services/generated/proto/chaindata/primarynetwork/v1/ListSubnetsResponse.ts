// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Subnet as _chaindata_primarynetwork_v1_Subnet, Subnet__Output as _chaindata_primarynetwork_v1_Subnet__Output } from '../../../chaindata/primarynetwork/v1/Subnet.ts';

export interface ListSubnetsResponse {
  'subnets'?: (_chaindata_primarynetwork_v1_Subnet)[];
  'next_cursor'?: (string);
}

export interface ListSubnetsResponse__Output {
  'subnets': (_chaindata_primarynetwork_v1_Subnet__Output)[];
  'next_cursor': (string);
}
