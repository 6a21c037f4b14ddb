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

type UnaryHandler<Req, Res> = (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>;

/** Adapts an async handler to grpc-js, mapping thrown errors through the one error mapping. */
export function unary<Req, Res>(log: Logger, handler: UnaryHandler<Req, Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handler(call.request, call).then(
      (response) => callback(null, response),
      (err: unknown) => callback(toGrpcStatus(asDomainError(err, log))),
    );
  };
}

type StreamHandler<Req, Res> = (request: Req, write: (message: Res) => Promise<void>, signal: AbortSignal) => Promise<void>;

/** Adapts an async producer to a server-streaming call, honouring back-pressure and client cancellation. */
export function serverStream<Req, Res>(
  log: Logger,
  handler: StreamHandler<Req, Res>,
): grpc.handleServerStreamingCall<Req, Res> {
  return (call) => {
    const abort = new AbortController();
    call.on('cancelled', () => abort.abort());
    const write = (message: Res) =>
      new Promise<void>((resolve) => {
        if (call.write(message)) resolve();
        else call.once('drain', resolve);
      });
    handler(call.request, write, abort.signal).then(
      () => call.end(),
      (err: unknown) => {
        if (!abort.signal.aborted) call.destroy(Object.assign(new Error(), toGrpcStatus(asDomainError(err, log))));
      },
    );
  };
}
