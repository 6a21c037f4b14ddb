import { createHash, randomUUID } from 'node:crypto';
import { HeadObjectCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import {
  MIN_PART_BYTES,
  ObjectStoreExportFiles,
  s3ClientOf,
  type ObjectUploadState,
} from '../../services/export-worker/storage/object-store-files.ts';
import type { ExportFiles, ExportFileWriter } from '../../services/export-worker/storage/export-files.ts';
import { freePort, rejectionOf, spawnComponent } from '../support/processes.ts';
import { onPath, startMoto, startS3rver, type S3Server } from '../support/s3-servers.ts';

/**
 * The object-store export files against real S3-compatible servers: s3rver always, moto's server when it is on
 * PATH. A "run" here does what run-export does with a writer (append pages, flush every so many bytes, keep the
 * state of each durable flush as its checkpoint, truncate, complete), and a run that is killed simply stops using
 * its writer. Every file must come out as the one byte stream, byte for byte.
 */
const MiB = 1024 * 1024;
const PART_BYTES = MIN_PART_BYTES;
const TOTAL = 4 * PART_BYTES + 3 * MiB + 4321;

/** The file every run of an operation writes: pseudo-random bytes from a counter. */
const STREAM = (() => {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < TOTAL; i++)
    blocks.push(createHash('sha256').update(`block ${i}`).digest());
  return Buffer.concat(blocks).subarray(0, TOTAL);
})();

/** Page boundaries, fixed by the stream as a source's cursors are: 20 KiB to 400 KiB apart. */
const PAGES = (() => {
  const ends: number[] = [];
  for (let at = 0, i = 0; at < TOTAL; i++) {
    at = Math.min(TOTAL, at + 20 * 1024 + (STREAM.readUInt32BE((i * 4) % (TOTAL - 4)) % (380 * 1024)));
    ends.push(at);
  }
  return ends;
})();

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const FULL_SHA256 = Buffer.from(sha256(STREAM), 'hex');

interface Checkpoint {
  size: number;
  state?: unknown;
}

/**
 * run-export's use of a writer: a page at a time from where it starts, a flush once `checkpointBytes` were written
 * since the last durable one, whose state is the checkpoint. A run that is killed simply stops here.
 */
class Run {
  readonly writer: ExportFileWriter;
  readonly checkpoints: Checkpoint[] = [];
  readonly #checkpointBytes: number;
  #since = 0;

  private constructor(writer: ExportFileWriter, checkpointBytes: number) {
    this.writer = writer;
    this.#checkpointBytes = checkpointBytes;
  }

  static async open(files: ExportFiles, id: string, from?: Checkpoint, checkpointBytes = MiB): Promise<Run> {
    const at = from ?? { size: 0 };
    const writer = await files.openForWrite(id, at);
    expect(writer.size).to.equal(at.size);
    return new Run(writer, checkpointBytes);
  }

  get size(): number {
    return this.writer.size;
  }

  /** Writes the next page; false at the end of the file. */
  async step(): Promise<boolean> {
    const end = PAGES.find((e) => e > this.writer.size);
    if (end === undefined) return false;
    const start = this.writer.size;
    await this.writer.append(STREAM.subarray(start, end));
    this.#since += end - start;
    if (this.#since >= this.#checkpointBytes) {
      const flushed = await this.writer.flush();
      if (flushed.durable) {
        this.checkpoints.push({ size: this.writer.size, state: flushed.state });
        this.#since = 0;
      }
    }
    return true;
  }

  /** Writes pages until the file holds at least `size` bytes (where a kill stops it). */
  async writeUntil(size: number): Promise<void> {
    while (this.writer.size < size && (await this.step()));
  }

  /** Writes the pages that end at or before `limit` (the page after would exceed the limits). */
  async writeBefore(limit: number): Promise<void> {
    for (let end; (end = PAGES.find((e) => e > this.writer.size)) !== undefined && end <= limit;)
      await this.step();
  }

  async finish(): Promise<{ size: number; sha256: Buffer }> {
    while (await this.step());
    const result = await this.writer.complete();
    await this.writer.close();
    return result;
  }
}

/** Byte ranges [start, end) of the parts a checkpoint's state names. */
function partRanges(checkpoint: Checkpoint): [number, number][] {
  let start = 0;
  return (checkpoint.state as ObjectUploadState).parts.map((p) => {
    start += p.size;
    return [start - p.size, start];
  });
}

async function contentOf(files: ExportFiles, id: string, offset = 0, chunk = 1 * MiB): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of files.read(id, offset, chunk)) chunks.push(c);
  return Buffer.concat(chunks);
}

async function uploadsOf(client: S3Client, bucket: string, key: string): Promise<string[]> {
  const { Uploads } = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: key }));
  return (Uploads ?? []).filter((u) => u.Key === key).map((u) => u.UploadId!);
}

const servers: { name: string; start: () => Promise<S3Server> }[] = [{ name: 's3rver', start: startS3rver }];
if (onPath('moto_server')) servers.push({ name: 'moto', start: startMoto });
else console.log('    (moto_server is not on PATH: the object-store tests run against s3rver only)');

for (const { name, start } of servers) {
  describe(`export files in an object store (${name})`, function () {
    let server: S3Server;
    let client: S3Client;
    let files: ObjectStoreExportFiles;
    const ids: string[] = [];
    const newId = () => {
      const id = randomUUID();
      ids.push(id);
      return id;
    };

    /**
     * S3 answers a part or a completion for an upload that is gone with 404 NoSuchUpload; moto 5 fails such a
     * request with a 500 (an unhandled KeyError; it answers ListParts and AbortMultipartUpload correctly).
     */
    const expectUploadGone = (error: Error) => {
      if (name === 'moto')
        expect((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).to.equal(
          500,
        );
      else expect(error.name).to.equal('NoSuchUpload');
    };

    /** A file written in one run, for the reading tests. */
    let straight: string;

    before(async () => {
      server = await start();
      client = s3ClientOf({
        bucket: server.bucket,
        prefix: 'exports/',
        region: 'us-east-1',
        endpoint: server.endpoint,
        forcePathStyle: true,
        partBytes: PART_BYTES,
        credentials: server.credentials,
      });
      files = new ObjectStoreExportFiles(client, {
        bucket: server.bucket,
        prefix: 'exports/',
        partBytes: PART_BYTES,
      });
      straight = newId();
      await (await Run.open(files, straight)).finish();
    });

    after(async () => {
      client?.destroy();
      await server?.stop();
    });

    it('writes a file in one run: the stream, its size and SHA-256', async () => {
      const id = newId();
      const r = await Run.open(files, id);
      const result = await r.finish();
      expect(r.checkpoints.length).to.be.at.least(3);
      expect(result.size).to.equal(TOTAL);
      expect(result.sha256.toString('hex')).to.equal(sha256(STREAM));
      expect((await contentOf(files, id)).equals(STREAM)).to.be.true;
      const head = await client.send(
        new HeadObjectCommand({ Bucket: server.bucket, Key: `exports/${id}.csv` }),
      );
      expect(head.ContentLength).to.equal(TOTAL);
      expect(await uploadsOf(client, server.bucket, `exports/${id}.csv`)).to.deep.equal([]);
    });

    it('writes the same file across runs killed mid-way, each resumed from the last checkpoint', async () => {
      const id = newId();
      let from: Checkpoint | undefined;
      let beyond = 0;
      // Killed past parts uploaded after the last checkpoint, and between checkpoints.
      for (const killAt of [PART_BYTES + 2 * MiB, 2 * PART_BYTES + 300 * 1024, 3 * PART_BYTES + 4 * MiB]) {
        const r = await Run.open(files, id, from, 3 * MiB);
        await r.writeUntil(killAt);
        from = r.checkpoints.at(-1) ?? from;
        beyond = Math.max(beyond, r.size - from!.size);
      }
      expect(beyond, 'a killed run wrote well past its last checkpoint').to.be.greaterThan(2 * MiB);
      const result = await (await Run.open(files, id, from, 3 * MiB)).finish();
      expect(result.size).to.equal(TOTAL);
      expect(result.sha256).to.deep.equal(FULL_SHA256);
      expect((await contentOf(files, id)).equals(STREAM)).to.be.true;
    });

    it('resumes from a checkpoint of a file already completed (killed before its completion was recorded)', async () => {
      const id = newId();
      const first = await Run.open(files, id);
      await first.finish();
      const result = await (await Run.open(files, id, first.checkpoints[1])).finish();
      expect(result.size).to.equal(TOTAL);
      expect(result.sha256).to.deep.equal(FULL_SHA256);
      expect((await contentOf(files, id)).equals(STREAM)).to.be.true;
      expect(await uploadsOf(client, server.bucket, `exports/${id}.csv`)).to.deep.equal([]);
    });

    it('a stale run writing on beside the run that took over changes nothing', async () => {
      const id = newId();
      // The stale run took checkpoints, lost its job, and keeps writing: the same pages, the same flushes.
      const stale = await Run.open(files, id);
      await stale.writeUntil(PART_BYTES + 3 * MiB);
      const live = await Run.open(files, id, stale.checkpoints.at(-1));
      // Leapfrogging: each uploads parts the other uploaded too.
      for (;;) {
        if (!(await live.step())) break;
        if (live.size > stale.size) await stale.step();
      }
      const result = await live.writer.complete();
      expect(result.sha256).to.deep.equal(FULL_SHA256);
      expect(stale.checkpoints.length, 'the stale run took checkpoints beside the live one').to.be.at.least(
        3,
      );
      // Reaching its end, the stale run finds the upload gone: it can neither complete nor change the object.
      expectUploadGone(await rejectionOf(stale.finish()));
      expect((await contentOf(files, id)).equals(STREAM)).to.be.true;
    });

    it('a stale run that completes first: the live run fails, and its retry completes the same file', async () => {
      const id = newId();
      const live = await Run.open(files, id);
      await live.writeUntil(2 * PART_BYTES + MiB);
      const stale = await Run.open(files, id, live.checkpoints[0]);
      expect((await stale.finish()).sha256).to.deep.equal(FULL_SHA256);
      expectUploadGone(await rejectionOf(live.finish()));
      const retry = await (await Run.open(files, id, live.checkpoints.at(-1))).finish();
      expect(retry.sha256).to.deep.equal(FULL_SHA256);
      expect((await contentOf(files, id)).equals(STREAM)).to.be.true;
      expect(await uploadsOf(client, server.bucket, `exports/${id}.csv`)).to.deep.equal([]);
    });

    describe('truncation', () => {
      // Where the limits are reached; the file is cut back to a day's start before it.
      const LIMIT = 3 * PART_BYTES + 2 * MiB;
      const cases: {
        what: string;
        to: (parts: [number, number][], checkpoint: number, size: number) => number;
      }[] = [
        { what: 'inside an uploaded part', to: (parts) => parts[1]![0] + 1_234_567 },
        { what: 'inside the first part', to: () => 777 },
        { what: 'on a part boundary', to: (parts) => parts[1]![1] },
        { what: 'inside the bytes not uploaded yet', to: (_, checkpoint) => checkpoint + 100 },
      ];
      for (const c of cases) {
        it(`cuts the file back ${c.what}`, async () => {
          const id = newId();
          const r = await Run.open(files, id);
          await r.writeBefore(LIMIT);
          const last = r.checkpoints.at(-1)!;
          const parts = partRanges(last);
          expect(parts.length).to.be.at.least(3);
          const to = c.to(parts, last.size, r.size);
          expect(to).to.be.below(r.size);
          await r.writer.truncate(to);
          const result = await r.writer.complete();
          expect(result.size).to.equal(to);
          expect(result.sha256.toString('hex')).to.equal(sha256(STREAM.subarray(0, to)));
          expect((await contentOf(files, id)).equals(STREAM.subarray(0, to))).to.be.true;
          expect(await uploadsOf(client, server.bucket, `exports/${id}.csv`)).to.deep.equal([]);
        });
      }

      it('a run resumed past the cut after the truncated file was completed ends with the same file', async () => {
        const id = newId();
        const first = await Run.open(files, id);
        await first.writeBefore(LIMIT);
        const late = first.checkpoints.at(-1)!;
        const to = partRanges(late)[1]![0] + 1_000_001;
        await first.writer.truncate(to);
        const expected = await first.writer.complete();
        // Killed before the completion was recorded. The retry from the last checkpoint finds the upload gone and
        // the object shorter than its checkpoint: its flushes cannot be durable, and the same truncation rebuilds
        // the file from the object.
        const retry = await Run.open(files, id, late);
        await retry.writeBefore(LIMIT);
        expect(retry.checkpoints).to.deep.equal([]);
        await retry.writer.truncate(to);
        const result = await retry.writer.complete();
        expect(result).to.deep.equal(expected);
        expect((await contentOf(files, id)).equals(STREAM.subarray(0, to))).to.be.true;
      });
    });

    it('reads a file from an offset, in chunks of the size asked for', async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of files.read(straight, 12_345, 100_000)) chunks.push(chunk);
      expect(chunks.slice(0, -1).every((c) => c.length === 100_000)).to.be.true;
      expect(Buffer.concat(chunks).equals(STREAM.subarray(12_345))).to.be.true;
      expect(await contentOf(files, straight, TOTAL)).to.have.length(0);
      expect((await contentOf(files, straight, TOTAL - 10)).equals(STREAM.subarray(TOTAL - 10))).to.be.true;
      // A reader that stops early (a client gone) leaves nothing behind that would keep the test from ending.
      for await (const chunk of files.read(straight, 0, 1000)) {
        expect(chunk).to.have.length(1000);
        break;
      }
    });

    it('hands out a presigned URL that plain fetch downloads, with the file name and CSV type', async () => {
      const fileName = 'transactions-evm-2026-01-01-2026-01-02.csv';
      const url = await files.downloadUrl(straight, fileName, 600);
      expect(url).to.be.a('string');
      const response = await fetch(url!);
      expect(response.status).to.equal(200);
      // moto 5 ignores the response-content-* parameters of a GET; S3 and s3rver apply them.
      if (name !== 'moto') {
        expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
        expect(response.headers.get('content-disposition')).to.equal(`attachment; filename="${fileName}"`);
      }
      expect(Buffer.from(await response.arrayBuffer()).equals(STREAM)).to.be.true;
      const ranged = await fetch(url!, { headers: { Range: `bytes=${TOTAL - 100}-` } });
      expect(ranged.status).to.equal(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(STREAM.subarray(TOTAL - 100))).to.be.true;
    });

    it('refuses a checkpoint whose state does not match its size, or that has none', async () => {
      const id = newId();
      const r = await Run.open(files, id);
      await r.writeUntil(PART_BYTES + 2 * MiB);
      const checkpoint = r.checkpoints.at(-1)!;
      const state = checkpoint.state as ObjectUploadState;
      expect(state.parts.length).to.be.at.least(1);
      expect(
        (await rejectionOf(files.openForWrite(id, { size: checkpoint.size + 1, state }))).message,
      ).to.match(/do not add up/);
      expect((await rejectionOf(files.openForWrite(id, { size: 5 }))).message).to.match(/no upload state/);
      // A state that names parts beyond its size is cut back to it.
      const writer = await files.openForWrite(id, { size: state.parts[0]!.size, state });
      expect(writer.size).to.equal(state.parts[0]!.size);
      await writer.close();
    });

    it('removes a file and the upload still in progress for it', async () => {
      const id = newId();
      const r = await Run.open(files, id);
      await r.writeUntil(PART_BYTES + 2 * MiB);
      expect(r.checkpoints).to.not.be.empty;
      const key = `exports/${id}.csv`;
      expect(await uploadsOf(client, server.bucket, key)).to.have.length(1);
      await files.remove(id);
      expect(await uploadsOf(client, server.bucket, key)).to.deep.equal([]);
      await files.remove(straight);
      const error = await rejectionOf(
        client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: `exports/${straight}.csv` })),
      );
      expect(error.name).to.equal('NotFound');
    });

    it('check(): nothing when the bucket answers; what is wrong when it does not', async () => {
      expect(await files.check()).to.equal(undefined);
      const missing = new ObjectStoreExportFiles(client, {
        bucket: 'no-such-bucket',
        prefix: '',
        partBytes: PART_BYTES,
      });
      expect(await missing.check()).to.equal(
        'export bucket no-such-bucket: no such bucket (NotFound, HTTP 404)',
      );
      const closed = s3ClientOf({
        bucket: server.bucket,
        prefix: '',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${await freePort()}`,
        forcePathStyle: true,
        partBytes: PART_BYTES,
        credentials: server.credentials,
      });
      try {
        const unreachable = new ObjectStoreExportFiles(closed, {
          bucket: server.bucket,
          prefix: '',
          partBytes: PART_BYTES,
        });
        expect(await unreachable.check()).to.match(/^export bucket exports-test: .*ECONNREFUSED/);
      } finally {
        closed.destroy();
      }
    });
  });
}

describe('export-worker storage configuration', () => {
  const base = {
    DATABASE_URL: 'postgres://127.0.0.1:1/none',
    REDIS_URL: 'redis://127.0.0.1:1',
    OPS_HOST: '127.0.0.1',
  };
  const cases: [Record<string, string>, RegExp][] = [
    [
      { EXPORT_STORAGE: 's3' },
      /^chain-data export-worker: EXPORT_S3_BUCKET: is required while EXPORT_STORAGE is s3/,
    ],
    [{ EXPORT_STORAGE: 'gcs' }, /^chain-data export-worker: EXPORT_STORAGE: invalid value "gcs"/],
    [
      { EXPORT_STORAGE: 's3', EXPORT_S3_BUCKET: 'exports', EXPORT_S3_PART_BYTES: '1048576' },
      /^chain-data export-worker: EXPORT_S3_PART_BYTES: invalid value "1048576": expected an integer in \[5242880,/,
    ],
    [
      { EXPORT_STORAGE: 's3', EXPORT_S3_BUCKET: 'exports', EXPORT_S3_ENDPOINT: 'minio:9000' },
      /^chain-data export-worker: EXPORT_S3_ENDPOINT: invalid value "minio:9000": expected a URL \(http, https\)/,
    ],
    [
      { EXPORT_STORAGE: 's3', EXPORT_S3_BUCKET: 'exports', EXPORT_S3_FORCE_PATH_STYLE: 'yes' },
      /^chain-data export-worker: EXPORT_S3_FORCE_PATH_STYLE: invalid value "yes"/,
    ],
    [
      { EXPORT_STORAGE: 's3', EXPORT_S3_BUCKET: 'exports', EXPORT_S3_PREFIX: '/exports/' },
      /^chain-data export-worker: EXPORT_S3_PREFIX: invalid value "\/exports\/"/,
    ],
  ];
  for (const [env, expected] of cases) {
    it(`stops with one line: ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`, async () => {
      const spawned = spawnComponent('export-worker', {
        ...base,
        OPS_PORT: String(await freePort()),
        ...env,
      });
      expect(await spawned.exited).to.equal(2);
      const lines = spawned
        .output()
        .split('\n')
        .filter((l) => l.startsWith('chain-data export-worker:'));
      expect(lines).to.have.length(1);
      expect(lines[0]).to.match(expected);
    });
  }
});
