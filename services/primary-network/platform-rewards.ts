import { decodeCheckedHex } from '../runtime/formatting/encoding.ts';
import { DomainError } from '../runtime/errors.ts';
import {
  UpstreamNotReadyError,
  UpstreamRpcError,
  UpstreamUnavailableError,
  type CallOptions,
  type DeclinedEndpoint,
  type EndpointCall,
  type Upstream,
} from '../runtime/upstream/client.ts';

/**
 * Rewards are not in any container: a RewardValidatorTx names only the staker, and the node computes what it pays
 * (the staker's potential reward, fixed when it was added, and accrued delegation fees). The node keeps the reward
 * UTXOs of every rewarded staker and serves them by staking transaction (platform.getRewardUTXOs): that is where
 * the projection reads them.
 */
export interface RewardUtxoSource {
  /**
   * The reward UTXOs of a staker rewarded at P-Chain height `height` (the option block's). A node that has not
   * reached that height answers none, so only a node at or past it is asked; when there is none, NodesBehindError.
   */
  rewardUtxos(stakingTxId: string, height: bigint): Promise<Uint8Array[]>;
}

/** What the node says current stakers will earn (platform.getCurrentValidators' potentialReward). */
export interface PotentialRewards {
  /**
   * Potential reward by staking tx id (cb58) of the current stakers of these nodes (`NodeID-…`). With `atLeastHeight`,
   * only from a node at or past that P-Chain height (NodesBehindError when there is none); without, from any node.
   * `signal` ends the calls when whoever asked has gone.
   */
  potentialRewards(
    nodeIds: string[],
    atLeastHeight?: bigint,
    signal?: AbortSignal,
  ): Promise<Map<string, bigint>>;
}

/** No upstream node has reached the P-Chain height an answer needs: the projection waits there and asks again. */
export class NodesBehindError extends Error {
  override name = 'NodesBehindError';
  readonly neededHeight: bigint;
  /** Each node asked, and where it was (e.g. `at P-Chain height 41`). */
  readonly nodes: DeclinedEndpoint[];
  constructor(neededHeight: bigint, nodes: DeclinedEndpoint[]) {
    super(
      `no upstream node has reached P-Chain height ${neededHeight}: ${nodes.map((n) => `${n.endpoint} ${n.reason}`).join(', ')}`,
    );
    this.neededHeight = neededHeight;
    this.nodes = nodes;
  }
}

interface CurrentValidatorsReply {
  validators?: {
    txID: string;
    potentialReward?: string;
    delegators?: { txID: string; potentialReward?: string }[] | null;
  }[];
}

/** Where nodes serve the platform API. */
export const PLATFORM_PATH = '/ext/bc/P';

/**
 * Trusts a node's platform API only once it has accepted P-Chain block `height`: a node behind answers as of its own
 * height (no reward UTXOs yet for a staker rewarded later, no staker added later), which is not the answer.
 */
export function atLeastHeight(height: bigint): CallOptions {
  return {
    check: async (call: EndpointCall) => {
      const reply = await call<{ height?: unknown }>(PLATFORM_PATH, 'platform.getHeight', {});
      if (typeof reply.height !== 'string' || !/^\d+$/.test(reply.height))
        throw new Error(`platform.getHeight replied without a height: ${JSON.stringify(reply)}`);
      return BigInt(reply.height) >= height ? undefined : `at P-Chain height ${reply.height}`;
    },
  };
}

/** No node could be trusted for an answer at `height`: all were behind it. */
function nodesBehind(err: unknown, height: bigint): unknown {
  return err instanceof UpstreamNotReadyError ? new NodesBehindError(height, err.declined) : err;
}

/**
 * What only the P-Chain's state knows, read through the upstream nodes' platform API: the reward UTXOs of a rewarded
 * staker (platform.getRewardUTXOs) and the potential reward of current stakers (platform.getCurrentValidators,
 * which lists a validator's delegators when asked about that one node).
 */
export function platformRewards(upstream: Upstream): RewardUtxoSource & PotentialRewards {
  return {
    async rewardUtxos(stakingTxId, height) {
      const reply = await upstream
        .call<{ utxos?: unknown }>(
          PLATFORM_PATH,
          'platform.getRewardUTXOs',
          { txID: stakingTxId, encoding: 'hex' },
          undefined,
          atLeastHeight(height),
        )
        .catch((err: unknown) => {
          throw nodesBehind(err, height);
        });
      if (!Array.isArray(reply.utxos) || reply.utxos.some((u) => typeof u !== 'string'))
        throw new Error(`platform.getRewardUTXOs(${stakingTxId}) replied without a utxos list`);
      return (reply.utxos as string[]).map(decodeCheckedHex);
    },

    async potentialRewards(nodeIds, height, signal) {
      const options = height === undefined ? undefined : atLeastHeight(height);
      const rewards = new Map<string, bigint>();
      const replies = await Promise.all(
        nodeIds.map((nodeId) =>
          upstream.call<CurrentValidatorsReply>(
            PLATFORM_PATH,
            'platform.getCurrentValidators',
            { nodeIDs: [nodeId] },
            signal,
            options,
          ),
        ),
      ).catch((err: unknown) => {
        if (height !== undefined && err instanceof UpstreamNotReadyError) throw nodesBehind(err, height);
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
