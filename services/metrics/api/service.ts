import type { EvmDataServiceDefinition } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { MetricsServiceHandlers } from '../../generated/proto/chaindata/metrics/v1/MetricsService.ts';
import type { PrimaryNetworkServiceDefinition } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { Pool } from '../../runtime/database/pool.ts';
import type { UnaryClient } from '../../runtime/grpc/client.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { TIME_INTERVALS } from '../intervals.ts';
import type { RollupReader } from '../store/reader.ts';
import { ensureFollowed, evmChainId, notFollowed, scopeOf } from './scopes.ts';
import { chainDoc, dayRowsWith, metricPoint } from './documents.ts';
import { icmHandlers } from './icm.ts';
import { lookingGlassHandlers } from './looking-glass.ts';
import { CHAIN_METRICS, needsDayRows, supportsInterval } from './metric-values.ts';
import { stakingHandlers } from './staking.ts';
import { rollingWindowHandlers } from './rolling-windows.ts';

/** The Metrics API's page sizes: 1..2160 for a metric's points (the gateway applies its default, 100), up to 10000 chains. */
export const MAX_METRICS_PAGE_SIZE = 2160;
export const MAX_CHAINS_PAGE_SIZE = 10_000;

const NETWORKS = ['', 'mainnet', 'testnet', 'fuji'] as const;
/** Buckets are Unix seconds held as JavaScript numbers: a bound beyond them matches what this one does. */
const MAX_TIME = BigInt(Number.MAX_SAFE_INTEGER);
const CURSOR = /^\d{1,16}$/;

/**
 * The gRPC face of the rollups. It validates every request itself (the gateway does too, but the service is
 * reachable without it) and reads only a page of one scope's buckets through their keys.
 */
export interface MetricsServiceOptions {
  reader: RollupReader;
  pool: Pool;
  /** What the rollups do not hold is asked of the services that index it. */
  evmData: UnaryClient<EvmDataServiceDefinition>;
  primaryNetwork: UnaryClient<PrimaryNetworkServiceDefinition>;
}

export function metricsService(options: MetricsServiceOptions): AsyncImplementation<MetricsServiceHandlers> {
  const { reader } = options;

  return {
    ...rollingWindowHandlers(options),
    ...icmHandlers(options),
    ...stakingHandlers(options),
    ...lookingGlassHandlers(options),
    ListChains: async (req) => {
      const network = field.oneOf('network', req.network, NETWORKS);
      const pageSize =
        req.page_size === undefined || req.page_size === null
          ? MAX_CHAINS_PAGE_SIZE
          : field.pageSize(req.page_size, MAX_CHAINS_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      if (cursor !== '' && !/^\d{1,78}$/.test(cursor))
        throw field.invalidField('pageToken', 'a cursor this service handed out', cursor);
      const rows = await reader.chains({
        ...(cursor !== '' ? { afterChainId: cursor } : {}),
        ...(network !== '' ? { network: network === 'fuji' ? 'testnet' : network } : {}),
        limit: pageSize + 1,
      });
      const page = keysetPage(rows, pageSize, (r) => r.evm_chain_id);
      return { chains: page.items.map(chainDoc), next_cursor: page.nextCursor };
    },

    GetChain: async (req) => {
      const id = evmChainId(req.chain_id);
      const row = await reader.chain(id);
      if (!row) throw notFollowed(req.chain_id);
      return chainDoc(row);
    },

    GetEvmChainMetrics: async (req) => {
      const scope = scopeOf(req.chain_id);
      const metric = field.oneOf('metric', req.metric, CHAIN_METRICS);
      const interval =
        req.time_interval === '' ? 'day' : field.oneOf('timeInterval', req.time_interval, TIME_INTERVALS);
      if (!supportsInterval(metric, interval))
        throw field.invalidField('timeInterval', `day (${metric} is served by the day only)`, interval);
      const { start, end } = field.timeRange(req.start_timestamp, req.end_timestamp);
      const pageSize = field.pageSize(req.page_size, MAX_METRICS_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      if (cursor !== '' && !CURSOR.test(cursor))
        throw field.invalidField('pageToken', 'a cursor this service handed out', cursor);
      await ensureFollowed(reader, scope, req.chain_id);

      const clamp = (t: bigint) => Number(t < MAX_TIME ? t : MAX_TIME);
      // Newest first: buckets from `start` up to `end` (inclusive), before the cursor (the last bucket sent).
      let to = end === undefined ? Number.MAX_SAFE_INTEGER : clamp(end) + 1;
      if (cursor !== '') to = Math.min(to, Number(cursor));
      const range = {
        scope,
        from: start === undefined ? 0 : clamp(start),
        to,
        limit: pageSize + 1,
        newestFirst: true,
      };
      const having = dayRowsWith(metric);
      const rows = needsDayRows(metric)
        ? await reader.days({ ...range, ...(having ? { having } : {}) })
        : await reader.series(interval, range);
      const page = keysetPage(rows, pageSize, (r) => String(r.bucket));
      return {
        results: page.items.flatMap((row) => metricPoint(metric, row) ?? []),
        next_cursor: page.nextCursor,
      };
    },
  };
}
