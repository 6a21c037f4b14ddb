import type { Logger } from '../runtime/logger.ts';
import type { Upstream } from '../runtime/upstream/client.ts';
import { ChainHeads } from './heads.ts';
import { ChainPendingTransactions } from './pending-transactions.ts';

/** The chains' followers (blocks, pending transactions), each made when first asked for and closed with the service. */
export class ChainFollowers {
  private readonly heads = new Map<string, ChainHeads>();
  private readonly pending = new Map<string, ChainPendingTransactions>();
  private readonly upstream: Upstream;
  private readonly log: Logger;

  constructor(upstream: Upstream, log: Logger) {
    this.upstream = upstream;
    this.log = log;
  }

  headsOf(chain: string): ChainHeads {
    let follower = this.heads.get(chain);
    if (!follower) this.heads.set(chain, (follower = new ChainHeads(chain, this.upstream, this.log)));
    return follower;
  }

  pendingTransactionsOf(chain: string): ChainPendingTransactions {
    let follower = this.pending.get(chain);
    if (!follower)
      this.pending.set(chain, (follower = new ChainPendingTransactions(chain, this.upstream, this.log)));
    return follower;
  }

  /** Each followed chain's last announced head (for the metrics). */
  lastHeads(): { chain: string; number: bigint; at: number }[] {
    return [...this.heads].flatMap(([chain, follower]) =>
      follower.lastHead ? [{ chain, ...follower.lastHead }] : [],
    );
  }

  close(): void {
    for (const follower of [...this.heads.values(), ...this.pending.values()]) follower.close();
  }
}
