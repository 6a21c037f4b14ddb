import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, migrationChecksum, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { freePort, rejectionOf, spawnComponent, startComponent } from '../support/processes.ts';

describe('migrations: an applied migration cannot drift', function () {
  let db: TestDatabase;
  let pool: Pool;
  let dir: string;

  before(async function () {
    db = await createTestDatabase();
    pool = createPool(db.url, 'migrations-test', 2);
    dir = await mkdtemp(join(tmpdir(), 'chain-data-migrations-'));
  });

  after(async function () {
    await pool?.end();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('records each checksum, refuses an edited file by name, and applies new files', async function () {
    const first = join(dir, '001_items.sql');
    await writeFile(first, 'CREATE TABLE drift.items (id bigint PRIMARY KEY);\n');
    expect(await migrate(pool, 'drift', await readMigrations(dir))).to.deep.equal([1]);
    const { rows } = await pool.query<{ checksum: string }>(
      'SELECT checksum FROM drift.schema_migrations WHERE version = 1',
    );
    expect(rows[0]!.checksum).to.equal(
      migrationChecksum('CREATE TABLE drift.items (id bigint PRIMARY KEY);\n'),
    );

    await writeFile(first, 'CREATE TABLE drift.items (id bigint PRIMARY KEY, name text);\n');
    const refused = await rejectionOf(migrate(pool, 'drift', await readMigrations(dir)));
    expect(refused.message).to.match(
      /^migration 001_items\.sql of schema drift was edited after it was applied \(applied sha256 [0-9a-f]{64}, the file's now [0-9a-f]{64}\); restore it and ship the change as a new migration file$/,
    );

    // A checkout that turned the line endings into CRLF did not edit it.
    await writeFile(first, 'CREATE TABLE drift.items (id bigint PRIMARY KEY);\r\n');
    await writeFile(join(dir, '002_names.sql'), 'ALTER TABLE drift.items ADD COLUMN name text;\n');
    expect(await migrate(pool, 'drift', await readMigrations(dir))).to.deep.equal([2]);
  });

  it('gives the migrations of a schema migrated before checksums were recorded theirs on first sight', async function () {
    const sql = 'CREATE TABLE legacy.items (id bigint PRIMARY KEY)';
    await pool.query('CREATE SCHEMA legacy');
    await pool.query(sql);
    // The table as versions without checksums created it.
    await pool.query(
      `CREATE TABLE legacy.schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await pool.query(`INSERT INTO legacy.schema_migrations (version, name) VALUES (1, '001_items.sql')`);
    const migration = { version: 1, name: '001_items.sql', sql };
    expect(await migrate(pool, 'legacy', [migration])).to.deep.equal([]);
    const { rows } = await pool.query<{ checksum: string }>('SELECT checksum FROM legacy.schema_migrations');
    expect(rows[0]!.checksum).to.equal(migrationChecksum(sql));
    const refused = await rejectionOf(migrate(pool, 'legacy', [{ ...migration, sql: `${sql};` }]));
    expect(refused.message).to.contain(
      'migration 001_items.sql of schema legacy was edited after it was applied',
    );
  });

  it('keeps a component from starting when one of its applied migrations was edited, naming the file', async function () {
    this.timeout(60_000);
    const env = {
      DATABASE_URL: db.url,
      INDEX_ENABLED: 'false',
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
    };
    // Started once, so its migrations are applied; then the record of the first one no longer matches its file.
    const clean = await startComponent('container-indexer', env);
    expect(await clean.stop()).to.equal(0);
    await pool.query(
      `UPDATE container_indexer.schema_migrations SET checksum = repeat('0', 64) WHERE version = 1`,
    );
    const edited = spawnComponent('container-indexer', {
      ...env,
      OPS_HOST: '127.0.0.1',
      OPS_PORT: String(await freePort()),
    });
    const code = await edited.exited;
    expect(code).to.not.equal(0);
    expect(edited.output()).to.match(
      /migration 001_[a-z0-9_]+\.sql of schema container_indexer was edited after it was applied/,
    );
  });
});
