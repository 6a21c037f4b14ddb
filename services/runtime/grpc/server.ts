import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { asDomainError, toGrpcStatus } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { serverMethodMetrics, type MethodMetrics } from './call-metrics.ts';
import { callOver, runInCallScope, type CallScope } from './call-scope.ts';

/**
 * A gRPC server with grpc.health.v1 and graceful shutdown: health flips to NOT_SERVING, in-flight calls drain
 * (bounded by a timeout, then cancelled), and only then does the caller close its database and Redis.
 */
export interface GrpcServer {
  port: number;
  setServing(serving: boolean): void;
  shutdown(timeoutMs: number): Promise<void>;
}

export interface ServiceBinding {
  name: string;
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

export async function startGrpcServer(options: {
  address: string;
  services: ServiceBinding[];
  log: Logger;
}): Promise<GrpcServer> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 64 * 1024 * 1024 });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  for (const service of options.services) {
    server.addService(service.definition, service.implementation);
    health.setStatus(service.name, 'NOT_SERVING');
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(options.address, grpc.ServerCredentials.createInsecure(), (err, boundPort) =>
      err ? reject(err) : resolve(boundPort),
    ),
  );
  const setServing = (serving: boolean) => {
    const status = serving ? 'SERVING' : 'NOT_SERVING';
    health.setStatus('', status);
    for (const service of options.services) health.setStatus(service.name, status);
  };
  return {
    port,
    setServing,
    async shutdown(timeoutMs) {
      setServing(false);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          options.log.warn({ timeoutMs }, 'in-flight gRPC calls did not finish in time; cancelling them');
          server.forceShutdown();
          resolve();
        }, timeoutMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/**
 * A service implemented with async functions, typed from the generated handlers interface: a unary method is
 * `(request, signal) => Promise<response>`, a server-streaming one `(request, write, signal) => Promise<void>`
 * where `write` honours back-pressure. `signal` fires when the caller cancels or its deadline passes (or the server
 * shuts down); the handler runs in the call's scope (call-scope.ts), so the queries it makes honour it too.
 */
export type AsyncImplementation<H> = {
  // Generated handler interfaces extend grpc's index-signature type; only the named methods are implemented.
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? (request: Req, signal: AbortSignal) => Promise<Res>
    : H[K] extends grpc.handleServerStreamingCall<infer Req, infer Res>
      ? (request: Req, write: (message: Res) => Promise<void>, signal: AbortSignal) => Promise<void>
      : never;
};

type AnyUnary = (request: unknown, signal: AbortSignal) => Promise<unknown>;
type AnyStreaming = (
  request: unknown,
  write: (message: unknown) => Promise<void>,
  signal: AbortSignal,
) => Promise<unknown>;

/** Adapts async handlers to grpc-js, mapping thrown errors through the one error mapping. */
export function implementService<H>(
  definition: grpc.ServiceDefinition,
  log: Logger,
  implementation: AsyncImplementation<H>,
): grpc.UntypedServiceImplementation {
  const adapted: grpc.UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(implementation as Record<string, AnyUnary & AnyStreaming>)) {
    const method = definition[name];
    if (!method) throw new Error(`service has no method ${name}`);
    if (method.requestStream) throw new Error(`client-streaming method ${name} is not supported`);
    const metrics = serverMethodMetrics(method.path);
    adapted[name] = method.responseStream
      ? serverStream(log, handler, metrics)
      : unary(log, handler, metrics);
  }
  return adapted;
}

/**
 * A signal that fires when the call ends without its handler: grpc-js reports a passed deadline, a cancelling
 * client and a server shutting down alike as 'cancelled'.
 */
/**
 * The call's scope, and its end: grpc-js emits 'cancelled' for every call once its stream closes, answered or not, so
 * the scope stops listening when the handler has settled (aborting then would only make a DOMException per call and
 * wake every listener of the signal, for work that is over).
 */
function callScopeOf(
  call: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>,
): { scope: CallScope; settled: () => void } {
  const abort = new AbortController();
  const cancelled = () => abort.abort();
  call.once('cancelled', cancelled);
  if (call.cancelled) abort.abort();
  const deadline = call.getDeadline();
  return {
    scope: { signal: abort.signal, deadline: deadline instanceof Date ? deadline.getTime() : deadline },
    settled: () => call.off('cancelled', cancelled),
  };
}

/**
 * A failure after the call ended is the call's end showing (its caller has its status), not news to log. The
 * details must be well-formed UTF-16: grpc-js percent-encodes them with encodeURI, which throws (out of the call,
 * taking the process down) on a lone surrogate, and messages may quote what a caller sent.
 */
function statusOf(err: unknown, signal: AbortSignal, log: Logger) {
  const status = toGrpcStatus(signal.aborted ? callOver() : asDomainError(err, log));
  return { ...status, details: status.details?.toWellFormed() };
}

/**
 * The status a call ended with as its caller saw it: grpc-js ended one that was over before its handler with
 * DEADLINE_EXCEEDED or CANCELLED itself, whatever the handler did afterwards.
 */
function endedWith(scope: CallScope, code: grpc.status | undefined): grpc.status {
  if (scope.signal.aborted)
    return Date.now() >= scope.deadline ? grpc.status.DEADLINE_EXCEEDED : grpc.status.CANCELLED;
  return code ?? grpc.status.UNKNOWN;
}

function unary(
  log: Logger,
  handler: AnyUnary,
  metrics: MethodMetrics,
): grpc.handleUnaryCall<unknown, unknown> {
  return (call, callback) => {
    const startedAt = metrics.started();
    const { scope, settled } = callScopeOf(call);
    runInCallScope(scope, () => handler(call.request, scope.signal)).then(
      (response) => {
        settled();
        metrics.ended(startedAt, endedWith(scope, grpc.status.OK));
        callback(null, response);
      },
      (err: unknown) => {
        settled();
        const status = statusOf(err, scope.signal, log);
        metrics.ended(startedAt, endedWith(scope, status.code));
        callback(status);
      },
    );
  };
}

function serverStream(
  log: Logger,
  handler: AnyStreaming,
  metrics: MethodMetrics,
): grpc.handleServerStreamingCall<unknown, unknown> {
  return (call) => {
    const startedAt = metrics.started();
    const { scope, settled } = callScopeOf(call);
    // A write waiting for the client to drain must not wait forever for a client that has gone.
    const write = (message: unknown) =>
      new Promise<void>((resolve, reject) => {
        if (scope.signal.aborted) return reject(callOver());
        if (call.write(message)) return resolve();
        const done = () => {
          call.off('drain', done);
          scope.signal.removeEventListener('abort', done);
          if (scope.signal.aborted) reject(callOver());
          else resolve();
        };
        call.on('drain', done);
        scope.signal.addEventListener('abort', done);
      });
    runInCallScope(scope, () => handler(call.request, write, scope.signal)).then(
      () => {
        settled();
        metrics.ended(startedAt, endedWith(scope, grpc.status.OK));
        call.end();
      },
      // grpc-js sends a stream's status on 'error' (destroying the stream would end it without any).
      (err: unknown) => {
        settled();
        const status = statusOf(err, scope.signal, log);
        metrics.ended(startedAt, endedWith(scope, status.code));
        if (!scope.signal.aborted) call.emit('error', Object.assign(new Error(), status));
      },
    );
  };
}
