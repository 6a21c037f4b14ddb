import type { Logger } from '../logger.ts';
import { Semaphore } from './semaphore.ts';
import { backoffDelay, sleep } from './backoff.ts';
import { HttpTransport } from './http-transport.ts';

/**
 * The one way components reach upstream nodes: JSON-RPC over HTTP to a list of endpoints (node base URLs) in
 * priority order. A call goes to the first healthy endpoint; a transport failure, a timeout, a 5xx or 429, or any reply
 * that is not JSON-RPC (such as a 404 from a node without that API) marks that endpoint
 * unhealthy and the call moves on to the next one after a jittered backoff. Unhealthy endpoints are probed in the
 * background (GET <healthPath>, 200 = healthy) and return to service when they answer. Each endpoint has its own
 * concurrency limit. An error the node answers with (a JSON-RPC error object) is the node's answer, not a failure:
 * it is thrown as UpstreamRpcError without retrying. A call may also say which endpoints' answers it trusts (a `check`
 * run on the endpoint first, e.g. whether the node has reached a height): an endpoint turned down by the check is
 * passed over for this call only, without being marked unhealthy.
 */
export interface UpstreamOptions {
  name: string;
  urls: string[];
  log: Logger;
  timeoutMs?: number;
  maxConcurrency?: number;
  /** Attempts per call across all endpoints before giving up with UpstreamUnavailableError. */
  attempts?: number;
  healthPath?: string;
  healthIntervalMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export class UpstreamRpcError extends Error {
  override name = 'UpstreamRpcError';
  readonly code: number;
  readonly data: unknown;
  readonly endpoint: string;
  constructor(code: number, message: string, data: unknown, endpoint: string) {
    super(message);
    this.code = code;
    this.data = data;
    this.endpoint = endpoint;
  }
}

export class UpstreamUnavailableError extends Error {
  override name = 'UpstreamUnavailableError';
}

/** A node's HTTP reply, passed on as it came. */
export interface ForwardedReply {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Why an endpoint's answer was not trusted, as its call's check said. */
export interface DeclinedEndpoint {
  endpoint: string;
  reason: string;
}

/**
 * Every endpoint was turned down by the call's check: none can give an answer to trust yet (a node behind the height
 * asked about). Not a failure of any endpoint; the caller waits and asks again.
 */
export class UpstreamNotReadyError extends Error {
  override name = 'UpstreamNotReadyError';
  readonly declined: DeclinedEndpoint[];
  constructor(message: string, declined: DeclinedEndpoint[]) {
    super(message);
    this.declined = declined;
  }
}

/** A call to the one endpoint a check is looking at. */
export type EndpointCall = <T>(path: string, method: string, params: unknown) => Promise<T>;

export interface CallOptions {
  /**
   * False for a call that changes state (issuing a transaction): once it may have reached a node, a failure is not
   * retried on another, which could act on it a second time. Only a connection that was never made moves on.
   */
  idempotent?: boolean;
  /**
   * Asked before the call goes to an endpoint, with calls to that same endpoint: undefined to trust its answer,
   * or why not. A node's state only moves forward, so what the check saw still holds when the call is answered.
   * Its calls fail over like the call itself (a transport failure moves on, an UpstreamRpcError is thrown).
   */
  check?: (call: EndpointCall) => Promise<string | undefined>;
  /**
   * Only this node (a base URL as `candidates` gives it) may answer: for state that lives on one node, such as a
   * filter. The call is retried there, never moved to another node.
   */
  node?: string;
  /** Told which node answered (its base URL): where later calls about state the call made there must go. */
  answeredBy?: (node: string) => void;
}

interface Endpoint {
  url: string;
  healthy: boolean;
  consecutiveFailures: number;
  slots: Semaphore;
}

export interface EndpointStatus {
  url: string;
  healthy: boolean;
  consecutiveFailures: number;
  inFlight: number;
}

/** One call of a JSON-RPC batch. */
export interface BatchCall {
  method: string;
  params: unknown;
}

/** What a node answered one call of a batch. */
export type BatchOutcome = { result: unknown } | { error: UpstreamRpcError };

/** The code of the error a call of a batch gets when the node's reply has no answer for it (not a node's code). */
export const BATCH_UNANSWERED = -32099;
/** The code of the error a whole batch gets when a node refuses it with an HTTP error and no JSON-RPC reply. */
export const BATCH_REFUSED = -32098;
/** geth's code for a call of a batch past its batch-response-max-size (asked alone, it fits). */
const RESPONSE_TOO_LARGE = -32003;

/**
 * Whether a call of a batch went unanswered for the batch's sake (left out of the reply, or cut for the reply's
 * size) rather than for its own: not an answer, and asked alone it may have one.
 */
export function unansweredInBatch(outcome: BatchOutcome): boolean {
  return (
    'error' in outcome &&
    (outcome.error.code === BATCH_UNANSWERED || outcome.error.code === RESPONSE_TOO_LARGE)
  );
}

/** What components call upstream nodes through: an UpstreamClient, or the ChainRoutedUpstream they are given. */
export interface Upstream {
  call<T>(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<T>;
  /** As `call`, but the result is the node's JSON text of it, unparsed: what a proxy passes on byte for byte. */
  callRaw(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<string>;
  /**
   * Calls in one JSON-RPC batch (one HTTP request, to one node) and each one's outcome in order: its result, or the
   * node's error for it. Fails over as `call` does; a node's error for one call is that call's outcome, not a
   * failure. A call the node left unanswered (a reply cut short) has the error BATCH_UNANSWERED. A node refusing
   * the batch itself (batches turned off, or too many calls in one) is answered with the UpstreamRpcError it gave:
   * the caller may ask the same calls one by one.
   */
  batch(
    path: string,
    calls: BatchCall[],
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<BatchOutcome[]>;
  /** The base URLs of the nodes a call to `path` may go to, healthy ones first, each group in priority order. */
  candidates(path: string): string[];
  /** Marks a node failed for a failure seen outside a call (a broken WebSocket). */
  reportFailure(url: string, err: unknown): void;
  /** Posts a body as it is and returns the node's HTTP reply as it is (see UpstreamClient.forward). */
  forward(
    path: string,
    body: string | undefined,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<ForwardedReply>;
  status(): EndpointStatus[];
  close(): void;
}

export class UpstreamClient implements Upstream {
  private readonly endpoints: Endpoint[];
  private readonly options: Required<UpstreamOptions>;
  private readonly healthTimer: NodeJS.Timeout;
  private readonly http = new HttpTransport();
  private nextRequestId = 1;

  constructor(options: UpstreamOptions) {
    if (options.urls.length === 0) throw new Error(`upstream ${options.name}: no endpoints configured`);
    this.options = {
      timeoutMs: 10_000,
      maxConcurrency: 16,
      attempts: 4,
      healthPath: '/ext/health',
      healthIntervalMs: 2_000,
      backoffBaseMs: 100,
      backoffMaxMs: 5_000,
      ...options,
    };
    this.endpoints = options.urls.map((url) => ({
      url: url.replace(/\/+$/, ''),
      healthy: true,
      consecutiveFailures: 0,
      slots: new Semaphore(this.options.maxConcurrency),
    }));
    this.healthTimer = setInterval(() => void this.probeUnhealthy(), this.options.healthIntervalMs);
    this.healthTimer.unref();
  }

  /** Calls `method` at `path` (e.g. `/ext/index/P/block`) and returns its result. */
  call<T>(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options: CallOptions = {},
  ): Promise<T> {
    return this.attempt(method, signal, options, (endpoint) =>
      this.send(endpoint, path, method, params, signal, (text) => parseResult<T>(text), resends(options)),
    );
  }

  callRaw(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options: CallOptions = {},
  ): Promise<string> {
    return this.attempt(method, signal, options, (endpoint) =>
      this.send(endpoint, path, method, params, signal, rawResult, resends(options)),
    );
  }

  batch(
    path: string,
    calls: BatchCall[],
    signal?: AbortSignal,
    options: CallOptions = {},
  ): Promise<BatchOutcome[]> {
    const method = `a batch of ${calls.length} calls`;
    return this.attempt(method, signal, options, async (endpoint) => {
      const firstId = this.nextRequestId;
      this.nextRequestId += calls.length;
      const body = JSON.stringify(
        calls.map((c, i) => ({ jsonrpc: '2.0', id: firstId + i, method: c.method, params: c.params })),
      );
      const { status, text } = await this.exchange(endpoint, path, body, signal, resends(options));
      const replies = parseBatchReplies(text, firstId, calls.length, endpoint.url);
      if (replies === undefined && status >= 400) {
        // A 4xx (5xx and 429 are failures) is the node refusing the batch itself, its size or batches at all: its
        // answer, not its failure; a caller may ask the same calls one by one.
        throw new UpstreamRpcError(
          BATCH_REFUSED,
          `HTTP ${status}: ${text.slice(0, 200)}`,
          undefined,
          endpoint.url,
        );
      }
      if (replies === undefined)
        throw new Error(`HTTP ${status} from ${endpoint.url}${path}: not a JSON-RPC batch reply`);
      // A whole batch refused is the node's answer, not its failure.
      if (replies instanceof UpstreamRpcError) throw replies;
      return replies;
    });
  }

  /**
   * Posts `body` to `path` as it is and returns the node's reply as it is (any status below 500 but 429 is an answer,
   * a 404 included): for an API whose replies a proxy passes on byte for byte. Fails over like `call`.
   */
  forward(
    path: string,
    body: string | undefined,
    signal?: AbortSignal,
    options: CallOptions = {},
  ): Promise<ForwardedReply> {
    return this.attempt(path, signal, options, (endpoint) =>
      this.post(endpoint, path, body, signal, resends(options)),
    );
  }

  /** Runs `exchange` on endpoints in turn (see the class comment) until one answers. */
  private async attempt<T>(
    method: string,
    signal: AbortSignal | undefined,
    options: CallOptions,
    exchange: (endpoint: Endpoint) => Promise<T>,
  ): Promise<T> {
    const declined = new Map<Endpoint, string>();
    const passedOver = () => [...declined].map(([e, reason]) => ({ endpoint: e.url, reason }));
    let lastError: unknown;
    let failures = 0;
    while (failures < this.options.attempts) {
      signal?.throwIfAborted();
      const endpoint = this.pick(declined, options.node);
      if (!endpoint && options.node !== undefined)
        throw new UpstreamUnavailableError(
          `upstream ${this.options.name}: ${method}: no node ${options.node}`,
        );
      if (!endpoint) {
        throw new UpstreamNotReadyError(
          `upstream ${this.options.name}: ${method}: no endpoint can answer yet: ${describeDeclined(passedOver())}`,
          passedOver(),
        );
      }
      try {
        const reason = await options.check?.((p, m, a) =>
          this.send(endpoint, p, m, a, signal, (text) => parseResult(text), true),
        );
        if (reason !== undefined) {
          declined.set(endpoint, reason);
          continue;
        }
        const result = await exchange(endpoint);
        this.markHealthy(endpoint);
        options.answeredBy?.(endpoint.url);
        return result;
      } catch (err) {
        if (err instanceof UpstreamRpcError) {
          this.markHealthy(endpoint);
          throw err;
        }
        if (signal?.aborted) throw err;
        lastError = err;
        this.markFailed(endpoint, err);
        failures++;
        if (options.idempotent === false && !neverConnected(err)) {
          throw new UpstreamUnavailableError(
            `upstream ${this.options.name}: ${method} failed at ${endpoint.url} and is not retried (it may have been acted on): ${describe(err)}`,
          );
        }
        if (failures < this.options.attempts)
          await sleep(
            backoffDelay(failures - 1, this.options.backoffBaseMs, this.options.backoffMaxMs),
            signal,
          );
      }
    }
    throw new UpstreamUnavailableError(
      `upstream ${this.options.name}: ${method} failed after ${this.options.attempts} attempts: ${describe(lastError)}` +
        (declined.size > 0 ? `; passed over: ${describeDeclined(passedOver())}` : ''),
    );
  }

  candidates(): string[] {
    return [...this.endpoints.filter((e) => e.healthy), ...this.endpoints.filter((e) => !e.healthy)].map(
      (e) => e.url,
    );
  }

  /** Reports a failure seen outside a call (a broken WebSocket): the node is probed until it answers again. */
  reportFailure(url: string, err: unknown): void {
    const endpoint = this.endpoints.find((e) => e.url === url);
    if (endpoint) this.markFailed(endpoint, err);
  }

  status(): EndpointStatus[] {
    return this.endpoints.map((e) => ({
      url: e.url,
      healthy: e.healthy,
      consecutiveFailures: e.consecutiveFailures,
      inFlight: e.slots.inUse,
    }));
  }

  close(): void {
    clearInterval(this.healthTimer);
    this.http.close();
  }

  /**
   * The first healthy endpoint in priority order that the call has not turned down (among `only`, when the call
   * must go there); when none is healthy, the one that failed least recently. Undefined when there is none.
   */
  private pick(declined: ReadonlyMap<Endpoint, string>, only?: string): Endpoint | undefined {
    const open = this.endpoints.filter((e) => !declined.has(e) && (only === undefined || e.url === only));
    return (
      open.find((e) => e.healthy) ??
      open.reduce<Endpoint | undefined>(
        (best, e) => (best === undefined || e.consecutiveFailures < best.consecutiveFailures ? e : best),
        undefined,
      )
    );
  }

  private async send<T>(
    endpoint: Endpoint,
    path: string,
    method: string,
    params: unknown,
    signal: AbortSignal | undefined,
    read: ReadResult<T>,
    resend: boolean,
  ): Promise<T> {
    const id = this.nextRequestId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const { status, text } = await this.exchange(endpoint, path, body, signal, resend);
    const reply = read(text, id);
    if (reply === undefined) {
      throw new Error(`HTTP ${status} from ${endpoint.url}${path}: not a JSON-RPC reply`);
    }
    if ('error' in reply) {
      const { code, message, data } = reply.error;
      throw new UpstreamRpcError(code, message, data, endpoint.url);
    }
    if (status < 200 || status > 299)
      throw new Error(`HTTP ${status} from ${endpoint.url}${path}: no result`);
    return reply.result;
  }

  /** Posts a JSON-RPC body within the endpoint's concurrency limit; a 5xx or 429 is the endpoint's failure. */
  private async exchange(
    endpoint: Endpoint,
    path: string,
    body: string,
    signal: AbortSignal | undefined,
    resend: boolean,
  ): Promise<{ status: number; text: string }> {
    const reply = await this.post(endpoint, path, body, signal, resend);
    return { status: reply.status, text: reply.body.toString('utf8') };
  }

  /**
   * A request within the endpoint's concurrency limit (a POST of `body`, or a GET without one); `resend` says whether
   * it may be sent again when a kept-alive connection turns out closed (see HttpTransport).
   */
  private async post(
    endpoint: Endpoint,
    path: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
    resend: boolean,
  ): Promise<ForwardedReply> {
    const release = await endpoint.slots.acquire(signal);
    try {
      const {
        status,
        headers,
        body: reply,
      } = await this.http.request(`${endpoint.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        body,
        timeoutMs: this.options.timeoutMs,
        signal,
        resendOnStaleConnection: resend,
      });
      if (status >= 500 || status === 429) throw new Error(`HTTP ${status} from ${endpoint.url}${path}`);
      return { status, contentType: headers['content-type'] ?? '', body: reply };
    } finally {
      release();
    }
  }

  private markHealthy(endpoint: Endpoint): void {
    if (!endpoint.healthy)
      this.options.log.info(
        { upstream: this.options.name, endpoint: endpoint.url },
        'upstream endpoint recovered',
      );
    endpoint.healthy = true;
    endpoint.consecutiveFailures = 0;
  }

  private markFailed(endpoint: Endpoint, err: unknown): void {
    endpoint.consecutiveFailures++;
    if (endpoint.healthy) {
      this.options.log.warn(
        { upstream: this.options.name, endpoint: endpoint.url, error: describe(err) },
        'upstream endpoint failed',
      );
    }
    endpoint.healthy = false;
  }

  private async probeUnhealthy(): Promise<void> {
    await Promise.all(
      this.endpoints
        .filter((e) => !e.healthy)
        .map(async (endpoint) => {
          try {
            const { status } = await this.http.request(`${endpoint.url}${this.options.healthPath}`, {
              method: 'GET',
              timeoutMs: this.options.timeoutMs,
              resendOnStaleConnection: true,
            });
            if (status === 200) this.markHealthy(endpoint);
          } catch {
            // still down; probed again next interval
          }
        }),
    );
  }
}

type RpcErrorObject = { code: number; message: string; data?: unknown };
/** A node's reply read one way or another: its result, its error, or undefined when it is no JSON-RPC reply. */
type ReadResult<T> = (text: string, id: number) => { result: T } | { error: RpcErrorObject } | undefined;

function parseResult<T>(text: string): { result: T } | { error: RpcErrorObject } | undefined {
  let body: { result?: T; error?: RpcErrorObject };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  if (body.error) return { error: body.error };
  return 'result' in body ? { result: body.result as T } : undefined;
}

/** JSON-RPC's code for a request that is not a valid request object: what geth answers a batch past its limit. */
const INVALID_REQUEST = -32600;

/**
 * A batch reply's outcomes in call order (calls numbered from `firstId`), matched by id since a node may answer in
 * any order; the whole batch refused, as an UpstreamRpcError; undefined when it is neither. A node refuses a batch
 * with a single error object, or with an array of one error that answers no call (a null id) or says the request
 * itself is invalid (geth past its batch-request-limit answers "batch too large" with the first call's id): either
 * way no call of the batch was run, and the node's answer to the next batch will be the same.
 */
function parseBatchReplies(
  text: string,
  firstId: number,
  count: number,
  endpoint: string,
): BatchOutcome[] | UpstreamRpcError | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const refusal = (reply: unknown) => {
    const { id, error } = (reply ?? {}) as { id?: unknown; error?: RpcErrorObject };
    return error && (id === null || id === undefined || error.code === INVALID_REQUEST)
      ? new UpstreamRpcError(error.code, error.message, error.data, endpoint)
      : undefined;
  };
  if (!Array.isArray(body)) {
    const error = (body as { error?: RpcErrorObject } | null)?.error;
    return error ? new UpstreamRpcError(error.code, error.message, error.data, endpoint) : undefined;
  }
  if (body.length === 1) {
    const refused = refusal(body[0]);
    if (refused) return refused;
  }
  const outcomes = Array.from({ length: count }, (): BatchOutcome | undefined => undefined);
  for (const reply of body as { id?: unknown; result?: unknown; error?: RpcErrorObject }[]) {
    if (typeof reply !== 'object' || reply === null) return undefined;
    const index = typeof reply.id === 'number' ? reply.id - firstId : -1;
    if (index < 0 || index >= count) continue;
    if (reply.error) {
      const { code, message, data } = reply.error;
      outcomes[index] = { error: new UpstreamRpcError(code, message, data, endpoint) };
    } else if ('result' in reply) outcomes[index] = { result: reply.result };
  }
  return outcomes.map(
    (o) =>
      o ?? {
        error: new UpstreamRpcError(
          BATCH_UNANSWERED,
          'the node did not answer this call of the batch',
          undefined,
          endpoint,
        ),
      },
  );
}

/**
 * The result's JSON text as the node wrote it. Nodes write `{"jsonrpc":"2.0","id":<id>,"result":…}` (geth and
 * gorilla alike), so the text is cut out without parsing a large answer; any other layout is parsed, keeping every
 * number as written (uint64s exceed what a double holds).
 */
function rawResult(text: string, id: number): { result: string } | { error: RpcErrorObject } | undefined {
  const end = text.trimEnd();
  const gethHead = `{"jsonrpc":"2.0","id":${id},"result":`;
  if (text.startsWith(gethHead) && end.endsWith('}')) return { result: end.slice(gethHead.length, -1) };
  // gorilla/rpc's json2 writes the result before the id.
  const gorillaTail = `,"id":${id}}`;
  if (text.startsWith(GORILLA_HEAD) && end.endsWith(gorillaTail)) {
    return { result: end.slice(GORILLA_HEAD.length, -gorillaTail.length) };
  }
  let body: { result?: unknown; error?: RpcErrorObject };
  try {
    body = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
      typeof value === 'number' && context?.source !== undefined ? rawJson(context.source) : value,
    ) as typeof body;
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  if (body.error) return { error: JSON.parse(JSON.stringify(body.error)) as RpcErrorObject };
  return 'result' in body ? { result: JSON.stringify(body.result) } : undefined;
}

const GORILLA_HEAD = '{"jsonrpc":"2.0","result":';

/** JSON.rawJSON (Node 21+; not yet in TypeScript's lib): a value JSON.stringify writes as the given text. */
const rawJson = (text: string): unknown =>
  (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(text);

/** Whether a request may be sent again on a new connection when its kept-alive one was closed under it. */
const resends = (options: CallOptions) => options.idempotent !== false;

/** A failure that happened before any byte of the request could reach a node. */
function neverConnected(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH';
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

function describeDeclined(declined: DeclinedEndpoint[]): string {
  return declined.map((d) => `${d.endpoint} (${d.reason})`).join(', ');
}
