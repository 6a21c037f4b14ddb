import { expect } from 'chai';
import { decodeAbiParameters, type Hex } from 'viem';
import {
  bitsetIndices,
  canonicalWarpSet,
  decodeSignedWarpMessage,
  hasQuorum,
  type WarpSet,
} from '../../services/runtime/avalanche/warp.ts';
import { verifyWarpSignature } from '../support/bls-noble.ts';
import { postJsonRpc, startStackOnDevnet } from '../support/devnet-process.ts';
import { eventually } from '../support/processes.ts';

/**
 * The signature aggregator against `chain-data up`'s devnet, whose validators answer as Avalanche peers: Warp
 * messages the devnet's C-Chain and L1 emitted, and the P-Chain's message about the L1's conversion (by its
 * transaction), signed through gateway-data's routes and ICM's API; every aggregate checked with noble against the
 * validator set the devnet's own platform API reports at the height asked for. Faulty validators below the slack
 * weight leave the quorum reachable; above it, the request fails within its budget naming the missing weight.
 */
const WARP_PRECOMPILE = '0x0200000000000000000000000000000000000005';
const PRIMARY_NETWORK = '11111111111111111111111111111111LpoYY';
const BUDGET_MS = 3_000;

describe('signature aggregation against the devnet, through gateway-data', function () {
  this.timeout(240_000);
  let stack: Awaited<ReturnType<typeof startStackOnDevnet>> | undefined;
  let devnet: string;
  let gatewayData: string;
  let l1: { blockchainId: string; subnetId: string };

  before(async function () {
    stack = await startStackOnDevnet(
      { SIGNATURE_AGGREGATOR_BUDGET_MS: String(BUDGET_MS), SIGNATURE_AGGREGATOR_REDIAL_AFTER_MS: '200' },
      120_000,
    );
    devnet = stack.urls.upstream[0]!;
    gatewayData = stack.urls.gatewayData;
    l1 = ((await (await fetch(`${devnet}/ext/devnet/chains`)).json()) as { l1: typeof l1 }).l1;
    // The primary-network service has projected the P-Chain once the Data API knows its last block.
    const height = await pChainHeight();
    await eventually(
      async () => {
        const reply = await fetch(`${gatewayData}/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=1`);
        const body = (await reply.json()) as { blocks?: { blockNumber: string }[] };
        return Number(body.blocks?.[0]?.blockNumber ?? -1) >= height;
      },
      120_000,
      'the P-Chain projection',
    );
  });

  after(async function () {
    await stack?.stop();
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed' && stack) console.error(stack.stack.output().slice(-8_000));
  });

  async function pChainHeight(): Promise<number> {
    const reply = await postJsonRpc(`${devnet}/ext/bc/P`, 'platform.getHeight', {});
    return Number((reply.result as { height: string }).height);
  }

  /** The canonical set the devnet's platform API reports for `subnetId` at `height` (noble checks against it). */
  async function devnetSet(subnetId: string, height: number): Promise<WarpSet> {
    const reply = await postJsonRpc(`${devnet}/ext/bc/P`, 'platform.getValidatorsAt', {
      height: String(height),
      subnetID: subnetId,
    });
    const validators = reply.result as Record<string, { publicKey: string | null; weight: string }>;
    return canonicalWarpSet(
      Object.entries(validators).map(
        ([nodeId, v]) =>
          [
            nodeId,
            {
              publicKey: v.publicKey ? Buffer.from(v.publicKey.replace(/^0x/, ''), 'hex') : undefined,
              weight: BigInt(v.weight),
            },
          ] as const,
      ),
    );
  }

  /** The unsigned Warp messages a chain's contracts sent through the Warp precompile. */
  async function emittedMessages(chain: string): Promise<Uint8Array[]> {
    const reply = await postJsonRpc(`${devnet}/ext/bc/${chain}/rpc`, 'eth_getLogs', [
      { fromBlock: '0x0', toBlock: 'latest', address: WARP_PRECOMPILE },
    ]);
    const logs = reply.result as { data: Hex }[];
    return logs.map((log) =>
      Buffer.from(decodeAbiParameters([{ type: 'bytes' }], log.data)[0].slice(2), 'hex'),
    );
  }

  function expectSigned(signedHex: string, unsigned: Uint8Array, set: WarpSet, quorumPercent: number) {
    const signed = decodeSignedWarpMessage(Buffer.from(signedHex, 'hex'));
    expect(Buffer.from(signed.unsigned).equals(Buffer.from(unsigned))).to.equal(true);
    const signers = bitsetIndices(signed.signers);
    expect(signers, 'a minimal bitset').to.not.equal(undefined);
    const keys = signers!.map((i) => set.validators[i]!.publicKey);
    expect(
      verifyWarpSignature(signed.unsigned, keys, signed.signature),
      'the aggregate verifies (noble)',
    ).to.equal(true);
    const weight = signers!.reduce((sum, i) => sum + set.validators[i]!.weight, 0n);
    expect(hasQuorum(weight, set.totalWeight, BigInt(quorumPercent), 100n), `weight ${weight}`).to.equal(
      true,
    );
  }

  async function aggregate(body: Record<string, unknown>) {
    const reply = await fetch(`${gatewayData}/v1/signatureAggregator/fuji/aggregateSignatures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: reply.status,
      body: (await reply.json()) as { signedMessage?: string; message?: string },
    };
  }

  it('signs a Warp message the C-Chain emitted, with the primary network’s validators', async function () {
    const messages = await emittedMessages('C');
    expect(messages.length).to.be.greaterThan(0);
    const height = await pChainHeight();
    // Part of the devnet's primary-network weight is held by validators that registered no BLS key (as before
    // Banff): it counts in the total but can never sign, so 67% is out of reach there; half is not.
    const set = await devnetSet(PRIMARY_NETWORK, height);
    const keyed = set.validators.reduce((sum, v) => sum + v.weight, 0n);
    expect(keyed * 100n < set.totalWeight * 67n, 'the devnet still has keyless weight').to.equal(true);
    const hex = Buffer.from(messages[0]!).toString('hex');
    const unreachable = await aggregate({ message: hex, pChainHeight: height });
    expect(unreachable.status).to.equal(503);
    expect(unreachable.body.message).to.match(/without a BLS key/);
    const reply = await aggregate({ message: hex, pChainHeight: height, quorumPercentage: 50 });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    expectSigned(reply.body.signedMessage!, messages[0]!, set, 50);
  });

  it('signs the L1’s messages with the L1’s validators, through ICM services’ API as well', async function () {
    const messages = await emittedMessages(l1.blockchainId);
    expect(messages.length).to.be.greaterThan(0);
    const height = await pChainHeight();
    const reply = await aggregate({
      message: `0x${Buffer.from(messages[0]!).toString('hex')}`,
      pChainHeight: height,
      quorumPercentage: 60,
      quorumPercentageBuffer: 40,
    });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    expectSigned(reply.body.signedMessage!, messages[0]!, await devnetSet(l1.subnetId, height), 100);

    const icm = await fetch(`${gatewayData}/aggregate-signatures`, {
      method: 'POST',
      body: JSON.stringify({ message: Buffer.from(messages[0]!).toString('hex'), 'pchain-height': height }),
    });
    const icmBody = (await icm.json()) as { 'signed-message'?: string; error?: string };
    expect(icm.status, JSON.stringify(icmBody)).to.equal(200);
    expectSigned(icmBody['signed-message']!, messages[0]!, await devnetSet(l1.subnetId, height), 67);
  });

  it('signs the P-Chain’s message about the L1’s conversion, by its transaction', async function () {
    // The conversion is among the P-Chain's first transactions.
    const list = await fetch(
      `${gatewayData}/v1/networks/fuji/blockchains/p-chain/transactions?sortOrder=asc&pageSize=100`,
    );
    const listed = (await list.json()) as { transactions?: { txHash: string; txType: string }[] };
    const transactions = (listed.transactions ?? []).filter((t) => t.txType === 'ConvertSubnetToL1Tx');
    expect(transactions, JSON.stringify(listed).slice(0, 500)).to.have.length(1);
    const reply = await fetch(
      `${gatewayData}/v1/signatureAggregator/fuji/aggregateSignatures/${transactions[0]!.txHash}`,
    );
    const body = (await reply.json()) as { signedMessage?: string };
    expect(reply.status, JSON.stringify(body)).to.equal(201);
    const signed = decodeSignedWarpMessage(Buffer.from(body.signedMessage!, 'hex'));
    // From the P-Chain (no source chain), signed by the L1's validators.
    expect(Buffer.from(signed.unsigned.subarray(6, 38)).equals(Buffer.alloc(32))).to.equal(true);
    expectSigned(
      body.signedMessage!,
      signed.unsigned,
      await devnetSet(l1.subnetId, await pChainHeight()),
      67,
    );
  });

  it('reaches the quorum with faulty validators below the slack; above it fails in its budget naming the weight', async function () {
    const height = await pChainHeight();
    const set = await devnetSet(l1.subnetId, height);
    const [message] = await emittedMessages(l1.blockchainId);
    const keyed = set.validators.reduce((sum, v) => sum + v.weight, 0n);
    const slack = keyed - (set.totalWeight * 67n + 99n) / 100n;
    const byWeight = [...set.validators].sort((a, b) =>
      a.weight < b.weight ? -1 : a.weight > b.weight ? 1 : 0,
    );
    const light = byWeight[0]!;
    expect(light.weight < slack, `the lightest (${light.weight}) is below the slack (${slack})`).to.equal(
      true,
    );
    const fault = async (nodeId: string, kind: string) => {
      const reply = await fetch(`${devnet}/ext/devnet/acp118/${nodeId}/fault`, {
        method: 'PUT',
        body: JSON.stringify({ fault: kind }),
      });
      expect(reply.status, await reply.text()).to.equal(200);
    };
    const faulty = new Set<string>();
    try {
      for (const kind of ['offline', 'wrong-signature', 'slow', 'app-error', 'hangup']) {
        await fault(light.nodeIds[0]!, kind);
        faulty.add(light.nodeIds[0]!);
        const started = performance.now();
        // quorum + buffer is everyone: the light validator is asked every time (the others' signatures are cached
        // after the first), and the answer comes at the bare quorum once it has failed or the budget ends.
        const below = await aggregate({
          message: Buffer.from(message!).toString('hex'),
          pChainHeight: height,
          quorumPercentage: 67,
          quorumPercentageBuffer: 33,
        });
        expect(below.status, `${kind}: ${JSON.stringify(below.body)}`).to.equal(201);
        expect(performance.now() - started, kind).to.be.below(BUDGET_MS + 2_000);
        expectSigned(below.body.signedMessage!, message!, set, 67);
      }
      // Heavier ones too, until what is left is short of the quorum.
      let left = keyed;
      for (const v of [...byWeight].reverse()) {
        if (left * 100n < set.totalWeight * 67n) break;
        await fault(v.nodeIds[0]!, 'offline');
        faulty.add(v.nodeIds[0]!);
        left -= v.weight;
      }
      // A message no one was asked for yet (the L1's validators sign the C-Chain's too), so nothing is cached.
      const other = (await emittedMessages('C')).at(-1)!;
      const started = performance.now();
      const above = await aggregate({
        message: Buffer.from(other).toString('hex'),
        signingSubnetId: l1.subnetId,
        pChainHeight: height,
      });
      expect(performance.now() - started).to.be.below(BUDGET_MS + 2_000);
      expect(above.status, JSON.stringify(above.body)).to.equal(503);
      expect(above.body.message).to.match(
        /failed to collect a threshold of signatures: .*signed weight \d+ of \d+, needed \d+/,
      );
    } finally {
      for (const nodeId of faulty) await fault(nodeId, 'none');
    }
  });
});
