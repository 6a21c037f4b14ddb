import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import type { Logger } from '../../runtime/logger.ts';
import { watchQueue, watchWorker } from '../../runtime/telemetry/queue-metrics.ts';

/**
 * The export queue. A job is an operation id; the job's run reads everything else from the operation (its request,
 * plan and checkpoint), so a job that stalls (its worker killed) is run again from the last checkpoint by whichever
 * worker finds it, as BullMQ's stalled-job check moves it back to the queue once its lock expires.
 */
export const EXPORT_QUEUE = 'transaction-exports';

export interface ExportJobData {
  operationId: string;
  /** W3C trace context of the request that started the export, so its runs join that trace. */
  traceparent?: string;
}

export interface ExportJobsOptions {
  redisUrl: string;
  /** BullMQ key prefix, so deployments (and test runs) sharing one Redis do not see each other's jobs. */
  prefix: string;
  concurrency: number;
  /** How long a worker's lock on a job lasts without renewal: how soon a killed worker's job runs again. */
  lockMs: number;
  /** How many times a job may stall (its worker die) before it is failed. */
  maxStalls: number;
  /** Runs after a failure (an upstream unavailable, a store error) before the job fails. */
  attempts: number;
  backoffMs: number;
  log: Logger;
  /** Where the queue's metrics go (the component's registry; by default the process's). */
  metrics?: Registry;
  /**
   * Runs the job from its operation's checkpoint. 'interrupted': the worker is shutting down; the job goes back to
   * the queue at once, not as a failed attempt.
   */
  run: (operationId: string, signal: AbortSignal) => Promise<'finished' | 'interrupted' | 'not-running'>;
  /** A job failed for the last time (its attempts or stalls spent): the operation must end FAILED. */
  onFailed: (operationId: string, reason: string) => Promise<void>;
}

export interface ExportQueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

const tracer = trace.getTracer('chain-data');

export class ExportJobs {
  readonly #options: ExportJobsOptions;
  readonly #queue: Queue<ExportJobData>;
  readonly #shutdown = new AbortController();
  #worker: Worker<ExportJobData, string> | undefined;
  #closing: Promise<void> | undefined;
  readonly #unwatchQueue: () => void;

  constructor(options: ExportJobsOptions) {
    this.#options = options;
    this.#queue = new Queue<ExportJobData>(EXPORT_QUEUE, {
      connection: { url: options.redisUrl },
      prefix: options.prefix,
    });
    // Without a listener an 'error' event (Redis restarting) would crash the process; ioredis reconnects itself.
    this.#queue.on('error', (err) => options.log.warn({ err }, 'export queue: Redis error'));
    this.#unwatchQueue = watchQueue(this.#queue, { registry: options.metrics });
  }

  /**
   * Queues the operation's job; a no-op when its job is queued, running or kept (the job id is the operation id),
   * so it is safe to call again for an operation whose job may have been lost.
   */
  async enqueue(operationId: string): Promise<void> {
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    await this.#queue.add(
      'export',
      { operationId, ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}) },
      {
        jobId: operationId,
        attempts: this.#options.attempts,
        backoff: { type: 'exponential', delay: this.#options.backoffMs },
        // A finished operation's state is in the database; its job only has to outlive a retried request.
        removeOnComplete: { age: 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      },
    );
  }

  /** Whether the operation's job is still known to the queue (waiting, running, delayed or kept). */
  async jobState(operationId: string): Promise<string | undefined> {
    const job = await this.#queue.getJob(operationId);
    if (!job) return undefined;
    return job.getState();
  }

  start(): void {
    if (this.#worker) return;
    const { redisUrl, prefix, concurrency, lockMs, maxStalls, log } = this.#options;
    const worker = new Worker<ExportJobData, string>(
      EXPORT_QUEUE,
      (job, token) => this.#process(job, token),
      {
        // A blocking connection must wait for Redis indefinitely rather than fail its command.
        connection: { url: redisUrl, maxRetriesPerRequest: null },
        prefix,
        concurrency,
        lockDuration: lockMs,
        stalledInterval: lockMs,
        maxStalledCount: maxStalls,
      },
    );
    worker.on('error', (err) => log.warn({ err }, 'export worker: Redis error'));
    watchWorker(worker, this.#options.metrics);
    worker.on('failed', (job, err) => {
      if (!job || err instanceof DelayedError) return;
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(err.message);
      log[final ? 'error' : 'warn'](
        { err, operationId: job.data.operationId, attempts: job.attemptsMade },
        'export job failed',
      );
      if (final)
        void this.#options
          .onFailed(job.data.operationId, err.message)
          .catch((e: Error) =>
            log.error({ err: e, operationId: job.data.operationId }, 'cannot mark the export failed'),
          );
    });
    this.#worker = worker;
  }

  async #process(job: Job<ExportJobData>, token: string | undefined): Promise<string> {
    const { operationId, traceparent } = job.data;
    const parent = propagation.extract(ROOT_CONTEXT, traceparent ? { traceparent } : {});
    const attributes = {
      'messaging.system': 'bullmq',
      'messaging.destination.name': EXPORT_QUEUE,
      'messaging.message.id': job.id ?? '',
      'chain_data.operation_id': operationId,
      'chain_data.export.attempt': job.attemptsMade + 1,
    };
    const result = await tracer.startActiveSpan(
      'export run',
      { kind: SpanKind.CONSUMER, attributes },
      parent,
      async (span) => {
        try {
          const outcome = await this.#options.run(operationId, this.#shutdown.signal);
          span.setAttribute('chain_data.export.outcome', outcome);
          return outcome;
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          throw err;
        } finally {
          span.end();
        }
      },
    );
    if (result === 'interrupted') {
      // Back to the queue for the next worker, without spending an attempt.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    return result;
  }

  /** Interrupts running exports at their next page (they checkpoint and go back to the queue), then disconnects. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#shutdown.abort();
      await this.#worker?.close();
      this.#unwatchQueue();
      await this.#queue.close();
    })();
    return this.#closing;
  }

  async counts(): Promise<ExportQueueCounts> {
    const counts = await this.#queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    return {
      waiting: counts.waiting ?? 0,
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
    };
  }
}
