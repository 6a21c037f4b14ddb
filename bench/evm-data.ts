/**
 * `make bench`, fourth part: the evm-data service. A devnet history (few accounts, so that one address is busy) is
 * served by the devnet; then, in one run:
 *
 * - fetch only: every block of the C-Chain and the L1 with its receipts and call traces, fetched through the
 *   shared upstream client with the same number of blocks in flight ingestion uses (the baseline: what ingestion
 *   cannot go faster than);
 * - ingestion: a fresh evm-data service ingesting the same blocks, from ready to caught up;
 * - gateway-data under load for the busiest address: `GET /v1/chains/{chainId}/addresses/{address}/transactions`.
 *
 * Every component runs as `chain-data <component>` (telemetry on, no exporter), on DATABASE_URL's PostgreSQL server
 * when it is set, else on embedded PostgreSQL. Speed is judged by CPU time per 100 blocks of each process (the
 * machine may be shared; blocks/s is only as good as the cores were free); the target, at least 1,000 blocks/s, is
 * a server's (embedded PostgreSQL's one backend is reported, not judged). With --cpu-prof DIR, evm-data writes a CPU
 * profile of its run into DIR and the gateway load is skipped, so that the profile is ingestion's. With --write-docs
 * (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BlockFetcher, fetchInOrder } from '../services/evm-data/ingest/block-fetcher.ts';
import { createLogger } from '../services/runtime/logger.ts';
import { UpstreamClient } from '../services/runtime/upstream/client.ts';
import { eventually, freePort } from '../test/support/processes.ts';
import {
  peakMemoryLine,
  startBenchComponent,
  startBenchDatabase,
  startBenchDevnet,
  type BenchDatabase,
} from './components.ts';
import { cpuMsOf, httpLoad, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
/** Issue 22's target for ingestion on a PostgreSQL server. */
const MINIMUM_SERVER_INGEST_RATE = 1000;
/** evm-data's defaults EVM_INGEST_BLOCKS_IN_FLIGHT and EVM_INGEST_BLOCKS_PER_REQUEST: the baseline fetches alike. */
const FETCH_PLAN = { blocksInFlight: 64, blocksPerRequest: 10 };

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '240' },
    accounts: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '10' },
    'cpu-prof': { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const cpuProfileDir = args['cpu-prof'] && resolve(args['cpu-prof']);
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] evm-data: ${text}\n`);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** What a measured process (or group of processes) has used so far: CPU ms by process id. */
type CpuReading = () => Map<number, number>;

const processCpu =
  (pid: number | undefined): CpuReading =>
  () =>
    new Map(pid === undefined ? [] : [[pid, cpuMsOf(pid) ?? 0]]);

const selfCpu: CpuReading = () => {
  const { user, system } = process.cpuUsage();
  return new Map([[process.pid, (user + system) / 1000]]);
};

/**
 * CPU time of the PostgreSQL processes that work for one database, by process: on a server, the backends (and
 * autovacuum workers) whose title names it, so that other databases' work on a shared server is not counted; the
 * embedded one is a process of its own. The pool keeps its connections open through a run (a backend that exited
 * would be missed).
 */
function databaseCpu(db: BenchDatabase): CpuReading {
  if (db.pid !== undefined) return processCpu(db.pid);
  const name = new URL(db.url).pathname.slice(1);
  return () => {
    const found = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let title: string;
      try {
        title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (title.startsWith('postgres:') && title.split(' ').includes(name))
        found.set(Number(entry), cpuMsOf(Number(entry)) ?? 0);
    }
    return found;
  };
}

/**
 * Starts measuring the processes; the function returned gives each one's CPU per 100 of `count` blocks since (a
 * process absent at the start started since, and counts whole).
 */
function measureCpu(processes: Record<string, CpuReading>): (count: number) => Record<string, number> {
  const before = Object.fromEntries(Object.entries(processes).map(([name, read]) => [name, read()]));
  return (count) =>
    Object.fromEntries(
      Object.entries(processes).map(([name, read]) => {
        let ms = 0;
        for (const [pid, used] of read()) ms += used - (before[name]!.get(pid) ?? 0);
        return [name, (ms / count) * 100];
      }),
    );
}

const cpuLine = (what: string, per100: Record<string, number>) =>
  `CPU per 100 blocks, ${what}: ${Object.entries(per100)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')}; together ${Object.values(per100)
    .reduce((a, b) => a + b, 0)
    .toFixed(0)} ms.`;

/** The devnet with its whole history generated, and the blockchain id of its L1. */
async function startDevnet() {
  const devnet = await startBenchDevnet({ hours: args.hours, accounts: args.accounts });
  const chains = (await (await fetch(`${devnet.url}/ext/devnet/chains`)).json()) as {
    l1: { blockchainId: string };
  };
  return { ...devnet, l1: chains.l1.blockchainId };
}

const devnet = await startDevnet();
const rpcPaths = ['/ext/bc/C/rpc', `/ext/bc/${devnet.l1}/rpc`];
const upstream = new UpstreamClient({
  name: 'bench',
  urls: [devnet.url],
  log: createLogger('bench', 'silent'),
  maxConcurrency: 64,
});

// Fetch only: the calls ingestion makes (three per block, batched), with the same blocks in flight.
const heads: bigint[] = [];
let blocks = 0;
let transactions = 0;
const fetchCpuUsed = measureCpu({ devnet: processCpu(devnet.pid), 'fetcher (this process)': selfCpu });
const fetchStarted = performance.now();
for (const path of rpcPaths) {
  const fetcher = new BlockFetcher(upstream, path);
  const head = await fetcher.head();
  heads.push(head);
  for await (const bundle of fetchInOrder(fetcher, 0n, head, FETCH_PLAN)) {
    blocks++;
    transactions += bundle.block.transactions.length;
  }
}
const fetchSeconds = (performance.now() - fetchStarted) / 1000;
const fetchCpu = fetchCpuUsed(blocks);
upstream.close();
log(`fetched ${blocks} blocks (${transactions} transactions) in ${fetchSeconds.toFixed(1)} s`);
log(cpuLine('fetch only', fetchCpu));

const db = await startBenchDatabase();
const prefix = `bench-${randomUUID()}`;
const running: { stop(): Promise<unknown> }[] = [];

/**
 * gateway-data (started here, stopped with the rest) under load for the C-Chain address with the most
 * transactions: its table, and that address's transaction count.
 */
async function loadBusiestAddress(
  sql: pg.Client,
  servicePort: number,
): Promise<{ table: string; transactions: number }> {
  const gatewayPort = await freePort();
  running.push(
    await startBenchComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      EVM_DATA_ADDRESS: `127.0.0.1:${servicePort}`,
      PAGE_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret',
    }),
  );
  const { rows } = await sql.query<{ address: Buffer; count: string }>(
    `SELECT address, count(*) AS count FROM evm_data.address_transactions
     WHERE chain = (SELECT id FROM evm_data.chains WHERE evm_chain_id = 43113)
     GROUP BY address ORDER BY count DESC LIMIT 1`,
  );
  const busiest = `0x${rows[0]!.address.toString('hex')}`;
  const requests = ['asc', 'desc'].flatMap((sortOrder) =>
    ['10', '25', '100'].map((pageSize) => ({
      method: 'GET' as const,
      path: `/v1/chains/43113/addresses/${busiest}/transactions?pageSize=${pageSize}&sortOrder=${sortOrder}`,
    })),
  );
  log('loading address transactions');
  const m: Measurement = await httpLoad(`http://127.0.0.1:${gatewayPort}`, requests, settings, (body) =>
    body.includes('"transactions":[{'),
  );
  const table = markdownTable(
    ['route (busiest C-Chain address)', 'requests/s', 'p50 ms', 'p99 ms', 'failures'],
    [
      [
        'GET /v1/chains/43113/addresses/{address}/transactions',
        m.requestsPerSecond.toFixed(0),
        m.p50Ms.toFixed(2),
        m.p99Ms.toFixed(2),
        m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'none',
      ],
    ],
    [false, true, true, true, false],
  );
  return { table, transactions: Number(rows[0]!.count) };
}

try {
  const servicePort = await freePort();
  const service = await startBenchComponent('evm-data', {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    NFT_METADATA_QUEUE_PREFIX: prefix,
    GRPC_LISTEN_ADDRESS: `127.0.0.1:${servicePort}`,
    UPSTREAM_NODE_URLS: devnet.url,
    AVALANCHE_NETWORK: 'fuji',
    EVM_CHAINS: `C,${devnet.l1}`,
    EVM_INGEST_POLL_INTERVAL_MS: '50',
    EVM_INGEST_BLOCKS_IN_FLIGHT: String(FETCH_PLAN.blocksInFlight),
    EVM_INGEST_BLOCKS_PER_REQUEST: String(FETCH_PLAN.blocksPerRequest),
    ...(cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfileDir}` } : {}),
  });
  const ingestStarted = performance.now();
  running.push(service);
  const ingestCpuUsed = measureCpu({
    devnet: processCpu(devnet.pid),
    'evm-data': processCpu(service.child.pid),
    PostgreSQL: databaseCpu(db),
  });
  // The cursors are read from the database: asking evm-data (GetIngestionStatus every 50 ms, each query under a
  // statement timeout) would add its own work to what is measured.
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // heads[0] is the C-Chain's, heads[1] the L1's.
  const headOf = (evmChainId: string) => heads[evmChainId === '43113' ? 0 : 1]!;
  await eventually(
    async () => {
      const { rows } = await sql.query<{ evm_chain_id: string; next_block: string }>(
        'SELECT evm_chain_id, next_block FROM evm_data.chains',
      );
      return rows.length === 2 && rows.every((c) => BigInt(c.next_block) > headOf(c.evm_chain_id));
    },
    3_600_000,
    'ingestion',
  );
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  const ingestCpu = ingestCpuUsed(blocks);
  log(`ingested in ${ingestSeconds.toFixed(1)} s`);
  log(cpuLine('ingestion', ingestCpu));
  // Metadata jobs run beside ingestion and may outlast it: their work is ingestion's too.
  await eventually(
    async () => {
      const { rows } = await sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM evm_data.nft_tokens WHERE index_status = 'UNINDEXED'`,
      );
      return rows[0]!.n === '0';
    },
    600_000,
    'NFT metadata',
  );
  const metadataSeconds = (performance.now() - ingestStarted) / 1000;
  const withMetadataCpu = ingestCpuUsed(blocks);
  log(`every NFT's metadata fetched after ${metadataSeconds.toFixed(1)} s`);
  log(cpuLine("ingestion until every NFT's metadata is fetched", withMetadataCpu));

  const fetchRate = blocks / fetchSeconds;
  const ingestRate = blocks / ingestSeconds;
  const ingestTable = markdownTable(
    ['path', 'blocks', 'transactions', 'seconds', 'blocks/s', 'transactions/s', 'vs fetch'],
    [
      [
        'fetch only (block, receipts, traces)',
        String(blocks),
        String(transactions),
        fetchSeconds.toFixed(1),
        fetchRate.toFixed(0),
        (transactions / fetchSeconds).toFixed(0),
        '1.00',
      ],
      [
        'ingestion (evm-data)',
        String(blocks),
        String(transactions),
        ingestSeconds.toFixed(1),
        ingestRate.toFixed(0),
        (transactions / ingestSeconds).toFixed(0),
        (ingestRate / fetchRate).toFixed(2),
      ],
    ],
    [false, true, true, true, true, true, true],
  );
  const server = db.pid === undefined;
  const cpuLines = [
    cpuLine('fetch only', fetchCpu),
    cpuLine('ingestion, from ready to caught up', ingestCpu),
    cpuLine(
      `ingestion until every NFT's metadata is fetched (${metadataSeconds.toFixed(1)} s)`,
      withMetadataCpu,
    ),
  ].join('\n');
  // Only a server has a target: embedded PostgreSQL runs every connection's statements on one backend.
  const verdict = server
    ? `Ingestion target on a PostgreSQL server (at least ${MINIMUM_SERVER_INGEST_RATE} blocks/s): ${ingestRate.toFixed(0)} blocks/s, ${ingestRate >= MINIMUM_SERVER_INGEST_RATE ? 'met' : 'NOT met'}.`
    : `Ingestion on embedded PostgreSQL: ${ingestRate.toFixed(0)} blocks/s (the target, at least ${MINIMUM_SERVER_INGEST_RATE} blocks/s, is a server's).`;
  if (cpuProfileDir) {
    await sql.end();
    process.stdout.write(`\n## EVM data service\n\n${ingestTable}\n\n${verdict}\n${cpuLines}\n`);
    log(`CPU profile of evm-data's ingestion in ${cpuProfileDir} once it has stopped (no gateway load)`);
  } else {
    const busy = await loadBusiestAddress(sql, servicePort);
    await sql.end();
    const text = `${ingestTable}\n\n${busy.table}\n\n${verdict}\n${cpuLines}\nBusiest C-Chain address: ${busy.transactions} transactions.\n${await peakMemoryLine()}`;
    process.stdout.write(`\n## EVM data service\n\n${text}\n`);
    if (writeDocs) {
      await writeMarkedSection(
        DOCS_FILE,
        'evm-data',
        `## EVM data service

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/evm-data.ts\` (part of \`make bench\`)
- Settings: devnet history of ${args.hours} hours with ${args.accounts} accounts (the C-Chain and the L1); ${FETCH_PLAN.blocksInFlight} blocks in flight, ${FETCH_PLAN.blocksPerRequest} per request; ${settings.connections} connections, ${args.duration} s per route

Fetch only is every block of both chains with its receipts (\`eth_getBlockReceipts\`) and call traces
(\`debug_traceBlockByNumber\`, callTracer) fetched through the shared upstream client, ${FETCH_PLAN.blocksInFlight} blocks in flight, the
calls of ${FETCH_PLAN.blocksPerRequest} blocks in one JSON-RPC batch, the calls ingestion makes; ingestion is a fresh \`chain-data evm-data\` from ready to caught up on ${db.description}
(NFT metadata jobs wait while ingestion catches up, then run: the last CPU line counts them too). Both in one run.
CPU per 100 blocks is each process's user and system time (PostgreSQL: the backends of the benchmark's database)
over the blocks ingested. The route is loaded through
gateway-data at a fixed concurrency for the C-Chain address with the most transactions, page sizes 10, 25 and
100 in both orders.

${text}`,
      );
    }
  }
} finally {
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
  await db.stop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}
