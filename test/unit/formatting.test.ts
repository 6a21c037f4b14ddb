import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { expect } from 'chai';
import { decodeCb58, decodeId, encodeCb58, equalBytes } from '../../services/runtime/formatting/cb58.ts';
import {
  decodeCheckedHex,
  encodeBytes,
  parseEncodingName,
} from '../../services/runtime/formatting/encoding.ts';
import { formatRfc3339Nano, parseRfc3339Nano } from '../../services/runtime/formatting/go-time.ts';

function sha256Tail(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest().subarray(-4);
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

describe('formatting', () => {
  describe('cb58', () => {
    it('encodes the known all-zero vectors', () => {
      expect(encodeCb58(new Uint8Array(32))).to.equal('11111111111111111111111111111111LpoYY');
      expect(encodeCb58(new Uint8Array(20))).to.equal('111111111111111111116DBWJs');
    });

    it('decodes the known all-zero vectors', () => {
      expect(Array.from(decodeCb58('11111111111111111111111111111111LpoYY'))).to.deep.equal(
        new Array<number>(32).fill(0),
      );
      expect(Array.from(decodeCb58('111111111111111111116DBWJs'))).to.deep.equal(
        new Array<number>(20).fill(0),
      );
    });

    it('encodes the empty byte string as the checksum alone', () => {
      const text = encodeCb58(new Uint8Array(0));
      expect(decodeCb58(text)).to.have.length(0);
    });

    it('appends the last 4 bytes of a single sha256 (not a double hash)', () => {
      const payload = Buffer.from('avalanche chain data', 'utf8');
      const raw = Buffer.from(base58.decode(encodeCb58(payload)));
      expect(raw.subarray(0, payload.length)).to.deep.equal(payload);
      expect(raw.subarray(payload.length)).to.deep.equal(sha256Tail(payload));
      const doubleHash = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
      expect(raw.subarray(payload.length).equals(doubleHash.subarray(0, 4))).to.equal(false);
      expect(raw.subarray(payload.length).equals(doubleHash.subarray(-4))).to.equal(false);
    });

    it('round-trips arbitrary bytes, including leading zeros', () => {
      for (let length = 0; length < 70; length += 7) {
        const bytes = createHash('sha512').update(`v${length}`).digest().subarray(0, length);
        const withZeros = Buffer.concat([Buffer.alloc(3), bytes]);
        expect(Buffer.from(decodeCb58(encodeCb58(bytes)))).to.deep.equal(bytes);
        expect(Buffer.from(decodeCb58(encodeCb58(withZeros)))).to.deep.equal(withZeros);
      }
    });

    it('rejects a wrong checksum with "invalid input checksum"', () => {
      expect(errorOf(() => decodeCb58('11111111111111111111111111111111LpoYZ')).message).to.equal(
        'invalid input checksum',
      );
      const good = encodeCb58(Buffer.from('hello'));
      const flipped = good.slice(0, 2) + (good[2] === 'a' ? 'b' : 'a') + good.slice(3);
      expect(errorOf(() => decodeCb58(flipped)).message).to.equal('invalid input checksum');
    });

    it('rejects input shorter than the checksum', () => {
      expect(errorOf(() => decodeCb58('')).message).to.equal(
        'input string is smaller than the checksum size',
      );
      expect(errorOf(() => decodeCb58('1')).message).to.equal(
        'input string is smaller than the checksum size',
      );
      expect(errorOf(() => decodeCb58('111')).message).to.equal(
        'input string is smaller than the checksum size',
      );
    });

    it('rejects characters outside the base58 alphabet as a base58 decoding error', () => {
      for (const text of ['0OIl', 'abc0', 'NodeID-111111111111111111116DBWJs', 'has space']) {
        expect(errorOf(() => decodeCb58(text)).message).to.match(/^base58 decoding error: /);
      }
    });

    it('decodeId accepts exactly 32 bytes', () => {
      expect(decodeId('11111111111111111111111111111111LpoYY')).to.have.length(32);
      expect(errorOf(() => decodeId('111111111111111111116DBWJs')).message).to.equal(
        'expected 32 bytes but got 20',
      );
      expect(errorOf(() => decodeId(encodeCb58(new Uint8Array(33)))).message).to.equal(
        'expected 32 bytes but got 33',
      );
      expect(errorOf(() => decodeId('11111111111111111111111111111111LpoYZ')).message).to.equal(
        'invalid input checksum',
      );
    });

    it('equalBytes compares content and length', () => {
      expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).to.equal(true);
      expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).to.equal(false);
      expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).to.equal(false);
      expect(equalBytes(new Uint8Array(0), new Uint8Array(0))).to.equal(true);
    });
  });

  describe('encoding', () => {
    const bytes = new Uint8Array([0x00, 0x01, 0xab, 0xff]);

    it('hex and hexc append the 4-byte sha256 checksum', () => {
      const expected = `0x0001abff${sha256Tail(bytes).toString('hex')}`;
      expect(encodeBytes(bytes, 'hex')).to.equal(expected);
      expect(encodeBytes(bytes, 'hexc')).to.equal(expected);
    });

    it('hexnc is plain 0x-hex', () => {
      expect(encodeBytes(bytes, 'hexnc')).to.equal('0x0001abff');
      expect(encodeBytes(new Uint8Array(0), 'hexnc')).to.equal('0x');
    });

    it('encodes a subarray view by its own bytes only', () => {
      const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
      const view = backing.subarray(2, 5);
      expect(encodeBytes(view, 'hexnc')).to.equal('0x010203');
      expect(encodeBytes(view, 'hex')).to.equal(
        `0x010203${sha256Tail(new Uint8Array([1, 2, 3])).toString('hex')}`,
      );
    });

    it('decodeCheckedHex round-trips hex and hexc', () => {
      for (const payload of [new Uint8Array(0), bytes, createHash('sha512').update('x').digest()]) {
        expect(Buffer.from(decodeCheckedHex(encodeBytes(payload, 'hex')))).to.deep.equal(
          Buffer.from(payload),
        );
        expect(Buffer.from(decodeCheckedHex(encodeBytes(payload, 'hexc')))).to.deep.equal(
          Buffer.from(payload),
        );
      }
    });

    it('decodeCheckedHex accepts upper-case hex digits', () => {
      const text = encodeBytes(bytes, 'hex');
      expect(Buffer.from(decodeCheckedHex(`0x${text.slice(2).toUpperCase()}`))).to.deep.equal(
        Buffer.from(bytes),
      );
    });

    it('decodeCheckedHex errors', () => {
      const good = encodeBytes(bytes, 'hex');
      expect(errorOf(() => decodeCheckedHex(good.slice(2))).message).to.equal(
        'missing 0x prefix to hex encoding',
      );
      expect(errorOf(() => decodeCheckedHex(`${good}0`)).message).to.equal('invalid hex encoding');
      expect(errorOf(() => decodeCheckedHex('0xzz')).message).to.equal('invalid hex encoding');
      expect(errorOf(() => decodeCheckedHex('0x010203')).message).to.equal(
        'input string is smaller than the checksum size',
      );
      expect(errorOf(() => decodeCheckedHex('0x')).message).to.equal(
        'input string is smaller than the checksum size',
      );
      // hexnc text (no checksum) does not pass as checked hex
      expect(errorOf(() => decodeCheckedHex(encodeBytes(bytes, 'hexnc'))).message).to.equal(
        'invalid input checksum',
      );
      const last = good.at(-1) === '0' ? '1' : '0';
      expect(errorOf(() => decodeCheckedHex(good.slice(0, -1) + last)).message).to.equal(
        'invalid input checksum',
      );
    });

    it('parseEncodingName matches case-insensitively', () => {
      expect(parseEncodingName('hex')).to.equal('hex');
      expect(parseEncodingName('HEX')).to.equal('hex');
      expect(parseEncodingName('HexNC')).to.equal('hexnc');
      expect(parseEncodingName('hexC')).to.equal('hexc');
      expect(parseEncodingName('JSON')).to.equal('json');
      expect(parseEncodingName('base64')).to.equal(undefined);
      expect(parseEncodingName('cb58')).to.equal(undefined);
      expect(parseEncodingName('')).to.equal(undefined);
      expect(parseEncodingName(' hex')).to.equal(undefined);
    });
  });

  describe('go-time', () => {
    it('formats like Go RFC3339Nano in UTC, trimming trailing zeros', () => {
      expect(formatRfc3339Nano(1704164645120000000n)).to.equal('2024-01-02T03:04:05.12Z');
      expect(formatRfc3339Nano(1704164645000000000n)).to.equal('2024-01-02T03:04:05Z');
      expect(formatRfc3339Nano(1704164645123456789n)).to.equal('2024-01-02T03:04:05.123456789Z');
      expect(formatRfc3339Nano(1704164645000000001n)).to.equal('2024-01-02T03:04:05.000000001Z');
      expect(formatRfc3339Nano(1704164645100000000n)).to.equal('2024-01-02T03:04:05.1Z');
      expect(formatRfc3339Nano(1635986575016434140n)).to.equal('2021-11-04T00:42:55.01643414Z');
      expect(formatRfc3339Nano(0n)).to.equal('1970-01-01T00:00:00Z');
    });

    it('formats times before the epoch', () => {
      expect(formatRfc3339Nano(-1n)).to.equal('1969-12-31T23:59:59.999999999Z');
      expect(formatRfc3339Nano(-1_000_000_000n)).to.equal('1969-12-31T23:59:59Z');
      expect(formatRfc3339Nano(-1_500_000_000n)).to.equal('1969-12-31T23:59:58.5Z');
    });

    it('parses Z and offsets to unix nanoseconds', () => {
      expect(parseRfc3339Nano('2024-01-02T03:04:05.12Z')).to.equal(1704164645120000000n);
      expect(parseRfc3339Nano('2024-01-02T03:04:05Z')).to.equal(1704164645000000000n);
      expect(parseRfc3339Nano('2024-01-02T03:04:05.123456789Z')).to.equal(1704164645123456789n);
      expect(parseRfc3339Nano('2021-04-02T15:34:00.262979-07:00')).to.equal(
        parseRfc3339Nano('2021-04-02T22:34:00.262979Z'),
      );
      expect(parseRfc3339Nano('2021-04-02T22:34:00.262979Z')).to.equal(1617402840262979000n);
      expect(parseRfc3339Nano('2024-01-02T05:04:05+02:00')).to.equal(1704164645000000000n);
      expect(parseRfc3339Nano('2024-01-02T03:04:05+00:00')).to.equal(1704164645000000000n);
      expect(formatRfc3339Nano(parseRfc3339Nano('2021-04-02T15:34:00.262979-07:00'))).to.equal(
        '2021-04-02T22:34:00.262979Z',
      );
    });

    it('round-trips format -> parse -> format', () => {
      const samples = [
        0n,
        1n,
        999_999_999n,
        1704164645120000000n,
        1704164645123456789n,
        1_700_000_000_000_000_000n + 1_234_567_891n * 77n,
        -1n,
      ];
      for (const nanos of samples) {
        const text = formatRfc3339Nano(nanos);
        expect(parseRfc3339Nano(text), text).to.equal(nanos);
        expect(formatRfc3339Nano(parseRfc3339Nano(text))).to.equal(text);
      }
    });

    it('rejects garbage', () => {
      for (const text of [
        '',
        'yesterday',
        '2024-01-02',
        '2024-01-02 03:04:05Z',
        '2024-01-02T03:04:05',
        '2024-01-02T03:04:05.Z',
        '2024-01-02T03:04:05.1234567891Z',
        '2024-01-02T03:04:05+0200',
        '2024-13-02T03:04:05Z',
        '2024-01-02T25:04:05Z',
        ' 2024-01-02T03:04:05Z',
        '2024-01-02T03:04:05Z ',
      ]) {
        expect(errorOf(() => parseRfc3339Nano(text)).message, text).to.equal(
          `not an RFC 3339 time: ${JSON.stringify(text)}`,
        );
      }
    });

    it('rejects a day that does not exist in its month, as Go does (no roll-over)', () => {
      expect(parseRfc3339Nano('2024-02-29T00:00:00Z')).to.equal(1709164800000000000n);
      expect(parseRfc3339Nano('2021-02-28T23:59:59.999999999-01:00')).to.equal(1614560399999999999n);
      expect(() => parseRfc3339Nano('2021-02-30T15:34:00Z')).to.throw('not an RFC 3339 time');
      expect(() => parseRfc3339Nano('2023-02-29T00:00:00Z')).to.throw('not an RFC 3339 time');
      expect(() => parseRfc3339Nano('2021-04-31T00:00:00Z')).to.throw('not an RFC 3339 time');
    });
  });
});
