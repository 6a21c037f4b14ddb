import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { UnitScheduler } from './pglite-scheduler.ts';

/**
 * Embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) with its data in a directory, served over the
 * PostgreSQL wire protocol by pglite-socket's connection handler so the ordinary `pg` driver in every component can
 * use it. Connections share PGlite's one backend through UnitScheduler (see there for why not pglite-socket's
 * queue). A lock file keeps a second process from opening the same data directory.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  host: string;
  port: number;
}): Promise<EmbeddedPostgres> {
  await mkdir(options.dataDir, { recursive: true });
  const lockFile = join(options.dataDir, 'chain-data.lock');
  await acquireLock(lockFile);
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(join(options.dataDir, 'pgdata'));
    const database = db;
    const scheduler = new UnitScheduler(database);
    const handlers = new Set<PGLiteSocketHandler>();
    const server: Server = createServer((socket) => {
      const handler = new PGLiteSocketHandler({
        queryQueue: scheduler as unknown as ConstructorParameters<
          typeof PGLiteSocketHandler
        >[0]['queryQueue'],
        closeOnDetach: true,
      });
      handlers.add(handler);
      handler.addEventListener('close', () => handlers.delete(handler));
      handler.addEventListener('error', () => handlers.delete(handler));
      void handler.attach(socket).catch(() => socket.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, resolve);
    });
    const { port } = server.address() as { port: number };
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    return {
      url: `postgres://postgres@${host}:${port}/postgres?sslmode=disable`,
      async stop() {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...handlers].map((h) => h.detach(true)));
        await closed;
        await database.close();
        await rm(lockFile, { force: true });
      },
    };
  } catch (err) {
    await db?.close().catch(() => {});
    await rm(lockFile, { force: true });
    throw err;
  }
}

async function acquireLock(lockFile: string): Promise<void> {
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new Error(
        `the embedded database in ${lockFile.replace(/\/chain-data\.lock$/, '')} is in use by process ${holder}`,
      );
    }
    await rm(lockFile, { force: true }); // left by a process that died
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
