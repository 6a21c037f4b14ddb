/**
 * Metrics of the BullMQ queues (the export worker's, evm-data's NFT metadata jobs) and of the Redis connections
 * BullMQ opens for them. The queue's contents are read from Redis at scrape; a Redis that is down or slow must not
 * hold the scrape (and the rest of /metrics with it), so a read is bounded and a scrape it misses keeps the values
 * the last read found.
 */
import { DelayedError, type Queue, type Worker } from 'bullmq';
import type { Registry } from 'prom-client';
import { counterIn, processMetrics, sampleInto, watchRedis } from './metrics.ts';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

export interface QueueMetricsOptions {
  registry?: Registry;
  /** How long a scrape waits for Redis. */
  timeoutMs?: number;
}

/**
 * `chain_data_queue_jobs{queue,state}` and `chain_data_queue_oldest_waiting_age_seconds{queue}` for the queue, and
 * `chain_data_redis_up{client="<queue>/queue"}` for its connection. Returns what removes these series (the queue
 * is closing).
 */
export function watchQueue(queue: Queue, options: QueueMetricsOptions = {}): () => void {
  const registry = options.registry ?? processMetrics();
  const timeoutMs = options.timeoutMs ?? 1_000;
  const name = queue.name;
  const unwatchRedis = watchRedis(registry, `${name}/queue`, queue.getBackend().connection);

  let stopped = false;
  // One read at a time, shared by both gauges' scrapes; one that outlives its scrape writes for the next.
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= (async () => {
      try {
        const [counts, [next]] = await Promise.all([
          queue.getJobCounts(...STATES),
          // The wait list's next job is the one waiting longest.
          queue.getWaiting(0, 0),
        ]);
        if (stopped) return;
        for (const state of STATES) jobs.gauge.set({ queue: name, state }, counts[state] ?? 0);
        oldest.gauge.set({ queue: name }, next ? Math.max(0, Date.now() - next.timestamp) / 1000 : 0);
      } catch {
        // Redis is down or the queue closing: the last values stay, chain_data_redis_up says why.
      } finally {
        reading = undefined;
      }
    })());
  const sample = async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      read(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  };
  const jobs = sampleInto(
    registry,
    {
      name: 'chain_data_queue_jobs',
      help: 'Jobs in the BullMQ queue, by state (read at scrape; kept from the last read while Redis does not answer)',
      labelNames: ['queue', 'state'],
      reset: false,
    },
    sample,
  );
  const oldest = sampleInto(
    registry,
    {
      name: 'chain_data_queue_oldest_waiting_age_seconds',
      help: 'Seconds since the job waiting longest in the queue was added (0: none waits)',
      labelNames: ['queue'],
      reset: false,
    },
    sample,
  );
  return () => {
    stopped = true;
    unwatchRedis();
    jobs.remove();
    oldest.remove();
    for (const state of STATES) jobs.gauge.remove({ queue: name, state });
    oldest.gauge.remove({ queue: name });
  };
}

/**
 * `chain_data_queue_jobs_failed_total{queue}`, every failed attempt of a job of the worker's queue (a job that will
 * be retried too), and `chain_data_redis_up` for the worker's two connections (`<queue>/worker`, and
 * `<queue>/worker-blocking`, the one that waits for jobs).
 */
export function watchWorker(worker: Worker, registry: Registry = processMetrics()): void {
  const name = worker.name;
  const backend = worker.getBackend();
  watchRedis(registry, `${name}/worker`, backend.connection);
  if (backend.blockingConnection) watchRedis(registry, `${name}/worker-blocking`, backend.blockingConnection);
  const failed = counterIn(registry, {
    name: 'chain_data_queue_jobs_failed_total',
    help: 'Attempts of jobs of the queue that failed (whether or not the job is retried)',
    labelNames: ['queue'],
  }).labels({ queue: name });
  failed.inc(0);
  worker.on('failed', (_job, err) => {
    // A job moved back to the queue (an interrupted export) is no failure; BullMQ versions differ in reporting it.
    if (!(err instanceof DelayedError)) failed.inc();
  });
}
