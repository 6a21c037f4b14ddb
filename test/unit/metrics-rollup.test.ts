import { expect } from 'chai';
import { bucketStart, nextBucket, TIME_INTERVALS } from '../../services/metrics/intervals.ts';
import {
  activityBlockOf,
  ActivityFormatError,
  MEMBER_KIND,
  perSecond,
  rollupBatch,
  scopesOf,
  type ActivityBlock,
} from '../../services/metrics/ingest/rollup.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const address = (n: number) => Buffer.alloc(20, n);
const hash = (n: number) => Buffer.alloc(32, n);

describe('metrics: time buckets', function () {
  it('aligns to the UTC hour, day, Monday and first of the month', function () {
    const t = utc('2024-03-06T17:45:12Z'); // a Wednesday
    expect(bucketStart('hour', t)).to.equal(utc('2024-03-06T17:00:00Z'));
    expect(bucketStart('day', t)).to.equal(utc('2024-03-06T00:00:00Z'));
    expect(bucketStart('week', t)).to.equal(utc('2024-03-04T00:00:00Z'));
    expect(bucketStart('month', t)).to.equal(utc('2024-03-01T00:00:00Z'));
  });

  it('puts a bucket boundary in the bucket it starts', function () {
    const monday = utc('2024-01-01T00:00:00Z'); // a Monday, a month's and a year's first day
    for (const interval of TIME_INTERVALS) expect(bucketStart(interval, monday), interval).to.equal(monday);
    expect(bucketStart('week', monday - 1)).to.equal(utc('2023-12-25T00:00:00Z'));
    expect(bucketStart('month', monday - 1)).to.equal(utc('2023-12-01T00:00:00Z'));
    expect(bucketStart('day', monday - 1)).to.equal(utc('2023-12-31T00:00:00Z'));
    expect(bucketStart('hour', monday - 1)).to.equal(utc('2023-12-31T23:00:00Z'));
  });

  it('weeks start on Monday whatever the day, also around the epoch', function () {
    // 1970-01-01 was a Thursday; its week started on Monday 1969-12-29.
    expect(bucketStart('week', 0)).to.equal(utc('1969-12-29T00:00:00Z'));
    expect(bucketStart('week', utc('1970-01-05T00:00:00Z'))).to.equal(utc('1970-01-05T00:00:00Z'));
    const sunday = utc('2024-03-10T23:59:59Z');
    expect(bucketStart('week', sunday)).to.equal(utc('2024-03-04T00:00:00Z'));
    for (let day = 0; day < 14; day++) {
      const t = utc('2024-02-26T12:00:00Z') + day * 86_400;
      expect(new Date(bucketStart('week', t) * 1000).getUTCDay(), `day ${day}`).to.equal(1);
    }
  });

  it('months have their own lengths (leap February, December into January)', function () {
    expect(bucketStart('month', utc('2024-02-29T23:59:59Z'))).to.equal(utc('2024-02-01T00:00:00Z'));
    expect(nextBucket('month', utc('2024-02-01T00:00:00Z'))).to.equal(utc('2024-03-01T00:00:00Z'));
    expect(nextBucket('month', utc('2023-12-01T00:00:00Z'))).to.equal(utc('2024-01-01T00:00:00Z'));
    expect(nextBucket('week', utc('2024-03-04T00:00:00Z'))).to.equal(utc('2024-03-11T00:00:00Z'));
    expect(nextBucket('day', utc('2024-03-04T00:00:00Z'))).to.equal(utc('2024-03-05T00:00:00Z'));
    expect(nextBucket('hour', utc('2024-03-04T00:00:00Z'))).to.equal(utc('2024-03-04T01:00:00Z'));
  });

  it('refuses what is not a Unix time in seconds', function () {
    expect(() => bucketStart('day', -1)).to.throw(RangeError);
    expect(() => bucketStart('day', 1.5)).to.throw(RangeError);
  });
});

describe('metrics: a batch of blocks rolled up', function () {
  const t0 = utc('2024-03-03T23:59:58Z'); // Sunday, the last seconds of a week and of a day
  const block = (n: number, timestamp: number, extra: Partial<ActivityBlock> = {}): ActivityBlock => ({
    number: BigInt(n),
    hash: hash(n + 1),
    parentHash: hash(n),
    timestamp,
    transactions: [],
    transfers: [],
    creations: [],
    ...extra,
  });

  it('counts a block in its chain, its network and total', function () {
    expect(scopesOf('43113', 'testnet')).to.deep.equal(['43113', 'testnet', 'total']);
  });

  it('sums transactions, gas and fees into the bucket of each block, and counts distinct members', function () {
    const blocks = [
      block(1, t0, {
        transactions: [
          { from: address(1), to: address(2), gasUsed: 21_000n, gasPrice: 25n },
          { from: address(1), gasUsed: 100_000n, gasPrice: 30n }, // a creation: no `to`
        ],
        transfers: [{ from: address(0), to: address(3) }],
        creations: [{ address: address(9), deployer: address(1) }],
      }),
      block(2, t0 + 4, {
        // the next day, the next week (Monday)
        transactions: [{ from: address(2), to: address(1), gasUsed: 50_000n, gasPrice: 27n }],
      }),
    ];
    const rollup = rollupBatch({ evmChainId: '7', network: 'mainnet' }, t0 - 2, blocks);
    const sum = (scope: string, interval: string, bucket: number) =>
      rollup.sums.find((s) => s.scope === scope && s.interval === interval && s.bucket === bucket);
    const sunday = utc('2024-03-03T00:00:00Z');
    const monday = utc('2024-03-04T00:00:00Z');
    for (const scope of ['7', 'mainnet', 'total']) {
      expect(sum(scope, 'day', sunday), scope).to.deep.include({
        txCount: 2,
        gasUsed: 121_000n,
        feesPaid: 21_000n * 25n + 100_000n * 30n,
        contracts: 1,
      });
      expect(sum(scope, 'day', monday), scope).to.deep.include({
        txCount: 1,
        gasUsed: 50_000n,
        contracts: 0,
      });
      expect(sum(scope, 'week', utc('2024-02-26T00:00:00Z'))!.txCount).to.equal(2);
      expect(sum(scope, 'week', monday)!.txCount).to.equal(1);
      // March holds both.
      expect(sum(scope, 'month', utc('2024-03-01T00:00:00Z'))!.txCount).to.equal(3);
    }
    expect(rollup.sums).to.have.length(3 * (2 + 2 + 2 + 1));

    const members = (scope: string, interval: string, bucket: number, kind: number) =>
      rollup.members
        .filter((m) => m.scope === scope && m.interval === interval && m.bucket === bucket && m.kind === kind)
        .map((m) => m.address[0])
        .sort();
    // Sunday: tx ends 1, 2 (the creation has no `to`), transfer ends 0 and 3.
    expect(members('total', 'day', sunday, MEMBER_KIND.address)).to.deep.equal([0, 1, 2, 3]);
    expect(members('total', 'day', sunday, MEMBER_KIND.sender)).to.deep.equal([0, 1]);
    expect(members('total', 'day', sunday, MEMBER_KIND.deployer)).to.deep.equal([1]);
    expect(members('total', 'day', monday, MEMBER_KIND.address)).to.deep.equal([1, 2]);
    // A month's members are its own, not a sum of days': 1 and 2 once.
    expect(members('7', 'month', utc('2024-03-01T00:00:00Z'), MEMBER_KIND.address)).to.deep.equal([
      0, 1, 2, 3,
    ]);
    expect(members('7', 'month', utc('2024-03-01T00:00:00Z'), MEMBER_KIND.sender)).to.deep.equal([0, 1, 2]);

    const firsts = rollup.firstSeen
      .filter((f) => f.scope === 'mainnet')
      .map((f) => `${f.kind}:${f.address[0]}@${f.day === sunday ? 'sun' : 'mon'}`)
      .sort();
    expect(firsts).to.deep.equal(['1:0@sun', '1:1@sun', '1:2@sun', '1:3@sun', '3:1@sun']);
  });

  it('keeps the day-only facts: gas prices, max TPS and GPS per block gap, the last block time', function () {
    const blocks = [
      block(5, t0 - 10, {
        transactions: [
          { from: address(1), to: address(2), gasUsed: 30n, gasPrice: 5n },
          { from: address(1), to: address(2), gasUsed: 30n, gasPrice: 9n },
        ],
      }), // 10 s after the previous block: 0.2 TPS, 6 GPS
      block(6, t0 - 9, { transactions: [{ from: address(1), to: address(2), gasUsed: 7n, gasPrice: 4n }] }), // 1 s: 1 TPS, 7 GPS
      block(7, t0 - 9, { transactions: [{ from: address(1), to: address(2), gasUsed: 99n, gasPrice: 4n }] }), // same second: no point
      block(8, t0 - 5), // empty: 0 TPS
    ];
    const rollup = rollupBatch({ evmChainId: '7', network: 'testnet' }, t0 - 20, blocks);
    const day = rollup.days.find((d) => d.scope === 'testnet')!;
    expect(day).to.deep.equal({
      scope: 'testnet',
      day: utc('2024-03-03T00:00:00Z'),
      txCount: 4,
      contracts: 0,
      gasPriceSum: 22n,
      maxGasPrice: 9n,
      maxTps: 1,
      maxGps: 7,
      lastBlockTime: t0 - 5,
    });
    expect(rollup.days).to.have.length(3);
  });

  it('gives no TPS point to a block without a known previous block, or in the same second', function () {
    expect(perSecond(5n, 100, undefined)).to.equal(undefined);
    expect(perSecond(5n, 100, 100)).to.equal(undefined);
    expect(perSecond(5n, 100, 101)).to.equal(undefined);
    expect(perSecond(5n, 100, 98)).to.equal(2.5);
    const genesis = rollupBatch({ evmChainId: '7', network: 'testnet' }, undefined, [block(0, t0)]);
    expect(genesis.days[0]).to.deep.include({ maxTps: undefined, maxGps: undefined, maxGasPrice: undefined });
  });

  it('gives every bucket with a block a row, even with no transaction', function () {
    const rollup = rollupBatch({ evmChainId: '7', network: 'testnet' }, undefined, [block(0, t0)]);
    expect(rollup.sums).to.have.length(12);
    expect(rollup.sums.every((s) => s.txCount === 0 && s.gasUsed === 0n)).to.equal(true);
    expect(rollup.members).to.deep.equal([]);
  });
});

describe('metrics: streamed block activity is checked', function () {
  const message = () => ({
    evm_chain_id: '7',
    block_number: '3',
    block_hash: hash(3),
    parent_hash: hash(2),
    block_timestamp: '1700000000',
    transactions: [
      { from: address(1), to: address(2), gas_used: '21000', gas_price: '25000000000', success: true },
    ],
    transfers: [{ from: address(3), to: address(4) }],
    contract_creations: [{ address: address(5), deployer: address(1) }],
    icm_messages_sent: [],
  });

  it('reads a well-formed block', function () {
    const block = activityBlockOf(message());
    expect(block.number).to.equal(3n);
    expect(block.timestamp).to.equal(1_700_000_000);
    expect(block.transactions[0]).to.deep.equal({
      from: address(1),
      to: address(2),
      gasUsed: 21_000n,
      gasPrice: 25_000_000_000n,
    });
    const creation = { ...message(), transactions: [{ ...message().transactions[0]!, to: undefined }] };
    expect(activityBlockOf(creation).transactions[0]).to.not.have.property('to');
  });

  it('names the field that is wrong', function () {
    const bad = (change: (m: ReturnType<typeof message>) => void, field: string) => {
      const m = message();
      change(m);
      expect(() => activityBlockOf(m)).to.throw(ActivityFormatError, field);
    };
    bad((m) => (m.block_hash = hash(1).subarray(1)), 'block_hash');
    bad((m) => (m.parent_hash = Buffer.alloc(0)), 'parent_hash');
    bad((m) => (m.transactions[0]!.from = Buffer.alloc(19)), 'transactions[0].from');
    bad((m) => (m.transactions[0]!.gas_used = '-1'), 'transactions[0].gas_used');
    bad((m) => (m.transactions[0]!.gas_price = ''), 'transactions[0].gas_price');
    bad((m) => (m.transactions[0]!.gas_price = (1n << 256n).toString()), 'out of range');
    bad((m) => (m.transfers[0]!.to = Buffer.alloc(32)), 'transfers[0].to');
    bad((m) => (m.contract_creations[0]!.deployer = Buffer.alloc(0)), 'contract_creations[0].deployer');
    bad((m) => (m.block_timestamp = '1e9'), 'block_timestamp');
  });
});
