/**
 * The Warp messages about L1s (vms/platformvm/warp/message, ACP-77), payloads of an AddressedCall: the P-Chain's,
 * from no address — that a subnet became an L1 (SubnetToL1Conversion, naming the conversion id), that a validator is
 * registered (L1ValidatorRegistration), that its weight changed (L1ValidatorWeight) — and an L1's validator manager's
 * to the P-Chain (RegisterL1Validator, L1ValidatorWeight). The message codec writes a u16 codec version and a u32
 * type id before each.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import protobuf from 'protobufjs';
import { Reader } from './byte-reader.ts';
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

export type PChainMessage =
  | { type: 'conversion'; id: Uint8Array }
  | ({ type: 'register'; validationId: Uint8Array } & RegisterL1Validator)
  | { type: 'registration'; validationId: Uint8Array; registered: boolean }
  | { type: 'weight'; validationId: Uint8Array; nonce: bigint; weight: bigint };

/** One of the four payloads: the message codec's version 0, a type id 0–3, the type's fields, nothing after. */
export function decodePChainMessage(bytes: Uint8Array): PChainMessage {
  const r = new Reader(bytes);
  r.codecVersion('message');
  const type = r.u32();
  let parsed: PChainMessage;
  switch (type) {
    case SUBNET_TO_L1_CONVERSION:
      parsed = { type: 'conversion', id: r.id() };
      break;
    case REGISTER_L1_VALIDATOR:
      parsed = { type: 'register', validationId: sha256(bytes), ...readRegisterL1Validator(r) };
      break;
    case L1_VALIDATOR_REGISTRATION: {
      const validationId = r.id();
      const flag = r.u8();
      if (flag > 1) throw new Error('unexpected value when unpacking bool');
      parsed = { type: 'registration', validationId, registered: flag === 1 };
      break;
    }
    case L1_VALIDATOR_WEIGHT:
      parsed = { type: 'weight', validationId: r.id(), nonce: r.u64(), weight: r.u64() };
      break;
    default:
      throw new Error(`couldn't unmarshal interface: unknown type ID ${type}`);
  }
  r.end('message');
  return parsed;
}

/** message.PChainOwner: Threshold u32, Addresses [][20]byte. */
export interface PChainOwner {
  threshold: number;
  addresses: Uint8Array[];
}

/** message.RegisterL1Validator (register_l1_validator.go). */
export interface RegisterL1Validator {
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  /** Compressed, 48 bytes. */
  blsPublicKey: Uint8Array;
  expiry: bigint;
  remainingBalanceOwner: PChainOwner;
  disableOwner: PChainOwner;
  weight: bigint;
}

function readPChainOwner(r: Reader): PChainOwner {
  const threshold = r.u32();
  return { threshold, addresses: r.list((x) => x.shortId()) };
}

/** RegisterL1Validator's fields after its type id. */
function readRegisterL1Validator(r: Reader): RegisterL1Validator {
  return {
    subnetId: r.id(),
    nodeId: r.bytesField(),
    blsPublicKey: r.fixed(48),
    expiry: r.u64(),
    remainingBalanceOwner: readPChainOwner(r),
    disableOwner: readPChainOwner(r),
    weight: r.u64(),
  };
}

/** A RegisterL1Validator payload (and its validation id, the payload's sha256); any other payload is an error. */
export function decodeRegisterL1Validator(
  bytes: Uint8Array,
): { validationId: Uint8Array } & RegisterL1Validator {
  const parsed = decodePChainMessage(bytes);
  if (parsed.type !== 'register') throw new Error(`wrong payload type: ${parsed.type}`);
  const { type: _, ...message } = parsed;
  return message;
}

/** An L1ValidatorWeight payload; any other payload is an error. */
export function decodeL1ValidatorWeight(bytes: Uint8Array): {
  validationId: Uint8Array;
  nonce: bigint;
  weight: bigint;
} {
  const parsed = decodePChainMessage(bytes);
  if (parsed.type !== 'weight') throw new Error(`wrong payload type: ${parsed.type}`);
  const { type: _, ...message } = parsed;
  return message;
}

/**
 * What proves that a validation is not (or no longer) registered, so the P-Chain may sign L1ValidatorRegistration
 * (registered: false): a converted subnet's validator by index, or the RegisterL1Validator message that asked for it.
 */
export type RegistrationJustification =
  | { kind: 'subnetIdIndex'; subnetId: Uint8Array; index: number }
  | { kind: 'registerMessage'; message: Uint8Array }
  | { kind: 'none' };

/**
 * platformvm.L1ValidatorRegistrationJustification: oneof {SubnetIDIndex convert_subnet_to_l1_tx_data = 1 {bytes
 * subnet_id = 1; uint32 index = 2}; bytes register_l1_validator_message = 2}; the last member present wins.
 */
export function decodeRegistrationJustification(bytes: Uint8Array): RegistrationJustification {
  const reader = protobuf.Reader.create(bytes);
  let justification: RegistrationJustification = { kind: 'none' };
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === ((1 << 3) | 2)) {
      const inner = protobuf.Reader.create(reader.bytes());
      let subnetId: Uint8Array = new Uint8Array(0);
      let index = 0;
      while (inner.pos < inner.len) {
        const innerTag = inner.uint32();
        if (innerTag === ((1 << 3) | 2)) subnetId = inner.bytes();
        else if (innerTag === ((2 << 3) | 0)) index = inner.uint32();
        else inner.skipType(innerTag & 7);
      }
      justification = { kind: 'subnetIdIndex', subnetId, index };
    } else if (tag === ((2 << 3) | 2)) {
      justification = { kind: 'registerMessage', message: reader.bytes() };
    } else reader.skipType(tag & 7);
  }
  return justification;
}

/** A converted subnet's validator's validation id: ids.ID.Append, sha256(subnetID ‖ u32be(index)). */
export function conversionValidationId(subnetId: Uint8Array, index: number): Uint8Array {
  return sha256(concat(subnetId, u32(index)));
}
