import { sha256 } from '@noble/hashes/sha2.js';
import type { NetworkIdentity } from '../../runtime/avalanche/networks.ts';
import { decodeCb58, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import type { ChainKey, DecodedInput, DecodedOutput, DecodedTx, Owner } from '../decode/model.ts';
import { formatBech32, formatNodeId } from '../../runtime/formatting/address.ts';
import { hex } from '../../runtime/formatting/encoding.ts';

/**
 * From a decoded transaction to the rows it adds: pure functions, so that replaying a container yields exactly the
 * same rows (which the writer inserts with ON CONFLICT).
 */

/** The network this projection indexes: its address prefix, AVAX asset and primary chain ids. */
export interface NetworkContext {
  identity: NetworkIdentity;
  avaxAssetId: Uint8Array;
  chainIds: Record<ChainKey, Uint8Array>;
}

export function networkContext(identity: NetworkIdentity): NetworkContext {
  return {
    identity,
    avaxAssetId: decodeCb58(identity.avaxAssetId),
    chainIds: {
      P: decodeCb58(identity.pChainId),
      X: decodeCb58(identity.xChainId),
      C: decodeCb58(identity.cChainId),
    },
  };
}

export function chainKeyOf(ctx: NetworkContext, blockchainId: Uint8Array): ChainKey | undefined {
  return (['P', 'X', 'C'] as const).find((key) => Buffer.from(ctx.chainIds[key]).equals(blockchainId));
}

/** Where a transaction was accepted. */
export interface TxPlacement {
  chain: ChainKey;
  seq: bigint;
  blockHeight: bigint;
  blockId: Uint8Array;
  blockTimestamp: bigint;
  chainFormat?: 'linear' | 'non-linear';
}

/** A position in a chain's transaction order: (height << 16) | position in the block. */
export function txSeq(height: bigint, position: number): bigint {
  return (height << 16n) | BigInt(position);
}

export interface TxRow extends TxPlacement {
  id: Uint8Array;
  txType: string;
  details: TxDetails;
}

/** Amounts per asset (cb58 asset id → decimal string). */
export type AmountsByAsset = Record<string, string>;

/** A transaction's own facts in the Data API's formatting; the query side adds UTXOs, assets and rewards. */
export interface TxDetails {
  memo: string;
  sourceChain?: string;
  destinationChain?: string;
  /** P: value, amountBurned, amountStaked, amountL1ValidatorBalanceBurned; X/C: amountUnlocked, amountCreated. */
  amounts: {
    consumed: AmountsByAsset;
    emitted: AmountsByAsset;
    burned: AmountsByAsset;
    staked: AmountsByAsset;
    l1ValidatorBalance: AmountsByAsset;
  };
  startTimestamp?: number;
  endTimestamp?: number;
  nodeId?: string;
  subnetId?: string;
  delegationFeePercent?: string;
  rewardAddresses?: string[];
  stakingTxHash?: string;
  subnetOwnershipInfo?: { locktime: number; threshold: number; addresses: string[] };
  blsCredentials?: { publicKey: string; proofOfPossession: string };
  blockchainInfo?: { chainName: string; vmId: string; genesisJson: string };
  l1ValidatorManagerDetails?: { blockchainId: string; contractAddress: string };
  l1ValidatorDetails?: L1ValidatorDetailsDoc[];
  evmInputs?: { fromAddress: string; assetId: string; amount: string }[];
  evmOutputs?: { toAddress: string; assetId: string; amount: string }[];
  assetCreated?: { name: string; symbol: string; denomination: number; type: string; cap: string };
}

export interface L1ValidatorDetailsDoc {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  balanceChange?: number;
  blsCredentials?: { publicKey: string; proofOfPossession: string };
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
}

export interface L1WeightRow {
  validationId: Uint8Array;
  fromHeight: bigint;
  subnetId: Uint8Array;
  weight: bigint;
}

/** What the projection knows of an L1 validator when a later transaction names it. */
export interface KnownL1Validator {
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  proofOfPossession: Uint8Array;
  deposited: bigint;
  weight: bigint;
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

/** avalanchego's UTXOID.InputID: sha256(uint64 output index ‖ tx id). */
export function utxoIdOf(txId: Uint8Array, outputIndex: number): Uint8Array {
  const bytes = new Uint8Array(8 + txId.length);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(outputIndex));
  bytes.set(txId, 8);
  return sha256(bytes);
}

const PRIMARY_NETWORK_SUBNET = new Uint8Array(32);

/** A chain has few assets and every output names one: their cb58 (a base58 of 36 bytes) is worth keeping. */
const assetKeys = new Map<string, string>();

function assetKey(assetId: Uint8Array): string {
  const hexId = Buffer.from(assetId.buffer, assetId.byteOffset, assetId.byteLength).toString('hex');
  let key = assetKeys.get(hexId);
  if (key === undefined) {
    key = encodeCb58(assetId);
    if (assetKeys.size < 100_000) assetKeys.set(hexId, key);
  }
  return key;
}

function addAmount(into: Map<string, bigint>, assetId: Uint8Array, amount: bigint): void {
  const key = assetKey(assetId);
  into.set(key, (into.get(key) ?? 0n) + amount);
}

function amountsOf(map: Map<string, bigint>): AmountsByAsset {
  return Object.fromEntries([...map].filter(([, v]) => v > 0n).map(([k, v]) => [k, v.toString()]));
}

function sumOutputs(outputs: DecodedOutput[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const o of outputs) addAmount(sums, o.assetId, o.amount);
  return sums;
}

function sumInputs(inputs: DecodedInput[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const i of inputs) addAmount(sums, i.assetId, i.amount);
  return sums;
}

/** Per asset: what went in less what came out, staked and deposited to L1 validators: the fee and any burn. */
function burnedOf(
  consumed: Map<string, bigint>,
  emitted: Map<string, bigint>,
  staked: Map<string, bigint>,
  l1: Map<string, bigint>,
): Map<string, bigint> {
  const burned = new Map<string, bigint>();
  for (const [asset, amount] of consumed) {
    const left = amount - (emitted.get(asset) ?? 0n) - (staked.get(asset) ?? 0n) - (l1.get(asset) ?? 0n);
    if (left > 0n) burned.set(asset, left);
  }
  return burned;
}

function ownerDoc(ctx: NetworkContext, owner: Owner) {
  return {
    locktime: Number(owner.locktime),
    threshold: owner.threshold,
    addresses: owner.addresses.map((a) => formatBech32(ctx.identity.hrp, a)),
  };
}

function blsDoc(publicKey: Uint8Array, proofOfPossession: Uint8Array) {
  return { publicKey: hex(publicKey), proofOfPossession: hex(proofOfPossession) };
}

/** avalanchego's delegation shares are millionths; the Data API shows a percentage. */
export function delegationFeePercent(shares: number): string {
  return (shares / 10_000).toString();
}

function l1Doc(
  validationId: Uint8Array,
  v: { subnetId: Uint8Array; nodeId: Uint8Array; weight: bigint; remaining: bigint; change?: bigint },
  bls?: { publicKey: Uint8Array; proofOfPossession: Uint8Array },
): L1ValidatorDetailsDoc {
  return {
    validationId: encodeCb58(validationId),
    validationIdHex: hex(validationId),
    nodeId: formatNodeId(v.nodeId),
    subnetId: encodeCb58(v.subnetId),
    weight: Number(v.weight),
    remainingBalance: Number(v.remaining),
    ...(v.change !== undefined ? { balanceChange: Number(v.change) } : {}),
    ...(bls ? { blsCredentials: blsDoc(bls.publicKey, bls.proofOfPossession) } : {}),
  };
}

/**
 * The rows one transaction adds. `knownL1` resolves L1 validators registered earlier (for weight, balance and
 * disable transactions, which name only the validation id).
 */
export function projectTx(
  ctx: NetworkContext,
  tx: DecodedTx,
  at: TxPlacement,
  knownL1: (validationId: Uint8Array) => KnownL1Validator | undefined,
): ProjectedTx {
  const chainOf = (id: Uint8Array | undefined): ChainKey => {
    const key = id && chainKeyOf(ctx, id);
    if (!key)
      throw new Error(`transaction ${encodeCb58(tx.id)} names an unknown chain ${id && encodeCb58(id)}`);
    return key;
  };
  const creation = (output: DecodedOutput, chain: ChainKey, extra: Partial<UtxoCreation> = {}) => ({
    utxoId: utxoIdOf(tx.id, output.outputIndex),
    chain,
    createdChain: at.chain,
    txId: tx.id,
    outputIndex: output.outputIndex,
    emittedByTx: tx.id,
    createdSeq: at.seq,
    blockHeight: at.blockHeight,
    blockId: at.blockId,
    blockTimestamp: at.blockTimestamp,
    output,
    staked: false,
    ...extra,
  });
  const spend = (input: DecodedInput): UtxoSpend => ({
    utxoId: utxoIdOf(input.txId, input.outputIndex),
    consumedChain: at.chain,
    consumedByTx: tx.id,
    consumedSeq: at.seq,
    blockHeight: at.blockHeight,
    blockTimestamp: at.blockTimestamp,
  });

  const creations: UtxoCreation[] = [
    ...tx.outputs.map((o) => creation(o, at.chain)),
    ...tx.exportedOutputs.map((o) => creation(o, chainOf(tx.destinationChain))),
    ...tx.stakeOutputs.map((o) =>
      creation(o, at.chain, {
        staked: true,
        stakeStart: tx.startTime ?? at.blockTimestamp,
        stakeEnd: tx.endTime,
      }),
    ),
  ];
  const spends = [...tx.inputs, ...tx.importedInputs].map(spend);
  const links: AddressLink[] = [
    ...tx.evmInputs.map((i) => i.address),
    ...tx.evmOutputs.map((o) => o.address),
  ].map((address) => ({ chain: at.chain, kind: 1 as const, address, seq: at.seq, txId: tx.id }));
  for (const owner of [tx.rewardsOwner, tx.delegationRewardsOwner, tx.subnetOwner]) {
    for (const address of owner?.addresses ?? [])
      links.push({ chain: at.chain, kind: 0, address, seq: at.seq, txId: tx.id });
  }

  // Amounts
  const consumed = sumInputs([...tx.inputs, ...tx.importedInputs]);
  for (const i of tx.evmInputs) addAmount(consumed, i.assetId, i.amount);
  const emitted = sumOutputs([...tx.outputs, ...tx.exportedOutputs]);
  for (const o of tx.evmOutputs) addAmount(emitted, o.assetId, o.amount);
  const staked = sumOutputs(tx.stakeOutputs);
  const l1Deposits = new Map<string, bigint>();
  const l1Total =
    (tx.l1Conversion?.validators.reduce((s, v) => s + v.balance, 0n) ?? 0n) +
    (tx.l1Registration?.balance ?? 0n) +
    (tx.l1BalanceIncrease?.balance ?? 0n);
  if (l1Total > 0n) addAmount(l1Deposits, ctx.avaxAssetId, l1Total);

  const details: TxDetails = {
    memo: hex(tx.memo),
    amounts: {
      consumed: amountsOf(consumed),
      emitted: amountsOf(emitted),
      burned: amountsOf(burnedOf(consumed, emitted, staked, l1Deposits)),
      staked: amountsOf(staked),
      l1ValidatorBalance: amountsOf(l1Deposits),
    },
  };
  if (tx.sourceChain) details.sourceChain = encodeCb58(tx.sourceChain);
  if (tx.destinationChain) details.destinationChain = encodeCb58(tx.destinationChain);
  if (tx.startTime !== undefined) details.startTimestamp = Number(tx.startTime);
  if (tx.endTime !== undefined) details.endTimestamp = Number(tx.endTime);
  if (tx.nodeId) details.nodeId = formatNodeId(tx.nodeId);
  if (tx.subnetId) details.subnetId = encodeCb58(tx.subnetId);
  if (tx.delegationShares !== undefined)
    details.delegationFeePercent = delegationFeePercent(tx.delegationShares);
  if (tx.rewardsOwner)
    details.rewardAddresses = tx.rewardsOwner.addresses.map((a) => formatBech32(ctx.identity.hrp, a));
  if (tx.rewardedTxId) details.stakingTxHash = encodeCb58(tx.rewardedTxId);
  if (tx.subnetOwner) details.subnetOwnershipInfo = ownerDoc(ctx, tx.subnetOwner);
  if (tx.blsSigner) details.blsCredentials = blsDoc(tx.blsSigner.publicKey, tx.blsSigner.proofOfPossession);
  if (tx.createdChain) {
    details.blockchainInfo = {
      chainName: tx.createdChain.chainName,
      vmId: encodeCb58(tx.createdChain.vmId),
      genesisJson: Buffer.from(tx.createdChain.genesisData).toString('utf8'),
    };
  }
  if (tx.evmInputs.length > 0)
    details.evmInputs = tx.evmInputs.map((i) => ({
      fromAddress: hex(i.address),
      assetId: assetKey(i.assetId),
      amount: i.amount.toString(),
    }));
  if (tx.evmOutputs.length > 0)
    details.evmOutputs = tx.evmOutputs.map((o) => ({
      toAddress: hex(o.address),
      assetId: assetKey(o.assetId),
      amount: o.amount.toString(),
    }));

  const projected: ProjectedTx = {
    tx: { ...at, id: tx.id, txType: tx.type, details },
    creations,
    spends,
    links,
    l1Validators: [],
    l1Weights: [],
    l1Deposits: [],
    l1Disables: [],
    l1ValidationIds: [],
  };

  if (tx.nodeId && tx.startTime !== undefined && tx.endTime !== undefined && tx.weight !== undefined) {
    const isDelegator = tx.type === 'AddDelegatorTx' || tx.type === 'AddPermissionlessDelegatorTx';
    if (tx.type !== 'RemoveSubnetValidatorTx') {
      projected.staker = {
        txId: tx.id,
        txType: tx.type,
        subnetId: tx.subnetId ?? PRIMARY_NETWORK_SUBNET,
        nodeId: tx.nodeId,
        isDelegator,
        weight: tx.weight,
        startTime: tx.startTime,
        endTime: tx.endTime,
        ...(tx.blsSigner ? { blsPublicKey: tx.blsSigner.publicKey } : {}),
        rewardAddresses: tx.rewardsOwner?.addresses ?? [],
        firstRewardIndex: tx.outputs.length + tx.stakeOutputs.length,
        addedSeq: at.seq,
        ...(tx.startTime <= at.blockTimestamp ? { fromHeight: at.blockHeight } : {}),
      };
    }
  }
  if (tx.createdChain && tx.subnetId) {
    projected.blockchain = {
      id: tx.id,
      subnetId: tx.subnetId,
      name: tx.createdChain.chainName,
      vmId: tx.createdChain.vmId,
      genesis: tx.createdChain.genesisData,
      createdHeight: at.blockHeight,
      createdTimestamp: at.blockTimestamp,
    };
  }
  if (tx.assetCreated) {
    const nft = tx.outputs.some((o) => o.outputType === 'nft-mint' || o.outputType === 'nft-transfer');
    const minters = tx.outputs.some((o) => o.outputType === 'secp256k1-mint' || o.outputType === 'nft-mint');
    projected.asset = {
      id: tx.id,
      ...tx.assetCreated,
      assetType: nft ? 'nft' : 'secp256k1',
      cap: minters ? 'variable' : 'fixed',
      createdTimestamp: at.blockTimestamp,
    };
    details.assetCreated = {
      ...tx.assetCreated,
      type: projected.asset.assetType,
      cap: projected.asset.cap,
    };
  }
  projectL1(tx, at, knownL1, projected, details);
  return projected;
}

function projectL1(
  tx: DecodedTx,
  at: TxPlacement,
  knownL1: (validationId: Uint8Array) => KnownL1Validator | undefined,
  projected: ProjectedTx,
  details: TxDetails,
): void {
  const known = (validationId: Uint8Array) => {
    const v = knownL1(validationId);
    if (!v)
      throw new Error(
        `transaction ${encodeCb58(tx.id)} names L1 validation ${encodeCb58(validationId)}, which was never registered`,
      );
    return v;
  };
  if (tx.l1Conversion && tx.subnetId) {
    const subnetId = tx.subnetId;
    details.l1ValidatorManagerDetails = {
      blockchainId: encodeCb58(tx.l1Conversion.managerChainId),
      contractAddress: hex(tx.l1Conversion.managerAddress),
    };
    details.l1ValidatorDetails = tx.l1Conversion.validators.map((v) =>
      l1Doc(
        v.validationId,
        { subnetId, nodeId: v.nodeId, weight: v.weight, remaining: v.balance, change: v.balance },
        v.signer,
      ),
    );
    for (const v of tx.l1Conversion.validators) {
      projected.l1Validators.push({
        validationId: v.validationId,
        subnetId,
        nodeId: v.nodeId,
        blsPublicKey: v.signer.publicKey,
        proofOfPossession: v.signer.proofOfPossession,
        registeredHeight: at.blockHeight,
        deposit: v.balance,
      });
      projected.l1Weights.push({
        validationId: v.validationId,
        fromHeight: at.blockHeight,
        subnetId,
        weight: v.weight,
      });
      projected.l1ValidationIds.push(v.validationId);
    }
  }
  const r = tx.l1Registration;
  if (r) {
    details.l1ValidatorDetails = [
      l1Doc(
        r.validationId,
        { subnetId: r.subnetId, nodeId: r.nodeId, weight: r.weight, remaining: r.balance, change: r.balance },
        { publicKey: r.blsPublicKey, proofOfPossession: r.proofOfPossession },
      ),
    ];
    details.subnetId = encodeCb58(r.subnetId);
    details.nodeId = formatNodeId(r.nodeId);
    projected.l1Validators.push({
      validationId: r.validationId,
      subnetId: r.subnetId,
      nodeId: r.nodeId,
      blsPublicKey: r.blsPublicKey,
      proofOfPossession: r.proofOfPossession,
      registeredHeight: at.blockHeight,
      deposit: r.balance,
    });
    projected.l1Weights.push({
      validationId: r.validationId,
      fromHeight: at.blockHeight,
      subnetId: r.subnetId,
      weight: r.weight,
    });
    projected.l1ValidationIds.push(r.validationId);
  }
  const change = tx.l1WeightChange;
  if (change) {
    const v = known(change.validationId);
    details.l1ValidatorDetails = [
      l1Doc(change.validationId, { ...v, weight: change.weight, remaining: v.deposited }),
    ];
    projected.l1Weights.push({
      validationId: change.validationId,
      fromHeight: at.blockHeight,
      subnetId: v.subnetId,
      weight: change.weight,
    });
    projected.l1ValidationIds.push(change.validationId);
  }
  const increase = tx.l1BalanceIncrease;
  if (increase) {
    const v = known(increase.validationId);
    details.l1ValidatorDetails = [
      l1Doc(increase.validationId, {
        ...v,
        remaining: v.deposited + increase.balance,
        change: increase.balance,
      }),
    ];
    projected.l1Deposits.push({ validationId: increase.validationId, txId: tx.id, amount: increase.balance });
    projected.l1ValidationIds.push(increase.validationId);
  }
  const disable = tx.l1Disable;
  if (disable) {
    const v = known(disable.validationId);
    details.l1ValidatorDetails = [l1Doc(disable.validationId, { ...v, remaining: v.deposited })];
    projected.l1Disables.push({ validationId: disable.validationId, height: at.blockHeight });
    projected.l1ValidationIds.push(disable.validationId);
  }
  if (details.l1ValidatorDetails && !details.subnetId) {
    const first = details.l1ValidatorDetails[0];
    if (first) details.subnetId = first.subnetId;
  }
}
