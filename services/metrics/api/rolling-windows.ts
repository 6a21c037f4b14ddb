/**
 * The rolling-window chain metrics (`/v2/chains/{chainId}/rollingWindowMetrics/{metric}`) and the legacy
 * `/v1/avg_tps/{chainId}` with its UUID page tokens, over the rollups.
 */
import type { ChainRollingWindowMetricsValue } from '../../generated/proto/chaindata/metrics/v1/ChainRollingWindowMetricsValue.ts';
import type { MetricsServiceHandlers } from '../../generated/proto/chaindata/metrics/v1/MetricsService.ts';
import {
  AVG_TPS_PAGE_SIZE,
  AVG_TPS_PAGE_TOKEN,
  CHAIN_ROLLING_WINDOW_METRICS,
  type ChainRollingWindowMetric,
} from '../../runtime/chain-rolling-window-metrics.ts';
import { DomainError } from '../../runtime/errors.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { rollingWindows, type RollingWindow } from '../intervals.ts';
import { hasWindow, type Range } from '../rolling-windows.ts';
import { ensureFollowed, scopeOf } from './scopes.ts';
import { RollingWindowStore, type DistinctKind, type WindowFacts } from '../store/rolling-windows.ts';
import { metricPoint } from './documents.ts';
import type { MetricsServiceOptions } from './service.ts';

const MAX_PAGE_SIZE = 2160;
/** "Valid for 24 hours from the time it is generated." */
export const PAGE_TOKEN_SECONDS = 24 * 3_600;

type DistinctMetric = 'activeAddresses' | 'activeSenders' | 'deployers';
const DISTINCT: Record<DistinctMetric, DistinctKind> = {
  activeAddresses: 'address',
  activeSenders: 'sender',
  deployers: 'deployer',
};

/**
 * A metric's value over one window from its facts; undefined where it has none. Sums are 0 over a window without
 * blocks. An average per second divides by the time from `since` (the scope's last block before the window, or its
 * first block when the window holds it) to the window's last block.
 */
export function windowValue(
  metric: Exclude<ChainRollingWindowMetric, DistinctMetric>,
  facts: WindowFacts,
  since: number | undefined,
): number | undefined {
  const perSecond = (amount: string) => {
    if (facts.last_block_time === null || since === undefined) return undefined;
    const seconds = Number(facts.last_block_time) - since;
    return seconds > 0 ? Number(amount) / seconds : undefined;
  };
  switch (metric) {
    case 'txCount':
      return Number(facts.tx_count);
    case 'gasUsed':
      return Number(facts.gas_used);
    case 'feesPaid':
      return Number(facts.fees_paid);
    case 'contracts':
      return Number(facts.contracts);
    case 'avgTps':
      return perSecond(facts.tx_count);
    case 'avgGps':
      return perSecond(facts.gas_used);
    case 'maxTps':
      return facts.max_tps ?? undefined;
    case 'maxGps':
      return facts.max_gps ?? undefined;
    case 'avgGasPrice':
      return facts.tx_count === '0' ? undefined : Number(facts.gas_price_sum) / Number(facts.tx_count);
    case 'maxGasPrice':
      return facts.max_gas_price === null ? undefined : Number(facts.max_gas_price);
  }
}

/** A metric over every rolling window it has at Unix time `at`, read from the rollups. */
export async function rollingWindowValues(
  store: RollingWindowStore,
  scope: string,
  metric: ChainRollingWindowMetric,
  at: number,
): Promise<Partial<Record<RollingWindow, number>>> {
  const distinct = metric in DISTINCT ? DISTINCT[metric as DistinctMetric] : undefined;
  const perSecond = metric === 'avgTps' || metric === 'avgGps';
  const first = perSecond ? await store.firstBlock(scope) : undefined;
  const one = async ({ window, from, to }: Range & { window: RollingWindow }) => {
    if (!hasWindow(metric, window)) return [];
    if (distinct) return [[window, await store.distinct(scope, distinct, { from, to })] as const];
    const facts = await store.facts(scope, { from, to });
    const since = perSecond ? ((await store.lastBlockBefore(scope, from)) ?? first) : undefined;
    const value = windowValue(metric as Parameters<typeof windowValue>[0], facts, since);
    return value === undefined ? [] : [[window, value] as const];
  };
  const values = await Promise.all(rollingWindows(at).map(one));
  return Object.fromEntries(values.flat());
}

export function rollingWindowHandlers(
  options: MetricsServiceOptions,
): Pick<AsyncImplementation<MetricsServiceHandlers>, 'GetEvmChainRollingWindowMetrics' | 'GetAvgTps'> {
  const { reader } = options;
  const store = new RollingWindowStore(options.pool);
  return {
    GetEvmChainRollingWindowMetrics: async (req) => {
      const scope = scopeOf(req.chain_id);
      const metric = field.oneOf('metric', req.metric, CHAIN_ROLLING_WINDOW_METRICS);
      const asked = field.optionalInteger('at', req.at, BigInt(Number.MAX_SAFE_INTEGER));
      await ensureFollowed(reader, scope, req.chain_id);
      const at = asked === undefined ? Math.floor(Date.now() / 1000) : Number(asked);
      const result: ChainRollingWindowMetricsValue = await rollingWindowValues(store, scope, metric, at);
      return { result };
    },

    GetAvgTps: async (req) => {
      const scope = scopeOf(req.chain_id);
      const pageSize =
        req.page_size === undefined || req.page_size === null
          ? AVG_TPS_PAGE_SIZE
          : field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const token = field.cursor(req.page_token);
      if (token !== '' && !AVG_TPS_PAGE_TOKEN.test(token))
        throw field.invalidField('pageToken', 'the nextPageToken of a previous page (a UUID)', token);
      await ensureFollowed(reader, scope, req.chain_id);
      let before = Number.MAX_SAFE_INTEGER;
      if (token !== '') {
        const issued = await store.pageToken(token, PAGE_TOKEN_SECONDS);
        if (!issued)
          throw new DomainError(
            'invalid_argument',
            `pageToken: expected a page token issued in the last 24 hours, got an unknown or expired one; ` +
              `restart from the first page (without pageToken)`,
          );
        if (issued.scope !== scope)
          throw field.invalidField('pageToken', `a page token of chainId ${issued.scope}`, token);
        before = issued.lastDay;
      }
      const [rows, lastRun] = await Promise.all([
        reader.days({
          scope,
          from: 0,
          to: before,
          limit: pageSize + 1,
          newestFirst: true,
          having: 'previous_day',
        }),
        store.lastRun(scope),
      ]);
      const page = keysetPage(rows, pageSize, (r) => String(r.bucket));
      const nextPageToken =
        page.nextCursor === ''
          ? undefined
          : await store.issuePageToken(scope, Number(page.nextCursor), PAGE_TOKEN_SECONDS);
      return {
        results: page.items.flatMap((row) => metricPoint('avgTps', row) ?? []),
        status: 200,
        ...(lastRun === undefined ? {} : { lastRun }),
        ...(nextPageToken === undefined ? {} : { nextPageToken }),
      };
    },
  };
}
