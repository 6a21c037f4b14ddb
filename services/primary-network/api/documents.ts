import type { AssetAmount } from '../generated/proto/chaindata/primarynetwork/v1/AssetAmount.ts';
import type { PChainUtxo } from '../generated/proto/chaindata/primarynetwork/v1/PChainUtxo.ts';
import type { Utxo } from '../generated/proto/chaindata/primarynetwork/v1/Utxo.ts';
import { formatBech32 } from '../runtime/formatting/address.ts';
import { encodeCb58 } from '../runtime/formatting/cb58.ts';
import { hex } from '../runtime/formatting/encoding.ts';
import type { ChainKey } from './decode/model.ts';
import type { AmountsByAsset, NetworkContext } from './projection/rows.ts';

/** Rows as the reader selects them, rendered into the Data API's documents (the service's gRPC messages). */

export interface AssetInfo {
  name: string;
  symbol: string;
  denomination: number;
  assetType: string;
}

export const AVAX_ASSET: AssetInfo = {
  name: 'Avalanche',
  symbol: 'AVAX',
  denomination: 9,
  assetType: 'secp256k1',
};

/** Asset facts by cb58 id; an asset the projection has not seen created renders with empty names. */
export type AssetDirectory = (assetId: string) => AssetInfo | undefined;

export function assetAmount(assets: AssetDirectory, assetId: string, amount: string): AssetAmount {
  const info = assets(assetId);
  return {
    assetId,
    name: info?.name ?? '',
    symbol: info?.symbol ?? '',
    denomination: info?.denomination ?? 0,
    type: info?.assetType ?? 'secp256k1',
    amount,
  };
}

export function assetAmounts(assets: AssetDirectory, amounts: AmountsByAsset): AssetAmount[] {
  return Object.entries(amounts).map(([assetId, amount]) => assetAmount(assets, assetId, amount));
}

/** A utxos row with its creation known. */
export interface UtxoRow {
  utxo_id: Buffer;
  chain: ChainKey;
  created_chain: ChainKey;
  tx_id: Buffer;
  output_index: number;
  emitted_by_tx: Buffer;
  block_height: string;
  block_timestamp: string;
  asset_id: Buffer;
  amount: string;
  addresses: Buffer[];
  threshold: number;
  locktime: string;
  stakeable_locktime: string | null;
  output_type: string;
  group_id: number | null;
  payload: Buffer | null;
  utxo_bytes: Buffer;
  staked: boolean;
  stake_start: string | null;
  stake_end: string | null;
  reward_type: string | null;
  consumed_chain: ChainKey | null;
  consumed_by_tx: Buffer | null;
  consumed_block_height: string | null;
  consumed_block_timestamp: string | null;
}

/** A UTXO with its spend, if any: `FROM primary_network.utxos u LEFT JOIN primary_network.utxo_spends s`. */
export const UTXO_COLUMNS = `u.utxo_id, u.chain, u.created_chain, u.tx_id, u.output_index, u.emitted_by_tx,
  u.block_height, u.block_timestamp, u.asset_id, u.amount, u.addresses, u.threshold, u.locktime, u.stakeable_locktime,
  u.output_type, u.group_id, u.payload, u.utxo_bytes, u.staked, u.stake_start, u.stake_end, u.reward_type,
  s.consumed_chain, s.consumed_by_tx, s.consumed_block_height, s.consumed_block_timestamp`;

const UTXO_TYPE_NAMES: Record<string, string> = {
  'secp256k1-transfer': 'transfer',
  'secp256k1-mint': 'mint',
  'nft-mint': 'nftmint',
  'nft-transfer': 'nfttransfer',
};

export function pChainUtxo(ctx: NetworkContext, assets: AssetDirectory, row: UtxoRow): PChainUtxo {
  const assetId = encodeCb58(row.asset_id);
  const doc: PChainUtxo = {
    addresses: row.addresses.map((a) => formatBech32(ctx.identity.hrp, a)),
    asset: assetAmount(assets, assetId, row.amount),
    consumedOnChainId: encodeCb58(ctx.chainIds[row.chain]),
    createdOnChainId: encodeCb58(ctx.chainIds[row.created_chain]),
    utxoId: encodeCb58(row.utxo_id),
    amount: row.amount,
    assetId,
    blockNumber: row.block_height,
    blockTimestamp: Number(row.block_timestamp),
    outputIndex: row.output_index,
    txHash: encodeCb58(row.tx_id),
    utxoType: row.staked ? 'STAKE' : 'TRANSFER',
    utxoBytes: hex(row.utxo_bytes),
    platformLocktime: Number(row.locktime),
    staked: row.staked,
    threshold: row.threshold,
  };
  if (row.consumed_by_tx) {
    doc.consumingTxHash = encodeCb58(row.consumed_by_tx);
    doc.consumingBlockNumber = row.consumed_block_height!;
    doc.consumingBlockTimestamp = Number(row.consumed_block_timestamp);
  }
  if (row.stakeable_locktime !== null) doc.stakeableLocktime = Number(row.stakeable_locktime);
  if (row.reward_type) doc.rewardType = row.reward_type;
  if (row.stake_start !== null) doc.utxoStartTimestamp = Number(row.stake_start);
  if (row.stake_end !== null) doc.utxoEndTimestamp = Number(row.stake_end);
  return doc;
}

export function otherUtxo(ctx: NetworkContext, assets: AssetDirectory, row: UtxoRow): Utxo {
  const assetId = encodeCb58(row.asset_id);
  const doc: Utxo = {
    addresses: row.addresses.map((a) => formatBech32(ctx.identity.hrp, a)),
    asset: assetAmount(assets, assetId, row.amount),
    consumedOnChainId: encodeCb58(ctx.chainIds[row.chain]),
    createdOnChainId: encodeCb58(ctx.chainIds[row.created_chain]),
    utxoId: encodeCb58(row.utxo_id),
    creationTxHash: encodeCb58(row.tx_id),
    locktime: Number(row.locktime),
    outputIndex: String(row.output_index),
    threshold: row.threshold,
    timestamp: Number(row.block_timestamp),
    utxoType: UTXO_TYPE_NAMES[row.output_type] ?? row.output_type,
    utxoBytes: hex(row.utxo_bytes),
    credentials: [],
  };
  if (row.consumed_by_tx) {
    doc.consumingTxHash = encodeCb58(row.consumed_by_tx);
    doc.consumingTxTimestamp = Number(row.consumed_block_timestamp);
  }
  if (row.group_id !== null) doc.groupId = row.group_id;
  if (row.payload) doc.payload = hex(row.payload);
  return doc;
}
