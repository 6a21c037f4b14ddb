/**
 * C/block containers: coreth blocks, inside proposervm blocks once proposervm is active (bare before). A coreth
 * block is the RLP list [header, txs, uncles, version, extData] (graft/coreth/plugin/evm/customtypes/block_ext.go);
 * its atomic transactions ride in extData (graft/coreth/plugin/evm/atomic/codec.go ExtractAtomicTxs).
 */
import { RLP, type NestedUint8Array } from '@ethereumjs/rlp';
import { evmSerial } from '@avalabs/avalanchejs';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { DecodedCBlock, DecodedTx, PrimaryNetworkTxType } from './model.ts';
import { bigEndianToBigInt, Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { inContainer, type ContainerContext } from './container.ts';
import { readProposerBlock } from './proposervm.ts';
import {
  decodeInputs,
  decodeOutputs,
  emptyTx,
  readSignedTx,
  readStandaloneTx,
  type SignedTxAt,
} from './transactions.ts';

/** The atomic codec's transaction type ids: UnsignedImportTx, then UnsignedExportTx. */
const EVM_TX_TYPES: ReadonlyMap<number, PrimaryNetworkTxType> = new Map([
  [0, 'ImportTx'],
  [1, 'ExportTx'],
]);

// Header fields by position: geth's ParentHash, ..., Number (8), ..., Time (11), then coreth's own.
const HEADER_PARENT_HASH = 0;
const HEADER_NUMBER = 8;
const HEADER_TIME = 11;
const BLOCK_EXT_DATA = 4;
/** An RLP list's first byte is at least 0xc0; a proposervm block starts with its u16 codec version, 0x00 0x00. */
const RLP_LIST_PREFIX = 0xc0;

export function decodeCChainContainer(bytes: Uint8Array, context: ContainerContext): DecodedCBlock {
  return inContainer('C/block', context.containerId, () => {
    const block = bytes[0]! >= RLP_LIST_PREFIX ? bytes : readProposerBlock(bytes).inner;
    const items = RLP.decode(block);
    if (!Array.isArray(items) || items.length < 3 || !Array.isArray(items[0])) {
      throw new Error('not a coreth block: expected an RLP list [header, txs, uncles, ...]');
    }
    const header = items[0];
    const extData = items[BLOCK_EXT_DATA];
    if (extData !== undefined && Array.isArray(extData))
      throw new Error('coreth block extData is not a byte string');
    return {
      hash: keccak_256(RLP.encode(header)),
      parentHash: field(header, HEADER_PARENT_HASH),
      height: bigEndianToBigInt(field(header, HEADER_NUMBER)),
      timestamp: bigEndianToBigInt(field(header, HEADER_TIME)),
      sizeBytes: block.length,
      atomicTxs: extData ? decodeExtData(extData) : [],
    };
  });
}

function field(header: NestedUint8Array, index: number): Uint8Array {
  const value = header[index];
  if (!(value instanceof Uint8Array)) throw new Error(`coreth header field ${index} is not a byte string`);
  return value;
}

/**
 * Since ApricotPhase5 extData is a batch (codec version, []*Tx); before it, one signed Tx. The block does not say
 * which network it belongs to, so instead of comparing its time with a network's ApricotPhase5 time this reads the
 * batch form and falls back to the single form: only the right one uses every byte.
 */
export function decodeExtData(extData: Uint8Array): DecodedTx[] {
  if (extData.length === 0) return [];
  try {
    return readBatch(extData).map(decodeAtomicTx);
  } catch (batchError) {
    try {
      return [decodeAtomicTx(readStandaloneTx(extData, 'EVM', EVM_TX_TYPES))];
    } catch {
      throw batchError;
    }
  }
}

function readBatch(extData: Uint8Array): SignedTxAt[] {
  const r = new Reader(extData);
  r.codecVersion('atomic tx batch');
  const count = r.u32();
  if (count === 0) throw new Error('atomic tx batch is empty');
  const txs: SignedTxAt[] = [];
  for (let i = 0; i < count; i++) {
    const at = readSignedTx(extData, r.offset, 'EVM', EVM_TX_TYPES);
    r.offset = at.end;
    txs.push(at);
  }
  r.end('atomic tx batch');
  return txs;
}

/**
 * coreth's UnsignedImportTx (import_tx.go: NetworkID, BlockchainID, SourceChain, ImportedInputs, Outs []EVMOutput)
 * and UnsignedExportTx (export_tx.go: NetworkID, BlockchainID, DestinationChain, Ins []EVMInput, ExportedOutputs,
 * numbered from 0 since the tx has no outputs of its own).
 */
function decodeAtomicTx(at: SignedTxAt): DecodedTx {
  const unsigned = at.signed.unsignedTx;
  if (!evmSerial.isImportExportTx(unsigned)) throw new Error(`atomic transaction ${String(unsigned._type)}`);
  const base = {
    networkId: unsigned.networkId.value(),
    blockchainId: unsigned.blockchainId.toBytes(),
    memo: new Uint8Array(0),
  };
  const tx = emptyTx('C', at, EVM_TX_TYPES.get(at.typeId)!, 'EVM', base);
  if (evmSerial.isImportTx(unsigned)) {
    return {
      ...tx,
      sourceChain: unsigned.sourceChain.toBytes(),
      importedInputs: decodeInputs(unsigned.importedInputs, 'EVM'),
      evmOutputs: unsigned.Outs.map((out) => ({
        address: out.address.toBytes(),
        amount: out.amount.value(),
        assetId: out.assetId.toBytes(),
      })),
    };
  }
  return {
    ...tx,
    destinationChain: unsigned.destinationChain.toBytes(),
    exportedOutputs: decodeOutputs(unsigned.exportedOutputs, 'EVM', at.id, 0),
    evmInputs: unsigned.ins.map((input) => ({
      address: input.address.toBytes(),
      amount: input.amount.value(),
      assetId: input.assetId.toBytes(),
      nonce: input.nonce.value(),
    })),
  };
}
