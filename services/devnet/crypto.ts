/**
 * The devnet's signing and hashing primitives. Generating the history signs and hashes hundreds of thousands of
 * times, so these use native secp256k1 (libsecp256k1 through N-API; the package falls back to pure JS where its
 * prebuilt binary cannot load) and WebAssembly keccak: together several times faster than the pure-JS defaults.
 * Both sign with RFC 6979 nonces, so signatures stay deterministic.
 */
import secp256k1 from 'secp256k1';
import { createKeccak } from 'hash-wasm';

const keccakHasher = await createKeccak(256);

export function keccak256(data: Uint8Array): Uint8Array {
  keccakHasher.init();
  keccakHasher.update(data);
  return keccakHasher.digest('binary');
}

export interface RecoverableSignature {
  /** r ‖ s, 64 bytes. */
  signature: Uint8Array;
  /** 0 or 1. */
  recovery: number;
}

export function signHash(hash: Uint8Array, privateKey: Uint8Array): RecoverableSignature {
  const { signature, recid } = secp256k1.ecdsaSign(hash, privateKey);
  return { signature, recovery: recid };
}

/** The uncompressed public key (65 bytes, 0x04 first) that produced `signature` (r ‖ s) over `hash`. */
export function recoverPublicKey(hash: Uint8Array, signature: Uint8Array, recovery: number): Uint8Array {
  return secp256k1.ecdsaRecover(signature, recovery, hash, false);
}

export function publicKeyOf(privateKey: Uint8Array, compressed: boolean): Uint8Array {
  return secp256k1.publicKeyCreate(privateKey, compressed);
}
