import { inTransaction, isEmbeddedPostgres, type Pool } from '../../runtime/database/pool.ts';
import type pg from 'pg';
import type { IndexName } from '../../runtime/avalanche/index-names.ts';
import { CursorMovedError } from '../../runtime/follow/follow-loop.ts';

export interface StoredContainer {
  index: bigint;
  id: Uint8Array;
  bytes: Uint8Array;
  acceptedAtUnixNano: bigint;
}

export interface IndexState {
  nextIndex: bigint;
  previouslyIndexed: boolean;
  incomplete: boolean;
}

interface ContainerRow {
  idx: string;
  id: Buffer;
  bytes: Buffer;
  accepted_at_unix_nano: string;
}

const COLUMNS = 'idx, id, bytes, accepted_at_unix_nano';
const BY_INDEX = `SELECT ${COLUMNS} FROM container_indexer.containers WHERE index_name = $1 AND idx = $2`;
const BY_ID = `SELECT ${COLUMNS} FROM container_indexer.containers WHERE index_name = $1 AND id = $2`;
// One statement for a batch of lookups, served by the same indexes as BY_INDEX and BY_ID (one probe per value).
const BY_INDEXES = `SELECT ${COLUMNS} FROM container_indexer.containers
  WHERE index_name = $1 AND idx = ANY($2::bigint[]) ORDER BY idx`;
const BY_IDS = `SELECT ${COLUMNS} FROM container_indexer.containers
  WHERE index_name = $1 AND id = ANY($2::bytea[]) ORDER BY idx`;

function toContainer(row: ContainerRow): StoredContainer {
  return {
    index: BigInt(row.idx),
    id: row.id,
    bytes: row.bytes,
    acceptedAtUnixNano: BigInt(row.accepted_at_unix_nano),
  };
}

/**
 * The container indexer's tables (schema container_indexer). The stored part of an index is always the contiguous
 * range [0, next_index): containers and the cursor move together in one transaction.
 */
export class ContainerStore {
  private readonly pool: Pool;
  /** Whether the lookups run as named (prepared) statements: on a PostgreSQL server, once that is known. */
  private prepared = false;

  constructor(pool: Pool) {
    this.pool = pool;
    void isEmbeddedPostgres(pool).then((embedded) => (this.prepared = embedded === false));
  }

  /**
   * A lookup every Index API call makes, prepared once per connection where the server keeps statements per
   * connection: it is then parsed and planned once, not on every call.
   */
  private lookup(name: string, text: string, values: unknown[]): pg.QueryConfig {
    return this.prepared ? { name, text, values } : { text, values };
  }

  async state(indexName: IndexName): Promise<IndexState> {
    const { rows } = await this.pool.query<{
      next_index: string;
      previously_indexed: boolean;
      incomplete: boolean;
    }>(
      'SELECT next_index, previously_indexed, incomplete FROM container_indexer.indexes WHERE index_name = $1',
      [indexName],
    );
    const row = rows[0];
    if (!row) return { nextIndex: 0n, previouslyIndexed: false, incomplete: false };
    return {
      nextIndex: BigInt(row.next_index),
      previouslyIndexed: row.previously_indexed,
      incomplete: row.incomplete,
    };
  }

  /** Whether this indexer has started on this database before (with any configuration). */
  async hasRunBefore(): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM container_indexer.indexes LIMIT 1');
    return rows.length > 0;
  }

  async setFlags(
    indexName: IndexName,
    flags: { previouslyIndexed?: boolean; incomplete?: boolean },
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO container_indexer.indexes (index_name, previously_indexed, incomplete)
       VALUES ($1, coalesce($2, false), coalesce($3, false))
       ON CONFLICT (index_name) DO UPDATE SET
         previously_indexed = coalesce($2, indexes.previously_indexed),
         incomplete = coalesce($3, indexes.incomplete),
         updated_at = now()`,
      [indexName, flags.previouslyIndexed ?? null, flags.incomplete ?? null],
    );
  }

  /**
   * Appends containers `expectedNext, expectedNext+1, …` to an index and moves its cursor past them, atomically.
   * Fails with CursorMovedError, writing nothing, when the cursor is no longer at `expectedNext`.
   */
  async append(indexName: IndexName, expectedNext: bigint, containers: StoredContainer[]): Promise<void> {
    containers.forEach((c, i) => {
      if (c.index !== expectedNext + BigInt(i))
        throw new Error(`container ${c.index} is out of sequence at ${expectedNext + BigInt(i)}`);
    });
    await inTransaction(this.pool, async (client) => {
      await client.query(
        'INSERT INTO container_indexer.indexes (index_name) VALUES ($1) ON CONFLICT (index_name) DO NOTHING',
        [indexName],
      );
      const { rows } = await client.query<{ next_index: string }>(
        'SELECT next_index FROM container_indexer.indexes WHERE index_name = $1 FOR UPDATE',
        [indexName],
      );
      const current = BigInt(rows[0]!.next_index);
      if (current !== expectedNext)
        throw new CursorMovedError(`${indexName}: cursor is at ${current}, not ${expectedNext}`);
      await client.query(
        `INSERT INTO container_indexer.containers (index_name, idx, id, bytes, accepted_at_unix_nano)
         SELECT $1, * FROM unnest($2::bigint[], $3::bytea[], $4::bytea[], $5::bigint[])`,
        [
          indexName,
          containers.map((c) => c.index.toString()),
          containers.map((c) => Buffer.from(c.id)),
          containers.map((c) => Buffer.from(c.bytes)),
          containers.map((c) => c.acceptedAtUnixNano.toString()),
        ],
      );
      await client.query(
        'UPDATE container_indexer.indexes SET next_index = $2, updated_at = now() WHERE index_name = $1',
        [indexName, (expectedNext + BigInt(containers.length)).toString()],
      );
    });
  }

  async byIndex(indexName: IndexName, index: bigint): Promise<StoredContainer | undefined> {
    const { rows } = await this.pool.query<ContainerRow>(
      this.lookup('container_indexer.by_index', BY_INDEX, [indexName, index.toString()]),
    );
    return rows[0] && toContainer(rows[0]);
  }

  async byId(indexName: IndexName, id: Uint8Array): Promise<StoredContainer | undefined> {
    const { rows } = await this.pool.query<ContainerRow>(
      this.lookup('container_indexer.by_id', BY_ID, [indexName, Buffer.from(id)]),
    );
    return rows[0] && toContainer(rows[0]);
  }

  /** The stored containers at any of `indexes` (each once), in index order; an index with none is left out. */
  async byIndexes(indexName: IndexName, indexes: readonly bigint[]): Promise<StoredContainer[]> {
    const { rows } = await this.pool.query<ContainerRow>(
      this.lookup('container_indexer.by_indexes', BY_INDEXES, [
        indexName,
        indexes.map((index) => index.toString()),
      ]),
    );
    return rows.map(toContainer);
  }

  /** The stored containers with any of `ids` (each once), in index order; an id not stored is left out. */
  async byIds(indexName: IndexName, ids: readonly Uint8Array[]): Promise<StoredContainer[]> {
    const { rows } = await this.pool.query<ContainerRow>(
      this.lookup('container_indexer.by_ids', BY_IDS, [indexName, ids.map((id) => Buffer.from(id))]),
    );
    return rows.map(toContainer);
  }

  /** Containers with start <= index < end, in index order. */
  async range(indexName: IndexName, start: bigint, end: bigint): Promise<StoredContainer[]> {
    const { rows } = await this.pool.query<ContainerRow>(
      `SELECT ${COLUMNS} FROM container_indexer.containers
       WHERE index_name = $1 AND idx >= $2 AND idx < $3 ORDER BY idx`,
      [indexName, start.toString(), end.toString()],
    );
    return rows.map(toContainer);
  }
}
