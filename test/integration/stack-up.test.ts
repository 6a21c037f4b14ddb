import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { eventually, freePort, spawnComponent } from '../support/processes.ts';
import { startUpstreamNode, type UpstreamNode } from '../support/upstream-node.ts';

/**
 * `chain-data up` on a fresh data directory, with no database and no Redis given: it must start embedded
 * PostgreSQL, a local redis-server and every component, report each healthy, serve through gateway-rpc what the
 * indexer mirrored, stop cleanly, and find its data again after a restart.
 */
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

  async function up(port: number) {
    const env: Record<string, string> = {
      CHAIN_DATA_DIR: dataDir,
      UPSTREAM_NODE_URLS: upstream.url,
      UPSTREAM_CHAIN_NODE_URLS: `C=${cChainNode.url}`,
      GATEWAY_RPC_PORT: String(port),
      GATEWAY_DATA_PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
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
      90_000,
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

  it('runs every component healthy on embedded PostgreSQL and a local Redis, and keeps its data across restarts', async function () {
    this.timeout(240_000);
    const port = await freePort();
    const first = await up(port);
    const report = first.output().slice(first.output().indexOf('chain-data is up'));
    for (const name of [
      'postgres (embedded)',
      'redis (local)',
      'container-indexer',
      'primary-network',
      'evm-data',
      'gateway-rpc',
      'gateway-data',
    ]) {
      expect(report).to.match(new RegExp(`${name.replace(/[()]/g, '\\$&')}\\s+healthy`));
    }
    expect(report).to.include(`http://127.0.0.1:${port}/ext/index/`);
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
    expect(first.output()).to.match(/"component":"embedded-postgres".*"msg":"stopped"/);

    // With the upstream gone, what the gateway serves after a restart comes from the kept data.
    await upstream.close();
    const second = await up(port);
    expect(await lastAccepted(port, 'P/block')).to.deep.include({
      index: '299',
      id: upstream.indexes.get('P/block')![299]!.id,
    });
    expect(await second.stop()).to.equal(0);
    upstream = await startUpstreamNode();
  });

  it('stops its components when it is killed outright', async function () {
    this.timeout(120_000);
    const stack = await up(await freePort());
    const line = stack
      .output()
      .split('\n')
      .find((l) => l.includes('"msg":"stack is up"'))!;
    const { processes } = JSON.parse(line) as { processes: { name: string; pid: number }[] };
    const isRunning = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    stack.child.kill('SIGKILL');
    // redis-server has no channel to its parent; the test stops it itself.
    const redis = processes.find((p) => p.name === 'redis (local)')!;
    const components = processes.filter((p) => p !== redis);
    expect(components.map((p) => p.name)).to.deep.equal([
      'postgres (embedded)',
      'container-indexer',
      'primary-network',
      'evm-data',
      'gateway-rpc',
      'gateway-data',
    ]);
    await eventually(() => components.every((p) => !isRunning(p.pid)), 30_000, 'the components to stop');
    process.kill(redis.pid, 'SIGTERM');
  });
});
