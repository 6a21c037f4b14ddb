import { status } from '@grpc/grpc-js';
import type { Counter, Gauge, Histogram } from 'prom-client';
import { counterIn, gaugeIn, histogramIn, processMetrics } from '../telemetry/metrics.ts';

/**
 * The RED metrics of gRPC calls, on both sides (`chain_data_grpc_server_*`, `chain_data_grpc_client_*`), labelled
 * as go-grpc-prometheus labels them so that the usual dashboards read them. A method's label sets are made once,
 * when its handler or client method is bound; a call only looks up its status's counter.
 */
type MethodLabel = 'grpc_service' | 'grpc_method';

/** Status names by code: `grpc_code` is the name (OK, NOT_FOUND, …), as dashboards filter on it. */
const CODE_NAMES: string[] = [];
for (const [name, code] of Object.entries(status)) if (typeof code === 'number') CODE_NAMES[code] = name;

/** From 1 ms to 5 min: unary lookups take milliseconds, the export worker's day streams minutes. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** `/package.Service/Method` as its labels. */
function labelsOfPath(path: string): Record<MethodLabel, string> {
  const [, service = '', method = ''] = path.split('/');
  return { grpc_service: service, grpc_method: method };
}

export class MethodMetrics {
  readonly #handled: Counter<MethodLabel | 'grpc_code'>;
  readonly #byCode: (Counter.Internal | undefined)[] = [];
  readonly #seconds: Histogram.Internal<MethodLabel>;
  readonly #inFlight: Gauge.Internal<MethodLabel> | undefined;
  readonly #labels: Record<MethodLabel, string>;

  constructor(
    labels: Record<MethodLabel, string>,
    handled: Counter<MethodLabel | 'grpc_code'>,
    seconds: Histogram<MethodLabel>,
    inFlight?: Gauge<MethodLabel>,
  ) {
    this.#labels = labels;
    this.#handled = handled;
    this.#seconds = seconds.labels(labels);
    this.#inFlight = inFlight?.labels(labels);
  }

  /** A call started: returns its start, for `ended`. */
  started(): number {
    this.#inFlight?.inc();
    return performance.now();
  }

  ended(startedAt: number, code: number): void {
    this.#inFlight?.dec();
    this.#seconds.observe((performance.now() - startedAt) / 1000);
    (this.#byCode[code] ??= this.#handled.labels({
      ...this.#labels,
      grpc_code: CODE_NAMES[code] ?? String(code),
    })).inc();
  }
}

export function serverMethodMetrics(path: string): MethodMetrics {
  const registry = processMetrics();
  const labelNames = ['grpc_service', 'grpc_method'] as const;
  return new MethodMetrics(
    labelsOfPath(path),
    counterIn(registry, {
      name: 'chain_data_grpc_server_handled_total',
      help: 'gRPC calls this server finished, by status (a stream counts once, at its end)',
      labelNames: [...labelNames, 'grpc_code'],
    }),
    histogramIn(registry, {
      name: 'chain_data_grpc_server_handling_seconds',
      help: 'Time from a gRPC call’s arrival to its end (a stream: to its last message or failure)',
      labelNames,
      buckets: BUCKETS,
    }),
    gaugeIn(registry, {
      name: 'chain_data_grpc_server_in_flight',
      help: 'gRPC calls this server is handling now',
      labelNames,
    }),
  );
}

export function clientMethodMetrics(path: string): MethodMetrics {
  const registry = processMetrics();
  const labelNames = ['grpc_service', 'grpc_method'] as const;
  return new MethodMetrics(
    labelsOfPath(path),
    counterIn(registry, {
      name: 'chain_data_grpc_client_handled_total',
      help: 'gRPC calls this process made that ended, by status (a stream counts once, at its end)',
      labelNames: [...labelNames, 'grpc_code'],
    }),
    histogramIn(registry, {
      name: 'chain_data_grpc_client_handling_seconds',
      help: 'Time from a gRPC call’s start to its end as its caller saw it (a stream: until read out or given up)',
      labelNames,
      buckets: BUCKETS,
    }),
  );
}
