/**
 * The feature extensions' outputs, inputs and owners, read by hand from their codec bytes. Every output is read from
 * its packed form (type id and fields) because the UTXO holds exactly those bytes, and because avalanchejs 5.2.0
 * does not export the nft fx's types. Type ids differ per VM: avalanchego's vms/platformvm/txs/codec.go,
 * vms/avm/txs/parser.go with the secp256k1, nft and property fxs registered after the avm txs, and coreth's
 * plugin/evm/atomic/codec.go.
 */
import type { DecodedInput, DecodedOutput, Owner } from './model.ts';
import { concat, CODEC_VERSION, u16, u32, u64 } from '../../../runtime/avalanche/linear-codec.ts';
import { type Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { unknownType } from './container.ts';

export type Vm = 'PVM' | 'AVM' | 'EVM';

// secp256k1fx (vms/secp256k1fx/fx.go), at the same ids in the three codecs.
const SECP_TRANSFER_INPUT = 5;
const SECP_MINT_OUTPUT = 6;
const SECP_TRANSFER_OUTPUT = 7;
export const SECP_MINT_OPERATION = 8;
const SECP_CREDENTIAL = 9;
// platformvm's stakeable wrappers (vms/platformvm/stakeable).
const STAKEABLE_LOCK_IN = 21;
const STAKEABLE_LOCK_OUT = 22;
// nftfx on the X-Chain (vms/nftfx/fx.go), registered after the secp256k1 fx.
const NFT_MINT_OUTPUT = 10;
export const NFT_TRANSFER_OUTPUT = 11;
export const NFT_MINT_OPERATION = 12;
export const NFT_TRANSFER_OPERATION = 13;
const NFT_CREDENTIAL = 14;

/** An output as its fx defines it, with the bytes (type id and fields) a UTXO carries. */
export interface FxOutput {
  outputType: DecodedOutput['outputType'];
  amount: bigint;
  owner: Owner;
  stakeableLocktime?: bigint;
  groupId?: number;
  payload?: Uint8Array;
  packed: Uint8Array;
}

/** secp256k1fx.OutputOwners: Locktime u64, Threshold u32, Addrs [][20]byte. */
export function readOwners(r: Reader): Owner {
  const locktime = r.u64();
  const threshold = r.u32();
  const addresses = r.list((x) => x.shortId());
  return { addresses, threshold, locktime };
}

export function encodeOwners(owner: Owner): Uint8Array {
  return concat(u64(owner.locktime), u32(owner.threshold), u32(owner.addresses.length), ...owner.addresses);
}

/** secp256k1fx.Input: SigIndices []uint32. */
export function readSignatureIndices(r: Reader): number[] {
  return r.list((x) => x.u32());
}

/** An output interface value: u32 type id, then the output's fields. */
export function readOutput(r: Reader, vm: Vm): FxOutput {
  const start = r.offset;
  const typeId = r.u32();
  const packed = () => r.bytes.subarray(start, r.offset);
  if (typeId === SECP_TRANSFER_OUTPUT) {
    const amount = r.u64();
    const owner = readOwners(r);
    return { outputType: 'secp256k1-transfer', amount, owner, packed: packed() };
  }
  if (typeId === STAKEABLE_LOCK_OUT && vm === 'PVM') {
    const stakeableLocktime = r.u64();
    const inner = readOutput(r, vm);
    if (inner.outputType !== 'secp256k1-transfer' || inner.stakeableLocktime !== undefined) {
      throw new Error('stakeable.LockOut must wrap a secp256k1fx.TransferOutput');
    }
    return { ...inner, stakeableLocktime, packed: packed() };
  }
  if (vm === 'AVM') return readAvmOutput(r, typeId, packed);
  throw unknownType(`${vm} output`, typeId);
}

function readAvmOutput(r: Reader, typeId: number, packed: () => Uint8Array): FxOutput {
  switch (typeId) {
    case SECP_MINT_OUTPUT:
      return { outputType: 'secp256k1-mint', amount: 0n, owner: readOwners(r), packed: packed() };
    case NFT_MINT_OUTPUT: {
      // nftfx.MintOutput: GroupID u32, then the embedded OutputOwners.
      const groupId = r.u32();
      return { outputType: 'nft-mint', amount: 0n, groupId, owner: readOwners(r), packed: packed() };
    }
    case NFT_TRANSFER_OUTPUT: {
      // nftfx.TransferOutput: GroupID u32, Payload []byte, then the embedded OutputOwners.
      const groupId = r.u32();
      const payload = r.bytesField();
      return {
        outputType: 'nft-transfer',
        amount: 0n,
        groupId,
        payload,
        owner: readOwners(r),
        packed: packed(),
      };
    }
    default:
      // Includes the property fx's outputs (15, 16), which the model has no kind for.
      throw unknownType('avm output', typeId);
  }
}

/** The nft TransferOutput an nft MintOperation creates for each of its owners (nftfx/mint_operation.go Outs). */
export function nftTransferOutput(groupId: number, payload: Uint8Array, owner: Owner): FxOutput {
  const packed = concat(
    u32(NFT_TRANSFER_OUTPUT),
    u32(groupId),
    u32(payload.length),
    payload,
    encodeOwners(owner),
  );
  return { outputType: 'nft-transfer', amount: 0n, groupId, payload, owner, packed };
}

/** A secp256k1fx.TransferOutput built rather than read: the genesis allocations' outputs. */
export function secpTransferOutput(amount: bigint, owner: Owner): FxOutput {
  const packed = concat(u32(SECP_TRANSFER_OUTPUT), u64(amount), encodeOwners(owner));
  return { outputType: 'secp256k1-transfer', amount, owner, packed };
}

/** platformvm's stakeable.LockOut around a transfer output, built rather than read. */
export function stakeableLockOut(stakeableLocktime: bigint, inner: FxOutput): FxOutput {
  const packed = concat(u32(STAKEABLE_LOCK_OUT), u64(stakeableLocktime), inner.packed);
  return { ...inner, stakeableLocktime, packed };
}

/** The UTXO the output becomes: avax.UTXO marshalled with codec version 0 (vms/components/avax/utxo.go). */
export function toDecodedOutput(
  out: FxOutput,
  txId: Uint8Array,
  outputIndex: number,
  assetId: Uint8Array,
): DecodedOutput {
  const decoded: DecodedOutput = {
    outputIndex,
    assetId,
    outputType: out.outputType,
    amount: out.amount,
    addresses: out.owner.addresses,
    threshold: out.owner.threshold,
    locktime: out.owner.locktime,
    utxoBytes: concat(u16(CODEC_VERSION), txId, u32(outputIndex), assetId, out.packed),
  };
  if (out.stakeableLocktime !== undefined) decoded.stakeableLocktime = out.stakeableLocktime;
  if (out.groupId !== undefined) decoded.groupId = out.groupId;
  if (out.payload !== undefined) decoded.payload = out.payload;
  return decoded;
}

/** What an input interface value claims: secp256k1fx.TransferInput, or platformvm's stakeable.LockIn around one. */
export function readInput(
  r: Reader,
  vm: Vm,
): Pick<DecodedInput, 'amount' | 'signatureIndices' | 'stakeableLocktime'> {
  const typeId = r.u32();
  if (typeId === SECP_TRANSFER_INPUT) {
    const amount = r.u64();
    return { amount, signatureIndices: readSignatureIndices(r) };
  }
  if (typeId === STAKEABLE_LOCK_IN && vm === 'PVM') {
    const stakeableLocktime = r.u64();
    const inner = readInput(r, vm);
    if (inner.stakeableLocktime !== undefined) throw new Error('nested stakeable.LockIn');
    return { ...inner, stakeableLocktime };
  }
  throw unknownType(`${vm} input`, typeId);
}

/** A credential interface value: secp256k1fx.Credential (or the nft fx's, the same fields) with 65-byte sigs. */
export function readCredential(r: Reader, vm: Vm): Uint8Array[] {
  const typeId = r.u32();
  if (typeId !== SECP_CREDENTIAL && !(vm === 'AVM' && typeId === NFT_CREDENTIAL)) {
    throw unknownType(`${vm} credential`, typeId);
  }
  return r.list((x) => x.fixed(65));
}
