/**
 * The ICM metrics (getICMTimeseries, getICMSummary): ICM (Teleporter) messages SENT, counted at the block that sent
 * them on their source chain, from the rollups of metrics.icm_messages.
 */
import type { ICMMetricsValue } from '../../generated/proto/chaindata/metrics/v1/ICMMetricsValue.ts';
import type { ICMRollingWindowMetricsValue } from '../../generated/proto/chaindata/metrics/v1/ICMRollingWindowMetricsValue.ts';
import type { MetricsServiceHandlers } from '../../generated/proto/chaindata/metrics/v1/MetricsService.ts';
import { decodeCb58, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import {
  bucketStart,
  nextBucket,
  rollingWindows,
  TIME_INTERVALS,
  type RollingWindow,
  type TimeInterval,
} from '../intervals.ts';
import {
  IcmReader,
  type IcmCursor,
  type IcmFilter,
  type IcmGrouping,
  type IcmPointRow,
  type IcmSegment,
} from '../store/icm-reader.ts';
import type { MetricsServiceOptions } from './service.ts';

type Handlers = AsyncImplementation<MetricsServiceHandlers>;

/** The Metrics API's groupBy values, and what each groups the points by. */
export const ICM_GROUP_BY = [
  'srcBlockchainId',
  'destBlockchainId',
  'srcBlockchainId,destBlockchainId',
] as const;
const GROUPINGS: Record<'' | (typeof ICM_GROUP_BY)[number], IcmGrouping> = {
  '': { source: false, destination: false },
  srcBlockchainId: { source: true, destination: false },
  destBlockchainId: { source: false, destination: true },
  'srcBlockchainId,destBlockchainId': { source: true, destination: true },
};
const NETWORKS = ['', 'mainnet', 'testnet', 'fuji'] as const;
export const MAX_ICM_PAGE_SIZE = 2160;
/** Buckets are Unix seconds held as JavaScript numbers: a bound beyond them matches what this one does. */
const MAX_TIME = BigInt(Number.MAX_SAFE_INTEGER);
/** The summary's `at`, up to the end of year 9999 (UTC): calendar months are computed for its windows. */
export const MAX_SUMMARY_AT = 253_402_300_799n;
const BLOCKCHAIN_ID_BYTES = 32;

/** A cb58 blockchain id of 32 bytes, or '' (any): its bytes and its canonical text. */
function blockchainIdOf(name: string, value: string): { bytes: Buffer; text: string } | undefined {
  if (value === '') return undefined;
  const what = 'a blockchain id (cb58 of 32 bytes)';
  field.text(name, value, { what });
  let bytes: Uint8Array;
  try {
    bytes = decodeCb58(value);
  } catch {
    throw field.invalidField(name, what, value);
  }
  if (bytes.length !== BLOCKCHAIN_ID_BYTES) throw field.invalidField(name, what, value);
  return { bytes: Buffer.from(bytes), text: encodeCb58(bytes) };
}

/** The filters and grouping both routes take, checked. */
function selectionOf(req: {
  src_blockchain_id: string;
  dest_blockchain_id: string;
  group_by: string;
  network: string;
}) {
  const source = blockchainIdOf('srcBlockchainId', req.src_blockchain_id);
  const destination = blockchainIdOf('destBlockchainId', req.dest_blockchain_id);
  const group = GROUPINGS[field.oneOf('groupBy', req.group_by, ['', ...ICM_GROUP_BY])];
  const network = field.oneOf('network', req.network, NETWORKS);
  const filter: IcmFilter = {
    ...(network !== '' ? { network: network === 'fuji' ? 'testnet' : network } : {}),
    ...(source ? { source: source.bytes } : {}),
    ...(destination ? { destination: destination.bytes } : {}),
  };
  return { filter, group, sourceText: source?.text ?? '', destinationText: destination?.text ?? '' };
}

/** A page's cursor: the last point's bucket, then the hex of each id the points are grouped by. */
function cursorText(row: IcmPointRow): string {
  return [
    String(row.bucket),
    ...[row.source, row.destination].flatMap((id) => (id ? [id.toString('hex')] : [])),
  ].join(':');
}

function cursorOf(text: string, group: IcmGrouping): IcmCursor | undefined {
  if (text === '') return undefined;
  const ids = Number(group.source) + Number(group.destination);
  const match = new RegExp(`^(\\d{1,16})${'(?::([0-9a-f]{64}))'.repeat(ids)}$`).exec(text);
  if (!match) throw field.invalidField('pageToken', 'a cursor this service handed out', text);
  const [, bucket, first, second] = match;
  const id = (hex: string | undefined) => (hex === undefined ? undefined : Buffer.from(hex, 'hex'));
  return {
    bucket: Number(bucket),
    ...(group.source ? { source: id(first) } : {}),
    ...(group.destination ? { destination: id(group.source ? second : first) } : {}),
  };
}

/**
 * The bucket ranges that exactly cover the hours [from, to) (both at hour starts) with the fewest rows to read:
 * hours up to the first day start, days up to the first month start, whole months, then days and hours up to `to`.
 */
export function coveringBuckets(
  from: number,
  to: number,
): { interval: TimeInterval; from: number; to: number }[] {
  const ceil = (interval: TimeInterval, t: number) => {
    const start = bucketStart(interval, t);
    return start === t ? t : nextBucket(interval, start);
  };
  const ranges: { interval: TimeInterval; from: number; to: number }[] = [];
  const add = (interval: TimeInterval, a: number, b: number) => {
    if (a < b) ranges.push({ interval, from: a, to: b });
  };
  const firstDay = ceil('day', from);
  const lastDay = bucketStart('day', to);
  if (firstDay >= lastDay) {
    add('hour', from, to);
    return ranges;
  }
  add('hour', from, firstDay);
  const firstMonth = ceil('month', firstDay);
  const lastMonth = bucketStart('month', lastDay);
  if (firstMonth >= lastMonth) add('day', firstDay, lastDay);
  else {
    add('day', firstDay, firstMonth);
    add('month', firstMonth, lastMonth);
    add('day', lastMonth, lastDay);
  }
  add('hour', lastDay, to);
  return ranges;
}

export function icmHandlers(
  options: MetricsServiceOptions,
): Pick<Handlers, 'GetIcmTimeseries' | 'GetIcmSummary'> {
  const reader = new IcmReader(options.pool);
  return {
    GetIcmTimeseries: async (req) => {
      const { start, end } = field.timeRange(req.start_timestamp, req.end_timestamp);
      const { filter, group, sourceText, destinationText } = selectionOf(req);
      const interval =
        req.time_interval === '' ? 'day' : field.oneOf('timeInterval', req.time_interval, TIME_INTERVALS);
      const pageSize = field.pageSize(req.page_size, MAX_ICM_PAGE_SIZE);
      const after = cursorOf(field.cursor(req.cursor), group);

      const clamp = (t: bigint) => Number(t < MAX_TIME ? t : MAX_TIME);
      const rows = await reader.series({
        ...filter,
        interval,
        group,
        from: start === undefined ? 0 : clamp(start),
        // Buckets starting at or before `end`.
        to: end === undefined ? Number.MAX_SAFE_INTEGER : clamp(end) + 1,
        after,
        limit: pageSize + 1,
      });
      const page = keysetPage(rows, pageSize, cursorText);
      return {
        results: page.items.map((row): ICMMetricsValue => ({
          value: Number(row.messages),
          timestamp: row.bucket,
          srcBlockchainId: row.source ? encodeCb58(row.source) : sourceText,
          destBlockchainId: row.destination ? encodeCb58(row.destination) : destinationText,
        })),
        next_cursor: page.nextCursor,
      };
    },

    GetIcmSummary: async (req) => {
      const { filter, sourceText, destinationText } = selectionOf(req);
      const at = field.optionalInteger('at', req.at, MAX_SUMMARY_AT);
      const windows = rollingWindows(at === undefined ? Math.floor(Date.now() / 1000) : Number(at));
      const segments: IcmSegment[] = windows.flatMap((w, window) =>
        coveringBuckets(w.from, w.to).map((range) => ({ window, ...range })),
      );
      const sums = await reader.sums(filter, segments);
      const result: ICMRollingWindowMetricsValue = {
        ...(Object.fromEntries(windows.map((w, i) => [w.window, Number(sums.get(i) ?? 0n)])) as Record<
          RollingWindow,
          number
        >),
        srcBlockchainId: sourceText,
        destBlockchainId: destinationText,
      };
      return { result };
    },
  };
}
