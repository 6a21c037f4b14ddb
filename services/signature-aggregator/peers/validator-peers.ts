import type { Logger } from 'pino';
import { formatNodeId, parseNodeId } from '../../runtime/formatting/address.ts';
import { decodeSignatureResponse, signatureRequestAppBytes } from '../../runtime/avalanche/p2p/acp118.ts';
import { formatIpAddress } from '../../runtime/avalanche/p2p/handshake.ts';
import {
  connectPeer,
  type Peer,
  type PeerIdentity,
  type PeerOptions,
} from '../../runtime/avalanche/p2p/peer.ts';
import type { Upstream } from '../../runtime/upstream/client.ts';
import { decodeUnsignedWarpMessage } from '../../runtime/avalanche/warp.ts';
import { AskError, type SignatureRequest } from '../aggregate/aggregator.ts';

/**
 * The validators the aggregator talks to, as a peer of the Avalanche network: one connection per validator, dialled
 * when a request first needs it and kept for the next. Where a validator listens is learnt as ICM services learns it:
 * `info.peers` of the configured nodes (each peer's NodeID and public IP, the configured nodes themselves by
 * `info.getNodeID`/`info.getNodeIP`), and then the PeerLists validators send (signed IPs of the validators they are
 * connected to). A validator that cannot be reached is not dialled again before `redialAfterMs` (avalanchego waits
 * as long between dials of one node), so a request that meets it fails fast and the next one tries again.
 */
export interface ValidatorPeersOptions {
  identity: PeerIdentity;
  peer: PeerOptions;
  /** The nodes whose `info` API says where the network's peers are. */
  upstream: Upstream;
  log: Logger;
  /** How long one AppRequest may wait for its answer, at most (the request's own budget may cut it shorter). */
  appRequestTimeoutMs: number;
  redialAfterMs: number;
  /** How often the configured nodes are asked for their peers again. */
  refreshAddressesMs: number;
}

interface Dial {
  /** The connection being made or made; undefined after a failure, until `retryAt`. */
  peer: Promise<Peer> | undefined;
  /** The connection once made, until it closes (the dial is then forgotten). */
  open: Peer | undefined;
  retryAt: number;
  lastError: string | undefined;
}

export interface ValidatorPeersStatus {
  /** Validators whose address is known. */
  known: number;
  /** Connections ready now. */
  connected: number;
  /** Validators last dialled without success. */
  unreachable: number;
}

export class ValidatorPeers {
  private readonly options: ValidatorPeersOptions;
  /** NodeID text -> host and port. */
  private readonly addresses = new Map<string, { host: string; port: number }>();
  private readonly dials = new Map<string, Dial>();
  private addressesRefreshedAt = 0;
  private refreshing: Promise<void> | undefined;
  private closed = false;

  constructor(options: ValidatorPeersOptions) {
    this.options = options;
  }

  /**
   * Asks a validator node for its signature of `request` (the message's source chain is the AppRequest's chain):
   * the 96-byte signature, or an empty one when the node has not signed it yet. Failures are AskErrors.
   */
  async ask(nodeId: string, request: SignatureRequest, signal: AbortSignal): Promise<Uint8Array> {
    const peer = await this.peerOf(nodeId, signal);
    const { sourceChainId } = decodeUnsignedWarpMessage(request.message);
    let reply;
    try {
      reply = await abortable(
        peer.appRequest(
          sourceChainId,
          signatureRequestAppBytes(request.message, request.justification),
          this.options.appRequestTimeoutMs,
        ),
        signal,
      );
    } catch (err) {
      if (signal.aborted)
        throw new AskError('timeout', `${nodeId}: the request's budget ended`, { cause: err });
      const text = (err as Error).message;
      throw new AskError(/timed out/.test(text) ? 'timeout' : 'unreachable', text, { cause: err });
    }
    if ('error' in reply)
      throw new AskError('app-error', `${nodeId}: AppError ${reply.error.code} ${reply.error.message}`, {
        code: reply.error.code,
      });
    try {
      return decodeSignatureResponse(reply.bytes) ?? new Uint8Array(0);
    } catch {
      // A reply that is not a SignatureResponse of 96 bytes is an answer that does not verify: the aggregator counts
      // the node invalid and reports it.
      return reply.bytes;
    }
  }

  /** A ready connection to the validator, dialled if need be (concurrent callers share one dial). */
  async peerOf(nodeId: string, signal: AbortSignal): Promise<Peer> {
    if (this.closed) throw new AskError('unreachable', 'the aggregator is shutting down');
    let dial = this.dials.get(nodeId);
    if (dial?.open && !dial.open.isClosed) return dial.open;
    if (dial !== undefined && dial.peer === undefined) {
      const waitMs = dial.retryAt - Date.now();
      if (waitMs > 0)
        throw new AskError('unreachable', `${nodeId}: ${dial.lastError} (next dial in ${waitMs} ms)`);
    }
    if (dial?.peer === undefined) dial = this.startDial(nodeId);
    try {
      return await abortable(dial.peer!, signal);
    } catch (err) {
      if (err instanceof AskError) throw err;
      throw new AskError('unreachable', `${nodeId}: ${(err as Error).message}`, { cause: err });
    }
  }

  status(): ValidatorPeersStatus {
    const now = Date.now();
    return {
      known: this.addresses.size,
      connected: [...this.dials.values()].filter((d) => d.open?.ready && !d.open.isClosed).length,
      unreachable: [...this.dials.values()].filter((d) => d.peer === undefined && d.retryAt > now).length,
    };
  }

  close(): void {
    this.closed = true;
    for (const dial of this.dials.values()) dial.open?.close('the aggregator is shutting down');
    this.dials.clear();
  }

  /** A dial of the validator, remembered: its connection once made, or its failure until the back-off ends. */
  private startDial(nodeId: string): Dial {
    const dial: Dial = { peer: this.dial(nodeId), open: undefined, retryAt: 0, lastError: undefined };
    this.dials.set(nodeId, dial);
    dial.peer!.then(
      (peer) => {
        dial.open = peer;
        void peer.closed.then((reason) => {
          if (this.dials.get(nodeId) === dial) this.dials.delete(nodeId);
          this.options.log.debug({ nodeId, reason }, 'validator connection closed');
        });
      },
      (err: Error) => {
        dial.peer = undefined;
        dial.retryAt = Date.now() + this.options.redialAfterMs;
        dial.lastError = err.message;
        // The validator may have moved: its address is asked for again before the next dial.
        this.addresses.delete(nodeId);
      },
    );
    return dial;
  }

  private async dial(nodeId: string): Promise<Peer> {
    let address = this.addresses.get(nodeId);
    if (address === undefined) {
      await this.refreshAddresses(true);
      address = this.addresses.get(nodeId);
    }
    if (address === undefined) throw new Error('no address known (not among the configured nodes’ peers)');
    return connectPeer(address, this.options.identity, {
      ...this.options.peer,
      expectedNodeId: parseNodeId(nodeId),
      onPeerList: (entries) => {
        for (const { nodeId: id, entry } of entries)
          this.addresses.set(formatNodeId(id), { host: formatIpAddress(entry.ipAddr), port: entry.ipPort });
      },
    });
  }

  /**
   * The configured nodes' peers, asked again when `force`d (a validator not found), no more often than a validator
   * is dialled again.
   */
  private refreshAddresses(force: boolean): Promise<void> {
    const age = Date.now() - this.addressesRefreshedAt;
    if (age < (force ? Math.min(1_000, this.options.redialAfterMs) : this.options.refreshAddressesMs))
      return this.refreshing ?? Promise.resolve();
    this.refreshing ??= this.readAddresses().finally(() => {
      this.addressesRefreshedAt = Date.now();
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async readAddresses(): Promise<void> {
    const { upstream, log } = this.options;
    try {
      const [{ peers }, self, ip] = await Promise.all([
        upstream.call<{ peers: { nodeID: string; publicIP?: string; ip?: string }[] }>(
          '/ext/info',
          'info.peers',
          {},
        ),
        upstream.call<{ nodeID: string }>('/ext/info', 'info.getNodeID', {}),
        upstream.call<{ ip: string }>('/ext/info', 'info.getNodeIP', {}),
      ]);
      for (const peer of [...peers, { nodeID: self.nodeID, publicIP: ip.ip }]) {
        const address = hostPort(peer.publicIP ?? peer.ip ?? '');
        if (address !== undefined) this.addresses.set(peer.nodeID, address);
      }
    } catch (err) {
      log.warn(
        { err: (err as Error).message },
        'could not read the network’s peers from the configured nodes',
      );
    }
  }
}

/** `1.2.3.4:9651` or `[::1]:9651`. */
export function hostPort(text: string): { host: string; port: number } | undefined {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(text);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1]!, port } : undefined;
}

/** The promise, or a rejection as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: Error) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
