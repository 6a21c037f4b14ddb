import type { Logger } from '../logger.ts';
import { Semaphore } from './semaphore.ts';
import { backoffDelay, sleep } from './backoff.ts';

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
   * Asked before the call goes to an endpoint, with calls to that same endpoint: undefined to trust its answer,
   * or why not. A node's state only moves forward, so what the check saw still holds when the call is answered.
   * Its calls fail over like the call itself (a transport failure moves on, an UpstreamRpcError is thrown).
   */
  check?: (call: EndpointCall) => Promise<string | undefined>;
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

/** What components call upstream nodes through: an UpstreamClient, or the ChainRoutedUpstream they are given. */
export interface Upstream {
  call<T>(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<T>;
  status(): EndpointStatus[];
  close(): void;
}

export class UpstreamClient implements Upstream {
  private readonly endpoints: Endpoint[];
  private readonly options: Required<UpstreamOptions>;
  private readonly healthTimer: NodeJS.Timeout;
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
  async call<T>(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options: CallOptions = {},
  ): Promise<T> {
    const declined = new Map<Endpoint, string>();
    const passedOver = () => [...declined].map(([e, reason]) => ({ endpoint: e.url, reason }));
    let lastError: unknown;
    let failures = 0;
    while (failures < this.options.attempts) {
      signal?.throwIfAborted();
      const endpoint = this.pick(declined);
      if (!endpoint) {
        throw new UpstreamNotReadyError(
          `upstream ${this.options.name}: ${method}: no endpoint can answer yet: ${describeDeclined(passedOver())}`,
          passedOver(),
        );
      }
      try {
        const reason = await options.check?.((p, m, a) => this.send(endpoint, p, m, a, signal));
        if (reason !== undefined) {
          declined.set(endpoint, reason);
          continue;
        }
        const result = await this.send<T>(endpoint, path, method, params, signal);
        this.markHealthy(endpoint);
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
  }

  /**
   * The first healthy endpoint in priority order that the call has not turned down; when none is healthy, the one
   * that failed least recently. Undefined when the call turned every endpoint down.
   */
  private pick(declined: ReadonlyMap<Endpoint, string>): Endpoint | undefined {
    const open = this.endpoints.filter((e) => !declined.has(e));
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
    signal?: AbortSignal,
  ): Promise<T> {
    const release = await endpoint.slots.acquire(signal);
    try {
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      const response = await fetch(`${endpoint.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.nextRequestId++, method, params }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      if (response.status >= 500 || response.status === 429) {
        throw new Error(`HTTP ${response.status} from ${endpoint.url}${path}`);
      }
      let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new Error(`HTTP ${response.status} from ${endpoint.url}${path}: not a JSON-RPC reply`);
      }
      if (body.error)
        throw new UpstreamRpcError(body.error.code, body.error.message, body.error.data, endpoint.url);
      if (!response.ok || !('result' in body)) {
        throw new Error(`HTTP ${response.status} from ${endpoint.url}${path}: no result`);
      }
      return body.result as T;
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
            const response = await fetch(`${endpoint.url}${this.options.healthPath}`, {
              signal: AbortSignal.timeout(this.options.timeoutMs),
            });
            await response.arrayBuffer();
            if (response.status === 200) this.markHealthy(endpoint);
          } catch {
            // still down; probed again next interval
          }
        }),
    );
  }
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
