import { createServer, type Server } from 'node:http';
import { createDevnetApp } from '../../services/devnet/app.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/primary_network.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { sharedDevnet } from './devnets.ts';
import { eventually, freePort, startComponent, type RunningComponent } from './processes.ts';

/**
 * A devnet (built once per test process for its parameters) served over HTTP, mirrored by a real
 * container-indexer, projected by a real primary-network (its own database) and answered by a real gateway-data
 * with no evm-data behind it: what the primary-network route tests run against. It starts once every index is
 * projected to its end; the in-process devnet does not grow once its history is generated.
 */
export interface PrimaryNetworkStack {
  devnet: Devnet;
  devnetUrl: string;
  db: TestDatabase;
  service: RunningComponent;
  gatewayUrl: string;
  stop(): Promise<void>;
}

const INDEXES = ['P/block', 'X/vtx', 'X/block', 'C/block'] as const;

/** A devnet served over HTTP, mirrored by a container-indexer and projected by primary-network on a database of its own. */
export interface ProjectedDevnet {
  devnet: Devnet;
  devnetUrl: string;
  db: TestDatabase;
  service: RunningComponent;
  /** primary-network's gRPC address. */
  serviceAddress: string;
}

/**
 * Starts a projected devnet and waits until `indexes` are projected to their ends; what it starts is pushed onto
 * `stops` (to be run in reverse by the caller, also when this throws).
 */
export async function startProjectedDevnet(
  parameters: DevnetParameters,
  indexes: readonly (typeof INDEXES)[number][],
  stops: (() => Promise<unknown>)[],
): Promise<ProjectedDevnet> {
  const devnet = await sharedDevnet(parameters);
  const handler = createDevnetApp(devnet, createLogger('devnet', 'silent')).callback();
  const server: Server = createServer((req, res) => void handler(req, res)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const devnetUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const db = await createTestDatabase();
  stops.push(() => db.drop());
  const indexerPort = await freePort();
  const indexer = await startComponent('container-indexer', {
    DATABASE_URL: db.url,
    GRPC_LISTEN_ADDRESS: `127.0.0.1:${indexerPort}`,
    UPSTREAM_NODE_URLS: devnetUrl,
    INDEXER_POLL_INTERVAL_MS: '100',
    LOG_LEVEL: 'warn',
  });
  stops.push(() => indexer.stop());
  const servicePort = await freePort();
  const serviceAddress = `127.0.0.1:${servicePort}`;
  const service = await startComponent('primary-network', {
    DATABASE_URL: db.url,
    GRPC_LISTEN_ADDRESS: serviceAddress,
    CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
    UPSTREAM_CHAIN_NODE_URLS: `P=${devnetUrl}`,
    AVALANCHE_NETWORK: parameters.identity.name,
    GENESIS_CONFIG: `${devnetUrl}/ext/devnet/genesis`,
    PROJECTION_POLL_INTERVAL_MS: '100',
    LOG_LEVEL: 'warn',
  });
  stops.push(() => service.stop());

  const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
  const grpc = createGrpcClient(
    proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
    serviceAddress,
    30_000,
  );
  try {
    const expected = new Map(indexes.map((name) => [name, devnet.containers.count(name)]));
    await eventually(
      async () => {
        const status = await grpc.unary.GetProjectionStatus({});
        return [...expected].every(
          ([name, count]) => status.indexes.find((i) => i.index_name === name)?.next_index === String(count),
        );
      },
      300_000,
      `the projection of ${JSON.stringify(Object.fromEntries(expected))} containers\n${service.output()}`,
    );
  } finally {
    grpc.close();
  }
  return { devnet, devnetUrl, db, service, serviceAddress };
}

export async function startPrimaryNetworkStack(parameters: DevnetParameters): Promise<PrimaryNetworkStack> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {});
  };
  try {
    const { devnet, devnetUrl, db, service, serviceAddress } = await startProjectedDevnet(
      parameters,
      INDEXES,
      stops,
    );
    const gatewayPort = await freePort();
    const gateway = await startComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      PRIMARY_NETWORK_ADDRESS: serviceAddress,
      // No evm-data: none of the primary network's routes reach it.
      EVM_DATA_ADDRESS: `127.0.0.1:${await freePort()}`,
      PAGE_TOKEN_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'warn',
    });
    stops.push(() => gateway.stop());
    return { devnet, devnetUrl, db, service, gatewayUrl: `http://127.0.0.1:${gatewayPort}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
