// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { AddressDetails as _chaindata_metrics_v1_AddressDetails, AddressDetails__Output as _chaindata_metrics_v1_AddressDetails__Output } from '../../../chaindata/metrics/v1/AddressDetails.ts';

export interface LookingGlassResponse {
  'addresses'?: (_chaindata_metrics_v1_AddressDetails)[];
  'next_cursor'?: (string);
}

export interface LookingGlassResponse__Output {
  'addresses': (_chaindata_metrics_v1_AddressDetails__Output)[];
  'next_cursor': (string);
}
