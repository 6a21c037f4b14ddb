import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../services/embedded-postgres/embedded.ts';
import { TEST_RUN_DIRECTORY } from './test-run.ts';

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
  await cp(await emptyCluster(), join(dir, 'pgdata'), { recursive: true });
  const embedded = await startEmbeddedPostgres({ dataDir: dir, host: '127.0.0.1', port: 0 });
  return {
    url: embedded.url,
    async drop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let template: Promise<string> | undefined;

/**
 * An initialized, empty embedded cluster (its pgdata directory), made once per test process: each suite's database
 * starts from a copy of it, as PostgreSQL's own template databases do, because PGlite's initdb costs seconds of CPU
 * and a copy milliseconds. It lives in the run's directory, or until this process exits when there is none.
 */
function emptyCluster(): Promise<string> {
  template ??= (async () => {
    const run = process.env[TEST_RUN_DIRECTORY];
    const dir = await mkdtemp(join(run ?? tmpdir(), 'chain-data-test-db-template-'));
    if (!run) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const embedded = await startEmbeddedPostgres({ dataDir: dir, host: '127.0.0.1', port: 0 });
    await embedded.stop();
    return join(dir, 'pgdata');
  })();
  return template;
}
