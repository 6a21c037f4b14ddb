import { sha256 } from './decode/hashes.ts';
import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { chainKeyOf, type ChainKey, type NetworkContext } from '../network.ts';
import type {
  AddressLink,
  AmountsByAsset,
  KnownL1Validator,
  BlsFacts,
  HexBytes,
  L1ValidatorFacts,
  OwnerFacts,
  ProjectedTx,
  TxFacts,
  TxPlacement,
  UtxoCreation,
  UtxoSpend,
} from '../store/rows.ts';
import type { DecodedInput, DecodedOutput, DecodedTx, Owner } from './decode/model.ts';
import { secpTransferOutput, toDecodedOutput } from './decode/fx.ts';

/**
 * From a decoded transaction to the rows it adds: pure functions, so that replaying a container yields exactly the
 * same rows (which the writer inserts with ON CONFLICT).
 */

/** A position in a chain's transaction order: (height << 16) | position in the block. */
export function txSeq(height: bigint, position: number): bigint {
  return (height << 16n) | BigInt(position);
}

/** avalanchego's UTXOID.InputID: sha256(uint64 output index ‖ tx id). */
export function utxoIdOf(txId: Uint8Array, outputIndex: number): Uint8Array {
  const bytes = new Uint8Array(8 + txId.length);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(outputIndex));
  bytes.set(txId, 8);
  return sha256(bytes);
}

const PRIMARY_NETWORK_SUBNET = new Uint8Array(32);

/** Bytes as the facts in `transactions.details` hold them. */
const hexOf = (bytes: Uint8Array): HexBytes =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

function addAmount(into: Map<string, bigint>, assetId: Uint8Array, amount: bigint): void {
  const key = hexOf(assetId);
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

function ownerFacts(owner: Owner) {
  return {
    locktime: owner.locktime.toString(),
    threshold: owner.threshold,
    addresses: owner.addresses.map(hexOf),
  };
}

function blsFacts(publicKey: Uint8Array, proofOfPossession: Uint8Array): BlsFacts {
  return { publicKey: hexOf(publicKey), proofOfPossession: hexOf(proofOfPossession) };
}

function l1Facts(
  validationId: Uint8Array,
  v: {
    subnetId: Uint8Array;
    nodeId: Uint8Array;
    weight: bigint;
    remaining: bigint;
    change?: bigint;
    nonce?: bigint;
  },
  bls?: { publicKey: Uint8Array; proofOfPossession: Uint8Array },
): L1ValidatorFacts {
  return {
    validationId: hexOf(validationId),
    nodeId: hexOf(v.nodeId),
    subnetId: hexOf(v.subnetId),
    weight: v.weight.toString(),
    remainingBalance: v.remaining.toString(),
    ...(v.change !== undefined ? { balanceChange: v.change.toString() } : {}),
    ...(v.nonce !== undefined ? { nonce: v.nonce.toString() } : {}),
    ...(bls ? { blsSigner: blsFacts(bls.publicKey, bls.proofOfPossession) } : {}),
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

  const details: TxFacts = {
    memo: hexOf(tx.memo),
    amounts: {
      consumed: amountsOf(consumed),
      emitted: amountsOf(emitted),
      burned: amountsOf(burnedOf(consumed, emitted, staked, l1Deposits)),
      staked: amountsOf(staked),
      l1ValidatorBalance: amountsOf(l1Deposits),
    },
  };
  if (tx.sourceChain) details.sourceChain = hexOf(tx.sourceChain);
  if (tx.destinationChain) details.destinationChain = hexOf(tx.destinationChain);
  if (tx.startTime !== undefined) details.startTime = tx.startTime.toString();
  if (tx.endTime !== undefined) details.endTime = tx.endTime.toString();
  if (tx.nodeId) details.nodeId = hexOf(tx.nodeId);
  if (tx.subnetId) details.subnetId = hexOf(tx.subnetId);
  if (tx.delegationShares !== undefined) details.delegationShares = tx.delegationShares;
  if (tx.rewardsOwner) details.rewardAddresses = tx.rewardsOwner.addresses.map(hexOf);
  if (tx.rewardedTxId) details.rewardedTxId = hexOf(tx.rewardedTxId);
  if (tx.subnetOwner) details.subnetOwner = ownerFacts(tx.subnetOwner);
  if (tx.blsSigner) details.blsSigner = blsFacts(tx.blsSigner.publicKey, tx.blsSigner.proofOfPossession);
  if (tx.createdChain) {
    details.createdChain = {
      name: tx.createdChain.chainName,
      vmId: hexOf(tx.createdChain.vmId),
      genesisData: hexOf(tx.createdChain.genesisData),
    };
  }
  if (tx.evmInputs.length > 0)
    details.evmInputs = tx.evmInputs.map((i) => ({
      address: hexOf(i.address),
      assetId: hexOf(i.assetId),
      amount: i.amount.toString(),
    }));
  if (tx.evmOutputs.length > 0)
    details.evmOutputs = tx.evmOutputs.map((o) => ({
      address: hexOf(o.address),
      assetId: hexOf(o.assetId),
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
  // A validator disabled, or removed by a weight of 0, while it has a balance gets it back as a UTXO of the
  // transaction, numbered after the transaction's own outputs (not counted in its emitted amounts: no input paid it).
  const refund = (amount: bigint, owner: OwnerFacts) => {
    if (amount === 0n) return;
    const output = secpTransferOutput(amount, {
      addresses: owner.addresses.map((a) => new Uint8Array(Buffer.from(a, 'hex'))),
      threshold: owner.threshold,
      locktime: BigInt(owner.locktime),
    });
    creations.push(creation(toDecodedOutput(output, tx.id, tx.outputs.length, ctx.avaxAssetId), at.chain));
    details.amounts.l1ValidatorRefund = { [hexOf(ctx.avaxAssetId)]: amount.toString() };
  };
  projectL1(tx, at, knownL1, projected, details, refund);
  return projected;
}

function projectL1(
  tx: DecodedTx,
  at: TxPlacement,
  knownL1: (validationId: Uint8Array) => KnownL1Validator | undefined,
  projected: ProjectedTx,
  details: TxFacts,
  refund: (amount: bigint, owner: OwnerFacts) => void,
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
    details.l1Manager = {
      chainId: hexOf(tx.l1Conversion.managerChainId),
      address: hexOf(tx.l1Conversion.managerAddress),
    };
    details.l1Validators = tx.l1Conversion.validators.map((v) =>
      l1Facts(
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
        remainingBalanceOwner: ownerFacts(v.remainingBalanceOwner),
        deactivationOwner: ownerFacts(v.deactivationOwner),
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
    details.l1Validators = [
      l1Facts(
        r.validationId,
        { subnetId: r.subnetId, nodeId: r.nodeId, weight: r.weight, remaining: r.balance, change: r.balance },
        { publicKey: r.blsPublicKey, proofOfPossession: r.proofOfPossession },
      ),
    ];
    details.subnetId = hexOf(r.subnetId);
    details.nodeId = hexOf(r.nodeId);
    projected.l1Validators.push({
      validationId: r.validationId,
      subnetId: r.subnetId,
      nodeId: r.nodeId,
      blsPublicKey: r.blsPublicKey,
      proofOfPossession: r.proofOfPossession,
      registeredHeight: at.blockHeight,
      deposit: r.balance,
      remainingBalanceOwner: ownerFacts(r.remainingBalanceOwner),
      deactivationOwner: ownerFacts(r.disableOwner),
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
    details.l1Validators = [
      l1Facts(change.validationId, {
        ...v,
        weight: change.weight,
        remaining: v.balance,
        nonce: change.nonce,
      }),
    ];
    if (change.weight === 0n) refund(v.balance, v.remainingBalanceOwner);
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
    details.l1Validators = [
      l1Facts(increase.validationId, {
        ...v,
        remaining: v.balance + increase.balance,
        change: increase.balance,
      }),
    ];
    projected.l1Deposits.push({ validationId: increase.validationId, txId: tx.id, amount: increase.balance });
    projected.l1ValidationIds.push(increase.validationId);
  }
  const disable = tx.l1Disable;
  if (disable) {
    const v = known(disable.validationId);
    details.l1Validators = [l1Facts(disable.validationId, { ...v, remaining: v.balance })];
    refund(v.balance, v.remainingBalanceOwner);
    projected.l1Disables.push({ validationId: disable.validationId, height: at.blockHeight });
    projected.l1ValidationIds.push(disable.validationId);
  }
  if (details.l1Validators && !details.subnetId) {
    const first = details.l1Validators[0];
    if (first) details.subnetId = first.subnetId;
  }
}
