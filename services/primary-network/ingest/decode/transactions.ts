/**
 * What the three chains' transactions share: signed transactions read with avalanchejs's codecs (their byte extent
 * found without avalanchejs's quadratic copying), ids, and the BaseTx fields, inputs, outputs and credentials
 * normalised into the model.
 */
import {
  avaxSerial,
  pvmSerial,
  utils,
  type TransferableInput,
  type TransferableOutput,
} from '@avalabs/avalanchejs';
import { sha256 } from './hashes.ts';
import type { DecodedInput, DecodedOutput, DecodedTx, Owner, PrimaryNetworkTxType } from './model.ts';
import type { ChainKey } from '../../network.ts';
import { concat, CODEC_VERSION, u16 } from '../../../runtime/avalanche/linear-codec.ts';
import { Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { unknownType } from './container.ts';
import { readCredential, readInput, readOutput, readOwners, toDecodedOutput, type Vm } from './fx.ts';

export type Codec = ReturnType<ReturnType<typeof utils.getManagerForVM>['getDefaultCodec']>;
type Serializable = Parameters<Codec['PackPrefix']>[0];
export type SignedTx = avaxSerial.SignedTx;

/**
 * avalanchejs checks every BLS proof of possession it reads (point validity and a pairing, tens of milliseconds each:
 * half of all decoding time). The containers hold accepted transactions, which the network verified; the decoders
 * read proofs as the bytes they are. Building a proof (the constructor) still checks it.
 */
pvmSerial.ProofOfPossession.fromBytes = (bytes: Uint8Array) => {
  const proof: pvmSerial.ProofOfPossession = Object.create(
    pvmSerial.ProofOfPossession.prototype,
  ) as pvmSerial.ProofOfPossession;
  const publicKeyLength = 48;
  const signatureLength = 96;
  Object.assign(proof, {
    // avalanchejs's TypeSymbols.ProofOfPossession (not exported).
    _type: 'pvm.proofOfPossession',
    publicKey: bytes.slice(0, publicKeyLength),
    signature: bytes.slice(publicKeyLength, publicKeyLength + signatureLength),
  });
  return [proof, bytes.slice(publicKeyLength + signatureLength)];
};

const codecs = new Map<Vm, Codec>();

export function codecOf(vm: Vm): Codec {
  let codec = codecs.get(vm);
  if (!codec) codecs.set(vm, (codec = utils.getManagerForVM(vm).getDefaultCodec()));
  return codec;
}

/** A signed transaction found in some bytes: avalanchejs's reading of it, its signed bytes (with codec version), id. */
export interface SignedTxAt {
  signed: SignedTx;
  typeId: number;
  bytes: Uint8Array;
  id: Uint8Array;
  end: number;
}

/**
 * avalanchejs reads a field by slicing its input, which copies the rest of it: reading a transaction out of a block
 * would cost the block's size per field. Over bytes whose `slice` is a view (`subarray`, which keeps the class), it
 * reads in place; what it returns are views of the container's bytes, which nothing writes to.
 */
class SlicedInPlace extends Uint8Array<ArrayBuffer> {
  override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
    return this.subarray(start, end);
  }
}

/**
 * Reads the signed transaction (`Unsigned` interface, then `Creds`, as `txs.Tx` is embedded in blocks: no codec
 * version) at `offset`. `txTypes` names the unsigned type ids the chain knows; others throw.
 */
export function readSignedTx(
  bytes: Uint8Array,
  offset: number,
  vm: Vm,
  txTypes: ReadonlyMap<number, PrimaryNetworkTxType>,
): SignedTxAt {
  const typeId = new Reader(bytes, offset).u32();
  if (!txTypes.has(typeId)) throw unknownType(`${vm} transaction`, typeId);
  // Containers' bytes are never shared memory.
  const rest = new SlicedInPlace(
    bytes.buffer as ArrayBuffer,
    bytes.byteOffset + offset,
    bytes.length - offset,
  );
  const [signed, unread] = avaxSerial.SignedTx.fromBytes(rest, codecOf(vm));
  const end = bytes.length - unread.length;
  const signedBytes = concat(u16(CODEC_VERSION), bytes.subarray(offset, end));
  return { signed, typeId, bytes: signedBytes, id: sha256(signedBytes), end };
}

/** A standalone signed transaction (codec version first), which must use all of `bytes`. */
export function readStandaloneTx(
  bytes: Uint8Array,
  vm: Vm,
  txTypes: ReadonlyMap<number, PrimaryNetworkTxType>,
): SignedTxAt {
  new Reader(bytes).codecVersion(`${vm} transaction`);
  const tx = readSignedTx(bytes, 2, vm, txTypes);
  if (tx.end !== bytes.length) throw new Error(`${vm} transaction: ${bytes.length - tx.end} trailing bytes`);
  return tx;
}

/** A model transaction with nothing but its identity; decoders fill in the rest. */
export function emptyTx(
  chain: ChainKey,
  tx: SignedTxAt,
  type: PrimaryNetworkTxType,
  vm: Vm,
  base: { networkId: number; blockchainId: Uint8Array; memo: Uint8Array },
): DecodedTx {
  return {
    chain,
    id: tx.id,
    type,
    bytes: tx.bytes,
    ...base,
    inputs: [],
    outputs: [],
    importedInputs: [],
    exportedOutputs: [],
    stakeOutputs: [],
    credentials: credentialsOf(tx.signed, vm),
    evmInputs: [],
    evmOutputs: [],
  };
}

/** The BaseTx's identity fields, outputs (from index 0) and inputs, for `emptyTx`'s caller to spread. */
export function baseTxFields(
  baseTx: avaxSerial.BaseTx,
  vm: Vm,
  txId: Uint8Array,
): {
  base: { networkId: number; blockchainId: Uint8Array; memo: Uint8Array };
  outputs: DecodedOutput[];
  inputs: DecodedInput[];
} {
  return {
    base: {
      networkId: baseTx.NetworkId.value(),
      blockchainId: baseTx.BlockchainId.toBytes(),
      memo: baseTx.memo.bytes,
    },
    outputs: decodeOutputs(baseTx.outputs, vm, txId, 0),
    inputs: decodeInputs(baseTx.inputs, vm),
  };
}

/** Transferable outputs numbered from `firstIndex` (exported and stake outputs come after the tx's own). */
export function decodeOutputs(
  outs: readonly TransferableOutput[],
  vm: Vm,
  txId: Uint8Array,
  firstIndex: number,
): DecodedOutput[] {
  const codec = codecOf(vm);
  return outs.map((out, i) =>
    toDecodedOutput(
      readOutput(new Reader(codec.PackPrefix(out.output)), vm),
      txId,
      firstIndex + i,
      out.assetId.toBytes(),
    ),
  );
}

export function decodeInputs(ins: readonly TransferableInput[], vm: Vm): DecodedInput[] {
  const codec = codecOf(vm);
  return ins.map((input) => ({
    txId: input.utxoID.txID.toBytes(),
    outputIndex: input.utxoID.outputIdx.value(),
    assetId: input.assetId.toBytes(),
    ...readInput(new Reader(codec.PackPrefix(input.input)), vm),
  }));
}

function credentialsOf(signed: SignedTx, vm: Vm): Uint8Array[][] {
  const codec = codecOf(vm);
  return signed.credentials.map((credential) => {
    const r = new Reader(codec.PackPrefix(credential));
    const signatures = readCredential(r, vm);
    r.end('credential');
    return signatures;
  });
}

/** platformvm's fx.Owner interface values: only secp256k1fx.OutputOwners (type 11) is registered. */
export function pvmOwner(owner: Serializable): Owner {
  const r = new Reader(codecOf('PVM').PackPrefix(owner));
  const typeId = r.u32();
  if (typeId !== 11) throw unknownType('platformvm owner', typeId);
  return readOwners(r);
}
