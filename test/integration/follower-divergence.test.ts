/**
 * An upstream that changes its chain under the followers: the container indexer and evm-data follow one devnet
 * until they are caught up, then the devnet at that address is replaced by one grown from another seed (a longer
 * history, so its chain passes theirs). Each follower must stop for good — not retry, not append the new chain —
 * with a clear log line, a not-ready /readyz naming it, and its stopped gauge at 1.
 */
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';

async function metric(
  component: RunningComponent,
  name: string,
  follower: string,
): Promise<number | undefined> {
  const text = await (await fetch(`http://127.0.0.1:${component.opsPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`follower="${follower}"`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

async function readyz(component: RunningComponent): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${component.opsPort}/readyz`);
  return { status: res.status, body: await res.text() };
}

describe('followers whose upstream changes its chain', function () {
  this.timeout(300_000);
  let db: TestDatabase;
  let devnetPort: number;
  const running: RunningComponent[] = [];

  async function startDevnet(seed: string, historyHours: string): Promise<RunningComponent> {
    const devnet = await startComponent(
      'devnet',
      {
        HTTP_PORT: String(devnetPort),
        DEVNET_SEED: seed,
        DEVNET_HISTORY_HOURS: historyHours,
        DEVNET_LIVE_INTERVAL_MS: '0',
        LOG_LEVEL: 'info',
      },
      120_000,
    );
    running.push(devnet);
    return devnet;
  }

  before(async () => {
    db = await createTestDatabase();
    devnetPort = await freePort();
  });

  after(async () => {
    for (const component of running.reverse()) await component.stop().catch(() => {});
    await db?.drop();
  });

  it('stops each follower for good, says so in its log, its readiness and its metrics', async () => {
    const first = await startDevnet('diverge-first', '1');
    const upstream = { UPSTREAM_NODE_URLS: `http://127.0.0.1:${devnetPort}`, LOG_LEVEL: 'info' };
    const indexer = await startComponent('container-indexer', {
      ...upstream,
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      INDEXER_POLL_INTERVAL_MS: '100',
      INDEXER_MAX_BACKOFF_MS: '200',
    });
    running.push(indexer);
    const evmData = await startComponent('evm-data', {
      ...upstream,
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      AVALANCHE_NETWORK: 'fuji',
      EVM_CHAINS: 'C',
      NFT_METADATA_ENABLED: 'false',
      EVM_INGEST_POLL_INTERVAL_MS: '100',
      EVM_INGEST_MAX_BACKOFF_MS: '200',
    });
    running.push(evmData);

    // Caught up with the first chain: nothing behind, ready.
    await eventually(
      async () =>
        (await metric(indexer, 'chain_data_follower_behind', 'index P/block')) === 0 &&
        (await metric(evmData, 'chain_data_follower_behind', 'chain 43113')) === 0,
      120_000,
      'both followers caught up',
    );
    expect((await readyz(indexer)).status).to.equal(200);
    expect((await readyz(evmData)).status).to.equal(200);

    await first.stop();
    await startDevnet('diverge-second', '3');

    await eventually(
      async () => (await readyz(indexer)).status === 503 && (await readyz(evmData)).status === 503,
      120_000,
      'both not ready',
    );
    const indexerReadiness = (await readyz(indexer)).body;
    expect(indexerReadiness).to.match(/^not ready\n/);
    expect(indexerReadiness).to.match(/index P\/block stopped: upstream P\/block index disagrees at \d+/);
    expect((await readyz(evmData)).body).to.match(
      /chain 43113 stopped: chain 43113 block \d+: its parent hash 0x[0-9a-f]{64} is not the hash of block \d+/,
    );
    expect(await metric(indexer, 'chain_data_follower_stopped', 'index P/block')).to.equal(1);
    expect(await metric(evmData, 'chain_data_follower_stopped', 'chain 43113')).to.equal(1);
    // The log line may reach the pipe a moment after readiness turned: the logger writes asynchronously.
    const logged = (component: RunningComponent, line: string) =>
      eventually(() => component.output().includes(line), 10_000, `the log line "${line}"`);
    await logged(indexer, 'upstream diverged from the stored index; this follower stops');
    await logged(evmData, 'upstream diverged from the stored chain; this ingester stops');

    // Stopped means stopped: nothing of the second chain is stored after the divergence.
    const nextBlock = async () => {
      const text = await (await fetch(`http://127.0.0.1:${evmData.opsPort}/metrics`)).text();
      return text.split('\n').find((l) => l.startsWith('chain_data_evm_next_block{'));
    };
    const before = await nextBlock();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await nextBlock()).to.equal(before);
  });
});
