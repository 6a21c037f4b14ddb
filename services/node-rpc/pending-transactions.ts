import type { Logger } from '../runtime/logger.ts';
import type { Upstream } from '../runtime/upstream/client.ts';
import { takeInOrder } from './in-order.ts';
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
    const taking = takeInOrder(this.listeners, deliver, {
      maxWaiting: MAX_UNTAKEN,
      what: 'transactions',
      signal,
    });
    this.subscription.ensure();
    await taking;
  }

  close(): void {
    this.subscription.close();
  }
}
