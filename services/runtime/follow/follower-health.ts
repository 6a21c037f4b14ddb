/**
 * How a component's followers (the container indexer's index followers, evm-data's chain ingesters) tell an SRE
 * that they are stuck, through /readyz and Prometheus: a follower that found its upstream on another chain stops
 * for good (a person must decide which chain is right), and one that makes no progress while its upstream is ahead
 * is stalled. Both turn /readyz 503, naming the follower and why; the gauges say how far behind each one is.
 */
import { Gauge, type Registry } from 'prom-client';
import type { ComponentContext } from '../component.ts';
import { env } from '../config.ts';

export interface FollowerReport {
  /** The follower stored up to `position` (its next index or block) and the upstream's head is `upstreamNext`. */
  progressed(position: bigint, upstreamNext?: bigint): void;
  /** The upstream's head as last seen, without progress (e.g. while a step fails). */
  upstreamAt(upstreamNext: bigint): void;
  /** The follower stopped for good; `reason` says what a person must look at. */
  stopped(reason: string): void;
}

interface FollowerState {
  position?: bigint;
  upstreamNext?: bigint;
  lastProgressMs: number;
  /** When the follower started. */
  startedMs: number;
  /** When the follower was last seen caught up (no lag), if ever. */
  caughtUpMs?: number;
  stoppedReason?: string;
}

export interface FollowerHealthOptions {
  /** A follower behind its upstream with no progress for this long is stalled. */
  stallAfterMs: number;
  now?: () => number;
}

/** How far behind the upstream a follower is: items the upstream has that the follower has not stored. */
export function lag(state: { position?: bigint; upstreamNext?: bigint }): bigint | undefined {
  if (state.position === undefined || state.upstreamNext === undefined) return undefined;
  return state.upstreamNext > state.position ? state.upstreamNext - state.position : 0n;
}

/**
 * How far behind the upstream's head the follower's stored tip is in time: 0 while caught up, else the time since
 * it was last seen caught up (or since it started, if never). Blocks and containers carry no time the follower
 * could compare without fetching them, and the time it has been behind is what an SRE asks ("how stale is the
 * data?"). Undefined while the lag is unknown.
 */
export function lagSeconds(
  state: { position?: bigint; upstreamNext?: bigint; startedMs: number; caughtUpMs?: number },
  nowMs: number,
): number | undefined {
  const behind = lag(state);
  if (behind === undefined) return undefined;
  if (behind === 0n) return 0;
  return Math.max(0, nowMs - (state.caughtUpMs ?? state.startedMs)) / 1000;
}

export class FollowerHealth {
  private readonly followers = new Map<string, FollowerState>();
  private readonly options: Required<FollowerHealthOptions>;
  private readonly behind: Gauge<'follower'>;
  private readonly lagBlocks: Gauge<'follower'>;
  private readonly stoppedGauge: Gauge<'follower'>;
  private readonly stalledGauge: Gauge<'follower'>;
  private readonly lastProgress: Gauge<'follower'>;

  constructor(metrics: Registry, options: FollowerHealthOptions) {
    this.options = { now: Date.now, ...options };
    const stalledNow = (): [string, boolean][] =>
      [...this.followers].map(([name, state]) => [name, this.stalled(state)]);
    this.behind = new Gauge({
      name: 'chain_data_follower_behind',
      help: 'Items (containers or blocks) the upstream has that the follower has not stored yet',
      labelNames: ['follower'],
      registers: [metrics],
    });
    // The name dashboards use for chain_data_follower_behind, which stays for what already reads it.
    this.lagBlocks = new Gauge({
      name: 'chain_data_follower_lag_blocks',
      help: 'Items (containers or blocks) the upstream has that the follower has not stored yet',
      labelNames: ['follower'],
      registers: [metrics],
    });
    const lagSecondsNow = (): [string, number | undefined][] =>
      [...this.followers].map(([name, state]) => [name, lagSeconds(state, this.options.now())]);
    new Gauge({
      name: 'chain_data_follower_lag_seconds',
      help: 'Seconds the follower has been behind its upstream’s head (since it was last caught up), 0 when caught up',
      labelNames: ['follower'],
      registers: [metrics],
      collect() {
        for (const [name, seconds] of lagSecondsNow())
          if (seconds !== undefined) this.set({ follower: name }, seconds);
      },
    });
    this.stoppedGauge = new Gauge({
      name: 'chain_data_follower_stopped',
      help: '1 when the follower stopped for good (its upstream diverged from the stored chain)',
      labelNames: ['follower'],
      registers: [metrics],
    });
    this.stalledGauge = new Gauge({
      name: 'chain_data_follower_stalled',
      help: '1 when the follower is behind its upstream and has made no progress for the stall period',
      labelNames: ['follower'],
      registers: [metrics],
      collect() {
        for (const [name, stalled] of stalledNow()) this.set({ follower: name }, stalled ? 1 : 0);
      },
    });
    this.lastProgress = new Gauge({
      name: 'chain_data_follower_last_progress_seconds',
      help: 'Unix time of the follower’s last stored item (or of its start)',
      labelNames: ['follower'],
      registers: [metrics],
    });
  }

  follower(name: string): FollowerReport {
    const startedMs = this.options.now();
    const state: FollowerState = { lastProgressMs: startedMs, startedMs };
    this.followers.set(name, state);
    const labels = { follower: name };
    this.stoppedGauge.set(labels, 0);
    this.lastProgress.set(labels, state.lastProgressMs / 1000);
    const showLag = () => {
      const behind = lag(state);
      if (behind === undefined) return;
      if (behind === 0n) state.caughtUpMs = this.options.now();
      this.behind.set(labels, Number(behind));
      this.lagBlocks.set(labels, Number(behind));
    };
    return {
      progressed: (position, upstreamNext) => {
        if (state.position === undefined || position > state.position) {
          state.lastProgressMs = this.options.now();
          this.lastProgress.set(labels, state.lastProgressMs / 1000);
        }
        state.position = position;
        if (upstreamNext !== undefined) state.upstreamNext = upstreamNext;
        showLag();
      },
      upstreamAt: (upstreamNext) => {
        state.upstreamNext = upstreamNext;
        showLag();
      },
      stopped: (reason) => {
        state.stoppedReason = reason;
        this.stoppedGauge.set(labels, 1);
      },
    };
  }

  private stalled(state: FollowerState): boolean {
    if (state.stoppedReason !== undefined) return false;
    const behind = lag(state);
    // Nothing known to fetch is not a stall; neither is an upstream nobody has reached yet (lag unknown).
    if (behind === undefined || behind === 0n) return false;
    return this.options.now() - state.lastProgressMs >= this.options.stallAfterMs;
  }

  /** What keeps the component from being ready: one line per stopped or stalled follower. */
  problems(): string[] {
    const problems: string[] = [];
    for (const [name, state] of this.followers) {
      if (state.stoppedReason !== undefined) problems.push(`${name} stopped: ${state.stoppedReason}`);
      else if (this.stalled(state)) {
        const seconds = Math.round((this.options.now() - state.lastProgressMs) / 1000);
        problems.push(`${name} stalled: ${lag(state)} behind its upstream, no progress for ${seconds} s`);
      }
    }
    return problems;
  }
}

/** The configuration every component with followers reads (see the README's table). */
export const followerHealthConfig = {
  FOLLOWER_STALL_AFTER_MS: env.integer(1_000, 86_400_000, 300_000),
};

/** A component's follower health, wired to its metrics and /readyz. */
export function followerHealthOf(
  ctx: Pick<ComponentContext, 'metrics' | 'addReadinessCheck'>,
  cfg: { FOLLOWER_STALL_AFTER_MS: number },
): FollowerHealth {
  const health = new FollowerHealth(ctx.metrics, { stallAfterMs: cfg.FOLLOWER_STALL_AFTER_MS });
  ctx.addReadinessCheck(() => health.problems());
  return health;
}
