import type { Counter, Gauge } from 'prom-client';
import { LruCache } from '../runtime/cache/lru.ts';
import { methodNotFound, type CallDispatch, type CallOutcome } from '../runtime/json-rpc/geth-envelope.ts';
import type { Logger } from '../runtime/logger.ts';
import {
  UpstreamRpcError,
  UpstreamNotReadyError,
  UpstreamUnavailableError,
  type Upstream,
} from '../runtime/upstream/client.ts';
import type { FinalAnswer } from '../generated/proto/chaindata/noderpc/v1/FinalAnswer.ts';
import {
  asksAboutHead,
  chainAnswerKey,
  evmCallPolicy,
  heightOf,
  pinnedToHeight,
} from '../runtime/json-rpc/evm-methods.ts';
import { hedgedRead } from './hedged.ts';
import { FILTER_CREATORS, FILTER_USERS, filterCallTarget, taggedFilterId } from './filter-ids.ts';

export interface EvmProxyMetrics {
  /** Calls answered, by where the answer came from (cache, upstream) and what it was (result, error). */
  calls: Counter<'source' | 'outcome'>;
  cacheBytes: Gauge;
  /** Reads sent to a second node because the first was slow, by which answered first. */
  hedged?: Counter<'winner'>;
}

export interface EvmProxyOptions {
  upstream: Upstream;
  /** Bytes of final answers kept in memory. */
  cacheBytes: number;
  debugEnabled: boolean;
  /** A read not answered after this long is sent to the next node too (0: never). */
  hedgeAfterMs?: number;
  log: Logger;
  metrics?: EvmProxyMetrics;
}

/** What a client is told when no node could answer: no node's address or error leaves the edge. */
const UNAVAILABLE = { code: -32000, message: 'no upstream node is available to answer' };

/**
 * The EVM chains' `/rpc` calls, answered one by one: final answers from memory, everything else from the chain's
 * nodes (in priority order, failing over; a write is never sent twice). A node's answer, error included, is passed on
 * exactly as the node gave it.
 */
export class EvmProxy {
  private readonly options: EvmProxyOptions;
  private readonly cache: LruCache<string, string>;
  /** The highest block each chain's nodes have shown they accepted. */
  private readonly heads = new Map<string, bigint>();

  constructor(options: EvmProxyOptions) {
    this.options = options;
    // UTF-16 code units: the answers are ASCII JSON, so one unit is one byte.
    this.cache = new LruCache(options.cacheBytes, (answer) => answer.length);
  }

  /**
   * The dispatcher of one chain's calls (`path`: the chain's `/rpc`, `chain`: its canonical name); the final answers
   * it gives are added to `finals`, under their keys.
   */
  dispatcher(
    path: string,
    chain: string,
    signal: AbortSignal,
    finals: FinalAnswer[],
    { batch = false } = {},
  ): CallDispatch {
    // A batch's calls about the head answer about one height: the head as a node gave it when the first asked.
    let head: Promise<string | undefined> | undefined;
    const headOfBatch = () =>
      (head ??= this.options.upstream.callRaw(path, 'eth_blockNumber', [], signal).catch(() => undefined));
    return async (method, params) => {
      if (batch && asksAboutHead(method, params)) {
        const text = await headOfBatch();
        const height = text === undefined ? undefined : heightOf(text);
        if (height !== undefined) {
          this.reached(chain, height);
          const noParams =
            params === undefined || params === null || (Array.isArray(params) && params.length === 0);
          if (method === 'eth_blockNumber' && noParams) return { result: text! };
          params = pinnedToHeight(method, params, height) ?? params;
        }
      }
      return this.answer(path, chain, method, params, signal, finals);
    };
  }

  private async answer(
    path: string,
    chain: string,
    method: string,
    params: unknown,
    signal: AbortSignal,
    finals: FinalAnswer[],
  ): Promise<CallOutcome> {
    const { upstream, metrics, debugEnabled, log } = this.options;
    const policy = evmCallPolicy(method, params, { debugEnabled, knownHead: this.heads.get(chain) });
    if (!policy) return { error: methodNotFound(method) };
    const key = policy.cacheKey === undefined ? undefined : chainAnswerKey(chain, method, params);
    const hit = key === undefined ? undefined : this.cache.get(key);
    if (hit !== undefined) {
      metrics?.calls.inc({ source: 'cache', outcome: 'result' });
      finals.push({ key: key!, result: hit });
      return { result: hit };
    }
    // A call about a filter goes to the node holding it, with that node's id for it.
    const target = FILTER_USERS.has(method) ? filterCallTarget(params, upstream.candidates(path)) : undefined;
    let answeredBy: string | undefined;
    try {
      // Changes are handed out once: a call that may have reached the node is not made again.
      const idempotent = !policy.write && method !== 'eth_getFilterChanges';
      const send = (callSignal: AbortSignal, node = target?.node) =>
        upstream.callRaw(path, method, target?.params ?? params ?? [], callSignal, {
          idempotent,
          ...(node !== undefined ? { node } : {}),
          answeredBy: (by) => (answeredBy = by),
        });
      // Only reads any node may serve are hedged: not writes, nor calls about (or making) a node's own filter.
      const hedgeable = idempotent && target === undefined && !FILTER_CREATORS.has(method);
      const raw = await hedgedRead(send, {
        backupNode: hedgeable ? upstream.candidates(path)[1] : undefined,
        hedgeAfterMs: this.options.hedgeAfterMs ?? 0,
        signal,
        onHedged: (winner) => metrics?.hedged?.inc({ winner }),
      });
      const result =
        FILTER_CREATORS.has(method) && answeredBy !== undefined ? taggedFilterId(answeredBy, raw) : raw;
      metrics?.calls.inc({ source: 'upstream', outcome: 'result' });
      if (key !== undefined && policy.isFinal?.(result)) {
        this.cache.set(key, result);
        finals.push({ key, result });
        metrics?.cacheBytes.set(this.cache.weight);
        if (policy.reaches !== undefined) this.reached(chain, policy.reaches);
      }
      if (method === 'eth_blockNumber') {
        const height = heightOf(result);
        if (height !== undefined) this.reached(chain, height);
      }
      return { result };
    } catch (err) {
      metrics?.calls.inc({ source: 'upstream', outcome: 'error' });
      if (err instanceof UpstreamRpcError) {
        const { code, message, data } = err;
        return { error: data === undefined ? { code, message } : { code, message, data } };
      }
      if (err instanceof UpstreamUnavailableError || err instanceof UpstreamNotReadyError) {
        log.warn({ chain, method, err: err.message }, 'no upstream node answered');
        return { error: UNAVAILABLE };
      }
      throw err;
    }
  }

  private reached(chain: string, height: bigint): void {
    if (height > (this.heads.get(chain) ?? -1n)) this.heads.set(chain, height);
  }
}
