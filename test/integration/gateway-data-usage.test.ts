import { expect } from 'chai';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { Edge } from '../../services/edge/edge.ts';
import { KeyDirectory } from '../../services/edge/keys/key-directory.ts';
import { DEFAULT_TIERS } from '../../services/edge/limits/tiers.ts';
import { DATA_API } from '../../services/edge/limits/weights.ts';
import { openKeyStore } from '../../services/edge/start-edge.ts';
import type { ApiKeyStore } from '../../services/edge/store/api-keys.ts';
import { RequestLogWriter, type RequestLogEntry } from '../../services/edge/store/request-logs.ts';
import { UsageReader } from '../../services/edge/store/usage-reader.ts';
import type { Pool } from '../../services/runtime/database/pool.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { gatewayRequest, startTestDataGateway, type GatewayReply } from '../support/data-gateway.ts';

/**
 * The usage routes (routes/usage.ts, docs/edge.md) on real parts: keys in PostgreSQL (DATABASE_URL, else embedded),
 * request log rows written by the RequestLogWriter at chosen times, gateway-data in-process behind a real Edge, and
 * answers read over HTTP with each key: numbers as computed by hand from the rows below, every answer checked
 * against the official document.
 */
const SECRET = 'an api key secret of at least thirty-two characters';
const PAGE_SECRET = 'a page token secret of at least thirty-two chars';
const silent = pino({ level: 'silent' });

const T = {
  usage: '/v1/apiUsageMetrics',
  logs: '/v1/apiLogs',
  subnet: '/v1/subnetRpcUsageMetrics',
  primary: '/v1/primaryNetworkRpcUsageMetrics',
} as const;

const DAY = 86_400;
const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** A chain of an L1: what subnet RPC usage counts. */
const SUBNET_CHAIN = encodeCb58(new Uint8Array(32).fill(5));
const GETH = '/ext/bc/:chain/rpc';
const CHAIN = '/v1/chains/{chainId}';
const BLOCKCHAINS = '/v1/networks/{network}/blockchains';
const AGENT = 'test-agent/1';

type Row = Omit<RequestLogEntry, 'apiKeyId' | 'clientIp' | 'host' | 'userAgent'> & {
  userAgent?: string;
};

const data = (iso: string, requestPath: string, responseCode: number, credits: number, durationMs: number) =>
  ({ at: at(iso), requestType: 'data', requestPath, responseCode, credits, durationMs }) as Row;

/**
 * Key A's requests. D1 is Monday 2025-01-06; D3 the Sunday after it, D4 the Monday after that; D6 holds 23
 * requests at one instant, for paging through ties.
 */
const A_ROWS: Row[] = [
  // D1
  { ...data('2025-01-06T10:00:00Z', CHAIN, 200, 1, 10), chainId: '43114' },
  { ...data('2025-01-06T10:00:30Z', CHAIN, 200, 1, 20), chainId: '43114' },
  data('2025-01-06T10:05:00Z', BLOCKCHAINS, 404, 20, 5),
  { ...data('2025-01-06T11:00:00Z', CHAIN, 400, 1, 40), chainId: '43113' },
  {
    at: at('2025-01-06T12:00:00Z'),
    requestType: 'rpc',
    requestPath: GETH,
    chainId: 'C',
    rpcMethod: 'eth_call',
    responseCode: 200,
    credits: 10,
    durationMs: 7.5,
    userAgent: 'wallet/2',
  },
  {
    at: at('2025-01-06T13:00:00Z'),
    requestType: 'rpc',
    requestPath: GETH,
    chainId: SUBNET_CHAIN,
    rpcMethod: 'eth_blockNumber',
    responseCode: 200,
    credits: 10,
    durationMs: 3,
  },
  {
    at: at('2025-01-06T14:00:00Z'),
    requestType: 'rpc',
    requestPath: GETH,
    chainId: SUBNET_CHAIN,
    rpcMethod: 'eth_getLogs',
    responseCode: 429,
    credits: 0,
    durationMs: 1,
  },
  { ...data('2025-01-06T15:00:00Z', CHAIN, 500, 1, 100), chainId: '43114' },
  // A Metrics API request: not the Data API's usage.
  {
    at: at('2025-01-06T16:00:00Z'),
    requestType: 'metrics',
    requestPath: '/v2/chains',
    responseCode: 200,
    credits: 1,
    durationMs: 1,
  },
  // D2
  { ...data('2025-01-07T09:00:00Z', CHAIN, 200, 1, 12.5), chainId: '43114' },
  {
    at: at('2025-01-07T09:30:00Z'),
    requestType: 'rpc',
    requestPath: '/ext/info',
    rpcMethod: 'info.getNodeID',
    responseCode: 200,
    credits: 20,
    durationMs: 2,
  },
  // D3 (Sunday) and D4 (Monday): the two sides of a week's boundary.
  data('2025-01-12T23:59:59Z', '/v1/chains', 200, 1, 4),
  data('2025-01-13T00:00:00Z', '/v1/chains', 200, 1, 6),
  // D6: 23 at one instant.
  ...Array.from({ length: 23 }, () => data('2025-01-20T18:00:00Z', '/v1/chains', 200, 1, 1)),
  // D5: February.
  data('2025-02-03T08:00:00Z', '/v1/chains', 403, 200, 8),
];

const B_ROWS: Row[] = [
  { ...data('2025-01-06T10:00:00Z', CHAIN, 200, 1, 50), chainId: '43114' },
  {
    at: at('2025-01-06T10:01:00Z'),
    requestType: 'rpc',
    requestPath: GETH,
    chainId: SUBNET_CHAIN,
    rpcMethod: 'eth_chainId',
    responseCode: 200,
    credits: 1,
    durationMs: 9,
  },
];

/** A caller without a key, on the same day. */
const KEYLESS_ROWS: Row[] = [data('2025-01-06T10:00:00Z', '/v1/chains', 200, 1, 1)];

/** The members of the four answers the checks below read. */
interface Answer {
  aggregateDuration?: string;
  orgId?: string;
  chainId?: string;
  network?: string;
  metrics: {
    timestamp: number;
    values: { totalRequests: number; requestsPerSecond: number; apiCreditsWasted: number }[];
  }[];
  logs: Record<string, unknown>[];
  nextPageToken?: string;
}

describe('gateway-data usage routes (the request log)', function () {
  let db: TestDatabase;
  let pool: Pool;
  let store: ApiKeyStore;
  let gateway: { base: string; close(): Promise<void> };
  let unrecorded: { base: string; close(): Promise<void> };
  let keyA: { id: string; key: string };
  let keyB: { id: string; key: string };
  /** Key A's requests "now" and eight days ago: one inside and one outside the default range. */
  const now = Date.now();
  const recent = new Date(now - 2 * DAY * 1000);
  const old = new Date(now - 8 * DAY * 1000);

  before(async function () {
    db = await createTestDatabase();
    ({ pool, store } = await openKeyStore(db.url, SECRET, 'usage-test'));
    const a = await store.create('alpha', 'free');
    const b = await store.create('beta', 'free');
    keyA = { id: a.id, key: a.key };
    keyB = { id: b.id, key: b.key };

    const writer = new RequestLogWriter({ pool, log: silent, metrics: new Registry(), retentionDays: 3_650 });
    const entry = (apiKeyId: string | undefined, row: Row): RequestLogEntry => ({
      host: 'data.example',
      clientIp: '192.0.2.7',
      ...row,
      userAgent: row.userAgent ?? AGENT,
      apiKeyId,
    });
    const recentRows: Row[] = [data(recent.toISOString(), '/v1/chains', 200, 1, 1)];
    const oldRows: Row[] = [data(old.toISOString(), '/v1/chains', 200, 1, 1)];
    const all = [
      ...A_ROWS.map((row) => entry(keyA.id, row)),
      ...recentRows.map((row) => entry(keyA.id, row)),
      ...oldRows.map((row) => entry(keyA.id, row)),
      ...B_ROWS.map((row) => entry(keyB.id, row)),
      ...KEYLESS_ROWS.map((row) => entry(undefined, row)),
    ];
    // The days the rows fall on have their partitions (the writer makes today's and the next days' itself).
    const days = new Set(all.map((e) => Math.floor(e.at.getTime() / (DAY * 1000)) * DAY * 1000));
    for (const day of days) await writer.maintainPartitions(day);
    for (const e of all) writer.append(e);
    await writer.flush();
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM edge.request_logs');
    expect(Number(rows[0]!.n), 'rows stored').to.equal(all.length);

    const edge = new Edge({
      keys: new KeyDirectory(store, SECRET, { cacheTtlMs: 0 }),
      limiter: undefined,
      tiers: DEFAULT_TIERS,
      requestLog: undefined,
    });
    const admission = edge.restAdmission('data', DATA_API);
    gateway = await startTestDataGateway({
      admission,
      usage: new UsageReader(pool),
      pageTokenSecret: PAGE_SECRET,
    });
    unrecorded = await startTestDataGateway({ admission, pageTokenSecret: PAGE_SECRET });
  });

  after(async function () {
    await gateway?.close();
    await unrecorded?.close();
    await pool?.end();
    await db?.drop();
  });

  /** A GET with a key (A unless named), the answer checked against the official document. */
  async function get(
    template: string,
    query: string,
    key: { key: string } | null = keyA,
  ): Promise<GatewayReply> {
    const reply = await gatewayRequest(
      gateway.base,
      'GET',
      `${template}${query === '' ? '' : `?${query}`}`,
      undefined,
      key === null ? {} : { 'x-data-api-key': key.key },
    );
    assertDataApiResponse('GET', template, reply.status, reply.body);
    return reply;
  }

  async function ok(template: string, query: string, key: { key: string } = keyA): Promise<Answer> {
    const reply = await get(template, query, key);
    expect(reply.status, reply.text).to.equal(200);
    return reply.body as unknown as Answer;
  }

  const value = (
    groupedBy: string,
    groupValue: string | number | undefined,
    v: {
      total: number;
      succeeded: number;
      invalid: number;
      used: number;
      wasted: number;
      median: number;
      bucketSeconds?: number;
    },
  ) => ({
    groupedBy,
    ...(groupValue === undefined ? {} : { groupValue }),
    totalRequests: v.total,
    requestsPerSecond: v.total / (v.bucketSeconds ?? DAY),
    successRatePercent: (100 * v.succeeded) / v.total,
    medianResponseTimeMsecs: v.median,
    invalidRequests: v.invalid,
    apiCreditsUsed: v.used,
    apiCreditsWasted: v.wasted,
  });

  const D1 = seconds('2025-01-06T00:00:00Z');
  const D2 = seconds('2025-01-07T00:00:00Z');
  /** startTimestamp inside D1 and endTimestamp inside D2: both rounded down, D2 counted whole. */
  const D1_D2 = `startTimestamp=${D1 + 10 * 3600}&endTimestamp=${D2 + 12 * 3600}`;

  describe('GET /v1/apiUsageMetrics', function () {
    it('counts a key’s Data API and RPC requests per day: totals, rate, success, median, invalid and wasted credits', async function () {
      const body = await ok(T.usage, D1_D2);
      expect(body).to.deep.equal({
        aggregateDuration: 'daily',
        orgId: keyA.id,
        metrics: [
          {
            timestamp: D1,
            // Durations 1, 3, 5, 7.5, 10, 20, 40, 100: the median is (7.5 + 10) / 2. Below 400: four of eight.
            // 400 to 499: the 404 (20 credits), the 400 (1) and the 429 (0). The 500 is neither.
            values: [
              value('None', undefined, {
                total: 8,
                succeeded: 4,
                invalid: 3,
                used: 44,
                wasted: 21,
                median: 8.75,
              }),
            ],
          },
          {
            timestamp: D2,
            values: [
              value('None', undefined, {
                total: 2,
                succeeded: 2,
                invalid: 0,
                used: 21,
                wasted: 0,
                median: 7.25,
              }),
            ],
          },
        ],
      });
    });

    it('groups by request path, response code, chain, request type and key', async function () {
      const byPath = await ok(T.usage, `${D1_D2}&groupBy=requestPath&requestType=data`);
      expect(byPath.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            // Byte order: /v1/chains/… before /v1/networks/….
            value('requestPath', CHAIN, {
              total: 4,
              succeeded: 2,
              invalid: 1,
              used: 4,
              wasted: 1,
              median: 30,
            }),
            value('requestPath', BLOCKCHAINS, {
              total: 1,
              succeeded: 0,
              invalid: 1,
              used: 20,
              wasted: 20,
              median: 5,
            }),
          ],
        },
        {
          timestamp: D2,
          values: [
            value('requestPath', CHAIN, {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 1,
              wasted: 0,
              median: 12.5,
            }),
          ],
        },
      ]);

      const byCode = await ok(T.usage, `startTimestamp=${D1}&endTimestamp=${D1}&groupBy=responseCode`);
      expect(byCode.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('responseCode', 200, {
              total: 4,
              succeeded: 4,
              invalid: 0,
              used: 22,
              wasted: 0,
              median: 8.75,
            }),
            value('responseCode', 400, {
              total: 1,
              succeeded: 0,
              invalid: 1,
              used: 1,
              wasted: 1,
              median: 40,
            }),
            value('responseCode', 404, {
              total: 1,
              succeeded: 0,
              invalid: 1,
              used: 20,
              wasted: 20,
              median: 5,
            }),
            value('responseCode', 429, { total: 1, succeeded: 0, invalid: 1, used: 0, wasted: 0, median: 1 }),
            value('responseCode', 500, {
              total: 1,
              succeeded: 0,
              invalid: 0,
              used: 1,
              wasted: 0,
              median: 100,
            }),
          ],
        },
      ]);

      const byChain = await ok(T.usage, `startTimestamp=${D1}&endTimestamp=${D1}&groupBy=chainId`);
      const chains: [string | undefined, Parameters<typeof value>[2]][] = [
        ['43113', { total: 1, succeeded: 0, invalid: 1, used: 1, wasted: 1, median: 40 }],
        ['43114', { total: 3, succeeded: 2, invalid: 0, used: 3, wasted: 0, median: 20 }],
        ['C', { total: 1, succeeded: 1, invalid: 0, used: 10, wasted: 0, median: 7.5 }],
        [SUBNET_CHAIN, { total: 2, succeeded: 1, invalid: 1, used: 10, wasted: 0, median: 2 }],
      ];
      // Text values in byte order; requests without a chain last, without a groupValue.
      chains.sort(([a], [b]) => (a! < b! ? -1 : 1));
      chains.push([undefined, { total: 1, succeeded: 0, invalid: 1, used: 20, wasted: 20, median: 5 }]);
      expect(byChain.metrics).to.deep.equal([
        { timestamp: D1, values: chains.map(([chain, v]) => value('chainId', chain, v)) },
      ]);

      const byType = await ok(T.usage, `startTimestamp=${D2}&endTimestamp=${D2}&groupBy=requestType`);
      expect(byType.metrics).to.deep.equal([
        {
          timestamp: D2,
          values: [
            value('requestType', 'data', {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 1,
              wasted: 0,
              median: 12.5,
            }),
            value('requestType', 'rpc', {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 20,
              wasted: 0,
              median: 2,
            }),
          ],
        },
      ]);

      const byKey = await ok(T.usage, `startTimestamp=${D2}&endTimestamp=${D2}&groupBy=apiKeyId`);
      expect(byKey.metrics).to.deep.equal([
        {
          timestamp: D2,
          values: [
            value('apiKeyId', keyA.id, {
              total: 2,
              succeeded: 2,
              invalid: 0,
              used: 21,
              wasted: 0,
              median: 7.25,
            }),
          ],
        },
      ]);
    });

    it('filters by chain, response code, request type and path', async function () {
      const chain = await ok(T.usage, `${D1_D2}&chainId=43114`);
      expect(chain.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('None', undefined, { total: 3, succeeded: 2, invalid: 0, used: 3, wasted: 0, median: 20 }),
          ],
        },
        {
          timestamp: D2,
          values: [
            value('None', undefined, {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 1,
              wasted: 0,
              median: 12.5,
            }),
          ],
        },
      ]);
      const code = await ok(T.usage, `${D1_D2}&responseCode=404`);
      expect(code.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('None', undefined, { total: 1, succeeded: 0, invalid: 1, used: 20, wasted: 20, median: 5 }),
          ],
        },
      ]);
      const rpc = await ok(T.usage, `${D1_D2}&requestType=rpc&requestPath=${encodeURIComponent(GETH)}`);
      expect(rpc.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('None', undefined, { total: 3, succeeded: 2, invalid: 1, used: 20, wasted: 0, median: 3 }),
          ],
        },
      ]);
      // Nothing matches: an empty list, not a 404.
      expect((await ok(T.usage, `${D1_D2}&chainId=999`)).metrics).to.deep.equal([]);
    });

    it('buckets by minute, hour, week (from Monday 0:00 UTC) and month, requests per second over each bucket', async function () {
      const minutes = await ok(
        T.usage,
        `startTimestamp=${D1}&endTimestamp=${D1}&timeInterval=minute&requestType=data&requestPath=${encodeURIComponent(CHAIN)}`,
      );
      expect(minutes.aggregateDuration).to.equal('minute');
      const minute = { bucketSeconds: 60 };
      expect(minutes.metrics).to.deep.equal([
        {
          timestamp: seconds('2025-01-06T10:00:00Z'),
          values: [
            value('None', undefined, {
              total: 2,
              succeeded: 2,
              invalid: 0,
              used: 2,
              wasted: 0,
              median: 15,
              ...minute,
            }),
          ],
        },
        {
          timestamp: seconds('2025-01-06T11:00:00Z'),
          values: [
            value('None', undefined, {
              total: 1,
              succeeded: 0,
              invalid: 1,
              used: 1,
              wasted: 1,
              median: 40,
              ...minute,
            }),
          ],
        },
        {
          timestamp: seconds('2025-01-06T15:00:00Z'),
          values: [
            value('None', undefined, {
              total: 1,
              succeeded: 0,
              invalid: 0,
              used: 1,
              wasted: 0,
              median: 100,
              ...minute,
            }),
          ],
        },
      ]);

      const hours = await ok(
        T.usage,
        `startTimestamp=${D1}&endTimestamp=${D1}&timeInterval=hourly&chainId=43114`,
      );
      expect(
        hours.metrics.map((m) => [m.timestamp, m.values[0]!.totalRequests, m.values[0]!.requestsPerSecond]),
      ).to.deep.equal([
        [seconds('2025-01-06T10:00:00Z'), 2, 2 / 3600],
        [seconds('2025-01-06T15:00:00Z'), 1, 1 / 3600],
      ]);

      // 2025-01-12 23:59:59 is the Sunday ending the week of Monday the 6th; the 13th at 0:00 starts the next one.
      const weeks = await ok(
        T.usage,
        `startTimestamp=${D1}&endTimestamp=${seconds('2025-01-13T00:00:00Z')}&timeInterval=weekly`,
      );
      expect(weeks.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('None', undefined, {
              total: 11,
              succeeded: 7,
              invalid: 3,
              used: 66,
              wasted: 21,
              median: 7.5,
              bucketSeconds: 7 * DAY,
            }),
          ],
        },
        {
          timestamp: seconds('2025-01-13T00:00:00Z'),
          values: [
            value('None', undefined, {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 1,
              wasted: 0,
              median: 6,
              bucketSeconds: 7 * DAY,
            }),
          ],
        },
      ]);
      // A week asked for from its Wednesday still starts on its Monday.
      const midWeek = await ok(
        T.usage,
        `startTimestamp=${seconds('2025-01-08T00:00:00Z')}&endTimestamp=${seconds('2025-01-12T00:00:00Z')}&timeInterval=weekly`,
      );
      expect(midWeek.metrics.map((m) => m.timestamp)).to.deep.equal([D1]);

      const months = await ok(
        T.usage,
        `startTimestamp=${D1}&endTimestamp=${seconds('2025-02-28T00:00:00Z')}&timeInterval=monthly`,
      );
      expect(
        months.metrics.map((m) => [
          m.timestamp,
          m.values[0]!.totalRequests,
          m.values[0]!.requestsPerSecond,
          m.values[0]!.apiCreditsWasted,
        ]),
      ).to.deep.equal([
        // January: 12 requests of D1 to D4 and the 23 of D6, over 31 days; February: the 403 of D5, over 28.
        [seconds('2025-01-01T00:00:00Z'), 35, 35 / (31 * DAY), 21],
        [seconds('2025-02-01T00:00:00Z'), 1, 1 / (28 * DAY), 200],
      ]);
    });

    it('covers the last seven days through now by default', async function () {
      const body = await ok(T.usage, '');
      const day = Math.floor(recent.getTime() / 1000 / DAY) * DAY;
      expect(body.aggregateDuration).to.equal('daily');
      expect(body.metrics).to.deep.equal([
        {
          timestamp: day,
          values: [
            value('None', undefined, { total: 1, succeeded: 1, invalid: 0, used: 1, wasted: 0, median: 1 }),
          ],
        },
      ]);
    });

    it('shows a key only its own requests; its own id as apiKeyId or orgId is fine, another key’s is a 403', async function () {
      const b = await ok(T.usage, D1_D2, keyB);
      expect(b.orgId).to.equal(keyB.id);
      expect(b.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('None', undefined, {
              total: 2,
              succeeded: 2,
              invalid: 0,
              used: 2,
              wasted: 0,
              median: 29.5,
            }),
          ],
        },
      ]);
      const own = await ok(T.usage, `${D1_D2}&apiKeyId=${keyB.id}&orgId=${keyB.id}`, keyB);
      expect(own).to.deep.equal(b);
      for (const parameter of ['apiKeyId', 'orgId']) {
        const reply = await get(T.usage, `${D1_D2}&${parameter}=${keyA.id}`, keyB);
        expect(reply.status).to.equal(403);
        expect(reply.body).to.deep.equal({
          message: `${parameter}: an API key sees only its own usage; this request's key is ${keyB.id}, not "${keyA.id}"`,
          statusCode: 403,
          error: 'Forbidden',
        });
      }
    });
  });

  describe('GET /v1/subnetRpcUsageMetrics and /v1/primaryNetworkRpcUsageMetrics', function () {
    it('counts RPC requests to chains outside the primary network, by RPC method', async function () {
      const body = await ok(T.subnet, `${D1_D2}&groupBy=rpcMethod`);
      expect(body).to.deep.equal({
        aggregateDuration: 'daily',
        metrics: [
          {
            timestamp: D1,
            values: [
              value('rpcMethod', 'eth_blockNumber', {
                total: 1,
                succeeded: 1,
                invalid: 0,
                used: 10,
                wasted: 0,
                median: 3,
              }),
              value('rpcMethod', 'eth_getLogs', {
                total: 1,
                succeeded: 0,
                invalid: 1,
                used: 0,
                wasted: 0,
                median: 1,
              }),
            ],
          },
        ],
        chainId: '',
      });
      const chain = await ok(T.subnet, `${D1_D2}&chainId=${SUBNET_CHAIN}&timeInterval=hourly`);
      expect(chain.chainId).to.equal(SUBNET_CHAIN);
      expect(chain.metrics).to.deep.equal([
        {
          timestamp: seconds('2025-01-06T13:00:00Z'),
          values: [
            value('None', undefined, {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 10,
              wasted: 0,
              median: 3,
              bucketSeconds: 3600,
            }),
          ],
        },
        {
          timestamp: seconds('2025-01-06T14:00:00Z'),
          values: [
            value('None', undefined, {
              total: 1,
              succeeded: 0,
              invalid: 1,
              used: 0,
              wasted: 0,
              median: 1,
              bucketSeconds: 3600,
            }),
          ],
        },
      ]);
      // No request bypasses the limits with a token: one group, no groupValue; any token matches nothing.
      const bypass = await ok(T.subnet, `${D1_D2}&groupBy=rlBypassToken&responseCode=429`);
      expect(bypass.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('rlBypassToken', undefined, {
              total: 1,
              succeeded: 0,
              invalid: 1,
              used: 0,
              wasted: 0,
              median: 1,
            }),
          ],
        },
      ]);
      expect((await ok(T.subnet, `${D1_D2}&rlBypassApiToken=abc`)).metrics).to.deep.equal([]);
      // Key B's own subnet call only.
      const b = await ok(T.subnet, `${D1_D2}&rpcMethod=eth_chainId`, keyB);
      expect(b.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('None', undefined, { total: 1, succeeded: 1, invalid: 0, used: 1, wasted: 0, median: 9 }),
          ],
        },
      ]);
      expect((await ok(T.subnet, `${D1_D2}&rpcMethod=eth_chainId`)).metrics).to.deep.equal([]);
    });

    it('counts every RPC request for the primary network, testnet for fuji; locations are unknown ("XX")', async function () {
      const body = await ok(T.primary, `${D1_D2}&network=fuji`);
      expect(body).to.deep.equal({
        aggregateDuration: 'daily',
        metrics: [
          {
            timestamp: D1,
            values: [
              value('None', undefined, {
                total: 3,
                succeeded: 2,
                invalid: 1,
                used: 20,
                wasted: 0,
                median: 3,
              }),
            ],
          },
          {
            timestamp: D2,
            values: [
              value('None', undefined, {
                total: 1,
                succeeded: 1,
                invalid: 0,
                used: 20,
                wasted: 0,
                median: 2,
              }),
            ],
          },
        ],
        network: 'testnet',
      });
      const agents = await ok(
        T.primary,
        `startTimestamp=${D1}&endTimestamp=${D1}&network=mainnet&groupBy=userAgent`,
      );
      expect(agents.network).to.equal('mainnet');
      expect(agents.metrics).to.deep.equal([
        {
          timestamp: D1,
          values: [
            value('userAgent', AGENT, { total: 2, succeeded: 1, invalid: 1, used: 10, wasted: 0, median: 2 }),
            value('userAgent', 'wallet/2', {
              total: 1,
              succeeded: 1,
              invalid: 0,
              used: 10,
              wasted: 0,
              median: 7.5,
            }),
          ],
        },
      ]);
      const country = await ok(
        T.primary,
        `startTimestamp=${D2}&endTimestamp=${D2}&network=mainnet&groupBy=country&country=XX`,
      );
      expect(country.metrics).to.deep.equal([
        {
          timestamp: D2,
          values: [
            value('country', 'XX', { total: 1, succeeded: 1, invalid: 0, used: 20, wasted: 0, median: 2 }),
          ],
        },
      ]);
      const path = await ok(
        T.primary,
        `${D1_D2}&network=mainnet&requestPath=%2Fext%2Finfo&rpcMethod=info.getNodeID`,
      );
      expect(path.metrics).to.have.length(1);
      expect(path.metrics[0]!.timestamp).to.equal(D2);
      expect((await ok(T.primary, `${D1_D2}&network=mainnet&country=US`)).metrics).to.deep.equal([]);
      expect((await ok(T.primary, `${D1_D2}&network=mainnet&continent=EU`)).metrics).to.deep.equal([]);
    });
  });

  describe('GET /v1/apiLogs', function () {
    it('lists a key’s requests newest first, as the document describes them, with the key’s name', async function () {
      const body = await ok(T.logs, `${D1_D2}&requestType=rpc&pageSize=100`);
      const rpc = A_ROWS.filter(
        (r) => r.requestType === 'rpc' && r.at.getTime() < (D2 + DAY) * 1000,
      ).reverse();
      expect(body.orgId).to.equal(keyA.id);
      expect(body).to.not.have.property('nextPageToken');
      const logs = body.logs;
      expect(logs.map(({ logId: _logId, ...log }) => log)).to.deep.equal(
        rpc.map((row) => ({
          orgId: keyA.id,
          eventTimestamp: row.at.getTime() / 1000,
          apiKeyId: keyA.id,
          apiKeyAlias: 'alpha',
          hostRegion: 'self-hosted',
          requestType: 'rpc',
          requestPath: row.requestPath,
          apiCreditsConsumed: row.credits,
          requestDurationMsecs: row.durationMs,
          responseCode: row.responseCode,
          ...(row.chainId === undefined ? {} : { chainId: row.chainId }),
          ...(row.rpcMethod === undefined ? {} : { rpcMethod: row.rpcMethod }),
          metadata: { ipAddress: '192.0.2.7', host: 'data.example', userAgent: row.userAgent ?? AGENT },
        })),
      );
      for (const log of logs)
        expect(log.logId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const code = await ok(T.logs, `${D1_D2}&responseCode=429&chainId=${SUBNET_CHAIN}`);
      expect((code.logs as { rpcMethod: string }[]).map((l) => l.rpcMethod)).to.deep.equal(['eth_getLogs']);
    });

    it('pages through every request of the range (23 at one instant) with no duplicate and no gap', async function () {
      const query = `startTimestamp=${D1}&endTimestamp=${seconds('2025-01-31T00:00:00Z')}`;
      const seen: { logId: string; eventTimestamp: number }[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const body = await ok(
          T.logs,
          `${query}&pageSize=7${token === undefined ? '' : `&pageToken=${token}`}`,
        );
        const logs = body.logs as { logId: string; eventTimestamp: number }[];
        expect(logs.length, `page ${pages}`).to.be.at.most(7);
        seen.push(...logs);
        token = body.nextPageToken;
        pages++;
      } while (token !== undefined);
      // Key A's January requests of the Data API and RPC: all but the metrics request and February's.
      const expected = await pool.query<{ log_id: string }>(
        `SELECT log_id FROM edge.request_logs WHERE api_key_id = $1 AND request_type <> 'metrics'
           AND logged_at >= '2025-01-06T00:00:00Z' AND logged_at < '2025-02-01T00:00:00Z' ORDER BY logged_at DESC, log_id DESC`,
        [keyA.id],
      );
      expect(expected.rows).to.have.length(35);
      expect(pages).to.equal(5);
      expect(seen.map((l) => l.logId)).to.deep.equal(expected.rows.map((r) => r.log_id));
      expect(new Set(seen.map((l) => l.logId)).size).to.equal(35);
      const times = seen.map((l) => l.eventTimestamp);
      expect(times).to.deep.equal([...times].sort((a, b) => b - a));

      // A page token is bound to its query and its key: key B cannot continue key A's pages.
      const first = await ok(T.logs, `${query}&pageSize=7`);
      const stolen = await get(T.logs, `${query}&pageSize=7&pageToken=${first.nextPageToken}`, keyB);
      expect(stolen.status).to.equal(400);
      expect(stolen.body.message).to.match(/^pageToken: issued for a different query/);
      const other = await get(T.logs, `${query}&chainId=43114&pageToken=${first.nextPageToken}`);
      expect(other.status).to.equal(400);
    });

    it('lists only the key’s own requests', async function () {
      const b = await ok(T.logs, `${D1_D2}&pageSize=100`, keyB);
      expect(
        (b.logs as { apiKeyId: string; apiKeyAlias: string }[]).map((l) => [l.apiKeyId, l.apiKeyAlias]),
      ).to.deep.equal([
        [keyB.id, 'beta'],
        [keyB.id, 'beta'],
      ]);
      const forbidden = await get(T.logs, `${D1_D2}&apiKeyId=${keyA.id}`, keyB);
      expect(forbidden.status).to.equal(403);
    });
  });

  describe('refusals', function () {
    const ROUTES = [
      [T.usage, ''],
      [T.logs, ''],
      [T.subnet, ''],
      [T.primary, 'network=mainnet'],
    ] as const;

    it('answers 401 to a caller without a key, naming both key headers, before reading parameters', async function () {
      for (const [template, query] of ROUTES) {
        for (const q of [query, 'pageSize=0&timeInterval=yearly']) {
          const reply = await get(template, q, null);
          expect(reply.status, template).to.equal(401);
          expect(reply.body).to.deep.equal({
            message:
              'An API key is required: usage is reported per key, so send yours in the x-data-api-key or x-glacier-api-key header',
            statusCode: 401,
            error: 'Unauthorized',
          });
        }
      }
      const glacier = await gatewayRequest(gateway.base, 'GET', `${T.usage}?${D1_D2}`, undefined, {
        'x-glacier-api-key': keyA.key,
      });
      expect(glacier.status).to.equal(200);
      const altered = `${keyA.key.slice(0, -1)}${keyA.key.endsWith('x') ? 'y' : 'x'}`;
      const invalid = await get(T.usage, '', { key: altered });
      expect(invalid.status).to.equal(401);
    });

    it('answers 503 where the gateway records no usage', async function () {
      for (const [template, query] of ROUTES) {
        const reply = await gatewayRequest(unrecorded.base, 'GET', `${template}?${query}`, undefined, {
          'x-data-api-key': keyA.key,
        });
        expect(reply.status).to.equal(503);
        expect(reply.body).to.deep.equal({
          message: 'usage is not recorded by this gateway',
          statusCode: 503,
          error: 'Service Unavailable',
        });
        assertDataApiResponse('GET', template, 503, reply.body);
      }
    });

    const BAD: [template: string, query: string, parameter: string, says?: RegExp][] = [
      [
        T.usage,
        'timeInterval=yearly',
        'timeInterval',
        /^expected one of minute, hourly, daily, weekly, monthly, got "yearly"$/,
      ],
      [T.subnet, 'timeInterval=minute', 'timeInterval', /^expected one of hourly, daily, weekly, monthly/],
      [T.primary, 'network=mainnet&timeInterval=minute', 'timeInterval'],
      [
        T.usage,
        'groupBy=country',
        'groupBy',
        /^expected one of requestPath, responseCode, chainId, apiKeyId, requestType/,
      ],
      [T.subnet, 'groupBy=requestPath', 'groupBy'],
      [T.primary, 'network=mainnet&groupBy=chainId', 'groupBy'],
      [T.usage, 'startTimestamp=-1', 'startTimestamp', /^expected an integer from 0 to 253402300799/],
      [T.usage, 'startTimestamp=1e9', 'startTimestamp'],
      [T.logs, 'endTimestamp=99999999999999', 'endTimestamp'],
      [
        T.usage,
        `startTimestamp=${D2}&endTimestamp=${D1}`,
        'startTimestamp',
        /^must not be after endTimestamp/,
      ],
      [T.logs, `startTimestamp=${seconds('2100-01-01T00:00:00Z')}`, 'startTimestamp', /\(default: now\)/],
      [
        T.usage,
        `startTimestamp=${D1}&endTimestamp=${D1 + 30 * DAY}&timeInterval=minute`,
        'timeInterval',
        /at most 10080/,
      ],
      [T.usage, 'responseCode=abc', 'responseCode', /^expected an HTTP status code/],
      [T.logs, 'responseCode=600', 'responseCode'],
      [T.usage, 'requestType=metrics', 'requestType', /^expected one of data, rpc/],
      [T.logs, 'pageSize=0', 'pageSize', /^expected an integer from 1 to 100/],
      [T.logs, 'pageSize=101', 'pageSize'],
      [T.logs, 'pageToken=not-a-token', 'pageToken'],
      [T.primary, '', 'network', /^is required/],
      [T.primary, 'network=local', 'network'],
      [T.primary, 'network=mainnet&country=usa', 'country'],
      [T.primary, 'network=mainnet&continent=XX', 'continent'],
      [T.subnet, 'chainId=C', 'chainId', /is a chain of the primary network/],
      [
        T.usage,
        `requestPath=${'a'.repeat(301)}`,
        'requestPath',
        /^expected a request path of 1 to 300 characters/,
      ],
      [T.usage, 'chainId=1&chainId=2', 'chainId'],
      [T.usage, 'orgId=', 'orgId'],
    ];

    it('answers 400 naming the parameter and what it expected', async function () {
      for (const [template, query, parameter, says] of BAD) {
        const reply = await get(template, query);
        expect(reply.status, `${template}?${query}: ${reply.text}`).to.equal(400);
        const message = reply.body.message as string;
        expect(message, `${template}?${query}`).to.match(new RegExp(`^${parameter}: `));
        if (says) expect(message.slice(parameter.length + 2), `${template}?${query}`).to.match(says);
        expect(reply.body.error).to.equal('Bad Request');
      }
    });
  });
});
