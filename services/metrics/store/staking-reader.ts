import type { Pool } from '../../runtime/database/pool.ts';

/** One subnet's day (integers as decimal text, exact). */
export interface StakingDayRow {
  bucket: number;
  validator_count: string;
  validator_weight: string;
  delegator_count: string;
  delegator_weight: string;
}

/** What the staking queries read: the network rolled up, and a page of one subnet's days through the key. */
export class StakingReader {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  /** The network whose P-Chain is rolled up ('mainnet' or 'fuji'); undefined before the first block. */
  async network(): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ network: string }>(
      'SELECT network FROM metrics.staking_cursor WHERE singleton',
    );
    return rows[0]?.network;
  }

  /** A subnet's days from `from` up to (not including) `to`, newest first, at most `limit`. */
  async days(q: { subnetId: Buffer; from: number; to: number; limit: number }): Promise<StakingDayRow[]> {
    const { rows } = await this.pool.query<StakingDayRow>(
      `SELECT day::float8 AS bucket, validator_count::text, validator_weight::text, delegator_count::text,
              delegator_weight::text
         FROM metrics.staking_days
        WHERE subnet_id = $1 AND day >= $2 AND day < $3
        ORDER BY day DESC LIMIT $4`,
      [q.subnetId, q.from, q.to, q.limit],
    );
    return rows;
  }

  /** One key's fee days from `from` up to (not including) `to`, newest first: the day and the value asked for. */
  async feeDays(q: {
    scope: string;
    key: Buffer;
    value: 'fees' | 'cumulative' | 'paying';
    from: number;
    to: number;
  }): Promise<{ bucket: number; value: string }[]> {
    const column = { fees: 'fees', cumulative: 'cumulative', paying: 'paying' }[q.value];
    const { rows } = await this.pool.query<{ bucket: number; value: string }>(
      `SELECT day::float8 AS bucket, ${column}::text AS value FROM metrics.l1_fee_days
        WHERE scope = $1 AND key = $2 AND day >= $3 AND day < $4
        ORDER BY day DESC`,
      [q.scope, q.key, q.from, q.to],
    );
    return rows;
  }
}
