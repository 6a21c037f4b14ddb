// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { Chain as _chaindata_metrics_v1_Chain, Chain__Output as _chaindata_metrics_v1_Chain__Output } from '../../../chaindata/metrics/v1/Chain.ts';

export interface ListChainsResponse {
  'chains'?: (_chaindata_metrics_v1_Chain)[];
  'next_cursor'?: (string);
}

export interface ListChainsResponse__Output {
  'chains': (_chaindata_metrics_v1_Chain__Output)[];
  'next_cursor': (string);
}
