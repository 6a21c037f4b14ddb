import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { Redis } from 'ioredis';
import { createLogger } from '../../services/runtime/logger.ts';
import { Queue } from 'bullmq';
import {
  jobIdOf,
  jobsOf,
  NFT_METADATA_QUEUE,
  NftMetadataJobs,
  TOKENS_PER_JOB,
  type MetadataStore,
  type NftMetadataRequest,
  type NftToken,
  type TokenMetadataResult,
  type TokenUriReader,
  type TokenUriResult,
} from '../../services/evm-data/ingest/nft-metadata/metadata-jobs.ts';
import { eventually, freePort } from '../support/processes.ts';

const CHAIN = '43114';
const CONTRACT = '0x' + 'ab'.repeat(20);

/** REDIS_URL, else the usual local Redis, else a redis-server of our own (as `chain-data up` does). */
async function redisForTest(): Promise<{ url: string; child?: ChildProcess }> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await answers(url)) return { url };
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  child.on('error', () => {}); // not installed: the wait below fails with the URL in its message
  const local = `redis://127.0.0.1:${port}`;
  await eventually(() => answers(local), 10_000, `redis-server at ${local}`);
  return { url: local, child };
}

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Serves /token/<id>.json; a token's document carries a version the test bumps to see a reindex. */
class TokenServer {
  readonly server: Server;
  readonly versions = new Map<string, number>();
  readonly requests = new Map<string, number>();

  constructor() {
    this.server = createServer((req, res) => {
      const path = req.url ?? '/';
      this.requests.set(path, (this.requests.get(path) ?? 0) + 1);
      const id = /^\/token\/([0-9a-f]+)\.json$/.exec(path)?.[1];
      if (id === undefined) {
        res.writeHead(404).end();
        return;
      }
      const version = this.versions.get(id) ?? 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: `Token ${id} v${version}`, attributes: [{ version }], decimals: 0 }));
    });
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** tokenURI as a contract would answer it: a URI on the test server, a revert, or an upstream failure. */
class FakeReader implements TokenUriReader {
  readonly calls = new Map<string, number>();
  /** The tokens of each tokenUris call. */
  readonly batches: string[][] = [];
  readonly missing = new Set<string>();
  readonly failOnce = new Set<string>();
  base = '';

  tokenUris(chainKey: string, tokens: NftToken[]): Promise<TokenUriResult[]> {
    assert.equal(chainKey, CHAIN);
    this.batches.push(tokens.map((t) => t.tokenId));
    let failed = false;
    const results = tokens.map(({ contract, tokenId, ercType }): TokenUriResult => {
      assert.equal(contract, CONTRACT);
      this.calls.set(tokenId, (this.calls.get(tokenId) ?? 0) + 1);
      if (this.failOnce.delete(tokenId)) failed = true;
      if (this.missing.has(tokenId)) return { kind: 'missing' };
      // ERC-1155 answers one URI for all tokens, with {id} for the client to fill in.
      const uri =
        ercType === 'ERC-1155' ? `${this.base}/token/{id}.json` : `${this.base}/token/${tokenId}.json`;
      return { kind: 'uri', uri };
    });
    return failed ? Promise.reject(new Error('upstream node unavailable')) : Promise.resolve(results);
  }
}

class MemoryStore implements MetadataStore {
  readonly saved: TokenMetadataResult[] = [];
  saves = 0;

  saveTokenMetadata(results: TokenMetadataResult[]): Promise<void> {
    this.saves++;
    this.saved.push(...results);
    return Promise.resolve();
  }

  of(tokenId: string): TokenMetadataResult[] {
    return this.saved.filter((r) => r.tokenId === tokenId);
  }
}

function job(tokenId: string, overrides: Partial<NftMetadataRequest> = {}): NftMetadataRequest {
  return {
    chainKey: CHAIN,
    contract: CONTRACT,
    tokenId,
    ercType: 'ERC-721',
    reason: 'discovered',
    ...overrides,
  };
}

/** The id of the job that carries `requests`, made of them alone. */
const idOf = (...requests: NftMetadataRequest[]) => jobIdOf(jobsOf(requests)[0]!);

describe('nft metadata jobs (BullMQ on Redis)', function () {
  this.timeout(60_000);

  const prefix = `test-nft-metadata-${process.pid}-${Date.now()}`;
  const server = new TokenServer();
  const reader = new FakeReader();
  const store = new MemoryStore();
  const spans = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
  let redis: { url: string; child?: ChildProcess };
  let jobs: NftMetadataJobs;

  const saved = (tokenId: string, count = 1) =>
    eventually(() => store.of(tokenId).length >= count, 20_000, `${count} result(s) for token ${tokenId}`);

  before(async () => {
    // Process-wide OpenTelemetry state, undone in after(): a propagator for traceparent, a provider to see spans.
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    context.setGlobalContextManager(new StackContextManager().enable());
    redis = await redisForTest();
    reader.base = await server.listen();
    jobs = new NftMetadataJobs({
      redisUrl: redis.url,
      prefix,
      concurrency: 4,
      log: createLogger('nft-metadata-test', 'silent'),
      reader,
      store,
      fetchOptions: { ipfsGatewayUrl: 'http://127.0.0.1:1', timeoutMs: 5_000, maxBytes: 1024 * 1024 },
      backoffDelayMs: 50,
    });
    jobs.start();
  });

  after(async () => {
    await jobs?.close();
    await server.close();
    if (redis) {
      const client = new Redis(redis.url);
      try {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
        assert.deepEqual(await client.keys(`${prefix}*`), []);
      } finally {
        await client.quit();
      }
      redis.child?.kill();
    }
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('fetches and stores the metadata of discovered tokens', async () => {
    await jobs.enqueue([job('1'), job('2', { ercType: 'ERC-1155' })]);
    await saved('1');
    await saved('2');
    const [first] = store.of('1');
    assert.equal(first?.chainKey, CHAIN);
    assert.equal(first?.contract, CONTRACT);
    assert.equal(first?.tokenUri, `${reader.base}/token/1.json`);
    assert.deepEqual(first?.outcome, {
      indexStatus: 'INDEXED',
      name: 'Token 1 v1',
      attributes: '[{"version":1}]',
    });
    assert.ok(first.fetchedAt instanceof Date);
    const [erc1155] = store.of('2');
    const hexId = '2'.padStart(64, '0');
    assert.equal(erc1155?.tokenUri, `${reader.base}/token/{id}.json`);
    assert.deepEqual(erc1155?.outcome, { indexStatus: 'INDEXED', name: `Token ${hexId} v1`, decimals: 0 });
  });

  it('queues a token discovered twice once', async () => {
    assert.equal(idOf(job('3')), `${CHAIN}/${CONTRACT}/3`);
    await jobs.enqueue([job('3'), job('3')]);
    await jobs.enqueue([job('3')]);
    await saved('3');
    // Again after it ran: the completed job is retained, so this is still a duplicate.
    await jobs.enqueue([job('3')]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(store.of('3').length, 1);
    assert.equal(server.requests.get('/token/3.json'), 1);
    assert.equal(reader.calls.get('3'), 1);
  });

  it('groups the tokens discovered together into jobs of up to TOKENS_PER_JOB: their URIs asked at once, their results stored at once', async () => {
    const ids = Array.from({ length: TOKENS_PER_JOB + 2 }, (_, i) => String(1000 + i));
    const grouped = jobsOf(ids.map((id) => job(id)));
    assert.deepEqual(
      grouped.map((g) => g.tokens.length),
      [TOKENS_PER_JOB, 2],
    );
    // A group's id is fixed by its tokens: the same group queued again is the same job.
    const first = jobIdOf(grouped[0]!);
    assert.match(first, new RegExp(`^${CHAIN}/${CONTRACT}/1000/\\+${TOKENS_PER_JOB - 1}-[0-9a-f]{16}$`));
    assert.equal(jobIdOf(jobsOf(ids.map((id) => job(id)))[0]!), first);
    assert.notEqual(jobIdOf(jobsOf(ids.slice(1).map((id) => job(id)))[0]!), first);

    const batchesBefore = reader.batches.length;
    const savesBefore = store.saves;
    await jobs.enqueue(ids.map((id) => job(id)));
    await eventually(() => ids.every((id) => store.of(id).length === 1), 20_000, 'every token stored');
    assert.deepEqual(
      reader.batches
        .slice(batchesBefore)
        .map((b) => b.length)
        .sort((a, b) => a - b),
      [2, TOKENS_PER_JOB],
    );
    assert.equal(store.saves - savesBefore, 2);
    assert.ok(ids.every((id) => store.of(id)[0]?.outcome.indexStatus === 'INDEXED'));
  });

  it('runs a job queued with one token at the top level (as an earlier version queued them)', async () => {
    const queue = new Queue(NFT_METADATA_QUEUE, { connection: { url: redis.url }, prefix });
    try {
      await queue.add(
        'discovered',
        { chainKey: CHAIN, contract: CONTRACT, tokenId: '8', ercType: 'ERC-721', reason: 'discovered' },
        { jobId: `${CHAIN}/${CONTRACT}/8`, removeOnComplete: true },
      );
    } finally {
      await queue.close();
    }
    await saved('8');
    assert.equal(store.of('8')[0]?.outcome.indexStatus, 'INDEXED');
  });

  it('runs a reindex of a token already fetched', async () => {
    server.versions.set('1', 2);
    const reindex = job('1', { reason: 'reindex' });
    assert.match(idOf(reindex), new RegExp(`^${CHAIN}/${CONTRACT}/1/reindex/\\d+-[0-9a-f]{8}$`));
    assert.notEqual(idOf(reindex), idOf(reindex));
    // Each reindex of one enqueue is a job of its own.
    assert.equal(jobsOf([reindex, reindex]).length, 2);
    await jobs.enqueue([reindex]);
    await saved('1', 2);
    assert.equal(store.of('1')[1]?.outcome.name, 'Token 1 v2');
    // A second request right away is another job, not a duplicate of the first.
    await jobs.enqueue([job('1', { reason: 'reindex' })]);
    await saved('1', 3);
  });

  it('retries when the upstream node fails, storing nothing for the failed attempt', async () => {
    reader.failOnce.add('4');
    await jobs.enqueue([job('4')]);
    await saved('4');
    assert.equal(reader.calls.get('4'), 2);
    assert.equal(store.of('4').length, 1);
    assert.equal(store.of('4')[0]?.outcome.indexStatus, 'INDEXED');
  });

  it('stores MISSING_TOKEN when the token URI call reverts', async () => {
    reader.missing.add('5');
    await jobs.enqueue([job('5')]);
    await saved('5');
    const [missing] = store.of('5');
    assert.equal(missing?.tokenUri, '');
    assert.equal(missing?.outcome.indexStatus, 'MISSING_TOKEN');
    assert.equal(server.requests.get('/token/5.json'), undefined);
  });

  it('continues the enqueuing trace in the worker', async () => {
    const tracer = trace.getTracer('nft-metadata-test');
    const parent = tracer.startSpan('discover');
    await context.with(trace.setSpan(ROOT_CONTEXT, parent), () => jobs.enqueue([job('6')]));
    parent.end();
    await saved('6');
    await eventually(
      () => spans.getFinishedSpans().some((s) => s.attributes['nft.token_id'] === '6'),
      5_000,
      'the worker span',
    );
    const span = spans.getFinishedSpans().find((s) => s.attributes['nft.token_id'] === '6');
    assert.equal(span?.name, 'nft-metadata fetch');
    assert.equal(span.spanContext().traceId, parent.spanContext().traceId);
    assert.equal(span.parentSpanContext?.spanId, parent.spanContext().spanId);
    assert.equal(span.attributes['nft.token_count'], 1);
    assert.equal(span.attributes['nft.index_status.INDEXED'], 1);
  });

  it('holds its jobs while told to wait (ingestion catching up), and runs them once let go', async () => {
    jobs.wait(true);
    await jobs.enqueue([job('9')]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(store.of('9').length, 0);
    // Taken, and waiting in the worker.
    assert.equal((await jobs.counts()).active, 1);
    jobs.wait(false);
    await saved('9');
  });

  it('puts a job it holds back in the queue when it closes, no attempt spent, for the next worker to run', async () => {
    const options = {
      redisUrl: redis.url,
      prefix: `${prefix}-closing`,
      concurrency: 2,
      log: createLogger('nft-metadata-test', 'silent'),
      reader,
      store,
      fetchOptions: { ipfsGatewayUrl: 'http://127.0.0.1:1', timeoutMs: 5_000, maxBytes: 1024 * 1024 },
      backoffDelayMs: 50,
    };
    const first = new NftMetadataJobs(options);
    first.start();
    first.wait(true);
    await first.enqueue([job('10')]);
    await eventually(async () => (await first.counts()).active === 1, 10_000, 'the job to be taken');
    await first.close();
    const second = new NftMetadataJobs(options);
    try {
      const counts = await second.counts();
      assert.equal(counts.failed, 0);
      assert.equal(counts.waiting + counts.delayed, 1);
      assert.equal(store.of('10').length, 0);
      second.start();
      await saved('10');
      assert.equal(reader.calls.get('10'), 1);
    } finally {
      await second.close();
    }
  });

  it('reports queue counts', async () => {
    assert.deepEqual(await jobs.counts(), { waiting: 0, active: 0, delayed: 0, failed: 0 });
  });

  it('rejects malformed job data before queueing', async () => {
    await assert.rejects(jobs.enqueue([job('1', { contract: '0x1234' })]), TypeError);
    await assert.rejects(jobs.enqueue([job('01')]), TypeError);
    await assert.rejects(jobs.enqueue([job('1', { chainKey: 'a:b' })]), TypeError);
    await jobs.enqueue([job('7', { contract: CONTRACT.toUpperCase().replace('0X', '0x') })]);
    await saved('7');
    assert.equal(store.of('7')[0]?.contract, CONTRACT);
  });
});
