import { generateKeyPairSync } from 'node:crypto';
import { createServer as createTcpServer } from 'node:net';
import type { Server as TcpServer, Socket } from 'node:net';
import { connect } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import { expect } from 'chai';
import { blsSignMessage, deriveBlsKey } from '../../services/devnet/bls.ts';
import { concat, u16, u32 } from '../../services/runtime/avalanche/linear-codec.ts';
import {
  decodeSignatureRequest,
  decodeSignatureResponse,
  signatureRequestAppBytes,
  signatureRequestHandler,
} from '../../services/runtime/avalanche/p2p/acp118.ts';
import {
  bloomAdd,
  bloomHash,
  gossipId,
  marshalBloomFilter,
  newBloomFilter,
} from '../../services/runtime/avalanche/p2p/bloom.ts';
import { frame, FrameReader } from '../../services/runtime/avalanche/p2p/framing.ts';
import {
  buildHandshake,
  ipAddressBytes,
  signedIpBytes,
  signIp,
} from '../../services/runtime/avalanche/p2p/handshake.ts';
import { decodeMessage, encodeMessage } from '../../services/runtime/avalanche/p2p/messages.ts';
import type {
  ClaimedIpPort,
  OutboundMessage,
  P2pMessage,
} from '../../services/runtime/avalanche/p2p/messages.ts';
import {
  connectPeer,
  ephemeralBlsSecretKey,
  listenPeers,
} from '../../services/runtime/avalanche/p2p/peer.ts';
import type {
  Peer,
  PeerIdentity,
  PeerListEntry,
  PeerOptions,
  PeerServer,
} from '../../services/runtime/avalanche/p2p/peer.ts';
import { prefixHandler } from '../../services/runtime/avalanche/p2p/sdk.ts';
import type { InboundAppRequest } from '../../services/runtime/avalanche/p2p/sdk.ts';
import {
  createStakingCertificate,
  selfSignedCertificate,
  signWithStakingKey,
  stakingCertificateFromPem,
  stakingCertificateFromSeed,
} from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import type { StakingCertificate } from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import { verifyWarpSignature } from '../support/bls-noble.ts';
import { eventually, rejectionOf } from '../support/processes.ts';

const NETWORK_ID = 12345;
const P_CHAIN = new Uint8Array(32);
const serverBls = deriveBlsKey('p2p-peers-test', 'server');
const serverIdentity: PeerIdentity = {
  certificate: stakingCertificateFromSeed(new TextEncoder().encode('p2p-peers-test/server')),
  blsSecretKey: serverBls.secretKey,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clientIdentity(certificate: StakingCertificate = createStakingCertificate()): PeerIdentity {
  return { certificate, blsSecretKey: ephemeralBlsSecretKey() };
}

/** An unsigned Warp message from the P-Chain whose payload tells the test signer what to do. */
function warpMessage(payload: string): Uint8Array {
  const bytes = new TextEncoder().encode(payload);
  return concat(u16(0), u32(NETWORK_ID), P_CHAIN, u32(bytes.length), bytes);
}

const textOf = (message: Uint8Array) => new TextDecoder().decode(message.subarray(42));

/** A peer driven by hand, frame by frame, to see exactly what the server sends. */
interface RawClient {
  socket: TLSSocket;
  received: P2pMessage[];
  closed: Promise<void>;
  send(message: OutboundMessage): void;
  /** Our Handshake then an empty PeerList: the server is then ready. */
  handshake(networkId?: number): void;
}

function rawClient(
  port: number,
  tls: { key: string; cert: string; ciphers?: string } | undefined,
): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: '127.0.0.1',
      port,
      ...tls,
      minVersion: 'TLSv1.3',
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    });
    const received: P2pMessage[] = [];
    const reader = new FrameReader();
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('data', (chunk: Buffer) => {
      for (const body of reader.push(chunk)) received.push(decodeMessage(body));
    });
    socket.on('error', () => {});
    const send = (message: OutboundMessage) => socket.write(frame(encodeMessage(message)));
    const certificate = tls ? stakingCertificateFromPem(tls.cert, tls.key) : undefined;
    socket.once('secureConnect', () =>
      resolve({
        socket,
        received,
        closed,
        send,
        handshake: (networkId = NETWORK_ID) => {
          send({
            kind: 'handshake',
            handshake: buildHandshake({
              networkId,
              nowSeconds: Date.now() / 1000,
              upgradeTime: 0,
              signedIp: signIp({
                ip: '0.0.0.0',
                port: 1,
                timestamp: BigInt(Math.floor(Date.now() / 1000)),
                stakingKey: certificate!.privateKey,
                blsSecretKey: ephemeralBlsSecretKey(),
              }),
            }),
          });
          send({ kind: 'peerList', claimedIpPorts: [] });
        },
      }),
    );
    socket.once('error', reject);
  });
}

function kinds(messages: P2pMessage[]): string[] {
  return messages.map((m) => m.kind);
}

/** A validator's signed IP claim, as a server would gossip it. */
function claimIp(
  certificate: StakingCertificate,
  ip: string,
  port: number,
  timestamp: bigint,
): ClaimedIpPort {
  const ipAddr = ipAddressBytes(ip);
  return {
    certificate: certificate.der,
    ipAddr,
    ipPort: port,
    timestamp,
    signature: signWithStakingKey(certificate.privateKey, signedIpBytes(ipAddr, port, timestamp)),
    txId: new Uint8Array(32),
  };
}

describe('avalanche p2p: peers over loopback TLS', function () {
  const handled: InboundAppRequest[] = [];
  const closes: { nodeId: string; reason: string }[] = [];
  const ready: Peer[] = [];
  const gossiped = claimIp(
    stakingCertificateFromSeed(new TextEncoder().encode('p2p-peers-test/gossiped')),
    '10.1.2.3',
    9651,
    BigInt(Math.floor(Date.now() / 1000)),
  );
  let server: PeerServer;
  const clients: Peer[] = [];
  const servers: { close(): Promise<unknown> }[] = [];

  async function startServer(options: Partial<PeerOptions> = {}): Promise<PeerServer> {
    const started = await listenPeers(serverIdentity, {
      networkId: NETWORK_ID,
      appRequestHandlers: new Map([
        [
          2,
          signatureRequestHandler(async (request, from) => {
            handled.push(from);
            const text = textOf(request.message);
            if (text === 'drop') return undefined;
            if (text === 'refuse') return { error: { code: 2, message: 'failed to verify message' } };
            if (text === 'slow') await sleep(1_000);
            return { signature: blsSignMessage(request.message, serverBls.secretKey) };
          }),
        ],
      ]),
      peerIps: () => [gossiped],
      onPeer: (peer) => ready.push(peer),
      onClose: (peer, reason) => closes.push({ nodeId: peer.nodeIdText, reason }),
      ...options,
    });
    servers.push(started);
    return started;
  }

  async function client(options: Partial<PeerOptions> = {}, identity = clientIdentity()): Promise<Peer> {
    const peer = await connectPeer({ host: '127.0.0.1', port: server.port }, identity, {
      networkId: NETWORK_ID,
      ...options,
    });
    clients.push(peer);
    return peer;
  }

  beforeEach(async () => {
    handled.length = 0;
    closes.length = 0;
    ready.length = 0;
    server = await startServer();
  });

  afterEach(async () => {
    for (const peer of clients.splice(0)) peer.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('serves many clients on one port; each gets an ACP-118 signature that verifies (noble)', async () => {
    const identities = [clientIdentity(), clientIdentity(), clientIdentity()];
    const peers = await Promise.all(identities.map((identity) => client({}, identity)));
    await eventually(() => ready.length === 3, 5_000, 'three ready peers on the server');
    expect(server.peers()).to.have.length(3);
    const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const clientNodeIds = new Set(identities.map((i) => hexOf(i.certificate.nodeId)));
    expect(new Set(server.peers().map((p) => hexOf(p.nodeId)))).to.deep.equal(clientNodeIds);
    for (const peer of peers) {
      expect(peer.nodeId).to.deep.equal(serverIdentity.certificate.nodeId);
      expect(peer.ready).to.be.true;
      expect(peer.handshake?.client).to.deep.equal({ name: 'avalanchego', major: 1, minor: 15, patch: 0 });
    }
    const messages = peers.map((_, i) => warpMessage(`sign ${i}`));
    const replies = await Promise.all(
      peers.map((peer, i) => peer.appRequest(P_CHAIN, signatureRequestAppBytes(messages[i]!), 5_000)),
    );
    replies.forEach((reply, i) => {
      expect(reply).to.have.property('bytes');
      const signature = decodeSignatureResponse((reply as { bytes: Uint8Array }).bytes)!;
      expect(signature).to.have.length(96);
      expect(verifyWarpSignature(messages[i]!, [serverBls.publicKey], signature)).to.be.true;
      expect(verifyWarpSignature(messages[(i + 1) % 3]!, [serverBls.publicKey], signature)).to.be.false;
    });
    // The server saw each requester's NodeID, an odd request id and a deadline no later than 5 s out.
    for (const request of handled) {
      expect(clientNodeIds.has(hexOf(request.nodeId))).to.be.true;
      expect(request.requestId % 2).to.equal(1);
      expect(request.deadline - Date.now()).to.be.within(0, 5_000);
    }
  });

  it('request ids are odd and step by 2', async () => {
    const peer = await client();
    for (let i = 0; i < 3; i++)
      await peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage(`n${i}`)), 5_000);
    const ids = handled.map((r) => r.requestId);
    expect(ids.every((id) => id % 2 === 1)).to.be.true;
    expect([ids[1]! - ids[0]!, ids[2]! - ids[1]!].map((d) => (d + 2 ** 32) % 2 ** 32)).to.deep.equal([2, 2]);
  });

  it('returns AppErrors: the handler’s own code, and −2 for a handler id nobody registered', async () => {
    const peer = await client();
    expect(
      await peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage('refuse')), 5_000),
    ).to.deep.equal({
      error: { code: 2, message: 'failed to verify message' },
    });
    expect(await peer.appRequest(P_CHAIN, prefixHandler(7, Uint8Array.of(1)), 5_000)).to.deep.equal({
      error: { code: -2, message: 'unregistered handler' },
    });
    expect(await peer.appRequest(P_CHAIN, new Uint8Array(0), 5_000)).to.deep.equal({
      error: { code: -2, message: 'unregistered handler' },
    });
  });

  it('times out a slow answer, and a request the server drops without a reply', async () => {
    const peer = await client();
    const slow = await rejectionOf(
      peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage('slow')), 200),
    );
    expect(slow.message).to.match(/timed out after 200 ms/);
    const dropped = await rejectionOf(
      peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage('drop')), 300),
    );
    expect(dropped.message).to.match(/timed out after 300 ms/);
    expect(handled.map((r) => textOf(decodeSignatureRequest(r.body).message))).to.include.members([
      'slow',
      'drop',
    ]);
    // The late answer to the slow one is ignored; the connection is still good.
    await sleep(900);
    const reply = await peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage('after')), 5_000);
    expect(reply).to.have.property('bytes');
  });

  it('a pending request is rejected when the connection closes', async () => {
    const peer = await client();
    const pending = peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage('slow')), 5_000);
    await eventually(() => handled.length === 1, 5_000, 'the request to arrive');
    peer.close('test over');
    expect((await rejectionOf(pending)).message).to.match(/closed: test over/);
    expect(await peer.closed).to.equal('test over');
    expect((await rejectionOf(peer.appRequest(P_CHAIN, new Uint8Array(1)))).message).to.match(/is closed/);
  });

  it('pings on its timer and gets one Pong for each Ping', async () => {
    const peer = await client({ pingIntervalMs: 30 });
    await eventually(() => peer.stats.pingsSent >= 5, 10_000, 'five pings');
    await sleep(50);
    expect(peer.stats.pongsReceived).to.be.within(peer.stats.pingsSent - 1, peer.stats.pingsSent);
    expect(peer.isClosed).to.be.false;
  });

  it('answers exactly one Pong per Ping, and closes on an unsolicited Pong or an uptime over 100', async () => {
    const { privateKeyPem, certificatePem } = createStakingCertificate();
    const raw = await rawClient(server.port, { key: privateKeyPem, cert: certificatePem });
    raw.handshake();
    for (let i = 0; i < 3; i++) raw.send({ kind: 'ping', uptime: 50 });
    await eventually(() => raw.received.filter((m) => m.kind === 'pong').length === 3, 5_000, 'three pongs');
    await sleep(100);
    expect(kinds(raw.received)).to.deep.equal(['handshake', 'peerList', 'pong', 'pong', 'pong']);
    raw.send({ kind: 'pong' });
    await raw.closed;

    const second = await rawClient(server.port, { key: privateKeyPem, cert: certificatePem });
    second.handshake();
    second.send({ kind: 'ping', uptime: 101 });
    await second.closed;
    expect(kinds(second.received)).to.not.include('pong');
  });

  it('drops App messages until the handshake is done, and closes on a second Handshake', async () => {
    const { privateKeyPem, certificatePem } = createStakingCertificate();
    const raw = await rawClient(server.port, { key: privateKeyPem, cert: certificatePem });
    const request = (requestId: number): OutboundMessage => ({
      kind: 'appRequest',
      chainId: P_CHAIN,
      requestId,
      deadline: 5_000_000_000n,
      appBytes: signatureRequestAppBytes(warpMessage(`early ${requestId}`)),
    });
    raw.send(request(1));
    raw.handshake();
    raw.send(request(3));
    await eventually(() => raw.received.some((m) => m.kind === 'appResponse'), 5_000, 'a response');
    await sleep(100);
    const responses = raw.received.flatMap((m) => (m.kind === 'appResponse' ? [m.requestId] : []));
    expect(responses).to.deep.equal([3]);
    // A deadline of 0 is already past: no reply.
    raw.send({ ...request(5), deadline: 0n } as OutboundMessage);
    await sleep(200);
    expect(raw.received.filter((m) => m.kind === 'appResponse')).to.have.length(1);
    raw.handshake();
    await raw.closed;
    await eventually(() => closes.some((c) => c.reason === 'second handshake'), 5_000, 'the reason');
  });

  it('closes silently on a wrong network id: a Handshake, then no PeerList', async () => {
    const error = await rejectionOf(client({ networkId: 5 }));
    expect(error.message).to.match(/closed before the handshake finished/);
    await eventually(
      () => closes.some((c) => c.reason === 'handshake: network id 5 is not 12345'),
      5_000,
      'the server to give its reason',
    );

    const { privateKeyPem, certificatePem } = createStakingCertificate();
    const raw = await rawClient(server.port, { key: privateKeyPem, cert: certificatePem });
    raw.handshake(1);
    await raw.closed;
    expect(kinds(raw.received)).to.deep.equal(['handshake']);
    expect(server.peers()).to.have.length(0);
  });

  it('refuses a client whose certificate is RSA 1024, or that has none; accepts RSA 2048', async () => {
    const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const key = rsa1024.export({ type: 'pkcs8', format: 'pem' }) as string;
    const cert = stakingCertificateFromPem(pemOf(selfSignedCertificate(rsa1024)), key).certificatePem;
    const weak = await rawClient(server.port, { key, cert, ciphers: 'DEFAULT@SECLEVEL=0' });
    await weak.closed;
    expect(weak.received).to.deep.equal([]);

    const anonymous = await rawClient(server.port, undefined).catch(() => undefined);
    if (anonymous) {
      await anonymous.closed;
      expect(anonymous.received).to.deep.equal([]);
    }

    const rsa2048 = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const rsaCertificate = stakingCertificateFromPem(
      pemOf(selfSignedCertificate(rsa2048)),
      rsa2048.export({ type: 'pkcs8', format: 'pem' }) as string,
    );
    const peer = await client({}, clientIdentity(rsaCertificate));
    expect(peer.ready).to.be.true;
    expect(
      await peer.appRequest(P_CHAIN, signatureRequestAppBytes(warpMessage('rsa')), 5_000),
    ).to.have.property('bytes');
  });

  it('drops a second connection from the same NodeID, and a connection from itself', async () => {
    const identity = clientIdentity();
    await client({}, identity);
    await eventually(() => ready.length === 1, 5_000, 'the first connection');
    expect((await rejectionOf(client({}, identity))).message).to.match(/closed/);
    expect((await rejectionOf(client({}, serverIdentity))).message).to.match(/closed/);
    expect(server.peers()).to.have.length(1);
  });

  it('sends its known validator IPs in the PeerList, leaving out those in the requester’s filter', async () => {
    const lists: PeerListEntry[][] = [];
    const peer = await client({ onPeerList: (entries) => lists.push(entries) });
    await eventually(() => lists.length === 1, 5_000, 'the handshake PeerList');
    expect(lists[0]![0]!.entry.ipPort).to.equal(9651);
    expect(lists[0]![0]).to.include({ ip: '10.1.2.3', port: 9651 });
    expect(lists[0]![0]!.nodeId).to.have.length(20);
    peer.getPeerList();
    await eventually(() => lists.length === 2, 5_000, 'the GetPeerList answer');

    const salt = new Uint8Array(32).fill(3);
    const filter = newBloomFilter(4, 16);
    bloomAdd(filter, bloomHash(gossipId(lists[0]![0]!.nodeId, gossiped.timestamp), salt));
    peer.getPeerList({ filter: marshalBloomFilter(filter), salt });
    await sleep(300);
    expect(lists).to.have.length(2);
    expect(peer.isClosed).to.be.false;
  });

  it('closes a peer whose GetPeerList has no filter', async () => {
    const { privateKeyPem, certificatePem } = createStakingCertificate();
    const raw = await rawClient(server.port, { key: privateKeyPem, cert: certificatePem });
    raw.handshake();
    await eventually(() => raw.received.length === 2, 5_000, 'handshake and peer list');
    raw.send({ kind: 'getPeerList', knownPeers: undefined, allSubnets: true });
    await raw.closed;
  });

  it('closes a connection with no input for the read timeout', async () => {
    const quiet = await startServer({ readTimeoutMs: 300 });
    const { privateKeyPem, certificatePem } = createStakingCertificate();
    const raw = await rawClient(quiet.port, { key: privateKeyPem, cert: certificatePem });
    raw.handshake();
    const started = Date.now();
    await raw.closed;
    expect(Date.now() - started).to.be.within(200, 2_000);
    await eventually(() => closes.some((c) => c.reason === 'no message for 300 ms'), 5_000, 'the reason');
  });

  it('rejects connectPeer clearly on a refused connection and on a handshake timeout', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createTcpServer().listen(0, '127.0.0.1', () => {
        const port = (probe.address() as { port: number }).port;
        probe.close(() => resolve(port));
      });
    });
    const refused = await rejectionOf(
      connectPeer({ host: '127.0.0.1', port: closedPort }, clientIdentity(), { networkId: NETWORK_ID }),
    );
    expect(refused.message).to.match(/TLS connection to 127\.0\.0\.1:\d+ failed: .*ECONNREFUSED/);
    const badOptions = await rejectionOf(
      connectPeer({ host: '127.0.0.1', port: server.port }, clientIdentity(), {
        networkId: NETWORK_ID,
        trackedSubnets: Array.from({ length: 17 }, () => new Uint8Array(32)),
      }),
    );
    expect(badOptions.message).to.equal('at most 16 tracked subnets');

    const sockets: Socket[] = [];
    const silent: TcpServer = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    servers.push({
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise((resolve) => silent.close(resolve));
      },
    });
    const port = (silent.address() as { port: number }).port;
    const timedOut = await rejectionOf(
      connectPeer({ host: '127.0.0.1', port }, clientIdentity(), {
        networkId: NETWORK_ID,
        handshakeTimeoutMs: 300,
      }),
    );
    expect(timedOut.message).to.equal(`no p2p handshake with 127.0.0.1:${port} within 300 ms`);
  });

  it('closes every connection cleanly when the server closes', async () => {
    const peers = await Promise.all([client(), client()]);
    await server.close();
    expect(await Promise.all(peers.map((p) => p.closed))).to.deep.equal([
      'closed by the peer',
      'closed by the peer',
    ]);
  });
});

function pemOf(der: Uint8Array): string {
  const lines = Buffer.from(der)
    .toString('base64')
    .match(/.{1,64}/g)!;
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
