import { Redis } from 'ioredis';
import type { ComponentContext } from '../runtime/component.ts';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { migrate, readMigrations } from '../runtime/database/migrate.ts';
import { createPool } from '../runtime/database/pool.ts';
import { Edge } from './edge.ts';
import { watchRedis } from '../runtime/telemetry/metrics.ts';
import { keyIdOf } from './keys/api-key.ts';
import { KeyDirectory } from './keys/key-directory.ts';
import { RateLimiter } from './limits/rate-limiter.ts';
import { DEFAULT_KEY_TIER, DEFAULT_TIERS, parseTiers, type Tier } from './limits/tiers.ts';
import { ApiKeyStore } from './store/api-keys.ts';
import { RequestLogWriter } from './store/request-logs.ts';
import { UsageReader } from './store/usage-reader.ts';

const USAGE_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * The edge's settings, read by every gateway (and `chain-data keys`): the database holding keys and the request log,
 * Redis for the shared limits, the secret keys are hashed under, and the tiers.
 */
export const MIN_API_KEY_SECRET_LENGTH = 32;

export const keyStoreConfig = {
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  API_KEY_SECRET: env.text(`a secret of at least ${MIN_API_KEY_SECRET_LENGTH} characters`),
};

export const edgeConfig = {
  DATABASE_URL: keyStoreConfig.DATABASE_URL.optional(),
  API_KEY_SECRET: keyStoreConfig.API_KEY_SECRET.optional(),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  RATE_LIMITS: env.boolean(true),
  RATE_LIMIT_TIERS: env
    .parsed('name=perMinute/perDay,... (e.g. free=8000/2000000)', (text) => parseTiers(text))
    .optional(),
  API_KEY_CACHE_TTL_MS: env.integer(0, 3_600_000, 10_000),
  /** Keys an operator provides (a Secret): `name:tier:key` entries separated by commas or newlines. */
  BOOTSTRAP_API_KEYS: env.text('name:tier:key entries separated by commas or newlines').optional(),
  REQUEST_LOGS: env.boolean(true),
  REQUEST_LOG_RETENTION_DAYS: env.integer(1, 3_650, 30),
  TRUSTED_PROXY_HOPS: env.integer(0, 16, 0),
};

export function checkApiKeySecret(secret: string): void {
  if (secret.length < MIN_API_KEY_SECRET_LENGTH)
    throw new ConfigError(
      `API_KEY_SECRET: expected at least ${MIN_API_KEY_SECRET_LENGTH} characters, got ${secret.length}`,
    );
}

export async function openKeyStore(databaseUrl: string, secret: string, applicationName: string) {
  const pool = createPool(databaseUrl, applicationName, 4);
  await migrate(pool, 'edge', await readMigrations(new URL('./store/migrations', import.meta.url).pathname));
  return { pool, store: new ApiKeyStore(pool, secret) };
}

export interface BootstrapKey {
  name: string;
  tier: string;
  key: string;
}

export function parseBootstrapKeys(text: string, tiers: readonly Tier[]): BootstrapKey[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry, i) => {
      const [name, tier, ...rest] = entry.split(':');
      const key = rest.join(':');
      if (!name || !tier || !key)
        throw new ConfigError(`BOOTSTRAP_API_KEYS: entry ${i + 1}: expected name:tier:key`);
      if (!tiers.some((t) => t.name === tier))
        throw new ConfigError(
          `BOOTSTRAP_API_KEYS: entry ${i + 1} (${name}): no tier is named ${JSON.stringify(tier)}; the tiers are ${tiers.map((t) => t.name).join(', ')}`,
        );
      if (keyIdOf(key) === undefined)
        throw new ConfigError(
          `BOOTSTRAP_API_KEYS: entry ${i + 1} (${name}): a key is 32 to 256 visible ASCII characters`,
        );
      return { name, tier, key };
    });
}

/**
 * The limiter's Redis client: no offline queue and a short command timeout, so while Redis is away a request never
 * waits for it (the limiter decides alone instead); commands of concurrent requests share round trips.
 */
export function limiterRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', () => {});
  return redis;
}

/** The connection a gateway hears revocations on: a subscriber waits for Redis, as the limiter's commands may not. */
export function keyChangesSubscriber(limiter: Redis): Redis {
  const subscriber = limiter.duplicate({
    enableOfflineQueue: true,
    enableAutoPipelining: false,
    commandTimeout: undefined,
  });
  subscriber.on('error', () => {});
  return subscriber;
}

export interface StartedEdge {
  edge: Edge;
  /** What the health routes check of the edge: its database, and Redis when limits are shared through it. */
  healthIndicators: { database: () => Promise<unknown>; cache?: () => Promise<unknown> };
  /** What the usage routes read (every gateway's request log, whether or not this one writes to it). */
  usage: UsageReader;
  trustedProxyHops: number;
}

/**
 * Builds a gateway's edge from its settings, and stops it at shutdown. Without API_KEY_SECRET there is none: the
 * gateway is open (no keys, no limits, no request log), as a gateway run alone for development or tests is; the
 * stack as `chain-data up`, the operator and the chart run it always has one.
 */
export async function startEdge(ctx: ComponentContext): Promise<StartedEdge | undefined> {
  const cfg = loadConfig(edgeConfig);
  if (cfg.API_KEY_SECRET === undefined) {
    ctx.log.warn('API_KEY_SECRET is not set: API keys, rate limits and the request log are off');
    return undefined;
  }
  checkApiKeySecret(cfg.API_KEY_SECRET);
  if (cfg.DATABASE_URL === undefined)
    throw new ConfigError(
      'DATABASE_URL: is required with API_KEY_SECRET (the API keys and the request log live there)',
    );
  const tiers = cfg.RATE_LIMIT_TIERS ?? [...DEFAULT_TIERS];
  if (!tiers.some((t) => t.name === DEFAULT_KEY_TIER))
    throw new ConfigError(`RATE_LIMIT_TIERS: must keep the ${DEFAULT_KEY_TIER} tier`);
  const bootstrapKeys = cfg.BOOTSTRAP_API_KEYS ? parseBootstrapKeys(cfg.BOOTSTRAP_API_KEYS, tiers) : [];
  const { pool, store } = await openKeyStore(
    cfg.DATABASE_URL,
    cfg.API_KEY_SECRET,
    `chain-data-${ctx.name}-edge`,
  );
  ctx.onShutdown('edge database pool', () => pool.end());
  for (const { name, tier, key } of bootstrapKeys) await store.ensure(keyIdOf(key)!, key, name, tier);

  const keys = new KeyDirectory(store, cfg.API_KEY_SECRET, { cacheTtlMs: cfg.API_KEY_CACHE_TTL_MS });
  let redis: Redis | undefined;
  if (cfg.REDIS_URL) {
    redis = limiterRedis(cfg.REDIS_URL);
    watchRedis(ctx.metrics, 'rate-limits', redis);
    const subscriber = keyChangesSubscriber(redis);
    const stopFollowing = await keys.followChanges(subscriber, ctx.log);
    ctx.onShutdown('edge Redis', async () => {
      await stopFollowing();
      subscriber.disconnect();
      redis?.disconnect();
    });
  } else if (cfg.RATE_LIMITS) {
    ctx.log.warn('REDIS_URL is not set: each replica keeps its own rate limits');
  }

  let requestLog: RequestLogWriter | undefined;
  if (cfg.REQUEST_LOGS) {
    requestLog = new RequestLogWriter({
      pool,
      log: ctx.log,
      metrics: ctx.metrics,
      retentionDays: cfg.REQUEST_LOG_RETENTION_DAYS,
    });
    await requestLog.maintainPartitions();
    requestLog.start();
    const log = requestLog;
    ctx.onShutdown('request log', () => log.stop());
  }

  const edge = new Edge({
    keys,
    limiter: cfg.RATE_LIMITS
      ? new RateLimiter({ ...(redis ? { redis } : {}), log: ctx.log, metrics: ctx.metrics })
      : undefined,
    tiers,
    requestLog,
  });
  // Usage queries scan a key's log over a range: a pool of their own, each statement bounded, so a heavy report
  // neither waits behind nor holds up the key lookups and log writes.
  const usagePool = createPool(cfg.DATABASE_URL, `chain-data-${ctx.name}-usage`, 2);
  usagePool.on('connect', (client) => {
    client.query(`SET statement_timeout = ${USAGE_STATEMENT_TIMEOUT_MS}`).catch(() => {});
  });
  ctx.onShutdown('usage database pool', () => usagePool.end());
  const shared = redis;
  return {
    edge,
    usage: new UsageReader(usagePool),
    healthIndicators: {
      database: () => pool.query('SELECT 1'),
      ...(shared ? { cache: () => shared.ping() } : {}),
    },
    trustedProxyHops: cfg.TRUSTED_PROXY_HOPS,
  };
}
