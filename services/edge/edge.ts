import type Koa from 'koa';
import type { RestAdmission } from '../runtime/rest/gateway.ts';
import { DomainError } from '../runtime/errors.ts';
import type { KeyDirectory, KeyHolder } from './keys/key-directory.ts';
import type { RateDecision, RateLimiter } from './limits/rate-limiter.ts';
import { operationCost, type ApiWeights } from './limits/weights.ts';
import { UNAUTHENTICATED_TIER, type Tier } from './limits/tiers.ts';
import type { RequestLogEntry, RequestLogWriter } from './store/request-logs.ts';

/**
 * The edge every gateway puts in front of its routes: who is calling (an API key's holder, or an address without
 * one), what the request costs, whether the caller's tier has room for it (401 for a bad key, 429 past the limit,
 * with the rate-limit headers either way), and a request log entry for the usage routes once it is answered.
 */
export const API_KEY_HEADERS = ['x-data-api-key', 'x-glacier-api-key'] as const;

export interface Caller {
  /** The key's holder; undefined for a caller without a key. */
  holder: KeyHolder | undefined;
  /** What the limits count against: the key, or the client's address. */
  subject: string;
  tier: Tier;
}

export interface EdgeOptions {
  keys: KeyDirectory;
  /** Absent: nothing is limited (RATE_LIMITS=false). */
  limiter: RateLimiter | undefined;
  tiers: readonly Tier[];
  requestLog: RequestLogWriter | undefined;
}

/** What a request admitted by the edge carries to the request log (ctx.state.edge). */
export interface AdmittedRequest {
  caller?: Caller;
  requestType: RequestLogEntry['requestType'];
  requestPath: string;
  credits: number;
  rpcMethod?: string;
  chainId?: string;
}

export class Edge {
  private readonly tiers: Map<string, Tier>;
  private readonly options: EdgeOptions;

  constructor(options: EdgeOptions) {
    this.options = options;
    this.tiers = new Map(options.tiers.map((t) => [t.name, t]));
    if (!this.tiers.has(UNAUTHENTICATED_TIER))
      throw new Error(`the tiers must include ${UNAUTHENTICATED_TIER}`);
  }

  get limiter(): RateLimiter | undefined {
    return this.options.limiter;
  }

  tier(name: string): Tier | undefined {
    return this.tiers.get(name);
  }

  /** The caller when no read is needed (no key, or a key known and checked): most requests, without an await. */
  private knownCaller(apiKey: string | undefined, clientIp: string): Caller | undefined {
    if (apiKey === undefined)
      return { holder: undefined, subject: `ip:${clientIp}`, tier: this.tiers.get(UNAUTHENTICATED_TIER)! };
    const holder = this.options.keys.knownHolderOf(apiKey);
    return holder && this.callerOf(holder);
  }

  private callerOf(holder: KeyHolder): Caller {
    // A key whose tier an operator removed keeps working at the lowest keyed tier rather than failing its holder.
    const tier =
      this.tiers.get(holder.tier) ?? this.tiers.get('free') ?? this.tiers.get(UNAUTHENTICATED_TIER)!;
    return { holder, subject: `key:${holder.id}`, tier };
  }

  /**
   * Admits the request in `ctx` at `credits` CUs: finds its caller, spends the CUs, and sets the rate-limit headers;
   * throws the 401 or 429 DomainError otherwise (the headers are set on a 429 too). The request is logged whatever
   * the outcome (see requestLogger).
   */
  async admit(
    ctx: Koa.Context,
    apiKey: string | undefined,
    /** Kept as the request's log entry (the edge fills in its caller). */
    request: AdmittedRequest,
  ): Promise<Caller> {
    const admitted: AdmittedRequest = request;
    ctx.state.edge = admitted;
    // 401 for a key that is not valid.
    const caller =
      this.knownCaller(apiKey, ctx.ip) ?? this.callerOf(await this.options.keys.holderOf(apiKey!));
    admitted.caller = caller;
    if (caller.holder) ctx.state.apiKeyId = caller.holder.id;
    ctx.state.tier = caller.tier.name;
    const limiter = this.options.limiter;
    if (limiter && request.credits > 0) {
      const decision = await limiter.spend(caller.subject, caller.tier, request.credits);
      setRateLimitHeaders(ctx, decision);
      if (!decision.allowed) {
        const cost = admitted.credits;
        // A refused request spends nothing: its log entry says so.
        admitted.credits = 0;
        throw new DomainError(
          'resource_exhausted',
          `Rate limit exceeded: this request costs ${cost} compute units and the ${caller.tier.name} tier allows ${caller.tier.perMinute} a minute and ${caller.tier.perDay} a day; retry in ${decision.retryAfterSeconds} s`,
          { retryAfterSeconds: decision.retryAfterSeconds },
        );
      }
    }
    return caller;
  }

  /** The admission of a REST gateway's routes: each route costs its operation's CUs. */
  restAdmission(requestType: 'data' | 'metrics', api: ApiWeights): RestAdmission {
    return {
      admit: (ctx, route) => {
        const chainId = (ctx.params as Record<string, string> | undefined)?.chainId;
        const request: AdmittedRequest = {
          requestType,
          requestPath: route.path,
          credits: operationCost(route.operationId, api),
        };
        if (chainId) request.chainId = chainId;
        return this.admit(ctx, apiKeyOf(ctx.headers), request);
      },
      requestLogger: this.requestLogger(),
    };
  }

  /**
   * Outermost Koa middleware: once a request the edge admitted (or refused) is answered, appends its log entry with
   * the status and duration the client saw.
   */
  requestLogger(): Koa.Middleware {
    const requestLog = this.options.requestLog;
    return async (ctx, next) => {
      if (!requestLog) {
        await next();
        return;
      }
      const started = performance.now();
      try {
        await next();
      } finally {
        const admitted = ctx.state.edge as AdmittedRequest | undefined;
        if (admitted) {
          requestLog.append({
            at: new Date(),
            apiKeyId: admitted.caller?.holder?.id,
            clientIp: ctx.ip,
            requestType: admitted.requestType,
            requestPath: admitted.requestPath,
            ...(admitted.rpcMethod ? { rpcMethod: admitted.rpcMethod } : {}),
            ...(admitted.chainId ? { chainId: admitted.chainId } : {}),
            responseCode: ctx.status,
            credits: admitted.credits,
            durationMs: performance.now() - started,
            host: ctx.host,
            userAgent: ctx.get('user-agent'),
          });
        }
      }
    };
  }
}

/** The key a REST request carries in either header. */
export function apiKeyOf(headers: Koa.Context['headers']): string | undefined {
  for (const name of API_KEY_HEADERS) {
    const value = headers[name];
    const key = Array.isArray(value) ? value[0] : value;
    if (key) return key;
  }
  return undefined;
}

export function setRateLimitHeaders(ctx: Koa.Context, decision: RateDecision): void {
  ctx.set('ratelimit-policy', decision.policy);
  ctx.set('ratelimit-limit', String(decision.limit));
  ctx.set('ratelimit-remaining', String(decision.remaining));
  if (!decision.allowed) ctx.set('ratelimit-reset', String(decision.retryAfterSeconds));
}
