/**
 * The polling filters of coreth's and Subnet-EVM's FilterAPI (eth/filters/api.go): log filters over accepted blocks
 * (a node without allow-unfinalized-queries subscribes to accepted logs and heads), block filters, pending
 * transaction filters. Each keeps what arrived since it was last polled; a filter nobody polls for the timeout (5
 * minutes, filters.Config's default) is removed, after which it is "filter not found".
 */
import { newSubscriptionId } from '../../runtime/json-rpc/geth-envelope.ts';
import { bytesToHex } from '@ethereumjs/util';
import { RpcError } from '../geth-rpc/endpoint.ts';
import {
  acceptedLogsRangeError,
  logMatchesCriteria,
  type FilterCriteria,
} from '../../runtime/json-rpc/geth-params.ts';
import type { EvmBlock, EvmChain } from './chain.ts';
import { logJson, pendingTransactionJson } from './json-shapes.ts';
import type { PooledTransaction } from './mempool.ts';

/** filters.Config's default Timeout. */
export const FILTER_TIMEOUT_MS = 5 * 60_000;

type Filter =
  | { kind: 'logs'; deadline: number; crit: FilterCriteria; logs: Record<string, unknown>[] }
  | { kind: 'blocks'; deadline: number; hashes: string[] }
  | { kind: 'pending'; deadline: number; fullTx: boolean; txs: PooledTransaction[] };

export class EvmFilters {
  private readonly chain: EvmChain;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly filters = new Map<string, Filter>();
  private subscribed = false;

  constructor(chain: EvmChain, options: { timeoutMs?: number; now?: () => number } = {}) {
    this.chain = chain;
    this.timeoutMs = options.timeoutMs ?? FILTER_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** eth_newFilter: EventSystem.SubscribeAcceptedLogs' check of the range, then a filter of what blocks bring. */
  newLogFilter(crit: FilterCriteria): string {
    const rangeError = acceptedLogsRangeError(crit);
    if (rangeError !== undefined) throw new RpcError(-32000, rangeError);
    return this.install({ kind: 'logs', deadline: this.deadline(), crit, logs: [] });
  }

  newBlockFilter(): string {
    return this.install({ kind: 'blocks', deadline: this.deadline(), hashes: [] });
  }

  newPendingTransactionFilter(fullTx: boolean): string {
    return this.install({ kind: 'pending', deadline: this.deadline(), fullTx, txs: [] });
  }

  /** eth_getFilterChanges: what arrived since the last poll; polling keeps the filter alive. */
  changes(id: string): unknown[] {
    const filter = this.find(id);
    if (!filter) throw new RpcError(-32000, 'filter not found');
    filter.deadline = this.deadline();
    switch (filter.kind) {
      case 'blocks':
        return filter.hashes.splice(0);
      case 'logs':
        return filter.logs.splice(0);
      case 'pending':
        return filter.txs
          .splice(0)
          .map((p) =>
            filter.fullTx ? pendingTransactionJson(p.tx, hexToBytes(p.from), p.hash) : bytesToHex(p.hash),
          );
    }
  }

  /** eth_getFilterLogs: a log filter's criteria (its logs are eth_getLogs' answer for them); not a poll. */
  criteria(id: string): FilterCriteria {
    const filter = this.find(id);
    if (!filter || filter.kind !== 'logs') throw new RpcError(-32000, 'filter not found');
    return filter.crit;
  }

  uninstall(id: string): boolean {
    const found = this.find(id) !== undefined;
    this.filters.delete(id);
    return found;
  }

  private find(id: string): Filter | undefined {
    this.expire();
    return this.filters.get(id);
  }

  private deadline(): number {
    return this.now() + this.timeoutMs;
  }

  private expire(): void {
    const now = this.now();
    for (const [id, filter] of this.filters) if (filter.deadline <= now) this.filters.delete(id);
  }

  private install(filter: Filter): string {
    this.subscribe();
    this.expire();
    const id = newSubscriptionId();
    this.filters.set(id, filter);
    return id;
  }

  private subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    this.chain.onBlock((block) => this.accepted(block));
    this.chain.mempool.onPending((txs) => {
      this.expire();
      for (const filter of this.filters.values()) if (filter.kind === 'pending') filter.txs.push(...txs);
    });
  }

  private accepted(block: EvmBlock): void {
    this.expire();
    for (const filter of this.filters.values()) {
      if (filter.kind === 'blocks') filter.hashes.push(bytesToHex(block.hash));
      if (filter.kind === 'logs') filter.logs.push(...matchingLogs(block, filter.crit));
    }
  }
}

/** A block's logs that match `crit` (eth/filters' filterLogs), as geth writes them. */
export function matchingLogs(block: EvmBlock, crit: FilterCriteria): Record<string, unknown>[] {
  const logs = [];
  for (const t of block.transactions) {
    for (const log of t.receipt.logs) {
      const seen = {
        blockNumber: block.number,
        address: bytesToHex(log.address),
        topics: log.topics.map(bytesToHex),
      };
      if (logMatchesCriteria(crit, seen)) logs.push(logJson(block, t, log));
    }
  }
  return logs;
}

function hexToBytes(hex: string): Uint8Array {
  return Buffer.from(hex.slice(2), 'hex');
}
