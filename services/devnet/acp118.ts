/**
 * ACP-118 signing, the way each devnet validator answers it: `POST /ext/devnet/acp118/<NodeID>` with a protobuf
 * `SignatureRequest{bytes message = 1; bytes justification = 2}` body, answered with
 * `SignatureResponse{bytes signature = 1}`: a BLS signature (POP ciphersuite, signature tag) over the unsigned
 * message, or an empty signature when the validator has not seen the message (its source chain never emitted it).
 * Real nodes carry these as p2p AppRequests (handler id 2); the devnet has no p2p network, so HTTP stands in.
 *
 * Faults can be switched per validator for tests: `offline` (the connection is dropped), `slow` (answers after
 * DEVNET_WARP_SLOW_MS), `wrong-signature` (signs with another key). `PUT /ext/devnet/acp118/<NodeID>/fault` with
 * `{"fault": "offline" | "slow" | "wrong-signature" | "none"}` sets one.
 */
import type Router from '@koa/router';
import { decodeSignatureRequest, encodeSignatureResponse } from '../runtime/avalanche/p2p/acp118.ts';
import { readRequestBody } from '../runtime/http/request-body.ts';
import type { BlsKey } from './bls.ts';
import { blsSignMessage, deriveBlsKey } from './bls.ts';
import type { WarpMessages } from './warp.ts';

export const WARP_FAULTS = ['none', 'offline', 'slow', 'wrong-signature'] as const;
export type WarpFault = (typeof WARP_FAULTS)[number];

export interface SigningValidator {
  nodeId: string;
  bls: BlsKey;
}

export interface Acp118Options {
  validators: () => SigningValidator[];
  messages: WarpMessages;
  slowMs: number;
  faults: Map<string, WarpFault>;
}

const MAX_REQUEST_BYTES = 1024 * 1024;

export function mountAcp118(router: Router, options: Acp118Options): void {
  const find = (nodeId: string) => options.validators().find((v) => v.nodeId === nodeId);
  // Signs for faults: a key no validator holds.
  const impostor = deriveBlsKey('devnet', 'impostor');

  router.post('/ext/devnet/acp118/:nodeId', async (ctx) => {
    const validator = find(ctx.params.nodeId!);
    if (!validator) {
      ctx.status = 404;
      ctx.body = 'no such validator';
      return;
    }
    const fault = options.faults.get(validator.nodeId) ?? 'none';
    if (fault === 'offline') {
      ctx.req.socket.destroy();
      return;
    }
    const body = await readRequestBody(ctx, MAX_REQUEST_BYTES);
    if (body === undefined) {
      ctx.status = 413;
      ctx.body = 'request too large';
      return;
    }
    let request: { message: Uint8Array };
    try {
      request = decodeSignatureRequest(body);
    } catch {
      ctx.status = 400;
      ctx.body = 'body is not a SignatureRequest';
      return;
    }
    if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs));
    const signature = options.messages.emitted(request.message)
      ? blsSignMessage(request.message, (fault === 'wrong-signature' ? impostor : validator.bls).secretKey)
      : new Uint8Array(0);
    ctx.type = 'application/x-protobuf';
    ctx.body = Buffer.from(encodeSignatureResponse(signature));
  });

  router.put('/ext/devnet/acp118/:nodeId/fault', async (ctx) => {
    const validator = find(ctx.params.nodeId!);
    const body = await readRequestBody(ctx, MAX_REQUEST_BYTES);
    let fault: unknown;
    try {
      fault = (JSON.parse(body?.toString('utf8') ?? '') as { fault?: unknown }).fault;
    } catch {
      fault = undefined;
    }
    if (!validator || !WARP_FAULTS.includes(fault as WarpFault)) {
      ctx.status = validator ? 400 : 404;
      ctx.body = validator ? `fault must be one of ${WARP_FAULTS.join(', ')}` : 'no such validator';
      return;
    }
    options.faults.set(validator.nodeId, fault as WarpFault);
    ctx.body = { nodeID: validator.nodeId, fault };
  });
}
