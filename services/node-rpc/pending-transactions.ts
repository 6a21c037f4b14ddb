import { DomainError } from '../runtime/errors.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Upstream } from '../runtime/upstream/client.ts';
import { UpstreamSubscription } from './upstream-subscription.ts';

/** A transaction a node's pool took as executable, as `newPendingTransactions` with `true` carries it. */
export interface PendingTransactionEvent {
  hash: string;
  /** The transaction object's JSON. */
  transaction: string;
}

/** Transactions not yet taken by a follower before it is let go. */
const MAX_UNTAKEN = 4096;

/**
 * One EVM chain's pending transactions, from one upstream `newPendingTransactions` subscription (whole transactions:
 * a follower wanting hashes takes them from there) however many followers there are. Unlike blocks, a pool's
 * announcements cannot be asked for again: those a node sends while its subscription is moving to another node are
 * missed, as they are by a client of a node that restarts.
 */
export class ChainPendingTransactions {
  private readonly listeners = new Set<(event: PendingTransactionEvent) => void>();
  private readonly subscription: UpstreamSubscription;

  constructor(chain: string, upstream: Upstream, log: Logger) {
    this.subscription = new UpstreamSubscription({
      chain,
      params: ['newPendingTransactions', true],
      upstream,
      log,
      onNotification: (result) => {
        if (
          typeof result !== 'object' ||
          result === null ||
          typeof (result as { hash?: unknown }).hash !== 'string'
        )
          return;
        const event = { hash: (result as { hash: string }).hash, transaction: JSON.stringify(result) };
        for (const listener of this.listeners) listener(event);
      },
    });
  }

  /**
   * Delivers every pending transaction announced from now on to `deliver`, in order, until `signal` fires (resolves)
   * or a delivery fails or falls more than MAX_UNTAKEN behind (rejects).
   */
  async follow(
    deliver: (event: PendingTransactionEvent) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void> {
    let queue = Promise.resolve();
    let untaken = 0;
    let failure: Error | undefined;
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const fail = (err: Error) => {
      failure ??= err;
      end();
    };
    signal.addEventListener('abort', end);
    if (signal.aborted) end();
    const listener = (event: PendingTransactionEvent) => {
      if (++untaken > MAX_UNTAKEN)
        fail(new DomainError('resource_exhausted', `more than ${MAX_UNTAKEN} transactions not yet taken`));
      queue = queue.then(async () => {
        untaken--;
        if (failure !== undefined || signal.aborted) return;
        try {
          await deliver(event);
        } catch (err) {
          fail(err instanceof Error ? err : new Error(String(err)));
        }
      });
    };
    this.listeners.add(listener);
    this.subscription.ensure();
    try {
      await ended;
      if (failure !== undefined) throw failure;
    } finally {
      signal.removeEventListener('abort', end);
      this.listeners.delete(listener);
    }
  }

  close(): void {
    this.subscription.close();
  }
}
