/** The upstream indexes a node serves, at /ext/index/<name>. */
export const INDEX_NAMES = ['C/block', 'P/block', 'X/tx', 'X/block', 'X/vtx'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

/** Where a node serves an index's API. */
export function indexPath(name: IndexName): string {
  return `/ext/index/${name}`;
}

export function isIndexName(value: string): value is IndexName {
  return (INDEX_NAMES as readonly string[]).includes(value);
}

/** Containers per getContainerRange call: the node's MaxFetchedByRange. */
export const MAX_FETCHED_BY_RANGE = 1024;

/**
 * The most containers one GetContainersByIndex or GetContainersByID call may ask for (the proto says so; the
 * container indexer refuses more). Enough for every lookup a busy gateway has waiting in one turn, few enough that
 * an answer of large C-Chain blocks stays far below the gRPC message limit.
 */
export const MAX_CONTAINERS_PER_LOOKUP = 100;
