/**
 * The controller's work queue, with controller-runtime's semantics: keys (namespace/name) are deduplicated, a key
 * is never processed by two workers at once (added while running, it runs again once after), failures retry with
 * per-key exponential backoff bounded overall by a token bucket (so many failing stacks can't hammer the API
 * server), and a handler can ask for a timed requeue.
 */

export interface ReconcileResult {
  /** Run the key again after this long even if nothing changes (for state that is polled, not watched). */
  requeueAfterMs?: number;
}

export interface WorkQueueOptions {
  process: (key: string) => Promise<ReconcileResult | void>;
  workers?: number;
  /** First retry delay after a failure; doubles per consecutive failure of the key. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Retries across all keys: this many a second on average, in bursts of up to retryBurst. */
  retriesPerSecond?: number;
  retryBurst?: number;
  onError?: (key: string, err: unknown, retryInMs: number) => void;
  /** Called after each processed key, with its duration and outcome (for metrics). */
  onProcessed?: (key: string, durationMs: number, ok: boolean) => void;
}

/** The backoff of the n-th consecutive failure (n from 1): base·2^(n-1), capped. */
export function backoffDelay(failures: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(failures - 1, 40));
}

/**
 * A token bucket: reserve() takes a token and says how long to wait for it (0 while the burst lasts). Tokens
 * refill continuously at `perSecond`.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private readonly perSecond: number;
  private readonly burst: number;

  constructor(perSecond: number, burst: number, now = Date.now()) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.updatedAt = now;
  }

  reserve(now = Date.now()): number {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.perSecond) * 1000);
  }
}

export class WorkQueue {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private readonly processing = new Set<string>();
  /** Keys added while they were being processed: they go back on the queue when that run ends. */
  private readonly dirty = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private readonly options: Required<Omit<WorkQueueOptions, 'onError' | 'onProcessed'>> &
    Pick<WorkQueueOptions, 'onError' | 'onProcessed'>;
  private readonly retryBucket: TokenBucket;
  private running = 0;
  private started = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(options: WorkQueueOptions) {
    this.options = {
      workers: 2,
      baseDelayMs: 5,
      maxDelayMs: 1_000_000,
      retriesPerSecond: 10,
      retryBurst: 100,
      ...options,
    };
    this.retryBucket = new TokenBucket(this.options.retriesPerSecond, this.options.retryBurst);
  }

  /** Keys waiting to run (including those waiting on a timer). */
  get depth(): number {
    return this.queued.size + this.timers.size;
  }

  add(key: string): void {
    if (this.stopped) return;
    if (this.processing.has(key)) {
      this.dirty.add(key);
      return;
    }
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.queue.push(key);
    this.pump();
  }

  /** Adds the key after a delay; an earlier pending delay for the same key wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.stopped) return;
    if (delayMs <= 0) return this.add(key);
    const at = Date.now() + delayMs;
    const pending = this.timers.get(key);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.add(key);
    }, delayMs);
    timer.unref();
    this.timers.set(key, { at, timer });
  }

  start(): void {
    this.started = true;
    this.pump();
  }

  /** Stops taking keys and waits for the ones being processed. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.queue.length = 0;
    this.queued.clear();
    await this.idle();
  }

  /** Resolves once nothing is queued or running (timers aside): for tests and shutdown. */
  idle(): Promise<void> {
    if (this.running === 0 && (this.queue.length === 0 || !this.started)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (!this.started) return;
    while (!this.stopped && this.running < this.options.workers && this.queue.length > 0) {
      const key = this.queue.shift()!;
      this.queued.delete(key);
      this.processing.add(key);
      this.running += 1;
      void this.run(key);
    }
    if (this.running === 0 && this.queue.length === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private async run(key: string): Promise<void> {
    const started = performance.now();
    let ok = true;
    try {
      const result = await this.options.process(key);
      this.failures.delete(key);
      if (result?.requeueAfterMs !== undefined) this.addAfter(key, result.requeueAfterMs);
    } catch (err) {
      ok = false;
      const failures = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, failures);
      const delay = Math.max(
        backoffDelay(failures, this.options.baseDelayMs, this.options.maxDelayMs),
        this.retryBucket.reserve(),
      );
      this.options.onError?.(key, err, delay);
      this.addAfter(key, delay);
    } finally {
      this.options.onProcessed?.(key, performance.now() - started, ok);
      this.processing.delete(key);
      this.running -= 1;
      if (this.dirty.delete(key)) this.add(key);
      this.pump();
    }
  }
}
