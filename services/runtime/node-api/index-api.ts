import type { Container__Output } from '../../generated/proto/chaindata/containerindexer/v1/Container.ts';
import type { ContainerIndexServiceDefinition } from '../../generated/proto/chaindata/containerindexer/v1/ContainerIndexService.ts';
import type { UnaryClient } from '../grpc/client.ts';
import { DomainError } from '../errors.ts';
import { encodeBytes, type EncodingName } from '../formatting/encoding.ts';
import { encodingArg, idArg, uint64Arg, ZERO_ID } from '../gorilla-rpc/args.ts';
import { formatRfc3339Nano } from '../formatting/go-time.ts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { INDEX_NAMES } from '../avalanche/index-names.ts';
import type { Logger } from '../logger.ts';
import { field } from '../gorilla-rpc/go-json.ts';
import { NOT_FOUND_BODY } from './not-found.ts';
import { gorillaMethod, serveGorilla, HttpReplyError, type GorillaService } from '../gorilla-rpc/endpoint.ts';

/**
 * The node's Index API (`/ext/index/<chain>/<endpoint>`, service `index`) over the container indexer's service
 * (gateway-rpc reaches it over gRPC; the devnet calls it in process).
 */
export function formatContainer(container: Container__Output, encoding: EncodingName) {
  if (encoding === 'json') throw new DomainError('invalid_argument', 'unsupported encoding in method');
  return {
    id: container.id,
    bytes: encodeBytes(container.bytes, encoding),
    timestamp: formatRfc3339Nano(BigInt(container.timestamp_unix_nano)),
    encoding,
    index: container.index,
  };
}

export type ContainerIndexClient = UnaryClient<ContainerIndexServiceDefinition>;

/** Where accepted containers may be kept between calls (they never change). */
export interface AcceptedContainerCache {
  byIndex(indexName: string, index: string): Container__Output | undefined;
  byId(indexName: string, id: string): Container__Output | undefined;
  remember(indexName: string, container: Container__Output): Container__Output;
  /** A container's reply in an encoding (formatContainer's), which a cache may keep encoded with the container. */
  formatted(container: Container__Output, encoding: EncodingName): unknown;
}

const NO_CACHE: AcceptedContainerCache = {
  byIndex: () => undefined,
  byId: () => undefined,
  remember: (_indexName, container) => container,
  formatted: formatContainer,
};

export function indexApi(
  indexName: string,
  client: ContainerIndexClient,
  cache: AcceptedContainerCache = NO_CACHE,
): GorillaService {
  const call = <Req, Res>(method: (request: Req) => Promise<Res>, request: Req): Promise<Res> =>
    method(request).catch(notServedAsNotFound);
  const remember = (container: Container__Output) => cache.remember(indexName, container);
  const byId = (p: Record<string, unknown>) => ({
    id: idArg(field(p, 'id')),
    encoding: encodingArg(field(p, 'encoding')),
  });
  return {
    name: 'index',
    methods: {
      getLastAccepted: gorillaMethod(
        (p) => ({ encoding: encodingArg(field(p, 'encoding')) }),
        async ({ encoding }) =>
          cache.formatted(remember(await call(client.GetLastAccepted, { index_name: indexName })), encoding),
      ),
      getContainerByIndex: gorillaMethod(
        (p) => ({ index: uint64Arg(field(p, 'index')), encoding: encodingArg(field(p, 'encoding')) }),
        async ({ index, encoding }) => {
          if (BigInt(index) > MAX_STORED_INDEX) {
            // Only an index the indexer serves has the route; asking about the zero id tells which, cheaply.
            await call(client.IsAccepted, { index_name: indexName, id: ZERO_ID });
            throw new DomainError('not_found', `no container at index ${index}`);
          }
          return cache.formatted(
            cache.byIndex(indexName, index) ??
              remember(await call(client.GetContainerByIndex, { index_name: indexName, index })),
            encoding,
          );
        },
      ),
      getContainerByID: gorillaMethod(byId, async ({ id, encoding }) =>
        cache.formatted(
          cache.byId(indexName, id) ??
            remember(await call(client.GetContainerByID, { index_name: indexName, id })),
          encoding,
        ),
      ),
      getContainerRange: gorillaMethod(
        (p) => ({
          startIndex: uint64Arg(field(p, 'startIndex')),
          numToFetch: uint64Arg(field(p, 'numToFetch')),
          encoding: encodingArg(field(p, 'encoding')),
        }),
        async ({ startIndex, numToFetch, encoding }) => {
          const { containers } = await call(client.GetContainerRange, {
            index_name: indexName,
            start_index: startIndex,
            num_to_fetch: numToFetch,
          });
          return { containers: containers.map((c) => cache.formatted(remember(c), encoding)) };
        },
      ),
      getIndex: gorillaMethod(
        (p) => ({ id: idArg(field(p, 'id')) }),
        async ({ id }) => ({
          index:
            cache.byId(indexName, id)?.index ??
            (await call(client.GetIndex, { index_name: indexName, id })).index,
        }),
      ),
      isAccepted: gorillaMethod(
        (p) => ({ id: idArg(field(p, 'id')) }),
        async ({ id }) => ({
          // Only "accepted" is final; "not accepted" may change with the next container.
          isAccepted:
            cache.byId(indexName, id) !== undefined ||
            (await call(client.IsAccepted, { index_name: indexName, id })).is_accepted,
        }),
      ),
    },
  };
}

/**
 * Indexes are stored as int64 and no index grows that far, so a larger uint64 is past the last accepted container:
 * the node's answer, without asking the indexer for a row it cannot hold.
 */
const MAX_STORED_INDEX = 2n ** 63n - 1n;

/** An index the indexer does not serve answers as a node without that index does: mux's 404. */
function notServedAsNotFound(err: unknown): never {
  if (err instanceof DomainError && err.kind === 'unimplemented')
    throw new HttpReplyError(404, NOT_FOUND_BODY);
  throw err;
}

/**
 * Serves the Index API of every index at `/ext/index/<name>`, as a node with indexing enabled does. Returns the
 * handlers by path (each path is its own route template), for an app that dispatches them without the router.
 */
export function mountIndexApi(
  router: Router,
  client: ContainerIndexClient,
  log: Logger,
  cache: AcceptedContainerCache = NO_CACHE,
): Map<string, (ctx: Context) => Promise<void>> {
  const handlers = new Map<string, (ctx: Context) => Promise<void>>();
  for (const indexName of INDEX_NAMES) {
    const service = indexApi(indexName, client, cache);
    const path = `/ext/index/${indexName}`;
    const handler = (ctx: Context) => serveGorilla(ctx, service, log);
    router.all(path, handler);
    handlers.set(path, handler);
  }
  return handlers;
}
