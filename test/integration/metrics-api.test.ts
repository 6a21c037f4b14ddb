import { officialSdk } from '../support/chainkit.ts';
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
  type Interval,
  type Metric,
  type RolledUpChain,
} from '../support/metrics-model.ts';
import { freePort, rejectionOf, startComponent, type RunningComponent } from '../support/processes.ts';
import {
  getMetricsGateway,
  startMetricsGateway,
  startMetricsOnDevnet,
  type MetricsOnDevnet,
} from '../support/metrics-devnet.ts';
import { assertMetricsApiResponse, metricsApiDocument } from '../support/metrics-api-openapi.ts';
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

const METRICS_PATH = '/v2/chains/{chainId}/metrics/{metric}';
/** Served beside the document's paths: the legacy route §4.5 names. */
const LEGACY = '/v1/avg_tps/{chainId}';

interface Answer {
  status: number;
  body: unknown;
}

/** One devnet, evm-data and metrics component, and a gateway in front, for both suites of this file. */
let running: MetricsOnDevnet | undefined;
let gateway: RunningComponent | undefined;
let baseUrl: string;

before(async function () {
  this.timeout(600_000);
  running = await startMetricsOnDevnet(PARAMETERS);
  ({ gateway, baseUrl } = await startMetricsGateway(running.address));
});
after(async function () {
  await gateway?.stop();
  await running?.stop();
});

describe('the metrics gRPC API', function () {
  this.timeout(600_000);
  let stack: EvmDataStack;
  let pool: Pool;
  let component: RunningComponent | undefined;
  let client: Metrics;
  let scopes: Record<string, RolledUpChain[]>;

  before(function () {
    ({ stack, pool, component, scopes } = running!);
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, running!.address, 30_000);
  });
  after(function () {
    client?.close();
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

/**
 * gateway-metrics, the Metrics API's gateway, in front of the real metrics component fed by a real evm-data that
 * indexed a devnet: every answer is the official Metrics API document's, every
 * value equals the computation from the devnet's own blocks (test/support/metrics-model.ts), page tokens give every
 * point exactly once, bad input is a 400 naming the parameter, every path of the document is served (the routes other
 * than the chain metrics have their own suites: metrics-rolling-windows, -icm, -staking, -looking-glass), a path
 * outside it is a 404, and the official SDK's metrics client works against it.
 */
describe('gateway-metrics (the Metrics API)', function () {
  this.timeout(600_000);
  let scopes: Record<string, MetricsOnDevnet['scopes'][string]>;
  let chainIds: MetricsOnDevnet['stack']['chainIds'];

  before(function () {
    ({ scopes } = running!);
    chainIds = running!.stack.chainIds;
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.error(gateway?.output().slice(-3_000));
  });

  const get = (path: string, query: Record<string, string | number | undefined> = {}): Promise<Answer> =>
    getMetricsGateway(baseUrl, path, query);

  /** GET, checked against the document's response for `template` and the status it answered with. */
  async function documented(
    template: string,
    path: string,
    query: Record<string, string | number | undefined> = {},
  ): Promise<Answer> {
    const answer = await get(path, query);
    assertMetricsApiResponse('GET', template, answer.status, answer.body);
    return answer;
  }

  async function metricPoints(
    chainId: string,
    metric: string,
    query: Record<string, string | number | undefined>,
  ): Promise<{ results: Point[]; nextPageToken?: string }> {
    const answer = await documented(METRICS_PATH, `/v2/chains/${chainId}/metrics/${metric}`, query);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body as { results: Point[]; nextPageToken?: string };
  }

  /** Every page of a query, following the page tokens. */
  async function allPages(
    chainId: string,
    metric: string,
    query: Record<string, string | number | undefined>,
  ) {
    const pages: Point[][] = [];
    let pageToken: string | undefined;
    do {
      const page = await metricPoints(chainId, metric, { ...query, pageToken });
      if (typeof query.pageSize === 'number') expect(page.results.length).to.be.at.most(query.pageSize);
      pages.push(page.results);
      pageToken = page.nextPageToken;
      expect(pages.length).to.be.below(1_000);
    } while (pageToken !== undefined);
    return pages;
  }

  it('lists and gets the chains, filtered by network, as the document describes them', async function () {
    const all = await documented('/v2/chains', '/v2/chains');
    expect(all.status).to.equal(200);
    const chains = (all.body as { chains: { evmChainId: number; network: string }[] }).chains;
    expect(chains.map((c) => String(c.evmChainId))).to.have.members([chainIds.C, chainIds.L1]);
    expect(all.body).not.to.have.property('nextPageToken');
    for (const network of ['fuji', 'testnet'])
      expect((await documented('/v2/chains', '/v2/chains', { network })).body).to.deep.equal(all.body);
    expect((await documented('/v2/chains', '/v2/chains', { network: 'mainnet' })).body).to.deep.equal({
      chains: [],
    });
    for (const chain of chains) {
      const one = await documented('/v2/chains/{chainId}', `/v2/chains/${chain.evmChainId}`);
      expect(one).to.deep.equal({ status: 200, body: chain });
    }
    const unknown = await documented('/v2/chains/{chainId}', '/v2/chains/1');
    expect(unknown.status).to.equal(404);
    expect((unknown.body as { message: string }).message).to.match(/^chainId: /);
  });

  it('gives every metric at every interval it allows as computed from the devnet, for a chain, testnet and total', async function () {
    for (const scope of [chainIds.C, 'testnet', 'total']) {
      for (const metric of METRICS) {
        for (const interval of INTERVALS.filter((i) => allowed(metric, i))) {
          const expected = expectedPoints(scopes[scope]!, metric, interval);
          expect(expected.length, `${scope} ${metric} ${interval}`).to.be.above(0);
          const page = await metricPoints(scope, metric, { timeInterval: interval, pageSize: 2160 });
          expect(page).not.to.have.property('nextPageToken');
          expectSamePoints(page.results, expected, `${scope} ${metric} ${interval}`);
        }
      }
    }
    // The defaults: the day, 100 points a page.
    const days = await metricPoints('total', 'txCount', {});
    expectSamePoints(
      days.results,
      expectedPoints(scopes.total!, 'txCount', 'day'),
      'total txCount by default',
    );
    const hours = expectedPoints(scopes.total!, 'txCount', 'hour');
    const firstHours = await metricPoints('total', 'txCount', { timeInterval: 'hour' });
    expectSamePoints(firstHours.results, hours.slice(0, 100), 'the newest 100 hours');
    expect(firstHours.nextPageToken !== undefined).to.equal(hours.length > 100);
    expect((await metricPoints('mainnet', 'txCount', { timeInterval: 'hour' })).results).to.deep.equal([]);
  });

  it('pages with page tokens so that any page size yields every point exactly once, newest first (property)', async function () {
    const queries = fc.record({
      scope: fc.constantFrom(chainIds.C, chainIds.L1, 'testnet', 'total'),
      metric: fc.constantFrom(...METRICS),
      interval: fc.constantFrom(...INTERVALS),
      pageSize: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 })),
      start: fc.option(fc.integer({ min: 1_769_817_600 - 86_400, max: 1_769_817_600 + 4 * 86_400 }), {
        nil: undefined,
      }),
    });
    await fc.assert(
      fc.asyncProperty(queries, async ({ scope, metric, interval: wanted, pageSize, start }) => {
        const interval: Interval = allowed(metric, wanted) ? wanted : 'day';
        const pages = await allPages(scope, metric, {
          timeInterval: interval,
          pageSize,
          startTimestamp: start,
        });
        const expected = expectedPoints(scopes[scope]!, metric, interval).filter(
          (p) => start === undefined || p.timestamp >= start,
        );
        expectSamePoints(pages.flat(), expected, `${scope} ${metric} ${interval} from ${start}`);
      }),
      { numRuns: 40 },
    );
  });

  it('binds a page token to its query: another query, or a token not handed out, is a 400 naming pageToken', async function () {
    const first = await metricPoints('total', 'txCount', { timeInterval: 'hour', pageSize: 5 });
    const token = first.nextPageToken!;
    expect(token).to.be.a('string');
    for (const [other, query] of [
      ['another metric', ['total', 'gasUsed', { timeInterval: 'hour', pageSize: 5, pageToken: token }]],
      ['another scope', [chainIds.C, 'txCount', { timeInterval: 'hour', pageSize: 5, pageToken: token }]],
      ['another interval', ['total', 'txCount', { timeInterval: 'day', pageSize: 5, pageToken: token }]],
      ['a token not handed out', ['total', 'txCount', { timeInterval: 'hour', pageToken: 'not-a-token' }]],
    ] as const) {
      const [chainId, metric, q] = query;
      const answer = await documented(METRICS_PATH, `/v2/chains/${chainId}/metrics/${metric}`, q);
      expect(answer.status, other).to.equal(400);
      expect((answer.body as { message: string }).message, other).to.match(/^pageToken: /);
    }
    // The same query with another page size continues where the token points.
    const next = await metricPoints('total', 'txCount', {
      timeInterval: 'hour',
      pageSize: 7,
      pageToken: token,
    });
    const hours = expectedPoints(scopes.total!, 'txCount', 'hour');
    expectSamePoints(next.results, hours.slice(5, 12), 'the page after the first five hours');
  });

  it('refuses bad input with a 400 in the documented body naming the parameter and what was expected', async function () {
    const cases: [string, string, Record<string, string>, string][] = [
      ['an unknown metric', '/v2/chains/total/metrics/txCounts', {}, 'metric'],
      ['a metric of another API', '/v2/chains/total/metrics/validatorCount', {}, 'metric'],
      ['a chain id with a sign', '/v2/chains/-1/metrics/txCount', {}, 'chainId'],
      ['a chain id with leading zeros', '/v2/chains/043113/metrics/txCount', {}, 'chainId'],
      ['a named chain', '/v2/chains/c-chain/metrics/txCount', {}, 'chainId'],
      ['a negative start', '/v2/chains/total/metrics/txCount', { startTimestamp: '-1' }, 'startTimestamp'],
      [
        'a start that is not a number',
        '/v2/chains/total/metrics/txCount',
        { startTimestamp: 'x' },
        'startTimestamp',
      ],
      ['a fractional end', '/v2/chains/total/metrics/txCount', { endTimestamp: '1.5' }, 'endTimestamp'],
      [
        'an end before the start',
        '/v2/chains/total/metrics/txCount',
        { startTimestamp: '100', endTimestamp: '99' },
        'endTimestamp',
      ],
      ['an unknown interval', '/v2/chains/total/metrics/txCount', { timeInterval: 'year' }, 'timeInterval'],
      ['pageSize 0', '/v2/chains/total/metrics/txCount', { pageSize: '0' }, 'pageSize'],
      ['pageSize 2161', '/v2/chains/total/metrics/txCount', { pageSize: '2161' }, 'pageSize'],
      ['pageSize ten', '/v2/chains/total/metrics/txCount', { pageSize: 'ten' }, 'pageSize'],
      ['a malformed page token', '/v2/chains/total/metrics/txCount', { pageToken: '%%%' }, 'pageToken'],
      ['an unknown network', '/v2/chains', { network: 'devnet' }, 'network'],
      ['a malformed list page token', '/v2/chains', { pageToken: 'abc' }, 'pageToken'],
      ['a chain name', '/v2/chains/c-chain', {}, 'chainId'],
      ['a scope as a chain', '/v2/chains/total', {}, 'chainId'],
      ...(['hour', 'week', 'month'] as const).flatMap((interval) =>
        METRICS.filter((m: Metric) => !allowed(m, interval)).map(
          (metric): [string, string, Record<string, string>, string] => [
            `${metric} by the ${interval}`,
            `/v2/chains/total/metrics/${metric}`,
            { timeInterval: interval },
            'timeInterval',
          ],
        ),
      ),
    ];
    expect(cases.length).to.be.above(30);
    for (const [change, path, query, parameter] of cases) {
      const template = path.includes('/metrics/')
        ? METRICS_PATH
        : path === '/v2/chains'
          ? '/v2/chains'
          : '/v2/chains/{chainId}';
      const answer = await documented(template, path, query);
      expect(answer.status, `${change}: ${JSON.stringify(answer.body)}`).to.equal(400);
      const { message, error, statusCode } = answer.body as {
        message: string;
        error: string;
        statusCode: number;
      };
      expect([statusCode, error], change).to.deep.equal([400, 'Bad Request']);
      expect(message, change).to.match(new RegExp(`^${parameter}: `));
      // What was expected: said outright, or (a page token) what the token lacks.
      if (parameter !== 'pageToken') expect(message, change).to.match(/^\w+: (is required: )?expected /);
    }
  });

  it('serves every path of the document, and answers a path outside it as the real API does: a 404', async function () {
    const document = metricsApiDocument();
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations ?? {})) {
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'chainId' ? chainIds.C : name === 'network' ? 'fuji' : 'x',
        );
        const response = await fetch(new URL(path, baseUrl), {
          method: method.toUpperCase(),
          ...(method === 'post' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
        });
        const body = (await response.json()) as { message: string | string[] };
        // Whatever the answer (a page, a 400 for the placeholder ids, a 400 for what is not served), not "no route".
        assertMetricsApiResponse(method, template, response.status, body);
        expect(String(body.message), `${method} ${template}`).not.to.match(/^Cannot /);
      }
    }
    for (const path of ['/v2/chains/43113/metric/txCount', '/v1/chains', '/v3/chains']) {
      const response = await fetch(new URL(path, baseUrl));
      expect(response.status, path).to.equal(404);
      expect(((await response.json()) as { message: string }).message).to.equal(`Cannot GET ${path}`);
    }
  });

  it('answers the health and live checks as documented', async function () {
    for (const template of ['/v2/health-check', '/v2/live-check']) {
      const answer = await documented(template, template);
      expect(answer.status, template).to.equal(200);
      expect(answer.body).to.deep.include({ status: 'ok' });
    }
  });

  it('is live without the metrics service, and says it is unhealthy with the document 503', async function () {
    const [port, nowhere] = await Promise.all([freePort(), freePort()]);
    const alone = await startComponent('gateway-metrics', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      METRICS_ADDRESS: `127.0.0.1:${nowhere}`,
      LOG_LEVEL: 'warn',
    });
    try {
      const at = (path: string) => fetch(new URL(path, `http://127.0.0.1:${port}`));
      const live = await at('/v2/live-check');
      expect(live.status).to.equal(200);
      assertMetricsApiResponse('GET', '/v2/live-check', 200, await live.json());
      for (const path of ['/v2/health-check', '/v2/chains']) {
        const answer = await at(path);
        const body = (await answer.json()) as { message: string };
        expect(answer.status, path).to.equal(503);
        assertMetricsApiResponse('GET', path, 503, body);
        expect(body.message, path).not.to.include(String(nowhere));
      }
    } finally {
      await alone.stop();
    }
  });

  it('describes its routes at /openapi.json, with the document parameters, and renders them at /docs', async function () {
    const own = (await get('/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { operationId: string; parameters: { name: string; in: string }[] }>
      >;
    };
    const official = metricsApiDocument();
    expect(Object.keys(own.paths).sort()).to.deep.equal([...Object.keys(official.paths), LEGACY].sort());
    for (const [path, operations] of Object.entries(official.paths)) {
      const method = Object.keys(operations ?? {})[0] as 'get' | 'post';
      const mine = own.paths[path]![method]!;
      const theirs = official.paths[path]![method]!;
      expect(mine.operationId, path).to.equal(theirs.operationId);
      const names = (ps: { name: string; in: string }[] | undefined) =>
        (ps ?? []).map((p) => `${p.in} ${p.name}`).sort();
      expect(names(mine.parameters), path).to.deep.equal(names(theirs.parameters));
    }
    const docs = await fetch(new URL('/docs', baseUrl));
    expect(docs.status).to.equal(200);
    expect(docs.headers.get('content-type')).to.match(/^text\/html/);
    expect(await docs.text()).to.include('data-url="/openapi.json"');
  });

  it("works with the official SDK's metrics client", async function () {
    const sdk = officialSdk({ serverURL: baseUrl });
    const options = { serverURL: baseUrl, retries: { strategy: 'none' as const } };
    expect((await sdk.metrics.healthCheck(options)).status).to.equal('ok');
    expect((await sdk.metrics.liveCheck(options)).status).to.equal('ok');
    const list = await sdk.metrics.chains.list({ network: 'testnet' }, options);
    expect(list.result.chains.map((c) => String(c.evmChainId))).to.have.members([chainIds.C, chainIds.L1]);
    const chain = await sdk.metrics.chains.get({ chainId: chainIds.L1 }, options);
    expect(String(chain.evmChainId)).to.equal(chainIds.L1);
    // Paged by the SDK's own iterator, following nextPageToken.
    const points: Point[] = [];
    const pages = await sdk.metrics.chains.getMetrics(
      { chainId: 'total', metric: 'activeAddresses', timeInterval: 'hour', pageSize: 17 },
      options,
    );
    for await (const page of pages) points.push(...page.result.results);
    expectSamePoints(points, expectedPoints(scopes.total!, 'activeAddresses', 'hour'), 'via the SDK');
    const refused = await sdk.metrics.chains
      .getMetrics({ chainId: 'total', metric: 'maxTps', timeInterval: 'hour' }, options)
      .then(
        () => undefined,
        (err: unknown) => err as { statusCode?: number; message: string },
      );
    expect(refused?.statusCode).to.equal(400);
    const windows = await sdk.metrics.chains.getRollingWindowMetrics(
      { chainId: 'total', metric: 'txCount' },
      options,
    );
    expect(windows.result.allTime).to.equal(
      expectedPoints(scopes.total!, 'cumulativeTxCount', 'day')[0]!.value,
    );
  });
});
