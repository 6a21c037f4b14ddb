/**
 * The Warp messages the P-Chain's L1 transactions carry (avalanchego vms/platformvm/warp): a signed message whose
 * payload is an AddressedCall (warp/payload) whose payload is one of warp/message's L1 messages.
 */
import { Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { unknownType } from './container.ts';
import type { Owner } from './model.ts';

const BIT_SET_SIGNATURE = 0;
const BLS_SIGNATURE_LENGTH = 96;
const BLS_PUBLIC_KEY_LENGTH = 48;
const ADDRESSED_CALL = 1;
const REGISTER_L1_VALIDATOR = 1;
const L1_VALIDATOR_WEIGHT = 3;

/**
 * warp.Message (message.go, unsigned_message.go, signature.go): codec version, NetworkID u32, SourceChainID,
 * Payload []byte, then the Signature interface (0: BitSetSignature, Signers []byte, Signature [96]byte). Returns
 * the payload of its AddressedCall (payload/addressed_call.go: SourceAddress []byte, Payload []byte).
 */
export function addressedCallPayload(message: Uint8Array): Uint8Array {
  const r = new Reader(message);
  r.codecVersion('warp message');
  r.u32();
  r.id();
  const payload = r.bytesField();
  const signatureType = r.u32();
  if (signatureType !== BIT_SET_SIGNATURE) throw unknownType('warp signature', signatureType);
  r.bytesField();
  r.fixed(BLS_SIGNATURE_LENGTH);
  r.end('warp message');

  const call = new Reader(payload);
  call.codecVersion('warp payload');
  const payloadType = call.u32();
  if (payloadType !== ADDRESSED_CALL) throw unknownType('warp payload', payloadType);
  call.bytesField();
  const inner = call.bytesField();
  call.end('warp addressed call');
  return inner;
}

/** message.PChainOwner: Threshold u32, Addresses [][20]byte (no locktime). */
function readPChainOwner(r: Reader): Owner {
  const threshold = r.u32();
  return { addresses: r.list((x) => x.shortId()), threshold, locktime: 0n };
}

function messageReader(payload: Uint8Array, expectedType: number, name: string): Reader {
  const r = new Reader(payload);
  r.codecVersion(name);
  const typeId = r.u32();
  if (typeId !== expectedType) throw unknownType(`${name} (warp message)`, typeId);
  return r;
}

/** message.RegisterL1Validator (register_l1_validator.go). */
export function readRegisterL1Validator(payload: Uint8Array) {
  const r = messageReader(payload, REGISTER_L1_VALIDATOR, 'RegisterL1Validator');
  const decoded = {
    subnetId: r.id(),
    nodeId: r.bytesField(),
    blsPublicKey: r.fixed(BLS_PUBLIC_KEY_LENGTH),
    expiry: r.u64(),
    remainingBalanceOwner: readPChainOwner(r),
    disableOwner: readPChainOwner(r),
    weight: r.u64(),
  };
  r.end('RegisterL1Validator');
  return decoded;
}

/** message.L1ValidatorWeight (l1_validator_weight.go). */
export function readL1ValidatorWeight(payload: Uint8Array) {
  const r = messageReader(payload, L1_VALIDATOR_WEIGHT, 'L1ValidatorWeight');
  const decoded = { validationId: r.id(), nonce: r.u64(), weight: r.u64() };
  r.end('L1ValidatorWeight');
  return decoded;
}
