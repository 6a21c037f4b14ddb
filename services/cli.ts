import { runComponent, type ComponentContext } from './runtime/component.ts';

/** `chain-data <component>`: every component of the stack runs from this one entry point (and one image). */
const components: Record<
  string,
  { describe: string; load: () => Promise<(ctx: ComponentContext) => Promise<void>> }
> = {
  up: {
    describe:
      'run the whole stack locally (embedded PostgreSQL and a local Redis unless configured otherwise)',
    load: async () => (await import('./up/main.ts')).startStack,
  },
  'container-indexer': {
    describe: 'mirror upstream Index APIs and serve index lookups over gRPC',
    load: async () => (await import('./container-indexer/main.ts')).startContainerIndexer,
  },
  'primary-network': {
    describe: 'project P-, X- and C-Chain containers into primary-network data and serve it over gRPC',
    load: async () => (await import('./primary-network/main.ts')).startPrimaryNetwork,
  },
  'evm-data': {
    describe:
      'index EVM chains (C-Chain and L1s): transactions, transfers, NFTs, contracts, ICM; serve them over gRPC',
    load: async () => (await import('./evm-data/main.ts')).startEvmData,
  },
  metrics: {
    describe:
      'roll up the EVM chains evm-data indexes into hour, day, week and month metrics (the Metrics API data)',
    load: async () => (await import('./metrics/main.ts')).startMetrics,
  },
  'export-worker': {
    describe:
      'run the Data API transaction exports as background jobs (BullMQ) writing CSV files, and serve them over gRPC',
    load: async () => (await import('./export-worker/main.ts')).startExportWorker,
  },
  'node-rpc': {
    describe:
      'serve the node JSON-RPC surface (EVM, platform, X-Chain, info, health) from a pool of nodes over gRPC',
    load: async () => (await import('./node-rpc/main.ts')).startNodeRpc,
  },
  'signature-aggregator': {
    describe:
      'collect Warp signatures from validators over the Avalanche p2p protocol (ACP-118) and aggregate them, over gRPC',
    load: async () => (await import('./signature-aggregator/main.ts')).startSignatureAggregator,
  },
  'gateway-rpc': {
    describe: 'serve the node JSON-RPC and Index APIs over HTTP',
    load: async () => (await import('./gateway-rpc/main.ts')).startRpcGateway,
  },
  'gateway-data': {
    describe: 'serve the Data API (primary network routes) over HTTP',
    load: async () => (await import('./gateway-data/main.ts')).startDataGateway,
  },
  'gateway-metrics': {
    describe: 'serve the Metrics API (EVM chain metrics) over HTTP',
    load: async () => (await import('./gateway-metrics/main.ts')).startMetricsGateway,
  },
  operator: {
    describe: 'reconcile ChainDataStack resources into the running stack on Kubernetes',
    load: async () => (await import('../operator/main.ts')).startOperatorComponent,
  },
  devnet: {
    describe: 'a deterministic local Avalanche network serving the node APIs (for development and tests)',
    load: async () => (await import('./devnet/main.ts')).startDevnet,
  },
  'embedded-postgres': {
    describe: 'serve an embedded PostgreSQL (PGlite) over the PostgreSQL wire protocol',
    load: async () => (await import('./embedded-postgres/main.ts')).startEmbeddedPostgresComponent,
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(components).map((n) => n.length));
  return [
    'usage: chain-data <component>',
    '',
    'components:',
    ...Object.entries(components).map(([name, c]) => `  ${name.padEnd(width)}  ${c.describe}`),
    '',
    'commands:',
    `  ${'keys'.padEnd(width)}  issue, list and revoke API keys (chain-data keys help)`,
    '',
    'Configuration is read from environment variables; see the README.',
    '',
  ].join('\n');
}

const name = process.argv[2];
if (name === 'keys') {
  const { runKeysCommand } = await import('./edge/keys-cli.ts');
  const { ConfigError } = await import('./runtime/config.ts');
  try {
    process.exitCode = await runKeysCommand(process.argv.slice(3));
  } catch (err) {
    if (!(err instanceof ConfigError) && !(err instanceof Error && err.name === 'DomainError')) throw err;
    process.stderr.write(`chain-data keys: ${err.message}\n`);
    process.exitCode = 2;
  }
  await (await import('./runtime/telemetry/bootstrap.ts')).shutdownTelemetry();
  process.exit();
}
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(usage());
  process.exit(name === undefined ? 2 : 0);
}
const component = components[name];
if (!component) {
  process.stderr.write(`chain-data: unknown component ${JSON.stringify(name)}\n\n${usage()}`);
  process.exit(2);
}
await runComponent(name, await component.load());
