/**
 * `make bench`: the export worker. A devnet history (few accounts, so that a few addresses are busy) is ingested by
 * evm-data; then, in one run:
 *
 * - an EVM transaction export of the busiest addresses on the C-Chain and the L1 over the whole history, through
 *   gateway-data (`POST /v1/operations/transactions:export`, polled with `GET /v1/operations/{id}`): rows/s;
 * - the baseline: the same addresses' transactions in the same blocks listed through the Data API a page of 100
 *   after another (`GET /v1/chains/{chainId}/addresses/{address}/transactions`), counted as the export's rows;
 * - the worker's peak memory (VmHWM) for an export of a tenth of those days and for the whole export, each in a
 *   fresh worker process: an export streams, so its memory must not grow with its size.
 *
 * Every component runs as `chain-data <component>` (telemetry on, no exporter), on embedded PostgreSQL unless
 * DATABASE_URL names a server. With --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of
 * docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { evmRowsOf } from '../services/export-worker/export/evm-rows.ts';
import type { TransactionDetails__Output } from '../services/generated/proto/chaindata/evmdata/v1/TransactionDetails.ts';
import type { ProtoGrpcType as EvmDataProto } from '../services/generated/proto/evm_data.ts';
import { createGrpcClient } from '../services/runtime/grpc/client.ts';
import { loadProto } from '../services/runtime/grpc/proto.ts';
import { eventually, freePort, type RunningComponent } from '../test/support/processes.ts';
import {
  peakMemoryLine,
  residentMemory,
  startBenchComponent,
  startBenchDatabase,
  startBenchDevnet,
} from './components.ts';
import { OTHER_PROCESSES, startCpuSample, type CpuShares } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const PAGE_TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret';
/** The devnet's default genesis: its history's first day. */
const GENESIS_DAY = '2026-01-01';
/**
 * A streaming export holds a page in flight and the file's write buffer, whatever the file's size, but its peak
 * resident set still rises with the export's length: V8 runs no full collection during these exports, so garbage
 * piles up until it does, and it grows its heap under the export's allocation rate (about 30 MiB more for the 10×
 * export than for the 1× on a 160 MiB worker, with the heap a full collection leaves about the same).
 * 25% allows that and stays below what keeping the 10× export's decoded transactions (tens of MiB) would add; what
 * a worker keeps is told more finely by the heap columns.
 */
const MAXIMUM_PEAK_RATIO = 1.25;
const POLL_INTERVAL_MS = 100;
/**
 * Loaded into each measured worker (--import): on SIGUSR2, a full garbage collection, then the heap in use on
 * stderr. Peak RSS counts garbage V8 has not collected yet and heap it keeps for later; what survives a full
 * collection is what the worker holds, the figure that tells a process that grows with the export from one whose
 * collector merely has not run.
 */
const HEAP_PROBE = `data:text/javascript;base64,${Buffer.from(
  `import v8 from 'node:v8';
import vm from 'node:vm';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  const { heapUsed, external } = process.memoryUsage();
  process.stderr.write('bench-heap-probe ' + JSON.stringify({ heapUsed, external }) + '\\n');
});`,
).toString('base64')}`;

const { values: args } = parseArgs({
  options: {
    // Ten whole days from the genesis, and some hours more so that every chain has indexed a block after the last.
    hours: { type: 'string', default: '246' },
    days: { type: 'string', default: '10' },
    accounts: { type: 'string', default: '5' },
    addresses: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const days = Number(args.days);
const rounds = Number(args.rounds);
const log = (text: string) => process.stderr.write(`[bench] export-worker: ${text}\n`);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const unixOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
/** The run with the median `key` (the upper one of an even count). */
const median = <T>(runs: T[], key: (run: T) => number): T =>
  [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)]!;

async function rpcHead(url: string): Promise<bigint> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return BigInt(((await reply.json()) as { result: string }).result);
}

interface ExportRun {
  firstDay: string;
  lastDay: string;
  rows: number;
  bytes: number;
  seconds: number;
  idleRss: number;
  peak: number;
  /** Heap in use (V8's and external) after a full collection once the export completed. */
  heapAfter: number;
  /** The same after the same export once more in the same process. */
  heapAfterAgain?: number;
  cpu: CpuShares;
}

interface Listing {
  requests: number;
  transactions: number;
  rows: number;
  seconds: number;
  cpu: CpuShares;
}

const devnet = await startBenchDevnet({ hours: args.hours, accounts: args.accounts });
const { l1 } = (await (await fetch(`${devnet.url}/ext/devnet/chains`)).json()) as {
  l1: { blockchainId: string };
};
const db = await startBenchDatabase();
const prefix = `bench-export-${randomUUID()}`;
const exportDir = await mkdtemp(join(tmpdir(), 'chain-data-bench-exports-'));
const running: { stop(): Promise<unknown> }[] = [];
try {
  const [evmPort, workerPort, gatewayPort, unusedPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const evmData = await startBenchComponent('evm-data', {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    NFT_METADATA_QUEUE_PREFIX: prefix,
    GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmPort}`,
    UPSTREAM_NODE_URLS: devnet.url,
    AVALANCHE_NETWORK: 'fuji',
    EVM_CHAINS: `C,${l1.blockchainId}`,
    EVM_INGEST_POLL_INTERVAL_MS: '50',
  });
  running.push(evmData);
  const heads = await Promise.all(
    ['/ext/bc/C/rpc', `/ext/bc/${l1.blockchainId}/rpc`].map((path) => rpcHead(`${devnet.url}${path}`)),
  );
  const evm = createGrpcClient(
    loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto').chaindata.evmdata.v1.EvmDataService,
    `127.0.0.1:${evmPort}`,
    30_000,
  );
  const ingestStarted = performance.now();
  let chainIds: string[] = [];
  try {
    await eventually(
      async () => {
        const { chains } = await evm.unary.GetIngestionStatus({});
        chainIds = chains.map((c) => c.evm_chain_id).sort((a, b) => Number(a) - Number(b));
        return (
          chains.length === 2 &&
          chains.every((c) => BigInt(c.next_block) > heads[c.evm_chain_id === '43113' ? 0 : 1]!)
        );
      },
      3_600_000,
      'ingestion',
    );
  } finally {
    evm.close();
  }
  log(`ingested in ${((performance.now() - ingestStarted) / 1000).toFixed(1)} s`);

  const firstDay = GENESIS_DAY;
  const lastDay = addDays(firstDay, days - 1);
  // The 1× export: a tenth of the days from the middle of the history (its first day has the contract deployments
  // and fewer transfers).
  const smallDays = Math.max(1, Math.round(days / 10));
  const smallFirstDay = addDays(firstDay, Math.floor((days - smallDays) / 2));
  const smallLastDay = addDays(smallFirstDay, smallDays - 1);
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // The addresses with the most transactions in the exported days on both chains together, and each chain's block
  // range of those days (the listing's startBlock and endBlock).
  const window = [unixOf(firstDay), unixOf(addDays(lastDay, 1))];
  const busiest = await sql.query<{ address: Buffer; count: string }>(
    `SELECT t.address, count(*) AS count FROM evm_data.address_transactions t
     JOIN evm_data.blocks b ON b.chain = t.chain AND b.number = t.block_number
     WHERE b.block_timestamp >= $1 AND b.block_timestamp < $2
     GROUP BY t.address ORDER BY count(*) DESC, t.address LIMIT $3`,
    [...window, Number(args.addresses)],
  );
  const ranges = await sql.query<{ evm_chain_id: string; start: string; end: string }>(
    `SELECT c.evm_chain_id::text,
       (SELECT min(number) FROM evm_data.blocks b WHERE b.chain = c.id AND b.block_timestamp >= $1) AS start,
       (SELECT min(number) FROM evm_data.blocks b WHERE b.chain = c.id AND b.block_timestamp >= $2) AS end
     FROM evm_data.chains c`,
    window,
  );
  await sql.end();
  const addresses = busiest.rows.map((r) => `0x${r.address.toString('hex')}`);
  const addressTxs = busiest.rows.reduce((sum, r) => sum + Number(r.count), 0);
  log(`busiest ${addresses.length} addresses: ${addressTxs} transactions from ${firstDay} to ${lastDay}`);

  const gateway = await startBenchComponent('gateway-data', {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(gatewayPort),
    EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
    // EVM exports never ask primary-network: a port nobody listens on.
    PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${unusedPort}`,
    EXPORT_WORKER_ADDRESS: `127.0.0.1:${workerPort}`,
    PAGE_TOKEN_SECRET,
  });
  running.push(gateway);
  const base = `http://127.0.0.1:${gatewayPort}`;

  const startWorker = () =>
    startBenchComponent('export-worker', {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      EXPORT_QUEUE_PREFIX: prefix,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${workerPort}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${unusedPort}`,
      AVALANCHE_NETWORK: 'fuji',
      EXPORT_DIR: exportDir,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${HEAP_PROBE}`.trim(),
    });
  const pids = {
    'export-worker': undefined as number | undefined,
    'evm-data': evmData.child.pid,
    'gateway-data': gateway.child.pid,
    ...(db.pid !== undefined ? { 'embedded-postgres': db.pid } : {}),
  };

  async function probeHeap(worker: RunningComponent): Promise<number> {
    const seen = worker.output().length;
    worker.child.kill('SIGUSR2');
    let line: string | undefined;
    await eventually(() => {
      line = worker
        .output()
        .slice(seen)
        .split('\n')
        .find((l) => l.startsWith('bench-heap-probe '));
      return line !== undefined;
    }, 10_000);
    const { heapUsed, external } = JSON.parse(line!.slice('bench-heap-probe '.length)) as {
      heapUsed: number;
      external: number;
    };
    return heapUsed + external;
  }

  /** POSTs an export and polls its operation until it completes: its rows, bytes and seconds. */
  async function exportOnce(from: string, to: string) {
    const started = performance.now();
    const created = await fetch(`${base}/v1/operations/transactions:export`, {
      method: 'POST',
      // The same request again within a day answers the first one's operation: each must be its own.
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        type: 'TRANSACTION_EXPORT_EVM',
        firstDate: from,
        lastDate: to,
        options: { addresses, includeChains: chainIds },
      }),
    });
    const { operationId } = (await created.json()) as { operationId?: string };
    if (!created.ok || !operationId) throw new Error(`the export was refused: ${created.status}`);
    for (;;) {
      const reply = await fetch(`${base}/v1/operations/${operationId}`);
      const operation = (await reply.json()) as {
        operationStatus: string;
        message?: string;
        progress: { rowsWritten: number; bytesWritten: number };
      };
      if (operation.operationStatus === 'COMPLETED')
        return {
          rows: operation.progress.rowsWritten,
          bytes: operation.progress.bytesWritten,
          seconds: (performance.now() - started) / 1000,
        };
      // Anything else (a truncated export included) is not the whole range: not a figure to compare.
      if (operation.operationStatus !== 'RUNNING')
        throw new Error(`the export ended ${operation.operationStatus}: ${operation.message ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }

  /**
   * One export in a worker process of its own, so that its VmHWM is this export's. With \`again\`, the same export
   * once more in the same process afterwards: what a worker keeps from an export shows as heap still growing
   * after the second, while code compiled and caches filled by the first stay as they were.
   */
  async function runExport(from: string, to: string, again = false): Promise<ExportRun> {
    const worker: RunningComponent = await startWorker();
    try {
      const pid = worker.child.pid!;
      const idle = await residentMemory(pid);
      const sample = startCpuSample({ ...pids, 'export-worker': pid });
      const { rows, bytes, seconds } = await exportOnce(from, to);
      const cpu = sample();
      const { peak } = await residentMemory(pid);
      const heapAfter = await probeHeap(worker);
      log(
        `${from} to ${to}: ${rows} rows in ${seconds.toFixed(1)} s, peak RSS ${mib(peak)} MiB, ` +
          `heap after a full collection ${mib(heapAfter)} MiB`,
      );
      let heapAfterAgain: number | undefined;
      if (again) {
        await exportOnce(from, to);
        heapAfterAgain = await probeHeap(worker);
        log(`the same again in the same worker: heap after a full collection ${mib(heapAfterAgain)} MiB`);
      }
      return {
        firstDay: from,
        lastDay: to,
        rows,
        bytes,
        seconds,
        idleRss: idle.rss,
        peak,
        heapAfter,
        ...(heapAfterAgain !== undefined ? { heapAfterAgain } : {}),
        cpu,
      };
    } finally {
      await worker.stop();
    }
  }

  /** Every page of the addresses' transactions in the exported blocks, with the rows the export makes of them. */
  async function listAll(): Promise<Listing> {
    let requests = 0;
    let transactions = 0;
    let rows = 0;
    const sample = startCpuSample(pids);
    const started = performance.now();
    for (const chainId of chainIds) {
      const range = ranges.rows.find((r) => r.evm_chain_id === chainId)!;
      for (const address of addresses) {
        let pageToken = '';
        do {
          const query = `pageSize=100&sortOrder=asc&startBlock=${range.start}&endBlock=${range.end}${pageToken ? `&pageToken=${pageToken}` : ''}`;
          const reply = await fetch(
            `${base}/v1/chains/${chainId}/addresses/${address}/transactions?${query}`,
          );
          if (!reply.ok) throw new Error(`the listing answered ${reply.status}: ${await reply.text()}`);
          const page = (await reply.json()) as { transactions: object[]; nextPageToken?: string };
          requests++;
          transactions += page.transactions.length;
          for (const tx of page.transactions) {
            // The document leaves empty lists out; the export's row maker expects them all.
            const details = {
              erc20Transfers: [],
              erc721Transfers: [],
              erc1155Transfers: [],
              internalTransactions: [],
              ...tx,
            } as unknown as TransactionDetails__Output;
            rows += evmRowsOf(chainId, address, details).length;
          }
          pageToken = page.nextPageToken ?? '';
        } while (pageToken);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    return { requests, transactions, rows, seconds, cpu: sample() };
  }

  // The first start of a component after its code changed compiles it and fills V8's compile cache
  // (bin/chain-data.js), at a cost in memory a later start does not pay: not one to measure.
  await (await startWorker()).stop();
  // Rounds interleave the three measurements, so that a disturbance of the machine falls on all of them; each
  // figure below is the median round's.
  const smalls: ExportRun[] = [];
  const larges: ExportRun[] = [];
  const listings: Listing[] = [];
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}/${rounds}: exporting ${smallFirstDay} to ${smallLastDay}`);
    smalls.push(await runExport(smallFirstDay, smallLastDay));
    log(`round ${round}/${rounds}: exporting ${firstDay} to ${lastDay}`);
    larges.push(await runExport(firstDay, lastDay, true));
    log(`round ${round}/${rounds}: listing the same transactions through the Data API`);
    const listing = await listAll();
    log(
      `listed ${listing.transactions} transactions (${listing.rows} rows) in ${listing.seconds.toFixed(1)} s`,
    );
    listings.push(listing);
  }
  const large = median(larges, (r) => r.seconds);
  const listing = median(listings, (r) => r.seconds);
  const small = median(smalls, (r) => r.peak);
  const largePeak = median(larges, (r) => r.peak);

  const exportRate = large.rows / large.seconds;
  const listingRate = listing.rows / listing.seconds;
  const sizeRatio = large.rows / small.rows;
  const peakRatio = largePeak.peak / small.peak;
  const each = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(', ');
  const rateTable = markdownTable(
    ['path', 'rows', 'requests', 'seconds', 'rows/s', 'vs listing', 'seconds of each round'],
    [
      [
        'export (POST, then GET until COMPLETED)',
        String(large.rows),
        '1',
        large.seconds.toFixed(1),
        exportRate.toFixed(0),
        (exportRate / listingRate).toFixed(2),
        each(
          larges.map((r) => r.seconds),
          1,
        ),
      ],
      [
        'Data API listing, 100 per page',
        String(listing.rows),
        String(listing.requests),
        listing.seconds.toFixed(1),
        listingRate.toFixed(0),
        '1.00',
        each(
          listings.map((r) => r.seconds),
          1,
        ),
      ],
    ],
    [false, true, true, true, true, true, false],
  );
  // 'load generator' is this process: the polling, or the listing's requests and the counting of its rows.
  const processes = ['load generator', ...Object.keys(pids), OTHER_PROCESSES];
  const cpuTable = markdownTable(
    ['path', ...processes],
    [
      ['export', large.cpu],
      ['Data API listing', listing.cpu],
    ].map(([name, cpu]) => [
      name as string,
      ...processes.map((p) => {
        const share = (cpu as CpuShares)[p];
        return share === undefined ? '-' : `${(share * 100).toFixed(0)}%`;
      }),
    ]),
    [false, ...processes.map(() => true)],
  );
  const memoryTable = markdownTable(
    [
      'export',
      'days',
      'rows',
      'file MiB',
      'RSS before MiB',
      'peak RSS MiB',
      'peak vs 1×',
      'peak RSS MiB of each round',
      'heap after MiB',
      'heap after a 2nd MiB',
    ],
    [
      [small, smalls],
      [largePeak, larges],
    ].map(([run, runs]) => {
      const {
        firstDay: from,
        lastDay: to,
        rows,
        bytes,
        idleRss,
        peak,
        heapAfter,
        heapAfterAgain,
      } = run as ExportRun;
      return [
        run === small ? '1×' : `${sizeRatio.toFixed(1)}×`,
        from === to ? from : `${from} to ${to}`,
        String(rows),
        mib(bytes),
        mib(idleRss),
        mib(peak),
        (peak / small.peak).toFixed(2),
        (runs as ExportRun[]).map((r) => mib(r.peak)).join(', '),
        mib(heapAfter),
        heapAfterAgain === undefined ? '-' : mib(heapAfterAgain),
      ];
    }),
    [false, false, true, true, true, true, true, false, true, true],
  );
  const sameRows =
    listing.rows === large.rows
      ? `The listing's transactions make the same ${listing.rows} rows as the export wrote.`
      : `The listing's transactions make ${listing.rows} rows, the export wrote ${large.rows}: NOT the same rows.`;
  const verdict = [
    `The export's rate: ${(exportRate / listingRate).toFixed(2)}× the listing's rows/s. ${sameRows}`,
    `Target: peak RSS of the ${sizeRatio.toFixed(1)}× export within ${MAXIMUM_PEAK_RATIO}× of the 1× export's. ` +
      `Measured: ${peakRatio.toFixed(2)}×. ${peakRatio <= MAXIMUM_PEAK_RATIO ? 'PASS' : 'FAIL'}`,
    `Exported: the ${addresses.length} busiest addresses on EVM chains ${chainIds.join(' and ')}, ` +
      `${listing.transactions} of their transactions (listed in ${listing.requests} pages).`,
  ].join('\n');
  const text = `${rateTable}\n\nCPU used by each process during the median round's export and listing (100% = one core; \`other processes\` is the rest of the machine: when it is high, something else disturbed the run):\n\n${cpuTable}\n\n${memoryTable}\n\n${verdict}\n${await peakMemoryLine()}`;
  process.stdout.write(`\n## Export worker\n\n${text}\n`);
  if (writeDocs) {
    await writeMarkedSection(
      DOCS_FILE,
      'export-worker',
      `## Export worker

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/export-worker.ts\` (part of \`make bench\`)
- Settings: devnet history of ${args.hours} hours with ${args.accounts} accounts (the C-Chain and the L1); the ${addresses.length} busiest addresses; ${days} days; \`EXPORT_PAGE_SIZE\` 100 (the default); ${rounds} rounds; ${db.description}

The export is a \`TRANSACTION_EXPORT_EVM\` of the ${addresses.length} addresses with the most transactions on the C-Chain
and the L1 together, on both chains, POSTed to gateway-data (\`POST /v1/operations/transactions:export\`) and followed
with \`GET /v1/operations/{id}\` every ${POLL_INTERVAL_MS} ms: its time runs from the POST to the first answer saying
\`COMPLETED\`, its rows are \`progress.rowsWritten\`. The baseline, in the same run, lists the same addresses'
transactions in the same blocks (the \`startBlock\` and \`endBlock\` of those days) through
\`GET /v1/chains/{chainId}/addresses/{address}/transactions?pageSize=100\`, page after page, one request at a time as
the worker reads one stream at a time; each listed transaction is counted as the rows the export makes of it (its
native transaction, value-moving internal transactions and ERC transfers the address is a party to, by
services/export-worker/export/evm-rows.ts), so both rates count the same rows. Each export runs in a fresh
\`chain-data export-worker\` (started once before, unmeasured, so that V8's compile cache is filled); its peak memory
is the process's peak resident set (\`VmHWM\`) read once the export is \`COMPLETED\`. The 1× export is a tenth of the
days from the middle of the history, the larger one every day. ${rounds} rounds, each the small export, the large one
and the listing in turn; the tables show the median round of each measure, and every round's figure.

Peak RSS counts more than what the worker holds: V8 runs no full collection during these exports, so the garbage of
decoded pages and their buffers piles up until it does, and it enlarges its heap under the export's allocation rate;
the longer export's peak is higher for that. \`heap after\` is what the worker holds once the export completed: V8's
heap in use plus external memory after a full collection (a probe loaded into each worker with \`--import\` collects
on SIGUSR2). \`heap after a 2nd\` is the same once the large export has run a second time in the same worker: the
small difference between the 1× and the 10× export is code compiled and caches filled on paths only the longer one
takes (checkpoints, functions run often enough to be optimized), which the second run does not add again; an export
that kept what it wrote would grow it again.

The export reads one stream per day, address and chain, each opened once the one before has ended (here
${days * addresses.length * chainIds.length} streams for the listing's ${listing.requests} pages), and evm-data answers each stream with two queries
more than a page (the chain's indexed-through time and the window's blocks). No process is busy all the time (the
CPU table), so round trips set both rates, and a stream of the export costs more than a page of the listing: at
about a page per stream, as here, the export does not beat the listing. Days with many pages per address spread
that cost over more rows.

${text}`,
    );
  }
} finally {
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
  await db.stop();
  await rm(exportDir, { recursive: true, force: true });
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}
