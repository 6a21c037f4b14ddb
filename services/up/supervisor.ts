import type { ChildProcess } from 'node:child_process';
import type { Logger } from '../runtime/logger.ts';
import { sleep } from '../runtime/upstream/backoff.ts';
import {
  decideRestart,
  describeExit,
  NO_CRASHES,
  type CrashHistory,
  type RestartPolicy,
} from './restart-policy.ts';
import { stopProcess } from './processes.ts';

/** A process of the stack: how to start it and how to tell it is healthy. */
export interface ProcessSpec {
  name: string;
  /** What `up` reports for it once healthy. */
  endpoint: string;
  spawn: () => ChildProcess;
  /** Resolves once the process serves; rejects when it exits first or takes too long. */
  healthy: (child: ChildProcess) => Promise<void>;
}

interface Supervised extends ProcessSpec {
  child: ChildProcess;
  startedAt: number;
  restarts: number;
  crashes: CrashHistory;
}

/**
 * Keeps the stack's processes running. While the stack starts, a process that exits fails the start; once it is
 * up, one that exits is started again after a backoff, and one that keeps exiting makes `up` give up (`giveUp`, so
 * that `up` exits non-zero and whatever supervises it can act). Every exit and restart is logged and written to
 * stderr, naming the process, how it ended and how many restarts it has had.
 */
export class Supervisor {
  private readonly processes: Supervised[] = [];
  private readonly log: Logger;
  private readonly policy: RestartPolicy;
  private readonly giveUp: (reason: string) => void;
  private readonly stopTimeoutMs: number;
  private readonly stopped = new AbortController();
  private running = false;

  constructor(options: {
    log: Logger;
    policy: RestartPolicy;
    giveUp: (reason: string) => void;
    stopTimeoutMs: number;
  }) {
    this.log = options.log;
    this.policy = options.policy;
    this.giveUp = options.giveUp;
    this.stopTimeoutMs = options.stopTimeoutMs;
  }

  /** Starts a process and waits until it is healthy. */
  async start(spec: ProcessSpec): Promise<void> {
    const entry: Supervised = {
      ...spec,
      child: spec.spawn(),
      startedAt: Date.now(),
      restarts: 0,
      crashes: NO_CRASHES,
    };
    this.processes.push(entry);
    this.watch(entry);
    await spec.healthy(entry.child);
  }

  /** From now on a process that exits is restarted rather than failing the start. */
  markRunning(): void {
    this.running = true;
  }

  /** The processes, in the order they started. */
  list(): { name: string; pid: number | undefined; endpoint: string; restarts: number }[] {
    return this.processes.map((p) => ({
      name: p.name,
      pid: p.child.pid,
      endpoint: p.endpoint,
      restarts: p.restarts,
    }));
  }

  /** Stops every process, the last started first; nothing is restarted from now on. */
  async stopAll(): Promise<void> {
    this.stopped.abort();
    for (const { child } of this.processes.slice().reverse()) await stopProcess(child, this.stopTimeoutMs);
  }

  private watch(entry: Supervised): void {
    const child = entry.child;
    child.once('exit', (code, signal) => {
      if (this.stopped.signal.aborted) return;
      const how = describeExit(code, signal);
      if (!this.running) {
        this.exitedFor(entry, `${entry.name} exited (${how}) while the stack was starting`);
        return;
      }
      const now = Date.now();
      const decision = decideRestart(entry.crashes, now, now - entry.startedAt, this.policy);
      if (!decision.restart) {
        const windowS = Math.round(this.policy.windowMs / 1000);
        this.exitedFor(
          entry,
          `${entry.name} exited ${decision.exits} times within ${windowS} s (last: ${how}); giving up`,
        );
        return;
      }
      entry.crashes = decision.history;
      const restart = entry.restarts + 1;
      this.log.warn(
        { process: entry.name, pid: child.pid, code, signal, restart, delayMs: decision.delayMs },
        'a stack process exited; restarting it',
      );
      process.stderr.write(
        `chain-data up: ${entry.name} exited (${how}); restart ${restart} in ${decision.delayMs} ms\n`,
      );
      void this.restart(entry, decision.delayMs);
    });
  }

  private async restart(entry: Supervised, delayMs: number): Promise<void> {
    try {
      await sleep(delayMs, this.stopped.signal);
    } catch {
      return; // the stack is stopping
    }
    if (this.stopped.signal.aborted) return;
    entry.restarts++;
    entry.child = entry.spawn();
    entry.startedAt = Date.now();
    this.watch(entry);
    const { child } = entry;
    try {
      await entry.healthy(child);
    } catch (err) {
      // An exit is handled by its own watch; one that hangs unhealthy is ended so that it counts as a crash.
      if (child.exitCode === null && child.signalCode === null && !this.stopped.signal.aborted) {
        this.log.warn({ process: entry.name, err }, 'a restarted stack process did not become healthy');
        child.kill('SIGKILL');
      }
      return;
    }
    if (this.stopped.signal.aborted || child !== entry.child) return;
    this.log.info(
      { process: entry.name, pid: child.pid, restarts: entry.restarts },
      'a stack process is healthy again',
    );
    process.stderr.write(
      `chain-data up: ${entry.name} is healthy again (pid ${child.pid}, ${entry.restarts} restart${entry.restarts === 1 ? '' : 's'})\n`,
    );
  }

  private exitedFor(entry: Supervised, reason: string): void {
    this.log.error({ process: entry.name, restarts: entry.restarts }, reason);
    process.stderr.write(`chain-data up: ${reason}; stopping the stack\n`);
    this.giveUp(reason);
  }
}
