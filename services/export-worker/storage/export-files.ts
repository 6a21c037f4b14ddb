import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where the export files live. A run writes its file in order from where the checkpoint says it had got to (what
 * lies beyond is cut off first), makes it durable before each checkpoint names a size, and completes it once.
 * Output is a function of the checkpoint, so a run that lost its job and still writes writes the same bytes at the
 * same places as the run that took over: it can make a file neither longer nor different.
 */
export interface ExportFiles {
  /**
   * Opens the operation's file for a run, cut back to `at.size` bytes; `at.state` is what the writer's last flush
   * before that checkpoint returned (an object store's upload and parts), absent for a new file.
   */
  openForWrite(id: string, at: { size: number; state?: unknown }): Promise<ExportFileWriter>;
  /** A finished file's bytes from `offset`, in chunks of at most `chunkSize`. */
  read(id: string, offset: number, chunkSize: number): AsyncIterable<Buffer>;
  /** A URL clients fetch the file from directly (an object store's presigned URL), or undefined. */
  downloadUrl(id: string, fileName: string, ttlSeconds: number): Promise<string | undefined>;
  remove(id: string): Promise<void>;
  /** What readiness reports when the store cannot be written. */
  check(): Promise<string | undefined>;
}

export interface ExportFileWriter {
  /** Bytes written so far (durable or not). */
  readonly size: number;
  append(data: Buffer): Promise<void>;
  /**
   * Makes every byte appended durable if it can: then a checkpoint may name this size, with the state returned.
   * An object store makes bytes durable a part at a time and parts have a minimum size: until that much is
   * appended it answers not durable, and the checkpoint waits.
   */
  flush(): Promise<{ durable: boolean; state?: unknown }>;
  /** Cuts the file back to `size` (a truncated export ends at the start of the day that overflowed). */
  truncate(size: number): Promise<void>;
  /** Makes the file final; its size and SHA-256. */
  complete(): Promise<{ size: number; sha256: Buffer }>;
  close(): Promise<void>;
}

/** Appends are gathered up to this before they reach the file. */
const WRITE_BUFFER_BYTES = 256 * 1024;

/** A directory of `<operation id>.csv` files (a PersistentVolume on Kubernetes, shared by the replicas). */
export class DirectoryExportFiles implements ExportFiles {
  readonly #dir: string;
  constructor(dir: string) {
    this.#dir = dir;
  }

  #path(id: string): string {
    return join(this.#dir, `${id}.csv`);
  }

  async openForWrite(id: string, at: { size: number }): Promise<ExportFileWriter> {
    const { size } = at;
    await mkdir(this.#dir, { recursive: true });
    const handle = await open(this.#path(id), 'a+').then(async (h) => {
      // 'a+' creates without truncating; positional writes need a handle not in append mode.
      await h.close();
      return open(this.#path(id), 'r+');
    });
    const { size: onDisk } = await handle.stat();
    if (onDisk < size) {
      await handle.close();
      throw new Error(`export file ${id} holds ${onDisk} bytes, fewer than its checkpoint's ${size}`);
    }
    await handle.truncate(size);
    return new DirectoryFileWriter(handle, size);
  }

  async *read(id: string, offset: number, chunkSize: number): AsyncIterable<Buffer> {
    const stream = createReadStream(this.#path(id), { start: offset, highWaterMark: chunkSize });
    for await (const chunk of stream) yield chunk as Buffer;
  }

  downloadUrl(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  async remove(id: string): Promise<void> {
    await rm(this.#path(id), { force: true });
  }

  async check(): Promise<string | undefined> {
    try {
      await mkdir(this.#dir, { recursive: true });
      const s = await stat(this.#dir);
      return s.isDirectory() ? undefined : `export directory ${this.#dir} is not a directory`;
    } catch (err) {
      return `export directory ${this.#dir}: ${(err as Error).message}`;
    }
  }
}

class DirectoryFileWriter implements ExportFileWriter {
  readonly #handle: FileHandle;
  #written: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(handle: FileHandle, size: number) {
    this.#handle = handle;
    this.#written = size;
  }

  get size(): number {
    return this.#written + this.#pendingBytes;
  }

  async append(data: Buffer): Promise<void> {
    this.#pending.push(data);
    this.#pendingBytes += data.length;
    if (this.#pendingBytes >= WRITE_BUFFER_BYTES) await this.#drain();
  }

  async #drain(): Promise<void> {
    if (this.#pendingBytes === 0) return;
    const data = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await this.#handle.write(data, done, data.length - done, this.#written + done);
      done += bytesWritten;
    }
    this.#written += data.length;
  }

  async flush(): Promise<{ durable: boolean }> {
    await this.#drain();
    await this.#handle.datasync();
    return { durable: true };
  }

  async truncate(size: number): Promise<void> {
    await this.#drain();
    await this.#handle.truncate(size);
    this.#written = size;
  }

  async complete(): Promise<{ size: number; sha256: Buffer }> {
    await this.flush();
    // A run that lost its job may have written past the end in the meantime: the file is the first `size` bytes.
    await this.#handle.truncate(this.#written);
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(1 << 20);
    for (let at = 0; at < this.#written;) {
      const { bytesRead } = await this.#handle.read(chunk, 0, Math.min(chunk.length, this.#written - at), at);
      if (bytesRead === 0) throw new Error('export file ended before its size');
      hash.update(chunk.subarray(0, bytesRead));
      at += bytesRead;
    }
    return { size: this.#written, sha256: hash.digest() };
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }
}
