import { expect } from 'chai';
import WebSocket from 'ws';
import { getContractAddress } from 'viem';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { evmAccount } from '../../services/devnet/evm/activity.ts';
import { generatedHistory, startDevnet, type DevnetProcess } from '../support/devnet-process.ts';
import { eventually, type RunningComponent } from '../support/processes.ts';

/**
 * Two devnets started from one seed with the same parameters are two nodes of one network: they serve the same
 * chain at every height both have reached, live blocks included, however the wall clock ran between their starts and
 * whatever is asked of one of them. What does set two of them apart is a parameter that differs: by default the NFT
 * collections' token URIs name the devnet's own port, so devnets on two ports part at the first collection's
 * deployment unless they are given the same DEVNET_METADATA_URL.
 */
const SEED = 'live-determinism-test';
const METADATA_URL = 'http://127.0.0.1:9650/metadata';
/** Live steps to reach: past the L1's validator registration (step 60) and weight change (step 100). */
const STEPS = 110;

async function post(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const reply = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result;
}

const rpc = (base: string, chain: string, method: string, params: unknown[]) =>
  post(`${base}/ext/bc/${chain}/rpc`, method, params);

const lastIndex = async (base: string, index: string) =>
  Number(
    (
      (await post(`${base}/ext/index/${index}`, 'index.getLastAccepted', { encoding: 'hex' })) as {
        index: string;
      }
    ).index,
  );

describe('devnet live determinism', function () {
  this.timeout(300_000);
  const running: RunningComponent[] = [];
  after(async () => {
    for (const r of running) await r.stop();
  });

  async function start(): Promise<DevnetProcess> {
    const devnet = await startDevnet({
      DEVNET_SEED: SEED,
      DEVNET_HISTORY_HOURS: '2',
      DEVNET_LIVE_INTERVAL_MS: '200',
      // By default the token URIs name the devnet's own port, which differs between these two.
      DEVNET_METADATA_URL: METADATA_URL,
    });
    running.push(devnet.process);
    return devnet;
  }

  /**
   * Reads of every kind on both EVM chains (state, calls, gas estimates, traces, logs, the pool), the P-Chain's
   * index and platform API, and newHeads and logs subscriptions, until `stopped()`.
   */
  function busy(base: string, l1: string, stopped: () => boolean) {
    const counts = { answered: 0, notifications: 0 };
    // The deployer (the first account) and its first contract, a token.
    const from = evmAccount(deriveAccounts(SEED, 1)[0]!.privateKey).address;
    const token = getContractAddress({ from, nonce: 0n });
    const balanceOf = `0x70a08231${from.slice(2).padStart(64, '0')}`;
    const reads: [string, string, unknown[]][] = ['C', l1].flatMap((chain) => [
      [chain, 'eth_blockNumber', []],
      [chain, 'eth_getBalance', [from, 'latest']],
      [chain, 'eth_call', [{ to: token, data: balanceOf }, 'latest']],
      [chain, 'eth_estimateGas', [{ from, to: token, data: balanceOf }]],
      [chain, 'eth_getTransactionCount', [from, 'pending']],
      [chain, 'eth_getStorageAt', [token, '0x0', 'latest']],
      [chain, 'eth_feeHistory', ['0x4', 'latest', [50]]],
      [chain, 'debug_traceBlockByNumber', ['latest', { tracer: 'callTracer' }]],
      [chain, 'eth_getLogs', [{ fromBlock: 'latest', toBlock: 'latest' }]],
      [chain, 'eth_getBlockByNumber', ['latest', true]],
      [chain, 'txpool_content', []],
    ]);
    const sockets = ['C', l1].map((chain) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/ext/bc/${chain}/ws`);
      socket.on('open', () => {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['logs', {}] }));
      });
      socket.on('message', (data: Buffer) => {
        if (data.toString('utf8').includes('"eth_subscription"')) counts.notifications++;
      });
      socket.on('error', () => undefined);
      return socket;
    });
    const loops = Array.from({ length: 4 }, async (_, worker) => {
      for (let n = worker; !stopped(); n++) {
        const [chain, method, params] = reads[n % reads.length]!;
        if (
          await rpc(base, chain, method, params).then(
            () => true,
            () => false,
          )
        )
          counts.answered++;
        if (n % 7 === 0) {
          await post(`${base}/ext/bc/P`, 'platform.getHeight', {}).catch(() => undefined);
          await post(`${base}/ext/index/P/block`, 'index.getLastAccepted', { encoding: 'hex' }).catch(
            () => undefined,
          );
        }
      }
    });
    const done = Promise.all(loops).then(() => sockets.forEach((s) => s.close()));
    return { counts, done };
  }

  /** Every EVM block both serve, with its transactions, compared; the first difference reported. */
  async function expectSameEvmBlocks(a: string, b: string, chain: string, pastHeight: number, what: string) {
    const head = Math.min(
      Number(await rpc(a, chain, 'eth_blockNumber', [])),
      Number(await rpc(b, chain, 'eth_blockNumber', [])),
    );
    expect(head, `${what}: common height past the history's ${pastHeight}`).to.be.greaterThan(pastHeight);
    for (let n = 0; n <= head; n++) {
      const params = [`0x${n.toString(16)}`, true];
      const [x, y] = await Promise.all([
        rpc(a, chain, 'eth_getBlockByNumber', params),
        rpc(b, chain, 'eth_getBlockByNumber', params),
      ]);
      const [p, q] = [x, y] as Record<string, unknown>[];
      const differing = Object.keys(p!).filter((k) => JSON.stringify(p![k]) !== JSON.stringify(q![k]));
      expect(differing, `${what} block ${n}: fields that differ`).to.deep.equal([]);
    }
  }

  async function expectSamePChain(a: string, b: string, pastIndex: number) {
    const last = Math.min(await lastIndex(a, 'P/block'), await lastIndex(b, 'P/block'));
    expect(last, "P-Chain: common index past the history's").to.be.greaterThan(pastIndex);
    for (let index = 0; index <= last; index++) {
      const params = { index: String(index), encoding: 'hex' };
      const [x, y] = await Promise.all([
        post(`${a}/ext/index/P/block`, 'index.getContainerByIndex', params),
        post(`${b}/ext/index/P/block`, 'index.getContainerByIndex', params),
      ]);
      expect(y, `P/block ${index}`).to.deep.equal(x);
    }
  }

  it('serves the same P-Chain, C-Chain and L1 blocks, live ones included, from two devnets started apart, one of them busy with reads', async function () {
    const a = await start();
    const chains = (await (await fetch(`${a.base}/ext/devnet/chains`)).json()) as {
      l1: { blockchainId: string };
    };
    const l1 = chains.l1.blockchainId;
    let stopped = false;
    // Only the first is asked anything, from its start (while its history grows) to the comparison.
    const traffic = busy(a.base, l1, () => stopped);
    try {
      // Started a few seconds later: its history ends, and its live steps run, at other moments of the wall clock.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const b = await start();
      const [generated, second] = await Promise.all([
        generatedHistory(a.process),
        generatedHistory(b.process),
      ]);
      expect(second).to.include({
        pBlocks: generated.pBlocks,
        cBlocks: generated.cBlocks,
        l1Blocks: generated.l1Blocks,
      });
      // One X-Chain container per step.
      await eventually(
        async () => generated.xVertices + (await lastIndex(b.base, 'X/block')) + 1 >= STEPS,
        120_000,
        `step ${STEPS} on the devnet started second`,
      );
      await expectSameEvmBlocks(a.base, b.base, 'C', generated.cBlocks, 'C-Chain');
      await expectSameEvmBlocks(a.base, b.base, l1, generated.l1Blocks, 'L1');
      await expectSamePChain(a.base, b.base, generated.pBlocks - 1);
      expect(traffic.counts.answered, 'reads answered').to.be.greaterThan(500);
      expect(traffic.counts.notifications, 'subscription notifications').to.be.greaterThan(50);
    } finally {
      stopped = true;
      await traffic.done;
    }
  });

  it('parts two devnets whose token URIs differ (the default names the port) at the first NFT collection, P-Chain alike', async function () {
    const parameters = (metadataBaseUrl: string): DevnetParameters => ({
      identity: IDENTITIES.fuji,
      seed: SEED,
      genesisTimeSeconds: 1_767_225_600n,
      historySeconds: 0n,
      blockIntervalSeconds: 240n,
      accounts: 8,
      metadataBaseUrl,
    });
    const [a, b] = await Promise.all([
      Devnet.create(parameters('http://127.0.0.1:9650/metadata')),
      Devnet.create(parameters('http://127.0.0.1:9651/metadata')),
    ]);
    for (let step = 0; step < 6; step++) {
      await a.advanceOnSchedule();
      await b.advanceOnSchedule();
    }
    const pBlocks = a.containers.count('P/block');
    expect(b.containers.count('P/block')).to.equal(pBlocks);
    for (let i = 0n; i < BigInt(pBlocks); i++) {
      expect((await b.containers.byIndex('P/block', i))?.bytes).to.deep.equal(
        (await a.containers.byIndex('P/block', i))?.bytes,
      );
    }
    for (const chain of ['cChain', 'l1Chain'] as const) {
      const [x, y] = [a[chain].chain, b[chain].chain];
      // Block 1 deploys two tokens; block 2 the third and the first collection, whose URI names the port.
      expect(y.blocks[1]!.hash, `${chain} block 1`).to.deep.equal(x.blocks[1]!.hash);
      expect(y.blocks[2]!.hash, `${chain} block 2`).not.to.deep.equal(x.blocks[2]!.hash);
    }
  });
});
