/**
 * `make bench`, third part: the primary-network service. A devnet history (few accounts, so that one address is
 * busy) is mirrored by the container-indexer; then, in one run:
 *
 * - the raw container stream: every container of P/block, X/vtx, X/block and C/block read from the
 *   container-indexer's StreamContainers (the baseline: what the projection cannot go faster than);
 * - the projection: a fresh primary-network service projecting the same containers, from ready to caught up;
 * - gateway-data under load for the busiest address: `GET …/transactions?addresses=` and `POST …/utxos`.
 *
 * Every component runs as `chain-data <component>` (telemetry on, no exporter), on embedded PostgreSQL. With
 * --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md; with --only projection it stops
 * after the projection. The machine is shared, so the projection is also judged by the CPU time it costs per 1,000
 * containers, in primary-network and in PostgreSQL.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { ProtoGrpcType as IndexerProto } from '../services/generated/proto/container_indexer.ts';
import type { ProtoGrpcType } from '../services/generated/proto/primary_network.ts';
import { formatBech32 } from '../services/runtime/formatting/address.ts';
import { createGrpcClient } from '../services/runtime/grpc/client.ts';
import { loadProto } from '../services/runtime/grpc/proto.ts';
import { eventually, freePort } from '../test/support/processes.ts';
import { peakMemoryLine, startBenchComponent, startBenchDatabase, startBenchDevnet } from './components.ts';
import { cpuMsOf, httpLoad, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const INDEXES = ['P/block', 'X/vtx', 'X/block', 'C/block'] as const;
const MINIMUM_PROJECTION_RATIO = 0.5;
const BUSY_ADDRESS_TXS = 10_000;

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '1080' },
    accounts: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '10' },
    'write-docs': { type: 'boolean', default: false },
    // `projection`: the stream and the projection only, without loading the list routes.
    only: { type: 'string' },
  },
});
if (args.only !== undefined && args.only !== 'projection') throw new Error('--only takes `projection`');
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] primary-network: ${text}\n`);

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, what /proc/<pid>/stat counts in on Linux

/** A process's stat fields after its command name (utime is [11], stime [12], cutime [13], cstime [14]). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;

/** CPU time a process has used, in ms (0 once it has gone). */
const processCpuMs = (pid: number): number => cpuMsOf(pid) ?? 0;

/**
 * CPU time of a whole PostgreSQL server, in ms: its postmaster's live children (backends come and go with pools)
 * and what the ones that exited left in the postmaster's cutime and cstime.
 */
function serverCpuMs(postmaster: number): number {
  const own = statFields(postmaster);
  let sum = own ? ticksToMs(Number(own[13]) + Number(own[14])) : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === postmaster) sum += ticksToMs(Number(f[11]) + Number(f[12]));
  }
  return sum;
}

/** The postmaster of the server behind `url`: the parent of this connection's backend. */
async function postmasterPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return Number(statFields(rows[0]!.pid)![1]);
  } finally {
    await client.end();
  }
}

/** The devnet with its whole history generated, and its container counts per index. */
async function startDevnet() {
  const devnet = await startBenchDevnet({ hours: args.hours, accounts: args.accounts });
  const { history } = devnet;
  return {
    ...devnet,
    counts: {
      'P/block': history.pBlocks!,
      'X/vtx': history.xVertices!,
      'X/block': history.xBlocks!,
      'C/block': history.cBlocks!,
    } as Record<(typeof INDEXES)[number], number>,
  };
}

const devnet = await startDevnet();
const total = Object.values(devnet.counts).reduce((a, b) => a + b, 0);
log(`devnet history: ${JSON.stringify(devnet.counts)}`);
const db = await startBenchDatabase();
const running: { stop(): Promise<unknown> }[] = [];
try {
  const indexerPort = await freePort();
  running.push(
    await startBenchComponent('container-indexer', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${indexerPort}`,
      UPSTREAM_NODE_URLS: devnet.url,
      INDEXER_POLL_INTERVAL_MS: '100',
    }),
  );
  const indexerProto = loadProto<IndexerProto>('chaindata/containerindexer/v1/container_indexer.proto');
  const indexer = createGrpcClient(
    indexerProto.chaindata.containerindexer.v1.ContainerIndexService,
    `127.0.0.1:${indexerPort}`,
    30_000,
  );
  await eventually(
    async () => {
      for (const name of INDEXES) {
        const last = await indexer.unary.GetLastAccepted({ index_name: name }).catch(() => undefined);
        if (last?.index !== String(devnet.counts[name] - 1)) return false;
      }
      return true;
    },
    1_800_000,
    'the mirror',
  );
  log(`mirrored ${total} containers`);

  // The raw stream, as the projection reads it.
  const streamStarted = performance.now();
  let streamed = 0;
  for (const name of INDEXES) {
    for await (const container of indexer.streaming.StreamContainers({ index_name: name }, 600_000))
      if (container) streamed++;
  }
  const streamSeconds = (performance.now() - streamStarted) / 1000;
  indexer.close();

  // The projection from scratch.
  const servicePort = await freePort();
  const service = await startBenchComponent('primary-network', {
    DATABASE_URL: db.url,
    GRPC_LISTEN_ADDRESS: `127.0.0.1:${servicePort}`,
    CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
    UPSTREAM_NODE_URLS: devnet.url,
    AVALANCHE_NETWORK: 'fuji',
    PROJECTION_POLL_INTERVAL_MS: '50',
  });
  const projectionStarted = performance.now();
  running.push(service);
  const servicePid = service.child.pid!;
  const postmaster = db.pid === undefined ? await postmasterPid(db.url) : undefined;
  const databaseCpuMs = () => (postmaster === undefined ? processCpuMs(db.pid!) : serverCpuMs(postmaster));
  const cpuStart = { projector: processCpuMs(servicePid), database: databaseCpuMs() };
  const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
  const client = createGrpcClient(
    proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
    `127.0.0.1:${servicePort}`,
    30_000,
  );
  await eventually(
    async () => {
      const status = await client.unary.GetProjectionStatus({});
      return INDEXES.every(
        (name) =>
          status.indexes.find((i) => i.index_name === name)?.next_index === String(devnet.counts[name]),
      );
    },
    3_600_000,
    'the projection',
  );
  const projectionSeconds = (performance.now() - projectionStarted) / 1000;
  const perThousand = (ms: number) => (ms / total) * 1000;
  const cpu = {
    projector: perThousand(processCpuMs(servicePid) - cpuStart.projector),
    database: perThousand(databaseCpuMs() - cpuStart.database),
  };
  client.close();
  log(`projected in ${projectionSeconds.toFixed(1)} s (stream read in ${streamSeconds.toFixed(1)} s)`);
  const cpuLine = `CPU per 1,000 containers while projecting: primary-network ${cpu.projector.toFixed(0)} ms, PostgreSQL ${cpu.database.toFixed(0)} ms${postmaster === undefined ? '' : ' (the whole server)'}.`;
  log(cpuLine);
  if (args.only === 'projection') {
    const rate = total / projectionSeconds;
    const streamRate = streamed / streamSeconds;
    process.stdout.write(
      `\nstream ${streamRate.toFixed(0)} containers/s, projection ${rate.toFixed(0)} containers/s (${(rate / streamRate).toFixed(2)} of the stream)\n${cpuLine}\n`,
    );
  } else {
    // gateway-data under load for the busiest P-Chain address.
    const gatewayPort = await freePort();
    const gateway = await startBenchComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${servicePort}`,
      PAGE_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret',
    });
    running.push(gateway);
    // Each process's CPU per answered request: the machine is shared, so requests/s alone says little.
    const cpuOfLoad = async (load: () => Promise<Measurement>) => {
      const before = [processCpuMs(gateway.child.pid!), processCpuMs(servicePid), databaseCpuMs()];
      const measurement = await load();
      const after = [processCpuMs(gateway.child.pid!), processCpuMs(servicePid), databaseCpuMs()];
      const perRequest = after.map((ms, i) =>
        ((ms - before[i]!) / Math.max(1, measurement.completed)).toFixed(2),
      );
      return { ...measurement, cpu: perRequest.join(' / ') };
    };
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const { rows } = await sql.query<{ address: Buffer; count: string }>(
      `SELECT address, count(*) AS count FROM primary_network.address_transactions
     WHERE chain = 'P' AND kind = 0 GROUP BY address ORDER BY count DESC LIMIT 1`,
    );
    const { rows: utxoRows } = await sql.query<{ count: string }>(
      `SELECT count(*) AS count FROM primary_network.address_utxos WHERE chain = 'P' AND address = $1`,
      [rows[0]!.address],
    );
    await sql.end();
    const busiest = formatBech32('fuji', rows[0]!.address);
    const busyTxs = Number(rows[0]!.count);
    const base = `http://127.0.0.1:${gatewayPort}/v1/networks/fuji/blockchains/p-chain`;
    const transactionRequests = ['asc', 'desc'].flatMap((sortOrder) =>
      ['10', '25', '100'].map((pageSize) => ({
        method: 'GET' as const,
        path: `/v1/networks/fuji/blockchains/p-chain/transactions?addresses=${busiest}&pageSize=${pageSize}&sortOrder=${sortOrder}`,
      })),
    );
    const utxoRequests = ['timestamp', 'amount'].flatMap((sortBy) =>
      ['asc', 'desc'].map((sortOrder) => ({
        method: 'POST' as const,
        path: `/v1/networks/fuji/blockchains/p-chain/utxos?pageSize=100&includeSpent=true&sortBy=${sortBy}&sortOrder=${sortOrder}`,
        body: JSON.stringify({ addresses: `P-${busiest}` }),
      })),
    );
    const hasList = (field: string) => (body: string) => body.includes(`"${field}":[{`);
    log('loading transactions');
    const transactions = await cpuOfLoad(() =>
      httpLoad(base, transactionRequests, settings, hasList('transactions')),
    );
    log('loading utxos');
    const utxos = await cpuOfLoad(() => httpLoad(base, utxoRequests, settings, hasList('utxos')));

    const streamRate = streamed / streamSeconds;
    const projectionRate = total / projectionSeconds;
    const ratio = projectionRate / streamRate;
    const row = (name: string, m: Measurement & { cpu: string }) => [
      name,
      m.requestsPerSecond.toFixed(0),
      m.p50Ms.toFixed(2),
      m.p99Ms.toFixed(2),
      m.cpu,
      m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'none',
    ];
    const projectionTable = markdownTable(
      ['path', 'containers', 'seconds', 'containers/s', 'vs stream'],
      [
        [
          'raw container stream (StreamContainers)',
          String(streamed),
          streamSeconds.toFixed(1),
          streamRate.toFixed(0),
          '1.00',
        ],
        [
          'projection (primary-network)',
          String(total),
          projectionSeconds.toFixed(1),
          projectionRate.toFixed(0),
          ratio.toFixed(2),
        ],
      ],
      [false, true, true, true, true],
    );
    const loadTable = markdownTable(
      [
        'route (busiest address)',
        'requests/s',
        'p50 ms',
        'p99 ms',
        'CPU ms/request: gateway-data / primary-network / PostgreSQL',
        'failures',
      ],
      [row('GET …/p-chain/transactions?addresses=', transactions), row('POST …/p-chain/utxos', utxos)],
      [false, true, true, true, true, false],
    );
    const verdict = [
      `Projection target (at least ${MINIMUM_PROJECTION_RATIO * 100}% of the raw stream's rate): ${(ratio * 100).toFixed(0)}%, ${ratio >= MINIMUM_PROJECTION_RATIO ? 'met' : 'NOT met'}.`,
      `Busiest address: ${busyTxs} P-Chain transactions, ${utxoRows[0]!.count} UTXOs${busyTxs >= BUSY_ADDRESS_TXS ? '' : ` (fewer than the ${BUSY_ADDRESS_TXS} asked for: use more --hours)`}.`,
    ].join('\n');
    const text = `${projectionTable}\n\n${loadTable}\n\n${verdict}\n${cpuLine}\n${await peakMemoryLine()}`;
    process.stdout.write(`\n## Primary-network service\n\n${text}\n`);
    if (writeDocs) {
      await writeMarkedSection(
        DOCS_FILE,
        'primary-network',
        `## Primary-network service

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/primary-network.ts\` (part of \`make bench\`)
- Settings: devnet history of ${args.hours} hours with ${args.accounts} accounts (${total} primary-network containers); ${settings.connections} connections, ${args.duration} s per route

The raw stream is every container of P/block, X/vtx, X/block and C/block read over the container-indexer's
\`StreamContainers\`, the way the projection reads them; the projection is a fresh \`chain-data primary-network\` from
ready to caught up on the same database (${db.description}). Both in one run. The routes are loaded through
gateway-data at a fixed concurrency for the P-Chain address with the most transactions: transactions with page sizes
10, 25 and 100 in both orders, and UTXOs (spent included, 100 per page) by time and by amount in both orders.

${text}`,
      );
    }
  }
} finally {
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
  await db.stop();
}
