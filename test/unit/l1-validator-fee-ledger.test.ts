/**
 * primary-network's replay of the P-Chain's L1 validator fee ledger (ingest/l1-validator-fees.ts), against the rules
 * of avalanchego's AdvanceTimeTo and block verifier worked by hand, and metrics' fee rollup (ingest/l1-fee-rollup.ts)
 * fed with what the ledger gives, against the one identity the rollup must keep whatever happens: a validation's
 * cumulative fees are its deposits less its refunds and its balance.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import {
  L1FeeLedger,
  emptyL1FeeLedger,
  type L1FeeBlock as LedgerBlock,
} from '../../services/primary-network/ingest/l1-validator-fees.ts';
import {
  feeRowKey,
  rollL1Fees,
  type L1FeeBlock,
  type L1FeeDay,
  type L1FeeState,
} from '../../services/metrics/ingest/l1-fee-rollup.ts';
import {
  VALIDATOR_FEE_CONFIGS,
  validatorFeeCost,
  type ValidatorFeeConfig,
} from '../../services/runtime/avalanche/validator-fees.ts';

const FUJI = VALIDATOR_FEE_CONFIGS.fuji;
const ETNA = 1_000n;
const T0 = 1_000_000n;
const A = 'aa';
const B = 'bb';

const ledgerOf = (config: ValidatorFeeConfig = FUJI) => new L1FeeLedger(config, ETNA, emptyL1FeeLedger());

/** Runs one block: its time, then `txs` against the ledger, then its end. */
function block(ledger: L1FeeLedger, time: bigint, txs: (l: L1FeeLedger) => void = () => {}, option = false) {
  ledger.beginBlock(time, option);
  txs(ledger);
  return ledger.endBlock();
}

describe('L1 validator fee ledger (primary-network replay)', function () {
  it('charges every active validator the price of each second since the parent block, and nothing before Etna', function () {
    const ledger = ledgerOf();
    block(ledger, ETNA - 10n);
    // The first block at or after Etna charges from its (pre-Etna) parent's time.
    expect(block(ledger, ETNA + 5n, (l) => l.register(A, 1_000_000n)).accruedFees).to.equal(512n * 15n);
    const after = block(ledger, ETNA + 65n);
    expect(after.accruedFees).to.equal(512n * 75n);
    expect(ledger.balanceOf(A)).to.equal(1_000_000n - 512n * 60n);
    expect(after.activeValidators).to.equal(1);
    expect(after.changes).to.deep.equal([]);
  });

  it('charges nothing at an option block (it keeps its proposal’s time and state)', function () {
    const ledger = ledgerOf();
    block(ledger, T0, (l) => l.register(A, 1_000_000n));
    const proposal = block(ledger, T0 + 10n);
    const commit = block(ledger, T0 + 10n, () => {}, true);
    expect(commit.accruedFees).to.equal(proposal.accruedFees);
  });

  it('runs a validator out at the block that reaches its balance, and forfeits what cannot pay the next second', function () {
    const ledger = ledgerOf();
    block(ledger, T0, (l) => {
      l.register(A, 512n * 10n);
      l.register(B, 512n * 100n + 300n);
    });
    // A's balance pays exactly 10 seconds: the block at +10 deactivates it as the time advances.
    const ran = block(ledger, T0 + 10n);
    expect(ran.changes).to.deep.equal([
      { validationId: A, endAccumulatedFee: 0n, deposited: 0n, refunded: 0n },
    ]);
    expect(ledger.balanceOf(A)).to.equal(0n);
    // B is left 300 nAVAX after 100 seconds: less than a second's 512, so the block deactivates it at its end.
    const forfeited = block(ledger, T0 + 100n);
    expect(forfeited.changes).to.deep.equal([
      { validationId: B, endAccumulatedFee: 0n, deposited: 0n, refunded: 0n },
    ]);
    expect(forfeited.activeValidators).to.equal(0);
  });

  it('refunds the balance of a validator disabled or removed, and a top-up brings an inactive one back', function () {
    const ledger = ledgerOf();
    block(ledger, T0, (l) => {
      l.register(A, 100_000n);
      l.register(B, 100_000n);
    });
    let refund = 0n;
    const disabled = block(ledger, T0 + 10n, (l) => (refund = l.release(A)));
    expect(refund).to.equal(100_000n - 5_120n);
    expect(disabled.changes).to.deep.equal([
      { validationId: A, endAccumulatedFee: 0n, deposited: 0n, refunded: refund },
    ]);
    // Inactive: no charge, and releasing it again refunds nothing.
    block(ledger, T0 + 20n, (l) => expect(l.release(A)).to.equal(0n));
    const topUp = block(ledger, T0 + 30n, (l) => l.deposit(A, 7_000n));
    expect(ledger.balanceOf(A)).to.equal(7_000n);
    expect(topUp.changes[0]).to.deep.equal({
      validationId: A,
      endAccumulatedFee: topUp.accruedFees + 7_000n,
      deposited: 7_000n,
      refunded: 0n,
    });
    expect(ledger.balanceOf(B)).to.equal(100_000n - 512n * 30n);
  });

  it('prices each second at the excess the active count drives above the target', function () {
    // A small conversion constant, so that an hour's excess moves the price.
    const config = { ...FUJI, target: 1n, excessConversionConstant: 1_000n };
    const ledger = ledgerOf(config);
    block(ledger, T0, (l) => {
      l.register(A, 10n ** 15n);
      l.register(B, 10n ** 15n);
    });
    const first = block(ledger, T0 + 3_600n);
    // Two active against a target of one: excess grows a unit a second and the price with it.
    expect(first.excess).to.equal(3_600n);
    expect(first.accruedFees).to.equal(validatorFeeCost({ current: 2n, excess: 0n }, config, 3_600n));
    expect(first.accruedFees > 512n * 3_600n).to.equal(true);
  });
});

/** A random history driven through the ledger: blocks of a few hundred seconds, registrations, top-ups, disables. */
const historyArbitrary = fc.array(
  fc.record({
    seconds: fc.integer({ min: 0, max: 40_000 }),
    option: fc.boolean(),
    action: fc.oneof(
      fc.record({
        kind: fc.constant('register' as const),
        balance: fc.bigInt({ min: 0n, max: 40_000_000n }),
      }),
      fc.record({
        kind: fc.constant('deposit' as const),
        who: fc.nat(),
        amount: fc.bigInt({ min: 1n, max: 20_000_000n }),
      }),
      fc.record({ kind: fc.constant('release' as const), who: fc.nat() }),
      fc.constant({ kind: 'none' as const }),
    ),
  }),
  { minLength: 1, maxLength: 60 },
);

interface Replayed {
  blocks: L1FeeBlock[];
  deposited: Map<string, bigint>;
  refunded: Map<string, bigint>;
  balance: Map<string, bigint>;
}

type History = typeof historyArbitrary extends fc.Arbitrary<infer H> ? H : never;

function replay(history: History): Replayed {
  const ledger = ledgerOf();
  const ids: string[] = [];
  const deposited = new Map<string, bigint>();
  const refunded = new Map<string, bigint>();
  const add = (m: Map<string, bigint>, id: string, v: bigint) => m.set(id, (m.get(id) ?? 0n) + v);
  const blocks: L1FeeBlock[] = [];
  let time = T0;
  for (const step of history) {
    const option = step.option && ids.length > 0;
    if (!option) time += BigInt(step.seconds);
    const out: LedgerBlock = block(
      ledger,
      time,
      (l) => {
        const a = step.action;
        if (option || a.kind === 'none') return;
        if (a.kind === 'register') {
          const id = (ids.length + 1).toString(16).padStart(64, '0');
          ids.push(id);
          l.register(id, a.balance);
          add(deposited, id, a.balance);
        } else if (ids.length > 0) {
          const id = ids[a.who % ids.length]!;
          if (a.kind === 'deposit') {
            l.deposit(id, a.amount);
            add(deposited, id, a.amount);
          } else add(refunded, id, l.release(id));
        }
      },
      option,
    );
    blocks.push({
      timestamp: time,
      accruedFees: out.accruedFees,
      feeChanges: out.changes.map((c) => ({
        validationId: Buffer.from(c.validationId, 'hex'),
        // Two subnets and three nodes among the validations, so that every scope sums several.
        subnetId: Buffer.alloc(32, Number.parseInt(c.validationId, 16) % 2),
        nodeId: Buffer.alloc(20, Number.parseInt(c.validationId, 16) % 3),
        endAccumulatedFee: c.endAccumulatedFee,
        deposited: c.deposited,
        refunded: c.refunded,
      })),
    });
  }
  const balance = new Map(ids.map((id) => [id, ledger.balanceOf(id)]));
  return { blocks, deposited, refunded, balance };
}

/** Rolls the blocks in batches of the given sizes, keeping every row as a store would (the newest per key). */
function rollInBatches(blocks: L1FeeBlock[], sizes: number[]): Map<string, L1FeeDay> {
  const stored = new Map<string, L1FeeDay>();
  const state: L1FeeState = { accruedFees: 0n, active: new Map(), latest: new Map() };
  let at = 0;
  for (let i = 0; at < blocks.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    // Each batch starts from what the store has: the newest row of each key (copies, as a load would give).
    state.latest = new Map();
    for (const row of stored.values()) {
      const key = feeRowKey(row.scope, row.key);
      const newest = state.latest.get(key);
      if (!newest || newest.day < row.day) state.latest.set(key, { ...row });
    }
    for (const row of rollL1Fees(state, blocks.slice(at, at + size)))
      stored.set(`${feeRowKey(row.scope, row.key)}:${row.day}`, { ...row });
    at += size;
  }
  return stored;
}

describe('L1 validator fee rollup (metrics)', function () {
  it("keeps each validation's cumulative fees equal to its deposits less its refunds and balance, in any batches", function () {
    fc.assert(
      fc.property(
        historyArbitrary,
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
        (history, sizes) => {
          const { blocks, deposited, refunded, balance } = replay(history);
          const rows = rollInBatches(blocks, sizes);
          expect([...rows.values()]).to.deep.equal([...rollInBatches(blocks, [blocks.length]).values()]);
          const newest = (scope: string, key: string) =>
            [...rows.values()]
              .filter((r) => r.scope === scope && r.key === key)
              .sort((a, b) => b.day - a.day)[0];
          let total = 0n;
          for (const [id, paid] of balance) {
            const expected = (deposited.get(id) ?? 0n) - (refunded.get(id) ?? 0n) - paid;
            total += expected;
            expect(newest('validation', id)?.cumulative ?? 0n, id).to.equal(expected);
          }
          expect(newest('total', '')?.cumulative ?? 0n).to.equal(total);
          // Each day: the scopes sum the same fees, and the validations paying are the validation rows of the day.
          const days = new Set([...rows.values()].map((r) => r.day));
          for (const day of days) {
            const of = (scope: string) =>
              [...rows.values()].filter((r) => r.scope === scope && r.day === day);
            const sum = (scope: string) => of(scope).reduce((s, r) => s + r.fees, 0n);
            for (const scope of ['node', 'subnet', 'total'])
              expect(sum(scope), scope).to.equal(sum('validation'));
            expect(of('total')[0]?.paying ?? 0n).to.equal(BigInt(of('validation').length));
            expect(of('subnet').reduce((s, r) => s + r.paying, 0n)).to.equal(BigInt(of('validation').length));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
