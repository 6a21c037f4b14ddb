import pg from 'pg';
import { processMetrics, sampleInto } from '../telemetry/metrics.ts';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

// int8 columns hold uint64 indexes and unix nanoseconds: keep them exact as strings, never as lossy numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/** Bytes as node-postgres sends them as a bytea parameter (a Buffer over the same memory, no copy). */
export function bytea(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** An optional integer as a numeric parameter: its decimal text (exact for bigints), or NULL. */
export function integerOrNull(n: bigint | number | undefined): string | null {
  return n === undefined ? null : n.toString();
}

export function createPool(databaseUrl: string, applicationName: string, max = 10): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, application_name: applicationName, max });
  // An idle client losing its server is reported here; the pool drops it and the next query reconnects.
  pool.on('error', () => {});
  watchPool(pool, applicationName, max);
  return pool;
}

/**
 * `chain_data_db_pool_connections{pool,state}` and `chain_data_db_pool_max{pool}`, read from the pool at scrape.
 * Pools of one name (a test's, or one rebuilt) add up; a pool that was ended leaves the metrics at its next scrape.
 */
function watchPool(pool: pg.Pool, name: string, max: number): void {
  const registry = processMetrics();
  const connections = { pool: name, state: 'total' };
  const idle = { pool: name, state: 'idle' };
  const waiting = { pool: name, state: 'waiting' };
  const labels = { pool: name };
  const removals: (() => void)[] = [];
  const gone = () => {
    if (!pool.ending) return false;
    for (const remove of removals) remove();
    return true;
  };
  removals.push(
    sampleInto(
      registry,
      {
        name: 'chain_data_db_pool_connections',
        help: 'PostgreSQL connections of the pool: open (total), idle, and queries waiting for one (waiting)',
        labelNames: ['pool', 'state'],
        reset: true,
      },
      (gauge) => {
        if (gone()) return;
        gauge.inc(connections, pool.totalCount);
        gauge.inc(idle, pool.idleCount);
        gauge.inc(waiting, pool.waitingCount);
      },
    ).remove,
    sampleInto(
      registry,
      {
        name: 'chain_data_db_pool_max',
        help: 'The most connections the pool opens',
        labelNames: ['pool'],
        reset: true,
      },
      (gauge) => {
        if (!gone()) gauge.inc(labels, max);
      },
    ).remove,
  );
}

const embeddedChecks = new WeakMap<pg.Pool, Promise<boolean | undefined>>();

/**
 * Whether the pool's database is embedded PostgreSQL (PGlite), asked once per pool with `SELECT version()`; undefined
 * when the question failed (asked again next time). PGlite serves every connection from one backend and ignores
 * statement timeouts, and a statement one connection prepared by name exists for all of them, so named (prepared)
 * statements, which node-postgres tracks per connection, are for a PostgreSQL server only.
 */
export function isEmbeddedPostgres(pool: pg.Pool): Promise<boolean | undefined> {
  let check = embeddedChecks.get(pool);
  if (check === undefined) {
    check = pool.query<{ version: string }>('SELECT version()').then(
      ({ rows }) => /PGlite/.test(rows[0]?.version ?? ''),
      () => {
        embeddedChecks.delete(pool);
        return undefined;
      },
    );
    embeddedChecks.set(pool, check);
  }
  return check;
}

/**
 * Runs `work` in one transaction. Callers must not await network calls inside it: with embedded PostgreSQL every
 * transaction of every connection runs on one backend, one after another.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
