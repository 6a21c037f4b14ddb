/**
 * The chain metrics of the Metrics API (§4.5) and how each value comes from the stored rollups: the one place their
 * definitions live for what serves them.
 */
import type { ChainMetric } from '../../runtime/chain-metrics.ts';
import type { DayRow, SeriesRow } from '../store/reader.ts';

export { CHAIN_METRICS, supportsInterval, type ChainMetric } from '../../runtime/chain-metrics.ts';

/** Whether a metric is read from metrics.days (day-only facts) rather than metrics.series alone. */
export function needsDayRows(metric: ChainMetric): boolean {
  return /^(cumulative|max|avg)/.test(metric);
}

/** A metric read from a bucket of metrics.series, exact. */
export function seriesValue(
  metric: Exclude<ChainMetric, `cumulative${string}` | `max${string}` | `avg${string}`>,
  row: SeriesRow,
): bigint {
  switch (metric) {
    case 'activeAddresses':
      return BigInt(row.active_addresses);
    case 'activeSenders':
      return BigInt(row.active_senders);
    case 'contracts':
      return BigInt(row.contracts);
    case 'deployers':
      return BigInt(row.deployers);
    case 'gasUsed':
      return BigInt(row.gas_used);
    case 'txCount':
      return BigInt(row.tx_count);
    case 'feesPaid':
      return BigInt(row.fees_paid);
  }
}

/**
 * Any metric's value for a day. Undefined where the definition gives none: an average per second on the scope's
 * first day (no last block of a previous day) or when no time passed, a maximum per second on a day without a block
 * gap, a gas price on a day without transactions.
 */
export function dayValue(metric: ChainMetric, row: DayRow): number | bigint | undefined {
  const perSecondOfDay = (amount: string) => {
    if (row.previous_block_time === null) return undefined;
    const seconds = Number(row.last_block_time) - Number(row.previous_block_time);
    return seconds > 0 ? Number(amount) / seconds : undefined;
  };
  switch (metric) {
    case 'cumulativeTxCount':
      return BigInt(row.cumulative_tx_count);
    case 'cumulativeAddresses':
      return BigInt(row.cumulative_addresses);
    case 'cumulativeDeployers':
      return BigInt(row.cumulative_deployers);
    case 'cumulativeContracts':
      // "From genesis up until the timestamp": before the day, unlike the others (through the day's end).
      return BigInt(row.cumulative_contracts) - BigInt(row.contracts);
    case 'avgTps':
      return perSecondOfDay(row.tx_count);
    case 'avgGps':
      return perSecondOfDay(row.gas_used);
    case 'maxTps':
      return row.max_tps ?? undefined;
    case 'maxGps':
      return row.max_gps ?? undefined;
    case 'avgGasPrice':
      return row.tx_count === '0' ? undefined : Number(row.gas_price_sum) / Number(row.tx_count);
    case 'maxGasPrice':
      return row.max_gas_price === null ? undefined : BigInt(row.max_gas_price);
    default:
      return seriesValue(metric, row);
  }
}
