/**
 * `make bench`, the metrics service: whether a Metrics API query costs the same whatever the length of the chain's
 * history, and how fast the rollups catch up with evm-data. For each of two devnet histories (10 and 60 days by
 * default), on a fresh database:
 *
 * - evm-data ingests the devnet's C-Chain and L1 from ready to caught up (its blocks/s);
 * - the metrics service then rolls the same blocks up from zero (its blocks/s: the catch-up rate, against evm-data's
 *   in the same run);
 * - gateway-metrics is loaded query by query: a year of daily points (activeAddresses, avgTps, cumulativeAddresses),
 *   the newest 240 hourly points (the same points for both histories), every hourly point of the history (up to the
 *   document's 2160) and the `total` scope's weeks.
 *
 * The two histories' latencies are compared query by query: a ratio near 1 for the queries that return the same
 * points says the cost does not grow with the history. Every component runs as `chain-data <component>` (telemetry
 * on, no exporter); the database is DATABASE_URL's server when set, else embedded PostgreSQL. With --write-docs (or
 * BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ProtoGrpcType as EvmDataProto } from '../services/generated/proto/evm_data.ts';
import { createGrpcClient } from '../services/runtime/grpc/client.ts';
import { loadProto } from '../services/runtime/grpc/proto.ts';
import { eventually, freePort } from '../test/support/processes.ts';
import { peakMemoryLine, startBenchComponent, startBenchDatabase, startBenchDevnet } from './components.ts';
import { httpLoad, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const DAY = 86_400;

const { values: args } = parseArgs({
  options: {
    'short-days': { type: 'string', default: '10' },
    'long-days': { type: 'string', default: '60' },
    accounts: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '10' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] metrics: ${text}\n`);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

interface Query {
  name: string;
  /** Whether both histories answer it with the same points (its latency ratio is then the one that matters). */
  samePoints: boolean;
  path: (now: number) => string;
}

const QUERIES: Query[] = [
  {
    name: 'txCount, hour, newest 240 points',
    samePoints: true,
    path: () => '/v2/chains/43113/metrics/txCount?timeInterval=hour&pageSize=240',
  },
  {
    name: 'activeAddresses, day, a year',
    samePoints: false,
    path: (now) =>
      `/v2/chains/43113/metrics/activeAddresses?timeInterval=day&pageSize=365&startTimestamp=${now - 365 * DAY}`,
  },
  {
    name: 'avgTps, day, a year',
    samePoints: false,
    path: (now) =>
      `/v2/chains/43113/metrics/avgTps?timeInterval=day&pageSize=365&startTimestamp=${now - 365 * DAY}`,
  },
  {
    name: 'cumulativeAddresses, day, newest 10 points',
    samePoints: true,
    path: () => '/v2/chains/43113/metrics/cumulativeAddresses?timeInterval=day&pageSize=10',
  },
  {
    name: 'activeAddresses, hour, whole history',
    samePoints: false,
    path: () => '/v2/chains/43113/metrics/activeAddresses?timeInterval=hour&pageSize=2160',
  },
  {
    name: 'txCount of total, week, newest 2 points',
    samePoints: true,
    path: () => '/v2/chains/total/metrics/txCount?timeInterval=week&pageSize=2',
  },
];

interface HistoryRun {
  days: number;
  blocks: number;
  ingestSeconds: number;
  rollupSeconds: number;
  results: { query: Query; points: number; measurement: Measurement }[];
}

/** The metrics service's cursor (next block) of every chain it follows; none before its migrations ran. */
async function metricsCursors(databaseUrl: string): Promise<Map<string, bigint>> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql
      .query<{ evm_chain_id: string; next_block: string }>(
        'SELECT evm_chain_id::text, next_block::text FROM metrics.chains',
      )
      .catch(() => ({ rows: [] }));
    return new Map(rows.map((r) => [r.evm_chain_id, BigInt(r.next_block)]));
  } finally {
    await sql.end();
  }
}

async function runHistory(days: number): Promise<HistoryRun> {
  log(`generating a devnet history of ${days} days`);
  const devnet = await startBenchDevnet({ hours: String(days * 24), accounts: args.accounts });
  const running: { stop(): Promise<unknown> }[] = [devnet];
  const db = await startBenchDatabase();
  try {
    const { l1 } = (await (await fetch(`${devnet.url}/ext/devnet/chains`)).json()) as {
      l1: { blockchainId: string };
    };
    const [evmPort, metricsPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
    running.push(
      await startBenchComponent('evm-data', {
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        NFT_METADATA_ENABLED: 'false',
        NFT_METADATA_QUEUE_PREFIX: `bench-metrics-${process.pid}-${Date.now().toString(36)}`,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmPort}`,
        UPSTREAM_NODE_URLS: devnet.url,
        AVALANCHE_NETWORK: 'fuji',
        EVM_CHAINS: `C,${l1.blockchainId}`,
        EVM_INGEST_POLL_INTERVAL_MS: '50',
      }),
    );
    const ingestStarted = performance.now();
    const heads = await Promise.all(
      ['/ext/bc/C/rpc', `/ext/bc/${l1.blockchainId}/rpc`].map(async (path) => {
        const reply = await fetch(`${devnet.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
        });
        return BigInt(((await reply.json()) as { result: string }).result);
      }),
    );
    const evm = createGrpcClient(
      loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto').chaindata.evmdata.v1.EvmDataService,
      `127.0.0.1:${evmPort}`,
      30_000,
    );
    let ingested = new Map<string, bigint>();
    try {
      await eventually(
        async () => {
          const status = await evm.unary.GetIngestionStatus({});
          ingested = new Map(status.chains.map((c) => [c.evm_chain_id, BigInt(c.next_block)]));
          return (
            status.chains.length === 2 &&
            status.chains.every((c) => BigInt(c.next_block) > heads[c.evm_chain_id === '43113' ? 0 : 1]!)
          );
        },
        3_600_000,
        'evm-data catching up',
      );
    } finally {
      evm.close();
    }
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const blocks = Number([...ingested.values()].reduce((a, b) => a + b, 0n));
    log(`evm-data ingested ${blocks} blocks in ${ingestSeconds.toFixed(1)} s`);

    const rollupStarted = performance.now();
    running.push(
      await startBenchComponent('metrics', {
        DATABASE_URL: db.url,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${metricsPort}`,
        EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
        METRICS_ROLLUP_POLL_INTERVAL_MS: '50',
        METRICS_CHAIN_DISCOVERY_INTERVAL_MS: '1000',
      }),
    );
    await eventually(
      async () => {
        // A connection per look: a quarter of a second apart, not to load the database being measured.
        await new Promise((resolve) => setTimeout(resolve, 250));
        const cursors = await metricsCursors(db.url);
        return [...ingested].every(([chain, next]) => cursors.get(chain) === next);
      },
      3_600_000,
      'the metrics rollups catching up',
    );
    const rollupSeconds = (performance.now() - rollupStarted) / 1000;
    log(`metrics rolled them up in ${rollupSeconds.toFixed(1)} s`);

    running.push(
      await startBenchComponent('gateway-metrics', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(gatewayPort),
        METRICS_ADDRESS: `127.0.0.1:${metricsPort}`,
        PAGE_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret',
      }),
    );
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const now = Math.floor(Date.now() / 1000);
    const results: HistoryRun['results'] = [];
    for (const query of QUERIES) {
      const path = query.path(now);
      // Every query answers before the load starts, so a broken route fails the benchmark instead of timing 4xx.
      const reply = await fetch(`${gatewayUrl}${path}`);
      const body = await reply.text();
      if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${body.slice(0, 300)}`);
      const points = (JSON.parse(body) as { results: unknown[] }).results.length;
      log(`loading ${query.name} (${points} points)`);
      const measurement = await httpLoad(gatewayUrl, [{ method: 'GET', path }], settings, (b) =>
        b.includes('"results":['),
      );
      results.push({ query, points, measurement });
    }
    return { days, blocks, ingestSeconds, rollupSeconds, results };
  } finally {
    for (const r of running.reverse()) await r.stop();
    await db.stop();
  }
}

const [short, long] = [
  await runHistory(Number(args['short-days'])),
  await runHistory(Number(args['long-days'])),
] as [HistoryRun, HistoryRun];

const failures = (m: Measurement) => m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'none';
const queryRows = short.results.map((s, i) => {
  const l = long.results[i]!;
  return [
    s.query.name,
    `${s.points} / ${l.points}`,
    s.measurement.p50Ms.toFixed(2),
    l.measurement.p50Ms.toFixed(2),
    (l.measurement.p50Ms / s.measurement.p50Ms).toFixed(2),
    s.measurement.requestsPerSecond.toFixed(0),
    l.measurement.requestsPerSecond.toFixed(0),
    l.measurement.p99Ms.toFixed(2),
    [failures(s.measurement), failures(l.measurement)].join(' / '),
  ];
});
const queryTable = markdownTable(
  [
    'query (C-Chain unless said)',
    `points (${short.days} d / ${long.days} d)`,
    `p50 ms, ${short.days} d`,
    `p50 ms, ${long.days} d`,
    'p50 ratio',
    `req/s, ${short.days} d`,
    `req/s, ${long.days} d`,
    `p99 ms, ${long.days} d`,
    'failures',
  ],
  queryRows,
  [false, false, true, true, true, true, true, true, false],
);
const rate = (blocks: number, seconds: number) => blocks / seconds;
const catchUpRows = [short, long].map((run) => [
  `${run.days} days`,
  String(run.blocks),
  run.ingestSeconds.toFixed(1),
  rate(run.blocks, run.ingestSeconds).toFixed(0),
  run.rollupSeconds.toFixed(1),
  rate(run.blocks, run.rollupSeconds).toFixed(0),
  (rate(run.blocks, run.rollupSeconds) / rate(run.blocks, run.ingestSeconds)).toFixed(2),
]);
const catchUpTable = markdownTable(
  [
    'history',
    'blocks',
    'evm-data s',
    'evm-data blocks/s',
    'metrics s',
    'metrics blocks/s',
    'metrics vs evm-data',
  ],
  catchUpRows,
  [false, true, true, true, true, true, true],
);
const sameRatios = queryRows.filter((_, i) => QUERIES[i]!.samePoints).map((row) => Number(row[4]));
const worst = Math.max(...sameRatios);
const text = `${queryTable}\n\n${catchUpTable}\n\nQueries returning the same points for both histories: p50 at ${long.days} days is at most ${worst.toFixed(2)}× the p50 at ${short.days} days.\n${await peakMemoryLine()}`;
process.stdout.write(`\n## Metrics API\n\n${text}\n`);
if (writeDocs) {
  await writeMarkedSection(
    DOCS_FILE,
    'metrics',
    `## Metrics API (metrics, gateway-metrics)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/metrics.ts\` (part of \`make bench\`; DATABASE_URL set: a PostgreSQL server, else embedded)
- Settings: devnet histories of ${short.days} and ${long.days} days with ${args.accounts} accounts (the C-Chain and the L1); ${settings.connections} connections, ${args.duration} s per query

For each history, on a fresh database: evm-data ingests both chains from ready to caught up, then the metrics
service rolls the same blocks up from zero (its catch-up rate against evm-data's, in the same run), then each query
is loaded through gateway-metrics at a fixed concurrency. The queries marked "newest" return the same points for
both histories, so their latency ratio shows whether a query's cost grows with the history (it reads a page of one
scope's buckets through the primary key); the others return as many points as the history has (up to a year of days,
up to 2160 hours), so their cost follows the points, not the history. There is no warm-up run: the
shorter history's first queries are also the gateway's first (a ratio below 1 is that, not a faster long history).

${text}`,
  );
}
