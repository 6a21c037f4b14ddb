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
