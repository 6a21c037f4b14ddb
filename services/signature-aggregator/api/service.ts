import type { AggregateSignaturesForTransactionRequest__Output as ForTransactionRequest } from '../../generated/proto/chaindata/signatureaggregator/v1/AggregateSignaturesForTransactionRequest.ts';
import type { AggregateSignaturesReply } from '../../generated/proto/chaindata/signatureaggregator/v1/AggregateSignaturesReply.ts';
import type { AggregateSignaturesRequest__Output as AggregateRequest } from '../../generated/proto/chaindata/signatureaggregator/v1/AggregateSignaturesRequest.ts';
import type { SignatureAggregatorServiceHandlers } from '../../generated/proto/chaindata/signatureaggregator/v1/SignatureAggregatorService.ts';
import type { PChainTransaction__Output as PChainTransaction } from '../../generated/proto/chaindata/primarynetwork/v1/PChainTransaction.ts';
import type { L1ValidatorWeightChange__Output as L1ValidatorWeightChange } from '../../generated/proto/chaindata/primarynetwork/v1/L1ValidatorWeightChange.ts';
import type { PrimaryNetworkServiceDefinition } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { NetworkIdentity } from '../../runtime/avalanche/networks.ts';
import {
  conversionId,
  conversionValidationId,
  decodeRegisterL1Validator,
  decodeRegistrationJustification,
  type RegistrationJustification,
  l1ValidatorRegistrationPayload,
  l1ValidatorWeightPayload,
  subnetToL1ConversionPayload,
} from '../../runtime/avalanche/l1-messages.ts';
import {
  addressedCall,
  canonicalWarpSet,
  DEFAULT_QUORUM_PERCENTAGE,
  decodeUnsignedWarpMessage,
  unsignedWarpMessage,
  type WarpSet,
} from '../../runtime/avalanche/warp.ts';
import { trace } from '@opentelemetry/api';
import { ID_LENGTH } from '../../runtime/avalanche/byte-reader.ts';
import { DomainError } from '../../runtime/errors.ts';
import { quoted } from '../../runtime/grpc/request-fields.ts';
import { formatNodeId, parseNodeId } from '../../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import type { UnaryClient } from '../../runtime/grpc/client.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import {
  aggregateSignatures,
  type AggregationResult,
  type AggregatorDeps,
  QuorumNotReachedError,
  type ValidatorDiagnostics,
} from '../aggregate/aggregator.ts';

/** ICM services' text for a quorum not signed in time, which its API (and relayers reading it) look for. */
const NOT_ENOUGH_SIGNATURES = 'failed to collect a threshold of signatures';

export type PrimaryNetworkClient = UnaryClient<PrimaryNetworkServiceDefinition>;

/** The primary network's subnet id (ids.Empty). */
const PRIMARY_NETWORK_SUBNET = new Uint8Array(32);
/** The P-Chain's blockchain id, as a Warp message's source chain names it (ids.Empty, like the subnet's). */
const P_CHAIN_ID = new Uint8Array(32);
const MAX_QUORUM = 100;

/**
 * The signature-aggregator's gRPC service: a request is checked (every field named in its refusal), the signing
 * subnet found (the source chain's, from the primary-network service, unless given), its canonical validator set
 * read at the requested or latest P-Chain height, and the signatures collected by `aggregateSignatures`.
 */
export function signatureAggregatorService(options: {
  network: NetworkIdentity;
  primaryNetwork: PrimaryNetworkClient;
  aggregator: Omit<AggregatorDeps, 'ask'> & Pick<AggregatorDeps, 'ask'>;
  /** How long a request may take to collect its signatures. */
  budgetMs: number;
  /** Told of every aggregation that ran (for metrics): how long, how it ended, each validator's outcome. */
  observe?: (outcome: {
    seconds: number;
    result: 'signed' | 'quorum_not_reached';
    validators: ValidatorDiagnostics[];
  }) => void;
}): AsyncImplementation<SignatureAggregatorServiceHandlers> {
  const { network, primaryNetwork } = options;

  const checkNetwork = (name: string) => {
    if (name !== '' && name !== network.name)
      throw new DomainError(
        'not_found',
        `network ${quoted(name)} is not served here (this deployment aggregates for ${network.name})`,
      );
  };

  /** The subnet that validates a chain, from the primary-network service. */
  const subnetOf = async (chainId: Uint8Array): Promise<Uint8Array> => {
    if (chainId.every((b) => b === 0)) return PRIMARY_NETWORK_SUBNET;
    const blockchainId = encodeCb58(chainId);
    try {
      const chain = await primaryNetwork.GetBlockchain({
        chain: { network: network.name, blockchain_id: blockchainId },
      });
      return decodeCb58(chain.subnetId);
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'not_found')
        throw new DomainError(
          'not_found',
          `message: its source chain ${blockchainId} is not a blockchain of ${network.name} (give signing_subnet_id to sign for it anyway)`,
        );
      throw err;
    }
  };

  const validatorSet = async (subnetId: Uint8Array, pChainHeight: string) => {
    const set = await primaryNetwork.GetValidatorSet({
      network: network.name,
      subnet_id: Buffer.from(subnetId),
      p_chain_height: pChainHeight,
    });
    const members = set.validators.map(
      (v) =>
        [
          formatNodeId(v.node_id),
          {
            publicKey: v.bls_public_key.length > 0 ? new Uint8Array(v.bls_public_key) : undefined,
            weight: BigInt(v.weight),
          },
        ] as const,
    );
    return { height: set.p_chain_height, set: canonicalWarpSet(members) };
  };

  /** Collects the signatures of `subnetId`'s validators at `pChainHeight` (0: the latest projected). */
  const aggregate = async (request: {
    message: Uint8Array;
    justification: Uint8Array;
    subnetId: Uint8Array;
    quorum: number;
    buffer: number;
    pChainHeight: string;
  }): Promise<AggregateSignaturesReply> => {
    const { subnetId } = request;
    const { height, set } = await validatorSet(subnetId, request.pChainHeight);
    if (set.validators.length === 0)
      throw new DomainError(
        'failed_precondition',
        `signing_subnet_id: subnet ${encodeCb58(subnetId)} has no validators with BLS keys at P-Chain height ${height}`,
      );
    const started = performance.now();
    const span = trace.getActiveSpan();
    span?.setAttributes({
      'warp.signing_subnet_id': encodeCb58(subnetId),
      'warp.p_chain_height': height,
      'warp.validators': set.validators.length,
      'warp.total_weight': set.totalWeight.toString(),
    });
    const observed = (result: 'signed' | 'quorum_not_reached', validators: ValidatorDiagnostics[]) => {
      options.observe?.({ seconds: (performance.now() - started) / 1000, result, validators });
      // What each validator did, in the request's trace (an SRE asking why a request was slow or failed).
      for (const v of validators) span?.addEvent('warp.validator', diagnosticsAttributes(v));
    };
    const result = await aggregateSignatures(
      {
        message: request.message,
        justification: request.justification,
        validators: set,
        quorumPercentage: request.quorum,
        quorumPercentageBuffer: request.buffer,
        budget: AbortSignal.timeout(options.budgetMs),
      },
      options.aggregator,
    ).catch((err: unknown) => {
      // Which weight did not sign is the client's to read (a relayer retries, or lowers its quorum).
      if (err instanceof QuorumNotReachedError) {
        observed('quorum_not_reached', err.report.validators);
        throw new DomainError(err.kind, `${NOT_ENOUGH_SIGNATURES}: ${err.message}`, { forClients: true });
      }
      throw err;
    });
    observed('signed', result.validators);
    return replyOf(result, set, height, subnetId);
  };

  return {
    async AggregateSignatures(request: AggregateRequest): Promise<AggregateSignaturesReply> {
      checkNetwork(request.network);
      const { quorum, buffer } = quorumOf(request.quorum_percentage, request.quorum_percentage_buffer);
      if (request.signing_subnet_id.length !== 0 && request.signing_subnet_id.length !== ID_LENGTH)
        throw new DomainError(
          'invalid_argument',
          `signing_subnet_id: expected 32 bytes or none, got ${request.signing_subnet_id.length}`,
        );
      const givenSubnet =
        request.signing_subnet_id.length === ID_LENGTH
          ? new Uint8Array(request.signing_subnet_id)
          : undefined;
      const justification = new Uint8Array(request.justification);
      if (request.message.length === 0) {
        if (justification.length === 0)
          throw new DomainError(
            'invalid_argument',
            'message: is required unless justification is given: expected an unsigned Warp message',
          );
        // A justification alone names the validation whose end the P-Chain is asked to attest.
        const derived = unregisteredMessage(justification, network.networkId);
        return aggregate({
          message: derived.message,
          justification,
          subnetId: givenSubnet ?? derived.subnetId,
          quorum,
          buffer,
          pChainHeight: request.p_chain_height,
        });
      }
      let sourceChainId: Uint8Array;
      try {
        const unsigned = decodeUnsignedWarpMessage(request.message);
        if (unsigned.networkId !== network.networkId)
          throw new Error(
            `its network id is ${unsigned.networkId}, not ${network.name}'s ${network.networkId}`,
          );
        sourceChainId = unsigned.sourceChainId;
      } catch (err) {
        throw new DomainError(
          'invalid_argument',
          `message: not an unsigned Warp message: ${(err as Error).message}`,
        );
      }
      return aggregate({
        message: new Uint8Array(request.message),
        justification,
        subnetId: givenSubnet ?? (await subnetOf(sourceChainId)),
        quorum,
        buffer,
        pChainHeight: request.p_chain_height,
      });
    },

    async AggregateSignaturesForTransaction(
      request: ForTransactionRequest,
    ): Promise<AggregateSignaturesReply> {
      checkNetwork(request.network);
      const { quorum, buffer } = quorumOf(request.quorum_percentage, request.quorum_percentage_buffer);
      if (request.tx_id.length !== ID_LENGTH)
        throw new DomainError('invalid_argument', `tx_id: expected 32 bytes, got ${request.tx_id.length}`);
      const txHash = encodeCb58(request.tx_id);
      const tx = await primaryNetwork.GetTransaction({
        chain: { network: network.name, blockchain_id: network.pChainId },
        tx_hash: txHash,
      });
      if (!tx.pChain)
        throw new DomainError(
          'not_found',
          `tx_id: ${txHash} is not a P-Chain transaction of ${network.name}`,
        );
      // The weight message repeats the change's nonce, which the transaction's Data API document does not carry.
      const weightChange =
        tx.pChain.txType === 'SetL1ValidatorWeightTx'
          ? await primaryNetwork.GetL1ValidatorWeightChange({ network: network.name, tx_id: request.tx_id })
          : undefined;
      const emitted = pChainL1Message(tx.pChain, network.networkId, weightChange);
      return aggregate({ ...emitted, quorum, buffer, pChainHeight: '0' });
    },
  };
}

/**
 * The Warp message a P-Chain transaction made the P-Chain emit about an L1, with the justification its validators
 * need and the subnet that signs it (the L1's: an L1 checks the P-Chain's messages against its own validators).
 */
export function pChainL1Message(
  tx: PChainTransaction,
  networkId: number,
  weightChange?: L1ValidatorWeightChange,
): { message: Uint8Array; justification: Uint8Array; subnetId: Uint8Array } {
  const fromPChain = (payload: Uint8Array) =>
    unsignedWarpMessage(networkId, P_CHAIN_ID, addressedCall(new Uint8Array(0), payload));
  const validators = tx.l1ValidatorDetails ?? [];
  switch (tx.txType) {
    case 'ConvertSubnetToL1Tx': {
      const subnetId = decodeCb58(tx.subnetId!);
      const manager = tx.l1ValidatorManagerDetails!;
      const id = conversionId({
        subnetId,
        managerChainId: decodeCb58(manager.blockchainId),
        managerAddress: bytesOfHex(manager.contractAddress),
        validators: validators.map((v) => ({
          nodeId: parseNodeId(v.nodeId),
          blsPublicKey: bytesOfHex(v.blsCredentials!.publicKey),
          weight: BigInt(v.weight),
        })),
      });
      return { message: fromPChain(subnetToL1ConversionPayload(id)), justification: subnetId, subnetId };
    }
    case 'RegisterL1ValidatorTx': {
      const validator = validators[0]!;
      return {
        message: fromPChain(l1ValidatorRegistrationPayload(decodeCb58(validator.validationId), true)),
        justification: new Uint8Array(0),
        subnetId: decodeCb58(validator.subnetId),
      };
    }
    case 'SetL1ValidatorWeightTx': {
      if (!weightChange) throw new Error(`${tx.txHash}: a weight change is built from its nonce, not given`);
      const payload = l1ValidatorWeightPayload(
        new Uint8Array(weightChange.validation_id),
        BigInt(weightChange.nonce),
        BigInt(weightChange.weight),
      );
      return {
        message: fromPChain(payload),
        justification: new Uint8Array(0),
        subnetId: new Uint8Array(weightChange.subnet_id),
      };
    }
    default:
      throw new DomainError(
        'invalid_argument',
        `tx_id: ${tx.txHash} is a ${tx.txType}, which makes the P-Chain emit no Warp message (expected ConvertSubnetToL1Tx, RegisterL1ValidatorTx or SetL1ValidatorWeightTx)`,
      );
  }
}

/**
 * The P-Chain's L1ValidatorRegistration (registered: false) that a justification alone asks for, and the L1 that
 * signs it: the justification (platformvm.L1ValidatorRegistrationJustification) names the validation, by a converted
 * subnet's validator index or by the RegisterL1Validator message that asked for it.
 */
export function unregisteredMessage(
  justification: Uint8Array,
  networkId: number,
): { message: Uint8Array; subnetId: Uint8Array } {
  const refused = (why: string) =>
    new DomainError(
      'invalid_argument',
      `justification: ${why}: without a message, expected an L1ValidatorRegistrationJustification (a converted subnet's id and validator index, or a RegisterL1Validator message)`,
    );
  let parsed: RegistrationJustification;
  try {
    parsed = decodeRegistrationJustification(justification);
  } catch (err) {
    throw refused(`not a protobuf message (${(err as Error).message})`);
  }
  let validationId: Uint8Array;
  let subnetId: Uint8Array;
  switch (parsed.kind) {
    case 'none':
      throw refused('it names no validation');
    case 'subnetIdIndex':
      if (parsed.subnetId.length !== ID_LENGTH)
        throw refused(`its subnet id is ${parsed.subnetId.length} bytes, not 32`);
      subnetId = parsed.subnetId;
      validationId = conversionValidationId(subnetId, parsed.index);
      break;
    case 'registerMessage':
      try {
        ({ subnetId, validationId } = decodeRegisterL1Validator(parsed.message));
      } catch (err) {
        throw refused(`its RegisterL1Validator message does not decode (${(err as Error).message})`);
      }
      break;
  }
  const payload = l1ValidatorRegistrationPayload(validationId, false);
  return {
    message: unsignedWarpMessage(networkId, P_CHAIN_ID, addressedCall(new Uint8Array(0), payload)),
    subnetId,
  };
}

function bytesOfHex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text.replace(/^0x/, ''), 'hex'));
}

/** quorum_percentage (0: 67) and its buffer, which together may not pass 100. */
export function quorumOf(quorumPercentage: number, buffer: number): { quorum: number; buffer: number } {
  const quorum = quorumPercentage === 0 ? DEFAULT_QUORUM_PERCENTAGE : quorumPercentage;
  if (quorum > MAX_QUORUM)
    throw new DomainError(
      'invalid_argument',
      `quorum_percentage: expected 0 to 100, got ${quorumPercentage}`,
    );
  if (quorum + buffer > MAX_QUORUM)
    throw new DomainError(
      'invalid_argument',
      `quorum_percentage_buffer: expected quorum_percentage + quorum_percentage_buffer at most 100, got ${quorum + buffer}`,
    );
  return { quorum, buffer };
}

function diagnosticsAttributes(v: ValidatorDiagnostics): Record<string, string | number> {
  return {
    'warp.node_ids': v.nodeIds.join(','),
    'warp.weight': v.weight.toString(),
    'warp.outcome': v.outcome,
    'warp.asked': v.asked,
    'warp.answered': v.answered,
    'warp.invalid': v.invalid,
    'warp.timed_out': v.timedOut,
    'warp.unreachable': v.unreachable,
    'warp.app_errors': v.appErrors,
    ...(v.appError ? { 'warp.app_error_code': v.appError.code, 'warp.app_error': v.appError.message } : {}),
    ...(v.error ? { 'warp.error': v.error } : {}),
  };
}

function replyOf(
  result: AggregationResult,
  set: WarpSet,
  height: string,
  subnetId: Uint8Array,
): AggregateSignaturesReply {
  return {
    signed_message: Buffer.from(result.signedMessage),
    p_chain_height: height,
    signing_subnet_id: Buffer.from(subnetId),
    signed_weight: result.signedWeight.toString(),
    total_weight: set.totalWeight.toString(),
    required_weight: result.requiredWeight.toString(),
    validators: result.validators.map(outcomeOf),
  };
}

export function outcomeOf(v: ValidatorDiagnostics) {
  return {
    node_ids: v.nodeIds.map((id) => Buffer.from(parseNodeId(id))),
    weight: v.weight.toString(),
    outcome: v.outcome,
    requests: v.asked,
    app_error_code: v.appError?.code ?? 0,
    detail: v.appError?.message ?? v.error ?? '',
  };
}
