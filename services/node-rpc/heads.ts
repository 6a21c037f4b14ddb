import type { Logger } from '../runtime/logger.ts';
import { headerOfBlock } from '../runtime/json-rpc/evm-shapes.ts';
import type { Upstream } from '../runtime/upstream/client.ts';
import { sleep } from '../runtime/upstream/backoff.ts';
import { takeInOrder } from './in-order.ts';
import { UpstreamSubscription } from './upstream-subscription.ts';

/** An accepted block as subscribers get it: its header and its logs, as geth's notifications carry them. */
export interface HeadEvent {
  number: bigint;
  header: string;
  logs: string[];
}

const FETCH_RETRY_DELAY_MS = 500;
const MAX_PENDING_HEADS = 256;
/** How often a block a node has not reached yet is asked for again before the delivery gives up. */
const FETCH_ATTEMPTS = 20;

/**
 * One EVM chain's accepted blocks, followed over one upstream subscription (`newHeads`) however many subscribers
 * there are, which moves to the next node when its node fails. Each subscriber receives every block after the one it
 * asks to start from, in order and once: a gap (a reconnection, a node that skipped ahead) is filled from the nodes'
 * `eth_getBlockByNumber` before the block that revealed it.
 */
export class ChainHeads {
  private readonly chain: string;
  private readonly upstream: Upstream;
  private readonly log: Logger;
  private readonly listeners = new Set<(head: HeadEvent) => void>();
  private readonly subscription: UpstreamSubscription;
  /** The new heads' notifications, turned into events in the order they came. */
  private received = Promise.resolve();
  /** The last head the upstream subscription announced, and when (ms since the epoch): a stuck one shows here. */
  lastHead: { number: bigint; at: number } | undefined;

  constructor(chain: string, upstream: Upstream, log: Logger) {
    this.chain = chain;
    this.upstream = upstream;
    this.log = log;
    this.subscription = new UpstreamSubscription({
      chain,
      params: ['newHeads'],
      upstream,
      log,
      onNotification: (header) => this.announced(header as Record<string, unknown>),
    });
  }

  private get rpcPath(): string {
    return `/ext/bc/${this.chain}/rpc`;
  }

  /**
   * Delivers every block after `after` (or from the next one to come) to `deliver`, one at a time, until `signal`
   * fires or a delivery fails; resolves then (rejects with the failure).
   */
  async follow(after: bigint | undefined, deliver: (head: HeadEvent) => Promise<void>, signal: AbortSignal) {
    let next = after === undefined ? undefined : after + 1n;
    const taking = takeInOrder(
      this.listeners,
      async (head) => {
        next ??= head.number;
        for (; next < head.number; next++) await deliver(await this.fetch(next, signal));
        if (head.number === next) {
          await deliver(head);
          next++;
        }
      },
      { maxWaiting: MAX_PENDING_HEADS, what: 'blocks', signal },
    );
    this.subscription.ensure();
    await taking;
  }

  close(): void {
    this.subscription.close();
  }

  /** A new head from the node: with its logs, to every follower. */
  private announced(header: Record<string, unknown>): void {
    this.received = this.received.then(async () => {
      try {
        const head = {
          number: BigInt(header.number as string),
          header: JSON.stringify(header),
          logs: await this.logsOf(header.hash as string),
        };
        this.lastHead = { number: head.number, at: Date.now() };
        for (const listener of this.listeners) listener(head);
      } catch (err) {
        this.log.warn(
          { chain: this.chain, err: (err as Error).message },
          'could not read the logs of a new head',
        );
      }
    });
  }

  /** A block from the nodes, as its notification would have carried it. */
  private async fetch(number: bigint, signal: AbortSignal): Promise<HeadEvent> {
    for (let attempt = 1; ; attempt++) {
      const text = await this.upstream.callRaw(
        this.rpcPath,
        'eth_getBlockByNumber',
        [`0x${number.toString(16)}`, false],
        signal,
      );
      if (text !== 'null') {
        const block = JSON.parse(text) as Record<string, unknown>;
        return {
          number,
          header: JSON.stringify(headerOfBlock(block)),
          logs: await this.logsOf(block.hash as string, signal),
        };
      }
      // The node answering is behind the one that announced the block.
      if (attempt >= FETCH_ATTEMPTS)
        throw new Error(`block ${number} of ${this.chain} is not available from the nodes`);
      await sleep(FETCH_RETRY_DELAY_MS, signal);
    }
  }

  private async logsOf(blockHash: string, signal?: AbortSignal): Promise<string[]> {
    const text = await this.upstream.callRaw(this.rpcPath, 'eth_getLogs', [{ blockHash }], signal);
    return (JSON.parse(text) as unknown[]).map((log) => JSON.stringify(log));
  }
}
