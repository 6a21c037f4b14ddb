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

/** A followed chain as metrics.chains holds it. */
export interface ChainRow {
  evm_chain_id: string;
  network: 'mainnet' | 'testnet';
  blockchain_id: string;
  chain_name: string;
  subnet_id: string;
}

/**
 * Which day rows have a value of a day-only metric (metric-values.ts says why the others have none): the condition
 * on the row (d: metrics.days, s: its series row, p: the day before it).
 */
export type DayRowsWith = 'previous_day' | 'max_tps' | 'max_gps' | 'gas_price';
const DAY_ROWS_WITH: Record<DayRowsWith, string> = {
  previous_day: 'p.last_block_time IS NOT NULL AND d.last_block_time > p.last_block_time',
  max_tps: 'd.max_tps IS NOT NULL',
  max_gps: 'd.max_gps IS NOT NULL',
  gas_price: 's.tx_count > 0',
};

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

  /** Followed chains after `afterChainId` (a decimal EVM chain id), by EVM chain id, of one network or all. */
  async chains(q: { afterChainId?: string; network?: string; limit: number }): Promise<ChainRow[]> {
    const { rows } = await this.pool.query<ChainRow>(
      `SELECT c.evm_chain_id::text, c.network, c.blockchain_id, c.chain_name, c.subnet_id FROM metrics.chains c
        WHERE ($1::numeric IS NULL OR c.evm_chain_id > $1::numeric) AND ($2::text IS NULL OR c.network = $2::text)
        ORDER BY c.evm_chain_id LIMIT $3`,
      [q.afterChainId ?? null, q.network ?? null, q.limit],
    );
    return rows;
  }

  async chain(evmChainId: string): Promise<ChainRow | undefined> {
    const { rows } = await this.pool.query<ChainRow>(
      `SELECT evm_chain_id::text, network, blockchain_id, chain_name, subnet_id FROM metrics.chains
        WHERE evm_chain_id = $1::numeric`,
      [evmChainId],
    );
    return rows[0];
  }

  /** Day rows, of only those with a value of a metric when `having` says which. */
  async days(q: RangeQuery & { having?: DayRowsWith }): Promise<DayRow[]> {
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
        WHERE d.scope = $1 AND d.day >= $2 AND d.day < $3${q.having ? ` AND ${DAY_ROWS_WITH[q.having]}` : ''}
        ORDER BY d.day ${q.newestFirst ? 'DESC' : 'ASC'} LIMIT $4`,
      [q.scope, q.from, q.to, q.limit],
    );
    return rows;
  }
}
