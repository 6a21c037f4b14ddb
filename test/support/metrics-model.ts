import type { BlockActivity__Output as BlockActivityMessage } from '../../services/generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { Pool } from '../../services/runtime/database/pool.ts';
import { decodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import type { MetricsValue__Output as Point } from '../../services/generated/proto/chaindata/metrics/v1/MetricsValue.ts';
import { expect } from 'chai';
import type { ChainModel } from './evm-chain-model.ts';

/** A chain's blocks as StreamBlockActivity sends them, with the network the chain counts in. */
export interface RolledUpChain {
  evmChainId: string;
  network: 'mainnet' | 'testnet';
  blocks: BlockActivityMessage[];
}

/**
 * The rollups of the metrics service computed from chains' blocks by the definitions of §4.5 the straightforward way
 * (sets and sums over every block, running totals by scanning from genesis), apart from the service's code, in the
 * form of the service's tables (metrics.series, metrics.days) as text.
 */
export function expectedRollups(chains: RolledUpChain[]) {
  const HOUR = 3_600;
  const DAY = 86_400;
  const align = (interval: string, t: number) => {
    const d = new Date(t * 1000);
    if (interval === 'hour') return t - (t % HOUR);
    if (interval === 'day') return t - (t % DAY);
    if (interval === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    const day = t - (t % DAY);
    return day - ((new Date(day * 1000).getUTCDay() + 6) % 7) * DAY; // back to Monday
  };
  const hex = (b: Buffer) => b.toString('hex');
  type Series = {
    tx: number;
    gas: bigint;
    fees: bigint;
    addresses: Set<string>;
    senders: Set<string>;
    contracts: number;
    deployers: Set<string>;
  };
  type Day = { priceSum: bigint; maxPrice?: bigint; maxTps?: number; maxGps?: number; last: number };
  const series = new Map<string, Series>();
  const days = new Map<string, Day>();
  const events: { scope: string; day: number; block: BlockActivityMessage }[] = [];
  for (const chain of chains) {
    let previous: number | undefined;
    for (const block of chain.blocks) {
      const t = Number(block.block_timestamp);
      const gas = block.transactions.reduce((s, tx) => s + BigInt(tx.gas_used), 0n);
      const gap = previous === undefined ? 0 : t - previous;
      previous = t;
      for (const scope of [chain.evmChainId, chain.network, 'total']) {
        events.push({ scope, day: align('day', t), block });
        for (const interval of ['hour', 'day', 'week', 'month']) {
          const key = `${scope}|${interval}|${align(interval, t)}`;
          const s = series.get(key) ?? {
            tx: 0,
            gas: 0n,
            fees: 0n,
            addresses: new Set(),
            senders: new Set(),
            contracts: 0,
            deployers: new Set(),
          };
          series.set(key, s);
          s.tx += block.transactions.length;
          s.gas += gas;
          for (const tx of block.transactions) {
            s.fees += BigInt(tx.gas_used) * BigInt(tx.gas_price);
            s.addresses.add(hex(tx.from));
            s.senders.add(hex(tx.from));
            if (tx.to) s.addresses.add(hex(tx.to));
          }
          for (const x of block.transfers) {
            s.addresses.add(hex(x.from)).add(hex(x.to));
            s.senders.add(hex(x.from));
          }
          s.contracts += block.contract_creations.length;
          for (const c of block.contract_creations) s.deployers.add(hex(c.deployer));
        }
        const dayKey = `${scope}|${align('day', t)}`;
        const d = days.get(dayKey) ?? { priceSum: 0n, last: t };
        days.set(dayKey, d);
        d.last = Math.max(d.last, t);
        for (const tx of block.transactions) {
          const price = BigInt(tx.gas_price);
          d.priceSum += price;
          if (d.maxPrice === undefined || price > d.maxPrice) d.maxPrice = price;
        }
        if (gap > 0) {
          const tps = block.transactions.length / gap;
          const gps = Number(gas) / gap;
          if (d.maxTps === undefined || tps > d.maxTps) d.maxTps = tps;
          if (d.maxGps === undefined || gps > d.maxGps) d.maxGps = gps;
        }
      }
    }
  }
  const seriesRows = [...series].map(([key, s]) => {
    const [scope, interval, bucket] = key.split('|');
    return {
      scope: scope!,
      time_interval: interval!,
      bucket: bucket!,
      tx_count: String(s.tx),
      gas_used: s.gas.toString(),
      fees_paid: s.fees.toString(),
      active_addresses: String(s.addresses.size),
      active_senders: String(s.senders.size),
      contracts: String(s.contracts),
      deployers: String(s.deployers.size),
    };
  });
  const dayRows = [...days].map(([key, d]) => {
    const [scope, dayText] = key.split('|');
    const day = Number(dayText);
    // Running totals through the day's end.
    const upTo = events.filter((e) => e.scope === scope && e.day <= day).map((e) => e.block);
    const addresses = new Set<string>();
    const deployers = new Set<string>();
    for (const b of upTo) {
      for (const tx of b.transactions) {
        addresses.add(hex(tx.from));
        if (tx.to) addresses.add(hex(tx.to));
      }
      for (const x of b.transfers) addresses.add(hex(x.from)).add(hex(x.to));
      for (const c of b.contract_creations) deployers.add(hex(c.deployer));
    }
    return {
      scope: scope!,
      day: dayText!,
      gas_price_sum: d.priceSum.toString(),
      max_gas_price: d.maxPrice?.toString() ?? null,
      max_tps: d.maxTps ?? null,
      max_gps: d.maxGps ?? null,
      last_block_time: String(d.last),
      cumulative_tx_count: String(upTo.reduce((n, b) => n + b.transactions.length, 0)),
      cumulative_addresses: String(addresses.size),
      cumulative_contracts: String(upTo.reduce((n, b) => n + b.contract_creations.length, 0)),
      cumulative_deployers: String(deployers.size),
    };
  });
  const byKey = (a: { scope: string }, b: { scope: string }) =>
    JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
  return { series: seriesRows.sort(byKey), days: dayRows.sort(byKey) };
}

/** What the service stored, in the form expectedRollups gives. */
export async function storedRollups(pool: Pool) {
  const series = await pool.query(
    `SELECT scope, time_interval, bucket::text, tx_count::text, gas_used::text, fees_paid::text,
            active_addresses::text, active_senders::text, contracts::text, deployers::text FROM metrics.series`,
  );
  const days = await pool.query(
    `SELECT scope, day::text, gas_price_sum::text, max_gas_price::text, max_tps, max_gps, last_block_time::text,
            cumulative_tx_count::text, cumulative_addresses::text, cumulative_contracts::text,
            cumulative_deployers::text FROM metrics.days`,
  );
  const byKey = (a: { scope: string }, b: { scope: string }) =>
    JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
  return {
    series: (series.rows as { scope: string }[]).sort(byKey),
    days: (days.rows as { scope: string }[]).sort(byKey),
  };
}

/** Every row the EVM chains' rollups write (not the write times or page tokens), in key order, as text. */
export async function dump(pool: Pool): Promise<Record<string, string[]>> {
  const tables = {
    chains: 'evm_chain_id',
    series: 'scope, time_interval, bucket',
    bucket_members: 'scope, time_interval, bucket, kind, address',
    first_seen: 'scope, kind, address',
    days: 'scope, day',
    hours: 'scope, hour',
    icm_pairs: 'network, src_blockchain_id, dest_blockchain_id',
    icm_messages: 'network, src_blockchain_id, dest_blockchain_id, time_interval, bucket',
  };
  const out: Record<string, string[]> = {};
  for (const [table, order] of Object.entries(tables)) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT t::text AS row FROM metrics.${table} t ORDER BY ${order}`,
    );
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

/** A deterministic pseudo-random source (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const address = (n: number) => Buffer.from(n.toString(16).padStart(40, '0'), 'hex');
export const blockHash = (chain: string, n: number, fork = 0) =>
  Buffer.from(
    `${chain.padStart(8, '0')}${fork.toString(16).padStart(8, '0')}${n.toString(16).padStart(48, '0')}`,
    'hex',
  );

/**
 * A chain's blocks from `start`: gaps of 0 s to a few hours with an occasional day or more, across a leap day, a
 * week's and a month's end; transactions, creations and transfers among a small set of addresses (shared by the
 * chains), so that buckets, chains and days share members.
 */
export function syntheticChain(
  evmChainId: string,
  network: RolledUpChain['network'],
  start: number,
  count: number,
  seed: number,
): RolledUpChain {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  // ICM messages from their own source, so the other activity stays what it was: now and then, to one of three chains.
  const nextIcm = random(seed + 7_919);
  const blockchainId = (n: string | number) => Buffer.from(String(n).padStart(64, '0'), 'hex');
  const blocks: BlockActivityMessage[] = [];
  let t = start;
  for (let n = 0; n < count; n++) {
    if (n > 0) t += next() < 0.08 ? 86_400 + pick(86_400 * 2) : next() < 0.15 ? 0 : pick(4 * 3_600);
    const txs = Array.from({ length: pick(4) }, () => {
      const creation = next() < 0.15;
      return {
        from: address(1 + pick(12)),
        ...(creation ? {} : { to: address(1 + pick(20)), _to: 'to' as const }),
        gas_used: String(21_000 + pick(500_000)),
        gas_price: String(25_000_000_000 + pick(5) * 1_000_000_000),
        success: next() < 0.9,
      };
    });
    blocks.push({
      evm_chain_id: evmChainId,
      block_number: String(n),
      block_hash: blockHash(evmChainId, n),
      parent_hash: n === 0 ? Buffer.alloc(32) : blockHash(evmChainId, n - 1),
      block_timestamp: String(t),
      transactions: txs,
      transfers: Array.from({ length: pick(3) }, () => ({ from: address(pick(15)), to: address(pick(25)) })),
      contract_creations: txs
        .filter((tx) => tx.to === undefined)
        .flatMap(() =>
          Array.from({ length: 1 + pick(2) }, () => ({
            address: address(1000 + pick(100_000)),
            deployer: address(pick(14)),
          })),
        ),
      icm_messages_sent: Array.from(
        { length: nextIcm() < 0.3 ? 1 + Math.floor(nextIcm() * 3) : 0 },
        (_, i) => ({
          message_id: Buffer.from(`${evmChainId}-${n}-${i}`.padEnd(32, '-')),
          source_blockchain_id: blockchainId(evmChainId),
          destination_blockchain_id: blockchainId(1 + Math.floor(nextIcm() * 3)),
        }),
      ),
    });
  }
  return { evmChainId, network, blocks };
}

/** A devnet chain as StreamBlockActivity sends it (bytes, decimal text), read from its blocks, receipts and traces. */
export function activityOf(model: ChainModel, network: RolledUpChain['network']): RolledUpChain {
  const hexBytes = (hex: string) => Buffer.from(hex.slice(2), 'hex');
  const txsOf = Map.groupBy(model.txs, (t) => t.blockNumber);
  const sendsOf = Map.groupBy(
    model.sends.filter((s, i, all) => all.findIndex((o) => o.messageId === s.messageId) === i),
    (s) => model.byHash.get(s.txHash)!.blockNumber,
  );
  const blocks: BlockActivityMessage[] = model.blocks.map((b) => {
    const txs = (txsOf.get(b.number) ?? []).sort((x, y) => x.blockIndex - y.blockIndex);
    return {
      evm_chain_id: model.chainId,
      block_number: b.number.toString(),
      block_hash: hexBytes(b.hash),
      parent_hash: hexBytes(b.parentHash),
      block_timestamp: b.timestamp.toString(),
      transactions: txs.map((t) => ({
        from: hexBytes(t.from),
        ...(t.to ? { to: hexBytes(t.to) } : {}),
        gas_used: t.gasUsed.toString(),
        gas_price: t.gasPrice.toString(),
        success: t.success,
      })),
      // Every transfer log's ends.
      transfers: txs.flatMap((t) => t.transfers.map((x) => ({ from: hexBytes(x.from), to: hexBytes(x.to) }))),
      // Contracts created: a successful creation transaction's, and every CREATE/CREATE2 frame that did not revert.
      contract_creations: txs.flatMap((t) => [
        ...(t.to === null && t.created && t.success
          ? [{ address: hexBytes(t.created), deployer: hexBytes(t.from) }]
          : []),
        ...t.internals
          .filter((i) => (i.type === 'CREATE' || i.type === 'CREATE2') && !i.reverted && i.to)
          .map((i) => ({ address: hexBytes(i.to!), deployer: hexBytes(i.from) })),
      ]),
      // The ICM messages its transactions sent (each message id's first send).
      icm_messages_sent: (sendsOf.get(b.number) ?? []).map((s) => ({
        message_id: hexBytes(s.messageId),
        source_blockchain_id: Buffer.from(decodeCb58(model.blockchainId)),
        destination_blockchain_id: hexBytes(s.message.destinationBlockchainID),
      })),
    };
  });
  return { evmChainId: model.chainId, network, blocks };
}

// ---- The Metrics API's points (§4.5), computed from the blocks

type Block = BlockActivityMessage;

export const METRICS = [
  'activeAddresses',
  'activeSenders',
  'cumulativeTxCount',
  'cumulativeAddresses',
  'cumulativeContracts',
  'cumulativeDeployers',
  'contracts',
  'deployers',
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
] as const;
export type Metric = (typeof METRICS)[number];
export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];
/** What §4.5's table allows at any interval; every other metric is served by the day only. */
export const ANY_INTERVAL = new Set<Metric>(['activeAddresses', 'activeSenders', 'gasUsed', 'txCount']);
export const allowed = (metric: Metric, interval: Interval) => interval === 'day' || ANY_INTERVAL.has(metric);

export const DAY = 86_400;
/** The start of the bucket holding `t`, from the calendar (UTC). */
export function bucketOf(interval: Interval, t: number): number {
  const date = new Date(t * 1000);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1000;
  switch (interval) {
    case 'hour':
      return Math.floor(t / 3_600) * 3_600;
    case 'day':
      return midnight;
    case 'week':
      return midnight - ((date.getUTCDay() + 6) % 7) * DAY; // back to Monday
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  }
}

export const time = (b: Block) => Number(b.block_timestamp);
const distinct = (blocks: Block[], pick: (b: Block) => Buffer[]) =>
  new Set(blocks.flatMap((b) => pick(b).map((x) => x.toString('hex')))).size;
const ends = (b: Block) => [
  ...b.transactions.flatMap((t) => (t.to ? [t.from, t.to] : [t.from])),
  ...b.transfers.flatMap((x) => [x.from, x.to]),
];
const senders = (b: Block) => [...b.transactions.map((t) => t.from), ...b.transfers.map((x) => x.from)];
const deployers = (b: Block) => b.contract_creations.map((c) => c.deployer);

/**
 * A metric's points for the chains of a scope, by §4.5's definitions, the straightforward way: one per bucket holding
 * a block of the scope, where the metric has a value, newest first.
 */
export function expectedPoints(chains: RolledUpChain[], metric: Metric, interval: Interval): Point[] {
  const blocks = chains.flatMap((c) => c.blocks);
  const buckets = [...new Set(blocks.map((b) => bucketOf(interval, time(b))))].sort((a, b) => b - a);
  const next = (start: number) =>
    interval === 'month'
      ? Date.UTC(new Date(start * 1000).getUTCFullYear(), new Date(start * 1000).getUTCMonth() + 1, 1) / 1000
      : start + { hour: 3_600, day: DAY, week: 7 * DAY }[interval];
  return buckets.flatMap((start) => {
    const end = next(start);
    const inside = blocks.filter((b) => time(b) >= start && time(b) < end);
    const before = blocks.filter((b) => time(b) < start);
    const through = blocks.filter((b) => time(b) < end);
    const txs = inside.flatMap((b) => b.transactions);
    const gas = txs.reduce((n, t) => n + BigInt(t.gas_used), 0n);
    const last = Math.max(...inside.map(time));
    const previous = before.length > 0 ? Math.max(...before.map(time)) : undefined;
    // Per block, over the time since its own chain's block before it.
    const rates = chains.flatMap((c) =>
      c.blocks.flatMap((b, n) => {
        const gap = n === 0 ? 0 : time(b) - time(c.blocks[n - 1]!);
        if (time(b) < start || time(b) >= end || gap <= 0) return [];
        const blockGas = b.transactions.reduce((g, t) => g + Number(t.gas_used), 0);
        return [{ tps: b.transactions.length / gap, gps: blockGas / gap }];
      }),
    );
    const prices = txs.map((t) => BigInt(t.gas_price));
    const values: Record<Metric, () => number | bigint | undefined> = {
      activeAddresses: () => BigInt(distinct(inside, ends)),
      activeSenders: () => BigInt(distinct(inside, senders)),
      cumulativeTxCount: () => BigInt(through.flatMap((b) => b.transactions).length),
      cumulativeAddresses: () => BigInt(distinct(through, ends)),
      // "From genesis up until the timestamp".
      cumulativeContracts: () => BigInt(before.flatMap((b) => b.contract_creations).length),
      cumulativeDeployers: () => BigInt(distinct(through, deployers)),
      contracts: () => BigInt(inside.flatMap((b) => b.contract_creations).length),
      deployers: () => BigInt(distinct(inside, deployers)),
      gasUsed: () => gas,
      txCount: () => BigInt(txs.length),
      avgGps: () => (previous === undefined ? undefined : Number(gas) / (last - previous)),
      maxGps: () => (rates.length === 0 ? undefined : Math.max(...rates.map((r) => r.gps))),
      avgTps: () => (previous === undefined ? undefined : txs.length / (last - previous)),
      maxTps: () => (rates.length === 0 ? undefined : Math.max(...rates.map((r) => r.tps))),
      avgGasPrice: () =>
        txs.length === 0 ? undefined : prices.reduce((a, b) => a + Number(b), 0) / txs.length,
      maxGasPrice: () => (prices.length === 0 ? undefined : prices.reduce((a, b) => (a > b ? a : b))),
      feesPaid: () => txs.reduce((n, t) => n + BigInt(t.gas_used) * BigInt(t.gas_price), 0n),
    };
    const value = values[metric]();
    return value === undefined ? [] : [{ value: Number(value), timestamp: start }];
  });
}

/** Equal points; averages (computed in another order) within a rounding error. */
export function expectSamePoints(actual: Point[], expected: Point[], what: string) {
  expect(
    actual.map((p) => p.timestamp),
    what,
  ).to.deep.equal(expected.map((p) => p.timestamp));
  actual.forEach((p, i) =>
    expect(p.value, `${what} at ${p.timestamp}`).to.be.closeTo(
      expected[i]!.value,
      Math.abs(expected[i]!.value) * 1e-12,
    ),
  );
}
