/**
 * Messages on a peer connection are framed as a u32 big-endian length and that many bytes of `p2p.Message`
 * (avalanchego network/peer/msg_length.go). A length over 2 MiB (constants.DefaultMaxMessageSize) ends the
 * connection: the reader cannot resynchronise after it.
 */

export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export class FrameTooLargeError extends Error {
  readonly length: number;

  constructor(length: number) {
    super(`message length ${length} exceeds the limit of ${MAX_MESSAGE_BYTES} bytes`);
    this.name = 'FrameTooLargeError';
    this.length = length;
  }
}

export function frame(body: Uint8Array): Uint8Array {
  if (body.length > MAX_MESSAGE_BYTES) throw new FrameTooLargeError(body.length);
  const out = new Uint8Array(4 + body.length);
  new DataView(out.buffer).setUint32(0, body.length);
  out.set(body, 4);
  return out;
}

/**
 * Cuts a byte stream (socket chunks, in any sizes) into message bodies. After a FrameTooLargeError it stays
 * failed: the caller closes the connection.
 */
export class FrameReader {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private failed: FrameTooLargeError | undefined;

  /** The bodies completed by this chunk, in order; throws FrameTooLargeError on an oversized length. */
  push(chunk: Uint8Array): Uint8Array[] {
    if (this.failed) throw this.failed;
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const bodies: Uint8Array[] = [];
    while (this.buffered >= 4) {
      const header = this.peek(4);
      const length = new DataView(header.buffer, header.byteOffset, 4).getUint32(0);
      if (length > MAX_MESSAGE_BYTES) {
        this.failed = new FrameTooLargeError(length);
        throw this.failed;
      }
      if (this.buffered < 4 + length) break;
      this.take(4);
      bodies.push(this.take(length));
    }
    return bodies;
  }

  /** Bytes received but not yet part of a whole message. */
  get pending(): number {
    return this.buffered;
  }

  private peek(n: number): Uint8Array {
    const first = this.chunks[0]!;
    if (first.length >= n) return first.subarray(0, n);
    return this.copy(n, false);
  }

  private take(n: number): Uint8Array {
    const first = this.chunks[0];
    if (first && first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.buffered -= n;
      return out;
    }
    return this.copy(n, true);
  }

  private copy(n: number, consume: boolean): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    let index = 0;
    while (filled < n) {
      const chunk = this.chunks[index]!;
      const used = Math.min(chunk.length, n - filled);
      out.set(chunk.subarray(0, used), filled);
      filled += used;
      if (consume && used < chunk.length) this.chunks[index] = chunk.subarray(used);
      else index++;
    }
    if (consume) {
      this.chunks.splice(0, index);
      this.buffered -= n;
    }
    return out;
  }
}
