/**
 * `make bench`, the Data API's heaviest list routes: a devnet history mirrored and projected by the whole data path
 * (container-indexer, primary-network, evm-data) and served by gateway-data, loaded route by route:
 *
 * - validators with filters: `GET /v1/networks/fuji/validators` with status, delegation-capacity and fee filters
 *   and each sort;
 * - ERC-20 balances of the busiest holder: `GET …/addresses/{address}/balances:listErc20`;
 * - latest transactions across chains: `GET /v1/transactions`, with and without a status filter;
 *
 * against the baseline of the same run: a bare Koa server answering a reply of the same size (bench/bare-koa.ts).
 * It runs once on embedded PostgreSQL and, when DATABASE_URL names a server, once more on a fresh database there.
 * Every component runs as `chain-data <component>` (telemetry on, no exporter). With --write-docs (or
 * BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ProtoGrpcType as EvmDataProto } from '../services/generated/proto/evm_data.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../services/generated/proto/primary_network.ts';
import { createGrpcClient } from '../services/runtime/grpc/client.ts';
import { loadProto } from '../services/runtime/grpc/proto.ts';
import { eventually, freePort } from '../test/support/processes.ts';
import {
  peakMemoryLine,
  startBareKoaServer,
  startBenchComponent,
  startBenchDatabase,
  startBenchDevnet,
  type BenchDatabase,
} from './components.ts';
import { httpLoad, type HttpRequest, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const INDEXES = ['P/block', 'X/vtx', 'X/block', 'C/block'] as const;
const PAGE_TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret';

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '240' },
    accounts: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '10' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] data-api-lists: ${text}\n`);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

interface RouteLoad {
  name: string;
  requests: HttpRequest[];
  /** The list field every good reply has a first item of. */
  listField: string;
}

interface DatabaseRun {
  database: string;
  ingestSeconds: number;
  busiestHolder: { address: string; tokens: number };
  results: { route: RouteLoad; measurement: Measurement; replyBytes: number }[];
}

const devnet = await startBenchDevnet({ hours: args.hours, accounts: args.accounts });
const counts: Record<(typeof INDEXES)[number], number> = {
  'P/block': devnet.history.pBlocks!,
  'X/vtx': devnet.history.xVertices!,
  'X/block': devnet.history.xBlocks!,
  'C/block': devnet.history.cBlocks!,
};
const { l1 } = (await (await fetch(`${devnet.url}/ext/devnet/chains`)).json()) as {
  l1: { blockchainId: string };
};

/** The three list routes, for the busiest ERC-20 holder of the C-Chain. */
function routeLoads(holder: string): RouteLoad[] {
  const get = (path: string): HttpRequest => ({ method: 'GET', path });
  const validatorFilters = [
    'validationStatus=active',
    'validationStatus=active&minDelegationCapacity=1&sortBy=delegationCapacity',
    'validationStatus=active&minFeePercentage=2&maxFeePercentage=20&sortBy=delegationFee',
    'validationStatus=completed&sortBy=blockIndex',
    'validationStatus=active&minTimeRemaining=3600&sortBy=timeRemaining&sortOrder=asc',
  ];
  return [
    {
      name: 'GET /v1/networks/fuji/validators (filters)',
      requests: validatorFilters.map((query) => get(`/v1/networks/fuji/validators?pageSize=100&${query}`)),
      listField: 'validators',
    },
    {
      name: 'GET …/addresses/{busiest holder}/balances:listErc20',
      requests: ['10', '100'].flatMap((pageSize) =>
        ['true', 'false'].map((filterSpamTokens) =>
          get(
            `/v1/chains/43113/addresses/${holder}/balances:listErc20?pageSize=${pageSize}&filterSpamTokens=${filterSpamTokens}`,
          ),
        ),
      ),
      listField: 'erc20TokenBalances',
    },
    {
      name: 'GET /v1/transactions (all chains)',
      requests: ['', '&status=success', '&status=failed'].flatMap((status) =>
        ['10', '100'].map((pageSize) => get(`/v1/transactions?network=fuji&pageSize=${pageSize}${status}`)),
      ),
      listField: 'transactions',
    },
  ];
}

/** The whole data path on one database, caught up with the devnet; the gateway's URL. */
async function startDataPath(db: BenchDatabase, running: { stop(): Promise<unknown> }[]) {
  const started = performance.now();
  const [indexerPort, primaryPort, evmPort, gatewayPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  running.push(
    await startBenchComponent('container-indexer', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${indexerPort}`,
      UPSTREAM_NODE_URLS: devnet.url,
      INDEXER_POLL_INTERVAL_MS: '100',
    }),
  );
  running.push(
    await startBenchComponent('primary-network', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${primaryPort}`,
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
      UPSTREAM_NODE_URLS: devnet.url,
      AVALANCHE_NETWORK: 'fuji',
      PROJECTION_POLL_INTERVAL_MS: '50',
    }),
  );
  running.push(
    await startBenchComponent('evm-data', {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      NFT_METADATA_QUEUE_PREFIX: `bench-lists-${process.pid}-${Date.now().toString(36)}`,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmPort}`,
      UPSTREAM_NODE_URLS: devnet.url,
      AVALANCHE_NETWORK: 'fuji',
      EVM_CHAINS: `C,${l1.blockchainId}`,
      EVM_INGEST_POLL_INTERVAL_MS: '50',
    }),
  );
  const primary = createGrpcClient(
    loadProto<PrimaryNetworkProto>('chaindata/primarynetwork/v1/primary_network.proto').chaindata
      .primarynetwork.v1.PrimaryNetworkService,
    `127.0.0.1:${primaryPort}`,
    30_000,
  );
  const evm = createGrpcClient(
    loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto').chaindata.evmdata.v1.EvmDataService,
    `127.0.0.1:${evmPort}`,
    30_000,
  );
  const evmHeads = await Promise.all(
    ['/ext/bc/C/rpc', `/ext/bc/${l1.blockchainId}/rpc`].map(async (path) => {
      const reply = await fetch(`${devnet.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      });
      return BigInt(((await reply.json()) as { result: string }).result);
    }),
  );
  try {
    await eventually(
      async () => {
        const [projection, ingestion] = await Promise.all([
          primary.unary.GetProjectionStatus({}),
          evm.unary.GetIngestionStatus({}),
        ]);
        const projected = INDEXES.every(
          (name) =>
            projection.indexes.find((i) => i.index_name === name)?.next_index === String(counts[name]),
        );
        const ingested =
          ingestion.chains.length === 2 &&
          ingestion.chains.every((c) => BigInt(c.next_block) > evmHeads[c.evm_chain_id === '43113' ? 0 : 1]!);
        return projected && ingested;
      },
      3_600_000,
      'the data path catching up',
    );
  } finally {
    primary.close();
    evm.close();
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  running.push(
    await startBenchComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryPort}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
      PAGE_TOKEN_SECRET,
    }),
  );
  return { gatewayUrl: `http://127.0.0.1:${gatewayPort}`, ingestSeconds };
}

/** The C-Chain address holding the most ERC-20 tokens, and how many. */
async function busiestErc20Holder(databaseUrl: string): Promise<{ address: string; tokens: number }> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ holder: Buffer; tokens: string }>(
      `SELECT holder, count(*) AS tokens FROM evm_data.token_holdings
       WHERE chain = (SELECT id FROM evm_data.chains WHERE evm_chain_id = 43113) AND erc_type = 20 AND balance > 0
       GROUP BY holder ORDER BY count(*) DESC, holder LIMIT 1`,
    );
    if (!rows[0]) throw new Error('the devnet history holds no ERC-20 balance on the C-Chain');
    return { address: `0x${rows[0].holder.toString('hex')}`, tokens: Number(rows[0].tokens) };
  } finally {
    await sql.end();
  }
}

async function runOn(kind: 'embedded' | 'server'): Promise<DatabaseRun> {
  const db = await startBenchDatabase(kind);
  const running: { stop(): Promise<unknown> }[] = [];
  try {
    log(`catching up on ${db.description}`);
    const { gatewayUrl, ingestSeconds } = await startDataPath(db, running);
    log(`caught up in ${ingestSeconds.toFixed(1)} s`);
    const busiestHolder = await busiestErc20Holder(db.url);
    const results: DatabaseRun['results'] = [];
    for (const route of routeLoads(busiestHolder.address)) {
      // Every request answers before the load starts, so a broken route fails the benchmark instead of timing 4xx.
      let replyBytes = 0;
      for (const request of route.requests) {
        const path = typeof request === 'string' ? '' : request.path;
        const reply = await fetch(`${gatewayUrl}${path}`);
        const body = await reply.text();
        if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${body.slice(0, 300)}`);
        replyBytes = Math.max(replyBytes, Buffer.byteLength(body));
      }
      log(`loading ${route.name}`);
      const measurement = await httpLoad(gatewayUrl, route.requests, settings, (body) =>
        body.includes(`"${route.listField}":[`),
      );
      results.push({ route, measurement, replyBytes });
    }
    return { database: db.description, ingestSeconds, busiestHolder, results };
  } finally {
    for (const r of running.reverse()) await r.stop();
    await db.stop();
  }
}

let baseline: Measurement;
const runs: DatabaseRun[] = [];
try {
  runs.push(await runOn('embedded'));
  if (process.env.DATABASE_URL) runs.push(await runOn('server'));
  else log('DATABASE_URL is not set: the PostgreSQL server run is skipped');
  // The baseline answers a reply as large as the largest route's, for a GET.
  const replyBytes = Math.max(...runs.flatMap((r) => r.results.map((x) => x.replyBytes)));
  const koa = await startBareKoaServer(`{"items":[${'"x",'.repeat(Math.max(0, (replyBytes - 14) / 4))}"x"]}`);
  try {
    log('loading the bare Koa baseline');
    baseline = await httpLoad(koa.url, [{ method: 'GET', path: '/' }], settings, (body) =>
      body.startsWith('{"items":['),
    );
  } finally {
    await koa.stop();
  }
} finally {
  await devnet.stop();
}

const ratio = (m: Measurement) => (m.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
const failures = (m: Measurement) => m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'none';
const rows = runs.flatMap((run) =>
  run.results.map(({ route, measurement }) => [
    route.name,
    run === runs[0] ? 'embedded' : 'server',
    measurement.requestsPerSecond.toFixed(0),
    measurement.p50Ms.toFixed(2),
    measurement.p99Ms.toFixed(2),
    ratio(measurement),
    failures(measurement),
  ]),
);
rows.push([
  'bare Koa (baseline)',
  '-',
  baseline.requestsPerSecond.toFixed(0),
  baseline.p50Ms.toFixed(2),
  baseline.p99Ms.toFixed(2),
  '1.00',
  failures(baseline),
]);
const table = markdownTable(
  ['route', 'PostgreSQL', 'requests/s', 'p50 ms', 'p99 ms', 'req/s vs bare Koa', 'failures'],
  rows,
  [false, false, true, true, true, true, false],
);
const details = runs
  .map(
    (run, i) =>
      `${i === 0 ? 'Embedded' : 'Server'}: ${run.database}; caught up in ${run.ingestSeconds.toFixed(1)} s; busiest ERC-20 holder ${run.busiestHolder.tokens} tokens.`,
  )
  .join('\n');
const largestReply = Math.max(...runs.flatMap((r) => r.results.map((x) => x.replyBytes)));
const text = `${table}\n\n${details}\nThe largest reply (and the baseline's): ${largestReply} bytes.${runs.length < 2 ? '\nThe PostgreSQL server run was skipped: DATABASE_URL was not set.' : ''}\n${await peakMemoryLine()}`;
process.stdout.write(`\n## Data API list routes\n\n${text}\n`);
if (writeDocs) {
  await writeMarkedSection(
    DOCS_FILE,
    'data-api-lists',
    `## Data API list routes

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`DATABASE_URL=postgres://… node bench/data-api-lists.ts\` (part of \`make bench\`; the server run needs DATABASE_URL)
- Settings: devnet history of ${args.hours} hours with ${args.accounts} accounts; ${settings.connections} connections, ${args.duration} s per route

The data path (container-indexer, primary-network, evm-data) catches up with the devnet on a fresh database, then
each route is loaded through gateway-data at a fixed concurrency, its requests in turn: validators with five
combinations of status, delegation-capacity, fee and time-remaining filters and sorts, 100 per page; the ERC-20
balances of the C-Chain address holding the most tokens, 10 and 100 per page, spam filter on and off; the latest
transactions of every chain, 10 and 100 per page, unfiltered and by status. The baseline is a bare Koa server
answering a GET with a fixed body as large as the largest reply, in the same run.

The devnet's history is small for these lists (tens of validators, a handful of tokens per holder), so the figures
measure the per-request path (gateway, gRPC, one indexed query, the document) rather than deep scans; the
validators' delegation-capacity and fee sorts compute their key for every candidate validator before sorting, and
would be the first to slow on a network of thousands.

${text}`,
  );
}
