import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ConfigError, env, loadConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { shutdownTelemetry } from './telemetry/bootstrap.ts';
import { setProcessMetrics } from './telemetry/metrics.ts';

/**
 * The life of one component process: start, serve, and on SIGTERM/SIGINT shut down in the reverse order of what
 * it started (servers stop taking work and drain, background work stops, then the database and Redis close), with
 * telemetry flushed last. Every component also serves /livez (alias /healthz), /readyz and Prometheus /metrics on
 * OPS_PORT.
 */
export interface ComponentContext {
  name: string;
  log: Logger;
  metrics: Registry;
  /** How long a server may take to drain in-flight work at shutdown. */
  shutdownTimeoutMs: number;
  /** Registers a step to run at shutdown; steps run in reverse order of registration. */
  onShutdown(label: string, step: () => Promise<void> | void): void;
  /** Marks the component ready (/readyz answers 200 from now on, unless a readiness check reports a problem). */
  setReady(ready: boolean): void;
  /** Adds a check /readyz runs: each line it returns is a problem that keeps the component not ready. */
  addReadinessCheck(check: () => string[]): void;
  /** Shuts the component down from within (for example an operator that lost its leader lease). */
  stop(reason: string, exitCode: number): void;
}

const opsConfig = {
  LOG_LEVEL: env.logLevel(),
  OPS_PORT: env.port().optional(),
  OPS_HOST: env.text('a host name or address', '0.0.0.0'),
  SHUTDOWN_TIMEOUT_MS: env.integer(100, 600_000, 10_000),
};

export async function runComponent(
  name: string,
  start: (ctx: ComponentContext) => Promise<void>,
): Promise<void> {
  let config: ReturnType<typeof loadConfig<typeof opsConfig>>;
  try {
    config = loadConfig(opsConfig);
  } catch (err) {
    process.stderr.write(`chain-data ${name}: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const log = createLogger(name, config.LOG_LEVEL);
  const steps: { label: string; step: () => Promise<void> | void }[] = [];
  let ready = false;
  let stopping = false;
  const readinessChecks: (() => string[])[] = [];
  const readiness = (): string[] =>
    ready ? readinessChecks.flatMap((check) => check()) : ['starting or stopping'];
  const metrics = new Registry();
  metrics.setDefaultLabels({ component: name });
  setProcessMetrics(metrics);
  collectDefaultMetrics({ register: metrics });

  const shutdown = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    log.info({ reason }, 'shutting down');
    for (const { label, step } of steps.reverse()) {
      try {
        await step();
        log.info({ step: label }, 'shutdown step done');
      } catch (err) {
        log.error({ err, step: label }, 'shutdown step failed');
      }
    }
    log.info('stopped');
    await shutdownTelemetry().catch(() => {});
    process.exit(exitCode);
  };

  try {
    if (config.OPS_PORT !== undefined) {
      const server = await startOpsServer(config.OPS_HOST, config.OPS_PORT, metrics, readiness);
      steps.push({ label: 'ops server', step: () => closeServer(server) });
    }
    process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
    if (process.env.CHAIN_DATA_SUPERVISED === 'true') {
      // Under `chain-data up`, Ctrl-C reaches every process of the terminal's group at once; the supervisor
      // stops its processes in order with SIGTERM instead. A supervisor that vanished stops us too.
      process.on('SIGINT', () => {});
      process.once('disconnect', () => {
        // Nobody is left to SIGKILL us should a shutdown step hang, so the process sees to it itself.
        setTimeout(() => process.exit(1), 2 * config.SHUTDOWN_TIMEOUT_MS).unref();
        void shutdown('supervisor went away', 0);
      });
    } else {
      process.once('SIGINT', () => void shutdown('SIGINT', 0));
    }
    const ctx: ComponentContext = {
      name,
      log,
      metrics,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      onShutdown: (label, step) => steps.push({ label, step }),
      setReady: (value) => {
        ready = value;
      },
      addReadinessCheck: (check) => readinessChecks.push(check),
      stop: (reason, exitCode) => void shutdown(reason, exitCode),
    };
    await start(ctx);
    log.info('started');
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`chain-data ${name}: ${err.message}\n`);
      await shutdown('configuration error', 2);
    } else {
      log.fatal({ err }, 'failed to start');
      await shutdown('start failed', 1);
    }
  }
}

async function startOpsServer(
  host: string,
  port: number,
  metrics: Registry,
  readinessProblems: () => string[],
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    // /healthz is the name Kubernetes' own components (and operators) use for liveness.
    if (path === '/livez' || path === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    } else if (path === '/readyz') {
      const problems = readinessProblems();
      res
        .writeHead(problems.length === 0 ? 200 : 503, { 'content-type': 'text/plain' })
        .end(problems.length === 0 ? 'ready\n' : `not ready\n${problems.map((p) => `${p}\n`).join('')}`);
    } else if (path === '/metrics') {
      metrics.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

/** Stops accepting connections and waits for in-flight requests, cutting them off after `timeoutMs`. */
export function closeServer(server: Server, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
