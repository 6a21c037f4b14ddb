import {
  UpstreamRpcError,
  unansweredInBatch,
  type BatchCall,
  type BatchOutcome,
  type Upstream,
} from '../../runtime/upstream/client.ts';
import type { BlockBundle, CallFrame, RpcBlock, RpcReceipt, TraceResult } from './rpc-types.ts';

/** geth's code for a method the node does not serve. */
const METHOD_NOT_FOUND = -32601;

const quantity = (n: bigint) => `0x${n.toString(16)}`;

/** How many blocks ingestion asks for at once. */
export interface FetchPlan {
  /** Blocks fetched ahead of the one being consumed. */
  blocksInFlight: number;
  /** Blocks per request: their calls go in one JSON-RPC batch. */
  blocksPerRequest: number;
}

/** Where a block's calls are in its batch: the block's, and its receipts' and traces' when asked with it. */
interface BlockCalls {
  number: bigint;
  block: number;
  receipts?: number;
  traces?: number;
}

/**
 * Fetches blocks with their full transactions, their receipts and their call traces through the shared upstream
 * client. Receipts come from `eth_getBlockReceipts`; a node without it (an older coreth, or a provider that blocks
 * it) is asked per transaction from then on. Several blocks go in one JSON-RPC batch, each block's three calls in
 * it by number: accepted blocks are final, and every answer is checked against its block (transaction hashes, the
 * count of receipts and traces), so answers of different blocks cannot be mixed up. A node that refuses batches is
 * asked call by call from then on.
 */
export class BlockFetcher {
  private readonly upstream: Upstream;
  private readonly rpcPath: string;
  private blockReceipts = true;
  private batches = true;

  constructor(upstream: Upstream, rpcPath: string) {
    this.upstream = upstream;
    this.rpcPath = rpcPath;
  }

  async head(signal?: AbortSignal): Promise<bigint> {
    return BigInt(await this.upstream.call<string>(this.rpcPath, 'eth_blockNumber', [], signal));
  }

  async chainId(signal?: AbortSignal): Promise<bigint> {
    return BigInt(await this.upstream.call<string>(this.rpcPath, 'eth_chainId', [], signal));
  }

  /** Blocks `numbers`, in that order, in one batch (call by call where a node will not batch them). */
  async fetchBlocks(numbers: bigint[], signal?: AbortSignal): Promise<BlockBundle[]> {
    if (!this.batches || numbers.length <= 1) return Promise.all(numbers.map((n) => this.fetch(n, signal)));
    const calls: BatchCall[] = [];
    const layout = numbers.map((number) => this.blockCalls(number, calls));
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.upstream.batch(this.rpcPath, calls, signal);
    } catch (err) {
      // A node's error for the whole batch: it does not take batches (a provider may turn them off).
      if (!(err instanceof UpstreamRpcError)) throw err;
      this.batches = false;
      return this.fetchBlocks(numbers, signal);
    }
    return Promise.all(layout.map((at) => this.bundleOf(at, outcomes, signal)));
  }

  /** One block, its calls one by one: its transactions first, then (when it has any) its receipts and traces. */
  async fetch(number: bigint, signal?: AbortSignal): Promise<BlockBundle> {
    const block = await this.upstream.call<RpcBlock | null>(
      this.rpcPath,
      'eth_getBlockByNumber',
      [quantity(number), true],
      signal,
    );
    if (block === null) throw notAvailable(number);
    // An empty block has nothing to trace (and a genesis block cannot be traced at all).
    if (block.transactions.length === 0) return { block, receipts: [], traces: [] };
    const [receipts, traces] = await Promise.all([
      this.receipts(block, signal),
      this.upstream.call<TraceResult[]>(
        this.rpcPath,
        'debug_traceBlockByNumber',
        traceParams(block.number),
        signal,
      ),
    ]);
    return { block, receipts, traces: checkTraces(traces, block) };
  }

  /** Appends block `number`'s calls to `calls`: the block, its receipts (unless asked per transaction), its traces. */
  private blockCalls(number: bigint, calls: BatchCall[]): BlockCalls {
    const push = (method: string, params: unknown[]) => calls.push({ method, params }) - 1;
    const at: BlockCalls = { number, block: push('eth_getBlockByNumber', [quantity(number), true]) };
    if (this.blockReceipts) at.receipts = push('eth_getBlockReceipts', [quantity(number)]);
    // A genesis block cannot be traced.
    if (number > 0n) at.traces = push('debug_traceBlockByNumber', traceParams(quantity(number)));
    return at;
  }

  private async bundleOf(
    at: BlockCalls,
    outcomes: BatchOutcome[],
    signal?: AbortSignal,
  ): Promise<BlockBundle> {
    const mine = [at.block, at.receipts, at.traces].flatMap((i) => (i === undefined ? [] : [outcomes[i]!]));
    // The node answered this block's calls only in part (the batch's reply grew past its cap): alone, they fit.
    if (mine.some(unansweredInBatch)) return this.fetch(at.number, signal);
    const block = resultOf<RpcBlock | null>(outcomes[at.block]!);
    if (block === null) throw notAvailable(at.number);
    if (block.transactions.length === 0) return { block, receipts: [], traces: [] };
    const receipts =
      at.receipts === undefined
        ? await this.receipts(block, signal)
        : await this.receiptsAnswered(outcomes[at.receipts]!, block, signal);
    const traces =
      at.traces === undefined ? undefined : checkTraces(resultOf<TraceResult[]>(outcomes[at.traces]!), block);
    return { block, receipts, traces: traces ?? [] };
  }

  /** The block's receipts from the batch's answer, or per transaction when the node has no eth_getBlockReceipts. */
  private async receiptsAnswered(
    outcome: BatchOutcome,
    block: RpcBlock,
    signal?: AbortSignal,
  ): Promise<RpcReceipt[]> {
    if ('error' in outcome && outcome.error.code === METHOD_NOT_FOUND) {
      this.blockReceipts = false;
      return this.receipts(block, signal);
    }
    return checkReceipts(resultOf<RpcReceipt[]>(outcome), block);
  }

  private async receipts(block: RpcBlock, signal?: AbortSignal): Promise<RpcReceipt[]> {
    if (this.blockReceipts) {
      try {
        const receipts = await this.upstream.call<RpcReceipt[]>(
          this.rpcPath,
          'eth_getBlockReceipts',
          [block.number],
          signal,
        );
        return checkReceipts(receipts, block);
      } catch (err) {
        if (!(err instanceof UpstreamRpcError && err.code === METHOD_NOT_FOUND)) throw err;
        this.blockReceipts = false;
      }
    }
    const receipts = await Promise.all(
      block.transactions.map((tx) =>
        this.upstream.call<RpcReceipt>(this.rpcPath, 'eth_getTransactionReceipt', [tx.hash], signal),
      ),
    );
    return checkReceipts(receipts, block);
  }
}

/**
 * Blocks `from..to` in order: requests of `blocksPerRequest` blocks, with up to `blocksInFlight` blocks fetched ahead
 * of the consumer. Ingestion's fetching, and what the benchmark measures it against.
 */
export async function* fetchInOrder(
  fetcher: BlockFetcher,
  from: bigint,
  to: bigint,
  plan: FetchPlan,
  signal?: AbortSignal,
): AsyncGenerator<BlockBundle> {
  const requestsAhead = Math.max(1, Math.floor(plan.blocksInFlight / plan.blocksPerRequest));
  const pending: Promise<BlockBundle[]>[] = [];
  let next = from;
  const request = () => {
    const numbers: bigint[] = [];
    for (; next <= to && numbers.length < plan.blocksPerRequest; next++) numbers.push(next);
    const fetching = fetcher.fetchBlocks(numbers, signal);
    // Awaited in order below; a failure ahead of the consumer must not be reported as unhandled meanwhile.
    fetching.catch(() => {});
    pending.push(fetching);
  };
  while (next <= to || pending.length > 0) {
    while (next <= to && pending.length < requestsAhead) request();
    const bundles = await pending.shift()!;
    // The next request starts before this one's blocks are consumed.
    if (next <= to) request();
    yield* bundles;
  }
}

function resultOf<T>(outcome: BatchOutcome): T {
  if ('error' in outcome) throw outcome.error;
  return outcome.result as T;
}

function traceParams(number: string): unknown[] {
  return [number, { tracer: 'callTracer' }];
}

function notAvailable(number: bigint): Error {
  return new Error(`block ${number} is not available upstream yet`);
}

/** One receipt per transaction, each for the transaction at its place in the block. */
function checkReceipts(receipts: RpcReceipt[] | null, block: RpcBlock): RpcReceipt[] {
  checkCount(receipts, block, 'receipts');
  receipts!.forEach((receipt, i) => {
    const tx = block.transactions[i]!;
    if (receipt?.transactionHash !== tx.hash)
      throw new Error(
        `block ${BigInt(block.number)}: receipt ${i} is for ${receipt?.transactionHash}, not ${tx.hash}`,
      );
  });
  return receipts!;
}

/** One top-level call frame per transaction, each for the transaction at its place in the block. */
function checkTraces(results: TraceResult[] | null, block: RpcBlock): CallFrame[] {
  checkCount(results, block, 'traces');
  return results!.map((entry, i) => {
    const tx = block.transactions[i]!;
    if (entry.txHash !== undefined && entry.txHash !== tx.hash)
      throw new Error(`block ${block.number}: trace ${i} is for ${entry.txHash}, not ${tx.hash}`);
    if (!entry.result) throw new Error(`block ${block.number}: tracing ${tx.hash} failed: ${entry.error}`);
    return entry.result;
  });
}

function checkCount(items: unknown[] | null, block: RpcBlock, what: string): void {
  if (!Array.isArray(items) || items.length !== block.transactions.length)
    throw new Error(
      `block ${BigInt(block.number)}: ${items?.length ?? 'no'} ${what} for ${block.transactions.length} transactions`,
    );
}
