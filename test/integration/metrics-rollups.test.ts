import { expect } from 'chai';
import { Registry } from 'prom-client';
import { ChainFollower, type ActivityStream } from '../../services/metrics/ingest/chain-follower.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/metrics/main.ts';
import { RollupWriter } from '../../services/metrics/store/writer.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { FollowerHealth } from '../../services/runtime/follow/follower-health.ts';
import { UpstreamDivergedError } from '../../services/runtime/follow/follow-loop.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { rejectionOf } from '../support/processes.ts';
import {
  blockHash,
  dump,
  expectedRollups,
  storedRollups,
  syntheticChain,
  type RolledUpChain as Chain,
} from '../support/metrics-model.ts';

/**
 * The metrics rollups on a real database, fed synthetic block activity of three chains (one mainnet, two testnet)
 * through the chain followers: every stored value equals a computation here straight from the blocks, a replay from
 * zero (other batch sizes, chains in another order) and a restart mid-way give the same rows, and a block that does
 * not continue the rolled-up chain stops that chain.
 */
const log = createLogger('test', 'silent');

const utc = (iso: string) => Date.parse(iso) / 1000;
const CHAINS = [
  syntheticChain('1001', 'mainnet', utc('2024-02-24T05:00:00Z'), 140, 1),
  syntheticChain('2002', 'testnet', utc('2024-02-20T23:30:00Z'), 160, 2),
  syntheticChain('3003', 'testnet', utc('2024-02-27T12:00:00Z'), 90, 3),
];

/** StreamBlockActivity over a chain's blocks, as evm-data ends it at its last block (or `upTo` blocks). */
function streamOf(chains: Chain[], upTo?: Record<string, number>): ActivityStream {
  return async function* (evmChainId, afterBlock) {
    const chain = chains.find((c) => c.evmChainId === evmChainId)!;
    const from = afterBlock === undefined ? 0 : Number(afterBlock) + 1;
    const to = upTo?.[evmChainId] ?? chain.blocks.length;
    for (let n = from; n < to; n++) {
      // Another chain's follower may go on meanwhile, as with a real stream.
      await new Promise((resolve) => setImmediate(resolve));
      yield chain.blocks[n]!;
    }
  };
}

/** Rolls up every chain's blocks the stream has, one follower step at a time, chains concurrently or in turn. */
async function rollUp(
  writer: RollupWriter,
  chains: Chain[],
  options: { batchBlocks: number; stream?: ActivityStream; concurrently?: boolean },
): Promise<void> {
  const stream = options.stream ?? streamOf(chains);
  const one = async (chain: Chain) => {
    await writer.registerChain(chain.evmChainId, chain.network);
    const follower = new ChainFollower({
      chain,
      stream,
      writer,
      batchBlocks: options.batchBlocks,
      pollIntervalMs: 10,
      maxBackoffMs: 10,
      log,
    });
    await follower.reposition();
    while ((await follower.step(new AbortController().signal)) === 'more');
  };
  if (options.concurrently) await Promise.all(chains.map(one));
  else for (const chain of chains) await one(chain);
}

async function reset(pool: Pool): Promise<void> {
  await pool.query(
    `TRUNCATE metrics.chains, metrics.series, metrics.bucket_members, metrics.first_seen, metrics.days, metrics.hours,
       metrics.refreshes, metrics.icm_pairs, metrics.icm_messages`,
  );
}

describe('metrics rollups on a database', function () {
  let db: TestDatabase;
  let pool: Pool;
  let writer: RollupWriter;
  let reference: Record<string, string[]>;

  before(async function () {
    db = await createTestDatabase();
    pool = createPool(db.url, 'metrics-rollups-test');
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
    writer = new RollupWriter(pool);
  });
  after(async function () {
    await pool?.end();
    await db?.drop();
  });

  it('stores, for every scope, interval and bucket, what the blocks say (§4.5)', async function () {
    await rollUp(writer, CHAINS, { batchBlocks: 25 });
    const stored = await storedRollups(pool);
    const expected = expectedRollups(CHAINS);
    // The scopes, intervals and boundaries the synthetic chains cross.
    expect(new Set(expected.series.map((s) => s.scope))).to.deep.equal(
      new Set(['1001', '2002', '3003', 'mainnet', 'testnet', 'total']),
    );
    expect(
      expected.series.filter((s) => s.scope === 'total' && s.time_interval === 'month'),
    ).to.have.length.above(1);
    expect(stored.series).to.deep.equal(expected.series);
    expect(stored.days).to.deep.equal(expected.days);
    reference = await dump(pool);
  });

  it('a replay from zero, in other batches and with the chains in another order or all at once, stores the same rows', async function () {
    for (const [batchBlocks, order, concurrently] of [
      [1, [2, 1, 0], false],
      [7, [1, 0, 2], true],
      [1000, [0, 2, 1], false],
    ] as const) {
      await reset(pool);
      await rollUp(
        writer,
        order.map((i) => CHAINS[i]!),
        { batchBlocks, concurrently },
      );
      expect(await dump(pool), `batches of ${batchBlocks}, order ${order.join()}`).to.deep.equal(reference);
    }
  });

  it('a follower stopped part-way (a stream cut off, a failed write) resumes from its cursor: the same rows', async function () {
    await reset(pool);
    // evm-data had only part of each chain at first.
    await rollUp(writer, CHAINS, {
      batchBlocks: 10,
      stream: streamOf(CHAINS, { '1001': 33, '2002': 101, '3003': 7 }),
      concurrently: true,
    });
    // A write that fails inside its transaction (its last statement, the cursor's move) leaves nothing behind.
    const failing = new RollupWriter(pool);
    const write = failing.write.bind(failing);
    let writes = 0;
    failing.write = (batch) =>
      write(++writes === 2 ? { ...batch, to: { ...batch.to, nextBlock: -1n } } : batch);
    const status = await Promise.all(CHAINS.map((c) => failing.cursor(c.evmChainId)));
    expect(status.some((c, i) => c.nextBlock < BigInt(CHAINS[i]!.blocks.length))).to.equal(true);
    expect((await rejectionOf(rollUp(failing, CHAINS, { batchBlocks: 5 }))).message).to.match(/next_block/);
    expect(writes).to.equal(2);
    // A stream that breaks mid-batch: the blocks read since the last commit are not written.
    let served = 0;
    const breaking: ActivityStream = async function* (evmChainId, afterBlock, signal) {
      for await (const block of streamOf(CHAINS)(evmChainId, afterBlock, signal)) {
        if (++served % 23 === 0) throw new Error('stream cut off');
        yield block;
      }
    };
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await rollUp(writer, CHAINS, { batchBlocks: 10, stream: breaking });
        break;
      } catch (err) {
        expect((err as Error).message).to.equal('stream cut off');
      }
    }
    expect(await dump(pool)).to.deep.equal(reference);
  });

  it('a block that does not continue the rolled-up chain stops that chain, in readiness and metrics', async function () {
    // The stored chain ends at block 89; evm-data, re-indexed, now has another block 89 and a block 90 after it.
    const last = CHAINS[2]!.blocks[89]!;
    const other: Chain = {
      ...CHAINS[2]!,
      blocks: [
        ...CHAINS[2]!.blocks.slice(0, 89),
        { ...last, block_hash: blockHash('3003', 89, 1) },
        {
          ...last,
          block_number: '90',
          parent_hash: blockHash('3003', 89, 1),
          block_hash: blockHash('3003', 90, 1),
        },
      ],
    };
    const registry = new Registry();
    const health = new FollowerHealth(registry, { stallAfterMs: 60_000 });
    const report = health.follower('chain 3003');
    const follower = new ChainFollower({
      chain: CHAINS[2]!,
      stream: streamOf([other]),
      writer,
      batchBlocks: 10,
      pollIntervalMs: 10,
      maxBackoffMs: 10,
      log,
      report,
    });
    const before = await dump(pool);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 20_000);
    await follower.run(abort.signal); // returns: it stopped by itself
    clearTimeout(timer);
    expect(abort.signal.aborted, 'the follower stopped by itself').to.equal(false);
    expect(health.problems()).to.have.length(1);
    expect(health.problems()[0]).to.match(/^chain 3003 stopped: chain 3003 block 90: its parent hash 0x/);
    expect(await registry.getSingleMetricAsString('chain_data_follower_stopped')).to.include(
      'chain_data_follower_stopped{follower="chain 3003"} 1',
    );
    expect(await dump(pool)).to.deep.equal(before);

    // The writer checks it too, whoever calls it.
    const cursor = await writer.cursor('3003');
    const err = await rejectionOf(
      writer.write({
        evmChainId: '3003',
        from: cursor,
        to: { nextBlock: cursor.nextBlock + 1n, lastBlockHash: Buffer.alloc(32, 9), lastBlockTime: 0 },
        firstParentHash: Buffer.alloc(32, 8),
        rollup: { sums: [], members: [], days: [], firstSeen: [] },
      }),
    );
    expect(err).to.be.instanceOf(UpstreamDivergedError);
    // A block out of order within a stream is refused before anything is written.
    const skipping = new ChainFollower({
      chain: CHAINS[0]!,
      stream: async function* () {
        yield await Promise.resolve({ ...CHAINS[0]!.blocks[139]!, block_number: '141' });
      },
      writer,
      batchBlocks: 10,
      pollIntervalMs: 10,
      maxBackoffMs: 10,
      log,
    });
    await skipping.reposition();
    expect((await rejectionOf(skipping.step(new AbortController().signal))).message).to.equal(
      'chain 1001: the stream gave block 141, expected 140',
    );
    expect(await dump(pool)).to.deep.equal(before);
  });

  it('refuses a chain registered again with another network', async function () {
    const err = await rejectionOf(writer.registerChain('1001', 'testnet'));
    expect(err.message).to.match(/chain 1001 was rolled up as a mainnet chain; evm-data now says testnet/);
  });
});
