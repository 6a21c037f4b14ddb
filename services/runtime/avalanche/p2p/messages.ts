/**
 * The `p2p.Message` envelope (avalanchego proto/p2p/p2p.proto), written and read field by field with protobufjs:
 * only the network messages and the App* messages a signature aggregator and a server peer need. The consensus
 * members of the oneof are recognised and reported as `other`, so a caller can drop them.
 *
 * proto3 rules that matter on the wire: zero scalars and empty bytes are left out, but a present submessage is
 * always written, even empty (a Pong is `62 00`); repeated uint32 is packed (both forms are read).
 */
import { zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import protobuf from 'protobufjs';
import { MAX_MESSAGE_BYTES } from './framing.ts';

export interface Client {
  name: string;
  major: number;
  minor: number;
  patch: number;
}

export interface KnownPeers {
  filter: Uint8Array;
  salt: Uint8Array;
}

export interface Handshake {
  networkId: number;
  /** Unix seconds. */
  myTime: bigint;
  /** 4 or 16 bytes. */
  ipAddr: Uint8Array;
  ipPort: number;
  /** Unix seconds of the sender's latest scheduled upgrade; informational. */
  upgradeTime: bigint;
  ipSigningTime: bigint;
  ipNodeIdSig: Uint8Array;
  trackedSubnets: Uint8Array[];
  client: Client | undefined;
  supportedAcps: number[];
  objectedAcps: number[];
  knownPeers: KnownPeers | undefined;
  ipBlsSig: Uint8Array;
  allSubnets: boolean;
}

export interface ClaimedIpPort {
  /** DER. */
  certificate: Uint8Array;
  ipAddr: Uint8Array;
  ipPort: number;
  timestamp: bigint;
  signature: Uint8Array;
  txId: Uint8Array;
}

export type P2pMessage =
  | { kind: 'ping'; uptime: number }
  | { kind: 'pong' }
  | { kind: 'handshake'; handshake: Handshake }
  | { kind: 'peerList'; claimedIpPorts: ClaimedIpPort[] }
  | { kind: 'getPeerList'; knownPeers: KnownPeers | undefined; allSubnets: boolean }
  | { kind: 'appRequest'; chainId: Uint8Array; requestId: number; deadline: bigint; appBytes: Uint8Array }
  | { kind: 'appResponse'; chainId: Uint8Array; requestId: number; appBytes: Uint8Array }
  | { kind: 'appGossip'; chainId: Uint8Array; appBytes: Uint8Array }
  | { kind: 'appError'; chainId: Uint8Array; requestId: number; errorCode: number; errorMessage: string }
  | { kind: 'other'; field: number };

export type OutboundMessage = Exclude<P2pMessage, { kind: 'other' }>;

const FIELD = {
  compressedZstd: 2,
  ping: 11,
  pong: 12,
  handshake: 13,
  peerList: 14,
  appRequest: 30,
  appResponse: 31,
  appGossip: 32,
  appError: 34,
  getPeerList: 35,
} as const;

/** The oneof's other members: state sync 15–18, bootstrapping and consensus 19–29, Simplex 36. */
const OTHER_FIELDS = new Set([15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 36]);

const VARINT = 0;
const LENGTH_DELIMITED = 2;

type Writer = protobuf.Writer;
type Reader = protobuf.Reader;

function key(field: number, wireType: number): number {
  return (field << 3) | wireType;
}

function writeBytes(w: Writer, field: number, value: Uint8Array): void {
  if (value.length > 0) w.uint32(key(field, LENGTH_DELIMITED)).bytes(value);
}

function writeUint32(w: Writer, field: number, value: number): void {
  if (value !== 0) w.uint32(key(field, VARINT)).uint32(value);
}

function writeUint64(w: Writer, field: number, value: bigint): void {
  if (value !== 0n) w.uint32(key(field, VARINT)).uint64(value.toString());
}

function writeSubmessage(w: Writer, field: number, body: (w: Writer) => void): void {
  w.uint32(key(field, LENGTH_DELIMITED)).fork();
  body(w);
  w.ldelim();
}

function writeKnownPeers(w: Writer, field: number, knownPeers: KnownPeers | undefined): void {
  if (!knownPeers) return;
  writeSubmessage(w, field, (s) => {
    writeBytes(s, 1, knownPeers.filter);
    writeBytes(s, 2, knownPeers.salt);
  });
}

function writePackedUint32(w: Writer, field: number, values: number[]): void {
  if (values.length === 0) return;
  w.uint32(key(field, LENGTH_DELIMITED)).fork();
  for (const value of values) w.uint32(value);
  w.ldelim();
}

function writeBody(w: Writer, message: OutboundMessage): void {
  switch (message.kind) {
    case 'ping':
      return writeSubmessage(w, FIELD.ping, (s) => writeUint32(s, 1, message.uptime));
    case 'pong':
      return writeSubmessage(w, FIELD.pong, () => {});
    case 'handshake': {
      const h = message.handshake;
      return writeSubmessage(w, FIELD.handshake, (s) => {
        writeUint32(s, 1, h.networkId);
        writeUint64(s, 2, h.myTime);
        writeBytes(s, 3, h.ipAddr);
        writeUint32(s, 4, h.ipPort);
        writeUint64(s, 5, h.upgradeTime);
        writeUint64(s, 6, h.ipSigningTime);
        writeBytes(s, 7, h.ipNodeIdSig);
        for (const subnet of h.trackedSubnets) s.uint32(key(8, LENGTH_DELIMITED)).bytes(subnet);
        const client = h.client;
        if (client) {
          writeSubmessage(s, 9, (c) => {
            if (client.name) c.uint32(key(1, LENGTH_DELIMITED)).string(client.name);
            writeUint32(c, 2, client.major);
            writeUint32(c, 3, client.minor);
            writeUint32(c, 4, client.patch);
          });
        }
        writePackedUint32(s, 10, h.supportedAcps);
        writePackedUint32(s, 11, h.objectedAcps);
        writeKnownPeers(s, 12, h.knownPeers);
        writeBytes(s, 13, h.ipBlsSig);
        if (h.allSubnets) s.uint32(key(14, VARINT)).bool(true);
      });
    }
    case 'peerList':
      return writeSubmessage(w, FIELD.peerList, (s) => {
        for (const entry of message.claimedIpPorts) {
          writeSubmessage(s, 1, (e) => {
            writeBytes(e, 1, entry.certificate);
            writeBytes(e, 2, entry.ipAddr);
            writeUint32(e, 3, entry.ipPort);
            writeUint64(e, 4, entry.timestamp);
            writeBytes(e, 5, entry.signature);
            writeBytes(e, 6, entry.txId);
          });
        }
      });
    case 'getPeerList':
      return writeSubmessage(w, FIELD.getPeerList, (s) => {
        writeKnownPeers(s, 1, message.knownPeers);
        if (message.allSubnets) s.uint32(key(2, VARINT)).bool(true);
      });
    case 'appRequest':
      return writeSubmessage(w, FIELD.appRequest, (s) => {
        writeBytes(s, 1, message.chainId);
        writeUint32(s, 2, message.requestId);
        writeUint64(s, 3, message.deadline);
        writeBytes(s, 4, message.appBytes);
      });
    case 'appResponse':
      return writeSubmessage(w, FIELD.appResponse, (s) => {
        writeBytes(s, 1, message.chainId);
        writeUint32(s, 2, message.requestId);
        writeBytes(s, 3, message.appBytes);
      });
    case 'appGossip':
      return writeSubmessage(w, FIELD.appGossip, (s) => {
        writeBytes(s, 1, message.chainId);
        writeBytes(s, 2, message.appBytes);
      });
    case 'appError':
      return writeSubmessage(w, FIELD.appError, (s) => {
        writeBytes(s, 1, message.chainId);
        writeUint32(s, 2, message.requestId);
        if (message.errorCode !== 0) s.uint32(key(3, VARINT)).sint32(message.errorCode);
        if (message.errorMessage) s.uint32(key(4, LENGTH_DELIMITED)).string(message.errorMessage);
      });
  }
}

/**
 * A serialized `p2p.Message`. With `compress`, the message is wrapped in `compressed_zstd`, as nodes send all but
 * Ping, Pong and Handshake; receivers take either form.
 */
export function encodeMessage(message: OutboundMessage, options: { compress?: boolean } = {}): Uint8Array {
  const writer = protobuf.Writer.create();
  writeBody(writer, message);
  const plain = writer.finish();
  if (!options.compress) return plain;
  const wrapper = protobuf.Writer.create();
  wrapper.uint32(key(FIELD.compressedZstd, LENGTH_DELIMITED)).bytes(new Uint8Array(zstdCompressSync(plain)));
  return wrapper.finish();
}

/**
 * Reads a `p2p.Message`, unwrapping `compressed_zstd` (at most 2 MiB once decompressed). Throws when the bytes do
 * not parse, when no member of the oneof is set, or when a compressed message holds another compressed one.
 */
export function decodeMessage(bytes: Uint8Array): P2pMessage {
  const found = readEnvelope(bytes);
  if (found.field !== FIELD.compressedZstd) return found.message;
  if (found.body.length === 0) throw new Error('empty compressed_zstd');
  let inner: Uint8Array;
  try {
    inner = new Uint8Array(zstdDecompressSync(found.body, { maxOutputLength: MAX_MESSAGE_BYTES }));
  } catch (err) {
    throw new Error(`compressed_zstd does not decompress within ${MAX_MESSAGE_BYTES} bytes`, { cause: err });
  }
  const unwrapped = readEnvelope(inner);
  if (unwrapped.field === FIELD.compressedZstd) throw new Error('compressed_zstd inside compressed_zstd');
  return unwrapped.message;
}

type Envelope = { field: number; body: Uint8Array; message: P2pMessage };

function readEnvelope(bytes: Uint8Array): Envelope {
  const reader = protobuf.Reader.create(bytes);
  let found: { field: number; body: Uint8Array } | undefined;
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (field === 0) throw new Error('invalid field number 0');
    const isMember = Object.values(FIELD).includes(field as never) || OTHER_FIELDS.has(field);
    if (!isMember) {
      reader.skipType(wireType);
      continue;
    }
    if (wireType !== LENGTH_DELIMITED) throw new Error(`field ${field} has wire type ${wireType}`);
    // The last member on the wire wins, as for any oneof.
    found = { field, body: reader.bytes() };
  }
  if (!found) throw new Error('no message in the envelope');
  return { ...found, message: decodeMember(found.field, found.body) };
}

function decodeMember(field: number, body: Uint8Array): P2pMessage {
  switch (field) {
    case FIELD.ping: {
      let uptime = 0;
      readFields(body, (r, f, wt) => {
        if (f !== 1) return false;
        uptime = readUint32(r, wt);
        return true;
      });
      return { kind: 'ping', uptime };
    }
    case FIELD.pong:
      readFields(body, () => false);
      return { kind: 'pong' };
    case FIELD.handshake:
      return { kind: 'handshake', handshake: decodeHandshake(body) };
    case FIELD.peerList: {
      const claimedIpPorts: ClaimedIpPort[] = [];
      readFields(body, (r, f, wt) => {
        if (f !== 1) return false;
        claimedIpPorts.push(decodeClaimedIpPort(readBytes(r, wt)));
        return true;
      });
      return { kind: 'peerList', claimedIpPorts };
    }
    case FIELD.getPeerList: {
      let knownPeers: KnownPeers | undefined;
      let allSubnets = false;
      readFields(body, (r, f, wt) => {
        if (f === 1) knownPeers = decodeKnownPeers(readBytes(r, wt));
        else if (f === 2) allSubnets = readUint32(r, wt) !== 0;
        else return false;
        return true;
      });
      return { kind: 'getPeerList', knownPeers, allSubnets };
    }
    case FIELD.appRequest: {
      const m = { kind: 'appRequest' as const, chainId: EMPTY, requestId: 0, deadline: 0n, appBytes: EMPTY };
      readFields(body, (r, f, wt) => {
        if (f === 1) m.chainId = readBytes(r, wt);
        else if (f === 2) m.requestId = readUint32(r, wt);
        else if (f === 3) m.deadline = readUint64(r, wt);
        else if (f === 4) m.appBytes = readBytes(r, wt);
        else return false;
        return true;
      });
      return m;
    }
    case FIELD.appResponse: {
      const m = { kind: 'appResponse' as const, chainId: EMPTY, requestId: 0, appBytes: EMPTY };
      readFields(body, (r, f, wt) => {
        if (f === 1) m.chainId = readBytes(r, wt);
        else if (f === 2) m.requestId = readUint32(r, wt);
        else if (f === 3) m.appBytes = readBytes(r, wt);
        else return false;
        return true;
      });
      return m;
    }
    case FIELD.appGossip: {
      const m = { kind: 'appGossip' as const, chainId: EMPTY, appBytes: EMPTY };
      readFields(body, (r, f, wt) => {
        if (f === 1) m.chainId = readBytes(r, wt);
        else if (f === 2) m.appBytes = readBytes(r, wt);
        else return false;
        return true;
      });
      return m;
    }
    case FIELD.appError: {
      const m = { kind: 'appError' as const, chainId: EMPTY, requestId: 0, errorCode: 0, errorMessage: '' };
      readFields(body, (r, f, wt) => {
        if (f === 1) m.chainId = readBytes(r, wt);
        else if (f === 2) m.requestId = readUint32(r, wt);
        else if (f === 3) m.errorCode = readSint32(r, wt);
        else if (f === 4) m.errorMessage = readString(r, wt);
        else return false;
        return true;
      });
      return m;
    }
    default:
      return { kind: 'other', field };
  }
}

const EMPTY: Uint8Array = new Uint8Array(0);

function decodeHandshake(body: Uint8Array): Handshake {
  const h: Handshake = {
    networkId: 0,
    myTime: 0n,
    ipAddr: EMPTY,
    ipPort: 0,
    upgradeTime: 0n,
    ipSigningTime: 0n,
    ipNodeIdSig: EMPTY,
    trackedSubnets: [],
    client: undefined,
    supportedAcps: [],
    objectedAcps: [],
    knownPeers: undefined,
    ipBlsSig: EMPTY,
    allSubnets: false,
  };
  readFields(body, (r, f, wt) => {
    switch (f) {
      case 1:
        h.networkId = readUint32(r, wt);
        break;
      case 2:
        h.myTime = readUint64(r, wt);
        break;
      case 3:
        h.ipAddr = readBytes(r, wt);
        break;
      case 4:
        h.ipPort = readUint32(r, wt);
        break;
      case 5:
        h.upgradeTime = readUint64(r, wt);
        break;
      case 6:
        h.ipSigningTime = readUint64(r, wt);
        break;
      case 7:
        h.ipNodeIdSig = readBytes(r, wt);
        break;
      case 8:
        h.trackedSubnets.push(readBytes(r, wt));
        break;
      case 9:
        h.client = decodeClient(readBytes(r, wt));
        break;
      case 10:
        h.supportedAcps.push(...readRepeatedUint32(r, wt));
        break;
      case 11:
        h.objectedAcps.push(...readRepeatedUint32(r, wt));
        break;
      case 12:
        h.knownPeers = decodeKnownPeers(readBytes(r, wt));
        break;
      case 13:
        h.ipBlsSig = readBytes(r, wt);
        break;
      case 14:
        h.allSubnets = readUint32(r, wt) !== 0;
        break;
      default:
        return false;
    }
    return true;
  });
  return h;
}

function decodeClient(body: Uint8Array): Client {
  const client: Client = { name: '', major: 0, minor: 0, patch: 0 };
  readFields(body, (r, f, wt) => {
    if (f === 1) client.name = readString(r, wt);
    else if (f === 2) client.major = readUint32(r, wt);
    else if (f === 3) client.minor = readUint32(r, wt);
    else if (f === 4) client.patch = readUint32(r, wt);
    else return false;
    return true;
  });
  return client;
}

function decodeKnownPeers(body: Uint8Array): KnownPeers {
  const knownPeers: KnownPeers = { filter: EMPTY, salt: EMPTY };
  readFields(body, (r, f, wt) => {
    if (f === 1) knownPeers.filter = readBytes(r, wt);
    else if (f === 2) knownPeers.salt = readBytes(r, wt);
    else return false;
    return true;
  });
  return knownPeers;
}

function decodeClaimedIpPort(body: Uint8Array): ClaimedIpPort {
  const entry: ClaimedIpPort = {
    certificate: EMPTY,
    ipAddr: EMPTY,
    ipPort: 0,
    timestamp: 0n,
    signature: EMPTY,
    txId: EMPTY,
  };
  readFields(body, (r, f, wt) => {
    if (f === 1) entry.certificate = readBytes(r, wt);
    else if (f === 2) entry.ipAddr = readBytes(r, wt);
    else if (f === 3) entry.ipPort = readUint32(r, wt);
    else if (f === 4) entry.timestamp = readUint64(r, wt);
    else if (f === 5) entry.signature = readBytes(r, wt);
    else if (f === 6) entry.txId = readBytes(r, wt);
    else return false;
    return true;
  });
  return entry;
}

/** Calls `read` for each field; a field it does not take (returns false) is skipped. */
function readFields(body: Uint8Array, read: (r: Reader, field: number, wireType: number) => boolean): void {
  const reader = protobuf.Reader.create(body);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 0) throw new Error('invalid field number 0');
    if (!read(reader, tag >>> 3, tag & 7)) reader.skipType(tag & 7);
  }
}

function expectWireType(actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`wire type ${actual} where ${expected} was expected`);
}

function readBytes(r: Reader, wireType: number): Uint8Array {
  expectWireType(wireType, LENGTH_DELIMITED);
  return r.bytes();
}

function readString(r: Reader, wireType: number): string {
  expectWireType(wireType, LENGTH_DELIMITED);
  return r.string();
}

function readSint32(r: Reader, wireType: number): number {
  expectWireType(wireType, VARINT);
  return r.sint32();
}

function readUint32(r: Reader, wireType: number): number {
  expectWireType(wireType, VARINT);
  return r.uint32();
}

function readUint64(r: Reader, wireType: number): bigint {
  expectWireType(wireType, VARINT);
  // A Long when the long package is present (it is protobufjs's dependency), else a number.
  const value = r.uint64() as unknown as { low: number; high: number } | number;
  if (typeof value === 'number') return BigInt(value);
  return (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
}

function readRepeatedUint32(r: Reader, wireType: number): number[] {
  if (wireType === VARINT) return [r.uint32()];
  expectWireType(wireType, LENGTH_DELIMITED);
  const packed = protobuf.Reader.create(r.bytes());
  const values: number[] = [];
  while (packed.pos < packed.len) values.push(packed.uint32());
  return values;
}
