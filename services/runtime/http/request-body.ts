import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The whole request body, or undefined as soon as it grows past `maxBytes`. Then the caller answers 413 its own
 * way, and the connection closes after that reply instead of reading the rest of the body. Stream events rather
 * than an async iterator: this runs on every gateway request, and the iterator costs more than the read itself.
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
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
