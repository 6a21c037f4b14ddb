// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { MetricsValue as _chaindata_metrics_v1_MetricsValue, MetricsValue__Output as _chaindata_metrics_v1_MetricsValue__Output } from '../../../chaindata/metrics/v1/MetricsValue.ts';

export interface AvgTpsResponse {
  'results'?: (_chaindata_metrics_v1_MetricsValue)[];
  'status'?: (number);
  'lastRun'?: (number | string);
  'nextPageToken'?: (string);
  '_lastRun'?: "lastRun";
  '_nextPageToken'?: "nextPageToken";
}

export interface AvgTpsResponse__Output {
  'results': (_chaindata_metrics_v1_MetricsValue__Output)[];
  'status': (number);
  'lastRun'?: (number);
  'nextPageToken'?: (string);
  '_lastRun'?: "lastRun";
  '_nextPageToken'?: "nextPageToken";
}
