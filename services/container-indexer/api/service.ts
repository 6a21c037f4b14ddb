import type { Container } from '../../generated/proto/chaindata/containerindexer/v1/Container.ts';
import type { ContainerIndexServiceHandlers } from '../../generated/proto/chaindata/containerindexer/v1/ContainerIndexService.ts';
import { DomainError } from '../../runtime/errors.ts';
import { decodeId, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import {
  integer,
  invalidField,
  MAX_INT64,
  MAX_TEXT_LENGTH,
  MAX_UINT64,
  quoted,
} from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import {
  isIndexName,
  MAX_CONTAINERS_PER_LOOKUP,
  MAX_FETCHED_BY_RANGE,
  type IndexName,
} from '../../runtime/avalanche/index-names.ts';
import type { ContainerStore, StoredContainer } from '../store/container-store.ts';

/** What the lookups read: the indexer's database, or (in the devnet) containers held in memory. */
export type ContainerSource = Pick<
  ContainerStore,
  'state' | 'byIndex' | 'byId' | 'byIndexes' | 'byIds' | 'range'
>;

/**
 * Lookups over the stored indexes, with the node's rules and error texts (avalanchego indexer/index.go).
 * An index this indexer does not serve is UNIMPLEMENTED, as a node without it has no such route.
 */
const STREAM_BATCH = 256;

function toMessage(c: StoredContainer): Container {
  return {
    id: encodeCb58(c.id),
    bytes: Buffer.from(c.bytes),
    timestamp_unix_nano: c.acceptedAtUnixNano.toString(),
    index: c.index.toString(),
  };
}

/**
 * Container bytes one GetContainersBy* answer carries at most (a C-Chain block may be megabytes, and a hundred of them
 * would pass the 64 MiB message limit): the containers past it are named as unanswered, for the caller to ask again.
 */
const LOOKUP_ANSWER_BYTES = 8 * 1024 * 1024;

function answerWithin(
  found: StoredContainer[],
  keyOf: (container: StoredContainer) => string,
): { containers: Container[]; unanswered: string[] } {
  const containers: Container[] = [];
  const unanswered: string[] = [];
  let bytes = 0;
  for (const container of found) {
    bytes += container.bytes.length;
    if (containers.length > 0 && bytes > LOOKUP_ANSWER_BYTES) {
      unanswered.push(keyOf(container));
    } else containers.push(toMessage(container));
  }
  return { containers, unanswered };
}

export function containerIndexService(options: {
  store: ContainerSource;
  served: readonly IndexName[];
}): AsyncImplementation<ContainerIndexServiceHandlers> {
  const { store, served } = options;

  const indexOf = (name: string): IndexName => {
    if (!isIndexName(name)) throw new DomainError('invalid_argument', `unknown index ${quoted(name)}`);
    if (!served.includes(name))
      throw new DomainError('unimplemented', `index ${name} is not served by this indexer`);
    return name;
  };
  /** An id's bytes; a bad one fails with the node's text, after `field: ` when the id is an item of a list. */
  const idOf = (text: string, field?: string): Uint8Array => {
    const refused = (reason: string) =>
      new DomainError(
        'invalid_argument',
        `${field === undefined ? '' : `${field}: `}couldn't decode ID to bytes: ${reason}`,
      );
    // A cb58 id is about 50 characters; decoding megabytes of text would only waste the call.
    if (text.length > MAX_TEXT_LENGTH)
      throw refused(`expected at most ${MAX_TEXT_LENGTH} characters, got ${text.length}`);
    try {
      return decodeId(text);
    } catch (err) {
      throw refused((err as Error).message);
    }
  };
  const boundedList = <T>(field: string, values: T[]): T[] => {
    if (values.length > MAX_CONTAINERS_PER_LOOKUP)
      throw invalidField(field, `at most ${MAX_CONTAINERS_PER_LOOKUP} items`, `${values.length} items`);
    return values;
  };
  /** The index of the last accepted container, or undefined when none has been. */
  const lastAccepted = async (name: IndexName): Promise<bigint | undefined> => {
    const { nextIndex } = await store.state(name);
    return nextIndex === 0n ? undefined : nextIndex - 1n;
  };
  const noneAccepted = () => new DomainError('not_found', 'no containers have been accepted');

  return {
    GetContainerByID: async (req) => {
      const container = await store.byId(indexOf(req.index_name), idOf(req.id));
      if (!container) throw new DomainError('not_found', 'not found');
      return toMessage(container);
    },
    GetContainerByIndex: async (req) => {
      const index = BigInt(req.index);
      const name = indexOf(req.index_name);
      // Indexes are stored as int64: one above that cannot have been accepted.
      const container = index > MAX_INT64 ? undefined : await store.byIndex(name, index);
      if (!container) throw new DomainError('not_found', `no container at index ${index}`);
      return toMessage(container);
    },
    GetContainersByIndex: async (req) => {
      const name = indexOf(req.index_name);
      const indexes = boundedList('indexes', req.indexes).map((index, i) =>
        integer(`indexes[${i}]`, index, MAX_UINT64),
      );
      // Indexes are stored as int64: one above that is simply not there, as a missing one is.
      const storable = [...new Set(indexes.filter((index) => index <= MAX_INT64))];
      return answerWithin(storable.length === 0 ? [] : await store.byIndexes(name, storable), (c) =>
        c.index.toString(),
      );
    },
    GetContainersByID: async (req) => {
      const name = indexOf(req.index_name);
      const ids = boundedList('ids', req.ids).map((id, i) => idOf(id, `ids[${i}]`));
      return answerWithin(ids.length === 0 ? [] : await store.byIds(name, ids), (c) => encodeCb58(c.id));
    },
    GetContainerRange: async (req) => {
      const name = indexOf(req.index_name);
      const start = BigInt(req.start_index);
      const count = BigInt(req.num_to_fetch);
      if (count === 0n || count > BigInt(MAX_FETCHED_BY_RANGE)) {
        throw new DomainError(
          'invalid_argument',
          `numToFetch must be in [1,${MAX_FETCHED_BY_RANGE}] but is ${count}`,
        );
      }
      const last = await lastAccepted(name);
      if (last === undefined) throw noneAccepted();
      if (start > last)
        throw new DomainError('invalid_argument', `start index (${start}) > last accepted index (${last})`);
      const end = start + count - 1n < last ? start + count : last + 1n;
      return { containers: (await store.range(name, start, end)).map(toMessage) };
    },
    GetIndex: async (req) => {
      const container = await store.byId(indexOf(req.index_name), idOf(req.id));
      if (!container) throw new DomainError('not_found', 'not found');
      return { index: container.index.toString() };
    },
    GetLastAccepted: async (req) => {
      const name = indexOf(req.index_name);
      const last = await lastAccepted(name);
      const container = last === undefined ? undefined : await store.byIndex(name, last);
      if (!container) throw noneAccepted();
      return toMessage(container);
    },
    IsAccepted: async (req) => {
      const container = await store.byId(indexOf(req.index_name), idOf(req.id));
      return { is_accepted: container !== undefined };
    },
    StreamContainers: async (req, write, signal) => {
      const name = indexOf(req.index_name);
      let next = req.after_index === undefined ? 0n : BigInt(req.after_index) + 1n;
      const { nextIndex: end } = await store.state(name);
      while (next < end && !signal.aborted) {
        const batch = await store.range(
          name,
          next,
          next + BigInt(STREAM_BATCH) < end ? next + BigInt(STREAM_BATCH) : end,
        );
        for (const container of batch) await write(toMessage(container));
        next += BigInt(batch.length);
        if (batch.length === 0) break;
      }
    },
  };
}
