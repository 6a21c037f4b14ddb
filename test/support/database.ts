import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../services/embedded-postgres/embedded.ts';

/**
 * A fresh, empty PostgreSQL database for one test suite: a new database on the server named by DATABASE_URL when
 * it is set, else an embedded PGlite in a temporary directory.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `chain_data_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: server });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'chain-data-test-db-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, host: '127.0.0.1', port: 0 });
  return {
    url: embedded.url,
    async drop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
