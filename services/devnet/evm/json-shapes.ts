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
  const tx = t.tx as TypedTransaction & { v: bigint; r: bigint; s: bigint };
  const dynamicFee = 'maxFeePerGas' in tx;
  const protectedLegacy = !dynamicFee && tx.v > 28n;
  return {
    blockHash: bytesToHex(block.hash),
    blockNumber: hexQuantity(block.number),
    from: bytesToHex(t.from),
    gas: hexQuantity(tx.gasLimit),
    gasPrice: hexQuantity(t.receipt.effectiveGasPrice),
    ...(dynamicFee
      ? {
          maxFeePerGas: hexQuantity(tx.maxFeePerGas),
          maxPriorityFeePerGas: hexQuantity(tx.maxPriorityFeePerGas),
        }
      : {}),
    hash: bytesToHex(t.hash),
    input: bytesToHex(tx.data),
    nonce: hexQuantity(tx.nonce),
    to: tx.to ? tx.to.toString() : null,
    transactionIndex: hexQuantity(t.index),
    value: hexQuantity(tx.value),
    type: hexQuantity(tx.type),
    ...(dynamicFee ? { accessList: [] } : {}),
    ...(dynamicFee || protectedLegacy ? { chainId: hexQuantity(tx.common.chainId()) } : {}),
    v: hexQuantity(tx.v),
    r: hexQuantity(tx.r),
    s: hexQuantity(tx.s),
    ...(dynamicFee ? { yParity: hexQuantity(tx.v) } : {}),
  };
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
