// Original file: proto/chaindata/metrics/v1/metrics.proto

import type { ChainRollingWindowMetricsValue as _chaindata_metrics_v1_ChainRollingWindowMetricsValue, ChainRollingWindowMetricsValue__Output as _chaindata_metrics_v1_ChainRollingWindowMetricsValue__Output } from '../../../chaindata/metrics/v1/ChainRollingWindowMetricsValue.ts';

export interface RollingWindowMetricsApiResponse {
  'result'?: (_chaindata_metrics_v1_ChainRollingWindowMetricsValue | null);
}

export interface RollingWindowMetricsApiResponse__Output {
  'result': (_chaindata_metrics_v1_ChainRollingWindowMetricsValue__Output | null);
}
