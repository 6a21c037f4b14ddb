import type { DevnetParameters } from '../../services/devnet/network.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { readChain, type ChainKey, type ChainModel } from './evm-chain-model.ts';
import { startEvmDataStack, type EvmDataStack } from './evm-data-stack.ts';
import { activityOf, type RolledUpChain } from './metrics-model.ts';
import { eventually, freePort, startComponent, type RunningComponent } from './processes.ts';

/**
 * The metrics component fed by a real evm-data that indexed a devnet (its C-Chain and L1, both counted as testnet),
 * caught up with it; with the devnet's chains as read apart from the services (the models) and, by scope (each
 * chain's id, testnet, total), the chains whose blocks each scope's points are computed from.
 */
export interface MetricsOnDevnet {
  stack: EvmDataStack;
  models: Record<ChainKey, ChainModel>;
  scopes: Record<string, RolledUpChain[]>;
  pool: Pool;
  component: RunningComponent;
  /** The metrics service's gRPC address. */
  address: string;
  stop(): Promise<void>;
}

export async function startMetricsOnDevnet(
  parameters: Omit<DevnetParameters, 'metadataBaseUrl'>,
): Promise<MetricsOnDevnet> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const stack = await startEvmDataStack(parameters, { NFT_METADATA_ENABLED: 'false' });
    cleanups.push(() => stack.stop());
    const { clients, heads, chainIds, blockchainIds } = stack;
    const models = {} as Record<ChainKey, ChainModel>;
    [models.C, models.L1] = await Promise.all([
      readChain('C', clients.C, chainIds.C, blockchainIds.C, heads.C, ''),
      readChain('L1', clients.L1, chainIds.L1, blockchainIds.L1, heads.L1, ''),
    ]);
    const chains = [activityOf(models.C, 'testnet'), activityOf(models.L1, 'testnet')];
    const scopes = {
      [chainIds.C]: [chains[0]!],
      [chainIds.L1]: [chains[1]!],
      testnet: chains,
      total: chains,
    };
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const pool = createPool(db.url, 'metrics-devnet-test');
    cleanups.push(() => pool.end());
    const port = await freePort();
    const component = await startComponent('metrics', {
      DATABASE_URL: db.url,
      EVM_DATA_ADDRESS: stack.serviceAddress,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${port}`,
      METRICS_ROLLUP_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => component.stop().then(() => undefined));
    await eventually(
      async () => {
        const { rows } = await pool.query<{ evm_chain_id: string; next_block: string }>(
          'SELECT evm_chain_id::text, next_block FROM metrics.chains',
        );
        const next = Object.fromEntries(rows.map((r) => [r.evm_chain_id, BigInt(r.next_block)]));
        return next[chainIds.C] === heads.C + 1n && next[chainIds.L1] === heads.L1 + 1n;
      },
      180_000,
      'the rollups caught up with evm-data',
    );
    return { stack, models, scopes, pool, component, address: `127.0.0.1:${port}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** gateway-metrics in front of the metrics service at `metricsAddress`, on a free port; its base URL. */
export async function startMetricsGateway(
  metricsAddress: string,
): Promise<{ gateway: RunningComponent; baseUrl: string }> {
  const port = await freePort();
  const gateway = await startComponent('gateway-metrics', {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(port),
    METRICS_ADDRESS: metricsAddress,
    PAGE_TOKEN_SECRET: 'a-test-secret-of-at-least-32-characters',
    LOG_LEVEL: 'warn',
  });
  return { gateway, baseUrl: `http://127.0.0.1:${port}` };
}

/** A GET of gateway-metrics: its status and JSON body (undefined when empty); query values left undefined are left out. */
export async function getMetricsGateway(
  baseUrl: string,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, String(value));
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}
