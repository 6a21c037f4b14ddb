import {
  createHash,
  createPrivateKey,
  sign as ecdsaSign,
  verify as ecdsaVerify,
  X509Certificate,
} from 'node:crypto';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { zstdDecompressSync } from 'node:zlib';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { expect } from 'chai';
import { decodeAbiParameters, keccak256, toHex, type Hex } from 'viem';
import {
  decodeSignatureResponse,
  signatureRequestAppBytes,
} from '../../services/runtime/avalanche/p2p/acp118.ts';
import { connectPeer, ephemeralBlsSecretKey, type Peer } from '../../services/runtime/avalanche/p2p/peer.ts';
import { createStakingCertificate } from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { Devnet } from '../../services/devnet/network.ts';
import { DevnetPeers } from '../../services/devnet/peers.ts';
import { deriveValidator } from '../../services/devnet/validator-identity.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { verifyWarpSignature } from '../support/bls-noble.ts';
import { postJsonRpc, startDevnetWithHistory, type DevnetProcess } from '../support/devnet-process.ts';
import { eventually, rejectionOf } from '../support/processes.ts';

/**
 * The devnet's validators as Avalanche peers, reached as a client reaches them: addresses from `info.peers`, NodeIDs
 * and BLS keys from the P-Chain. Each is checked twice, with the p2p library's connectPeer and with a second
 * implementation written here from avalanchego's proto/p2p/p2p.proto and network/peer (protobuf by hand, node:tls,
 * node:crypto's ECDSA, noble's BLS), so the bytes on the wire are checked against the reference, not against the
 * code that wrote them.
 */

const SEED = 'p2p-test';
const SLOW_MS = 600;
/** Switched on by DEVNET_WARP_FAULTS at start. */
const APP_ERROR_NODE = deriveValidator(SEED, 'primary/4').nodeId;
const WARP_PRECOMPILE = '0x0200000000000000000000000000000000000005';
const SEND_WARP_MESSAGE = keccak256(toHex('SendWarpMessage(address,bytes32,bytes)'));
const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const P_CHAIN = new Uint8Array(32);
const bls = bls12_381.longSignatures;

/** A throwaway ECDSA P-256 identity for the test's own peer (made once with `openssl req -x509 -newkey ec`). */
const TEST_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIBijCCATGgAwIBAgIUAnFNXgr7ou4HdXgqa4wlUHZIFXowCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPZGV2bmV0LXAycC10ZXN0MCAXDTI2MTEyNzAyMDkzMFoYDzIx
MjYxMTAzMDIwOTMwWjAaMRgwFgYDVQQDDA9kZXZuZXQtcDJwLXRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQbwTLZCOxFmFACaKjJrBDKo9VV27GYN0B4cEk5
yyjeDNy0Q9+HXaJHU3xOKbuKkh/xUE/eADEzHpXHAWiHY9Z+o1MwUTAdBgNVHQ4E
FgQUsYE3nZNs9ToXYqLmdD5pI+WKV6UwHwYDVR0jBBgwFoAUsYE3nZNs9ToXYqLm
dD5pI+WKV6UwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiAcohW2
fX6XQlngY3F4dxQYAfMRcfhd+QpDezqCfeek0wIgGMdwQfzJeu2RG5N//1gOmot6
RZfWGw/wyDpITEib7u0=
-----END CERTIFICATE-----
`;
const TEST_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7TxowbyK7LfrEsCh
2KL/X/mK9Uo2i8htsbMZ+UfImCahRANCAAQbwTLZCOxFmFACaKjJrBDKo9VV27GY
N0B4cEk5yyjeDNy0Q9+HXaJHU3xOKbuKkh/xUE/eADEzHpXHAWiHY9Z+
-----END PRIVATE KEY-----
`;

// ---- protobuf, by hand --------------------------------------------------------------------------------------

function varint(value: number | bigint): Buffer {
  let n = BigInt(value);
  const out: number[] = [];
  while (n >= 0x80n) {
    out.push(Number(n & 0x7fn) | 0x80);
    n >>= 7n;
  }
  out.push(Number(n));
  return Buffer.from(out);
}
const pbVarint = (field: number, value: number | bigint) =>
  Buffer.concat([varint(field << 3), varint(value)]);
const pbBytes = (field: number, bytes: Uint8Array) =>
  Buffer.concat([varint((field << 3) | 2), varint(bytes.length), bytes]);

/** Each field number's values in order: varints as bigint, length-delimited fields as bytes. */
type Pb = Map<number, (bigint | Buffer)[]>;

function decodePb(bytes: Buffer): Pb {
  const fields: Pb = new Map();
  let offset = 0;
  const readVarint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (offset >= bytes.length) throw new Error('varint runs past the end');
      const byte = bytes[offset++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (offset < bytes.length) {
    const key = readVarint();
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    let value: bigint | Buffer;
    if (wire === 0) value = readVarint();
    else if (wire === 2) {
      const length = Number(readVarint());
      if (offset + length > bytes.length) throw new Error('field runs past the end');
      value = bytes.subarray(offset, offset + length);
      offset += length;
    } else if (wire === 1 || wire === 5) {
      const length = wire === 1 ? 8 : 4;
      value = bytes.subarray(offset, offset + length);
      offset += length;
    } else throw new Error(`wire type ${wire}`);
    fields.set(field, [...(fields.get(field) ?? []), value]);
  }
  return fields;
}

const pbOne = (pb: Pb, field: number) => pb.get(field)?.at(-1);
const pbUint = (pb: Pb, field: number) => (pbOne(pb, field) as bigint | undefined) ?? 0n;
const pbBuf = (pb: Pb, field: number) => (pbOne(pb, field) as Buffer | undefined) ?? Buffer.alloc(0);
const pbRepeatedBytes = (pb: Pb, field: number) => (pb.get(field) ?? []) as Buffer[];
const zigzag = (n: bigint) => Number((n >> 1n) ^ -(n & 1n));

/** p2p.Message's oneof fields (proto/p2p/p2p.proto). */
const M = {
  compressedZstd: 2,
  ping: 11,
  pong: 12,
  handshake: 13,
  peerList: 14,
  appRequest: 30,
  appResponse: 31,
  appError: 34,
  getPeerList: 35,
} as const;

// ---- the test's own peer ------------------------------------------------------------------------------------

const nodeIdOf = (der: Uint8Array) =>
  `NodeID-${encodeCb58(createHash('ripemd160').update(createHash('sha256').update(der).digest()).digest())}`;

/** The 26 signed bytes of a claimed IP: its 16-byte form, port u16, time u64, big-endian. */
function signedIp(ip: Uint8Array, port: number, time: bigint): Buffer {
  const ip16 =
    ip.length === 16 ? Buffer.from(ip) : Buffer.concat([Buffer.alloc(10), Buffer.from([255, 255]), ip]);
  const tail = Buffer.alloc(10);
  tail.writeUInt16BE(port);
  tail.writeBigUInt64BE(time, 2);
  return Buffer.concat([ip16, tail]);
}

interface Inbound {
  field: number;
  body: Pb;
}

/** One TLS connection speaking the p2p framing: u32 big-endian length, then a p2p.Message. Answers Pings. */
class RawPeer {
  readonly socket: TLSSocket;
  readonly certificate: Buffer;
  readonly closed: Promise<void>;
  received = 0;
  private buffered = Buffer.alloc(0);
  private readonly inbox: Inbound[] = [];
  private wake: (() => void) | undefined;
  private ended = false;

  private constructor(socket: TLSSocket) {
    this.socket = socket;
    this.certificate = Buffer.from(socket.getPeerCertificate(true).raw);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = true;
        this.wake?.();
        resolve();
      }),
    );
  }

  static open(host: string, port: number): Promise<RawPeer> {
    return new Promise((resolve, reject) => {
      const socket = tlsConnect({
        host,
        port,
        cert: TEST_CERT_PEM,
        key: TEST_KEY_PEM,
        minVersion: 'TLSv1.3',
        maxVersion: 'TLSv1.3',
        rejectUnauthorized: false,
        checkServerIdentity: () => undefined,
      });
      socket.once('error', reject);
      socket.once('secureConnect', () => resolve(new RawPeer(socket)));
    });
  }

  send(field: number, body: Buffer): void {
    const message = pbBytes(field, body);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(message.length);
    this.socket.write(Buffer.concat([length, message]));
  }

  /** The next message other than a Ping (answered with a Pong), within `timeoutMs`. */
  async next(timeoutMs = 5_000): Promise<Inbound> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.inbox.shift();
      if (message) return message;
      if (this.ended) throw new Error('connection closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async expect(field: number, timeoutMs?: number): Promise<Pb> {
    const message = await this.next(timeoutMs);
    expect(message.field, `message field ${message.field}`).to.equal(field);
    return message.body;
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.received += chunk.length;
    this.buffered = Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 4) {
      const length = this.buffered.readUInt32BE(0);
      if (this.buffered.length < 4 + length) break;
      let envelope = decodePb(this.buffered.subarray(4, 4 + length));
      this.buffered = this.buffered.subarray(4 + length);
      // Real nodes zstd-compress most messages: the field holds a whole serialized Message.
      const compressed = pbOne(envelope, M.compressedZstd);
      if (compressed) envelope = decodePb(zstdDecompressSync(compressed as Buffer));
      const [field, values] = [...envelope.entries()][0]!;
      const body = decodePb(values.at(-1) as Buffer);
      if (field === M.ping) this.send(M.pong, Buffer.alloc(0));
      else this.inbox.push({ field, body });
    }
    this.wake?.();
  }
}

interface TheirHandshake {
  networkId: number;
  myTime: bigint;
  ip: Buffer;
  port: number;
  upgradeTime: bigint;
  signingTime: bigint;
  tlsSignature: Buffer;
  trackedSubnets: Buffer[];
  client: { name: string; major: number; minor: number; patch: number };
  blsSignature: Buffer;
  allSubnets: boolean;
}

function readHandshake(pb: Pb): TheirHandshake {
  const client = decodePb(pbBuf(pb, 9));
  return {
    networkId: Number(pbUint(pb, 1)),
    myTime: pbUint(pb, 2),
    ip: pbBuf(pb, 3),
    port: Number(pbUint(pb, 4)),
    upgradeTime: pbUint(pb, 5),
    signingTime: pbUint(pb, 6),
    tlsSignature: pbBuf(pb, 7),
    trackedSubnets: pbRepeatedBytes(pb, 8),
    client: {
      name: pbBuf(client, 1).toString('utf8'),
      major: Number(pbUint(client, 2)),
      minor: Number(pbUint(client, 3)),
      patch: Number(pbUint(client, 4)),
    },
    blsSignature: pbBuf(pb, 13),
    allSubnets: pbUint(pb, 14) === 1n,
  };
}

/** Our Handshake: fuji, now, claiming 0.0.0.0:1 as ICM does, signed with our ECDSA key and a fresh BLS key. */
function ourHandshake(): Buffer {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const ip = Buffer.alloc(4);
  const signed = signedIp(ip, 1, now);
  const blsKey = bls12_381.utils.randomSecretKey();
  const client = Buffer.concat([pbBytes(1, Buffer.from('avalanchego')), pbVarint(2, 1), pbVarint(3, 15)]);
  return Buffer.concat([
    pbVarint(1, 5),
    pbVarint(2, now),
    pbBytes(3, ip),
    pbVarint(4, 1),
    pbVarint(6, now),
    pbBytes(7, ecdsaSign('sha256', signed, createPrivateKey(TEST_KEY_PEM))),
    pbBytes(9, client),
    pbBytes(13, bls.sign(bls.hash(signed, POP_DST), blsKey).toBytes(true)),
    pbVarint(14, 1),
  ]);
}

/** The smallest empty bloom filter (one hash seed, one byte of entries). */
const EMPTY_BLOOM = Buffer.from('01000000000000000000', 'hex');

// ---- Warp bytes, from avalanchego's layouts -----------------------------------------------------------------

const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const unsignedMessage = (source: Uint8Array, payload: Buffer) =>
  Buffer.concat([u16(0), u32(5), source, u32(payload.length), payload]);
const hashPayload = (hash: Uint8Array) => Buffer.concat([u16(0), u32(0), hash]);
const signatureRequest = (message: Uint8Array) => Buffer.concat([Buffer.from([0x02]), pbBytes(1, message)]);

describe('devnet validators as Avalanche peers', function () {
  this.timeout(120_000);
  let devnet: DevnetProcess;
  let cChain: Uint8Array;
  let l1Chain: Uint8Array;
  let subnetId: string;
  /** NodeID -> registered BLS key (compressed), from platform.getCurrentValidators. */
  const keys = new Map<string, Buffer>();
  let peers: { nodeID: string; publicIP: string; trackedSubnets: string[] }[];
  let own: { nodeID: string; ip: string };
  let cMessages: Buffer[];
  let l1Messages: Buffer[];
  let cBlockHash: Buffer;
  const opened: Peer[] = [];

  const call = async (path: string, method: string, params: unknown = {}) => {
    const reply = await postJsonRpc(`${devnet.base}${path}`, method, params);
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as Record<string, unknown>;
  };
  const warpMessages = async (chain: string) => {
    const logs = (await call(`/ext/bc/${chain}/rpc`, 'eth_getLogs', [
      { address: WARP_PRECOMPILE, topics: [SEND_WARP_MESSAGE], fromBlock: '0x0', toBlock: 'latest' },
    ])) as unknown as { data: Hex }[];
    return logs.map((l) => Buffer.from(decodeAbiParameters([{ type: 'bytes' }], l.data)[0].slice(2), 'hex'));
  };
  const hostPort = (text: string) => {
    const [host, port] = text.split(':');
    return { host: host!, port: Number(port) };
  };
  const addressOf = (nodeId: string) =>
    hostPort(nodeId === own.nodeID ? own.ip : peers.find((p) => p.nodeID === nodeId)!.publicIP);
  const dial = async (nodeId: string, options: { pingIntervalMs?: number } = {}) => {
    const peer = await connectPeer(
      addressOf(nodeId),
      { certificate: createStakingCertificate(), blsSecretKey: ephemeralBlsSecretKey() },
      { networkId: 5, expectedNodeId: decodeCb58(nodeId.slice(7)), ...options },
    );
    opened.push(peer);
    return peer;
  };
  /** The signature, or the AppError, a validator answers over the library's connection. */
  const ask = async (peer: Peer, chain: Uint8Array, message: Uint8Array, timeoutMs?: number) => {
    const reply = await peer.appRequest(chain, signatureRequestAppBytes(message), timeoutMs);
    return 'bytes' in reply ? { signature: decodeSignatureResponse(reply.bytes) } : reply;
  };
  const setFault = (nodeId: string, fault: string) =>
    fetch(`${devnet.base}/ext/devnet/acp118/${nodeId}/fault`, {
      method: 'PUT',
      body: JSON.stringify({ fault }),
    });

  before(async function () {
    devnet = await startDevnetWithHistory({
      DEVNET_SEED: SEED,
      DEVNET_HISTORY_HOURS: '12',
      DEVNET_LIVE_INTERVAL_MS: '0',
      DEVNET_WARP_SLOW_MS: String(SLOW_MS),
      DEVNET_WARP_FAULTS: `${APP_ERROR_NODE}=app-error`,
    });
    const chains = (await (await fetch(`${devnet.base}/ext/devnet/chains`)).json()) as {
      cChain: { blockchainId: string };
      l1: { blockchainId: string; subnetId: string };
    };
    cChain = decodeCb58(chains.cChain.blockchainId);
    l1Chain = decodeCb58(chains.l1.blockchainId);
    subnetId = chains.l1.subnetId;
    const primary = (await call('/ext/bc/P', 'platform.getCurrentValidators')).validators as {
      nodeID: string;
      signer?: { publicKey: string };
    }[];
    for (const v of primary)
      if (v.signer) keys.set(v.nodeID, Buffer.from(v.signer.publicKey.slice(2), 'hex'));
    const l1 = (await call('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: subnetId }))
      .validators as {
      nodeID: string;
      publicKey: string;
    }[];
    for (const v of l1) keys.set(v.nodeID, Buffer.from(v.publicKey.slice(2), 'hex'));
    peers = (await call('/ext/info', 'info.peers')).peers as typeof peers;
    own = {
      nodeID: (await call('/ext/info', 'info.getNodeID')).nodeID as string,
      ip: (await call('/ext/info', 'info.getNodeIP')).ip as string,
    };
    cMessages = await warpMessages('C');
    l1Messages = await warpMessages(chains.l1.blockchainId);
    cBlockHash = Buffer.from(
      ((await call('/ext/bc/C/rpc', 'eth_getBlockByNumber', ['0x1', false])) as { hash: string }).hash.slice(
        2,
      ),
      'hex',
    );
    expect(cMessages.length, 'Warp messages the C-Chain emitted').to.be.greaterThan(0);
    expect(l1Messages.length, 'Warp messages the L1 emitted').to.be.greaterThan(0);
  });

  afterEach(() => {
    for (const peer of opened.splice(0)) peer.close();
  });

  after(async () => {
    await devnet?.process.stop();
  });

  it('lists every other validator that can sign in info.peers, as avalanchego writes a peer, and names itself', async function () {
    // The own node is a primary-network validator with a BLS key, and not among its own peers.
    expect(keys.has(own.nodeID)).to.equal(true);
    expect(own.ip).to.match(/^127\.0\.0\.1:\d+$/);
    expect(peers.map((p) => p.nodeID)).not.to.include(own.nodeID);
    expect(new Set([...peers.map((p) => p.nodeID), own.nodeID])).to.deep.equal(new Set(keys.keys()));
    const l1 = new Set(
      (
        (await call('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: subnetId })).validators as {
          nodeID: string;
        }[]
      ).map((v) => v.nodeID),
    );
    for (const peer of peers) {
      expect(Object.keys(peer)).to.deep.equal([
        'ip',
        'publicIP',
        'nodeID',
        'version',
        'upgradeTime',
        'lastSent',
        'lastReceived',
        'observedUptime',
        'trackedSubnets',
        'supportedACPs',
        'objectedACPs',
        'benched',
      ]);
      expect(peer).to.deep.include({ version: 'avalanchego/1.14.2', observedUptime: '100', benched: [] });
      expect((peer as unknown as { ip: string }).ip).to.equal(peer.publicIP);
      expect(peer.publicIP).to.match(/^127\.0\.0\.1:\d+$/);
      // The L1's validators track its subnet; the primary network's track none besides the primary network.
      expect(peer.trackedSubnets).to.deep.equal(l1.has(peer.nodeID) ? [subnetId] : []);
    }
    const filtered = (await call('/ext/info', 'info.peers', { nodeIDs: [peers[1]!.nodeID, own.nodeID] }))
      .peers as typeof peers;
    expect(filtered.map((p) => p.nodeID)).to.deep.equal([peers[1]!.nodeID]);
  });

  it('completes a Handshake written from the reference with each validator, whose TLS certificate is its P-Chain NodeID', async function () {
    const nodes = [own.nodeID, ...peers.map((p) => p.nodeID)];
    for (const nodeId of nodes) {
      const { host, port } = addressOf(nodeId);
      const raw = await RawPeer.open(host, port);
      try {
        // The NodeID is the certificate's hash, and it is the one the P-Chain lists with this BLS key.
        expect(nodeIdOf(raw.certificate)).to.equal(nodeId);
        raw.send(M.handshake, ourHandshake());
        const theirs = readHandshake(await raw.expect(M.handshake));
        const now = BigInt(Math.floor(Date.now() / 1000));
        expect(theirs.networkId).to.equal(5);
        // The release info.getNodeVersion reports (avalanchego/1.14.2).
        expect(theirs.client).to.deep.equal({ name: 'avalanchego', major: 1, minor: 14, patch: 2 });
        expect(Number(theirs.myTime - now)).to.be.within(-60, 60);
        expect(theirs.signingTime <= now + 60n).to.equal(true);
        expect([...theirs.ip]).to.deep.equal([127, 0, 0, 1]);
        expect(theirs.port).to.equal(port);
        expect(theirs.allSubnets).to.equal(true);
        expect(theirs.trackedSubnets.map((s) => encodeCb58(s))).to.deep.equal(
          peers.find((p) => p.nodeID === nodeId)?.trackedSubnets ?? [subnetId],
        );
        const signed = signedIp(theirs.ip, theirs.port, theirs.signingTime);
        const certificate = new X509Certificate(raw.certificate);
        expect(
          ecdsaVerify('sha256', signed, certificate.publicKey, theirs.tlsSignature),
          'IP signature',
        ).to.equal(true);
        // The IP's BLS signature is made with the key the validator registered.
        expect(
          bls.verify(
            bls.Signature.fromBytes(theirs.blsSignature),
            bls.hash(signed, POP_DST),
            bls12_381.G1.Point.fromBytes(keys.get(nodeId)!),
          ),
          'IP BLS signature',
        ).to.equal(true);

        // Our Handshake passed: their PeerList follows, with the other validators' signed IPs.
        const list = await raw.expect(M.peerList);
        raw.send(M.peerList, Buffer.alloc(0));
        const entries = pbRepeatedBytes(list, 1).map(decodePb);
        expect(entries.length).to.be.within(1, 15);
        for (const entry of entries) {
          const der = pbBuf(entry, 1);
          const entryId = nodeIdOf(der);
          expect(entryId).not.to.equal(nodeId);
          expect(keys.has(entryId)).to.equal(true);
          const claim = signedIp(pbBuf(entry, 2), Number(pbUint(entry, 3)), pbUint(entry, 4));
          expect(
            ecdsaVerify('sha256', claim, new X509Certificate(der).publicKey, pbBuf(entry, 5)),
            'PeerList entry signature',
          ).to.equal(true);
          expect([...pbBuf(entry, 2)]).to.deep.equal([127, 0, 0, 1]);
          expect(Number(pbUint(entry, 3))).to.equal(addressOf(entryId).port);
        }

        raw.send(M.ping, pbVarint(1, 100));
        await raw.expect(M.pong);
        raw.send(M.getPeerList, Buffer.concat([pbBytes(1, pbBytes(1, EMPTY_BLOOM)), pbVarint(2, 1)]));
        expect(pbRepeatedBytes(await raw.expect(M.peerList), 1).length).to.equal(entries.length);

        // ACP-118: a message the C-Chain emitted, signed with the registered key (checked with noble).
        const appRequest = (requestId: number, request: Buffer) =>
          raw.send(
            M.appRequest,
            Buffer.concat([
              pbBytes(1, cChain),
              pbVarint(2, requestId),
              pbVarint(3, 10_000_000_000n),
              pbBytes(4, request),
            ]),
          );
        const message = cMessages[0]!;
        appRequest(7, signatureRequest(message));
        if (nodeId === APP_ERROR_NODE) {
          // DEVNET_WARP_FAULTS switched this validator to answer AppError −1.
          const error = await raw.expect(M.appError);
          expect([pbUint(error, 2), zigzag(pbUint(error, 3))]).to.deep.equal([7n, -1]);
          continue;
        }
        const response = await raw.expect(M.appResponse);
        expect([...pbBuf(response, 1)]).to.deep.equal([...cChain]);
        expect(pbUint(response, 2)).to.equal(7n);
        const signature = pbBuf(decodePb(pbBuf(response, 3)), 1);
        expect(signature).to.have.length(96);
        expect(verifyWarpSignature(message, [keys.get(nodeId)!], signature)).to.equal(true);

        // A Hash payload naming no block: coreth's verify failure, code 2.
        appRequest(9, signatureRequest(unsignedMessage(cChain, hashPayload(Buffer.alloc(32, 7)))));
        const error = await raw.expect(M.appError);
        expect(pbBuf(error, 1).equals(Buffer.from(cChain))).to.equal(true);
        expect(pbUint(error, 2)).to.equal(9n);
        expect(zigzag(pbUint(error, 3))).to.equal(2);
        expect(pbBuf(error, 4).toString()).to.match(/^failed to get block /);
      } finally {
        raw.close();
      }
    }
  });

  it('answers ACP-118 over connectPeer as each VM verifies: emitted messages and accepted blocks signed, the rest refused', async function () {
    const l1Validator = peers.find((p) => p.trackedSubnets.length > 0)!.nodeID;
    const primaryOnly = peers.find(
      (p) => p.trackedSubnets.length === 0 && p.nodeID !== APP_ERROR_NODE,
    )!.nodeID;
    for (const nodeId of [l1Validator, primaryOnly]) {
      const peer = await dial(nodeId, { pingIntervalMs: 100 });
      expect(peer.nodeIdText).to.equal(nodeId);
      expect(peer.handshake?.client).to.deep.equal({ name: 'avalanchego', major: 1, minor: 14, patch: 2 });
      const key = keys.get(nodeId)!;
      for (const message of cMessages.slice(0, 3)) {
        const { signature } = (await ask(peer, cChain, message)) as { signature: Uint8Array };
        expect(verifyWarpSignature(message, [key], signature)).to.equal(true);
      }
      // coreth signs a Hash of a block it accepted.
      const block = unsignedMessage(cChain, hashPayload(cBlockHash));
      const { signature } = (await ask(peer, cChain, block)) as { signature: Uint8Array };
      expect(verifyWarpSignature(block, [key], signature)).to.equal(true);
      // A message it never emitted, still an AddressedCall: coreth refuses the payload type (code 1).
      const forged = Buffer.from(cMessages[0]!);
      forged[forged.length - 1]! ^= 1;
      expect(await ask(peer, cChain, forged)).to.deep.equal({
        error: { code: 1, message: 'unknown payload type: *payload.AddressedCall' },
      });
      // Bytes that are no Warp message: the handler's own parse, −1.
      const garbage = (await ask(peer, cChain, Uint8Array.of(1, 2, 3))) as { error: { code: number } };
      expect(garbage.error.code).to.equal(-1);
      // Another chain's message asked of the C-Chain: not in its database, and coreth refuses the payload type.
      expect(((await ask(peer, cChain, l1Messages[0]!)) as { error: { code: number } }).error.code).to.equal(
        1,
      );
      // The X-Chain registers no ACP-118 handler.
      const x = decodeCb58('2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm');
      expect(((await ask(peer, x, cMessages[0]!)) as { error: { code: number } }).error.code).to.equal(-2);
      await eventually(() => peer.stats.pongsReceived > 0, 5_000, 'a Pong');
    }
    // Only the L1's validators run the L1: its messages are signed by them, dropped by the others.
    const l1Peer = opened[0]!;
    const { signature } = (await ask(l1Peer, l1Chain, l1Messages[0]!)) as { signature: Uint8Array };
    expect(verifyWarpSignature(l1Messages[0]!, [keys.get(l1Validator)!], signature)).to.equal(true);
    const dropped = await rejectionOf(ask(opened[1]!, l1Chain, l1Messages[0]!, 500));
    expect(dropped.message).to.match(/timed out/);
  });

  it('signs the P-Chain’s L1 messages with the justification §8 asks for', async function () {
    const l1Validator = peers.find((p) => p.trackedSubnets.length > 0)!.nodeID;
    const peer = await dial(l1Validator);
    const conversionId = decodeCb58(
      (await call('/ext/bc/P', 'platform.getSubnet', { subnetID: subnetId })).conversionID as string,
    );
    const conversion = Buffer.concat([u16(0), u32(0), conversionId]);
    const call1 = Buffer.concat([u16(0), u32(1), u32(0), u32(conversion.length), conversion]);
    const message = unsignedMessage(P_CHAIN, call1);
    const justified = await peer.appRequest(P_CHAIN, signatureRequestAppBytes(message, decodeCb58(subnetId)));
    const signature = decodeSignatureResponse((justified as { bytes: Uint8Array }).bytes)!;
    expect(verifyWarpSignature(message, [keys.get(l1Validator)!], signature)).to.equal(true);
    // Without the subnet id as justification: code 5.
    expect(((await ask(peer, P_CHAIN, message)) as { error: { code: number } }).error.code).to.equal(5);
  });

  it('switches faults per validator: app-error, wrong signature, slow, offline, hang-up', async function () {
    const message = cMessages[0]!;
    // DEVNET_WARP_FAULTS switched this one to app-error from the start.
    let peer = await dial(APP_ERROR_NODE);
    expect(await ask(peer, cChain, message)).to.deep.equal({
      error: { code: -1, message: 'unexpected error' },
    });
    expect((await setFault(APP_ERROR_NODE, 'none')).status).to.equal(200);
    expect(
      verifyWarpSignature(
        message,
        [keys.get(APP_ERROR_NODE)!],
        ((await ask(peer, cChain, message)) as { signature: Uint8Array }).signature,
      ),
    ).to.equal(true);

    const target = peers.find((p) => p.trackedSubnets.length > 0)!.nodeID;
    const key = keys.get(target)!;
    peer = await dial(target);
    expect((await setFault(target, 'wrong-signature')).status).to.equal(200);
    const wrong = ((await ask(peer, cChain, message)) as { signature: Uint8Array }).signature;
    expect(wrong).to.have.length(96);
    expect(verifyWarpSignature(message, [key], wrong)).to.equal(false);

    await setFault(target, 'slow');
    const started = Date.now();
    const slow = ((await ask(peer, cChain, message)) as { signature: Uint8Array }).signature;
    expect(Date.now() - started).to.be.at.least(SLOW_MS - 50);
    expect(verifyWarpSignature(message, [key], slow)).to.equal(true);

    // Offline: the listener is closed (connections refused) and the node is no longer among the own node's peers.
    const address = addressOf(target);
    await setFault(target, 'offline');
    await peer.closed;
    expect((await rejectionOf(dial(target))).message).to.match(/ECONNREFUSED/);
    const listed = (await call('/ext/info', 'info.peers')).peers as typeof peers;
    expect(listed.map((p) => p.nodeID)).not.to.include(target);

    // Hang-up: TLS completes, then the connection closes before any Handshake.
    await setFault(target, 'hangup');
    const raw = await RawPeer.open(address.host, address.port);
    expect(nodeIdOf(raw.certificate)).to.equal(target);
    await raw.closed;
    expect(raw.received).to.equal(0);
    expect((await rejectionOf(dial(target))).message).to.match(/closed/);

    // Back on the same port.
    await setFault(target, 'none');
    peer = await dial(target);
    expect(
      verifyWarpSignature(
        message,
        [key],
        ((await ask(peer, cChain, message)) as { signature: Uint8Array }).signature,
      ),
    ).to.equal(true);
    const back = (await call('/ext/info', 'info.peers')).peers as typeof peers;
    expect(back.find((p) => p.nodeID === target)!.publicIP).to.equal(`${address.host}:${address.port}`);

    expect((await setFault(target, 'sleepy')).status).to.equal(400);
    expect((await setFault(`NodeID-${encodeCb58(new Uint8Array(20).fill(9))}`, 'slow')).status).to.equal(404);
  });
});

describe('devnet validators joining and leaving', function () {
  this.timeout(120_000);

  it('opens a validator’s listener when it joins the set and closes it when its period ends', async function () {
    const devnet = await Devnet.create({
      identity: IDENTITIES.fuji,
      seed: 'p2p-join-leave',
      genesisTimeSeconds: 1_767_225_600n,
      historySeconds: 0n,
      blockIntervalSeconds: 3_600n,
      accounts: 8,
      metadataBaseUrl: 'http://127.0.0.1:1/metadata',
    });
    const peers = await DevnetPeers.start(devnet, { host: '127.0.0.1', slowMs: 0, faults: new Map() });
    const listed = (nodeId: string) => peers.peerInfo([nodeId])[0]?.publicIP;
    const identity = () => ({
      certificate: createStakingCertificate(),
      blsSecretKey: ephemeralBlsSecretKey(),
    });
    try {
      // The validators that come for one to three days join at P-Chain height 100.
      const short = () => devnet.pChain.staking.everyStaker.find((s) => s.addedAtHeight >= 100n && s.bls);
      while (!short()) await devnet.advanceOnSchedule();
      const joined = short()!;
      await eventually(() => listed(joined.nodeId) !== undefined, 5_000, 'its listener');
      const [host, port] = listed(joined.nodeId)!.split(':');
      const address = { host: host!, port: Number(port) };
      const peer = await connectPeer(address, identity(), {
        networkId: 5,
        expectedNodeId: decodeCb58(joined.nodeId.slice(7)),
      });
      peer.close();
      while (joined.removedAtHeight === undefined) await devnet.advanceOnSchedule();
      await eventually(() => listed(joined.nodeId) === undefined, 5_000, 'its listener to close');
      expect((await rejectionOf(connectPeer(address, identity(), { networkId: 5 }))).message).to.match(
        /ECONNREFUSED/,
      );
    } finally {
      await peers.close();
    }
  });
});
