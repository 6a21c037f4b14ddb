/**
 * Reading JSON the way Go's encoding/json does, for the endpoints that emulate avalanchego's gorilla servers:
 * object keys match struct fields case-insensitively, numbers keep their source text (so `1.0` is not a uint64 and
 * a request id echoes exactly as sent), and replies escape <, > and & as Go's encoder does.
 */

import { GO_MAX_NESTING_DEPTH } from '../http/json-depth.ts';

/** A JSON number as written in the request. */
export class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
  /** Inside encodeGoJson, a placeholder for the source text; elsewhere, the number. */
  toJSON(): unknown {
    return pendingRaws ? rawPlaceholder(this.source) : Number(this.source);
  }
}

/**
 * A value encoded once, as encodeGoJson would encode it, and spliced into later replies unchanged: accepted
 * containers never change, so their formatted replies can be kept encoded, as bytes ready for the socket.
 */
export class EncodedGoJson {
  readonly bytes: Buffer;
  constructor(value: unknown) {
    this.bytes = Buffer.from(encodeGoJson(value).slice(0, -1));
  }
  /** The encoded text; kept only as bytes, since a reply of this value alone sends those. */
  get text(): string {
    return this.bytes.toString('utf8');
  }
  /** Inside encodeGoJson, a placeholder for the encoded text; elsewhere, the value decoded again. */
  toJSON(): unknown {
    return pendingRaws ? rawPlaceholder(this.text) : JSON.parse(this.text);
  }
}

/**
 * A member of a request as written, for replies that echo it as Go echoes a json.RawMessage: compacted, and
 * otherwise the client's bytes (escapes, number forms and nesting kept; no re-encoding that could recurse).
 */
export class RawGoJson {
  readonly text: string;
  constructor(source: string) {
    this.text = compactJson(source);
  }
  /** Inside encodeGoJson, a placeholder for the text; elsewhere, the text itself. */
  toJSON(): unknown {
    return pendingRaws ? rawPlaceholder(this.text) : this.text;
  }
}

/** What json.Compact does to valid JSON: whitespace outside strings goes. */
function compactJson(text: string): string {
  if (!/[ \t\n\r]/.test(text)) return text;
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      out += text.slice(from, i);
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

// Raw texts (numbers, encoded values) met by the encodeGoJson call in progress (JSON.stringify is synchronous, so
// one at a time).
let pendingRaws: string[] | undefined;

/** Keeps a raw text for the encodeGoJson call in progress; the placeholder returned is replaced by it. */
function rawPlaceholder(text: string): string {
  return `${RAW_MARKER}${pendingRaws!.push(text) - 1}`;
}

// U+10FFFF passes through JSON.stringify unescaped; with a per-process nonce no request text can forge a marker.
const RAW_MARKER = `\u{10FFFF}${Math.random().toString(36).slice(2)}:`;
const RAW_PLACEHOLDER = new RegExp(`"${RAW_MARKER}(\\d+)"`, 'gu');
const HTML_SENSITIVE = /[<>&\u2028\u2029]/;
const HTML_SENSITIVE_ALL = /[<>&\u2028\u2029]/g;

export type GoJsonResult =
  | {
      ok: true;
      value: unknown;
      /** When the value is an object: its members as written (for a json.RawMessage field). */
      rawMembers: Record<string, RawGoJson>;
    }
  | { ok: false; message: string };

/**
 * Decodes the first JSON value of `text`, as json.Decoder.Decode does: text after that value is ignored; an empty
 * body is `EOF`; a value cut short is `unexpected EOF`; more than GO_MAX_NESTING_DEPTH open arrays and objects is
 * Go's `exceeded max depth`.
 */
export function decodeFirstValue(text: string): GoJsonResult {
  const start = skipSpace(text, 0);
  if (start === text.length) return { ok: false, message: 'EOF' };
  const rawMembers: Record<string, RawGoJson> = {};
  const read = readValue(text, start, rawMembers);
  return 'error' in read ? { ok: false, message: read.error } : { ok: true, value: read.value, rawMembers };
}

/** The Go type-name of a decoded JSON value, as used in json.UnmarshalTypeError messages. */
export function goJsonKind(value: unknown): string {
  if (value instanceof JsonNumber || typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : 'string';
}

/** Looks a struct field up as encoding/json does: exact key first, else the last key equal ignoring case. */
export function field(object: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  let found: unknown;
  const lower = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === lower) found = object[key];
  return found;
}

/** Serialises like Go's json.Encoder: compact, HTML-sensitive characters escaped, a trailing newline. */
export function encodeGoJson(value: unknown): string {
  // A request's id echoed alone (every reply has one): its text as written, without a JSON.stringify round.
  if (value instanceof RawGoJson) return `${escapeHtmlSensitive(value.text)}\n`;
  const raws: string[] = [];
  pendingRaws = raws;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    pendingRaws = undefined;
  }
  if (raws.length > 0) text = text.replace(RAW_PLACEHOLDER, (_m, n: string) => raws[Number(n)]!);
  return `${escapeHtmlSensitive(text)}\n`;
}

function escapeHtmlSensitive(text: string): string {
  return HTML_SENSITIVE.test(text) ? text.replace(HTML_SENSITIVE_ALL, goEscape) : text;
}

function goEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
    i++;
  return i;
}

type ScanResult = number | { error: string };

function invalid(text: string, i: number, context: string): { error: string } {
  return { error: `invalid character ${quoteChar(text[i]!)} ${context}` };
}

function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  return c >= ' ' && c <= '~' ? `'${c}'` : `'\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}'`;
}

const UNEXPECTED_EOF = { error: 'unexpected EOF' };

type Container = { object: Record<string, unknown>; key: string } | { array: unknown[] };

/**
 * Reads the JSON value starting at `i`: the index just past it and the value (numbers as JsonNumber), or Go's
 * error text for the first syntax error. A loop with its own stack of open containers rather than recursion (nor
 * JSON.parse with a reviver, which recurses): a body nests as deep as its bytes allow, and Go stops at its depth
 * limit where a recursive reader would overflow the call stack first.
 */
function readValue(
  text: string,
  i: number,
  rawMembers: Record<string, RawGoJson>,
): { end: number; value: unknown } | { error: string } {
  const open: Container[] = [];
  let memberStart = 0;
  for (;;) {
    // Here a value starts (at the top, after an opening bracket, a key's colon or a comma).
    i = skipSpace(text, i);
    if (i >= text.length) return UNEXPECTED_EOF;
    if (open.length === 1) memberStart = i;
    const c = text[i]!;
    let value: unknown;
    if (c === '{' || c === '[') {
      if (open.length >= GO_MAX_NESTING_DEPTH) return invalid(text, i, 'exceeded max depth');
      const isObject = c === '{';
      i = skipSpace(text, i + 1);
      if (i >= text.length) return UNEXPECTED_EOF;
      if (text[i] === (isObject ? '}' : ']')) {
        value = isObject ? {} : [];
        i++;
      } else if (isObject) {
        const key = readKey(text, i);
        if ('error' in key) return key;
        open.push({ object: {}, key: key.key });
        i = key.end;
        continue;
      } else {
        open.push({ array: [] });
        continue;
      }
    } else {
      const scalar = readScalar(text, i, c);
      if ('error' in scalar) return scalar;
      ({ end: i, value } = scalar);
    }
    // A value ended: add it to its container, closing containers until one continues after a comma.
    for (;;) {
      const top = open[open.length - 1];
      if (top === undefined) return { end: i, value };
      if ('array' in top) {
        top.array.push(value);
      } else {
        setMember(top.object, top.key, value);
        if (open.length === 1) setMember(rawMembers, top.key, new RawGoJson(text.slice(memberStart, i)));
      }
      const isObject = !('array' in top);
      i = skipSpace(text, i);
      if (i >= text.length) return UNEXPECTED_EOF;
      if (text[i] === (isObject ? '}' : ']')) {
        open.pop();
        value = 'array' in top ? top.array : top.object;
        i++;
        continue;
      }
      if (text[i] !== ',')
        return invalid(text, i, isObject ? 'after object key:value pair' : 'after array element');
      i++;
      if (!('array' in top)) {
        const key = readKey(text, i);
        if ('error' in key) return key;
        top.key = key.key;
        i = key.end;
      }
      break;
    }
  }
}

/**
 * As JSON.parse sets a member: an own property even for `__proto__`, the last of equal keys winning. Only
 * `__proto__` is an accessor on Object.prototype, so any other key is set by assignment (defineProperty for every
 * member cost the cached Index API path a twentieth of its CPU, and leaves objects in slow dictionary mode).
 */
function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/** The string whose JSON text (quotes included, already scanned as valid) is text[start, end). */
function stringAt(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  // Without an escape the text between the quotes is the string (scanString refused control characters).
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : inner;
}

/** An object key and its colon, from `i`: the key and the index after the colon. */
function readKey(text: string, i: number): { end: number; key: string } | { error: string } {
  i = skipSpace(text, i);
  if (i >= text.length) return UNEXPECTED_EOF;
  if (text[i] !== '"') return invalid(text, i, 'looking for beginning of object key string');
  const keyEnd = scanString(text, i + 1);
  if (typeof keyEnd !== 'number') return keyEnd;
  const key = stringAt(text, i, keyEnd);
  i = skipSpace(text, keyEnd);
  if (i >= text.length) return UNEXPECTED_EOF;
  if (text[i] !== ':') return invalid(text, i, 'after object key');
  return { end: i + 1, key };
}

/** A string, number or literal starting with `c` at `i`. */
function readScalar(text: string, i: number, c: string): { end: number; value: unknown } | { error: string } {
  if (c === '"') {
    const end = scanString(text, i + 1);
    return typeof end === 'number' ? { end, value: stringAt(text, i, end) } : end;
  }
  if (c === '-' || (c >= '0' && c <= '9')) {
    const end = scanNumber(text, i);
    return typeof end === 'number' ? { end, value: new JsonNumber(text.slice(i, end)) } : end;
  }
  for (const [literal, value] of LITERALS) {
    if (c === literal[0]) {
      for (let k = 1; k < literal.length; k++) {
        if (i + k >= text.length) return UNEXPECTED_EOF;
        if (text[i + k] !== literal[k])
          return invalid(text, i + k, `in literal ${literal} (expecting '${literal[k]}')`);
      }
      return { end: i + literal.length, value };
    }
  }
  return invalid(text, i, 'looking for beginning of value');
}

const LITERALS: readonly [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

function scanString(text: string, i: number): ScanResult {
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i + 1;
    if (c === '\\') {
      const e = text[i + 1];
      if (e === undefined) return UNEXPECTED_EOF;
      if (e === 'u') {
        for (let k = 2; k < 6; k++) {
          if (i + k >= text.length) return UNEXPECTED_EOF;
          if (!/[0-9a-fA-F]/.test(text[i + k]!))
            return invalid(text, i + k, 'in \\u hexadecimal character escape');
        }
        i += 6;
        continue;
      }
      if (!'"\\/bfnrt'.includes(e)) return invalid(text, i + 1, 'in string escape code');
      i += 2;
      continue;
    }
    if (c < ' ') return invalid(text, i, 'in string literal');
    i++;
  }
  return UNEXPECTED_EOF;
}

/** Go's scanner states for a number: integer part, then an optional fraction and exponent, each needing digits. */
function scanNumber(text: string, i: number): ScanResult {
  let j = i;
  if (text[j] === '-') j++;
  if (j >= text.length) return UNEXPECTED_EOF;
  if (text[j] === '0') j++;
  else if (text[j]! >= '1' && text[j]! <= '9') j = skipDigits(text, j);
  else return invalid(text, j, 'in numeric literal');
  if (text[j] === '.') {
    j++;
    if (j >= text.length) return UNEXPECTED_EOF;
    if (!isDigit(text[j])) return invalid(text, j, 'after decimal point in numeric literal');
    j = skipDigits(text, j);
  }
  if (text[j] === 'e' || text[j] === 'E') {
    j++;
    if (text[j] === '+' || text[j] === '-') j++;
    if (j >= text.length) return UNEXPECTED_EOF;
    if (!isDigit(text[j])) return invalid(text, j, 'in exponent of numeric literal');
    j = skipDigits(text, j);
  }
  return j;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function skipDigits(text: string, j: number): number {
  while (isDigit(text[j])) j++;
  return j;
}
