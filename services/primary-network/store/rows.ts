import type { ChainKey } from '../network.ts';
import type { DecodedOutput } from '../ingest/decode/model.ts';

/** The rows the projection writes: what one transaction adds, as the tables hold it. */

/** Where a transaction was accepted. */
export interface TxPlacement {
  chain: ChainKey;
  seq: bigint;
  blockHeight: bigint;
  blockId: Uint8Array;
  blockTimestamp: bigint;
  chainFormat?: 'linear' | 'non-linear';
}

export interface TxRow extends TxPlacement {
  id: Uint8Array;
  txType: string;
  details: TxFacts;
}

/** Bytes in jsonb, which has none: lowercase hex without a prefix. */
export type HexBytes = string;

/** Amounts per asset: hex asset id → decimal string. */
export type AmountsByAsset = Record<HexBytes, string>;

/**
 * A transaction's own facts, as `transactions.details` holds them: ids and addresses as bytes, amounts and times as
 * numbers, nothing in the Data API's formatting (api/ renders them), so that a change of output format is not a
 * migration. UTXOs, assets and rewards come from their own tables.
 */
export interface TxFacts {
  memo: HexBytes;
  sourceChain?: HexBytes;
  destinationChain?: HexBytes;
  /** P: value, amountBurned, amountStaked, amountL1ValidatorBalanceBurned; X/C: amountUnlocked, amountCreated. */
  amounts: {
    consumed: AmountsByAsset;
    emitted: AmountsByAsset;
    burned: AmountsByAsset;
    staked: AmountsByAsset;
    l1ValidatorBalance: AmountsByAsset;
    /** What a disable (or a weight of 0) refunded of an L1 validator's balance, as a UTXO of the transaction. */
    l1ValidatorRefund?: AmountsByAsset;
  };
  startTime?: string;
  endTime?: string;
  nodeId?: HexBytes;
  subnetId?: HexBytes;
  /** Millionths, as avalanchego keeps them. */
  delegationShares?: number;
  rewardAddresses?: HexBytes[];
  /** A RewardValidatorTx's staking transaction. */
  rewardedTxId?: HexBytes;
  subnetOwner?: OwnerFacts;
  blsSigner?: BlsFacts;
  createdChain?: { name: string; vmId: HexBytes; genesisData: HexBytes };
  l1Manager?: { chainId: HexBytes; address: HexBytes };
  l1Validators?: L1ValidatorFacts[];
  evmInputs?: { address: HexBytes; assetId: HexBytes; amount: string }[];
  evmOutputs?: { address: HexBytes; assetId: HexBytes; amount: string }[];
  assetCreated?: { name: string; symbol: string; denomination: number; type: string; cap: string };
}

/** Who controls a subnet. */
export interface OwnerFacts {
  locktime: string;
  threshold: number;
  addresses: HexBytes[];
}

export interface BlsFacts {
  publicKey: HexBytes;
  proofOfPossession: HexBytes;
}

/** An L1 validator as a transaction left it. */
export interface L1ValidatorFacts {
  validationId: HexBytes;
  nodeId: HexBytes;
  subnetId: HexBytes;
  weight: string;
  remainingBalance: string;
  balanceChange?: string;
  blsSigner?: BlsFacts;
  /** SetL1ValidatorWeightTx: its L1ValidatorWeight message's nonce (the P-Chain's own message repeats it). */
  nonce?: string;
}

export interface UtxoCreation {
  utxoId: Uint8Array;
  /** Where it can be spent. */
  chain: ChainKey;
  createdChain: ChainKey;
  txId: Uint8Array;
  outputIndex: number;
  emittedByTx: Uint8Array;
  createdSeq: bigint;
  blockHeight: bigint;
  blockId: Uint8Array;
  blockTimestamp: bigint;
  output: DecodedOutput;
  staked: boolean;
  stakeStart?: bigint;
  stakeEnd?: bigint;
  rewardType?: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';
}

export interface UtxoSpend {
  utxoId: Uint8Array;
  consumedChain: ChainKey;
  consumedByTx: Uint8Array;
  consumedSeq: bigint;
  blockHeight: bigint;
  blockTimestamp: bigint;
}

/** A transaction's link to an address that is not a UTXO owner (kind 1: EVM accounts). */
export interface AddressLink {
  chain: ChainKey;
  kind: 0 | 1;
  address: Uint8Array;
  seq: bigint;
  txId: Uint8Array;
}

export interface StakerRow {
  txId: Uint8Array;
  txType: string;
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  isDelegator: boolean;
  weight: bigint;
  startTime: bigint;
  endTime: bigint;
  blsPublicKey?: Uint8Array;
  rewardAddresses: Uint8Array[];
  firstRewardIndex: number;
  addedSeq: bigint;
  /** The node's potentialReward for a primary-network staker still current when projected. */
  potentialReward?: bigint;
  /** Set when the staker counts from the block that adds it (its start time is already reached). */
  fromHeight?: bigint;
}

export interface BlockchainRow {
  id: Uint8Array;
  subnetId: Uint8Array;
  name: string;
  vmId: Uint8Array;
  genesis: Uint8Array;
  createdHeight: bigint;
  createdTimestamp: bigint;
}

export interface AssetRow {
  id: Uint8Array;
  name: string;
  symbol: string;
  denomination: number;
  assetType: 'secp256k1' | 'nft';
  cap: 'fixed' | 'variable';
  createdTimestamp: bigint;
}

export interface L1ValidatorRow {
  validationId: Uint8Array;
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  proofOfPossession: Uint8Array;
  registeredHeight: bigint;
  deposit: bigint;
  /** Who gets the balance left when the validator is disabled or removed, and who may disable it. */
  remainingBalanceOwner: OwnerFacts;
  deactivationOwner: OwnerFacts;
}

export interface L1WeightRow {
  validationId: Uint8Array;
  fromHeight: bigint;
  subnetId: Uint8Array;
  weight: bigint;
}

/** What the store knows of an L1 validator when a later transaction names it. */
export interface KnownL1Identity {
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  proofOfPossession: Uint8Array;
  deposited: bigint;
  weight: bigint;
  remainingBalanceOwner: OwnerFacts;
}

/** An L1 validator a transaction names, with its balance as the fee ledger has it just before the transaction. */
export interface KnownL1Validator extends KnownL1Identity {
  balance: bigint;
}

export interface ProjectedTx {
  tx: TxRow;
  creations: UtxoCreation[];
  spends: UtxoSpend[];
  links: AddressLink[];
  staker?: StakerRow;
  blockchain?: BlockchainRow;
  asset?: AssetRow;
  l1Validators: L1ValidatorRow[];
  l1Weights: L1WeightRow[];
  /** Deposits to existing L1 validators (IncreaseL1ValidatorBalanceTx). */
  l1Deposits: { validationId: Uint8Array; txId: Uint8Array; amount: bigint }[];
  /** L1 validators disabled (DisableL1ValidatorTx), from this transaction's height. */
  l1Disables: { validationId: Uint8Array; height: bigint }[];
  l1ValidationIds: Uint8Array[];
}
