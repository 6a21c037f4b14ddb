import type { Devnet, DevnetParameters } from '../../services/devnet/network.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startProjectedDevnet } from './primary-network-stack.ts';
import { freePort, startComponent, type RunningComponent } from './processes.ts';

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
    const {
      devnet,
      devnetUrl,
      db,
      serviceAddress: primaryNetworkAddress,
    } = await startProjectedDevnet(parameters, ['P/block'], stops);
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
