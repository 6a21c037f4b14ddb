/**
 * The JSON shapes of geth's RPC results (blocks, transactions, receipts, logs) with the Avalanche header fields,
 * built from the devnet's records. Quantities are minimal hex, data is 0x-prefixed hex, absent optionals are
 * omitted or null exactly where geth does so.
 */
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { EvmFlavor } from './block-format.ts';
import { receiptBloom, type EvmBlock, type EvmLog, type EvmTransaction } from './chain.ts';

export function hexQuantity(value: bigint | number): string {
  return `0x${value.toString(16)}`;
}

export function blockJson(
  flavor: EvmFlavor,
  block: EvmBlock,
  fullTransactions: boolean,
): Record<string, unknown> {
  const h = block.header;
  const json: Record<string, unknown> = {
    baseFeePerGas: hexQuantity(h.baseFeePerGas),
    blobGasUsed: hexQuantity(h.blobGasUsed),
    blockGasCost: hexQuantity(h.blockGasCost),
    difficulty: hexQuantity(h.difficulty),
    excessBlobGas: hexQuantity(h.excessBlobGas),
    extraData: bytesToHex(h.extraData),
    gasLimit: hexQuantity(h.gasLimit),
    gasUsed: hexQuantity(h.gasUsed),
    hash: bytesToHex(block.hash),
    logsBloom: bytesToHex(h.logsBloom),
    miner: bytesToHex(h.coinbase),
    minDelayExcess: hexQuantity(h.minDelayExcess),
    mixHash: bytesToHex(h.mixHash),
    nonce: bytesToHex(h.nonce),
    number: hexQuantity(h.number),
    parentBeaconBlockRoot: bytesToHex(h.parentBeaconBlockRoot),
    parentHash: bytesToHex(h.parentHash),
    receiptsRoot: bytesToHex(h.receiptsRoot),
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    size: hexQuantity(block.bytes.length),
    stateRoot: bytesToHex(h.stateRoot),
    timestamp: hexQuantity(h.timestamp),
    timestampMilliseconds: hexQuantity(h.timestampMilliseconds),
    // Every block has difficulty 1 (genesis 0), so the total is the height.
    totalDifficulty: hexQuantity(h.number),
    transactions: block.transactions.map((t) =>
      fullTransactions ? transactionJson(block, t) : bytesToHex(t.hash),
    ),
    transactionsRoot: bytesToHex(h.transactionsRoot),
    uncles: [],
  };
  if (flavor === 'coreth') {
    json.blockExtraData = bytesToHex(block.extData ?? new Uint8Array(0));
    json.extDataGasUsed = hexQuantity(h.extDataGasUsed);
    json.extDataHash = bytesToHex(h.extDataHash);
  }
  // geth builds this object as a map, so encoding/json writes its keys sorted.
  return Object.fromEntries(Object.entries(json).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** RPCTransaction, a struct: its fields in declaration order, optional ones only where geth sets them. */
export function transactionJson(block: EvmBlock, t: EvmTransaction): Record<string, unknown> {
  return rpcTransactionJson(t.tx, t.from, t.hash, {
    block,
    index: t.index,
    gasPrice: t.receipt.effectiveGasPrice,
  });
}

/**
 * A transaction not in a block yet (the pool's): NewRPCTransaction with no block, so blockHash, blockNumber and
 * transactionIndex are null and a dynamic-fee transaction's gasPrice is its fee cap.
 */
export function pendingTransactionJson(tx: TypedTransaction, from: Uint8Array, hash: Uint8Array) {
  return rpcTransactionJson(tx, from, hash, undefined);
}

function rpcTransactionJson(
  typed: TypedTransaction,
  from: Uint8Array,
  hash: Uint8Array,
  location: { block: EvmBlock; index: number; gasPrice: bigint } | undefined,
): Record<string, unknown> {
  const tx = typed as TypedTransaction & { v: bigint; r: bigint; s: bigint };
  const dynamicFee = 'maxFeePerGas' in tx;
  const typedEnvelope = tx.type !== 0;
  const protectedLegacy = !typedEnvelope && tx.v > 28n;
  const feeCap = dynamicFee ? tx.maxFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
  return {
    blockHash: location ? bytesToHex(location.block.hash) : null,
    blockNumber: location ? hexQuantity(location.block.number) : null,
    from: bytesToHex(from),
    gas: hexQuantity(tx.gasLimit),
    gasPrice: hexQuantity(location ? location.gasPrice : feeCap),
    ...(dynamicFee
      ? {
          maxFeePerGas: hexQuantity(tx.maxFeePerGas),
          maxPriorityFeePerGas: hexQuantity(tx.maxPriorityFeePerGas),
        }
      : {}),
    hash: bytesToHex(hash),
    input: bytesToHex(tx.data),
    nonce: hexQuantity(tx.nonce),
    to: tx.to ? tx.to.toString() : null,
    transactionIndex: location ? hexQuantity(location.index) : null,
    value: hexQuantity(tx.value),
    type: hexQuantity(tx.type),
    ...(typedEnvelope ? { accessList: accessListJson(tx) } : {}),
    ...(typedEnvelope || protectedLegacy ? { chainId: hexQuantity(tx.common.chainId()) } : {}),
    v: hexQuantity(tx.v),
    r: hexQuantity(tx.r),
    s: hexQuantity(tx.s),
    ...(typedEnvelope ? { yParity: hexQuantity(tx.v) } : {}),
  };
}

/** types.AccessList as JSON: address and storageKeys per entry. */
function accessListJson(tx: TypedTransaction): { address: string; storageKeys: string[] }[] {
  const list = (tx as { accessList?: [Uint8Array, Uint8Array[]][] }).accessList ?? [];
  return list.map(([address, keys]) => ({
    address: bytesToHex(address),
    storageKeys: keys.map((k) => bytesToHex(k)),
  }));
}

export function receiptJson(block: EvmBlock, t: EvmTransaction): Record<string, unknown> {
  const r = t.receipt;
  return {
    blockHash: bytesToHex(block.hash),
    blockNumber: hexQuantity(block.number),
    contractAddress: r.contractAddress ? bytesToHex(r.contractAddress) : null,
    cumulativeGasUsed: hexQuantity(r.cumulativeGasUsed),
    effectiveGasPrice: hexQuantity(r.effectiveGasPrice),
    from: bytesToHex(t.from),
    gasUsed: hexQuantity(r.gasUsed),
    logs: r.logs.map((log) => logJson(block, t, log)),
    logsBloom: bytesToHex(receiptBloom(r.logs, t.tx.common)),
    status: hexQuantity(r.status),
    to: t.tx.to ? t.tx.to.toString() : null,
    transactionHash: bytesToHex(t.hash),
    transactionIndex: hexQuantity(t.index),
    type: hexQuantity(t.tx.type),
  };
}

export function logJson(block: EvmBlock, t: EvmTransaction, log: EvmLog): Record<string, unknown> {
  return {
    address: bytesToHex(log.address),
    topics: log.topics.map((topic) => bytesToHex(topic)),
    data: bytesToHex(log.data),
    blockNumber: hexQuantity(block.number),
    transactionHash: bytesToHex(t.hash),
    transactionIndex: hexQuantity(t.index),
    blockHash: bytesToHex(block.hash),
    logIndex: hexQuantity(log.logIndex),
    removed: false,
  };
}
