import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { format, resolveConfig } from 'prettier';
import { OTHER_PROCESSES, type CpuShares, type Measurement } from './load.ts';

export interface PathResult {
  path: string;
  measurement: Measurement;
  cpu: CpuShares;
}

export interface Target {
  path: string;
  minimumRatio: number;
  ratio: number;
  met: boolean;
}

/** A markdown table with padded columns (as prettier lays them out); `right` marks right-aligned columns. */
export function markdownTable(header: string[], rows: string[][], right: boolean[]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function resultsTable(results: PathResult[], baseline: Measurement): string {
  return markdownTable(
    ['path', 'requests/s', 'p50 ms', 'p99 ms', 'req/s vs bare Koa'],
    results.map(({ path, measurement: m }) => [
      path,
      m.requestsPerSecond.toFixed(0),
      m.p50Ms.toFixed(2),
      m.p99Ms.toFixed(2),
      (m.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    ]),
    [false, true, true, true, true],
  );
}

function cpuColumns(results: PathResult[]): string[] {
  return [...new Set(results.flatMap((r) => Object.keys(r.cpu)))].sort(
    (a, b) => Number(a === OTHER_PROCESSES) - Number(b === OTHER_PROCESSES),
  );
}

export function cpuTable(results: PathResult[]): string {
  const processes = cpuColumns(results);
  return markdownTable(
    ['path', ...processes],
    results.map(({ path, cpu }) => [
      path,
      ...processes.map((p) => {
        const share = cpu[p];
        return share === undefined ? '-' : `${(share * 100).toFixed(0)}%`;
      }),
    ]),
    [false, ...processes.map(() => true)],
  );
}

/**
 * CPU time each process spent per completed request (µs): steadier than rates on a shared machine, and what says
 * which process bounds a path. The rest of the machine has no per-request figure.
 */
export function cpuPerRequestTable(results: PathResult[]): string {
  const processes = cpuColumns(results).filter((p) => p !== OTHER_PROCESSES);
  return markdownTable(
    ['path', ...processes],
    results.map(({ path, cpu, measurement }) => [
      path,
      ...processes.map((p) => {
        const share = cpu[p];
        return share === undefined ? '-' : ((share * 1e6) / measurement.requestsPerSecond).toFixed(1);
      }),
    ]),
    [false, ...processes.map(() => true)],
  );
}

export function targetLine(target: Target): string {
  const percent = (x: number) => `${(x * 100).toFixed(0)}%`;
  return (
    `Target: ${target.path} keeps at least ${percent(target.minimumRatio)} of the bare-Koa request rate. ` +
    // One decimal, so that a rate just under the target never reads as the target itself.
    `Measured: ${(target.ratio * 100).toFixed(1)}%. ${target.met ? 'PASS' : 'FAIL'}`
  );
}

export function machineDescription(): string {
  const cpuList = cpus();
  const model = cpuList[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = (totalmem() / 2 ** 30).toFixed(1);
  return `${model} × ${cpuList.length} logical CPUs, ${memoryGiB} GiB memory, ${osType()} ${release()}, Node.js ${process.version}`;
}

/** docs/benchmarks.md holds the devnet generation figures between these markers; each benchmark keeps the other's. */
/**
 * docs/benchmarks.md is shared: bench/run.ts writes the file, and each other part of `make bench` owns a section
 * between `<!-- <name>:start -->` and `<!-- <name>:end -->` that the others keep as it is.
 */
export const SECTION_NAMES = [
  // Written by hand (each target, its latest figure and what bounds it), kept when run.ts rewrites the file.
  'targets',
  'devnet-generation',
  'primary-network',
  'evm-data',
  'data-api-lists',
  'metrics',
  'node-rpc',
  'node-rpc-fanout',
  'signature-aggregator',
  'bls',
  'export-worker',
  'edge',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

const markers = (name: SectionName) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The text between (and including) a section's markers in `text`, or ''. */
export function markedSection(text: string, name: SectionName): string {
  const [startMarker, endMarker] = markers(name);
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  return start >= 0 && end > start ? text.slice(start, end + endMarker.length) : '';
}

/** Puts `body` into the file's section `name` (appended when the file has none yet). */
export async function writeMarkedSection(file: string, name: SectionName, body: string): Promise<void> {
  const [startMarker, endMarker] = markers(name);
  const section = `${startMarker}\n${body.trim()}\n${endMarker}`;
  const current = await readFile(file, 'utf8');
  const existing = markedSection(current, name);
  await writeFormatted(
    file,
    existing ? current.replace(existing, section) : `${current.trimEnd()}\n\n${section}\n`,
  );
}

export async function writeFormatted(file: string, text: string): Promise<void> {
  const options = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(text, { ...options, filepath: file }));
}

export async function writeBenchmarksDoc(
  file: string,
  content: {
    date: Date;
    command: string;
    settings: string;
    database: string;
    results: string;
    cpu: string;
    cpuPerRequest: string;
    target: string;
  },
): Promise<void> {
  const text = `# Benchmarks

The figures to compare are ratios against a baseline measured in the same run, on the same machine: a bare Koa
server that reads the POST body and answers a fixed JSON reply of the same size as the gateway's. Absolute requests
per second depend on the machine and on what else it runs (on the 2-CPU virtual machine below they varied by up to
40% between runs); the ratio to the baseline is what carries across runs and machines.

To repeat: \`make bench\` starts everything it measures, prints the tables and the target line, and stops it all
again; it changes no file. \`node bench/run.ts --write-docs\` (or \`BENCH_WRITE_DOCS=1 make bench\`) also rewrites
this file. \`node bench/run.ts --help\` lists the settings.

## What is measured

Each path is loaded by the benchmark process at a fixed concurrency (a closed loop: every connection sends its next
request when the previous one is answered) for a fixed time, after a short warm-up that is not counted. Requests
per second is completed calls over the wall time of the run; latencies are per call.

- **gateway-rpc (HTTP)**: \`index.getContainerByIndex\` POSTed to \`/ext/index/P/block\` on gateway-rpc as it runs by
  default. The index varies over 250 stored containers; accepted containers never change, so after the warm-up the
  gateway answers them from its cache (\`GATEWAY_CACHE_SIZE\`). Every reply must be HTTP 200 with a \`result\`, or the
  benchmark fails.
- **gateway-rpc (HTTP), cache off**: the same with \`GATEWAY_CACHE_SIZE=0\`: every request asks the container-indexer
  over gRPC, which reads PostgreSQL.
- **container-indexer (gRPC, direct)**: the same lookup as a \`GetContainerByIndex\` call straight to the
  container-indexer, with the stack's gRPC client, as many calls in flight as the HTTP paths have connections.
- **bare Koa + the stack's telemetry**: the baseline with the stack's OpenTelemetry set-up loaded and its HTTP server
  span in front, with tracing on as the operator runs it: \`parentbased_traceidratio\` sampling at \`--trace-ratio\`
  (one request in ten by default) and batch export over OTLP, to a sink of the benchmark's.
- **bare Koa (baseline)**: the baseline above, in its own process.

Targets, each a share of bare Koa's rate in the same run: gateway-rpc's cached path 60%, the telemetry row 85%, and
the cache-off path 25% on a PostgreSQL server (\`--database server\` with \`DATABASE_URL\`; embedded PostgreSQL serves
one query at a time, so there the cache-off row is reported without a target). With a server, its backends serving
the benchmark's database are measured as \`postgres server\`.

gateway-rpc, container-indexer and the embedded PostgreSQL run as the stack runs them: \`chain-data <component>\`
child processes with telemetry on (no exporter configured) and \`LOG_LEVEL=warn\`. The load generator and the
fixture upstream node share the benchmark process.

## Latest run

- Date: ${content.date.toISOString().replace('T', ' ').slice(0, 16)} UTC
- Machine: ${machineDescription()}
- Command: ${content.command}
- Settings: ${content.settings}
- Database: ${content.database}

${content.results}

${content.target}

CPU used by each process during each run (100% = one core). \`other processes\` is the rest of the machine: when
it is high, something else disturbed the run.

${content.cpu}

CPU time of each process per request (µs), the steadier measure when the machine is shared:

${content.cpuPerRequest}

## Where the gateway's time goes

The request rate of a process sharing two cores with the load generator varies by up to 40% from run to run (the
baseline's most of all), so the ratio above moves with it; CPU time per request is the steadier measure. What the
CPU table and profiles show:

- With its cache, the gateway process is the bottleneck (it uses a whole core), at about 0.25 ms of CPU per request
  against about 0.07 ms for bare Koa. Two changes brought it there from 0.435 ms (three runs each):
  - a cache hit sends the container's reply as kept, already formatted and encoded as bytes (0.435 → 0.367 ms);
  - the HTTP server span is made by one small Koa middleware (services/runtime/telemetry/http-server-span.ts)
    instead of OpenTelemetry's http and Koa instrumentations, whose per-request work (patched emitters, header
    capture, context binding, a span per router layer) cost more than the whole bare-Koa handler (0.367 → about
    0.25 ms). The row \`bare Koa + the stack's telemetry\` is the baseline with the stack's OpenTelemetry set-up
    loaded and that middleware in front.
- What remains has no single hotspot: writing the reply to the socket (as for bare Koa), Koa and its router, the
  Go-style JSON decoding of the request, the span and its context.
- Without the cache, one request costs about 1.9 ms of CPU across three processes (gateway with its gRPC client,
  container-indexer, embedded PostgreSQL) on two cores that the load generator also uses; gRPC (grpc-js and its
  instrumentation) is the largest part of the gateway's share. The direct gRPC row shows the indexer and database
  alone reach about twice the cache-off gateway rate.
- Ways forward: a lighter gRPC transport for hot lookups (or batching several lookups per call), and decoding only
  the request fields a method reads. On a PostgreSQL server the lookups are now prepared statements; embedded
  PostgreSQL would need per-connection statement names in its scheduler. These bullets are from the runs of
  2026-11-21; "The platform's speed targets" below has the latest profile of each path.
`;
  const current = await readFile(file, 'utf8').catch(() => '');
  const kept = SECTION_NAMES.map((name) => markedSection(current, name)).filter((section) => section !== '');
  await writeFormatted(file, [text, ...kept].join('\n'));
}
