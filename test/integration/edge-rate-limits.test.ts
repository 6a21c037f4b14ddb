import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { Edge } from '../../services/edge/edge.ts';
import { KeyDirectory, KEY_CHANGES_CHANNEL } from '../../services/edge/keys/key-directory.ts';
import { RateLimiter } from '../../services/edge/limits/rate-limiter.ts';
import { parseTiers } from '../../services/edge/limits/tiers.ts';
import { DATA_API, METRICS_API } from '../../services/edge/limits/weights.ts';
import { keyChangesSubscriber, limiterRedis, openKeyStore } from '../../services/edge/start-edge.ts';
import type { ApiKeyStore } from '../../services/edge/store/api-keys.ts';
import { partitionName, RequestLogWriter } from '../../services/edge/store/request-logs.ts';
import type { Pool } from '../../services/runtime/database/pool.ts';
import { createMetricsGateway } from '../../services/gateway-metrics/app.ts';
import type { MetricsClient } from '../../services/gateway-metrics/routes.ts';
import type { EvmDataClient } from '../../services/gateway-data/routes/index.ts';
import { createPageTokens } from '../../services/runtime/pagination/page-token.ts';
import { createRpcGateway } from '../../services/gateway-rpc/app.ts';
import type { NodeRpcClient } from '../../services/gateway-rpc/node-apis.ts';
import { rpcAdmission } from '../../services/gateway-rpc/rpc-admission.ts';
import { GETH_ROUTE } from '../../services/gateway-rpc/node-apis.ts';
import type { ContainerIndexClient } from '../../services/runtime/node-api/index-api.ts';
import { createPublicClient, http } from 'viem';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { gatewayRequest, startTestDataGateway, type GatewayReply } from '../support/data-gateway.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import { freePort } from '../support/processes.ts';

/**
 * The edge's limits as clients meet them, on real parts: keys in PostgreSQL, limits in a real redis-server this
 * suite starts (so it can kill it), two gateway replicas sharing it, answers read over HTTP.
 */
const SECRET = 'an api key secret of at least thirty-two characters';
const PAGE_SECRET = 'a page token secret of at least thirty-two chars';
const TIERS = parseTiers('unauthenticated=3/1000,test=5/1000');
const silent = pino({ level: 'silent' });

// supportedChains costs 1 CU (the document classes it `free`): a tier of 5 a minute is five requests.
const evmData = new Proxy({} as EvmDataClient, {
  get: (_t, method) => () =>
    method === 'ListChains'
      ? Promise.resolve({ chains: [] })
      : Promise.reject(new Error(`no ${String(method)}`)),
});
const metricsClient = new Proxy({} as MetricsClient, {
  get: (_t, method) => () =>
    method === 'ListChains'
      ? Promise.resolve({ chains: [], next_cursor: '' })
      : Promise.reject(new Error(`no ${String(method)}`)),
});

interface Replica {
  base: string;
  metricsBase: string;
  metrics: Registry;
  limiter: RateLimiter;
  close(): Promise<void>;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = limiterRedis(`redis://127.0.0.1:${port}`);
  try {
    for (let i = 0; i < 100; i++) {
      if (
        await probe.ping().then(
          () => true,
          () => false,
        )
      )
        return child;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  } finally {
    probe.disconnect();
  }
}

async function startReplica(store: ApiKeyStore, redisUrl: string): Promise<Replica> {
  const metrics = new Registry();
  const redis = limiterRedis(redisUrl);
  const subscriber = keyChangesSubscriber(redis);
  const keys = new KeyDirectory(store, SECRET, { cacheTtlMs: 600_000 });
  const stopFollowing = await keys.followChanges(subscriber, silent);
  const limiter = new RateLimiter({ redis, log: silent, metrics, retryRedisAfterMs: 100 });
  const edge = new Edge({ keys, limiter, tiers: TIERS, requestLog: undefined });
  const data = await startTestDataGateway({
    evmData,
    admission: edge.restAdmission('data', DATA_API),
    pageTokenSecret: PAGE_SECRET,
  });
  const metricsApp = createMetricsGateway({
    metrics: metricsClient,
    pageTokens: createPageTokens({ secret: PAGE_SECRET, log: silent }),
    log: silent,
    admission: edge.restAdmission('metrics', METRICS_API),
  });
  const metricsServer = metricsApp.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => metricsServer.once('listening', resolve));
  return {
    base: data.base,
    metricsBase: `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`,
    metrics,
    limiter,
    async close() {
      await data.close();
      await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      await stopFollowing();
      subscriber.disconnect();
      redis.disconnect();
    },
  };
}

const chains = (replica: Replica, key?: string): Promise<GatewayReply> =>
  gatewayRequest(replica.base, 'GET', '/v1/chains', undefined, key ? { 'x-glacier-api-key': key } : {});

async function metricValue(
  registry: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('edge: API keys and rate limits on the gateways (real PostgreSQL, real redis-server, two replicas)', function () {
  let database: TestDatabase;
  let pool: Pool;
  let store: ApiKeyStore;
  let redisPort: number;
  let redisProcess: ChildProcess | undefined;
  let replicas: [Replica, Replica];

  before(async function () {
    database = await createTestDatabase();
    ({ pool, store } = await openKeyStore(database.url, SECRET, 'edge-test'));
    redisPort = await freePort();
    redisProcess = await startRedis(redisPort);
    const url = `redis://127.0.0.1:${redisPort}`;
    replicas = [await startReplica(store, url), await startReplica(store, url)];
  });

  after(async function () {
    await Promise.all((replicas ?? []).map((r) => r?.close()));
    redisProcess?.kill('SIGKILL');
    await pool?.end();
    await database?.drop();
  });

  it('limits a key at its tier exactly, shared by both replicas: N allowed, N+1 refused with the headers', async function () {
    const { key } = await store.create('alice', 'test');
    for (let i = 0; i < 5; i++) {
      const reply = await chains(replicas[i % 2]!, key);
      expect(reply.status, `request ${i + 1}`).to.equal(200);
      expect(reply.headers.get('ratelimit-policy')).to.equal('5;w=60, 1000;w=86400');
      expect(reply.headers.get('ratelimit-limit')).to.equal('5');
      expect(reply.headers.get('ratelimit-remaining')).to.equal(String(4 - i));
      expect(reply.headers.get('ratelimit-reset')).to.equal(null);
    }
    const refused = await chains(replicas[1], key);
    expect(refused.status).to.equal(429);
    expect(refused.body).to.include({ statusCode: 429, error: 'Too Many Requests' });
    expect(refused.body.message).to.match(
      /^Rate limit exceeded: this request costs 1 compute units and the test tier allows 5 a minute/,
    );
    assertDataApiResponse('GET', '/v1/chains', 429, refused.body);
    expect(refused.headers.get('ratelimit-remaining')).to.equal('0');
    // One CU comes back every 12 s at 5 a minute.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).to.be.within(11, 12);
    expect(refused.headers.get('ratelimit-reset')).to.equal(String(retryAfter));
    // Another key's budget is its own.
    const { key: other } = await store.create('bob', 'test');
    expect((await chains(replicas[0], other)).status).to.equal(200);
    expect(
      await metricValue(replicas[1].metrics, 'chain_data_rate_limit_decisions_total', {
        outcome: 'refused',
        mode: 'shared',
      }),
    ).to.equal(1);
  });

  it('limits callers without a key at the unauthenticated tier, by their address', async function () {
    for (let i = 0; i < 3; i++) {
      const reply = await chains(replicas[i % 2]!);
      expect(reply.status, `request ${i + 1}`).to.equal(200);
      expect(reply.headers.get('ratelimit-policy')).to.equal('3;w=60, 1000;w=86400');
    }
    const refused = await chains(replicas[0]);
    expect(refused.status).to.equal(429);
    expect(refused.body.message).to.include('the unauthenticated tier');
  });

  it('answers the Metrics API without a key, and limits it too (its own CUs)', async function () {
    const { key } = await store.create('carol', 'test');
    // listChains is `free` on the Metrics API too: 1 CU.
    const reply = await gatewayRequest(replicas[0].metricsBase, 'GET', '/v2/chains', undefined, {
      'x-data-api-key': key,
    });
    expect(reply.status).to.equal(200);
    expect(reply.headers.get('ratelimit-remaining')).to.equal('4');
    // The address's budget is spent by now (the test before): the Metrics API shares it.
    const anonymous = await gatewayRequest(replicas[1].metricsBase, 'GET', '/v2/chains');
    expect(anonymous.status).to.equal(429);
    // The health routes cost nothing and are never refused.
    const health = await gatewayRequest(replicas[1].metricsBase, 'GET', '/v2/live-check');
    expect(health.status).to.equal(200);
  });

  it('refuses a key no record matches with 401, and a revoked key with 401 on every replica at once', async function () {
    const invalid = await chains(replicas[0], 'cds_000000000000_' + 'A'.repeat(43));
    expect(invalid.status).to.equal(401);
    expect(invalid.body).to.deep.equal({
      message: 'Invalid API key',
      statusCode: 401,
      error: 'Unauthorized',
    });
    assertDataApiResponse('GET', '/v1/chains', 401, invalid.body);
    expect((await chains(replicas[0], 'too-short')).status).to.equal(401);

    const { id, key } = await store.create('dave', 'test');
    expect((await chains(replicas[0], key)).status).to.equal(200);
    expect((await chains(replicas[1], key)).status).to.equal(200);
    await store.revoke(id);
    const publisher = limiterRedis(`redis://127.0.0.1:${redisPort}`);
    await new Promise((r) => setTimeout(r, 50));
    await publisher.publish(KEY_CHANGES_CHANNEL, id);
    publisher.disconnect();
    for (const replica of replicas) {
      let reply = await chains(replica, key);
      for (let i = 0; i < 40 && reply.status === 200; i++) {
        await new Promise((r) => setTimeout(r, 25));
        reply = await chains(replica, key);
      }
      expect(reply.status).to.equal(401);
      expect(reply.body).to.deep.equal({
        message: 'The API key has been revoked',
        statusCode: 401,
        error: 'Unauthorized',
      });
    }
  });

  it('keeps serving under bounded per-replica limits while Redis is down, and shares limits again when it returns', async function () {
    const { key } = await store.create('erin', 'test');
    redisProcess!.kill('SIGKILL');
    await new Promise<void>((resolve) => redisProcess!.once('exit', () => resolve()));
    for (const replica of replicas) {
      // Each replica alone allows the tier: at most the tier times the replicas in all.
      for (let i = 0; i < 5; i++)
        expect((await chains(replica, key)).status, `request ${i + 1}`).to.equal(200);
      expect((await chains(replica, key)).status).to.equal(429);
      expect(replica.limiter.shared).to.equal(false);
      expect(await metricValue(replica.metrics, 'chain_data_rate_limit_fail_open')).to.equal(1);
      expect(
        await metricValue(replica.metrics, 'chain_data_rate_limit_decisions_total', { mode: 'local' }),
      ).to.equal(6);
    }

    redisProcess = await startRedis(redisPort);
    // The restarted Redis is empty: the key's budget starts over, shared again by both replicas.
    let first = await chains(replicas[0], key);
    for (let i = 0; i < 100 && !replicas[0].limiter.shared; i++) {
      await new Promise((r) => setTimeout(r, 50));
      first = await chains(replicas[0], key);
    }
    expect(replicas[0].limiter.shared).to.equal(true);
    expect(first.status).to.equal(200);
    const remaining = Number(first.headers.get('ratelimit-remaining'));
    for (let i = 0; i < remaining; i++) expect((await chains(replicas[1], key)).status).to.equal(200);
    expect((await chains(replicas[1], key)).status).to.equal(429);
    expect(replicas[1].limiter.shared).to.equal(true);
    expect(await metricValue(replicas[0].metrics, 'chain_data_rate_limit_fail_open')).to.equal(0);
  });
});

/** Answers every call with the chain id (what a client needs to connect) or a block number. */
const nodeRpc = {
  Call: ({ body }: { body: Buffer }) => {
    const answer = (call: { id?: unknown; method?: string }) =>
      `{"jsonrpc":"2.0","id":${JSON.stringify(call.id ?? null)},"result":"${call.method === 'eth_chainId' ? '0xa869' : '0x10'}"}`;
    const parsed = JSON.parse(body.toString('utf8')) as
      { id?: unknown; method?: string } | { id?: unknown; method?: string }[];
    const text = Array.isArray(parsed) ? `[${parsed.map(answer).join(',')}]` : answer(parsed);
    return Promise.resolve({
      status: 200,
      content_type: 'application/json',
      body: Buffer.from(`${text}\n`),
      final_answers: [],
    });
  },
} as unknown as NodeRpcClient;

describe('edge: API keys and rate limits on gateway-rpc (real PostgreSQL, real redis-server)', function () {
  let database: TestDatabase;
  let pool: Pool;
  let store: ApiKeyStore;
  let redisProcess: ChildProcess | undefined;
  let redis: Redis;
  let base: string;
  let close: () => Promise<void>;

  before(async function () {
    database = await createTestDatabase();
    ({ pool, store } = await openKeyStore(database.url, SECRET, 'edge-rpc-test'));
    const port = await freePort();
    redisProcess = await startRedis(port);
    redis = limiterRedis(`redis://127.0.0.1:${port}`);
    const keys = new KeyDirectory(store, SECRET, { cacheTtlMs: 0 });
    const limiter = new RateLimiter({ redis, log: silent, metrics: new Registry() });
    // 250 CUs a minute: one eth_getLogs (200) and five eth_call (10), or 250 eth_chainId (1).
    const edge = new Edge({
      keys,
      limiter,
      tiers: parseTiers('unauthenticated=3/1000,test=250/100000'),
      requestLog: undefined,
    });
    const app = createRpcGateway({
      containerIndexer: {} as ContainerIndexClient,
      nodeRpc,
      cacheSize: 0,
      answerCacheBytes: 0,
      admission: rpcAdmission(edge, GETH_ROUTE),
      log: silent,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });

  after(async function () {
    await close?.();
    redis?.disconnect();
    redisProcess?.kill('SIGKILL');
    await pool?.end();
    await database?.drop();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it("costs an EVM call its method's weight and a batch the sum, with the key in the URL as wallets send it", async function () {
    const { key } = await store.create('frank', 'test');
    // viem sends the key where a wallet can: in the URL it is given.
    const client = createPublicClient({ transport: http(`${base}/ext/bc/C/rpc?rlyauth=${key}`) });
    expect(await client.getChainId()).to.equal(0xa869);
    const logs = await post(`/ext/bc/C/rpc?rlyauth=${key}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getLogs',
      params: [{}],
    });
    expect(logs.status).to.equal(200);
    // 250 - 1 (eth_chainId) - 200 (eth_getLogs)
    expect(logs.headers.get('ratelimit-remaining')).to.equal('49');
    const batch = await post(
      '/ext/bc/C/rpc',
      [1, 2, 3, 4].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [] })),
      {
        'x-data-api-key': key,
      },
    );
    expect(batch.status).to.equal(200);
    expect(batch.headers.get('ratelimit-remaining')).to.equal('9');
    const refused = await post(`/ext/bc/C/rpc?rlyauth=${key}`, {
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_call',
      params: [],
    });
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    const body = (await refused.json()) as {
      jsonrpc: string;
      id: null;
      error: { code: number; message: string };
    };
    expect(body.error.code).to.equal(-32005);
    expect(body.error.message).to.match(/^Rate limit exceeded: this request costs 10 compute units/);
    // A client library surfaces the refusal as the error it is.
    // (viem retries a 429 after a backoff by default, by which time the budget may have refilled enough.)
    const noRetries = createPublicClient({
      transport: http(`${base}/ext/bc/C/rpc?rlyauth=${key}`, { retryCount: 0 }),
    });
    const failure = await noRetries.getBlockNumber({ cacheTime: 0 }).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(failure?.message).to.include('Rate limit exceeded');
  });

  it('refuses a bad key with 401 as a JSON-RPC error, and limits callers without one on the other node APIs', async function () {
    const bad = await post('/ext/bc/C/rpc?rlyauth=not-a-key', {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_chainId',
    });
    expect(bad.status).to.equal(401);
    expect(await bad.json()).to.deep.equal({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Invalid API key' },
    });
    // eth_chainId costs 1: three of them are the unauthenticated tier here.
    for (let i = 0; i < 3; i++)
      expect((await post('/ext/bc/C/rpc', { jsonrpc: '2.0', id: i, method: 'eth_chainId' })).status).to.equal(
        200,
      );
    const refused = await post('/ext/info', { jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion' });
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('ratelimit-policy')).to.equal('3;w=60, 1000;w=86400');
  });
});

describe('edge: the request log stays bounded (real PostgreSQL)', function () {
  let database: TestDatabase;
  let pool: Pool;

  before(async function () {
    database = await createTestDatabase();
    ({ pool } = await openKeyStore(database.url, SECRET, 'edge-log-test'));
  });

  after(async function () {
    await pool?.end();
    await database?.drop();
  });

  const partitions = async () =>
    (
      await pool.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'request_logs' ORDER BY 1`,
      )
    ).rows.map((r) => r.name);

  it("keeps the next days' partitions made ahead, and drops whole days past the retention", async function () {
    const DAY = 86_400_000;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const metrics = new Registry();
    const writer = new RequestLogWriter({ pool, log: silent, metrics, retentionDays: 2 });
    // As a writer that ran three days ago left them.
    await writer.maintainPartitions(today - 3 * DAY + 1_000);
    expect(await partitions()).to.deep.equal([-3, -2, -1].map((d) => partitionName(today + d * DAY)));
    const entry = (at: number) => ({
      at: new Date(at),
      apiKeyId: undefined,
      clientIp: '127.0.0.1',
      requestType: 'data' as const,
      requestPath: '/v1/chains',
      responseCode: 200,
      credits: 1,
      durationMs: 1.5,
      host: 'localhost',
      userAgent: 'test',
    });
    writer.append(entry(today - 3 * DAY + 5_000));
    writer.append(entry(today - 2 * DAY + 5_000));
    await writer.flush();
    // Storing them maintained the partitions as of now; two replicas may do it at once. The oldest day is past the
    // two kept, and went with its row.
    await Promise.all([writer.maintainPartitions(), writer.maintainPartitions()]);
    expect(await partitions()).to.deep.equal([-2, -1, 0, 1, 2].map((d) => partitionName(today + d * DAY)));
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM edge.request_logs');
    expect(rows[0]!.n).to.equal('1');
    // The entry of the dropped day had nowhere to go: dropped and counted, not left to block the ones after it.
    expect(await metricValue(metrics, 'chain_data_request_log_written_total')).to.equal(1);
    expect(await metricValue(metrics, 'chain_data_request_log_dropped_total')).to.equal(1);
  });
});
