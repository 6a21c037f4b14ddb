/**
 * The Warp messages about L1s (vms/platformvm/warp/message, ACP-77), payloads of an AddressedCall: the P-Chain's,
 * from no address — that a subnet became an L1 (SubnetToL1Conversion, naming the conversion id), that a validator is
 * registered (L1ValidatorRegistration), that its weight changed (L1ValidatorWeight) — and an L1's validator manager's
 * to the P-Chain (RegisterL1Validator, L1ValidatorWeight). The message codec writes a u16 codec version and a u32
 * type id before each.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { CODEC_VERSION, concat, u16, u32, u64, u8 } from './linear-codec.ts';

const SUBNET_TO_L1_CONVERSION = 0;
const REGISTER_L1_VALIDATOR = 1;
const L1_VALIDATOR_REGISTRATION = 2;
const L1_VALIDATOR_WEIGHT = 3;

export interface ConversionValidator {
  nodeId: Uint8Array;
  /** Compressed, 48 bytes. */
  blsPublicKey: Uint8Array;
  weight: bigint;
}

/** SubnetToL1ConversionData's id: sha256 of it in the message codec, validators in the transaction's order. */
export function conversionId(conversion: {
  subnetId: Uint8Array;
  managerChainId: Uint8Array;
  managerAddress: Uint8Array;
  validators: ConversionValidator[];
}): Uint8Array {
  return sha256(
    concat(
      u16(CODEC_VERSION),
      conversion.subnetId,
      conversion.managerChainId,
      u32(conversion.managerAddress.length),
      conversion.managerAddress,
      u32(conversion.validators.length),
      ...conversion.validators.flatMap((v) => [
        u32(v.nodeId.length),
        v.nodeId,
        v.blsPublicKey,
        u64(v.weight),
      ]),
    ),
  );
}

export function subnetToL1ConversionPayload(id: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(SUBNET_TO_L1_CONVERSION), id);
}

export function l1ValidatorRegistrationPayload(validationId: Uint8Array, registered: boolean): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(L1_VALIDATOR_REGISTRATION), validationId, u8(registered ? 1 : 0));
}

export function l1ValidatorWeightPayload(
  validationId: Uint8Array,
  nonce: bigint,
  weight: bigint,
): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(L1_VALIDATOR_WEIGHT), validationId, u64(nonce), u64(weight));
}

/**
 * An L1's request to the P-Chain to add a validator: its subnet, node, BLS key, an expiry, the owners (one address,
 * threshold 1) of its remaining balance and of its deactivation, and its weight. The new validation id is the sha256
 * of these bytes.
 */
export function registerL1ValidatorPayload(v: {
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  expirySeconds: bigint;
  owner: Uint8Array;
  weight: bigint;
}): Uint8Array {
  const pChainOwner = concat(u32(1), u32(1), v.owner);
  return concat(
    u16(CODEC_VERSION),
    u32(REGISTER_L1_VALIDATOR),
    v.subnetId,
    u32(v.nodeId.length),
    v.nodeId,
    v.blsPublicKey,
    u64(v.expirySeconds),
    pChainOwner,
    pChainOwner,
    u64(v.weight),
  );
}
