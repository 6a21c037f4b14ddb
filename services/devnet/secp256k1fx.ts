/**
 * avalanchego's secp256k1 feature extension as the devnet's APIs verify issued transactions with it: signature
 * recovery (utils/crypto/secp256k1) and a spend's credential check (vms/secp256k1fx's VerifySpend), with the node's
 * error texts.
 */
import type { avaxSerial, Utxo } from '@avalabs/avalanchejs';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concat } from '../runtime/avalanche/linear-codec.ts';
import { encodeCb58, equalBytes } from '../runtime/formatting/cb58.ts';
import { keccak256, recoverPublicKey } from './crypto.ts';

/** secp256k1's group order halved: a larger `s` is the malleable twin avalanchego refuses. */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * secp256k1.RecoverPublicKeyFromHash: the uncompressed public key that signed `hash` with `signature` (r ‖ s ‖ v).
 * decred's RecoverCompact takes v up to 7, 4 and above flagging a compressed key, which avalanchego refuses.
 */
export function recoverPublicKeyFromHash(hash: Uint8Array, signature: Uint8Array): Uint8Array {
  if (signature.length !== 65) throw new Error('invalid signature length');
  if (BigInt(`0x${Buffer.from(signature.subarray(32, 64)).toString('hex')}`) > HALF_ORDER) {
    throw new Error('signature was mutated from its original format');
  }
  const v = signature[64]!;
  let key: Uint8Array;
  try {
    if (v > 7) throw new Error('recovery code out of range');
    key = recoverPublicKey(hash, signature.subarray(0, 64), v & 3);
  } catch {
    throw new Error('invalid signature');
  }
  if (v >= 4) throw new Error("wasn't expecting a compressed key");
  return key;
}

/** PublicKey.Address: ripemd160(sha256(the compressed key)), the key's ShortID. */
export function shortAddressOf(uncompressed: Uint8Array): Uint8Array {
  const y = uncompressed.subarray(33, 65);
  return ripemd160(sha256(concat(Uint8Array.of(y[31]! % 2 === 0 ? 2 : 3), uncompressed.subarray(1, 33))));
}

/** PublicKey.EthAddress: the last 20 bytes of keccak256 of the key's coordinates. */
export function ethAddressOf(uncompressed: Uint8Array): Uint8Array {
  return keccak256(uncompressed.subarray(1)).subarray(12);
}

/** A signed transaction's credentials: each a list of 65-byte signatures. */
export function credentialsOf(tx: avaxSerial.SignedTx): Uint8Array[][] {
  return tx
    .getCredentials()
    .map((c) => c.getSignatures().map((s) => Uint8Array.from(Buffer.from(s.replace(/^0x/, ''), 'hex'))));
}

/**
 * secp256k1fx's VerifySpend of one input against the UTXO it spends: the input well formed, the amounts equal, as
 * many signatures as the owners' threshold and the credential has, each (over sha256 of the unsigned bytes, codec
 * version included) recovering the owner its index names. The UTXO's own output is not verified again: the devnet
 * only holds outputs a node accepted.
 */
export function verifySpend(
  unsignedBytes: Uint8Array,
  utxo: Utxo,
  input: avaxSerial.TransferableInput,
  credential: Uint8Array[] | undefined,
): void {
  const indices = input.sigIndicies();
  const amount = input.amount();
  if (amount === 0n) throw new Error('input has no value');
  if (indices.some((index, i) => i > 0 && index <= indices[i - 1]!)) {
    throw new Error('address indices not sorted and unique');
  }
  // A credential the codec decoded is never nil: a missing one is the caller's count check.
  const signatures = credential ?? [];
  const utxoAmount = (utxo.output as unknown as { amount(): bigint }).amount();
  if (utxoAmount !== amount) {
    throw new Error(`utxo amount and input amount are not equal: ${utxoAmount} != ${amount}`);
  }
  const owners = utxo.getOutputOwners();
  const threshold = owners.threshold.value();
  if (owners.locktime.value() > BigInt(Math.floor(Date.now() / 1000)))
    throw new Error('output is time locked');
  if (threshold < indices.length) throw new Error('input has more signers than expected');
  if (threshold > indices.length) throw new Error('input has less signers than expected');
  if (indices.length !== signatures.length) {
    throw new Error('input expected a different number of signers than provided in the credential');
  }
  const hash = sha256(unsignedBytes);
  indices.forEach((index, i) => {
    const owner = owners.addrs[index];
    if (!owner) throw new Error('input referenced a nonexistent address in the output');
    const signer = shortAddressOf(recoverPublicKeyFromHash(hash, signatures[i]!));
    if (!equalBytes(signer, owner.toBytes())) {
      throw new Error(
        `wrong signature: expected signature from ${encodeCb58(owner.toBytes())} but got from ${encodeCb58(signer)}`,
      );
    }
  });
}
