import { expect } from 'chai';
import fc from 'fast-check';
import {
  DAY,
  dayOf,
  rollStaking,
  type DayRow,
  type Level,
  type StakingBlock,
  type StakingState,
} from '../../services/metrics/ingest/staking-rollup.ts';

const utc = (iso: string) => BigInt(Date.parse(iso) / 1000);
const subnet = (n: number) => Buffer.alloc(32, n);
const T0 = utc('2026-01-01T00:00:00Z');

const emptyState = (): StakingState => ({
  frontier: undefined,
  levels: new Map(),
  changes: new Map(),
  l1Weights: new Map(),
});

function block(height: number, timestamp: bigint, facts: Partial<StakingBlock> = {}): StakingBlock {
  return {
    network: 'fuji',
    height: BigInt(height),
    id: Buffer.alloc(32, height + 1),
    parentId: Buffer.alloc(32, height),
    timestamp,
    added: [],
    removed: [],
    l1Weights: [],
    accruedFees: undefined,
    feeChanges: [],
    ...facts,
  };
}

/** Rolls the blocks in batches of the given sizes, as the store keeps state between them; every row written. */
function rollInBatches(blocks: StakingBlock[], sizes: number[]): Map<string, Level> {
  const state = emptyState();
  const stored = new Map<string, Level>();
  let i = 0;
  let s = 0;
  while (i < blocks.length) {
    const size = Math.max(1, sizes[s++ % sizes.length] ?? 1);
    const rows: DayRow[] = rollStaking(state, blocks.slice(i, i + size));
    // As the store keeps them: a day with neither validators nor delegators has no row.
    for (const r of rows)
      if (r.level.validatorCount === 0n && r.level.delegatorCount === 0n)
        stored.delete(`${r.subnetId}:${r.day}`);
      else stored.set(`${r.subnetId}:${r.day}`, r.level);
    i += size;
  }
  return stored;
}

/**
 * The definition, computed directly: on each day from a subnet's first staker's day up to the last block's day,
 * the stakers whose period (cut short by a removal) covers the day's last second; an L1 validator's weight as the
 * last block up to the day's end set it.
 */
function expectedLevels(blocks: StakingBlock[]): Map<string, Level> {
  const lastDay = dayOf(blocks.at(-1)!.timestamp);
  const out = new Map<string, Level>();
  const stakers = blocks.flatMap((b) =>
    b.added.map((s) => {
      const removal = blocks.find((later) =>
        later.removed.some(
          (r) => r.subnetId.equals(s.subnetId) && r.startTime === s.startTime && r.weight === s.weight,
        ),
      );
      const end = removal && removal.timestamp < s.endTime ? removal.timestamp : s.endTime;
      return { ...s, end };
    }),
  );
  const subnets = new Set([
    ...stakers.map((s) => s.subnetId.toString('hex')),
    ...blocks.flatMap((b) => b.l1Weights.map((w) => w.subnetId.toString('hex'))),
  ]);
  for (const id of subnets) {
    const firstDays = [
      ...stakers
        .filter((s) => s.subnetId.toString('hex') === id && dayOf(s.startTime) < dayOf(s.end))
        .map((s) => dayOf(s.startTime)),
      ...blocks
        .filter((b) => b.l1Weights.some((w) => w.subnetId.toString('hex') === id))
        .map((b) => dayOf(b.timestamp)),
    ];
    if (firstDays.length === 0) continue;
    for (let day = Math.min(...firstDays); day <= lastDay; day += DAY) {
      const at = BigInt(day + DAY - 1);
      const level: Level = {
        validatorCount: 0n,
        validatorWeight: 0n,
        delegatorCount: 0n,
        delegatorWeight: 0n,
      };
      for (const s of stakers) {
        if (s.subnetId.toString('hex') !== id || !(s.startTime <= at && at < s.end)) continue;
        if (s.isDelegator) {
          level.delegatorCount++;
          level.delegatorWeight += s.weight;
        } else {
          level.validatorCount++;
          level.validatorWeight += s.weight;
        }
      }
      const weights = new Map<string, bigint>();
      for (const b of blocks)
        if (b.timestamp <= at)
          for (const w of b.l1Weights)
            if (w.subnetId.toString('hex') === id) weights.set(w.validationId.toString('hex'), w.weight);
      for (const w of weights.values())
        if (w > 0n) {
          level.validatorCount++;
          level.validatorWeight += w;
        }
      if (level.validatorCount > 0n || level.delegatorCount > 0n) out.set(`${id}:${day}`, level);
    }
  }
  return out;
}

describe('metrics: staking rollup', function () {
  it('counts a staker on the days whose last second its period covers', function () {
    const blocks = [
      block(1, T0 + 3_600n, {
        added: [
          // Day 0 10:00 to day 2 00:00: counted on days 0 and 1.
          {
            subnetId: subnet(0),
            isDelegator: false,
            weight: 5n,
            startTime: T0 + 3_600n,
            endTime: T0 + 2n * 86_400n,
          },
          // Ends within day 0: on no day's end.
          {
            subnetId: subnet(0),
            isDelegator: true,
            weight: 7n,
            startTime: T0 + 3_600n,
            endTime: T0 + 80_000n,
          },
        ],
      }),
      block(2, T0 + 3n * 86_400n + 5n),
    ];
    const rows = rollInBatches(blocks, [5]);
    const id = subnet(0).toString('hex');
    const counts = [0, 1, 2, 3].map((d) => rows.get(`${id}:${Number(T0) + d * DAY}`)?.validatorCount);
    expect(counts).to.deep.equal([1n, 1n, undefined, undefined]);
    expect(rows.get(`${id}:${Number(T0)}`)?.delegatorCount).to.equal(0n);
  });

  it('never changes a day before the last one rolled up: an earlier fact counts from it', function () {
    const state = emptyState();
    rollStaking(state, [block(1, T0 + 2n * 86_400n)]);
    const rows = rollStaking(state, [
      block(2, T0 + 2n * 86_400n + 1n, {
        added: [
          { subnetId: subnet(1), isDelegator: false, weight: 1n, startTime: T0, endTime: T0 + 9n * 86_400n },
          { subnetId: subnet(1), isDelegator: false, weight: 2n, startTime: T0, endTime: T0 + 86_400n },
        ],
      }),
    ]);
    expect(rows.map((r) => [r.day, r.level.validatorCount, r.level.validatorWeight])).to.deep.equal([
      [Number(T0) + 2 * DAY, 1n, 1n],
    ]);
  });

  it('gives the definition on every day, whatever the batches', function () {
    const fact = (blockTime: bigint) =>
      fc
        .record({
          subnet: fc.integer({ min: 0, max: 2 }),
          isDelegator: fc.boolean(),
          weight: fc.bigInt({ min: 1n, max: 10n ** 15n }),
          startAfter: fc.bigInt({ min: 0n, max: 3n * 86_400n }),
          length: fc.bigInt({ min: 1n, max: 6n * 86_400n }),
          removeAfterBlocks: fc.option(fc.integer({ min: 1, max: 8 })),
        })
        .map((f) => ({ ...f, blockTime }));
    const history = fc
      .array(
        fc.record({
          gap: fc.bigInt({ min: 0n, max: 2n * 86_400n }),
          stakers: fc.integer({ min: 0, max: 2 }),
          l1: fc.option(
            fc.record({
              validator: fc.integer({ min: 0, max: 3 }),
              weight: fc.bigInt({ min: 0n, max: 100n }),
            }),
          ),
        }),
        { minLength: 1, maxLength: 25 },
      )
      .chain((steps) => {
        let t = T0;
        const times = steps.map((s) => (t += s.gap));
        return fc.tuple(
          fc.constant(steps),
          fc.tuple(
            ...times.map((time, i) =>
              fc.array(fact(time), { minLength: steps[i]!.stakers, maxLength: steps[i]!.stakers }),
            ),
          ),
          fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 5 }),
        );
      });
    fc.assert(
      fc.property(history, ([steps, facts, sizes]) => {
        let t = T0;
        const blocks = steps.map((s, i) => {
          t += s.gap;
          return block(i + 1, t, {
            added: facts[i]!.map((f) => ({
              subnetId: subnet(f.subnet),
              isDelegator: f.isDelegator,
              weight: f.weight,
              startTime: t + f.startAfter,
              endTime: t + f.startAfter + f.length,
            })),
            l1Weights: s.l1
              ? [
                  {
                    validationId: Buffer.alloc(32, 100 + s.l1.validator),
                    subnetId: subnet(9),
                    weight: s.l1.weight,
                  },
                ]
              : [],
          });
        });
        // Removals: a later block removes a permissioned staker (a validator, not yet ended).
        facts.forEach((list, i) =>
          list.forEach((f, j) => {
            const at = f.removeAfterBlocks === null ? undefined : blocks[i + f.removeAfterBlocks];
            const s = blocks[i]!.added[j]!;
            if (at && !s.isDelegator && at.timestamp < s.endTime) at.removed.push(s);
          }),
        );
        const whole = rollInBatches(blocks, [blocks.length]);
        expect(Object.fromEntries(whole)).to.deep.equal(Object.fromEntries(expectedLevels(blocks)));
        expect(Object.fromEntries(rollInBatches(blocks, sizes))).to.deep.equal(Object.fromEntries(whole));
      }),
      { numRuns: 300 },
    );
  });
});
