import { formatTiers } from '../../services/edge/limits/tiers.ts';
import { formatChainNodeUrls } from '../../services/runtime/upstream/chain-routing.ts';
import type { ChainDataStack, EnvVar, SecretKeyRef } from '../api/v1alpha1.ts';
import {
  DEVNET_PORT,
  devnetEnabled,
  grpcAddress,
  OPS_PORT,
  REDIS_PORT,
  type Workload,
} from './components.ts';
import { exportStorageConfig } from './export-storage.ts';
import { childName, type Manifest, metadata } from './manifest.ts';
import type { BuildContext } from './stack.ts';

/** Secrets the operator generates once (random values) and never rewrites. */
export const PAGE_TOKEN_SECRET = { suffix: 'page-token', key: 'secret' } as const;
/** gateway-metrics signs its page tokens with its own key, so neither gateway's lifecycle touches the other's. */
export const METRICS_PAGE_TOKEN_SECRET = { suffix: 'metrics-page-token', key: 'secret' } as const;
/** The gateways that hand out page tokens (PAGE_TOKEN_SECRET), by command, and the Secret each signs them with. */
export const PAGE_TOKEN_SECRETS: Record<string, { suffix: string; key: string }> = {
  'gateway-data': PAGE_TOKEN_SECRET,
  'gateway-metrics': METRICS_PAGE_TOKEN_SECRET,
};
/**
 * The secret every gateway of the stack (and `chain-data keys` in their pods) stores API keys under, as HMAC-SHA256:
 * generated once, never rewritten (another would invalidate every key), and kept as long as the keys are (see
 * apiKeySecretRetained).
 */
export const API_KEY_SECRET = { suffix: 'api-keys', key: 'secret' } as const;
export const POSTGRES_SECRET = { suffix: 'postgres', passwordKey: 'password', dsnKey: 'dsn' } as const;
/** CloudNativePG writes the application user's connection URI into `<cluster>-app`. */
export const CNPG_APP_SECRET_KEY = 'uri';
export const POSTGRES_DATABASE = 'chaindata';

/** The gateways, by command: each runs the edge (API keys, rate limits, the request log). */
const GATEWAY_COMMANDS = new Set(['gateway-rpc', 'gateway-data', 'gateway-metrics']);
/** The components that use the stack's database (DATABASE_URL); the gateways for the edge's schema. */
const DATABASE_COMMANDS = new Set([
  'container-indexer',
  'primary-network',
  'evm-data',
  'metrics',
  'export-worker',
  ...GATEWAY_COMMANDS,
]);
/** The components that use the stack's Redis (REDIS_URL): the job queues, and the gateways' shared limits. */
const REDIS_COMMANDS = new Set(['evm-data', 'export-worker', ...GATEWAY_COMMANDS]);

/** The upstream variables (UPSTREAM_NODE_URLS, UPSTREAM_CHAIN_NODE_URLS) of the components that follow nodes. */
const devnetUrl = (stack: ChainDataStack) => `http://${childName(stack, 'devnet')}:${DEVNET_PORT}`;

export function upstreamConfig(stack: ChainDataStack): Record<string, string> {
  if (devnetEnabled(stack)) return { UPSTREAM_NODE_URLS: devnetUrl(stack) };
  const { nodes, chains } = stack.spec.upstream;
  return {
    ...(nodes && nodes.length > 0 ? { UPSTREAM_NODE_URLS: nodes.join(',') } : {}),
    ...(chains && chains.length > 0
      ? { UPSTREAM_CHAIN_NODE_URLS: formatChainNodeUrls(new Map(chains.map((c) => [c.chain, c.nodes]))) }
      : {}),
  };
}

/** Where primary-network reads the genesis UTXOs: the URL given, else the devnet's own genesis, else nowhere. */
function genesisConfig(stack: ChainDataStack): Record<string, string> {
  const url =
    stack.spec.upstream.genesisUrl ??
    (devnetEnabled(stack) ? `${devnetUrl(stack)}/ext/devnet/genesis` : undefined);
  return url ? { GENESIS_CONFIG: url } : {};
}

function tracingConfig(stack: ChainDataStack): Record<string, string> {
  const tracing = stack.spec.tracing;
  if (!tracing?.otlpEndpoint) return {};
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: tracing.otlpEndpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: tracing.protocol,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: String(tracing.samplingRatio),
  };
}

function redisUrl(stack: ChainDataStack): string | undefined {
  const redis = stack.spec.redis;
  if (redis.managed) return `redis://${childName(stack, 'redis')}:${REDIS_PORT}`;
  return redis.external?.url;
}

/**
 * The origin gateway-data's download links name (its PUBLIC_URL): the spec's, else the first host of gateway-data's
 * Ingress, over https when a TLS entry covers it (an entry without hosts covers them all). Clients reach the
 * gateway there; behind the Ingress it sees plain http and, by itself, would name that scheme. A wildcard host
 * names no origin.
 */
export function downloadLinkOrigin(stack: ChainDataStack): string | undefined {
  const explicit = stack.spec.exportWorker.downloadLinks.origin;
  if (explicit) return explicit;
  const ingress = stack.spec.gateways.gatewayData.ingress;
  const host = ingress.enabled ? ingress.hosts?.[0] : undefined;
  if (!host || host.includes('*')) return undefined;
  const tls = (ingress.tls ?? []).some((entry) => !entry.hosts || entry.hosts.includes(host));
  return `${tls ? 'https' : 'http'}://${host}`;
}

/**
 * How many proxies append to X-Forwarded-For in front of a gateway (TRUSTED_PROXY_HOPS): the spec's, else 1 behind
 * the gateway's own Ingress (its controller appends the client's address) and 0 without one.
 */
export function trustedProxyHops(stack: ChainDataStack, workload: Workload): number {
  const explicit = stack.spec.edge.trustedProxyHops;
  if (explicit !== undefined) return explicit;
  return workload.gateway && stack.spec.gateways[workload.gateway].ingress.enabled ? 1 : 0;
}

/** The edge's settings of a gateway (services/edge/start-edge.ts), from spec.edge; its secrets go by secretEnv. */
export function gatewayEdgeConfig(stack: ChainDataStack, workload: Workload): Record<string, string> {
  const { edge } = stack.spec;
  const redis = redisUrl(stack);
  return {
    ...(redis ? { REDIS_URL: redis } : {}),
    RATE_LIMITS: String(edge.rateLimits),
    ...(edge.tiers && edge.tiers.length > 0 ? { RATE_LIMIT_TIERS: formatTiers(edge.tiers) } : {}),
    ...(edge.keyCacheTtlSeconds !== undefined
      ? { API_KEY_CACHE_TTL_MS: String(edge.keyCacheTtlSeconds * 1000) }
      : {}),
    REQUEST_LOGS: String(edge.requestLogs.enabled),
    REQUEST_LOG_RETENTION_DAYS: String(edge.requestLogs.retentionDays),
    TRUSTED_PROXY_HOPS: String(trustedProxyHops(stack, workload)),
  };
}

/**
 * The component's configuration as the foundation reads it (environment variables, see the README's table): plain
 * values only. Secret values never go here; they reach the pods through secretEnv.
 */
export function renderedConfig(stack: ChainDataStack, workload: Workload): Record<string, string> {
  const { spec } = stack;
  const common = { OPS_PORT: String(OPS_PORT), ...tracingConfig(stack) };
  const upstream = upstreamConfig(stack);
  const grpcListen = `0.0.0.0:${workload.port}`;
  switch (workload.command) {
    case 'devnet':
      return {
        ...common,
        HTTP_HOST: '0.0.0.0',
        HTTP_PORT: String(workload.port),
        DEVNET_NETWORK: spec.network,
        DEVNET_HISTORY_HOURS: String(spec.upstream.devnet?.historyHours ?? 24),
        ...(spec.upstream.devnet?.seed ? { DEVNET_SEED: spec.upstream.devnet.seed } : {}),
      };
    case 'container-indexer':
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        ...upstream,
        INDEX_ENABLED: String(spec.indexer.enabled),
        INDEX_ALLOW_INCOMPLETE: String(spec.indexer.allowIncomplete),
      };
    case 'primary-network':
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        CONTAINER_INDEXER_ADDRESS: grpcAddress(stack, 'containerIndexer'),
        ...upstream,
        AVALANCHE_NETWORK: spec.network,
        ...genesisConfig(stack),
      };
    case 'evm-data': {
      const redis = redisUrl(stack);
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        ...upstream,
        AVALANCHE_NETWORK: spec.network,
        EVM_CHAINS: spec.upstream.evmChains.join(','),
        ...(redis ? { REDIS_URL: redis } : {}),
      };
    }
    case 'export-worker': {
      const redis = redisUrl(stack);
      const exports = spec.exportWorker;
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        EVM_DATA_ADDRESS: grpcAddress(stack, 'evmData'),
        PRIMARY_NETWORK_ADDRESS: grpcAddress(stack, 'primaryNetwork'),
        AVALANCHE_NETWORK: spec.network,
        ...(redis ? { REDIS_URL: redis } : {}),
        ...exportStorageConfig(stack),
        EXPORT_CONCURRENCY: String(exports.concurrency),
        EXPORT_MAX_ROWS: String(exports.maxRows),
        EXPORT_MAX_BYTES: String(exports.maxBytes),
        EXPORT_RETENTION_DAYS: String(exports.retentionDays),
        EXPORT_DOWNLOAD_URL_TTL_SECONDS: String(exports.downloadLinks.ttlSeconds),
      };
    }
    case 'metrics':
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        EVM_DATA_ADDRESS: grpcAddress(stack, 'evmData'),
        PRIMARY_NETWORK_ADDRESS: grpcAddress(stack, 'primaryNetwork'),
      };
    case 'node-rpc':
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        ...upstream,
        EVM_CHAINS: spec.upstream.evmChains.join(','),
        NODE_RPC_BATCH_LIMIT: String(spec.nodeRpc.batchLimit),
        NODE_RPC_DEBUG_ENABLED: String(spec.nodeRpc.debugApi),
        NODE_RPC_HEDGE_AFTER_MS: String(spec.nodeRpc.hedgeAfterMs),
        NODE_RPC_ADMIN_ENABLED: String(spec.nodeRpc.adminApi !== undefined),
      };
    case 'signature-aggregator':
      return {
        ...common,
        GRPC_LISTEN_ADDRESS: grpcListen,
        PRIMARY_NETWORK_ADDRESS: grpcAddress(stack, 'primaryNetwork'),
        ...upstream,
        AVALANCHE_NETWORK: spec.network,
        // Each pod makes its own staking certificate (its own NodeID): two pods sharing one would have a
        // validator drop the second connection as a duplicate.
        SIGNATURE_AGGREGATOR_STAKING_DIR: '/tmp/staking',
        SIGNATURE_AGGREGATOR_BUDGET_MS: String(spec.signatureAggregator.budgetMs),
        SIGNATURE_AGGREGATOR_APP_REQUEST_TIMEOUT_MS: String(spec.signatureAggregator.appRequestTimeoutMs),
      };
    case 'gateway-rpc':
      return {
        ...common,
        HTTP_HOST: '0.0.0.0',
        HTTP_PORT: String(workload.port),
        CONTAINER_INDEXER_ADDRESS: grpcAddress(stack, 'containerIndexer'),
        NODE_RPC_ADDRESS: grpcAddress(stack, 'nodeRpc'),
        ...gatewayEdgeConfig(stack, workload),
      };
    case 'gateway-data': {
      const origin = downloadLinkOrigin(stack);
      return {
        ...common,
        HTTP_HOST: '0.0.0.0',
        HTTP_PORT: String(workload.port),
        PRIMARY_NETWORK_ADDRESS: grpcAddress(stack, 'primaryNetwork'),
        EVM_DATA_ADDRESS: grpcAddress(stack, 'evmData'),
        SIGNATURE_AGGREGATOR_ADDRESS: grpcAddress(stack, 'signatureAggregator'),
        // The aggregator's own budget, plus the hop.
        SIGNATURE_AGGREGATOR_DEADLINE_MS: String(spec.signatureAggregator.budgetMs + 2_000),
        EXPORT_WORKER_ADDRESS: grpcAddress(stack, 'exportWorker'),
        EXPORT_DOWNLOAD_LINK_TTL_SECONDS: String(spec.exportWorker.downloadLinks.ttlSeconds),
        ...(origin ? { PUBLIC_URL: origin } : {}),
        ...gatewayEdgeConfig(stack, workload),
      };
    }
    case 'gateway-metrics':
      return {
        ...common,
        HTTP_HOST: '0.0.0.0',
        HTTP_PORT: String(workload.port),
        METRICS_ADDRESS: grpcAddress(stack, 'metrics'),
        ...gatewayEdgeConfig(stack, workload),
      };
    default:
      throw new Error(`no configuration for workload ${workload.command}`);
  }
}

function fromSecret(name: string, secret: string, key: string): EnvVar {
  return { name, valueFrom: { secretKeyRef: { name: secret, key } } };
}

/** Where the database connection string lives, for each way of providing the database. */
export function databaseSecret(stack: ChainDataStack, context: BuildContext): { name: string; key: string } {
  const database = stack.spec.database;
  if (database.external) return database.external.secretRef;
  if (context.databaseProvider === 'CloudNativePG') {
    return { name: `${childName(stack, 'postgres')}-app`, key: CNPG_APP_SECRET_KEY };
  }
  return { name: childName(stack, POSTGRES_SECRET.suffix), key: POSTGRES_SECRET.dsnKey };
}

/** The object store's access key, as the pods read it: the SDK's own variable names, from the user's Secret. */
export function exportCredentialRefs(stack: ChainDataStack): { variable: string; ref: SecretKeyRef }[] {
  const credentials = stack.spec.exportWorker.storage.s3?.credentialsSecretRef;
  if (!credentials) return [];
  return [
    { variable: 'AWS_ACCESS_KEY_ID', ref: { name: credentials.name, key: credentials.accessKeyIdKey } },
    {
      variable: 'AWS_SECRET_ACCESS_KEY',
      ref: { name: credentials.name, key: credentials.secretAccessKeyKey },
    },
  ];
}

/** The Secret key holding the gateways' bootstrap API keys (spec.edge.bootstrapKeys), if the spec names one. */
export function bootstrapKeysRef(stack: ChainDataStack): SecretKeyRef | undefined {
  const bootstrap = stack.spec.edge.bootstrapKeys;
  return bootstrap ? { name: bootstrap.secretName, key: bootstrap.key } : undefined;
}

/**
 * The keys of the user's own Secrets that pods read: an external database's DSN, an external Redis URL, the admin
 * API's credential, the object store's access key, the gateways' bootstrap API keys.
 */
export function userSecretRefs(stack: ChainDataStack): SecretKeyRef[] {
  const { database, redis, nodeRpc } = stack.spec;
  return [
    database.external?.secretRef,
    redis.external?.secretRef,
    nodeRpc.adminApi?.credentialSecretRef,
    ...exportCredentialRefs(stack).map((c) => c.ref),
    bootstrapKeysRef(stack),
  ].filter((ref): ref is SecretKeyRef => ref !== undefined);
}

/** How BuildContext.secretVersions names a Secret key. */
export const secretKeyId = (ref: SecretKeyRef) => `${ref.name}/${ref.key}`;

/**
 * The versions (BuildContext.secretVersions) of the Secret keys a workload's pods read, in env order; empty when
 * none is versioned.
 */
export function secretVersionsOf(stack: ChainDataStack, workload: Workload, context: BuildContext): string[] {
  return secretEnv(stack, workload, context).flatMap((env) => {
    const ref = env.valueFrom?.secretKeyRef as SecretKeyRef | undefined;
    const version = ref && context.secretVersions?.[secretKeyId(ref)];
    return version ? [version] : [];
  });
}

/**
 * What only the pod knows: the devnet's validators listen as Avalanche peers on the pod's IP and claim it in their
 * Handshake (the signature aggregator dials the addresses they claim; loopback would reach itself).
 */
export function podEnv(workload: Workload): EnvVar[] {
  if (workload.command !== 'devnet') return [];
  return [{ name: 'DEVNET_PEER_HOST', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }];
}

export function secretEnv(stack: ChainDataStack, workload: Workload, context: BuildContext): EnvVar[] {
  const env: EnvVar[] = [];
  if (DATABASE_COMMANDS.has(workload.command)) {
    const secret = databaseSecret(stack, context);
    env.push(fromSecret('DATABASE_URL', secret.name, secret.key));
  }
  const redisSecret = stack.spec.redis.external?.secretRef;
  if (REDIS_COMMANDS.has(workload.command) && redisSecret) {
    env.push(fromSecret('REDIS_URL', redisSecret.name, redisSecret.key));
  }
  if (workload.command === 'export-worker') {
    for (const { variable, ref } of exportCredentialRefs(stack))
      env.push(fromSecret(variable, ref.name, ref.key));
  }
  const adminSecret = stack.spec.nodeRpc.adminApi?.credentialSecretRef;
  if (workload.command === 'gateway-rpc' && adminSecret) {
    env.push(fromSecret('GATEWAY_RPC_ADMIN_TOKEN', adminSecret.name, adminSecret.key));
  }
  const pageTokens = PAGE_TOKEN_SECRETS[workload.command];
  if (pageTokens) {
    env.push(fromSecret('PAGE_TOKEN_SECRET', childName(stack, pageTokens.suffix), pageTokens.key));
  }
  if (GATEWAY_COMMANDS.has(workload.command)) {
    env.push(fromSecret('API_KEY_SECRET', childName(stack, API_KEY_SECRET.suffix), API_KEY_SECRET.key));
    const bootstrap = bootstrapKeysRef(stack);
    if (bootstrap) env.push(fromSecret('BOOTSTRAP_API_KEYS', bootstrap.name, bootstrap.key));
  }
  return env;
}

export function buildConfigMap(stack: ChainDataStack, workload: Workload): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: metadata(stack, workload.name),
    data: renderedConfig(stack, workload),
  };
}
