import { expect } from 'chai';
import type { BlockActivity__Output as BlockActivityMessage } from '../../services/generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { readChain, type ChainKey, type ChainModel } from '../support/evm-chain-model.ts';
import { startEvmDataStack, type EvmDataStack } from '../support/evm-data-stack.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { activityOf, dump, expectedRollups, storedRollups } from '../support/metrics-model.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';
import {
  CHAIN_METRICS,
  dayValue,
  needsDayRows,
  seriesValue,
} from '../../services/metrics/api/metric-values.ts';
import { TIME_INTERVALS } from '../../services/metrics/intervals.ts';
import { RollupReader } from '../../services/metrics/store/reader.ts';

/**
 * `chain-data metrics` following a real evm-data that indexed a devnet (its C-Chain and L1, fuji: both testnet):
 * every stored rollup, for every scope (each chain, `testnet`, `total`), interval and bucket, and every day-only fact,
 * equals a computation from the devnet's own blocks, receipts and callTracer traces (read with viem in
 * test/support/evm-chain-model.ts, apart from both services' code), after the component was killed mid catch-up and
 * started again. The history crosses a month's end (January into February) and a week's (Sunday into Monday).
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'metrics-ingest-test',
  genesisTimeSeconds: 1_769_817_600n, // 2026-01-31T00:00:00Z, a Saturday
  historySeconds: 3n * 86_400n,
  blockIntervalSeconds: 1_800n,
  accounts: 10,
};

describe('metrics rolls up what evm-data indexed', function () {
  this.timeout(600_000);
  let stack: EvmDataStack;
  let db: TestDatabase;
  let pool: Pool;
  let metrics: RunningComponent | undefined;
  const models = {} as Record<ChainKey, ChainModel>;

  before(async function () {
    stack = await startEvmDataStack(PARAMETERS, { NFT_METADATA_ENABLED: 'false' });
    const { clients, heads, chainIds, blockchainIds } = stack;
    [models.C, models.L1] = await Promise.all([
      readChain('C', clients.C, chainIds.C, blockchainIds.C, heads.C, ''),
      readChain('L1', clients.L1, chainIds.L1, blockchainIds.L1, heads.L1, ''),
    ]);
    db = await createTestDatabase();
    pool = createPool(db.url, 'metrics-ingest-test');
  });
  after(async function () {
    await metrics?.stop();
    await pool?.end();
    await db?.drop();
    await stack?.stop();
  });

  const start = async (batchBlocks: number, databaseUrl = db.url) =>
    startComponent('metrics', {
      DATABASE_URL: databaseUrl,
      EVM_DATA_ADDRESS: stack.serviceAddress,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      METRICS_ROLLUP_BATCH_BLOCKS: String(batchBlocks),
      METRICS_ROLLUP_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    });
  const cursors = async (on = pool): Promise<Record<string, bigint>> => {
    const { rows } = await on
      .query<{ evm_chain_id: string; next_block: string }>(
        'SELECT evm_chain_id, next_block FROM metrics.chains',
      )
      .catch(() => ({ rows: [] }));
    return Object.fromEntries(rows.map((r) => [r.evm_chain_id, BigInt(r.next_block)]));
  };

  it('stores every metric, interval and bucket as the devnet has them, across a kill mid catch-up', async function () {
    const { heads, chainIds } = stack;
    const total = heads.C + 1n + heads.L1 + 1n;
    // One block a transaction: slow enough to be killed on the way.
    metrics = await start(1);
    await eventually(
      async () => Object.values(await cursors()).reduce((s, n) => s + n, 0n) >= 20n,
      120_000,
      'the rollups under way',
    );
    await metrics.kill();
    const atKill = await cursors();
    const rolledUp = Object.values(atKill).reduce((s, n) => s + n, 0n);
    expect(rolledUp < total, `killed mid catch-up (${rolledUp} of ${total} blocks rolled up)`).to.equal(true);

    metrics = await start(50);
    await eventually(
      async () => {
        const now = await cursors();
        return now[chainIds.C] === heads.C + 1n && now[chainIds.L1] === heads.L1 + 1n;
      },
      180_000,
      'the rollups caught up with evm-data',
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${metrics?.output()}`, { cause: err });
    });

    const chains = [activityOf(models.C, 'testnet'), activityOf(models.L1, 'testnet')];
    const expected = expectedRollups(chains);
    // The history is what this test is about: transactions, contracts and transfers on both chains, a month's and a
    // week's boundary crossed.
    for (const chain of chains) {
      expect(
        chain.blocks.some((b) => b.contract_creations.length > 0),
        chain.evmChainId,
      ).to.equal(true);
      expect(
        chain.blocks.some((b) => b.transfers.length > 0),
        chain.evmChainId,
      ).to.equal(true);
    }
    const totals = (interval: string) =>
      expected.series.filter((s) => s.scope === 'total' && s.time_interval === interval);
    expect(totals('month').map((s) => s.bucket)).to.deep.equal(['1767225600', '1769904000']); // Jan, Feb 2026
    expect(totals('week').map((s) => s.bucket)).to.deep.equal(['1769385600', '1769990400']); // Mon 26 Jan, 2 Feb
    expect(new Set(expected.series.map((s) => s.scope))).to.deep.equal(
      new Set([chainIds.C, chainIds.L1, 'testnet', 'total']),
    );

    const stored = await storedRollups(pool);
    expect(stored.series).to.deep.equal(expected.series);
    expect(stored.days).to.deep.equal(expected.days);

    // Ready, and saying how far it is.
    const ops = `http://127.0.0.1:${metrics.opsPort}`;
    expect((await fetch(`${ops}/readyz`)).status).to.equal(200);
    const exposition = await (await fetch(`${ops}/metrics`)).text();
    expect(exposition).to.match(
      new RegExp(`chain_data_metrics_next_block\\{chain="${chainIds.C}"[^}]*\\} ${heads.C + 1n}`),
    );
    expect(exposition).to.match(/chain_data_follower_behind\{follower="chain \d+"[^}]*\} 0/);
  });

  it('stores every row as an uninterrupted run does (members and first sightings included)', async function () {
    const { heads, chainIds } = stack;
    const other = await createTestDatabase();
    const otherPool = createPool(other.url, 'metrics-ingest-test-uninterrupted');
    let uninterrupted: RunningComponent | undefined;
    try {
      uninterrupted = await start(500, other.url);
      await eventually(
        async () => {
          const now = await cursors(otherPool);
          return now[chainIds.C] === heads.C + 1n && now[chainIds.L1] === heads.L1 + 1n;
        },
        180_000,
        'the uninterrupted rollups caught up with evm-data',
      );
      expect(await dump(otherPool)).to.deep.equal(await dump(pool));
    } finally {
      await uninterrupted?.stop();
      await otherPool.end();
      await other.drop();
    }
  });

  it('gives every metric of §4.5, day by day, as computed from the devnet, reading only a page of rows', async function () {
    const chains = [activityOf(models.C, 'testnet'), activityOf(models.L1, 'testnet')];
    const scopes = {
      [stack.chainIds.C]: [chains[0]!],
      [stack.chainIds.L1]: [chains[1]!],
      testnet: chains,
      total: chains,
    };
    const DAY = 86_400;
    const { pool: recording, recorded } = recordingPool(pool);
    const reader = new RollupReader(recording);
    for (const [scope, of] of Object.entries(scopes)) {
      const blocks = of.flatMap((c) => c.blocks);
      const time = (b: BlockActivityMessage) => Number(b.block_timestamp);
      const days = [...new Set(blocks.map((b) => time(b) - (time(b) % DAY)))].sort((a, b) => a - b);
      const rows = await reader.days({ scope, from: 0, to: 2 ** 40, limit: 2160, newestFirst: false });
      expect(
        rows.map((r) => r.bucket),
        scope,
      ).to.deep.equal(days);
      rows.forEach((row, i) => {
        const day = days[i]!;
        const inDay = blocks.filter((b) => time(b) >= day && time(b) < day + DAY);
        const before = blocks.filter((b) => time(b) < day);
        const through = blocks.filter((b) => time(b) < day + DAY);
        const txs = inDay.flatMap((b) => b.transactions);
        const gas = txs.reduce((n, t) => n + Number(t.gas_used), 0);
        const last = Math.max(...inDay.map(time));
        const previous = before.length > 0 ? Math.max(...before.map(time)) : undefined;
        // Per block, over the time since its own chain's block before it.
        const gaps = of.flatMap((c) =>
          c.blocks.flatMap((b, n) => {
            const gap = n === 0 ? 0 : time(b) - time(c.blocks[n - 1]!);
            return time(b) >= day && time(b) < day + DAY && gap > 0
              ? [
                  {
                    tps: b.transactions.length / gap,
                    gps: b.transactions.reduce((g, t) => g + Number(t.gas_used), 0) / gap,
                  },
                ]
              : [];
          }),
        );
        const hexes = (list: BlockActivityMessage[], pick: (b: BlockActivityMessage) => Buffer[]) =>
          new Set(list.flatMap((b) => pick(b).map((x) => x.toString('hex')))).size;
        const ends = (b: BlockActivityMessage) => [
          ...b.transactions.flatMap((t) => (t.to ? [t.from, t.to] : [t.from])),
          ...b.transfers.flatMap((x) => [x.from, x.to]),
        ];
        const prices = txs.map((t) => BigInt(t.gas_price));
        const expected: Record<string, number | bigint | undefined> = {
          cumulativeTxCount: BigInt(through.flatMap((b) => b.transactions).length),
          cumulativeAddresses: BigInt(hexes(through, ends)),
          cumulativeContracts: BigInt(before.flatMap((b) => b.contract_creations).length),
          cumulativeDeployers: BigInt(hexes(through, (b) => b.contract_creations.map((c) => c.deployer))),
          avgTps: previous === undefined ? undefined : txs.length / (last - previous),
          avgGps: previous === undefined ? undefined : gas / (last - previous),
          maxTps: gaps.length === 0 ? undefined : Math.max(...gaps.map((g) => g.tps)),
          maxGps: gaps.length === 0 ? undefined : Math.max(...gaps.map((g) => g.gps)),
          avgGasPrice: txs.length === 0 ? undefined : prices.reduce((a, b) => a + Number(b), 0) / txs.length,
          maxGasPrice: prices.length === 0 ? undefined : prices.reduce((a, b) => (a > b ? a : b)),
          txCount: BigInt(txs.length),
          gasUsed: BigInt(gas),
          feesPaid: txs.reduce((n, t) => n + BigInt(t.gas_used) * BigInt(t.gas_price), 0n),
          activeAddresses: BigInt(hexes(inDay, ends)),
          activeSenders: BigInt(
            hexes(inDay, (b) => [...b.transactions.map((t) => t.from), ...b.transfers.map((x) => x.from)]),
          ),
          contracts: BigInt(inDay.flatMap((b) => b.contract_creations).length),
          deployers: BigInt(hexes(inDay, (b) => b.contract_creations.map((c) => c.deployer))),
        };
        for (const metric of CHAIN_METRICS) {
          const value = dayValue(metric, row);
          if (typeof value === 'number' && typeof expected[metric] === 'number')
            expect(value, `${scope} ${metric} on ${day}`).to.be.closeTo(
              expected[metric],
              1e-9 * expected[metric],
            );
          else expect(value, `${scope} ${metric} on ${day}`).to.equal(expected[metric]);
        }
      });
      // The other intervals' series, newest first, a page at a time.
      for (const interval of TIME_INTERVALS) {
        const all = await reader.series(interval, {
          scope,
          from: 0,
          to: 2 ** 40,
          limit: 2160,
          newestFirst: true,
        });
        expect(all.length, `${scope} ${interval}`).to.be.above(0);
        const page = await reader.series(interval, {
          scope,
          from: all[1]?.bucket ?? 0,
          to: all[0]!.bucket + 1,
          limit: 1,
          newestFirst: true,
        });
        expect(page).to.deep.equal(all.slice(0, 1));
        for (const metric of CHAIN_METRICS.filter((m) => !needsDayRows(m)))
          expect(
            all.every((r) => typeof seriesValue(metric as Parameters<typeof seriesValue>[0], r) === 'bigint'),
          ).to.equal(true);
      }
    }
    await expectServedByIndexes(pool, recorded, 'SELECT * FROM metrics.first_seen WHERE first_day = 0');
  });
});
