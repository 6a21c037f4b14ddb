/**
 * One Avalanche p2p connection, either side: TLS 1.3 with staking certificates on both ends, our Handshake first,
 * theirs checked (a failed check closes without a word, as a node does), a PeerList each way, then Ping/Pong,
 * GetPeerList and the App* messages. A connection is ready once their PeerList follows their Handshake; until
 * then only network messages are read.
 *
 * A client (the signature aggregator) dials with connectPeer; a server (a devnet validator) accepts with
 * listenPeers and answers AppRequests through handlers keyed by handler id.
 */
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import { connect, createServer } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { formatNodeId } from '../../formatting/address.ts';
import { equalBytes } from '../../formatting/cb58.ts';
import { bloomContains, bloomHash, EMPTY_BLOOM_FILTER_BYTES, gossipId, parseBloomFilter } from './bloom.ts';
import type { BloomFilter } from './bloom.ts';
import { frame, FrameReader, FrameTooLargeError } from './framing.ts';
import {
  buildHandshake,
  checkHandshake,
  formatIpAddress,
  isCompatibleVersion,
  MAX_BLOOM_SALT_BYTES,
  MAX_CLOCK_DIFFERENCE_SECONDS,
  MAX_TRACKED_SUBNETS,
  signedIpBytes,
  signIp,
  verifyProofOfPossession,
  versionCompatibility,
} from './handshake.ts';
import type { SignedIp, VersionCompatibility } from './handshake.ts';
import { decodeMessage, encodeMessage } from './messages.ts';
import type {
  ClaimedIpPort,
  Client,
  Handshake,
  KnownPeers,
  OutboundMessage,
  P2pMessage,
} from './messages.ts';
import { APP_ERRORS, parseHandlerPrefix } from './sdk.ts';
import type { AppReply, AppRequestHandler } from './sdk.ts';
import {
  nodeIdOfCertificate,
  parseStakingCertificate,
  verifyStakingSignature,
} from './staking-certificate.ts';
import type { StakingCertificate, StakingPublicKey } from './staking-certificate.ts';

export interface PeerIdentity {
  certificate: StakingCertificate;
  /** Signs our claimed IP (proof-of-possession tag). A validator must use its registered key; others any key. */
  blsSecretKey: Uint8Array;
}

/** A throwaway BLS key, enough for a peer that is not a validator. */
export function ephemeralBlsSecretKey(): Uint8Array {
  return bls12_381.utils.randomSecretKey();
}

export interface PeerOptions {
  networkId: number;
  /** The IP and port in our Handshake. Defaults: a client claims 0.0.0.0:1 (as ICM does), a server its address. */
  claimedIp?: string;
  claimedPort?: number;
  /** Unix seconds of Helicon on this network, which raises the minimum peer version to 1.15.0; never by default. */
  heliconTime?: number;
  /** The client and version our Handshake claims (default: handshake.ts's CLIENT). */
  client?: Client;
  trackedSubnets?: Uint8Array[];
  /** Ask for the validator IPs of every subnet in PeerLists (default true). */
  allSubnets?: boolean;
  supportedAcps?: number[];
  objectedAcps?: number[];
  /** Handlers of inbound AppRequests by handler id; a request for another id is answered with AppError −2. */
  appRequestHandlers?: ReadonlyMap<number, AppRequestHandler>;
  /** Whether we run this chain; a request for another chain is dropped without a reply (default: all chains). */
  servesChain?: (chainId: Uint8Array) => boolean;
  /** Signed IPs we may offer in PeerLists (a node offers only its connected validators'); none by default. */
  peerIps?: () => ClaimedIpPort[];
  /** The validated entries of every non-empty PeerList received. */
  onPeerList?: (entries: PeerListEntry[], peer: Peer) => void;
  /** A peer's registered BLS key when it is a primary-network validator: its IP BLS signature must then verify. */
  validatorBlsKey?: (nodeId: Uint8Array) => Uint8Array | undefined;
  /** The uptime (0..100) we report in our Pings (default 0). */
  uptime?: (nodeId: Uint8Array) => number;
  /** TLS and both Handshakes must be done within this (default 15 s). */
  handshakeTimeoutMs?: number;
  /** Default 22.5 s. */
  pingIntervalMs?: number;
  /** A connection with no input for this long is closed (default 30 s, network-ping-timeout). */
  readTimeoutMs?: number;
  /** Every connection that closes, with the reason (for logs). */
  onClose?: (peer: Peer, reason: string) => void;
}

/** A PeerList entry whose certificate and signature checked out. */
export interface PeerListEntry {
  nodeId: Uint8Array;
  /** The claimed IP as text (IPv4-mapped addresses as IPv4) and port: where to dial it. */
  ip: string;
  port: number;
  entry: ClaimedIpPort;
}

/** Signed IP claims by identity and IP:port, signed once (as avalanchego's IPSigner) since signing costs a BLS signature. */
const signedIps = new WeakMap<PeerIdentity, Map<string, SignedIp>>();

function signedIpOf(identity: PeerIdentity, ip: string, port: number): SignedIp {
  let byAddress = signedIps.get(identity);
  if (!byAddress) {
    byAddress = new Map<string, SignedIp>();
    signedIps.set(identity, byAddress);
  }
  const key = `${ip}|${port}`;
  let signed = byAddress.get(key);
  if (!signed) {
    signed = signIp({
      ip,
      port,
      timestamp: BigInt(Math.floor(Date.now() / 1000)),
      stakingKey: identity.certificate.privateKey,
      blsSecretKey: identity.blsSecretKey,
    });
    byAddress.set(key, signed);
  }
  return signed;
}

/** Options that would fail every connection fail the call instead: why, or undefined. */
function optionsError(options: PeerOptions): Error | undefined {
  const subnets = options.trackedSubnets ?? [];
  if (subnets.length > MAX_TRACKED_SUBNETS)
    return new Error(`at most ${MAX_TRACKED_SUBNETS} tracked subnets`);
  if (subnets.some((s) => s.length !== 32)) return new Error('a subnet id is 32 bytes');
  if (options.claimedIp !== undefined && !isIP(options.claimedIp)) {
    return new Error(`claimedIp ${options.claimedIp} is not an IP address`);
  }
  const port = options.claimedPort;
  if (port !== undefined && (!Number.isInteger(port) || port <= 0 || port > 0xffff)) {
    return new Error('claimedPort must be 1..65535');
  }
  return undefined;
}

export const DEFAULT_APP_REQUEST_TIMEOUT_MS = 10_000;
/** network-maximum-inbound-timeout: a longer deadline is cut to this. */
const MAX_INBOUND_DEADLINE_MS = 10_000;
const MAX_PEER_LIST_ENTRIES = 15;
const CLOSE_GRACE_MS = 1_000;

interface PendingRequest {
  chainId: Uint8Array;
  resolve: (reply: AppReply) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (err: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export class Peer {
  /** The remote NodeID, from the certificate it presented. */
  readonly nodeId: Uint8Array;
  readonly nodeIdText: string;
  readonly certificate: Uint8Array;
  readonly direction: 'inbound' | 'outbound';
  readonly remoteAddress: string;
  /** Resolves with the reason once the socket is closed. */
  readonly closed: Promise<string>;
  readonly stats = { pingsSent: 0, pingsReceived: 0, pongsReceived: 0, appRequestsReceived: 0 };

  private readonly socket: TLSSocket;
  private readonly peerKey: StakingPublicKey;
  private readonly identity: PeerIdentity;
  private readonly options: PeerOptions;
  private readonly compatibility: VersionCompatibility;
  private readonly reader = new FrameReader();
  private readonly readyDeferred = deferred<void>();
  private readonly closedDeferred = deferred<string>();
  private readonly pending = new Map<number, PendingRequest>();
  private readonly pingTimer: NodeJS.Timeout;
  private readonly readTimer: NodeJS.Timeout;
  private closeTimer: NodeJS.Timeout | undefined;
  private theirHandshake: Handshake | undefined;
  private isReady = false;
  private closeReason: string | undefined;
  // Go keeps only the last ping's time, so a second Pong to two quick Pings would close it; a count does not.
  private pingsOutstanding = 0;
  private nextRequestId = randomInt(0, 2 ** 31) * 2 + 1;
  private verifiedBlsKey: Uint8Array | undefined;

  constructor(
    socket: TLSSocket,
    remote: { certificate: Uint8Array; key: StakingPublicKey },
    identity: PeerIdentity,
    options: PeerOptions,
    direction: 'inbound' | 'outbound',
  ) {
    this.socket = socket;
    this.certificate = remote.certificate;
    this.peerKey = remote.key;
    this.nodeId = nodeIdOfCertificate(remote.certificate);
    this.nodeIdText = formatNodeId(this.nodeId);
    this.identity = identity;
    this.options = options;
    this.direction = direction;
    this.remoteAddress = `${socket.remoteAddress}:${socket.remotePort}`;
    this.compatibility = versionCompatibility(options.heliconTime ?? Number.POSITIVE_INFINITY);
    this.closed = this.closedDeferred.promise;
    // Nobody needs to await readiness (a server may just let the peer be); a close before it is not unhandled.
    this.readyDeferred.promise.catch(() => {});
    // Built before any timer or listener exists, so that a claim we cannot sign leaves nothing behind.
    const handshake = this.ourHandshake();

    this.readTimer = setTimeout(() => {
      this.close(`no message for ${this.readTimeoutMs} ms`);
    }, this.readTimeoutMs);
    this.pingTimer = setInterval(() => this.onPingTick(), options.pingIntervalMs ?? 22_500);

    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err: Error) => this.close(`socket error: ${err.message}`));
    socket.on('end', () => this.close('closed by the peer'));
    socket.on('close', () => {
      this.close('closed by the peer');
      clearTimeout(this.closeTimer);
      this.closedDeferred.resolve(this.closeReason!);
    });

    this.send({ kind: 'handshake', handshake });
  }

  private get readTimeoutMs(): number {
    return this.options.readTimeoutMs ?? 30_000;
  }

  /** True once both Handshakes and their PeerList are in. */
  get ready(): boolean {
    return this.isReady;
  }

  /** Their Handshake, once received and accepted. */
  get handshake(): Handshake | undefined {
    return this.theirHandshake;
  }

  get isClosed(): boolean {
    return this.closeReason !== undefined;
  }

  /** Resolves when ready; rejects if the connection closes first. */
  whenReady(): Promise<void> {
    return this.readyDeferred.promise;
  }

  /**
   * Sends an AppRequest and waits for its AppResponse or AppError (matched on chain id and request id). Rejects
   * after `timeoutMs` (which is also the deadline sent, in relative nanoseconds) or when the connection closes.
   */
  appRequest(
    chainId: Uint8Array,
    appBytes: Uint8Array,
    timeoutMs = DEFAULT_APP_REQUEST_TIMEOUT_MS,
  ): Promise<AppReply> {
    if (this.closeReason !== undefined) {
      return Promise.reject(new Error(`connection to ${this.nodeIdText} is closed: ${this.closeReason}`));
    }
    if (!this.isReady) return Promise.reject(new Error(`connection to ${this.nodeIdText} is not ready`));
    const requestId = this.takeRequestId();
    const { promise, resolve, reject } = deferred<AppReply>();
    const timer = setTimeout(() => {
      this.pending.delete(requestId);
      reject(new Error(`AppRequest ${requestId} to ${this.nodeIdText} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    this.pending.set(requestId, { chainId, resolve, reject, timer });
    this.send({
      kind: 'appRequest',
      chainId,
      requestId,
      deadline: BigInt(Math.max(1, Math.round(timeoutMs))) * 1_000_000n,
      appBytes,
    });
    return promise;
  }

  appGossip(chainId: Uint8Array, appBytes: Uint8Array): void {
    if (this.isReady) this.send({ kind: 'appGossip', chainId, appBytes });
  }

  /** Asks for validator IPs we do not know yet (`knownPeers`: default, an empty filter). Answers go to onPeerList. */
  getPeerList(knownPeers?: KnownPeers): void {
    if (!this.isReady) return;
    this.send({
      kind: 'getPeerList',
      knownPeers: knownPeers ?? { filter: EMPTY_BLOOM_FILTER_BYTES, salt: new Uint8Array(0) },
      allSubnets: this.options.allSubnets ?? true,
    });
  }

  /** Ends the connection (TLS close_notify, then FIN); idempotent. */
  close(reason = 'closed locally'): void {
    if (this.closeReason !== undefined) return;
    this.closeReason = reason;
    clearInterval(this.pingTimer);
    clearTimeout(this.readTimer);
    const error = new Error(`connection to ${this.nodeIdText} closed: ${reason}`);
    for (const [requestId, request] of this.pending) {
      clearTimeout(request.timer);
      this.pending.delete(requestId);
      request.reject(error);
    }
    if (!this.isReady) {
      this.readyDeferred.reject(
        new Error(`connection to ${this.nodeIdText} closed before the handshake finished: ${reason}`),
      );
    }
    this.options.onClose?.(this, reason);
    if (this.socket.destroyed) return;
    this.socket.end();
    this.closeTimer = setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS);
  }

  private takeRequestId(): number {
    let id = this.nextRequestId;
    while (this.pending.has(id)) id = (id + 2) >>> 0;
    // Stepping by 2 from an odd number stays odd through the u32 wrap-around.
    this.nextRequestId = (id + 2) >>> 0;
    return id;
  }

  private ourHandshake(): Handshake {
    const listening = this.direction === 'inbound';
    return buildHandshake({
      networkId: this.options.networkId,
      nowSeconds: Date.now() / 1000,
      signedIp: signedIpOf(
        this.identity,
        this.options.claimedIp ?? (listening ? (this.socket.localAddress ?? '0.0.0.0') : '0.0.0.0'),
        this.options.claimedPort ?? (listening ? (this.socket.localPort ?? 1) : 1),
      ),
      upgradeTime: Number.isFinite(this.compatibility.upgradeTime) ? this.compatibility.upgradeTime : 0,
      trackedSubnets: this.options.trackedSubnets,
      supportedAcps: this.options.supportedAcps,
      objectedAcps: this.options.objectedAcps,
      allSubnets: this.options.allSubnets ?? true,
      client: this.options.client,
    });
  }

  private send(message: OutboundMessage): void {
    if (this.closeReason !== undefined || this.socket.destroyed) return;
    this.socket.write(frame(encodeMessage(message)));
  }

  private onData(chunk: Buffer): void {
    if (this.closeReason !== undefined) return;
    this.readTimer.refresh();
    let bodies: Uint8Array[];
    try {
      bodies = this.reader.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch (err) {
      this.close(err instanceof FrameTooLargeError ? err.message : String(err));
      return;
    }
    for (const body of bodies) {
      if (this.closeReason !== undefined) return;
      let message: P2pMessage;
      try {
        message = decodeMessage(body);
      } catch {
        // A node skips a message that does not parse and reads the next.
        continue;
      }
      this.onMessage(message);
    }
  }

  private onMessage(message: P2pMessage): void {
    switch (message.kind) {
      case 'ping':
        return this.onPing(message.uptime);
      case 'pong':
        if (this.pingsOutstanding === 0) return this.close('unsolicited pong');
        this.pingsOutstanding--;
        this.stats.pongsReceived++;
        return;
      case 'handshake':
        return this.onHandshake(message.handshake);
      case 'peerList':
        return this.onPeerList(message.claimedIpPorts);
      case 'getPeerList':
        return this.onGetPeerList(message.knownPeers, message.allSubnets);
      default:
    }
    if (!this.isReady) return;
    switch (message.kind) {
      case 'appRequest':
        void this.onAppRequest(message.chainId, message.requestId, message.deadline, message.appBytes);
        return;
      case 'appResponse':
        return this.settle(message.chainId, message.requestId, { bytes: message.appBytes });
      case 'appError':
        return this.settle(message.chainId, message.requestId, {
          error: { code: message.errorCode, message: message.errorMessage },
        });
      default:
      // AppGossip and consensus messages: nothing here handles them.
    }
  }

  private onPing(uptime: number): void {
    if (uptime > 100) return this.close(`ping with uptime ${uptime}`);
    this.stats.pingsReceived++;
    this.send({ kind: 'pong' });
  }

  private onPingTick(): void {
    if (this.isReady && this.theirHandshake) {
      const reason = this.stillAcceptable(this.theirHandshake);
      if (reason) return this.close(reason);
    }
    const uptime = Math.max(0, Math.min(100, Math.floor(this.options.uptime?.(this.nodeId) ?? 0)));
    this.pingsOutstanding++;
    this.stats.pingsSent++;
    this.send({ kind: 'ping', uptime });
  }

  /** What a node re-checks on each ping tick: the version (an upgrade may have passed) and a validator's BLS key. */
  private stillAcceptable(handshake: Handshake): string | undefined {
    const client = handshake.client ?? { name: '', major: 0, minor: 0, patch: 0 };
    if (!isCompatibleVersion(client, this.compatibility, Date.now() / 1000))
      return 'version no longer compatible';
    const key = this.options.validatorBlsKey?.(this.nodeId);
    if (!key || (this.verifiedBlsKey && equalBytes(key, this.verifiedBlsKey))) return undefined;
    const signed = signedIpBytes(handshake.ipAddr, handshake.ipPort & 0xffff, handshake.ipSigningTime);
    if (!verifyProofOfPossession(key, handshake.ipBlsSig, signed)) return 'invalid BLS signature';
    this.verifiedBlsKey = key;
    return undefined;
  }

  private onHandshake(handshake: Handshake): void {
    if (this.theirHandshake) return this.close('second handshake');
    const validatorBlsKey = this.options.validatorBlsKey?.(this.nodeId);
    const reason = checkHandshake(handshake, {
      networkId: this.options.networkId,
      nowSeconds: Date.now() / 1000,
      peerKey: this.peerKey,
      compatibility: this.compatibility,
      validatorBlsKey,
    });
    if (reason) return this.close(`handshake: ${reason}`);
    this.theirHandshake = handshake;
    this.verifiedBlsKey = validatorBlsKey;
    const filter = handshake.knownPeers ? parseBloomFilter(handshake.knownPeers.filter) : undefined;
    this.send({ kind: 'peerList', claimedIpPorts: this.peerIpsFor(filter, handshake.knownPeers?.salt) });
  }

  private onGetPeerList(knownPeers: KnownPeers | undefined, _allSubnets: boolean): void {
    if (!this.isReady) return;
    let filter: BloomFilter;
    try {
      filter = parseBloomFilter(knownPeers?.filter ?? new Uint8Array(0));
    } catch (err) {
      return this.close(`GetPeerList filter: ${(err as Error).message}`);
    }
    const salt = knownPeers?.salt ?? new Uint8Array(0);
    if (salt.length > MAX_BLOOM_SALT_BYTES) return this.close(`GetPeerList salt of ${salt.length} bytes`);
    const entries = this.peerIpsFor(filter, salt);
    if (entries.length > 0) this.send({ kind: 'peerList', claimedIpPorts: entries });
  }

  /** Up to 15 of the IPs we offer, at random, leaving out the requester's own and those in its filter. */
  private peerIpsFor(filter: BloomFilter | undefined, salt: Uint8Array | undefined): ClaimedIpPort[] {
    const candidates = (this.options.peerIps?.() ?? []).filter((entry) => {
      const nodeId = nodeIdOfCertificate(entry.certificate);
      if (equalBytes(nodeId, this.nodeId)) return false;
      return (
        !filter ||
        !bloomContains(filter, bloomHash(gossipId(nodeId, entry.timestamp), salt ?? new Uint8Array(0)))
      );
    });
    for (let i = candidates.length - 1; i > 0; i--) {
      const j = randomInt(0, i + 1);
      [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
    }
    return candidates.slice(0, MAX_PEER_LIST_ENTRIES);
  }

  private onPeerList(entries: ClaimedIpPort[]): void {
    if (!this.isReady) {
      // A PeerList before their Handshake does not count.
      if (!this.theirHandshake) return;
      this.isReady = true;
      this.readyDeferred.resolve();
    }
    const maxTimestamp = BigInt(Math.floor(Date.now() / 1000) + MAX_CLOCK_DIFFERENCE_SECONDS);
    const verified: PeerListEntry[] = [];
    for (const entry of entries) {
      let key: StakingPublicKey;
      try {
        key = parseStakingCertificate(entry.certificate);
      } catch (err) {
        return this.close(`PeerList certificate: ${(err as Error).message}`);
      }
      if (entry.ipAddr.length !== 4 && entry.ipAddr.length !== 16)
        return this.close('PeerList IP of bad length');
      if ((entry.ipPort & 0xffff) === 0) return this.close('PeerList port 0');
      if (entry.timestamp > maxTimestamp) return this.close('PeerList timestamp too far in the future');
      const signed = signedIpBytes(entry.ipAddr, entry.ipPort & 0xffff, entry.timestamp);
      if (!verifyStakingSignature(key.key, signed, entry.signature))
        return this.close('PeerList invalid signature');
      verified.push({
        nodeId: nodeIdOfCertificate(entry.certificate),
        ip: formatIpAddress(entry.ipAddr),
        port: entry.ipPort & 0xffff,
        entry,
      });
    }
    if (verified.length > 0) this.options.onPeerList?.(verified, this);
  }

  private async onAppRequest(
    chainId: Uint8Array,
    requestId: number,
    deadlineNs: bigint,
    appBytes: Uint8Array,
  ): Promise<void> {
    // A deadline of 0 has already passed: the node drops it, as it drops a request for a chain it does not run.
    if (deadlineNs === 0n) return;
    if (this.options.servesChain && !this.options.servesChain(chainId)) return;
    this.stats.appRequestsReceived++;
    const deadline = Date.now() + Math.min(Number(deadlineNs / 1_000_000n), MAX_INBOUND_DEADLINE_MS);
    const parsed = parseHandlerPrefix(appBytes);
    const handler =
      parsed && parsed.handlerId <= BigInt(Number.MAX_SAFE_INTEGER)
        ? this.options.appRequestHandlers?.get(Number(parsed.handlerId))
        : undefined;
    let reply: AppReply | undefined;
    if (!parsed || !handler) {
      reply = { error: { ...APP_ERRORS.unregisteredHandler } };
    } else {
      try {
        reply = await handler({
          nodeId: this.nodeId,
          chainId,
          requestId,
          deadline,
          handlerId: parsed.handlerId,
          body: parsed.body,
        });
      } catch (err) {
        reply = { error: { code: APP_ERRORS.unexpected.code, message: (err as Error).message } };
      }
    }
    if (!reply) return;
    if ('bytes' in reply) this.send({ kind: 'appResponse', chainId, requestId, appBytes: reply.bytes });
    else {
      this.send({
        kind: 'appError',
        chainId,
        requestId,
        errorCode: reply.error.code,
        errorMessage: reply.error.message,
      });
    }
  }

  private settle(chainId: Uint8Array, requestId: number, reply: AppReply): void {
    const request = this.pending.get(requestId);
    if (!request || !equalBytes(request.chainId, chainId)) return;
    this.pending.delete(requestId);
    clearTimeout(request.timer);
    request.resolve(reply);
  }
}

function tlsOptions(identity: PeerIdentity) {
  return {
    key: identity.certificate.privateKeyPem,
    cert: identity.certificate.certificatePem,
    minVersion: 'TLSv1.3' as const,
    maxVersion: 'TLSv1.3' as const,
    // No CA: a peer is its certificate's key, checked below as avalanchego does.
    rejectUnauthorized: false,
  };
}

function remoteCertificate(socket: TLSSocket): { certificate: Uint8Array; key: StakingPublicKey } {
  const raw = (socket.getPeerCertificate(true) as { raw?: Buffer } | null)?.raw;
  if (!raw || raw.length === 0) throw new Error('no certificate');
  const certificate = new Uint8Array(raw);
  return { certificate, key: parseStakingCertificate(certificate) };
}

/**
 * Dials a peer and resolves once the connection is ready. Rejects when TLS fails, when the peer's certificate is
 * not acceptable (or not `expectedNodeId`'s), when the connection closes first (a node closes silently on a
 * Handshake it rejects), or after handshakeTimeoutMs.
 */
export function connectPeer(
  address: { host: string; port: number },
  identity: PeerIdentity,
  options: PeerOptions & { expectedNodeId?: Uint8Array },
): Promise<Peer> {
  const target = `${address.host}:${address.port}`;
  const timeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const invalid = optionsError(options);
  if (invalid) return Promise.reject(invalid);
  return new Promise<Peer>((resolve, reject) => {
    let peer: Peer | undefined;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (peer) peer.close(err.message);
      else socket.destroy();
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new Error(`no p2p handshake with ${target} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const socket = connect({
      ...tlsOptions(identity),
      host: address.host,
      port: address.port,
      checkServerIdentity: () => undefined,
    });
    socket.on('error', (err: Error) => {
      if (!peer) fail(new Error(`TLS connection to ${target} failed: ${err.message}`, { cause: err }));
    });
    socket.on('close', () => {
      if (!peer) fail(new Error(`connection to ${target} closed during TLS`));
    });
    socket.once('secureConnect', () => {
      let remote: { certificate: Uint8Array; key: StakingPublicKey };
      try {
        remote = remoteCertificate(socket);
      } catch (err) {
        fail(new Error(`${target} presented an unacceptable certificate: ${(err as Error).message}`));
        return;
      }
      const nodeId = nodeIdOfCertificate(remote.certificate);
      if (options.expectedNodeId && !equalBytes(nodeId, options.expectedNodeId)) {
        fail(new Error(`${target} is ${formatNodeId(nodeId)}, not ${formatNodeId(options.expectedNodeId)}`));
        return;
      }
      try {
        peer = new Peer(socket, remote, identity, options, 'outbound');
      } catch (err) {
        fail(new Error(`cannot start a peer on ${target}: ${(err as Error).message}`, { cause: err }));
        return;
      }
      peer.whenReady().then(
        () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(peer!);
        },
        (err: Error) => fail(new Error(`${target}: ${err.message}`)),
      );
    });
  });
}

export interface PeerServer {
  host: string;
  port: number;
  /** The connections that are ready. */
  peers(): Peer[];
  close(): Promise<void>;
}

/**
 * A TLS server that accepts peers on one port: a client certificate is required and checked as avalanchego does;
 * a connection from ourselves or from a NodeID already connected (or connecting) is dropped. `onPeer` sees each
 * connection once it is ready.
 */
export function listenPeers(
  identity: PeerIdentity,
  options: PeerOptions & { host?: string; port?: number; onPeer?: (peer: Peer) => void },
): Promise<PeerServer> {
  const timeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const invalid = optionsError(options);
  if (invalid) return Promise.reject(invalid);
  const connections = new Map<string, Peer>();
  const ourNodeId = identity.certificate.nodeId;
  const server = createServer({ ...tlsOptions(identity), requestCert: true, handshakeTimeout: timeoutMs });
  // TLS failures (a client without a certificate, a bad version) end that socket only.
  server.on('tlsClientError', () => {});
  // Connections still in TLS are not peers yet; close() ends them too, rather than wait out the TLS timeout.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    socket.on('error', () => {});
    let remote: { certificate: Uint8Array; key: StakingPublicKey };
    try {
      remote = remoteCertificate(socket);
    } catch {
      socket.destroy();
      return;
    }
    const nodeId = nodeIdOfCertificate(remote.certificate);
    const key = Buffer.from(nodeId).toString('hex');
    if (equalBytes(nodeId, ourNodeId) || connections.has(key)) {
      socket.destroy();
      return;
    }
    let peer: Peer;
    try {
      peer = new Peer(socket, remote, identity, options, 'inbound');
    } catch {
      // Only our own claim can fail here (an address we cannot sign); the caller sees no peer.
      socket.destroy();
      return;
    }
    connections.set(key, peer);
    const handshakeTimer = setTimeout(() => peer.close(`no p2p handshake within ${timeoutMs} ms`), timeoutMs);
    void peer.closed.then(() => {
      clearTimeout(handshakeTimer);
      if (connections.get(key) === peer) connections.delete(key);
    });
    peer.whenReady().then(
      () => {
        clearTimeout(handshakeTimer);
        options.onPeer?.(peer);
      },
      () => {},
    );
  });
  return new Promise<PeerServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (!address || typeof address === 'string') {
        reject(new Error('the peer server has no TCP address'));
        return;
      }
      resolve({
        host: address.address,
        port: address.port,
        peers: () => [...connections.values()].filter((p) => p.ready && !p.isClosed),
        close: async () => {
          const serverClosed = new Promise<void>((done) => server.close(() => done()));
          const all = [...connections.values()];
          for (const peer of all) peer.close('server closing');
          await Promise.all(all.map((peer) => peer.closed));
          for (const socket of sockets) socket.destroy();
          await serverClosed;
        },
      });
    });
  });
}
