import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Head__Output as Head } from '../generated/proto/chaindata/noderpc/v1/Head.ts';
import type { PendingTransaction__Output as PendingTransaction } from '../generated/proto/chaindata/noderpc/v1/PendingTransaction.ts';
import type { NodeRpcServiceDefinition } from '../generated/proto/chaindata/noderpc/v1/NodeRpcService.ts';
import { DomainError } from '../runtime/errors.ts';
import type { GrpcServiceClient } from '../runtime/grpc/client.ts';
import {
  logMatchesCriteria,
  logsSubscriptionCriteria,
  type FilterCriteria,
} from '../runtime/json-rpc/geth-params.ts';
import {
  answerGethBody,
  ActiveSubscriptions,
  GETH_MAX_BODY_BYTES,
  newSubscriptionId,
  subscriptionNotFound,
  type CallOutcome,
  type Subscriptions,
} from '../runtime/json-rpc/geth-envelope.ts';
import { goJsonKind } from '../runtime/gorilla-rpc/go-json.ts';
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
  /** Each chain's accepted blocks; a stream reopened goes on from the last block it gave. */
  readonly heads: SharedStreams<Head>;
  /** Each chain's pending transactions (not replayed: a pool's announcements cannot be asked for again). */
  readonly pendingTransactions: SharedStreams<PendingTransaction>;

  constructor(options: GatewayWebSocketOptions) {
    this.options = options;
    const { nodeRpc, log } = options;
    this.heads = new SharedStreams(log, (chain, last) =>
      nodeRpc.streaming.FollowHeads(
        { chain, ...(last !== undefined ? { after_number: last.number } : {}) },
        STREAM_DEADLINE_MS,
      ),
    );
    this.pendingTransactions = new SharedStreams(log, (chain) =>
      nodeRpc.streaming.FollowPendingTransactions({ chain }, STREAM_DEADLINE_MS),
    );
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
    this.heads.clear();
    this.pendingTransactions.clear();
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
            ? await answerGethBody(
                text,
                { calls: 1 },
                () => Promise.reject(new Error('not a call')),
                subscriptions,
              )
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
}

/**
 * One node-rpc stream per chain, shared by every subscriber of this gateway: opened with the first subscriber, read
 * while there are any, reopened (from the last item, as `open` decides) when it breaks.
 */
export class SharedStreams<T> {
  private readonly streams = new Map<string, Set<(item: T) => void>>();
  private readonly log: Logger;
  private readonly open: (chain: string, last: T | undefined) => AsyncIterable<T>;

  constructor(log: Logger, open: (chain: string, last: T | undefined) => AsyncIterable<T>) {
    this.log = log;
    this.open = open;
  }

  /** Adds a subscriber to the chain's stream (opening it if it is the first); returns its removal. */
  subscribe(chain: string, subscriber: (item: T) => void): () => void {
    let subscribers = this.streams.get(chain);
    if (!subscribers) {
      subscribers = new Set();
      this.streams.set(chain, subscribers);
      void this.read(chain, subscribers);
    }
    subscribers.add(subscriber);
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0 && this.streams.get(chain) === subscribers) this.streams.delete(chain);
    };
  }

  clear(): void {
    this.streams.clear();
  }

  private async read(chain: string, subscribers: Set<(item: T) => void>): Promise<void> {
    let last: T | undefined;
    while (this.streams.get(chain) === subscribers) {
      try {
        for await (const item of this.open(chain, last)) {
          if (this.streams.get(chain) !== subscribers) break;
          last = item;
          for (const subscriber of subscribers) subscriber(item);
        }
      } catch (err) {
        this.log.warn({ chain, err: (err as Error).message }, 'stream from node-rpc broke; reopening');
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
    if (namespace === 'eth' && name === 'newPendingTransactions') {
      if (args.length > 1)
        return Promise.resolve({ error: { code: -32602, message: 'too many arguments, want at most 2' } });
      const fullTx = args[0] ?? null;
      if (fullTx !== null && typeof fullTx !== 'boolean')
        return Promise.resolve({
          error: {
            code: -32602,
            message: `invalid argument 1: json: cannot unmarshal ${goJsonKind(fullTx)} into Go value of type bool`,
          },
        });
      return Promise.resolve(
        this.start(this.hub.pendingTransactions, (tx) => [
          fullTx === true ? tx.transaction_json : JSON.stringify(tx.hash),
        ]),
      );
    }
    if (namespace === 'eth' && name === 'newHeads') {
      if (args.length > 0)
        return Promise.resolve({ error: { code: -32602, message: 'too many arguments, want at most 1' } });
      notifications = (head) => [head.header_json];
    } else if (namespace === 'eth' && name === 'logs') {
      // Refused as the node refuses it: one decoder of geth's FilterCriteria, the devnet's too.
      const criteria = logsSubscriptionCriteria(args);
      if ('error' in criteria) return Promise.resolve(criteria);
      notifications = (head) => head.logs_json.filter((log) => matches(criteria, log));
    }
    if (!notifications) return Promise.resolve({ error: subscriptionNotFound(namespace, name) });
    return Promise.resolve(this.start(this.hub.heads, notifications));
  }

  /** A new subscription to one of the chain's streams, each item sent as the notifications (JSON texts) it makes. */
  private start<T>(streams: SharedStreams<T>, notifications: (item: T) => string[]): CallOutcome {
    const id = newSubscriptionId();
    const prefix = `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${id}","result":`;
    const stop = streams.subscribe(this.chain, (item) => {
      for (const result of notifications(item)) this.send(`${prefix}${result}}}\n`);
    });
    this.active.add(id, stop);
    return { result: JSON.stringify(id) };
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

function matches(criteria: FilterCriteria, logJson: string): boolean {
  const { addresses, topics, fromBlock, toBlock } = criteria;
  if (addresses.length === 0 && topics.length === 0 && fromBlock === undefined && toBlock === undefined)
    return true;
  const log = JSON.parse(logJson) as { blockNumber: string; address: string; topics: string[] };
  return logMatchesCriteria(criteria, {
    blockNumber: BigInt(log.blockNumber),
    address: log.address.toLowerCase(),
    topics: log.topics.map((t) => t.toLowerCase()),
  });
}
