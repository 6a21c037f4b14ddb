import type { Pool } from '../../runtime/database/pool.ts';
import type { TimeInterval } from '../intervals.ts';

/** Which blockchain ids a query's points are per: none (one point per bucket), the source, the destination, both. */
export interface IcmGrouping {
  source: boolean;
  destination: boolean;
}

/** The pairs a query counts: all those of a network (or every network) matching the ids given. */
export interface IcmFilter {
  network?: 'mainnet' | 'testnet' | undefined;
  source?: Buffer | undefined;
  destination?: Buffer | undefined;
}

/** The last point a page gave: the next page continues after it (newest first, then by the grouped ids). */
export interface IcmCursor {
  bucket: number;
  /** Given when the points are grouped by it. */
  source?: Buffer | undefined;
  destination?: Buffer | undefined;
}

export interface IcmSeriesQuery extends IcmFilter {
  interval: TimeInterval;
  group: IcmGrouping;
  /** Buckets starting at or after it (Unix seconds). */
  from: number;
  /** Buckets starting before it. */
  to: number;
  after?: IcmCursor | undefined;
  limit: number;
}

/** One point: a bucket's messages, of one group. */
export interface IcmPointRow {
  bucket: number;
  /** Null when not grouped by it. */
  source: Buffer | null;
  destination: Buffer | null;
  messages: string;
}

/** A range of buckets of one interval, `from` inclusive, `to` exclusive; `window` numbers the window it counts in. */
export interface IcmSegment {
  window: number;
  interval: TimeInterval;
  from: number;
  to: number;
}

const PAIRS = `SELECT p.network, p.src_blockchain_id, p.dest_blockchain_id FROM metrics.icm_pairs p
  WHERE ($1::text IS NULL OR p.network = $1::text)
    AND ($2::bytea IS NULL OR p.src_blockchain_id = $2::bytea)
    AND ($3::bytea IS NULL OR p.dest_blockchain_id = $3::bytea)`;

/**
 * The ICM message counts. Every query walks the pairs its filter selects (metrics.icm_pairs: as many as pairs of
 * chains ever sent a message) and reads, per pair, one index range of metrics.icm_messages bounded by the page (or
 * by a window's buckets): its cost follows the page and the pairs, never the length of the history.
 */
export class IcmReader {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  /**
   * Points newest first, then by the grouped ids (bytes, ascending), after the cursor. A pair's rows each fall in a
   * distinct point, so the first `limit` points take at most `limit` rows of any pair: reading that many per pair,
   * newest first, is enough to sum them exactly.
   */
  async series(q: IcmSeriesQuery): Promise<IcmPointRow[]> {
    const keys = [
      ...(q.group.source ? ['src_blockchain_id'] : []),
      ...(q.group.destination ? ['dest_blockchain_id'] : []),
    ];
    const cursorKeys = [
      ...(q.group.source ? [q.after?.source ?? null] : []),
      ...(q.group.destination ? [q.after?.destination ?? null] : []),
    ];
    // A pair whose grouped ids come after the cursor's in the order still has the cursor's bucket ahead of it.
    const upTo =
      keys.length === 0
        ? '$6::bigint'
        : `CASE WHEN (${keys.map((k) => `p.${k}`).join(', ')}) > (${keys.map((_, i) => `$${8 + i}::bytea`).join(', ')})
             THEN $6::bigint + 1 ELSE $6::bigint END`;
    const grouped = keys.map((k) => `p.${k}`);
    const { rows } = await this.pool.query<IcmPointRow>(
      `WITH pairs AS (${PAIRS})
       SELECT r.bucket::float8 AS bucket,
              ${q.group.source ? 'p.src_blockchain_id' : 'NULL::bytea'} AS source,
              ${q.group.destination ? 'p.dest_blockchain_id' : 'NULL::bytea'} AS destination,
              sum(r.messages)::text AS messages
         FROM pairs p
         CROSS JOIN LATERAL (
           SELECT m.bucket, m.messages FROM metrics.icm_messages m
            WHERE m.network = p.network AND m.src_blockchain_id = p.src_blockchain_id
              AND m.dest_blockchain_id = p.dest_blockchain_id AND m.time_interval = $4
              AND m.bucket >= $5 AND m.bucket < LEAST($7::bigint, ${upTo})
            ORDER BY m.bucket DESC LIMIT $${8 + keys.length}
         ) r
        GROUP BY ${['r.bucket', ...grouped].join(', ')}
        ORDER BY ${['r.bucket DESC', ...grouped].join(', ')}
        LIMIT $${8 + keys.length}`,
      [
        q.network ?? null,
        q.source ?? null,
        q.destination ?? null,
        q.interval,
        q.from,
        // Before the cursor's bucket (or into it, for pairs after the cursor's ids); without a cursor, `to`.
        q.after?.bucket ?? q.to,
        q.to,
        ...cursorKeys,
        q.limit,
      ],
    );
    return rows;
  }

  /** The messages of each window (by its number) over the pairs the filter selects: 0 for a window with none. */
  async sums(filter: IcmFilter, segments: IcmSegment[]): Promise<Map<number, bigint>> {
    const { rows } = await this.pool.query<{ win: number; messages: string }>(
      `WITH pairs AS (${PAIRS})
       SELECT s.win, COALESCE(sum(x.messages), 0)::text AS messages
         FROM unnest($4::int[], $5::text[], $6::bigint[], $7::bigint[]) AS s(win, time_interval, from_bucket, to_bucket)
         CROSS JOIN pairs p
         CROSS JOIN LATERAL (
           SELECT sum(m.messages) AS messages FROM metrics.icm_messages m
            WHERE m.network = p.network AND m.src_blockchain_id = p.src_blockchain_id
              AND m.dest_blockchain_id = p.dest_blockchain_id AND m.time_interval = s.time_interval
              AND m.bucket >= s.from_bucket AND m.bucket < s.to_bucket
         ) x
        GROUP BY s.win`,
      [
        filter.network ?? null,
        filter.source ?? null,
        filter.destination ?? null,
        segments.map((s) => s.window),
        segments.map((s) => s.interval),
        segments.map((s) => s.from),
        segments.map((s) => s.to),
      ],
    );
    const sums = new Map(segments.map((s) => [s.window, 0n]));
    for (const row of rows) sums.set(row.win, BigInt(row.messages));
    return sums;
  }
}
