import { createHash } from 'node:crypto';
import * as blst from '@chainsafe/blst';
import { expect } from 'chai';
import fc from 'fast-check';
import {
  addressedCall,
  bitsetIndices,
  decodeSignedWarpMessage,
  decodeUnsignedWarpMessage,
  decodeWarpPayload,
  encodeSignedWarpMessage,
  MAX_PAYLOAD_CODEC_SIZE,
  parseAddressedCall,
  parseSignedWarpMessage,
  signersBitset,
  unsignedWarpMessage,
  verifyWarpSignature,
  WarpFormatError,
  warpMessageId,
} from '../../services/runtime/avalanche/warp.ts';
import { verifyWarpSignature as nobleVerify } from '../support/bls-noble.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s+/g, ''), 'hex'));
/** 0x01, 0x02, … 0x20: a source chain id whose every byte is visible in a dump. */
const CHAIN = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const CHAIN_HEX = hex(CHAIN);

describe('Warp bytes', function () {
  describe('the unsigned message', function () {
    it('is u16 version, u32 network id, the 32-byte chain id, u32 payload length, the payload', function () {
      const unsigned = unsignedWarpMessage(5, CHAIN, bytes('6869'));
      expect(hex(unsigned)).to.equal(`0000 00000005 ${CHAIN_HEX} 00000002 6869`.replace(/ /g, ''));
      expect(unsigned.length).to.equal(42 + 2);
      // node:crypto, independent of the @noble/hashes the code uses.
      expect(hex(warpMessageId(unsigned))).to.equal(createHash('sha256').update(unsigned).digest('hex'));
      const decoded = decodeUnsignedWarpMessage(unsigned);
      expect(decoded.networkId).to.equal(5);
      expect(hex(decoded.sourceChainId)).to.equal(CHAIN_HEX);
      expect(hex(decoded.payload)).to.equal('6869');
    });

    it('refuses another codec version, a short field, a payload longer than its bytes, and trailing bytes', function () {
      const good = unsignedWarpMessage(1, CHAIN, bytes('aabb'));
      const bad: [string, Uint8Array][] = [
        ['version 1', Uint8Array.of(0, 1, ...good.subarray(2))],
        ['empty', new Uint8Array(0)],
        ['one byte', Uint8Array.of(0)],
        ['cut in the chain id', good.subarray(0, 20)],
        ['no payload length', good.subarray(0, 38)],
        ['payload shorter than its length', good.subarray(0, good.length - 1)],
        ['trailing byte', Uint8Array.of(...good, 0)],
      ];
      for (const [name, b] of bad) {
        expect(() => decodeUnsignedWarpMessage(b), name).to.throw(WarpFormatError);
      }
      expect(() => unsignedWarpMessage(1, CHAIN.subarray(1), new Uint8Array(0))).to.throw(WarpFormatError);
      expect(() => unsignedWarpMessage(2 ** 32, CHAIN, new Uint8Array(0))).to.throw(WarpFormatError);
    });
  });

  describe('the signed message (BitSetSignature, type 0)', function () {
    // Written out from message.go / signature.go: the struct {UnsignedMessage, Signature} marshalled once.
    const signature = new Uint8Array(96).fill(0xaa);
    const handWritten =
      '0000' + // codec version
      '00000005' + // network id
      CHAIN_HEX + // source chain id
      '00000002' + // payload length
      '6869' + // payload
      '00000000' + // signature type id: BitSetSignature
      '00000002' + // signers length
      '0100' + // signers: validator 8 alone, minimal big-endian
      'aa'.repeat(96); // aggregate signature

    it('matches the layout written out by hand', function () {
      const unsigned = unsignedWarpMessage(5, CHAIN, bytes('6869'));
      const signed = encodeSignedWarpMessage(unsigned, signersBitset([8]), signature);
      expect(hex(signed)).to.equal(handWritten);
      expect(signed.length).to.equal(unsigned.length + 104 + 2);
    });

    it('decodes into its parts, the unsigned bytes included', function () {
      const decoded = decodeSignedWarpMessage(bytes(handWritten));
      expect(decoded.networkId).to.equal(5);
      expect(hex(decoded.unsigned)).to.equal(hex(unsignedWarpMessage(5, CHAIN, bytes('6869'))));
      expect(hex(decoded.signers)).to.equal('0100');
      expect(hex(decoded.signature)).to.equal('aa'.repeat(96));
    });

    it('refuses another signature type, a short signature, trailing bytes', function () {
      const good = bytes(handWritten);
      const typeAt = 44;
      const otherType = Uint8Array.from(good);
      otherType[typeAt + 3] = 1;
      for (const [name, b] of [
        ['type 1', otherType],
        ['signature cut', good.subarray(0, good.length - 1)],
        ['trailing', Uint8Array.of(...good, 0)],
        ['unsigned only', good.subarray(0, 44)],
      ] as const) {
        expect(() => decodeSignedWarpMessage(b), name).to.throw(WarpFormatError);
        expect(parseSignedWarpMessage(b), name).to.equal(undefined);
      }
      expect(() =>
        encodeSignedWarpMessage(good.subarray(0, 44), Uint8Array.of(1), new Uint8Array(95)),
      ).to.throw(WarpFormatError);
    });
  });

  describe('the payload codec', function () {
    it('reads an AddressedCall and a Hash, and refuses other types, trailing bytes and more than 24 KiB', function () {
      const call = addressedCall(bytes('0102'), bytes('0a0b0c'));
      expect(hex(call)).to.equal('0000' + '00000001' + '00000002' + '0102' + '00000003' + '0a0b0c');
      const parsed = parseAddressedCall(call)!;
      expect(hex(parsed.sourceAddress)).to.equal('0102');
      expect(hex(parsed.payload)).to.equal('0a0b0c');

      const hash = bytes('0000' + '00000000' + '11'.repeat(32));
      expect(decodeWarpPayload(hash)).to.deep.include({ type: 'hash' });
      expect(parseAddressedCall(hash)).to.equal(undefined);
      expect(parseAddressedCall(bytes('0000' + '00000002'))).to.equal(undefined);
      expect(parseAddressedCall(Uint8Array.of(...call, 0))).to.equal(undefined);

      const largest = addressedCall(new Uint8Array(0), new Uint8Array(MAX_PAYLOAD_CODEC_SIZE - 14));
      expect(parseAddressedCall(largest)).to.not.equal(undefined);
      const tooLarge = addressedCall(new Uint8Array(0), new Uint8Array(MAX_PAYLOAD_CODEC_SIZE - 13));
      expect(() => decodeWarpPayload(tooLarge)).to.throw(WarpFormatError, /24576/);
    });
  });

  describe('the signers bitset', function () {
    it('is minimal big-endian: {0,2} is 05, {8} is 0100, {} is empty', function () {
      expect(hex(signersBitset([0, 2]))).to.equal('05');
      expect(hex(signersBitset([8]))).to.equal('0100');
      expect(hex(signersBitset([7]))).to.equal('80');
      expect(hex(signersBitset([]))).to.equal('');
      expect(hex(signersBitset([15, 0, 15]))).to.equal('8001');
      expect(bitsetIndices(bytes('8001'))).to.deep.equal([0, 15]);
      expect(bitsetIndices(new Uint8Array(0))).to.deep.equal([]);
    });

    it("round-trips any set of indices and agrees with big.Int's Bytes() (checked with bigint)", function () {
      fc.assert(
        fc.property(fc.uniqueArray(fc.nat(300), { maxLength: 40 }), (indices) => {
          const encoded = signersBitset(indices);
          const n = indices.reduce((acc, i) => acc | (1n << BigInt(i)), 0n);
          const expected =
            n === 0n ? '' : n.toString(16).padStart(Math.ceil(n.toString(16).length / 2) * 2, '0');
          expect(hex(encoded)).to.equal(expected);
          expect(bitsetIndices(encoded)).to.deep.equal([...indices].sort((a, b) => a - b));
        }),
      );
    });

    it('refuses a non-minimal encoding (a leading zero byte), as BitSetSignature.Verify does', function () {
      expect(bitsetIndices(bytes('0005'))).to.equal(undefined);
      expect(bitsetIndices(bytes('00'))).to.equal(undefined);
      expect(bitsetIndices(bytes('000100'))).to.equal(undefined);
    });
  });

  describe('verifyWarpSignature', function () {
    const keys = [1, 2, 3].map((i) => blst.SecretKey.fromKeygen(new Uint8Array(32).fill(i)));
    const set = {
      validators: keys.map((k) => ({ publicKey: k.toPublicKey().toBytes(true), weight: 10n })),
      totalWeight: 30n,
    };
    const unsigned = unsignedWarpMessage(5, CHAIN, bytes('6869'));
    const sign = (indices: number[]) =>
      blst.aggregateSignatures(indices.map((i) => keys[i]!.sign(unsigned))).toBytes(true);
    const check = (signers: Uint8Array, signature: Uint8Array) =>
      verifyWarpSignature({ unsigned, signers, signature }, set, nobleVerify);

    it('accepts enough signers, refuses too little weight, unknown and non-minimal signers', function () {
      expect(check(signersBitset([0, 1, 2]), sign([0, 1, 2]))).to.equal(true);
      // 67 × 30 = 2010 > 100 × 20: two of three is not enough at 67%.
      expect(check(signersBitset([0, 1]), sign([0, 1]))).to.equal(false);
      expect(
        verifyWarpSignature(
          { unsigned, signers: signersBitset([0, 1]), signature: sign([0, 1]) },
          set,
          nobleVerify,
          {
            numerator: 66n,
            denominator: 100n,
          },
        ),
      ).to.equal(true);
      expect(check(signersBitset([0, 1, 3]), sign([0, 1, 2]))).to.equal(false);
      expect(check(bytes('0007'), sign([0, 1, 2]))).to.equal(false);
      expect(check(signersBitset([0, 1, 2]), sign([0, 1]))).to.equal(false);
      expect(check(new Uint8Array(0), sign([0]))).to.equal(false);
    });
  });
});
