import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { decodeAbiParameters, type Hex } from 'viem';
import {
  bitsetIndices,
  canonicalWarpSet,
  decodeSignedWarpMessage,
  hasQuorum,
  type WarpSet,
} from '../../services/runtime/avalanche/warp.ts';
import { decodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { verifyWarpSignature } from '../support/bls-noble.ts';
import { postJsonRpc, startStackOnDevnet } from '../support/devnet-process.ts';
import { startOtlpReceiver, SPAN_KIND, type OtlpReceiver } from '../support/otlp-receiver.ts';
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
  let receiver: OtlpReceiver | undefined;

  before(async function () {
    receiver = await startOtlpReceiver();
    stack = await startStackOnDevnet(
      {
        SIGNATURE_AGGREGATOR_BUDGET_MS: String(BUDGET_MS),
        SIGNATURE_AGGREGATOR_REDIAL_AFTER_MS: '200',
        // Long enough (a step every 4 minutes) for the L1 validator registered at step 62 to change weight at 102.
        DEVNET_HISTORY_HOURS: '7',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.httpUrl,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
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
    await receiver?.close();
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
    // Banff): it counts in the total but can never sign, so a quorum above the keyed share is out of reach.
    const set = await devnetSet(PRIMARY_NETWORK, height);
    const keyed = set.validators.reduce((sum, v) => sum + v.weight, 0n);
    const keyedPercent = Number((keyed * 100n) / set.totalWeight);
    expect(keyedPercent, 'the devnet still has keyless weight').to.be.within(50, 99);
    const hex = Buffer.from(messages[0]!).toString('hex');
    const unreachable = await aggregate({
      message: hex,
      pChainHeight: height,
      quorumPercentage: keyedPercent + 1,
    });
    expect(unreachable.status).to.equal(503);
    expect(unreachable.body.message).to.match(/without a BLS key/);
    const reply = await aggregate({ message: hex, pChainHeight: height, quorumPercentage: 50 });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    expectSigned(reply.body.signedMessage!, messages[0]!, set, 50);
  });

  it('leaves in the request’s trace what each validator did: one event per validator, with its weight and outcome', async function () {
    const [message] = await emittedMessages(l1.blockchainId);
    const height = await pChainHeight();
    const traceparent = `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
    const traceId = traceparent.slice(3, 35);
    const reply = await fetch(`${gatewayData}/v1/signatureAggregator/fuji/aggregateSignatures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent },
      body: JSON.stringify({ message: Buffer.from(message!).toString('hex'), pChainHeight: height }),
    });
    expect(reply.status, await reply.text()).to.equal(201);
    const set = await devnetSet(l1.subnetId, height);
    const serverSpan = () =>
      receiver!.spans.find(
        (s) =>
          s.traceId === traceId &&
          s.service === 'chain-data-signature-aggregator' &&
          s.kind === SPAN_KIND.SERVER &&
          s.name.endsWith('/AggregateSignatures'),
      );
    await eventually(() => serverSpan() !== undefined, 30_000, 'the signature aggregator’s span');
    const span = serverSpan()!;
    expect(span.attributes['warp.signing_subnet_id']).to.equal(l1.subnetId);
    expect(span.attributes['warp.validators']).to.equal(set.validators.length);
    const events = span.events.filter((e) => e.name === 'warp.validator');
    expect(events.map((e) => e.attributes['warp.node_ids']).sort()).to.deep.equal(
      set.validators.map((v) => v.nodeIds.join(',')).sort(),
    );
    for (const event of events) {
      const validator = set.validators.find(
        (v) => v.nodeIds.join(',') === event.attributes['warp.node_ids'],
      )!;
      expect(event.attributes['warp.weight']).to.equal(validator.weight.toString());
      expect(event.attributes['warp.outcome']).to.be.a('string');
    }
    const signedWeight = events
      .filter((e) => e.attributes['warp.outcome'] === 'signed' || e.attributes['warp.outcome'] === 'cached')
      .reduce((sum, e) => sum + BigInt(e.attributes['warp.weight'] as string), 0n);
    expect(hasQuorum(signedWeight, set.totalWeight, 67n, 100n), `signed weight ${signedWeight}`).to.equal(
      true,
    );
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

  /** The P-Chain's transactions of one type, oldest first, as the Data API lists them (page by page). */
  async function pChainTransactions(txType: string) {
    type Listed = {
      txHash: string;
      txType: string;
      l1ValidatorDetails?: { validationIdHex: string; weight: number }[];
    };
    const found: Listed[] = [];
    let pageToken: string | undefined;
    do {
      const list = await fetch(
        `${gatewayData}/v1/networks/fuji/blockchains/p-chain/transactions?sortOrder=asc&pageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`,
      );
      const page = (await list.json()) as { transactions?: Listed[]; nextPageToken?: string };
      expect(list.status, JSON.stringify(page).slice(0, 500)).to.equal(200);
      found.push(...(page.transactions ?? []).filter((t) => t.txType === txType));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return found;
  }

  /**
   * A P-Chain L1 message's payload, read here by hand: an unsigned Warp message (codec, network 5, the P-Chain's
   * empty id) holding an AddressedCall with no source address, holding codec 0, a type id and the fields.
   */
  function pChainPayload(unsigned: Uint8Array): { type: number; fields: Buffer } {
    const bytes = Buffer.from(unsigned);
    expect(bytes.readUInt16BE(0), 'codec').to.equal(0);
    expect(bytes.readUInt32BE(2), 'network id').to.equal(5);
    expect(bytes.subarray(6, 38).equals(Buffer.alloc(32)), 'from the P-Chain').to.equal(true);
    const call = bytes.subarray(42, 42 + bytes.readUInt32BE(38));
    expect(call.readUInt32BE(2), 'an AddressedCall').to.equal(1);
    expect(call.readUInt32BE(6), 'from no address').to.equal(0);
    const payload = call.subarray(14, 14 + call.readUInt32BE(10));
    return { type: payload.readUInt32BE(2), fields: payload.subarray(6) };
  }

  it('signs the P-Chain’s messages about an L1 validator’s registration and weight change, by their transactions', async function () {
    const [registration] = await pChainTransactions('RegisterL1ValidatorTx');
    const [change] = await pChainTransactions('SetL1ValidatorWeightTx');
    expect(registration, 'the devnet registered a validator').to.not.equal(undefined);
    expect(change, 'the devnet changed its weight').to.not.equal(undefined);
    const set = await devnetSet(l1.subnetId, await pChainHeight());

    const registered = await fetch(
      `${gatewayData}/v1/signatureAggregator/fuji/aggregateSignatures/${registration!.txHash}`,
    );
    const registeredBody = (await registered.json()) as { signedMessage?: string };
    expect(registered.status, JSON.stringify(registeredBody)).to.equal(201);
    const registeredMessage = decodeSignedWarpMessage(Buffer.from(registeredBody.signedMessage!, 'hex'));
    const registeredPayload = pChainPayload(registeredMessage.unsigned);
    expect(registeredPayload.type, 'L1ValidatorRegistration').to.equal(2);
    expect(registeredPayload.fields.toString('hex')).to.equal(
      `${registration!.l1ValidatorDetails![0]!.validationIdHex.replace(/^0x/, '')}01`,
    );
    expectSigned(registeredBody.signedMessage!, registeredMessage.unsigned, set, 67);

    const changed = await fetch(
      `${gatewayData}/v1/signatureAggregator/fuji/aggregateSignatures/${change!.txHash}`,
    );
    const changedBody = (await changed.json()) as { signedMessage?: string };
    expect(changed.status, JSON.stringify(changedBody)).to.equal(201);
    const changedMessage = decodeSignedWarpMessage(Buffer.from(changedBody.signedMessage!, 'hex'));
    const changedPayload = pChainPayload(changedMessage.unsigned);
    expect(changedPayload.type, 'L1ValidatorWeight').to.equal(3);
    // The validation, nonce 0 (its first change) and the new weight.
    const weight = Buffer.alloc(8);
    weight.writeBigUInt64BE(BigInt(change!.l1ValidatorDetails![0]!.weight));
    expect(changedPayload.fields.toString('hex')).to.equal(
      `${change!.l1ValidatorDetails![0]!.validationIdHex.replace(/^0x/, '')}${'00'.repeat(8)}${weight.toString('hex')}`,
    );
    expectSigned(changedBody.signedMessage!, changedMessage.unsigned, set, 67);
  });

  it('derives the P-Chain’s “not registered” message from a justification alone, and refuses one that is not', async function () {
    const [conversion] = await pChainTransactions('ConvertSubnetToL1Tx');
    const converted = conversion!.l1ValidatorDetails!.length;
    // L1ValidatorRegistrationJustification{convert_subnet_to_l1_tx_data: {subnet_id, index}}, written by hand: the
    // validator the conversion would have had next never existed.
    const subnetId = Buffer.from(decodeCb58(l1.subnetId));
    const inner = Buffer.concat([Buffer.from([0x0a, 32]), subnetId, Buffer.from([0x10, converted])]);
    const justification = Buffer.concat([Buffer.from([0x0a, inner.length]), inner]);
    const height = await pChainHeight();
    const reply = await aggregate({ justification: justification.toString('hex'), pChainHeight: height });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    const signed = decodeSignedWarpMessage(Buffer.from(reply.body.signedMessage!, 'hex'));
    const payload = pChainPayload(signed.unsigned);
    expect(payload.type, 'L1ValidatorRegistration').to.equal(2);
    const index = Buffer.alloc(4);
    index.writeUInt32BE(converted);
    const validationId = createHash('sha256').update(subnetId).update(index).digest('hex');
    expect(payload.fields.toString('hex'), 'not registered').to.equal(`${validationId}00`);
    expectSigned(reply.body.signedMessage!, signed.unsigned, await devnetSet(l1.subnetId, height), 67);

    const garbage = await aggregate({ justification: 'ff' });
    expect(garbage.status).to.equal(400);
    expect(garbage.body.message).to.match(/justification/);
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
