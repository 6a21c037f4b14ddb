// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { MetricsValue as _chaindata_metrics_v1_MetricsValue, MetricsValue__Output as _chaindata_metrics_v1_MetricsValue__Output } from '../../../chaindata/metrics/v1/MetricsValue.ts';

export interface MetricsApiResponse {
  'results'?: (_chaindata_metrics_v1_MetricsValue)[];
  'next_cursor'?: (string);
}

export interface MetricsApiResponse__Output {
  'results': (_chaindata_metrics_v1_MetricsValue__Output)[];
  'next_cursor': (string);
}
