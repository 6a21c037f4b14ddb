/**
 * How a component's followers (the container indexer's index followers, evm-data's chain ingesters) tell an SRE
 * that they are stuck, through /readyz and Prometheus: a follower that found its upstream on another chain stops
 * for good (a person must decide which chain is right), and one that makes no progress while its upstream is ahead
 * is stalled. Both turn /readyz 503, naming the follower and why; the gauges say how far behind each one is.
 */
import { Gauge, type Registry } from 'prom-client';
import type { ComponentContext } from '../component.ts';
import { env } from '../config.ts';
import type { Logger } from '../logger.ts';
import { CatchUpPace, catchUpEstimate, formatDuration } from './catch-up.ts';

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
  pace: CatchUpPace;
  /** When the follower last logged how its catching up goes. */
  progressLoggedMs?: number;
}

export interface FollowerHealthOptions {
  /** A follower behind its upstream with no progress for this long is stalled. */
  stallAfterMs: number;
  now?: () => number;
  /** Where a follower far behind logs its progress (percent, pace, ETA) every `progressLogIntervalMs`. */
  log?: Logger;
  progressLogIntervalMs?: number;
}

/** A follower this far behind is catching up (a backfill), not following: it logs its progress. */
const CATCHING_UP_ITEMS = 100n;

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
  private readonly options: Required<Omit<FollowerHealthOptions, 'log'>> & { log?: Logger };
  private readonly behind: Gauge<'follower'>;
  private readonly lagBlocks: Gauge<'follower'>;
  private readonly stoppedGauge: Gauge<'follower'>;
  private readonly stalledGauge: Gauge<'follower'>;
  private readonly lastProgress: Gauge<'follower'>;

  constructor(metrics: Registry, options: FollowerHealthOptions) {
    this.options = { now: Date.now, progressLogIntervalMs: 30_000, ...options };
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
    const estimatesNow = () =>
      [...this.followers].flatMap(([name, state]) =>
        state.position === undefined || state.upstreamNext === undefined
          ? []
          : [[name, catchUpEstimate(state.position, state.upstreamNext, state.pace.itemsPerSecond)] as const],
      );
    new Gauge({
      name: 'chain_data_follower_progress_percent',
      help: 'Share of its upstream’s items the follower has stored, 0 to 100 (100 when caught up)',
      labelNames: ['follower'],
      registers: [metrics],
      collect() {
        for (const [name, estimate] of estimatesNow()) this.set({ follower: name }, estimate.percent);
      },
    });
    new Gauge({
      name: 'chain_data_follower_eta_seconds',
      help: 'Seconds until the follower is caught up at its recent pace (0 when caught up; absent while unknown)',
      labelNames: ['follower'],
      registers: [metrics],
      collect() {
        this.reset();
        for (const [name, estimate] of estimatesNow())
          if (estimate.etaSeconds !== undefined) this.set({ follower: name }, estimate.etaSeconds);
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
    const state: FollowerState = { lastProgressMs: startedMs, startedMs, pace: new CatchUpPace() };
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
        state.pace.observe(position, this.options.now());
        showLag();
        this.logProgress(name, state);
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

  /** While a follower is far behind, a line every interval: where it is, its pace, its ETA; one when it caught up. */
  private logProgress(name: string, state: FollowerState): void {
    const { log, progressLogIntervalMs } = this.options;
    if (!log || state.position === undefined || state.upstreamNext === undefined) return;
    const now = this.options.now();
    const behind = lag(state) ?? 0n;
    if (behind < CATCHING_UP_ITEMS) {
      if (state.progressLoggedMs !== undefined && behind === 0n) {
        state.progressLoggedMs = undefined;
        log.info({ follower: name, position: state.position.toString() }, `${name}: caught up`);
      }
      return;
    }
    if (state.progressLoggedMs !== undefined && now - state.progressLoggedMs < progressLogIntervalMs) return;
    state.progressLoggedMs = now;
    const estimate = catchUpEstimate(state.position, state.upstreamNext, state.pace.itemsPerSecond);
    log.info(
      {
        follower: name,
        position: state.position.toString(),
        upstreamNext: state.upstreamNext.toString(),
        percent: estimate.percent,
        itemsPerSecond:
          estimate.itemsPerSecond === undefined ? undefined : +estimate.itemsPerSecond.toFixed(1),
        etaSeconds: estimate.etaSeconds === undefined ? undefined : Math.round(estimate.etaSeconds),
      },
      `${name}: catching up, ${estimate.percent.toFixed(1)}% (${behind} behind` +
        (estimate.etaSeconds === undefined ? ')' : `, about ${formatDuration(estimate.etaSeconds)} to go)`),
    );
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
  ctx: Pick<ComponentContext, 'metrics' | 'addReadinessCheck' | 'log'>,
  cfg: { FOLLOWER_STALL_AFTER_MS: number },
): FollowerHealth {
  const health = new FollowerHealth(ctx.metrics, { stallAfterMs: cfg.FOLLOWER_STALL_AFTER_MS, log: ctx.log });
  ctx.addReadinessCheck(() => health.problems());
  return health;
}
