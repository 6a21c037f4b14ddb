import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createLogger } from '../../services/runtime/logger.ts';
import { sleep } from '../../services/runtime/upstream/backoff.ts';
import {
  UpstreamClient,
  UpstreamRpcError,
  UpstreamUnavailableError,
  type UpstreamOptions,
} from '../../services/runtime/upstream/client.ts';
import { BlockFetcher, fetchInOrder, type FetchPlan } from '../../services/evm-data/ingest/block-fetcher.ts';
import type {
  BlockBundle,
  HexString,
  RpcBlock,
  RpcReceipt,
  RpcTransaction,
  TraceResult,
} from '../../services/evm-data/ingest/rpc-types.ts';

const log = createLogger('test', 'silent');
const RPC_PATH = '/ext/bc/C/rpc';

/*
 * A made-up chain, written independently of the code under test: block n has n % 3 transactions (so blocks 3, 6, …
 * are empty, and blocks 1 and 4 have the same count), each with its receipt and its callTracer frame.
 */
const hex = (n: bigint | number): HexString => `0x${n.toString(16)}`;
const hash = (text: string): HexString => `0x${createHash('sha256').update(text).digest('hex')}`;
const ADDRESS: HexString = '0x00000000000000000000000000000000000000aa';
const txHash = (n: bigint, i: number) => hash(`tx ${n} ${i}`);
const txCount = (n: bigint) => Number(n % 3n);

function transactionOf(n: bigint, i: number): RpcTransaction {
  return {
    hash: txHash(n, i),
    from: ADDRESS,
    to: ADDRESS,
    input: '0x',
    value: hex(n),
    nonce: hex(i),
    gas: '0x5208',
    gasPrice: '0x1',
    transactionIndex: hex(i),
  };
}

function blockOf(n: bigint): RpcBlock {
  return {
    number: hex(n),
    hash: hash(`block ${n}`),
    parentHash: n === 0n ? `0x${'0'.repeat(64)}` : hash(`block ${n - 1n}`),
    timestamp: hex(1_700_000_000n + n),
    gasUsed: hex(21_000 * txCount(n)),
    gasLimit: '0x7a1200',
    miner: ADDRESS,
    transactions: Array.from({ length: txCount(n) }, (_, i) => transactionOf(n, i)),
  };
}

function receiptOf(n: bigint, i: number): RpcReceipt {
  return {
    transactionHash: txHash(n, i),
    transactionIndex: hex(i),
    status: '0x1',
    gasUsed: '0x5208',
    contractAddress: null,
    logs: [],
  };
}

function traceOf(n: bigint, i: number): TraceResult {
  return {
    txHash: txHash(n, i),
    result: { type: 'CALL', from: ADDRESS, to: ADDRESS, value: hex(n), gas: '0x5208', gasUsed: '0x5208' },
  };
}

const receiptsOf = (n: bigint) => Array.from({ length: txCount(n) }, (_, i) => receiptOf(n, i));
const tracesOf = (n: bigint) => Array.from({ length: txCount(n) }, (_, i) => traceOf(n, i));

/** What fetching block n must give. */
function bundleOf(n: bigint): BlockBundle {
  return { block: blockOf(n), receipts: receiptsOf(n), traces: tracesOf(n).map((t) => t.result!) };
}

interface RpcRequest {
  jsonrpc: string;
  id: unknown;
  method: string;
  params: unknown[];
}
type RpcReply = { jsonrpc: '2.0'; id: unknown } & (
  { result: unknown } | { error: { code: number; message: string } }
);

/** One POST the node got: a batch (its calls) or a single call. */
interface Received {
  batch: boolean;
  calls: RpcRequest[];
}

/** A real local HTTP server that answers as a geth-based node (coreth) does, with knobs the tests turn. */
interface EvmNode {
  url: string;
  head: bigint;
  /** Off: eth_getBlockReceipts is "method not found", as on an older coreth. */
  blockReceipts: boolean;
  receipts: (n: bigint) => RpcReceipt[] | null;
  traces: (n: bigint) => TraceResult[];
  /** How a batch is answered, given its replies in call order; by default all of them, in that order. */
  answerBatch: (replies: RpcReply[], res: ServerResponse, calls: RpcRequest[]) => void;
  /** Each reply held back this long. */
  delayMs: number;
  requests: Received[];
  inFlight: number;
  maxInFlight: number;
  batches(): RpcRequest[][];
  singles(): RpcRequest[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const nodes: EvmNode[] = [];
const clients: UpstreamClient[] = [];

async function startEvmNode(head = 20n): Promise<EvmNode> {
  const answer = (call: RpcRequest): RpcReply => {
    const reply = (result: unknown): RpcReply => ({ jsonrpc: '2.0', id: call.id, result });
    const error = (code: number, message: string): RpcReply => ({
      jsonrpc: '2.0',
      id: call.id,
      error: { code, message },
    });
    const number = typeof call.params[0] === 'string' ? BigInt(call.params[0]) : -1n;
    const known = number >= 0n && number <= node.head;
    switch (call.method) {
      case 'eth_chainId':
        return reply('0xa868');
      case 'eth_getBlockByNumber':
        return reply(known ? blockOf(number) : null);
      case 'eth_getBlockReceipts':
        if (!node.blockReceipts)
          return error(-32601, 'the method eth_getBlockReceipts does not exist/is not available');
        return reply(known ? node.receipts(number) : null);
      case 'eth_getTransactionReceipt': {
        for (let n = 0n; n <= node.head; n++) {
          const i = blockOf(n).transactions.findIndex((tx) => tx.hash === call.params[0]);
          if (i >= 0) return reply(node.receipts(n)?.[i] ?? null);
        }
        return reply(null);
      }
      case 'debug_traceBlockByNumber':
        return known ? reply(node.traces(number)) : error(-32000, `block #${number} not found`);
      default:
        return error(-32601, `the method ${call.method} does not exist/is not available`);
    }
  };
  const node: EvmNode = {
    url: '',
    head,
    blockReceipts: true,
    receipts: receiptsOf,
    traces: tracesOf,
    answerBatch: (replies, res) => json(res, 200, replies),
    delayMs: 0,
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    batches: () => node.requests.filter((r) => r.batch).map((r) => r.calls),
    singles: () => node.requests.filter((r) => !r.batch).map((r) => r.calls[0]!),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET') return json(res, 200, { healthy: true });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
      const calls = Array.isArray(body) ? body : [body];
      node.requests.push({ batch: Array.isArray(body), calls });
      node.inFlight++;
      node.maxInFlight = Math.max(node.maxInFlight, node.inFlight);
      void sleep(node.delayMs).then(() => {
        node.inFlight--;
        if (Array.isArray(body)) node.answerBatch(calls.map(answer), res, calls);
        else json(res, 200, answer(body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  nodes.push(node);
  return node;
}

function client(urls: string[], options: Partial<UpstreamOptions> = {}): UpstreamClient {
  const c = new UpstreamClient({ name: 'test', log, urls, backoffBaseMs: 1, backoffMaxMs: 5, ...options });
  clients.push(c);
  return c;
}

const fetcherOn = (node: EvmNode) => new BlockFetcher(client([node.url]), RPC_PATH);

const numbersOf = (bundles: BlockBundle[]) => bundles.map((b) => BigInt(b.block.number));
const range = (from: bigint, to: bigint) =>
  Array.from({ length: Number(to - from) + 1 }, (_, i) => from + BigInt(i));

/** The calls of a batch, as "method block" (a receipt asked per transaction by its hash). */
const described = (calls: RpcRequest[]) =>
  calls.map((c) => `${c.method} ${typeof c.params[0] === 'string' ? c.params[0] : '?'}`);

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

async function collect(generator: AsyncGenerator<BlockBundle>): Promise<BlockBundle[]> {
  const bundles: BlockBundle[] = [];
  for await (const bundle of generator) bundles.push(bundle);
  return bundles;
}

describe('evm-data BlockFetcher', () => {
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await Promise.all(nodes.splice(0).map((n) => n.close()));
  });

  describe('fetchBlocks', () => {
    it("asks for several blocks in one batch, each block's block, receipts and traces, and matches the answers whatever their order", async () => {
      const node = await startEvmNode();
      node.answerBatch = (replies, res) => json(res, 200, [...replies].reverse());
      const bundles = await fetcherOn(node).fetchBlocks([0n, 1n, 2n, 3n]);
      expect(bundles).to.deep.equal([0n, 1n, 2n, 3n].map(bundleOf));
      expect(node.requests).to.have.length(1);
      expect(described(node.batches()[0]!)).to.deep.equal([
        'eth_getBlockByNumber 0x0',
        'eth_getBlockReceipts 0x0',
        // A genesis block cannot be traced: not asked.
        'eth_getBlockByNumber 0x1',
        'eth_getBlockReceipts 0x1',
        'debug_traceBlockByNumber 0x1',
        'eth_getBlockByNumber 0x2',
        'eth_getBlockReceipts 0x2',
        'debug_traceBlockByNumber 0x2',
        'eth_getBlockByNumber 0x3',
        'eth_getBlockReceipts 0x3',
        'debug_traceBlockByNumber 0x3',
      ]);
      const [, , block, , trace] = node.batches()[0]!;
      expect(block!.params).to.deep.equal(['0x1', true]);
      expect(trace!.params).to.deep.equal(['0x1', { tracer: 'callTracer' }]);
    });

    it('asks for one block call by call, its receipts and traces only when it has transactions', async () => {
      const node = await startEvmNode();
      const fetcher = fetcherOn(node);
      expect(await fetcher.fetchBlocks([2n])).to.deep.equal([bundleOf(2n)]);
      expect(await fetcher.fetch(3n)).to.deep.equal(bundleOf(3n));
      expect(node.batches()).to.deep.equal([]);
      expect(described(node.singles())).to.deep.equal([
        'eth_getBlockByNumber 0x2',
        'eth_getBlockReceipts 0x2',
        'debug_traceBlockByNumber 0x2',
        'eth_getBlockByNumber 0x3',
      ]);
    });

    it('asks a block again alone when the node cut one of its calls from the answer (-32003) or left one out', async () => {
      const node = await startEvmNode();
      let cut = true;
      // geth past its batch-response-max-size answers the calls after the cap with -32003; a proxy may drop one.
      node.answerBatch = (replies, res, calls) =>
        json(
          res,
          200,
          replies.flatMap((reply, i): object[] => {
            const call = described([calls[i]!])[0];
            if (cut && call === 'debug_traceBlockByNumber 0x2')
              return [
                { jsonrpc: '2.0', id: reply.id, error: { code: -32003, message: 'response too large' } },
              ];
            if (cut && call === 'eth_getBlockReceipts 0x4') return [];
            return [reply];
          }),
        );
      const fetcher = fetcherOn(node);
      expect(await fetcher.fetchBlocks([1n, 2n, 4n, 5n])).to.deep.equal([1n, 2n, 4n, 5n].map(bundleOf));
      expect(node.batches()).to.have.length(1);
      // Blocks 2 and 4 asked again, alone and whole; 1 and 5 came from the batch.
      expect(described(node.singles()).sort()).to.deep.equal(
        [
          'eth_getBlockByNumber 0x2',
          'eth_getBlockReceipts 0x2',
          'debug_traceBlockByNumber 0x2',
          'eth_getBlockByNumber 0x4',
          'eth_getBlockReceipts 0x4',
          'debug_traceBlockByNumber 0x4',
        ].sort(),
      );
      // Not a node that refuses batches: the next blocks still go in one.
      cut = false;
      expect(await fetcher.fetchBlocks([7n, 8n])).to.deep.equal([7n, 8n].map(bundleOf));
      expect(node.batches()).to.have.length(2);
      expect(node.singles()).to.have.length(6);
    });

    // geth past its batch-request-limit answers "batch too large" for the first call only; a provider that turns
    // batches off may answer one error with a null id. Neither ran a call, and neither will run the next batch.
    const refusals: [string, (firstId: unknown) => object][] = [
      [
        'batch too large, with the first id',
        (id) => ({ jsonrpc: '2.0', id, error: { code: -32600, message: 'batch too large' } }),
      ],
      [
        'one error with a null id',
        () => ({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'batch requests are disabled' } }),
      ],
    ];
    for (const [what, refusal] of refusals) {
      it(`asks call by call from then on when the node refuses batches with an array of one error (${what})`, async () => {
        const node = await startEvmNode();
        node.answerBatch = (replies, res) => json(res, 200, [refusal(replies[0]!.id)]);
        const upstream = client([node.url]);
        const fetcher = new BlockFetcher(upstream, RPC_PATH);
        expect(await fetcher.fetchBlocks([1n, 2n, 3n])).to.deep.equal([1n, 2n, 3n].map(bundleOf));
        expect(node.batches()).to.have.length(1);
        expect(described(node.singles()).sort()).to.deep.equal(
          [
            'eth_getBlockByNumber 0x1',
            'eth_getBlockReceipts 0x1',
            'debug_traceBlockByNumber 0x1',
            'eth_getBlockByNumber 0x2',
            'eth_getBlockReceipts 0x2',
            'debug_traceBlockByNumber 0x2',
            'eth_getBlockByNumber 0x3',
          ].sort(),
        );
        // No doomed batch first for the next blocks.
        expect(await fetcher.fetchBlocks([4n, 5n])).to.deep.equal([4n, 5n].map(bundleOf));
        expect(node.batches()).to.have.length(1);
        expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
      });
    }

    it('fetches block 0 alone when a batch it is first in is refused, on a node without eth_getBlockReceipts', async () => {
      const node = await startEvmNode();
      node.blockReceipts = false;
      // Block 0's only call is the first of the batch: the refusal carries its id.
      node.answerBatch = (replies, res) => json(res, 200, [refusals[0]![1](replies[0]!.id)]);
      const fetcher = fetcherOn(node);
      // A block asked alone first: the fetcher learns the node has no eth_getBlockReceipts.
      expect(await fetcher.fetch(1n)).to.deep.equal(bundleOf(1n));
      const before = node.singles().length;
      expect(await fetcher.fetchBlocks([0n, 1n, 2n])).to.deep.equal([0n, 1n, 2n].map(bundleOf));
      expect(node.batches()).to.have.length(1);
      expect(described(node.batches()[0]!)).to.deep.equal([
        'eth_getBlockByNumber 0x0',
        'eth_getBlockByNumber 0x1',
        'debug_traceBlockByNumber 0x1',
        'eth_getBlockByNumber 0x2',
        'debug_traceBlockByNumber 0x2',
      ]);
      const afterBatch = described(node.singles().slice(before));
      expect(afterBatch.filter((c) => c.startsWith('eth_getBlockByNumber'))).to.have.members([
        'eth_getBlockByNumber 0x0',
        'eth_getBlockByNumber 0x1',
        'eth_getBlockByNumber 0x2',
      ]);
    });

    for (const status of [200, 400]) {
      it(`asks call by call from then on when the node refuses batches with one error object (HTTP ${status})`, async () => {
        const node = await startEvmNode();
        node.answerBatch = (_replies, res) =>
          json(res, status, {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'batch requests are disabled' },
          });
        const upstream = client([node.url]);
        const fetcher = new BlockFetcher(upstream, RPC_PATH);
        expect(await fetcher.fetchBlocks([1n, 2n, 3n])).to.deep.equal([1n, 2n, 3n].map(bundleOf));
        expect(node.batches()).to.have.length(1);
        expect(described(node.singles()).sort()).to.deep.equal(
          [
            'eth_getBlockByNumber 0x1',
            'eth_getBlockReceipts 0x1',
            'debug_traceBlockByNumber 0x1',
            'eth_getBlockByNumber 0x2',
            'eth_getBlockReceipts 0x2',
            'debug_traceBlockByNumber 0x2',
            'eth_getBlockByNumber 0x3',
          ].sort(),
        );
        expect(await fetcher.fetchBlocks([4n, 5n])).to.deep.equal([4n, 5n].map(bundleOf));
        expect(node.batches()).to.have.length(1);
        // The node's answer, not its failure.
        expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
      });
    }

    // A proxy or provider that turns batches off may answer HTTP 405/413 with text: a refusal, not a failure.
    it('asks call by call from then on when the node refuses batches with an error status and a text body', async () => {
      const node = await startEvmNode();
      node.answerBatch = (_replies, res) => {
        res.writeHead(405, { 'content-type': 'text/plain' });
        res.end('batch requests are not supported');
      };
      const upstream = client([node.url]);
      const fetcher = new BlockFetcher(upstream, RPC_PATH);
      expect(await fetcher.fetchBlocks([1n, 2n, 3n])).to.deep.equal([1n, 2n, 3n].map(bundleOf));
      expect(await fetcher.fetchBlocks([4n, 5n])).to.deep.equal([4n, 5n].map(bundleOf));
      expect(node.batches()).to.have.length(1);
      expect(upstream.status()[0]).to.include({ healthy: true });
    });

    it('fails over to the next node as a single call does, and keeps batching', async () => {
      const broken = await startEvmNode();
      broken.answerBatch = (_replies, res) => json(res, 503, { message: 'down' });
      const good = await startEvmNode();
      const upstream = client([broken.url, good.url]);
      const fetcher = new BlockFetcher(upstream, RPC_PATH);
      expect(await fetcher.fetchBlocks([1n, 2n])).to.deep.equal([1n, 2n].map(bundleOf));
      expect(broken.batches()).to.have.length(1);
      expect(good.batches()).to.have.length(1);
      expect(upstream.status().map((s) => s.healthy)).to.deep.equal([false, true]);
      expect(await fetcher.fetchBlocks([4n, 5n])).to.deep.equal([4n, 5n].map(bundleOf));
      expect(good.batches()).to.have.length(2);
      expect(good.singles()).to.deep.equal([]);
    });

    it('throws what a batch that no node answered fails with', async () => {
      const broken = await startEvmNode();
      broken.answerBatch = (_replies, res) => json(res, 503, { message: 'down' });
      const fetcher = new BlockFetcher(client([broken.url], { attempts: 2 }), RPC_PATH);
      const err = await rejection(fetcher.fetchBlocks([1n, 2n]));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.include('a batch of 6 calls failed after 2 attempts');
      expect(broken.singles()).to.deep.equal([]);
    });

    it('asks receipts per transaction when eth_getBlockReceipts is not found, and leaves it out of later batches', async () => {
      const node = await startEvmNode();
      node.blockReceipts = false;
      const fetcher = fetcherOn(node);
      expect(await fetcher.fetchBlocks([1n, 2n, 3n])).to.deep.equal([1n, 2n, 3n].map(bundleOf));
      expect(described(node.singles()).sort()).to.deep.equal(
        [txHash(1n, 0), txHash(2n, 0), txHash(2n, 1)].map((h) => `eth_getTransactionReceipt ${h}`).sort(),
      );
      expect(await fetcher.fetchBlocks([4n, 5n])).to.deep.equal([4n, 5n].map(bundleOf));
      expect(described(node.batches()[1]!)).to.deep.equal([
        'eth_getBlockByNumber 0x4',
        'debug_traceBlockByNumber 0x4',
        'eth_getBlockByNumber 0x5',
        'debug_traceBlockByNumber 0x5',
      ]);
    });

    it("rejects receipts that are not for their block's transactions, in a batch and alone", async () => {
      const node = await startEvmNode();
      const cases: [string, (n: bigint) => RpcReceipt[] | null, RegExp][] = [
        [
          "another block's, of the same count",
          (n) => receiptsOf(n === 4n ? 1n : n),
          new RegExp(`^block 4: receipt 0 is for ${txHash(1n, 0)}, not ${txHash(4n, 0)}$`),
        ],
        [
          'out of order',
          (n) => [...receiptsOf(n)].reverse(),
          new RegExp(`^block 5: receipt 0 is for ${txHash(5n, 1)}, not ${txHash(5n, 0)}$`),
        ],
        [
          'one too few',
          (n) => receiptsOf(n).slice(1),
          /^block (4|5): (0|1) receipts for (1|2) transactions$/,
        ],
        ['none', () => null, /^block (4|5): no receipts for (1|2) transactions$/],
      ];
      for (const [what, receipts, message] of cases) {
        node.receipts = receipts;
        const inBatch = await rejection(fetcherOn(node).fetchBlocks([4n, 5n]));
        expect(inBatch.message, `${what}, in a batch`).to.match(message);
        const alone = await rejection(fetcherOn(node).fetch(what === 'out of order' ? 5n : 4n));
        expect(alone.message, `${what}, alone`).to.match(message);
      }
      // Asked per transaction, each receipt is still checked against its transaction.
      node.blockReceipts = false;
      node.receipts = cases[0]![1];
      const perTransaction = await rejection(fetcherOn(node).fetchBlocks([4n, 5n]));
      expect(perTransaction.message).to.match(cases[0]![2]);
      expect(node.singles().map((c) => c.method)).to.include('eth_getTransactionReceipt');
    });

    it("rejects traces that are not for their block's transactions, or that failed", async () => {
      const node = await startEvmNode();
      node.traces = (n) => [...tracesOf(n)].reverse();
      const reordered = await rejection(fetcherOn(node).fetchBlocks([1n, 2n]));
      expect(reordered.message).to.equal(`block 0x2: trace 0 is for ${txHash(2n, 1)}, not ${txHash(2n, 0)}`);
      node.traces = (n) => tracesOf(n).map((t) => ({ txHash: t.txHash!, error: 'execution timeout' }));
      const failed = await rejection(fetcherOn(node).fetchBlocks([1n, 2n]));
      expect(failed.message).to.equal(`block 0x1: tracing ${txHash(1n, 0)} failed: execution timeout`);
      node.traces = (n) => tracesOf(n).slice(1);
      const short = await rejection(fetcherOn(node).fetchBlocks([1n, 2n]));
      expect(short.message).to.match(/^block (1|2): (0|1) traces for (1|2) transactions$/);
    });

    it("throws a node's error for one call of the batch, and a block not yet accepted", async () => {
      const node = await startEvmNode(3n);
      // The debug API turned off: tracing is "method not found".
      node.answerBatch = (replies, res, calls) =>
        json(
          res,
          200,
          replies.map((r, i) =>
            calls[i]!.method === 'debug_traceBlockByNumber'
              ? { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: 'the method does not exist' } }
              : r,
          ),
        );
      const err = await rejection(fetcherOn(node).fetchBlocks([1n, 2n]));
      expect(err).to.be.instanceOf(UpstreamRpcError).and.to.include({ code: -32601, endpoint: node.url });

      node.answerBatch = (replies, res) => json(res, 200, replies);
      const ahead = await rejection(fetcherOn(node).fetchBlocks([3n, 4n]));
      expect(ahead.message).to.equal('block 4 is not available upstream yet');
    });
  });

  describe('fetchInOrder', () => {
    it('yields from..to in order, asking blocksPerRequest blocks a request', async () => {
      const node = await startEvmNode();
      const plan: FetchPlan = { blocksInFlight: 4, blocksPerRequest: 3 };
      const bundles = await collect(fetchInOrder(fetcherOn(node), 1n, 10n, plan));
      expect(bundles).to.deep.equal(range(1n, 10n).map(bundleOf));
      expect(
        node
          .batches()
          .map((calls) => calls.filter((c) => c.method === 'eth_getBlockByNumber').map((c) => c.params[0])),
      ).to.deep.equal([
        ['0x1', '0x2', '0x3'],
        ['0x4', '0x5', '0x6'],
        ['0x7', '0x8', '0x9'],
      ]);
      // The last request is one block: asked call by call.
      expect(described(node.singles())).to.deep.equal([
        'eth_getBlockByNumber 0xa',
        'eth_getBlockReceipts 0xa',
        'debug_traceBlockByNumber 0xa',
      ]);
    });

    it('keeps blocksInFlight / blocksPerRequest requests in flight, the next sent before the blocks fetched are consumed', async () => {
      const node = await startEvmNode();
      node.delayMs = 30;
      const plan: FetchPlan = { blocksInFlight: 6, blocksPerRequest: 2 };
      const generator = fetchInOrder(fetcherOn(node), 1n, 16n, plan);
      const first = await generator.next();
      expect(numbersOf([first.value as BlockBundle])).to.deep.equal([1n]);
      // Three requests were sent at once; when the first was answered, the fourth went out before block 1 was taken.
      const deadline = Date.now() + 3000;
      while (node.requests.length < 4 && Date.now() < deadline) await sleep(5);
      await sleep(100);
      expect(node.requests).to.have.length(4);
      expect(node.maxInFlight).to.equal(3);
      const rest = await collect(generator);
      expect(numbersOf(rest)).to.deep.equal(range(2n, 16n));
      expect(node.maxInFlight).to.equal(3);
      expect(node.batches()).to.have.length(8);
    });

    it('yields the blocks before a failed request, then throws its error', async () => {
      const node = await startEvmNode(7n);
      const plan: FetchPlan = { blocksInFlight: 6, blocksPerRequest: 2 };
      const yielded: bigint[] = [];
      const err = await rejection(
        (async () => {
          for await (const bundle of fetchInOrder(fetcherOn(node), 1n, 14n, plan))
            yielded.push(BigInt(bundle.block.number));
        })(),
      );
      expect(err.message).to.equal('block 8 is not available upstream yet');
      expect(yielded).to.deep.equal(range(1n, 6n));
    });
  });
});
