import type { ChainKey } from '../../network.ts';
/**
 * What the primary-network projection reads out of a container: the chain-neutral shape of every block, vertex and
 * transaction of the P-, X- and C-Chains. Decoders (this folder) turn container bytes into these; the projection
 * turns these into rows. Ids are raw bytes (32-byte ids, 20-byte short ids); formatting happens at the edge.
 */

/** The Data API's PrimaryNetworkTxType values that a container can hold. */
export type PrimaryNetworkTxType =
  | 'AddValidatorTx'
  | 'AddSubnetValidatorTx'
  | 'AddDelegatorTx'
  | 'CreateChainTx'
  | 'CreateSubnetTx'
  | 'ImportTx'
  | 'ExportTx'
  | 'AdvanceTimeTx'
  | 'RewardValidatorTx'
  | 'RemoveSubnetValidatorTx'
  | 'TransformSubnetTx'
  | 'AddPermissionlessValidatorTx'
  | 'AddPermissionlessDelegatorTx'
  | 'BaseTx'
  | 'TransferSubnetOwnershipTx'
  | 'ConvertSubnetToL1Tx'
  | 'RegisterL1ValidatorTx'
  | 'SetL1ValidatorWeightTx'
  | 'DisableL1ValidatorTx'
  | 'IncreaseL1ValidatorBalanceTx'
  | 'CreateAssetTx'
  | 'OperationTx';

/** An output owner: secp256k1fx.OutputOwners. */
export interface Owner {
  addresses: Uint8Array[];
  threshold: number;
  locktime: bigint;
}

export interface BlsSigner {
  /** 48-byte compressed G1 public key. */
  publicKey: Uint8Array;
  /** 96-byte compressed G2 proof of possession. */
  proofOfPossession: Uint8Array;
}

/** One output of a transaction, as the UTXO it becomes. */
export interface DecodedOutput {
  /**
   * The UTXO's output index as avalanchego numbers it: a tx's own outputs first (0..outs-1), then exported outputs
   * (ExportTx: len(outs)+i), or stake outputs (staking txs: len(outs)+i, created when the staker leaves).
   */
  outputIndex: number;
  assetId: Uint8Array;
  /** secp256k1fx / nftfx output kinds; `stakeable` wraps a secp256k1 transfer output in stakeable.LockOut. */
  outputType: 'secp256k1-transfer' | 'secp256k1-mint' | 'nft-mint' | 'nft-transfer';
  /** 0 for mint and NFT outputs. */
  amount: bigint;
  addresses: Uint8Array[];
  threshold: number;
  locktime: bigint;
  /** Set when the output is a stakeable.LockOut (P-Chain). */
  stakeableLocktime?: bigint;
  /** NFT outputs. */
  groupId?: number;
  payload?: Uint8Array;
  /** The UTXO's canonical bytes: codec version, tx id, output index, asset id, type id and output. */
  utxoBytes: Uint8Array;
}

/** One input: the UTXO it spends and what it claims. */
export interface DecodedInput {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  /** 0 for NFT operation inputs. */
  amount: bigint;
  /** Set when the input is a stakeable.LockIn (P-Chain). */
  stakeableLocktime?: bigint;
  /** Indices into the spent output's addresses that sign. */
  signatureIndices: number[];
}

/** A validator of a ConvertSubnetToL1Tx. */
export interface L1ConversionValidator {
  /** validationID = sha256(subnetID ‖ uint32 index), avalanchego's ids.ID.Append. */
  validationId: Uint8Array;
  /** Node ids of L1 validators are arbitrary bytes (usually 20). */
  nodeId: Uint8Array;
  weight: bigint;
  balance: bigint;
  signer: BlsSigner;
  remainingBalanceOwner: Owner;
  deactivationOwner: Owner;
}

/** The Warp payload a RegisterL1ValidatorTx carries (RegisterL1ValidatorMessage, ACP-77). */
export interface L1Registration {
  /** sha256 of the RegisterL1ValidatorMessage bytes. */
  validationId: Uint8Array;
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  expiry: bigint;
  remainingBalanceOwner: Owner;
  disableOwner: Owner;
  weight: bigint;
  /** The tx's balance field. */
  balance: bigint;
  /** The tx's proof of possession. */
  proofOfPossession: Uint8Array;
  /** The signed Warp message, verbatim. */
  warpMessage: Uint8Array;
}

export interface DecodedTx {
  chain: ChainKey;
  /** sha256 of the signed tx bytes. */
  id: Uint8Array;
  type: PrimaryNetworkTxType;
  /** The signed tx bytes. */
  bytes: Uint8Array;
  /** 0 for the txs without a BaseTx (AdvanceTimeTx, RewardValidatorTx), which carry no network id. */
  networkId: number;
  /** The P-Chain's (32 zero bytes) for AdvanceTimeTx and RewardValidatorTx. */
  blockchainId: Uint8Array;
  memo: Uint8Array;
  /** Inputs spending UTXOs of this chain (includes OperationTx operation inputs). */
  inputs: DecodedInput[];
  /** Outputs created on this chain, excluding stake outputs (includes OperationTx/CreateAssetTx outputs). */
  outputs: DecodedOutput[];
  /** ImportTx: the chain the imported UTXOs come from, and the inputs spending them from shared memory. */
  sourceChain?: Uint8Array;
  importedInputs: DecodedInput[];
  /** ExportTx: the chain receiving the exported outputs, and those outputs (UTXOs that live on that chain). */
  destinationChain?: Uint8Array;
  exportedOutputs: DecodedOutput[];
  /** Staking txs: the stake, as the UTXOs returned when the staker leaves (indices after `outputs`). */
  stakeOutputs: DecodedOutput[];
  /** Per credential, its 65-byte recoverable secp256k1 signatures. */
  credentials: Uint8Array[][];

  /** Staking txs (AddValidator, AddSubnetValidator, AddDelegator, AddPermissionless*, RemoveSubnetValidator). */
  nodeId?: Uint8Array;
  /** Staking, subnet and chain txs; the primary network's is 32 zero bytes. */
  subnetId?: Uint8Array;
  startTime?: bigint;
  endTime?: bigint;
  weight?: bigint;
  /** Delegation fee in millionths (avalanchego's "shares": 1_000_000 = 100 %). */
  delegationShares?: number;
  /** Validator or delegator rewards owner. */
  rewardsOwner?: Owner;
  /** Validators: the owner of rewards from delegation fees. */
  delegationRewardsOwner?: Owner;
  /** AddPermissionlessValidatorTx with a BLS signer. */
  blsSigner?: BlsSigner;

  /** RewardValidatorTx: the staking tx whose staker leaves. */
  rewardedTxId?: Uint8Array;
  /** AdvanceTimeTx: the new chain time, unix seconds. */
  advanceTimeTo?: bigint;

  /** TransformSubnetTx: the elastic subnet's parameters (vms/platformvm/txs/transform_subnet_tx.go). */
  subnetTransformation?: {
    assetId: Uint8Array;
    initialSupply: bigint;
    maximumSupply: bigint;
    minConsumptionRate: bigint;
    maxConsumptionRate: bigint;
    minValidatorStake: bigint;
    maxValidatorStake: bigint;
    /** Seconds. */
    minStakeDuration: number;
    maxStakeDuration: number;
    /** Millionths. */
    minDelegationFee: number;
    minDelegatorStake: bigint;
    maxValidatorWeightFactor: number;
    /** Millionths. */
    uptimeRequirement: number;
  };

  /** CreateSubnetTx and TransferSubnetOwnershipTx: the subnet's (new) owner. */
  subnetOwner?: Owner;
  /** CreateChainTx. */
  createdChain?: { chainName: string; vmId: Uint8Array; fxIds: Uint8Array[]; genesisData: Uint8Array };

  /** ConvertSubnetToL1Tx. */
  l1Conversion?: {
    managerChainId: Uint8Array;
    managerAddress: Uint8Array;
    validators: L1ConversionValidator[];
  };
  /** RegisterL1ValidatorTx. */
  l1Registration?: L1Registration;
  /** SetL1ValidatorWeightTx (L1ValidatorWeightMessage in its Warp message). */
  l1WeightChange?: { validationId: Uint8Array; nonce: bigint; weight: bigint; warpMessage: Uint8Array };
  /** IncreaseL1ValidatorBalanceTx. */
  l1BalanceIncrease?: { validationId: Uint8Array; balance: bigint };
  /** DisableL1ValidatorTx. */
  l1Disable?: { validationId: Uint8Array };

  /** X-Chain CreateAssetTx (the asset id is the tx id). */
  assetCreated?: { name: string; symbol: string; denomination: number };

  /** C-Chain ExportTx: the EVM accounts debited. */
  evmInputs: { address: Uint8Array; amount: bigint; assetId: Uint8Array; nonce: bigint }[];
  /** C-Chain ImportTx: the EVM accounts credited. */
  evmOutputs: { address: Uint8Array; amount: bigint; assetId: Uint8Array }[];
}

/** Who proposed a proposervm block (absent for pre-proposervm blocks and option blocks). */
export interface ProposerDetails {
  /** The proposervm block id (= the container id). */
  proposerId: Uint8Array;
  proposerParentId: Uint8Array;
  /** 20-byte node id derived from the block's certificate; absent when the block is unsigned. */
  proposerNodeId?: Uint8Array;
  proposerPChainHeight: bigint;
  proposerTimestamp: bigint;
}

/** A P-Chain or post-Cortina X-Chain block, unwrapped from its proposervm block where there is one. */
export interface DecodedBlock {
  chain: 'P' | 'X';
  /** The container id (the proposervm block's id where wrapped). */
  id: Uint8Array;
  /** The inner (platformvm / avm) block's id, sha256 of its bytes. */
  innerId: Uint8Array;
  /** The container's parent: the previous proposervm block where wrapped, else the inner block's parent. */
  parentId: Uint8Array;
  height: bigint;
  /**
   * Unix seconds: Banff and avm blocks carry their time; Apricot blocks take the proposervm timestamp, else the
   * container's acceptance time.
   */
  timestamp: bigint;
  /** platformvm / avm block kind, e.g. `BanffStandardBlock`, `ApricotProposalBlock`, `StandardBlock` (avm). */
  blockType: string;
  /**
   * Commit and abort blocks (Banff ones inside proposervm option blocks, Apricot ones too): which branch of the
   * preceding proposal was taken.
   */
  option?: 'commit' | 'abort';
  /** The container's length (the proposervm block where wrapped). */
  sizeBytes: number;
  proposer?: ProposerDetails;
  txs: DecodedTx[];
}

/** A pre-Cortina X-Chain vertex (avalanche consensus). */
export interface DecodedVertex {
  id: Uint8Array;
  parentIds: Uint8Array[];
  height: bigint;
  epoch: number;
  /** Unix seconds: the container's acceptance time (vertices carry no time). */
  timestamp: bigint;
  sizeBytes: number;
  txs: DecodedTx[];
}

/** A C-Chain block as far as the primary network cares: its header facts and its atomic transactions. */
export interface DecodedCBlock {
  /** keccak256 of the header RLP. */
  hash: Uint8Array;
  parentHash: Uint8Array;
  height: bigint;
  timestamp: bigint;
  /** The coreth block's RLP length, without its proposervm wrapper (the size eth_getBlockByNumber gives). */
  sizeBytes: number;
  /** The atomic transactions in the block's ExtData (coreth: one before ApricotPhase5, a batch after). */
  atomicTxs: DecodedTx[];
}
