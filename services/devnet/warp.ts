/**
 * Warp messages (avalanchego vms/platformvm/warp) as the devnet's chains emit them, and the record of what each
 * chain really emitted: a validator signs a message only if its source chain put it in this record.
 */
import { concat } from '../runtime/avalanche/linear-codec.ts';
import { warpMessageId } from '../runtime/avalanche/warp.ts';

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
