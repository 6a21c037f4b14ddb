import { readFileSync } from 'node:fs';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * Load generators for the benchmark. Both keep a fixed number of requests in flight for a fixed time (closed
 * loop) and record every completed call's latency in nanoseconds, so the HTTP and gRPC paths are measured the
 * same way: requests/s is completed calls over the wall time of the run.
 */
export interface Measurement {
  completed: number;
  elapsedMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Calls that failed or answered other than expected (non-2xx, wrong body, connection errors, timeouts). */
  failures: { kind: string; count: number }[];
}

export interface LoadSettings {
  connections: number;
  durationMs: number;
}

class Recorder {
  readonly histogram: RecordableHistogram = createHistogram();
  completed = 0;
  private readonly startedAt = performance.now();

  record(latencyMs: number): void {
    this.completed++;
    this.histogram.record(Math.max(1, Math.round(latencyMs * 1e6)));
  }

  finish(failures: Record<string, number>): Measurement {
    const elapsedMs = performance.now() - this.startedAt;
    return {
      completed: this.completed,
      elapsedMs,
      requestsPerSecond: (this.completed / elapsedMs) * 1000,
      p50Ms: this.histogram.percentile(50) / 1e6,
      p99Ms: this.histogram.percentile(99) / 1e6,
      failures: Object.entries(failures)
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => ({ kind, count })),
    };
  }
}

/** A request of an HTTP load: a POST body to the load's URL, or a method, path (and body) of its own. */
export type HttpRequest = string | { method: 'GET' | 'POST'; path: string; body?: string };

/**
 * Sends the requests in turn over `connections` keep-alive connections with autocannon; each connection starts at
 * a different request. A response counts as good when it is 2xx and `isGood(body)` holds.
 */
export async function httpLoad(
  url: string,
  httpRequests: HttpRequest[],
  settings: LoadSettings,
  isGood: (body: string) => boolean,
): Promise<Measurement> {
  const requests = httpRequests.map((r) => (typeof r === 'string' ? { body: r } : r));
  let clientNumber = 0;
  const recorder = new Recorder();
  // autocannon reports each response's latency, then (synchronously, before any other response) its body.
  let latencyMs = 0;
  let succeeded = false;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: settings.connections,
    duration: settings.durationMs / 1000,
    requests,
    setupClient: (client) => {
      const offset = (clientNumber++ * Math.ceil(requests.length / settings.connections)) % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
      client.on('response', (statusCode, _bytes, responseTime) => {
        latencyMs = responseTime;
        succeeded = statusCode >= 200 && statusCode < 300;
      });
    },
    verifyBody: (body) => {
      const good = isGood(String(body));
      if (good && succeeded) recorder.record(latencyMs);
      return good;
    },
  });
  return recorder.finish({
    'non-2xx': result.non2xx,
    'unexpected body': result.mismatches,
    'connection errors': result.errors - result.timeouts,
    timeouts: result.timeouts,
  });
}

/**
 * Runs `connections` concurrent loops of `call(n)` (n counts calls across loops) until the time is up. `call`
 * resolves to whether the answer was the expected one.
 */
export async function callLoad(
  call: (n: number) => Promise<boolean>,
  settings: LoadSettings,
): Promise<Measurement> {
  const recorder = new Recorder();
  const deadline = performance.now() + settings.durationMs;
  let next = 0;
  let wrong = 0;
  let errors = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        if (await call(next++)) recorder.record(performance.now() - started);
        else wrong++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, loop));
  return recorder.finish({ 'unexpected answer': wrong, errors });
}

/**
 * CPU time of processes over a run, as a share of one core. Reads /proc (Linux); elsewhere it reports nothing.
 * The benchmark process itself is measured with process.cpuUsage().
 */
export type CpuShares = Record<string, number | undefined>;

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, what /proc/<pid>/stat counts in on Linux

/** CPU time (user + system) a process has used, in ms; undefined once it has gone. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU time the whole machine spent busy (user, nice, system, irq, softirq) from /proc/stat. */
function machineBusyMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user, nice, system, , , irq, softirq] = fields;
    return ((user! + nice! + system! + irq! + softirq!) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The column for CPU the machine spent outside the processes measured: other work disturbing the run. */
export const OTHER_PROCESSES = 'other processes';

/** CPU time of a process, or the sum over a group of processes (a PostgreSQL server's backends). */
function cpuMsOfAll(pids: number | readonly number[] | undefined): number | undefined {
  if (pids === undefined) return undefined;
  if (typeof pids === 'number') return cpuMsOf(pids);
  let sum = 0;
  for (const pid of pids) sum += cpuMsOf(pid) ?? 0;
  return sum;
}

/** Processes to measure by name: a process id, or the ids of a group whose CPU time adds up under one name. */
export type MeasuredProcesses = Record<string, number | readonly number[] | undefined>;

export function startCpuSample(pids: MeasuredProcesses): () => CpuShares {
  const startedAt = performance.now();
  const selfStart = process.cpuUsage();
  const machineStart = machineBusyMs();
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOfAll(pid)]));
  return () => {
    const wallMs = performance.now() - startedAt;
    const self = process.cpuUsage(selfStart);
    const shares: CpuShares = { 'load generator': (self.user + self.system) / 1000 / wallMs };
    for (const [name, pid] of Object.entries(pids)) {
      const before = start[name];
      const after = cpuMsOfAll(pid);
      shares[name] = before === undefined || after === undefined ? undefined : (after - before) / wallMs;
    }
    const machineEnd = machineBusyMs();
    if (machineStart !== undefined && machineEnd !== undefined) {
      const ours = Object.values(shares).reduce<number>((sum, share) => sum + (share ?? 0), 0);
      shares[OTHER_PROCESSES] = Math.max(0, (machineEnd - machineStart) / wallMs - ours);
    }
    return shares;
  };
}
