import { zstdCompressSync } from 'node:zlib';
import { expect } from 'chai';
import protobuf from 'protobufjs';
import {
  decodeSignatureRequest,
  decodeSignatureResponse,
  encodeSignatureResponse,
  signatureRequestAppBytes,
  signatureRequestHandler,
} from '../../services/runtime/avalanche/p2p/acp118.ts';
import { MAX_MESSAGE_BYTES } from '../../services/runtime/avalanche/p2p/framing.ts';
import { decodeMessage, encodeMessage } from '../../services/runtime/avalanche/p2p/messages.ts';
import type { Handshake, OutboundMessage } from '../../services/runtime/avalanche/p2p/messages.ts';
import {
  APP_ERRORS,
  decodeUvarint,
  encodeUvarint,
  parseHandlerPrefix,
} from '../../services/runtime/avalanche/p2p/sdk.ts';
import type { InboundAppRequest } from '../../services/runtime/avalanche/p2p/sdk.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

const handshake: Handshake = {
  networkId: 12345,
  myTime: 1_760_000_000n,
  ipAddr: Uint8Array.of(127, 0, 0, 1),
  ipPort: 9651,
  upgradeTime: 0xffff_ffff_ffff_ffffn,
  ipSigningTime: 1_759_999_999n,
  ipNodeIdSig: bytes(71, 0x30),
  trackedSubnets: [bytes(32, 1), bytes(32, 2)],
  client: { name: 'avalanchego', major: 1, minor: 15, patch: 0 },
  supportedAcps: [118, 226],
  objectedAcps: [300],
  knownPeers: { filter: Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0, 0), salt: bytes(32, 7) },
  ipBlsSig: bytes(96, 0xaa),
  allSubnets: true,
};

const samples: OutboundMessage[] = [
  { kind: 'ping', uptime: 0 },
  { kind: 'ping', uptime: 100 },
  { kind: 'pong' },
  { kind: 'handshake', handshake },
  { kind: 'peerList', claimedIpPorts: [] },
  {
    kind: 'peerList',
    claimedIpPorts: [
      {
        certificate: bytes(300, 0x30),
        ipAddr: bytes(16, 0xfe),
        ipPort: 65535,
        timestamp: 1n,
        signature: bytes(70, 3),
        txId: bytes(32, 0),
      },
    ],
  },
  { kind: 'getPeerList', knownPeers: { filter: bytes(10, 1), salt: bytes(32, 2) }, allSubnets: true },
  {
    kind: 'appRequest',
    chainId: bytes(32, 0),
    requestId: 0xffff_ffff,
    deadline: 10_000_000_000n,
    appBytes: bytes(5, 2),
  },
  { kind: 'appResponse', chainId: bytes(32, 9), requestId: 3, appBytes: bytes(98, 4) },
  { kind: 'appGossip', chainId: bytes(32, 9), appBytes: Uint8Array.of(0, 1) },
  {
    kind: 'appError',
    chainId: bytes(32, 9),
    requestId: 5,
    errorCode: -2,
    errorMessage: 'unregistered handler',
  },
  { kind: 'appError', chainId: bytes(32, 9), requestId: 7, errorCode: 2147483647, errorMessage: '' },
];

/** The same messages described with protobufjs reflection (field numbers and types only): an independent reader. */
function reflectionRoot(): protobuf.Root {
  const root = new protobuf.Root();
  const type = (name: string, fields: [string, number, string, string?][]) => {
    const t = new protobuf.Type(name);
    for (const [field, id, kind, rule] of fields) t.add(new protobuf.Field(field, id, kind, rule));
    root.add(t);
  };
  type('Client', [
    ['name', 1, 'string'],
    ['major', 2, 'uint32'],
    ['minor', 3, 'uint32'],
    ['patch', 4, 'uint32'],
  ]);
  type('BloomFilter', [
    ['filter', 1, 'bytes'],
    ['salt', 2, 'bytes'],
  ]);
  type('Handshake', [
    ['networkId', 1, 'uint32'],
    ['myTime', 2, 'uint64'],
    ['ipAddr', 3, 'bytes'],
    ['ipPort', 4, 'uint32'],
    ['upgradeTime', 5, 'uint64'],
    ['ipSigningTime', 6, 'uint64'],
    ['ipNodeIdSig', 7, 'bytes'],
    ['trackedSubnets', 8, 'bytes', 'repeated'],
    ['client', 9, 'Client'],
    ['supportedAcps', 10, 'uint32', 'repeated'],
    ['objectedAcps', 11, 'uint32', 'repeated'],
    ['knownPeers', 12, 'BloomFilter'],
    ['ipBlsSig', 13, 'bytes'],
    ['allSubnets', 14, 'bool'],
  ]);
  type('AppError', [
    ['chainId', 1, 'bytes'],
    ['requestId', 2, 'uint32'],
    ['errorCode', 3, 'sint32'],
    ['errorMessage', 4, 'string'],
  ]);
  type('Message', [
    ['compressedZstd', 2, 'bytes'],
    ['handshake', 13, 'Handshake'],
    ['appError', 34, 'AppError'],
  ]);
  return root;
}

describe('avalanche p2p: messages', () => {
  it('writes empty submessages: Pong = 62 00, an empty PeerList = 72 00, Ping{uptime 0} = 5a 00', () => {
    expect(hex(encodeMessage({ kind: 'pong' }))).to.equal('6200');
    expect(hex(encodeMessage({ kind: 'peerList', claimedIpPorts: [] }))).to.equal('7200');
    expect(hex(encodeMessage({ kind: 'ping', uptime: 0 }))).to.equal('5a00');
    expect(hex(encodeMessage({ kind: 'ping', uptime: 100 }))).to.equal('5a020864');
    expect(decodeMessage(Uint8Array.of(0x62, 0x00))).to.deep.equal({ kind: 'pong' });
  });

  it('round-trips every message it writes, plain and zstd-compressed', () => {
    for (const message of samples) {
      expect(decodeMessage(encodeMessage(message)), message.kind).to.deep.equal(message);
      const compressed = encodeMessage(message, { compress: true });
      expect(compressed[0], message.kind).to.equal(0x12);
      expect(decodeMessage(compressed), message.kind).to.deep.equal(message);
    }
  });

  it('agrees with a protobufjs reflection reader on Handshake and AppError (uint64, packed, sint32)', () => {
    const Message = reflectionRoot().lookupType('Message');
    const read = Message.toObject(Message.decode(encodeMessage({ kind: 'handshake', handshake })), {
      longs: String,
      bytes: Array,
    }) as { handshake: Record<string, unknown> };
    expect(read.handshake.networkId).to.equal(12345);
    expect(read.handshake.myTime).to.equal('1760000000');
    expect(read.handshake.upgradeTime).to.equal('18446744073709551615');
    expect(read.handshake.supportedAcps).to.deep.equal([118, 226]);
    expect(read.handshake.objectedAcps).to.deep.equal([300]);
    // patch 0 is not on the wire (a proto3 default).
    expect(read.handshake.client).to.deep.equal({ name: 'avalanchego', major: 1, minor: 15 });
    expect(read.handshake.allSubnets).to.equal(true);
    expect((read.handshake.trackedSubnets as unknown[]).length).to.equal(2);

    const error = encodeMessage({
      kind: 'appError',
      chainId: bytes(32, 1),
      requestId: 9,
      errorCode: -4,
      errorMessage: 'throttled',
    });
    const decoded = Message.toObject(Message.decode(error)) as {
      appError: { errorCode: number; errorMessage: string };
    };
    expect(decoded.appError).to.include({ errorCode: -4, errorMessage: 'throttled' });

    // And the other way: what reflection writes, unpacked repeated fields included, reads back.
    const written = Message.encode(
      Message.fromObject({
        handshake: { networkId: 5, supportedAcps: [1, 2], ipPort: 1, client: { major: 1 } },
      }),
    ).finish();
    const back = decodeMessage(written);
    expect(back.kind).to.equal('handshake');
    if (back.kind === 'handshake') {
      expect(back.handshake.networkId).to.equal(5);
      expect(back.handshake.supportedAcps).to.deep.equal([1, 2]);
      expect(back.handshake.client).to.deep.equal({ name: '', major: 1, minor: 0, patch: 0 });
    }
    // Unpacked repeated uint32 (field 10 twice as varints) reads as well.
    const unpacked = Uint8Array.of(0x6a, 0x04, 0x50, 0x76, 0x50, 0x01);
    const parsed = decodeMessage(unpacked);
    expect(parsed.kind === 'handshake' && parsed.handshake.supportedAcps).to.deep.equal([118, 1]);
  });

  it('reports consensus messages as other, and skips unknown fields', () => {
    // get_accepted_frontier (19) with a chain id, and an unknown field 99 before it.
    const body = Uint8Array.of(0x0a, 0x02, 0xab, 0xcd);
    const envelope = Uint8Array.of(0x98, 0x06, 0x01, 0x9a, 0x01, body.length, ...body);
    expect(decodeMessage(envelope)).to.deep.equal({ kind: 'other', field: 19 });
    expect(decodeMessage(Uint8Array.of(0xa2, 0x02, 0x00))).to.deep.equal({ kind: 'other', field: 36 });
  });

  it('refuses an envelope with no member, a member with the wrong wire type, and truncated bytes', () => {
    expect(() => decodeMessage(new Uint8Array(0))).to.throw(/no message/);
    expect(() => decodeMessage(Uint8Array.of(0x98, 0x06, 0x01))).to.throw(/no message/);
    expect(() => decodeMessage(Uint8Array.of(0x58, 0x01))).to.throw(/wire type/);
    expect(() => decodeMessage(Uint8Array.of(0x62, 0x05, 0x00))).to.throw();
    // Ping's uptime as bytes instead of a varint.
    expect(() => decodeMessage(Uint8Array.of(0x5a, 0x03, 0x0a, 0x01, 0x00))).to.throw(/wire type/);
  });

  it('decompresses compressed_zstd up to 2 MiB, and refuses more, garbage, or compression inside compression', () => {
    const big = encodeMessage({
      kind: 'appGossip',
      chainId: bytes(32, 1),
      appBytes: new Uint8Array(MAX_MESSAGE_BYTES - 100),
    });
    const wrap = (inner: Uint8Array) => {
      const compressed = zstdCompressSync(inner);
      const w = protobuf.Writer.create();
      w.uint32((2 << 3) | 2).bytes(compressed);
      return w.finish();
    };
    expect(decodeMessage(wrap(big)).kind).to.equal('appGossip');
    const tooBig = encodeMessage({
      kind: 'appGossip',
      chainId: bytes(32, 1),
      appBytes: new Uint8Array(MAX_MESSAGE_BYTES),
    });
    expect(() => decodeMessage(wrap(tooBig))).to.throw(/2097152/);
    expect(() => decodeMessage(Uint8Array.of(0x12, 0x03, 1, 2, 3))).to.throw(/decompress/);
    expect(() => decodeMessage(Uint8Array.of(0x12, 0x00))).to.throw(/empty compressed_zstd/);
    expect(() => decodeMessage(wrap(encodeMessage({ kind: 'pong' }, { compress: true })))).to.throw(/inside/);
  });
});

describe('avalanche p2p: app handlers and ACP-118', () => {
  it('prefixes app bytes with the handler id as a uvarint', () => {
    expect(hex(encodeUvarint(2))).to.equal('02');
    expect(hex(encodeUvarint(300))).to.equal('ac02');
    expect(hex(encodeUvarint(2n ** 64n - 1n))).to.equal('ffffffffffffffffff01');
    expect(decodeUvarint(Uint8Array.of(0xac, 0x02, 0x09))).to.deep.equal({ value: 300n, length: 2 });
    // Go's binary.Uvarint: an unfinished varint and an overflow both fail; a non-minimal one does not.
    expect(decodeUvarint(Uint8Array.of(0x80))).to.equal(undefined);
    expect(decodeUvarint(new Uint8Array(0))).to.equal(undefined);
    expect(decodeUvarint(Uint8Array.of(...bytes(9, 0xff), 0x02))).to.equal(undefined);
    expect(decodeUvarint(Uint8Array.of(0x82, 0x00))).to.deep.equal({ value: 2n, length: 2 });
    const parsed = parseHandlerPrefix(Uint8Array.of(0x02, 0x0a, 0x00));
    expect(parsed?.handlerId).to.equal(2n);
    expect(hex(parsed!.body)).to.equal('0a00');
  });

  it('builds 02 ‖ SignatureRequest and reads it back', () => {
    const message = bytes(50, 5);
    const appBytes = signatureRequestAppBytes(message, Uint8Array.of(1, 2));
    expect(appBytes[0]).to.equal(0x02);
    expect(hex(appBytes.subarray(1, 3))).to.equal('0a32');
    const request = decodeSignatureRequest(parseHandlerPrefix(appBytes)!.body);
    expect(hex(request.message)).to.equal(hex(message));
    expect(hex(request.justification)).to.equal('0102');
    expect(hex(signatureRequestAppBytes(message)).endsWith(hex(message))).to.be.true;
  });

  it('reads a SignatureResponse: 96 bytes, nothing when empty or zero, an error otherwise', () => {
    const signature = bytes(96, 0x8a);
    expect(hex(decodeSignatureResponse(encodeSignatureResponse(signature))!)).to.equal(hex(signature));
    expect(decodeSignatureResponse(new Uint8Array(0))).to.equal(undefined);
    expect(decodeSignatureResponse(encodeSignatureResponse(new Uint8Array(96)))).to.equal(undefined);
    expect(() => decodeSignatureResponse(encodeSignatureResponse(bytes(95, 1)))).to.throw(/95 bytes/);
  });

  it('the handler answers −1 for a body that does not parse and encodes what the signer returns', async () => {
    const handler = signatureRequestHandler((request) =>
      Promise.resolve(
        request.justification.length > 0
          ? { error: { code: 5, message: 'bad justification' } }
          : { signature: bytes(96, 1) },
      ),
    );
    const inbound = (body: Uint8Array): InboundAppRequest => ({
      nodeId: bytes(20, 0),
      chainId: bytes(32, 0),
      requestId: 1,
      deadline: Date.now() + 1000,
      handlerId: 2n,
      body,
    });
    const garbage = await handler(inbound(Uint8Array.of(0x0a, 0x05, 0x00)));
    expect(garbage && 'error' in garbage && garbage.error.code).to.equal(APP_ERRORS.unexpected.code);
    const signed = await handler(inbound(parseHandlerPrefix(signatureRequestAppBytes(bytes(10, 1)))!.body));
    expect(signed && 'bytes' in signed && hex(decodeSignatureResponse(signed.bytes)!)).to.equal(
      hex(bytes(96, 1)),
    );
    const refused = await handler(
      inbound(parseHandlerPrefix(signatureRequestAppBytes(bytes(10, 1), Uint8Array.of(1)))!.body),
    );
    expect(refused).to.deep.equal({ error: { code: 5, message: 'bad justification' } });
  });

  it('has the error codes of network/p2p/error.go', () => {
    expect(APP_ERRORS).to.deep.equal({
      unexpected: { code: -1, message: 'unexpected error' },
      unregisteredHandler: { code: -2, message: 'unregistered handler' },
      notValidator: { code: -3, message: 'not a validator' },
      throttled: { code: -4, message: 'throttled' },
    });
  });
});
