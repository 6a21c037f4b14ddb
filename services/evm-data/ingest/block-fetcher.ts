import { UpstreamRpcError, type Upstream } from '../../runtime/upstream/client.ts';
import type { BlockBundle, CallFrame, RpcBlock, RpcReceipt, TraceResult } from './rpc-types.ts';

/** geth's code for a method the node does not serve. */
const METHOD_NOT_FOUND = -32601;

const quantity = (n: bigint) => `0x${n.toString(16)}`;

/**
 * Fetches a block with its full transactions, its receipts and its call traces through the shared upstream
 * client. Receipts come from `eth_getBlockReceipts`; a node without it (an older coreth, or a provider that blocks
 * it) is asked per transaction from then on.
 */
export class BlockFetcher {
  private readonly upstream: Upstream;
  private readonly rpcPath: string;
  private blockReceipts = true;

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

  async fetch(number: bigint, signal?: AbortSignal): Promise<BlockBundle> {
    const block = await this.upstream.call<RpcBlock | null>(
      this.rpcPath,
      'eth_getBlockByNumber',
      [quantity(number), true],
      signal,
    );
    if (block === null) throw new Error(`block ${number} is not available upstream yet`);
    // An empty block has nothing to trace (and a genesis block cannot be traced at all).
    if (block.transactions.length === 0) return { block, receipts: [], traces: [] };
    const [receipts, traces] = await Promise.all([this.receipts(block, signal), this.traces(block, signal)]);
    return { block, receipts, traces };
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
        return checkCount(receipts, block, 'receipts');
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
    return checkCount(receipts, block, 'receipts');
  }

  private async traces(block: RpcBlock, signal?: AbortSignal): Promise<CallFrame[]> {
    const results = await this.upstream.call<TraceResult[]>(
      this.rpcPath,
      'debug_traceBlockByNumber',
      [block.number, { tracer: 'callTracer' }],
      signal,
    );
    checkCount(results, block, 'traces');
    return results.map((entry, i) => {
      const tx = block.transactions[i]!;
      if (entry.txHash !== undefined && entry.txHash !== tx.hash)
        throw new Error(`block ${block.number}: trace ${i} is for ${entry.txHash}, not ${tx.hash}`);
      if (!entry.result) throw new Error(`block ${block.number}: tracing ${tx.hash} failed: ${entry.error}`);
      return entry.result;
    });
  }
}

function checkCount<T>(items: T[] | null, block: RpcBlock, what: string): T[] {
  if (!Array.isArray(items) || items.length !== block.transactions.length)
    throw new Error(
      `block ${BigInt(block.number)}: ${items?.length ?? 'no'} ${what} for ${block.transactions.length} transactions`,
    );
  return items;
}
