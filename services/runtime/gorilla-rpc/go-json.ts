/**
 * Reading JSON the way Go's encoding/json does, for the endpoints that emulate avalanchego's gorilla servers:
 * object keys match struct fields case-insensitively, numbers keep their source text (so `1.0` is not a uint64 and
 * a request id echoes exactly as sent), and replies escape <, > and & as Go's encoder does.
 */

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

export type GoJsonResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Decodes the first JSON value of `text`, as json.Decoder.Decode does: text after that value is ignored; an empty
 * body is `EOF`; a value cut short is `unexpected EOF`.
 */
export function decodeFirstValue(text: string): GoJsonResult {
  const start = skipSpace(text, 0);
  if (start === text.length) return { ok: false, message: 'EOF' };
  const end = scanValue(text, start);
  if (typeof end !== 'number') return { ok: false, message: end.error };
  const value: unknown = JSON.parse(
    text.slice(start, end),
    (_key, v: unknown, context?: { source?: string }) =>
      typeof v === 'number' ? new JsonNumber(context?.source ?? String(v)) : v,
  );
  return { ok: true, value };
}

/** The Go type-name of a decoded JSON value, as used in json.UnmarshalTypeError messages. */
export function goJsonKind(value: unknown): string {
  if (value instanceof JsonNumber) return 'number';
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
  const raws: string[] = [];
  pendingRaws = raws;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    pendingRaws = undefined;
  }
  if (raws.length > 0) text = text.replace(RAW_PLACEHOLDER, (_m, n: string) => raws[Number(n)]!);
  if (HTML_SENSITIVE.test(text)) text = text.replace(HTML_SENSITIVE_ALL, goEscape);
  return `${text}\n`;
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

/** Returns the index just past the JSON value starting at `i`, or Go's error text for the first syntax error. */
function scanValue(text: string, i: number): ScanResult {
  i = skipSpace(text, i);
  if (i >= text.length) return UNEXPECTED_EOF;
  const c = text[i]!;
  if (c === '{') return scanContainer(text, i + 1, '}', true);
  if (c === '[') return scanContainer(text, i + 1, ']', false);
  if (c === '"') return scanString(text, i + 1);
  if (c === '-' || (c >= '0' && c <= '9')) return scanNumber(text, i);
  for (const literal of ['true', 'false', 'null']) {
    if (c === literal[0]) {
      for (let k = 1; k < literal.length; k++) {
        if (i + k >= text.length) return UNEXPECTED_EOF;
        if (text[i + k] !== literal[k])
          return invalid(text, i + k, `in literal ${literal} (expecting '${literal[k]}')`);
      }
      return i + literal.length;
    }
  }
  return invalid(text, i, 'looking for beginning of value');
}

function scanContainer(text: string, i: number, close: string, isObject: boolean): ScanResult {
  i = skipSpace(text, i);
  if (i >= text.length) return UNEXPECTED_EOF;
  if (text[i] === close) return i + 1;
  for (;;) {
    if (isObject) {
      i = skipSpace(text, i);
      if (i >= text.length) return UNEXPECTED_EOF;
      if (text[i] !== '"') return invalid(text, i, 'looking for beginning of object key string');
      const keyEnd = scanString(text, i + 1);
      if (typeof keyEnd !== 'number') return keyEnd;
      i = skipSpace(text, keyEnd);
      if (i >= text.length) return UNEXPECTED_EOF;
      if (text[i] !== ':') return invalid(text, i, 'after object key');
      i++;
    }
    const end = scanValue(text, i);
    if (typeof end !== 'number') return end;
    i = skipSpace(text, end);
    if (i >= text.length) return UNEXPECTED_EOF;
    if (text[i] === close) return i + 1;
    if (text[i] !== ',')
      return invalid(text, i, isObject ? 'after object key:value pair' : 'after array element');
    i++;
  }
}

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
