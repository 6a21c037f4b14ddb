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
 * Every component runs as `chain-data <component>` (telemetry on, no exporter), on embedded PostgreSQL. With
 * --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BlockFetcher, fetchInOrder } from '../services/evm-data/ingest/block-fetcher.ts';
import type { ProtoGrpcType } from '../services/generated/proto/evm_data.ts';
import { createGrpcClient } from '../services/runtime/grpc/client.ts';
import { loadProto } from '../services/runtime/grpc/proto.ts';
import { createLogger } from '../services/runtime/logger.ts';
import { UpstreamClient } from '../services/runtime/upstream/client.ts';
import { eventually, freePort } from '../test/support/processes.ts';
import { peakMemoryLine, startBenchComponent, startBenchDatabase, startBenchDevnet } from './components.ts';
import { httpLoad, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const MINIMUM_INGEST_RATIO = 0.5;
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
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] evm-data: ${text}\n`);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

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
upstream.close();
log(`fetched ${blocks} blocks (${transactions} transactions) in ${fetchSeconds.toFixed(1)} s`);

const db = await startBenchDatabase();
const prefix = `bench-${randomUUID()}`;
const running: { stop(): Promise<unknown> }[] = [];
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
  });
  const ingestStarted = performance.now();
  running.push(service);
  const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
  const client = createGrpcClient(
    proto.chaindata.evmdata.v1.EvmDataService,
    `127.0.0.1:${servicePort}`,
    30_000,
  );
  // heads[0] is the C-Chain's, heads[1] the L1's.
  const headOf = (evmChainId: string) => heads[evmChainId === '43113' ? 0 : 1]!;
  await eventually(
    async () => {
      const status = await client.unary.GetIngestionStatus({});
      return (
        status.chains.length === 2 &&
        status.chains.every((c) => BigInt(c.next_block) > headOf(c.evm_chain_id))
      );
    },
    3_600_000,
    'ingestion',
  );
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  client.close();
  log(`ingested in ${ingestSeconds.toFixed(1)} s`);

  const gatewayPort = await freePort();
  running.push(
    await startBenchComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      EVM_DATA_ADDRESS: `127.0.0.1:${servicePort}`,
      PAGE_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret',
    }),
  );
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  const { rows } = await sql.query<{ address: Buffer; count: string }>(
    `SELECT address, count(*) AS count FROM evm_data.address_transactions
     WHERE chain = (SELECT id FROM evm_data.chains WHERE evm_chain_id = 43113)
     GROUP BY address ORDER BY count DESC LIMIT 1`,
  );
  await sql.end();
  const busiest = `0x${rows[0]!.address.toString('hex')}`;
  const busyTxs = Number(rows[0]!.count);
  const base = `http://127.0.0.1:${gatewayPort}`;
  const requests = ['asc', 'desc'].flatMap((sortOrder) =>
    ['10', '25', '100'].map((pageSize) => ({
      method: 'GET' as const,
      path: `/v1/chains/43113/addresses/${busiest}/transactions?pageSize=${pageSize}&sortOrder=${sortOrder}`,
    })),
  );
  log('loading address transactions');
  const load = await httpLoad(base, requests, settings, (body) => body.includes('"transactions":[{'));

  const fetchRate = blocks / fetchSeconds;
  const ingestRate = blocks / ingestSeconds;
  const ratio = ingestRate / fetchRate;
  const row = (name: string, m: Measurement) => [
    name,
    m.requestsPerSecond.toFixed(0),
    m.p50Ms.toFixed(2),
    m.p99Ms.toFixed(2),
    m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'none',
  ];
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
        ratio.toFixed(2),
      ],
    ],
    [false, true, true, true, true, true, true],
  );
  const loadTable = markdownTable(
    ['route (busiest C-Chain address)', 'requests/s', 'p50 ms', 'p99 ms', 'failures'],
    [row('GET /v1/chains/43113/addresses/{address}/transactions', load)],
    [false, true, true, true, false],
  );
  const verdict = [
    `Ingestion target (at least ${MINIMUM_INGEST_RATIO * 100}% of the fetch-only rate): ${(ratio * 100).toFixed(0)}%, ${ratio >= MINIMUM_INGEST_RATIO ? 'met' : 'NOT met'}.`,
    ...(db.description.includes('server')
      ? [
          `Ingestion target on a PostgreSQL server (at least ${MINIMUM_SERVER_INGEST_RATE} blocks/s): ${ingestRate.toFixed(0)} blocks/s, ${ingestRate >= MINIMUM_SERVER_INGEST_RATE ? 'met' : 'NOT met'}.`,
        ]
      : []),
    `Busiest C-Chain address: ${busyTxs} transactions.`,
  ].join('\n');
  const text = `${ingestTable}\n\n${loadTable}\n\n${verdict}\n${await peakMemoryLine()}`;
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
(NFT metadata jobs running beside it). Both in one run. The route is loaded through gateway-data at a fixed
concurrency for the C-Chain address with the most transactions, page sizes 10, 25 and 100 in both orders.

${text}`,
    );
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
