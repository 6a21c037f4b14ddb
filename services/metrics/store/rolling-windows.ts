import type { Pool } from '../../runtime/database/pool.ts';
import { windowSpans, type Range } from '../rolling-windows.ts';

/** The additive facts, maxima and last block of one rolling window of a scope (integers as exact decimal text). */
export interface WindowFacts {
  tx_count: string;
  gas_used: string;
  fees_paid: string;
  contracts: string;
  gas_price_sum: string;
  max_gas_price: string | null;
  max_tps: number | null;
  max_gps: number | null;
  /** The window's last block; null when it has none. */
  last_block_time: string | null;
}

/** What a distinct count of a window counts, and its kind in metrics.bucket_members and metrics.first_seen. */
export type DistinctKind = 'address' | 'sender' | 'deployer';
const MEMBER_KIND_OF: Record<DistinctKind, number> = { address: 1, sender: 2, deployer: 3 };

/** Every part of a window's facts names its columns alike: a UNION takes the first part's names. */
const HOUR_FACTS = (from: string, to: string): string =>
  `SELECT s.tx_count::numeric AS tx_count, s.gas_used, s.fees_paid, s.contracts::numeric AS contracts,
          h.gas_price_sum, h.max_gas_price, h.max_tps, h.max_gps, h.last_block_time
     FROM metrics.hours h
     JOIN metrics.series s ON s.scope = h.scope AND s.time_interval = 'hour' AND s.bucket = h.hour
    WHERE h.scope = $1 AND h.hour >= ${from} AND h.hour < ${to}`;

const DAY_FACTS = (from: string, to: string): string =>
  `SELECT s.tx_count::numeric AS tx_count, s.gas_used, s.fees_paid, s.contracts::numeric AS contracts,
          d.gas_price_sum, d.max_gas_price, d.max_tps, d.max_gps, d.last_block_time
     FROM metrics.days d
     JOIN metrics.series s ON s.scope = d.scope AND s.time_interval = 'day' AND s.bucket = d.day
    WHERE d.scope = $1 AND d.day >= ${from} AND d.day < ${to}`;

/** Everything before `to` (a day): the running totals and maxima of the scope's last day before it. */
const TOTALS_BEFORE = (to: string): string =>
  `(SELECT d.cumulative_tx_count::numeric AS tx_count, d.cumulative_gas_used AS gas_used,
           d.cumulative_fees_paid AS fees_paid, d.cumulative_contracts::numeric AS contracts,
           d.cumulative_gas_price_sum AS gas_price_sum, d.cumulative_max_gas_price AS max_gas_price,
           d.cumulative_max_tps AS max_tps, d.cumulative_max_gps AS max_gps, d.last_block_time
      FROM metrics.days d WHERE d.scope = $1 AND d.day < ${to} ORDER BY d.day DESC LIMIT 1)`;

/** Numbers the parts' placeholders ($S is $1, each part's own values follow). */
function assembled(parts: ((p: (value: number) => string) => string)[]): { sql: string[]; values: number[] } {
  const values: number[] = [];
  const placeholder = (value: number) => {
    values.push(value);
    return `$${values.length + 1}`;
  };
  return { sql: parts.map((part) => part(placeholder)), values };
}

/**
 * The rollups of rolling windows: a window reads its whole days from the day rows and the hours at its edges from
 * the hour rows (at most 365 days and 46 hours for a year), and a window from the epoch (all time) the running
 * totals of the day before its last day plus that day's hours: no query's cost grows with the history.
 */
export class RollingWindowStore {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  async facts(scope: string, window: Range): Promise<WindowFacts> {
    const spans = windowSpans(window);
    const { sql, values } = assembled([
      ...spans.hours.map((r) => (p: (v: number) => string) => HOUR_FACTS(p(r.from), p(r.to))),
      ...(spans.days === undefined
        ? []
        : spans.days.from === 0
          ? [(p: (v: number) => string) => TOTALS_BEFORE(p(spans.days!.to))]
          : [(p: (v: number) => string) => DAY_FACTS(p(spans.days!.from), p(spans.days!.to))]),
    ]);
    if (sql.length === 0) return NO_FACTS;
    const { rows } = await this.pool.query<WindowFacts>(
      `SELECT COALESCE(sum(tx_count), 0)::text AS tx_count, COALESCE(sum(gas_used), 0)::text AS gas_used,
              COALESCE(sum(fees_paid), 0)::text AS fees_paid, COALESCE(sum(contracts), 0)::text AS contracts,
              COALESCE(sum(gas_price_sum), 0)::text AS gas_price_sum, max(max_gas_price)::text AS max_gas_price,
              max(max_tps) AS max_tps, max(max_gps) AS max_gps, max(last_block_time)::text AS last_block_time
         FROM (${sql.join('\nUNION ALL\n')}) AS parts`,
      [scope, ...values],
    );
    return rows[0] ?? NO_FACTS;
  }

  /**
   * Distinct members of a kind over a window: those of its day and hour buckets, counted once. From the epoch, the
   * running distinct count of the day before its last day plus the members of that day's hours first seen then.
   */
  async distinct(scope: string, kind: DistinctKind, window: Range): Promise<number> {
    const spans = windowSpans(window);
    const k = MEMBER_KIND_OF[kind];
    const totals = spans.days?.from === 0 && kind !== 'sender';
    const buckets = (interval: 'hour' | 'day', r: Range) => (p: (v: number) => string) =>
      `SELECT address FROM metrics.bucket_members
        WHERE scope = $1 AND time_interval = '${interval}' AND bucket >= ${p(r.from)} AND bucket < ${p(r.to)}
          AND kind = ${k}`;
    if (!totals) {
      const { sql, values } = assembled([
        ...spans.hours.map((r) => buckets('hour', r)),
        ...(spans.days ? [buckets('day', spans.days)] : []),
      ]);
      if (sql.length === 0) return 0;
      const { rows } = await this.pool.query<{ n: string }>(
        `SELECT count(DISTINCT address)::text AS n FROM (${sql.join('\nUNION ALL\n')}) AS members`,
        [scope, ...values],
      );
      return Number(rows[0]!.n);
    }
    const dayTo = spans.days!.to;
    const column = kind === 'address' ? 'cumulative_addresses' : 'cumulative_deployers';
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT (COALESCE((SELECT ${column} FROM metrics.days WHERE scope = $1 AND day < $2 ORDER BY day DESC LIMIT 1),
                        0)
               + (SELECT count(DISTINCT m.address)
                    FROM metrics.bucket_members m
                    JOIN metrics.first_seen f ON f.scope = m.scope AND f.kind = m.kind AND f.address = m.address
                   WHERE m.scope = $1 AND m.time_interval = 'hour' AND m.bucket >= $2 AND m.bucket < $3
                     AND m.kind = ${k} AND f.first_day >= $2))::text AS n`,
      [scope, dayTo, window.to],
    );
    return Number(rows[0]!.n);
  }

  /** The scope's last block before `t` (an hour start), through the hour rows' key; undefined when none. */
  async lastBlockBefore(scope: string, t: number): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ t: string }>(
      `SELECT last_block_time::text AS t FROM metrics.hours WHERE scope = $1 AND hour < $2
        ORDER BY hour DESC LIMIT 1`,
      [scope, t],
    );
    return rows[0] === undefined ? undefined : Number(rows[0].t);
  }

  /** The scope's first block; undefined when it has none. */
  async firstBlock(scope: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ t: string }>(
      `SELECT first_block_time::text AS t FROM metrics.hours WHERE scope = $1 ORDER BY hour ASC LIMIT 1`,
      [scope],
    );
    return rows[0] === undefined ? undefined : Number(rows[0].t);
  }

  /** When the scope's chains were last rolled up (Unix seconds); undefined when none has been. */
  async lastRun(scope: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ at: string | null }>(
      `SELECT max(r.rolled_up_at)::text AS at
         FROM metrics.refreshes r JOIN metrics.chains c ON c.evm_chain_id = r.evm_chain_id
        WHERE $1 = 'total' OR c.network = $1 OR c.evm_chain_id::text = $1`,
      [scope],
    );
    return rows[0]?.at == null ? undefined : Number(rows[0].at);
  }

  /** A page token's scope and last day, if it exists and is younger than `maxAgeSeconds`. */
  async pageToken(
    token: string,
    maxAgeSeconds: number,
  ): Promise<{ scope: string; lastDay: number } | undefined> {
    const { rows } = await this.pool.query<{ scope: string; last_day: string }>(
      `SELECT scope, last_day::text FROM metrics.page_tokens
        WHERE token = $1 AND created_at > now() - make_interval(secs => $2)`,
      [token, maxAgeSeconds],
    );
    return rows[0] === undefined ? undefined : { scope: rows[0].scope, lastDay: Number(rows[0].last_day) };
  }

  /** Stores a new page token (a random UUID) and prunes those older than `maxAgeSeconds`. */
  async issuePageToken(scope: string, lastDay: number, maxAgeSeconds: number): Promise<string> {
    await this.pool.query(
      `DELETE FROM metrics.page_tokens WHERE created_at <= now() - make_interval(secs => $1)`,
      [maxAgeSeconds],
    );
    const { rows } = await this.pool.query<{ token: string }>(
      `INSERT INTO metrics.page_tokens (token, scope, last_day) VALUES (gen_random_uuid(), $1, $2)
       RETURNING token::text`,
      [scope, lastDay],
    );
    return rows[0]!.token;
  }
}

const NO_FACTS: WindowFacts = {
  tx_count: '0',
  gas_used: '0',
  fees_paid: '0',
  contracts: '0',
  gas_price_sum: '0',
  max_gas_price: null,
  max_tps: null,
  max_gps: null,
  last_block_time: null,
};
