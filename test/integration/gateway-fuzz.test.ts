import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import fc from 'fast-check';
import { indexApi, type ContainerIndexClient } from '../../services/runtime/node-api/index-api.ts';
import { INDEX_NAMES } from '../../services/runtime/avalanche/index-names.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';
import { startUpstreamNode, type UpstreamNode } from '../support/upstream-node.ts';

/**
 * Bad input, generated: every route of the gateways (gateway-data's and gateway-metrics' from their /openapi.json,
 * gateway-rpc's every index and method) with malformed path and query parameters, bodies and methods, against real services over gRPC
 * on embedded PostgreSQL. Whatever arrives: never a 5xx, never a hang, every error in the documented shape, every
 * log line JSON and none at error level; and the gateways are healthy afterwards.
 */

const REQUEST_TIMEOUT_MS = 10_000;
/** Generated requests per gateway-data route. */
const RUNS_PER_ROUTE = 8;
const { fuji } = IDENTITIES;
const EVM_ADDRESS = `0x${'ab'.repeat(20)}`;
const ID = encodeCb58(new Uint8Array(32).fill(3));

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/**
 * One request over a raw HTTP client (fetch refuses some of what is sent here: odd methods, bodies on GET), with
 * the path sent as built, no normalisation; refused after REQUEST_TIMEOUT_MS.
 */
function send(
  base: string,
  method: string,
  path: string,
  options: { body?: Buffer; contentType?: string } = {},
): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    if (options.body !== undefined) headers['content-length'] = options.body.length;
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${path}: no answer in ${REQUEST_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

// ---- Generated input

const HUGE_NUMBERS = [
  String(2n ** 63n - 1n),
  String(2n ** 63n),
  String(2n ** 64n - 1n),
  String(2n ** 64n),
  `1${'0'.repeat(100)}`,
  '1e400',
  '-9223372036854775809',
  '0x7fffffffffffffff',
] as const;
const hugeNumbers = fc.constantFrom(...HUGE_NUMBERS);

const deepArrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObjects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Each body every route that takes one is sent, with its content type. */
const EDGE_BODIES: [string | undefined, Buffer][] = [
  ...[32, 33, 5_000, 10_001, 100_000].map((n): [string, Buffer] => [
    'application/json',
    Buffer.from(`{"addresses":${deepArrays(n)}}`),
  ]),
  ['application/json', Buffer.from(deepObjects(100_000))],
  ['application/json', Buffer.from(`{"addresses":${'9'.repeat(400)}}`)],
  ['application/json', Buffer.from('{"addresses":1e400}')],
  ['application/json', Buffer.from('{"addresses":"fuji1')],
  ['application/json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ['application/json', Buffer.from('{"addresses":"\\ud800"}')],
  ['text/plain', Buffer.from(deepArrays(100_000))],
  [undefined, Buffer.from('{"addresses":"x"}')],
];

/** What every parameter of every route is sent once, everything else valid: the edges random runs may miss. */
const EDGE_VALUES = [
  ...HUGE_NUMBERS,
  '9'.repeat(19),
  '-1',
  '00',
  '007',
  '0043113',
  '1.5',
  '',
  'ü',
  '\u0000',
  'a'.repeat(3_000),
];

/** Text a parameter may get: near-valid, numeric edge cases, odd characters, percent escapes, long. */
const parameterText = fc.oneof(
  hugeNumbers,
  fc.constantFrom('0', '-1', '00', '007', '0043113', '1.5', '1e3', ' 1', '+1', 'NaN', 'true', 'null', ''),
  fc.constantFrom('p-chain', 'x-chain', 'c-chain', 'fuji', 'mainnet', 'testnet', '43113', ID, EVM_ADDRESS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 4_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1, max: 40 }).map((n) => '9'.repeat(n)),
);

/** A path segment: encoded text, or raw escapes that do not decode (`%zz`, a lone `%`, an overlong sequence). */
const pathSegment = fc.oneof(
  { weight: 4, arbitrary: parameterText.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%c0%af', '%ff%fe', '%00', '..', '%2F', '%3A') },
);

/**
 * Valid values by parameter name, so that a request gets past its other parameters and the one fuzzed reaches the
 * services. Parameters without one here (page tokens, ids the stack has no example of) are left out instead.
 */
const VALID: Record<string, readonly string[]> = {
  network: ['fuji', 'testnet'],
  blockchainId: ['p-chain', 'x-chain', 'c-chain', fuji.pChainId],
  chainId: [String(fuji.evmChainId), fuji.cChainId],
  address: [EVM_ADDRESS],
  txHash: [ID, `0x${'cd'.repeat(32)}`],
  blockId: ['0', '1', ID],
  tokenId: ['1', String(2n ** 256n - 1n)],
  vertexHeight: ['0', String(Number.MAX_SAFE_INTEGER)],
  addresses: ['fuji1qurswpc8qurswpc8qurswpc8qurswpc82rwv4r'],
  pageSize: ['1', '100'],
  startTimestamp: ['0', '1'],
  endTimestamp: ['2', String(Number.MAX_SAFE_INTEGER)],
  startBlock: ['0'],
  endBlock: ['5', String(Number.MAX_SAFE_INTEGER)],
  blockNumber: ['0', String(2n ** 64n - 1n)],
  sortOrder: ['asc', 'desc'],
  sortBy: ['timestamp', 'amount'],
  currency: ['usd', 'eur'],
  filterSpamTokens: ['true', 'false'],
  includeSpent: ['true', 'false'],
  minUtxoAmount: ['0', '1.5', `1${'0'.repeat(29)}`],
  txTypes: ['BaseTx', 'ImportTx,ExportTx'],
  feature: ['teleporter'],
  contractAddress: [EVM_ADDRESS],
  metric: ['txCount', 'maxTps'],
  timeInterval: ['day', 'hour'],
};

/** The JSON texts a body may be: valid, deep, huge numbers, truncated, not JSON at all, not UTF-8. */
const bodyBytes = fc.oneof(
  fc.constant(Buffer.from(JSON.stringify({ addresses: VALID.addresses![0] }))),
  fc.integer({ min: 5_000, max: 50_000 }).map((n) => Buffer.from(`{"addresses":${deepArrays(n)}}`)),
  fc.integer({ min: 33, max: 5_000 }).map((n) => Buffer.from(deepObjects(n))),
  hugeNumbers.map((n) => Buffer.from(`{"addresses":${n.startsWith('0x') ? '1' : n}}`)),
  fc.json().map((text) => Buffer.from(text)),
  fc.json().map((text) => Buffer.from(text.slice(0, Math.floor(text.length / 2)))),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from('{"addresses":"'), bytes])),
  fc.constant(Buffer.from([0xff, 0xfe, 0x7b, 0x7d])),
  fc.string({ maxLength: 50 }).map((text) => Buffer.from(text)),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  '',
);

const httpMethod = (usual: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(usual) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') },
  );

// ---- Routes

interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: unknown;
}

interface DataOperation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): DataOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      hasBody: operation.requestBody !== undefined,
    })),
  );
}

/**
 * A request to one operation. Mostly one parameter is fuzzed and every other is valid or absent, so that the bad
 * value travels as far as it can (to the services and their SQL); sometimes every parameter is fuzzed at once.
 */
function dataRequest(operation: DataOperation) {
  const names = [...operation.pathParams, ...operation.queryParams];
  const valid = (name: string) => (VALID[name] ? fc.constantFrom(...VALID[name]) : fc.constant(undefined));
  const fuzzed = (name: string) =>
    operation.pathParams.includes(name)
      ? pathSegment
      : fc.oneof(parameterText.map(encodeURIComponent), pathSegment);
  const value = (name: string, mode: 'valid' | 'fuzzed' | 'either') =>
    mode === 'valid'
      ? valid(name)
      : mode === 'fuzzed'
        ? fuzzed(name)
        : fc.oneof(valid(name), fuzzed(name), fc.constant(undefined));
  // -2: every parameter valid; -1: every parameter anything; else the one parameter fuzzed.
  const values = fc
    .integer({ min: -2, max: names.length - 1 })
    .chain((target) =>
      fc.tuple(
        ...names.map((name, i) =>
          value(name, target === -1 ? 'either' : target === -2 || i !== target ? 'valid' : 'fuzzed'),
        ),
      ),
    );
  const repeated = fc.option(
    fc.tuple(
      fc.constantFrom(...(operation.queryParams.length > 0 ? operation.queryParams : ['x'])),
      parameterText,
    ),
  );
  return fc
    .record({
      method: httpMethod(operation.method),
      values,
      repeated,
      extraQuery: fc.option(fc.tuple(fc.string({ maxLength: 10 }), parameterText)),
      body: operation.hasBody ? fc.option(bodyBytes, { freq: 5 }) : fc.constant(null),
      contentType: operation.hasBody
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: contentType },
          )
        : contentType,
    })
    .map(({ values, repeated, extraQuery, ...rest }) => {
      let path = operation.path;
      operation.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, values[i] ?? 'x')));
      const query: string[] = [];
      operation.queryParams.forEach((name, i) => {
        const v = values[operation.pathParams.length + i];
        if (v !== undefined) query.push(`${encodeURIComponent(name)}=${v}`);
      });
      // A parameter given twice (Koa makes it an array), and one the route does not know.
      if (repeated) query.push(`${encodeURIComponent(repeated[0])}=${encodeURIComponent(repeated[1])}`);
      if (extraQuery) query.push(`${encodeURIComponent(extraQuery[0])}=${encodeURIComponent(extraQuery[1])}`);
      return { ...rest, path: query.length === 0 ? path : `${path}?${query.join('&')}` };
    });
}

// ---- Assertions

/**
 * Runs a property, reporting a failure in a few lines (counterexamples hold texts of thousands of characters) with
 * the seed to replay it: FUZZ_SEED=<seed>.
 */
async function checkProperty<T>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const details = await fc.check(property, { numRuns, seed, endOnFailure: true });
  if (!details.failed) return;
  const error =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `failed after ${details.numRuns} runs (FUZZ_SEED=${seed}): ${error.slice(0, 1_500)}\n` +
      `counterexample: ${fc.stringify(details.counterexample).slice(0, 1_500)}`,
  );
}

/** Node's HTTP parser refuses a request line and headers over 16 KiB itself, before any gateway code runs. */
const HEADERS_TOO_LARGE = 431;

function expectDataApiReply(reply: Reply, what: string, method: string): void {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).to.be.below(500);
  if (reply.status < 400 || method === 'HEAD' || reply.status === HEADERS_TOO_LARGE) return;
  expect(reply.contentType, what).to.equal('application/json; charset=utf-8');
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(Object.keys(body).sort(), what).to.deep.equal(['error', 'message', 'statusCode']);
  expect(body.statusCode, what).to.equal(reply.status);
  expect(body.error, what).to.be.a('string');
  const message = body.message;
  expect(
    typeof message === 'string' || (Array.isArray(message) && message.every((m) => typeof m === 'string')),
    what,
  ).to.equal(true);
}

const NODE_TEXT_REPLIES = [
  /^404 page not found\n$/,
  /^rpc: POST method required, received \S+$/,
  /^rpc: unrecognized Content-Type: /,
  /^request body larger than/,
];

function expectNodeReply(reply: Reply, what: string, method: string): void {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).to.be.below(500);
  if (
    method === 'HEAD' ||
    (method === 'OPTIONS' && reply.status === 200) ||
    reply.status === HEADERS_TOO_LARGE
  )
    return;
  if (reply.status !== 200) {
    expect(reply.contentType, what).to.equal('text/plain; charset=utf-8');
    expect(
      NODE_TEXT_REPLIES.some((pattern) => pattern.test(reply.text)),
      `${what}: ${reply.text}`,
    ).to.equal(true);
    return;
  }
  if (reply.text === '') return; // a notification
  expect(reply.contentType, what).to.equal('application/json; charset=utf-8');
  expect(reply.text.endsWith('\n'), what).to.equal(true);
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(body.jsonrpc, what).to.equal('2.0');
  expect('id' in body, what).to.equal(true);
  if ('error' in body) {
    expect(Object.keys(body), what).to.deep.equal(['jsonrpc', 'error', 'id']);
    const error = body.error as Record<string, unknown>;
    expect(Object.keys(error), what).to.deep.equal(['code', 'message', 'data']);
    expect([-32000, -32600, -32700], what).to.include(error.code);
    expect(error.message, what).to.be.a('string');
    expect(error.message, `${what}: no internal error reaches a client`).to.not.equal('internal error');
  } else {
    expect(Object.keys(body), what).to.deep.equal(['jsonrpc', 'result', 'id']);
  }
}

/** Every line a gateway wrote is one JSON object, and none is at error level. */
function expectJsonLogs(component: RunningComponent, name: string): void {
  for (const line of component.output().split('\n')) {
    if (line.trim() === '') continue;
    let entry: { level?: string };
    try {
      entry = JSON.parse(line) as { level?: string };
    } catch {
      throw new Error(`${name} wrote a line that is not JSON: ${line.slice(0, 300)}`);
    }
    expect(entry.level, `${name}: ${line.slice(0, 500)}`).to.not.be.oneOf(['error', 'fatal']);
  }
}

describe('gateways under generated bad input', function () {
  let upstream: UpstreamNode;
  let db: TestDatabase;
  const components: RunningComponent[] = [];
  let dataGateway: RunningComponent;
  let rpcGateway: RunningComponent;
  let metricsGateway: RunningComponent;
  let dataBase: string;
  let rpcBase: string;
  let metricsBase: string;
  let stakingDir: string | undefined;
  let exportDir: string | undefined;
  const exportQueuePrefix = `fuzz-exports-${process.pid}-${Date.now().toString(36)}`;

  before(async function () {
    this.timeout(120_000);
    upstream = await startUpstreamNode({ indexes: { 'P/block': 20, 'X/tx': 3 } });
    db = await createTestDatabase();
    const [
      indexerPort,
      primaryPort,
      evmPort,
      dataPort,
      rpcPort,
      signaturePort,
      metricsPort,
      metricsGatewayPort,
      exportWorkerPort,
    ] = await Promise.all(Array.from({ length: 9 }, () => freePort()));
    stakingDir = await mkdtemp(join(tmpdir(), 'chain-data-fuzz-staking-'));
    exportDir = await mkdtemp(join(tmpdir(), 'chain-data-fuzz-exports-'));
    const quiet = { LOG_LEVEL: 'warn' };
    components.push(
      await startComponent('container-indexer', {
        ...quiet,
        DATABASE_URL: db.url,
        UPSTREAM_NODE_URLS: upstream.url,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${indexerPort}`,
        INDEXER_INDEXES: 'P/block,X/tx,C/block',
        INDEXER_POLL_INTERVAL_MS: '50',
      }),
    );
    const [primaryNetwork, evmData] = await Promise.all([
      startComponent('primary-network', {
        ...quiet,
        DATABASE_URL: db.url,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${primaryPort}`,
        CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
        UPSTREAM_NODE_URLS: upstream.url,
        AVALANCHE_NETWORK: 'fuji',
        PROJECTION_ENABLED: 'false',
      }),
      startComponent('evm-data', {
        ...quiet,
        DATABASE_URL: db.url,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmPort}`,
        UPSTREAM_NODE_URLS: upstream.url,
        AVALANCHE_NETWORK: 'fuji',
        EVM_CHAINS: 'C',
        EVM_INGEST_ENABLED: 'false',
        NFT_METADATA_ENABLED: 'false',
      }),
    ]);
    components.push(primaryNetwork, evmData);
    components.push(
      await startComponent('signature-aggregator', {
        ...quiet,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${signaturePort}`,
        PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryPort}`,
        UPSTREAM_NODE_URLS: upstream.url,
        AVALANCHE_NETWORK: 'fuji',
        SIGNATURE_AGGREGATOR_BUDGET_MS: '500',
        SIGNATURE_AGGREGATOR_STAKING_DIR: stakingDir,
      }),
    );
    components.push(
      await startComponent('metrics', {
        ...quiet,
        DATABASE_URL: db.url,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${metricsPort}`,
        EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
        PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryPort}`,
      }),
    );
    // Exports the fuzz posts are created and queued, not run: what is fuzzed is the answer to the request.
    components.push(
      await startComponent('export-worker', {
        ...quiet,
        DATABASE_URL: db.url,
        REDIS_URL: 'redis://127.0.0.1:6379',
        EXPORT_QUEUE_PREFIX: exportQueuePrefix,
        EXPORT_JOBS_ENABLED: 'false',
        EXPORT_DIR: exportDir,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${exportWorkerPort}`,
        EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
        PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryPort}`,
        AVALANCHE_NETWORK: 'fuji',
      }),
    );
    // The gateways log at debug level: client aborts and request lines must be JSON too.
    [dataGateway, rpcGateway, metricsGateway] = await Promise.all([
      startComponent('gateway-data', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(dataPort),
        PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryPort}`,
        EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
        SIGNATURE_AGGREGATOR_ADDRESS: `127.0.0.1:${signaturePort}`,
        EXPORT_WORKER_ADDRESS: `127.0.0.1:${exportWorkerPort}`,
        PAGE_TOKEN_SECRET: 'a-fuzz-test-secret-of-at-least-thirty-two-characters',
      }),
      startComponent('gateway-rpc', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(rpcPort),
        CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
      }),
      startComponent('gateway-metrics', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(metricsGatewayPort),
        METRICS_ADDRESS: `127.0.0.1:${metricsPort}`,
        PAGE_TOKEN_SECRET: 'a-fuzz-test-secret-of-at-least-thirty-two-characters',
      }),
    ]);
    components.push(dataGateway, rpcGateway, metricsGateway);
    dataBase = `http://127.0.0.1:${dataPort}`;
    rpcBase = `http://127.0.0.1:${rpcPort}`;
    metricsBase = `http://127.0.0.1:${metricsGatewayPort}`;
    await eventually(async () => (await lastAccepted()).includes('"index":"19"'), 60_000, 'the mirror');
  });

  after(async function () {
    for (const component of components.reverse()) await component.stop();
    await db?.drop();
    await upstream?.close();
    if (stakingDir) await rm(stakingDir, { recursive: true, force: true });
    if (exportDir) await rm(exportDir, { recursive: true, force: true });
    const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    const keys = await redis.keys(`${exportQueuePrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const lastAccepted = async () =>
    (
      await send(rpcBase, 'POST', '/ext/index/P/block', {
        contentType: 'application/json',
        body: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"index.getLastAccepted","params":{}}'),
      })
    ).text;

  it('gateway-data: every route of /openapi.json, fuzzed, answers below 500 in the API error shape', async function () {
    this.timeout(60_000);
    const document = JSON.parse((await send(dataBase, 'GET', '/openapi.json')).text) as Parameters<
      typeof operationsOf
    >[0];
    const operations = operationsOf(document);
    expect(operations.length, 'routes in /openapi.json').to.be.at.least(20);
    const statuses = new Map<number, number>();
    // Every route gets its share of the runs: chosen at random, one of some 60 routes could go untried.
    for (const operation of operations) {
      await checkProperty(
        fc.asyncProperty(dataRequest(operation), async (r) => {
          const reply = await send(dataBase, r.method, r.path, {
            ...(r.body === null ? {} : { body: r.body }),
            ...(r.contentType === undefined ? {} : { contentType: r.contentType }),
          });
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          expectDataApiReply(reply, `${r.method} ${r.path.slice(0, 300)}`, r.method);
        }),
        RUNS_PER_ROUTE,
      );
    }
    // Not only refusals: requests reached the services and their stores, which found nothing (random ids rarely
    // name something that exists, so 200s are too rare here to count on; the sweeps below and the health check
    // after the suite send valid requests).
    expect(statuses.get(404) ?? 0, JSON.stringify([...statuses])).to.be.at.least(5);
  });

  it('gateway-metrics: every route of /openapi.json, fuzzed, and every parameter with each edge value, answers below 500 in the API error shape', async function () {
    this.timeout(240_000);
    const document = JSON.parse((await send(metricsBase, 'GET', '/openapi.json')).text) as Parameters<
      typeof operationsOf
    >[0];
    const operations = operationsOf(document);
    // The official document's 19 operations and the legacy /v1/avg_tps.
    expect(operations.length, 'routes in /openapi.json').to.equal(20);
    for (const operation of operations) {
      await checkProperty(
        fc.asyncProperty(dataRequest(operation), async (r) => {
          const reply = await send(metricsBase, r.method, r.path, {
            ...(r.body === null ? {} : { body: r.body }),
            ...(r.contentType === undefined ? {} : { contentType: r.contentType }),
          });
          expectDataApiReply(reply, `${r.method} ${r.path.slice(0, 300)}`, r.method);
        }),
        4 * RUNS_PER_ROUTE,
      );
    }
    const edges = operations.flatMap((operation) =>
      [...operation.pathParams, ...operation.queryParams].flatMap((target) =>
        EDGE_VALUES.map((edge) => edgeRequest(operation, target, edge)),
      ),
    );
    await inBatches(edges, 8, async ({ method, path }) => {
      expectDataApiReply(await send(metricsBase, method, path), `${method} ${path.slice(0, 300)}`, method);
    });
  });

  it('gateway-rpc: every index and method, fuzzed, answers as a node does and never with an internal error', async function () {
    this.timeout(60_000);
    const methods = Object.keys(indexApi('P/block', {} as ContainerIndexClient).methods);
    const indexPath = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...INDEX_NAMES).map((name) => `/ext/index/${name}`) },
      { weight: 1, arbitrary: pathSegment.map((segment) => `/ext/index/${segment}`) },
    );
    const jsonValue = fc.oneof(
      parameterText,
      hugeNumbers.map((n) => ({ raw: n })),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const paramsText = fc.oneof(
      fc
        .record(
          {
            index: jsonValue,
            startIndex: jsonValue,
            numToFetch: jsonValue,
            id: fc.oneof(jsonValue, fc.constant(ID)),
            encoding: fc.oneof(fc.constantFrom('hex', 'HEXC', 'hexnc', 'json', 'cb58'), jsonValue),
          },
          { requiredKeys: [] },
        )
        .map(encodeParams),
      fc.integer({ min: 5_000, max: 30_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      fc.json(),
    );
    const idText = fc.oneof(
      fc.constantFrom('1', '"x"', 'null', '1.50', '-0', '1e999', String(2n ** 64n)),
      fc.integer({ min: 5_000, max: 30_000 }).map((n) => `${'['.repeat(n)}1${']'.repeat(n)}`),
      fc.integer({ min: 1, max: 9_999 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    );
    const wellFormed = fc
      .record({
        method: fc.oneof(
          fc.constantFrom(...methods).map((m) => `index.${m}`),
          fc.string({ maxLength: 20 }),
        ),
        params: paramsText,
        id: idText,
        jsonrpc: fc.constantFrom('"2.0"', '"1.0"', '2', 'null'),
      })
      .map(({ method, params, id, jsonrpc }) =>
        Buffer.from(
          `{"jsonrpc":${jsonrpc},"method":${JSON.stringify(method)},"params":${params},"id":${id}}`,
        ),
      );
    const body = fc.oneof(
      { weight: 6, arbitrary: wellFormed },
      { weight: 1, arbitrary: wellFormed.map((b) => b.subarray(0, Math.floor(b.length / 2))) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
      { weight: 1, arbitrary: wellFormed.map((b) => Buffer.concat([Buffer.from([0xff, 0xfe]), b])) },
    );
    const seen = new Set<string>();
    await checkProperty(
      fc.asyncProperty(
        indexPath,
        httpMethod('POST'),
        fc.oneof(
          { weight: 5, arbitrary: fc.constant('application/json') },
          { weight: 1, arbitrary: contentType },
        ),
        body,
        async (path, method, type, bytes) => {
          const text = bytes.toString('utf8');
          for (const m of methods) if (text.includes(`"index.${m}"`)) seen.add(m);
          const reply = await send(rpcBase, method, path, {
            body: bytes,
            ...(type === undefined ? {} : { contentType: type }),
          });
          expectNodeReply(reply, `${method} ${path} ${text.slice(0, 200)}`, method);
        },
      ),
      300,
    );
    expect([...seen].sort(), 'every method was tried').to.deep.equal([...methods].sort());
  });

  it('gateway-data: every parameter of every route with each edge value, the rest valid, answers below 500', async function () {
    this.timeout(60_000);
    const document = JSON.parse((await send(dataBase, 'GET', '/openapi.json')).text) as Parameters<
      typeof operationsOf
    >[0];
    const requests = operationsOf(document).flatMap((operation) =>
      [...operation.pathParams, ...operation.queryParams].flatMap((target) =>
        EDGE_VALUES.map((edge) => edgeRequest(operation, target, edge)),
      ),
    );
    const bodies = operationsOf(document)
      .filter((operation) => operation.hasBody)
      .flatMap((operation) =>
        EDGE_BODIES.map(([contentType, body]) => ({ ...edgeRequest(operation, '', ''), contentType, body })),
      );
    const all: {
      method: string;
      path: string;
      body?: Buffer | undefined;
      contentType?: string | undefined;
    }[] = [...requests, ...bodies];
    await inBatches(all, 8, async ({ method, path, body, contentType }) => {
      const reply = await send(dataBase, method, path, {
        ...(body === undefined ? {} : { body, contentType: contentType ?? 'application/json' }),
      });
      expectDataApiReply(
        reply,
        `${method} ${path.slice(0, 300)} ${body?.subarray(0, 100).toString()}`,
        method,
      );
    });
  });

  it('gateway-rpc: every uint64 argument of every index with each edge value answers as a node does', async function () {
    this.timeout(60_000);
    const cases = INDEX_NAMES.flatMap((name) =>
      (['getContainerByIndex', 'getContainerRange'] as const).flatMap((method) =>
        (method === 'getContainerByIndex' ? ['index'] : ['startIndex', 'numToFetch']).flatMap((argument) =>
          [...HUGE_NUMBERS, '-1', '007', '1.0'].flatMap((edge) =>
            [edge, JSON.stringify(edge)].map((written) => ({ name, method, argument, written })),
          ),
        ),
      ),
    );
    const deepCases = INDEX_NAMES.flatMap((name) =>
      [9_999, 10_000, 10_001, 100_000].flatMap((n) => [
        { name, text: `{"jsonrpc":"2.0","id":${deepArrays(n - 1)},"method":"index.getLastAccepted"}` },
        { name, text: `{"jsonrpc":"2.0","id":1,"method":"index.getIndex","params":[${deepObjects(n - 2)}]}` },
        { name, text: `{"jsonrpc":"1.0","id":1,"method":"index.getIndex","params":${deepArrays(n - 1)}}` },
      ]),
    );
    await inBatches(deepCases, 4, async ({ name, text }) => {
      const reply = await send(rpcBase, 'POST', `/ext/index/${name}`, {
        contentType: 'application/json',
        body: Buffer.from(text),
      });
      expectNodeReply(reply, `${name} ${text.slice(0, 200)}`, 'POST');
    });
    await inBatches(cases, 8, async ({ name, method, argument, written }) => {
      const other = argument === 'numToFetch' ? '"startIndex":0' : '"numToFetch":1';
      const text = `{"jsonrpc":"2.0","id":1,"method":"index.${method}","params":{"${argument}":${written},${other}}}`;
      const reply = await send(rpcBase, 'POST', `/ext/index/${name}`, {
        contentType: 'application/json',
        body: Buffer.from(text),
      });
      expectNodeReply(reply, `${name} ${text}`, 'POST');
    });
  });

  it('logs a client that goes away mid-request as JSON at debug level, not as an error', async function () {
    for (const [base, path] of [
      [dataBase, '/v1/networks/fuji/blockchains/p-chain/utxos'],
      [rpcBase, '/ext/index/P/block'],
    ] as const) {
      const url = new URL(base);
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path,
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': 1_000 },
        });
        req.on('error', () => resolve());
        req.write('{"addresses":"', () => setTimeout(() => req.destroy(), 50));
        req.on('close', () => resolve());
      });
    }
    await eventually(
      () =>
        [dataGateway, rpcGateway].every((gateway) =>
          gateway.output().includes('"msg":"client closed the connection"'),
        ),
      5_000,
      'the client aborts in the gateway logs',
    );
  });

  it('leaves the gateways healthy: /readyz 200, valid requests answered, every log line JSON', async function () {
    for (const gateway of [dataGateway, rpcGateway, metricsGateway]) {
      const ready = await send(`http://127.0.0.1:${gateway.opsPort}`, 'GET', '/readyz');
      expect(ready.status).to.equal(200);
    }
    const chains = await send(dataBase, 'GET', '/v1/chains');
    expect(chains.status, chains.text).to.equal(200);
    expect(JSON.parse(chains.text)).to.have.property('chains');
    expect(await lastAccepted()).to.include('"index":"19"');
    expectJsonLogs(dataGateway, 'gateway-data');
    expectJsonLogs(rpcGateway, 'gateway-rpc');
    const health = await send(metricsBase, 'GET', '/v2/health-check');
    expect(health.status, health.text).to.equal(200);
    expectJsonLogs(metricsGateway, 'gateway-metrics');
  });
});

/** One request to `operation` with `target` set to `edge` and every other parameter valid (or absent). */
function edgeRequest(operation: DataOperation, target: string, edge: string) {
  const pick = (name: string) => (name === target ? edge : VALID[name]?.[0]);
  let path = operation.path;
  for (const name of operation.pathParams)
    path = path.replace(`{${name}}`, encodeURIComponent(pick(name) ?? 'x'));
  const query = operation.queryParams
    .map((name) => [name, pick(name)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([name, v]) => `${name}=${encodeURIComponent(v)}`);
  return {
    method: operation.method,
    path: query.length === 0 ? path : `${path}?${query.join('&')}`,
    body: operation.hasBody ? Buffer.from(JSON.stringify({ addresses: VALID.addresses![0] })) : undefined,
  };
}

/** Runs `each` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, each: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(each));
}

/** Index API params as JSON text, a huge number written bare (`{raw}`) so that it reaches the decoder as a number. */
function encodeParams(params: Record<string, unknown>): string {
  const members = Object.entries(params).map(([key, value]) => {
    const raw = (value as { raw?: unknown } | null)?.raw;
    return `${JSON.stringify(key)}:${typeof raw === 'string' ? raw.replace(/^0x.*/, '1') : JSON.stringify(value)}`;
  });
  return `{${members.join(',')}}`;
}
