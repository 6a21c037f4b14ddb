import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Head__Output as Head } from '../generated/proto/chaindata/noderpc/v1/Head.ts';
import type { NodeRpcServiceDefinition } from '../generated/proto/chaindata/noderpc/v1/NodeRpcService.ts';
import { DomainError } from '../runtime/errors.ts';
import type { GrpcServiceClient } from '../runtime/grpc/client.ts';
import { logMatches, parseLogFilter, type LogFilter } from '../runtime/json-rpc/evm-shapes.ts';
import {
  answerGethBody,
  ActiveSubscriptions,
  GETH_MAX_BODY_BYTES,
  newSubscriptionId,
  subscriptionNotFound,
  type CallOutcome,
  type Subscriptions,
} from '../runtime/json-rpc/geth-envelope.ts';
import type { Logger } from '../runtime/logger.ts';
import { refuseUpgrade } from '../runtime/node-api/not-found.ts';
import { canonicalChain } from '../runtime/upstream/chain-routing.ts';
import { sleep } from '../runtime/upstream/backoff.ts';

/** How long one FollowHeads stream may run before it is reopened from its last block. */
const STREAM_DEADLINE_MS = 60 * 60_000;
const RESTREAM_DELAY_MS = 500;

export interface GatewayWebSocketOptions {
  nodeRpc: GrpcServiceClient<NodeRpcServiceDefinition>;
  /** A client whose unsent notifications exceed this is closed (1008): it does not keep up. */
  maxBufferedBytes: number;
  log: Logger;
}

type Subscriber = (head: Head) => void;

/**
 * The EVM chains' WebSocket JSON-RPC (`/ext/bc/<chain>/ws`): calls go to node-rpc as on HTTP; `eth_subscribe`
 * (`newHeads`, `logs`) is served here from one node-rpc block stream per chain shared by every client of this
 * gateway, which node-rpc serves from one upstream subscription per chain. A stream that breaks is reopened from its
 * last block, so clients miss none.
 */
export class GatewayWebSockets {
  private readonly options: GatewayWebSocketOptions;
  // A message is a request body: geth's cap on HTTP bodies holds for it too.
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: GETH_MAX_BODY_BYTES });
  private readonly streams = new Map<string, Set<Subscriber>>();

  constructor(options: GatewayWebSocketOptions) {
    this.options = options;
  }

  /** The HTTP server's `upgrade` handler: a chain node-rpc does not serve gets the node router's 404. */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const chain = /^\/ext\/bc\/([^/?]+)\/ws(?:\?.*)?$/.exec(request.url ?? '')?.[1];
    const refuse = (): void => refuseUpgrade(socket);
    if (chain === undefined) return refuse();
    // node-rpc knows the chains: an answer (from memory once known) says the chain is served.
    this.call(chain, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
      .then(() => this.server.handleUpgrade(request, socket, head, (ws) => this.connect(ws, chain)))
      .catch((err: unknown) => {
        if (err instanceof DomainError && err.kind === 'not_found') return refuse();
        this.options.log.warn({ err }, 'WebSocket upgrade failed');
        socket.destroy();
      });
  };

  close(): void {
    for (const client of this.server.clients) client.terminate();
    this.server.close();
    this.streams.clear();
  }

  private async call(chain: string, body: string): Promise<string | undefined> {
    const reply = await this.options.nodeRpc.unary.Call({
      path: `/ext/bc/${chain}/rpc`,
      body: Buffer.from(body),
    });
    return reply.body.length > 0 ? reply.body.toString('utf8') : undefined;
  }

  private connect(ws: WebSocket, chain: string): void {
    const subscriptions = new ClientSubscriptions(
      ws,
      canonicalChain(chain),
      this,
      this.options.maxBufferedBytes,
    );
    // Replies go out in the order the requests came.
    let queue = Promise.resolve();
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString('utf8');
      queue = queue.then(async () => {
        try {
          const reply = isSubscriptionCall(text)
            ? await answerGethBody(text, 1, () => Promise.reject(new Error('not a call')), subscriptions)
            : await this.call(chain, text);
          if (reply !== undefined) subscriptions.send(reply);
        } catch (err) {
          this.options.log.warn({ err }, 'WebSocket call failed');
          ws.close(1011, 'internal error');
        }
      });
    });
    ws.on('close', () => subscriptions.closeAll());
    ws.on('error', () => subscriptions.closeAll());
  }

  /** Adds a subscriber to the chain's block stream (opening it if it is the first); returns its removal. */
  subscribe(chain: string, subscriber: Subscriber): () => void {
    let subscribers = this.streams.get(chain);
    if (!subscribers) {
      subscribers = new Set();
      this.streams.set(chain, subscribers);
      void this.stream(chain, subscribers);
    }
    subscribers.add(subscriber);
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0 && this.streams.get(chain) === subscribers) this.streams.delete(chain);
    };
  }

  /** Reads the chain's blocks from node-rpc while it has subscribers, reopening the stream from its last block. */
  private async stream(chain: string, subscribers: Set<Subscriber>): Promise<void> {
    let last: string | undefined;
    while (this.streams.get(chain) === subscribers) {
      try {
        const heads = this.options.nodeRpc.streaming.FollowHeads(
          { chain, ...(last !== undefined ? { after_number: last } : {}) },
          STREAM_DEADLINE_MS,
        );
        for await (const head of heads) {
          if (this.streams.get(chain) !== subscribers) break;
          last = head.number;
          for (const subscriber of subscribers) subscriber(head);
        }
      } catch (err) {
        this.options.log.warn(
          { chain, err: (err as Error).message },
          'block stream from node-rpc broke; reopening',
        );
      }
      await sleep(RESTREAM_DELAY_MS);
    }
  }
}

/** A single `*_subscribe` / `*_unsubscribe` call (a batch holding one goes to node-rpc, which has no notifications). */
function isSubscriptionCall(text: string): boolean {
  if (!text.includes('subscribe')) return false;
  try {
    const message = JSON.parse(text) as { method?: unknown } | null;
    return typeof message?.method === 'string' && /_(un)?subscribe$/.test(message.method);
  } catch {
    return false;
  }
}

/** One client's subscriptions. */
export class ClientSubscriptions implements Subscriptions {
  private readonly active = new ActiveSubscriptions();
  private readonly ws: WebSocket;
  private readonly chain: string;
  private readonly hub: GatewayWebSockets;
  private readonly maxBufferedBytes: number;

  constructor(ws: WebSocket, chain: string, hub: GatewayWebSockets, maxBufferedBytes: number) {
    this.ws = ws;
    this.chain = chain;
    this.hub = hub;
    this.maxBufferedBytes = maxBufferedBytes;
  }

  subscribe(namespace: string, params: unknown[]): Promise<CallOutcome> {
    const [name, ...args] = params as [string, ...unknown[]];
    let notifications: ((head: Head) => string[]) | undefined;
    if (namespace === 'eth' && name === 'newHeads') {
      if (args.length > 0)
        return Promise.resolve({ error: { code: -32602, message: 'too many arguments, want at most 1' } });
      notifications = (head) => [head.header_json];
    } else if (namespace === 'eth' && name === 'logs') {
      if (args.length > 1)
        return Promise.resolve({ error: { code: -32602, message: 'too many arguments, want at most 2' } });
      const filter = parseLogFilter(args[0]);
      if ('error' in filter)
        return Promise.resolve({ error: { code: -32602, message: `invalid argument 1: ${filter.error}` } });
      notifications = (head) => head.logs_json.filter((log) => matches(filter, log));
    }
    if (!notifications) return Promise.resolve({ error: subscriptionNotFound(namespace, name) });
    const id = newSubscriptionId();
    const prefix = `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${id}","result":`;
    const stop = this.hub.subscribe(this.chain, (head) => {
      for (const result of notifications(head)) this.send(`${prefix}${result}}}\n`);
    });
    this.active.add(id, stop);
    return Promise.resolve({ result: JSON.stringify(id) });
  }

  unsubscribe(id: string): boolean {
    return this.active.stop(id);
  }

  /** Sends, unless the client has fallen too far behind: then it is closed (1008) and its subscriptions end. */
  send(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.closeAll();
      this.ws.close(1008, 'too slow: notifications not read');
      return;
    }
    this.ws.send(text);
  }

  closeAll(): void {
    this.active.stopAll();
  }
}

function matches(filter: LogFilter, logJson: string): boolean {
  if (filter.addresses.length === 0 && filter.topics.length === 0) return true;
  return logMatches(filter, JSON.parse(logJson) as { address: string; topics: string[] });
}
