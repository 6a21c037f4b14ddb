import { expect } from 'chai';
import { bytesToHex, createPublicClient, createWalletClient, http, webSocket, type Block } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { avalancheFuji } from 'viem/chains';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import WebSocket from 'ws';
import { eventually } from '../support/processes.ts';
import { startNodeRpcStack, type NodeRpcStack } from '../support/node-rpc-stack.ts';

/**
 * WebSocket JSON-RPC through gateway-rpc and node-rpc, against two devnets built from one seed, which serve the same
 * chains as two nodes of one network: newHeads and logs subscriptions served from one upstream subscription, the same
 * heads and logs as the nodes', and no missed head when the node under the subscription is killed.
 */
const SEED = 'node-rpc-ws-test';

interface Notification {
  method?: string;
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
  params?: { subscription: string; result: Record<string, unknown> };
}

/** A raw WebSocket client that keeps every message it receives. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: Notification[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as Notification));
  await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 100;
  return {
    messages,
    async call(method: string, params: unknown[]): Promise<Notification> {
      const id = nextId++;
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      await eventually(() => messages.some((m) => m.id === id), 10_000, `${method}'s reply`);
      return messages.find((m) => m.id === id)!;
    },
    of: (subscription: string) =>
      messages.filter((m) => m.params?.subscription === subscription).map((m) => m.params!.result),
    close: () => socket.close(),
  };
}

describe('node JSON-RPC over WebSocket through gateway-rpc', function () {
  this.timeout(180_000);
  let stack: NodeRpcStack;
  let devnets: NodeRpcStack['devnets'];
  let gatewayUrl: string;

  const rpc = async (base: string, method: string, params: unknown[]) => {
    const response = await fetch(`${base}/ext/bc/C/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()) as Notification;
  };

  before(async function () {
    // The devnet started second is behind the first (its live blocks began later): it comes first, so that the node
    // taking over when it dies is ahead, and the heads in between must be filled in.
    stack = await startNodeRpcStack({ seed: SEED, historyHours: 2, liveIntervalMs: 300, nodeOrder: [1, 0] });
    ({ devnets, gatewayUrl } = stack);
  });

  after(async function () {
    await stack?.stop();
  });

  const wsUrl = (base: string, chain = 'C') => `${base.replace('http', 'ws')}/ext/bc/${chain}/ws`;

  it('sends newHeads and logs as the node does (viem watchBlocks; raw logs compared with eth_getLogs)', async function () {
    const client = createPublicClient({ transport: webSocket(wsUrl(gatewayUrl), { reconnect: false }) });
    const blocks: Block[] = [];
    const unwatch = client.watchBlocks({ onBlock: (block) => void blocks.push(block), emitOnBegin: false });
    const raw = await connect(wsUrl(gatewayUrl));
    const heads = (await raw.call('eth_subscribe', ['newHeads'])).result as string;
    const logs = (await raw.call('eth_subscribe', ['logs', {}])).result as string;
    expect(heads).to.match(/^0x[0-9a-f]+$/);
    await eventually(() => raw.of(heads).length >= 6 && blocks.length >= 4, 60_000, 'six heads');
    unwatch();
    (await client.transport.getRpcClient()).close();
    // Consecutive, each the node's block.
    const numbers = raw.of(heads).map((h) => Number(h.number));
    expect(numbers).to.deep.equal(numbers.map((_, i) => numbers[0]! + i));
    for (const head of raw.of(heads).slice(0, 3)) {
      const block = (await rpc(devnets[1]!.url, 'eth_getBlockByNumber', [head.number, false]))
        .result as Record<string, unknown>;
      const { transactions: _t, uncles: _u, size: _s, totalDifficulty: _d, ...header } = block;
      expect(head).to.deep.equal(header);
    }
    expect(blocks.map((b) => b.number! - blocks[0]!.number!)).to.deep.equal(blocks.map((_, i) => BigInt(i)));
    // Every log of the heads before the last, as eth_getLogs gives them.
    const first = numbers[0]!;
    const last = numbers.at(-2)!;
    const expected = (
      await rpc(devnets[1]!.url, 'eth_getLogs', [
        { fromBlock: `0x${first.toString(16)}`, toBlock: `0x${last.toString(16)}` },
      ])
    ).result as unknown[];
    const received = raw
      .of(logs)
      .filter((l) => Number(l.blockNumber) >= first && Number(l.blockNumber) <= last);
    expect(received).to.deep.equal(expected);
    raw.close();
    // What the upstream subscription last announced, for an SRE to see it move.
    const metrics = await (await fetch(`http://127.0.0.1:${stack.nodeRpc.opsPort}/metrics`)).text();
    const announced = /^chain_data_node_rpc_head_number\{chain="C",[^}]*\} (\d+)$/m.exec(metrics)?.[1];
    expect(Number(announced)).to.be.at.least(numbers.at(-1)!);
    expect(metrics).to.match(/^chain_data_node_rpc_head_age_seconds\{chain="C",[^}]*\} \d/m);
  });

  it('answers calls and subscription errors as the node, and refuses a chain it does not serve', async function () {
    const through = await connect(wsUrl(gatewayUrl));
    const direct = await connect(wsUrl(devnets[0]!.url));
    for (const [method, params] of [
      ['eth_getBlockByNumber', ['0x1', false]],
      ['eth_chainId', []],
      ['eth_subscribe', ['noSuchThing']],
      ['eth_subscribe', []],
      ['eth_subscribe', ['newPendingTransactions', 'yes']],
      ['eth_subscribe', ['newPendingTransactions', true, 1]],
      ['eth_subscribe', ['newHeads', true]],
      ['eth_unsubscribe', ['0x1234']],
      ['eth_noSuchMethod', []],
    ] as const) {
      const a = await through.call(method, [...params]);
      const b = await direct.call(method, [...params]);
      expect(a, method).to.deep.equal(b);
    }
    through.close();
    direct.close();
    // Over HTTP there are no notifications, through the gateway as on the node.
    expect(await rpc(gatewayUrl, 'eth_subscribe', ['newHeads'])).to.deep.equal(
      await rpc(devnets[0]!.url, 'eth_subscribe', ['newHeads']),
    );
    // Without an admin credential configured, the admin API is absent, as on a node with it off.
    const admin = await fetch(`${gatewayUrl}/ext/bc/C/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"admin.getVMConfig"}',
    });
    expect([admin.status, await admin.text()]).to.deep.equal([404, '404 page not found\n']);
    const refused = new WebSocket(wsUrl(gatewayUrl, 'X'));
    const status = await new Promise<number>((resolve) =>
      refused.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    // With an unexpected-response listener, ws leaves the refused request's socket open for the listener to close
    // (terminating it reports an error, which is expected here).
    refused.on('error', () => undefined);
    refused.terminate();
    expect(status).to.equal(404);
  });

  it('answers a batch about one height while blocks come', async function () {
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${gatewayUrl}/ext/bc/C/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
          ...Array.from({ length: 8 }, (_, k) => ({
            jsonrpc: '2.0',
            id: k + 2,
            method: 'eth_getBlockByNumber',
            params: ['latest', false],
          })),
        ]),
      });
      const [height, ...blocks] = (await response.json()) as { result: string | { number: string } }[];
      for (const block of blocks)
        expect((block.result as { number: string }).number).to.equal(height!.result);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('misses no head when the node under the subscription is killed', async function () {
    const raw = await connect(wsUrl(gatewayUrl));
    const heads = (await raw.call('eth_subscribe', ['newHeads'])).result as string;
    await eventually(() => raw.of(heads).length >= 3, 30_000, 'heads before the kill');
    await devnets[1]!.process.kill();
    const atKill = raw.of(heads).length;
    await eventually(() => raw.of(heads).length >= atKill + 8, 60_000, 'heads after the kill');
    const delivered = raw.of(heads);
    const numbers = delivered.map((h) => Number(h.number));
    expect(numbers).to.deep.equal(numbers.map((_, i) => numbers[0]! + i));
    // One chain across the failover: each head's parent is the head before it.
    for (let i = 1; i < delivered.length; i++)
      expect(delivered[i]!.parentHash).to.equal(delivered[i - 1]!.hash);
    raw.close();
  });

  it('sends newPendingTransactions, hashes or whole transactions, as the node does', async function () {
    const hashes = await connect(wsUrl(gatewayUrl));
    const whole = await connect(wsUrl(gatewayUrl));
    // Last: a transaction taken by one node only parts its chain from the other's. The first node was killed (above),
    // so the second is the one calls and subscriptions go to.
    const direct = await connect(wsUrl(devnets[0]!.url));
    const hashesId = (await hashes.call('eth_subscribe', ['newPendingTransactions'])).result as string;
    const wholeId = (await whole.call('eth_subscribe', ['newPendingTransactions', true])).result as string;
    const directId = (await direct.call('eth_subscribe', ['newPendingTransactions', true])).result as string;
    const wallet = createWalletClient({
      account: privateKeyToAccount(bytesToHex(deriveAccounts(SEED, 1)[0]!.privateKey)),
      chain: avalancheFuji,
      transport: http(`${gatewayUrl}/ext/bc/C/rpc`, { retryCount: 0 }),
    });
    // node-rpc's upstream subscription is made when the first client asks: let it be in place.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The devnet's own transactions use its funded accounts too: one may take the nonce between viem's reading it
    // and sending, and the transaction is then sent again with the next.
    let hash: `0x${string}` | undefined;
    for (let attempt = 1; hash === undefined; attempt++) {
      try {
        hash = await wallet.sendTransaction({ to: `0x${'04'.repeat(20)}`, value: 1n });
      } catch (err) {
        if (attempt >= 5 || !/nonce/i.test((err as Error).message)) throw err;
      }
    }
    await eventually(
      () => hashes.of(hashesId).length > 0 && whole.of(wholeId).length > 0 && direct.of(directId).length > 0,
      20_000,
      'the pending transaction',
    );
    expect(hashes.of(hashesId)).to.deep.equal([hash]);
    expect(whole.of(wholeId)).to.deep.equal(direct.of(directId));
    expect((whole.of(wholeId)[0] as { hash: string }).hash).to.equal(hash);
    for (const client of [hashes, whole, direct]) client.close();
  });
});
