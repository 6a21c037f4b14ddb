import type { Container } from '../../generated/proto/chaindata/containerindexer/v1/Container.ts';
import type { ContainerIndexServiceHandlers } from '../../generated/proto/chaindata/containerindexer/v1/ContainerIndexService.ts';
import { DomainError } from '../../runtime/errors.ts';
import { decodeId, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { MAX_INT64, MAX_TEXT_LENGTH, quoted } from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { isIndexName, MAX_FETCHED_BY_RANGE, type IndexName } from '../../runtime/avalanche/index-names.ts';
import type { ContainerStore, StoredContainer } from '../store/container-store.ts';

/** What the lookups read: the indexer's database, or (in the devnet) containers held in memory. */
export type ContainerSource = Pick<ContainerStore, 'state' | 'byIndex' | 'byId' | 'range'>;

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
  const idOf = (text: string): Uint8Array => {
    // A cb58 id is about 50 characters; decoding megabytes of text would only waste the call.
    if (text.length > MAX_TEXT_LENGTH)
      throw new DomainError(
        'invalid_argument',
        `couldn't decode ID to bytes: expected at most ${MAX_TEXT_LENGTH} characters, got ${text.length}`,
      );
    try {
      return decodeId(text);
    } catch (err) {
      throw new DomainError('invalid_argument', `couldn't decode ID to bytes: ${(err as Error).message}`);
    }
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
