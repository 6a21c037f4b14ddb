import pg from 'pg';

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
  return pool;
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
