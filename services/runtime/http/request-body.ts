import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The client went away before its request was read or answered. Not a failure of the server: gateways log it at
 * debug level, without a stack, and answer nothing (there is no one to answer).
 */
export class ClientAbortError extends Error {
  override name = 'ClientAbortError';
  constructor(cause?: unknown) {
    super('the client closed the connection before the request was answered', { cause });
  }
}

/**
 * Error codes Node gives for a peer that closed or reset the connection mid-exchange, or whose bytes stopped
 * being HTTP (`HPE_…`, e.g. a body cut short): either way the connection is gone and nothing can be answered.
 */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

export function isClientAbort(err: unknown): boolean {
  if (err instanceof ClientAbortError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (ABORT_CODES.has(code) || code.startsWith('HPE_'));
}

/**
 * The whole request body, or undefined as soon as it grows past `maxBytes`. Then the caller answers 413 its own
 * way, and the connection closes after that reply instead of reading the rest of the body. Stream events rather
 * than an async iterator: this runs on every gateway request, and the iterator costs more than the read itself.
 * A client that goes away (or breaks the HTTP framing) mid-body rejects it with ClientAbortError.
 */
export function readRequestBody(
  exchange: { req: IncomingMessage; res: ServerResponse },
  maxBytes: number,
): Promise<Buffer | undefined> {
  const { req, res } = exchange;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      res.setHeader('Connection', 'close');
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      // The request stream fails only from the client's side (a reset, a body that stops being HTTP).
      reject(new ClientAbortError(err));
    };
    // Closed without an end or an error: the client is gone, and no 'end' will come.
    const onClose = () => {
      stop();
      reject(new ClientAbortError());
    };
    if (req.readableEnded) return resolve(Buffer.alloc(0));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
