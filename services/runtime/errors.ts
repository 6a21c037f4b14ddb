import { STATUS_CODES } from 'node:http';
import { Metadata, status as GrpcStatus, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import type { Logger } from 'pino';

/**
 * The one error mapping of the stack: domain errors travel between services as gRPC statuses and leave the
 * gateways as the Data API's REST error body or as JSON-RPC error objects. A service throws `DomainError`s for
 * every expected failure; anything else is unexpected, is logged with the trace id where it happens, and reaches
 * clients only as a generic internal error.
 */
export type ErrorKind =
  | 'invalid_argument'
  | 'not_found'
  | 'failed_precondition'
  | 'unauthenticated'
  | 'permission_denied'
  | 'resource_exhausted'
  | 'unavailable'
  | 'deadline_exceeded'
  | 'unimplemented'
  | 'internal';

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: ErrorKind;
  /** When a refused (`resource_exhausted`) request may be tried again; it travels as a `retry-after` trailer. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * An `unavailable` or `deadline_exceeded` whose text is written for the client (which validators did not sign),
   * where such failures usually come from the transport and name internal addresses, so gateways replace their
   * text. It travels as a trailer.
   */
  readonly forClients: boolean;
  constructor(
    kind: ErrorKind,
    message: string,
    options: { retryAfterSeconds?: number; forClients?: boolean } = {},
  ) {
    super(message);
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.forClients = options.forClients ?? false;
  }
}

const RETRY_AFTER_KEY = 'retry-after';
const FOR_CLIENTS_KEY = 'chain-data-message-for-clients';

export const INTERNAL_ERROR_MESSAGE = 'internal error';

const grpcCodeOf: Record<ErrorKind, GrpcStatus> = {
  invalid_argument: GrpcStatus.INVALID_ARGUMENT,
  not_found: GrpcStatus.NOT_FOUND,
  failed_precondition: GrpcStatus.FAILED_PRECONDITION,
  unauthenticated: GrpcStatus.UNAUTHENTICATED,
  permission_denied: GrpcStatus.PERMISSION_DENIED,
  resource_exhausted: GrpcStatus.RESOURCE_EXHAUSTED,
  unavailable: GrpcStatus.UNAVAILABLE,
  deadline_exceeded: GrpcStatus.DEADLINE_EXCEEDED,
  unimplemented: GrpcStatus.UNIMPLEMENTED,
  internal: GrpcStatus.INTERNAL,
};

const kindOfGrpcCode = new Map<GrpcStatus, ErrorKind>(
  Object.entries(grpcCodeOf).map(([kind, code]) => [code, kind as ErrorKind]),
);

/** HTTP statuses as grpc-gateway maps them. */
const httpStatusOf: Record<ErrorKind, number> = {
  invalid_argument: 400,
  failed_precondition: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  resource_exhausted: 429,
  unimplemented: 501,
  unavailable: 503,
  deadline_exceeded: 504,
  internal: 500,
};

/** Normalises anything thrown into a DomainError, logging the unexpected ones (with the active trace id). */
export function asDomainError(err: unknown, log: Logger): DomainError {
  if (err instanceof DomainError) return err;
  if (isServiceError(err)) return fromGrpcError(err);
  log.error({ err }, 'unexpected error');
  return new DomainError('internal', INTERNAL_ERROR_MESSAGE);
}

/**
 * The most of a message a status carries. It travels in an HTTP/2 trailer, and one past the peer's header-list
 * limit makes the client reset the stream and close the session (with its other calls); messages are meant to quote
 * inputs cut short (request-fields.ts quoted), this bounds any that does not.
 */
export const MAX_STATUS_DETAILS_LENGTH = 4_096;

export function toGrpcStatus(err: DomainError): Partial<StatusObject> {
  const metadata = new Metadata();
  if (err.retryAfterSeconds !== undefined) metadata.set(RETRY_AFTER_KEY, String(err.retryAfterSeconds));
  if (err.forClients) metadata.set(FOR_CLIENTS_KEY, '1');
  const details =
    err.message.length <= MAX_STATUS_DETAILS_LENGTH
      ? err.message
      : `${err.message.slice(0, MAX_STATUS_DETAILS_LENGTH).toWellFormed()}…`;
  return { code: grpcCodeOf[err.kind], details, metadata };
}

export function fromGrpcError(err: ServiceError): DomainError {
  const kind = kindOfGrpcCode.get(err.code);
  if (kind === undefined || kind === 'internal')
    return new DomainError('internal', err.details || INTERNAL_ERROR_MESSAGE);
  const retryAfter = Number(err.metadata?.get(RETRY_AFTER_KEY)[0]);
  return new DomainError(kind, err.details, {
    ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
    forClients: err.metadata?.get(FOR_CLIENTS_KEY)[0] === '1',
  });
}

export interface RestErrorBody {
  message: string;
  statusCode: number;
  error: string;
}

export function toRestError(err: DomainError): RestErrorBody {
  const statusCode = httpStatusOf[err.kind];
  return { message: err.message, statusCode, error: STATUS_CODES[statusCode] ?? 'Error' };
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * avalanchego's gorilla endpoints (index, avax, admin, validators) answer every handler error with -32000, the
 * error's text, and `data: null`.
 */
export function toGorillaRpcError(err: DomainError): JsonRpcError {
  return { code: -32000, message: err.message, data: null };
}

/** The EVM endpoints follow geth: invalid params are -32602, timeouts -32002, everything else -32000. */
export function toGethRpcError(err: DomainError): JsonRpcError {
  switch (err.kind) {
    case 'invalid_argument':
      return { code: -32602, message: err.message };
    case 'unimplemented':
      return { code: -32601, message: err.message };
    case 'deadline_exceeded':
      return { code: -32002, message: 'request timed out' };
    default:
      return { code: -32000, message: err.message };
  }
}

export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof Error && typeof (err as Partial<ServiceError>).code === 'number' && 'metadata' in err;
}
