/**
 * BLS keys of the devnet's validators, as avalanchego uses them: BLS12-381 in the min-pk scheme (48-byte compressed
 * G1 public keys, 96-byte compressed G2 signatures), signing with the POP ciphersuite's two tags. Warp signatures
 * are made with blst (native; its tag is fixed to the signature tag, which is Warp's), and verified and aggregated
 * by runtime/avalanche/bls.ts: the relayer and the precompile handle thousands over a history, which pure JS makes
 * the slowest part of it. Proofs of possession, one per validator, use @noble/curves with the proof-of-possession tag.
 */
import * as blst from '@chainsafe/blst';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { derive } from './seeded.ts';

const PROOF_OF_POSSESSION_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

const bls = bls12_381.longSignatures;

export interface BlsKey {
  secretKey: Uint8Array;
  /** Compressed, 48 bytes. */
  publicKey: Uint8Array;
  /** The signature over the public key with the proof-of-possession tag, 96 bytes. */
  proofOfPossession: Uint8Array;
}

export function deriveBlsKey(seed: string, label: string): BlsKey {
  // 48 bytes of seed material, reduced into the scalar field (as a key generator does with random bytes).
  const material = new Uint8Array([
    ...derive(seed, `bls/${label}/0`),
    ...derive(seed, `bls/${label}/1`).subarray(0, 16),
  ]);
  const secretKey = bls12_381.utils.randomSecretKey(material);
  const publicKey = bls.getPublicKey(secretKey).toBytes(true);
  return { secretKey, publicKey, proofOfPossession: blsSign(publicKey, secretKey, PROOF_OF_POSSESSION_DST) };
}

/** A signature as avalanchego's bls.Sign makes it (the Warp signature). */
export function blsSignMessage(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return blst.SecretKey.fromBytes(secretKey).sign(message).toBytes();
}

function blsSign(message: Uint8Array, secretKey: Uint8Array, dst: string): Uint8Array {
  // noble: the proof-of-possession tag is not blst's.
  return bls.sign(bls.hash(message, dst), secretKey).toBytes(true);
}
