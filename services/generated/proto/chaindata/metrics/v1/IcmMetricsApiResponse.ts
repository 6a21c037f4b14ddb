// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { ICMMetricsValue as _chaindata_metrics_v1_ICMMetricsValue, ICMMetricsValue__Output as _chaindata_metrics_v1_ICMMetricsValue__Output } from '../../../chaindata/metrics/v1/ICMMetricsValue.ts';

export interface IcmMetricsApiResponse {
  'results'?: (_chaindata_metrics_v1_ICMMetricsValue)[];
  'next_cursor'?: (string);
}

export interface IcmMetricsApiResponse__Output {
  'results': (_chaindata_metrics_v1_ICMMetricsValue__Output)[];
  'next_cursor': (string);
}
