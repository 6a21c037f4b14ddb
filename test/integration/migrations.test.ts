import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, migrationChecksum, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { MIGRATIONS_DIR as PRIMARY_NETWORK_MIGRATIONS } from '../../services/primary-network/main.ts';
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

  it('primary-network 002: a projection written with formatted text is emptied, so it replays into facts', async function () {
    const all = await readMigrations(PRIMARY_NETWORK_MIGRATIONS);
    expect(await migrate(pool, 'primary_network', all.slice(0, 1))).to.deep.equal([1]);
    // What 001's projection wrote: a block with its formatted proposer, a transaction with formatted details.
    await pool.query(
      `INSERT INTO primary_network.cursors (index_name, next_index) VALUES ('P/block', 42), ('X/block', 7)`,
    );
    await pool.query(
      `INSERT INTO primary_network.blocks (chain, height, id, parent_id, block_timestamp, block_type, size_bytes,
         tx_ids, proposer)
       VALUES ('P', 1, '\\x01', '\\x00', 1, 'BanffStandardBlock', 10, '{}',
         '{"proposerId": "2Jq…", "proposerNodeId": "NodeID-…"}')`,
    );
    await pool.query(
      `INSERT INTO primary_network.transactions (chain, id, seq, tx_type, block_height, block_id, block_timestamp,
         details)
       VALUES ('P', '\\x02', 65536, 'BaseTx', 1, '\\x01', 1, '{"nodeId": "NodeID-…", "memo": "0x"}')`,
    );
    expect(await migrate(pool, 'primary_network', all.slice(0, 2))).to.deep.equal([2]);
    const count = async (table: string) =>
      Number(
        (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM primary_network.${table}`)).rows[0]!.n,
      );
    for (const table of ['cursors', 'blocks', 'transactions']) expect(await count(table), table).to.equal(0);
    const { rows } = await pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'primary_network' AND table_name = 'blocks' AND column_name LIKE 'proposer%'
       ORDER BY column_name`,
    );
    expect(rows.map((r) => r.column_name)).to.deep.equal([
      'proposer_id',
      'proposer_node_id',
      'proposer_p_chain_height',
      'proposer_parent_id',
      'proposer_timestamp',
    ]);
  });

  it('primary-network 003: a projection holding weight changes without their nonces replays; one without keeps its rows', async function () {
    const all = await readMigrations(PRIMARY_NETWORK_MIGRATIONS);
    const count = async (table: string) =>
      Number(
        (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM primary_network.${table}`)).rows[0]!.n,
      );
    for (const [txType, left] of [
      ['RegisterL1ValidatorTx', 1],
      ['SetL1ValidatorWeightTx', 0],
    ] as const) {
      // Each case starts from an empty schema (the migrations record themselves inside it).
      await pool.query('DROP SCHEMA IF EXISTS primary_network CASCADE');
      expect(await migrate(pool, 'primary_network', all.slice(0, 2))).to.deep.equal([1, 2]);
      await pool.query(`INSERT INTO primary_network.cursors (index_name, next_index) VALUES ('P/block', 42)`);
      await pool.query(
        `INSERT INTO primary_network.transactions (chain, id, seq, tx_type, block_height, block_id, block_timestamp,
           details)
         VALUES ('P', '\\x02', 65536, $1, 1, '\\x01', 1, '{"l1Validators": [{"weight": "150"}]}')`,
        [txType],
      );
      expect(await migrate(pool, 'primary_network', all.slice(0, 3))).to.deep.equal([3]);
      for (const table of ['cursors', 'transactions'])
        expect(await count(table), `${txType}: ${table}`).to.equal(left);
    }
  });

  it('primary-network 005: a projection holding L1 validators without their owners replays; one without keeps its rows', async function () {
    const all = await readMigrations(PRIMARY_NETWORK_MIGRATIONS);
    const count = async (table: string) =>
      Number(
        (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM primary_network.${table}`)).rows[0]!.n,
      );
    for (const [withL1Validator, left] of [
      [false, 1],
      [true, 0],
    ] as const) {
      await pool.query('DROP SCHEMA IF EXISTS primary_network CASCADE');
      expect(await migrate(pool, 'primary_network', all.slice(0, 4))).to.deep.equal([1, 2, 3, 4]);
      await pool.query(`INSERT INTO primary_network.cursors (index_name, next_index) VALUES ('P/block', 42)`);
      if (withL1Validator)
        await pool.query(
          `INSERT INTO primary_network.l1_validators
             (validation_id, subnet_id, node_id, bls_public_key, proof_of_possession, registered_height, deposited)
           VALUES ('\\x01', '\\x02', '\\x03', '\\x04', '\\x05', 3, 1000)`,
        );
      expect(await migrate(pool, 'primary_network', all.slice(0, 5))).to.deep.equal([5]);
      expect(await count('cursors'), `with an L1 validator: ${withL1Validator}`).to.equal(left);
      expect(await count('l1_validators')).to.equal(0);
    }
  });

  it('primary-network 006: links each asset to the transactions that created or consumed its UTXOs, replaying nothing', async function () {
    const all = await readMigrations(PRIMARY_NETWORK_MIGRATIONS);
    await pool.query('DROP SCHEMA IF EXISTS primary_network CASCADE');
    expect(await migrate(pool, 'primary_network', all.slice(0, 5))).to.deep.equal([1, 2, 3, 4, 5]);
    // Transaction 1 (X, seq 10) creates a UTXO of asset a1, which transaction 2 (seq 20) consumes; a genesis UTXO
    // of asset a2 (no creating transaction) is consumed by transaction 2 too.
    await pool.query(
      `INSERT INTO primary_network.cursors (index_name, next_index) VALUES ('X/tx', 2);
       INSERT INTO primary_network.transactions
         (chain, id, seq, tx_type, block_height, block_id, block_timestamp, details)
       VALUES ('X', '\\x01', 10, 'BaseTx', 1, '\\xb1', 100, '{}'), ('X', '\\x02', 20, 'BaseTx', 2, '\\xb2', 200, '{}');
       INSERT INTO primary_network.utxos
         (utxo_id, chain, created_chain, tx_id, output_index, emitted_by_tx, created_seq, block_height, block_id,
          block_timestamp, asset_id, amount, addresses, threshold, locktime, output_type, utxo_bytes)
       VALUES ('\\xc1', 'X', 'X', '\\x01', 0, '\\x01', 10, 1, '\\xb1', 100, '\\xa1', 5, '{}', 1, 0, 'secp256k1-transfer', '\\x'),
              ('\\xc2', 'X', 'X', '\\x00', 0, '\\x00', 0, 0, '\\x00', 0, '\\xa2', 7, '{}', 1, 0, 'secp256k1-transfer', '\\x');
       INSERT INTO primary_network.utxo_spends
         (utxo_id, consumed_chain, consumed_by_tx, consumed_seq, consumed_block_height, consumed_block_timestamp)
       VALUES ('\\xc1', 'X', '\\x02', 20, 2, 200), ('\\xc2', 'X', '\\x02', 20, 2, 200);`,
    );
    expect(await migrate(pool, 'primary_network', all.slice(0, 6))).to.deep.equal([6]);
    const { rows } = await pool.query<{ link: string }>(
      `SELECT chain || ' ' || encode(asset_id, 'hex') || ' ' || seq || ' ' || encode(tx_id, 'hex') AS link
       FROM primary_network.asset_transactions ORDER BY asset_id, seq`,
    );
    expect(rows.map((r) => r.link)).to.deep.equal(['X a1 10 01', 'X a1 20 02', 'X a2 20 02']);
    // Only indexes and the new table: the projection is not replayed.
    const cursors = await pool.query('SELECT * FROM primary_network.cursors');
    expect(cursors.rowCount).to.equal(1);
  });
  it('primary-network 010: keys the owner tables by time, keeping every row and replaying nothing', async function () {
    const all = await readMigrations(PRIMARY_NETWORK_MIGRATIONS);
    await pool.query('DROP SCHEMA IF EXISTS primary_network CASCADE');
    expect(await migrate(pool, 'primary_network', all.slice(0, 9))).to.deep.equal([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    // Address 0a owns UTXO c1 (spent) and c2 (unspent); address 0b owns c2 too.
    await pool.query(
      `INSERT INTO primary_network.cursors (index_name, next_index) VALUES ('P/block', 5);
       INSERT INTO primary_network.address_utxos (chain, address, utxo_id, block_timestamp, amount, asset_id)
       VALUES ('P', '\\x0a', '\\xc1', 100, 5, '\\xa1'), ('P', '\\x0a', '\\xc2', 200, 7, '\\xa1'),
              ('P', '\\x0b', '\\xc2', 200, 7, '\\xa1');
       INSERT INTO primary_network.address_unspent (chain, address, utxo_id, block_timestamp, amount, asset_id)
       VALUES ('P', '\\x0a', '\\xc2', 200, 7, '\\xa1'), ('P', '\\x0b', '\\xc2', 200, 7, '\\xa1');`,
    );
    expect(await migrate(pool, 'primary_network', all.slice(0, 10))).to.deep.equal([10]);
    for (const [table, n] of [
      ['address_utxos', 3],
      ['address_unspent', 2],
      ['cursors', 1],
    ] as const) {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM primary_network.${table}`);
      expect(Number(rows[0]!.n), table).to.equal(n);
    }
    const { rows: indexes } = await pool.query<{ table: string; definition: string }>(
      `SELECT tablename AS table, indexdef AS definition FROM pg_indexes
       WHERE schemaname = 'primary_network' AND tablename IN ('address_utxos', 'address_unspent')
       ORDER BY tablename, indexname`,
    );
    expect(indexes.map((i) => `${i.table}: ${i.definition.replace(/^.* USING btree /, '')}`)).to.deep.equal([
      'address_unspent: (chain, address, amount, utxo_id)',
      'address_unspent: (chain, address, block_timestamp, utxo_id)',
      'address_utxos: (chain, address, amount, utxo_id)',
      'address_utxos: (chain, address, block_timestamp, utxo_id)',
    ]);
  });
});
