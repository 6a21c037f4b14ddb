/**
 * What geth's notifications carry, made from what its calls return, so that a head or a log replayed from
 * `eth_getBlockByNumber` / `eth_getLogs` reads as the notification would have (devnet, node-rpc and gateway-rpc use
 * these).
 */

/** The fields of geth's block object that a header (a newHeads notification) does not have. */
const NOT_IN_HEADER = new Set(['transactions', 'uncles', 'size', 'totalDifficulty']);

export function headerOfBlock(block: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([key]) => !NOT_IN_HEADER.has(key)));
}

/** A logs subscription's criteria: addresses (any of) and topics by position (any of; undefined: anything). */
export interface LogFilter {
  addresses: string[];
  topics: (string[] | undefined)[];
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const MAX_TOPICS = 4;

/** Reads a logs subscription's criteria (`{address, topics}`), or says what is wrong in geth's words. */
export function parseLogFilter(value: unknown): LogFilter | { error: string } {
  if (value === undefined || value === null) return { addresses: [], topics: [] };
  if (typeof value !== 'object' || Array.isArray(value))
    return { error: 'json: cannot unmarshal non-object into Go value of type filters.FilterCriteria' };
  const { address, topics } = value as Record<string, unknown>;
  const addresses =
    address === undefined || address === null ? [] : Array.isArray(address) ? address : [address];
  for (const a of addresses)
    if (typeof a !== 'string' || !ADDRESS.test(a)) return { error: 'invalid address' };
  const positions = topics === undefined || topics === null ? [] : topics;
  if (!Array.isArray(positions)) return { error: 'invalid topic(s)' };
  if (positions.length > MAX_TOPICS) return { error: 'exceed max topics' };
  const parsed: (string[] | undefined)[] = [];
  for (const position of positions) {
    if (position === null) parsed.push(undefined);
    else if (typeof position === 'string' && TOPIC.test(position)) parsed.push([position.toLowerCase()]);
    else if (Array.isArray(position)) {
      if (position.includes(null)) parsed.push(undefined);
      else if (position.every((t) => typeof t === 'string' && TOPIC.test(t)))
        parsed.push((position as string[]).map((t) => t.toLowerCase()));
      else return { error: 'invalid topic(s)' };
    } else return { error: 'invalid topic(s)' };
  }
  return { addresses: (addresses as string[]).map((a) => a.toLowerCase()), topics: parsed };
}

export function logMatches(filter: LogFilter, log: { address: string; topics: string[] }): boolean {
  if (filter.addresses.length > 0 && !filter.addresses.includes(log.address.toLowerCase())) return false;
  if (filter.topics.length > log.topics.length) return false;
  return filter.topics.every(
    (wanted, i) => wanted === undefined || wanted.includes(log.topics[i]!.toLowerCase()),
  );
}
