import { avm, evm, info, pvm } from '@avalabs/avalanchejs';
import { evmAccount } from '../../services/devnet/evm/activity.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { formatAddress } from '../../services/runtime/formatting/address.ts';
import { expect } from 'chai';
import { JsonRpcProvider } from 'ethers';
import { bytesToHex, createPublicClient, createWalletClient, http, keccak256, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { avalancheFuji } from 'viem/chains';
import { eventually, rejectionOf, type RunningComponent } from '../support/processes.ts';
import type { ProtoGrpcType as NodeRpcProto } from '../../services/generated/proto/node_rpc.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { startNodeRpcStack, type NodeRpcStack } from '../support/node-rpc-stack.ts';

/**
 * The node JSON-RPC surface through gateway-rpc and node-rpc, against two devnets built from one seed (so both
 * answer every call the same, as two nodes of one network do): answers equal to a node's byte for byte, errors in the
 * node's envelope, final answers cached, and no failed call when the first node dies.
 */
const SEED = 'node-rpc-test';
const ADMIN_TOKEN = 'an-admin-credential-of-at-least-32-characters';
/** The devnet's first funded account on its EVM chains. */
const FUNDED = evmAccount(deriveAccounts(SEED, 1)[0]!.privateKey).address;

describe('node JSON-RPC through gateway-rpc', function () {
  this.timeout(180_000);
  let stack: NodeRpcStack;
  let devnets: NodeRpcStack['devnets'];
  let nodeRpc: RunningComponent;
  let gatewayUrl: string;
  let l1BlockchainId: string;

  /** POSTs a body to a base URL's path; returns the status and the body exactly as it came. */
  const post = async (base: string, path: string, body: string, contentType = 'application/json') => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  const request = (method: string, params: unknown[] = [], id: number | string = 1) =>
    JSON.stringify({ jsonrpc: '2.0', id, method, params });

  before(async function () {
    stack = await startNodeRpcStack({
      seed: SEED,
      historyHours: 3,
      liveIntervalMs: 0,
      nodeOrder: [0, 1],
      adminToken: ADMIN_TOKEN,
    });
    ({ devnets, nodeRpc, gatewayUrl, l1BlockchainId } = stack);
  });

  after(async function () {
    await stack?.stop();
  });

  const node = () => devnets[0]!.url;

  it('answers EVM calls exactly as the node does, byte for byte (results and errors alike)', async function () {
    const head = JSON.parse((await post(node(), '/ext/bc/C/rpc', request('eth_blockNumber'))).text) as {
      result: string;
    };
    const block = JSON.parse(
      (await post(node(), '/ext/bc/C/rpc', request('eth_getBlockByNumber', [head.result, true]))).text,
    ) as { result: { transactions: { hash: string }[] } };
    const txHash = block.result.transactions[0]?.hash ?? `0x${'00'.repeat(32)}`;
    const bodies = [
      request('eth_chainId'),
      request('net_version', [], 'a string id'),
      request('eth_blockNumber'),
      request('eth_getBlockByNumber', ['0x1', false]),
      request('eth_getBlockByNumber', [head.result, true]),
      request('eth_getBlockByNumber', ['0xffffff', false]),
      request('eth_getTransactionByHash', [txHash]),
      request('eth_getTransactionReceipt', [txHash]),
      request('eth_getLogs', [{ fromBlock: '0x1', toBlock: head.result }]),
      request('eth_getBalance', ['0x0000000000000000000000000000000000000000', head.result]),
      request('eth_getBlockByNumber', ['not a number', false]),
      request('eth_getTransactionByBlockNumberAndIndex', [head.result, '0x0']),
      request('eth_getBlockReceipts', [head.result]),
      request('eth_estimateGas', [{ from: FUNDED, to: `0x${'01'.repeat(20)}`, value: '0x1' }]),
      request('eth_estimateGas', [
        { from: `0x${'02'.repeat(20)}`, to: `0x${'01'.repeat(20)}`, value: '0x1' },
      ]),
      request('eth_feeHistory', ['0x4', head.result, [25, 75]]),
      request('eth_getProof', [FUNDED, [], head.result]),
      request('eth_getTransactionCount', [FUNDED, 'pending']),
      request('eth_gasPrice'),
      request('eth_maxPriorityFeePerGas'),
      request('eth_getChainConfig'),
      request('txpool_status'),
      request('eth_getFilterChanges', ['0x1234']),
      request('eth_noSuchMethod'),
      // A batch, a notification in it, an invalid member.
      `[${request('eth_chainId', [], 1)},{"jsonrpc":"2.0","method":"eth_chainId"},{"jsonrpc":"1.0","id":3}]`,
      // A batch about the head (answered at one height: the same as the node's while no block comes).
      `[${request('eth_blockNumber', [], 1)},${request('eth_getBlockByNumber', ['latest', false], 2)},${request('eth_getBalance', [FUNDED, 'latest'], 3)},${request('eth_blockNumber', ['extra'], 4)}]`,
      '{"jsonrpc":"2.0","id":1,',
      '[]',
    ];
    for (const chain of ['C', l1BlockchainId]) {
      for (const body of bodies) {
        const direct = await post(node(), `/ext/bc/${chain}/rpc`, body);
        const through = await post(gatewayUrl, `/ext/bc/${chain}/rpc`, body);
        expect(through, `${chain}: ${body}`).to.deep.equal(direct);
      }
    }
  });

  it('gives ethers (batching its calls) what it gets from the node', async function () {
    const provider = (base: string, chain: string) =>
      new JsonRpcProvider(`${base}/ext/bc/${chain}/rpc`, undefined, { staticNetwork: true });
    for (const chain of ['C', l1BlockchainId]) {
      const direct = provider(node(), chain);
      const through = provider(gatewayUrl, chain);
      // Everything at once: ethers sends the calls of one tick as one batch.
      const ask = async (p: JsonRpcProvider) => {
        const head = await p.getBlockNumber();
        const blocks = await Promise.all(
          Array.from({ length: 10 }, (_, i) => p.getBlock(Math.max(0, head - i), true)),
        );
        const txHashes = blocks.flatMap((b) => b!.prefetchedTransactions.map((t) => t.hash)).slice(0, 10);
        const [network, transactions, receipts, logs, balance] = await Promise.all([
          p.send('eth_chainId', []) as Promise<string>,
          Promise.all(txHashes.map((h) => p.getTransaction(h))),
          Promise.all(txHashes.map((h) => p.getTransactionReceipt(h))),
          p.getLogs({ fromBlock: Math.max(0, head - 20), toBlock: head }),
          p.getBalance(blocks[0]!.miner, head),
        ]);
        return JSON.stringify(
          { head, blocks, network, transactions, receipts, logs, balance },
          (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
        );
      };
      const expected = await ask(direct);
      expect(await ask(through), chain).to.equal(expected);
      expect(expected).to.include('"transactions"');
      direct.destroy();
      through.destroy();
    }
  });

  it('refuses what the edge does not serve as a node with it turned off would, and unknown chains as a node’s router', async function () {
    // debug_ is off unless NODE_RPC_DEBUG_ENABLED; personal_ is never served.
    for (const method of ['debug_traceBlockByNumber', 'personal_listAccounts']) {
      const { status, text } = await post(gatewayUrl, '/ext/bc/C/rpc', request(method, ['0x1']));
      expect(status).to.equal(200);
      expect(JSON.parse(text)).to.deep.equal({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: `the method ${method} does not exist/is not available` },
      });
    }
    // The public node's batch limit (40), with geth's answer to a larger batch.
    const batch = (n: number) =>
      `[${Array.from({ length: n }, (_, i) => request('eth_chainId', [], i)).join(',')}]`;
    expect(JSON.parse((await post(gatewayUrl, '/ext/bc/C/rpc', batch(40))).text)).to.have.length(40);
    expect(JSON.parse((await post(gatewayUrl, '/ext/bc/C/rpc', batch(41))).text)).to.deep.equal([
      { jsonrpc: '2.0', id: 0, error: { code: -32600, message: 'batch too large' } },
    ]);
    // geth's HTTP rules.
    expect(await post(gatewayUrl, '/ext/bc/C/rpc', request('eth_chainId'), 'text/plain')).to.deep.equal({
      status: 415,
      text: 'invalid content type, only application/json is supported\n',
    });
    for (const path of ['/ext/bc/2222222222222222222222222222222222222222222222222/rpc', '/ext/bc/X/rpc']) {
      expect(await post(gatewayUrl, path, request('eth_chainId'))).to.deep.equal({
        status: 404,
        text: '404 page not found\n',
      });
      // geth's health probe (an empty GET) too, where a chain's endpoint answers it 200 with no body.
      const probe = await fetch(`${gatewayUrl}${path}`);
      expect([probe.status, await probe.text()]).to.deep.equal([404, '404 page not found\n']);
    }
    const probe = await fetch(`${gatewayUrl}/ext/bc/C/rpc`);
    const direct = await fetch(`${node()}/ext/bc/C/rpc`);
    expect([probe.status, await probe.text()]).to.deep.equal([direct.status, await direct.text()]);
  });

  it('serves the platform API to avalanchejs, and its errors and HTTP rules as the node does', async function () {
    const direct = new pvm.PVMApi(node());
    const through = new pvm.PVMApi(gatewayUrl);
    expect(await through.getHeight()).to.deep.equal(await direct.getHeight());
    expect(await through.getCurrentValidators()).to.deep.equal(await direct.getCurrentValidators());
    for (const [path, body, contentType] of [
      ['/ext/bc/P', request('platform.getHeight'), 'application/json'],
      ['/ext/P', request('platform.getHeight'), 'application/json'],
      ['/ext/bc/P', request('platform.noSuchMethod'), 'application/json'],
      ['/ext/bc/P', '{"jsonrpc":"2.0","id":1,', 'application/json'],
      ['/ext/bc/P', request('platform.getHeight'), 'text/plain'],
      [
        `/ext/bc/${l1BlockchainId}/validators`,
        request('validators.getCurrentValidators', [{}]),
        'application/json',
      ],
    ] as const) {
      expect(await post(gatewayUrl, path, body, contentType), `${path} ${body}`).to.deep.equal(
        await post(node(), path, body, contentType),
      );
    }
    // GET /ext/health: a node's health report, from the first healthy node.
    const health = async (base: string) => {
      const response = await fetch(`${base}/ext/health`);
      return [response.status, response.headers.get('content-type'), await response.text()];
    };
    expect(await health(gatewayUrl)).to.deep.equal(await health(node()));
    const get = await fetch(`${gatewayUrl}/ext/bc/P`);
    expect([get.status, await get.text()]).to.deep.equal([405, 'rpc: POST method required, received GET']);
  });

  it('serves the X-Chain, info and C-Chain avax APIs to avalanchejs as the node does', async function () {
    const [account] = deriveAccounts(SEED, 1);
    const addresses = (chain: string) => [formatAddress(chain, IDENTITIES.fuji.hrp, account!.address)];
    const same = async <T>(what: string, ask: (base: string) => Promise<T>) =>
      expect(await ask(gatewayUrl), what).to.deep.equal(await ask(node()));
    await same('avm.getUTXOs', async (base) =>
      (await new avm.AVMApi(base).getUTXOs({ addresses: addresses('X') })).utxos.map((u) => u.utxoId.ID()),
    );
    await same('avm.getAllBalances', (base) =>
      new avm.AVMApi(base).getAllBalances({ address: addresses('X')[0]! }),
    );
    await same('avm.getAssetDescription', (base) =>
      new avm.AVMApi(base).getAssetDescription(IDENTITIES.fuji.avaxAssetId),
    );
    await same('info.getNetworkId', (base) => new info.InfoApi(base).getNetworkId());
    await same('info.getNodeId', (base) => new info.InfoApi(base).getNodeId());
    await same('info.getBlockchainId', (base) => new info.InfoApi(base).getBlockchainId('X'));
    await same('platform.getBalance', (base) =>
      new pvm.PVMApi(base).getBalance({ addresses: addresses('P') }),
    );
    await same(
      'avax.getUTXOs',
      async (base) =>
        (await new evm.EVMApi(base).getUTXOs({ addresses: addresses('C'), sourceChain: 'X' })).utxos.length,
    );
  });

  it('keeps a filter with the node that made it, its id tagged with that node', async function () {
    const call = async (base: string, method: string, params: unknown[]) =>
      JSON.parse((await post(base, '/ext/bc/C/rpc', request(method, params))).text) as {
        result?: unknown;
        error?: { code: number; message: string };
      };
    const { result: id } = (await call(gatewayUrl, 'eth_newBlockFilter', [])) as { result: string };
    expect(id).to.match(/^0x[0-9a-f]{9,}$/);
    const nodesOwn = `0x${id.slice(10)}`;
    expect(await call(gatewayUrl, 'eth_getFilterChanges', [id])).to.deep.include({ result: [] });
    // The node made it under its own id, which the other node does not know.
    expect(await call(node(), 'eth_getFilterChanges', [nodesOwn])).to.deep.include({ result: [] });
    const notFound = { code: -32000, message: 'filter not found' };
    expect(await call(devnets[1]!.url, 'eth_getFilterChanges', [nodesOwn])).to.deep.include({
      error: notFound,
    });
    expect(await call(gatewayUrl, 'eth_uninstallFilter', [id])).to.deep.include({ result: true });
    expect(await call(gatewayUrl, 'eth_uninstallFilter', [id])).to.deep.include({ result: false });
    expect(await call(gatewayUrl, 'eth_getFilterChanges', [id])).to.deep.include({ error: notFound });
  });

  it('sends a signed transaction (viem) to one node only, and answers with its hash', async function () {
    const account = privateKeyToAccount(bytesToHex(deriveAccounts(SEED, 1)[0]!.privateKey));
    const wallet = createWalletClient({
      account,
      chain: avalancheFuji,
      transport: http(`${gatewayUrl}/ext/bc/C/rpc`, { retryCount: 0 }),
    });
    const pending = async (base: string) =>
      JSON.parse((await post(base, '/ext/bc/C/rpc', request('txpool_status'))).text) as {
        result: { pending: string };
      };
    const before = await Promise.all(devnets.map((d) => pending(d.url)));
    const request_ = await wallet.prepareTransactionRequest({ to: `0x${'03'.repeat(20)}`, value: 1n });
    const signed = await wallet.signTransaction(request_);
    const hash = await wallet.sendRawTransaction({ serializedTransaction: signed });
    expect(hash).to.equal(keccak256(signed));
    const after = await Promise.all(devnets.map((d) => pending(d.url)));
    // The first node took it; the second never saw it.
    expect(BigInt(after[0]!.result.pending)).to.equal(BigInt(before[0]!.result.pending) + 1n);
    expect(after[1]!.result.pending).to.equal(before[1]!.result.pending);
  });

  it('serves the C-Chain admin API only to the admin credential, answering as the node', async function () {
    const admin = (base: string, body: string, authorization?: string) =>
      fetch(`${base}/ext/bc/C/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body,
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const bearer = `Bearer ${ADMIN_TOKEN}`;
    for (const authorization of [undefined, 'Bearer wrong', ADMIN_TOKEN]) {
      const refused = await admin(gatewayUrl, request('admin.getVMConfig'), authorization);
      expect(refused.status, String(authorization)).to.equal(401);
    }
    for (const body of [
      request('admin.getVMConfig', [{}]),
      request('admin.setLogLevel', [{ level: 'debug' }]),
      request('admin.setLogLevel', [{ level: 'loud' }]),
      request('admin.noSuchMethod'),
    ]) {
      expect(await admin(gatewayUrl, body, bearer), body).to.deep.equal(await admin(node(), body));
    }
    // The profiler's state is the node's: started through the gateway, it is running on the node.
    const start = request('admin.startCPUProfiler', [{}]);
    expect(JSON.parse((await admin(gatewayUrl, start, bearer)).text)).to.deep.include({ result: {} });
    expect(JSON.parse((await admin(node(), start)).text)).to.deep.include({
      error: { code: -32000, message: 'cpu profiler already running', data: null },
    });
    expect(
      JSON.parse((await admin(gatewayUrl, request('admin.stopCPUProfiler', [{}]), bearer)).text),
    ).to.deep.include({ result: {} });
  });

  it('validates its own gRPC requests, naming the field', async function () {
    const client = createGrpcClient(
      loadProto<NodeRpcProto>('chaindata/noderpc/v1/node_rpc.proto').chaindata.noderpc.v1.NodeRpcService,
      stack.nodeRpcAddress,
      10_000,
    );
    try {
      const refusal = async (request: { path: string; body: Buffer; http_method?: string }) =>
        (await rejectionOf(client.unary.Call(request))) as DomainError;
      const body = Buffer.from(request('eth_chainId'));
      for (const [request_, kind, message] of [
        [{ path: 'ext/bc/C/rpc', body }, 'invalid_argument', /^path: expected a node API path/],
        [{ path: `/ext/${'x'.repeat(200)}`, body }, 'invalid_argument', /^path: /],
        [
          { path: '/ext/bc/C/rpc', body: Buffer.alloc(17 * 1024 ** 2) },
          'invalid_argument',
          /^body: expected at most/,
        ],
        [{ path: '/ext/bc/C/rpc', body, http_method: 'DELETE' }, 'invalid_argument', /^http_method: /],
        [{ path: '/ext/bc/C/rpc', body, http_method: 'GET' }, 'invalid_argument', /^http_method: /],
        [{ path: '/ext/bc/Q/rpc', body }, 'not_found', /^404 page not found$/],
      ] as const) {
        const err = await refusal(request_);
        expect([err.kind, err.message], request_.path.slice(0, 40)).to.satisfy(
          ([k, m]: [string, string]) => k === kind && message.test(m),
        );
      }
      for (const stream of [
        client.streaming.FollowHeads({ chain: 'Q' }, 5_000),
        client.streaming.FollowPendingTransactions({ chain: 'X' }, 5_000),
      ]) {
        const err = (await rejectionOf(stream.next())) as DomainError;
        expect(err.kind).to.equal('not_found');
        expect(err.message).to.match(/^chain: expected one of the stack's EVM chains/);
      }
    } finally {
      client.close();
    }
  });

  it('keeps final answers: a block asked for again is answered without a node, by gateway-rpc itself', async function () {
    const counted = async (source: 'cache' | 'upstream') => {
      const metrics = await (await fetch(`http://127.0.0.1:${nodeRpc.opsPort}/metrics`)).text();
      const line = metrics
        .split('\n')
        .find(
          (l) =>
            l.startsWith(`chain_data_node_rpc_evm_calls_total{source="${source}",`) &&
            l.includes('outcome="result"'),
        );
      return line === undefined ? 0 : Number(line.split(' ').at(-1));
    };
    const calls = async () => (await counted('cache')) + (await counted('upstream'));
    expect(await counted('upstream')).to.be.greaterThan(0);
    const first = await post(gatewayUrl, '/ext/bc/C/rpc', request('eth_getBlockByNumber', ['0x2', true], 1));
    const before = await calls();
    // Another id, the same call: answered by gateway-rpc from what node-rpc reported final.
    const again = await post(
      gatewayUrl,
      '/ext/bc/C/rpc',
      request('eth_getBlockByNumber', ['0x2', true], 'again'),
    );
    expect(again.text).to.equal(first.text.replace('"id":1,', '"id":"again",'));
    expect(await calls()).to.equal(before);
    // An id JSON would write otherwise (1.0) comes back as the client wrote it, as from the node.
    const body = request('eth_getBlockByNumber', ['0x2', true], 1).replace('"id":1,', '"id":1.0,');
    expect(await post(gatewayUrl, '/ext/bc/C/rpc', body)).to.deep.equal(
      await post(node(), '/ext/bc/C/rpc', body),
    );
    // In a batch it goes to node-rpc, which answers it from its own memory.
    const cachedBefore = await counted('cache');
    await post(gatewayUrl, '/ext/bc/C/rpc', `[${request('eth_getBlockByNumber', ['0x2', true])}]`);
    expect(await counted('cache')).to.equal(cachedBefore + 1);
    // `latest` is never kept.
    const upstreamBefore = await counted('upstream');
    await post(gatewayUrl, '/ext/bc/C/rpc', request('eth_getBlockByNumber', ['latest', false]));
    await post(gatewayUrl, '/ext/bc/C/rpc', request('eth_getBlockByNumber', ['latest', false]));
    expect(await counted('upstream')).to.equal(upstreamBefore + 2);
  });

  it('fails no call when the first node is killed under load (viem)', async function () {
    const client: PublicClient = createPublicClient({
      chain: avalancheFuji,
      transport: http(`${gatewayUrl}/ext/bc/C/rpc`, { retryCount: 0 }),
    });
    const head = await client.getBlockNumber();
    let stop = false;
    let calls = 0;
    const failures: unknown[] = [];
    const load = Array.from({ length: 8 }, async (_, worker) => {
      for (let i = 0; !stop; i++) {
        try {
          // Mostly calls no cache can answer, so they reach a node.
          if (i % 2 === 0) await client.getBlockNumber();
          else await client.getBalance({ address: `0x${worker.toString(16).padStart(40, '0')}` });
          calls++;
        } catch (err) {
          failures.push(err);
        }
      }
    });
    await eventually(() => calls > 50, 30_000, 'calls before the kill');
    await devnets[0]!.process.kill();
    const afterKill = calls;
    await eventually(() => calls > afterKill + 200, 60_000, 'calls after the kill');
    stop = true;
    await Promise.all(load);
    expect(failures).to.deep.equal([]);
    expect((await fetch(`${gatewayUrl}/ext/health`)).status, 'health with one node left').to.equal(200);
    expect(await client.getBlockNumber()).to.equal(head);
  });
});
