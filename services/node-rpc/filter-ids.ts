import { createHash } from 'node:crypto';

/**
 * A filter (`eth_newFilter` and the others) lives on the node that made it, so every later call about it must go to
 * that node. node-rpc keeps no table of filters (any replica may get the next call): the id it gives the client is
 * the node's own id with a tag of the node in front, which every replica reads alike.
 */

/** The methods that make a filter on the node they reach; the answer is its id. */
export const FILTER_CREATORS: ReadonlySet<string> = new Set([
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
]);

/** The methods about an existing filter, by its id (the first param). */
export const FILTER_USERS: ReadonlySet<string> = new Set([
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
]);

const TAG_LENGTH = 8;
const TAGGED_ID = new RegExp(`^0x([0-9a-f]{${TAG_LENGTH}})([0-9a-f]+)$`);

/** A node's tag: its base URL hashed, the same in every replica configured with it. */
export function nodeTag(nodeUrl: string): string {
  return createHash('sha256').update(nodeUrl).digest('hex').slice(0, TAG_LENGTH);
}

/** The client's id (JSON text) for a filter the node at `nodeUrl` answered with `result` (its id, JSON text). */
export function taggedFilterId(nodeUrl: string, result: string): string {
  const id: unknown = JSON.parse(result);
  if (typeof id !== 'string' || !/^0x[0-9a-f]+$/.test(id)) return result;
  return JSON.stringify(`0x${nodeTag(nodeUrl)}${id.slice(2)}`);
}

/**
 * Where a call about a filter must go: the node among `nodeUrls` whose tag the id carries, with the params the
 * node expects (its own id). Undefined when the id carries no known tag: the call is then a node's to refuse as it
 * refuses an unknown filter (or a malformed argument).
 */
export function filterCallTarget(
  params: unknown,
  nodeUrls: readonly string[],
): { node: string; params: unknown[] } | undefined {
  if (!Array.isArray(params) || typeof params[0] !== 'string') return undefined;
  const match = TAGGED_ID.exec(params[0]);
  if (!match) return undefined;
  const node = nodeUrls.find((url) => nodeTag(url) === match[1]);
  return node === undefined
    ? undefined
    : { node, params: [`0x${match[2]}`, ...(params.slice(1) as unknown[])] };
}
