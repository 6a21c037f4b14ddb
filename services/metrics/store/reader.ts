import type { Pool } from '../../runtime/database/pool.ts';
import type { TimeInterval } from '../intervals.ts';

/** One bucket of metrics.series (integers as decimal text, exact). */
export interface SeriesRow {
  bucket: number;
  tx_count: string;
  gas_used: string;
  fees_paid: string;
  active_addresses: string;
  active_senders: string;
  contracts: string;
  deployers: string;
}

/** One day of metrics.days with the day's series row and the last block time of the scope's day before it. */
export interface DayRow extends SeriesRow {
  gas_price_sum: string;
  max_gas_price: string | null;
  max_tps: number | null;
  max_gps: number | null;
  last_block_time: string;
  /** The last block before the day (the scope's latest earlier day's last block); null on the scope's first day. */
  previous_block_time: string | null;
  cumulative_tx_count: string;
  cumulative_addresses: string;
  cumulative_contracts: string;
  cumulative_deployers: string;
}

export interface RangeQuery {
  scope: string;
  /** Buckets starting at or after it (Unix seconds). */
  from: number;
  /** Buckets starting before it. */
  to: number;
  limit: number;
  newestFirst: boolean;
}

const SERIES_COLUMNS = `s.bucket::float8 AS bucket, s.tx_count::text, s.gas_used::text, s.fees_paid::text,
  s.active_addresses::text, s.active_senders::text, s.contracts::text, s.deployers::text`;

/**
 * The rollups, a range of one scope's buckets at a time: each query reads at most `limit` rows through a primary key
 * (plus one index probe a day for the day before it), whatever the length of the history.
 */
export class RollupReader {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  async series(interval: TimeInterval, q: RangeQuery): Promise<SeriesRow[]> {
    const { rows } = await this.pool.query<SeriesRow>(
      `SELECT ${SERIES_COLUMNS} FROM metrics.series s
        WHERE s.scope = $1 AND s.time_interval = $2 AND s.bucket >= $3 AND s.bucket < $4
        ORDER BY s.bucket ${q.newestFirst ? 'DESC' : 'ASC'} LIMIT $5`,
      [q.scope, interval, q.from, q.to, q.limit],
    );
    return rows;
  }

  async days(q: RangeQuery): Promise<DayRow[]> {
    const { rows } = await this.pool.query<DayRow>(
      `SELECT ${SERIES_COLUMNS}, d.gas_price_sum::text, d.max_gas_price::text, d.max_tps, d.max_gps,
              d.last_block_time::text, p.last_block_time::text AS previous_block_time,
              d.cumulative_tx_count::text, d.cumulative_addresses::text, d.cumulative_contracts::text,
              d.cumulative_deployers::text
         FROM metrics.days d
         JOIN metrics.series s ON s.scope = d.scope AND s.time_interval = 'day' AND s.bucket = d.day
         LEFT JOIN LATERAL (
           SELECT b.last_block_time FROM metrics.days b
            WHERE b.scope = d.scope AND b.day < d.day ORDER BY b.day DESC LIMIT 1
         ) p ON true
        WHERE d.scope = $1 AND d.day >= $2 AND d.day < $3
        ORDER BY d.day ${q.newestFirst ? 'DESC' : 'ASC'} LIMIT $4`,
      [q.scope, q.from, q.to, q.limit],
    );
    return rows;
  }
}
