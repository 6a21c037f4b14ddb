import { expect } from 'chai';
import { pino } from 'pino';
import { ephemeralBlsSecretKey } from '../../services/runtime/avalanche/p2p/peer.ts';
import { createStakingCertificate } from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import {
  bitsetIndices,
  decodeSignedWarpMessage,
  hasQuorum,
  unsignedWarpMessage,
} from '../../services/runtime/avalanche/warp.ts';
import { createUpstreamClient } from '../../services/runtime/upstream/config.ts';
import {
  aggregateSignatures,
  AskError,
  QuorumNotReachedError,
} from '../../services/signature-aggregator/aggregate/aggregator.ts';
import { SignatureCache } from '../../services/signature-aggregator/aggregate/signature-cache.ts';
import { ValidatorPeers } from '../../services/signature-aggregator/peers/validator-peers.ts';
import { verifyWarpSignature } from '../support/bls-noble.ts';
import { startValidatorNetwork, type ValidatorNetwork } from '../support/validator-network.ts';

/**
 * The aggregator asking validators over the Avalanche p2p protocol (real TLS connections on loopback, the staking
 * certificates, the Handshake, ACP-118 AppRequests): it learns where they listen from a node's `info.peers`, keeps
 * one connection per validator, and its aggregates verify with noble against the canonical set, with faulty
 * validators below the slack weight and above it.
 */
const NETWORK_ID = 5;
const log = pino({ level: 'silent' });

function unsignedMessage(text: string): Uint8Array {
  const payload = new TextEncoder().encode(text);
  return unsignedWarpMessage(NETWORK_ID, new Uint8Array(32).fill(7), payload);
}

describe('signature aggregation over the Avalanche p2p protocol', function () {
  this.timeout(60_000);
  let network: ValidatorNetwork;
  let peers: ValidatorPeers;
  let upstream: ReturnType<typeof createUpstreamClient>;
  const cache = new SignatureCache();

  before(async function () {
    network = await startValidatorNetwork({ count: 10, networkId: NETWORK_ID, slowMs: 3_000 });
    upstream = createUpstreamClient(
      'signature-aggregator-test',
      {
        UPSTREAM_NODE_URLS: [network.infoUrl],
        UPSTREAM_TIMEOUT_MS: 2_000,
        UPSTREAM_MAX_CONCURRENCY: 4,
        UPSTREAM_ATTEMPTS: 1,
      },
      log,
    );
    peers = new ValidatorPeers({
      identity: { certificate: createStakingCertificate(), blsSecretKey: ephemeralBlsSecretKey() },
      peer: { networkId: NETWORK_ID },
      upstream,
      log,
      appRequestTimeoutMs: 1_000,
      redialAfterMs: 200,
      refreshAddressesMs: 60_000,
    });
  });

  after(async function () {
    peers?.close();
    upstream?.close();
    await network?.close();
  });

  const aggregate = (text: string, budgetMs: number, options: { quorum?: number; buffer?: number } = {}) =>
    aggregateSignatures(
      {
        message: unsignedMessage(text),
        validators: network.set,
        quorumPercentage: options.quorum ?? 67,
        quorumPercentageBuffer: options.buffer ?? 0,
        budget: AbortSignal.timeout(budgetMs),
      },
      {
        ask: (nodeId, request, signal) => peers.ask(nodeId, request, signal),
        cache,
        attemptTimeoutMs: 1_000,
      },
    );

  function expectVerifies(signedMessage: Uint8Array, quorumPercent: number) {
    const signed = decodeSignedWarpMessage(signedMessage);
    const signers = bitsetIndices(signed.signers)!;
    const keys = signers.map((i) => network.set.validators[i]!.publicKey);
    expect(verifyWarpSignature(signed.unsigned, keys, signed.signature)).to.equal(true);
    const weight = signers.reduce((sum, i) => sum + network.set.validators[i]!.weight, 0n);
    expect(hasQuorum(weight, network.set.totalWeight, BigInt(quorumPercent), 100n)).to.equal(true);
    return signers;
  }

  it('collects every validator’s signature over one kept connection each, verified with noble', async function () {
    const result = await aggregate('all sign', 5_000, { quorum: 67, buffer: 33 });
    expect(expectVerifies(result.signedMessage, 100)).to.have.length(10);
    expect(peers.status()).to.include({ known: 10, connected: 10 });
    // A second message goes over the same connections.
    const again = await aggregate('all sign again', 5_000, { quorum: 67, buffer: 33 });
    expectVerifies(again.signedMessage, 100);
    expect(peers.status().connected).to.equal(10);
  });

  it('reaches the quorum with faulty validators below the slack, and reports each', async function () {
    const [slow, wrong, failing] = network.validators;
    await network.setFault(slow!.nodeId, 'slow');
    await network.setFault(wrong!.nodeId, 'wrong-signature');
    await network.setFault(failing!.nodeId, 'app-error');
    try {
      const started = performance.now();
      const result = await aggregate('three faulty', 5_000);
      expect(performance.now() - started).to.be.below(2_500);
      expectVerifies(result.signedMessage, 67);
      const outcome = (nodeId: string) => result.validators.find((v) => v.nodeIds.includes(nodeId))!;
      expect(outcome(wrong!.nodeId).outcome).to.equal('invalid');
      expect(outcome(failing!.nodeId).appError?.code).to.equal(-1);
    } finally {
      for (const v of [slow, wrong, failing]) await network.setFault(v!.nodeId, 'none');
    }
  });

  it('fails within its budget naming the missing weight when faults pass the slack', async function () {
    const faulty = network.validators.slice(0, 4);
    for (const v of faulty) await network.setFault(v.nodeId, 'offline');
    try {
      const started = performance.now();
      const failure = await aggregate('four offline', 1_500).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).to.be.instanceOf(QuorumNotReachedError);
      expect((failure as Error).message).to.match(/signed weight 6000 of 10000, needed 6700/);
      expect(performance.now() - started).to.be.below(2_500);
      for (const v of faulty) {
        const report = (failure as QuorumNotReachedError).report.validators.find((d) =>
          d.nodeIds.includes(v.nodeId),
        )!;
        expect(report.outcome, v.nodeId).to.be.oneOf(['unreachable', 'timed-out']);
      }
    } finally {
      for (const v of faulty) await network.setFault(v.nodeId, 'none');
      // Past the back-off: the next request dials them again, at the addresses they listen on now.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  it('asks only the validators still missing when a message is asked again (signatures cached)', async function () {
    const before = network.signed();
    const first = await aggregate('cached', 5_000, { quorum: 100 });
    expectVerifies(first.signedMessage, 100);
    expect(network.signed() - before).to.equal(10);
    const second = await aggregate('cached', 5_000, { quorum: 100 });
    expectVerifies(second.signedMessage, 100);
    expect(network.signed() - before).to.equal(10);
    expect(second.validators.every((v) => v.outcome === 'cached')).to.equal(true);
  });

  it('tells a validator it cannot reach from one that answered, and dials it again after the back-off', async function () {
    const target = network.validators[9]!;
    peers.close();
    const fresh = new ValidatorPeers({
      identity: { certificate: createStakingCertificate(), blsSecretKey: ephemeralBlsSecretKey() },
      peer: { networkId: NETWORK_ID },
      upstream,
      log,
      appRequestTimeoutMs: 1_000,
      redialAfterMs: 300,
      refreshAddressesMs: 60_000,
    });
    try {
      await network.setFault(target.nodeId, 'offline');
      const request = { message: unsignedMessage('redial'), justification: new Uint8Array(0) };
      const refused = await fresh
        .ask(target.nodeId, request, AbortSignal.timeout(2_000))
        .catch((e: unknown) => e);
      expect(refused).to.be.instanceOf(AskError);
      expect((refused as AskError).kind).to.equal('unreachable');
      await network.setFault(target.nodeId, 'none');
      // Within the back-off the failure is remembered, after it the validator is dialled again.
      const remembered = await fresh
        .ask(target.nodeId, request, AbortSignal.timeout(2_000))
        .catch((e: unknown) => e);
      expect((remembered as AskError).message).to.match(/next dial in/);
      await new Promise((resolve) => setTimeout(resolve, 350));
      const signature = await fresh.ask(target.nodeId, request, AbortSignal.timeout(2_000));
      expect(signature).to.have.length(96);
    } finally {
      fresh.close();
    }
  });
});
