import { expect } from 'chai';
import fc from 'fast-check';
import type { ProtoGrpcType as EvmDataProto } from '../../services/generated/proto/evm_data.ts';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { MetricsValue__Output as Point } from '../../services/generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import type { Pool } from '../../services/runtime/database/pool.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { RollupReader } from '../../services/metrics/store/reader.ts';
import type { EvmDataStack } from '../support/evm-data-stack.ts';
import {
  allowed,
  bucketOf,
  DAY,
  expectedPoints,
  expectSamePoints,
  INTERVALS,
  METRICS,
  time,
  type RolledUpChain,
} from '../support/metrics-model.ts';
import { rejectionOf, type RunningComponent } from '../support/processes.ts';
import { startMetricsOnDevnet, type MetricsOnDevnet } from '../support/metrics-devnet.ts';
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

type Metrics = GrpcServiceClient<MetricsProto['chaindata']['metrics']['v1']['MetricsService']['service']>;

describe('the metrics gRPC API', function () {
  this.timeout(600_000);
  let running: MetricsOnDevnet | undefined;
  let stack: EvmDataStack;
  let pool: Pool;
  let component: RunningComponent | undefined;
  let client: Metrics;
  let scopes: Record<string, RolledUpChain[]>;

  before(async function () {
    running = await startMetricsOnDevnet(PARAMETERS);
    ({ stack, pool, component, scopes } = running);
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, running.address, 30_000);
  });
  after(async function () {
    client?.close();
    await running?.stop();
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
