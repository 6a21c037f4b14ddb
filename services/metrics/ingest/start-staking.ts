import { Counter, Gauge } from 'prom-client';
import type { PrimaryNetworkServiceDefinition } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { ComponentContext } from '../../runtime/component.ts';
import type { Pool } from '../../runtime/database/pool.ts';
import type { FollowerReport } from '../../runtime/follow/follower-health.ts';
import type { GrpcServiceClient } from '../../runtime/grpc/client.ts';
import { StakingWriter } from '../store/staking-writer.ts';
import { StakingFollower, type StakingActivityStream } from './staking-follower.ts';

/** Starts the staking rollup's follower (stopped at shutdown), fed by primary-network's StreamStakingActivity. */
export function startStakingFollower(
  ctx: ComponentContext,
  o: {
    pool: Pool;
    primaryNetwork: GrpcServiceClient<PrimaryNetworkServiceDefinition>;
    /** How long one stream call may run before the follower reopens it from its cursor. */
    streamDeadlineMs: number;
    batchBlocks: number;
    pollIntervalMs: number;
    maxBackoffMs: number;
    report: FollowerReport;
  },
): void {
  const stream: StakingActivityStream = async function* (afterHeight, signal) {
    const messages = o.primaryNetwork.streaming.StreamStakingActivity(
      afterHeight === undefined ? {} : { after_height: afterHeight.toString() },
      o.streamDeadlineMs,
    );
    for await (const message of messages) {
      // Breaking off the iteration cancels the call.
      if (signal.aborted) return;
      yield message;
    }
  };
  const follower = new StakingFollower({
    stream,
    writer: new StakingWriter(o.pool),
    batchBlocks: o.batchBlocks,
    pollIntervalMs: o.pollIntervalMs,
    maxBackoffMs: o.maxBackoffMs,
    log: ctx.log,
    report: o.report,
    metrics: {
      blocks: new Counter({
        name: 'chain_data_metrics_p_chain_blocks_rolled_up_total',
        help: 'P-Chain blocks rolled up into the staking metrics',
        registers: [ctx.metrics],
      }),
      failures: new Counter({
        name: 'chain_data_metrics_staking_rollup_failures_total',
        help: 'Failed staking rollup steps',
        registers: [ctx.metrics],
      }),
      nextHeight: new Gauge({
        name: 'chain_data_metrics_next_p_chain_height',
        help: 'Next P-Chain height the staking rollup reads',
        registers: [ctx.metrics],
      }),
    },
  });
  const abort = new AbortController();
  const running = follower.run(abort.signal);
  ctx.onShutdown('staking rollup', async () => {
    abort.abort();
    await running;
  });
}
