/**
 * The Metrics API's rolling-window chain metrics (the official document's ChainRollingWindowMetric) and the legacy
 * `/v1/avg_tps` route's page: one catalogue for the metrics service and the gateway that validates requests for them.
 */
export const CHAIN_ROLLING_WINDOW_METRICS = [
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
  'contracts',
  'deployers',
  'activeAddresses',
  'activeSenders',
] as const;
export type ChainRollingWindowMetric = (typeof CHAIN_ROLLING_WINDOW_METRICS)[number];

/** `/v1/avg_tps/{chainId}` takes no page size: this many daily points a page (the Metrics API's default page). */
export const AVG_TPS_PAGE_SIZE = 100;

/** The legacy route's page tokens: random (version 4) UUIDs, as the service issues them. */
export const AVG_TPS_PAGE_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
