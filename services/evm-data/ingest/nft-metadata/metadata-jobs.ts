import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Logger } from '../../../runtime/logger.ts';
import { watchQueue, watchWorker } from '../../../runtime/telemetry/queue-metrics.ts';
import { fetchTokenMetadata, type ErcType, type MetadataOutcome } from './fetch-metadata.ts';
import { resolveTokenUri } from './token-uri.ts';

/**
 * The queue between discovering an NFT and knowing its metadata. Fetching a token's URI and document is slow
 * and at the mercy of third-party servers, so it runs here, off the indexing path, with its own concurrency.
 */

export const NFT_METADATA_QUEUE = 'nft-metadata';

export type JobReason = 'discovered' | 'reindex';

export interface NftMetadataJobData {
  chainKey: string;
  /** 0x-prefixed, lower-case. */
  contract: string;
  /** Decimal. */
  tokenId: string;
  ercType: ErcType;
  reason: JobReason;
  /** W3C trace context of the enqueuing span, so the fetch joins the trace that discovered the token. */
  traceparent?: string;
}

export type TokenUriResult = { kind: 'uri'; uri: string } | { kind: 'missing' };

export interface TokenUriReader {
  /**
   * The token's URI (`tokenURI` / `uri`), or 'missing' when the call reverted: the token does not exist (or no
   * longer does). Throws when the upstream node failed; the job is then retried.
   */
  tokenUri(chainKey: string, contract: string, tokenId: string, ercType: ErcType): Promise<TokenUriResult>;
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
  saveTokenMetadata(result: TokenMetadataResult): Promise<void>;
}

export interface NftMetadataJobsOptions {
  redisUrl: string;
  /** BullMQ key prefix, so deployments (and test runs) sharing one Redis do not see each other's jobs. */
  prefix: string;
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
 * A completed `discovered` job is what makes a second discovery of the same token a no-op, so completed jobs are
 * kept for a day (bounded by count so a mass mint cannot fill Redis). Failed jobs, which only an upstream node
 * that failed five times in a row leaves behind, are kept as long for inspection; a reindex still runs past them.
 */
const REMOVE_ON_COMPLETE = { age: 24 * 3600, count: 100_000 };
const REMOVE_ON_FAIL = { age: 24 * 3600, count: 10_000 };

const tracer = trace.getTracer('chain-data');

const CONTRACT = /^0x[0-9a-f]{40}$/;
const TOKEN_ID = /^(0|[1-9][0-9]*)$/;
const UINT256_MAX = (1n << 256n) - 1n;

/**
 * BullMQ refuses custom ids containing ':' (it reserves them for repeatable jobs) and integer ids, so the parts
 * are joined with '/', which neither a chain key, an address nor a decimal id contains. `discovered` ids are one
 * per token, so duplicates collapse while the first job is queued or retained; `reindex` ids carry the request
 * time and a random part, so every request runs.
 */
export function jobIdOf(data: NftMetadataJobData, requestedAt: Date = new Date()): string {
  const token = `${data.chainKey}/${data.contract}/${data.tokenId}`;
  if (data.reason === 'discovered') return token;
  return `${token}/reindex/${requestedAt.getTime()}-${randomUUID().slice(0, 8)}`;
}

/** Normalises the contract's case and rejects what would only fail later, in the worker. */
export function validJobData(data: NftMetadataJobData): NftMetadataJobData {
  const contract = data.contract.toLowerCase();
  if (data.chainKey === '' || /[/:]/.test(data.chainKey))
    throw new TypeError(`bad chain key ${data.chainKey}`);
  if (!CONTRACT.test(contract)) throw new TypeError(`bad contract address ${data.contract}`);
  if (!TOKEN_ID.test(data.tokenId) || BigInt(data.tokenId) > UINT256_MAX) {
    throw new TypeError(`bad token id ${data.tokenId}`);
  }
  return { ...data, contract };
}

/** The active span's `traceparent`, if there is one. */
function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

export class NftMetadataJobs {
  readonly #options: NftMetadataJobsOptions;
  readonly #queue: Queue<NftMetadataJobData>;
  readonly #jobOptions: JobsOptions;
  #worker: Worker<NftMetadataJobData, { indexStatus: string }> | undefined;
  #closing: Promise<void> | undefined;
  readonly #unwatchQueue: () => void;

  constructor(options: NftMetadataJobsOptions) {
    this.#options = options;
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

  /** Queues the jobs in one round trip; a `discovered` job whose token is already queued or retained is a no-op. */
  async enqueue(jobs: NftMetadataJobData[]): Promise<void> {
    // Read synchronously, before any await, while the caller's context is surely still the active one.
    const traceparent = currentTraceparent();
    const requestedAt = new Date();
    const bulk = jobs.map((job) => {
      const data = validJobData(job);
      const withTrace = data.traceparent === undefined && traceparent ? { ...data, traceparent } : data;
      return {
        name: data.reason,
        data: withTrace,
        opts: { ...this.#jobOptions, jobId: jobIdOf(data, requestedAt) },
      };
    });
    if (bulk.length > 0) await this.#queue.addBulk(bulk);
  }

  /**
   * Starts processing. Returns at once: the worker connects (and reconnects) on its own, reporting Redis errors
   * through the log, so a Redis that is late to start delays the jobs, not the component.
   */
  start(): void {
    if (this.#worker) return;
    const { redisUrl, prefix, concurrency, log } = this.#options;
    const worker = new Worker<NftMetadataJobData, { indexStatus: string }>(
      NFT_METADATA_QUEUE,
      (job) => this.#process(job),
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

  /** Lets active jobs finish, then disconnects: the worker first, so nothing is taken that cannot be finished. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
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

  async #process(job: Job<NftMetadataJobData>): Promise<{ indexStatus: string }> {
    const { chainKey, contract, tokenId, traceparent } = job.data;
    const parent = propagation.extract(ROOT_CONTEXT, traceparent ? { traceparent } : {});
    const attributes = {
      'messaging.system': 'bullmq',
      'messaging.destination.name': NFT_METADATA_QUEUE,
      'messaging.message.id': job.id ?? '',
      'chain_data.chain_key': chainKey,
      'nft.contract': contract,
      'nft.token_id': tokenId,
      'nft.attempt': job.attemptsMade + 1,
    };
    return tracer.startActiveSpan(
      'nft-metadata fetch',
      { kind: SpanKind.CONSUMER, attributes },
      parent,
      async (span) => {
        try {
          const outcome = await this.#fetchAndStore(job.data);
          span.setAttribute('nft.index_status', outcome.indexStatus);
          return { indexStatus: outcome.indexStatus };
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

  /** Throws only for upstream or store failures, which are worth a retry; the token's own faults are statuses. */
  async #fetchAndStore(data: NftMetadataJobData): Promise<MetadataOutcome> {
    const { chainKey, contract, tokenId, ercType } = data;
    const { reader, store, fetchOptions, log } = this.#options;
    const read = await reader.tokenUri(chainKey, contract, tokenId, ercType);
    let tokenUri = '';
    let outcome: MetadataOutcome;
    if (read.kind === 'missing') {
      outcome = { indexStatus: 'MISSING_TOKEN', reason: 'the token URI call reverted' };
    } else {
      // Contracts NUL-pad fixed-size strings, and PostgreSQL text rejects NUL: stored as it would be used.
      tokenUri = read.uri.replaceAll('\0', '').toWellFormed();
      const resolved = resolveTokenUri(tokenUri, BigInt(tokenId), fetchOptions);
      outcome = await fetchTokenMetadata(resolved, { ...fetchOptions, ercType });
    }
    await store.saveTokenMetadata({ chainKey, contract, tokenId, tokenUri, outcome, fetchedAt: new Date() });
    log.debug(
      { chainKey, contract, tokenId, indexStatus: outcome.indexStatus, reason: outcome.reason },
      'nft metadata fetched',
    );
    return outcome;
  }
}
