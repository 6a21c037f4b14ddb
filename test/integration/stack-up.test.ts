import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { expect } from 'chai';
import { service as healthService } from 'grpc-health-check';
import { metricCatalog, sampledSeries, usedMetrics } from '../support/monitoring.ts';
import { eventually, freePort, spawnComponent } from '../support/processes.ts';
import { startUpstreamNode, type UpstreamNode } from '../support/upstream-node.ts';

/**
 * `chain-data up` on a fresh data directory, with no database and no Redis given: it must start embedded
 * PostgreSQL, a local redis-server and every component, report each healthy, serve through gateway-rpc what the
 * indexer mirrored, stop cleanly, and find its data again after a restart.
 */
/** What `up` runs with its defaults, in the order it starts them. */
const STACK_PROCESSES = [
  'postgres (embedded)',
  'redis (local)',
  'container-indexer',
  'primary-network',
  'evm-data',
  'metrics',
  'export-worker',
  'signature-aggregator',
  'node-rpc',
  'gateway-rpc',
  'gateway-data',
  'gateway-metrics',
];

describe('chain-data up', function () {
  let upstream: UpstreamNode;
  /** The C-Chain's own node (UPSTREAM_CHAIN_NODE_URLS); `upstream` serves the other chains. */
  let cChainNode: UpstreamNode;
  let dataDir: string;
  const running: { stop: () => Promise<unknown> }[] = [];

  before(async function () {
    upstream = await startUpstreamNode({ indexes: { 'P/block': 300 } });
    cChainNode = await startUpstreamNode({ indexes: { 'C/block': 20 } });
    dataDir = await mkdtemp(join(tmpdir(), 'chain-data-up-'));
  });

  after(async function () {
    for (const r of running) await r.stop();
    await upstream?.close();
    await cChainNode?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function up(port: number, extraEnv: Record<string, string> = {}, upTimeoutMs = 90_000) {
    const env: Record<string, string> = {
      CHAIN_DATA_DIR: dataDir,
      UPSTREAM_NODE_URLS: upstream.url,
      UPSTREAM_CHAIN_NODE_URLS: `C=${cChainNode.url}`,
      GATEWAY_RPC_PORT: String(port),
      GATEWAY_DATA_PORT: '0',
      GATEWAY_METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...extraEnv,
    };
    const stack = spawnComponent('up', env);
    const stop = async () => {
      if (stack.child.exitCode === null) stack.child.kill('SIGTERM');
      return stack.exited;
    };
    running.push({ stop });
    // The summary goes to stderr and the structured "stack is up" line to stdout: two pipes, so either may arrive first.
    await eventually(
      () =>
        (stack.output().includes('chain-data is up') && stack.output().includes('"msg":"stack is up"')) ||
        stack.child.exitCode !== null,
      upTimeoutMs,
      'the stack',
    );
    expect(stack.output(), stack.output()).to.include('chain-data is up');
    return { ...stack, stop };
  }

  async function lastAccepted(port: number, indexName: string): Promise<{ index?: string; id?: string }> {
    const response = await fetch(`http://127.0.0.1:${port}/ext/index/${indexName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'index.getLastAccepted',
        params: { encoding: 'hex' },
      }),
    });
    return ((await response.json()) as { result?: { index: string; id: string } }).result ?? {};
  }

  it('runs every component healthy on embedded PostgreSQL and a local Redis, keeps its data across restarts, and leaves no process behind when killed outright', async function () {
    this.timeout(240_000);
    const port = await freePort();
    const first = await up(port);
    const report = first.output().slice(first.output().indexOf('chain-data is up'));
    for (const name of STACK_PROCESSES) {
      expect(report).to.match(new RegExp(`${name.replace(/[()]/g, '\\$&')}\\s+healthy`));
    }
    expect(report).to.include(`http://127.0.0.1:${port}/ext/index/`);
    // metrics serves grpc.health.v1 on its gRPC port, as the operator's readiness probe asks it.
    const metricsGrpc = /metrics\s+healthy\s+grpc (127\.0\.0\.1:\d+),/.exec(report)?.[1];
    expect(metricsGrpc, 'the metrics gRPC address in the summary').to.be.a('string');
    expect(await grpcHealth(metricsGrpc!)).to.equal('SERVING');
    // gateway-metrics, at the url the "stack is up" line names, answers the Metrics API from metrics.
    const urls = stackUpUrls(first.output());
    expect(report).to.include(`gateway-metrics`);
    expect(urls.gatewayMetrics).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(report).to.include(`${urls.gatewayMetrics}/v2/chains (Metrics API)`);
    const health = await fetch(`${urls.gatewayMetrics}/v2/health-check`);
    expect(health.status).to.equal(200);
    expect(await health.json()).to.deep.include({ status: 'ok' });
    expect(report).to.include(`following ${upstream.url}; C: ${cChainNode.url}\n`);

    await eventually(
      async () => (await lastAccepted(port, 'P/block')).index === '299',
      60_000,
      'P/block mirrored',
    );
    expect(await lastAccepted(port, 'P/block')).to.deep.include({
      id: upstream.indexes.get('P/block')![299]!.id,
    });
    await eventually(
      async () => (await lastAccepted(port, 'C/block')).index === '19',
      60_000,
      'C/block mirrored',
    );

    expect(await first.stop()).to.equal(0);
    expect(first.output()).to.match(/"component":"container-indexer".*"msg":"stopped"/);
    // metrics applied its schema's migrations on the stack's PostgreSQL and followed evm-data until the stop.
    expect(first.output()).to.match(/"component":"metrics".*"msg":"metrics started"/);
    expect(first.output()).to.match(/"component":"metrics".*"msg":"stopped"/);
    expect(first.output()).to.match(/"component":"embedded-postgres".*"msg":"stopped"/);

    // With the upstream gone, what the gateway serves after a restart comes from the kept data.
    await upstream.close();
    const second = await up(port);
    expect(await lastAccepted(port, 'P/block')).to.deep.include({
      index: '299',
      id: upstream.indexes.get('P/block')![299]!.id,
    });
    upstream = await startUpstreamNode();

    // Killed outright rather than stopped, `up` leaves no process behind.
    const names = [...reported(second.output()).keys()];
    expect(names).to.deep.equal(STACK_PROCESSES);
    // Every process under `up`: the components, redis-server and its watcher.
    const all = descendants(second.child.pid!);
    expect(all.length).to.be.at.least(names.length + 1);
    second.child.kill('SIGKILL');
    await eventually(() => all.every((pid) => !isRunning(pid)), 30_000, 'every process to stop');
  });

  it('serves, on the ops ports it reports, every metric the dashboards and alerts name (docs/monitoring.md)', async function () {
    this.timeout(300_000);
    // As `make up` runs it: the devnet as the upstream (a short history, so that it is ready soon), every component.
    const dir = await mkdtemp(join(tmpdir(), 'chain-data-up-metrics-'));
    const port = await freePort();
    const stack = await up(
      port,
      {
        CHAIN_DATA_DIR: dir,
        UPSTREAM_NODE_URLS: '',
        UPSTREAM_CHAIN_NODE_URLS: '',
        DEVNET_PORT: '0',
        DEVNET_HISTORY_HOURS: '1',
      },
      240_000,
    );
    // After the stack's own stop (the hook stops what runs in the order it started).
    running.push({ stop: () => rm(dir, { recursive: true, force: true }) });
    const processes = reportedProcesses(stack.output());
    expect(processes.map((p) => p.name)).to.deep.equal([
      'postgres (embedded)',
      'redis (local)',
      'devnet',
      ...STACK_PROCESSES.slice(2),
    ]);
    // Every process but redis-server serves its ops endpoint where the line says.
    for (const p of processes) {
      if (p.name === 'redis (local)') expect(p.ops, p.name).to.equal(undefined);
      else expect(p.ops, p.name).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    }
    const urls = stackUpUrls(stack.output());

    // One request to each gateway, so that the request, rate-limit and gRPC metrics have samples: a Data API route
    // (gateway-data → evm-data), a Metrics API route (gateway-metrics → metrics) and a JSON-RPC call (gateway-rpc →
    // node-rpc). Without a key each is limited at the unauthenticated tier, well within its budget.
    const dataApi = await fetch(`${urls.gatewayData}/v1/chains`);
    expect(dataApi.status, await dataApi.text()).to.equal(200);
    const metricsApi = await fetch(`${urls.gatewayMetrics}/v2/chains`);
    expect(metricsApi.status, await metricsApi.text()).to.equal(200);
    const rpc = await fetch(`${urls.gatewayRpc}/ext/bc/C/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    });
    expect(rpc.status).to.equal(200);
    expect(((await rpc.json()) as { result?: string }).result).to.match(/^0x[0-9a-f]+$/);

    // What the dashboards and alerts name, each in at least one process's scrape (a histogram by its _bucket
    // series). Gauges read at scrape (queues, lag) may need a scrape or two, and the followers their first steps.
    const catalog = metricCatalog();
    const used = usedMetrics(catalog);
    let missing: string[] = [];
    await eventually(
      async () => {
        const served = new Set<string>();
        for (const p of processes.filter((p) => p.ops)) {
          const response = await fetch(`${p.ops}/metrics`);
          expect(response.status, `${p.name} /metrics`).to.equal(200);
          for (const series of sampledSeries(await response.text())) served.add(series);
        }
        missing = [...used]
          .filter(([metric]) => !served.has(metric) && !served.has(`${metric}_bucket`))
          .map(([metric, where]) => `${metric} (${where})`);
        if (missing.length === 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return false;
      },
      120_000,
      'every metric the dashboards and alerts name',
    ).catch((err: unknown) => {
      throw new Error(`not served by any process of the stack:\n  ${missing.join('\n  ')}`, { cause: err });
    });
    expect(used.size).to.be.greaterThan(50);
    expect(await stack.stop()).to.equal(0);
  });

  /** The processes `up` reported in its "stack is up" line, with their ops endpoints. */
  function reportedProcesses(output: string): { name: string; pid: number; ops?: string }[] {
    const line = output.split('\n').find((l) => l.includes('"msg":"stack is up"'))!;
    return (JSON.parse(line) as { processes: { name: string; pid: number; ops?: string }[] }).processes;
  }

  /** The urls `up` reported in its "stack is up" line. */
  function stackUpUrls(output: string): Record<string, string> {
    const line = output.split('\n').find((l) => l.includes('"msg":"stack is up"'))!;
    return (JSON.parse(line) as { urls: Record<string, string> }).urls;
  }

  /** The processes `up` reported in its "stack is up" line, by name. */
  function reported(output: string): Map<string, number> {
    const line = output.split('\n').find((l) => l.includes('"msg":"stack is up"'))!;
    const { processes } = JSON.parse(line) as { processes: { name: string; pid: number }[] };
    return new Map(processes.map((p) => [p.name, p.pid]));
  }

  /** How often `up` said `name` is healthy again, and its pid the last time. */
  function recoveries(output: string, name: string): { count: number; pid: number | undefined } {
    const lines = output
      .split('\n')
      .filter((l) => l.includes('"msg":"a stack process is healthy again"'))
      .map((l) => JSON.parse(l) as { process: string; pid: number })
      .filter((l) => l.process === name);
    return { count: lines.length, pid: lines.at(-1)?.pid };
  }

  it('restarts a component or redis-server killed with SIGKILL, and serves again; gives up on one that keeps exiting, stops the stack and exits non-zero', async function () {
    this.timeout(240_000);
    const port = await freePort();
    const stack = await up(port, { UP_RESTART_BACKOFF_MS: '100', UP_RESTART_LIMIT: '3' });
    const pids = reported(stack.output());
    expect((await lastAccepted(port, 'P/block')).index).to.equal('299');

    process.kill(pids.get('container-indexer')!, 'SIGKILL');
    await eventually(
      () => recoveries(stack.output(), 'container-indexer').count === 1,
      60_000,
      'the restart',
    );
    expect(stack.output()).to.include(
      'chain-data up: container-indexer exited (signal SIGKILL); restart 1 in ',
    );
    expect(stack.output()).to.match(
      /chain-data up: container-indexer is healthy again \(pid \d+, 1 restart\)/,
    );
    expect(isRunning(recoveries(stack.output(), 'container-indexer').pid!)).to.equal(true);
    // gateway-rpc reaches the indexer again at the address it had.
    await eventually(
      async () => (await lastAccepted(port, 'P/block')).index === '299',
      30_000,
      'the gateway',
    );

    // metrics is restarted like the others, and resumes from its cursors.
    process.kill(pids.get('metrics')!, 'SIGKILL');
    await eventually(() => recoveries(stack.output(), 'metrics').count === 1, 60_000, 'metrics restarted');
    expect(stack.output()).to.include('chain-data up: metrics exited (signal SIGKILL); restart 1 in ');
    expect(isRunning(recoveries(stack.output(), 'metrics').pid!)).to.equal(true);

    // redis-server runs under a watcher (`up`'s child); killing the server itself ends the watcher too.
    const [redisServer] = descendants(pids.get('redis (local)')!);
    process.kill(redisServer!, 'SIGKILL');
    await eventually(
      () => recoveries(stack.output(), 'redis (local)').count === 1,
      60_000,
      'redis restarted',
    );
    expect(stack.output()).to.include('chain-data up: redis (local) exited (exit code 137); restart 1 in ');
    expect(stack.child.exitCode).to.equal(null);

    // The third exit within the window is one too many.
    let pid = reported(stack.output()).get('gateway-data')!;
    for (let kills = 1; kills <= 3; kills++) {
      process.kill(pid, 'SIGKILL');
      if (kills === 3) break;
      await eventually(
        () => recoveries(stack.output(), 'gateway-data').count === kills,
        60_000,
        `restart ${kills}`,
      );
      pid = recoveries(stack.output(), 'gateway-data').pid!;
    }
    expect(await stack.exited).to.equal(1);
    expect(stack.output()).to.include(
      'chain-data up: gateway-data exited 3 times within 300 s (last: signal SIGKILL); giving up; stopping the stack',
    );
    expect(stack.output()).to.match(/"component":"gateway-rpc".*"msg":"stopped"/);
  });
});

const HealthClient = grpc.makeClientConstructor(healthService, 'grpc.health.v1.Health');

/** grpc.health.v1 Check of the server as a whole (the service ''), as a Kubernetes gRPC probe asks it. */
function grpcHealth(address: string): Promise<string> {
  const health = new HealthClient(address, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
    check: (
      request: object,
      options: grpc.CallOptions,
      callback: (err: Error | null, reply?: { status: string }) => void,
    ) => void;
  };
  return new Promise((resolve, reject) =>
    health.check({ service: '' }, { deadline: Date.now() + 5_000 }, (err, reply) => {
      health.close();
      if (err) reject(err);
      else resolve(reply!.status);
    }),
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes below `pid`, children first (from /proc: Linux). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: the command name may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const children = (p: number) => [...parents].filter(([, parent]) => parent === p).map(([child]) => child);
  const result: number[] = [];
  for (let queue = children(pid); queue.length > 0;) {
    result.push(...queue);
    queue = queue.flatMap(children);
  }
  return result;
}
