import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { DomainError } from '../errors.ts';
import { isEmbeddedPostgres } from '../database/pool.ts';

/**
 * The gRPC call a piece of work is done for. A service stops working for a caller that has given up (its deadline
 * passed, or it cancelled): the queries it runs for the call go through `callBoundPool`, which starts none once the
 * call is over and lets none outlive the call's deadline.
 *
 * How a running statement is stopped depends on the server. PostgreSQL honours `statement_timeout`, set for each
 * query from the time the call has left. Embedded PostgreSQL (PGlite) has no timers and ignores both
 * statement_timeout and cancel requests (measured with pglite 0.5 / pglite-socket 0.2): there a statement runs to
 * its end, which the services bound by capping page sizes and list lengths, and the call stops before its next one.
 */
export interface CallScope {
  signal: AbortSignal;
  /** Unix milliseconds; Infinity when the caller set no deadline. */
  deadline: number;
}

const scopes = new AsyncLocalStorage<CallScope>();

export function runInCallScope<T>(scope: CallScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** What the work of a call that is over fails with; its caller has its status already and never sees this. */
export function callOver(): DomainError {
  return new DomainError('deadline_exceeded', 'the call was cancelled or its deadline passed');
}

/** The part of a pool the readers use. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

/** PostgreSQL's query_canceled, what an expired statement_timeout raises. */
const QUERY_CANCELED = '57014';

/**
 * A pool whose queries, inside a call scope, honour the call: none starts after the call is over, and each runs
 * under a statement_timeout of the time the call has left. Outside a call scope (background work) it is the pool.
 */
export function callBoundPool(pool: pg.Pool | Queryable): Queryable {
  if (!('connect' in pool)) return pool;
  // Setting a timeout costs two round trips a query; on a server that ignores it they buy nothing.
  const honoursTimeouts = async () => (await isEmbeddedPostgres(pool)) !== true;
  return {
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
      const scope = scopes.getStore();
      if (scope?.signal.aborted) throw callOver();
      if (!scope || scope.deadline === Infinity || !(await honoursTimeouts()))
        return pool.query<R>(text, values);
      return queryWithin<R>(pool, scope, text, values);
    },
  };
}

async function queryWithin<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  scope: CallScope,
  text: string,
  values: unknown[] | undefined,
): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let timed = false;
  try {
    const leftMs = Math.ceil(scope.deadline - Date.now());
    if (scope.signal.aborted || leftMs <= 0) throw callOver();
    await client.query(`SET statement_timeout = ${leftMs}`);
    timed = true;
    return await client.query<R>(text, values);
  } catch (err) {
    if ((err as { code?: unknown }).code === QUERY_CANCELED) throw callOver();
    throw err;
  } finally {
    // The connection goes back to work that has no deadline of its own.
    const reset = timed ? client.query('SET statement_timeout = DEFAULT').then(() => undefined) : undefined;
    if (reset)
      await reset.then(
        () => client.release(),
        (err: Error) => client.release(err),
      );
    else client.release();
  }
}
