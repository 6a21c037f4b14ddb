import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type Koa from 'koa';
import type { ExportWorkerServiceDefinition } from '../generated/proto/chaindata/exportworker/v1/ExportWorkerService.ts';
import { DomainError, toRestError } from '../runtime/errors.ts';
import type { StreamingClient } from '../runtime/grpc/client.ts';

/**
 * The download links of finished exports: `GET /v1/operations/{operationId}/file?expires=…&signature=…`, signed by
 * the gateway (HMAC-SHA256 with a key derived from PAGE_TOKEN_SECRET, so every replica sharing that secret accepts
 * every replica's links) and valid until `expires`. The link is the credential, as an object store's presigned URL
 * is: it needs no API key, so a browser or `curl` can fetch it. The file streams from the export worker.
 */
export const EXPORT_FILE_PATH = '/v1/operations/:operationId/file';

export interface DownloadLinks {
  /** A link to the operation's file, valid for the links' lifetime from now. */
  linkTo(origin: string, operationId: string): string;
  /** Whether a link's expiry and signature are this gateway's and still valid. */
  verify(operationId: string, expires: string, signature: string): 'valid' | 'expired' | 'invalid';
}

export function createDownloadLinks(options: {
  secret: string | undefined;
  ttlSeconds: number;
  /** The origin links name instead of the request's (PUBLIC_URL, behind a proxy that rewrites it). */
  origin?: string;
  now?: () => number;
}): DownloadLinks {
  // A key of its own, so a download signature can never pass as a page token's MAC or the reverse.
  const key = createHmac('sha256', options.secret ?? randomBytes(32))
    .update('chain-data export download links')
    .digest();
  const now = options.now ?? Date.now;
  const sign = (operationId: string, expires: string) =>
    createHmac('sha256', key).update(`${operationId}\n${expires}`).digest();
  return {
    linkTo(origin, operationId) {
      const expires = String(Math.floor(now() / 1000) + options.ttlSeconds);
      const signature = sign(operationId, expires).toString('base64url');
      return `${options.origin ?? origin}/v1/operations/${operationId}/file?expires=${expires}&signature=${signature}`;
    },
    verify(operationId, expires, signature) {
      if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'invalid';
      const expected = sign(operationId, expires);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 <= now() ? 'expired' : 'valid';
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Serves a link's file: the whole file, or from a `Range: bytes=N-` offset (a resumed download). */
export function exportFileDownload(
  links: DownloadLinks,
  exportWorker: StreamingClient<ExportWorkerServiceDefinition>,
  getOperation: (
    operationId: string,
  ) => Promise<{ file: { size: string; name: string; ready: boolean } | null }>,
  streamDeadlineMs: number,
): Koa.Middleware {
  return async (ctx) => {
    const fail = (err: DomainError) => {
      const body = toRestError(err);
      ctx.status = body.statusCode;
      ctx.body = body;
    };
    const operationId = String((ctx.params as Record<string, string | undefined>).operationId ?? '');
    const expires = typeof ctx.query.expires === 'string' ? ctx.query.expires : '';
    const signature = typeof ctx.query.signature === 'string' ? ctx.query.signature : '';
    const verdict = UUID.test(operationId) ? links.verify(operationId, expires, signature) : 'invalid';
    if (verdict !== 'valid')
      return fail(
        new DomainError(
          'permission_denied',
          verdict === 'expired'
            ? 'signature: this download link has expired; get a new one from GET /v1/operations/{operationId}'
            : 'signature: not a valid download link of this gateway',
        ),
      );
    const { file } = await getOperation(operationId);
    if (!file?.ready)
      return fail(new DomainError('not_found', `operationId: operation ${operationId} has no file`));
    const size = Number(file.size);
    const range = /^bytes=(\d+)-$/.exec(ctx.get('range'));
    const offset = range ? Number(range[1]) : 0;
    if (offset > size) {
      ctx.status = 416;
      ctx.set('content-range', `bytes */${size}`);
      return;
    }
    // The first chunk before the headers: a failure before any byte is sent is still an error body.
    const chunks = exportWorker.ReadExportFile(
      { operation_id: operationId, offset: String(offset) },
      streamDeadlineMs,
    );
    const first = await chunks.next();
    ctx.status = range ? 206 : 200;
    ctx.set('content-type', 'text/csv; charset=utf-8');
    ctx.set('content-disposition', `attachment; filename="${file.name}"`);
    ctx.set('content-length', String(size - offset));
    ctx.set('accept-ranges', 'bytes');
    if (range) ctx.set('content-range', `bytes ${offset}-${size - 1}/${size}`);
    ctx.body = Readable.from(
      (async function* () {
        if (!first.done) yield first.value.data;
        for await (const chunk of chunks) yield chunk.data;
      })(),
    );
  };
}
