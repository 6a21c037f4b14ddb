/**
 * The block layouts of the two EVMs the devnet plays: coreth (the C-Chain) and Subnet-EVM (the L1). Both extend
 * geth's header with Avalanche fields, so their hashes differ from an Ethereum header's over the same values; the
 * index API and every RPC answer use these hashes.
 */
import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { keccak256 } from '../crypto.ts';

export type EvmFlavor = 'coreth' | 'subnet-evm';

export interface EvmHeader {
  parentHash: Uint8Array;
  coinbase: Uint8Array;
  stateRoot: Uint8Array;
  transactionsRoot: Uint8Array;
  receiptsRoot: Uint8Array;
  logsBloom: Uint8Array;
  difficulty: bigint;
  number: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  timestamp: bigint;
  extraData: Uint8Array;
  mixHash: Uint8Array;
  nonce: Uint8Array;
  /** coreth only: keccak of the block's atomic transactions (ExtData). */
  extDataHash: Uint8Array;
  baseFeePerGas: bigint;
  /** coreth only: gas of the atomic transactions. */
  extDataGasUsed: bigint;
  blockGasCost: bigint;
  blobGasUsed: bigint;
  excessBlobGas: bigint;
  parentBeaconBlockRoot: Uint8Array;
  /** Granite: the block time in milliseconds (Time = TimeMilliseconds / 1000). */
  timestampMilliseconds: bigint;
  /** Granite (ACP-226): the excess that sets the minimum delay before the next block. */
  minDelayExcess: bigint;
}

/** keccak256(rlp([])): the uncle hash of every block. */
export const EMPTY_UNCLE_HASH = keccak256(RLP.encode([]));
/** keccak256(rlp('')): coreth's ExtDataHash of a block without atomic transactions (also the empty trie root). */
export const EMPTY_EXT_DATA_HASH = keccak256(RLP.encode(new Uint8Array(0)));

/** coreth's ExtDataHash: keccak of the RLP string of the atomic transactions' bytes. */
export function extDataHash(extData: Uint8Array | undefined): Uint8Array {
  return extData && extData.length > 0 ? keccak256(RLP.encode(extData)) : EMPTY_EXT_DATA_HASH;
}

export function headerFields(flavor: EvmFlavor, h: EvmHeader): Uint8Array[] {
  const quantity = bigIntToUnpaddedBytes;
  const geth = [
    h.parentHash,
    EMPTY_UNCLE_HASH,
    h.coinbase,
    h.stateRoot,
    h.transactionsRoot,
    h.receiptsRoot,
    h.logsBloom,
    quantity(h.difficulty),
    quantity(h.number),
    quantity(h.gasLimit),
    quantity(h.gasUsed),
    quantity(h.timestamp),
    h.extraData,
    h.mixHash,
    h.nonce,
  ];
  const cancunAndGranite = [
    quantity(h.blobGasUsed),
    quantity(h.excessBlobGas),
    h.parentBeaconBlockRoot,
    quantity(h.timestampMilliseconds),
    quantity(h.minDelayExcess),
  ];
  return flavor === 'coreth'
    ? [
        ...geth,
        h.extDataHash,
        quantity(h.baseFeePerGas),
        quantity(h.extDataGasUsed),
        quantity(h.blockGasCost),
        ...cancunAndGranite,
      ]
    : [...geth, quantity(h.baseFeePerGas), quantity(h.blockGasCost), ...cancunAndGranite];
}

export function blockHash(flavor: EvmFlavor, header: EvmHeader): Uint8Array {
  return keccak256(RLP.encode(headerFields(flavor, header)));
}

/**
 * The block as the chain's VM serializes it, which is what the C/block index holds inside each proposervm block:
 * coreth appends a version and the optional ExtData (atomic transactions) to geth's [header, txs, uncles].
 */
export function encodeBlock(
  flavor: EvmFlavor,
  header: EvmHeader,
  transactions: Uint8Array[],
  extData: Uint8Array | undefined,
): Uint8Array {
  const body = [headerFields(flavor, header), transactions.map(asRlpItem), []];
  if (flavor === 'subnet-evm') return RLP.encode(body);
  return RLP.encode([...body, new Uint8Array(0), extData ?? new Uint8Array(0)]);
}

/** A typed transaction is a byte string inside the list; a legacy one is its own RLP list. */
function asRlpItem(serialized: Uint8Array): Uint8Array | Uint8Array[] {
  return serialized[0]! >= 0xc0 ? (RLP.decode(serialized) as Uint8Array[]) : serialized;
}
