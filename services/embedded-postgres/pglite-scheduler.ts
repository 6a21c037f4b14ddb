import type { PGlite } from '@electric-sql/pglite';

/**
 * Schedules the protocol messages of many client connections onto PGlite's single backend.
 *
 * pglite-socket's own queue interleaves connections message by message. With the extended query protocol
 * (Parse/Bind/Execute/Sync, which `pg` uses for every parameterised query) that lets one connection's Bind replace
 * another's unnamed portal, so a query can silently return another query's rows. This scheduler gives the backend
 * to one connection at a time for a whole unit of work: from its first message up to a Sync or simple Query, and
 * for as long as that connection holds a transaction open. Messages of one connection keep their order.
 */
interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: Error) => void;
}

const PROTOCOL_VERSION_3 = 196608;

/** A simple-query protocol message: 'Q', its int32 length, the SQL and a NUL. */
export function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

const ROLLBACK = simpleQuery('ROLLBACK');

/** A message after which the backend may be handed to another connection (if no transaction is open). */
function endsUnit(message: Uint8Array): boolean {
  const type = String.fromCharCode(message[0]!);
  if (type === 'S' || type === 'Q' || type === 'X') return true;
  // The startup packet has no type byte: int32 length, then int32 protocol version.
  return (
    message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === PROTOCOL_VERSION_3
  );
}

export class UnitScheduler {
  private readonly db: PGlite;
  private readonly queue: Pending[] = [];
  private owner: number | null = null;
  private processing = false;

  constructor(db: PGlite) {
    this.db = db;
  }

  /** The interface PGLiteSocketHandler calls for every complete message it reads. */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.db.closed) return reject(new Error('the database is closed'));
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.handlerId === handlerId)
        this.queue.splice(i, 1)[0]!.reject(new Error('Handler disconnected'));
    }
  }

  /**
   * A connection went away: undo what it left open and free the backend. Never rejects: pglite-socket calls this
   * without awaiting it when a socket closes or fails, so a rejection would be unhandled and end the process; and
   * once the database is closed there is nothing left to undo.
   */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    try {
      await this.rollBackFor(handlerId);
    } catch (err) {
      if (!this.db.closed) throw err;
    }
  }

  private async rollBackFor(handlerId: number): Promise<void> {
    if (this.owner !== handlerId || this.db.closed) return;
    await this.db.runExclusive(async () => {
      // Asked again once the backend is ours: while this waited, the connection's last unit may have ended (a
      // COMMIT in flight when it closed) and another connection's begun. Rolling back or freeing then would undo
      // or expose the other's transaction, and let a third connection's statements run inside it.
      if (this.owner !== handlerId) return;
      // As a protocol message: PGlite's exec takes the lock this already holds, and would wait for it forever.
      if (this.db.isInTransaction()) await this.db.execProtocolRawStream(ROLLBACK, { onRawData: () => {} });
      this.owner = null;
    });
    await this.process();
  }

  private next(): Pending | undefined {
    const index = this.owner === null ? 0 : this.queue.findIndex((p) => p.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let pending = this.next(); pending; pending = this.next()) {
        if (this.db.closed) {
          pending.reject(new Error('the database is closed'));
          continue;
        }
        this.owner = pending.handlerId;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(pending.message, {
              onRawData: (data) => {
                bytes += data.length;
                pending.onData(data);
              },
            }),
          );
          pending.resolve(bytes);
        } catch (err) {
          pending.reject(err as Error);
        }
        // Asked only of an open database: a closed one has no module left to ask, and no transaction.
        if (endsUnit(pending.message) && (this.db.closed || !this.db.isInTransaction())) this.owner = null;
      }
    } finally {
      this.processing = false;
    }
  }
}
