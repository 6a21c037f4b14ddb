/**
 * `make bench`, second part: how long the devnet takes to generate its default history, and with how much memory.
 * It runs `chain-data devnet` twice as the stack runs it: once with no history (the baseline: the process's fixed
 * cost, measured in the same run) and once with the default history, reads the `history generated` log line and the
 * process's peak resident memory (VmHWM), then stops it. The budget is 2 minutes and 1 GiB.
 * A third run keeps the devnet going after its history: an hour's worth of live blocks made faster than the default
 * interval while clients use it heavily (devnet-use.ts); its peak resident memory has a budget of 1.5 GiB.
 * With --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHAIN_DATA_BIN } from '../services/up/processes.ts';
import { freePort } from '../test/support/processes.ts';
import { devnetUse, type UseCounts } from './devnet-use.ts';
import { residentMemory } from './components.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const BUDGET_MS = 120_000;
const BUDGET_BYTES = 1024 ** 3;
const LIVE_BUDGET_BYTES = 1.5 * 1024 ** 3;
/**
 * Every live step makes one P-Chain block, and a staker's end two more: 1,900 P-Chain blocks are a little over the
 * 1,800 steps of an hour at the default interval (DEVNET_LIVE_INTERVAL_MS, 2 s).
 */
const LIVE_P_BLOCKS = 1_900;

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '720' },
    'live-interval-ms': { type: 'string', default: '25' },
    connections: { type: 'string', default: '8' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';

interface Generation {
  ms: number;
  peakBytes: number;
  counts: Record<string, number>;
}

async function generate(hours: string): Promise<Generation> {
  const child = spawn(process.execPath, [CHAIN_DATA_BIN, 'devnet'], {
    env: {
      ...process.env,
      HTTP_PORT: '0',
      OPS_PORT: '0',
      DEVNET_HISTORY_HOURS: hours,
      DEVNET_LIVE_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
      OTEL_SDK_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.split('\n').find((l) => l.includes('"msg":"history generated"'));
      if (found) resolve(found);
    });
    child.once('exit', (code) =>
      reject(new Error(`devnet exited with ${code} before its history:\n${output}`)),
    );
  });
  const { peak: peakBytes } = await residentMemory(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const { ms, ...counts } = JSON.parse(line) as Record<string, number>;
  for (const key of ['level', 'time', 'component', 'network', 'msg']) delete counts[key];
  return { ms: ms!, peakBytes, counts };
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

interface LiveUse {
  afterHistory: number;
  peak: number;
  end: number;
  seconds: number;
  pBlocks: number;
  cBlocks: number;
  use: UseCounts;
}

/** The devnet with the default history, then live blocks every `intervalMs` under heavy use, until an hour's worth. */
async function liveUse(hours: string, intervalMs: string, connections: number): Promise<LiveUse> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [CHAIN_DATA_BIN, 'devnet'], {
    env: {
      ...process.env,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      OPS_PORT: '0',
      DEVNET_HISTORY_HOURS: hours,
      DEVNET_LIVE_INTERVAL_MS: intervalMs,
      LOG_LEVEL: 'info',
      OTEL_SDK_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"msg":"history generated"')) {
          child.stdout.off('data', onData);
          child.stdout.resume();
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.once('exit', (code) => reject(new Error(`devnet exited with ${code}:\n${output}`)));
    });
    const pid = child.pid!;
    const afterHistory = (await residentMemory(pid)).rss;
    const use = devnetUse(url);
    const start = await use.refresh();
    const started = performance.now();
    let done = false;
    const watcher = (async () => {
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        if ((await use.refresh()).pHeight - start.pHeight >= LIVE_P_BLOCKS) done = true;
      }
    })();
    const counts = await use.run(connections, () => done);
    await watcher;
    const seconds = (performance.now() - started) / 1000;
    const end = await use.refresh();
    const pBlocks = end.pHeight - start.pHeight;
    const cBlocks = end.cHeight - start.cHeight;
    const memory = await residentMemory(pid);
    return { afterHistory, peak: memory.peak, end: memory.rss, seconds, pBlocks, cBlocks, use: counts };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

process.stderr.write('[bench] devnet: baseline (no history)\n');
const baseline = await generate('0');
process.stderr.write(`[bench] devnet: ${args.hours} hours of history\n`);
const run = await generate(args.hours);
const c = run.counts;
const primary = (c.pBlocks ?? 0) + (c.xVertices ?? 0) + (c.xBlocks ?? 0) + (c.xTxs ?? 0) + (c.cBlocks ?? 0);
const evmTxs = (c.cTxs ?? 0) + (c.l1Txs ?? 0);
const table = `| measure | baseline (no history) | ${args.hours} h of history | vs budget |
| --- | --- | --- | --- |
| generation time | ${baseline.ms} ms | ${(run.ms / 1000).toFixed(1)} s | ${(run.ms / BUDGET_MS).toFixed(2)} of 2 min |
| peak resident memory | ${mib(baseline.peakBytes)} | ${mib(run.peakBytes)} | ${(run.peakBytes / BUDGET_BYTES).toFixed(2)} of 1 GiB |

Generated: ${c.pBlocks} P-Chain blocks, ${c.xVertices} X-Chain vertices, ${c.xBlocks} X-Chain blocks, ${c.xTxs} X-Chain
transactions, ${c.cBlocks} C-Chain blocks (${primary} primary-network containers); ${c.cTxs} C-Chain and ${c.l1Txs} L1
transactions (${evmTxs} EVM transactions in ${(c.cBlocks ?? 0) + (c.l1Blocks ?? 0)} blocks).`;
const verdict =
  run.ms <= BUDGET_MS && run.peakBytes <= BUDGET_BYTES && primary >= 10_000 && evmTxs >= 20_000
    ? 'Target met: at least 10,000 primary-network containers and 20,000 EVM transactions in under 2 minutes and 1 GiB.'
    : 'Target NOT met (at least 10,000 primary-network containers and 20,000 EVM transactions in under 2 minutes and 1 GiB).';
process.stderr.write(
  `[bench] devnet: live blocks every ${args['live-interval-ms']} ms under use, until ${LIVE_P_BLOCKS} P-Chain blocks\n`,
);
const live = await liveUse(args.hours, args['live-interval-ms'], Number(args.connections));
const liveTable = markdownTable(
  ['measure', 'value', 'vs budget'],
  [
    ['resident memory after the history', mib(live.afterHistory), '-'],
    [
      'peak resident memory (VmHWM)',
      mib(live.peak),
      `${(live.peak / LIVE_BUDGET_BYTES).toFixed(2)} of 1.5 GiB`,
    ],
    ['resident memory at the end', mib(live.end), '-'],
    ['live P-Chain blocks / C-Chain blocks', `${live.pBlocks} / ${live.cBlocks}`, '-'],
    ['seconds', live.seconds.toFixed(0), '-'],
  ],
  [false, true, true],
);
const useTable = markdownTable(
  ['call', 'calls', 'failures'],
  Object.entries(live.use.calls).map(([kind, calls]) => [
    kind,
    String(calls),
    live.use.failures[kind] ? `${live.use.failures[kind]} (${live.use.firstFailure[kind]})` : 'none',
  ]),
  [false, true, false],
);
const liveVerdict =
  live.peak <= LIVE_BUDGET_BYTES
    ? 'Target met: the devnet stays under 1.5 GiB through an hour of live blocks and heavy use.'
    : 'Target NOT met: the devnet went over 1.5 GiB during an hour of live blocks and heavy use.';
process.stdout.write(
  `\n## Devnet history generation\n\n${table}\n\n${verdict}\n\n${liveTable}\n\n${useTable}\n\n${liveVerdict}\n`,
);

if (writeDocs) {
  await writeMarkedSection(
    DOCS_FILE,
    'devnet-generation',
    `## Devnet history generation

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/devnet.ts\` (part of \`make bench\`)

\`chain-data devnet\` as it runs (no live blocks, telemetry off), once with no history as the baseline and once with
the default history; time from its \`history generated\` log line, memory from the process's peak resident set (VmHWM).

${table}

${verdict}

### An hour of live blocks under heavy use

A third run generates the same history, then makes live blocks every ${args['live-interval-ms']} ms (an hour's worth, ${LIVE_P_BLOCKS} P-Chain
blocks, in minutes instead of the hour the default 2 s interval takes) while ${args.connections} clients call it in a closed loop,
each call a kind at random: blocks, logs, receipts, state at old heights, calls, gas estimates, proofs, both
tracers, filters (polled and removed; a few abandoned to the node's 5-minute timeout, which sees many more blocks
here than in an hour at the default interval), fee history, the Index API and the P-Chain's validators. Memory is
the process's resident set (VmRSS) and its peak (VmHWM).

${liveTable}

${useTable}

${liveVerdict}`,
  );
}
