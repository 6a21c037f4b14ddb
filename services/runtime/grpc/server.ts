import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { asDomainError, toGrpcStatus } from '../errors.ts';
import type { Logger } from '../logger.ts';

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
 * `(request) => Promise<response>`, a server-streaming one `(request, write, signal) => Promise<void>` where
 * `write` honours back-pressure and `signal` fires when the client cancels.
 */
export type AsyncImplementation<H> = {
  // Generated handler interfaces extend grpc's index-signature type; only the named methods are implemented.
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? (request: Req) => Promise<Res>
    : H[K] extends grpc.handleServerStreamingCall<infer Req, infer Res>
      ? (request: Req, write: (message: Res) => Promise<void>, signal: AbortSignal) => Promise<void>
      : never;
};

type AnyAsync = (
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
  for (const [name, handler] of Object.entries(implementation as Record<string, AnyAsync>)) {
    const method = definition[name];
    if (!method) throw new Error(`service has no method ${name}`);
    if (method.requestStream) throw new Error(`client-streaming method ${name} is not supported`);
    adapted[name] = method.responseStream ? serverStream(log, handler) : unary(log, handler);
  }
  return adapted;
}

function unary(log: Logger, handler: AnyAsync): grpc.handleUnaryCall<unknown, unknown> {
  return (call, callback) => {
    handler(call.request, () => Promise.resolve(), new AbortController().signal).then(
      (response) => callback(null, response),
      (err: unknown) => callback(toGrpcStatus(asDomainError(err, log))),
    );
  };
}

function serverStream(log: Logger, handler: AnyAsync): grpc.handleServerStreamingCall<unknown, unknown> {
  return (call) => {
    const abort = new AbortController();
    call.on('cancelled', () => abort.abort());
    const write = (message: unknown) =>
      new Promise<void>((resolve) => {
        if (call.write(message)) resolve();
        else call.once('drain', resolve);
      });
    handler(call.request, write, abort.signal).then(
      () => call.end(),
      (err: unknown) => {
        if (!abort.signal.aborted)
          call.destroy(Object.assign(new Error(), toGrpcStatus(asDomainError(err, log))));
      },
    );
  };
}
