import * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import { fromGrpcError } from '../errors.ts';

/**
 * gRPC clients as promises. Every call carries a deadline; a failed call rejects with the DomainError its status
 * maps to. Methods are typed from the generated service definition, which does not tell unary from streaming
 * methods: `unary` holds only the unary ones at run time; streaming calls go through `raw`.
 */
export type UnaryClient<D> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the serialize side's types do not matter here
  [K in keyof D]: D[K] extends MethodDefinition<infer Req, any, any, infer Res>
    ? (request: Req) => Promise<Res>
    : never;
};

export interface GrpcServiceClient<D> {
  unary: UnaryClient<D>;
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
  for (const [name, method] of Object.entries(
    Client.service as Record<string, grpc.MethodDefinition<unknown, unknown>>,
  )) {
    if (method.requestStream || method.responseStream) continue;
    const invoke = (raw as unknown as Record<string, unknown>)[name] as (
      request: unknown,
      metadata: grpc.Metadata,
      options: grpc.CallOptions,
      callback: grpc.requestCallback<unknown>,
    ) => grpc.ClientUnaryCall;
    unary[name] = (request) =>
      new Promise((resolve, reject) => {
        invoke.call(
          raw,
          request,
          new grpc.Metadata(),
          { deadline: Date.now() + deadlineMs },
          (err, response) => {
            if (err) reject(fromGrpcError(err));
            else resolve(response);
          },
        );
      });
  }
  return { unary: unary as UnaryClient<D>, raw, close: () => raw.close() };
}
