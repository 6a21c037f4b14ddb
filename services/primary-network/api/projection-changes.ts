import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import { DomainError } from '../../runtime/errors.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import type { Logger } from '../../runtime/logger.ts';
import { PROJECTION_CHANGED_CHANNEL } from '../store/writer.ts';

/**
 * When the projection commits, as this process sees it, whichever process projects: the signal WatchProjection
 * passes on to the gateways that keep answers. The database is what tells, since the projection may run elsewhere
 * (an API-only replica runs with PROJECTION_ENABLED=false).
 *
 * - On a PostgreSQL server, every projection transaction NOTIFYs PROJECTION_CHANGED_CHANNEL (store/writer.ts), which
 *   PostgreSQL delivers when, and only if, it commits; a connection of its own LISTENs (`listenForChanges`).
 * - Embedded PostgreSQL (PGlite behind pglite-socket) runs every connection on one backend and hands a notification
 *   to whichever connection's statement was running when it was delivered: the committing connection's, never a
 *   listener's (measured with pglite 0.5 / pglite-socket 0.2). There the cursors table, which every writing
 *   transaction moves, is read every 100 ms (`pollForChanges`); a poll never sees half a transaction, since a
 *   transaction holds the one backend until it ends.
 *
 * `version` changes with every change seen, and is undefined while changes cannot be seen (the listening connection
 * lost, or its check failing); a version is never given twice, so a watcher that saw the signal lost cannot
 * mistake the version after for the one before.
 */
export interface ProjectionChanges {
  readonly version: number | undefined;
  /**
   * The version once it is no longer `seen` (at once if it is not); rejects UNAVAILABLE when changes cannot be seen
   * any more; undefined once `signal` aborts.
   */
  changeAfter(seen: number, signal: AbortSignal): Promise<number | undefined>;
  stop(): Promise<void>;
}

const unwatched = () =>
  new DomainError(
    'unavailable',
    "the projection's commits cannot be seen now (the database connection that watches them is down); try again",
  );

class ChangeSignal {
  version: number | undefined;
  private last = 0;
  private readonly waiters = new Set<() => void>();

  changed(): void {
    this.version = ++this.last;
    this.wake();
  }

  lost(): void {
    if (this.version === undefined) return;
    this.version = undefined;
    this.wake();
  }

  changeAfter(seen: number, signal: AbortSignal): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        if (signal.aborted) resolve(undefined);
        else if (this.version === undefined) reject(unwatched());
        else if (this.version !== seen) resolve(this.version);
        else return;
        this.waiters.delete(settle);
        signal.removeEventListener('abort', settle);
      };
      this.waiters.add(settle);
      signal.addEventListener('abort', settle);
      settle();
    });
  }

  private wake(): void {
    for (const settle of [...this.waiters]) settle();
  }
}

/** WatchProjection: the first message at once, then one per change of the version (changes that pile up while a
 * message waits for the caller to read go as one). */
export function projectionWatchHandlers(
  changes: ProjectionChanges,
): Pick<AsyncImplementation<PrimaryNetworkServiceHandlers>, 'WatchProjection'> {
  return {
    async WatchProjection(_request, write, signal) {
      let seen = changes.version;
      if (seen === undefined) throw unwatched();
      await write({});
      for (;;) {
        seen = await changes.changeAfter(seen, signal);
        if (seen === undefined) return;
        await write({});
      }
    },
  };
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;
/** How often the listening connection proves it still hears the channel, and how long a proof may take. */
const PROBE_EVERY_MS = 5_000;
const PROBE_TIMEOUT_MS = 5_000;
const PROBE_PREFIX = 'probe:';

/**
 * LISTENs on a connection of its own, reconnecting with backoff when it is lost. The connection counts as listening
 * only once a notification sent over another connection (`notify`, the pool) reached it, and it proves so every 5 s:
 * a connection that stopped hearing (a pooler that does not pass notifications on, a silently dead socket) shows
 * within 10 s, and the answers kept on its word stop being served.
 */
export function listenForChanges(options: {
  connectionString: string;
  applicationName: string;
  notify: (channel: string, payload: string) => Promise<unknown>;
  log: Logger;
}): ProjectionChanges {
  const { log } = options;
  const signal = new ChangeSignal();
  const stopping = new AbortController();
  const probes = new Map<string, () => void>();
  const probe = async () => {
    const payload = `${PROBE_PREFIX}${randomUUID()}`;
    const heard = new Promise<void>((resolve) => probes.set(payload, resolve));
    try {
      const sentAndHeard = Promise.all([options.notify(PROJECTION_CHANGED_CHANNEL, payload), heard]);
      const timeout = sleep(PROBE_TIMEOUT_MS, 'timeout', { signal: stopping.signal, ref: false });
      if ((await Promise.race([sentAndHeard, timeout])) === 'timeout')
        throw new Error(`a notification sent on another connection did not arrive in ${PROBE_TIMEOUT_MS} ms`);
    } finally {
      probes.delete(payload);
    }
  };

  const listenOnce = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    const lost = new Promise<Error>((resolve) => {
      client.on('error', resolve);
      client.on('end', () => resolve(new Error('the connection ended')));
    });
    const end = () => void client.end().catch(() => {});
    stopping.signal.addEventListener('abort', end);
    client.on('notification', ({ payload }) => {
      if (payload?.startsWith(PROBE_PREFIX)) probes.get(payload)?.();
      else signal.changed();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PROJECTION_CHANGED_CHANNEL}`);
      await probe();
      signal.changed();
      log.info('watching the projection commits (LISTEN)');
      for (;;) {
        const ended = await Promise.race([
          lost,
          sleep(PROBE_EVERY_MS, undefined, { signal: stopping.signal }).then(probe),
        ]);
        if (ended instanceof Error) throw ended;
      }
    } finally {
      signal.lost();
      stopping.signal.removeEventListener('abort', end);
      await client.end().catch(() => {});
    }
  };

  const running = (async () => {
    let retryMs = FIRST_RETRY_MS;
    while (!stopping.signal.aborted) {
      const began = performance.now();
      try {
        await listenOnce();
      } catch (err) {
        if (stopping.signal.aborted) break;
        log.warn(
          { err, retryInMs: retryMs },
          "lost the projection's commits (LISTEN); the gateways keep no answers until they are watched again",
        );
      }
      if (performance.now() - began > PROBE_EVERY_MS) retryMs = FIRST_RETRY_MS;
      await sleep(retryMs, undefined, { signal: stopping.signal }).catch(() => {});
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    }
  })();

  return {
    get version() {
      return signal.version;
    },
    changeAfter: (seen, abort) => signal.changeAfter(seen, abort),
    async stop() {
      stopping.abort();
      signal.lost();
      await running;
    },
  };
}

/**
 * Reads `state` (the projection's cursors, as text) every `intervalMs`: a change of it is a change; a failed read
 * loses the signal until a read succeeds again.
 */
export function pollForChanges(options: {
  state: () => Promise<string>;
  intervalMs: number;
  log: Logger;
}): ProjectionChanges {
  const signal = new ChangeSignal();
  const stopping = new AbortController();
  const running = (async () => {
    let last: string | undefined;
    while (!stopping.signal.aborted) {
      try {
        const state = await options.state();
        if (signal.version === undefined || state !== last) signal.changed();
        last = state;
      } catch (err) {
        if (signal.version !== undefined)
          options.log.warn(
            { err },
            "cannot read the projection's cursors; the gateways keep no answers meanwhile",
          );
        signal.lost();
      }
      await sleep(options.intervalMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  })();
  return {
    get version() {
      return signal.version;
    },
    changeAfter: (seen, abort) => signal.changeAfter(seen, abort),
    async stop() {
      stopping.abort();
      signal.lost();
      await running;
    },
  };
}
