/**
 * The Metrics API's chain metrics (§4.5, the official document's ChainMetric) and the intervals each is served at:
 * one catalogue for the metrics service that computes them and the gateway that validates requests for them.
 */
export const CHAIN_METRICS = [
  'activeAddresses',
  'activeSenders',
  'cumulativeTxCount',
  'cumulativeAddresses',
  'cumulativeContracts',
  'cumulativeDeployers',
  'contracts',
  'deployers',
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
] as const;
export type ChainMetric = (typeof CHAIN_METRICS)[number];

/** The document's TimeIntervalGranularity, as §4.5 allows it for chain metrics. */
export const TIME_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

/**
 * What §4.5's table (its Interval column) and the document's descriptions allow at `day` only: the metrics whose
 * name starts with `cumulative`, `max` or `avg` (the rule of the query parameter), and also contracts, deployers and
 * feesPaid. The rollups keep these three at every interval all the same.
 */
const DAY_ONLY: ReadonlySet<ChainMetric> = new Set<ChainMetric>(
  CHAIN_METRICS.filter(
    (m) => /^(cumulative|max|avg)/.test(m) || ['contracts', 'deployers', 'feesPaid'].includes(m),
  ),
);

export function supportsInterval(metric: ChainMetric, interval: TimeInterval): boolean {
  return interval === 'day' || !DAY_ONLY.has(metric);
}
