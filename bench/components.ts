import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../test/support/database.ts';
import { freePort, startComponent, type RunningComponent } from '../test/support/processes.ts';

/** Environment of every component a benchmark starts: telemetry as deployed, quiet logs, quick shutdowns. */
export const BENCH_COMPONENT_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  // Telemetry as deployed: on, spans created for every request, but nowhere to export them (empty = unset).
  OTEL_SDK_DISABLED: '',
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  SHUTDOWN_TIMEOUT_MS: '2000',
};

/** `chain-data <name>` as a benchmark runs it; stopping waits for its exit (killing it after 15 s). */
export async function startBenchComponent(
  name: string,
  env: Record<string, string>,
): Promise<RunningComponent> {
  const started = await startComponent(name, { ...BENCH_COMPONENT_ENV, ...env }, 120_000);
  return {
    ...started,
    async stop() {
      const timer = setTimeout(() => void started.kill(), 15_000);
      const code = await started.stop();
      clearTimeout(timer);
      return code;
    },
  };
}

export interface BenchDatabase {
  url: string;
  description: string;
  /** The embedded PostgreSQL process, when there is one. */
  pid?: number;
  stop(): Promise<void>;
}

/** The database the measured components use: DATABASE_URL's server if set, else embedded PostgreSQL. */
export async function startBenchDatabase(): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) {
    const db = await createTestDatabase();
    return {
      url: db.url,
      description: 'the PostgreSQL server at DATABASE_URL (a fresh database)',
      stop: () => db.drop(),
    };
  }
  // Embedded PostgreSQL as `chain-data up` runs it: a process of its own, so its work does not share the load
  // generator's event loop.
  const dir = await mkdtemp(join(tmpdir(), 'chain-data-bench-'));
  const port = await freePort();
  const postgres = await startBenchComponent('embedded-postgres', {
    CHAIN_DATA_DIR: dir,
    EMBEDDED_POSTGRES_HOST: '127.0.0.1',
    EMBEDDED_POSTGRES_PORT: String(port),
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    description: 'embedded PostgreSQL (PGlite), the `chain-data embedded-postgres` component',
    ...(postgres.child.pid !== undefined ? { pid: postgres.child.pid } : {}),
    async stop() {
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
