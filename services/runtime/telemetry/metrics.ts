/**
 * The Prometheus registry of the process, for the metrics of shared machinery (gRPC servers and clients, database
 * pools, Redis connections) that is built far from a component's ComponentContext: threading `ctx.metrics` through
 * every constructor would touch every main.ts for no gain, since a process runs one component. runComponent sets
 * the component's registry here; code that runs without a component (tests that build servers in-process) gets a
 * registry of its own, so nothing has to check.
 *
 * Metrics are got or created by name: a process (a test above all) may build many servers, clients and pools, and
 * they must share one metric each, never register a second one of the same name.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

const fallback = new Registry();
let current: Registry | undefined;

/** The registry the component serves on /metrics (or, with no component, the process's own). */
export function processMetrics(): Registry {
  return current ?? fallback;
}

/** Called once by runComponent with the registry it serves. */
export function setProcessMetrics(registry: Registry): void {
  current = registry;
}

interface Spec<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

function existing<M>(
  registry: Registry,
  name: string,
  type: abstract new (...args: never[]) => M,
): M | undefined {
  const metric = registry.getSingleMetric(name);
  if (metric === undefined) return undefined;
  // Two metrics of one name and different types would be a programming error that a scrape would hide.
  if (!(metric instanceof type)) throw new Error(`metric ${name} is registered with another type`);
  return metric;
}

export function counterIn<L extends string>(registry: Registry, spec: Spec<L>): Counter<L> {
  return (
    existing<Counter<L>>(registry, spec.name, Counter) ??
    new Counter({ name: spec.name, help: spec.help, labelNames: spec.labelNames, registers: [registry] })
  );
}

export function histogramIn<L extends string>(
  registry: Registry,
  spec: Spec<L> & { buckets: number[] },
): Histogram<L> {
  return (
    existing<Histogram<L>>(registry, spec.name, Histogram) ??
    new Histogram({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames,
      buckets: spec.buckets,
      registers: [registry],
    })
  );
}

export function gaugeIn<L extends string>(registry: Registry, spec: Spec<L>): Gauge<L> {
  return (
    existing<Gauge<L>>(registry, spec.name, Gauge) ??
    new Gauge({ name: spec.name, help: spec.help, labelNames: spec.labelNames, registers: [registry] })
  );
}

/**
 * A metric's label children made once each and found again by their label values, for metrics counted on every
 * request: prom-client hashes a label object on every call, a child needs no hashing.
 */
export function childrenBy<A extends string[], C>(make: (...values: A) => C): (...values: A) => C {
  const children = new Map<string, C>();
  return (...values) => {
    const key = values.join('\n');
    let child = children.get(key);
    if (child === undefined) {
      child = make(...values);
      children.set(key, child);
    }
    return child;
  };
}

/** Reads what it measures into the gauge at scrape time; async samplers are awaited by the scrape. */
export type Sampler<L extends string> = (gauge: Gauge<L>) => void | Promise<void>;

const samplersOf = new WeakMap<Gauge, Set<Sampler<string>>>();

/**
 * A gauge whose values are read at scrape from every source that added a sampler to it (every pool of the process,
 * every queue). With `reset`, the gauge is emptied first, so a source that is gone leaves no series behind and
 * samplers of sources sharing labels add up (`inc`); without, a sampler that cannot read keeps its last values.
 * Returns the gauge and the sampler's removal.
 */
export function sampleInto<L extends string>(
  registry: Registry,
  spec: Spec<L> & { reset: boolean },
  sampler: Sampler<L>,
): { gauge: Gauge<L>; remove: () => void } {
  let gauge = existing<Gauge<L>>(registry, spec.name, Gauge);
  if (gauge === undefined) {
    const samplers = new Set<Sampler<string>>();
    gauge = new Gauge<L>({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames,
      registers: [registry],
      collect() {
        if (spec.reset) this.reset();
        const pending: Promise<void>[] = [];
        for (const sample of samplers) {
          const result = sample(this);
          if (result) pending.push(result);
        }
        return pending.length > 0 ? Promise.all(pending).then(() => {}) : undefined;
      },
    });
    samplersOf.set(gauge, samplers);
  }
  const samplers = samplersOf.get(gauge);
  if (!samplers) throw new Error(`metric ${spec.name} is not a sampled gauge`);
  samplers.add(sampler);
  return { gauge, remove: () => samplers.delete(sampler) };
}

/** The part of an ioredis client (or of BullMQ's RedisConnection, which forwards its events) watched here. */
export interface RedisEvents {
  on(event: 'ready' | 'close' | 'end' | 'error', listener: () => void): unknown;
}

/**
 * `chain_data_redis_up{client}`: 1 from the client's 'ready' until it closes or fails, 0 before it ever connects.
 * ioredis reconnects on its own; these events are the only way to see from outside that it is trying. Returns what
 * removes the series.
 */
export function watchRedis(registry: Registry, client: string, connection: RedisEvents): () => void {
  const gauge = gaugeIn(registry, {
    name: 'chain_data_redis_up',
    help: '1 while the Redis client is connected and ready, 0 while it is not (reconnecting, closed)',
    labelNames: ['client'],
  });
  const up = gauge.labels({ client });
  up.set(0);
  connection.on('ready', () => up.set(1));
  const down = () => up.set(0);
  connection.on('close', down);
  connection.on('end', down);
  connection.on('error', down);
  // For a client closed on purpose (BullMQ drops its listeners before the close, so no event would say so).
  return () => gauge.remove({ client });
}
