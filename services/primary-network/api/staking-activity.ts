import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { StakerActivity } from '../../generated/proto/chaindata/primarynetwork/v1/StakerActivity.ts';
import type { StakingActivityBlock } from '../../generated/proto/chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import type { NetworkContext } from '../network.ts';
import type { StakerRecord, StakingActivityReader, StakingBlock } from '../store/staking-activity.ts';

type Handlers = AsyncImplementation<PrimaryNetworkServiceHandlers>;

const stakerMessage = (s: StakerRecord): StakerActivity => ({
  tx_id: s.tx_id,
  subnet_id: s.subnet_id,
  node_id: s.node_id,
  is_delegator: s.is_delegator,
  weight: s.weight,
  start_time: s.start_time,
  end_time: s.end_time,
});

/** A P-Chain block and its staking facts as StreamStakingActivity sends them. */
export function stakingActivityMessage(network: string, b: StakingBlock): StakingActivityBlock {
  return {
    network,
    height: b.block.height,
    block_id: b.block.id,
    parent_id: b.block.parent_id,
    block_timestamp: b.block.block_timestamp,
    stakers_added: b.added.map(stakerMessage),
    stakers_removed: b.removed.map(stakerMessage),
    l1_weights: b.l1Weights.map((w) => ({
      validation_id: w.validation_id,
      subnet_id: w.subnet_id,
      node_id: w.node_id,
      weight: w.weight,
    })),
    ...(b.block.l1_accrued_fees === null ? {} : { l1_accrued_fees: b.block.l1_accrued_fees }),
    l1_fee_changes: b.l1FeeChanges.map((c) => ({
      validation_id: c.validation_id,
      subnet_id: c.subnet_id,
      node_id: c.node_id,
      end_accumulated_fee: c.end_accumulated_fee,
      deposited: c.deposited,
      refunded: c.refunded,
    })),
  };
}

/**
 * StreamStakingActivity: the projected P-Chain blocks after `after_height` (from the first projected one when
 * unset) up to the last one projected when the call began, a batch at a time, each written as the caller takes it,
 * until the caller leaves or its deadline passes. The caller checks continuity (heights and parent ids).
 */
export function stakingActivityHandlers(deps: {
  ctx: NetworkContext;
  activity: StakingActivityReader;
}): Pick<Handlers, 'StreamStakingActivity'> {
  const { ctx, activity } = deps;
  return {
    async StreamStakingActivity(request, write, signal) {
      const after = field.optionalInteger('afterHeight', request.after_height, field.MAX_UINT64);
      let next = after === undefined ? 0n : after + 1n;
      const end = await activity.nextHeight();
      while (next < end && !signal.aborted) {
        const batch = await activity.batch(next, end);
        if (batch.length === 0) return;
        for (const block of batch) {
          await write(stakingActivityMessage(ctx.identity.name, block));
          next = BigInt(block.block.height) + 1n;
        }
      }
    },
  };
}
