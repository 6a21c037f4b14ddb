import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  answerGethBody,
  ActiveSubscriptions,
  NODE_DEFAULT_BATCH_LIMITS,
  newSubscriptionId,
  subscriptionNotFound,
  type CallOutcome,
  type Subscriptions,
} from '../runtime/json-rpc/geth-envelope.ts';
import { headerOfBlock } from '../runtime/json-rpc/evm-shapes.ts';
import { logsSubscriptionCriteria } from '../runtime/json-rpc/geth-params.ts';
import type { Logger } from '../runtime/logger.ts';
import { refuseUpgrade } from '../runtime/node-api/not-found.ts';
import type { EvmBlock, EvmChain } from './evm/chain.ts';
import { callGethMethod, ParamError, type GethMethod } from './geth-rpc/endpoint.ts';
import { hexToBytes } from '@ethereumjs/util';
import { bool } from './geth-rpc/params.ts';
import { matchingLogs } from './evm/filters.ts';
import { pendingTransactionJson } from './evm/json-shapes.ts';

interface Endpoint {
  chain: EvmChain;
  methods: Record<string, GethMethod>;
}

/**
 * The EVM chains' WebSocket JSON-RPC (`/ext/bc/<chain>/ws`), as geth serves it: every method of the chain's `/rpc`,
 * plus `eth_subscribe` to `newHeads` (the header of every accepted block), `logs` (with a filter) and
 * `newPendingTransactions` (hashes, or whole transactions with `true`), and `eth_unsubscribe`. Notifications follow
 * the chain's accepted blocks and its pool as they come.
 */
export class EvmWebSockets {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  /** Serves `/ext/bc/<alias>/ws` with the chain's methods. */
  serve(alias: string, chain: EvmChain, methods: Record<string, GethMethod>): void {
    this.endpoints.set(alias, { chain, methods });
  }

  /** The HTTP server's `upgrade` handler. */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const alias = /^\/ext\/bc\/([^/?]+)\/ws(?:\?.*)?$/.exec(request.url ?? '')?.[1];
    const endpoint = alias === undefined ? undefined : this.endpoints.get(alias);
    if (!endpoint) {
      refuseUpgrade(socket);
      return;
    }
    this.server.handleUpgrade(request, socket, head, (ws) => this.connect(ws, endpoint));
  };

  close(): void {
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }

  private connect(ws: WebSocket, endpoint: Endpoint): void {
    const subscriptions = new ConnectionSubscriptions(ws, endpoint);
    const dispatch = (method: string, params: unknown) =>
      callGethMethod(method, params, { methods: endpoint.methods, log: this.log });
    // Replies go out in the order the requests came.
    let queue = Promise.resolve();
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return;
      queue = queue.then(async () => {
        const reply = await answerGethBody(
          data.toString('utf8'),
          NODE_DEFAULT_BATCH_LIMITS,
          dispatch,
          subscriptions,
        );
        if (reply !== undefined && ws.readyState === ws.OPEN) ws.send(reply);
      });
    });
    ws.on('close', () => subscriptions.closeAll());
    ws.on('error', () => subscriptions.closeAll());
  }
}

/** One connection's subscriptions: each an `onBlock` listener on the chain. */
class ConnectionSubscriptions implements Subscriptions {
  private readonly active = new ActiveSubscriptions();
  private readonly ws: WebSocket;
  private readonly endpoint: Endpoint;

  constructor(ws: WebSocket, endpoint: Endpoint) {
    this.ws = ws;
    this.endpoint = endpoint;
  }

  subscribe(namespace: string, params: unknown[]): Promise<CallOutcome> {
    return Promise.resolve(this.start(namespace, params));
  }

  private start(namespace: string, params: unknown[]): CallOutcome {
    const [name, ...args] = params as [string, ...unknown[]];
    const { chain, methods } = this.endpoint;
    const id = newSubscriptionId();
    const notify = (result: unknown) => {
      if (this.ws.readyState !== this.ws.OPEN) return;
      this.ws.send(
        JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: id, result } }),
      );
    };
    if (namespace === 'eth' && name === 'newPendingTransactions') {
      if (args.length > 1) return { error: { code: -32602, message: 'too many arguments, want at most 2' } };
      let fullTx = false;
      try {
        fullTx = args[0] === undefined || args[0] === null ? false : bool(args[0]);
      } catch (err) {
        if (err instanceof ParamError)
          return { error: { code: -32602, message: `invalid argument 1: ${err.message}` } };
        throw err;
      }
      const stop = chain.mempool.onPending((txs) => {
        for (const { tx, from, hash } of txs)
          notify(fullTx ? pendingTransactionJson(tx, hexToBytes(from as `0x${string}`), hash) : hexOf(hash));
      });
      this.active.add(id, stop);
      return { result: JSON.stringify(id) };
    }
    let onBlock: ((block: EvmBlock) => Promise<unknown[]>) | undefined;
    if (namespace === 'eth' && name === 'newHeads') {
      if (args.length > 0) return { error: { code: -32602, message: 'too many arguments, want at most 1' } };
      onBlock = async (block) => [
        headerOfBlock(
          (await methods.eth_getBlockByHash!.handle([hexOf(block.hash), false])) as Record<string, unknown>,
        ),
      ];
    } else if (namespace === 'eth' && name === 'logs') {
      const criteria = logsSubscriptionCriteria(args);
      if ('error' in criteria) return criteria;
      onBlock = (block) => Promise.resolve(matchingLogs(block, criteria));
    }
    if (!onBlock) return { error: subscriptionNotFound(namespace, name) };
    const blockNotifications = onBlock;
    // Blocks are notified in order, each once its notifications are built.
    let sending = Promise.resolve();
    const stop = chain.onBlock((block) => {
      sending = sending.then(async () => {
        for (const result of await blockNotifications(block)) notify(result);
      });
    });
    this.active.add(id, stop);
    return { result: JSON.stringify(id) };
  }

  unsubscribe(id: string): boolean {
    return this.active.stop(id);
  }

  closeAll(): void {
    this.active.stopAll();
  }
}

const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
