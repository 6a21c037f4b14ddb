import { expect } from 'chai';
import type pg from 'pg';

export interface RecordedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A pool for a service's reader that records every query it issues (then runs it), so a test can EXPLAIN exactly
 * the SQL the reader sends rather than a copy of it.
 */
export function recordingPool(pool: pg.Pool): { pool: pg.Pool; recorded: RecordedQuery[] } {
  const recorded: RecordedQuery[] = [];
  const recording = {
    query: (sql: string, params: unknown[] = []) => {
      recorded.push({ sql, params });
      return pool.query(sql, params);
    },
  } as unknown as pg.Pool;
  return { pool: recording, recorded };
}

/**
 * Asserts no query's plan reads a table by sequential scan while sequential scans are disabled: each is served by
 * an index. `control` must be a query no index can serve; seeing its scan proves the check itself works.
 */
export async function expectServedByIndexes(
  pool: pg.Pool,
  queries: RecordedQuery[],
  control: string,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET enable_seqscan = off');
    const seqScans = async (sql: string, params: unknown[]) => {
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return (
        JSON.stringify(rows[0]!['QUERY PLAN']).match(
          /"Node Type":"Seq Scan","[^}]*?"Relation Name":"[a-z_]+"/g,
        ) ?? []
      );
    };
    expect(await seqScans(control, [])).to.have.length(1);
    for (const { sql, params } of queries) expect(await seqScans(sql, params), sql).to.deep.equal([]);
  } finally {
    await client.query('RESET enable_seqscan').catch(() => {});
    client.release();
  }
}
