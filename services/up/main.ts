import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { ComponentContext } from '../runtime/component.ts';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { formatChainNodeUrls } from '../runtime/upstream/chain-routing.ts';
import { upstreamConfig } from '../runtime/upstream/config.ts';
import { forkComponent, freePort, spawnProgram, waitForHttpOk } from './processes.ts';
import { Supervisor } from './supervisor.ts';
import { STACK_ENV_FILE } from '../edge/keys-cli.ts';
import { reportCatchUp } from './catch-up-report.ts';

/**
 * `chain-data up`: the whole stack on one machine. Without DATABASE_URL it starts embedded PostgreSQL (data kept
 * in CHAIN_DATA_DIR), without REDIS_URL a local redis-server; then every component as its own process, each
 * checked healthy on its /readyz before the stack reports itself up. A process that dies while the stack runs is
 * started again (Supervisor); every process dies with `up`, however `up` ends (see forkComponent, spawnProgram).
 */
const config = {
  CHAIN_DATA_DIR: env.text('a directory', './.chain-data'),
  DATABASE_URL: env.url(['postgres', 'postgresql']).optional(),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  UPSTREAM_NODE_URLS: upstreamConfig.UPSTREAM_NODE_URLS,
  UPSTREAM_CHAIN_NODE_URLS: upstreamConfig.UPSTREAM_CHAIN_NODE_URLS,
  DEVNET_PORT: env.port(9650),
  GATEWAY_HOST: env.text('a host name or address', '127.0.0.1'),
  GATEWAY_RPC_PORT: env.port(8082),
  GATEWAY_DATA_PORT: env.port(8080),
  GATEWAY_METRICS_PORT: env.port(8090),
  // The network the stack serves; with the devnet, the one it poses as.
  AVALANCHE_NETWORK: env.oneOf(['mainnet', 'fuji'] as const).optional(),
  EVM_CHAINS: env.text('a comma-separated list of C and blockchain ids (cb58)').optional(),
  DEVNET_NETWORK: env.oneOf(['fuji', 'mainnet'] as const, 'fuji'),
  // The devnet generates its history before it reports ready.
  UP_READY_TIMEOUT_MS: env.integer(1_000, 3_600_000, 600_000),
  // A process that exits is restarted after a backoff, doubling from UP_RESTART_BACKOFF_MS up to the max while it
  // does not stay up UP_RESTART_STABLE_MS; UP_RESTART_LIMIT exits within UP_RESTART_WINDOW_MS and `up` gives up.
  UP_RESTART_BACKOFF_MS: env.integer(0, 600_000, 1_000),
  UP_RESTART_BACKOFF_MAX_MS: env.integer(0, 3_600_000, 30_000),
  UP_RESTART_STABLE_MS: env.integer(0, 86_400_000, 60_000),
  UP_RESTART_LIMIT: env.integer(1, 1_000, 5),
  UP_RESTART_WINDOW_MS: env.integer(1_000, 86_400_000, 300_000),
};

export async function startStack(ctx: ComponentContext): Promise<void> {
  const { log } = ctx;
  const cfg = loadConfig(config);
  const dataDir = resolve(cfg.CHAIN_DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const supervisor = new Supervisor({
    log,
    policy: {
      baseMs: cfg.UP_RESTART_BACKOFF_MS,
      maxMs: cfg.UP_RESTART_BACKOFF_MAX_MS,
      stableMs: cfg.UP_RESTART_STABLE_MS,
      limit: cfg.UP_RESTART_LIMIT,
      windowMs: cfg.UP_RESTART_WINDOW_MS,
    },
    giveUp: (reason) => ctx.stop(reason, 1),
    stopTimeoutMs: ctx.shutdownTimeoutMs,
  });
  ctx.onShutdown('stack', () => supervisor.stopAll());
  /** Each component's ops server (/livez, /readyz, /metrics), by process name: what the "stack is up" line reports. */
  const opsUrls = new Map<string, string>();
  /** Starts a component with its own ops port (the same on every restart) and waits until its /readyz answers. */
  const startManaged = async (
    name: string,
    component: string,
    env: Record<string, string>,
    endpoint: string,
  ) => {
    const opsPort = await freePort();
    opsUrls.set(name, `http://127.0.0.1:${opsPort}`);
    await supervisor.start({
      name,
      endpoint,
      spawn: () => forkComponent(component, { ...env, OPS_HOST: '127.0.0.1', OPS_PORT: String(opsPort) }),
      healthy: (child) =>
        waitForHttpOk(
          `http://127.0.0.1:${opsPort}/readyz`,
          cfg.UP_READY_TIMEOUT_MS,
          () => child.exitCode === null && child.signalCode === null,
        ),
    });
  };

  // PostgreSQL
  let databaseUrl = cfg.DATABASE_URL;
  if (!databaseUrl) {
    const port = await freePort();
    await startManaged(
      'postgres (embedded)',
      'embedded-postgres',
      { CHAIN_DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port) },
      `postgres://127.0.0.1:${port} (data in ${dataDir}/postgres)`,
    );
    databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  }

  // Redis
  let redisUrl = cfg.REDIS_URL;
  if (!redisUrl) {
    const redisServer = findProgram('redis-server');
    if (!redisServer) {
      throw new ConfigError(
        'REDIS_URL: is required when redis-server is not installed: install it (Debian/Ubuntu: apt-get install redis-server) or set REDIS_URL=redis://host:port',
      );
    }
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    await supervisor.start({
      name: 'redis (local)',
      endpoint: url,
      spawn: () =>
        spawnProgram(redisServer, [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
        ]),
      healthy: (child) => waitForRedis(url, cfg.UP_READY_TIMEOUT_MS, child),
    });
    redisUrl = url;
  } else {
    await waitForRedis(redisUrl, cfg.UP_READY_TIMEOUT_MS);
  }

  // Upstream: the nodes named, else the devnet.
  let upstreamUrls = cfg.UPSTREAM_NODE_URLS;
  const chainUpstreamUrls = cfg.UPSTREAM_CHAIN_NODE_URLS;
  let network = cfg.AVALANCHE_NETWORK ?? 'mainnet';
  let evmChains = cfg.EVM_CHAINS;
  // Real networks' genesis comes from the environment (GENESIS_CONFIG, passed on as it is); the devnet serves its own.
  let genesisConfig: string | undefined;
  if (!upstreamUrls && !chainUpstreamUrls) {
    network = cfg.DEVNET_NETWORK;
    const port = cfg.DEVNET_PORT === 0 ? await freePort() : cfg.DEVNET_PORT;
    const url = `http://127.0.0.1:${port}`;
    await startManaged(
      'devnet',
      'devnet',
      { HTTP_HOST: '127.0.0.1', HTTP_PORT: String(port) },
      `${url} (a local network; set UPSTREAM_NODE_URLS to follow real nodes instead)`,
    );
    upstreamUrls = [url];
    evmChains ??= await devnetEvmChains(url);
    genesisConfig = new URL('/ext/devnet/genesis', url).href;
  }

  // Components
  const shared = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  // The gateways' edge (API keys): the secret keys are hashed under, kept with the data like the page-token secret,
  // and the settings `chain-data keys` needs to reach the same keys, in stack.env.
  const apiKeySecret = process.env.API_KEY_SECRET || (await fileSecret(dataDir, 'api-key-secret'));
  const edge = { ...shared, API_KEY_SECRET: apiKeySecret };
  await writeFile(
    join(dataDir, STACK_ENV_FILE),
    `# Written by chain-data up: what \`chain-data keys\` reads to reach this stack's keys.\n` +
      Object.entries(edge)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    { mode: 0o600 },
  );
  const upstream = {
    ...(upstreamUrls ? { UPSTREAM_NODE_URLS: upstreamUrls.join(',') } : {}),
    ...(chainUpstreamUrls ? { UPSTREAM_CHAIN_NODE_URLS: formatChainNodeUrls(chainUpstreamUrls) } : {}),
  };
  const describeAll = async (urls: string[]) => (await Promise.all(urls.map(describeUpstream))).join(', ');
  const following = [
    ...(upstreamUrls ? [await describeAll(upstreamUrls)] : []),
    ...(await Promise.all(
      [...(chainUpstreamUrls ?? [])].map(async ([chain, urls]) => `${chain}: ${await describeAll(urls)}`),
    )),
  ];
  const indexerPort = await freePort();
  await startManaged(
    'container-indexer',
    'container-indexer',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${indexerPort}`,
      ...upstream,
    },
    `grpc 127.0.0.1:${indexerPort}, following ${following.join('; ')}`,
  );

  const primaryNetworkPort = await freePort();
  await startManaged(
    'primary-network',
    'primary-network',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${primaryNetworkPort}`,
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
      ...upstream,
      AVALANCHE_NETWORK: network,
      ...(genesisConfig ? { GENESIS_CONFIG: genesisConfig } : {}),
    },
    `grpc 127.0.0.1:${primaryNetworkPort}, projecting the ${network} primary network`,
  );

  const evmDataPort = await freePort();
  await startManaged(
    'evm-data',
    'evm-data',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmDataPort}`,
      ...upstream,
      AVALANCHE_NETWORK: network,
      EVM_CHAINS: evmChains ?? 'C',
    },
    `grpc 127.0.0.1:${evmDataPort}, indexing EVM chains ${evmChains ?? 'C'}`,
  );

  // The Metrics API's rollups, in their own schema of the same PostgreSQL, fed by evm-data's block stream.
  const metricsPort = await freePort();
  await startManaged(
    'metrics',
    'metrics',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${metricsPort}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmDataPort}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryNetworkPort}`,
    },
    `grpc 127.0.0.1:${metricsPort}, rolling up the chains evm-data indexes (hour, day, week, month)`,
  );

  // The Data API's transaction exports: jobs on the stack's Redis, files under the stack's data directory.
  const exportWorkerPort = await freePort();
  await startManaged(
    'export-worker',
    'export-worker',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${exportWorkerPort}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmDataPort}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryNetworkPort}`,
      AVALANCHE_NETWORK: network,
      CHAIN_DATA_DIR: dataDir,
    },
    `grpc 127.0.0.1:${exportWorkerPort}, writing transaction exports (CSV) into ${join(dataDir, 'exports')}`,
  );

  const signatureAggregatorPort = await freePort();
  await startManaged(
    'signature-aggregator',
    'signature-aggregator',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${signatureAggregatorPort}`,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryNetworkPort}`,
      ...upstream,
      AVALANCHE_NETWORK: network,
      CHAIN_DATA_DIR: dataDir,
    },
    `grpc 127.0.0.1:${signatureAggregatorPort}, asking the ${network} validators for Warp signatures as a peer`,
  );

  const gatewayPort = cfg.GATEWAY_RPC_PORT === 0 ? await freePort() : cfg.GATEWAY_RPC_PORT;
  const gatewayUrl = `http://${cfg.GATEWAY_HOST}:${gatewayPort}`;
  const nodeRpcPort = await freePort();
  await startManaged(
    'node-rpc',
    'node-rpc',
    {
      ...shared,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
      ...upstream,
      EVM_CHAINS: evmChains ?? 'C',
    },
    `grpc 127.0.0.1:${nodeRpcPort}, answering node JSON-RPC calls from ${following.join('; ')}`,
  );
  await startManaged(
    'gateway-rpc',
    'gateway-rpc',
    {
      ...edge,
      HTTP_HOST: cfg.GATEWAY_HOST,
      HTTP_PORT: String(gatewayPort),
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
      NODE_RPC_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
    },
    `${gatewayUrl}/ext/index/{C/block,P/block,X/tx,X/block,X/vtx}, ${gatewayUrl}/ext/bc/{C,P,X,…}`,
  );

  const dataPort = cfg.GATEWAY_DATA_PORT === 0 ? await freePort() : cfg.GATEWAY_DATA_PORT;
  const dataUrl = `http://${cfg.GATEWAY_HOST}:${dataPort}`;
  await startManaged(
    'gateway-data',
    'gateway-data',
    {
      ...edge,
      HTTP_HOST: cfg.GATEWAY_HOST,
      HTTP_PORT: String(dataPort),
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${primaryNetworkPort}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmDataPort}`,
      SIGNATURE_AGGREGATOR_ADDRESS: `127.0.0.1:${signatureAggregatorPort}`,
      EXPORT_WORKER_ADDRESS: `127.0.0.1:${exportWorkerPort}`,
      PAGE_TOKEN_SECRET: process.env.PAGE_TOKEN_SECRET || (await fileSecret(dataDir, 'page-token-secret')),
    },
    `${dataUrl}/v1/networks/${network}/blockchains/p-chain/transactions (Data API)`,
  );

  const metricsGatewayPort = cfg.GATEWAY_METRICS_PORT === 0 ? await freePort() : cfg.GATEWAY_METRICS_PORT;
  const metricsGatewayUrl = `http://${cfg.GATEWAY_HOST}:${metricsGatewayPort}`;
  await startManaged(
    'gateway-metrics',
    'gateway-metrics',
    {
      ...edge,
      HTTP_HOST: cfg.GATEWAY_HOST,
      HTTP_PORT: String(metricsGatewayPort),
      METRICS_ADDRESS: `127.0.0.1:${metricsPort}`,
      PAGE_TOKEN_SECRET: process.env.PAGE_TOKEN_SECRET || (await fileSecret(dataDir, 'page-token-secret')),
    },
    `${metricsGatewayUrl}/v2/chains (Metrics API)`,
  );

  supervisor.markRunning();
  const managed = supervisor.list();
  log.info(
    {
      urls: {
        gatewayRpc: gatewayUrl,
        gatewayData: dataUrl,
        gatewayMetrics: metricsGatewayUrl,
        upstream: upstreamUrls,
        chainUpstream: chainUpstreamUrls && Object.fromEntries(chainUpstreamUrls),
      },
      // `ops`: where a process serves /metrics (Prometheus), /livez and /readyz; redis-server has none.
      processes: managed.map((m) => ({
        name: m.name,
        pid: m.pid,
        ...(opsUrls.has(m.name) ? { ops: opsUrls.get(m.name) } : {}),
      })),
    },
    'stack is up',
  );
  const width = Math.max(...managed.map((m) => m.name.length));
  process.stderr.write(
    [
      '',
      'chain-data is up; every process reports healthy:',
      ...managed.map((m) => `  ${m.name.padEnd(width)}  healthy  ${m.endpoint}`),
      '',
      'A process that exits is restarted. Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
  ctx.setReady(true);
  // Until every follower has caught up with the upstream, a line every few seconds says how far each has got.
  const catchUp = new AbortController();
  ctx.onShutdown('catch-up report', () => catchUp.abort());
  void reportCatchUp(
    [...opsUrls].map(([name, opsUrl]) => ({ name, opsUrl })),
    (line) => process.stderr.write(`${line}\n`),
    catchUp.signal,
  );
}

/** A secret generated once and kept in the data directory, so a restarted stack keeps its tokens and keys valid. */
async function fileSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/** The upstream's URL, noting when its health endpoint does not answer (the indexer waits for it meanwhile). */
async function describeUpstream(url: string): Promise<string> {
  try {
    const response = await fetch(new URL('/ext/health', url), { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok ? url : `${url} (unhealthy: HTTP ${response.status})`;
  } catch {
    return `${url} (not answering yet; indexing starts when it does)`;
  }
}

function findProgram(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Waits until Redis at `url` answers PING; with `server`, the local redis-server, failing when it exits first. */
async function waitForRedis(url: string, timeoutMs: number, server?: ChildProcess): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 });
  redis.on('error', () => {}); // refused until redis-server listens; the loop below retries
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        if ((await redis.ping()) === 'PONG') return;
      } catch (err) {
        if (server && (server.exitCode !== null || server.signalCode !== null))
          throw new Error(`redis-server exited before it answered at ${url}`, { cause: err });
        if (Date.now() > deadline)
          throw new Error(
            `Redis at ${url} did not answer within ${timeoutMs} ms: ${(err as Error).message}`,
            { cause: err },
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    redis.disconnect();
  }
}

/** The devnet's EVM chains as evm-data's EVM_CHAINS names them: the C-Chain and the devnet's L1. */
async function devnetEvmChains(devnetUrl: string): Promise<string> {
  const response = await fetch(new URL('/ext/devnet/chains', devnetUrl), {
    signal: AbortSignal.timeout(5_000),
  });
  const chains = (await response.json()) as { l1: { blockchainId: string } };
  return `C,${chains.l1.blockchainId}`;
}
