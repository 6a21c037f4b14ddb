import Koa from 'koa';
import type Router from '@koa/router';
import { asDomainError, DomainError, INTERNAL_ERROR_MESSAGE, toRestError } from '../errors.ts';
import { isClientAbort, readRequestBody } from '../http/request-body.ts';
import { jsonNestingExceeds } from '../http/json-depth.ts';
import { logClientAbort, logKoaErrors } from '../http/koa-errors.ts';
import type { Logger } from '../logger.ts';
import { httpServerSpans } from '../telemetry/http-server-span.ts';
import { httpMetrics } from '../http/http-metrics.ts';
import { trustForwardedFor } from '../http/client-address.ts';
import { ParamError, rendered } from './params.ts';
import type { RestRoute, RestServices } from './route.ts';

/**
 * What the REST gateways (gateway-data, gateway-metrics) share around their routes: every failure leaves as the
 * API's error body `{message, statusCode, error}` (bad parameters as 400s naming the parameter, the services'
 * errors by their gRPC status, anything unexpected as a logged, with its trace id, generic 500), CORS for browsers,
 * a path no route serves answered as the real APIs (NestJS) answer it.
 */
export function createRestApp(options: {
  log: Logger;
  router: Router;
  /** The request headers browsers may send beyond content-type (API key headers). */
  corsHeaders?: readonly string[];
  admission?: RestAdmission;
  /** How many proxies in front of the gateway append X-Forwarded-For (0: the peer is the client). */
  trustedProxyHops?: number;
}): Koa {
  const { log } = options;
  const app = new Koa();
  trustForwardedFor(app, options.trustedProxyHops);
  logKoaErrors(app, log);
  app.use(httpServerSpans());
  app.use(httpMetrics());
  // Outside the error mapping, so what it records is the status the client got.
  if (options.admission?.requestLogger) app.use(options.admission.requestLogger);
  app.use(restErrors(log));
  if (log.isLevelEnabled('debug')) app.use(requestLog(log));
  app.use(cors(options.corsHeaders ?? []));
  app.use(options.router.routes());
  app.use(unknownRoute);
  return app;
}

/** `{network}` becomes `:network`; a literal colon (`rewards:listPending`) is escaped so it stays literal. */
export function koaPathOf(template: string): string {
  return template.replace(/:/g, '\\:').replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Who may call a route, and how much (API keys, rate limits: services/edge). `admit` runs before anything of the
 * request is read and refuses by throwing DomainErrors (401, 403, 429); `requestLogger`, when there is one, wraps
 * every request.
 */
export interface RestAdmission {
  admit(ctx: Koa.Context, route: { operationId: string; path: string }): Promise<unknown> | void;
  requestLogger?: Koa.Middleware;
}

/** Mounts a route; the admission runs before anything of the request is read. */
export function mountRoute<S extends RestServices>(
  router: Router,
  route: RestRoute<S>,
  services: S,
  admission?: RestAdmission,
): void {
  const handler = async (ctx: Koa.Context) => {
    if (admission) await admission.admit(ctx, route);
    const body = route.body ? await readJsonBody(ctx, Object.keys(route.body)[0] ?? 'body') : undefined;
    const document = await route.serve(
      {
        params: ctx.params as Record<string, string>,
        query: ctx.query,
        body,
        headers: ctx.headers,
        origin: `${ctx.protocol}://${ctx.host}`,
        ...(typeof ctx.state.apiKeyId === 'string' ? { apiKeyId: ctx.state.apiKeyId } : {}),
      },
      services,
    );
    // An explicit null is an empty body (no JSON, no content type); it sets 204, so the status comes after.
    ctx.body = document ?? null;
    ctx.status = route.successStatus ?? 200;
  };
  const path = koaPathOf(route.path);
  if (route.method === 'GET') router.get(path, handler);
  else router.post(path, handler);
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The JSON body, or undefined when there is none; errors name `member`, the body's (required) member. As the real
 * API's JSON body parser: only an application/json body is read as JSON (anything else leaves the member missing,
 * a 400), and, beyond it, bodies are bounded in size and nesting before parsing, since the APIs' bodies are flat
 * objects and deeper ones could only exhaust the validator.
 */
async function readJsonBody(ctx: Koa.Context, member: string): Promise<unknown> {
  const bytes = await readRequestBody(ctx, MAX_BODY_BYTES);
  if (bytes === undefined)
    throw new ParamError(member, `the request body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  const contentType = ctx.get('content-type');
  if (!isJsonContentType(contentType))
    throw new ParamError(
      member,
      `expected a JSON body (Content-Type: application/json), got Content-Type ${rendered(contentType)}`,
    );
  if (jsonNestingExceeds(text, MAX_BODY_DEPTH))
    throw new ParamError(member, `expected a JSON body nested at most ${MAX_BODY_DEPTH} levels deep`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ParamError(member, `expected a JSON body with ${member}, got text that is not JSON`);
  }
}

const MAX_BODY_DEPTH = 32;

/** `application/json`, any case, with at most a UTF-8 charset (the only one JSON bodies are read in). */
function isJsonContentType(header: string): boolean {
  const [mediaType, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  return parameters.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}

function restErrors(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (isClientAbort(err)) return logClientAbort(log, ctx, err);
      const requestLog = log.child({ method: ctx.method, path: ctx.path });
      const error = publicError(asDomainError(err, requestLog), requestLog);
      const body = toRestError(error);
      ctx.status = body.statusCode;
      if (error.retryAfterSeconds !== undefined) ctx.set('retry-after', String(error.retryAfterSeconds));
      ctx.body = body;
    }
  };
}

/**
 * The services' own errors (not found, invalid argument) are meant for clients; transport failures are not: their
 * texts name internal addresses, so clients get a generic message and the log gets the details.
 */
function publicError(err: DomainError, log: Logger): DomainError {
  if (err.forClients) return err;
  switch (err.kind) {
    case 'unavailable':
      log.warn({ reason: err.message }, 'a backing service is unavailable');
      return new DomainError('unavailable', 'the data service is unavailable; try again later');
    case 'deadline_exceeded':
      // A 503, not the 504 of the gRPC mapping: the APIs document 503 for a service that cannot answer.
      log.warn({ reason: err.message }, 'a backing service did not answer in time');
      return new DomainError('unavailable', 'the data service did not answer in time; try again later');
    case 'internal':
      if (err.message !== INTERNAL_ERROR_MESSAGE) log.error({ reason: err.message }, 'backing service error');
      return new DomainError('internal', INTERNAL_ERROR_MESSAGE);
    default:
      return err;
  }
}

function requestLog(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    await next();
    log.debug(
      {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: +(performance.now() - started).toFixed(2),
      },
      'request',
    );
  };
}

/** Browsers call the APIs directly (the SDKs run in them), so any origin may, with the key headers. */
function cors(allowedHeaders: readonly string[]): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', ['content-type', ...allowedHeaders].join(', '));
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    await next();
  };
}

/** As the real API (NestJS) answers a path or method it does not serve. */
function unknownRoute(ctx: Koa.Context): void {
  throw new DomainError('not_found', `Cannot ${ctx.method} ${ctx.path}`);
}
