import { expect } from 'chai';
import { SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/primary-network/main.ts';
import { PROJECTED_INDEXES, Projector } from '../../services/primary-network/ingest/projector.ts';
import { parseGenesisConfig } from '../../services/primary-network/ingest/genesis.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { ProjectionWriter } from '../../services/primary-network/store/writer.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { devnetContainerStream, devnetRewards, projectionDigest } from '../support/projection.ts';

/**
 * The projection is idempotent and resumable: stopped anywhere (between batches or in the middle of one), restarted
 * with other batch sizes, or replayed from the start, it ends with exactly the rows of one uninterrupted run.
 */
const PARAMETERS = SHARED_DEVNET;

class Interrupted extends Error {}

describe('primary-network projection', function () {
  this.timeout(300_000);
  let devnet: Devnet;
  const databases: { db: TestDatabase; pool: Pool }[] = [];

  /** The devnet's containers as the container indexer streams them; `failAfter` containers, it breaks off. */
  const streamOf = (budget: { failAfter: number }) =>
    devnetContainerStream(devnet, (indexName, index) => {
      if (budget.failAfter-- <= 0) throw new Interrupted(`stream broke off at ${indexName} ${index}`);
    });

  async function database(): Promise<Pool> {
    const db = await createTestDatabase();
    const pool = createPool(db.url, 'projection-test');
    databases.push({ db, pool });
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
    return pool;
  }

  const projector = (
    pool: Pool,
    batchSize: number,
    budget = { failAfter: Number.POSITIVE_INFINITY },
    withGenesis = true,
  ) =>
    new Projector({
      ctx: networkContext(IDENTITIES.fuji),
      writer: new ProjectionWriter(pool),
      stream: streamOf(budget),
      rewards: devnetRewards(devnet),
      ...(withGenesis
        ? {
            genesis: () =>
              Promise.resolve(parseGenesisConfig(JSON.stringify(devnet.genesisConfig), IDENTITIES.fuji)),
          }
        : {}),
      batchSize,
      pollIntervalMs: 10,
      maxBackoffMs: 10,
      log: createLogger('projection-test', 'silent'),
    });

  before(async function () {
    devnet = await sharedDevnet(PARAMETERS);
  });

  after(async function () {
    for (const { db, pool } of databases) {
      await pool.end();
      await db.drop();
    }
  });

  it('ends with the same rows whether it runs straight through, is interrupted anywhere and restarted, is replayed, or learns its genesis last', async function () {
    const total = PROJECTED_INDEXES.reduce((sum, name) => sum + devnet.containers.count(name), 0);

    const straight = await database();
    expect(await projector(straight, 256).catchUp()).to.equal(total);
    const expected = await projectionDigest(straight);
    expect(Number(expected.transactions!.split(' ')[0])).to.be.greaterThan(1000);
    expect(Number(expected.rewards!.split(' ')[0])).to.be.greaterThan(0);
    expect(Number(expected.l1_validator_weights!.split(' ')[0])).to.be.greaterThan(3);
    // The L1 fee ledger too: conversion, registration and top-ups change fee accounts, replayed across batches.
    expect(Number(expected.l1_validator_fee_changes!.split(' ')[0])).to.be.greaterThan(4);
    const utxos = Number(expected.utxos!.split(' ')[0]);

    // Projected without its genesis configuration (spends of genesis UTXOs recorded, the UTXOs unknown), then
    // given it: the genesis UTXOs land as spent, with the same owners' rows and links as when they came first.
    const genesisLast = await database();
    expect(await projector(genesisLast, 256, undefined, false).catchUp()).to.equal(total);
    expect(Number((await projectionDigest(genesisLast)).utxos!.split(' ')[0])).to.equal(
      utxos - 2 * PARAMETERS.accounts,
    );
    expect(await projector(genesisLast, 256).catchUp()).to.equal(0);
    expect(await projectionDigest(genesisLast)).to.deep.equal(expected);

    // Interrupted every 200 containers (mid-batch: batches of 64 do not divide it), each time by a new projector.
    const interrupted = await database();
    let interruptions = 0;
    for (;;) {
      try {
        await projector(interrupted, 64, { failAfter: 200 }).catchUp();
        break;
      } catch (err) {
        if (!(err instanceof Interrupted)) throw err;
        interruptions++;
      }
    }
    expect(interruptions).to.be.greaterThan(3);
    expect(await projectionDigest(interrupted)).to.deep.equal(expected);

    // Replayed from the start over what it already holds (every cursor back to 0), with yet another batch size.
    await straight.query('UPDATE primary_network.cursors SET next_index = 0');
    expect(await projector(straight, 1000).catchUp()).to.equal(total);
    expect(await projectionDigest(straight)).to.deep.equal(expected);
  });
});
