/**
 * Warp messages (avalanchego vms/platformvm/warp) as the devnet's chains emit them, and the record of what each
 * chain really emitted: a validator signs a message only if its source chain put it in this record.
 */
import { CODEC_VERSION, concat, u16, u32, u64 } from '../runtime/avalanche/linear-codec.ts';
import { warpMessageId } from '../runtime/avalanche/warp.ts';

const SUBNET_TO_L1_CONVERSION = 0;
const REGISTER_L1_VALIDATOR = 1;
const L1_VALIDATOR_WEIGHT = 3;

/** The P-Chain's message that a subnet became an L1: the conversion id, in the message codec. */
export function subnetToL1ConversionPayload(conversionId: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(SUBNET_TO_L1_CONVERSION), conversionId);
}

/**
 * An L1's request to the P-Chain to add a validator (message codec type 1): its subnet, node, BLS key, an expiry,
 * the owners of its remaining balance and of its deactivation, and its weight. The new validation id is the sha256
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

/** An L1's request to change a validator's weight (message codec type 3): validation id, nonce, new weight. */
export function l1ValidatorWeightPayload(
  validationId: Uint8Array,
  nonce: bigint,
  weight: bigint,
): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(L1_VALIDATOR_WEIGHT), validationId, u64(nonce), u64(weight));
}

/** Messages each source chain emitted, by message id (hex). */
export class WarpMessages {
  private readonly bySource = new Map<string, Map<string, Uint8Array>>();

  record(sourceChainId: Uint8Array, unsigned: Uint8Array): Uint8Array {
    const id = warpMessageId(unsigned);
    const source = Buffer.from(sourceChainId).toString('hex');
    let messages = this.bySource.get(source);
    if (!messages) this.bySource.set(source, (messages = new Map<string, Uint8Array>()));
    messages.set(Buffer.from(id).toString('hex'), unsigned);
    return id;
  }

  /** Whether `unsigned` (a whole unsigned message) was emitted by the chain it names as its source. */
  emitted(unsigned: Uint8Array): boolean {
    if (unsigned.length < 38) return false;
    const source = Buffer.from(unsigned.subarray(6, 38)).toString('hex');
    const known = this.bySource.get(source)?.get(Buffer.from(warpMessageId(unsigned)).toString('hex'));
    return known !== undefined && Buffer.compare(Buffer.from(known), Buffer.from(unsigned)) === 0;
  }

  count(): number {
    let n = 0;
    for (const messages of this.bySource.values()) n += messages.size;
    return n;
  }
}

/** subnet-evm's predicate packing: the bytes, a 0xff delimiter, zero padding to 32-byte storage keys. */
export function packPredicate(bytes: Uint8Array): Uint8Array[] {
  const padded = new Uint8Array(Math.ceil((bytes.length + 1) / 32) * 32);
  padded.set(bytes);
  padded[bytes.length] = 0xff;
  return Array.from({ length: padded.length / 32 }, (_, i) => padded.subarray(i * 32, (i + 1) * 32));
}

export function unpackPredicate(keys: Uint8Array[]): Uint8Array | undefined {
  const bytes = concat(...keys);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === 0 || bytes[end - 1] !== 0xff) return undefined;
  return bytes.subarray(0, end - 1);
}
