/**
 * Warp messages (avalanchego vms/platformvm/warp) as the devnet's chains emit them, and the record of what each
 * chain really emitted: a validator signs a message only if its source chain put it in this record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, u16, u32 } from './codec.ts';

const CODEC_VERSION = 0;
const ADDRESSED_CALL = 1;
const SUBNET_TO_L1_CONVERSION = 0;

/** UnsignedMessage: codec version, network id, source chain id, payload (length-prefixed). */
export function unsignedWarpMessage(
  networkId: number,
  sourceChainId: Uint8Array,
  payload: Uint8Array,
): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(networkId), sourceChainId, u32(payload.length), payload);
}

/** The payload codec's AddressedCall: who on the source chain sent it (empty for the P-Chain), and what. */
export function addressedCall(sourceAddress: Uint8Array, payload: Uint8Array): Uint8Array {
  return concat(
    u16(CODEC_VERSION),
    u32(ADDRESSED_CALL),
    u32(sourceAddress.length),
    sourceAddress,
    u32(payload.length),
    payload,
  );
}

/** The P-Chain's message that a subnet became an L1: the conversion id, in the message codec. */
export function subnetToL1ConversionPayload(conversionId: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(SUBNET_TO_L1_CONVERSION), conversionId);
}

export function warpMessageId(unsigned: Uint8Array): Uint8Array {
  return sha256(unsigned);
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
