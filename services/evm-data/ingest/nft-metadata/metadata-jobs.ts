import { createHash, randomUUID } from 'node:crypto';
import { DelayedError, Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Logger } from '../../../runtime/logger.ts';
import { watchQueue, watchWorker } from '../../../runtime/telemetry/queue-metrics.ts';
import { Semaphore } from '../../../runtime/upstream/semaphore.ts';
import { fetchTokenMetadata, type ErcType, type MetadataOutcome } from './fetch-metadata.ts';
import { resolveTokenUri } from './token-uri.ts';

/**
 * The queue between discovering an NFT and knowing its metadata. Fetching a token's URI and document is slow
 * and at the mercy of third-party servers, so it runs here, off the indexing path, with its own concurrency.
 *
 * A job is a group of tokens of one chain: what a write batch discovered (up to TOKENS_PER_JOB), or one token a
 * client asked to reindex. A job costs a handful of Redis round trips and scripts whatever it carries, and its
 * tokens' URIs are asked in JSON-RPC batches and its results stored in one statement, so a mint of a thousand
 * tokens is ten jobs, not a thousand.
 */

export const NFT_METADATA_QUEUE = 'nft-metadata';

/** Tokens per `discovered` job: one statement stores them, their URIs take a few JSON-RPC batches. */
export const TOKENS_PER_JOB = 100;

export type JobReason = 'discovered' | 'reindex';

/** A token whose metadata is wanted. */
export interface NftToken {
  /** 0x-prefixed, lower-case. */
  contract: string;
  /** Decimal. */
  tokenId: string;
  ercType: ErcType;
}

/** What a caller asks for: one token's metadata, and why. */
export interface NftMetadataRequest extends NftToken {
  chainKey: string;
  reason: JobReason;
}

/** A job as queued. */
export interface NftMetadataJobData {
  chainKey: string;
  reason: JobReason;
  tokens: NftToken[];
  /** W3C trace context of the enqueuing span, so the fetch joins the trace that discovered the tokens. */
  traceparent?: string;
}

export type TokenUriResult = { kind: 'uri'; uri: string } | { kind: 'missing' };

export interface TokenUriReader {
  /**
   * Each token's URI (`tokenURI` / `uri`), in order, or 'missing' when its call reverted: the token does not exist
   * (or no longer does). Throws when the upstream node failed; the job is then retried.
   */
  tokenUris(chainKey: string, tokens: NftToken[]): Promise<TokenUriResult[]>;
}

export interface TokenMetadataResult {
  chainKey: string;
  contract: string;
  tokenId: string;
  /** As the contract returned it (before `{id}` substitution, NULs removed); empty for MISSING_TOKEN. */
  tokenUri: string;
  outcome: MetadataOutcome;
  fetchedAt: Date;
}

export interface MetadataStore {
  /** Stores the results of one job, all or none. */
  saveTokenMetadata(results: TokenMetadataResult[]): Promise<void>;
}

export interface NftMetadataJobsOptions {
  redisUrl: string;
  /** BullMQ key prefix, so deployments (and test runs) sharing one Redis do not see each other's jobs. */
  prefix: string;
  /** Jobs run at once, and metadata documents fetched at once across them. */
  concurrency: number;
  log: Logger;
  reader: TokenUriReader;
  store: MetadataStore;
  fetchOptions: { ipfsGatewayUrl: string; timeoutMs: number; maxBytes: number };
  /** First retry delay after an upstream failure, doubled on each later one. */
  backoffDelayMs?: number;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  /** Retries waiting out their backoff. */
  delayed: number;
  failed: number;
}

export const JOB_ATTEMPTS = 5;
const DEFAULT_BACKOFF_DELAY_MS = 2_000;

/**
 * A completed `discovered` job is what makes a second enqueuing of the same tokens a no-op, so completed jobs are
 * kept for a day (bounded by count so a mass mint cannot fill Redis). Failed jobs, which only an upstream node
 * that failed five times in a row leaves behind, are kept as long for inspection; a reindex still runs past them.
 */
const REMOVE_ON_COMPLETE = { age: 24 * 3600, count: 100_000 };
const REMOVE_ON_FAIL = { age: 24 * 3600, count: 10_000 };

const tracer = trace.getTracer('chain-data');

const CONTRACT = /^0x[0-9a-f]{40}$/;
const TOKEN_ID = /^(0|[1-9][0-9]*)$/;
const UINT256_MAX = (1n << 256n) - 1n;

const tokenKey = (t: NftToken) => `${t.contract}/${t.tokenId}`;

/**
 * BullMQ refuses custom ids containing ':' (it reserves them for repeatable jobs) and integer ids, so the parts
 * are joined with '/', which neither a chain key, an address nor a decimal id contains. A `discovered` id names
 * its first token and is fixed by its tokens (a digest of them when there are several), so the same tokens queued
 * again collapse into the job queued or retained; `reindex` ids carry the request time and a random part, so every
 * request runs.
 */
export function jobIdOf(data: NftMetadataJobData, requestedAt: Date = new Date()): string {
  const [first, ...rest] = data.tokens;
  const token = `${data.chainKey}/${tokenKey(first!)}`;
  if (data.reason === 'reindex')
    return `${token}/reindex/${requestedAt.getTime()}-${randomUUID().slice(0, 8)}`;
  if (rest.length === 0) return token;
  const digest = createHash('sha256').update(data.tokens.map(tokenKey).join(',')).digest('hex');
  return `${token}/+${rest.length}-${digest.slice(0, 16)}`;
}

/** Normalises the contract's case and rejects what would only fail later, in the worker. */
export function validRequest(request: NftMetadataRequest): NftMetadataRequest {
  const contract = request.contract.toLowerCase();
  if (request.chainKey === '' || /[/:]/.test(request.chainKey))
    throw new TypeError(`bad chain key ${request.chainKey}`);
  if (!CONTRACT.test(contract)) throw new TypeError(`bad contract address ${request.contract}`);
  if (!TOKEN_ID.test(request.tokenId) || BigInt(request.tokenId) > UINT256_MAX) {
    throw new TypeError(`bad token id ${request.tokenId}`);
  }
  return { ...request, contract };
}

/**
 * The jobs that carry `requests`: each reindex alone; discovered tokens once each, grouped by chain into jobs of
 * up to TOKENS_PER_JOB. Each job continues the trace `traceparent` names.
 */
export function jobsOf(requests: NftMetadataRequest[], traceparent?: string): NftMetadataJobData[] {
  const jobs: NftMetadataJobData[] = [];
  const traced = traceparent ? { traceparent } : {};
  const discovered = new Map<string, Map<string, NftToken>>();
  for (const request of requests) {
    const { chainKey, reason, contract, tokenId, ercType } = validRequest(request);
    const token = { contract, tokenId, ercType };
    if (reason === 'reindex') {
      jobs.push({ chainKey, reason, tokens: [token], ...traced });
      continue;
    }
    let chain = discovered.get(chainKey);
    if (!chain) discovered.set(chainKey, (chain = new Map<string, NftToken>()));
    chain.set(tokenKey(token), token);
  }
  for (const [chainKey, tokens] of discovered) {
    const all = [...tokens.values()];
    for (let i = 0; i < all.length; i += TOKENS_PER_JOB)
      jobs.push({
        chainKey,
        reason: 'discovered',
        tokens: all.slice(i, i + TOKENS_PER_JOB),
        ...traced,
      });
  }
  return jobs;
}

/** A job's data; a job queued by a version that queued one token a job carries its token at the top level. */
function jobData(
  data: NftMetadataJobData | (NftMetadataRequest & { tokens?: undefined; traceparent?: string }),
): NftMetadataJobData {
  if (data.tokens !== undefined) return data;
  const { chainKey, reason, contract, tokenId, ercType, traceparent } = data;
  return {
    chainKey,
    reason,
    tokens: [{ contract, tokenId, ercType }],
    ...(traceparent ? { traceparent } : {}),
  };
}

/** The active span's `traceparent`, if there is one. */
function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** How many tokens of a job ended with each index status. */
type StatusCounts = Partial<Record<MetadataOutcome['indexStatus'], number>>;

export class NftMetadataJobs {
  readonly #options: NftMetadataJobsOptions;
  readonly #queue: Queue<NftMetadataJobData>;
  readonly #jobOptions: JobsOptions;
  /** Document fetches in flight, across the jobs running. */
  readonly #fetches: Semaphore;
  #worker: Worker<NftMetadataJobData, StatusCounts> | undefined;
  /** Set while jobs wait (see wait): what the jobs taken meanwhile wait for, and what lets them go. */
  #held: { until: Promise<'go' | 'closing'>; release(how: 'go' | 'closing'): void } | undefined;
  #closing: Promise<void> | undefined;
  readonly #unwatchQueue: () => void;

  constructor(options: NftMetadataJobsOptions) {
    this.#options = options;
    this.#fetches = new Semaphore(options.concurrency);
    this.#queue = new Queue<NftMetadataJobData>(NFT_METADATA_QUEUE, {
      connection: { url: options.redisUrl },
      prefix: options.prefix,
    });
    // Without a listener an 'error' event (Redis restarting) would crash the process; ioredis reconnects itself.
    this.#queue.on('error', (err) => options.log.warn({ err }, 'nft-metadata queue: Redis error'));
    this.#unwatchQueue = watchQueue(this.#queue);
    this.#jobOptions = {
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffDelayMs ?? DEFAULT_BACKOFF_DELAY_MS },
      removeOnComplete: REMOVE_ON_COMPLETE,
      removeOnFail: REMOVE_ON_FAIL,
    };
  }

  /** Queues the requests' jobs (see jobsOf) in one round trip. */
  async enqueue(requests: NftMetadataRequest[]): Promise<void> {
    // Read synchronously, before any await, while the caller's context is surely still the active one.
    const jobs = jobsOf(requests, currentTraceparent());
    const requestedAt = new Date();
    const bulk = jobs.map((data) => ({
      name: data.reason,
      data,
      opts: { ...this.#jobOptions, jobId: jobIdOf(data, requestedAt) },
    }));
    if (bulk.length > 0) await this.#queue.addBulk(bulk);
  }

  /**
   * Starts processing. Returns at once: the worker connects (and reconnects) on its own, reporting Redis errors
   * through the log, so a Redis that is late to start delays the jobs, not the component.
   */
  start(): void {
    if (this.#worker) return;
    const { redisUrl, prefix, concurrency, log } = this.#options;
    const worker = new Worker<NftMetadataJobData, StatusCounts>(
      NFT_METADATA_QUEUE,
      (job, token) => this.#process(job, token),
      // A blocking connection must wait for Redis indefinitely rather than fail its command.
      { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency },
    );
    worker.on('error', (err) => log.warn({ err }, 'nft-metadata worker: Redis error'));
    watchWorker(worker);
    worker.on('failed', (job, err) => {
      const attempts = job?.attemptsMade ?? 0;
      const final = attempts >= (job?.opts.attempts ?? 1);
      log[final ? 'error' : 'warn']({ err, jobId: job?.id, attempts }, 'nft-metadata job failed');
    });
    this.#worker = worker;
  }

  /**
   * Holds the jobs (the ones running finish; the next ones taken wait, up to `concurrency` of them, the rest stay
   * queued), or lets them go on: ingestion catching up on a backlog comes first, since the jobs compete with it for
   * the same CPU, upstream nodes and database. A job held when the worker closes goes back to the queue as it was.
   */
  wait(waiting: boolean): void {
    if (waiting === (this.#held !== undefined) || this.#closing) return;
    this.#options.log.info(
      waiting
        ? 'NFT metadata jobs wait while ingestion catches up'
        : 'NFT metadata jobs go on: ingestion is at the head',
    );
    if (!waiting) {
      this.#held!.release('go');
      this.#held = undefined;
      return;
    }
    let release!: (how: 'go' | 'closing') => void;
    const until = new Promise<'go' | 'closing'>((resolve) => (release = resolve));
    this.#held = { until, release };
  }

  /** Lets active jobs finish, then disconnects: the worker first, so nothing is taken that cannot be finished. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#held?.release('closing');
      await this.#worker?.close();
      this.#unwatchQueue();
      await this.#queue.close();
    })();
    return this.#closing;
  }

  async counts(): Promise<QueueCounts> {
    const counts = await this.#queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    return {
      waiting: counts.waiting ?? 0,
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  async #process(job: Job<NftMetadataJobData>, token: string | undefined): Promise<StatusCounts> {
    for (let held = this.#held; held; held = this.#held) {
      if ((await held.until) === 'go') continue;
      // Back to the queue as it was, no attempt spent: whoever runs the queue next runs it.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    const data = jobData(job.data);
    const parent = propagation.extract(
      ROOT_CONTEXT,
      data.traceparent ? { traceparent: data.traceparent } : {},
    );
    const [first] = data.tokens;
    const attributes = {
      'messaging.system': 'bullmq',
      'messaging.destination.name': NFT_METADATA_QUEUE,
      'messaging.message.id': job.id ?? '',
      'chain_data.chain_key': data.chainKey,
      'nft.token_count': data.tokens.length,
      'nft.attempt': job.attemptsMade + 1,
      // A job of one token (a reindex) names it.
      ...(data.tokens.length === 1
        ? { 'nft.contract': first!.contract, 'nft.token_id': first!.tokenId }
        : {}),
    };
    return tracer.startActiveSpan(
      'nft-metadata fetch',
      { kind: SpanKind.CONSUMER, attributes },
      parent,
      async (span) => {
        try {
          const statuses = await this.#fetchAndStore(data);
          for (const [status, count] of Object.entries(statuses))
            span.setAttribute(`nft.index_status.${status}`, count);
          return statuses;
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  }

  /** Throws only for upstream or store failures, which are worth a retry; the tokens' own faults are statuses. */
  async #fetchAndStore({ chainKey, tokens }: NftMetadataJobData): Promise<StatusCounts> {
    const { reader, store, fetchOptions, log } = this.#options;
    const uris = await reader.tokenUris(chainKey, tokens);
    const results = await Promise.all(
      tokens.map(async ({ contract, tokenId, ercType }, i): Promise<TokenMetadataResult> => {
        const read = uris[i]!;
        let tokenUri = '';
        let outcome: MetadataOutcome;
        if (read.kind === 'missing') {
          outcome = { indexStatus: 'MISSING_TOKEN', reason: 'the token URI call reverted' };
        } else {
          // Contracts NUL-pad fixed-size strings, and PostgreSQL text rejects NUL: stored as it would be used.
          tokenUri = read.uri.replaceAll('\0', '').toWellFormed();
          const resolved = resolveTokenUri(tokenUri, BigInt(tokenId), fetchOptions);
          const release = resolved.kind === 'http' ? await this.#fetches.acquire() : undefined;
          try {
            outcome = await fetchTokenMetadata(resolved, { ...fetchOptions, ercType });
          } finally {
            release?.();
          }
        }
        return { chainKey, contract, tokenId, tokenUri, outcome, fetchedAt: new Date() };
      }),
    );
    await store.saveTokenMetadata(results);
    const statuses: StatusCounts = {};
    for (const { contract, tokenId, outcome } of results) {
      statuses[outcome.indexStatus] = (statuses[outcome.indexStatus] ?? 0) + 1;
      if (outcome.reason !== undefined)
        log.debug(
          { chainKey, contract, tokenId, indexStatus: outcome.indexStatus, reason: outcome.reason },
          'token metadata not indexed',
        );
    }
    return statuses;
  }
}
