import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort, spawnComponent, startComponent, type RunningComponent } from './processes.ts';

/** A `chain-data devnet` process of a test, and the base URL of its node APIs. */
export interface DevnetProcess {
  process: RunningComponent;
  base: string;
}

/** What a devnet logs when its history is generated: the blocks of each chain. */
export interface GeneratedHistory {
  pBlocks: number;
  xVertices: number;
  xBlocks: number;
  cBlocks: number;
  l1Blocks: number;
}

/** Starts a devnet on a free port, logging at info unless `env` says otherwise; ready, its history still growing. */
export async function startDevnet(env: Record<string, string>): Promise<DevnetProcess> {
  const port = await freePort();
  const process = await startComponent('devnet', { HTTP_PORT: String(port), LOG_LEVEL: 'info', ...env });
  return { process, base: `http://127.0.0.1:${port}` };
}

/** The first line the process logged with `msg`, parsed; undefined before it has. */
function logged<T>(process: RunningComponent, msg: string): T | undefined {
  const line = process
    .output()
    .split('\n')
    .find((l) => l.includes(`"msg":"${msg}"`));
  return line === undefined ? undefined : (JSON.parse(line) as T);
}

/** Waits until the devnet has generated its history; returns what it logged of it. */
export async function generatedHistory(
  process: RunningComponent,
  timeoutMs = 90_000,
): Promise<GeneratedHistory> {
  await eventually(() => logged(process, 'history generated') !== undefined, timeoutMs, 'the history');
  return logged<GeneratedHistory>(process, 'history generated')!;
}

/** The L1's blockchain id, as the devnet logged it when it started listening. */
export function l1BlockchainIdOf(process: RunningComponent): string {
  return logged<{ l1: { blockchainId: string } }>(process, 'devnet node APIs listening')!.l1.blockchainId;
}

/** A devnet started and its history generated: the common start of the suites that read one. */
export async function startDevnetWithHistory(
  env: Record<string, string>,
  historyTimeoutMs?: number,
): Promise<DevnetProcess & { generated: GeneratedHistory; l1BlockchainId: string }> {
  const devnet = await startDevnet(env);
  const generated = await generatedHistory(devnet.process, historyTimeoutMs);
  return { ...devnet, generated, l1BlockchainId: l1BlockchainIdOf(devnet.process) };
}

/** A JSON-RPC reply as the tests read it. */
export type RpcReply = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

/** One JSON-RPC call (id 1) posted to `url`, its reply parsed. */
export async function postJsonRpc(url: string, method: string, params: unknown): Promise<RpcReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as RpcReply;
}

/** A JSON-RPC method's result at `url`; an error reply (no result) throws, naming the method. */
export async function jsonRpcResult<T>(url: string, method: string, params: unknown = {}): Promise<T> {
  const reply = await postJsonRpc(url, method, params);
  if (reply.result === undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.result as T;
}

/** What `chain-data up` reports in its "stack is up" line. */
export interface StackUrls {
  gatewayRpc: string;
  gatewayData: string;
  upstream: string[];
}

/**
 * `chain-data up` as a new user runs it: embedded PostgreSQL, a local Redis and its own devnet (4 hours of history,
 * no live blocks), in a data directory of its own, every port free unless `env` says otherwise. Resolves once the
 * stack is up, with the URLs it reported; `stop` ends it and removes its data.
 */
export async function startStackOnDevnet(
  env: Record<string, string> = {},
  timeoutMs = 90_000,
): Promise<{ stack: ReturnType<typeof spawnComponent>; urls: StackUrls; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chain-data-up-'));
  const stack = spawnComponent('up', {
    CHAIN_DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    UPSTREAM_NODE_URLS: '',
    UPSTREAM_CHAIN_NODE_URLS: '',
    DEVNET_PORT: '0',
    DEVNET_HISTORY_HOURS: '4',
    DEVNET_LIVE_INTERVAL_MS: '0',
    GATEWAY_RPC_PORT: '0',
    GATEWAY_DATA_PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  });
  const stop = async () => {
    if (stack.child.exitCode === null && stack.child.signalCode === null) stack.child.kill('SIGTERM');
    await stack.exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await eventually(
      () => stack.output().includes('"msg":"stack is up"') || stack.child.exitCode !== null,
      timeoutMs,
      'the stack',
    );
    const line = stack
      .output()
      .split('\n')
      .find((l) => l.includes('"msg":"stack is up"'));
    if (line === undefined)
      throw new Error(`chain-data up did not come up:\n${stack.output().slice(-5_000)}`);
    return { stack, urls: (JSON.parse(line) as { urls: StackUrls }).urls, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
