/**
 * Times as avalanchego writes them: Go's time.Time JSON, i.e. RFC 3339 with up to nine fractional digits,
 * trailing zeros trimmed. Kept as unix nanoseconds (bigint) because JavaScript dates stop at milliseconds.
 */
const NANOS_PER_SECOND = 1_000_000_000n;

/** Formats unix nanoseconds in UTC, e.g. `2021-11-04T00:42:55.01643414Z`. */
export function formatRfc3339Nano(unixNanos: bigint): string {
  let seconds = unixNanos / NANOS_PER_SECOND;
  let nanos = unixNanos % NANOS_PER_SECOND;
  if (nanos < 0n) {
    nanos += NANOS_PER_SECOND;
    seconds -= 1n;
  }
  const whole = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  const fraction = nanos === 0n ? '' : `.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${whole}${fraction}Z`;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** Parses RFC 3339 (any offset, up to nanosecond precision) to unix nanoseconds. */
export function parseRfc3339Nano(text: string): bigint {
  const match = RFC3339.exec(text);
  if (!match) throw new Error(`not an RFC 3339 time: ${JSON.stringify(text)}`);
  const [, whole, fraction = '', zone] = match;
  const millis = Date.parse(`${whole}${zone}`);
  // Date.parse rolls impossible dates over (Feb 30 becomes Mar 2); Go's parser rejects them.
  if (Number.isNaN(millis) || new Date(Date.parse(`${whole}Z`)).toISOString().slice(0, 19) !== whole) {
    throw new Error(`not an RFC 3339 time: ${JSON.stringify(text)}`);
  }
  return BigInt(millis) * 1_000_000n + BigInt(fraction.padEnd(9, '0'));
}
