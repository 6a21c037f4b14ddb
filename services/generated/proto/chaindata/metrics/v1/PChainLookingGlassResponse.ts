// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { PChainAddressDetails as _chaindata_metrics_v1_PChainAddressDetails, PChainAddressDetails__Output as _chaindata_metrics_v1_PChainAddressDetails__Output } from '../../../chaindata/metrics/v1/PChainAddressDetails.ts';

export interface PChainLookingGlassResponse {
  'addresses'?: (_chaindata_metrics_v1_PChainAddressDetails)[];
  'next_cursor'?: (string);
}

export interface PChainLookingGlassResponse__Output {
  'addresses': (_chaindata_metrics_v1_PChainAddressDetails__Output)[];
  'next_cursor': (string);
}
