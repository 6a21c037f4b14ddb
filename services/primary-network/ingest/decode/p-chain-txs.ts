/**
 * platformvm transactions into the model (avalanchego vms/platformvm/txs: one file per transaction; output indices
 * from txs/executor: exported outputs in standard_tx_executor.go, stake returned in proposal_tx_executor.go).
 */
import { pvmSerial, type avaxSerial, type L1Validator } from '@avalabs/avalanchejs';
import type { BlsSigner, DecodedTx, L1ConversionValidator, Owner, PrimaryNetworkTxType } from './model.ts';
import {
  conversionValidationId,
  decodeL1ValidatorWeight,
  decodeRegisterL1Validator,
  type PChainOwner,
} from '../../../runtime/avalanche/l1-messages.ts';
import { decodeSignedWarpMessage, decodeWarpPayload } from '../../../runtime/avalanche/warp.ts';
import {
  baseTxFields,
  decodeInputs,
  decodeOutputs,
  emptyTx,
  pvmOwner,
  readSignedTx,
  type SignedTxAt,
} from './transactions.ts';

/** Unsigned transaction type ids (txs/codec.go); Helicon's 40–42 are not scheduled on any network yet. */
export const PVM_TX_TYPES: ReadonlyMap<number, PrimaryNetworkTxType> = new Map([
  [12, 'AddValidatorTx'],
  [13, 'AddSubnetValidatorTx'],
  [14, 'AddDelegatorTx'],
  [15, 'CreateChainTx'],
  [16, 'CreateSubnetTx'],
  [17, 'ImportTx'],
  [18, 'ExportTx'],
  [19, 'AdvanceTimeTx'],
  [20, 'RewardValidatorTx'],
  [23, 'RemoveSubnetValidatorTx'],
  [24, 'TransformSubnetTx'],
  [25, 'AddPermissionlessValidatorTx'],
  [26, 'AddPermissionlessDelegatorTx'],
  [33, 'TransferSubnetOwnershipTx'],
  [34, 'BaseTx'],
  [35, 'ConvertSubnetToL1Tx'],
  [36, 'RegisterL1ValidatorTx'],
  [37, 'SetL1ValidatorWeightTx'],
  [38, 'IncreaseL1ValidatorBalanceTx'],
  [39, 'DisableL1ValidatorTx'],
]);

/** The primary network's subnet id (constants.PrimaryNetworkID = ids.Empty), also the P-Chain's blockchain id. */
const PRIMARY_NETWORK_ID = new Uint8Array(32);

type Unsigned = avaxSerial.SignedTx['unsignedTx'];
type Specifics = Partial<DecodedTx>;

/** The transaction at `offset` of a platformvm block (embedded without codec version) and where it ends. */
export function readPvmTx(bytes: Uint8Array, offset: number): { tx: DecodedTx; end: number } {
  const at = readSignedTx(bytes, offset, 'PVM', PVM_TX_TYPES);
  return { tx: decodePvmTx(at), end: at.end };
}

export function decodePvmTx(at: SignedTxAt): DecodedTx {
  const type = PVM_TX_TYPES.get(at.typeId)!;
  const unsigned = at.signed.unsignedTx;
  if (pvmSerial.isAdvanceTimeTx(unsigned)) {
    return { ...withoutBaseTx(at, type), advanceTimeTo: unsigned.time.value() };
  }
  if (pvmSerial.isRewardValidatorTx(unsigned)) {
    return { ...withoutBaseTx(at, type), rewardedTxId: unsigned.txId.toBytes() };
  }
  const { baseTx } = unsigned as avaxSerial.AvaxTx;
  if (!baseTx) throw new Error(`${type} without a BaseTx`);
  const { base, outputs, inputs } = baseTxFields(baseTx, 'PVM', at.id);
  return {
    ...emptyTx('P', at, type, 'PVM', base),
    outputs,
    inputs,
    ...specifics(unsigned, at.id, outputs.length),
  };
}

/**
 * AdvanceTimeTx and RewardValidatorTx have no BaseTx: no network id (0 here), no memo, and they belong to the
 * P-Chain, whose blockchain id is ids.Empty.
 */
function withoutBaseTx(at: SignedTxAt, type: PrimaryNetworkTxType): DecodedTx {
  return emptyTx('P', at, type, 'PVM', {
    networkId: 0,
    blockchainId: PRIMARY_NETWORK_ID,
    memo: new Uint8Array(0),
  });
}

function specifics(unsigned: Unsigned, txId: Uint8Array, outputCount: number): Specifics {
  if (pvmSerial.isPvmBaseTx(unsigned)) return {};
  return (
    stakingSpecifics(unsigned, txId, outputCount) ??
    subnetSpecifics(unsigned) ??
    atomicSpecifics(unsigned, txId, outputCount) ??
    l1Specifics(unsigned) ??
    unexpected(unsigned)
  );
}

function unexpected(unsigned: Unsigned): never {
  throw new Error(`platformvm transaction ${String(unsigned._type)} has no decoder`);
}

function validatorFields(validator: pvmSerial.Validator): Specifics {
  return {
    nodeId: validator.nodeId.toBytes(),
    startTime: validator.startTime.value(),
    endTime: validator.endTime.value(),
    weight: validator.weight.value(),
  };
}

/** Stake comes back at len(outs)+i when the staker leaves (proposal_tx_executor.go unstakeUTXOs). */
function stakeOutputs(
  stake: readonly avaxSerial.TransferableOutput[],
  txId: Uint8Array,
  outputCount: number,
): Specifics {
  return { stakeOutputs: decodeOutputs(stake, 'PVM', txId, outputCount) };
}

function stakingSpecifics(unsigned: Unsigned, txId: Uint8Array, outputCount: number): Specifics | undefined {
  if (pvmSerial.isAddValidatorTx(unsigned)) {
    // One owner for both rewards (add_validator_tx.go ValidationRewardsOwner/DelegationRewardsOwner).
    const owner = pvmOwner(unsigned.rewardsOwner);
    return {
      ...validatorFields(unsigned.validator),
      subnetId: PRIMARY_NETWORK_ID,
      ...stakeOutputs(unsigned.stake, txId, outputCount),
      rewardsOwner: owner,
      delegationRewardsOwner: owner,
      delegationShares: unsigned.shares.value(),
    };
  }
  if (pvmSerial.isAddDelegatorTx(unsigned)) {
    return {
      ...validatorFields(unsigned.validator),
      subnetId: PRIMARY_NETWORK_ID,
      ...stakeOutputs(unsigned.stake, txId, outputCount),
      rewardsOwner: pvmOwner(unsigned.rewardsOwner),
    };
  }
  if (pvmSerial.isAddPermissionlessValidatorTx(unsigned)) {
    const specifics: Specifics = {
      ...validatorFields(unsigned.subnetValidator.validator),
      subnetId: unsigned.subnetValidator.subnetId.toBytes(),
      ...stakeOutputs(unsigned.stake, txId, outputCount),
      rewardsOwner: pvmOwner(unsigned.validatorRewardsOwner),
      delegationRewardsOwner: pvmOwner(unsigned.delegatorRewardsOwner),
      delegationShares: unsigned.shares.value(),
    };
    if (pvmSerial.isSigner(unsigned.signer)) specifics.blsSigner = blsSigner(unsigned.signer.proof);
    return specifics;
  }
  if (pvmSerial.isAddPermissionlessDelegatorTx(unsigned)) {
    return {
      ...validatorFields(unsigned.subnetValidator.validator),
      subnetId: unsigned.subnetValidator.subnetId.toBytes(),
      ...stakeOutputs(unsigned.stake, txId, outputCount),
      rewardsOwner: pvmOwner(unsigned.delegatorRewardsOwner),
    };
  }
  if (pvmSerial.isAddSubnetValidatorTx(unsigned)) {
    return {
      ...validatorFields(unsigned.subnetValidator.validator),
      subnetId: unsigned.subnetValidator.subnetId.toBytes(),
    };
  }
  if (pvmSerial.isRemoveSubnetValidatorTx(unsigned)) {
    return { nodeId: unsigned.nodeId.toBytes(), subnetId: unsigned.subnetId.toBytes() };
  }
  return undefined;
}

function blsSigner(proof: pvmSerial.ProofOfPossession): BlsSigner {
  return { publicKey: proof.publicKey, proofOfPossession: proof.signature };
}

function subnetSpecifics(unsigned: Unsigned): Specifics | undefined {
  if (pvmSerial.isCreateSubnetTx(unsigned)) return { subnetOwner: pvmOwner(unsigned.subnetOwners) };
  if (pvmSerial.isTransferSubnetOwnershipTx(unsigned)) {
    return { subnetId: unsigned.subnetID.toBytes(), subnetOwner: pvmOwner(unsigned.subnetOwners) };
  }
  if (pvmSerial.isCreateChainTx(unsigned)) {
    return {
      subnetId: unsigned.subnetID.toBytes(),
      createdChain: {
        chainName: unsigned.chainName.value(),
        vmId: unsigned.vmID.toBytes(),
        fxIds: unsigned.fxIds.map((id) => id.toBytes()),
        genesisData: unsigned.genesisData.bytes,
      },
    };
  }
  if (pvmSerial.isTransformSubnetTx(unsigned)) {
    return {
      subnetId: unsigned.subnetID.toBytes(),
      subnetTransformation: {
        assetId: unsigned.assetId.toBytes(),
        initialSupply: unsigned.initialSupply.value(),
        maximumSupply: unsigned.maximumSupply.value(),
        minConsumptionRate: unsigned.minConsumptionRate.value(),
        maxConsumptionRate: unsigned.maxConsumptionRate.value(),
        minValidatorStake: unsigned.minValidatorStake.value(),
        maxValidatorStake: unsigned.maxValidatorStake.value(),
        minStakeDuration: unsigned.minStakeDuration.value(),
        maxStakeDuration: unsigned.maxStakeDuration.value(),
        minDelegationFee: unsigned.minDelegationFee.value(),
        minDelegatorStake: unsigned.minDelegatorStake.value(),
        maxValidatorWeightFactor: unsigned.maxValidatorWeightFactor.toBytes()[0]!,
        uptimeRequirement: unsigned.uptimeRequirement.value(),
      },
    };
  }
  return undefined;
}

/** Exported outputs are numbered after the tx's own outputs (standard_tx_executor.go ExportTx). */
function atomicSpecifics(unsigned: Unsigned, txId: Uint8Array, outputCount: number): Specifics | undefined {
  if (pvmSerial.isImportTx(unsigned)) {
    return { sourceChain: unsigned.sourceChain.toBytes(), importedInputs: decodeInputs(unsigned.ins, 'PVM') };
  }
  if (pvmSerial.isExportTx(unsigned)) {
    return {
      destinationChain: unsigned.destination.toBytes(),
      exportedOutputs: decodeOutputs(unsigned.outs, 'PVM', txId, outputCount),
    };
  }
  return undefined;
}

function l1Specifics(unsigned: Unsigned): Specifics | undefined {
  if (pvmSerial.isConvertSubnetToL1Tx(unsigned)) {
    const subnetId = unsigned.subnetID.toBytes();
    return {
      subnetId,
      l1Conversion: {
        managerChainId: unsigned.chainID.toBytes(),
        managerAddress: unsigned.address.bytes,
        validators: unsigned.validators.map((v, i) => conversionValidator(subnetId, v, i)),
      },
    };
  }
  if (pvmSerial.isRegisterL1ValidatorTx(unsigned)) {
    return { l1Registration: l1Registration(unsigned) };
  }
  if (pvmSerial.isSetL1ValidatorWeightTx(unsigned)) {
    const warpMessage = unsigned.message.bytes;
    return { l1WeightChange: { ...decodeL1ValidatorWeight(l1MessagePayload(warpMessage)), warpMessage } };
  }
  if (pvmSerial.isIncreaseL1ValidatorBalanceTx(unsigned)) {
    return {
      l1BalanceIncrease: { validationId: unsigned.validationId.toBytes(), balance: unsigned.balance.value() },
    };
  }
  if (pvmSerial.isDisableL1ValidatorTx(unsigned)) {
    return { l1Disable: { validationId: unsigned.validationId.toBytes() } };
  }
  return undefined;
}

/** validationID = subnetID.Append(index): sha256(subnetID ‖ u32be(index)) (standard_tx_executor.go, ids/id.go). */
function conversionValidator(subnetId: Uint8Array, v: L1Validator, index: number): L1ConversionValidator {
  const owner = (o: L1Validator['remainingBalanceOwner']): Owner => ({
    addresses: o.addresses.map((a) => a.toBytes()),
    threshold: o.threshold.value(),
    locktime: 0n,
  });
  return {
    validationId: conversionValidationId(subnetId, index),
    nodeId: v.nodeId.bytes,
    weight: v.weight.value(),
    balance: v.balance.value(),
    signer: blsSigner(v.signer),
    remainingBalanceOwner: owner(v.remainingBalanceOwner),
    deactivationOwner: owner(v.deactivationOwner),
  };
}

/**
 * The L1 message a transaction's signed Warp message carries: the payload of its AddressedCall
 * (platformvm/warp: message, payload/addressed_call.go).
 */
function l1MessagePayload(warpMessage: Uint8Array): Uint8Array {
  const payload = decodeWarpPayload(decodeSignedWarpMessage(warpMessage).payload);
  if (payload.type !== 'addressedCall')
    throw new Error(`warp payload: a ${payload.type} payload, not an AddressedCall`);
  return payload.payload;
}

/** The P-Chain's owners have no locktime. */
const l1Owner = (o: PChainOwner): Owner => ({ ...o, locktime: 0n });

/** validationID = sha256 of the RegisterL1Validator payload bytes (warp/message/register_l1_validator.go). */
function l1Registration(unsigned: pvmSerial.RegisterL1ValidatorTx): DecodedTx['l1Registration'] {
  const warpMessage = unsigned.message.bytes;
  const message = decodeRegisterL1Validator(l1MessagePayload(warpMessage));
  return {
    ...message,
    remainingBalanceOwner: l1Owner(message.remainingBalanceOwner),
    disableOwner: l1Owner(message.disableOwner),
    balance: unsigned.balance.value(),
    proofOfPossession: unsigned.blsSignature.toBytes(),
    warpMessage,
  };
}
