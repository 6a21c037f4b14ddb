import { createHash } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import type { ExportFiles, ExportFileWriter } from './export-files.ts';

/**
 * Export files as objects in an S3-compatible store, written with multipart uploads.
 *
 * What makes resuming and stale runs safe is the property ExportFiles states: every run of an operation writes the
 * same bytes at the same places. So every object that is ever at an operation's key, whichever run completed it
 * (a final file, or the intermediate a truncation completes), holds a prefix of that one byte stream, and any byte
 * range read or copied from it is right as long as the range exists. The writer leans on that in three places:
 * recovering a checkpoint whose upload is gone, truncating inside uploaded parts, and reading the file back for its
 * SHA-256 (checked against the size it wrote: the same length means the same bytes).
 *
 * A checkpoint's state is the upload and its parts: the parts hold exactly the checkpoint's bytes, since a flush is
 * durable only once everything appended is in a part. Part boundaries depend only on the bytes and the flushes
 * after the checkpoint, so a stale run sharing the upload uploads the same part numbers with the same bytes.
 */

/** S3's rules: every part but the last holds at least 5 MiB; an upload has at most 10,000 parts. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** UploadPartCopy requests in flight at once while an upload is rebuilt from the object. */
const COPY_CONCURRENCY = 4;
/** A readiness probe that waits longer than this reports the store unreachable. */
const CHECK_TIMEOUT_MS = 10_000;

export interface ObjectStoreConfig {
  bucket: string;
  /** Prepended to `<operation id>.csv`. */
  prefix: string;
  region: string;
  /** A non-AWS store (MinIO, Ceph, moto); absent: AWS S3. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Appends are gathered up to this before they are uploaded as a part (at least MIN_PART_BYTES). */
  partBytes: number;
  /** Absent: the AWS SDK's default chain (environment, profile, web identity, instance metadata). */
  credentials?: S3ClientConfig['credentials'];
}

export function s3ClientOf(config: ObjectStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // The SDK's default CRC checksums on every upload are not understood by every S3-compatible store; each part
    // carries a Content-MD5 instead, which all of them check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // A multipart object's checksum covers its parts, not the body a GET returns: nothing to validate it against.
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without a timeout a store that stops answering would hold a run (and readiness) forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
}

interface Part {
  partNumber: number;
  etag: string;
  size: number;
}

const stateSchema = z.object({
  uploadId: z.string().min(1),
  parts: z.array(
    z.object({
      partNumber: z.number().int().min(1).max(MAX_PARTS),
      etag: z.string().min(1),
      size: z.number().int().min(1),
    }),
  ),
});

export type ObjectUploadState = z.infer<typeof stateSchema>;

export class ObjectStoreExportFiles implements ExportFiles {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #partBytes: number;

  constructor(client: S3Client, config: Pick<ObjectStoreConfig, 'bucket' | 'prefix' | 'partBytes'>) {
    if (config.partBytes < MIN_PART_BYTES)
      throw new Error(`a part holds at least ${MIN_PART_BYTES} bytes, not ${config.partBytes}`);
    this.#client = client;
    this.#bucket = config.bucket;
    this.#prefix = config.prefix;
    this.#partBytes = config.partBytes;
  }

  keyOf(id: string): string {
    return `${this.#prefix}${id}.csv`;
  }

  async openForWrite(id: string, at: { size: number; state?: unknown }): Promise<ExportFileWriter> {
    const object = new ObjectAccess(this.#client, this.#bucket, this.keyOf(id));
    const writer = new ObjectFileWriter(object, this.#partBytes, at.size);
    if (at.state === undefined) {
      if (at.size !== 0)
        throw new Error(
          `export file ${id}: its checkpoint at ${at.size} bytes has no upload state (written to another store?)`,
        );
      // An upload of this key no checkpoint names (a run that died before its first checkpoint) is left alone
      // here: it may be a run that lost its job and still writes, and aborting it gains little. remove() aborts
      // what is left when the export expires.
      writer.useUpload(await object.createUpload(), []);
      return writer;
    }
    const parsed = stateSchema.safeParse(at.state);
    if (!parsed.success)
      throw new Error(`export file ${id}: its checkpoint's upload state is not one this writes`);
    const parts = partsUpTo(parsed.data.parts, at.size);
    if (!parts)
      throw new Error(`export file ${id}: its checkpoint's parts do not add up to ${at.size} bytes`);
    const { uploadId } = parsed.data;
    if (await object.uploadExists(uploadId)) {
      writer.useUpload(uploadId, parts);
      return writer;
    }
    // The upload was completed (a run that got further, possibly one that lost its job, or one that died between
    // completing the file and recording it) or aborted. What the object at the key holds is a prefix of the file.
    if (at.size === 0) {
      writer.useUpload(await object.createUpload(), []);
      return writer;
    }
    const existing = await object.head();
    if (existing !== undefined && existing >= at.size) {
      await writer.rebuild(rangesOf(parts), undefined);
      return writer;
    }
    // The object holds less than the checkpoint's bytes: a truncation completed it shorter. The run writes on as
    // usual, reaches the same truncation, and the file can be rebuilt from the object then. (With no object at all
    // the upload was aborted, by hand or by a lifecycle rule: the run fails at its end, naming what is missing.)
    writer.useObjectPrefix(existing ?? 0);
    return writer;
  }

  async *read(id: string, offset: number, chunkSize: number): AsyncIterable<Buffer> {
    const object = new ObjectAccess(this.#client, this.#bucket, this.keyOf(id));
    yield* rechunk(object.stream(offset), chunkSize);
  }

  async downloadUrl(id: string, fileName: string, ttlSeconds: number): Promise<string | undefined> {
    const quoted = fileName.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
    return getSignedUrl(
      this.#client,
      new GetObjectCommand({
        Bucket: this.#bucket,
        Key: this.keyOf(id),
        ResponseContentDisposition: `attachment; filename="${quoted}"`,
        ResponseContentType: 'text/csv; charset=utf-8',
      }),
      { expiresIn: ttlSeconds },
    );
  }

  async remove(id: string): Promise<void> {
    const object = new ObjectAccess(this.#client, this.#bucket, this.keyOf(id));
    for (const uploadId of await object.uploads()) await object.abort(uploadId);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.keyOf(id) }));
  }

  async check(): Promise<string | undefined> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      return undefined;
    } catch (err) {
      return `export bucket ${this.#bucket}: ${describe(err)}`;
    }
  }
}

/** The parts that make up the first `size` bytes, or undefined when `size` does not fall on a part boundary. */
function partsUpTo(parts: Part[], size: number): Part[] | undefined {
  const kept: Part[] = [];
  let end = 0;
  for (const part of parts) {
    if (end + part.size > size) break;
    // The writer numbers parts 1, 2, 3…: anything else is not a state it wrote.
    if (part.partNumber !== kept.length + 1) return undefined;
    kept.push(part);
    end += part.size;
  }
  return end === size ? kept : undefined;
}

/** Byte ranges [start, end) of consecutive parts. */
function rangesOf(parts: Part[]): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  for (const part of parts) {
    ranges.push([start, start + part.size]);
    start += part.size;
  }
  return ranges;
}

class ObjectFileWriter implements ExportFileWriter {
  readonly #object: ObjectAccess;
  readonly #partBytes: number;
  /** The upload being written, its parts (the file's first `uploaded` bytes), then `#pending` in memory. */
  #upload: { id: string; parts: Part[]; uploaded: number } | undefined;
  /**
   * Without an upload: the object at the key holds the file's first `objectPrefix` bytes and the rest is lost;
   * appends are counted and dropped until a truncation back into the object makes a writable file again.
   */
  #objectPrefix = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #size: number;
  #completed = false;

  constructor(object: ObjectAccess, partBytes: number, size: number) {
    this.#object = object;
    this.#partBytes = partBytes;
    this.#size = size;
  }

  get size(): number {
    return this.#size;
  }

  useUpload(id: string, parts: Part[]): void {
    this.#upload = { id, parts, uploaded: parts.reduce((sum, p) => sum + p.size, 0) };
  }

  useObjectPrefix(bytes: number): void {
    this.#upload = undefined;
    this.#objectPrefix = bytes;
  }

  /**
   * A new upload holding the object's bytes: `ranges` copied as parts (each at least MIN_PART_BYTES), then `tail`
   * read into memory, where appends continue.
   */
  async rebuild(ranges: [number, number][], tail: [number, number] | undefined): Promise<void> {
    const id = await this.#object.createUpload();
    const parts: Part[] = new Array<Part>(ranges.length);
    for (let i = 0; i < ranges.length; i += COPY_CONCURRENCY) {
      await Promise.all(
        ranges.slice(i, i + COPY_CONCURRENCY).map(async ([start, end], j) => {
          const partNumber = i + j + 1;
          const etag = await this.#object.copyPart(id, partNumber, start, end);
          parts[i + j] = { partNumber, etag, size: end - start };
        }),
      );
    }
    this.useUpload(id, parts);
    this.#pending = [];
    this.#pendingBytes = 0;
    if (tail) {
      const data = await this.#object.readRange(tail[0], tail[1]);
      this.#pending.push(data);
      this.#pendingBytes = data.length;
    }
  }

  #writable(): { id: string; parts: Part[]; uploaded: number } | undefined {
    if (this.#completed) throw new Error('export file already completed');
    return this.#upload;
  }

  async append(data: Buffer): Promise<void> {
    const upload = this.#writable();
    this.#size += data.length;
    if (!upload) return;
    this.#pending.push(data);
    this.#pendingBytes += data.length;
    if (this.#pendingBytes >= this.#partBytes) await this.#uploadPending(upload);
  }

  async #uploadPending(upload: { id: string; parts: Part[]; uploaded: number }): Promise<void> {
    const body = Buffer.concat(this.#pending, this.#pendingBytes);
    const partNumber = upload.parts.length + 1;
    if (partNumber > MAX_PARTS)
      throw new Error(
        `export file too large for an upload of ${MAX_PARTS} parts: raise EXPORT_S3_PART_BYTES`,
      );
    const etag = await this.#object.uploadPart(upload.id, partNumber, body);
    upload.parts.push({ partNumber, etag, size: body.length });
    upload.uploaded += body.length;
    this.#pending = [];
    this.#pendingBytes = 0;
  }

  async flush(): Promise<{ durable: boolean; state?: ObjectUploadState }> {
    const upload = this.#writable();
    if (!upload) return { durable: false };
    if (this.#pendingBytes >= MIN_PART_BYTES) await this.#uploadPending(upload);
    if (this.#pendingBytes > 0) return { durable: false };
    return { durable: true, state: { uploadId: upload.id, parts: upload.parts.map((p) => ({ ...p })) } };
  }

  async truncate(size: number): Promise<void> {
    const upload = this.#writable();
    if (size > this.#size)
      throw new Error(`cannot truncate an export file of ${this.#size} bytes to ${size}`);
    if (size === this.#size) return;
    if (!upload) {
      if (size > this.#objectPrefix)
        throw new Error(
          `export file: its upload is gone and the object holds ${this.#objectPrefix} bytes, fewer than ${size}`,
        );
      const whole = Math.floor(size / this.#partBytes);
      const ranges = Array.from({ length: whole }, (_, i): [number, number] => [
        i * this.#partBytes,
        (i + 1) * this.#partBytes,
      ]);
      await this.rebuild(
        ranges,
        whole * this.#partBytes < size ? [whole * this.#partBytes, size] : undefined,
      );
    } else if (size >= upload.uploaded) {
      const data = Buffer.concat(this.#pending, this.#pendingBytes).subarray(0, size - upload.uploaded);
      this.#pending = data.length > 0 ? [data] : [];
      this.#pendingBytes = data.length;
    } else {
      const ranges = rangesOf(upload.parts);
      const k = ranges.findIndex(([, end]) => end > size);
      const [start] = ranges[k]!;
      if (start === size) {
        // On a part boundary: the later parts are left out of the completion (S3 discards parts not listed).
        upload.parts.length = k;
        upload.uploaded = size;
        this.#pending = [];
        this.#pendingBytes = 0;
      } else {
        // An upload's parts cannot be read or cut: complete the upload as far as the part holding `size` to read
        // that part's head back, and start a new upload from copies of the parts before it.
        // When a run sharing the upload completed it first, the object is a prefix of the file all the same: the
        // copies and the read check it holds `size` bytes.
        await this.#object.complete(upload.id, upload.parts.slice(0, k + 1)).catch((err: unknown) => {
          if (!isNoSuchUpload(err)) throw err;
        });
        this.#upload = undefined;
        await this.rebuild(ranges.slice(0, k), [start, size]);
      }
    }
    this.#size = size;
  }

  async complete(): Promise<{ size: number; sha256: Buffer }> {
    const upload = this.#writable();
    if (!upload)
      throw new Error(
        `export file: its upload is gone and the object holds ${this.#objectPrefix} of its ${this.#size} bytes`,
      );
    if (this.#size === 0) {
      await this.#object.abort(upload.id).catch(() => undefined);
      await this.#object.putEmpty();
    } else {
      if (this.#pendingBytes > 0) await this.#uploadPending(upload);
      await this.#object.complete(upload.id, upload.parts);
    }
    this.#upload = undefined;
    this.#completed = true;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of this.#object.stream(0)) {
      hash.update(chunk);
      size += chunk.length;
    }
    // Whatever completed the object last wrote a prefix of this file: the same length is the same bytes.
    if (size !== this.#size)
      throw new Error(
        `export file ${this.#object.key} holds ${size} bytes after completion, not ${this.#size}`,
      );
    return { size, sha256: hash.digest() };
  }

  close(): Promise<void> {
    // Nothing is held open: an unfinished upload stays for the next run (or for remove()).
    this.#pending = [];
    this.#pendingBytes = 0;
    return Promise.resolve();
  }
}

/** One object key's requests. */
class ObjectAccess {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly key: string;

  constructor(client: S3Client, bucket: string, key: string) {
    this.#client = client;
    this.#bucket = bucket;
    this.key = key;
  }

  async createUpload(): Promise<string> {
    const { UploadId } = await this.#client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.#bucket,
        Key: this.key,
        ContentType: 'text/csv; charset=utf-8',
      }),
    );
    if (!UploadId) throw new Error(`the object store started no upload for ${this.key}`);
    return UploadId;
  }

  async uploadExists(uploadId: string): Promise<boolean> {
    try {
      await this.#client.send(
        new ListPartsCommand({ Bucket: this.#bucket, Key: this.key, UploadId: uploadId, MaxParts: 1 }),
      );
      return true;
    } catch (err) {
      if (isNoSuchUpload(err)) return false;
      throw err;
    }
  }

  async uploadPart(uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    const { ETag } = await this.#client.send(
      new UploadPartCommand({
        Bucket: this.#bucket,
        Key: this.key,
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: body,
        ContentLength: body.length,
        ContentMD5: createHash('md5').update(body).digest('base64'),
      }),
    );
    if (!ETag) throw new Error(`the object store returned no ETag for part ${partNumber} of ${this.key}`);
    return ETag;
  }

  async copyPart(uploadId: string, partNumber: number, start: number, end: number): Promise<string> {
    const { CopyPartResult } = await this.#client.send(
      new UploadPartCopyCommand({
        Bucket: this.#bucket,
        Key: this.key,
        UploadId: uploadId,
        PartNumber: partNumber,
        CopySource: `${this.#bucket}/${this.key.split('/').map(encodeURIComponent).join('/')}`,
        CopySourceRange: `bytes=${start}-${end - 1}`,
      }),
    );
    if (!CopyPartResult?.ETag)
      throw new Error(`the object store returned no ETag for copied part ${partNumber}`);
    return CopyPartResult.ETag;
  }

  async complete(uploadId: string, parts: Part[]): Promise<void> {
    const send = (list: Part[]) =>
      this.#client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: this.key,
          UploadId: uploadId,
          MultipartUpload: { Parts: list.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    try {
      await send(parts);
    } catch (err) {
      if (errorName(err) !== 'InvalidPart') throw err;
      // A run sharing the upload uploaded a part again after this one's ETag was taken. Its bytes are the same,
      // but with encryption by KMS (or on some stores) its ETag is not: take the store's, where the size agrees.
      const listed = await this.#parts(uploadId);
      const current = parts.map((p) => {
        const found = listed.get(p.partNumber);
        if (!found || found.size !== p.size)
          throw new Error(`part ${p.partNumber} of ${this.key} is not the one this run uploaded`, {
            cause: err,
          });
        return { ...p, etag: found.etag };
      });
      await send(current);
    }
  }

  async #parts(uploadId: string): Promise<Map<number, { etag: string; size: number }>> {
    const found = new Map<number, { etag: string; size: number }>();
    let marker: string | undefined;
    do {
      const page = await this.#client.send(
        new ListPartsCommand({
          Bucket: this.#bucket,
          Key: this.key,
          UploadId: uploadId,
          ...(marker ? { PartNumberMarker: marker } : {}),
        }),
      );
      for (const p of page.Parts ?? [])
        if (p.PartNumber !== undefined && p.ETag)
          found.set(p.PartNumber, { etag: p.ETag, size: p.Size ?? 0 });
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return found;
  }

  async abort(uploadId: string): Promise<void> {
    try {
      await this.#client.send(
        new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: this.key, UploadId: uploadId }),
      );
    } catch (err) {
      if (!isNoSuchUpload(err)) throw err;
    }
  }

  /** The uploads in progress for this key. */
  async uploads(): Promise<string[]> {
    const ids: string[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.#client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.#bucket,
          Prefix: this.key,
          ...(keyMarker ? { KeyMarker: keyMarker } : {}),
          ...(uploadIdMarker ? { UploadIdMarker: uploadIdMarker } : {}),
        }),
      );
      for (const u of page.Uploads ?? []) if (u.Key === this.key && u.UploadId) ids.push(u.UploadId);
      if (!page.IsTruncated) return ids;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async putEmpty(): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.key,
        Body: Buffer.alloc(0),
        ContentType: 'text/csv; charset=utf-8',
      }),
    );
  }

  /** The object's size, or undefined when there is none. */
  async head(): Promise<number | undefined> {
    try {
      const { ContentLength } = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.key }),
      );
      return ContentLength ?? 0;
    } catch (err) {
      if (errorName(err) === 'NotFound' || errorName(err) === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  /** Bytes [start, end), all of them: a shorter object is an error. */
  async readRange(start: number, end: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of this.stream(start, end)) {
      chunks.push(chunk);
      length += chunk.length;
    }
    if (length !== end - start)
      throw new Error(`${this.key} holds ${start + length} bytes, fewer than the ${end} needed`);
    return Buffer.concat(chunks, length);
  }

  /** The object's bytes from `start` (to `end`, exclusive); nothing when `start` is its size. */
  async *stream(start: number, end?: number): AsyncIterable<Buffer> {
    let body: AsyncIterable<Uint8Array> | undefined;
    try {
      const result = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.key,
          ...(start > 0 || end !== undefined
            ? { Range: `bytes=${start}-${end === undefined ? '' : end - 1}` }
            : {}),
        }),
      );
      body = result.Body as AsyncIterable<Uint8Array> | undefined;
    } catch (err) {
      // S3 answers 416 for a range that starts at the object's end.
      if (errorName(err) === 'InvalidRange' || statusOf(err) === 416) return;
      throw err;
    }
    if (!body) return;
    let left = end === undefined ? Infinity : end - start;
    for await (const chunk of body) {
      // A store that ignores the range end sends more: what was asked for is all that is passed on.
      const data = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, left));
      left -= data.length;
      if (data.length > 0) yield data;
      if (left <= 0) return;
    }
  }
}

/** Chunks of exactly `size` bytes (the last one shorter), from chunks of any size. */
async function* rechunk(source: AsyncIterable<Buffer>, size: number): AsyncIterable<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of source) {
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes < size) continue;
    let all = Buffer.concat(held, heldBytes);
    while (all.length >= size) {
      yield all.subarray(0, size);
      all = all.subarray(size);
    }
    held = all.length > 0 ? [all] : [];
    heldBytes = all.length;
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

function errorName(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as { name?: string }).name : undefined;
}

function statusOf(err: unknown): number | undefined {
  return typeof err === 'object' && err !== null
    ? (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    : undefined;
}

function isNoSuchUpload(err: unknown): boolean {
  return errorName(err) === 'NoSuchUpload';
}

/** An S3 error in one line: HEAD requests carry no error body, so the status says what happened. */
function describe(err: unknown): string {
  const name = errorName(err) ?? 'Error';
  const status = statusOf(err);
  const message = (err as Error).message;
  if (status === 404) return `no such bucket (${name}, HTTP 404)`;
  if (status === 403) return `access denied (${name}, HTTP 403)`;
  const detail = message && message !== name && message !== 'UnknownError' ? `: ${message}` : '';
  return `${name}${status ? ` (HTTP ${status})` : ''}${detail}`;
}
