import { expect } from 'chai';
import { pino } from 'pino';
import type { ProtoGrpcType } from '../../services/generated/proto/signature_aggregator.ts';
import type { SignatureAggregatorServiceHandlers } from '../../services/generated/proto/chaindata/signatureaggregator/v1/SignatureAggregatorService.ts';
import type { AggregateSignaturesReply } from '../../services/generated/proto/chaindata/signatureaggregator/v1/AggregateSignaturesReply.ts';
import { DATA_ROUTES, SIGNATURE_AGGREGATOR_ROUTES } from '../../services/gateway-data/routes/index.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import {
  implementService,
  startGrpcServer,
  type AsyncImplementation,
  type GrpcServer,
} from '../../services/runtime/grpc/server.ts';
import {
  assertDataApiResponse,
  dataApiDocument,
  validateDataApiResponse,
} from '../support/data-api-openapi.ts';
import {
  countingClient,
  gatewayRequest,
  startTestDataGateway,
  type GatewayReply,
} from '../support/data-gateway.ts';

/**
 * gateway-data's signature-aggregation routes in-process, driven over HTTP with fetch, in front of a fake
 * signature-aggregator service (a real gRPC server, reached through a real client) that records what it receives and
 * answers with a fixed signed message or with the error a test chooses. Two APIs are served from it:
 *
 * - the Data API's §4.1 routes (`POST …/aggregateSignatures`, `GET …/aggregateSignatures/{txHash}`): every bad
 *   body member, path parameter and body is a 400 naming the parameter in the API's error body, before any gRPC
 *   call; a good request reaches the service as bytes, with the defaults filled in and `testnet` as `fuji`, and
 *   answers 201 `{signedMessage}`; the service's errors leave as the API's error bodies; every answer is checked
 *   against the official OpenAPI document.
 * - ICM services' `POST /aggregate-signatures`: its member names, decoded as Go's encoding/json decodes them, its
 *   fixed error texts and statuses, `{"signed-message": …}`, and the service's failures as ICM's fixed texts.
 */

const silent = pino({ level: 'silent' });
const proto = loadProto<ProtoGrpcType>('chaindata/signatureaggregator/v1/signature_aggregator.proto');
const SignatureAggregatorService = proto.chaindata.signatureaggregator.v1.SignatureAggregatorService;

const { fuji } = IDENTITIES;
const SECRET = 'gateway-data-signature-aggregator-test-page-token-secret';

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** An unsigned Warp message as avalanchego packs it: codec 0, network id 5, fuji's C-Chain, an addressed call. */
const PAYLOAD = Buffer.from(
  '000000000001000000140123456789abcdef0123456789abcdef0123456700000004cafef00d',
  'hex',
);
const MESSAGE = Buffer.concat([
  Buffer.from([0, 0]),
  u32(5),
  Buffer.from(decodeCb58(fuji.cChainId)),
  u32(PAYLOAD.length),
  PAYLOAD,
]);
const MESSAGE_HEX = MESSAGE.toString('hex');
/** What the fake answers (opaque to the gateway): the message, a BitSetSignature of signers 0 and 2, 96 signature bytes. */
const SIGNED = Buffer.concat([MESSAGE, u32(0), u32(1), Buffer.from([0b101]), Buffer.alloc(96, 0xa5)]);
const SIGNED_HEX = SIGNED.toString('hex');
/** The official document's example justification. */
const JUSTIFICATION = Buffer.from('0001abcdabcfff', 'hex');

const SUBNET = Buffer.from(Array.from({ length: 32 }, (_, i) => 0xa0 + i));
const SUBNET_CB58 = encodeCb58(SUBNET);
const SUBNET_HEX = SUBNET.toString('hex');
const BAD_CHECKSUM_SUBNET = `${SUBNET_CB58.slice(0, -1)}${SUBNET_CB58.endsWith('p') ? 'q' : 'p'}`;
const SHORT_ID = encodeCb58(new Uint8Array(20).fill(4));

const TX = Buffer.from(Array.from({ length: 32 }, (_, i) => 0x40 + i));
const TX_CB58 = encodeCb58(TX);
const BAD_CHECKSUM_TX = `${TX_CB58.slice(0, -1)}${TX_CB58.endsWith('p') ? 'q' : 'p'}`;

/** The Data API route's bound on message and on justification (each, in bytes). */
const MAX_WARP_BYTES = 256 * 1024;
/** ICM services' bound on a request body: twice the largest request a validator takes, and 4 KiB more. */
const MAX_ICM_BODY_BYTES = 2 * 2 * 1024 * 1024 + 4 * 1024;
const MAX_DATA_API_BODY_BYTES = 1024 * 1024;

const T = {
  aggregate: '/v1/signatureAggregator/{network}/aggregateSignatures',
  aggregated: '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
} as const;
const aggregatePath = (network = 'fuji') => `/v1/signatureAggregator/${network}/aggregateSignatures`;
const aggregatedPath = (txHash: string, network = 'fuji') =>
  `/v1/signatureAggregator/${network}/aggregateSignatures/${txHash}`;
const ICM_PATH = '/aggregate-signatures';

const REPLY: AggregateSignaturesReply = {
  signed_message: SIGNED,
  p_chain_height: '1155',
  signing_subnet_id: SUBNET,
  signed_weight: '300',
  total_weight: '400',
  required_weight: '268',
  validators: [
    { node_ids: [Buffer.alloc(20, 1)], weight: '200', outcome: 'signed', requests: 1 },
    { node_ids: [Buffer.alloc(20, 2)], weight: '100', outcome: 'timed_out', requests: 2 },
    { node_ids: [Buffer.alloc(20, 3)], weight: '100', outcome: 'signed', requests: 1 },
  ],
};

type Method = 'AggregateSignatures' | 'AggregateSignaturesForTransaction';
interface Received {
  method: Method;
  request: Record<string, unknown>;
}

/** What the service receives for a request that sets nothing but what `members` names. */
function aggregateRequest(members: Record<string, unknown>): Record<string, unknown> {
  return {
    message: Buffer.alloc(0),
    justification: Buffer.alloc(0),
    signing_subnet_id: Buffer.alloc(0),
    quorum_percentage: 67,
    quorum_percentage_buffer: 0,
    p_chain_height: '0',
    network: '',
    ...members,
  };
}

// ---- The Data API's bad requests

interface BadRequestCase {
  name: string;
  /** The route (its template); POST cases send `body`, JSON-encoded unless `raw` is given. */
  template: (typeof T)[keyof typeof T];
  path: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  parameter: string;
  /** What the message says after `<parameter>: `. */
  says?: RegExp;
}

const withMessage = (members: Record<string, unknown>) => ({ message: `0x${MESSAGE_HEX}`, ...members });
const post = (name: string, body: unknown, parameter: string, says?: RegExp): BadRequestCase => ({
  name,
  template: T.aggregate,
  path: aggregatePath(),
  body,
  parameter,
  says,
});

const HEX_MESSAGE = /^expected an unsigned Warp message: hex, 0x optional, at most 262144 bytes, got /;
const HEX_JUSTIFICATION = /^expected a justification: hex, 0x optional, at most 262144 bytes, got /;
const SUBNET_ID = /^expected a subnet id: cb58 or hex of 32 bytes, got /;
const PERCENTAGE = /^expected an integer from 0 to 100, got /;
const HEIGHT = /^expected an integer from 0 to 9007199254740991, got /;
const SUM = /^expected quorumPercentage \+ quorumPercentageBuffer at most 100, got /;
const NEITHER = /^is required unless justification is given: expected a hex Warp message$/;

const BAD_REQUESTS: BadRequestCase[] = [
  // message
  post('non-hex message', { message: 'zz' }, 'message', /^expected an unsigned Warp message: .*, got "zz"$/),
  post('non-hex message after 0x', { message: `0x${MESSAGE_HEX.slice(2)}zz` }, 'message', HEX_MESSAGE),
  post('odd-length message', { message: '0xabc' }, 'message', /, got "0xabc"$/),
  post('odd-length message without 0x', { message: MESSAGE_HEX.slice(1) }, 'message', HEX_MESSAGE),
  post('message with 0x twice', { message: `0x0x${MESSAGE_HEX}` }, 'message', HEX_MESSAGE),
  post('message with spaces', { message: ` ${MESSAGE_HEX}` }, 'message', HEX_MESSAGE),
  post(
    'message one byte too long',
    { message: `0x${'ab'.repeat(MAX_WARP_BYTES + 1)}` },
    'message',
    /, got "0xabab.*… \(524294 characters\)$/,
  ),
  post(
    'number for message',
    { message: 1234 },
    'message',
    /^expected an unsigned Warp message: .*, got "1234"$/,
  ),
  post('boolean for message', { message: true }, 'message', /, got true$/),
  post('array for message', { message: [MESSAGE_HEX] }, 'message', HEX_MESSAGE),
  post('object for message', { message: { hex: MESSAGE_HEX } }, 'message', HEX_MESSAGE),
  // justification
  post('non-hex justification', withMessage({ justification: 'xyz' }), 'justification', HEX_JUSTIFICATION),
  post('odd-length justification', { justification: '0x0001a' }, 'justification', HEX_JUSTIFICATION),
  post(
    'justification one byte too long',
    { justification: 'cd'.repeat(MAX_WARP_BYTES + 1) },
    'justification',
    HEX_JUSTIFICATION,
  ),
  post('number for justification', withMessage({ justification: 1 }), 'justification', HEX_JUSTIFICATION),
  // neither message nor justification
  post('an empty body object', {}, 'message', NEITHER),
  post('0x alone as message', { message: '0x' }, 'message', NEITHER),
  post('both empty', { message: '', justification: '0x' }, 'message', NEITHER),
  post('justification 0x alone', { justification: '0x', quorumPercentage: 50 }, 'message', NEITHER),
  post('only other members', { signingSubnetId: SUBNET_CB58, pChainHeight: 5 }, 'message', NEITHER),
  // signingSubnetId
  post(
    'subnet id with a bad checksum',
    withMessage({ signingSubnetId: BAD_CHECKSUM_SUBNET }),
    'signingSubnetId',
    SUBNET_ID,
  ),
  post('subnet id of 20 bytes', withMessage({ signingSubnetId: SHORT_ID }), 'signingSubnetId', SUBNET_ID),
  post(
    'hex subnet id of 31 bytes',
    withMessage({ signingSubnetId: `0x${SUBNET_HEX.slice(2)}` }),
    'signingSubnetId',
    SUBNET_ID,
  ),
  post(
    'hex subnet id of 33 bytes',
    withMessage({ signingSubnetId: `${SUBNET_HEX}00` }),
    'signingSubnetId',
    SUBNET_ID,
  ),
  post(
    'non-hex subnet id',
    withMessage({ signingSubnetId: `0x${'zz'.repeat(32)}` }),
    'signingSubnetId',
    SUBNET_ID,
  ),
  post(
    'a chain alias as subnet id',
    withMessage({ signingSubnetId: 'p-chain' }),
    'signingSubnetId',
    /, got "p-chain"$/,
  ),
  post('number for subnet id', withMessage({ signingSubnetId: 5 }), 'signingSubnetId', SUBNET_ID),
  // quorumPercentage
  post(
    'negative quorum',
    withMessage({ quorumPercentage: -1 }),
    'quorumPercentage',
    /^expected an integer from 0 to 100, got "-1"$/,
  ),
  post('fractional quorum', withMessage({ quorumPercentage: 66.5 }), 'quorumPercentage', PERCENTAGE),
  post('quorum over 100', withMessage({ quorumPercentage: 101 }), 'quorumPercentage', /, got "101"$/),
  post('word for quorum', withMessage({ quorumPercentage: 'most' }), 'quorumPercentage', /, got "most"$/),
  post('signed text for quorum', withMessage({ quorumPercentage: '+50' }), 'quorumPercentage', PERCENTAGE),
  post('boolean for quorum', withMessage({ quorumPercentage: true }), 'quorumPercentage', PERCENTAGE),
  post('array for quorum', withMessage({ quorumPercentage: [50] }), 'quorumPercentage', PERCENTAGE),
  // quorumPercentageBuffer
  post('negative buffer', withMessage({ quorumPercentageBuffer: -1 }), 'quorumPercentageBuffer', PERCENTAGE),
  post(
    'fractional buffer',
    withMessage({ quorumPercentageBuffer: 0.5 }),
    'quorumPercentageBuffer',
    PERCENTAGE,
  ),
  post(
    'buffer over 100',
    withMessage({ quorumPercentageBuffer: 101, quorumPercentage: 1 }),
    'quorumPercentageBuffer',
    PERCENTAGE,
  ),
  post(
    'word for buffer',
    withMessage({ quorumPercentageBuffer: 'some' }),
    'quorumPercentageBuffer',
    PERCENTAGE,
  ),
  post(
    'the default 67 + 34',
    withMessage({ quorumPercentageBuffer: 34 }),
    'quorumPercentageBuffer',
    /, got 101$/,
  ),
  post(
    'quorum 0 (67) + 34',
    withMessage({ quorumPercentage: 0, quorumPercentageBuffer: 34 }),
    'quorumPercentageBuffer',
    SUM,
  ),
  post(
    '70 + 31',
    withMessage({ quorumPercentage: 70, quorumPercentageBuffer: 31 }),
    'quorumPercentageBuffer',
    /, got 101$/,
  ),
  post(
    '100 + 100',
    withMessage({ quorumPercentage: 100, quorumPercentageBuffer: 100 }),
    'quorumPercentageBuffer',
    /, got 200$/,
  ),
  // pChainHeight
  post(
    'negative height',
    withMessage({ pChainHeight: -1 }),
    'pChainHeight',
    /^expected an integer from 0 to 9007199254740991, got "-1"$/,
  ),
  post('fractional height', withMessage({ pChainHeight: 1155.5 }), 'pChainHeight', HEIGHT),
  post('height beyond 2^53', withMessage({ pChainHeight: 2 ** 53 }), 'pChainHeight', HEIGHT),
  post('word for height', withMessage({ pChainHeight: 'latest' }), 'pChainHeight', /, got "latest"$/),
  post('hex text for height', withMessage({ pChainHeight: '0x483' }), 'pChainHeight', HEIGHT),
  // the first failing member is the one named, before any rule across members
  post('bad message and bad quorum', { message: 'zz', quorumPercentage: 500 }, 'message', HEX_MESSAGE),
  post('bad subnet id without a message', { signingSubnetId: 'x' }, 'signingSubnetId', SUBNET_ID),
  // the body itself
  {
    name: 'a body that is not JSON',
    template: T.aggregate,
    path: aggregatePath(),
    raw: `{"message": "${MESSAGE_HEX}"`,
    parameter: 'message',
    says: /^expected a JSON body with message, got text that is not JSON$/,
  },
  {
    name: 'JSON labelled text/plain',
    template: T.aggregate,
    path: aggregatePath(),
    raw: JSON.stringify({ message: MESSAGE_HEX }),
    headers: { 'content-type': 'text/plain' },
    parameter: 'message',
    says: /^expected a JSON body \(Content-Type: application\/json\), got Content-Type "text\/plain"$/,
  },
  {
    name: 'a form body',
    template: T.aggregate,
    path: aggregatePath(),
    raw: `message=${MESSAGE_HEX}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    parameter: 'message',
    says: /Content-Type "application\/x-www-form-urlencoded"$/,
  },
  {
    name: 'JSON in another charset',
    template: T.aggregate,
    path: aggregatePath(),
    raw: JSON.stringify({ message: MESSAGE_HEX }),
    headers: { 'content-type': 'application/json; charset=utf-16' },
    parameter: 'message',
  },
  {
    name: 'no body at all',
    template: T.aggregate,
    path: aggregatePath(),
    parameter: 'message',
    says: NEITHER,
  },
  post(
    'a JSON array body',
    [{ message: MESSAGE_HEX }],
    'message',
    /^expected a JSON object body with message, justification, signingSubnetId, quorumPercentage, quorumPercentageBuffer, pChainHeight, got /,
  ),
  post('a JSON string body', MESSAGE_HEX, 'message', /^expected a JSON object body with .*, got "/),
  post('a JSON null body', null, 'message', /^expected a JSON object body with .*, got null$/),
  {
    name: 'a body over 1 MiB',
    template: T.aggregate,
    path: aggregatePath(),
    raw: `{"message": "${MESSAGE_HEX}", "pad": "${'x'.repeat(MAX_DATA_API_BODY_BYTES)}"}`,
    parameter: 'message',
    says: /^the request body is larger than 1048576 bytes$/,
  },
  // the network
  {
    name: 'an unknown network',
    template: T.aggregate,
    path: aggregatePath('devnet'),
    body: withMessage({}),
    parameter: 'network',
    says: /^expected one of mainnet, fuji, testnet, got "devnet"$/,
  },
  {
    name: 'a network in capitals',
    template: T.aggregate,
    path: aggregatePath('Fuji'),
    body: withMessage({}),
    parameter: 'network',
  },
  {
    name: 'an unknown network on GET',
    template: T.aggregated,
    path: aggregatedPath(TX_CB58, 'local'),
    parameter: 'network',
    says: /^expected one of mainnet, fuji, testnet, got "local"$/,
  },
  // txHash
  {
    name: 'a txHash that is not cb58',
    template: T.aggregated,
    path: aggregatedPath('not-a-tx'),
    parameter: 'txHash',
    says: /^expected a transaction hash: cb58 or 0x-hex of 32 bytes, got "not-a-tx"$/,
  },
  {
    name: 'a txHash with a bad checksum',
    template: T.aggregated,
    path: aggregatedPath(BAD_CHECKSUM_TX),
    parameter: 'txHash',
  },
  {
    name: 'a cb58 txHash of 20 bytes',
    template: T.aggregated,
    path: aggregatedPath(SHORT_ID),
    parameter: 'txHash',
  },
  {
    name: 'a 0x txHash of 31 bytes',
    template: T.aggregated,
    path: aggregatedPath(`0x${TX.toString('hex').slice(2)}`),
    parameter: 'txHash',
  },
  {
    name: 'a txHash as hex without 0x',
    template: T.aggregated,
    path: aggregatedPath(TX.toString('hex')),
    parameter: 'txHash',
  },
  {
    name: 'a non-hex 0x txHash',
    template: T.aggregated,
    path: aggregatedPath(`0x${'zz'.repeat(32)}`),
    parameter: 'txHash',
  },
  {
    name: 'a txHash with a chain prefix',
    template: T.aggregated,
    path: aggregatedPath(`P-${TX_CB58}`),
    parameter: 'txHash',
  },
];

// ---- ICM services' refusals

interface IcmRefusal {
  name: string;
  /** The body as sent (JSON-encoded unless a string). */
  body: unknown;
  error: string;
}

const icm = (name: string, body: unknown, error: string): IcmRefusal => ({ name, body, error });
const icmWithMessage = (members: Record<string, unknown>) => ({ message: MESSAGE_HEX, ...members });

const BODY = 'Could not decode request body';
const DECODE_MESSAGE = 'Could not decode message';
const DECODE_JUSTIFICATION = 'Could not decode justification';
const EITHER = 'Must provide either message or justification';
const UNPACK = 'Error unpacking warp message';
/** An unsigned Warp message of zeroes (codec 0, network 0, chain 0, no payload): it unpacks, and counts as none. */
const ZERO_MESSAGE = '00'.repeat(42);
const QUORUM = 'Invalid quorum number';
const BUFFER = 'Invalid quorum buffer number';
const SUBNET_ERROR = 'Error parsing signing subnet ID';

const ICM_REFUSALS: IcmRefusal[] = [
  // Go's decoder cannot fill the request
  icm('an empty body', '', BODY),
  icm('a body cut short', `{"message": "${MESSAGE_HEX}"`, BODY),
  icm('a form body', `message=${MESSAGE_HEX}`, BODY),
  icm('a JSON array', '[]', BODY),
  icm('a JSON string', `"${MESSAGE_HEX}"`, BODY),
  icm('a JSON number', '42', BODY),
  icm('a JSON boolean', 'true', BODY),
  icm('a number for message', { message: 42 }, BODY),
  icm('an array for message', { message: [MESSAGE_HEX] }, BODY),
  icm('an object for message', { message: {} }, BODY),
  icm('a boolean for justification', icmWithMessage({ justification: false }), BODY),
  icm('a number for signing-subnet-id', icmWithMessage({ 'signing-subnet-id': 7 }), BODY),
  icm('a string for quorum-percentage', icmWithMessage({ 'quorum-percentage': '67' }), BODY),
  icm('a negative quorum-percentage', icmWithMessage({ 'quorum-percentage': -1 }), BODY),
  icm('a fractional quorum-percentage', icmWithMessage({ 'quorum-percentage': 66.5 }), BODY),
  icm('a boolean for quorum-percentage', icmWithMessage({ 'quorum-percentage': true }), BODY),
  icm('a string for quorum-percentage-buffer', icmWithMessage({ 'quorum-percentage-buffer': '5' }), BODY),
  icm('a negative quorum-percentage-buffer', icmWithMessage({ 'quorum-percentage-buffer': -5 }), BODY),
  icm('a string for pchain-height', icmWithMessage({ 'pchain-height': '1155' }), BODY),
  icm('a negative pchain-height', icmWithMessage({ 'pchain-height': -1 }), BODY),
  icm('a fractional pchain-height', icmWithMessage({ 'pchain-height': 1.5 }), BODY),
  icm('a wrong type under another case', { MESSAGE: 1 }, BODY),
  icm('a wrong type despite a bad message', { message: 'zz', 'quorum-percentage': 'x' }, BODY),
  // message, then justification
  icm('non-hex message', { message: 'zz' }, DECODE_MESSAGE),
  icm('odd-length message', { message: `0x${MESSAGE_HEX.slice(1)}` }, DECODE_MESSAGE),
  icm('odd-length message without 0x', { message: 'abc' }, DECODE_MESSAGE),
  icm('message with 0x twice', { message: `0x0x${MESSAGE_HEX}` }, DECODE_MESSAGE),
  icm('message with a space', { message: `${MESSAGE_HEX} ` }, DECODE_MESSAGE),
  icm('bad message and bad justification', { message: 'zz', justification: 'zz' }, DECODE_MESSAGE),
  icm('non-hex justification', icmWithMessage({ justification: 'xyz' }), DECODE_JUSTIFICATION),
  icm('odd-length justification', icmWithMessage({ justification: '0x1' }), DECODE_JUSTIFICATION),
  icm(
    'bad justification with a message of zeroes',
    { message: ZERO_MESSAGE, justification: 'g0' },
    DECODE_JUSTIFICATION,
  ),
  // ICM unpacks the message before it reads the justification: no message is not an unsigned message.
  icm('bad justification without a message', { justification: 'g0' }, UNPACK),
  // message and justification both empty or zeroes
  icm('an empty object', {}, UNPACK),
  icm('JSON null', 'null', UNPACK),
  icm('both empty strings', { message: '', justification: '' }, UNPACK),
  icm('both null', { message: null, justification: null }, UNPACK),
  icm('0x alone', { message: '0x', justification: '0x' }, UNPACK),
  icm('a short message of zeroes', { message: '0x000000000000' }, UNPACK),
  icm('a message of zeroes', { message: `0x${ZERO_MESSAGE}` }, EITHER),
  icm('zeroes in both', { message: ZERO_MESSAGE, justification: '0x00' }, EITHER),
  icm('no message, checked before the quorum', { 'quorum-percentage': 101 }, UNPACK),
  icm(
    'a message of zeroes, checked before the quorum',
    { message: ZERO_MESSAGE, 'quorum-percentage': 101 },
    EITHER,
  ),
  // quorum, then buffer, then the subnet id
  icm('quorum 101', icmWithMessage({ 'quorum-percentage': 101 }), QUORUM),
  icm('quorum 2^32', icmWithMessage({ 'quorum-percentage': 2 ** 32 }), QUORUM),
  icm(
    'quorum 101 with a bad buffer and subnet',
    icmWithMessage({ 'quorum-percentage': 101, 'quorum-percentage-buffer': 500, 'signing-subnet-id': 'x' }),
    QUORUM,
  ),
  icm('the default 67 + 34', icmWithMessage({ 'quorum-percentage-buffer': 34 }), BUFFER),
  icm(
    'quorum 0 (67) + 34',
    icmWithMessage({ 'quorum-percentage': 0, 'quorum-percentage-buffer': 34 }),
    BUFFER,
  ),
  icm('50 + 51', icmWithMessage({ 'quorum-percentage': 50, 'quorum-percentage-buffer': 51 }), BUFFER),
  icm('1 + 101', icmWithMessage({ 'quorum-percentage': 1, 'quorum-percentage-buffer': 101 }), BUFFER),
  icm(
    'a bad buffer before a bad subnet id',
    icmWithMessage({ 'quorum-percentage-buffer': 50, 'signing-subnet-id': 'x' }),
    BUFFER,
  ),
  icm(
    'subnet id with a bad checksum',
    icmWithMessage({ 'signing-subnet-id': BAD_CHECKSUM_SUBNET }),
    SUBNET_ERROR,
  ),
  icm('cb58 subnet id of 20 bytes', icmWithMessage({ 'signing-subnet-id': SHORT_ID }), SUBNET_ERROR),
  icm(
    '0x subnet id of 31 bytes',
    icmWithMessage({ 'signing-subnet-id': `0x${SUBNET_HEX.slice(2)}` }),
    SUBNET_ERROR,
  ),
  icm('0x subnet id of 33 bytes', icmWithMessage({ 'signing-subnet-id': `0x${SUBNET_HEX}00` }), SUBNET_ERROR),
  icm('non-hex 0x subnet id', icmWithMessage({ 'signing-subnet-id': `0x${'zz'.repeat(32)}` }), SUBNET_ERROR),
  icm('0x alone as subnet id', icmWithMessage({ 'signing-subnet-id': '0x' }), SUBNET_ERROR),
  icm('a word as subnet id', icmWithMessage({ 'signing-subnet-id': 'primary' }), SUBNET_ERROR),
];

// ---- The suite

describe('gateway-data signature aggregation, in front of a fake signature-aggregator service', function () {
  let server: GrpcServer;
  let grpc: { close(): void };
  let gateway: { base: string; close(): Promise<void> };
  let calls: string[];
  const received: Received[] = [];
  /** What the fake does with the next calls: answer REPLY, or throw what a test sets. */
  let outcome: () => AggregateSignaturesReply = () => REPLY;

  const answer = (method: Method, request: object) => {
    received.push({ method, request: { ...request } });
    return Promise.resolve().then(outcome);
  };
  const fake: AsyncImplementation<SignatureAggregatorServiceHandlers> = {
    AggregateSignatures: (request) => answer('AggregateSignatures', request),
    AggregateSignaturesForTransaction: (request) => answer('AggregateSignaturesForTransaction', request),
  };

  before(async function () {
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      services: [
        {
          name: 'chaindata.signatureaggregator.v1.SignatureAggregatorService',
          definition: SignatureAggregatorService.service,
          implementation: implementService(SignatureAggregatorService.service, silent, fake),
        },
      ],
      log: silent,
    });
    const client = createGrpcClient(SignatureAggregatorService, `127.0.0.1:${server.port}`, 5_000);
    grpc = client;
    const counted = countingClient(client.unary);
    calls = counted.calls;
    gateway = await startTestDataGateway({ signatureAggregator: counted.client, pageTokenSecret: SECRET });
  });

  after(async function () {
    await gateway?.close();
    grpc?.close();
    await server?.shutdown(1_000);
  });

  beforeEach(function () {
    calls.length = 0;
    received.length = 0;
    outcome = () => REPLY;
  });

  const failWith = (error: DomainError) => {
    outcome = () => {
      throw error;
    };
  };

  const sendJson = (path: string, body: unknown, headers?: Record<string, string>) =>
    gatewayRequest(gateway.base, 'POST', path, JSON.stringify(body), headers);

  function expectNothingSent() {
    expect(calls, 'no gRPC call').to.deep.equal([]);
    expect(received, 'nothing reached the service').to.deep.equal([]);
  }

  /** The one call the service received. */
  function onlyCall(method: Method): Record<string, unknown> {
    expect(calls).to.deep.equal([method]);
    expect(received).to.have.length(1);
    expect(received[0]!.method).to.equal(method);
    return received[0]!.request;
  }

  function expectSigned(reply: GatewayReply, template: string, method: 'GET' | 'POST') {
    expect(reply.status, reply.text).to.equal(201);
    expect(reply.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(reply.body).to.deep.equal({ signedMessage: SIGNED_HEX });
    expect(validateDataApiResponse(method, template, 201, reply.body)).to.deep.equal([]);
  }

  function expectApiError(
    reply: GatewayReply,
    method: 'GET' | 'POST',
    template: string,
    status: number,
    error: string,
    message: string,
  ) {
    expect(reply.status, reply.text).to.equal(status);
    expect(reply.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(reply.body).to.deep.equal({ message, statusCode: status, error });
    assertDataApiResponse(method, template, status, reply.body);
  }

  describe('the Data API routes refuse a bad request with a 400 naming the parameter', function () {
    it('covers every parameter of both routes in the table below', function () {
      expect(SIGNATURE_AGGREGATOR_ROUTES.map((route) => route.operationId)).to.deep.equal([
        'aggregateSignatures',
        'getAggregatedSignatures',
      ]);
      for (const route of SIGNATURE_AGGREGATOR_ROUTES) {
        expect(DATA_ROUTES, route.operationId).to.include(route);
        const parameters = [route.pathParams, route.query, route.body ?? {}].flatMap((shape) =>
          Object.keys(shape),
        );
        for (const parameter of parameters)
          expect(
            BAD_REQUESTS.some((c) => c.template === route.path && c.parameter === parameter),
            `${route.operationId} ${parameter}`,
          ).to.equal(true);
      }
    });

    for (const c of BAD_REQUESTS) {
      const method = c.template === T.aggregate ? 'POST' : 'GET';
      it(`${method} ${c.name}: 400 naming ${c.parameter}`, async function () {
        const body = c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
        const reply = await gatewayRequest(gateway.base, method, c.path, body, c.headers);
        expect(reply.status, reply.text).to.equal(400);
        expect(reply.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        const message = String(reply.body.message);
        expect(message.startsWith(`${c.parameter}: `), message).to.equal(true);
        if (c.says) expect(message.slice(c.parameter.length + 2)).to.match(c.says);
        expect(reply.body).to.deep.equal({ message, statusCode: 400, error: 'Bad Request' });
        assertDataApiResponse(method, c.template, 400, reply.body);
        expectNothingSent();
      });
    }

    // Bug: the body's numeric members go through integerParam, whose preprocessing turns decimal text into a
    // number (it is made for query strings), so a JSON string where the document says number is taken as one.
    for (const [member, value] of [
      ['quorumPercentage', '50'],
      ['quorumPercentageBuffer', '10'],
      ['pChainHeight', '1155'],
    ] as const)
      it(`POST a string of digits for ${member}: 400 naming it (bug: decimal text is read as a number)`, async function () {
        const reply = await sendJson(aggregatePath(), withMessage({ [member]: value }));
        expect(reply.status, reply.text).to.equal(400);
        expect(String(reply.body.message)).to.match(new RegExp(`^${member}: expected an integer from 0 to `));
        assertDataApiResponse('POST', T.aggregate, 400, reply.body);
        expectNothingSent();
      });
  });

  describe('the Data API routes send the service what was asked and answer 201 {signedMessage}', function () {
    it('aggregates a message with the defaults: quorum 67, no buffer, the proposed height, the source subnet', async function () {
      const reply = await sendJson(aggregatePath(), { message: `0x${MESSAGE_HEX}` });
      expectSigned(reply, T.aggregate, 'POST');
      expect(reply.body.signedMessage).to.match(/^[0-9a-f]+$/);
      expect(onlyCall('AggregateSignatures')).to.deep.equal(
        aggregateRequest({ network: 'fuji', message: MESSAGE }),
      );
    });

    it('sends testnet as fuji, and mainnet as mainnet', async function () {
      for (const [network, sent] of [
        ['testnet', 'fuji'],
        ['fuji', 'fuji'],
        ['mainnet', 'mainnet'],
      ] as const) {
        received.length = 0;
        calls.length = 0;
        expectSigned(await sendJson(aggregatePath(network), { message: MESSAGE_HEX }), T.aggregate, 'POST');
        expect(onlyCall('AggregateSignatures').network, network).to.equal(sent);
      }
    });

    it('sends every member as the service takes it: bytes from hex (either case, 0x optional), numbers as given', async function () {
      const reply = await sendJson(aggregatePath('mainnet'), {
        message: MESSAGE_HEX.toUpperCase(),
        justification: `0X${JUSTIFICATION.toString('hex')}`,
        signingSubnetId: SUBNET_CB58,
        quorumPercentage: 50,
        quorumPercentageBuffer: 50,
        pChainHeight: 1155,
      });
      expectSigned(reply, T.aggregate, 'POST');
      expect(onlyCall('AggregateSignatures')).to.deep.equal({
        message: MESSAGE,
        justification: JUSTIFICATION,
        signing_subnet_id: SUBNET,
        quorum_percentage: 50,
        quorum_percentage_buffer: 50,
        p_chain_height: '1155',
        network: 'mainnet',
      });
    });

    it('reads a subnet id in cb58, 0x-hex, 0X-hex, hex without 0x and upper-case hex as the same 32 bytes', async function () {
      for (const signingSubnetId of [
        SUBNET_CB58,
        `0x${SUBNET_HEX}`,
        `0X${SUBNET_HEX}`,
        SUBNET_HEX,
        `0x${SUBNET_HEX.toUpperCase()}`,
      ]) {
        received.length = 0;
        calls.length = 0;
        const reply = await sendJson(aggregatePath(), withMessage({ signingSubnetId }));
        expectSigned(reply, T.aggregate, 'POST');
        expect(onlyCall('AggregateSignatures').signing_subnet_id, signingSubnetId).to.deep.equal(SUBNET);
      }
    });

    it('takes a justification alone (the message empty: omitted, "" or 0x alone)', async function () {
      for (const message of [undefined, '', '0x']) {
        received.length = 0;
        calls.length = 0;
        const reply = await sendJson(aggregatePath(), {
          message,
          justification: JUSTIFICATION.toString('hex'),
        });
        expectSigned(reply, T.aggregate, 'POST');
        expect(onlyCall('AggregateSignatures')).to.deep.equal(
          aggregateRequest({ network: 'fuji', justification: JUSTIFICATION }),
        );
      }
    });

    it('takes the bounds: quorum 0 as 67, 67 + 33, 100 + 0, 1 + 99, height 2^53 - 1, a message of 256 KiB', async function () {
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [{ quorumPercentage: 0 }, { quorum_percentage: 67 }],
        [{ quorumPercentageBuffer: 33 }, { quorum_percentage: 67, quorum_percentage_buffer: 33 }],
        [
          { quorumPercentage: 0, quorumPercentageBuffer: 33 },
          { quorum_percentage: 67, quorum_percentage_buffer: 33 },
        ],
        [{ quorumPercentage: 100, quorumPercentageBuffer: 0 }, { quorum_percentage: 100 }],
        [
          { quorumPercentage: 1, quorumPercentageBuffer: 99 },
          { quorum_percentage: 1, quorum_percentage_buffer: 99 },
        ],
        [{ pChainHeight: 0 }, { p_chain_height: '0' }],
        [{ pChainHeight: Number.MAX_SAFE_INTEGER }, { p_chain_height: '9007199254740991' }],
      ];
      for (const [members, sent] of cases) {
        received.length = 0;
        calls.length = 0;
        const reply = await sendJson(aggregatePath(), withMessage(members));
        expectSigned(reply, T.aggregate, 'POST');
        expect(onlyCall('AggregateSignatures'), JSON.stringify(members)).to.deep.equal(
          aggregateRequest({ network: 'fuji', message: MESSAGE, ...sent }),
        );
      }
      const largest = Buffer.alloc(MAX_WARP_BYTES, 0x5a);
      for (const member of ['message', 'justification'] as const) {
        received.length = 0;
        calls.length = 0;
        const reply = await sendJson(aggregatePath(), { [member]: `0x${largest.toString('hex')}` });
        expectSigned(reply, T.aggregate, 'POST');
        expect(onlyCall('AggregateSignatures')[member], member).to.deep.equal(largest);
      }
    });

    it('takes JSON labelled application/json in any case, with a UTF-8 charset', async function () {
      for (const contentType of [
        'Application/JSON',
        'application/json; charset=UTF-8',
        'application/json;charset="utf-8"',
      ]) {
        received.length = 0;
        calls.length = 0;
        const reply = await sendJson(
          aggregatePath(),
          { message: MESSAGE_HEX },
          { 'content-type': contentType },
        );
        expectSigned(reply, T.aggregate, 'POST');
        expect(onlyCall('AggregateSignatures').message, contentType).to.deep.equal(MESSAGE);
      }
    });

    it('gets the signatures for a P-Chain transaction, by cb58 or 0x-hex id, with quorum 67', async function () {
      for (const [txHash, network, sent] of [
        [TX_CB58, 'fuji', 'fuji'],
        [`0x${TX.toString('hex')}`, 'testnet', 'fuji'],
        [`0x${TX.toString('hex').toUpperCase()}`, 'mainnet', 'mainnet'],
      ] as const) {
        received.length = 0;
        calls.length = 0;
        const reply = await gatewayRequest(gateway.base, 'GET', aggregatedPath(txHash, network));
        expectSigned(reply, T.aggregated, 'GET');
        expect(onlyCall('AggregateSignaturesForTransaction'), txHash).to.deep.equal({
          tx_id: TX,
          quorum_percentage: 67,
          quorum_percentage_buffer: 0,
          network: sent,
        });
      }
    });

    it('answers an empty signed message as "" (still the documented shape)', async function () {
      outcome = () => ({ ...REPLY, signed_message: Buffer.alloc(0) });
      const reply = await sendJson(aggregatePath(), { message: MESSAGE_HEX });
      expect(reply.status).to.equal(201);
      expect(reply.body).to.deep.equal({ signedMessage: '' });
      assertDataApiResponse('POST', T.aggregate, 201, reply.body);
    });

    it('describes both routes in /openapi.json as the official document does: parameters and a 201', async function () {
      const reply = await gatewayRequest(gateway.base, 'GET', '/openapi.json');
      const paths = reply.body.paths as Record<string, Record<string, Record<string, unknown>>>;
      for (const route of SIGNATURE_AGGREGATOR_ROUTES) {
        const operation = paths[route.path]?.[route.method.toLowerCase()];
        expect(operation, route.path).to.not.equal(undefined);
        const official = dataApiDocument().paths[route.path]![route.method.toLowerCase()]!;
        expect(operation!.operationId).to.equal(official.operationId);
        const parameters = operation!.parameters as { name: string; in: string; required: boolean }[];
        expect(parameters.map((p) => `${p.in} ${p.name} ${p.required}`).sort()).to.deep.equal(
          (official.parameters ?? []).map((p) => `${p.in} ${p.name} ${p.required ?? false}`).sort(),
        );
        expect(Object.keys(operation!.responses as object).filter((s) => s.startsWith('2'))).to.deep.equal([
          '201',
        ]);
      }
      const body = paths[T.aggregate]!.post!.requestBody as {
        content: Record<string, { schema: { properties: Record<string, unknown> } }>;
      };
      expect(Object.keys(body.content['application/json']!.schema.properties).sort()).to.deep.equal([
        'justification',
        'message',
        'pChainHeight',
        'quorumPercentage',
        'quorumPercentageBuffer',
        'signingSubnetId',
      ]);
    });
  });

  describe("the Data API routes answer the service's errors as the API's error bodies", function () {
    it('not_found: 404 with the service’s message (a network the deployment does not serve, an unknown transaction)', async function () {
      failWith(new DomainError('not_found', 'network mainnet is not served by this deployment'));
      const posted = await sendJson(aggregatePath('mainnet'), { message: MESSAGE_HEX });
      expectApiError(
        posted,
        'POST',
        T.aggregate,
        404,
        'Not Found',
        'network mainnet is not served by this deployment',
      );
      expect(onlyCall('AggregateSignatures').network).to.equal('mainnet');

      received.length = 0;
      calls.length = 0;
      failWith(new DomainError('not_found', `transaction ${TX_CB58} not found`));
      const got = await gatewayRequest(gateway.base, 'GET', aggregatedPath(TX_CB58));
      expectApiError(got, 'GET', T.aggregated, 404, 'Not Found', `transaction ${TX_CB58} not found`);
      expect(onlyCall('AggregateSignaturesForTransaction').tx_id).to.deep.equal(TX);
    });

    it('invalid_argument: 400 with the service’s message (a message that is not a Warp message, a tx that emits none)', async function () {
      const notWarp = 'message: not an unsigned Warp message: unknown codec version 7';
      failWith(new DomainError('invalid_argument', notWarp));
      const posted = await sendJson(aggregatePath(), { message: '0007' });
      expectApiError(posted, 'POST', T.aggregate, 400, 'Bad Request', notWarp);
      expect(onlyCall('AggregateSignatures').message).to.deep.equal(Buffer.from('0007', 'hex'));

      received.length = 0;
      calls.length = 0;
      const noWarp = `tx_id: ${TX_CB58} is a BaseTx, which makes the P-Chain emit no Warp message`;
      failWith(new DomainError('invalid_argument', noWarp));
      const got = await gatewayRequest(gateway.base, 'GET', aggregatedPath(TX_CB58));
      expectApiError(got, 'GET', T.aggregated, 400, 'Bad Request', noWarp);
      expect(calls).to.deep.equal(['AggregateSignaturesForTransaction']);
    });

    it('unavailable: 503 with a generic message, never the service’s own text', async function () {
      failWith(new DomainError('unavailable', 'connect ECONNREFUSED 10.1.2.3:9091 (p-chain node)'));
      const posted = await sendJson(aggregatePath(), { message: MESSAGE_HEX });
      expectApiError(
        posted,
        'POST',
        T.aggregate,
        503,
        'Service Unavailable',
        'the data service is unavailable; try again later',
      );
      const got = await gatewayRequest(gateway.base, 'GET', aggregatedPath(TX_CB58));
      expectApiError(
        got,
        'GET',
        T.aggregated,
        503,
        'Service Unavailable',
        'the data service is unavailable; try again later',
      );
      expect(calls).to.deep.equal(['AggregateSignatures', 'AggregateSignaturesForTransaction']);
    });

    it('internal: 500 with the generic message', async function () {
      failWith(new DomainError('internal', 'bls: aggregate of zero signatures'));
      const posted = await sendJson(aggregatePath(), { message: MESSAGE_HEX });
      expectApiError(posted, 'POST', T.aggregate, 500, 'Internal Server Error', 'internal error');
    });
  });

  describe("ICM services' POST /aggregate-signatures", function () {
    const send = (body: unknown, headers?: Record<string, string>) =>
      gatewayRequest(
        gateway.base,
        'POST',
        ICM_PATH,
        typeof body === 'string' ? body : JSON.stringify(body),
        headers,
      );

    function expectIcmError(reply: GatewayReply, status: number, error: string) {
      expect(reply.status, reply.text).to.equal(status);
      expect(reply.headers.get('content-type')).to.match(/^application\/json/);
      expect(reply.text).to.equal(JSON.stringify({ error }));
    }

    function expectIcmSigned(reply: GatewayReply) {
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.headers.get('content-type')).to.match(/^application\/json/);
      expect(reply.text).to.equal(JSON.stringify({ 'signed-message': SIGNED_HEX }));
    }

    for (const c of ICM_REFUSALS)
      it(`${c.name}: 400 ${c.error}`, async function () {
        expectIcmError(await send(c.body), 400, c.error);
        expectNothingSent();
      });

    it('an empty POST: 400 Could not decode request body', async function () {
      const reply = await gatewayRequest(gateway.base, 'POST', ICM_PATH);
      expectIcmError(reply, 400, BODY);
      expectNothingSent();
    });

    it('a body over its bound (2 × 2 MiB + 4 KiB): 413 Request body too large; at the bound it is read', async function () {
      const request = JSON.stringify({ message: MESSAGE_HEX });
      const atBound = await send(request.padEnd(MAX_ICM_BODY_BYTES, ' '));
      expectIcmSigned(atBound);
      expect(onlyCall('AggregateSignatures').message).to.deep.equal(MESSAGE);

      received.length = 0;
      calls.length = 0;
      const over = await send(request.padEnd(MAX_ICM_BODY_BYTES + 1, ' '));
      expectIcmError(over, 413, 'Request body too large');
      expectNothingSent();
    });

    it('answers 200 {"signed-message": hex without 0x}, sending the defaults and no network (the service’s own)', async function () {
      const reply = await send({ message: `0x${MESSAGE_HEX}` });
      expectIcmSigned(reply);
      expect(onlyCall('AggregateSignatures')).to.deep.equal(aggregateRequest({ message: MESSAGE }));
    });

    it('sends every member as the service takes it', async function () {
      const reply = await send({
        message: MESSAGE_HEX,
        justification: `0x${JUSTIFICATION.toString('hex')}`,
        'signing-subnet-id': SUBNET_CB58,
        'quorum-percentage': 60,
        'quorum-percentage-buffer': 40,
        'pchain-height': 1155,
      });
      expectIcmSigned(reply);
      expect(onlyCall('AggregateSignatures')).to.deep.equal(
        aggregateRequest({
          message: MESSAGE,
          justification: JUSTIFICATION,
          signing_subnet_id: SUBNET,
          quorum_percentage: 60,
          quorum_percentage_buffer: 40,
          p_chain_height: '1155',
        }),
      );
    });

    it('reads a signing subnet id in cb58 or 0x-hex (either case of digits) as the same 32 bytes', async function () {
      for (const id of [SUBNET_CB58, `0x${SUBNET_HEX}`, `0x${SUBNET_HEX.toUpperCase()}`]) {
        received.length = 0;
        calls.length = 0;
        expectIcmSigned(await send(icmWithMessage({ 'signing-subnet-id': id })));
        expect(onlyCall('AggregateSignatures').signing_subnet_id, id).to.deep.equal(SUBNET);
      }
    });

    it('takes a justification with a message of zeroes, quorum 0 as 67, 67 + 33, 100 + 0 and a large height', async function () {
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [
          { message: ZERO_MESSAGE, justification: JUSTIFICATION.toString('hex') },
          { message: Buffer.alloc(42), justification: JUSTIFICATION },
        ],
        [icmWithMessage({ 'quorum-percentage': 0 }), { message: MESSAGE }],
        [
          icmWithMessage({ 'quorum-percentage-buffer': 33 }),
          { message: MESSAGE, quorum_percentage_buffer: 33 },
        ],
        [
          icmWithMessage({ 'quorum-percentage': 100, 'quorum-percentage-buffer': 0 }),
          { message: MESSAGE, quorum_percentage: 100 },
        ],
        [
          icmWithMessage({ 'pchain-height': Number.MAX_SAFE_INTEGER }),
          { message: MESSAGE, p_chain_height: '9007199254740991' },
        ],
        // a zero message with a justification is not "neither"
        [
          { message: `0x${ZERO_MESSAGE}`, justification: '01' },
          { message: Buffer.alloc(42), justification: Buffer.from([1]) },
        ],
      ];
      for (const [body, sent] of cases) {
        received.length = 0;
        calls.length = 0;
        expectIcmSigned(await send(body));
        expect(onlyCall('AggregateSignatures'), JSON.stringify(body)).to.deep.equal(aggregateRequest(sent));
      }
    });

    it('decodes as Go does: member names in any case', async function () {
      const reply = await send({
        MESSAGE: MESSAGE_HEX,
        Justification: JUSTIFICATION.toString('hex'),
        'SIGNING-SUBNET-ID': `0x${SUBNET_HEX}`,
        'Quorum-Percentage': 55,
        'QUORUM-percentage-BUFFER': 5,
        'PChain-Height': 77,
      });
      expectIcmSigned(reply);
      expect(onlyCall('AggregateSignatures')).to.deep.equal(
        aggregateRequest({
          message: MESSAGE,
          justification: JUSTIFICATION,
          signing_subnet_id: SUBNET,
          quorum_percentage: 55,
          quorum_percentage_buffer: 5,
          p_chain_height: '77',
        }),
      );
    });

    it('decodes as Go does: null members are zero values', async function () {
      const reply = await send({
        message: MESSAGE_HEX,
        justification: null,
        'signing-subnet-id': null,
        'quorum-percentage': null,
        'quorum-percentage-buffer': null,
        'pchain-height': null,
      });
      expectIcmSigned(reply);
      expect(onlyCall('AggregateSignatures')).to.deep.equal(aggregateRequest({ message: MESSAGE }));
    });

    it('decodes as Go does: unknown members, the Data API’s names among them, are ignored', async function () {
      const reply = await send({
        message: MESSAGE_HEX,
        network: 'mainnet',
        signingSubnetId: 'not-an-id',
        quorumPercentage: 500,
        quorumPercentageBuffer: 'x',
        'p-chain-height': 12,
        extra: { nested: [1, 2, 3] },
      });
      expectIcmSigned(reply);
      expect(onlyCall('AggregateSignatures')).to.deep.equal(aggregateRequest({ message: MESSAGE }));
    });

    it('reads the body whatever its content type, as Go’s handler does', async function () {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        received.length = 0;
        calls.length = 0;
        const reply = await send(JSON.stringify({ message: MESSAGE_HEX }), { 'content-type': contentType });
        expectIcmSigned(reply);
        expect(onlyCall('AggregateSignatures').message, contentType).to.deep.equal(MESSAGE);
      }
    });

    const FAILURES: { name: string; thrown: DomainError; status: number; error: string }[] = [
      {
        name: 'too few signatures',
        thrown: new DomainError(
          'failed_precondition',
          'failed to collect a threshold of signatures: 40% of the weight signed, 67% required',
        ),
        status: 500,
        error: 'failed to collect a threshold of signatures',
      },
      {
        name: 'too few signatures, as unavailable',
        thrown: new DomainError('unavailable', 'failed to collect a threshold of signatures'),
        status: 500,
        error: 'failed to collect a threshold of signatures',
      },
      {
        name: 'too little connected stake',
        thrown: new DomainError(
          'unavailable',
          'failed to connect to a threshold of stake: 50% of the weight connected, 67% required',
        ),
        status: 500,
        error: 'failed to connect to a threshold of stake',
      },
      {
        name: 'a message that is not a Warp message',
        thrown: new DomainError(
          'invalid_argument',
          'message: not an unsigned Warp message: unknown codec version 7',
        ),
        status: 400,
        error: 'Error unpacking warp message',
      },
      {
        name: 'a subnet the service refuses',
        thrown: new DomainError('invalid_argument', `signing_subnet_id: ${SUBNET_CB58} is not a subnet`),
        status: 400,
        error: 'Error parsing signing subnet ID',
      },
      {
        name: 'another invalid argument',
        thrown: new DomainError('invalid_argument', 'justification: not a ConvertSubnetToL1Tx justification'),
        status: 500,
        error: 'failed to aggregate signatures',
      },
      {
        name: 'a network the deployment does not serve',
        thrown: new DomainError('not_found', 'network mainnet is not served by this deployment'),
        status: 500,
        error: 'failed to aggregate signatures',
      },
      {
        name: 'an unreachable P-Chain node',
        thrown: new DomainError(
          'unavailable',
          'Post "https://api.example/ext/bc/P?key=SECRET": connection refused',
        ),
        status: 500,
        error: 'failed to aggregate signatures',
      },
      {
        name: 'a deadline passed',
        thrown: new DomainError('deadline_exceeded', 'validators did not answer in time'),
        status: 500,
        error: 'failed to aggregate signatures',
      },
      {
        name: 'an internal error',
        thrown: new DomainError('internal', 'bls: aggregate of zero signatures'),
        status: 500,
        error: 'failed to aggregate signatures',
      },
    ];

    for (const f of FAILURES)
      it(`maps the service's failure (${f.name}, ${f.thrown.kind}) to ${f.status} ${f.error}`, async function () {
        failWith(f.thrown);
        const reply = await send(icmWithMessage({}));
        expectIcmError(reply, f.status, f.error);
        expect(onlyCall('AggregateSignatures').message).to.deep.equal(MESSAGE);
      });

    // ---- Where the file departs from ICM services' handler (each skipped; see the comment naming the bug)

    // Bug: sanitizedHex strips "0X" as well as "0x"; ICM's SanitizeHexString is strings.TrimPrefix(s, "0x"), so
    // "0X…" reaches hex.DecodeString with the X and fails.
    it('refuses an 0X prefix on message and justification, as ICM does (bug: 0X is stripped)', async function () {
      expectIcmError(await send({ message: `0X${MESSAGE_HEX}` }), 400, DECODE_MESSAGE);
      expectIcmError(await send(icmWithMessage({ justification: '0X01' })), 400, DECODE_JUSTIFICATION);
      expectNothingSent();
    });

    // Bug: hexOrCb58Id accepts hex without a prefix (and with 0X); ICM's HexOrCB58ToID reads hex only after a
    // literal "0x" and everything else as cb58 (ids.FromString), which 64 hex digits never are.
    it('refuses a signing subnet id in hex without 0x, or with 0X, as ICM does (bug: both are taken as hex)', async function () {
      expectIcmError(await send(icmWithMessage({ 'signing-subnet-id': SUBNET_HEX })), 400, SUBNET_ERROR);
      expectIcmError(
        await send(icmWithMessage({ 'signing-subnet-id': `0X${SUBNET_HEX}` })),
        400,
        SUBNET_ERROR,
      );
      expectNothingSent();
    });

    // Bug: goFields.uint64 checks the number JSON.parse made, not the literal: Go's encoding/json fills a uint64 with
    // strconv.ParseUint of the literal, which refuses an exponent, a fraction (even .0) and a sign (even -0).
    it('refuses uint64 members written with an exponent, a fraction or a sign, as Go does (bug: JSON.parse’s number is checked)', async function () {
      for (const literal of ['1e2', '50.0', '-0', '1E1'])
        expectIcmError(
          await send(`{"message": "${MESSAGE_HEX}", "quorum-percentage": ${literal}}`),
          400,
          BODY,
        );
      expectIcmError(await send(`{"message": "${MESSAGE_HEX}", "pchain-height": 1.155e3}`), 400, BODY);
      expectNothingSent();
    });

    // Bug: uint64 members go through a JavaScript number, so past 2^53 they are rounded, and past uint64 they are
    // not refused: Go decodes pchain-height 9007199254740993 exactly and refuses 18446744073709551616 ("Could not
    // decode request body"); here the first reaches the service as 9007199254740992 and the second as
    // "18446744073709551616", which protobuf's uint64 wraps to 0 (the proposed height). Likewise quorum-percentage
    // 18446744073709551616 answers "Invalid quorum number" instead of Go's "Could not decode request body".
    it('keeps uint64 members exact and refuses values past uint64, as Go does (bug: they are rounded through a double)', async function () {
      expectIcmSigned(await send(`{"message": "${MESSAGE_HEX}", "pchain-height": 9007199254740993}`));
      expect(onlyCall('AggregateSignatures').p_chain_height).to.equal('9007199254740993');
      received.length = 0;
      calls.length = 0;
      expectIcmError(
        await send(`{"message": "${MESSAGE_HEX}", "pchain-height": 18446744073709551616}`),
        400,
        BODY,
      );
      expectIcmError(
        await send(`{"message": "${MESSAGE_HEX}", "quorum-percentage": 18446744073709551616}`),
        400,
        BODY,
      );
      expectNothingSent();
    });

    // Bug: goFields' lookup prefers a member spelled exactly, then the first other spelling; Go's decoder assigns
    // every member that matches the field, in order, so the last one wins.
    it('takes the last of members differing only in case, as Go does (bug: the exact or first spelling wins)', async function () {
      expectIcmSigned(await send(`{"message": "00", "MESSAGE": "${MESSAGE_HEX}"}`));
      expect(onlyCall('AggregateSignatures').message).to.deep.equal(MESSAGE);
      received.length = 0;
      calls.length = 0;
      expectIcmSigned(
        await send(
          `{"message": "${MESSAGE_HEX}", "Quorum-Percentage": 90, "quorum-percentage": 50, "QUORUM-PERCENTAGE": 60}`,
        ),
      );
      expect(onlyCall('AggregateSignatures').quorum_percentage).to.equal(60);
    });

    // Bug: icmRequestOf parses the whole body with JSON.parse; ICM decodes with json.NewDecoder(r.Body).Decode,
    // which reads the first JSON value and ignores whatever follows it.
    it('ignores what follows the first JSON value, as Go’s Decoder does (bug: the whole body must be JSON)', async function () {
      expectIcmSigned(await send(`{"message": "${MESSAGE_HEX}"} trailing`));
      expect(onlyCall('AggregateSignatures').message).to.deep.equal(MESSAGE);
    });
  });
});
