/**
 * Conventions of avalanchego's p2p SDK (network/p2p) on top of AppRequest and AppGossip: the app bytes start with
 * the handler id as an unsigned varint, and failures are AppErrors with the codes of network/p2p/error.go.
 */

export interface AppError {
  code: number;
  message: string;
}

/** network/p2p/error.go. Codes above 0 belong to the VMs; 0 is "undefined". */
export const APP_ERRORS = {
  unexpected: { code: -1, message: 'unexpected error' },
  unregisteredHandler: { code: -2, message: 'unregistered handler' },
  notValidator: { code: -3, message: 'not a validator' },
  throttled: { code: -4, message: 'throttled' },
} as const satisfies Record<string, AppError>;

export const APP_ERROR_UNDEFINED_CODE = 0;

export type AppReply = { bytes: Uint8Array } | { error: AppError };

/** An AppRequest as a handler sees it: the handler prefix removed. */
export interface InboundAppRequest {
  /** The requesting peer. */
  nodeId: Uint8Array;
  chainId: Uint8Array;
  requestId: number;
  /** When the requester stops waiting, in epoch milliseconds (its relative deadline, capped at 10 s). */
  deadline: number;
  handlerId: bigint;
  body: Uint8Array;
}

/** The reply, or undefined to send none (as a node drops a request for a chain it does not run). */
export type AppRequestHandler = (request: InboundAppRequest) => Promise<AppReply | undefined>;

/** Handler ids registered by avalanchego and the EVMs. */
export const HANDLER_IDS = { txGossip: 0, atomicTxGossip: 1, signatureRequest: 2 } as const;

export function encodeUvarint(value: number | bigint): Uint8Array {
  let n = BigInt(value);
  if (n < 0n || n >= 1n << 64n) throw new Error(`${value} is not a u64`);
  const out: number[] = [];
  while (n >= 0x80n) {
    out.push(Number(n & 0x7fn) | 0x80);
    n >>= 7n;
  }
  out.push(Number(n));
  return Uint8Array.from(out);
}

/**
 * Go's binary.Uvarint: the value and the bytes it took, or undefined when the input ends inside the varint or
 * overflows 64 bits (non-minimal encodings are accepted, as Go does).
 */
export function decodeUvarint(bytes: Uint8Array): { value: bigint; length: number } | undefined {
  let value = 0n;
  for (let i = 0; i < bytes.length && i < 10; i++) {
    const byte = bytes[i]!;
    if (i === 9 && byte > 1) return undefined;
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if (byte < 0x80) return { value, length: i + 1 };
  }
  return undefined;
}

export function prefixHandler(handlerId: number | bigint, body: Uint8Array): Uint8Array {
  const prefix = encodeUvarint(handlerId);
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix);
  out.set(body, prefix.length);
  return out;
}

/** p2p.ParseMessage: the handler id and the rest, or undefined (which a node answers with AppError −2). */
export function parseHandlerPrefix(
  appBytes: Uint8Array,
): { handlerId: bigint; body: Uint8Array } | undefined {
  const prefix = decodeUvarint(appBytes);
  return prefix && { handlerId: prefix.value, body: appBytes.subarray(prefix.length) };
}
