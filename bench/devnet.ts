/**
 * `make bench`, second part: how long the devnet takes to generate its default history, and with how much memory.
 * It runs `chain-data devnet` twice as the stack runs it: once with no history (the baseline: the process's fixed
 * cost, measured in the same run) and once with the default history, reads the `history generated` log line and the
 * process's peak resident memory (VmHWM), then stops it. The budget is 2 minutes and 1 GiB.
 * With --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHAIN_DATA_BIN } from '../services/up/processes.ts';
import { machineDescription, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const BUDGET_MS = 120_000;
const BUDGET_BYTES = 1024 ** 3;

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '720' },
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
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const peakKiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const { ms, ...counts } = JSON.parse(line) as Record<string, number>;
  for (const key of ['level', 'time', 'component', 'network', 'msg']) delete counts[key];
  return { ms: ms!, peakBytes: peakKiB * 1024, counts };
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

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
process.stdout.write(`\n## Devnet history generation\n\n${table}\n\n${verdict}\n`);

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

${verdict}`,
  );
}
