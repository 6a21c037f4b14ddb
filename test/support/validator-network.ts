/**
 * A network of validator peers in the test process, for the signature aggregator's tests and benchmark: each
 * validator a TLS peer on its own loopback port (the p2p library's server) with a seeded staking certificate and BLS
 * key, signing every ACP-118 request for the test's network; and a node's `info` API (gorilla JSON-RPC over HTTP)
 * that lists them as `info.peers` does. Faults per validator: slow, a wrong signature, an AppError, offline.
 */
import { createServer, type Server } from 'node:http';
import { blsSignMessage, deriveBlsKey, type BlsKey } from '../../services/devnet/bls.ts';
import { signatureRequestHandler } from '../../services/runtime/avalanche/p2p/acp118.ts';
import { listenPeers, type PeerServer } from '../../services/runtime/avalanche/p2p/peer.ts';
import { APP_ERRORS, HANDLER_IDS } from '../../services/runtime/avalanche/p2p/sdk.ts';
import {
  stakingCertificateFromSeed,
  type StakingCertificate,
} from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import { canonicalWarpSet, type WarpSet } from '../../services/runtime/avalanche/warp.ts';
import { formatNodeId } from '../../services/runtime/formatting/address.ts';

export type ValidatorFault = 'none' | 'slow' | 'wrong-signature' | 'app-error' | 'offline';

export interface TestValidator {
  nodeId: string;
  certificate: StakingCertificate;
  bls: BlsKey;
  weight: bigint;
  fault: ValidatorFault;
  server: PeerServer | undefined;
}

export interface ValidatorNetwork {
  validators: TestValidator[];
  /** The canonical set of every validator (with its weight). */
  set: WarpSet;
  /** Base URL of the node whose `info` API lists the validators. */
  infoUrl: string;
  /** Signatures answered (every validator). */
  signed(): number;
  setFault(nodeId: string, fault: ValidatorFault): Promise<void>;
  close(): Promise<void>;
}

const impostor = deriveBlsKey('validator-network', 'impostor');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startValidatorNetwork(options: {
  count: number;
  networkId: number;
  seed?: string;
  weight?: (index: number) => bigint;
  slowMs?: number;
}): Promise<ValidatorNetwork> {
  const seed = options.seed ?? 'validator-network';
  let signed = 0;
  const validators: TestValidator[] = Array.from({ length: options.count }, (_, i) => {
    const certificate = stakingCertificateFromSeed(new TextEncoder().encode(`${seed}/node/${i}`));
    return {
      nodeId: formatNodeId(certificate.nodeId),
      certificate,
      bls: deriveBlsKey(seed, `validator/${i}`),
      weight: options.weight?.(i) ?? 1_000n,
      fault: 'none',
      server: undefined,
    };
  });
  const listen = async (v: TestValidator) => {
    v.server = await listenPeers(
      { certificate: v.certificate, blsSecretKey: v.bls.secretKey },
      {
        networkId: options.networkId,
        appRequestHandlers: new Map([
          [
            HANDLER_IDS.signatureRequest,
            signatureRequestHandler(async ({ message }) => {
              if (v.fault === 'slow') await sleep(options.slowMs ?? 2_000);
              if (v.fault === 'app-error') return { error: APP_ERRORS.unexpected };
              signed++;
              return {
                signature: blsSignMessage(
                  message,
                  (v.fault === 'wrong-signature' ? impostor : v.bls).secretKey,
                ),
              };
            }),
          ],
        ]),
      },
    );
  };
  for (const v of validators) await listen(v);
  const info = await startInfoApi(validators);
  return {
    validators,
    set: canonicalWarpSet(
      validators.map((v) => [v.nodeId, { publicKey: v.bls.publicKey, weight: v.weight }] as const),
    ),
    infoUrl: `http://127.0.0.1:${(info.address() as { port: number }).port}`,
    signed: () => signed,
    async setFault(nodeId, fault) {
      const v = validators.find((x) => x.nodeId === nodeId)!;
      if (fault === 'offline' && v.server) {
        const server = v.server;
        v.server = undefined;
        await server.close();
      } else if (fault !== 'offline' && !v.server) {
        await listen(v);
      }
      v.fault = fault;
    },
    async close() {
      await Promise.all(validators.flatMap((v) => (v.server ? [v.server.close()] : [])));
      await new Promise((resolve) => info.close(resolve));
    },
  };
}

/** `info.peers`, `info.getNodeID`, `info.getNodeIP` as a node answers them (gorilla JSON-RPC 2.0). */
function startInfoApi(validators: TestValidator[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown; method: string };
      const listening = validators.filter((v) => v.server);
      const address = (v: TestValidator) => `127.0.0.1:${v.server!.port}`;
      const results: Record<string, unknown> = {
        'info.peers': {
          numPeers: String(listening.length - 1),
          peers: listening.slice(1).map((v) => ({ ip: address(v), publicIP: address(v), nodeID: v.nodeId })),
        },
        'info.getNodeID': { nodeID: validators[0]!.nodeId },
        'info.getNodeIP': { ip: validators[0]!.server ? address(validators[0]!) : '127.0.0.1:1' },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: results[call.method] ?? null }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
