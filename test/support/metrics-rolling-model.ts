import { expect } from 'chai';
import type { BlockActivity__Output as Block } from '../../services/generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { RolledUpChain } from './metrics-model.ts';

/**
 * The Metrics API's rolling-window chain metrics computed from chains' blocks the straightforward way (every block
 * of the window, sets for the distinct counts), apart from the service's code: the windows are whole UTC hours
 * ending with the hour that holds `at` (the last 1, 24, 168, 720, 2160 and 8760 hours, and all time).
 */
export const ROLLING_METRICS = [
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
  'contracts',
  'deployers',
  'activeAddresses',
  'activeSenders',
] as const;
export type RollingMetric = (typeof ROLLING_METRICS)[number];

export const WINDOW_HOURS = {
  lastHour: 1,
  lastDay: 24,
  lastWeek: 7 * 24,
  lastMonth: 30 * 24,
  last90Days: 90 * 24,
  lastYear: 365 * 24,
  allTime: Infinity,
} as const;
export type Window = keyof typeof WINDOW_HOURS;
const WINDOWS = Object.keys(WINDOW_HOURS) as Window[];

const time = (b: Block) => Number(b.block_timestamp);
const hex = (b: Buffer) => b.toString('hex');

export function expectedWindows(
  chains: RolledUpChain[],
  metric: RollingMetric,
  at: number,
): Partial<Record<Window, number>> {
  const to = Math.floor(at / 3_600) * 3_600 + 3_600;
  const all = chains.flatMap((c) => c.blocks).filter((b) => time(b) < to);
  const out: Partial<Record<Window, number>> = {};
  for (const window of WINDOWS) {
    if ((metric === 'activeAddresses' || metric === 'activeSenders') && WINDOW_HOURS[window] > 168) continue;
    const from = Math.max(0, to - WINDOW_HOURS[window] * 3_600);
    const inside = all.filter((b) => time(b) >= from);
    const txs = inside.flatMap((b) => b.transactions);
    const gas = txs.reduce((n, t) => n + BigInt(t.gas_used), 0n);
    const prices = txs.map((t) => BigInt(t.gas_price));
    const before = all.filter((b) => time(b) < from).map(time);
    // Since the scope's last block before the window, or its first block when the window holds it.
    const since = before.length > 0 ? Math.max(...before) : Math.min(...inside.map(time));
    const last = Math.max(...inside.map(time));
    const perSecond = (amount: number) =>
      inside.length === 0 || last - since <= 0 ? undefined : amount / (last - since);
    // Per block, over the seconds since its own chain's block before it.
    const rates = chains.flatMap((c) =>
      c.blocks.flatMap((b, n) => {
        const gap = n === 0 ? 0 : time(b) - time(c.blocks[n - 1]!);
        if (time(b) < from || time(b) >= to || gap <= 0) return [];
        const blockGas = b.transactions.reduce((g, t) => g + Number(t.gas_used), 0);
        return [{ tps: b.transactions.length / gap, gps: blockGas / gap }];
      }),
    );
    const distinct = (pick: (b: Block) => Buffer[]) => new Set(inside.flatMap((b) => pick(b).map(hex))).size;
    const values: Record<RollingMetric, () => number | bigint | undefined> = {
      gasUsed: () => gas,
      txCount: () => txs.length,
      feesPaid: () => txs.reduce((n, t) => n + BigInt(t.gas_used) * BigInt(t.gas_price), 0n),
      contracts: () => inside.flatMap((b) => b.contract_creations).length,
      deployers: () => distinct((b) => b.contract_creations.map((c) => c.deployer)),
      activeAddresses: () =>
        distinct((b) => [
          ...b.transactions.flatMap((t) => (t.to ? [t.from, t.to] : [t.from])),
          ...b.transfers.flatMap((x) => [x.from, x.to]),
        ]),
      activeSenders: () =>
        distinct((b) => [...b.transactions.map((t) => t.from), ...b.transfers.map((x) => x.from)]),
      avgTps: () => perSecond(txs.length),
      avgGps: () => perSecond(Number(gas)),
      maxTps: () => (rates.length === 0 ? undefined : Math.max(...rates.map((r) => r.tps))),
      maxGps: () => (rates.length === 0 ? undefined : Math.max(...rates.map((r) => r.gps))),
      avgGasPrice: () =>
        txs.length === 0 ? undefined : prices.reduce((a, b) => a + Number(b), 0) / txs.length,
      maxGasPrice: () => (prices.length === 0 ? undefined : prices.reduce((a, b) => (a > b ? a : b))),
    };
    const value = values[metric]();
    if (value !== undefined) out[window] = Number(value);
  }
  return out;
}

/** The same windows with the same values (averages, computed in another order, within a rounding error). */
export function expectSameWindows(
  actual: Partial<Record<string, number>>,
  expected: Partial<Record<Window, number>>,
  what: string,
) {
  expect(Object.keys(actual).sort(), what).to.deep.equal(Object.keys(expected).sort());
  for (const [window, value] of Object.entries(expected))
    expect(actual[window], `${what} ${window}`).to.be.closeTo(value, Math.abs(value) * 1e-12);
}
