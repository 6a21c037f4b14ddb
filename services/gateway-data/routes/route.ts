import { z } from 'zod';
import type { EvmDataServiceDefinition } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { PrimaryNetworkServiceDefinition } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { SortOrder } from '../../generated/proto/chaindata/primarynetwork/v1/SortOrder.ts';
import type { SignatureAggregatorServiceDefinition } from '../../generated/proto/chaindata/signatureaggregator/v1/SignatureAggregatorService.ts';
import type { UnaryClient } from '../../runtime/grpc/client.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { PageTokens } from '../../runtime/pagination/page-token.ts';
import {
  blockchainIdParam,
  networkIdentity,
  networkParam,
  selectChain,
  type NetworkName,
} from '../chains.ts';
import type { ApiDocument } from '../documents.ts';
import {
  evmAddressParam,
  evmChainIdParam,
  pageSizeParam,
  pageTokenParam,
  ParamError,
  parseParams,
  rendered,
  type RequestAddress,
  type SortOrderParam,
} from '../params.ts';

/**
 * The Data API's routes: for each, its parameters as zod schemas, the rules that tie parameters together as
 * refinements of the same schema (validation and the OpenAPI document both come from them), and the call to the
 * service that answers it: the primary-network service for `/v1/networks/...`, the evm-data service for the EVM
 * chains and ICM, the signature-aggregator service for `/v1/signatureAggregator/...`.
 */
export type PrimaryNetworkClient = UnaryClient<PrimaryNetworkServiceDefinition>;
export type EvmDataClient = UnaryClient<EvmDataServiceDefinition>;
export type SignatureAggregatorClient = UnaryClient<SignatureAggregatorServiceDefinition>;

export interface RouteServices {
  primaryNetwork: PrimaryNetworkClient;
  evmData: EvmDataClient;
  signatureAggregator: SignatureAggregatorClient;
  pageTokens: PageTokens;
}

/** What Koa hands a route: path parameters, the query (arrays for repeated names) and the parsed JSON body. */
export interface RawRequest {
  params: Record<string, string | undefined>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface DataRoute {
  method: 'GET' | 'POST';
  /** The path as the OpenAPI document writes it (`{network}`); colons in it are literal. */
  path: string;
  operationId: string;
  summary: string;
  pathParams: z.ZodRawShape;
  query: z.ZodRawShape;
  body?: z.ZodRawShape;
  /** The rules across parameters, in the words the OpenAPI operation states them. */
  rules: readonly string[];
  /** The status of a success: 200 unless the official document says 201 (the route queues or creates). */
  successStatus?: 200 | 201;
  /**
   * The official document's component names of the success answer (more than one: any of them); none when the
   * success has no body at all.
   */
  responses: readonly string[];
  /** The answer's document, or undefined for an empty body. */
  serve(request: RawRequest, services: RouteServices): Promise<ApiDocument | undefined>;
}

/**
 * A rule across a route's parameters, checked once each parameter has parsed. `check` throws the ParamError a
 * failure answers with, so a rule can reuse the functions that turn its parameters into the service's request.
 */
export interface InputRule<I> {
  description: string;
  check: (input: I) => void;
}

/** What a route's handler works with: the services, and the paging of this route's list call. */
export interface RouteContext {
  primaryNetwork: PrimaryNetworkClient;
  evmData: EvmDataClient;
  signatureAggregator: SignatureAggregatorClient;
  listPage<R extends PagedRequest, T extends PagedResponse>(
    pageToken: string | undefined,
    request: R,
    call: (request: R) => Promise<T>,
  ): Promise<{ response: T; nextPageToken: string | undefined }>;
}

type RouteInput<P extends z.ZodRawShape, Q extends z.ZodRawShape, B extends z.ZodRawShape> = z.output<
  z.ZodObject<P & Q & B>
>;

type RouteSpec<P extends z.ZodRawShape, Q extends z.ZodRawShape, B extends z.ZodRawShape> = Omit<
  DataRoute,
  'serve' | 'pathParams' | 'query' | 'body' | 'rules'
> & {
  pathParams: P;
  query: Q;
  body?: B;
  /** In the order the 400 names them: the first that fails is the one reported. */
  rules?: readonly InputRule<NoInfer<RouteInput<P, Q, B>>>[];
  handle: (input: RouteInput<P, Q, B>, context: RouteContext) => Promise<ApiDocument | undefined>;
};

export function defineRoute<
  P extends z.ZodRawShape,
  Q extends z.ZodRawShape,
  B extends z.ZodRawShape = Record<never, never>,
>(spec: RouteSpec<P, Q, B>): DataRoute {
  const { handle, rules = [], ...description } = spec;
  const fields = z.object({ ...spec.pathParams, ...spec.query, ...spec.body }) as z.ZodObject<P & Q & B>;
  const schema = fields.superRefine(
    (input, ctx) => {
      for (const rule of rules) {
        try {
          rule.check(input);
        } catch (err) {
          if (!(err instanceof ParamError)) throw err;
          ctx.addIssue({ code: 'custom', path: [err.parameter], message: err.reason });
          return;
        }
      }
    },
    // A parameter's own failure is the one to report, and the rules may assume each parameter parsed.
    { when: (payload) => payload.issues.length === 0 },
  );
  return {
    ...description,
    rules: rules.map((rule) => rule.description),
    serve: (request, services) => {
      const input = {
        ...picked(request.params, spec.pathParams),
        ...picked(request.query, spec.query),
        ...(spec.body ? withoutNulls(picked(jsonObjectBody(request.body, spec.body), spec.body)) : {}),
      };
      return handle(parseParams(schema, input), {
        primaryNetwork: services.primaryNetwork,
        evmData: services.evmData,
        signatureAggregator: services.signatureAggregator,
        listPage: (pageToken, request, call) =>
          listPage(services.pageTokens, spec.operationId, pageToken, request, call),
      });
    },
  };
}

/** Only the route's own parameters, so a query parameter cannot stand in for a body member (or the reverse). */
export function picked(source: Record<string, unknown>, shape: z.ZodRawShape): Record<string, unknown> {
  return Object.fromEntries(Object.keys(shape).map((name) => [name, source[name]]));
}

/** A body member that is null is absent, as the real API's validation (`@IsOptional`) takes it. */
function withoutNulls(members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== null));
}

export function jsonObjectBody(body: unknown, shape: z.ZodRawShape): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as Record<string, unknown>;
  const members = Object.keys(shape);
  throw new ParamError(
    members[0] ?? 'body',
    `expected a JSON object body with ${members.join(', ')}, got ${rendered(body)}`,
  );
}

// ---- Pagination

interface PagedRequest {
  page_size: number;
  cursor?: string;
}

interface PagedResponse {
  next_cursor: string;
}

/**
 * One page of a list call: the client's token opens to the service's cursor, and the next cursor goes back as a
 * token. Both are bound to the request the service sees (the normalized query) minus page size and cursor.
 */
async function listPage<R extends PagedRequest, T extends PagedResponse>(
  pageTokens: PageTokens,
  operationId: string,
  pageToken: string | undefined,
  request: R,
  call: (request: R) => Promise<T>,
): Promise<{ response: T; nextPageToken: string | undefined }> {
  const { page_size: _pageSize, cursor: _cursor, ...params } = request;
  const query = { route: operationId, params };
  const cursor = pageTokens.open(query, pageToken);
  const response = await call({ ...request, cursor });
  return { response, nextPageToken: pageTokens.issue(query, response.next_cursor) };
}

// ---- Shared by the routes of more than one group

export const PAGING = { pageToken: pageTokenParam(), pageSize: pageSizeParam(MAX_PAGE_SIZE) };

export function sortOrderOf(sortOrder: SortOrderParam | undefined): SortOrder {
  return sortOrder === 'asc' ? 'SORT_ORDER_ASC' : 'SORT_ORDER_DESC';
}

export const CHAIN_PATH = { network: networkParam(), blockchainId: blockchainIdParam() };

export function chainRef(chain: { network: string; blockchainId: string }) {
  return { network: chain.network, blockchain_id: chain.blockchainId };
}

/** The first rule of a route that selects a primary chain, so a chain of the wrong network is reported first. */
export const CHAIN_ON_NETWORK: InputRule<{ network: NetworkName; blockchainId: string }> = {
  description: 'blockchainId must name a chain of network; a chain id of the other network is refused.',
  check: ({ network, blockchainId }) => selectChain(network, blockchainId),
};

export const TIME_RANGE: InputRule<{
  startTimestamp?: number | undefined;
  endTimestamp?: number | undefined;
}> = {
  description: 'startTimestamp must not be after endTimestamp.',
  check: ({ startTimestamp, endTimestamp }) => {
    if (startTimestamp !== undefined && endTimestamp !== undefined && startTimestamp > endTimestamp)
      throw new ParamError(
        'startTimestamp',
        `must not be after endTimestamp, got ${startTimestamp} > ${endTimestamp}`,
      );
  },
};

export const ADDRESSES_DESCRIPTION =
  'A comma-separated list of X-Chain or P-Chain addresses, starting with "avax"/"fuji", "P-avax"/"P-fuji" or ' +
  '"X-avax"/"X-fuji".';

interface AddressFilter {
  addresses: Uint8Array[];
  evmAddresses: Uint8Array[];
}

/** The addresses as the service takes them: each bech32 one must carry the network's prefix. */
export function addressFilter(
  addresses: RequestAddress[],
  network: NetworkName,
  evm: 'accepted' | { refused: string },
): AddressFilter {
  const { hrp } = networkIdentity(network);
  const filter: AddressFilter = { addresses: [], evmAddresses: [] };
  for (const address of addresses) {
    if (address.kind === 'evm') {
      if (evm !== 'accepted')
        throw new ParamError('addresses', `${rendered(address.text)} is an EVM address; ${evm.refused}`);
      filter.evmAddresses.push(address.bytes);
    } else if (address.hrp !== hrp) {
      throw new ParamError(
        'addresses',
        `${rendered(address.text)} has the prefix "${address.hrp}"; addresses on ${network} start with "${hrp}"`,
      );
    } else {
      filter.addresses.push(address.bytes);
    }
  }
  return filter;
}

export const BECH32_ONLY = {
  refused: 'this route takes bech32 addresses (avax1…/fuji1…, optionally P-/X-/C-) only',
};

export const BECH32_ADDRESSES_ON_NETWORK: InputRule<{
  network: NetworkName;
  addresses?: RequestAddress[] | undefined;
}> = {
  description:
    'addresses must be bech32 addresses of network: "avax" on mainnet, "fuji" on fuji/testnet; EVM addresses are refused.',
  check: ({ network, addresses }) => addressFilter(addresses ?? [], network, BECH32_ONLY),
};

// ---- Shared by the EVM and ICM routes

export const EVM_CHAIN_PATH = { chainId: evmChainIdParam() };
export const WALLET_PATH = { ...EVM_CHAIN_PATH, address: evmAddressParam('A wallet address.') };

/** The network the service filters by: its own name (testnet is fuji), or '' for every network. */
export function networkFilter(network: NetworkName | undefined): string {
  return network === undefined ? '' : networkIdentity(network).name;
}
