/**
 * ACP-118 Warp signature requests (avalanchego network/p2p/acp118, proto/sdk/sdk.proto): an AppRequest to handler 2
 * carrying `SignatureRequest{bytes message = 1; bytes justification = 2}`, where message is the unsigned Warp
 * message, answered with `SignatureResponse{bytes signature = 1}`: 96 bytes of BLS signature (signature tag).
 */
import protobuf from 'protobufjs';
import type { AppError, AppRequestHandler, InboundAppRequest } from './sdk.ts';
import { APP_ERRORS, HANDLER_IDS, prefixHandler } from './sdk.ts';

export const SIGNATURE_REQUEST_HANDLER_ID = HANDLER_IDS.signatureRequest;

export const BLS_SIGNATURE_BYTES = 96;

export interface SignatureRequest {
  message: Uint8Array;
  justification: Uint8Array;
}

export function encodeSignatureRequest(request: SignatureRequest): Uint8Array {
  const writer = protobuf.Writer.create();
  if (request.message.length > 0) writer.uint32((1 << 3) | 2).bytes(request.message);
  if (request.justification.length > 0) writer.uint32((2 << 3) | 2).bytes(request.justification);
  return writer.finish();
}

export function decodeSignatureRequest(body: Uint8Array): SignatureRequest {
  const reader = protobuf.Reader.create(body);
  let message: Uint8Array = new Uint8Array(0);
  let justification: Uint8Array = new Uint8Array(0);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1 && (tag & 7) === 2) message = reader.bytes();
    else if (tag >>> 3 === 2 && (tag & 7) === 2) justification = reader.bytes();
    else reader.skipType(tag & 7);
  }
  return { message, justification };
}

/** The app bytes of an ACP-118 AppRequest: uvarint(2) ‖ SignatureRequest. */
export function signatureRequestAppBytes(
  message: Uint8Array,
  justification: Uint8Array = new Uint8Array(0),
): Uint8Array {
  return prefixHandler(SIGNATURE_REQUEST_HANDLER_ID, encodeSignatureRequest({ message, justification }));
}

export function encodeSignatureResponse(signature: Uint8Array): Uint8Array {
  const writer = protobuf.Writer.create();
  if (signature.length > 0) writer.uint32((1 << 3) | 2).bytes(signature);
  return writer.finish();
}

/**
 * The signature of a SignatureResponse, or undefined when it is empty or all zeros (no signature: the aggregator asks
 * again rather than count it invalid). Throws when the response does not parse or the signature is not 96 bytes.
 */
export function decodeSignatureResponse(bytes: Uint8Array): Uint8Array | undefined {
  const reader = protobuf.Reader.create(bytes);
  let signature: Uint8Array = new Uint8Array(0);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1 && (tag & 7) === 2) signature = reader.bytes();
    else reader.skipType(tag & 7);
  }
  if (signature.every((b) => b === 0)) return undefined;
  if (signature.length !== BLS_SIGNATURE_BYTES) {
    throw new Error(`signature is ${signature.length} bytes, not ${BLS_SIGNATURE_BYTES}`);
  }
  return signature;
}

export type SignatureRequestSigner = (
  request: SignatureRequest,
  from: InboundAppRequest,
) => Promise<{ signature: Uint8Array } | { error: AppError } | undefined>;

/**
 * The handler for id 2 around a signer, as acp118.Handler does it: a body that does not parse is AppError −1; the
 * signer decides the rest (undefined: no reply).
 */
export function signatureRequestHandler(sign: SignatureRequestSigner): AppRequestHandler {
  return async (inbound) => {
    let request: SignatureRequest;
    try {
      request = decodeSignatureRequest(inbound.body);
    } catch (err) {
      return {
        error: {
          code: APP_ERRORS.unexpected.code,
          message: `failed to unmarshal request: ${(err as Error).message}`,
        },
      };
    }
    const outcome = await sign(request, inbound);
    if (!outcome) return undefined;
    if ('error' in outcome) return outcome;
    return { bytes: encodeSignatureResponse(outcome.signature) };
  };
}
