import type { AssetAmount } from '../../generated/proto/chaindata/primarynetwork/v1/AssetAmount.ts';
import type { Block } from '../../generated/proto/chaindata/primarynetwork/v1/Block.ts';
import type { Blockchain } from '../../generated/proto/chaindata/primarynetwork/v1/Blockchain.ts';
import type { HistoricalReward } from '../../generated/proto/chaindata/primarynetwork/v1/HistoricalReward.ts';
import type { PChainUtxo } from '../../generated/proto/chaindata/primarynetwork/v1/PChainUtxo.ts';
import type { PendingReward } from '../../generated/proto/chaindata/primarynetwork/v1/PendingReward.ts';
import type { Subnet } from '../../generated/proto/chaindata/primarynetwork/v1/Subnet.ts';
import type { Transaction } from '../../generated/proto/chaindata/primarynetwork/v1/Transaction.ts';
import type { Utxo } from '../../generated/proto/chaindata/primarynetwork/v1/Utxo.ts';
import type { Vertex } from '../../generated/proto/chaindata/primarynetwork/v1/Vertex.ts';
import { AVM_ID, EVM_VM_ID, PLATFORM_VM_ID, PRIMARY_NETWORK_SUBNET_ID } from '../../runtime/avalanche/vms.ts';
import { formatBech32, formatNodeId } from '../../runtime/formatting/address.ts';
import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import { AVAX_ASSET, type ChainKey, type NetworkContext } from '../network.ts';
import type {
  AssetDirectory,
  ListedBlockchain,
  PendingStaker,
  StoredBlock,
  StoredBlockchain,
  StoredReward,
  StoredSubnet,
  StoredTransaction,
  StoredVertex,
  UtxoRow,
} from '../store/reader.ts';
import type { AmountsByAsset, BlsFacts, HexBytes, L1ValidatorFacts, TxFacts } from '../store/rows.ts';

/**
 * Rows as the store reads them, rendered into the Data API's documents (the service's gRPC messages): every cb58
 * id, bech32 address, NodeID and percentage of an answer is made here, from the bytes and integers stored.
 */

const DAY_SECONDS = 86_400;

/** The primary network's own chains are created at the network's genesis, 2020-09-10 (mainnet and Fuji alike). */
export const PRIMARY_CHAINS_CREATED_AT = 1_599_696_000;

const bytesOf = (h: HexBytes) => Buffer.from(h, 'hex');
const cb58 = (h: HexBytes) => encodeCb58(bytesOf(h));

/**
 * The cb58 ids and bech32 addresses of one answer, each written once: a page of transactions names the same
 * transactions (a UTXO's creator or spender), chains, assets and owners over and over, and each encoding costs
 * several microseconds (a sha256 and a base58 or bech32 conversion) against a fraction of one for the lookup.
 */
export interface Names {
  id(bytes: Uint8Array): string;
  address(bytes: Uint8Array): string;
}

export function answerNames(ctx: NetworkContext): Names {
  const ids = new Map<string, string>();
  const addresses = new Map<string, string>();
  const memo = (cache: Map<string, string>, encode: (bytes: Uint8Array) => string) => (bytes: Uint8Array) => {
    const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    let text = cache.get(key);
    if (text === undefined) {
      text = encode(bytes);
      cache.set(key, text);
    }
    return text;
  };
  return {
    id: memo(ids, encodeCb58),
    address: memo(addresses, (bytes) => formatBech32(ctx.identity.hrp, bytes)),
  };
}

/** `p-chain`, as not-found messages name a chain. */
export function chainName(chain: ChainKey): string {
  return `${chain.toLowerCase()}-chain`;
}

export function primaryBlockchain(ctx: NetworkContext, chain: ChainKey): Blockchain {
  const names = { P: 'P-Chain', X: 'X-Chain', C: 'C-Chain' } as const;
  const vms = { P: PLATFORM_VM_ID, X: AVM_ID, C: EVM_VM_ID } as const;
  return {
    createBlockTimestamp: PRIMARY_CHAINS_CREATED_AT,
    createBlockNumber: '0',
    blockchainId: encodeCb58(ctx.chainIds[chain]),
    vmId: vms[chain],
    subnetId: PRIMARY_NETWORK_SUBNET_ID,
    blockchainName: names[chain],
    ...(chain === 'C' ? { evmChainId: ctx.identity.evmChainId } : {}),
  };
}

/**
 * A chain a CreateChainTx created. An EVM chain's genesis names its EVM chain id (`config.chainId`); the genesis goes
 * out as it was written, and gateway-data hands it on as the object it parses to.
 */
export function createdBlockchainDoc(r: StoredBlockchain): Blockchain {
  const genesisJson = r.genesis.toString('utf8');
  const evmChainId = evmChainIdOf(genesisJson);
  return {
    createBlockTimestamp: Number(r.created_timestamp),
    createBlockNumber: r.created_height,
    blockchainId: encodeCb58(r.id),
    vmId: encodeCb58(r.vm_id),
    subnetId: encodeCb58(r.subnet_id),
    blockchainName: r.name,
    ...(evmChainId !== undefined ? { evmChainId } : {}),
    genesisJson,
  };
}

export function listedBlockchainDoc(ctx: NetworkContext, b: ListedBlockchain): Blockchain {
  return 'primary' in b ? primaryBlockchain(ctx, b.primary) : createdBlockchainDoc(b);
}

/**
 * A subnet as its CreateSubnetTx, its latest TransferSubnetOwnershipTx and its ConvertSubnetToL1Tx left it. The
 * primary network was created at genesis and has no owner: no addresses, threshold and locktime 0.
 */
export function subnetDoc(ctx: NetworkContext, s: StoredSubnet): Subnet {
  const owner = {
    locktime: Number(s.owner?.locktime ?? 0),
    threshold: s.owner?.threshold ?? 0,
    addresses: (s.owner?.addresses ?? []).map((h) => formatBech32(ctx.identity.hrp, bytesOf(h))),
  };
  return {
    createBlockTimestamp: s.created ? Number(s.created.timestamp) : PRIMARY_CHAINS_CREATED_AT,
    createBlockIndex: s.created?.height ?? '0',
    subnetId: encodeCb58(s.id),
    ownerAddresses: owner.addresses,
    threshold: owner.threshold,
    locktime: owner.locktime,
    subnetOwnershipInfo: owner,
    isL1: s.conversion !== undefined,
    ...(s.conversion
      ? {
          l1ConversionTransactionHash: encodeCb58(s.conversion.txId),
          l1ValidatorManagerDetails: {
            blockchainId: cb58(s.conversion.manager.chainId),
            contractAddress: hex(bytesOf(s.conversion.manager.address)),
          },
        }
      : {}),
    blockchains: s.blockchains.map((b) => listedBlockchainDoc(ctx, b)),
  };
}

function evmChainIdOf(genesisJson: string): number | undefined {
  try {
    const chainId = (JSON.parse(genesisJson) as { config?: { chainId?: unknown } } | null)?.config?.chainId;
    return typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined;
  } catch {
    return undefined;
  }
}

export function assetAmount(
  assets: AssetDirectory,
  assetId: Uint8Array,
  amount: string,
  names?: Names,
): AssetAmount {
  const info = assets(Buffer.from(assetId.buffer, assetId.byteOffset, assetId.byteLength).toString('hex'));
  return {
    assetId: names ? names.id(assetId) : encodeCb58(assetId),
    name: info?.name ?? '',
    symbol: info?.symbol ?? '',
    denomination: info?.denomination ?? 0,
    type: info?.assetType ?? 'secp256k1',
    amount,
  };
}

export function assetAmounts(assets: AssetDirectory, amounts: AmountsByAsset, names?: Names): AssetAmount[] {
  return Object.entries(amounts).map(([assetId, amount]) =>
    assetAmount(assets, bytesOf(assetId), amount, names),
  );
}

export function blockDoc(r: StoredBlock): Block {
  const id = (b: Buffer) => (r.chain === 'C' ? hex(b) : encodeCb58(b));
  return {
    blockNumber: r.height,
    blockHash: id(r.id),
    parentHash: id(r.parent_id),
    blockTimestamp: Number(r.block_timestamp),
    blockType: r.block_type,
    txCount: r.tx_ids.length,
    transactions: r.tx_ids.map((t) => encodeCb58(t)),
    blockSizeBytes: r.size_bytes,
    ...(r.proposer_id && r.proposer_parent_id
      ? {
          proposerDetails: {
            proposerId: encodeCb58(r.proposer_id),
            proposerParentId: encodeCb58(r.proposer_parent_id),
            ...(r.proposer_node_id ? { proposerNodeId: formatNodeId(r.proposer_node_id) } : {}),
            proposerPChainHeight: Number(r.proposer_p_chain_height),
            proposerTimestamp: Number(r.proposer_timestamp),
          },
        }
      : {}),
    ...(r.l1_accrued_fees !== null
      ? {
          l1ValidatorsAccruedFees: Number(r.l1_accrued_fees),
          activeL1Validators: r.l1_active_validators ?? 0,
        }
      : {}),
  };
}

export function vertexDoc(r: StoredVertex): Vertex {
  return {
    vertexHash: encodeCb58(r.id),
    parentHashes: r.parent_ids.map((p) => encodeCb58(p)),
    vertexHeight: Number(r.height),
    vertexIndex: Number(r.idx),
    vertexTimestamp: Number(r.vertex_timestamp),
    txCount: r.tx_ids.length,
    transactions: r.tx_ids.map((t) => encodeCb58(t)),
    vertexSizeBytes: r.size_bytes,
  };
}

/** avalanchego's delegation shares are millionths; the Data API shows a percentage. */
export function delegationFeePercent(shares: number): string {
  return (shares / 10_000).toString();
}

function blsDoc(bls: BlsFacts) {
  return { publicKey: hex(bytesOf(bls.publicKey)), proofOfPossession: hex(bytesOf(bls.proofOfPossession)) };
}

function l1ValidatorDoc(v: L1ValidatorFacts) {
  return {
    validationId: cb58(v.validationId),
    validationIdHex: hex(bytesOf(v.validationId)),
    nodeId: formatNodeId(bytesOf(v.nodeId)),
    subnetId: cb58(v.subnetId),
    weight: Number(v.weight),
    remainingBalance: Number(v.remainingBalance),
    ...(v.balanceChange !== undefined ? { balanceChange: Number(v.balanceChange) } : {}),
    ...(v.blsSigner ? { blsCredentials: blsDoc(v.blsSigner) } : {}),
  };
}

/** The P-Chain fields a transaction's facts give, in the order the Data API writes them. */
function pChainDetails(d: TxFacts, names: Names) {
  const bech32 = (h: HexBytes) => names.address(bytesOf(h));
  const cb58 = (h: HexBytes) => names.id(bytesOf(h));
  return {
    ...(d.sourceChain !== undefined ? { sourceChain: cb58(d.sourceChain) } : {}),
    ...(d.destinationChain !== undefined ? { destinationChain: cb58(d.destinationChain) } : {}),
    ...(d.startTime !== undefined ? { startTimestamp: Number(d.startTime) } : {}),
    ...(d.endTime !== undefined ? { endTimestamp: Number(d.endTime) } : {}),
    ...(d.delegationShares !== undefined
      ? { delegationFeePercent: delegationFeePercent(d.delegationShares) }
      : {}),
    ...(d.nodeId !== undefined ? { nodeId: formatNodeId(bytesOf(d.nodeId)) } : {}),
    ...(d.subnetId !== undefined ? { subnetId: cb58(d.subnetId) } : {}),
    ...(d.rewardedTxId !== undefined ? { stakingTxHash: cb58(d.rewardedTxId) } : {}),
    ...(d.subnetOwner
      ? {
          subnetOwnershipInfo: {
            locktime: Number(d.subnetOwner.locktime),
            threshold: d.subnetOwner.threshold,
            addresses: d.subnetOwner.addresses.map(bech32),
          },
        }
      : {}),
    ...(d.blsSigner ? { blsCredentials: blsDoc(d.blsSigner) } : {}),
    ...(d.l1Manager
      ? {
          l1ValidatorManagerDetails: {
            blockchainId: cb58(d.l1Manager.chainId),
            contractAddress: hex(bytesOf(d.l1Manager.address)),
          },
        }
      : {}),
    ...(d.createdChain
      ? {
          blockchainInfo: {
            chainName: d.createdChain.name,
            vmId: cb58(d.createdChain.vmId),
            genesisJson: bytesOf(d.createdChain.genesisData).toString('utf8'),
          },
        }
      : {}),
  };
}

export function transactionDoc(
  ctx: NetworkContext,
  assets: AssetDirectory,
  r: StoredTransaction,
  names: Names = answerNames(ctx),
): Transaction {
  const d = r.details;
  const a = d.amounts;
  const txHash = names.id(r.id);
  const amounts = (byAsset: AmountsByAsset) => assetAmounts(assets, byAsset, names);
  const timestamp = Number(r.block_timestamp);
  const memo = hex(bytesOf(d.memo));
  if (r.chain === 'P') {
    // A staking transaction: its reward once paid, its staker's estimated reward until then.
    const reward = r.rewardTxId
      ? { rewardTxHash: names.id(r.rewardTxId) }
      : r.potentialReward
        ? { estimatedReward: r.potentialReward }
        : {};
    return {
      pChain: {
        txHash,
        txType: r.tx_type,
        blockTimestamp: timestamp,
        blockNumber: r.block_height,
        blockHash: names.id(r.block_id),
        consumedUtxos: r.consumed.map((u) => pChainUtxo(ctx, assets, u, names)),
        emittedUtxos: r.emitted.map((u) => pChainUtxo(ctx, assets, u, names)),
        value: amounts(a.emitted),
        amountBurned: amounts(a.burned),
        amountStaked: amounts(a.staked),
        amountL1ValidatorBalanceBurned: amounts(a.l1ValidatorBalance),
        memo,
        rewardAddresses: (d.rewardAddresses ?? []).map((h) => names.address(bytesOf(h))),
        l1ValidatorDetails: (d.l1Validators ?? []).map(l1ValidatorDoc),
        ...pChainDetails(d, names),
        ...reward,
      },
    };
  }
  const common = {
    txHash,
    memo,
    amountUnlocked: amounts(a.consumed),
    amountCreated: amounts(a.emitted),
  };
  if (r.chain === 'X') {
    const x = {
      ...common,
      timestamp,
      txType: r.tx_type,
      consumedUtxos: r.consumed.map((u) => otherUtxo(ctx, assets, u, names)),
      emittedUtxos: r.emitted.map((u) => otherUtxo(ctx, assets, u, names)),
      ...(d.sourceChain !== undefined ? { sourceChain: cb58(d.sourceChain) } : {}),
      ...(d.destinationChain !== undefined ? { destinationChain: cb58(d.destinationChain) } : {}),
      ...(d.assetCreated
        ? {
            assetCreated: {
              assetId: txHash,
              name: d.assetCreated.name,
              symbol: d.assetCreated.symbol,
              denomination: d.assetCreated.denomination,
              type: d.assetCreated.type,
              createdAtTimestamp: timestamp,
              cap: d.assetCreated.cap,
            },
          }
        : {}),
    };
    if (r.chain_format === 'non-linear') {
      return {
        xChainNonLinear: {
          ...x,
          chainFormat: 'non-linear',
          vertices: r.vertices.map((v) => ({
            hash: encodeCb58(v.vertex_id),
            height: Number(v.vertex_height),
            timestamp: Number(v.vertex_timestamp),
          })),
        },
      };
    }
    return {
      xChainLinear: {
        ...x,
        chainFormat: 'linear',
        blockHeight: Number(r.block_height),
        blockHash: names.id(r.block_id),
      },
    };
  }
  const c = {
    ...common,
    blockHeight: Number(r.block_height),
    blockHash: hex(r.block_id),
    timestamp,
    sourceChain: d.sourceChain !== undefined ? cb58(d.sourceChain) : names.id(ctx.chainIds.C),
    destinationChain: d.destinationChain !== undefined ? cb58(d.destinationChain) : names.id(ctx.chainIds.C),
    txType: r.tx_type,
  };
  if (r.tx_type === 'ExportTx') {
    return {
      cChainExport: {
        ...c,
        evmInputs: (d.evmInputs ?? []).map((i) => ({
          fromAddress: hex(bytesOf(i.address)),
          asset: assetAmount(assets, bytesOf(i.assetId), i.amount, names),
          credentials: [],
        })),
        emittedUtxos: r.emitted.map((u) => otherUtxo(ctx, assets, u, names)),
      },
    };
  }
  return {
    cChainImport: {
      ...c,
      evmOutputs: (d.evmOutputs ?? []).map((o) => ({
        toAddress: hex(bytesOf(o.address)),
        asset: assetAmount(assets, bytesOf(o.assetId), o.amount, names),
      })),
      consumedUtxos: r.consumed.map((u) => otherUtxo(ctx, assets, u, names)),
    },
  };
}

/**
 * A reward paid. With a price for the day it was paid (and the reward older than a day, as the Data API has it), it
 * carries `historicalPrice`: AVAX's price in `price.currency` then.
 */
export function historicalRewardDoc(
  ctx: NetworkContext,
  assets: AssetDirectory,
  r: StoredReward,
  price: { currency: string; at: (unixSeconds: number) => number | undefined; now: number },
): HistoricalReward {
  const paidAt = Number(r.reward_timestamp);
  const value = price.now - paidAt > DAY_SECONDS ? price.at(paidAt) : undefined;
  const reward = assetAmount(assets, ctx.avaxAssetId, r.amount);
  if (value !== undefined) reward.historicalPrice = { currencyCode: price.currency, value };
  return {
    addresses: r.addresses.map((a) => formatBech32(ctx.identity.hrp, a)),
    txHash: encodeCb58(r.staking_tx_id),
    amountStaked: r.weight,
    nodeId: formatNodeId(r.node_id),
    startTimestamp: Number(r.start_time),
    endTimestamp: Number(r.end_time),
    rewardType: r.reward_type,
    utxoId: encodeCb58(r.utxo_id),
    outputIndex: r.output_index,
    reward,
    rewardTxHash: encodeCb58(r.reward_tx_id),
  };
}

export function pendingRewardDoc(
  ctx: NetworkContext,
  s: PendingStaker,
  estimatedReward: bigint,
): PendingReward {
  return {
    addresses: s.rewardAddresses.map((a) => formatBech32(ctx.identity.hrp, a)),
    txHash: encodeCb58(s.txId),
    amountStaked: s.weight.toString(),
    nodeId: formatNodeId(s.nodeId),
    startTimestamp: Number(s.startTime),
    endTimestamp: Number(s.endTime),
    rewardType: s.isDelegator ? 'DELEGATOR' : 'VALIDATOR',
    progress: s.progress,
    estimatedReward: assetAmount(() => AVAX_ASSET, ctx.avaxAssetId, estimatedReward.toString()),
  };
}

const UTXO_TYPE_NAMES: Record<string, string> = {
  'secp256k1-transfer': 'transfer',
  'secp256k1-mint': 'mint',
  'nft-mint': 'nftmint',
  'nft-transfer': 'nfttransfer',
};

export function pChainUtxo(
  ctx: NetworkContext,
  assets: AssetDirectory,
  row: UtxoRow,
  names: Names = answerNames(ctx),
): PChainUtxo {
  const asset = assetAmount(assets, row.asset_id, row.amount, names);
  const doc: PChainUtxo = {
    addresses: row.addresses.map((a) => names.address(a)),
    asset,
    consumedOnChainId: names.id(ctx.chainIds[row.chain]),
    createdOnChainId: names.id(ctx.chainIds[row.created_chain]),
    utxoId: names.id(row.utxo_id),
    amount: row.amount,
    assetId: asset.assetId,
    blockNumber: row.block_height,
    blockTimestamp: Number(row.block_timestamp),
    outputIndex: row.output_index,
    txHash: names.id(row.tx_id),
    utxoType: row.staked ? 'STAKE' : 'TRANSFER',
    utxoBytes: hex(row.utxo_bytes),
    platformLocktime: Number(row.locktime),
    staked: row.staked,
    threshold: row.threshold,
  };
  if (row.consumed_by_tx) {
    doc.consumingTxHash = names.id(row.consumed_by_tx);
    doc.consumingBlockNumber = row.consumed_block_height!;
    doc.consumingBlockTimestamp = Number(row.consumed_block_timestamp);
  }
  if (row.stakeable_locktime !== null) doc.stakeableLocktime = Number(row.stakeable_locktime);
  if (row.reward_type) doc.rewardType = row.reward_type;
  if (row.stake_start !== null) doc.utxoStartTimestamp = Number(row.stake_start);
  if (row.stake_end !== null) doc.utxoEndTimestamp = Number(row.stake_end);
  return doc;
}

export function otherUtxo(
  ctx: NetworkContext,
  assets: AssetDirectory,
  row: UtxoRow,
  names: Names = answerNames(ctx),
): Utxo {
  const doc: Utxo = {
    addresses: row.addresses.map((a) => names.address(a)),
    asset: assetAmount(assets, row.asset_id, row.amount, names),
    consumedOnChainId: names.id(ctx.chainIds[row.chain]),
    createdOnChainId: names.id(ctx.chainIds[row.created_chain]),
    utxoId: names.id(row.utxo_id),
    creationTxHash: names.id(row.tx_id),
    locktime: Number(row.locktime),
    outputIndex: String(row.output_index),
    threshold: row.threshold,
    timestamp: Number(row.block_timestamp),
    utxoType: UTXO_TYPE_NAMES[row.output_type] ?? row.output_type,
    utxoBytes: hex(row.utxo_bytes),
    credentials: [],
  };
  if (row.consumed_by_tx) {
    doc.consumingTxHash = names.id(row.consumed_by_tx);
    doc.consumingTxTimestamp = Number(row.consumed_block_timestamp);
  }
  if (row.group_id !== null) doc.groupId = row.group_id;
  if (row.payload) doc.payload = hex(row.payload);
  return doc;
}
