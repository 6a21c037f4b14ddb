import type { Counter, Gauge } from 'prom-client';
import type { BlockActivity__Output as BlockActivityMessage } from '../../generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { FollowerReport } from '../../runtime/follow/follower-health.ts';
import { followLoop, UpstreamDivergedError, type StepOutcome } from '../../runtime/follow/follow-loop.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { ChainCursor, RollupWriter } from '../store/writer.ts';
import { activityBlockOf, rollupBatch, type ActivityBlock, type Network } from './rollup.ts';

/** evm-data's StreamBlockActivity: a chain's blocks after `afterBlock` (from block 0 when undefined), in order. */
export type ActivityStream = (
  evmChainId: string,
  afterBlock: bigint | undefined,
  signal: AbortSignal,
) => AsyncIterable<BlockActivityMessage>;

export interface RollupMetrics {
  blocks: Counter<'chain'>;
  failures: Counter<'chain'>;
  nextBlock: Gauge<'chain'>;
}

export interface ChainFollowerOptions {
  chain: { evmChainId: string; network: Network };
  stream: ActivityStream;
  writer: RollupWriter;
  /** Blocks rolled up per database transaction. */
  batchBlocks: number;
  pollIntervalMs: number;
  maxBackoffMs: number;
  log: Logger;
  metrics?: RollupMetrics;
  /** Where the follower says how far it is and that it stopped. */
  report?: FollowerReport;
  /** How far evm-data has ingested the chain (its next block), for the lag the report shows; optional. */
  upstreamNext?: (signal: AbortSignal) => Promise<bigint | undefined>;
  onCaughtUp?: () => Promise<void>;
}

/**
 * Rolls up one chain's blocks as evm-data streams them, from the chain's own cursor: each batch's rollups and the
 * cursor move in one transaction, so a restart resumes exactly where the last commit left off. Every block must be
 * the next number and name the block before it as its parent (the stored one for a batch's first block): a block
 * that does not means evm-data's chain is not the one rolled up, and the follower stops for good, loudly.
 */
export class ChainFollower {
  private readonly o: ChainFollowerOptions;
  private cursor: ChainCursor = { nextBlock: 0n, lastBlockHash: undefined, lastBlockTime: undefined };

  constructor(options: ChainFollowerOptions) {
    this.o = options;
  }

  /** Follows the chain until the signal fires or the chain diverges. Never rejects. */
  run(signal: AbortSignal): Promise<void> {
    const { log, chain, metrics } = this.o;
    const name = `chain ${chain.evmChainId}`;
    return followLoop(
      {
        name,
        reposition: () => this.reposition(),
        step: (stepSignal) => this.step(stepSignal),
        pollIntervalMs: this.o.pollIntervalMs,
        maxBackoffMs: this.o.maxBackoffMs,
        log,
        report: this.o.report,
        onFailure: (err, retryInMs) => {
          metrics?.failures.inc({ chain: chain.evmChainId });
          log.warn(
            { chain: chain.evmChainId, err: err instanceof Error ? err.message : String(err), retryInMs },
            'rolling up failed; retrying from the cursor',
          );
          return true;
        },
        onDiverged: (err) => {
          log.error(
            { chain: chain.evmChainId, err: err.message },
            "evm-data's blocks do not continue the rolled-up chain; this chain's rollups stop until a person resolves it",
          );
          return true;
        },
        onCaughtUp: async () => {
          log.info(
            { chain: chain.evmChainId, nextBlock: this.cursor.nextBlock.toString() },
            'rollups caught up with evm-data',
          );
          await this.o.onCaughtUp?.();
        },
      },
      signal,
    );
  }

  /** Reads the stored cursor: before the first step, and after another writer moved it. */
  async reposition(): Promise<void> {
    this.cursor = await this.o.writer.cursor(this.o.chain.evmChainId);
  }

  /** Rolls up everything evm-data streams after the cursor. */
  async step(signal: AbortSignal): Promise<StepOutcome> {
    const { chain, report } = this.o;
    const upstreamNext = await this.o.upstreamNext?.(signal).catch(() => undefined);
    report?.progressed(this.cursor.nextBlock, upstreamNext);
    const start = this.cursor.nextBlock;
    const after = start > 0n ? start - 1n : undefined;
    let batch: ActivityBlock[] = [];
    let expectedNumber = start;
    let parent = this.cursor.lastBlockHash;
    for await (const message of this.o.stream(chain.evmChainId, after, signal)) {
      if (signal.aborted) break;
      const block = activityBlockOf(message);
      if (message.evm_chain_id !== chain.evmChainId)
        throw new Error(
          `the stream of chain ${chain.evmChainId} gave a block of chain ${message.evm_chain_id}`,
        );
      if (block.number !== expectedNumber)
        throw new Error(
          `chain ${chain.evmChainId}: the stream gave block ${block.number}, expected ${expectedNumber}`,
        );
      if (parent && !block.parentHash.equals(parent))
        throw new UpstreamDivergedError(
          `chain ${chain.evmChainId} block ${block.number}: its parent hash 0x${block.parentHash.toString('hex')} is not the hash rolled up for block ${block.number - 1n}, 0x${parent.toString('hex')}`,
        );
      parent = block.hash;
      expectedNumber++;
      batch.push(block);
      if (batch.length >= this.o.batchBlocks) {
        await this.writeBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0 && !signal.aborted) await this.writeBatch(batch);
    const done = this.cursor.nextBlock;
    report?.progressed(done, upstreamNext !== undefined && upstreamNext > done ? upstreamNext : done);
    return done > start ? 'more' : 'caught-up';
  }

  private async writeBatch(blocks: ActivityBlock[]): Promise<void> {
    const { chain, writer, metrics } = this.o;
    const first = blocks[0]!;
    const last = blocks[blocks.length - 1]!;
    const to: ChainCursor = {
      nextBlock: last.number + 1n,
      lastBlockHash: last.hash,
      lastBlockTime: last.timestamp,
    };
    await writer.write({
      evmChainId: chain.evmChainId,
      from: this.cursor,
      to,
      firstParentHash: first.parentHash,
      rollup: rollupBatch(chain, this.cursor.lastBlockTime, blocks),
    });
    this.cursor = to;
    this.o.report?.progressed(to.nextBlock);
    metrics?.blocks.inc({ chain: chain.evmChainId }, blocks.length);
    metrics?.nextBlock.set({ chain: chain.evmChainId }, Number(to.nextBlock));
  }
}
