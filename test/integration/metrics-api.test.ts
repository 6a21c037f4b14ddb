import { expect } from 'chai';
import fc from 'fast-check';
import type { BlockActivity__Output as Block } from '../../services/generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { ProtoGrpcType as EvmDataProto } from '../../services/generated/proto/evm_data.ts';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { MetricsValue__Output as Point } from '../../services/generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { RollupReader } from '../../services/metrics/store/reader.ts';
import { readChain, type ChainKey, type ChainModel } from '../support/evm-chain-model.ts';
import { startEvmDataStack, type EvmDataStack } from '../support/evm-data-stack.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { activityOf, type RolledUpChain } from '../support/metrics-model.ts';
import {
  eventually,
  freePort,
  rejectionOf,
  startComponent,
  type RunningComponent,
} from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The metrics service's gRPC API (chaindata.metrics.v1.MetricsService) over what it rolled up from a real evm-data
 * that indexed a devnet (its C-Chain and L1, fuji: both testnet): every metric of §4.5 at every interval it allows,
 * for a chain, `testnet` and `total`, equals a computation in this test from the devnet's own blocks, receipts and
 * callTracer traces (read with viem, apart from the services' code); any page size yields every point once, newest
 * first; the time bounds select what they say; bad input is refused naming the field. The history crosses a
 * month's end (January into February) and a week's (Sunday into Monday).
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'metrics-api-test',
  genesisTimeSeconds: 1_769_817_600n, // 2026-01-31T00:00:00Z, a Saturday
  historySeconds: 3n * 86_400n,
  blockIntervalSeconds: 1_800n,
  accounts: 10,
};

const METRICS = [
  'activeAddresses',
  'activeSenders',
  'cumulativeTxCount',
  'cumulativeAddresses',
  'cumulativeContracts',
  'cumulativeDeployers',
  'contracts',
  'deployers',
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
] as const;
type Metric = (typeof METRICS)[number];
const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
type Interval = (typeof INTERVALS)[number];
/** What §4.5's table allows at any interval; every other metric is served by the day only. */
const ANY_INTERVAL = new Set<Metric>(['activeAddresses', 'activeSenders', 'gasUsed', 'txCount']);
const allowed = (metric: Metric, interval: Interval) => interval === 'day' || ANY_INTERVAL.has(metric);

const DAY = 86_400;
/** The start of the bucket holding `t`, from the calendar (UTC). */
function bucketOf(interval: Interval, t: number): number {
  const date = new Date(t * 1000);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1000;
  switch (interval) {
    case 'hour':
      return Math.floor(t / 3_600) * 3_600;
    case 'day':
      return midnight;
    case 'week':
      return midnight - ((date.getUTCDay() + 6) % 7) * DAY; // back to Monday
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  }
}

const time = (b: Block) => Number(b.block_timestamp);
const distinct = (blocks: Block[], pick: (b: Block) => Buffer[]) =>
  new Set(blocks.flatMap((b) => pick(b).map((x) => x.toString('hex')))).size;
const ends = (b: Block) => [
  ...b.transactions.flatMap((t) => (t.to ? [t.from, t.to] : [t.from])),
  ...b.transfers.flatMap((x) => [x.from, x.to]),
];
const senders = (b: Block) => [...b.transactions.map((t) => t.from), ...b.transfers.map((x) => x.from)];
const deployers = (b: Block) => b.contract_creations.map((c) => c.deployer);

/**
 * A metric's points for the chains of a scope, by §4.5's definitions, the straightforward way: one per bucket holding
 * a block of the scope, where the metric has a value, newest first.
 */
function expectedPoints(chains: RolledUpChain[], metric: Metric, interval: Interval): Point[] {
  const blocks = chains.flatMap((c) => c.blocks);
  const buckets = [...new Set(blocks.map((b) => bucketOf(interval, time(b))))].sort((a, b) => b - a);
  const next = (start: number) =>
    interval === 'month'
      ? Date.UTC(new Date(start * 1000).getUTCFullYear(), new Date(start * 1000).getUTCMonth() + 1, 1) / 1000
      : start + { hour: 3_600, day: DAY, week: 7 * DAY }[interval];
  return buckets.flatMap((start) => {
    const end = next(start);
    const inside = blocks.filter((b) => time(b) >= start && time(b) < end);
    const before = blocks.filter((b) => time(b) < start);
    const through = blocks.filter((b) => time(b) < end);
    const txs = inside.flatMap((b) => b.transactions);
    const gas = txs.reduce((n, t) => n + BigInt(t.gas_used), 0n);
    const last = Math.max(...inside.map(time));
    const previous = before.length > 0 ? Math.max(...before.map(time)) : undefined;
    // Per block, over the time since its own chain's block before it.
    const rates = chains.flatMap((c) =>
      c.blocks.flatMap((b, n) => {
        const gap = n === 0 ? 0 : time(b) - time(c.blocks[n - 1]!);
        if (time(b) < start || time(b) >= end || gap <= 0) return [];
        const blockGas = b.transactions.reduce((g, t) => g + Number(t.gas_used), 0);
        return [{ tps: b.transactions.length / gap, gps: blockGas / gap }];
      }),
    );
    const prices = txs.map((t) => BigInt(t.gas_price));
    const values: Record<Metric, () => number | bigint | undefined> = {
      activeAddresses: () => BigInt(distinct(inside, ends)),
      activeSenders: () => BigInt(distinct(inside, senders)),
      cumulativeTxCount: () => BigInt(through.flatMap((b) => b.transactions).length),
      cumulativeAddresses: () => BigInt(distinct(through, ends)),
      // "From genesis up until the timestamp".
      cumulativeContracts: () => BigInt(before.flatMap((b) => b.contract_creations).length),
      cumulativeDeployers: () => BigInt(distinct(through, deployers)),
      contracts: () => BigInt(inside.flatMap((b) => b.contract_creations).length),
      deployers: () => BigInt(distinct(inside, deployers)),
      gasUsed: () => gas,
      txCount: () => BigInt(txs.length),
      avgGps: () => (previous === undefined ? undefined : Number(gas) / (last - previous)),
      maxGps: () => (rates.length === 0 ? undefined : Math.max(...rates.map((r) => r.gps))),
      avgTps: () => (previous === undefined ? undefined : txs.length / (last - previous)),
      maxTps: () => (rates.length === 0 ? undefined : Math.max(...rates.map((r) => r.tps))),
      avgGasPrice: () =>
        txs.length === 0 ? undefined : prices.reduce((a, b) => a + Number(b), 0) / txs.length,
      maxGasPrice: () => (prices.length === 0 ? undefined : prices.reduce((a, b) => (a > b ? a : b))),
      feesPaid: () => txs.reduce((n, t) => n + BigInt(t.gas_used) * BigInt(t.gas_price), 0n),
    };
    const value = values[metric]();
    return value === undefined ? [] : [{ value: Number(value), timestamp: start }];
  });
}

/** Equal points; averages (computed in another order) within a rounding error. */
function expectSamePoints(actual: Point[], expected: Point[], what: string) {
  expect(
    actual.map((p) => p.timestamp),
    what,
  ).to.deep.equal(expected.map((p) => p.timestamp));
  actual.forEach((p, i) =>
    expect(p.value, `${what} at ${p.timestamp}`).to.be.closeTo(
      expected[i]!.value,
      Math.abs(expected[i]!.value) * 1e-12,
    ),
  );
}

type Metrics = GrpcServiceClient<MetricsProto['chaindata']['metrics']['v1']['MetricsService']['service']>;

describe('the metrics gRPC API', function () {
  this.timeout(600_000);
  let stack: EvmDataStack;
  let db: TestDatabase;
  let pool: Pool;
  let component: RunningComponent | undefined;
  let client: Metrics;
  let scopes: Record<string, RolledUpChain[]>;
  const models = {} as Record<ChainKey, ChainModel>;

  before(async function () {
    stack = await startEvmDataStack(PARAMETERS, { NFT_METADATA_ENABLED: 'false' });
    const { clients, heads, chainIds, blockchainIds } = stack;
    [models.C, models.L1] = await Promise.all([
      readChain('C', clients.C, chainIds.C, blockchainIds.C, heads.C, ''),
      readChain('L1', clients.L1, chainIds.L1, blockchainIds.L1, heads.L1, ''),
    ]);
    const chains = [activityOf(models.C, 'testnet'), activityOf(models.L1, 'testnet')];
    scopes = { [chainIds.C]: [chains[0]!], [chainIds.L1]: [chains[1]!], testnet: chains, total: chains };
    db = await createTestDatabase();
    pool = createPool(db.url, 'metrics-api-test');
    const port = await freePort();
    component = await startComponent('metrics', {
      DATABASE_URL: db.url,
      EVM_DATA_ADDRESS: stack.serviceAddress,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${port}`,
      METRICS_ROLLUP_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    });
    await eventually(
      async () => {
        const { rows } = await pool.query<{ evm_chain_id: string; next_block: string }>(
          'SELECT evm_chain_id::text, next_block FROM metrics.chains',
        );
        const next = Object.fromEntries(rows.map((r) => [r.evm_chain_id, BigInt(r.next_block)]));
        return next[chainIds.C] === heads.C + 1n && next[chainIds.L1] === heads.L1 + 1n;
      },
      180_000,
      'the rollups caught up with evm-data',
    );
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, `127.0.0.1:${port}`, 30_000);
  });
  after(async function () {
    client?.close();
    await component?.stop();
    await pool?.end();
    await db?.drop();
    await stack?.stop();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.error(component?.output().slice(-3_000));
  });

  /** Every page of a query, following the cursors. */
  async function allPages(request: Record<string, unknown>, pageSize: number) {
    const pages: Point[][] = [];
    let cursor = '';
    do {
      const page = await client.unary.GetEvmChainMetrics({ ...request, page_size: pageSize, cursor });
      expect(page.results.length).to.be.at.most(pageSize);
      pages.push(page.results);
      cursor = page.next_cursor;
      expect(pages.length).to.be.below(1_000);
    } while (cursor !== '');
    return pages;
  }

  it('lists the chains the rollups follow, as evm-data describes them', async function () {
    const evmData = createGrpcClient(
      loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto').chaindata.evmdata.v1.EvmDataService,
      stack.serviceAddress,
      10_000,
    );
    try {
      const expected = await Promise.all(
        (['C', 'L1'] as const).map(async (key) => {
          const info = await evmData.unary.GetChain({ chain_id: stack.chainIds[key] });
          return {
            evmChainId: Number(stack.chainIds[key]),
            chainName: info.chainName,
            blockchainId: stack.blockchainIds[key],
            subnetId: info.subnetId ?? '',
            network: 'testnet',
          };
        }),
      );
      expected.sort((a, b) => a.evmChainId - b.evmChainId);
      expect(expected.every((c) => c.chainName !== '')).to.equal(true);
      for (const network of ['', 'testnet', 'fuji'])
        expect(await client.unary.ListChains({ network }), network).to.deep.equal({
          chains: expected,
          next_cursor: '',
        });
      expect(await client.unary.ListChains({ network: 'mainnet' })).to.deep.equal({
        chains: [],
        next_cursor: '',
      });
      const first = await client.unary.ListChains({ network: '', page_size: 1 });
      expect(first.chains).to.deep.equal(expected.slice(0, 1));
      const second = await client.unary.ListChains({ network: '', page_size: 1, cursor: first.next_cursor });
      expect(second).to.deep.equal({ chains: expected.slice(1), next_cursor: '' });
      for (const chain of expected)
        expect(await client.unary.GetChain({ chain_id: String(chain.evmChainId) })).to.deep.equal(chain);
    } finally {
      evmData.close();
    }
  });

  it('gives every metric at every interval it allows as computed from the devnet, for a chain, testnet and total', async function () {
    const { chainIds } = stack;
    // The history is what this test is about: a month's and a week's boundary crossed, creations and transfers.
    const total = scopes.total!;
    expect(expectedPoints(total, 'txCount', 'month').map((p) => p.timestamp)).to.deep.equal([
      1_769_904_000, 1_767_225_600,
    ]);
    expect(expectedPoints(total, 'txCount', 'week').map((p) => p.timestamp)).to.deep.equal([
      1_769_990_400, 1_769_385_600,
    ]);
    for (const metric of ['contracts', 'deployers'] as const)
      expect(expectedPoints(total, metric, 'day').some((p) => p.value > 0)).to.equal(true);
    for (const scope of [chainIds.C, 'testnet', 'total']) {
      for (const metric of METRICS) {
        for (const interval of INTERVALS.filter((i) => allowed(metric, i))) {
          const expected = expectedPoints(scopes[scope]!, metric, interval);
          expect(expected.length, `${scope} ${metric} ${interval}`).to.be.above(0);
          const answer = await client.unary.GetEvmChainMetrics({
            chain_id: scope,
            metric,
            time_interval: interval,
            page_size: 2160,
          });
          expect(answer.next_cursor).to.equal('');
          expectSamePoints(answer.results, expected, `${scope} ${metric} ${interval}`);
        }
      }
    }
    // The default interval is the day.
    const byDefault = await client.unary.GetEvmChainMetrics({
      chain_id: 'total',
      metric: 'txCount',
      page_size: 100,
    });
    expectSamePoints(byDefault.results, expectedPoints(total, 'txCount', 'day'), 'total txCount by default');
    const hours = expectedPoints(total, 'txCount', 'hour');
    expect(hours.length).to.be.above(50);
    const firstPage = await client.unary.GetEvmChainMetrics({
      chain_id: 'total',
      metric: 'txCount',
      time_interval: 'hour',
      page_size: 50,
    });
    expectSamePoints(firstPage.results, hours.slice(0, 50), 'the newest 50 hours');
    expect(firstPage.next_cursor).not.to.equal('');
    // No mainnet chain: no points.
    expect(
      await client.unary.GetEvmChainMetrics({
        chain_id: 'mainnet',
        metric: 'txCount',
        time_interval: 'hour',
        page_size: 10,
      }),
    ).to.deep.equal({ results: [], next_cursor: '' });
  });

  it('pages so that any page size yields every point exactly once, newest first (property)', async function () {
    const { chainIds } = stack;
    const queries = fc.record({
      scope: fc.constantFrom(chainIds.C, chainIds.L1, 'testnet', 'total'),
      metric: fc.constantFrom(...METRICS),
      interval: fc.constantFrom(...INTERVALS),
      pageSize: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 })),
    });
    await fc.assert(
      fc.asyncProperty(queries, async ({ scope, metric, interval: wanted, pageSize }) => {
        const interval = allowed(metric, wanted) ? wanted : 'day';
        const pages = await allPages({ chain_id: scope, metric, time_interval: interval }, pageSize);
        // Full pages but the last (a page may hold fewer only where points have no value).
        expectSamePoints(
          pages.flat(),
          expectedPoints(scopes[scope]!, metric, interval),
          `${scope} ${metric}`,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('gives the points whose bucket starts within [startTimestamp, endTimestamp] (property)', async function () {
    const total = scopes.total!;
    const times = total.flatMap((c) => c.blocks.map(time));
    const [first, last] = [Math.min(...times), Math.max(...times)];
    const bound = fc.oneof(
      fc.integer({ min: first - 2 * DAY, max: last + 2 * DAY }),
      // Bucket starts themselves, and one second off them.
      fc
        .integer({ min: first - DAY, max: last })
        .chain((t) => fc.constantFrom(bucketOf('hour', t), bucketOf('day', t) - 1, bucketOf('week', t) + 1)),
    );
    const queries = fc.record({
      scope: fc.constantFrom(stack.chainIds.L1, 'total'),
      metric: fc.constantFrom(...METRICS),
      interval: fc.constantFrom(...INTERVALS),
      start: fc.option(bound, { nil: undefined }),
      end: fc.option(bound, { nil: undefined }),
      pageSize: fc.integer({ min: 1, max: 50 }),
    });
    await fc.assert(
      fc.asyncProperty(queries, async ({ scope, metric, interval: wanted, start, end, pageSize }) => {
        fc.pre(start === undefined || end === undefined || start <= end);
        const interval = allowed(metric, wanted) ? wanted : 'day';
        const pages = await allPages(
          {
            chain_id: scope,
            metric,
            time_interval: interval,
            ...(start !== undefined ? { start_timestamp: String(start) } : {}),
            ...(end !== undefined ? { end_timestamp: String(end) } : {}),
          },
          pageSize,
        );
        const expected = expectedPoints(scopes[scope]!, metric, interval).filter(
          (p) => (start === undefined || p.timestamp >= start) && (end === undefined || p.timestamp <= end),
        );
        expectSamePoints(pages.flat(), expected, `${scope} ${metric} ${interval} [${start}, ${end}]`);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses bad input naming the field, and an unknown chain as NOT_FOUND', async function () {
    const valid = { chain_id: 'total', metric: 'txCount', time_interval: 'day', page_size: 10 };
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['an unknown metric', { ...valid, metric: 'txCounts' }, 'invalid_argument', /^metric: /],
      ['a metric of another API', { ...valid, metric: 'validatorCount' }, 'invalid_argument', /^metric: /],
      ['an unknown interval', { ...valid, time_interval: 'year' }, 'invalid_argument', /^timeInterval: /],
      ['page_size 2161', { ...valid, page_size: 2161 }, 'invalid_argument', /^pageSize: /],
      ['a negative-looking chain', { ...valid, chain_id: '-1' }, 'invalid_argument', /^chainId: /],
      ['a named chain', { ...valid, chain_id: 'c-chain' }, 'invalid_argument', /^chainId: /],
      ['a chain not followed', { ...valid, chain_id: '1' }, 'not_found', /^chainId: /],
      [
        'an end before the start',
        { ...valid, start_timestamp: '100', end_timestamp: '99' },
        'invalid_argument',
        /^endTimestamp: /,
      ],
      ['a cursor not handed out', { ...valid, cursor: 'abc' }, 'invalid_argument', /^pageToken: /],
      ...(['hour', 'week', 'month'] as const).flatMap((interval) =>
        METRICS.filter((m) => !allowed(m, interval)).map(
          (metric): [string, Record<string, unknown>, string, RegExp] => [
            `${metric} by the ${interval}`,
            { ...valid, metric, time_interval: interval },
            'invalid_argument',
            /^timeInterval: expected day/,
          ],
        ),
      ),
    ];
    expect(cases.length).to.be.above(30);
    for (const [change, request, kind, message] of cases) {
      const err = (await rejectionOf(client.unary.GetEvmChainMetrics(request))) as DomainError;
      expect([err.kind, err.message], change).to.satisfy(
        ([k, m]: [string, string]) => k === kind && message.test(m),
        `${change}: ${err.kind} ${err.message}`,
      );
    }
    const unknown = (await rejectionOf(client.unary.GetChain({ chain_id: '1' }))) as DomainError;
    expect([unknown.kind, unknown.message]).to.satisfy(
      ([k, m]: [string, string]) => k === 'not_found' && /^chainId: /.test(m),
    );
    const network = (await rejectionOf(client.unary.ListChains({ network: 'devnet' }))) as DomainError;
    expect([network.kind, network.message]).to.satisfy(
      ([k, m]: [string, string]) => k === 'invalid_argument' && /^network: /.test(m),
    );
  });

  it('reads only a page of rows through the keys, whatever the metric', async function () {
    const { pool: recording, recorded } = recordingPool(pool);
    const reader = new RollupReader(recording);
    const range = { scope: 'total', from: 0, to: 2 ** 40, limit: 101, newestFirst: true };
    await reader.chains({ limit: 10_001 });
    await reader.chains({ afterChainId: '1', network: 'testnet', limit: 2 });
    await reader.chain(stack.chainIds.C);
    for (const interval of INTERVALS) await reader.series(interval, range);
    await reader.days(range);
    for (const having of ['previous_day', 'max_tps', 'max_gps', 'gas_price'] as const)
      await reader.days({ ...range, having });
    await expectServedByIndexes(pool, recorded, 'SELECT * FROM metrics.first_seen WHERE first_day = 0');
  });
});
