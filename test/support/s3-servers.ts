import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { waitForHttpOk } from '../../services/up/processes.ts';
import { freePort } from './processes.ts';

/**
 * S3-compatible servers for the object-store tests. s3rver (an npm devDependency) always starts; moto's server,
 * closer to S3 (it checks part ETags and the 5 MiB part minimum), runs when `moto_server` is on PATH.
 *
 * s3rver lacks three requests the writer uses (ListParts, AbortMultipartUpload, ListMultipartUploads), accepts
 * parts for an upload that is gone, and refuses this SDK's signature of HeadBucket; `s3rverGaps` answers those as
 * S3 does, from s3rver's own files.
 */
export interface S3Server {
  name: 's3rver' | 'moto';
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  bucket: string;
  client(): S3Client;
  stop(): Promise<void>;
}

const BUCKET = 'exports-test';

export function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && existsSync(join(dir, command)));
}

function clientOf(server: Omit<S3Server, 'client' | 'stop'>): () => S3Client {
  return () =>
    new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: server.credentials,
    });
}

export async function startMoto(): Promise<S3Server> {
  const port = await freePort();
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitForHttpOk(`${endpoint}/moto-api/`, 30_000, () => child.exitCode === null);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`moto_server did not start: ${(err as Error).message}\n${output}`, { cause: err });
  }
  const base = {
    name: 'moto' as const,
    endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  };
  const client = clientOf({ ...base, bucket: BUCKET });
  const s3 = client();
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  s3.destroy();
  return {
    ...base,
    bucket: BUCKET,
    client,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverApp {
  middleware: Middleware[];
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverApp;

export async function startS3rver(): Promise<S3Server> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const app = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  app.middleware.unshift(s3rverGaps(directory));
  await app.run();
  // s3rver checks signatures against its fixed credentials.
  const base = {
    name: 's3rver' as const,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    bucket: BUCKET,
  };
  return {
    ...base,
    client: clientOf(base),
    async stop() {
      await app.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const xmlEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function xml(ctx: KoaContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** s3rver keeps an upload in `<bucket>/._S3rver_uploads/<upload id>/`: `key`, then `<n>` and `<n>.md5` per part. */
function s3rverGaps(directory: string): Middleware {
  return async (ctx, next) => {
    const [bucket, ...rest] = ctx.path.slice(1).split('/').map(decodeURIComponent);
    const key = rest.join('/');
    if (!bucket) return next();
    if (ctx.method === 'HEAD' && key === '') {
      ctx.status = existsSync(join(directory, bucket)) ? 200 : 404;
      ctx.body = '';
      return;
    }
    const uploads = join(directory, bucket, '._S3rver_uploads');
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId === 'string' && key !== '') {
      const dir = join(uploads, uploadId);
      if (!existsSync(join(dir, 'key'))) {
        return xml(
          ctx,
          404,
          `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlEscape(uploadId)}</UploadId></Error>`,
        );
      }
      if (ctx.method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        ctx.body = '';
        return;
      }
      if (ctx.method === 'GET') {
        const numbers = (await readdir(dir))
          .filter((f) => /^\d+$/.test(f))
          .map(Number)
          .sort((a, b) => a - b);
        const parts = await Promise.all(
          numbers.map(async (n) => {
            const [{ size }, md5] = await Promise.all([
              stat(join(dir, String(n))),
              readFile(join(dir, `${n}.md5`), 'utf8'),
            ]);
            return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
          }),
        );
        return xml(
          ctx,
          200,
          `<ListPartsResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
        );
      }
      return next();
    }
    if (ctx.method === 'GET' && key === '' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const ids = existsSync(uploads) ? await readdir(uploads) : [];
      const listed = await Promise.all(
        ids.map(async (id) => ({
          id,
          key: await readFile(join(uploads, id, 'key'), 'utf8').catch(() => ''),
        })),
      );
      const body = listed
        .filter((u) => u.key !== '' && u.key.startsWith(prefix))
        .map((u) => `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${xmlEscape(u.id)}</UploadId></Upload>`)
        .join('');
      return xml(
        ctx,
        200,
        `<ListMultipartUploadsResult><Bucket>${xmlEscape(bucket)}</Bucket><IsTruncated>false</IsTruncated>${body}</ListMultipartUploadsResult>`,
      );
    }
    return next();
  };
}
