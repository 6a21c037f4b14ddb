/**
 * X-Chain containers: signed avm transactions (X/tx), the vertices that accepted them before Cortina linearized
 * the chain (X/vtx), and the avm blocks after it, inside proposervm blocks (X/block).
 */
import { sha256 } from './hashes.ts';
import type { DecodedBlock, DecodedTx, DecodedVertex } from './model.ts';
import { Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { inContainer, unknownType, type ContainerContext } from './container.ts';
import { assembleBlock, readProposerBlock, type InnerBlock } from './proposervm.ts';
import { decodeAvmTx, AVM_TX_TYPES } from './avm-txs.ts';
import { readSignedTx, readStandaloneTx } from './transactions.ts';

/** The avm StandardBlock's type id: after the 5 txs and the secp256k1, nft and property fxs' 5 types each. */
const AVM_STANDARD_BLOCK = 20;
const VERTEX_VERSION = 0;
const VERTEX_VERSION_1 = 1;

/**
 * A signed avm transaction alone, as the X/tx index holds it (codec version first); errors name it by its id, the
 * X/tx container id.
 */
export function decodeXChainTx(bytes: Uint8Array): DecodedTx {
  return inContainer(
    'X/tx',
    () => sha256(bytes),
    () => decodeAvmTx(readStandaloneTx(bytes, 'AVM', AVM_TX_TYPES)),
  );
}

export function decodeXChainVertex(bytes: Uint8Array, context: ContainerContext): DecodedVertex {
  return inContainer('X/vtx', context.containerId, () => {
    const vertex = readVertex(bytes);
    return {
      id: context.containerId,
      parentIds: vertex.parentIds,
      height: vertex.height,
      epoch: vertex.epoch,
      timestamp: context.acceptedAt,
      sizeBytes: bytes.length,
      txs: vertex.txs.map(decodeXChainTx),
    };
  });
}

interface VertexFields {
  height: bigint;
  epoch: number;
  parentIds: Uint8Array[];
  txs: Uint8Array[];
}

/**
 * snow/engine/avalanche/vertex (stateless_vertex.go, codec.go): codec version 0 is ChainID, Height u64, Epoch u32,
 * ParentIDs, Txs [][]byte (each a signed tx with its codec version). Version 1 is, since Cortina, the stop vertex
 * that ends avalanche consensus (ChainID, Height, ParentIDs); from late 2020 to late 2021 it was the epoch
 * experiment's layout (version 0's fields, then Restrictions []ids.ID). Only the right reading uses every byte.
 */
function readVertex(bytes: Uint8Array): VertexFields {
  const r = new Reader(bytes);
  const version = r.codecVersion('vertex', [VERTEX_VERSION, VERTEX_VERSION_1]);
  r.id();
  const height = r.u64();
  const start = r.offset;
  if (version === VERTEX_VERSION_1) {
    const stop = readStopVertexParents(r);
    if (stop) return { height, epoch: 0, parentIds: stop, txs: [] };
    r.offset = start;
  }
  const epoch = r.u32();
  const parentIds = r.list((x) => x.id());
  const txs = r.list((x) => x.bytesField());
  if (version === VERTEX_VERSION_1) r.list((x) => x.id());
  r.end('vertex');
  return { height, epoch, parentIds, txs };
}

function readStopVertexParents(r: Reader): Uint8Array[] | undefined {
  try {
    const parentIds = r.list((x) => x.id());
    return r.remaining === 0 ? parentIds : undefined;
  } catch {
    return undefined;
  }
}

/** A proposervm block around an avm block; a bare avm block (type 20, which proposervm never uses) is accepted too. */
export function decodeXChainBlock(bytes: Uint8Array, context: ContainerContext): DecodedBlock {
  return inContainer('X/block', context.containerId, () => {
    const bare = new Reader(bytes, 2).u32() === AVM_STANDARD_BLOCK;
    const wrapper = bare ? undefined : readProposerBlock(bytes);
    const innerBytes = wrapper ? wrapper.inner : bytes;
    return assembleBlock('X', { bytes, ...context }, wrapper, innerBytes, readAvmBlock(innerBytes));
  });
}

/** vms/avm/block/standard_block.go: PrntID, Hght, Time u64, Root, Transactions []*txs.Tx (no codec version). */
function readAvmBlock(bytes: Uint8Array): InnerBlock {
  const r = new Reader(bytes);
  r.codecVersion('avm block');
  const typeId = r.u32();
  if (typeId !== AVM_STANDARD_BLOCK) throw unknownType('avm block', typeId);
  const parentId = r.id();
  const height = r.u64();
  const timestamp = r.u64();
  r.id();
  const txs = r.list((x) => {
    const at = readSignedTx(x.bytes, x.offset, 'AVM', AVM_TX_TYPES);
    x.offset = at.end;
    return decodeAvmTx(at);
  });
  r.end('avm block');
  return { blockType: 'StandardBlock', parentId, height, timestamp, txs };
}
