import { createHash } from 'node:crypto';
import { expect } from 'chai';
import {
  bloomAdd,
  bloomContains,
  bloomHash,
  EMPTY_BLOOM_FILTER_BYTES,
  gossipId,
  marshalBloomFilter,
  newBloomFilter,
  optimalBloomParameters,
  parseBloomFilter,
} from '../../services/runtime/avalanche/p2p/bloom.ts';

const text = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('avalanche p2p: known-peers bloom filter', () => {
  it('the smallest empty filter is 01, eight 00 (one zero seed) and one 00 entry byte', () => {
    expect(hex(EMPTY_BLOOM_FILTER_BYTES)).to.equal('01' + '00'.repeat(8) + '00');
    const filter = parseBloomFilter(EMPTY_BLOOM_FILTER_BYTES);
    expect(filter.seeds).to.deep.equal([0n]);
    expect(Array.from(filter.entries)).to.deep.equal([0]);
    expect(hex(marshalBloomFilter(filter))).to.equal(hex(EMPTY_BLOOM_FILTER_BYTES));
    expect(bloomContains(filter, bloomHash(text('anything'), new Uint8Array(0)))).to.be.false;
  });

  it('refuses what bloom.Parse refuses', () => {
    const reason = (bytes: Uint8Array) => {
      try {
        parseBloomFilter(bytes);
      } catch (err) {
        return (err as Error).message;
      }
      return 'parsed';
    };
    expect(reason(new Uint8Array(0))).to.equal('invalid num hashes');
    expect(reason(Uint8Array.of(0, 0xff))).to.equal('too few hashes: 0 < 1');
    expect(reason(Uint8Array.of(17, ...new Uint8Array(17 * 8 + 1)))).to.equal('too many hashes: 17 > 16');
    expect(reason(Uint8Array.of(1, ...new Uint8Array(8)))).to.equal('too few entries');
    expect(reason(Uint8Array.of(1))).to.equal('too few entries');
    expect(reason(Uint8Array.of(16, ...new Uint8Array(16 * 8 + 1)))).to.equal('parsed');
  });

  it('hashes an entry as the first 8 bytes of SHA-256(key ‖ salt), big-endian', () => {
    const digest = createHash('sha256').update('hellosalt').digest();
    expect(bloomHash(text('hello'), text('salt'))).to.equal(digest.readBigUInt64BE(0));
    expect(bloomHash(text('hello'), text('salt'))).to.equal(0x87daba3fe263b34cn);
  });

  it('sets the bits utils/bloom sets (known answer worked out from filter.go)', () => {
    // For each seed: h = rotl64(h, 17) ^ seed, bit h mod 32 of the 4 entry bytes. From h = 0x87daba3fe263b34c
    // the three seeds give bits 29, 19 and 25: entries 00 00 08 22.
    const seeds = [0x0102030405060708n, 0x1122334455667788n, 0xfedcba9876543210n];
    const filter = newBloomFilter(3, 4, seeds);
    const hash = bloomHash(text('hello'), text('salt'));
    expect(bloomContains(filter, hash)).to.be.false;
    expect(bloomAdd(filter, hash)).to.be.true;
    expect(bloomAdd(filter, hash)).to.be.false;
    expect(hex(marshalBloomFilter(filter))).to.equal(
      '03' + '0102030405060708' + '1122334455667788' + 'fedcba9876543210' + '00000822',
    );
    expect(bloomContains(filter, hash)).to.be.true;
    // 'hello!' lands on bits 25, 30 and 3: only 25 is set.
    expect(bloomContains(filter, bloomHash(text('hello!'), text('salt')))).to.be.false;
    const parsed = parseBloomFilter(marshalBloomFilter(filter));
    expect(parsed.seeds).to.deep.equal(seeds);
    expect(bloomContains(parsed, hash)).to.be.true;
  });

  it('a filter with random seeds contains what was added', () => {
    const filter = newBloomFilter(10, 230);
    const salt = crypto.getRandomValues(new Uint8Array(32));
    const keys = Array.from({ length: 100 }, (_, i) => text(`node-${i}`));
    for (const key of keys) bloomAdd(filter, bloomHash(key, salt));
    for (const key of keys) expect(bloomContains(filter, bloomHash(key, salt))).to.be.true;
  });

  it('keys a claimed IP by SHA-256(NodeID ‖ timestamp u64 BE)', () => {
    const nodeId = Uint8Array.from({ length: 20 }, (_, i) => i);
    expect(hex(gossipId(nodeId, 1_700_000_000n))).to.equal(
      '62f70ca35e7a850e90f5dc953020288b5c535d8b6ccbab0351b74bf70eb2aa68',
    );
  });

  it('sizes a filter as bloom.OptimalParameters does', () => {
    // The ip tracker's minimum: 128 entries at 0.1 %.
    expect(optimalBloomParameters(128, 0.001)).to.deep.equal({ numHashes: 10, numEntries: 230 });
    expect(optimalBloomParameters(0, 0.001)).to.deep.equal({ numHashes: 16, numEntries: 1 });
  });
});
