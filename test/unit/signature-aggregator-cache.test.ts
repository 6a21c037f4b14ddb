import * as blst from '@chainsafe/blst';
import { expect } from 'chai';
import {
  SignatureCache,
  verifySignatures,
  type VerifiedSignature,
} from '../../services/signature-aggregator/aggregate/signature-cache.ts';

const id = (n: number) => new Uint8Array(32).fill(n);
const key = (n: number) => new Uint8Array(48).fill(n);
const sig = (n: number) => new Uint8Array(96).fill(n) as VerifiedSignature;

describe('signature cache', function () {
  it('holds signatures per message and validator key', function () {
    const cache = new SignatureCache();
    cache.add(id(1), key(1), sig(11));
    cache.add(id(1), key(2), sig(12));
    cache.add(id(2), key(1), sig(21));
    expect(cache.get(id(1), key(1))).to.deep.equal(sig(11));
    expect(cache.get(id(1), key(2))).to.deep.equal(sig(12));
    expect(cache.get(id(2), key(1))).to.deep.equal(sig(21));
    expect(cache.get(id(2), key(2))).to.equal(undefined);
    expect(cache.get(id(3), key(1))).to.equal(undefined);
    expect([...cache.signatures(id(1)).keys()]).to.have.length(2);
    // The same validator again replaces, it does not count twice.
    cache.add(id(1), key(1), sig(11));
    expect(cache.stats()).to.deep.equal({ messages: 2, signatures: 3, maxSignatures: 1 << 20 });
  });

  it('drops whole messages, least recently used first, past its bound in signatures', function () {
    const cache = new SignatureCache({ maxSignatures: 4 });
    cache.add(id(1), key(1), sig(1));
    cache.add(id(1), key(2), sig(1));
    cache.add(id(2), key(1), sig(2));
    cache.add(id(3), key(1), sig(3));
    // Reading message 1 makes message 2 the least recently used.
    expect(cache.get(id(1), key(1))).to.not.equal(undefined);
    cache.add(id(4), key(1), sig(4));
    expect(cache.get(id(2), key(1))).to.equal(undefined);
    expect(cache.get(id(1), key(2))).to.not.equal(undefined);
    expect(cache.stats().signatures).to.equal(4);
    cache.add(id(4), key(2), sig(4));
    expect(cache.get(id(3), key(1))).to.equal(undefined);
    expect(cache.stats()).to.include({ messages: 2, signatures: 4 });
  });

  it('keeps the message being added even when it alone is over the bound', function () {
    const cache = new SignatureCache({ maxSignatures: 2 });
    cache.add(id(9), key(9), sig(9));
    for (let k = 1; k <= 3; k++) cache.add(id(1), key(k), sig(k));
    expect(cache.get(id(9), key(9))).to.equal(undefined);
    expect(cache.signatures(id(1)).size).to.equal(3);
  });

  it('refuses a bound that is not a positive integer', function () {
    expect(() => new SignatureCache({ maxSignatures: 0 })).to.throw(RangeError);
    expect(() => new SignatureCache({ maxSignatures: 1.5 })).to.throw(RangeError);
  });

  it('hands out VerifiedSignature only for signatures that verify for the message and key', function () {
    const secrets = [3, 4, 5, 6, 7].map((n) => blst.SecretKey.fromKeygen(new Uint8Array(32).fill(n)));
    const keys = secrets.map((s) => s.toPublicKey().toBytes(true));
    const message = Uint8Array.of(1, 2, 3);
    const good = secrets.map((s) => s.sign(message).toBytes(true));
    expect(
      verifySignatures(
        message,
        keys.map((publicKey, i) => ({ publicKey, signature: good[i]! })),
      ),
    ).to.deep.equal(good);
    const mixed = [
      { publicKey: keys[0]!, signature: good[0]! },
      { publicKey: keys[1]!, signature: good[2]! }, // another validator's signature
      { publicKey: keys[2]!, signature: good[2]! },
      { publicKey: keys[3]!, signature: secrets[3]!.sign(Uint8Array.of(9)).toBytes(true) }, // another message
      { publicKey: keys[4]!, signature: good[4]!.subarray(1) },
      { publicKey: keys[4]!, signature: new Uint8Array(96) },
      { publicKey: keys[4]!, signature: good[4]! },
    ];
    expect(verifySignatures(message, mixed).map((s) => s !== undefined)).to.deep.equal([
      true,
      false,
      true,
      false,
      false,
      false,
      true,
    ]);
  });
});
