import { context } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { Redis } from 'ioredis';
import type { Gauge, Registry } from 'prom-client';
import { childrenBy, counterIn, gaugeIn } from '../../runtime/telemetry/metrics.ts';
import { LruCache } from '../../runtime/cache/lru.ts';
import type { Logger } from '../../runtime/logger.ts';
import { decide, type Window } from './gcra.ts';
import type { Tier } from './tiers.ts';

/**
 * The limits every replica of every gateway shares: one GCRA decision per request in a Redis script (atomic, on
 * Redis's clock, both windows at once). When Redis cannot answer, the replica keeps serving under the same limits
 * kept in its own memory (fail open, bounded: a caller gets at most its tier per replica), says so in its health and
 * metrics, and goes back to Redis as soon as it answers again.
 */
export interface RateDecision {
  allowed: boolean;
  /** `ratelimit-policy`: every window of the tier. */
  policy: string;
  /** The CUs of the window closest to running out, and what is left of it. */
  limit: number;
  remaining: number;
  /** Seconds until the request could be allowed (refused only). */
  retryAfterSeconds: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Decides a batch of requests in order, each against its own two windows (KEYS 2r+1 and 2r+2; ARGV 3r+1..3r+3: its
 * cost and its minute and day limits), so concurrent requests share one round trip and a caller's requests in one
 * batch see each other's spending. Replicated by effect (Redis 7's default), so TIME is allowed; numbers leave as
 * integers: per request, each window's remaining CUs and retry-after ms, then 1 if allowed.
 */
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local periods = { ${MINUTE_MS}, ${DAY_MS} }
local out = {}
for r = 0, #KEYS / 2 - 1 do
  local cost = tonumber(ARGV[r * 3 + 1])
  local allowed = 1
  local verdicts = {}
  local next = {}
  for w = 1, 2 do
    local period = periods[w]
    local interval = period / tonumber(ARGV[r * 3 + 1 + w])
    local tat = math.max(tonumber(redis.call('GET', KEYS[r * 2 + w])) or now, now)
    local newTat = tat + cost * interval
    if newTat - period > now then
      allowed = 0
      verdicts[w * 2 - 1] = math.max(0, math.floor((now + period - tat) / interval))
      verdicts[w * 2] = math.ceil(newTat - period - now)
    else
      verdicts[w * 2 - 1] = math.floor((now + period - newTat) / interval)
      verdicts[w * 2] = 0
    end
    next[w] = newTat
  end
  if allowed == 1 then
    for w = 1, 2 do
      redis.call('SET', KEYS[r * 2 + w], string.format('%.3f', next[w]), 'PX', math.max(1, math.ceil(next[w] - now)))
    end
  end
  for i = 1, 4 do out[#out + 1] = verdicts[i] end
  out[#out + 1] = allowed
end
return out
`;

/** The most requests one script call decides (a bound on how long Redis runs it). */
const MAX_BATCH = 256;

interface Verdict {
  allowed: boolean;
  windows: { remaining: number; retryAfterMs: number }[];
}

interface PendingSpend {
  subject: string;
  tier: Tier;
  cost: number;
  resolve: (verdict: Verdict) => void;
  reject: (err: unknown) => void;
}

type ScriptedRedis = Redis & {
  chainDataGcra(...args: (string | number)[]): Promise<number[]>;
};

export interface RateLimiterOptions {
  /** Absent: limits are kept per replica only (a stack without Redis). */
  redis?: Redis;
  log: Logger;
  metrics: Registry;
  /** Callers whose local state the replica keeps while Redis is unreachable. */
  localCapacity?: number;
  /** After Redis fails, how long the replica decides alone before asking it again. */
  retryRedisAfterMs?: number;
  now?: () => number;
}

export class RateLimiter {
  private readonly redis: ScriptedRedis | undefined;
  private readonly log: Logger;
  private readonly local: LruCache<string, (number | undefined)[]>;
  private readonly retryRedisAfterMs: number;
  private readonly now: () => number;
  private redisFailedAt: number | undefined;
  private pending: PendingSpend[] = [];
  private readonly decisionsOf: (outcome: string, mode: string, tier: string) => { inc(): void };
  private readonly degraded: Gauge;

  constructor(options: RateLimiterOptions) {
    this.log = options.log;
    this.local = new LruCache(options.localCapacity ?? 100_000);
    this.retryRedisAfterMs = options.retryRedisAfterMs ?? 1_000;
    this.now = options.now ?? Date.now;
    if (options.redis) {
      options.redis.defineCommand('chainDataGcra', { lua: GCRA_SCRIPT });
      this.redis = options.redis as ScriptedRedis;
    }
    const decisions = counterIn(options.metrics, {
      name: 'chain_data_rate_limit_decisions_total',
      help: 'Rate-limit decisions: allowed or refused; mode shared (Redis decided) or local (this replica alone, Redis unreachable)',
      labelNames: ['outcome', 'mode', 'tier'],
    });
    this.decisionsOf = childrenBy((outcome: string, mode: string, tier: string) =>
      decisions.labels({ outcome, mode, tier }),
    );
    this.degraded = gaugeIn(options.metrics, {
      name: 'chain_data_rate_limit_fail_open',
      help: '1 while Redis cannot answer and this replica limits callers alone (per-replica limits)',
      labelNames: [],
    });
    this.degraded.set(0);
  }

  /** Whether limits are currently shared (Redis answers); false while the replica decides alone. */
  get shared(): boolean {
    return this.redis !== undefined && this.redisFailedAt === undefined;
  }

  /** Spends `cost` CUs of `subject`'s budget at `tier`, if the budget has room. */
  async spend(subject: string, tier: Tier, cost: number): Promise<RateDecision> {
    const now = this.now();
    let verdict: Verdict | undefined;
    let mode = 'local';
    if (
      this.redis &&
      (this.redisFailedAt === undefined || now - this.redisFailedAt >= this.retryRedisAfterMs)
    ) {
      try {
        verdict = await this.sharedSpend(subject, tier, cost);
        mode = 'shared';
        if (this.redisFailedAt !== undefined) {
          this.redisFailedAt = undefined;
          this.degraded.set(0);
          this.log.info('Redis answers again: rate limits are shared by every replica again');
        }
      } catch (err) {
        if (this.redisFailedAt === undefined)
          this.log.warn(
            { err: (err as Error).message },
            'Redis cannot answer: rate limits are kept by this replica alone until it can',
          );
        this.redisFailedAt = now;
        this.degraded.set(1);
      }
    }
    if (verdict === undefined) {
      const windows: Window[] = [
        { periodMs: MINUTE_MS, limit: tier.perMinute },
        { periodMs: DAY_MS, limit: tier.perDay },
      ];
      const result = decide(windows, this.local.get(subject) ?? [], cost, now);
      this.local.set(subject, result.tats);
      verdict = result;
    }
    this.decisionsOf(verdict.allowed ? 'allowed' : 'refused', mode, tier.name).inc();
    return describe(tier, verdict);
  }

  /**
   * Queues a decision for Redis: the requests that ask within one turn of the event loop go in one script call
   * (requests arriving on many connections at once are read in the same turn), a round trip and a write shared.
   */
  private sharedSpend(subject: string, tier: Tier, cost: number): Promise<Verdict> {
    return new Promise((resolve, reject) => {
      this.pending.push({ subject, tier, cost, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flushPending());
      else if (this.pending.length >= MAX_BATCH) this.flushPending();
    });
  }

  private flushPending(): void {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const keys: string[] = [];
    const args: number[] = [];
    for (const { subject, tier, cost } of batch) {
      const tag = `chain-data:rl:{${subject}}`;
      keys.push(`${tag}:m`, `${tag}:d`);
      args.push(cost, tier.perMinute, tier.perDay);
    }
    const redis = this.redis!;
    // No span per decision: one a request would cost more than the script, and the request's span says enough.
    context
      .with(suppressTracing(context.active()), () => redis.chainDataGcra(keys.length, ...keys, ...args))
      .then(
        (reply) => {
          batch.forEach((spend, r) => {
            const at = r * 5;
            spend.resolve({
              allowed: reply[at + 4] === 1,
              windows: [
                { remaining: reply[at]!, retryAfterMs: reply[at + 1]! },
                { remaining: reply[at + 2]!, retryAfterMs: reply[at + 3]! },
              ],
            });
          });
        },
        (err: unknown) => {
          for (const spend of batch) spend.reject(err);
        },
      );
  }
}

function describe(
  tier: Tier,
  verdict: { allowed: boolean; windows: { remaining: number; retryAfterMs: number }[] },
): RateDecision {
  const [minute, day] = verdict.windows as [
    { remaining: number; retryAfterMs: number },
    { remaining: number; retryAfterMs: number },
  ];
  // The window the caller will run out of first is the one its client should pace itself by.
  const dayBinds = day.remaining / tier.perDay < minute.remaining / tier.perMinute;
  return {
    allowed: verdict.allowed,
    policy: policyOf(tier),
    limit: dayBinds ? tier.perDay : tier.perMinute,
    remaining: dayBinds ? day.remaining : minute.remaining,
    retryAfterSeconds: Math.ceil(Math.max(minute.retryAfterMs, day.retryAfterMs) / 1000),
  };
}

const policies = new WeakMap<Tier, string>();

/** `ratelimit-policy`, made once per tier. */
function policyOf(tier: Tier): string {
  let policy = policies.get(tier);
  if (policy === undefined) {
    policy = `${tier.perMinute};w=60, ${tier.perDay};w=86400`;
    policies.set(tier, policy);
  }
  return policy;
}
