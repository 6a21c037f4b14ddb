import type { MetricsServiceHandlers } from '../../generated/proto/chaindata/metrics/v1/MetricsService.ts';
import type { MetricsValue } from '../../generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import { decodeId } from '../../runtime/formatting/cb58.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { parseNodeId } from '../../runtime/formatting/address.ts';
import {
  L1_FEE_METRICS,
  L1_FEE_METRIC_NAMES,
  NETWORK_METRICS,
  PRIMARY_NETWORK_SUBNET,
  STAKING_NETWORKS,
  STAKING_PAGE_SIZE,
  type NetworkMetric,
} from '../../runtime/staking-metrics.ts';
import { StakingReader, type StakingDayRow } from '../store/staking-reader.ts';
import type { MetricsServiceOptions } from './service.ts';

type Handlers = AsyncImplementation<MetricsServiceHandlers>;

/** Days are Unix seconds held as JavaScript numbers: a bound beyond them matches what this one does. */
const MAX_TIME = BigInt(Number.MAX_SAFE_INTEGER);
const CURSOR = /^\d{1,16}$/;

const COLUMN: Record<NetworkMetric, keyof StakingDayRow> = {
  validatorCount: 'validator_count',
  validatorWeight: 'validator_weight',
  delegatorCount: 'delegator_count',
  delegatorWeight: 'delegator_weight',
};

/** A day's point: the count, or the stake in nAVAX (a JSON number, as the API has it). */
export function stakingPoint(metric: NetworkMetric, row: StakingDayRow): MetricsValue {
  return { value: Number(row[COLUMN[metric]]), timestamp: row.bucket };
}

/** A subnet id as the API writes it: cb58 of 32 bytes. */
function subnetIdOf(text: string): Buffer {
  try {
    return Buffer.from(decodeId(text === '' ? PRIMARY_NETWORK_SUBNET : text));
  } catch {
    throw field.invalidField('subnetId', 'a subnet id (cb58 of 32 bytes)', text);
  }
}

/** The bytes a fee metric's id names: a validation or subnet id (cb58), a node id, nothing for the total. */
function feeKeyOf(scope: 'total' | 'validation' | 'node' | 'subnet', id: string): Buffer {
  if (scope === 'total') {
    if (id !== '') throw field.invalidField('id', 'no id for a network total metric', id);
    return Buffer.alloc(0);
  }
  const what =
    scope === 'node'
      ? 'a node id (NodeID-…)'
      : `a ${scope === 'validation' ? 'validation' : 'subnet'} id (cb58 of 32 bytes)`;
  const name = { validation: 'l1ValidationId', node: 'nodeId', subnet: 'subnetId' }[scope];
  try {
    return Buffer.from(scope === 'node' ? parseNodeId(id) : decodeId(id));
  } catch {
    throw field.invalidField(name, what, id);
  }
}

/**
 * The staking metrics (getStakingMetrics) from the staking rollup: a page of one subnet's days through the key.
 * The stack indexes one network (primary-network's): the other has no points, as a network with no data.
 */
export function stakingHandlers(
  options: MetricsServiceOptions,
): Pick<Handlers, 'GetStakingMetrics' | 'GetL1ValidatorFeeMetrics'> {
  const reader = new StakingReader(options.pool);
  return {
    GetL1ValidatorFeeMetrics: async (req) => {
      const metric = field.oneOf('metric', req.metric, L1_FEE_METRIC_NAMES);
      const { scope, value } = L1_FEE_METRICS[metric];
      const key = feeKeyOf(scope, req.id ?? '');
      const { start, end } = field.timeRange(req.start_timestamp, req.end_timestamp);
      const clamp = (t: bigint) => Number(t < MAX_TIME ? t : MAX_TIME);
      const rows = await reader.feeDays({
        scope,
        key,
        value,
        from: start === undefined ? 0 : clamp(start),
        to: end === undefined ? Number.MAX_SAFE_INTEGER : clamp(end) + 1,
      });
      return { results: rows.map((r) => ({ timestamp: r.bucket, value: Number(r.value) })), next_cursor: '' };
    },
    GetStakingMetrics: async (req) => {
      const network = field.oneOf('network', req.network, STAKING_NETWORKS);
      const metric = field.oneOf('metric', req.metric, NETWORK_METRICS);
      const subnetId = subnetIdOf(
        field.text('subnetId', req.subnet_id, { what: 'a subnet id (cb58 of 32 bytes)' }),
      );
      const { start, end } = field.timeRange(req.start_timestamp, req.end_timestamp);
      const pageSize = field.pageSize(req.page_size, STAKING_PAGE_SIZE.max);
      const cursor = field.cursor(req.cursor);
      if (cursor !== '' && !CURSOR.test(cursor))
        throw field.invalidField('pageToken', 'a cursor this service handed out', cursor);

      const indexed = await reader.network();
      const asked = network === 'mainnet' ? 'mainnet' : 'fuji';
      if (indexed !== asked) return { results: [], next_cursor: '' };
      const clamp = (t: bigint) => Number(t < MAX_TIME ? t : MAX_TIME);
      // Newest first: days from `start` up to `end` (inclusive), before the cursor (the last day sent).
      let to = end === undefined ? Number.MAX_SAFE_INTEGER : clamp(end) + 1;
      if (cursor !== '') to = Math.min(to, Number(cursor));
      const rows = await reader.days({
        subnetId,
        from: start === undefined ? 0 : clamp(start),
        to,
        limit: pageSize + 1,
      });
      const page = keysetPage(rows, pageSize, (r) => String(r.bucket));
      return { results: page.items.map((row) => stakingPoint(metric, row)), next_cursor: page.nextCursor };
    },
  };
}
