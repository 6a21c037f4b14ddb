/**
 * The scheduler that shares embedded PostgreSQL's one backend among connections, driven with simple-query protocol
 * messages against a real in-memory PGlite: a connection that goes away mid-transaction is rolled back without
 * wedging the backend (PGlite's own exec would wait forever for the lock the scheduler holds), and one that goes
 * away while its COMMIT is in flight does not take the next connection's transaction with it.
 */
import { PGlite } from '@electric-sql/pglite';
import { expect } from 'chai';
import { simpleQuery, UnitScheduler } from '../../services/embedded-postgres/pglite-scheduler.ts';

/** The text of the first column of every DataRow in a reply. */
function values(reply: Buffer): string[] {
  const found: string[] = [];
  for (let at = 0; at < reply.length;) {
    const type = String.fromCharCode(reply[at]!);
    const length = reply.readInt32BE(at + 1);
    if (type === 'D') {
      const size = reply.readInt32BE(at + 7);
      found.push(reply.subarray(at + 11, at + 11 + size).toString('utf8'));
    }
    at += 1 + length;
  }
  return found;
}

function send(scheduler: UnitScheduler, handler: number, sql: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  return scheduler
    .enqueue(handler, simpleQuery(sql), (data) => chunks.push(data))
    .then(() => Buffer.concat(chunks));
}

describe('embedded PostgreSQL connection scheduler', function () {
  this.timeout(60_000);
  let db: PGlite;

  before(async () => {
    db = await PGlite.create();
  });
  after(async () => {
    await db.close();
  });

  it('keeps a transaction that began while a closed connection was being cleaned up to its own connection', async () => {
    const scheduler = new UnitScheduler(db);
    const [gone, next, other] = [1, 2, 3];
    await send(scheduler, gone, 'BEGIN');
    // The first connection closes while its COMMIT runs; the second has a transaction queued behind it.
    const commit = send(scheduler, gone, 'COMMIT');
    const cleared = scheduler.clearTransactionIfNeeded(gone);
    const begun = send(scheduler, next, 'BEGIN');
    const nextTxid = send(scheduler, next, 'SELECT txid_current()::text');
    await Promise.all([commit, cleared, begun]);
    // A third connection arrives while the second's transaction is open: it must wait for it to end.
    const otherTxid = send(scheduler, other, 'SELECT txid_current()::text');
    const ended = send(scheduler, next, 'COMMIT');
    const [inside, outside] = await Promise.all([nextTxid, otherTxid, ended]);
    expect(values(outside)[0], 'the third connection ran outside the second’s transaction').to.not.equal(
      values(inside)[0],
    );
    expect(db.isInTransaction()).to.equal(false);
  });

  it('rolls back what a connection that went away left open, and serves the others', async () => {
    const scheduler = new UnitScheduler(db);
    await send(scheduler, 10, 'CREATE TABLE IF NOT EXISTS t (n int)');
    await send(scheduler, 11, 'BEGIN');
    await send(scheduler, 11, 'INSERT INTO t VALUES (1)');
    const waiting = send(scheduler, 12, 'SELECT count(*)::text FROM t');
    await scheduler.clearTransactionIfNeeded(11);
    expect(values(await waiting)).to.deep.equal(['0']);
    expect(db.isInTransaction()).to.equal(false);
  });

  // pglite-socket cleans up after a socket that closes or fails without awaiting it: a rejection here would be
  // unhandled and end the process (the embedded-postgres component, or a test run's worker) after a stop.
  it('cleans up after connections that go away once the database is closed without rejecting, and refuses new work', async () => {
    const closing = await PGlite.create();
    const scheduler = new UnitScheduler(closing);
    await send(scheduler, 20, 'BEGIN');
    await closing.close();
    await scheduler.clearTransactionIfNeeded(20);
    const refused = await send(scheduler, 21, 'SELECT 1').then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(refused).to.equal('the database is closed');
  });
});
