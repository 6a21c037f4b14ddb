import { expect } from 'chai';
import fc from 'fast-check';
import { coveringBuckets } from '../../services/metrics/api/icm.ts';
import { icmRollup } from '../../services/metrics/ingest/icm-rollup.ts';
import { activityBlockOf, ActivityFormatError } from '../../services/metrics/ingest/rollup.ts';
import {
  bucketStart,
  nextBucket,
  TIME_INTERVALS,
  type TimeInterval,
} from '../../services/metrics/intervals.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const id = (n: number) => Buffer.alloc(32, n);
const HOUR = 3_600;

describe('metrics: ICM messages rolled up', function () {
  const sent = (source: number, destination: number) => ({
    sourceBlockchainId: id(source),
    destinationBlockchainId: id(destination),
  });

  it('counts each message once per interval, in the buckets of the block that sent it', function () {
    const sunday = utc('2024-03-31T23:30:00Z'); // the last hour of a week, a day and a month
    const monday = utc('2024-04-01T00:10:00Z');
    const rows = icmRollup('testnet', [
      { timestamp: sunday, icmSent: [sent(1, 2), sent(1, 2), sent(1, 3)] },
      { timestamp: sunday + 60, icmSent: [] },
      { timestamp: monday, icmSent: [sent(1, 2)] },
    ]);
    const table = rows
      .map((r) => `${r.network} ${r.source[0]}>${r.destination[0]} ${r.interval} ${r.bucket} ${r.messages}`)
      .sort();
    const expected: string[] = [];
    for (const interval of TIME_INTERVALS) {
      expected.push(`testnet 1>2 ${interval} ${bucketStart(interval, sunday)} 2`);
      expected.push(`testnet 1>3 ${interval} ${bucketStart(interval, sunday)} 1`);
      expected.push(`testnet 1>2 ${interval} ${bucketStart(interval, monday)} 1`);
    }
    expect(table).to.deep.equal(expected.sort());
    // The four buckets of Monday's message all start at Monday 00:00 (a new hour, day, week and month).
    for (const interval of TIME_INTERVALS)
      expect(bucketStart(interval, monday)).to.equal(utc('2024-04-01T00:00:00Z'));
  });

  it('gives no rows for blocks that sent nothing (or carry no ICM field)', function () {
    expect(
      icmRollup('mainnet', [{ timestamp: 1_700_000_000, icmSent: [] }, { timestamp: 1_700_000_001 }]),
    ).to.deep.equal([]);
  });

  it("reads a streamed block's messages, and names an id that is not 32 bytes", function () {
    const message = () => ({
      evm_chain_id: '7',
      block_number: '3',
      block_hash: id(3),
      parent_hash: id(2),
      block_timestamp: '1700000000',
      transactions: [],
      transfers: [],
      contract_creations: [],
      icm_messages_sent: [
        { message_id: id(9), source_blockchain_id: id(1), destination_blockchain_id: id(2) },
        { message_id: id(8), source_blockchain_id: id(1), destination_blockchain_id: id(3) },
      ],
    });
    expect(activityBlockOf(message()).icmSent).to.deep.equal([sent(1, 2), sent(1, 3)]);
    const bad = message();
    bad.icm_messages_sent[1]!.destination_blockchain_id = Buffer.alloc(31);
    expect(() => activityBlockOf(bad)).to.throw(
      ActivityFormatError,
      'block 3: icm_messages_sent[1].destination_blockchain_id: expected 32 bytes, got 31',
    );
    const none = message();
    none.icm_messages_sent[0]!.source_blockchain_id = Buffer.alloc(0);
    expect(() => activityBlockOf(none)).to.throw(
      ActivityFormatError,
      'icm_messages_sent[0].source_blockchain_id',
    );
  });
});

describe('metrics: the buckets that cover a rolling window', function () {
  it('reads hours, then days, then months, then days and hours', function () {
    const from = utc('2024-01-30T21:00:00Z');
    const to = utc('2024-04-02T03:00:00Z');
    expect(coveringBuckets(from, to)).to.deep.equal([
      { interval: 'hour', from, to: utc('2024-01-31T00:00:00Z') },
      { interval: 'day', from: utc('2024-01-31T00:00:00Z'), to: utc('2024-02-01T00:00:00Z') },
      { interval: 'month', from: utc('2024-02-01T00:00:00Z'), to: utc('2024-04-01T00:00:00Z') },
      { interval: 'day', from: utc('2024-04-01T00:00:00Z'), to: utc('2024-04-02T00:00:00Z') },
      { interval: 'hour', from: utc('2024-04-02T00:00:00Z'), to },
    ]);
    // Within a day: hours only; an empty window: nothing.
    expect(coveringBuckets(utc('2024-01-30T01:00:00Z'), utc('2024-01-30T05:00:00Z'))).to.deep.equal([
      { interval: 'hour', from: utc('2024-01-30T01:00:00Z'), to: utc('2024-01-30T05:00:00Z') },
    ]);
    expect(coveringBuckets(from, from)).to.deep.equal([]);
    // All time up to an hour: months from the epoch on.
    expect(coveringBuckets(0, utc('2024-03-01T01:00:00Z'))).to.deep.equal([
      { interval: 'month', from: 0, to: utc('2024-03-01T00:00:00Z') },
      { interval: 'hour', from: utc('2024-03-01T00:00:00Z'), to: utc('2024-03-01T01:00:00Z') },
    ]);
  });

  it('covers every hour of any window exactly once, with aligned buckets, in at most five ranges', function () {
    const hourStart = fc.integer({ min: 0, max: 2_000_000 }).map((h) => h * HOUR);
    fc.assert(
      fc.property(hourStart, fc.integer({ min: 0, max: 24 * 800 }), (from, hours) => {
        const to = from + hours * HOUR;
        const ranges = coveringBuckets(from, to);
        expect(ranges.length).to.be.at.most(5);
        let at = from;
        for (const range of ranges) {
          expect(range.from).to.equal(at);
          expect(range.to).to.be.above(range.from);
          // Each range is whole buckets of its interval.
          const aligned = (interval: TimeInterval, t: number) => bucketStart(interval, t) === t;
          expect(aligned(range.interval, range.from) && aligned(range.interval, range.to)).to.equal(true);
          expect(nextBucket(range.interval, range.from)).to.be.at.most(range.to);
          at = range.to;
        }
        expect(at).to.equal(to);
      }),
      { numRuns: 2_000 },
    );
  });
});
