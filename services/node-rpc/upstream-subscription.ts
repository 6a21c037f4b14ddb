import WebSocket from 'ws';
import type { Logger } from '../runtime/logger.ts';
import type { Upstream } from '../runtime/upstream/client.ts';

const RECONNECT_DELAY_MS = 500;

export interface UpstreamSubscriptionOptions {
  /** `C` or an L1's blockchain id. */
  chain: string;
  /** The `eth_subscribe` params, the subscription's name first. */
  params: unknown[];
  upstream: Upstream;
  log: Logger;
  /** Each notification's `result`, in the order the node sent them. */
  onNotification: (result: unknown) => void;
}

/**
 * One `eth_subscribe` on a chain's nodes, held on the first healthy node's WebSocket. When the connection breaks (or
 * the node stops speaking JSON-RPC), the node is reported failed, so calls move off it too, and the subscription is
 * made again on the next node. What was sent meanwhile is the subscriber's to recover (ChainHeads fills gaps from
 * the chain's blocks).
 */
export class UpstreamSubscription {
  private readonly options: UpstreamSubscriptionOptions;
  private socket: WebSocket | undefined;
  private closed = false;

  constructor(options: UpstreamSubscriptionOptions) {
    this.options = options;
  }

  /** Subscribes unless it already is (or is closed). */
  ensure(): void {
    const { chain, params, upstream, log, onNotification } = this.options;
    if (this.socket || this.closed) return;
    const url = upstream.candidates(`/ext/bc/${chain}/rpc`)[0];
    if (url === undefined) return;
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ext/bc/${chain}/ws`);
    this.socket = socket;
    let subscription: string | undefined;
    socket.on('open', () =>
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params })),
    );
    socket.on('message', (data: Buffer) => {
      let message: { id?: number; result?: string; params?: { subscription: string; result: unknown } };
      try {
        message = JSON.parse(data.toString('utf8')) as typeof message;
      } catch (err) {
        lost(err);
        socket.terminate();
        return;
      }
      if (message.id === 1) subscription = message.result;
      else if (message.params && message.params.subscription === subscription)
        onNotification(message.params.result);
    });
    // Declared after the handlers that call it, which run only once the socket has events.
    const lost = (err: unknown) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.closed) return;
      upstream.reportFailure(url, err);
      log.warn(
        { chain, subscription: params[0], node: url, err: (err as Error)?.message },
        'upstream subscription lost; subscribing on the next node',
      );
      setTimeout(() => this.ensure(), RECONNECT_DELAY_MS).unref();
    };
    socket.on('error', lost);
    socket.on('close', () => lost(new Error('connection closed')));
  }

  close(): void {
    this.closed = true;
    this.socket?.terminate();
  }
}
