import type { Context } from 'koa';
import type Koa from 'koa';
import { apiKeyOf, type Edge } from '../edge/edge.ts';
import { rpcCost, DATA_API_CUS, DEFAULT_WEIGHT_CLASS } from '../edge/limits/weights.ts';
import type { DomainError } from '../runtime/errors.ts';

/**
 * API keys and rate limits on the node APIs. A key travels as on the Data API (`x-data-api-key`,
 * `x-glacier-api-key`) or, for clients that can only set a URL (wallets, `new JsonRpcProvider(url)`), in the query as
 * hosted Avalanche RPC endpoints take it (`?rlyauth=<key>`). An EVM chain's `/rpc` costs what its calls cost (a batch,
 * the sum), once its body is read; every other node API call (one call per request) costs a medium call.
 */
export interface RpcAdmission {
  /** Admits an EVM `/rpc` request whose JSON body is `body`; throws the 401/429 DomainError. */
  admitCalls(ctx: Context, body: string): Promise<void>;
  /** Admits a request to any other node API; throws the 401/429 DomainError. */
  admitRequest(ctx: Context, requestPath: string): Promise<void>;
  requestLogger: Koa.Middleware;
}

const KEY_QUERY_PARAMETER = 'rlyauth';
const FLAT_COST = DATA_API_CUS[DEFAULT_WEIGHT_CLASS];
const MAX_METHODS = 1_000;

export function rpcAdmission(edge: Edge, gethRoute: string): RpcAdmission {
  return {
    async admitCalls(ctx, body) {
      const methods = rpcMethodsOf(body);
      await edge.admit(ctx, rpcApiKeyOf(ctx), {
        requestType: 'rpc',
        requestPath: gethRoute,
        credits: methods.length === 0 ? FLAT_COST : rpcCost(methods),
        ...(methods.length > 0 ? { rpcMethod: methods.length === 1 ? methods[0]! : 'batch' } : {}),
        ...chainOfPath(ctx.path),
      });
    },
    async admitRequest(ctx, requestPath) {
      await edge.admit(ctx, rpcApiKeyOf(ctx), { requestType: 'rpc', requestPath, credits: FLAT_COST });
    },
    requestLogger: edge.requestLogger(),
  };
}

function chainOfPath(path: string): { chainId?: string } {
  const match = /^\/ext\/bc\/([^/]+)\//.exec(path);
  return match ? { chainId: match[1]! } : {};
}

/** The key a node API request carries: a key header, else the `rlyauth` query parameter. */
export function rpcApiKeyOf(ctx: Context): string | undefined {
  const key = apiKeyOf(ctx.headers);
  if (key !== undefined) return key;
  const target = ctx.req.url ?? '';
  if (!target.includes('?')) return undefined;
  const value = ctx.query[KEY_QUERY_PARAMETER];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * The methods a JSON-RPC body calls (a batch's, in order), for its cost. Anything the node would refuse (not JSON,
 * no method) is not a call here and costs nothing beyond the flat cost; the node's own error answers it.
 */
export function rpcMethodsOf(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const messages = Array.isArray(parsed) ? parsed.slice(0, MAX_METHODS) : [parsed];
  const methods: string[] = [];
  for (const message of messages) {
    const method = (message as { method?: unknown } | null)?.method;
    if (typeof method === 'string') methods.push(method);
  }
  return methods;
}

/**
 * A refused node API request, as JSON-RPC clients read one: the HTTP status (401, 429, with the rate-limit headers
 * already set) and a JSON-RPC error (-32005 "limit exceeded" of EIP-1474 for a 429) they surface as it is.
 */
export function answerRefusal(ctx: Context, err: DomainError): boolean {
  if (err.kind !== 'unauthenticated' && err.kind !== 'resource_exhausted') return false;
  const limited = err.kind === 'resource_exhausted';
  ctx.status = limited ? 429 : 401;
  if (limited && err.retryAfterSeconds !== undefined) ctx.set('retry-after', String(err.retryAfterSeconds));
  ctx.type = 'application/json';
  ctx.body = `${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: limited ? -32005 : -32000, message: err.message } })}\n`;
  return true;
}
