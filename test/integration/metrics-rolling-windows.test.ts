import { expect } from 'chai';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { MetricsValue__Output as Point } from '../../services/generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { rollingWindowValues } from '../../services/metrics/api/rolling-windows.ts';
import { ChainFollower, type ActivityStream } from '../../services/metrics/ingest/chain-follower.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/metrics/main.ts';
import { RollingWindowStore } from '../../services/metrics/store/rolling-windows.ts';
import { RollupWriter } from '../../services/metrics/store/writer.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { assertMetricsApiResponse, metricsApiDocument } from '../support/metrics-api-openapi.ts';
import {
  startMetricsOnDevnet,
  type MetricsOnDevnet,
  getMetricsGateway,
  startMetricsGateway,
} from '../support/metrics-devnet.ts';
import {
  expectedPoints,
  expectSamePoints,
  syntheticChain,
  type RolledUpChain as Chain,
} from '../support/metrics-model.ts';
import { expectedWindows, expectSameWindows, ROLLING_METRICS } from '../support/metrics-rolling-model.ts';
import { rejectionOf, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The rolling-window chain metrics (GetEvmChainRollingWindowMetrics, `/v2/chains/{chainId}/rollingWindowMetrics/
 * {metric}`) and the legacy `/v1/avg_tps/{chainId}`: over synthetic chains rolled up in any order and batch size,
 * and over a real devnet through evm-data, the metrics component and gateway-metrics, every metric of every scope
 * and window, at times inside the history, on hour and day boundaries and after it, equals a computation here from
 * the chains' own blocks (test/support/metrics-rolling-model.ts); the answers are the official document's; the
 * legacy route pages with UUID tokens valid 24 hours.
 */
const log = createLogger('test', 'silent');
const utc = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3_600;
const DAY = 86_400;

const time = (b: Chain['blocks'][number]) => Number(b.block_timestamp);

/** Times to ask at: before the first block, around blocks, on hour and day boundaries, and after the last. */
function timesOf(chains: Chain[]): number[] {
  const times = chains.flatMap((c) => c.blocks.map(time)).sort((a, b) => a - b);
  const [first, last] = [times[0]!, times.at(-1)!];
  const middle = times[Math.floor(times.length / 2)]!;
  const midnight = Math.floor(middle / DAY) * DAY;
  return [
    first - DAY,
    first,
    middle,
    midnight, // a day's first second: the window ends an hour later
    midnight - 1,
    Math.floor(times[Math.floor(times.length / 3)]! / HOUR) * HOUR,
    last - 7 * DAY - 1_234,
    last,
    last + 2 * HOUR,
    last + 40 * DAY,
  ];
}

describe('rolling-window metrics over synthetic chains rolled up in any order', function () {
  this.timeout(300_000);
  const CHAINS = [
    syntheticChain('1001', 'mainnet', utc('2024-02-24T05:00:00Z'), 150, 11),
    syntheticChain('2002', 'testnet', utc('2024-02-20T23:30:00Z'), 170, 12),
    syntheticChain('3003', 'testnet', utc('2024-02-27T12:00:00Z'), 100, 13),
  ];
  const scopes: Record<string, Chain[]> = {
    '1001': [CHAINS[0]!],
    '2002': [CHAINS[1]!],
    '3003': [CHAINS[2]!],
    mainnet: [CHAINS[0]!],
    testnet: [CHAINS[1]!, CHAINS[2]!],
    total: CHAINS,
  };
  let db: TestDatabase;
  let pool: Pool;
  let writer: RollupWriter;

  function streamOf(chains: Chain[]): ActivityStream {
    return async function* (evmChainId, afterBlock) {
      const chain = chains.find((c) => c.evmChainId === evmChainId)!;
      for (let n = afterBlock === undefined ? 0 : Number(afterBlock) + 1; n < chain.blocks.length; n++) {
        await new Promise((resolve) => setImmediate(resolve));
        yield chain.blocks[n]!;
      }
    };
  }

  async function rollUp(chains: Chain[], batchBlocks: number, concurrently: boolean): Promise<void> {
    const one = async (chain: Chain) => {
      await writer.registerChain(chain.evmChainId, chain.network);
      const follower = new ChainFollower({
        chain,
        stream: streamOf(chains),
        writer,
        batchBlocks,
        pollIntervalMs: 10,
        maxBackoffMs: 10,
        log,
      });
      await follower.reposition();
      while ((await follower.step(new AbortController().signal)) === 'more');
    };
    if (concurrently) await Promise.all(chains.map(one));
    else for (const chain of chains) await one(chain);
  }

  /** The rows the windows read beyond metrics.series: hours, and days with their running totals and maxima. */
  async function windowRows(): Promise<string[]> {
    const hours = await pool.query<{ row: string }>(
      'SELECT h::text AS row FROM metrics.hours h ORDER BY scope, hour',
    );
    const days = await pool.query<{ row: string }>(
      'SELECT d::text AS row FROM metrics.days d ORDER BY scope, day',
    );
    return [...hours.rows, ...days.rows].map((r) => r.row);
  }

  before(async function () {
    db = await createTestDatabase();
    pool = createPool(db.url, 'metrics-rolling-windows-test');
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
    writer = new RollupWriter(pool);
  });
  after(async function () {
    await pool?.end();
    await db?.drop();
  });

  it('gives every metric over every window, at any time, as computed from the blocks, for every scope', async function () {
    await rollUp(CHAINS, 25, false);
    const store = new RollingWindowStore(pool);
    const times = timesOf(CHAINS);
    // The history spans weeks, with gaps of days: the windows differ from each other.
    const total = expectedWindows(CHAINS, 'txCount', times[2]!);
    expect(new Set(Object.values(total)).size).to.be.at.least(4);
    let compared = 0;
    // A chain alone, two chains of a network, and all three (the scopes the writer shares between chains).
    for (const scope of ['1001', 'testnet', 'total'])
      for (const at of times)
        for (const metric of ROLLING_METRICS) {
          const actual = await rollingWindowValues(store, scope, metric, at);
          expectSameWindows(
            actual,
            expectedWindows(scopes[scope]!, metric, at),
            `${scope} ${metric} at ${at}`,
          );
          compared += Object.keys(actual).length;
        }
    expect(compared).to.be.above(1_500);
  });

  it('a replay from zero, in other batches and with the chains all at once, stores the same hours and totals', async function () {
    const reference = await windowRows();
    for (const [batchBlocks, order, concurrently] of [
      [7, [2, 0, 1], true],
      [4, [1, 2, 0], false],
    ] as const) {
      await pool.query(
        `TRUNCATE metrics.chains, metrics.series, metrics.bucket_members, metrics.first_seen, metrics.days,
                  metrics.hours, metrics.refreshes`,
      );
      await rollUp(
        order.map((i) => CHAINS[i]!),
        batchBlocks,
        concurrently,
      );
      expect(await windowRows(), `batches of ${batchBlocks}, order ${order.join()}`).to.deep.equal(reference);
    }
  });

  it('reads every window through the keys, at most a year of days and the hours around them', async function () {
    const { pool: recording, recorded } = recordingPool(pool);
    const store = new RollingWindowStore(recording);
    const at = timesOf(CHAINS)[2]!;
    for (const metric of [
      'txCount',
      'avgTps',
      'maxGasPrice',
      'deployers',
      'activeAddresses',
      'activeSenders',
    ] as const)
      await rollingWindowValues(store, 'total', metric, at);
    expect(recorded.length).to.be.above(20);
    await expectServedByIndexes(pool, recorded, 'SELECT * FROM metrics.first_seen WHERE first_day = 0');
  });
});

type Metrics = GrpcServiceClient<MetricsProto['chaindata']['metrics']['v1']['MetricsService']['service']>;

/** The devnet's history: nine days from a Saturday, a block every 1.5 hours (so some hours have none). */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'metrics-rolling-windows-test',
  genesisTimeSeconds: 1_783_123_200n, // 2026-07-04T00:00:00Z
  historySeconds: 9n * 86_400n,
  blockIntervalSeconds: 5_400n,
  accounts: 10,
};

const ROLLING_PATH = '/v2/chains/{chainId}/rollingWindowMetrics/{metric}';

describe('rolling-window metrics and /v1/avg_tps over a devnet', function () {
  this.timeout(600_000);
  let running: MetricsOnDevnet | undefined;
  let gateway: RunningComponent | undefined;
  let client: Metrics;
  let baseUrl: string;
  let scopes: Record<string, Chain[]>;
  let chainIds: MetricsOnDevnet['stack']['chainIds'];
  const started = Math.floor(Date.now() / 1000);

  before(async function () {
    running = await startMetricsOnDevnet(PARAMETERS);
    ({ scopes } = running);
    chainIds = running.stack.chainIds;
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, running.address, 30_000);
    ({ gateway, baseUrl } = await startMetricsGateway(running.address));
  });
  after(async function () {
    client?.close();
    await gateway?.stop();
    await running?.stop();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') {
      console.error(running?.component.output().slice(-3_000));
      console.error(gateway?.output().slice(-3_000));
    }
  });

  const get = (path: string, query: Record<string, string | undefined> = {}) =>
    getMetricsGateway(baseUrl, path, query);

  it('gives every metric over every window at times in and after the history, for a chain, testnet and total', async function () {
    const times = timesOf(scopes.total!);
    for (const scope of [chainIds.L1, 'testnet', 'total'])
      for (const at of times)
        for (const metric of ROLLING_METRICS) {
          const { result } = await client.unary.GetEvmChainRollingWindowMetrics({
            chain_id: scope,
            metric,
            at: String(at),
          });
          // Set optional fields come with proto-loader's synthetic oneof keys (`_lastHour`): the windows only.
          const windows = Object.fromEntries(
            Object.entries(result ?? {}).filter(
              ([key, value]) => !key.startsWith('_') && value !== undefined,
            ),
          );
          expectSameWindows(
            windows,
            expectedWindows(scopes[scope]!, metric, at),
            `${scope} ${metric} at ${at}`,
          );
        }
    // Contracts and deployers exist in the history, and the last day differs from the last week.
    const end = times[7]!;
    for (const metric of ['contracts', 'deployers', 'activeAddresses'] as const)
      expect(expectedWindows(scopes.total!, metric, end).lastWeek, metric).to.be.above(0);
    const txs = expectedWindows(scopes.total!, 'txCount', end);
    expect(txs.lastDay).to.be.below(txs.lastWeek!);
    // No mainnet chain: zero sums, no averages.
    expect(
      (await client.unary.GetEvmChainRollingWindowMetrics({ chain_id: 'mainnet', metric: 'txCount' })).result,
    ).to.deep.include({ lastHour: 0, allTime: 0 });
  });

  it('refuses bad input naming the field, and an unknown chain as NOT_FOUND', async function () {
    const valid = { chain_id: 'total', metric: 'txCount' };
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      [
        'a metric of the series only',
        { ...valid, metric: 'cumulativeTxCount' },
        'invalid_argument',
        /^metric: /,
      ],
      ['an unknown metric', { ...valid, metric: 'txCounts' }, 'invalid_argument', /^metric: /],
      ['a named chain', { ...valid, chain_id: 'c-chain' }, 'invalid_argument', /^chainId: /],
      ['a signed chain id', { ...valid, chain_id: '-1' }, 'invalid_argument', /^chainId: /],
      ['a chain not followed', { ...valid, chain_id: '1' }, 'not_found', /^chainId: /],
      ['a time beyond a safe integer', { ...valid, at: '9007199254740993' }, 'invalid_argument', /^at: /],
    ];
    for (const [change, request, kind, message] of cases) {
      const err = (await rejectionOf(client.unary.GetEvmChainRollingWindowMetrics(request))) as DomainError;
      expect([err.kind, err.message], change).to.satisfy(
        ([k, m]: [string, string]) => k === kind && message.test(m),
        `${change}: ${err.kind} ${err.message}`,
      );
    }
    const avg: [string, Record<string, unknown>, RegExp][] = [
      ['a malformed token', { chain_id: 'total', page_token: 'abc' }, /^pageToken: /],
      ['an unknown token', { chain_id: 'total', page_token: crypto.randomUUID() }, /^pageToken: .*restart/],
      ['page_size 0', { chain_id: 'total', page_size: 0 }, /^pageSize: /],
      ['a named chain', { chain_id: 'c-chain' }, /^chainId: /],
    ];
    for (const [change, request, message] of avg) {
      const err = (await rejectionOf(client.unary.GetAvgTps(request))) as DomainError;
      expect([err.kind, err.message], change).to.satisfy(
        ([k, m]: [string, string]) => k === 'invalid_argument' && message.test(m),
        `${change}: ${err.kind} ${err.message}`,
      );
    }
  });

  it('serves the rolling windows over HTTP as the official document describes them, up to now', async function () {
    for (const scope of [chainIds.C, 'testnet', 'total'])
      for (const metric of ROLLING_METRICS) {
        const at = Math.floor(Date.now() / 1000);
        const answer = await get(`/v2/chains/${scope}/rollingWindowMetrics/${metric}`);
        assertMetricsApiResponse('GET', ROLLING_PATH, answer.status, answer.body);
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        // Unless the hour turned meanwhile, the windows end with this hour.
        if (Math.floor(Date.now() / 1000 / HOUR) !== Math.floor(at / HOUR)) continue;
        const { result } = answer.body as { result: Record<string, number> };
        expectSameWindows(result, expectedWindows(scopes[scope]!, metric, at), `${scope} ${metric} now`);
      }
    // The history is months old: only the last year and all time hold it.
    const now = (await get(`/v2/chains/total/rollingWindowMetrics/txCount`)).body as {
      result: Record<string, number>;
    };
    expect(now.result.lastYear).to.be.above(0);
    expect(now.result.lastMonth).to.equal(0);
  });

  it('refuses bad input over HTTP with a 400 naming the parameter, an unknown chain with a 404', async function () {
    const cases: [string, string, Record<string, string>, number, string][] = [
      ['a series-only metric', '/v2/chains/total/rollingWindowMetrics/cumulativeTxCount', {}, 400, 'metric'],
      ['an unknown metric', '/v2/chains/total/rollingWindowMetrics/tps', {}, 400, 'metric'],
      ['a named chain', '/v2/chains/c-chain/rollingWindowMetrics/txCount', {}, 400, 'chainId'],
      ['leading zeros', '/v2/chains/043113/rollingWindowMetrics/txCount', {}, 400, 'chainId'],
      ['a chain not followed', '/v2/chains/1/rollingWindowMetrics/txCount', {}, 404, 'chainId'],
    ];
    for (const [change, path, query, status, parameter] of cases) {
      const answer = await get(path, query);
      assertMetricsApiResponse('GET', ROLLING_PATH, answer.status, answer.body);
      expect(answer.status, `${change}: ${JSON.stringify(answer.body)}`).to.equal(status);
      const { message } = answer.body as { message: string };
      expect(message, change).to.match(new RegExp(`^${parameter}: `));
      if (status === 400) expect(message, change).to.match(/^\w+: expected /);
    }
    const legacy: [string, string, Record<string, string>, string][] = [
      ['a named chain', '/v1/avg_tps/c-chain', {}, 'chainId'],
      ['a malformed token', '/v1/avg_tps/total', { pageToken: 'not-a-uuid' }, 'pageToken'],
      ['an unknown token', '/v1/avg_tps/total', { pageToken: crypto.randomUUID() }, 'pageToken'],
    ];
    for (const [change, path, query, parameter] of legacy) {
      const answer = await get(path, query);
      expect(answer.status, `${change}: ${JSON.stringify(answer.body)}`).to.equal(400);
      expect(answer.body, change).to.deep.include({ statusCode: 400, error: 'Bad Request' });
      expect((answer.body as { message: string }).message, change).to.match(new RegExp(`^${parameter}: `));
    }
    expect((await get('/v1/avg_tps/1')).status).to.equal(404);
  });

  it('pages /v1/avg_tps with UUID tokens: every daily point once, newest first, whatever the page size', async function () {
    for (const scope of [chainIds.C, 'total']) {
      const expected = expectedPoints(scopes[scope]!, 'avgTps', 'day');
      expect(expected.length).to.be.above(5);
      for (const pageSize of [1, 2, 3, 100]) {
        const points: Point[] = [];
        let token = '';
        let pages = 0;
        do {
          const page = await client.unary.GetAvgTps({
            chain_id: scope,
            page_token: token,
            page_size: pageSize,
          });
          expect(page.status).to.equal(200);
          expect(page.lastRun).to.be.within(started - 5, Math.floor(Date.now() / 1000) + 5);
          expect(page.results.length).to.be.at.most(pageSize);
          points.push(...page.results);
          token = page.nextPageToken ?? '';
          if (token !== '')
            expect(token).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
          expect(++pages).to.be.below(100);
        } while (token !== '');
        expect(pages).to.equal(Math.max(1, Math.ceil(expected.length / pageSize)));
        expectSamePoints(points, expected, `${scope} avg_tps by ${pageSize}`);
      }
    }
    // Over HTTP: the legacy body, one page of 100 days here.
    const answer = await get(`/v1/avg_tps/${chainIds.L1}`);
    expect(answer.status).to.equal(200);
    const body = answer.body as { results: Point[]; status: number; lastRun: number };
    expect(Object.keys(body)).to.deep.equal(['results', 'status', 'lastRun']);
    expect(body.status).to.equal(200);
    expectSamePoints(body.results, expectedPoints(scopes[chainIds.L1]!, 'avgTps', 'day'), 'L1 avg_tps');
  });

  it('takes a token for 24 hours from its creation: an expired one is a 400 saying to restart from the first page', async function () {
    const expected = expectedPoints(scopes.total!, 'avgTps', 'day');
    const first = await client.unary.GetAvgTps({ chain_id: 'total', page_token: '', page_size: 2 });
    const token = first.nextPageToken!;
    // The gateway passes the service's token on: the rest of the listing, 100 a page.
    const rest = await get('/v1/avg_tps/total', { pageToken: token });
    expect(rest.status).to.equal(200);
    expectSamePoints((rest.body as { results: Point[] }).results, expected.slice(2), 'after the first page');
    // Another chain's listing does not continue from it.
    const other = await get(`/v1/avg_tps/${chainIds.C}`, { pageToken: token });
    expect(other.status).to.equal(400);
    expect((other.body as { message: string }).message).to.match(/^pageToken: /);
    // A day later it has expired.
    await running!.pool.query(
      "UPDATE metrics.page_tokens SET created_at = now() - interval '24 hours 1 second' WHERE token = $1",
      [token],
    );
    const expired = await get('/v1/avg_tps/total', { pageToken: token });
    expect(expired.status).to.equal(400);
    expect((expired.body as { message: string }).message).to.match(
      /^pageToken: expected a page token issued in the last 24 hours, .*restart from the first page/,
    );
    // Issuing a token prunes the expired ones.
    await client.unary.GetAvgTps({ chain_id: 'total', page_token: '', page_size: 1 });
    const { rows } = await running!.pool.query('SELECT 1 FROM metrics.page_tokens WHERE token = $1', [token]);
    expect(rows).to.have.length(0);
  });

  it('describes both routes at /openapi.json: the rolling windows as the official document, avg_tps as an extra', async function () {
    const own = (await get('/openapi.json')).body as {
      paths: Record<
        string,
        { get: Record<string, unknown> & { parameters: { name: string; in: string }[] } }
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const official = metricsApiDocument();
    const mine = own.paths[ROLLING_PATH]!.get;
    const theirs = official.paths[ROLLING_PATH]!.get!;
    expect(mine.operationId).to.equal(theirs.operationId);
    const names = (ps: { name: string; in: string }[] | undefined) =>
      (ps ?? []).map((p) => `${p.in} ${p.name}`).sort();
    expect(names(mine.parameters)).to.deep.equal(names(theirs.parameters));
    expect(official.paths).not.to.have.property('/v1/avg_tps/{chainId}');
    const legacy = own.paths['/v1/avg_tps/{chainId}']!.get;
    expect(legacy['x-chain-data-extra']).to.equal(true);
    expect(names(legacy.parameters)).to.deep.equal(['path chainId', 'query pageToken']);
    expect(Object.keys(own.components.schemas.AvgTpsResponse!.properties!)).to.deep.equal([
      'results',
      'status',
      'lastRun',
      'nextPageToken',
    ]);
  });
});
