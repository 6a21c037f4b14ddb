import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../test/support/database.ts';
import { CHAIN_DATA_BIN } from '../services/up/processes.ts';
import { freePort, startComponent, type RunningComponent } from '../test/support/processes.ts';

/** Environment of every component a benchmark starts: telemetry as deployed, quiet logs, quick shutdowns. */
export const BENCH_COMPONENT_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  // Telemetry as deployed: on, spans created for every request, but nowhere to export them (empty = unset).
  OTEL_SDK_DISABLED: '',
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  SHUTDOWN_TIMEOUT_MS: '2000',
};

/**
 * The processes a benchmark started, by component, and the largest peak resident set (VmHWM) of those that stopped:
 * every benchmark reports each component's peak memory.
 */
const measuredProcesses = new Map<string, { running: Set<number>; stoppedPeak: number }>();

function measureMemoryOf(name: string, pid: number | undefined): { stopping(): Promise<void> } {
  const entry = measuredProcesses.get(name) ?? { running: new Set<number>(), stoppedPeak: 0 };
  measuredProcesses.set(name, entry);
  if (pid !== undefined) entry.running.add(pid);
  return {
    async stopping() {
      if (pid === undefined || !entry.running.delete(pid)) return;
      entry.stoppedPeak = Math.max(entry.stoppedPeak, await peakResidentBytes(pid));
    },
  };
}

/** A process's resident set (VmRSS) and its peak (VmHWM), in bytes; fails once the process has gone. */
export async function residentMemory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/** A process's peak resident set (VmHWM), 0 once it has gone. */
async function peakResidentBytes(pid: number): Promise<number> {
  return residentMemory(pid).then(
    ({ peak }) => peak,
    () => 0,
  );
}

/** Each component the benchmark started, with its largest peak resident memory so far (a line for the report). */
export async function peakMemoryLine(): Promise<string> {
  const peaks: string[] = [];
  for (const [name, { running, stoppedPeak }] of measuredProcesses) {
    let peak = stoppedPeak;
    for (const pid of running) peak = Math.max(peak, await peakResidentBytes(pid));
    if (peak > 0) peaks.push(`${name} ${(peak / 1024 ** 2).toFixed(0)} MiB`);
  }
  return `Peak resident memory (VmHWM) of each process: ${peaks.join(', ')}.`;
}

/** `chain-data <name>` as a benchmark runs it; stopping waits for its exit (killing it after 15 s). */
export async function startBenchComponent(
  name: string,
  env: Record<string, string>,
): Promise<RunningComponent> {
  const started = await startComponent(name, { ...BENCH_COMPONENT_ENV, ...env }, 120_000);
  const memory = measureMemoryOf(name, started.child.pid);
  return {
    ...started,
    async stop() {
      await memory.stopping();
      const timer = setTimeout(() => void started.kill(), 15_000);
      const code = await started.stop();
      clearTimeout(timer);
      return code;
    },
  };
}

export interface BenchDatabase {
  url: string;
  description: string;
  /** The embedded PostgreSQL process, when there is one. */
  pid?: number;
  stop(): Promise<void>;
}

/**
 * The database the measured components use: by default DATABASE_URL's server if set, else embedded PostgreSQL;
 * `kind` asks for one of them (a server needs DATABASE_URL).
 */
export async function startBenchDatabase(
  kind: 'embedded' | 'server' = process.env.DATABASE_URL ? 'server' : 'embedded',
): Promise<BenchDatabase> {
  if (kind === 'server') {
    if (!process.env.DATABASE_URL) throw new Error('a PostgreSQL server run needs DATABASE_URL');
    const db = await createTestDatabase();
    return {
      url: db.url,
      description: 'the PostgreSQL server at DATABASE_URL (a fresh database)',
      stop: () => db.drop(),
    };
  }
  // Embedded PostgreSQL as `chain-data up` runs it: a process of its own, so its work does not share the load
  // generator's event loop.
  const dir = await mkdtemp(join(tmpdir(), 'chain-data-bench-'));
  const port = await freePort();
  const postgres = await startBenchComponent('embedded-postgres', {
    CHAIN_DATA_DIR: dir,
    EMBEDDED_POSTGRES_HOST: '127.0.0.1',
    EMBEDDED_POSTGRES_PORT: String(port),
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    description: 'embedded PostgreSQL (PGlite), the `chain-data embedded-postgres` component',
    ...(postgres.child.pid !== undefined ? { pid: postgres.child.pid } : {}),
    async stop() {
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchDevnet {
  url: string;
  /** The devnet's process id, for its CPU use. */
  pid: number | undefined;
  /** The devnet's `history generated` log line: how many blocks and containers of each kind it made. */
  history: Record<string, number>;
  stop(): Promise<void>;
}

/** `chain-data devnet` with its whole history generated (and live blocks after it when asked for). */
export async function startBenchDevnet(options: {
  hours: string;
  accounts: string;
  /** Live blocks after the history, one per this many ms (none by default). */
  liveIntervalMs?: number;
}): Promise<BenchDevnet> {
  const port = await freePort();
  const child = spawn(process.execPath, [CHAIN_DATA_BIN, 'devnet'], {
    env: {
      ...process.env,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      DEVNET_HISTORY_HOURS: options.hours,
      DEVNET_ACCOUNTS: options.accounts,
      DEVNET_LIVE_INTERVAL_MS: String(options.liveIntervalMs ?? 0),
      LOG_LEVEL: 'info',
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
    child.once('exit', (code) => reject(new Error(`devnet exited with ${code}:\n${output}`)));
  });
  const memory = measureMemoryOf('devnet', child.pid);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    history: JSON.parse(line) as Record<string, number>,
    async stop() {
      await memory.stopping();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

const BARE_KOA = fileURLToPath(new URL('./bare-koa.ts', import.meta.url));
const TELEMETRY = fileURLToPath(new URL('../services/runtime/telemetry/bootstrap.ts', import.meta.url));

/**
 * The baseline server (bare-koa.ts), in a child process of its own; resolves once it listens. With `telemetry`, the
 * stack's OpenTelemetry set-up is loaded first and every request gets the HTTP server span the stack's apps make.
 */
export async function startBareKoaServer(
  replyBody: string,
  telemetry = false,
): Promise<{ child: ChildProcess; url: string; stop(): Promise<void> }> {
  const child = fork(BARE_KOA, [], {
    env: {
      ...process.env,
      BENCH_REPLY_BODY: replyBody,
      BENCH_TRACED: telemetry ? '1' : '',
      CHAIN_DATA_COMPONENT: 'bench-bare-koa',
    },
    execArgv: telemetry ? ['--import', TELEMETRY] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const memory = measureMemoryOf(telemetry ? 'bare Koa + telemetry' : 'bare Koa', child.pid);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the bare Koa server exited with ${code}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      await memory.stopping();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
