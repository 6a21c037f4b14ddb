import { Utxo, utils, type TransferOutput } from '@avalabs/avalanchejs';
import type { DeclinedEndpoint } from '../../runtime/upstream/client.ts';
import type { DecodedOutput } from '../decode/model.ts';

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
   */
  potentialRewards(nodeIds: string[], atLeastHeight?: bigint): Promise<Map<string, bigint>>;
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

const pvmCodec = () => utils.getManagerForVM('PVM').getDefaultCodec();

/** An avax.UTXO as platform.getRewardUTXOs returns it (codec version first) as the output it holds. */
export function decodeRewardUtxo(bytes: Uint8Array): DecodedOutput {
  const version = (bytes[0]! << 8) | bytes[1]!;
  if (version !== 0) throw new Error(`reward UTXO has codec version ${version}, expected 0`);
  const [utxo, rest] = Utxo.fromBytes(bytes.subarray(2), pvmCodec());
  if (rest.length !== 0) throw new Error(`reward UTXO has ${rest.length} trailing bytes`);
  const output = utxo.output as TransferOutput;
  if (typeof (output as Partial<TransferOutput>).amount !== 'function')
    throw new Error('reward UTXO does not hold a secp256k1 transfer output');
  return {
    outputIndex: utxo.utxoId.outputIdx.value(),
    assetId: utxo.assetId.toBytes(),
    outputType: 'secp256k1-transfer',
    amount: output.amount(),
    addresses: output.outputOwners.addrs.map((a) => a.toBytes()),
    threshold: output.outputOwners.threshold.value(),
    locktime: output.outputOwners.locktime.value(),
    utxoBytes: bytes,
  };
}

/**
 * Which reward a UTXO is, from avalanchego's numbering (platformvm/txs/executor/proposal_tx_executor.go): after the
 * staker's outputs and returned stake come, for a committed validator, its reward then its accrued delegation
 * fees; for an aborted one, the fees alone; for a delegator, its reward then (before Cortina) the validator's fee.
 */
export function rewardTypeOf(
  outputIndex: number,
  firstRewardIndex: number,
  staker: { isDelegator: boolean },
  committed: boolean,
): 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE' {
  const position = outputIndex - firstRewardIndex;
  if (staker.isDelegator) return position === 0 && committed ? 'DELEGATOR' : 'VALIDATOR_FEE';
  return position === 0 && committed ? 'VALIDATOR' : 'VALIDATOR_FEE';
}
