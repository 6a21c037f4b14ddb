import * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import { fromGrpcError, isServiceError } from '../errors.ts';
import { clientMethodMetrics, type MethodMetrics } from './call-metrics.ts';

/**
 * gRPC clients as promises and async iterables. Every call carries a deadline; a failed call rejects with the
 * DomainError its status maps to. Methods are typed from the generated service definition, which does not tell
 * unary from streaming methods: at run time `unary` holds only the unary ones and `streaming` only the
 * server-streaming ones.
 */
export type UnaryClient<D> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the serialize side's types do not matter here
  [K in keyof D]: D[K] extends MethodDefinition<infer Req, any, any, infer Res>
    ? (request: Req) => Promise<Res>
    : never;
};

/** Server-streaming methods as async iterables; breaking off the iteration cancels the call. */
export type StreamingClient<D> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the serialize side's types do not matter here
  [K in keyof D]: D[K] extends MethodDefinition<infer Req, any, any, infer Res>
    ? (request: Req, deadlineMs: number) => AsyncGenerator<Res>
    : never;
};

export interface GrpcServiceClient<D> {
  unary: UnaryClient<D>;
  streaming: StreamingClient<D>;
  raw: grpc.Client;
  close(): void;
}

type ClientConstructor = new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: grpc.ClientOptions,
) => grpc.Client;

export function createGrpcClient<D>(
  Client: ClientConstructor & { service: D },
  address: string,
  deadlineMs: number,
): GrpcServiceClient<D> {
  const raw = new Client(address, grpc.credentials.createInsecure(), {
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.keepalive_time_ms': 30_000,
  });
  const unary: Record<string, (request: unknown) => Promise<unknown>> = {};
  const streaming: Record<string, (request: unknown, deadlineMs: number) => AsyncGenerator<unknown>> = {};
  for (const [name, method] of Object.entries(
    Client.service as Record<string, grpc.MethodDefinition<unknown, unknown>>,
  )) {
    if (method.requestStream) continue;
    const metrics = clientMethodMetrics(method.path);
    if (method.responseStream) {
      const open = (raw as unknown as Record<string, unknown>)[name] as (
        request: unknown,
        options: grpc.CallOptions,
      ) => grpc.ClientReadableStream<unknown>;
      streaming[name] = (request, streamDeadlineMs) =>
        readServerStream(
          open.call(raw, request, { deadline: Date.now() + streamDeadlineMs }),
          metrics,
          metrics.started(),
        );
      continue;
    }
    const invoke = (raw as unknown as Record<string, unknown>)[name] as (
      request: unknown,
      metadata: grpc.Metadata,
      options: grpc.CallOptions,
      callback: grpc.requestCallback<unknown>,
    ) => grpc.ClientUnaryCall;
    unary[name] = (request) =>
      new Promise((resolve, reject) => {
        const startedAt = metrics.started();
        invoke.call(
          raw,
          request,
          new grpc.Metadata(),
          { deadline: Date.now() + deadlineMs },
          (err, response) => {
            metrics.ended(startedAt, err ? err.code : grpc.status.OK);
            if (err) reject(fromGrpcError(err));
            else resolve(response);
          },
        );
      });
  }
  return {
    unary: unary as UnaryClient<D>,
    streaming: streaming as StreamingClient<D>,
    raw,
    close: () => raw.close(),
  };
}

/**
 * A server stream as an async iterable whose failures are the stack's DomainErrors. A reader that stops before the
 * end cancels the call, and the call counts as CANCELLED.
 */
async function* readServerStream<T>(
  call: grpc.ClientReadableStream<T>,
  metrics: MethodMetrics,
  startedAt: number,
): AsyncGenerator<T> {
  let code: grpc.status = grpc.status.CANCELLED;
  try {
    for await (const message of call as AsyncIterable<T>) yield message;
    code = grpc.status.OK;
  } catch (err) {
    code = isServiceError(err) ? err.code : grpc.status.UNKNOWN;
    throw isServiceError(err) ? fromGrpcError(err) : err;
  } finally {
    call.cancel();
    metrics.ended(startedAt, code);
  }
}
