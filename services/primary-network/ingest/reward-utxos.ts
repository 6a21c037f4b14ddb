import { Utxo, utils, type TransferOutput } from '@avalabs/avalanchejs';
import type { DecodedOutput } from './decode/model.ts';

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
