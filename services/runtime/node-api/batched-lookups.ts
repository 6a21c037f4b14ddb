import type { Container__Output } from '../../generated/proto/chaindata/containerindexer/v1/Container.ts';
import type { GetContainersResponse__Output } from '../../generated/proto/chaindata/containerindexer/v1/GetContainersResponse.ts';
import { DomainError } from '../errors.ts';
import { Coalescer } from '../grpc/coalesce.ts';
import { MAX_CONTAINERS_PER_LOOKUP } from '../avalanche/index-names.ts';
import type { ContainerIndexClient } from './index-api.ts';

/**
 * The container indexer's client with its single-container lookups coalesced (runtime/grpc/coalesce.ts): the
 * lookups of one index asked for in one turn of the event loop go out as one GetContainersByIndex or
 * GetContainersByID call. getContainerByID, getIndex and isAccepted share the by-id batches. Each lookup answers as
 * its single call does: the container, `no container at index N` or `not found` (NOT_FOUND), false for an id not
 * accepted, and the batch call's own failure (UNIMPLEMENTED for an index not served, a deadline, UNAVAILABLE) as
 * each of its lookups'. A by-id answer is matched to its request by id text: cb58 has one spelling per id, the
 * text the indexer answers with.
 */
export function batchedLookups(client: ContainerIndexClient): ContainerIndexClient {
  const byIndex = new Coalescer<string, Container__Output>({
    name: 'ContainerIndexService/GetContainersByIndex batch',
    maxBatch: MAX_CONTAINERS_PER_LOOKUP,
    one: (indexName, index) => client.GetContainerByIndex({ index_name: indexName, index }),
    many: async (indexName, indexes) =>
      answered('index', await client.GetContainersByIndex({ index_name: indexName, indexes })),
    missing: (_indexName, index) => new DomainError('not_found', `no container at index ${index}`),
  });
  const byId = new Coalescer<string, Container__Output>({
    name: 'ContainerIndexService/GetContainersByID batch',
    maxBatch: MAX_CONTAINERS_PER_LOOKUP,
    one: (indexName, id) => client.GetContainerByID({ index_name: indexName, id }),
    many: async (indexName, ids) =>
      answered('id', await client.GetContainersByID({ index_name: indexName, ids })),
    missing: () => new DomainError('not_found', 'not found'),
  });
  const containerWithId = (req: { index_name?: string; id?: string }) =>
    byId.load(req.index_name ?? '', req.id ?? '');
  const batched: ContainerIndexClient = { ...client };
  // The key is the index's canonical text, as the indexer writes it in the containers it answers with.
  batched.GetContainerByIndex = (req) =>
    byIndex.load(req.index_name ?? '', BigInt(String(req.index ?? 0)).toString());
  batched.GetContainerByID = containerWithId;
  batched.GetIndex = async (req) => ({ index: (await containerWithId(req)).index });
  batched.IsAccepted = (req) =>
    containerWithId(req).then(
      () => ({ is_accepted: true }),
      (err: unknown) => {
        if (err instanceof DomainError && err.kind === 'not_found') return { is_accepted: false };
        throw err;
      },
    );
  return batched;
}

function answered(
  field: 'index' | 'id',
  { containers, unanswered }: GetContainersResponse__Output,
): { found: Map<string, Container__Output>; unanswered: string[] } {
  return { found: new Map(containers.map((container) => [container[field], container])), unanswered };
}
