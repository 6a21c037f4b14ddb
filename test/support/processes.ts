import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { CHAIN_DATA_BIN, freePort as unusedPort, waitForHttpOk } from '../../services/up/processes.ts';
import { TEST_RUN_DIRECTORY } from './test-run.ts';

/**
 * A port free a moment ago that no other test process of this run has taken: the parallel workers each pick ports
 * before the servers that bind them start, so each port handed out is reserved, once for the run, by creating a
 * file named after it in the run's directory.
 */
export async function freePort(): Promise<number> {
  const run = process.env[TEST_RUN_DIRECTORY];
  const reservations = run && join(run, 'ports');
  if (reservations) mkdirSync(reservations, { recursive: true });
  for (;;) {
    const port = await unusedPort();
    if (!reservations) return port;
    try {
      closeSync(openSync(join(reservations, String(port)), 'wx'));
      return port;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/** A `chain-data <component>` child process, started and waited on until /readyz answers 200. */
export interface RunningComponent {
  child: ChildProcess;
  opsPort: number;
  /** Everything the process wrote, for assertions and for failure reports. */
  output(): string;
  /** SIGTERM, then wait for the exit; returns the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown steps run. */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}

/** `bin` is the entry point: the sources' by default, or a compiled build's (dist/bin/chain-data.js). */
export function spawnComponent(
  component: string,
  env: Record<string, string>,
  bin = CHAIN_DATA_BIN,
): { child: ChildProcess; output(): string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [bin, component], {
    env: { ...process.env, LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startComponent(
  component: string,
  env: Record<string, string>,
  readyTimeoutMs = 30_000,
  bin = CHAIN_DATA_BIN,
): Promise<RunningComponent> {
  const opsPort = await freePort();
  const spawned = spawnComponent(
    component,
    { OPS_HOST: '127.0.0.1', OPS_PORT: String(opsPort), ...env },
    bin,
  );
  const alive = () => spawned.child.exitCode === null && spawned.child.signalCode === null;
  try {
    await waitForHttpOk(`http://127.0.0.1:${opsPort}/readyz`, readyTimeoutMs, alive);
  } catch (err) {
    spawned.child.kill('SIGKILL');
    throw new Error(`${component} did not become ready: ${(err as Error).message}\n${spawned.output()}`, {
      cause: err,
    });
  }
  return {
    ...spawned,
    opsPort,
    async stop() {
      if (alive()) spawned.child.kill('SIGTERM');
      return spawned.exited;
    },
    async kill() {
      if (alive()) spawned.child.kill('SIGKILL');
      await spawned.exited;
    },
  };
}

/** Polls `check` until it returns true. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The error a promise rejects with; fails the test when it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}
