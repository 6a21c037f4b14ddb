/**
 * The aggregation algorithm against fake validators (an `ask` that signs, stalls, fails or lies per node). Every
 * signed message that comes out is taken apart by hand here and its aggregate verified with @noble/curves, not with
 * the blst code under test.
 */
import * as blst from '@chainsafe/blst';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { expect } from 'chai';
import {
  canonicalWarpSet,
  unsignedWarpMessage,
  type WarpSet,
} from '../../services/runtime/avalanche/warp.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import {
  aggregateSignatures,
  AskError,
  askOrder,
  QuorumNotReachedError,
  retryDelayMs,
  type AggregationRequest,
  type AggregationResult,
  type AggregatorDeps,
  type SignatureRequest,
} from '../../services/signature-aggregator/aggregate/aggregator.ts';
import { SignatureCache } from '../../services/signature-aggregator/aggregate/signature-cache.ts';

const SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Retries fast enough for short budgets. */
const FAST_RETRY = { initialDelayMs: 5, maxDelayMs: 20 };
/** Slack for timers and the verification that runs when a budget ends, on a busy machine. */
const LATE_MS = 250;

interface Network {
  set: WarpSet;
  secretOf: Map<string, blst.SecretKey>;
  /** Node ids by canonical index. */
  nodesOf: (index: number) => string[];
  nodeIndex: Map<string, number>;
}

const secrets: blst.SecretKey[] = [];
function secret(i: number): blst.SecretKey {
  return (secrets[i] ??= blst.SecretKey.fromKeygen(
    Uint8Array.from({ length: 32 }, (_, j) => (i * 7 + j) & 0xff),
  ));
}

/** `weights.length` validators, one node each unless `sharedKeys` maps a node to another's key. */
function network(
  weights: bigint[],
  options: { keyless?: bigint; sharedKeys?: Map<number, number> } = {},
): Network {
  const members = new Map<string, { publicKey: Uint8Array | undefined; weight: bigint }>();
  const secretOf = new Map<string, blst.SecretKey>();
  weights.forEach((weight, i) => {
    const key = secret(options.sharedKeys?.get(i) ?? i);
    members.set(`NodeID-${i}`, { publicKey: key.toPublicKey().toBytes(true), weight });
    secretOf.set(`NodeID-${i}`, key);
  });
  if (options.keyless) members.set('NodeID-keyless', { publicKey: undefined, weight: options.keyless });
  const set = canonicalWarpSet(members);
  const nodeIndex = new Map<string, number>();
  set.validators.forEach((v, i) => v.nodeIds.forEach((n) => nodeIndex.set(n, i)));
  return { set, secretOf, nodesOf: (i) => set.validators[i]!.nodeIds, nodeIndex };
}

let messageCounter = 0;
function newMessage(): Uint8Array {
  const payload = new TextEncoder().encode(`message ${++messageCounter} ${Date.now()}`);
  return unsignedWarpMessage(1337, new Uint8Array(32).fill(7), payload);
}

type Behaviour =
  | { kind: 'sign'; delayMs?: number }
  | { kind: 'hang' }
  | { kind: 'unreachable' }
  | { kind: 'app-error'; code: number }
  | { kind: 'wrong' }
  /** 96 bytes that are no point of G2. */
  | { kind: 'garbage' }
  /** Empty replies (not seen yet) or AppErrors for the first `times` asks, then a signature. */
  | { kind: 'later'; times: number; first: 'empty' | 'app-error' | 'hang' };

interface Fake {
  ask: AggregatorDeps['ask'];
  asked: string[];
}

function fakeAsk(net: Network, behaviour: (nodeId: string) => Behaviour): Fake {
  const asked: string[] = [];
  const signed = new Map<string, Uint8Array>();
  const sign = (nodeId: string, message: Uint8Array) => {
    const key = `${nodeId}/${hex(message)}`;
    let signature = signed.get(key);
    if (!signature) signed.set(key, (signature = net.secretOf.get(nodeId)!.sign(message).toBytes(true)));
    return signature;
  };
  const count = new Map<string, number>();
  const ask = async (nodeId: string, request: SignatureRequest): Promise<Uint8Array> => {
    asked.push(nodeId);
    const n = (count.get(nodeId) ?? 0) + 1;
    count.set(nodeId, n);
    const b = behaviour(nodeId);
    switch (b.kind) {
      case 'sign':
        // Deliberately deaf to the signal: the aggregator must not wait for slow validators anyway.
        if (b.delayMs) await sleep(b.delayMs);
        return sign(nodeId, request.message);
      case 'hang':
        return new Promise<Uint8Array>(() => undefined);
      case 'unreachable':
        throw new AskError('unreachable', `no connection to ${nodeId}`);
      case 'app-error':
        throw new AskError('app-error', 'failed to verify message', { code: b.code });
      case 'wrong':
        // A real signature, by the wrong key: only verification against the validator's key catches it.
        return secret(999).sign(request.message).toBytes(true);
      case 'garbage':
        return new Uint8Array(96).fill(1);
      case 'later':
        if (n > b.times) return sign(nodeId, request.message);
        if (b.first === 'empty') return new Uint8Array(0);
        if (b.first === 'hang') return new Promise<Uint8Array>(() => undefined);
        throw new AskError('app-error', 'not yet', { code: 7 });
    }
  };
  return { ask, asked };
}

const noblePoints = new Map<string, ReturnType<typeof bls12_381.G1.Point.fromBytes>>();
function noblePoint(key: Uint8Array) {
  const k = hex(key);
  let point = noblePoints.get(k);
  if (!point) noblePoints.set(k, (point = bls12_381.G1.Point.fromBytes(key)));
  return point;
}

/**
 * Takes the signed message apart by avalanchego's layout, checks the bitset is minimal and names only validators of
 * the set, that their weight meets `quorumPercentage` by warp.VerifyWeight's rule, and that the aggregate verifies
 * (noble) for exactly those validators' keys. Returns the signers.
 */
function verifySignedMessage(
  signed: Uint8Array,
  unsigned: Uint8Array,
  set: WarpSet,
  quorumPercentage: number,
): { signers: number[]; weight: bigint } {
  expect(hex(signed.subarray(0, unsigned.length))).to.equal(hex(unsigned));
  const view = Buffer.from(signed.buffer, signed.byteOffset, signed.length);
  expect(view.readUInt32BE(unsigned.length), 'signature type').to.equal(0);
  const length = view.readUInt32BE(unsigned.length + 4);
  const bitset = signed.subarray(unsigned.length + 8, unsigned.length + 8 + length);
  const signature = signed.subarray(unsigned.length + 8 + length);
  expect(signature.length).to.equal(96);
  expect(length).to.be.greaterThan(0);
  expect(bitset[0], 'minimal bitset').to.not.equal(0);
  const bits = BigInt(`0x${hex(bitset)}`);
  const signers: number[] = [];
  for (let i = 0; bits >> BigInt(i) > 0n; i++) if ((bits >> BigInt(i)) & 1n) signers.push(i);
  expect(signers.every((i) => i < set.validators.length)).to.equal(true);
  const weight = signers.reduce((sum, i) => sum + set.validators[i]!.weight, 0n);
  expect(BigInt(quorumPercentage) * set.totalWeight <= 100n * weight, 'quorum').to.equal(true);
  const bls = bls12_381.longSignatures;
  const key = bls.aggregatePublicKeys(signers.map((i) => noblePoint(set.validators[i]!.publicKey)));
  expect(
    bls.verify(bls.Signature.fromBytes(signature), bls.hash(unsigned, SIGNATURE_DST), key),
    'noble',
  ).to.equal(true);
  return { signers, weight };
}

function check(result: AggregationResult, request: AggregationRequest) {
  const { signers, weight } = verifySignedMessage(
    result.signedMessage,
    request.message,
    request.validators,
    request.quorumPercentage ?? 67,
  );
  expect(result.signers).to.deep.equal(signers);
  expect(result.signedWeight).to.equal(weight);
  expect(result.totalWeight).to.equal(request.validators.totalWeight);
  return { signers, weight };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

async function failure(run: () => Promise<unknown>): Promise<{ error: QuorumNotReachedError; ms: number }> {
  const start = performance.now();
  try {
    await run();
  } catch (error) {
    expect(error).to.be.instanceOf(QuorumNotReachedError);
    return { error: error as QuorumNotReachedError, ms: performance.now() - start };
  }
  throw new Error('expected the aggregation to fail');
}

/** 100 validators of uneven weight (1..200). */
const weights100 = Array.from({ length: 100 }, (_, i) => BigInt(1 + ((i * 37) % 200)));

/** Canonical indices taken in `order` until their weight reaches `share` (a fraction) of the total. */
function takeWeight(net: Network, share: number, order: number[]): Set<number> {
  const limit = (net.set.totalWeight * BigInt(Math.round(share * 1000))) / 1000n;
  const taken = new Set<number>();
  let weight = 0n;
  for (const i of order) {
    if (weight + net.set.validators[i]!.weight > limit) continue;
    weight += net.set.validators[i]!.weight;
    taken.add(i);
  }
  return taken;
}

describe('signature aggregation', function () {
  const net = network(weights100);
  const everyOther = [...net.set.validators.keys()]
    .filter((i) => i % 3 !== 0)
    .concat([...net.set.validators.keys()].filter((i) => i % 3 === 0));

  it('reaches quorum among 100 validators with 10% slow, without waiting for the slow ones', async function () {
    const slow = new Set([...net.set.validators.keys()].filter((i) => i % 10 === 3));
    const fake = fakeAsk(net, (node) =>
      slow.has(net.nodeIndex.get(node)!) ? { kind: 'sign', delayMs: 3_000 } : { kind: 'sign', delayMs: 5 },
    );
    const request = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + 5_000) };
    const { value: result, ms } = await timed(() => aggregateSignatures(request, { ask: fake.ask }));
    expect(ms).to.be.lessThan(2_000);
    const { signers } = check(result, request);
    expect(signers.some((i) => slow.has(i))).to.equal(false);
    expect(result.stoppedBy).to.equal('target');
    // Every validator was asked once, the slow ones were let go.
    expect(fake.asked).to.have.length(100);
    for (const i of slow) expect(result.validators[i]!.outcome).to.equal('cancelled');
  });

  it('asks by descending weight', async function () {
    const fake = fakeAsk(net, () => ({ kind: 'sign', delayMs: 1 }));
    const request = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + 5_000) };
    check(await aggregateSignatures(request, { ask: fake.ask, maxInFlight: 5 }), request);
    const order = askOrder(net.set);
    expect(fake.asked.slice(0, 20)).to.deep.equal(order.slice(0, 20).flatMap(net.nodesOf));
    const w = fake.asked.map((n) => net.set.validators[net.nodeIndex.get(n)!]!.weight);
    expect(w.every((x, i) => i === 0 || w[i - 1]! >= x)).to.equal(true);
  });

  it('reaches quorum when faulty validators hold less than the slack, and reports each fault', async function () {
    // Just under 33% faulty, of every kind.
    const faulty = [...takeWeight(net, 0.32, everyOther)];
    const kinds: Behaviour[] = [
      { kind: 'unreachable' },
      { kind: 'wrong' },
      { kind: 'garbage' },
      { kind: 'app-error', code: 3 },
      { kind: 'hang' },
    ];
    const behaviourOf = new Map(faulty.map((i, n) => [i, kinds[n % kinds.length]!]));
    const fake = fakeAsk(
      net,
      (node) => behaviourOf.get(net.nodeIndex.get(node)!) ?? { kind: 'sign', delayMs: 20 },
    );
    const request = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + 3_000) };
    const { value: result } = await timed(() =>
      aggregateSignatures(request, { ask: fake.ask, retry: FAST_RETRY }),
    );
    const { signers } = check(result, request);
    for (const [i, b] of behaviourOf) {
      const d = result.validators[i]!;
      expect(signers, `faulty ${i} signed`).to.not.include(i);
      if (b.kind === 'wrong' || b.kind === 'garbage') {
        expect(d.outcome).to.equal('invalid');
        expect(d.invalid).to.equal(1);
        expect(d.asked, 'an invalid signer is not asked again').to.equal(1);
      }
      if (b.kind === 'unreachable') expect(d.outcome).to.equal('unreachable');
      if (b.kind === 'app-error') {
        expect(d.outcome).to.equal('app-error');
        expect(d.appError).to.deep.equal({ code: 3, message: 'failed to verify message' });
      }
      if (b.kind === 'hang') expect(d.outcome).to.equal('cancelled');
      expect(d.weight).to.equal(net.set.validators[i]!.weight);
    }
  });

  it('fails with the missing weight when faulty validators hold more than the slack, within the budget', async function () {
    const faulty = takeWeight(net, 0.4, everyOther);
    const fake = fakeAsk(net, (node) =>
      faulty.has(net.nodeIndex.get(node)!)
        ? net.nodeIndex.get(node)! % 2
          ? { kind: 'unreachable' }
          : { kind: 'app-error', code: 1 }
        : { kind: 'sign', delayMs: 5 },
    );
    const budgetMs = 400;
    const request = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + budgetMs) };
    const { error, ms } = await failure(() =>
      aggregateSignatures(request, { ask: fake.ask, retry: FAST_RETRY }),
    );
    expect(ms).to.be.lessThan(budgetMs + LATE_MS);
    const { report } = error;
    const honest = net.set.validators.reduce((sum, v, i) => (faulty.has(i) ? sum : sum + v.weight), 0n);
    expect(report.signedWeight).to.equal(honest);
    expect(report.requiredWeight).to.equal((67n * net.set.totalWeight + 99n) / 100n);
    expect(error.message).to.contain(
      `signed weight ${honest} of ${net.set.totalWeight}, needed ${report.requiredWeight} (67%), missing ${report.requiredWeight - honest}`,
    );
    expect(error.message).to.match(/unreachable \d+ \(weight \d+\)/);
    expect(error.message).to.match(/app-error \d+ \(weight \d+\)/);
    expect(error.kind).to.equal('unavailable');
    // Retried while the budget lasted.
    const retried = [...faulty].map((i) => report.validators[i]!.asked);
    expect(Math.max(...retried)).to.be.greaterThan(1);
    expect(report.stoppedBy).to.equal('budget');
  });

  it('fails at once, without waiting for the budget, when invalid signers make the quorum unreachable', async function () {
    const faulty = takeWeight(net, 0.4, everyOther);
    const fake = fakeAsk(net, (node) =>
      faulty.has(net.nodeIndex.get(node)!) ? { kind: 'wrong' } : { kind: 'sign', delayMs: 30 },
    );
    const request = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + 10_000) };
    const { error, ms } = await failure(() => aggregateSignatures(request, { ask: fake.ask }));
    expect(ms).to.be.lessThan(3_000);
    expect(error.report.stoppedBy).to.equal('unreachable-quorum');
    for (const i of faulty) expect(error.report.validators[i]!.outcome).to.equal('invalid');
    expect(error.message).to.match(/invalid \d+ \(weight \d+\)/);
  });

  describe('the quorum buffer', function () {
    it('waits for slow validators while quorum + buffer is not signed', async function () {
      const slow = new Set([...net.set.validators.keys()].filter((i) => i % 10 === 3));
      const fake = fakeAsk(net, (node) =>
        slow.has(net.nodeIndex.get(node)!) ? { kind: 'sign', delayMs: 250 } : { kind: 'sign', delayMs: 5 },
      );
      const request = {
        message: newMessage(),
        validators: net.set,
        quorumPercentage: 67,
        quorumPercentageBuffer: 30,
        budget: new Date(Date.now() + 5_000),
      };
      const { value: result, ms } = await timed(() => aggregateSignatures(request, { ask: fake.ask }));
      expect(ms).to.be.greaterThan(240);
      const { weight } = check(result, request);
      expect(97n * net.set.totalWeight <= 100n * weight).to.equal(true);
      expect(result.stoppedBy).to.equal('target');
      expect(result.targetWeight).to.equal((97n * net.set.totalWeight + 99n) / 100n);
    });

    it('returns at the bare quorum once every validator answered, when the buffer is out of reach', async function () {
      const down = takeWeight(net, 0.2, everyOther);
      const fake = fakeAsk(net, (node) =>
        down.has(net.nodeIndex.get(node)!) ? { kind: 'unreachable' } : { kind: 'sign', delayMs: 5 },
      );
      const request = {
        message: newMessage(),
        validators: net.set,
        quorumPercentageBuffer: 20,
        budget: new Date(Date.now() + 10_000),
      };
      const { value: result, ms } = await timed(() => aggregateSignatures(request, { ask: fake.ask }));
      expect(ms).to.be.lessThan(3_000);
      const { weight } = check(result, request);
      expect(87n * net.set.totalWeight > 100n * weight).to.equal(true);
      expect(result.stoppedBy).to.equal('settled');
    });

    it('returns at the bare quorum when the budget ends with validators still silent', async function () {
      const silent = takeWeight(net, 0.2, everyOther);
      const fake = fakeAsk(net, (node) =>
        silent.has(net.nodeIndex.get(node)!) ? { kind: 'hang' } : { kind: 'sign', delayMs: 5 },
      );
      const budgetMs = 400;
      const request = {
        message: newMessage(),
        validators: net.set,
        quorumPercentageBuffer: 20,
        budget: new Date(Date.now() + budgetMs),
      };
      const { value: result, ms } = await timed(() => aggregateSignatures(request, { ask: fake.ask }));
      expect(ms).to.be.greaterThan(budgetMs - 50);
      expect(ms).to.be.lessThan(budgetMs + LATE_MS);
      check(result, request);
      expect(result.stoppedBy).to.equal('budget');
      for (const i of silent) {
        expect(result.validators[i]!.outcome).to.equal('timed-out');
        expect(result.validators[i]!.timedOut).to.equal(1);
      }
    });
  });

  describe('the signature cache', function () {
    it('does not ask validators whose signature for the message is cached', async function () {
      const cache = new SignatureCache();
      const message = newMessage();
      // A fifth of the validators silent the first time, so that the quorum is signed without them.
      const first = fakeAsk(net, (node) =>
        net.nodeIndex.get(node)! % 5 === 0 ? { kind: 'hang' } : { kind: 'sign', delayMs: 2 },
      );
      const request = { message, validators: net.set, budget: new Date(Date.now() + 5_000) };
      const result = await aggregateSignatures(request, { ask: first.ask, cache });
      check(result, request);
      expect(result.signers.length).to.be.lessThan(100);
      expect(cache.stats().signatures).to.equal(result.signers.length);

      const again = fakeAsk(net, () => ({ kind: 'sign', delayMs: 2 }));
      const cached = await aggregateSignatures(
        { ...request, budget: new Date(Date.now() + 5_000) },
        { ask: again.ask, cache },
      );
      expect(again.asked).to.deep.equal([]);
      check(cached, request);
      expect(cached.validators.filter((v) => v.outcome === 'cached').map((v) => v.index)).to.deep.equal(
        result.signers,
      );

      // A higher quorum asks only the validators still missing.
      const more = fakeAsk(net, () => ({ kind: 'sign', delayMs: 2 }));
      const higher = { ...request, quorumPercentage: 90, budget: new Date(Date.now() + 5_000) };
      const result90 = await aggregateSignatures(higher, { ask: more.ask, cache });
      check(result90, higher);
      const signedBefore = new Set(result.signers.flatMap(net.nodesOf));
      expect(more.asked.length).to.be.greaterThan(0);
      expect(more.asked.filter((n) => signedBefore.has(n))).to.deep.equal([]);
    });

    it('keeps only verified signatures', async function () {
      const cache = new SignatureCache();
      const liar = 5;
      const fake = fakeAsk(net, (node) =>
        net.nodeIndex.get(node) === liar ? { kind: 'wrong' } : { kind: 'sign' },
      );
      const request = {
        message: newMessage(),
        validators: net.set,
        quorumPercentage: 95,
        budget: new Date(Date.now() + 5_000),
      };
      const result = await aggregateSignatures(request, { ask: fake.ask, cache });
      check(result, request);
      expect(result.validators[liar]!.outcome).to.equal('invalid');
      const id = result.messageId;
      expect(cache.get(id, net.set.validators[liar]!.publicKey)).to.equal(undefined);
      for (const i of result.signers)
        expect(cache.get(id, net.set.validators[i]!.publicKey)).to.not.equal(undefined);
    });
  });

  describe('the budget', function () {
    it('is never overrun, even by asks that ignore their signal', async function () {
      const fake = fakeAsk(net, () => ({ kind: 'hang' }));
      const budgetMs = 300;
      const request = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + budgetMs) };
      const { error, ms } = await failure(() => aggregateSignatures(request, { ask: fake.ask }));
      expect(ms).to.be.lessThan(budgetMs + LATE_MS);
      expect(error.report.signedWeight).to.equal(0n);
      expect(error.report.validators.every((v) => v.outcome === 'timed-out')).to.equal(true);
    });

    it('can be an AbortSignal, and a slow validator past it is reported as timed out', async function () {
      const small = network([10n, 10n, 10n, 10n]);
      const fake = fakeAsk(small, (node) =>
        node === 'NodeID-0' ? { kind: 'sign', delayMs: 2_000 } : { kind: 'sign' },
      );
      const request = {
        message: newMessage(),
        validators: small.set,
        quorumPercentage: 100,
        budget: AbortSignal.timeout(200),
      };
      const { error, ms } = await failure(() => aggregateSignatures(request, { ask: fake.ask }));
      expect(ms).to.be.lessThan(200 + LATE_MS);
      expect(error.report.signedWeight).to.equal(30n);
      expect(error.report.validators[small.nodeIndex.get('NodeID-0')!]!.outcome).to.equal('timed-out');
      expect(error.message).to.contain('signed weight 30 of 40, needed 40 (100%), missing 10');
    });

    it('retries an ask that outlives attemptTimeoutMs', async function () {
      const small = network([10n, 10n, 10n]);
      const fake = fakeAsk(small, () => ({ kind: 'later', times: 1, first: 'hang' }));
      const request = {
        message: newMessage(),
        validators: small.set,
        quorumPercentage: 100,
        budget: new Date(Date.now() + 2_000),
      };
      const result = await aggregateSignatures(request, {
        ask: fake.ask,
        attemptTimeoutMs: 50,
        retry: FAST_RETRY,
      });
      check(result, request);
      for (const v of result.validators) {
        expect(v).to.deep.include({ outcome: 'signed', asked: 2, timedOut: 1 });
      }
    });
  });

  it('retries validators that have not signed yet or answered with an AppError', async function () {
    const small = network([10n, 10n, 10n]);
    const fake = fakeAsk(small, (node) =>
      node === 'NodeID-0'
        ? { kind: 'later', times: 2, first: 'app-error' }
        : { kind: 'later', times: 1, first: 'empty' },
    );
    const request = {
      message: newMessage(),
      validators: small.set,
      quorumPercentage: 100,
      budget: new Date(Date.now() + 2_000),
    };
    const result = await aggregateSignatures(request, { ask: fake.ask, retry: FAST_RETRY });
    check(result, request);
    const d = (node: string) => result.validators[small.nodeIndex.get(node)!]!;
    expect(d('NodeID-0')).to.deep.include({ outcome: 'signed', asked: 3, appErrors: 2, answered: 1 });
    expect(d('NodeID-0').appError).to.deep.equal({ code: 7, message: 'not yet' });
    expect(d('NodeID-1')).to.deep.include({ outcome: 'signed', asked: 2, notSignedYet: 1, answered: 2 });
  });

  it('counts a validator with several nodes (one key) once, whichever node answers', async function () {
    // Nodes 0 and 1 share node 0's key: one canonical validator of weight 30.
    const shared = network([10n, 20n, 15n, 5n], { sharedKeys: new Map([[1, 0]]) });
    expect(shared.set.validators).to.have.length(3);
    const merged = shared.nodeIndex.get('NodeID-0')!;
    expect(shared.set.validators[merged]).to.deep.include({ weight: 30n, nodeIds: ['NodeID-0', 'NodeID-1'] });

    const bothAnswer = fakeAsk(shared, () => ({ kind: 'sign' }));
    const request = {
      message: newMessage(),
      validators: shared.set,
      quorumPercentage: 100,
      budget: new Date(Date.now() + 2_000),
    };
    const result = await aggregateSignatures(request, { ask: bothAnswer.ask });
    const { signers, weight } = check(result, request);
    expect(signers).to.have.length(3);
    expect(weight).to.equal(50n);

    const oneDown = fakeAsk(shared, (node) =>
      node === 'NodeID-0' ? { kind: 'unreachable' } : { kind: 'sign', delayMs: 10 },
    );
    const again = { ...request, message: newMessage(), budget: new Date(Date.now() + 2_000) };
    const result2 = await aggregateSignatures(again, { ask: oneDown.ask, retry: FAST_RETRY });
    check(result2, again);
    expect(result2.validators[merged]!.outcome).to.equal('signed');
    expect(result2.validators[merged]!.unreachable).to.be.at.least(1);
  });

  it('fails at once, asking nobody, when validators without a key hold more than the slack', async function () {
    const keyless = network([10n, 10n, 10n], { keyless: 20n });
    const fake = fakeAsk(keyless, () => ({ kind: 'sign' }));
    const request = { message: newMessage(), validators: keyless.set, budget: new Date(Date.now() + 5_000) };
    const { error, ms } = await failure(() => aggregateSignatures(request, { ask: fake.ask }));
    expect(ms).to.be.lessThan(500);
    expect(fake.asked).to.deep.equal([]);
    expect(error.report.keylessWeight).to.equal(20n);
    expect(error.message).to.contain('signed weight 0 of 50, needed 34 (67%)');
    expect(error.message).to.contain('without a BLS key (weight 20)');
  });

  it('counts validators without a key in the total weight', async function () {
    const keyless = network([10n, 10n, 10n], { keyless: 5n });
    const fake = fakeAsk(keyless, () => ({ kind: 'sign' }));
    const request = {
      message: newMessage(),
      validators: keyless.set,
      quorumPercentage: 80,
      budget: new Date(Date.now() + 2_000),
    };
    const result = await aggregateSignatures(request, { ask: fake.ask });
    // 80 × 35 = 2800 ≤ 100 × 30: all three keyed validators are needed.
    expect(check(result, request).weight).to.equal(30n);
    expect(result.requiredWeight).to.equal(28n);
  });

  it('refuses bad requests with invalid_argument naming the field', async function () {
    const fake = fakeAsk(net, () => ({ kind: 'sign' }));
    const base = { message: newMessage(), validators: net.set, budget: new Date(Date.now() + 1_000) };
    const cases: [Partial<AggregationRequest>, RegExp][] = [
      [{ quorumPercentage: 0 }, /quorumPercentage/],
      [{ quorumPercentage: 101 }, /quorumPercentage/],
      [{ quorumPercentage: 66.5 }, /quorumPercentage/],
      [{ quorumPercentageBuffer: -1 }, /quorumPercentageBuffer/],
      [{ quorumPercentage: 90, quorumPercentageBuffer: 11 }, /at most 100/],
      [{ message: Uint8Array.of(0, 1, 2) }, /^message: /],
    ];
    for (const [change, pattern] of cases) {
      try {
        await aggregateSignatures({ ...base, ...change }, { ask: fake.ask });
        expect.fail(`accepted ${JSON.stringify(change)}`);
      } catch (error) {
        expect(error).to.be.instanceOf(DomainError);
        expect((error as DomainError).kind).to.equal('invalid_argument');
        expect((error as Error).message).to.match(pattern);
      }
    }
    expect(fake.asked).to.deep.equal([]);
  });

  it('retries with an exponential, capped, jittered delay', function () {
    const policy = { initialDelayMs: 100, maxDelayMs: 1_000, multiplier: 2, jitter: 0.5 };
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, policy, () => 0.5))).to.deep.equal([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
    expect(retryDelayMs(1, policy, () => 0)).to.equal(50);
    expect(retryDelayMs(1, policy, () => 1)).to.equal(150);
  });
});
