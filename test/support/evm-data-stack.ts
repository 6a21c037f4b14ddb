import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { expect } from 'chai';
import { createPublicClient, http, type PublicClient } from 'viem';
import type { ProtoGrpcType } from '../../services/generated/proto/evm_data.ts';
import { createDevnetApp } from '../../services/devnet/app.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { assertDataApiResponse } from './data-api-openapi.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from './processes.ts';

/**
 * An in-process devnet served over HTTP, its C-Chain and L1 indexed by a real evm-data (its own database, NFT
 * metadata queue on the local Redis) and answered by a real gateway-data: what the evm-data route tests run
 * against. It starts once ingestion has passed both chains' heads; the in-process devnet does not grow once its
 * history is generated, so those heads stay the heads.
 */
export type EvmChainKey = 'C' | 'L1';

export interface EvmDataStack {
  devnet: Devnet;
  devnetUrl: string;
  db: TestDatabase;
  service: RunningComponent;
  /** evm-data's gRPC address (host:port). */
  serviceAddress: string;
  gatewayUrl: string;
  /** viem clients of the devnet's chains. */
  clients: Record<EvmChainKey, PublicClient>;
  heads: Record<EvmChainKey, bigint>;
  /** The chains' EVM chain ids and blockchain ids, as the API names them. */
  chainIds: Record<EvmChainKey, string>;
  blockchainIds: Record<EvmChainKey, string>;
  stop(): Promise<void>;
}

/** The L1's nodes: the same devnet under another host name, so that its calls and its rpcUrl show it. */
export function l1NodeUrl(devnetUrl: string): string {
  return devnetUrl.replace('127.0.0.1', 'localhost');
}

export async function startEvmDataStack(
  parameters: Omit<DevnetParameters, 'metadataBaseUrl'>,
  /** More of evm-data's settings (e.g. EVM_METADATA_FILE). */
  evmDataEnv: Record<string, string> = {},
): Promise<EvmDataStack> {
  const queuePrefix = `evm-data-test-${process.pid}-${Date.now().toString(36)}`;
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {});
  };
  try {
    // Listening first: the collections' token URIs name the devnet's own address.
    const server: Server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const devnetUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const devnet = await Devnet.create({ ...parameters, metadataBaseUrl: `${devnetUrl}/metadata` });
    await devnet.generateHistory();
    const callback = createDevnetApp(devnet, createLogger('devnet', 'silent')).callback();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void callback(req, res));

    const db = await createTestDatabase();
    stops.push(() => db.drop());
    stops.push(() => clearQueues(queuePrefix));
    const servicePort = await freePort();
    const service = await startComponent('evm-data', {
      DATABASE_URL: db.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      NFT_METADATA_QUEUE_PREFIX: queuePrefix,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${servicePort}`,
      UPSTREAM_NODE_URLS: devnetUrl,
      UPSTREAM_CHAIN_NODE_URLS: `${devnet.l1.blockchainId}=${l1NodeUrl(devnetUrl)}`,
      AVALANCHE_NETWORK: parameters.identity.name,
      EVM_CHAINS: `C,${devnet.l1.blockchainId}`,
      EVM_INGEST_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
      ...evmDataEnv,
    });
    stops.push(() => service.stop());
    const gatewayPort = await freePort();
    const gateway = await startComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      EVM_DATA_ADDRESS: `127.0.0.1:${servicePort}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${await freePort()}`,
      PAGE_TOKEN_SECRET: 'an-evm-data-test-secret-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'warn',
    });
    stops.push(() => gateway.stop());

    const clients = {
      C: createPublicClient({ transport: http(`${devnetUrl}/ext/bc/C/rpc`) }),
      L1: createPublicClient({ transport: http(`${devnetUrl}/ext/bc/${devnet.l1.blockchainId}/rpc`) }),
    };
    const heads = { C: await clients.C.getBlockNumber(), L1: await clients.L1.getBlockNumber() };
    const blockchainIds = { C: parameters.identity.cChainId, L1: devnet.l1.blockchainId };
    await untilIngested(servicePort, heads, blockchainIds).catch((err: Error) => {
      throw new Error(`${err.message}\n${service.output()}`, { cause: err });
    });
    return {
      devnet,
      devnetUrl,
      db,
      service,
      serviceAddress: `127.0.0.1:${servicePort}`,
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      clients,
      heads,
      chainIds: { C: String(parameters.identity.evmChainId), L1: String(devnet.l1.evmChainId) },
      blockchainIds,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function untilIngested(
  servicePort: number,
  heads: Record<EvmChainKey, bigint>,
  blockchainIds: Record<EvmChainKey, string>,
): Promise<void> {
  const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
  const client = createGrpcClient(
    proto.chaindata.evmdata.v1.EvmDataService,
    `127.0.0.1:${servicePort}`,
    30_000,
  );
  try {
    await eventually(
      async () => {
        const status = await client.unary.GetIngestionStatus({});
        return (['C', 'L1'] as const).every((key) => {
          const chain = status.chains.find((c) => c.blockchain_id === blockchainIds[key]);
          return chain !== undefined && BigInt(chain.next_block) > heads[key];
        });
      },
      120_000,
      `ingestion up to C ${heads.C} and L1 ${heads.L1}`,
    );
  } finally {
    client.close();
  }
}

/** Removes the stack's NFT metadata queue from the shared Redis. */
async function clearQueues(queuePrefix: string): Promise<void> {
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface GatewayAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
  text: string;
  headers: Headers;
}

/**
 * Calls gateway-data and checks the reply, whatever its status, against the official document; `validated`
 * collects `method template status` of each reply checked.
 */
export async function callGateway(
  gatewayUrl: string,
  method: 'GET' | 'POST',
  template: string,
  values: Record<string, string>,
  query: Record<string, string> = {},
  validated?: Set<string>,
): Promise<GatewayAnswer> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
  const search = new URLSearchParams(query);
  const response = await fetch(`${gatewayUrl}${path}${search.size > 0 ? `?${search.toString()}` : ''}`, {
    method,
  });
  const text = await response.text();
  const body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
  assertDataApiResponse(method, template, response.status, body);
  validated?.add(`${method} ${template} ${response.status}`);
  return { status: response.status, body, text, headers: response.headers };
}

type Doc = Record<string, unknown>;

/**
 * Every item of a Data API list, following its page tokens to the end; `api` answers one page (a 200 reply's body).
 */
export async function everyPage(
  api: (template: string, values: Record<string, string>, query: Record<string, string>) => Promise<Doc>,
  template: string,
  values: Record<string, string>,
  listField: string,
  query: Record<string, string>,
): Promise<Doc[]> {
  const items: Doc[] = [];
  let token: string | undefined;
  do {
    const page = await api(template, values, { ...query, ...(token ? { pageToken: token } : {}) });
    items.push(...(page[listField] as Doc[]));
    token = page.nextPageToken as string | undefined;
    if (token !== undefined) expect(token).to.be.a('string').and.not.equal('');
  } while (token !== undefined);
  return items;
}

/** `fn` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A JSON-RPC call viem has no typed method for. */
export function rpc<T>(client: PublicClient, method: string, params: unknown[]): Promise<T> {
  const request = client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<T>;
  return request({ method, params });
}
