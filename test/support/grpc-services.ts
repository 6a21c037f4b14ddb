import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { ProtoGrpcType as ContainerIndexerProto } from '../../services/generated/proto/container_indexer.ts';
import type { ProtoGrpcType as EvmDataProto } from '../../services/generated/proto/evm_data.ts';
import type { ProtoGrpcType as ExportWorkerProto } from '../../services/generated/proto/export_worker.ts';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { ProtoGrpcType as NodeRpcProto } from '../../services/generated/proto/node_rpc.ts';
import type { ProtoGrpcType as SignatureAggregatorProto } from '../../services/generated/proto/signature_aggregator.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../../services/generated/proto/primary_network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from './processes.ts';
import { startUpstreamNode } from './upstream-node.ts';

/**
 * The three data services as processes on one test database, and node-rpc, reached over real gRPC sockets, without a
 * devnet: container-indexer mirrors a small fixture node, primary-network serves what a test writes into its tables
 * (its projection is off), evm-data knows the C-Chain from a node that answers only the calls needed to register it
 * (ingestion off), node-rpc passes calls to that node, the signature aggregator finds validator sets through
 * primary-network, metrics rolls up what evm-data has of the C-Chain, and the export worker checks export requests
 * against evm-data's chains (its jobs off, with the operations of EXPORT_OPERATIONS). Enough to call every method
 * with any request, cheaply.
 */
export const FUJI = IDENTITIES.fuji;

/** REDIS_URL, else the usual local Redis: the export worker's queue (under a key prefix of its own). */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The export worker's operations, written into its table at start: no export runs here (its jobs are off, so
 * that what a test sends never streams from the other services behind its back), yet ReadExportFile needs
 * operations with and without a file.
 */
export const EXPORT_OPERATIONS = {
  completed: '0b9f6c1e-3d2a-4c8e-9f10-5a6b7c8d9e01',
  running: '0b9f6c1e-3d2a-4c8e-9f10-5a6b7c8d9e02',
  failed: '0b9f6c1e-3d2a-4c8e-9f10-5a6b7c8d9e03',
  /** The completed operation's file. */
  file: Buffer.from('date,chainId,txHash\n2024-01-01,43113,0xab\n'),
} as const;

export interface GrpcService {
  name: string;
  /** Fully qualified service name, for grpc.health.v1. */
  serviceName: string;
  definition: grpc.ServiceDefinition;
  port: number;
  client: grpc.Client;
  component: RunningComponent;
}

export interface GrpcServices {
  db: TestDatabase;
  containerIndexer: GrpcService;
  primaryNetwork: GrpcService;
  evmData: GrpcService;
  nodeRpc: GrpcService;
  signatureAggregator: GrpcService;
  metrics: GrpcService;
  exportWorker: GrpcService;
  all: GrpcService[];
  stop(): Promise<void>;
}

/** Containers per index on the fixture node. */
export const FIXTURE_CONTAINERS = 20;

export async function startGrpcServices(env: Record<string, string> = {}): Promise<GrpcServices> {
  const db = await createTestDatabase();
  const indexNode = await startUpstreamNode({
    indexes: Object.fromEntries(
      ['C/block', 'P/block', 'X/tx', 'X/block', 'X/vtx'].map((name) => [name, FIXTURE_CONTAINERS]),
    ),
  });
  const evmNode = await startEvmNode();
  // The signature aggregator's staking certificate, made on its first start.
  const stakingDir = await mkdtemp(join(tmpdir(), 'chain-data-staking-'));
  const exportDir = await mkdtemp(join(tmpdir(), 'chain-data-exports-'));
  const exportQueuePrefix = `chain-data-test-grpc-${randomUUID()}`;
  const started: RunningComponent[] = [];
  const stop = async () => {
    for (const component of started.reverse()) await component.stop();
    await indexNode.close();
    await new Promise((resolve) => evmNode.close(resolve));
    await db.drop();
    await rm(stakingDir, { recursive: true, force: true });
    await rm(exportDir, { recursive: true, force: true });
    await removeRedisKeys(`${exportQueuePrefix}:*`);
  };
  try {
    const common = { DATABASE_URL: db.url, LOG_LEVEL: 'warn', UPSTREAM_TIMEOUT_MS: '1000', ...env };
    const ports = {
      ci: await freePort(),
      pn: await freePort(),
      evm: await freePort(),
      rpc: await freePort(),
      sig: await freePort(),
      metrics: await freePort(),
      export: await freePort(),
    };
    const containerIndexer = await startComponent('container-indexer', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.ci}`,
      UPSTREAM_NODE_URLS: indexNode.url,
      INDEXER_POLL_INTERVAL_MS: '100',
    });
    started.push(containerIndexer);
    const primaryNetwork = await startComponent('primary-network', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.pn}`,
      UPSTREAM_NODE_URLS: nodeUrl(evmNode),
      AVALANCHE_NETWORK: 'fuji',
      PROJECTION_ENABLED: 'false',
    });
    started.push(primaryNetwork);
    const evmData = await startComponent('evm-data', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.evm}`,
      UPSTREAM_NODE_URLS: nodeUrl(evmNode),
      UPSTREAM_ATTEMPTS: '1',
      AVALANCHE_NETWORK: 'fuji',
      EVM_CHAINS: 'C',
      EVM_INGEST_ENABLED: 'false',
      NFT_METADATA_ENABLED: 'false',
    });
    started.push(evmData);
    const nodeRpc = await startComponent('node-rpc', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.rpc}`,
      UPSTREAM_NODE_URLS: nodeUrl(evmNode),
      UPSTREAM_ATTEMPTS: '1',
      EVM_CHAINS: 'C',
    });
    started.push(nodeRpc);
    const signatureAggregator = await startComponent('signature-aggregator', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.sig}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${ports.pn}`,
      UPSTREAM_NODE_URLS: nodeUrl(evmNode),
      AVALANCHE_NETWORK: 'fuji',
      SIGNATURE_AGGREGATOR_BUDGET_MS: '500',
      SIGNATURE_AGGREGATOR_STAKING_DIR: stakingDir,
    });
    started.push(signatureAggregator);
    // The metrics service follows evm-data's C-Chain (its rollups of what a test seeds there).
    const metrics = await startComponent('metrics', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.metrics}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${ports.evm}`,
      METRICS_ROLLUP_POLL_INTERVAL_MS: '100',
      METRICS_CHAIN_DISCOVERY_INTERVAL_MS: '500',
    });
    started.push(metrics);
    const exportWorker = await startComponent('export-worker', {
      ...common,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${ports.export}`,
      REDIS_URL,
      EXPORT_QUEUE_PREFIX: exportQueuePrefix,
      EXPORT_JOBS_ENABLED: 'false',
      EVM_DATA_ADDRESS: `127.0.0.1:${ports.evm}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${ports.pn}`,
      AVALANCHE_NETWORK: 'fuji',
      EXPORT_DIR: exportDir,
    });
    started.push(exportWorker);
    await seedExportOperations(db.url, exportDir);

    const ci = loadProto<ContainerIndexerProto>('chaindata/containerindexer/v1/container_indexer.proto')
      .chaindata.containerindexer.v1.ContainerIndexService;
    const pn = loadProto<PrimaryNetworkProto>('chaindata/primarynetwork/v1/primary_network.proto').chaindata
      .primarynetwork.v1.PrimaryNetworkService;
    const evm = loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto').chaindata.evmdata.v1
      .EvmDataService;
    const sig = loadProto<SignatureAggregatorProto>(
      'chaindata/signatureaggregator/v1/signature_aggregator.proto',
    ).chaindata.signatureaggregator.v1.SignatureAggregatorService;
    const rpc = loadProto<NodeRpcProto>('chaindata/noderpc/v1/node_rpc.proto').chaindata.noderpc.v1
      .NodeRpcService;
    const mx = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto').chaindata.metrics.v1
      .MetricsService;
    const ew = loadProto<ExportWorkerProto>('chaindata/exportworker/v1/export_worker.proto').chaindata
      .exportworker.v1.ExportWorkerService;
    const service = (
      name: string,
      serviceName: string,
      Client: grpc.ServiceClientConstructor,
      port: number,
      component: RunningComponent,
    ): GrpcService => ({
      name,
      serviceName,
      definition: Client.service,
      port,
      client: new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
        'grpc.max_receive_message_length': -1,
      }),
      component,
    });
    const services = {
      containerIndexer: service(
        'container-indexer',
        'chaindata.containerindexer.v1.ContainerIndexService',
        ci as unknown as grpc.ServiceClientConstructor,
        ports.ci,
        containerIndexer,
      ),
      primaryNetwork: service(
        'primary-network',
        'chaindata.primarynetwork.v1.PrimaryNetworkService',
        pn as unknown as grpc.ServiceClientConstructor,
        ports.pn,
        primaryNetwork,
      ),
      evmData: service(
        'evm-data',
        'chaindata.evmdata.v1.EvmDataService',
        evm as unknown as grpc.ServiceClientConstructor,
        ports.evm,
        evmData,
      ),
      nodeRpc: service(
        'node-rpc',
        'chaindata.noderpc.v1.NodeRpcService',
        rpc as unknown as grpc.ServiceClientConstructor,
        ports.rpc,
        nodeRpc,
      ),
      signatureAggregator: service(
        'signature-aggregator',
        'chaindata.signatureaggregator.v1.SignatureAggregatorService',
        sig as unknown as grpc.ServiceClientConstructor,
        ports.sig,
        signatureAggregator,
      ),
      metrics: service(
        'metrics',
        'chaindata.metrics.v1.MetricsService',
        mx as unknown as grpc.ServiceClientConstructor,
        ports.metrics,
        metrics,
      ),
      exportWorker: service(
        'export-worker',
        'chaindata.exportworker.v1.ExportWorkerService',
        ew as unknown as grpc.ServiceClientConstructor,
        ports.export,
        exportWorker,
      ),
    };
    const all = Object.values(services);
    await eventually(
      async () =>
        (await call(services.evmData, 'GetChain', { chain_id: '43113' }, 2_000)).code === grpc.status.OK,
      20_000,
      'evm-data to register the C-Chain',
    );
    await eventually(
      async () => {
        const reply = await call(
          services.containerIndexer,
          'GetLastAccepted',
          { index_name: 'X/vtx' },
          2_000,
        );
        return reply.code === grpc.status.OK;
      },
      20_000,
      'the container indexer to mirror its fixture node',
    );
    return {
      db,
      ...services,
      all,
      stop: async () => {
        for (const s of all) s.client.close();
        await stop();
      },
    };
  } catch (err) {
    // The cleanup's own failure (Redis down too, say) must not hide why the start failed.
    await stop().catch(() => {});
    throw err;
  }
}

/** EXPORT_OPERATIONS in the export worker's table (its migrations applied), and the completed one's file. */
async function seedExportOperations(url: string, exportDir: string): Promise<void> {
  const { completed, running, failed, file } = EXPORT_OPERATIONS;
  await writeFile(join(exportDir, `${completed}.csv`), file);
  const spec = {
    type: 'TRANSACTION_EXPORT_EVM',
    firstDate: '2024-01-01',
    lastDate: '2024-01-31',
    chains: [String(FUJI.evmChainId)],
    addresses: [`0x${'01'.repeat(20)}`],
  };
  const client = new pg.Client(url);
  await client.connect();
  try {
    for (const [id, status, size, sha256] of [
      [completed, 'COMPLETED', file.length, createHash('sha256').update(file).digest()],
      [running, 'RUNNING', null, null],
      [failed, 'FAILED', null, null],
    ] as const)
      await client.query(
        `INSERT INTO export_worker.operations (id, request_key, operation_type, spec, status, created_at, updated_at,
           file_size, file_sha256, finished_at)
         VALUES ($1, $2, $3, $4, $5, now(), now(), $6, $7, CASE WHEN $5 = 'RUNNING' THEN NULL ELSE now() END)`,
        [id, createHash('sha256').update(id).digest(), spec.type, JSON.stringify(spec), status, size, sha256],
      );
  } finally {
    await client.end();
  }
}

async function removeRedisKeys(pattern: string): Promise<void> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function nodeUrl(server: Server): string {
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** An EVM node with a C-Chain of 17 blocks and no balances: what evm-data asks when ingestion is off. */
async function startEvmNode(): Promise<Server> {
  const answers: Record<string, unknown> = {
    eth_chainId: `0x${FUJI.evmChainId.toString(16)}`,
    eth_blockNumber: '0x10',
    eth_getBalance: '0x0',
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let request: { id?: unknown; method?: string } = {};
      try {
        request = JSON.parse(Buffer.concat(chunks).toString()) as typeof request;
      } catch {
        // answered as an unknown method
      }
      const result = answers[request.method ?? ''];
      const body =
        result === undefined
          ? { error: { code: -32601, message: `the method ${request.method} does not exist` } }
          : { result };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, ...body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export interface CallOutcome {
  code: grpc.status;
  details: string;
  elapsedMs: number;
}

/** One unary call with its own deadline; resolves with the status whatever it is. */
export function call(
  service: GrpcService,
  method: string,
  request: object,
  deadlineMs: number,
): Promise<CallOutcome> {
  const started = performance.now();
  const invoke = (service.client as unknown as Record<string, unknown>)[method] as (
    request: object,
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    callback: (err: grpc.ServiceError | null) => void,
  ) => void;
  return new Promise((resolve) => {
    invoke.call(
      service.client,
      request,
      new grpc.Metadata(),
      { deadline: Date.now() + deadlineMs },
      (err) => {
        resolve({
          code: err ? err.code : grpc.status.OK,
          details: err ? err.details : '',
          elapsedMs: performance.now() - started,
        });
      },
    );
  });
}

const HealthClient = grpc.makeClientConstructor(healthService, 'grpc.health.v1.Health');

/** grpc.health.v1 Check of the service, e.g. 'SERVING'. */
export function healthOf(service: GrpcService): Promise<string> {
  const health = new HealthClient(`127.0.0.1:${service.port}`, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) =>
    (
      health as unknown as {
        check: (
          r: object,
          o: grpc.CallOptions,
          cb: (e: Error | null, r?: { status: string }) => void,
        ) => void;
      }
    ).check({ service: service.serviceName }, { deadline: Date.now() + 5_000 }, (err, reply) => {
      health.close();
      if (err) reject(err);
      else resolve(reply!.status);
    }),
  );
}
