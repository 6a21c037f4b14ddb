import { z } from 'zod';
import type { PageTokens } from '../pagination/page-token.ts';
import type { ApiDocument } from './documents.ts';
import { ParamError, parseParams, rendered } from './params.ts';

/**
 * A REST gateway's routes (gateway-data, gateway-metrics): for each, its parameters as zod schemas, the rules that
 * tie parameters together as refinements of the same schema (validation and the OpenAPI document both come from
 * them), and the call to the services that answer it. `S` is what a gateway hands its routes: its gRPC clients and
 * the page tokens.
 */

/** What Koa hands a route: path parameters, the query (arrays for repeated names) and the parsed JSON body. */
export interface RawRequest {
  params: Record<string, string | undefined>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The request's headers (lower-case names), for the few routes that read one (an Idempotency-Key). */
  headers?: Record<string, string | string[] | undefined>;
  /** The scheme, host and port the client addressed, for links back to this gateway. */
  origin?: string;
  /** The API key holder the edge admitted the request for (none: a caller without a key, or no edge). */
  apiKeyId?: string;
}

/** What every gateway's routes are given: at least the page tokens their list calls page with. */
export interface RestServices {
  pageTokens: PageTokens;
}

export interface RestRoute<S extends RestServices> {
  method: 'GET' | 'POST';
  /** The path as the OpenAPI document writes it (`{network}`); colons in it are literal. */
  path: string;
  operationId: string;
  summary: string;
  pathParams: z.ZodRawShape;
  query: z.ZodRawShape;
  body?: z.ZodRawShape;
  /** The rules across parameters, in the words the OpenAPI operation states them. */
  rules: readonly string[];
  /** The status of a success: 200 unless the official document says 201 (the route queues or creates). */
  successStatus?: 200 | 201;
  /**
   * The official document's component names of the success answer (more than one: any of them); none when the
   * success has no body at all.
   */
  responses: readonly string[];
  /**
   * A route the official API document does not have (a legacy route the spec describes in prose): why it is served,
   * and the schema of its answer, which the generated document gives as the component `responses` names.
   */
  extra?: { description: string; response: z.ZodType };
  /** The answer's document, or undefined for an empty body. */
  serve(request: RawRequest, services: S): Promise<ApiDocument | undefined>;
}

/**
 * A rule across a route's parameters, checked once each parameter has parsed. `check` throws the ParamError a
 * failure answers with, so a rule can reuse the functions that turn its parameters into the service's request.
 */
export interface InputRule<I> {
  description: string;
  check: (input: I) => void;
}

interface PagedRequest {
  page_size: number;
  cursor?: string;
}

interface PagedResponse {
  next_cursor: string;
}

/** What a route's handler works with: the gateway's services (its clients), and the paging of its list call. */
export type RestRouteContext<S extends RestServices> = Omit<S, 'pageTokens'> & {
  /** The request's headers and origin (see RawRequest). */
  request: { headers: Record<string, string | string[] | undefined>; origin: string; apiKeyId?: string };
  listPage: <R extends PagedRequest, T extends PagedResponse>(
    pageToken: string | undefined,
    request: R,
    call: (request: R) => Promise<T>,
  ) => Promise<{ response: T; nextPageToken: string | undefined }>;
};

type RouteInput<P extends z.ZodRawShape, Q extends z.ZodRawShape, B extends z.ZodRawShape> = z.output<
  z.ZodObject<P & Q & B>
>;

export type RouteSpec<
  S extends RestServices,
  P extends z.ZodRawShape,
  Q extends z.ZodRawShape,
  B extends z.ZodRawShape,
> = Omit<RestRoute<S>, 'serve' | 'pathParams' | 'query' | 'body' | 'rules'> & {
  pathParams: P;
  query: Q;
  body?: B;
  /** In the order the 400 names them: the first that fails is the one reported. */
  rules?: readonly InputRule<NoInfer<RouteInput<P, Q, B>>>[];
  handle: (input: RouteInput<P, Q, B>, context: RestRouteContext<S>) => Promise<ApiDocument | undefined>;
};

/** A gateway's `defineRoute`, for the services `S` its routes are given. */
export function routeDefiner<S extends RestServices>() {
  return function defineRoute<
    P extends z.ZodRawShape,
    Q extends z.ZodRawShape,
    B extends z.ZodRawShape = Record<never, never>,
  >(spec: RouteSpec<S, P, Q, B>): RestRoute<S> {
    const { handle, rules = [], ...description } = spec;
    const fields = z.object({ ...spec.pathParams, ...spec.query, ...spec.body }) as z.ZodObject<P & Q & B>;
    const schema = fields.superRefine(
      (input, ctx) => {
        for (const rule of rules) {
          try {
            rule.check(input);
          } catch (err) {
            if (!(err instanceof ParamError)) throw err;
            ctx.addIssue({ code: 'custom', path: [err.parameter], message: err.reason });
            return;
          }
        }
      },
      // A parameter's own failure is the one to report, and the rules may assume each parameter parsed.
      { when: (payload) => payload.issues.length === 0 },
    );
    return {
      ...description,
      rules: rules.map((rule) => rule.description),
      serve: (request, services) => {
        const input = {
          ...picked(request.params, spec.pathParams),
          ...picked(request.query, spec.query),
          ...(spec.body ? withoutNulls(picked(jsonObjectBody(request.body, spec.body), spec.body)) : {}),
        };
        const { pageTokens, ...clients } = services;
        const context = {
          ...clients,
          request: {
            headers: request.headers ?? {},
            origin: request.origin ?? '',
            ...(request.apiKeyId ? { apiKeyId: request.apiKeyId } : {}),
          },
          listPage: (pageToken, request, call) =>
            listPage(pageTokens, spec.operationId, pageToken, request, call),
        } as RestRouteContext<S>;
        return handle(parseParams(schema, input), context);
      },
    };
  };
}

/** Only the route's own parameters, so a query parameter cannot stand in for a body member (or the reverse). */
export function picked(source: Record<string, unknown>, shape: z.ZodRawShape): Record<string, unknown> {
  return Object.fromEntries(Object.keys(shape).map((name) => [name, source[name]]));
}

/** A body member that is null is absent, as the real API's validation (`@IsOptional`) takes it. */
function withoutNulls(members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== null));
}

export function jsonObjectBody(body: unknown, shape: z.ZodRawShape): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as Record<string, unknown>;
  const members = Object.keys(shape);
  throw new ParamError(
    members[0] ?? 'body',
    `expected a JSON object body with ${members.join(', ')}, got ${rendered(body)}`,
  );
}

/**
 * One page of a list call: the client's token opens to the service's cursor, and the next cursor goes back as a
 * token. Both are bound to the request the service sees (the normalized query) minus page size and cursor.
 */
async function listPage<R extends PagedRequest, T extends PagedResponse>(
  pageTokens: PageTokens,
  operationId: string,
  pageToken: string | undefined,
  request: R,
  call: (request: R) => Promise<T>,
): Promise<{ response: T; nextPageToken: string | undefined }> {
  const { page_size: _pageSize, cursor: _cursor, ...params } = request;
  const query = { route: operationId, params };
  const cursor = pageTokens.open(query, pageToken);
  const response = await call({ ...request, cursor });
  return { response, nextPageToken: pageTokens.issue(query, response.next_cursor) };
}
