import { decodeCheckedHex } from '../runtime/formatting/encoding.ts';
import { DomainError } from '../runtime/errors.ts';
import { UpstreamRpcError, UpstreamUnavailableError, type Upstream } from '../runtime/upstream/client.ts';
import type { PotentialRewards, RewardUtxoSource } from './projection/reward-utxos.ts';

interface CurrentValidatorsReply {
  validators?: {
    txID: string;
    potentialReward?: string;
    delegators?: { txID: string; potentialReward?: string }[] | null;
  }[];
}

/**
 * What only the P-Chain's state knows, read through the upstream nodes' platform API: the reward UTXOs of a rewarded
 * staker (platform.getRewardUTXOs) and the potential reward of current stakers (platform.getCurrentValidators,
 * which lists a validator's delegators when asked about that one node).
 */
/** Where nodes serve the platform API. */
export const PLATFORM_PATH = '/ext/bc/P';

export function platformRewards(upstream: Upstream): RewardUtxoSource & PotentialRewards {
  return {
    async rewardUtxos(stakingTxId) {
      const reply = await upstream.call<{ utxos?: unknown }>(PLATFORM_PATH, 'platform.getRewardUTXOs', {
        txID: stakingTxId,
        encoding: 'hex',
      });
      if (!Array.isArray(reply.utxos) || reply.utxos.some((u) => typeof u !== 'string'))
        throw new Error(`platform.getRewardUTXOs(${stakingTxId}) replied without a utxos list`);
      return (reply.utxos as string[]).map(decodeCheckedHex);
    },

    async potentialRewards(nodeIds) {
      const rewards = new Map<string, bigint>();
      const replies = await Promise.all(
        nodeIds.map((nodeId) =>
          upstream.call<CurrentValidatorsReply>(PLATFORM_PATH, 'platform.getCurrentValidators', {
            nodeIDs: [nodeId],
          }),
        ),
      ).catch((err: unknown) => {
        // Without the nodes there is no estimate to give: the route is unavailable, not broken.
        if (err instanceof UpstreamUnavailableError || err instanceof UpstreamRpcError)
          throw new DomainError('unavailable', `estimated rewards need the P-Chain's nodes: ${err.message}`);
        throw err;
      });
      for (const reply of replies) {
        for (const v of reply.validators ?? []) {
          if (v.potentialReward !== undefined) rewards.set(v.txID, BigInt(v.potentialReward));
          for (const d of v.delegators ?? [])
            if (d.potentialReward !== undefined) rewards.set(d.txID, BigInt(d.potentialReward));
        }
      }
      return rewards;
    },
  };
}
