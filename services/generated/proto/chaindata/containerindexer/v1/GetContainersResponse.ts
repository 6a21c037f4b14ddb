// Original file: proto/chaindata/containerindexer/v1/container_indexer.proto

import type { Container as _chaindata_containerindexer_v1_Container, Container__Output as _chaindata_containerindexer_v1_Container__Output } from '../../../chaindata/containerindexer/v1/Container.ts';

export interface GetContainersResponse {
  'containers'?: (_chaindata_containerindexer_v1_Container)[];
  'unanswered'?: (string)[];
}

export interface GetContainersResponse__Output {
  'containers': (_chaindata_containerindexer_v1_Container__Output)[];
  'unanswered': (string)[];
}
