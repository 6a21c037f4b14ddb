/**
 * The devnet's validators as peers of an Avalanche network: each validator that can sign at the P-Chain's tip (the
 * primary network's current validators with a BLS key, the L1's active validators) listens on its own port with its
 * staking certificate, the devnet's network id and its registered BLS key for its IP signature, and answers
 * Ping, GetPeerList (the signed IPs of the other validators) and ACP-118 AppRequests (acp118.ts) as avalanchego
 * does. The devnet's own node (the one its node APIs answer as) listens from the start. Listeners follow the
 * validator set as the devnet's history moves: a validator that joins starts one, one that leaves closes it. Each
 * keeps its port across restarts (a fault switched off and on), as a node keeps its address.
 *
 * Which chains a node runs: every node syncs the P-, X- and C-Chain (avalanchego's default); the L1's validators
 * and the own node (whose APIs serve the L1) also track the L1. A request for another chain is dropped without a
 * reply; the X-Chain registers no ACP-118 handler (AppError −2).
 *
 * Faults per validator, for tests: `offline` (its listener is closed), `slow` (answers signature requests after
 * `slowMs`), `wrong-signature` (signs with a key nobody registered), `app-error` (AppError −1), `hangup` (accepts
 * TLS, then closes before its Handshake).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isIPv6 } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import type { Socket } from 'node:net';
import type Router from '@koa/router';
import { signatureRequestHandler } from '../runtime/avalanche/p2p/acp118.ts';
import { ipAddressBytes, signedIpBytes } from '../runtime/avalanche/p2p/handshake.ts';
import type { ClaimedIpPort, Client } from '../runtime/avalanche/p2p/messages.ts';
import { listenPeers, type PeerIdentity, type PeerServer } from '../runtime/avalanche/p2p/peer.ts';
import { APP_ERRORS, HANDLER_IDS } from '../runtime/avalanche/p2p/sdk.ts';
import { signWithStakingKey } from '../runtime/avalanche/p2p/staking-certificate.ts';
import { formatNodeId } from '../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../runtime/formatting/cb58.ts';
import { readRequestBody } from '../runtime/http/request-body.ts';
import type { Logger } from '../runtime/logger.ts';
import {
  answerSignatureRequest,
  evmVerifier,
  pChainVerifier,
  SignatureCache,
  type SigningChain,
} from './acp118.ts';
import { blsSignMessage, deriveBlsKey } from './bls.ts';
import type { Devnet } from './network.ts';
import type { DevnetValidator } from './p-chain-staking.ts';
import { l1WeightAt } from './p-chain-staking.ts';
import { stakersAt } from './validator-sets.ts';

/**
 * The avalanchego release the devnet's nodes are (version/constants.go Current): their Handshakes claim it, and
 * info.getNodeVersion and info.peers report it.
 */
export const NODE_VERSION: Client = { name: 'avalanchego', major: 1, minor: 14, patch: 2 };

export const WARP_FAULTS = ['none', 'offline', 'slow', 'wrong-signature', 'app-error', 'hangup'] as const;
export type WarpFault = (typeof WARP_FAULTS)[number];

export interface DevnetPeersOptions {
  /** The IP address every validator listens on and claims. */
  host: string;
  slowMs: number;
  /** Faults by NodeID; entries for validators not (yet) current wait for them. */
  faults: Map<string, WarpFault>;
  log?: Logger;
}

/** avalanchego's ping period (network/config.go PingFrequency): peers exchange a message at least this often. */
const PING_PERIOD_MS = 22_500;

/** One peer of `info.peers`, as avalanchego's api/info Peer (network/peer.Info and the benched chains) writes it. */
export interface PeerInfoJson {
  ip: string;
  publicIP: string;
  nodeID: string;
  version: string;
  upgradeTime: number;
  lastSent: string;
  lastReceived: string;
  observedUptime: string;
  trackedSubnets: string[];
  supportedACPs: number[];
  objectedACPs: number[];
  benched: string[];
}

type Listener = { mode: 'peer'; server: PeerServer } | { mode: 'hangup'; server: HangupServer };
type Mode = 'closed' | Listener['mode'];

interface PeerNode {
  validator: DevnetValidator;
  identity: PeerIdentity;
  /** Chain ids (hex) it runs. */
  chains: Set<string>;
  trackedSubnets: Uint8Array[];
  cache: SignatureCache;
  /** Chosen by the OS on the first listen, kept after. */
  port: number | undefined;
  listener: Listener | undefined;
  listeningSince: number;
  /** Its signed IP as other peers hand it out in PeerLists, made when it starts listening. */
  claim: ClaimedIpPort | undefined;
}

/** `1.2.3.4:9651`, `[::1]:9651`: netip.AddrPort's text. */
function addrPort(host: string, port: number): string {
  return isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
}

/** When a peer pinged at `periodMs` since `sinceMs` last did so, at `nowMs`. */
function lastPingTime(sinceMs: number, nowMs: number, periodMs = PING_PERIOD_MS): number {
  return sinceMs + Math.floor(Math.max(0, nowMs - sinceMs) / periodMs) * periodMs;
}

/** Go's time.Time in JSON (RFC 3339, fractional seconds without trailing zeros). */
function goTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.?0+Z$/, 'Z');
}

/** set.Set's JSON: its elements' JSON, sorted bytewise. */
function sortedSet(values: string[]): string[] {
  return [...values].sort((a, b) =>
    Buffer.compare(Buffer.from(JSON.stringify(a)), Buffer.from(JSON.stringify(b))),
  );
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export class DevnetPeers {
  private readonly devnet: Devnet;
  private readonly options: DevnetPeersOptions;
  private readonly nodes = new Map<string, PeerNode>();
  private readonly own: DevnetValidator;
  private readonly chains: Map<string, SigningChain>;
  private readonly impostor = deriveBlsKey('devnet', 'impostor');
  private readonly unsubscribe: () => void;
  // Listener changes happen one at a time, in order.
  private queue: Promise<void> = Promise.resolve();
  private syncQueued = false;
  private closed = false;

  /** Starts the own node's listener and those of the validators current now; follows the devnet from then on. */
  static async start(devnet: Devnet, options: DevnetPeersOptions): Promise<DevnetPeers> {
    const peers = new DevnetPeers(devnet, options);
    peers.requestSync();
    await peers.queue;
    return peers;
  }

  private constructor(devnet: Devnet, options: DevnetPeersOptions) {
    this.devnet = devnet;
    this.options = options;
    this.own = devnetNode(devnet);
    this.chains = signingChains(devnet);
    this.unsubscribe = devnet.onAdvance(() => this.requestSync());
  }

  /** The node the devnet's APIs answer as. */
  get ownNode(): DevnetValidator {
    return this.own;
  }

  /** The own node's address (its port is chosen when it first listens, at start). */
  ownAddress(): string {
    return addrPort(this.options.host, this.nodes.get(this.own.nodeId)?.port ?? 0);
  }

  /**
   * The own node's peers: every other validator it can hold a connection with, as `info.peers` lists them; with
   * `nodeIds`, those of them in that order (network.PeerInfo).
   */
  peerInfo(nodeIds: string[] = []): PeerInfoJson[] {
    const connected = new Map(
      this.connectable()
        .filter((node) => node.validator.nodeId !== this.own.nodeId)
        .map((node) => [node.validator.nodeId, node]),
    );
    const listed =
      nodeIds.length === 0
        ? [...connected.values()]
        : nodeIds.flatMap((nodeId) => connected.get(nodeId) ?? []);
    const now = Date.now();
    return listed.map((node) => {
      const address = addrPort(this.options.host, node.port!);
      const last = goTime(lastPingTime(node.listeningSince, now));
      return {
        ip: address,
        publicIP: address,
        nodeID: node.validator.nodeId,
        version: `${NODE_VERSION.name}/${NODE_VERSION.major}.${NODE_VERSION.minor}.${NODE_VERSION.patch}`,
        upgradeTime: this.devnet.parameters.identity.upgrades.helicon,
        lastSent: last,
        lastReceived: last,
        // Every devnet node is always up: each sees the others at 100%.
        observedUptime: '100',
        trackedSubnets: sortedSet(node.trackedSubnets.map(encodeCb58)),
        supportedACPs: [],
        objectedACPs: [],
        benched: [],
      };
    });
  }

  /** Whether `nodeId` is a node whose fault can be set: the own node or a validator that can sign now. */
  knows(nodeId: string): boolean {
    return nodeId === this.own.nodeId || this.wanted().has(nodeId);
  }

  /** Sets a fault and waits until the listener is as the fault wants it. */
  async setFault(nodeId: string, fault: WarpFault): Promise<void> {
    this.options.faults.set(nodeId, fault);
    this.requestSync();
    await this.queue;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    await this.queue;
    await Promise.all([...this.nodes.values()].map((node) => this.stop(node)));
  }

  private fault(nodeId: string): WarpFault {
    return this.options.faults.get(nodeId) ?? 'none';
  }

  /** The nodes that should be up, by NodeID: the own node and the validators that can sign at the tip. */
  private wanted(): Map<string, { validator: DevnetValidator; tracksL1: boolean }> {
    const wanted = new Map([[this.own.nodeId, { validator: this.own, tracksL1: true }]]);
    for (const { validator, subnet } of this.devnet.signingValidators()) {
      if (!wanted.has(validator.nodeId))
        wanted.set(validator.nodeId, { validator, tracksL1: subnet === 'l1' });
    }
    return wanted;
  }

  /** Nodes whose listener completes a Handshake: what a node would be connected to. */
  private connectable(): PeerNode[] {
    return [...this.nodes.values()].filter((node) => node.listener?.mode === 'peer');
  }

  private desiredMode(nodeId: string, wanted: boolean): Mode {
    const fault = this.fault(nodeId);
    if (!wanted || this.closed || fault === 'offline') return 'closed';
    return fault === 'hangup' ? 'hangup' : 'peer';
  }

  /** Queues a reconciliation unless one is already waiting (it will read the state as it is when it runs). */
  private requestSync(): void {
    if (this.syncQueued || this.closed) return;
    this.syncQueued = true;
    this.queue = this.queue.then(async () => {
      this.syncQueued = false;
      try {
        await this.reconcile();
      } catch (err) {
        this.options.log?.error({ err }, 'devnet peers: listener change failed');
      }
    });
  }

  private async reconcile(): Promise<void> {
    const wanted = this.wanted();
    for (const [nodeId, { validator, tracksL1 }] of wanted) {
      if (!this.nodes.has(nodeId)) this.nodes.set(nodeId, this.newNode(validator, tracksL1));
    }
    for (const [nodeId, node] of this.nodes) {
      const mode = this.desiredMode(nodeId, wanted.has(nodeId));
      if ((node.listener?.mode ?? 'closed') === mode) continue;
      await this.stop(node);
      if (mode === 'peer') await this.listen(node);
      else if (mode === 'hangup') await this.hangUp(node);
      this.options.log?.debug({ nodeId, mode, port: node.port }, 'devnet peer listener');
    }
  }

  private newNode(validator: DevnetValidator, tracksL1: boolean): PeerNode {
    const { identity } = this.devnet.parameters;
    const chains = [new Uint8Array(32), decodeCb58(identity.xChainId), decodeCb58(identity.cChainId)];
    if (tracksL1) chains.push(decodeCb58(this.devnet.l1.blockchainId));
    return {
      validator,
      identity: { certificate: validator.certificate, blsSecretKey: validator.bls.secretKey },
      chains: new Set(chains.map(hex)),
      trackedSubnets: tracksL1 ? [decodeCb58(this.devnet.l1.subnetId)] : [],
      cache: new SignatureCache(),
      port: undefined,
      listener: undefined,
      listeningSince: 0,
      claim: undefined,
    };
  }

  private async stop(node: PeerNode): Promise<void> {
    const listener = node.listener;
    node.listener = undefined;
    await listener?.server.close();
  }

  /** Binds the node's port again when it has one; another process may have taken it, then the OS picks a new one. */
  private async bind<T>(node: PeerNode, open: (port: number) => Promise<T>): Promise<T> {
    if (node.port === undefined) return open(0);
    try {
      return await open(node.port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      this.options.log?.warn({ nodeId: node.validator.nodeId, port: node.port }, 'devnet peer port taken');
      return open(0);
    }
  }

  private async listen(node: PeerNode): Promise<void> {
    const { identity } = this.devnet.parameters;
    const server = await this.bind(node, (port) =>
      listenPeers(node.identity, {
        host: this.options.host,
        port,
        networkId: identity.networkId,
        heliconTime: identity.upgrades.helicon,
        client: NODE_VERSION,
        trackedSubnets: node.trackedSubnets,
        appRequestHandlers: new Map([[HANDLER_IDS.signatureRequest, this.signatureHandler(node)]]),
        servesChain: (chainId) => node.chains.has(hex(chainId)),
        peerIps: () => this.peerIps(node),
        validatorBlsKey: (nodeId) => this.primaryValidatorKey(formatNodeId(nodeId)),
        uptime: (nodeId) => (this.primaryValidatorKey(formatNodeId(nodeId)) ? 100 : 0),
      }),
    );
    this.listening(node, server.port);
    node.listener = { mode: 'peer', server };
  }

  private async hangUp(node: PeerNode): Promise<void> {
    const server = await this.bind(node, (port) => listenHangingUp(node.identity, this.options.host, port));
    this.listening(node, server.port);
    node.listener = { mode: 'hangup', server };
  }

  private listening(node: PeerNode, port: number): void {
    if (node.port !== port || !node.claim) {
      node.port = port;
      const timestamp = BigInt(Math.floor(Date.now() / 1000));
      const ipAddr = ipAddressBytes(this.options.host);
      node.claim = {
        certificate: node.validator.certificate.der,
        ipAddr,
        ipPort: port,
        timestamp,
        signature: signWithStakingKey(
          node.validator.certificate.privateKey,
          signedIpBytes(ipAddr, port, timestamp),
        ),
        txId: new Uint8Array(32),
      };
    }
    node.listeningSince = Date.now();
  }

  /** A node hands out the signed IPs of the validators it is connected to; each devnet node is connected to all. */
  private peerIps(self: PeerNode): ClaimedIpPort[] {
    const validators = new Set(this.devnet.signingValidators().map(({ validator }) => validator.nodeId));
    return this.connectable()
      .filter((node) => node !== self && validators.has(node.validator.nodeId))
      .map((node) => node.claim!);
  }

  private primaryValidatorKey(nodeId: string): Uint8Array | undefined {
    const { staking, tip } = this.devnet.pChain;
    return stakersAt(staking, tip.height).find((s) => s.kind === 'validator' && s.nodeId === nodeId)?.bls
      ?.publicKey;
  }

  private signatureHandler(node: PeerNode) {
    return signatureRequestHandler(async (request, inbound) => {
      const fault = this.fault(node.validator.nodeId);
      if (fault === 'slow') await sleep(this.options.slowMs, undefined, { ref: false });
      if (fault === 'app-error') return { error: { ...APP_ERRORS.unexpected } };
      const chain = this.chains.get(hex(inbound.chainId));
      // The X-Chain runs no ACP-118 handler.
      if (!chain) return { error: { ...APP_ERRORS.unregisteredHandler } };
      const answer = answerSignatureRequest(chain, request, node.validator.bls.secretKey, node.cache);
      if ('signature' in answer && fault === 'wrong-signature') {
        return { signature: blsSignMessage(request.message, this.impostor.secretKey) };
      }
      return answer;
    });
  }
}

/** The node the devnet's APIs answer as: the first primary-network validator that registered a BLS key. */
export function devnetNode(devnet: Devnet): DevnetValidator {
  return devnet.pChain.staking.primaryValidators[2]!;
}

/** The ACP-118 signers of the chains with a handler: the P-Chain, the C-Chain (coreth) and the L1 (Subnet-EVM). */
function signingChains(devnet: Devnet): Map<string, SigningChain> {
  const { networkId } = devnet.parameters.identity;
  const { staking } = devnet.pChain;
  const l1Validator = (validationId: Uint8Array) =>
    staking.l1Validators.find(
      (v) => v.convertedAtHeight <= devnet.pChain.tip.height && hex(v.validationId) === hex(validationId),
    );
  const evm = (entry: Devnet['cChain'], flavor: 'coreth' | 'subnet-evm'): SigningChain => {
    const chainId = entry.chain.spec.warp.blockchainId;
    return {
      chainId,
      networkId,
      cached: true,
      verify: evmVerifier({
        flavor,
        chainId,
        messages: devnet.warp,
        acceptedBlock: (hash) => entry.chain.blockByHash(`0x${hex(hash)}`) !== undefined,
        // Devnet validators are never down: a validation has been up since it started.
        uptimeSeconds: (validationId) => {
          const validator = l1Validator(validationId);
          return validator && devnet.pChain.tip.timeSeconds - validator.startSeconds;
        },
      }),
    };
  };
  const pChainId = new Uint8Array(32);
  const chains: SigningChain[] = [
    {
      chainId: pChainId,
      networkId,
      cached: false,
      verify: pChainVerifier({
        conversionId: (subnetId) =>
          encodeCb58(subnetId) === staking.subnetId && devnet.pChain.tip.height >= 3n
            ? staking.conversionId
            : undefined,
        l1Validator: (validationId) => {
          const validator = l1Validator(validationId);
          // Weight changes are made with consecutive nonces from 0, so the next one expected is their count.
          return (
            validator && {
              minNonce: BigInt(validator.weightChanges?.length ?? 0),
              weight: l1WeightAt(validator, devnet.pChain.tip.height),
            }
          );
        },
        timestampSeconds: () => devnet.pChain.tip.timeSeconds,
      }),
    },
    evm(devnet.cChain, 'coreth'),
    evm(devnet.l1Chain, 'subnet-evm'),
  ];
  return new Map(chains.map((chain) => [hex(chain.chainId), chain]));
}

interface HangupServer {
  port: number;
  close(): Promise<void>;
}

/** A TLS server with the node's certificate that closes every connection once TLS is done, before any Handshake. */
function listenHangingUp(identity: PeerIdentity, host: string, port: number): Promise<HangupServer> {
  const server: TlsServer = createTlsServer({
    key: identity.certificate.privateKeyPem,
    cert: identity.certificate.certificatePem,
    minVersion: 'TLSv1.3',
    maxVersion: 'TLSv1.3',
    requestCert: true,
    rejectUnauthorized: false,
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => {});
  server.on('secureConnection', (socket: TLSSocket) => {
    socket.on('error', () => {});
    socket.destroy();
  });
  return new Promise<HangupServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as { port: number }).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}

/**
 * `PUT /ext/devnet/acp118/<NodeID>/fault` with `{"fault": "<one of WARP_FAULTS>"}`: answers once the validator's
 * listener is as the fault wants it. 404 for a node that is neither the own node nor a validator that can sign now.
 */
export function mountPeerFaults(router: Router, peers: DevnetPeers): void {
  router.put('/ext/devnet/acp118/:nodeId/fault', async (ctx) => {
    const nodeId = ctx.params.nodeId!;
    const body = await readRequestBody(ctx, 64 * 1024);
    let fault: unknown;
    try {
      fault = (JSON.parse(body?.toString('utf8') ?? '') as { fault?: unknown }).fault;
    } catch {
      fault = undefined;
    }
    if (!peers.knows(nodeId)) {
      ctx.status = 404;
      ctx.body = 'no such validator';
      return;
    }
    if (!WARP_FAULTS.includes(fault as WarpFault)) {
      ctx.status = 400;
      ctx.body = `fault must be one of ${WARP_FAULTS.join(', ')}`;
      return;
    }
    await peers.setFault(nodeId, fault as WarpFault);
    ctx.body = { nodeID: nodeId, fault };
  });
}
