import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const CHAIN_DATA_BIN = fileURLToPath(new URL('../../bin/chain-data.js', import.meta.url));

/**
 * A port that was free a moment ago on 127.0.0.1, and that this process has not handed out before: ports are
 * picked before the processes that bind them start, so the same free port must not be given twice meanwhile.
 * It is picked below the kernel's ephemeral range where there is room: the kernel hands ports in that range to
 * every outgoing connection and every listener on port 0, so a port taken from it (as listening on port 0 does) can
 * be taken again by anyone before its process binds it.
 */
const issuedPorts = new Set<number>();
const LOWEST_PICKED_PORT = 10_000;
/** Fewer free ports than this below the ephemeral range, and the range itself is sampled. */
const MIN_PICKED_RANGE = 2_000;

export async function freePort(): Promise<number> {
  const below = ephemeralRangeStart();
  const pick =
    below !== undefined && below - LOWEST_PICKED_PORT >= MIN_PICKED_RANGE
      ? () => Promise.resolve(LOWEST_PICKED_PORT + Math.floor(Math.random() * (below - LOWEST_PICKED_PORT)))
      : () => listeningPort(0);
  for (;;) {
    const port = await pick().catch(() => undefined);
    if (port === undefined || issuedPorts.has(port)) continue;
    // Free now: listened on and closed again.
    if ((await listeningPort(port).catch(() => undefined)) === undefined) continue;
    issuedPorts.add(port);
    return port;
  }
}

function listeningPort(port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}

/** The first port of Linux's ip_local_port_range; undefined elsewhere. */
function ephemeralRangeStart(): number | undefined {
  try {
    const start = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(start) && start > 0 ? start : undefined;
  } catch {
    return undefined;
  }
}

/** Starts `chain-data <component>` as a child process with an IPC channel, its output passed through. */
export function forkComponent(component: string, env: Record<string, string>): ChildProcess {
  return fork(CHAIN_DATA_BIN, [component], {
    env: { ...process.env, ...env, CHAIN_DATA_COMPONENT: component, CHAIN_DATA_SUPERVISED: 'true' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * Runs a program (not ours: it cannot watch its parent) under a shell that ends it when `up` goes away: the shell
 * holds a pipe from `up` as its stdin, which closes however `up` ends, SIGKILL included; then it sends the program
 * SIGTERM. It also passes SIGTERM on, and exits with the program's status when the program exits by itself.
 */
const PARENT_WATCH = `
trap 'stop=1; kill -TERM "$program" 2>/dev/null' TERM INT
exec 3<&0
"$@" </dev/null 3<&- &
program=$!
[ -z "$stop" ] || kill -TERM "$program"
{ read -r _ <&3; kill -TERM "$program" 2>/dev/null; } &
watcher=$!
exec 3<&-
status=0
while kill -0 "$program" 2>/dev/null; do wait "$program"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`;

/**
 * Starts `command` so that it dies with this process. In a process group of its own, so that Ctrl-C in the terminal
 * reaches `up` alone and `up` stops it in order.
 */
export function spawnProgram(command: string, args: string[]): ChildProcess {
  return spawn('sh', ['-c', PARENT_WATCH, 'chain-data-watch', command, ...args], {
    stdio: ['pipe', 'ignore', 'inherit'],
    detached: true,
  });
}

/** Sends SIGTERM and waits for the exit, escalating to SIGKILL after `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Polls an HTTP URL until it answers 200. */
export async function waitForHttpOk(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process behind ${url} exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}
