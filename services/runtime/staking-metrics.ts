/**
 * The Metrics API's staking metrics (the official document's NetworkMetric) and the networks getStakingMetrics
 * names: one catalogue for the metrics service and the gateway that validates requests for them.
 */
export const NETWORK_METRICS = [
  'delegatorCount',
  'delegatorWeight',
  'validatorCount',
  'validatorWeight',
] as const;
export type NetworkMetric = (typeof NETWORK_METRICS)[number];

/** The document's Network: fuji and testnet are one network. */
export const STAKING_NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;

/** getStakingMetrics' default subnet: the primary network's id. */
export const PRIMARY_NETWORK_SUBNET = '11111111111111111111111111111111LpoYY';

/** getStakingMetrics' page sizes: 1 to 2160, default 100. */
export const STAKING_PAGE_SIZE = { max: 2160, default: 100 } as const;

/**
 * The L1 validator fee metrics of the document's four L1 routes: what each one reads of the fee rollup (the scope
 * its id names, and the day's fees, the fees up to and including the day, or the validations that paid that day).
 */
export const L1_FEE_METRICS = {
  totalCumulativeFeesDaily: { scope: 'total', value: 'cumulative' },
  totalValidatorFeesDaily: { scope: 'total', value: 'fees' },
  totalPayingValidatorsDaily: { scope: 'total', value: 'paying' },
  validationCumulativeFeesDaily: { scope: 'validation', value: 'cumulative' },
  validationFeesDaily: { scope: 'validation', value: 'fees' },
  perNodeCumulativeFeesPaid: { scope: 'node', value: 'cumulative' },
  perNodeDailyFeesPaid: { scope: 'node', value: 'fees' },
  perSubnetDailyFeesPaid: { scope: 'subnet', value: 'fees' },
  perSubnetCumulativeFeesPaid: { scope: 'subnet', value: 'cumulative' },
  perSubnetPayingValidators: { scope: 'subnet', value: 'paying' },
} as const satisfies Record<
  string,
  { scope: 'total' | 'validation' | 'node' | 'subnet'; value: 'fees' | 'cumulative' | 'paying' }
>;
export type L1FeeMetric = keyof typeof L1_FEE_METRICS;
export const L1_FEE_METRIC_NAMES = Object.keys(L1_FEE_METRICS) as [L1FeeMetric, ...L1FeeMetric[]];

/** The metrics of one scope, in the document's order. */
export const l1FeeMetricsOf = (scope: 'total' | 'validation' | 'node' | 'subnet') =>
  L1_FEE_METRIC_NAMES.filter((m) => L1_FEE_METRICS[m].scope === scope) as [L1FeeMetric, ...L1FeeMetric[]];
