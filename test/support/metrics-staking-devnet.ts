import { createServer, type Server } from 'node:http';
import { createDevnetApp } from '../../services/devnet/app.ts';
import type { Devnet, DevnetParameters } from '../../services/devnet/network.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/primary_network.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { sharedDevnet } from './devnets.ts';
import { eventually, freePort, startComponent, type RunningComponent } from './processes.ts';

/**
 * The staking metrics' setup: a devnet served over HTTP, mirrored by a real container-indexer and projected by a
 * real primary-network (its own database, caught up with the devnet's P-Chain), for metrics components to roll up
 * through primary-network's gRPC API. No evm-data: the staking rollup does not read it (the components' chain
 * discovery just finds nothing to follow).
 */
export interface StakingDevnet {
  devnet: Devnet;
  devnetUrl: string;
  /** primary-network's gRPC address, and its database. */
  primaryNetworkAddress: string;
  db: TestDatabase;
  /** The P-Chain's last height (every block up to it is projected). */
  tipHeight: bigint;
  /** A metrics component on a database of its own, fed by this primary-network. */
  startMetrics(
    env?: Record<string, string>,
    db?: TestDatabase,
  ): Promise<{ component: RunningComponent; db: TestDatabase; address: string }>;
  stop(): Promise<void>;
}

export async function startStakingDevnet(parameters: DevnetParameters): Promise<StakingDevnet> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {});
  };
  try {
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
    const service = await startComponent('primary-network', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${servicePort}`,
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
      UPSTREAM_CHAIN_NODE_URLS: `P=${devnetUrl}`,
      AVALANCHE_NETWORK: parameters.identity.name,
      GENESIS_CONFIG: `${devnetUrl}/ext/devnet/genesis`,
      PROJECTION_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    });
    stops.push(() => service.stop());
    const primaryNetworkAddress = `127.0.0.1:${servicePort}`;
    const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
    const grpc = createGrpcClient(
      proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
      primaryNetworkAddress,
      30_000,
    );
    const pBlocks = devnet.containers.count('P/block');
    try {
      await eventually(
        async () => {
          const status = await grpc.unary.GetProjectionStatus({});
          return status.indexes.find((i) => i.index_name === 'P/block')?.next_index === String(pBlocks);
        },
        300_000,
        `the projection of ${pBlocks} P-Chain blocks\n${service.output()}`,
      );
    } finally {
      grpc.close();
    }
    const startMetrics = async (env: Record<string, string> = {}, given?: TestDatabase) => {
      const metricsDb = given ?? (await createTestDatabase());
      if (!given) stops.push(() => metricsDb.drop());
      const port = await freePort();
      const component = await startComponent('metrics', {
        DATABASE_URL: metricsDb.url,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${port}`,
        PRIMARY_NETWORK_ADDRESS: primaryNetworkAddress,
        // Nothing listens there: no EVM chain is followed.
        EVM_DATA_ADDRESS: `127.0.0.1:${await freePort()}`,
        METRICS_ROLLUP_POLL_INTERVAL_MS: '100',
        LOG_LEVEL: 'warn',
        ...env,
      });
      stops.push(() => component.stop());
      return { component, db: metricsDb, address: `127.0.0.1:${port}` };
    };
    return {
      devnet,
      devnetUrl,
      primaryNetworkAddress,
      db,
      tipHeight: devnet.pChain.tip.height,
      startMetrics,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
