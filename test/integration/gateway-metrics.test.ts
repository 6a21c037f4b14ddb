import { Avalanche } from '@avalanche-sdk/chainkit';
import { expect } from 'chai';
import fc from 'fast-check';
import type { MetricsValue__Output as Point } from '../../services/generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import {
  startMetricsOnDevnet,
  type MetricsOnDevnet,
  startMetricsGateway,
} from '../support/metrics-devnet.ts';
import { assertMetricsApiResponse, metricsApiDocument } from '../support/metrics-api-openapi.ts';
import {
  allowed,
  expectedPoints,
  expectSamePoints,
  INTERVALS,
  METRICS,
  type Interval,
  type Metric,
} from '../support/metrics-model.ts';
import { freePort, startComponent, type RunningComponent } from '../support/processes.ts';

/**
 * gateway-metrics, the Metrics API's gateway, in front of the real metrics component fed by a real evm-data that
 * indexed a devnet (the setup of metrics-api.test.ts): every answer is the official Metrics API document's, every
 * value equals the computation from the devnet's own blocks (test/support/metrics-model.ts), page tokens give every
 * point exactly once, bad input is a 400 naming the parameter, every path of the document is served (the routes other
 * than the chain metrics have their own suites: metrics-rolling-windows, -icm, -staking, -looking-glass), a path
 * outside it is a 404, and the official SDK's metrics client works against it.
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'gateway-metrics-test',
  genesisTimeSeconds: 1_769_817_600n, // 2026-01-31T00:00:00Z, a Saturday
  historySeconds: 3n * 86_400n,
  blockIntervalSeconds: 1_800n,
  accounts: 10,
};

const METRICS_PATH = '/v2/chains/{chainId}/metrics/{metric}';
/** Served beside the document's paths: the legacy route §4.5 names. */
const LEGACY = '/v1/avg_tps/{chainId}';

interface Answer {
  status: number;
  body: unknown;
}

describe('gateway-metrics (the Metrics API)', function () {
  this.timeout(600_000);
  let running: MetricsOnDevnet | undefined;
  let gateway: RunningComponent | undefined;
  let baseUrl: string;
  let scopes: Record<string, MetricsOnDevnet['scopes'][string]>;
  let chainIds: MetricsOnDevnet['stack']['chainIds'];

  before(async function () {
    running = await startMetricsOnDevnet(PARAMETERS);
    ({ scopes } = running);
    chainIds = running.stack.chainIds;
    ({ gateway, baseUrl } = await startMetricsGateway(running.address));
  });
  after(async function () {
    await gateway?.stop();
    await running?.stop();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.error(gateway?.output().slice(-3_000));
  });

  async function get(path: string, query: Record<string, string | number | undefined> = {}): Promise<Answer> {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await fetch(url);
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

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
    const sdk = new Avalanche({ serverURL: baseUrl });
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
