import type { Redis } from 'ioredis';
import { LruCache } from '../../runtime/cache/lru.ts';
import { DomainError } from '../../runtime/errors.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { ApiKeyRecord, ApiKeyStore } from '../store/api-keys.ts';
import { keyIdOf, keyMatches } from './api-key.ts';

/**
 * Who a key belongs to, as the gateways need it on every request: records are cached for a few seconds (a key's
 * first request reads the database, the rest do not), and a revocation reaches every replica at once over Redis
 * (`chain-data keys revoke` publishes it; the cache's lifetime bounds it when Redis is not there).
 */
export const KEY_CHANGES_CHANNEL = 'chain-data:api-keys:changed';

export interface KeyHolder {
  id: string;
  name: string;
  tier: string;
}

interface CachedRecord {
  record: ApiKeyRecord | undefined;
  until: number;
}

export class KeyDirectory {
  private readonly cache: LruCache<string, CachedRecord>;
  /** Keys as presented that matched their record, valid while that very cache entry is. */
  private readonly verified: LruCache<string, { id: string; cached: CachedRecord; holder: KeyHolder }>;
  private readonly inFlight = new Map<string, Promise<ApiKeyRecord | undefined>>();

  private readonly store: ApiKeyStore;
  private readonly secret: string;
  private readonly options: { cacheTtlMs: number; capacity?: number; now?: () => number };

  constructor(
    store: ApiKeyStore,
    secret: string,
    options: { cacheTtlMs: number; capacity?: number; now?: () => number },
  ) {
    this.store = store;
    this.secret = secret;
    this.options = options;
    this.cache = new LruCache(options.capacity ?? 100_000);
    this.verified = new LruCache(options.capacity ?? 100_000);
  }

  /**
   * The holder of a key already checked against its record, while that record is cached: no hashing (most of a
   * lookup's cost), no read. Undefined otherwise (holderOf finds out).
   */
  knownHolderOf(key: string): KeyHolder | undefined {
    const verified = this.verified.get(key);
    return verified !== undefined &&
      this.cache.get(verified.id) === verified.cached &&
      verified.cached.until > this.now()
      ? verified.holder
      : undefined;
  }

  /** The holder of `key`; a 401 for a key no record matches, or a revoked one. */
  async holderOf(key: string): Promise<KeyHolder> {
    const known = this.knownHolderOf(key);
    if (known !== undefined) return known;
    const id = keyIdOf(key);
    const record = id === undefined ? undefined : await this.record(id);
    if (!record || !keyMatches(this.secret, key, record.keyHash))
      throw new DomainError('unauthenticated', 'Invalid API key');
    if (record.revokedAt) throw new DomainError('unauthenticated', 'The API key has been revoked');
    const holder = { id: record.id, name: record.name, tier: record.tier };
    const cached = this.cache.get(record.id);
    if (cached?.record === record) this.verified.set(key, { id: record.id, cached, holder });
    return holder;
  }

  /** Forgets what is cached of a key (it was revoked or changed); its verified keys go with its record. */
  forget(id: string): void {
    this.cache.delete(id);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Listens for revocations on Redis; returns the unsubscribe. */
  async followChanges(subscriber: Redis, log: Logger): Promise<() => Promise<void>> {
    subscriber.on('message', (channel: string, id: string) => {
      if (channel === KEY_CHANGES_CHANNEL) this.forget(id);
    });
    // A subscription lost while Redis was away may have missed revocations: start the cache over.
    subscriber.on('ready', () => {
      this.cache.clear();
      this.verified.clear();
    });
    await subscriber.subscribe(KEY_CHANGES_CHANNEL).catch((err: Error) => {
      log.warn(
        { err: err.message },
        'cannot follow API key revocations yet; the key cache lifetime bounds them',
      );
    });
    return async () => {
      await subscriber.unsubscribe(KEY_CHANGES_CHANNEL).catch(() => {});
    };
  }

  private async record(id: string): Promise<ApiKeyRecord | undefined> {
    const now = this.now();
    const cached = this.cache.get(id);
    if (cached && cached.until > now) return cached.record;
    // Concurrent first requests of one key share one read.
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.store.find(id).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    const record = await pending;
    this.cache.set(id, { record, until: now + this.options.cacheTtlMs });
    return record;
  }
}
