import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { KEY_CHANGES_CHANNEL } from './keys/key-directory.ts';
import { DEFAULT_KEY_TIER, DEFAULT_TIERS, parseTiers } from './limits/tiers.ts';
import { checkApiKeySecret, keyStoreConfig, openKeyStore } from './start-edge.ts';
import type { ApiKeyRecord } from './store/api-keys.ts';

/**
 * `chain-data keys create|list|revoke`: an operator's hands on the API keys. It reads the settings the gateways read
 * (DATABASE_URL, API_KEY_SECRET, RATE_LIMIT_TIERS, REDIS_URL); next to a stack `chain-data up` runs, from the
 * stack.env file `up` writes in CHAIN_DATA_DIR, so `chain-data keys create --name me` just works there.
 */
export const STACK_ENV_FILE = 'stack.env';

const USAGE = `usage: chain-data keys <command>

commands:
  create --name NAME [--tier TIER]   issue a key (shown once) for NAME at TIER (default ${DEFAULT_KEY_TIER})
  list                               list the keys: id, name, tier, created, revoked
  revoke ID                          revoke a key (every gateway refuses it from then on)
`;

export async function runKeysCommand(args: string[], out = process.stdout): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') {
    out.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  const source = { ...(await stackEnv()), ...definedOnly(process.env) };
  const cfg = loadConfig(
    {
      ...keyStoreConfig,
      REDIS_URL: env.url(['redis', 'rediss']).optional(),
      RATE_LIMIT_TIERS: env.parsed('name=perMinute/perDay,...', (text) => parseTiers(text)).optional(),
    },
    source,
  );
  checkApiKeySecret(cfg.API_KEY_SECRET);
  const tiers = cfg.RATE_LIMIT_TIERS ?? [...DEFAULT_TIERS];
  const { pool, store } = await openKeyStore(cfg.DATABASE_URL, cfg.API_KEY_SECRET, 'chain-data-keys');
  try {
    switch (command) {
      case 'create': {
        const { values } = parseArgs({
          args: rest,
          options: { name: { type: 'string' }, tier: { type: 'string', default: DEFAULT_KEY_TIER } },
        });
        if (!values.name?.trim())
          throw new ConfigError('keys create: --name is required (who the key is for)');
        if (!tiers.some((t) => t.name === values.tier))
          throw new ConfigError(
            `keys create: --tier: no tier is named ${JSON.stringify(values.tier)}; the tiers are ${tiers.map((t) => t.name).join(', ')}`,
          );
        const created = await store.create(values.name.trim(), values.tier);
        out.write(
          `id:   ${created.id}\nname: ${created.record.name}\ntier: ${created.record.tier}\nkey:  ${created.key}\n\n` +
            'The key is shown only this once: store it now. Send it as the x-data-api-key header.\n',
        );
        return 0;
      }
      case 'list': {
        out.write(formatKeys(await store.list()));
        return 0;
      }
      case 'revoke': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true });
        const id = positionals[0];
        if (!id) throw new ConfigError('keys revoke: the id of the key to revoke is required');
        const revoked = await store.revoke(id);
        await announceChange(cfg.REDIS_URL, id);
        out.write(`revoked ${revoked.id} (${revoked.name}) at ${revoked.revokedAt!.toISOString()}\n`);
        return 0;
      }
      default:
        throw new ConfigError(`keys: unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
    }
  } finally {
    await pool.end();
  }
}

export function formatKeys(keys: readonly ApiKeyRecord[]): string {
  const rows = [
    ['ID', 'NAME', 'TIER', 'CREATED', 'REVOKED'],
    ...keys.map((k) => [k.id, k.name, k.tier, k.createdAt.toISOString(), k.revokedAt?.toISOString() ?? '-']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map(
      (r) =>
        `${r
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd()}\n`,
    )
    .join('');
}

/** Tells every gateway at once (they cache keys for API_KEY_CACHE_TTL_MS otherwise). */
async function announceChange(redisUrl: string | undefined, id: string): Promise<void> {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.publish(KEY_CHANGES_CHANNEL, id);
  } catch {
    process.stderr.write(
      'chain-data keys: Redis did not answer; gateways see the revocation within their key cache lifetime\n',
    );
  } finally {
    redis.disconnect();
  }
}

/** The settings `chain-data up` wrote for the stack it runs in CHAIN_DATA_DIR, if any. */
async function stackEnv(): Promise<Record<string, string>> {
  const dir = resolve(process.env.CHAIN_DATA_DIR || './.chain-data');
  let text: string;
  try {
    text = await readFile(join(dir, STACK_ENV_FILE), 'utf8');
  } catch {
    return {};
  }
  const settings: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) settings[match[1]!] = match[2]!;
  }
  return settings;
}

function definedOnly(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => !!e[1]));
}
