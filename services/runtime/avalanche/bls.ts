/**
 * BLS as avalanchego uses it for Warp (utils/crypto/bls): BLS12-381 in the min-pk scheme, 48-byte compressed G1
 * public keys, 96-byte compressed G2 signatures, the POP ciphersuite's signature tag. Native blst
 * (@chainsafe/blst), whose tag is fixed to that signature tag: bench/bls.ts measures it against @noble/curves, and a
 * relayer's aggregator verifies a signature per validator per message, which pure JS makes its slowest part.
 *
 * Bytes in, bytes (or a boolean) out, and nothing throws on hostile input: every caller checks signatures that came
 * from the network. Keys are validated (not infinity, in the subgroup) as avalanchego's PublicKeyFromCompressedBytes
 * does, signatures subgroup-checked as its SignatureFromBytes does.
 */
import * as blst from '@chainsafe/blst';

export const BLS_PUBLIC_KEY_LENGTH = 48;
export const BLS_SIGNATURE_LENGTH = 96;
/** The tag Warp signatures are made with (ciphersuite.go CiphersuiteSignature); blst's only tag. */
export const WARP_SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

/**
 * Parsed, validated public keys by their compressed bytes: validating a key (decompression and a subgroup check)
 * costs a tenth of a verification, and the same validators' keys come back with every message.
 */
const parsedKeys = new Map<string, blst.PublicKey>();
const MAX_PARSED_KEYS = 16_384;

function publicKey(bytes: Uint8Array): blst.PublicKey {
  const hex = Buffer.from(bytes).toString('hex');
  let key = parsedKeys.get(hex);
  if (!key) {
    key = blst.PublicKey.fromBytes(bytes, true);
    // Oldest first; a set larger than the bound only costs the parsing again.
    if (parsedKeys.size >= MAX_PARSED_KEYS) parsedKeys.delete(parsedKeys.keys().next().value!);
    parsedKeys.set(hex, key);
  }
  return key;
}

function signature(bytes: Uint8Array): blst.Signature {
  // avalanchego's SigValidate(false): the subgroup check, but the point at infinity parses (it never verifies).
  return blst.Signature.fromBytes(bytes, true, false);
}

/** The 96-byte uncompressed form of a compressed public key, which Warp's canonical order sorts by. */
export function uncompressedPublicKey(compressed: Uint8Array): Uint8Array {
  return publicKey(compressed).toBytes(false);
}

/** Whether `compressed` is a valid public key (48 bytes, on the curve, in the subgroup, not infinity). */
export function isBlsPublicKey(compressed: Uint8Array): boolean {
  if (compressed.length !== BLS_PUBLIC_KEY_LENGTH) return false;
  try {
    publicKey(compressed);
    return true;
  } catch {
    return false;
  }
}

/** Whether `sig` is the holder of `key` signing `message` (avalanchego's bls.Verify). */
export function blsVerify(message: Uint8Array, key: Uint8Array, sig: Uint8Array): boolean {
  if (key.length !== BLS_PUBLIC_KEY_LENGTH || sig.length !== BLS_SIGNATURE_LENGTH) return false;
  try {
    return blst.verify(message, publicKey(key), signature(sig));
  } catch {
    return false;
  }
}

/**
 * Which of `items` are their key signing `message`, as blsVerify would answer one by one, at a fraction of the
 * cost: the signatures and keys are summed with random 64-bit coefficients and checked with one pairing, so a
 * batch passes only if each signature is valid (but for a 2^-64 chance), and two bad signatures cannot cancel out.
 * A batch that fails is halved until the bad signatures are found.
 */
export function blsVerifyBatch(
  message: Uint8Array,
  items: { publicKey: Uint8Array; signature: Uint8Array }[],
): boolean[] {
  const valid = items.map(() => false);
  const check = (from: number, to: number): void => {
    if (to - from <= 2) {
      for (let i = from; i < to; i++) valid[i] = blsVerify(message, items[i]!.publicKey, items[i]!.signature);
      return;
    }
    if (batchVerifies(message, items.slice(from, to))) {
      valid.fill(true, from, to);
      return;
    }
    const middle = (from + to) >> 1;
    check(from, middle);
    check(middle, to);
  };
  check(0, items.length);
  return valid;
}

function batchVerifies(
  message: Uint8Array,
  items: { publicKey: Uint8Array; signature: Uint8Array }[],
): boolean {
  try {
    if (
      items.some(
        (i) => i.publicKey.length !== BLS_PUBLIC_KEY_LENGTH || i.signature.length !== BLS_SIGNATURE_LENGTH,
      )
    ) {
      return false;
    }
    // Validates every signature (subgroup and infinity) before it sums them.
    const sum = blst.aggregateWithRandomness(
      items.map((i) => ({ pk: publicKey(i.publicKey), sig: i.signature })),
    );
    return blst.verify(message, sum.pk, sum.sig);
  } catch {
    return false;
  }
}

/**
 * The sum of signatures (no per-signer coefficients: rogue keys are ruled out by the P-Chain's proofs of
 * possession). `verified`: every signature already passed a verification, which included the subgroup check that
 * is otherwise most of the cost here.
 */
export function blsAggregateSignatures(
  signatures: Uint8Array[],
  options: { verified?: boolean } = {},
): Uint8Array {
  if (signatures.length === 0) throw new RangeError('no signatures to aggregate');
  if (options.verified) return blst.aggregateSerializedSignatures(signatures, false).toBytes(true);
  return blst.aggregateSignatures(signatures.map(signature)).toBytes(true);
}

/** The sum of public keys, compressed. */
export function blsAggregatePublicKeys(keys: Uint8Array[]): Uint8Array {
  if (keys.length === 0) throw new RangeError('no public keys to aggregate');
  return blst.aggregatePublicKeys(keys.map(publicKey)).toBytes(true);
}

/** Whether `sig` is the aggregate of the holders of `keys` signing `message` (what a Warp verifier checks). */
export function blsVerifyAggregate(message: Uint8Array, keys: Uint8Array[], sig: Uint8Array): boolean {
  if (keys.length === 0) return false;
  try {
    return blst.verify(message, blst.aggregatePublicKeys(keys.map(publicKey)), signature(sig));
  } catch {
    return false;
  }
}
