import type { Counter, Gauge } from 'prom-client';
import type { StakingActivityBlock__Output as StakingActivityMessage } from '../../generated/proto/chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import type { FollowerReport } from '../../runtime/follow/follower-health.ts';
import { followLoop, UpstreamDivergedError, type StepOutcome } from '../../runtime/follow/follow-loop.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { StakingCursor, StakingWriter } from '../store/staking-writer.ts';
import { stakingBlockOf, type StakingBlock } from './staking-rollup.ts';

/** primary-network's StreamStakingActivity: the P-Chain's projected blocks after `afterHeight` (all when undefined). */
export type StakingActivityStream = (
  afterHeight: bigint | undefined,
  signal: AbortSignal,
) => AsyncIterable<StakingActivityMessage>;

export interface StakingFollowerMetrics {
  blocks: Counter;
  failures: Counter;
  nextHeight: Gauge;
}

export interface StakingFollowerOptions {
  stream: StakingActivityStream;
  writer: StakingWriter;
  /** P-Chain blocks rolled up per database transaction. */
  batchBlocks: number;
  pollIntervalMs: number;
  maxBackoffMs: number;
  log: Logger;
  metrics?: StakingFollowerMetrics;
  report?: FollowerReport;
}

/**
 * Rolls up the P-Chain's staking facts as primary-network streams them, from the stored cursor: each batch's day
 * rows and the cursor move in one transaction. Every block must have the next height and name the block before it
 * as its parent (the stored one for a batch's first block): one that does not means primary-network's P-Chain is
 * not the one rolled up, and the follower stops for good, loudly.
 */
export class StakingFollower {
  private readonly o: StakingFollowerOptions;
  private cursor: StakingCursor = { nextHeight: undefined, lastBlockId: undefined };

  constructor(options: StakingFollowerOptions) {
    this.o = options;
  }

  /** Follows the P-Chain until the signal fires or it diverges. Never rejects. */
  run(signal: AbortSignal): Promise<void> {
    const { log, metrics } = this.o;
    return followLoop(
      {
        name: 'staking',
        reposition: () => this.reposition(),
        step: (stepSignal) => this.step(stepSignal),
        pollIntervalMs: this.o.pollIntervalMs,
        maxBackoffMs: this.o.maxBackoffMs,
        log,
        report: this.o.report,
        onFailure: (err, retryInMs) => {
          metrics?.failures.inc();
          log.warn(
            { err: err instanceof Error ? err.message : String(err), retryInMs },
            'rolling up staking failed; retrying from the cursor',
          );
          return true;
        },
        onDiverged: (err) => {
          log.error(
            { err: err.message },
            "primary-network's P-Chain does not continue the rolled-up one; the staking rollup stops until a person resolves it",
          );
          return true;
        },
        onCaughtUp: () => {
          log.info({ nextHeight: this.cursor.nextHeight?.toString() }, 'staking rollup caught up');
        },
      },
      signal,
    );
  }

  async reposition(): Promise<void> {
    this.cursor = await this.o.writer.cursor();
  }

  /** Rolls up everything primary-network streams after the cursor. */
  async step(signal: AbortSignal): Promise<StepOutcome> {
    const start = this.cursor.nextHeight;
    const after = start === undefined ? undefined : start - 1n;
    let batch: StakingBlock[] = [];
    let expected = start;
    let parent = this.cursor.lastBlockId;
    for await (const message of this.o.stream(after, signal)) {
      if (signal.aborted) break;
      const block = stakingBlockOf(message);
      if (expected !== undefined && block.height !== expected)
        throw new Error(`the P-Chain stream gave height ${block.height}, expected ${expected}`);
      if (parent && !block.parentId.equals(parent))
        throw new UpstreamDivergedError(
          `P-Chain block ${block.height}: its parent ${block.parentId.toString('hex')} is not the block rolled up at height ${block.height - 1n}, ${parent.toString('hex')}`,
        );
      parent = block.id;
      expected = block.height + 1n;
      batch.push(block);
      if (batch.length >= this.o.batchBlocks) {
        await this.writeBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0 && !signal.aborted) await this.writeBatch(batch);
    const done = this.cursor.nextHeight;
    if (done !== undefined) this.o.report?.progressed(done);
    return done !== start ? 'more' : 'caught-up';
  }

  private async writeBatch(blocks: StakingBlock[]): Promise<void> {
    const last = blocks.at(-1)!;
    await this.o.writer.write(this.cursor, blocks);
    this.cursor = { nextHeight: last.height + 1n, lastBlockId: last.id };
    this.o.report?.progressed(this.cursor.nextHeight!);
    this.o.metrics?.blocks.inc(blocks.length);
    this.o.metrics?.nextHeight.set(Number(this.cursor.nextHeight));
  }
}
