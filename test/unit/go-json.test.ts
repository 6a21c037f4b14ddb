import { expect } from 'chai';
import {
  decodeFirstValue,
  encodeGoJson,
  field,
  goJsonKind,
  JsonNumber,
  type GoJsonResult,
} from '../../services/runtime/gorilla-rpc/go-json.ts';

function decodeError(text: string): string {
  const result = decodeFirstValue(text);
  expect(result.ok, `expected ${JSON.stringify(text)} not to decode`).to.equal(false);
  return (result as Extract<GoJsonResult, { ok: false }>).message;
}

function decodeValue(text: string): unknown {
  const result = decodeFirstValue(text);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to decode, got ${result.message}`);
  return result.value;
}

describe('go-json', () => {
  describe('decodeFirstValue', () => {
    it('an empty or all-space body is EOF', () => {
      expect(decodeError('')).to.equal('EOF');
      expect(decodeError(' \t\r\n')).to.equal('EOF');
    });

    it('a value cut short is unexpected EOF', () => {
      for (const text of [
        '{"jsonrpc":"2.0","id":1,',
        '{',
        '[1,2',
        '"abc',
        'tru',
        '-',
        '{"a"',
        '{"a":',
        '"\\u00',
      ]) {
        expect(decodeError(text), text).to.equal('unexpected EOF');
      }
    });

    it("stops at Go's nesting depth of 10000 with its error, without recursing", () => {
      const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
      expect(decodeValue(arrays(10_000))).to.be.an('array');
      expect(decodeError(arrays(10_001))).to.equal("invalid character '[' exceeded max depth");
      expect(decodeError(`${'{"a":'.repeat(10_001)}1${'}'.repeat(10_001)}`)).to.equal(
        "invalid character '{' exceeded max depth",
      );
      // The first error in the text wins, as Go's scanner reads byte by byte.
      expect(decodeError(`[1 2,${arrays(20_000)}]`)).to.equal("invalid character '2' after array element");
      expect(decodeError('['.repeat(1_000_000))).to.equal("invalid character '[' exceeded max depth");
      expect(decodeError('['.repeat(5_000))).to.equal('unexpected EOF');
    });

    it('keeps __proto__ as an own member, as JSON.parse does', () => {
      const value = decodeValue('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).to.equal(Object.prototype);
      expect(Object.keys(value)).to.deep.equal(['__proto__']);
    });

    it('reports syntax errors with Go texts', () => {
      expect(decodeError('{"jsonrpc":"2.0","id":1,}')).to.equal(
        "invalid character '}' looking for beginning of object key string",
      );
      expect(decodeError('not json')).to.equal("invalid character 'o' in literal null (expecting 'u')");
      expect(decodeError('trux')).to.equal("invalid character 'x' in literal true (expecting 'e')");
      expect(decodeError('}')).to.equal("invalid character '}' looking for beginning of value");
      expect(decodeError('[1,]')).to.equal("invalid character ']' looking for beginning of value");
      expect(decodeError('[1 2]')).to.equal("invalid character '2' after array element");
      expect(decodeError('{"a" 1}')).to.equal("invalid character '1' after object key");
      expect(decodeError('{"a":1 "b":2}')).to.equal(`invalid character '"' after object key:value pair`);
      expect(decodeError('{1:2}')).to.equal(
        "invalid character '1' looking for beginning of object key string",
      );
      expect(decodeError('-a')).to.equal("invalid character 'a' in numeric literal");
      expect(decodeError('"\\x"')).to.equal("invalid character 'x' in string escape code");
      expect(decodeError('"\\u12g4"')).to.equal("invalid character 'g' in \\u hexadecimal character escape");
      expect(decodeError('"a\u0001"')).to.equal("invalid character '\\x01' in string literal");
      expect(decodeError("'a'")).to.equal("invalid character '\\'' looking for beginning of value");
      expect(decodeError('{"id":01}')).to.equal("invalid character '1' after object key:value pair");
    });

    it('ignores text after the first value', () => {
      expect(decodeValue('{"a":"b"} trailing garbage')).to.deep.equal({ a: 'b' });
      expect(decodeValue('{"a":"b"}{"c":"d"}')).to.deep.equal({ a: 'b' });
      expect(decodeValue('[] ]')).to.deep.equal([]);
      expect(decodeValue('null,')).to.equal(null);
      expect(decodeValue('  "s"x')).to.equal('s');
    });

    it('decodes every JSON type', () => {
      const value = decodeValue('{"s":"x\\u0041\\n","t":true,"f":false,"n":null,"a":[{}],"o":{"k":[]}}');
      expect(value).to.deep.equal({ s: 'xA\n', t: true, f: false, n: null, a: [{}], o: { k: [] } });
    });

    it('keeps numbers as their source text', () => {
      const value = decodeValue('{"id":1.50,"big":18446744073709551616,"e":1E+3,"neg":-0}') as Record<
        string,
        JsonNumber
      >;
      for (const key of ['id', 'big', 'e', 'neg']) expect(value[key]).to.be.instanceOf(JsonNumber);
      expect(value.id!.source).to.equal('1.50');
      expect(value.big!.source).to.equal('18446744073709551616');
      expect(value.e!.source).to.equal('1E+3');
      expect(value.neg!.source).to.equal('-0');
      const top = decodeValue('1.50') as JsonNumber;
      expect(top.source).to.equal('1.50');
    });

    it('numbers echo exactly through encodeGoJson', () => {
      const value = decodeValue('{"id":1.50,"list":[1e3,-0.0,18446744073709551616]}');
      expect(encodeGoJson(value)).to.equal('{"id":1.50,"list":[1e3,-0.0,18446744073709551616]}\n');
    });

    // Go's scanner reports the character after a bare '.' or exponent, and unexpected EOF at the end of input.
    it('reports malformed fractions and exponents as Go does', () => {
      expect(decodeError('{"id":1.}')).to.equal(
        "invalid character '}' after decimal point in numeric literal",
      );
      expect(decodeError('{"id":1e}')).to.equal("invalid character '}' in exponent of numeric literal");
      expect(decodeError('{"id":1.5e+}')).to.equal("invalid character '}' in exponent of numeric literal");
      expect(decodeError('1.')).to.equal('unexpected EOF');
      expect(decodeError('1.x')).to.equal("invalid character 'x' after decimal point in numeric literal");
    });
  });

  describe('goJsonKind', () => {
    it('names Go JSON kinds', () => {
      expect(goJsonKind(new JsonNumber('1'))).to.equal('number');
      expect(goJsonKind([])).to.equal('array');
      expect(goJsonKind(null)).to.equal('null');
      expect(goJsonKind({})).to.equal('object');
      expect(goJsonKind(true)).to.equal('bool');
      expect(goJsonKind('x')).to.equal('string');
    });
  });

  describe('field', () => {
    it('prefers the exact key', () => {
      expect(field({ Id: 1, id: 2, ID: 3 }, 'id')).to.equal(2);
      expect(field({ ID: 3, id: 2, Id: 1 }, 'id')).to.equal(2);
    });

    it('else takes the last key equal ignoring case', () => {
      expect(field({ Id: 1, ID: 3 }, 'id')).to.equal(3);
      expect(field({ ID: 3, Id: 1 }, 'id')).to.equal(1);
      expect(field({ METHOD: 'a' }, 'method')).to.equal('a');
    });

    it('is undefined when absent', () => {
      expect(field({ a: 1 }, 'id')).to.equal(undefined);
      expect(field({}, 'id')).to.equal(undefined);
    });

    it('does not look up inherited properties', () => {
      expect(field({}, 'toString')).to.equal(undefined);
      expect(field({}, 'constructor')).to.equal(undefined);
    });
  });

  describe('encodeGoJson', () => {
    it('is compact and ends with a newline', () => {
      expect(encodeGoJson({ jsonrpc: '2.0', result: { a: [1, 2] }, id: 1 })).to.equal(
        '{"jsonrpc":"2.0","result":{"a":[1,2]},"id":1}\n',
      );
      expect(encodeGoJson(null)).to.equal('null\n');
    });

    it('escapes <, > and & (and U+2028/U+2029) as Go does', () => {
      expect(encodeGoJson({ m: '<a href="x">&</a>' })).to.equal(
        '{"m":"\\u003ca href=\\"x\\"\\u003e\\u0026\\u003c/a\\u003e"}\n',
      );
      expect(encodeGoJson('\u2028\u2029')).to.equal('"\\u2028\\u2029"\n');
      expect(encodeGoJson({ 'a<b': 1 })).to.equal('{"a\\u003cb":1}\n');
    });

    it('leaves other non-ASCII text as is', () => {
      expect(encodeGoJson('é€😀')).to.equal('"é€😀"\n');
    });

    it('writes JsonNumbers raw, even inside strings that look like the marker', () => {
      expect(encodeGoJson({ id: new JsonNumber('1.50'), s: '@raw0@' })).to.equal(
        '{"id":1.50,"s":"@raw0@"}\n',
      );
      expect(encodeGoJson([new JsonNumber('1'), new JsonNumber('2.0')])).to.equal('[1,2.0]\n');
    });

    it('round-trips a decoded request', () => {
      const text = '{"jsonrpc":"2.0","method":"index.getIndex","params":{"id":"<x>"},"id":1.50}';
      expect(encodeGoJson(decodeValue(text))).to.equal(
        '{"jsonrpc":"2.0","method":"index.getIndex","params":{"id":"\\u003cx\\u003e"},"id":1.50}\n',
      );
    });
  });
});
