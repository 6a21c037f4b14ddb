import type { AggregateSignaturesReply__Output } from '../../generated/proto/chaindata/signatureaggregator/v1/AggregateSignaturesReply.ts';
import { DEFAULT_QUORUM_PERCENTAGE } from '../../runtime/avalanche/warp.ts';
import { networkIdentity, networkParam } from '../chains.ts';
import type { ApiDocument } from '../../runtime/rest/documents.ts';
import {
  hexBytesParam,
  jsonIntegerParam,
  ParamError,
  subnetIdBytesParam,
  txHashBytes,
  txHashParam,
} from '../../runtime/rest/params.ts';
import { defineRoute } from './route.ts';

/**
 * §4.1: signed Warp messages from the signature-aggregator service. Both answer 201, as the official document says.
 * The signed message is hex without `0x`, as the document's example and ICM services write it.
 */

/** avalanchego's bound on a Warp message (vms/platformvm/warp codec: 256 KiB). */
const MAX_WARP_MESSAGE_BYTES = 256 * 1024;

const QUORUM = {
  quorumPercentage: jsonIntegerParam(0, 100)
    .optional()
    .meta({ description: 'The share of the signing subnet’s weight required, 0 to 100 (0 or omitted: 67).' }),
  quorumPercentageBuffer: jsonIntegerParam(0, 100)
    .optional()
    .meta({ description: 'The extra share attempted, 0 to 100; with quorumPercentage at most 100.' }),
};

/** quorumPercentage as the service takes it (0 is the default, as ICM services read it). */
function quorumOf(quorumPercentage: number | undefined): number {
  return quorumPercentage === undefined || quorumPercentage === 0
    ? DEFAULT_QUORUM_PERCENTAGE
    : quorumPercentage;
}

const quorumWithBuffer = {
  description: 'quorumPercentage + quorumPercentageBuffer must be at most 100',
  check: (input: { quorumPercentage?: number | undefined; quorumPercentageBuffer?: number | undefined }) => {
    const total = quorumOf(input.quorumPercentage) + (input.quorumPercentageBuffer ?? 0);
    if (total > 100)
      throw new ParamError(
        'quorumPercentageBuffer',
        `expected quorumPercentage + quorumPercentageBuffer at most 100, got ${total}`,
      );
  },
};

function signed(reply: AggregateSignaturesReply__Output): ApiDocument {
  return { signedMessage: reply.signed_message.toString('hex') };
}

export const aggregateSignatures = defineRoute({
  method: 'POST',
  path: '/v1/signatureAggregator/{network}/aggregateSignatures',
  operationId: 'aggregateSignatures',
  summary: 'Aggregate Signatures',
  pathParams: { network: networkParam() },
  query: {},
  body: {
    message: hexBytesParam('an unsigned Warp message', MAX_WARP_MESSAGE_BYTES)
      .optional()
      .meta({ description: 'The unsigned Warp message, hex (0x optional).' }),
    justification: hexBytesParam('a justification', MAX_WARP_MESSAGE_BYTES)
      .optional()
      .meta({ description: 'What the validators need to agree to sign, hex (0x optional).' }),
    signingSubnetId: subnetIdBytesParam()
      .optional()
      .meta({ description: 'The subnet whose validators sign (cb58 or hex); default: the source chain’s.' }),
    ...QUORUM,
    pChainHeight: jsonIntegerParam(0, Number.MAX_SAFE_INTEGER)
      .optional()
      .meta({ description: 'The P-Chain height of the validator set (0 or omitted: the proposed height).' }),
  },
  rules: [
    {
      description: 'Either message or justification must be provided',
      check: ({ message, justification }) => {
        if ((message?.length ?? 0) === 0 && (justification?.length ?? 0) === 0)
          throw new ParamError(
            'message',
            'is required unless justification is given: expected a hex Warp message',
          );
      },
    },
    quorumWithBuffer,
  ],
  successStatus: 201,
  responses: ['SignatureAggregationResponse'],
  async handle(input, { signatureAggregator }) {
    return signed(
      await signatureAggregator.AggregateSignatures({
        network: networkIdentity(input.network).name,
        message: Buffer.from(input.message ?? []),
        justification: Buffer.from(input.justification ?? []),
        signing_subnet_id: Buffer.from(input.signingSubnetId ?? []),
        quorum_percentage: quorumOf(input.quorumPercentage),
        quorum_percentage_buffer: input.quorumPercentageBuffer ?? 0,
        p_chain_height: String(input.pChainHeight ?? 0),
      }),
    );
  },
});

export const getAggregatedSignatures = defineRoute({
  method: 'GET',
  path: '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
  operationId: 'getAggregatedSignatures',
  summary: 'Get Aggregated Signatures',
  pathParams: {
    network: networkParam(),
    txHash: txHashParam(
      'A P-Chain transaction that made the P-Chain emit a Warp message (an L1 conversion, a validator registration or weight change).',
    ),
  },
  query: {},
  successStatus: 201,
  responses: ['SignatureAggregationResponse'],
  async handle({ network, txHash }, { signatureAggregator }) {
    return signed(
      await signatureAggregator.AggregateSignaturesForTransaction({
        network: networkIdentity(network).name,
        tx_id: Buffer.from(txHashBytes(txHash)),
        quorum_percentage: DEFAULT_QUORUM_PERCENTAGE,
        quorum_percentage_buffer: 0,
      }),
    );
  },
});
