/**
 * avm transactions into the model (avalanchego vms/avm/txs; output indices from txs/executor/executor.go: a tx's
 * own outputs, then a CreateAssetTx's initial states or an OperationTx's operation outputs, in order; exported
 * outputs after the tx's own). avalanchejs reads every avm tx but keeps a CreateAssetTx's and an OperationTx's
 * fields private and does not export the nft fx, so after their BaseTx those two are read by hand.
 */
import { avaxSerial, avmSerial } from '@avalabs/avalanchejs';
import type { DecodedInput, DecodedOutput, DecodedTx, PrimaryNetworkTxType } from './model.ts';
import { concat, u32 } from '../../../runtime/avalanche/linear-codec.ts';
import { Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { unknownType } from './container.ts';
import {
  NFT_MINT_OPERATION,
  NFT_TRANSFER_OPERATION,
  NFT_TRANSFER_OUTPUT,
  nftTransferOutput,
  readOutput,
  readOwners,
  readSignatureIndices,
  SECP_MINT_OPERATION,
  toDecodedOutput,
  type FxOutput,
} from './fx.ts';
import {
  baseTxFields,
  codecOf,
  decodeInputs,
  decodeOutputs,
  emptyTx,
  type SignedTxAt,
} from './transactions.ts';

/** vms/avm/txs/parser.go registers these first, in this order. */
export const AVM_TX_TYPES: ReadonlyMap<number, PrimaryNetworkTxType> = new Map([
  [0, 'BaseTx'],
  [1, 'CreateAssetTx'],
  [2, 'OperationTx'],
  [3, 'ImportTx'],
  [4, 'ExportTx'],
]);

const SECP_MINT_OUTPUT = 6;
const SECP_TRANSFER_OUTPUT = 7;
const OPERATIONS = new Set([SECP_MINT_OPERATION, NFT_MINT_OPERATION, NFT_TRANSFER_OPERATION]);

export function decodeAvmTx(at: SignedTxAt): DecodedTx {
  const unsigned = at.signed.unsignedTx;
  if (avmSerial.isCreateAssetTx(unsigned) || avmSerial.isOperationTx(unsigned)) return decodeByHand(at);
  if (
    !avmSerial.isAvmBaseTx(unsigned) &&
    !avmSerial.isImportTx(unsigned) &&
    !avmSerial.isExportTx(unsigned)
  ) {
    throw new Error(`avm transaction ${String(unsigned._type)} has no decoder`);
  }
  const { base, outputs, inputs } = baseTxFields(unsigned.baseTx, 'AVM', at.id);
  const tx = { ...emptyTx('X', at, AVM_TX_TYPES.get(at.typeId)!, 'AVM', base), outputs, inputs };
  if (avmSerial.isImportTx(unsigned)) {
    return {
      ...tx,
      sourceChain: unsigned.sourceChain.toBytes(),
      importedInputs: decodeInputs(unsigned.ins, 'AVM'),
    };
  }
  if (avmSerial.isExportTx(unsigned)) {
    return {
      ...tx,
      destinationChain: unsigned.destination.toBytes(),
      exportedOutputs: decodeOutputs(unsigned.outs, 'AVM', at.id, outputs.length),
    };
  }
  return tx;
}

/** CreateAssetTx and OperationTx: the BaseTx with avalanchejs, the rest of the unsigned bytes by hand. */
function decodeByHand(at: SignedTxAt): DecodedTx {
  // After the codec version and the type id.
  const [baseTx, rest] = avaxSerial.BaseTx.fromBytes(at.bytes.subarray(6), codecOf('AVM'));
  const { base, outputs, inputs } = baseTxFields(baseTx, 'AVM', at.id);
  const type = AVM_TX_TYPES.get(at.typeId)!;
  const tx = { ...emptyTx('X', at, type, 'AVM', base), outputs, inputs };
  const r = new Reader(rest);
  const decoded = type === 'CreateAssetTx' ? readCreateAsset(r, tx) : readOperations(r, tx);
  // What avalanchejs read as credentials must be exactly what follows the fields read here.
  if (r.remaining !== codecOf('AVM').PackPrefixList(at.signed.credentials).length) {
    throw new Error(`${type}: its fields do not end where its credentials begin`);
  }
  return decoded;
}

/**
 * CreateAssetTx (create_asset_tx.go, initial_state.go): Name and Symbol (u16-length strings), Denomination byte,
 * States []{FxIndex u32, Outs []output interface}. The asset id is the tx id.
 */
function readCreateAsset(r: Reader, tx: DecodedTx): DecodedTx {
  const name = r.string();
  const symbol = r.string();
  const denomination = r.u8();
  const states = r.list((s) => {
    s.u32();
    return s.list((o) => readOutput(o, 'AVM'));
  });
  const initial = states.flat().map((out, i) => toDecodedOutput(out, tx.id, tx.outputs.length + i, tx.id));
  return { ...tx, outputs: [...tx.outputs, ...initial], assetCreated: { name, symbol, denomination } };
}

/**
 * OperationTx (operation_tx.go, operation.go): Ops []{AssetID, UTXOIDs []{TxID, OutputIndex u32}, Op interface}.
 * Each operation spends its UTXOs and creates its fx operation's Outs().
 */
function readOperations(r: Reader, tx: DecodedTx): DecodedTx {
  const inputs: DecodedInput[] = [...tx.inputs];
  const outputs: DecodedOutput[] = [...tx.outputs];
  r.list((o) => {
    const assetId = o.id();
    const utxoIds = o.list((u) => ({ txId: u.id(), outputIndex: u.u32() }));
    const { signatureIndices, outs } = readOperation(o);
    for (const utxo of utxoIds) inputs.push({ ...utxo, assetId, amount: 0n, signatureIndices });
    for (const out of outs) outputs.push(toDecodedOutput(out, tx.id, outputs.length, assetId));
  });
  return { ...tx, inputs, outputs };
}

/** The fx operations: secp256k1fx.MintOperation, nftfx.MintOperation and nftfx.TransferOperation. */
function readOperation(r: Reader): { signatureIndices: number[]; outs: FxOutput[] } {
  const typeId = r.u32();
  // Includes the property fx's operations (17, 18), which the model has no outputs for.
  if (!OPERATIONS.has(typeId)) throw unknownType('avm operation', typeId);
  const signatureIndices = readSignatureIndices(r);
  switch (typeId) {
    case SECP_MINT_OPERATION: {
      // MintInput, MintOutput, TransferOutput: concrete structs, so without type ids; Outs() gives both outputs.
      const mint = packedStruct(r, SECP_MINT_OUTPUT, () => ({ amount: 0n, owner: readOwners(r) }));
      const transfer = packedStruct(r, SECP_TRANSFER_OUTPUT, () => ({
        amount: r.u64(),
        owner: readOwners(r),
      }));
      return {
        signatureIndices,
        outs: [
          { outputType: 'secp256k1-mint', ...mint },
          { outputType: 'secp256k1-transfer', ...transfer },
        ],
      };
    }
    case NFT_MINT_OPERATION: {
      // MintInput, GroupID, Payload, Outputs []*OutputOwners: one nft TransferOutput per owner.
      const groupId = r.u32();
      const payload = r.bytesField();
      const owners = r.list(readOwners);
      return { signatureIndices, outs: owners.map((owner) => nftTransferOutput(groupId, payload, owner)) };
    }
    case NFT_TRANSFER_OPERATION: {
      // Input, then the nft TransferOutput it creates.
      const out = packedStruct(r, NFT_TRANSFER_OUTPUT, () => {
        const groupId = r.u32();
        const payload = r.bytesField();
        return { amount: 0n, groupId, payload, owner: readOwners(r) };
      });
      return { signatureIndices, outs: [{ outputType: 'nft-transfer', ...out }] };
    }
    default:
      throw unknownType('avm operation', typeId);
  }
}

/** Reads a struct embedded without a type id and packs it as the UTXO holds it: with its output type id. */
function packedStruct<T>(r: Reader, typeId: number, read: () => T): T & { packed: Uint8Array } {
  const start = r.offset;
  const fields = read();
  return { ...fields, packed: concat(u32(typeId), r.bytes.subarray(start, r.offset)) };
}
