import * as blst from '@chainsafe/blst';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { expect } from 'chai';
import fc from 'fast-check';
import {
  canonicalWarpSet,
  hasQuorum,
  quorumWeight,
  type WarpSetMember,
} from '../../services/runtime/avalanche/warp.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const keys = Array.from({ length: 8 }, (_, i) =>
  blst.SecretKey.fromKeygen(new Uint8Array(32).fill(i + 1))
    .toPublicKey()
    .toBytes(true),
);
/** The uncompressed key as noble serializes it: the order is checked with another implementation. */
const uncompressed = (key: Uint8Array) => bls12_381.G1.Point.fromBytes(key).toBytes(false);

describe('Warp canonical validator set', function () {
  it('sorts by the uncompressed key, which is not the order of the compressed keys', function () {
    const set = canonicalWarpSet(
      keys.map((publicKey, i) => [`NodeID-${i}`, { publicKey, weight: 1n }] as const),
    );
    const expected = [...keys].sort((a, b) => Buffer.compare(uncompressed(a), uncompressed(b)));
    expect(set.validators.map((v) => hex(v.publicKey))).to.deep.equal(expected.map(hex));
    const byCompressed = [...keys].sort((a, b) => Buffer.compare(a, b));
    // Otherwise the test would not tell the two orders apart.
    expect(expected.map(hex)).to.not.deep.equal(byCompressed.map(hex));
  });

  it('merges validators sharing a key (weights add, node ids appended) and counts each once', function () {
    const members = new Map<string, WarpSetMember>([
      ['NodeID-a', { publicKey: keys[0], weight: 10n }],
      ['NodeID-b', { publicKey: keys[1], weight: 20n }],
      ['NodeID-c', { publicKey: keys[0], weight: 5n }],
    ]);
    const set = canonicalWarpSet(members);
    expect(set.validators).to.have.length(2);
    const merged = set.validators.find((v) => hex(v.publicKey) === hex(keys[0]!))!;
    expect(merged.weight).to.equal(15n);
    expect(merged.nodeIds).to.deep.equal(['NodeID-a', 'NodeID-c']);
    expect(set.totalWeight).to.equal(35n);
  });

  it('counts validators without a key in the total weight and leaves them out of the list', function () {
    const set = canonicalWarpSet([
      ['NodeID-a', { publicKey: keys[2], weight: 40n }],
      ['NodeID-keyless', { publicKey: undefined, weight: 60n }],
    ]);
    expect(set.validators.map((v) => v.nodeIds)).to.deep.equal([['NodeID-a']]);
    expect(set.totalWeight).to.equal(100n);
    // 40 of 100 never makes a 67% quorum, whatever the keyed validators do.
    expect(hasQuorum(40n, set.totalWeight)).to.equal(false);
  });

  it('is empty for an empty set, and refuses a total that overflows uint64 as avalanchego does', function () {
    expect(canonicalWarpSet([])).to.deep.equal({ validators: [], totalWeight: 0n });
    const max = (1n << 64n) - 1n;
    expect(canonicalWarpSet([['NodeID-a', { publicKey: undefined, weight: max }]]).totalWeight).to.equal(max);
    expect(() =>
      canonicalWarpSet([
        ['NodeID-a', { publicKey: undefined, weight: max }],
        ['NodeID-b', { publicKey: keys[0], weight: 1n }],
      ]),
    ).to.throw(RangeError, /overflows/);
  });
});

describe('Warp quorum (num × total ≤ den × signed)', function () {
  it('holds exactly at the boundary', function () {
    expect(hasQuorum(67n, 100n)).to.equal(true);
    expect(hasQuorum(66n, 100n)).to.equal(false);
    // 67 × 3 = 201 > 200 = 100 × 2: two of three validators are not 67%.
    expect(hasQuorum(2n, 3n)).to.equal(false);
    expect(hasQuorum(3n, 3n)).to.equal(true);
    expect(quorumWeight(3n)).to.equal(3n);
    expect(quorumWeight(100n)).to.equal(67n);
    expect(quorumWeight(101n)).to.equal(68n);
    expect(hasQuorum(1n, 1n, 100n, 100n)).to.equal(true);
    expect(hasQuorum(0n, 1n, 1n, 100n)).to.equal(false);
    expect(hasQuorum(0n, 0n)).to.equal(true);
  });

  it('is exact for totals near 2^64, where the uint64 products would overflow', function () {
    const total = (1n << 64n) - 1n;
    const needed = quorumWeight(total);
    expect(needed).to.equal((67n * total + 99n) / 100n);
    expect(hasQuorum(needed, total)).to.equal(true);
    expect(hasQuorum(needed - 1n, total)).to.equal(false);
  });

  it('quorumWeight is the least weight that passes, for any total and percentage', function () {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
        fc.integer({ min: 1, max: 100 }),
        (total, pct) => {
          const needed = quorumWeight(total, BigInt(pct), 100n);
          expect(hasQuorum(needed, total, BigInt(pct), 100n)).to.equal(true);
          expect(hasQuorum(needed - 1n, total, BigInt(pct), 100n)).to.equal(false);
        },
      ),
    );
  });
});
