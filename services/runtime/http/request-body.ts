import type { IncomingMessage } from 'node:http';

/** The whole request body, or undefined as soon as it grows past `maxBytes` (the caller answers 413 its own way). */
export async function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
