/**
 * Warp signature checks with @noble/curves (pure JS, with avalanchego's signature tag passed explicitly), an
 * implementation independent of the devnet's signer (blst).
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';

const SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const bls = bls12_381.longSignatures;

export function verifyWarpSignature(
  message: Uint8Array,
  publicKeys: Uint8Array[],
  signature: Uint8Array,
): boolean {
  try {
    const key = bls.aggregatePublicKeys(publicKeys.map((k) => bls12_381.G1.Point.fromBytes(k)));
    return bls.verify(bls.Signature.fromBytes(signature), bls.hash(message, SIGNATURE_DST), key);
  } catch {
    return false;
  }
}

export function aggregateSignatures(signatures: Uint8Array[]): Uint8Array {
  return bls.aggregateSignatures(signatures.map((s) => bls.Signature.fromBytes(s))).toBytes(true);
}
