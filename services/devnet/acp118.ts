/**
 * ACP-118 signature requests as a devnet validator answers them, in the steps of avalanchego's handler
 * (network/p2p/acp118/handler.go): the unsigned message must parse (else AppError −1), a cached signature (the EVMs
 * cache theirs) is returned at once, otherwise the chain's verifier decides and the signer checks the network and source chain (−1)
 * before signing with the validator's BLS key. The verifiers are the VMs':
 *   - coreth (C-Chain) and Subnet-EVM (the L1), warp/verifier_backend.go: a message the chain emitted is signed; else
 *     the payload must parse (code 1), a Hash payload must name an accepted block (code 2), an AddressedCall is
 *     refused by coreth (code 1) and by Subnet-EVM unless it is an off-chain ValidatorUptime (codes 1 and 2);
 *   - platformvm (the P-Chain), network/warp.go: the L1 messages against the P-Chain's state, with their
 *     justifications, codes 1–17.
 */
import type { SignatureRequest } from '../runtime/avalanche/p2p/acp118.ts';
import { APP_ERRORS, type AppError } from '../runtime/avalanche/p2p/sdk.ts';
import {
  decodeUnsignedWarpMessage,
  decodeWarpPayload,
  warpMessageId,
  WarpFormatError,
  type UnsignedWarpMessage,
} from '../runtime/avalanche/warp.ts';
import { encodeCb58 } from '../runtime/formatting/cb58.ts';
import { Reader } from '../runtime/avalanche/byte-reader.ts';
import {
  conversionValidationId,
  decodePChainMessage,
  decodeRegisterL1Validator,
  decodeRegistrationJustification,
  type PChainMessage,
  type RegistrationJustification,
} from '../runtime/avalanche/l1-messages.ts';
import { blsSignMessage } from './bls.ts';
import type { WarpMessages } from './warp.ts';

/** What a verifier says: undefined to sign, or the AppError to answer. */
export type Verifier = (message: UnsignedWarpMessage, justification: Uint8Array) => AppError | undefined;

/** One chain a validator runs, as its ACP-118 handler sees it. */
export interface SigningChain {
  chainId: Uint8Array;
  networkId: number;
  verify: Verifier;
  /** The EVMs' handlers keep their signatures (NewCachedHandler); the P-Chain's verifies every time (NewHandler). */
  cached: boolean;
}

/** Signatures a validator made, by chain and message id (acp118.NewCachedHandler's cache). */
export class SignatureCache {
  private readonly entries = new Map<string, Uint8Array>();
  private readonly capacity: number;

  constructor(capacity = 512) {
    this.capacity = capacity;
  }

  get(key: string): Uint8Array | undefined {
    return this.entries.get(key);
  }

  put(key: string, signature: Uint8Array): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, signature);
  }
}

const unexpected = (message: string): { error: AppError } => ({
  error: { code: APP_ERRORS.unexpected.code, message },
});

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** handler.go AppRequest, after the request itself parsed: the signature or the AppError. */
export function answerSignatureRequest(
  chain: SigningChain,
  request: SignatureRequest,
  secretKey: Uint8Array,
  cache: SignatureCache,
): { signature: Uint8Array } | { error: AppError } {
  let message: UnsignedWarpMessage;
  try {
    message = decodeUnsignedWarpMessage(request.message);
  } catch (err) {
    if (!(err instanceof WarpFormatError)) throw err;
    return unexpected(`failed to parse warp unsigned message: ${err.message}`);
  }
  const key = `${hex(chain.chainId)}/${hex(warpMessageId(message.unsigned))}`;
  const cached = chain.cached ? cache.get(key) : undefined;
  if (cached) return { signature: cached };
  const refused = chain.verify(message, request.justification);
  if (refused) return { error: refused };
  // warp.signer: the chain signs only its own messages of its own network.
  if (hex(message.sourceChainId) !== hex(chain.chainId))
    return unexpected('failed to sign message: wrong SourceChainID');
  if (message.networkId !== chain.networkId) return unexpected('failed to sign message: wrong networkID');
  const signature = blsSignMessage(message.unsigned, secretKey);
  if (chain.cached) cache.put(key, signature);
  return { signature };
}

// The EVMs' verifier codes (warp/verifier_backend.go).
const EVM_PARSE_ERROR = 1;
const EVM_VERIFY_ERROR = 2;

export interface EvmWarpState {
  flavor: 'coreth' | 'subnet-evm';
  chainId: Uint8Array;
  messages: WarpMessages;
  /** Whether the chain accepted a block of this hash (the VM's block id). */
  acceptedBlock: (hash: Uint8Array) => boolean;
  /** Subnet-EVM: an L1 validator's uptime in seconds, or undefined when the validation is unknown. */
  uptimeSeconds?: (validationId: Uint8Array) => bigint | undefined;
}

/** coreth's and Subnet-EVM's backend.Verify: the justification is ignored. */
export function evmVerifier(state: EvmWarpState): Verifier {
  return (message) => {
    // The chain's database holds the messages it emitted, by id: one of another chain is not among them.
    if (hex(message.sourceChainId) === hex(state.chainId) && state.messages.emitted(message.unsigned)) {
      return undefined;
    }
    let payload: ReturnType<typeof decodeWarpPayload>;
    try {
      payload = decodeWarpPayload(message.payload);
    } catch (err) {
      if (!(err instanceof WarpFormatError)) throw err;
      return { code: EVM_PARSE_ERROR, message: `failed to parse payload: ${err.message}` };
    }
    if (payload.type === 'hash') {
      if (state.acceptedBlock(payload.hash)) return undefined;
      return {
        code: EVM_VERIFY_ERROR,
        message: `failed to get block ${encodeCb58(payload.hash)}: not found`,
      };
    }
    if (state.flavor === 'coreth') {
      return { code: EVM_PARSE_ERROR, message: 'unknown payload type: *payload.AddressedCall' };
    }
    let uptime: { validationId: Uint8Array; totalUptime: bigint };
    try {
      uptime = decodeValidatorUptime(payload.payload);
    } catch (err) {
      return {
        code: EVM_PARSE_ERROR,
        message: `failed to parse addressed call message: ${(err as Error).message}`,
      };
    }
    if (payload.sourceAddress.length !== 0) {
      return {
        code: EVM_VERIFY_ERROR,
        message: 'source address should be empty for offchain addressed messages',
      };
    }
    const current = state.uptimeSeconds?.(uptime.validationId);
    const validationId = encodeCb58(uptime.validationId);
    if (current === undefined) {
      return {
        code: EVM_VERIFY_ERROR,
        message: `failed to get uptime: validationID not found: ${validationId}`,
      };
    }
    if (current < uptime.totalUptime) {
      return {
        code: EVM_VERIFY_ERROR,
        message: `current uptime ${current} is less than queried uptime ${uptime.totalUptime} for validationID ${validationId}`,
      };
    }
    return undefined;
  };
}

/** Subnet-EVM's off-chain message (warp/messages): codec 0, type 0 ValidatorUptime{ValidationID, TotalUptime}. */
function decodeValidatorUptime(bytes: Uint8Array): { validationId: Uint8Array; totalUptime: bigint } {
  const r = new Reader(bytes);
  r.codecVersion('addressed call message');
  const type = r.u32();
  if (type !== 0) throw new Error(`unknown type ID ${type}`);
  const decoded = { validationId: r.id(), totalUptime: r.u64() };
  r.end('addressed call message');
  return decoded;
}

// platformvm/network/warp.go's codes.
const P = {
  failedToParseAddressedCall: 1,
  addressedCallHasSourceAddress: 2,
  failedToParsePayload: 3,
  unsupportedPayloadType: 4,
  failedToParseJustification: 5,
  conversionDoesNotExist: 6,
  mismatchedConversionId: 7,
  invalidJustificationType: 8,
  failedToParseSubnetId: 9,
  mismatchedValidationId: 10,
  validationDoesNotExist: 11,
  validationExists: 12,
  failedToParseRegisterL1Validator: 13,
  validationCouldBeRegistered: 14,
  impossibleNonce: 15,
  wrongNonce: 16,
  wrongWeight: 17,
} as const;

/** What the P-Chain's verifier reads of its state. */
export interface PChainWarpState {
  /** The conversion id of a subnet converted to an L1, or undefined. */
  conversionId: (subnetId: Uint8Array) => Uint8Array | undefined;
  /** An L1 validator in the P-Chain's state (active or not), by validation id. */
  l1Validator: (validationId: Uint8Array) => { minNonce: bigint; weight: bigint } | undefined;
  timestampSeconds: () => bigint;
}

const MAX_UINT64 = (1n << 64n) - 1n;

/** platformvm's signatureRequestVerifier. */
export function pChainVerifier(state: PChainWarpState): Verifier {
  return (message, justification) => {
    let call: ReturnType<typeof decodeWarpPayload>;
    try {
      call = decodeWarpPayload(message.payload);
      if (call.type !== 'addressedCall') throw new WarpFormatError('wrong payload type: *payload.Hash');
    } catch (err) {
      if (!(err instanceof WarpFormatError)) throw err;
      return {
        code: P.failedToParseAddressedCall,
        message: `failed to parse warp addressed call: ${err.message}`,
      };
    }
    if (call.sourceAddress.length !== 0)
      return { code: P.addressedCallHasSourceAddress, message: 'source address should be empty' };
    let parsed: PChainMessage;
    try {
      parsed = decodePChainMessage(call.payload);
    } catch (err) {
      return {
        code: P.failedToParsePayload,
        message: `failed to parse warp addressed call payload: ${(err as Error).message}`,
      };
    }
    switch (parsed.type) {
      case 'conversion':
        return verifyConversion(state, parsed.id, justification);
      case 'registration':
        return parsed.registered
          ? validationExists(state, parsed.validationId)
          : verifyNotRegistered(state, parsed.validationId, justification);
      case 'weight':
        return verifyWeight(state, parsed);
      default:
        return {
          code: P.unsupportedPayloadType,
          message: 'unsupported warp addressed call payload type: *message.RegisterL1Validator',
        };
    }
  };
}

function verifyConversion(state: PChainWarpState, id: Uint8Array, justification: Uint8Array) {
  if (justification.length !== 32) {
    return {
      code: P.failedToParseJustification,
      message: `failed to parse justification: expected 32 bytes but got ${justification.length} bytes`,
    };
  }
  const conversionId = state.conversionId(justification);
  if (!conversionId) {
    return {
      code: P.conversionDoesNotExist,
      message: `subnet "${encodeCb58(justification)}" has not been converted`,
    };
  }
  if (hex(id) !== hex(conversionId)) {
    return {
      code: P.mismatchedConversionId,
      message: `provided conversionID "${encodeCb58(id)}" != expected conversionID "${encodeCb58(conversionId)}"`,
    };
  }
  return undefined;
}

function validationExists(state: PChainWarpState, validationId: Uint8Array): AppError | undefined {
  if (state.l1Validator(validationId)) return undefined;
  return {
    code: P.validationDoesNotExist,
    message: `validation "${encodeCb58(validationId)}" does not exist`,
  };
}

/** L1ValidatorRegistration{registered: false}: the justification says why the validation can never be current. */
function verifyNotRegistered(
  state: PChainWarpState,
  validationId: Uint8Array,
  justificationBytes: Uint8Array,
): AppError | undefined {
  let justification: RegistrationJustification;
  try {
    justification = decodeRegistrationJustification(justificationBytes);
  } catch (err) {
    return {
      code: P.failedToParseJustification,
      message: `failed to parse justification: ${(err as Error).message}`,
    };
  }
  const mismatched = (expected: Uint8Array) => ({
    code: P.mismatchedValidationId,
    message: `validationID "${encodeCb58(validationId)}" != justificationID "${encodeCb58(expected)}"`,
  });
  const exists = () => ({
    code: P.validationExists,
    message: `validation "${encodeCb58(validationId)}" exists`,
  });
  if (justification.kind === 'subnetIdIndex') {
    if (justification.subnetId.length !== 32) {
      return {
        code: P.failedToParseSubnetId,
        message: `failed to parse subnetID: expected 32 bytes but got ${justification.subnetId.length} bytes`,
      };
    }
    const expected = conversionValidationId(justification.subnetId, justification.index);
    if (hex(expected) !== hex(validationId)) return mismatched(expected);
    if (!state.conversionId(justification.subnetId)) {
      return {
        code: P.conversionDoesNotExist,
        message: `subnet "${encodeCb58(justification.subnetId)}" has not been converted`,
      };
    }
    return state.l1Validator(validationId) ? exists() : undefined;
  }
  if (justification.kind === 'none') {
    return { code: P.invalidJustificationType, message: 'invalid justification type: <nil>' };
  }
  let expiry: bigint;
  let expected: Uint8Array;
  try {
    ({ expiry, validationId: expected } = decodeRegisterL1Validator(justification.message));
  } catch (err) {
    return {
      code: P.failedToParseRegisterL1Validator,
      message: `failed to parse RegisterL1Validator justification: ${(err as Error).message}`,
    };
  }
  if (hex(expected) !== hex(validationId)) return mismatched(expected);
  if (state.l1Validator(validationId)) return exists();
  if (expiry <= state.timestampSeconds()) return undefined;
  // A registered validation keeps its expiry entry until the expiry passes; the devnet never removes a registered
  // L1 validator, so a validation that does not exist has no entry and could still be registered.
  return {
    code: P.validationCouldBeRegistered,
    message: `validation "${encodeCb58(validationId)}" can be registered until ${expiry}`,
  };
}

function verifyWeight(
  state: PChainWarpState,
  msg: { validationId: Uint8Array; nonce: bigint; weight: bigint },
): AppError | undefined {
  if (msg.nonce === MAX_UINT64) return { code: P.impossibleNonce, message: 'impossible nonce' };
  const validator = state.l1Validator(msg.validationId);
  if (!validator) {
    return {
      code: P.validationDoesNotExist,
      message: `validation "${encodeCb58(msg.validationId)}" does not exist`,
    };
  }
  if (msg.nonce + 1n !== validator.minNonce) {
    return {
      code: P.wrongNonce,
      message: `provided nonce ${msg.nonce} != expected nonce (${validator.minNonce} - 1)`,
    };
  }
  if (msg.weight !== validator.weight) {
    return {
      code: P.wrongWeight,
      message: `provided weight ${msg.weight} != expected weight ${validator.weight}`,
    };
  }
  return undefined;
}
