/**
 * Rendering the rollups into the Metrics API's documents (pure functions: rows in, messages out).
 */
import type { Chain } from '../../generated/proto/chaindata/metrics/v1/Chain.ts';
import type { MetricsValue } from '../../generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import type { ChainRow, DayRow, DayRowsWith, SeriesRow } from '../store/reader.ts';
import { dayValue, needsDayRows, seriesValue, type ChainMetric } from './metric-values.ts';

export function chainDoc(row: ChainRow): Chain {
  return {
    evmChainId: Number(row.evm_chain_id),
    chainName: row.chain_name,
    blockchainId: row.blockchain_id,
    subnetId: row.subnet_id,
    network: row.network,
  };
}

/** The day rows that have a value of a day-only metric (all of them for the cumulative ones). */
export function dayRowsWith(metric: ChainMetric): DayRowsWith | undefined {
  switch (metric) {
    case 'avgTps':
    case 'avgGps':
      return 'previous_day';
    case 'maxTps':
      return 'max_tps';
    case 'maxGps':
      return 'max_gps';
    case 'avgGasPrice':
    case 'maxGasPrice':
      return 'gas_price';
    default:
      return undefined;
  }
}

/** A bucket's point of a metric; undefined where the metric has no value in it. */
export function metricPoint(metric: ChainMetric, row: SeriesRow | DayRow): MetricsValue | undefined {
  const value = needsDayRows(metric)
    ? dayValue(metric, row as DayRow)
    : seriesValue(metric as Parameters<typeof seriesValue>[0], row);
  return value === undefined ? undefined : { value: Number(value), timestamp: Number(row.bucket) };
}
