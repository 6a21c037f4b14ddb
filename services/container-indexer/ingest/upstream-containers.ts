import { decodeId } from '../../runtime/formatting/cb58.ts';
import { decodeCheckedHex } from '../../runtime/formatting/encoding.ts';
import { parseRfc3339Nano } from '../../runtime/formatting/go-time.ts';
import type { StoredContainer } from '../store/container-store.ts';

/** A container as a node's Index API returns it with `encoding: "hex"`. */
export interface FormattedContainer {
  id: string;
  bytes: string;
  timestamp: string;
  encoding: string;
  index: string;
}

export class MalformedUpstreamReplyError extends Error {
  override name = 'MalformedUpstreamReplyError';
}

/**
 * Parses and checks one getContainerRange reply: every container well formed (cb58 id, checksummed hex bytes,
 * RFC 3339 time), and their indexes exactly start, start+1, ….
 */
export function parseContainerRange(reply: unknown, start: bigint): StoredContainer[] {
  const containers = (reply as { containers?: unknown } | null)?.containers;
  if (!Array.isArray(containers)) throw new MalformedUpstreamReplyError('reply has no containers array');
  return containers.map((raw: unknown, i) => {
    const expected = start + BigInt(i);
    const container = parseContainer(raw);
    if (container.index !== expected) {
      throw new MalformedUpstreamReplyError(
        `container at position ${i} has index ${container.index}, expected ${expected}`,
      );
    }
    return container;
  });
}

export function parseContainer(raw: unknown): StoredContainer {
  const c = raw as Partial<FormattedContainer> | null;
  try {
    if (typeof c?.id !== 'string' || typeof c.bytes !== 'string' || typeof c.timestamp !== 'string') {
      throw new Error('id, bytes and timestamp must be strings');
    }
    if (typeof c.index !== 'string' || !/^\d+$/.test(c.index))
      throw new Error('index must be a decimal string');
    return {
      index: BigInt(c.index),
      id: decodeId(c.id),
      bytes: decodeCheckedHex(c.bytes),
      acceptedAtUnixNano: parseRfc3339Nano(c.timestamp),
    };
  } catch (err) {
    throw new MalformedUpstreamReplyError(
      `malformed container ${JSON.stringify(raw)?.slice(0, 200)}: ${(err as Error).message}`,
    );
  }
}
