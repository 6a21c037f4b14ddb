import { expect } from 'chai';
import fc from 'fast-check';
import { windowValue } from '../../services/metrics/api/rolling-windows.ts';
import { rollupBatch, type ActivityBlock } from '../../services/metrics/ingest/rollup.ts';
import { ROLLING_WINDOWS, rollingWindows } from '../../services/metrics/intervals.ts';
import { hasWindow, windowSpans } from '../../services/metrics/rolling-windows.ts';
import type { WindowFacts } from '../../services/metrics/store/rolling-windows.ts';
import { CHAIN_ROLLING_WINDOW_METRICS } from '../../services/runtime/chain-rolling-window-metrics.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3_600;
const DAY = 86_400;

describe('metrics: rolling windows', function () {
  it('end with the hour that holds the time asked about, whole hours back, all time from the epoch', function () {
    const at = utc('2024-03-06T17:45:12Z');
    const end = utc('2024-03-06T18:00:00Z');
    const windows = rollingWindows(at);
    expect(windows.map((w) => w.window)).to.deep.equal([...ROLLING_WINDOWS]);
    expect(windows.every((w) => w.to === end)).to.equal(true);
    expect(Object.fromEntries(windows.map((w) => [w.window, (w.to - w.from) / HOUR]))).to.deep.equal({
      lastHour: 1,
      lastDay: 24,
      lastWeek: 168,
      lastMonth: 720,
      last90Days: 2160,
      lastYear: 8760,
      allTime: end / HOUR,
    });
    // An hour's first second is in that hour: its window ends an hour later.
    expect(rollingWindows(utc('2024-03-06T18:00:00Z'))[0]).to.deep.equal({
      window: 'lastHour',
      from: utc('2024-03-06T18:00:00Z'),
      to: utc('2024-03-06T19:00:00Z'),
    });
    expect(rollingWindows(utc('2024-03-06T17:59:59Z'))[0]!.to).to.equal(end);
    // Near the epoch, windows start at 0.
    expect(rollingWindows(10 * HOUR + 5).map((w) => w.from)).to.deep.equal([10 * HOUR, 0, 0, 0, 0, 0, 0]);
  });

  it('split into whole days and the hours around them, covering the window exactly once (property)', function () {
    const hourStart = fc.integer({ min: 0, max: 600_000 }).map((h) => h * HOUR);
    fc.assert(
      fc.property(hourStart, fc.integer({ min: 0, max: 24 * 400 }), (from, hours) => {
        const to = from + hours * HOUR;
        const { hours: edges, days } = windowSpans({ from, to });
        const pieces = [...edges, ...(days ? [days] : [])].sort((a, b) => a.from - b.from);
        // Contiguous, from `from` to `to`, none empty.
        let at = from;
        for (const piece of pieces) {
          expect(piece.from).to.equal(at);
          expect(piece.to).to.be.above(piece.from);
          at = piece.to;
        }
        expect(at).to.equal(hours === 0 ? from : to);
        if (days) expect([days.from % DAY, days.to % DAY]).to.deep.equal([0, 0]);
        // Hour pieces are at most 23 hours each, outside whole days.
        for (const edge of edges) {
          expect(edge.to - edge.from).to.be.at.most(days ? 23 * HOUR : 47 * HOUR);
          expect([edge.from % HOUR, edge.to % HOUR]).to.deep.equal([0, 0]);
        }
        expect(edges.length).to.be.at.most(days ? 2 : 1);
      }),
      { numRuns: 500 },
    );
  });

  it('read a year from at most 365 days and 46 hours, all time from the day before and its hours', function () {
    const windows = rollingWindows(utc('2024-03-06T17:45:12Z'));
    const year = windowSpans(windows.find((w) => w.window === 'lastYear')!);
    expect(year.hours).to.deep.equal([
      { from: utc('2023-03-07T18:00:00Z'), to: utc('2023-03-08T00:00:00Z') },
      { from: utc('2024-03-06T00:00:00Z'), to: utc('2024-03-06T18:00:00Z') },
    ]);
    expect(year.days).to.deep.equal({ from: utc('2023-03-08T00:00:00Z'), to: utc('2024-03-06T00:00:00Z') });
    const allTime = windowSpans(windows.find((w) => w.window === 'allTime')!);
    expect(allTime.days).to.deep.equal({ from: 0, to: utc('2024-03-06T00:00:00Z') });
    expect(allTime.hours).to.deep.equal([
      { from: utc('2024-03-06T00:00:00Z'), to: utc('2024-03-06T18:00:00Z') },
    ]);
    // A day that ends at midnight is a whole day, with no hours.
    expect(windowSpans({ from: utc('2024-03-05T00:00:00Z'), to: utc('2024-03-06T00:00:00Z') })).to.deep.equal(
      {
        hours: [],
        days: { from: utc('2024-03-05T00:00:00Z'), to: utc('2024-03-06T00:00:00Z') },
      },
    );
    // 24 hours across midnight: hours only.
    expect(windowSpans({ from: utc('2024-03-05T18:00:00Z'), to: utc('2024-03-06T18:00:00Z') })).to.deep.equal(
      {
        hours: [{ from: utc('2024-03-05T18:00:00Z'), to: utc('2024-03-06T18:00:00Z') }],
        days: undefined,
      },
    );
  });

  it('give active addresses and senders the last hour, day and week only, the others every window', function () {
    for (const metric of CHAIN_ROLLING_WINDOW_METRICS) {
      const windows = ROLLING_WINDOWS.filter((w) => hasWindow(metric, w));
      expect(windows, metric).to.deep.equal(
        metric === 'activeAddresses' || metric === 'activeSenders'
          ? ['lastHour', 'lastDay', 'lastWeek']
          : [...ROLLING_WINDOWS],
      );
    }
  });

  it('value a window from its facts: sums always, averages and maxima only where they have one', function () {
    const facts: WindowFacts = {
      tx_count: '30',
      gas_used: '630000',
      fees_paid: '15750000000000000',
      contracts: '2',
      gas_price_sum: '780000000000',
      max_gas_price: '27000000000',
      max_tps: 2.5,
      max_gps: 52_500,
      last_block_time: '1000',
    };
    expect(windowValue('txCount', facts, 900)).to.equal(30);
    expect(windowValue('gasUsed', facts, 900)).to.equal(630_000);
    expect(windowValue('feesPaid', facts, 900)).to.equal(15_750_000_000_000_000);
    expect(windowValue('contracts', facts, 900)).to.equal(2);
    expect(windowValue('avgTps', facts, 900)).to.equal(0.3);
    expect(windowValue('avgGps', facts, 900)).to.equal(6_300);
    expect(windowValue('avgGasPrice', facts, 900)).to.equal(26_000_000_000);
    expect(windowValue('maxGasPrice', facts, 900)).to.equal(27_000_000_000);
    expect(windowValue('maxTps', facts, 900)).to.equal(2.5);
    expect(windowValue('maxGps', facts, 900)).to.equal(52_500);
    // No time since the block before (or the first block): no average.
    expect(windowValue('avgTps', facts, 1000)).to.equal(undefined);
    expect(windowValue('avgTps', facts, undefined)).to.equal(undefined);
    const empty: WindowFacts = {
      ...facts,
      tx_count: '0',
      gas_used: '0',
      fees_paid: '0',
      contracts: '0',
      gas_price_sum: '0',
      max_gas_price: null,
      max_tps: null,
      max_gps: null,
      last_block_time: null,
    };
    for (const metric of ['txCount', 'gasUsed', 'feesPaid', 'contracts'] as const)
      expect(windowValue(metric, empty, 900), metric).to.equal(0);
    for (const metric of ['avgTps', 'avgGps', 'avgGasPrice', 'maxGasPrice', 'maxTps', 'maxGps'] as const)
      expect(windowValue(metric, empty, 900), metric).to.equal(undefined);
    // Blocks without transactions: 0 per second, no gas price.
    const idle = { ...empty, last_block_time: '1000' };
    expect(windowValue('avgTps', idle, 900)).to.equal(0);
    expect(windowValue('avgGasPrice', idle, 900)).to.equal(undefined);
  });

  it('rolls each hour of a batch into its own row: gas prices, maxima per block gap, first and last block', function () {
    const t0 = utc('2024-03-03T22:59:50Z');
    const block = (n: number, timestamp: number, extra: Partial<ActivityBlock> = {}): ActivityBlock => ({
      number: BigInt(n),
      hash: Buffer.alloc(32, n + 1),
      parentHash: Buffer.alloc(32, n),
      timestamp,
      transactions: [],
      transfers: [],
      creations: [],
      ...extra,
    });
    const tx = (gasUsed: bigint, gasPrice: bigint) => ({
      from: Buffer.alloc(20, 1),
      to: Buffer.alloc(20, 2),
      gasUsed,
      gasPrice,
    });
    const rollup = rollupBatch({ evmChainId: '7', network: 'testnet' }, t0 - 10, [
      block(1, t0, { transactions: [tx(30n, 5n), tx(30n, 9n)] }), // 10 s after the previous block: 0.2 TPS, 6 GPS
      block(2, t0 + 5, { transactions: [tx(10n, 4n)] }), // 5 s: 0.2 TPS, 2 GPS
      block(3, t0 + 12, { transactions: [tx(70n, 3n)] }), // the next hour, 7 s: 1/7 TPS, 10 GPS
      block(4, t0 + 20), // 8 s, empty
    ]);
    expect(rollup.hours!.filter((h) => h.scope === 'total')).to.deep.equal([
      {
        scope: 'total',
        hour: utc('2024-03-03T22:00:00Z'),
        gasPriceSum: 18n,
        maxGasPrice: 9n,
        maxTps: 0.2,
        maxGps: 6,
        firstBlockTime: t0,
        lastBlockTime: t0 + 5,
      },
      {
        scope: 'total',
        hour: utc('2024-03-03T23:00:00Z'),
        gasPriceSum: 3n,
        maxGasPrice: 3n,
        maxTps: 1 / 7,
        maxGps: 10,
        firstBlockTime: t0 + 12,
        lastBlockTime: t0 + 20,
      },
    ]);
    expect(new Set(rollup.hours!.map((h) => h.scope))).to.deep.equal(new Set(['7', 'testnet', 'total']));
    const genesis = rollupBatch({ evmChainId: '7', network: 'testnet' }, undefined, [block(0, t0)]);
    expect(genesis.hours![0]).to.deep.include({
      maxTps: undefined,
      maxGps: undefined,
      maxGasPrice: undefined,
    });
  });
});
