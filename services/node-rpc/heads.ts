import WebSocket from 'ws';
import { DomainError } from '../runtime/errors.ts';
import type { Logger } from '../runtime/logger.ts';
import { headerOfBlock } from '../runtime/json-rpc/evm-shapes.ts';
import type { Upstream } from '../runtime/upstream/client.ts';
import { sleep } from '../runtime/upstream/backoff.ts';

/** An accepted block as subscribers get it: its header and its logs, as geth's notifications carry them. */
export interface HeadEvent {
  number: bigint;
  header: string;
  logs: string[];
}

const RECONNECT_DELAY_MS = 500;
const MAX_PENDING_HEADS = 256;
/** How often a block a node has not reached yet is asked for again before the delivery gives up. */
const FETCH_ATTEMPTS = 20;

/**
 * One EVM chain's accepted blocks, followed over one upstream WebSocket subscription (`newHeads`) however many
 * subscribers there are. When the node's connection breaks, the node is reported failed and the next one is
 * subscribed to. Each subscriber receives every block after the one it asks to start from, in order and once: a
 * gap (a reconnection, a node that skipped ahead) is filled from the nodes' `eth_getBlockByNumber` before the block
 * that revealed it.
 */
export class ChainHeads {
  private readonly chain: string;
  private readonly upstream: Upstream;
  private readonly log: Logger;
  private readonly listeners = new Set<(head: HeadEvent) => void>();
  private socket: WebSocket | undefined;
  private closed = false;

  constructor(chain: string, upstream: Upstream, log: Logger) {
    this.chain = chain;
    this.upstream = upstream;
    this.log = log;
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
    let queue = Promise.resolve();
    let failure: Error | undefined;
    let pending = 0;
    // Resolves when the caller goes or a delivery fails, whichever comes first.
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const fail = (err: Error) => {
      failure ??= err;
      end();
    };
    signal.addEventListener('abort', end);
    if (signal.aborted) end();
    const listener = (head: HeadEvent) => {
      // A subscriber that does not take its blocks is let go, not let grow without bound.
      if (++pending > MAX_PENDING_HEADS)
        fail(new DomainError('resource_exhausted', `more than ${MAX_PENDING_HEADS} blocks not yet taken`));
      queue = queue.then(async () => {
        pending--;
        if (failure !== undefined || signal.aborted) return;
        try {
          next ??= head.number;
          for (; next < head.number; next++) await deliver(await this.fetch(next, signal));
          if (head.number === next) {
            await deliver(head);
            next++;
          }
        } catch (err) {
          fail(err instanceof Error ? err : new Error(String(err)));
        }
      });
    };
    this.listeners.add(listener);
    this.ensureSubscribed();
    try {
      await ended;
      if (failure !== undefined) throw failure;
    } finally {
      signal.removeEventListener('abort', end);
      this.listeners.delete(listener);
    }
  }

  close(): void {
    this.closed = true;
    this.socket?.terminate();
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
      await sleep(RECONNECT_DELAY_MS, signal);
    }
  }

  private async logsOf(blockHash: string, signal?: AbortSignal): Promise<string[]> {
    const text = await this.upstream.callRaw(this.rpcPath, 'eth_getLogs', [{ blockHash }], signal);
    return (JSON.parse(text) as unknown[]).map((log) => JSON.stringify(log));
  }

  private ensureSubscribed(): void {
    if (this.socket || this.closed) return;
    const url = this.upstream.candidates(this.rpcPath)[0];
    if (url === undefined) return;
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ext/bc/${this.chain}/ws`);
    this.socket = socket;
    let subscription: string | undefined;
    let received = Promise.resolve();
    socket.on('open', () =>
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })),
    );
    socket.on('message', (data: Buffer) => {
      let message: {
        id?: number;
        result?: string;
        params?: { subscription: string; result: Record<string, unknown> };
      };
      try {
        message = JSON.parse(data.toString('utf8')) as typeof message;
      } catch (err) {
        // Not a node speaking JSON-RPC: that node is failed like a broken connection.
        lost(err);
        socket.terminate();
        return;
      }
      if (message.id === 1) subscription = message.result;
      else if (message.params && message.params.subscription === subscription) {
        const header = message.params.result;
        // In order, each with its logs.
        received = received.then(async () => {
          try {
            const head = {
              number: BigInt(header.number as string),
              header: JSON.stringify(header),
              logs: await this.logsOf(header.hash as string),
            };
            for (const listener of this.listeners) listener(head);
          } catch (err) {
            this.log.warn(
              { chain: this.chain, err: (err as Error).message },
              'could not read the logs of a new head',
            );
          }
        });
      }
    });
    // Declared after the handlers that call it, which run only once the socket has events.
    const lost = (err: unknown) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.closed) return;
      this.upstream.reportFailure(url, err);
      this.log.warn(
        { chain: this.chain, node: url, err: (err as Error)?.message },
        'upstream head subscription lost; resubscribing',
      );
      setTimeout(() => this.ensureSubscribed(), RECONNECT_DELAY_MS).unref();
    };
    socket.on('error', lost);
    socket.on('close', () => lost(new Error('connection closed')));
  }
}

/** The chains' followers, made when a chain is first asked for and closed with the service. */
export class ChainHeadsPool {
  private readonly followers = new Map<string, ChainHeads>();
  private readonly upstream: Upstream;
  private readonly log: Logger;

  constructor(upstream: Upstream, log: Logger) {
    this.upstream = upstream;
    this.log = log;
  }

  of(chain: string): ChainHeads {
    let follower = this.followers.get(chain);
    if (!follower) this.followers.set(chain, (follower = new ChainHeads(chain, this.upstream, this.log)));
    return follower;
  }

  close(): void {
    for (const follower of this.followers.values()) follower.close();
  }
}
