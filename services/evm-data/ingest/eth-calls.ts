import type { Hex } from 'viem';
import {
  UpstreamRpcError,
  unansweredInBatch,
  type BatchOutcome,
  type Upstream,
} from '../../runtime/upstream/client.ts';

/** A read-only call of a contract: its address and call data. */
export interface EthCall {
  to: Buffer | string;
  data: string;
}

/** Calls per JSON-RPC batch: within what public nodes take (the public API's limit is 40). */
const CALLS_PER_BATCH = 32;

/**
 * eth_calls to one chain's nodes, many at once: in JSON-RPC batches of CALLS_PER_BATCH, sent together. A call the
 * node answers with an error (a revert, or a call it refuses as invalid) is an answer: the contract has no such
 * function, or no such token. A node that fails is not, and its error propagates. A call left out of a batch's
 * answer is asked again alone; a node that refuses batches is asked call by call from then on.
 */
export class EthCalls {
  private readonly upstream: Upstream;
  private readonly rpcPath: string;
  private batches = true;

  constructor(upstream: Upstream, rpcPath: string) {
    this.upstream = upstream;
    this.rpcPath = rpcPath;
  }

  /** Each call's return data at `block` (a number, or a tag such as 'latest'), in order; undefined for an error. */
  async callAll(calls: EthCall[], block: bigint | 'latest'): Promise<(Hex | undefined)[]> {
    const at = typeof block === 'bigint' ? `0x${block.toString(16)}` : block;
    const chunks: EthCall[][] = [];
    for (let i = 0; i < calls.length; i += CALLS_PER_BATCH) chunks.push(calls.slice(i, i + CALLS_PER_BATCH));
    return (await Promise.all(chunks.map((chunk) => this.batch(chunk, at)))).flat();
  }

  private async batch(calls: EthCall[], at: string): Promise<(Hex | undefined)[]> {
    if (calls.length === 1 || !this.batches) return Promise.all(calls.map((c) => this.call(c, at)));
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.upstream.batch(
        this.rpcPath,
        calls.map((c) => ({ method: 'eth_call', params: params(c, at) })),
      );
    } catch (err) {
      // A node's error for the whole batch: it does not take batches.
      if (!(err instanceof UpstreamRpcError)) throw err;
      this.batches = false;
      return Promise.all(calls.map((c) => this.call(c, at)));
    }
    return Promise.all(
      outcomes.map(async (outcome, i) => {
        if (!('error' in outcome)) return outcome.result as Hex;
        // Left out of the batch's answer: not the contract's answer, so it is asked alone.
        return unansweredInBatch(outcome) ? this.call(calls[i]!, at) : undefined;
      }),
    );
  }

  private async call(c: EthCall, at: string): Promise<Hex | undefined> {
    try {
      return await this.upstream.call<Hex>(this.rpcPath, 'eth_call', params(c, at));
    } catch (err) {
      if (err instanceof UpstreamRpcError) return undefined;
      throw err;
    }
  }
}

function params({ to, data }: EthCall, at: string): unknown[] {
  return [{ to: typeof to === 'string' ? to : `0x${to.toString('hex')}`, data }, at];
}
