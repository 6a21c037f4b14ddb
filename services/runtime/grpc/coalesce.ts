import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context as TraceContext,
  type Link,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';
import packageJson from '../../../package.json' with { type: 'json' };

/**
 * Lookups asked for within one turn of the event loop, made as batch calls: a unary gRPC call costs far more CPU
 * (both ends) than the row it fetches, so concurrent requests share one. The turn ends on `setImmediate`, after the
 * poll phase: the requests read from every socket that was ready in that phase are gathered, where a microtask or
 * `process.nextTick` would flush after each socket's own callback and gather nothing (gateway-rpc's cache-off
 * lookups, measured: 6.7 requests a call at 16 connections and 13 at 32 on setImmediate, 1.0 on either of those).
 *
 * Each lookup gets exactly what a call of its own would give: its value, the single call's not-found error when the
 * batch did not find it, or the batch call's error when that failed (a deadline, an unavailable service). A key asked
 * for alone in its turn is looked up with the single call, as without coalescing.
 *
 * Tracing: a batch call runs in the context of a request waiting on it (the first sampled one, else the first), inside
 * a span of its own (`<name>`, INTERNAL) that is that request's child, so the call's gRPC span and everything
 * downstream sit in that request's trace. The batch span links to every other waiting request's span, and each of
 * those gets a link back to the batch span: a request whose lookup went in another's batch leads to it.
 */
export interface CoalescerOptions<K, V> {
  /** The batch span's name. */
  name: string;
  /** The most keys one batch call may carry; more asked in one turn go out in several calls. */
  maxBatch: number;
  /** The lookup of one key alone. */
  one: (group: string, key: K) => Promise<V>;
  /**
   * The lookup of many keys of one group: the values found, by key, and the keys it left unanswered (a value too
   * large for the answer, say), which are then looked up alone.
   */
  many: (group: string, keys: K[]) => Promise<{ found: Map<K, V>; unanswered?: readonly K[] }>;
  /** The error a key that `many` did not find fails with: what `one` fails with for it. */
  missing: (group: string, key: K) => Error;
  tracer?: Tracer;
}

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
  context: TraceContext;
}

/** Keys in the order first asked for, each with every lookup waiting on it. */
type Waiting<K, V> = Map<K, Waiter<V>[]>;

export class Coalescer<K, V> {
  private readonly options: CoalescerOptions<K, V>;
  private readonly tracer: Tracer;
  private pending = new Map<string, Waiting<K, V>>();

  constructor(options: CoalescerOptions<K, V>) {
    if (!(options.maxBatch >= 1)) throw new Error(`maxBatch must be at least 1, not ${options.maxBatch}`);
    this.options = options;
    this.tracer = options.tracer ?? trace.getTracer('chain-data-coalesce', packageJson.version);
  }

  /** The value of `key` in `group` (lookups of different groups never share a call). */
  load(group: string, key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(() => this.flush());
      let waiting = this.pending.get(group);
      if (waiting === undefined) this.pending.set(group, (waiting = new Map<K, Waiter<V>[]>()));
      const waiter = { resolve, reject, context: context.active() };
      const waiters = waiting.get(key);
      if (waiters === undefined) waiting.set(key, [waiter]);
      else waiters.push(waiter);
    });
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = new Map();
    for (const [group, waiting] of pending) {
      const keys = [...waiting.keys()];
      for (let start = 0; start < keys.length; start += this.options.maxBatch) {
        const batch = new Map(
          keys.slice(start, start + this.options.maxBatch).map((key) => [key, waiting.get(key)!]),
        );
        if (batch.size === 1) this.callOne(group, batch);
        else this.callMany(group, batch);
      }
    }
  }

  private callOne(group: string, batch: Waiting<K, V>): void {
    const [key, waiters] = batch.entries().next().value!;
    const settle = (act: (waiter: Waiter<V>) => void) => waiters.forEach(act);
    context
      .with(waiters[0]!.context, () => attempt(() => this.options.one(group, key)))
      .then(
        (value) => settle((w) => w.resolve(value)),
        (err: unknown) => settle((w) => w.reject(err)),
      );
  }

  private callMany(group: string, batch: Waiting<K, V>): void {
    const waiters = [...batch.values()].flat();
    const spans = waiters.map((w) => trace.getSpan(w.context));
    const contexts = spans.map((span) => span?.spanContext());
    const parentAt = Math.max(0, contexts.findIndex(isSampled));
    const links: Link[] = contexts.flatMap((linked, i) =>
      linked === undefined || i === parentAt || !trace.isSpanContextValid(linked)
        ? []
        : [{ context: linked }],
    );
    const attributes = { 'chain_data.batch.group': group, 'chain_data.batch.keys': batch.size };
    const span = this.tracer.startSpan(
      this.options.name,
      { kind: SpanKind.INTERNAL, links, attributes },
      waiters[parentAt]!.context,
    );
    if (span.isRecording()) {
      const batchLink = { context: span.spanContext() };
      spans.forEach((waiting, i) => i !== parentAt && waiting?.addLink(batchLink));
    }
    const keys = [...batch.keys()];
    const call = () => attempt(() => this.options.many(group, keys));
    context.with(trace.setSpan(waiters[parentAt]!.context, span), call).then(
      ({ found, unanswered = [] }) => {
        span.end();
        const askAgain = new Set(unanswered);
        for (const [key, keyWaiters] of batch) {
          const value = found.get(key);
          if (value !== undefined) for (const w of keyWaiters) w.resolve(value);
          else if (askAgain.has(key)) this.callOne(group, new Map([[key, keyWaiters]]));
          else for (const w of keyWaiters) w.reject(this.options.missing(group, key));
        }
      },
      (err: unknown) => {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        for (const w of waiters) w.reject(err);
      },
    );
  }
}

/** A lookup that throws instead of rejecting fails its own waiters, not the turn's other batches. */
async function attempt<T>(lookup: () => Promise<T>): Promise<T> {
  return lookup();
}

function isSampled(spanContext: SpanContext | undefined): boolean {
  return spanContext !== undefined && (spanContext.traceFlags & TraceFlags.SAMPLED) !== 0;
}
