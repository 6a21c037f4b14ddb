// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { ICMRollingWindowMetricsValue as _chaindata_metrics_v1_ICMRollingWindowMetricsValue, ICMRollingWindowMetricsValue__Output as _chaindata_metrics_v1_ICMRollingWindowMetricsValue__Output } from '../../../chaindata/metrics/v1/ICMRollingWindowMetricsValue.ts';

export interface IcmRollingWindowMetricsApiResponse {
  'result'?: (_chaindata_metrics_v1_ICMRollingWindowMetricsValue | null);
}

export interface IcmRollingWindowMetricsApiResponse__Output {
  'result': (_chaindata_metrics_v1_ICMRollingWindowMetricsValue__Output | null);
}
