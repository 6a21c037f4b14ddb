/**
 * Starts OpenTelemetry. It must run before any instrumented module (grpc-js, pg, ioredis) is loaded, so
 * the `chain-data` entry point imports it first and everything else dynamically afterwards. For ESM imports the
 * import-in-the-middle loader hook is registered here as well.
 */
import { register } from 'node:module';
import { register as registerSyncHooks, supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  NoopSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { loadConfig, env } from '../config.ts';
import packageJson from '../../../package.json' with { type: 'json' };

// Only the instrumented packages are intercepted, and in-thread where Node allows: the loader thread's round trip
// and export parsing for every module a component imports added about two seconds to each start.
const INSTRUMENTED_PACKAGES = ['@grpc/grpc-js', 'pg', 'ioredis'];
if (supportsSyncHooks()) registerSyncHooks({ include: INSTRUMENTED_PACKAGES });
else
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: INSTRUMENTED_PACKAGES },
  });

const OTLP_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'] as const;

const component = process.env.CHAIN_DATA_COMPONENT ?? 'cli';
const config = loadConfig({
  OTEL_EXPORTER_OTLP_ENDPOINT: env.url(['http', 'https']).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: env.oneOf(OTLP_PROTOCOLS, 'http/protobuf'),
  OTEL_SERVICE_NAME: env.text('a service name', `chain-data-${component}`),
  OTEL_SDK_DISABLED: env.boolean(false),
  // Read by the SDK itself (with OTEL_TRACES_SAMPLER_ARG); here only whether it is set.
  OTEL_TRACES_SAMPLER: env.text('a sampler name').optional(),
});

async function createExporter(protocol: (typeof OTLP_PROTOCOLS)[number]): Promise<SpanExporter> {
  switch (protocol) {
    case 'http/json':
      return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
    case 'grpc':
      return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
    default:
      return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
  }
}

const spanProcessors: SpanProcessor[] = [];
if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
  spanProcessors.push(
    new BatchSpanProcessor({ exporter: await createExporter(config.OTEL_EXPORTER_OTLP_PROTOCOL) }),
  );
} else {
  // NodeSDK registers no tracer provider at all for an empty list; a no-op processor keeps spans (and so the
  // trace ids in log lines) real without exporting anything.
  spanProcessors.push(new NoopSpanProcessor());
}

/**
 * Without an exporter nothing reads a recorded span: such a process records only the traces its callers sampled
 * (their spans go on to services that may export them) and decides so before any span's work is done. Its own roots
 * are non-recording spans, which still have ids, so every log line written inside one carries its trace id. With an
 * exporter (or OTEL_TRACES_SAMPLER set), the SDK's sampler from the environment (parentbased_always_on by default).
 */
const sampler: Sampler | undefined =
  config.OTEL_EXPORTER_OTLP_ENDPOINT || config.OTEL_TRACES_SAMPLER
    ? undefined
    : new ParentBasedSampler({ root: new AlwaysOffSampler() });

const sdk = new NodeSDK({
  ...(sampler ? { sampler } : {}),
  resource: resourceFromAttributes({
    [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME,
    [ATTR_SERVICE_VERSION]: packageJson.version,
    'service.namespace': 'chain-data',
    'chain_data.component': component,
  }),
  spanProcessors,
  // Not the env defaults: those export metrics and logs over OTLP (to localhost:4318 without an endpoint).
  metricReaders: [],
  logRecordProcessors: [],
  textMapPropagator: new W3CTraceContextPropagator(),
  // No http or Koa instrumentation: each Koa app makes its HTTP server spans itself (httpServerSpans), at a
  // fraction of their cost per request.
  instrumentations: [
    new GrpcInstrumentation(),
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ],
});
if (!config.OTEL_SDK_DISABLED) sdk.start();

/** Flushes and stops telemetry; the last step of a component's shutdown. */
export async function shutdownTelemetry(): Promise<void> {
  if (!config.OTEL_SDK_DISABLED) await sdk.shutdown();
}
