import { Writable } from 'node:stream';
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { expect } from 'chai';
import { pino } from 'pino';
import {
  asDomainError,
  DomainError,
  type ErrorKind,
  fromGrpcError,
  INTERNAL_ERROR_MESSAGE,
  toGethRpcError,
  toGorillaRpcError,
  toGrpcStatus,
  MAX_STATUS_DETAILS_LENGTH,
  toRestError,
} from '../../services/runtime/errors.ts';
import { createLogger } from '../../services/runtime/logger.ts';

const KINDS: ErrorKind[] = [
  'invalid_argument',
  'not_found',
  'failed_precondition',
  'unauthenticated',
  'permission_denied',
  'resource_exhausted',
  'unavailable',
  'deadline_exceeded',
  'unimplemented',
  'internal',
];

function serviceError(code: GrpcStatus, details: string): ServiceError {
  return Object.assign(new Error(`${code} ${GrpcStatus[code]}: ${details}`), {
    code,
    details,
    metadata: new Metadata(),
  });
}

/** A real pino logger whose JSON lines are captured. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('errors', () => {
  it('DomainError carries its kind and message', () => {
    const err = new DomainError('not_found', 'container not found');
    expect(err).to.be.instanceOf(Error);
    expect(err.name).to.equal('DomainError');
    expect(err.kind).to.equal('not_found');
    expect(err.message).to.equal('container not found');
  });

  it('toGrpcStatus maps every kind to its gRPC code, with the message as details', () => {
    const expected: Record<ErrorKind, GrpcStatus> = {
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
    for (const kind of KINDS) {
      const status = toGrpcStatus(new DomainError(kind, `msg ${kind}`));
      expect(status.code, kind).to.equal(expected[kind]);
      expect(status.details).to.equal(`msg ${kind}`);
      expect(status.metadata).to.be.instanceOf(Metadata);
    }
    expect(GrpcStatus.INVALID_ARGUMENT).to.equal(3);
    expect(toGrpcStatus(new DomainError('not_found', 'x')).code).to.equal(5);
  });

  it('toGrpcStatus cuts a message too long for a trailer, at a character boundary', () => {
    const long = `network "${'z'.repeat(10_000)}😀" is not indexed here`;
    const details = toGrpcStatus(new DomainError('not_found', long)).details!;
    expect(details.length).to.equal(MAX_STATUS_DETAILS_LENGTH + 1);
    expect(details.startsWith(long.slice(0, 100))).to.equal(true);
    expect(details.endsWith('…')).to.equal(true);
    const atEmoji = `${'z'.repeat(MAX_STATUS_DETAILS_LENGTH - 1)}😀`;
    expect(toGrpcStatus(new DomainError('not_found', atEmoji)).details!.isWellFormed()).to.equal(true);
  });

  it('fromGrpcError round-trips every kind', () => {
    for (const kind of KINDS) {
      const status = toGrpcStatus(new DomainError(kind, `message for ${kind}`));
      const back = fromGrpcError(serviceError(status.code!, status.details!));
      expect(back).to.be.instanceOf(DomainError);
      expect(back.kind, kind).to.equal(kind);
      expect(back.message).to.equal(`message for ${kind}`);
    }
  });

  it('fromGrpcError turns unknown codes into internal, keeping the details', () => {
    for (const code of [
      GrpcStatus.UNKNOWN,
      GrpcStatus.CANCELLED,
      GrpcStatus.ALREADY_EXISTS,
      GrpcStatus.DATA_LOSS,
    ]) {
      const err = fromGrpcError(serviceError(code, 'something'));
      expect(err.kind).to.equal('internal');
      expect(err.message).to.equal('something');
    }
  });

  it('fromGrpcError gives internal errors without details the generic message', () => {
    expect(fromGrpcError(serviceError(GrpcStatus.INTERNAL, '')).message).to.equal(INTERNAL_ERROR_MESSAGE);
    expect(fromGrpcError(serviceError(GrpcStatus.UNKNOWN, '')).message).to.equal('internal error');
  });

  it('toRestError follows grpc-gateway statuses and reason phrases', () => {
    const expected: Record<ErrorKind, [number, string]> = {
      invalid_argument: [400, 'Bad Request'],
      failed_precondition: [400, 'Bad Request'],
      unauthenticated: [401, 'Unauthorized'],
      permission_denied: [403, 'Forbidden'],
      not_found: [404, 'Not Found'],
      resource_exhausted: [429, 'Too Many Requests'],
      unimplemented: [501, 'Not Implemented'],
      unavailable: [503, 'Service Unavailable'],
      deadline_exceeded: [504, 'Gateway Timeout'],
      internal: [500, 'Internal Server Error'],
    };
    for (const kind of KINDS) {
      const [statusCode, error] = expected[kind];
      expect(toRestError(new DomainError(kind, `m-${kind}`)), kind).to.deep.equal({
        message: `m-${kind}`,
        statusCode,
        error,
      });
    }
  });

  it('toRestError body keys are message, statusCode, error', () => {
    expect(Object.keys(toRestError(new DomainError('not_found', 'x')))).to.deep.equal([
      'message',
      'statusCode',
      'error',
    ]);
  });

  it('toGorillaRpcError is always -32000 with data null', () => {
    for (const kind of KINDS) {
      expect(toGorillaRpcError(new DomainError(kind, `text ${kind}`))).to.deep.equal({
        code: -32000,
        message: `text ${kind}`,
        data: null,
      });
    }
    expect(JSON.stringify(toGorillaRpcError(new DomainError('internal', 'x')))).to.equal(
      '{"code":-32000,"message":"x","data":null}',
    );
  });

  it('toGethRpcError follows geth codes', () => {
    expect(toGethRpcError(new DomainError('invalid_argument', 'bad params'))).to.deep.equal({
      code: -32602,
      message: 'bad params',
    });
    expect(toGethRpcError(new DomainError('unimplemented', 'no such method'))).to.deep.equal({
      code: -32601,
      message: 'no such method',
    });
    expect(toGethRpcError(new DomainError('deadline_exceeded', 'took too long'))).to.deep.equal({
      code: -32002,
      message: 'request timed out',
    });
    for (const kind of [
      'not_found',
      'failed_precondition',
      'unauthenticated',
      'permission_denied',
      'resource_exhausted',
      'unavailable',
      'internal',
    ] as const) {
      expect(toGethRpcError(new DomainError(kind, `k ${kind}`)), kind).to.deep.equal({
        code: -32000,
        message: `k ${kind}`,
      });
    }
  });

  describe('asDomainError', () => {
    it('passes DomainErrors through without logging', () => {
      const { log, lines } = capturingLogger();
      const err = new DomainError('not_found', 'gone');
      expect(asDomainError(err, log)).to.equal(err);
      expect(lines).to.have.length(0);
    });

    it('maps gRPC service errors without logging', () => {
      const { log, lines } = capturingLogger();
      const err = asDomainError(serviceError(GrpcStatus.NOT_FOUND, 'no container'), log);
      expect(err.kind).to.equal('not_found');
      expect(err.message).to.equal('no container');
      expect(lines).to.have.length(0);
    });

    it('logs an unexpected error and hides it behind "internal error"', () => {
      const { log, lines } = capturingLogger();
      const cause = new TypeError('secret detail: cannot read x of undefined');
      const err = asDomainError(cause, log);
      expect(err).to.be.instanceOf(DomainError);
      expect(err.kind).to.equal('internal');
      expect(err.message).to.equal('internal error');
      expect(lines).to.have.length(1);
      const line = lines[0]!;
      expect(line.msg).to.equal('unexpected error');
      expect(line.level).to.equal(50);
      const logged = line.err as { type: string; message: string; stack: string };
      expect(logged.type).to.equal('TypeError');
      expect(logged.message).to.equal('secret detail: cannot read x of undefined');
      expect(logged.stack).to.include('secret detail');
    });

    it('logs thrown non-errors too', () => {
      const { log, lines } = capturingLogger();
      expect(asDomainError('a string', log).message).to.equal('internal error');
      // An Error with a numeric code but no metadata is not a gRPC error.
      const codeOnly = Object.assign(new Error('ECONNRESET'), { code: 5 });
      expect(asDomainError(codeOnly, log).kind).to.equal('internal');
      expect(lines).to.have.length(2);
      expect(lines[0]!.err).to.equal('a string');
      expect((lines[1]!.err as { message: string }).message).to.equal('ECONNRESET');
    });

    it('works with the runtime logger', () => {
      const log = createLogger('test', 'silent');
      expect(asDomainError(new Error('boom'), log).message).to.equal('internal error');
    });
  });
});
