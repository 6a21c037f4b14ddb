import type { ExportWorkerServiceDefinition } from '../../generated/proto/chaindata/exportworker/v1/ExportWorkerService.ts';
import type { EvmDataServiceDefinition } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { PrimaryNetworkServiceDefinition } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { SortOrder } from '../../generated/proto/chaindata/primarynetwork/v1/SortOrder.ts';
import type { SignatureAggregatorServiceDefinition } from '../../generated/proto/chaindata/signatureaggregator/v1/SignatureAggregatorService.ts';
import type { UnaryClient } from '../../runtime/grpc/client.ts';
import type { DownloadLinks } from '../export-downloads.ts';
import type { UsageReader } from '../../edge/store/usage-reader.ts';
import type { HealthIndicators } from '../../runtime/rest/health.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import {
  routeDefiner,
  type InputRule,
  type RestRoute,
  type RestRouteContext,
  type RestServices,
} from '../../runtime/rest/route.ts';
import {
  blockchainIdParam,
  networkIdentity,
  networkParam,
  selectChain,
  type NetworkName,
} from '../chains.ts';
import {
  evmAddressParam,
  evmChainIdParam,
  pageSizeParam,
  pageTokenParam,
  ParamError,
  rendered,
  type RequestAddress,
  type SortOrderParam,
} from '../../runtime/rest/params.ts';

/**
 * The Data API's routes: for each, its parameters as zod schemas, the rules that tie parameters together as
 * refinements of the same schema (validation and the OpenAPI document both come from them), and the call to the
 * service that answers it: the primary-network service for `/v1/networks/...`, the evm-data service for the EVM
 * chains and ICM, the signature-aggregator service for `/v1/signatureAggregator/...`, the export worker for
 * `/v1/operations/...`, the edge's request log for the usage routes (routes/usage.ts).
 */
export type PrimaryNetworkClient = UnaryClient<PrimaryNetworkServiceDefinition>;
export type EvmDataClient = UnaryClient<EvmDataServiceDefinition>;
export type SignatureAggregatorClient = UnaryClient<SignatureAggregatorServiceDefinition>;
export type ExportWorkerClient = UnaryClient<ExportWorkerServiceDefinition>;

export interface RouteServices extends RestServices {
  primaryNetwork: PrimaryNetworkClient;
  evmData: EvmDataClient;
  signatureAggregator: SignatureAggregatorClient;
  exportWorker: ExportWorkerClient;
  downloadLinks: DownloadLinks;
  /** What the health routes check: everything (`full`), or what a read needs (`live`). */
  health: { full: HealthIndicators; live: HealthIndicators };
  /** The request log the usage routes read; undefined: they answer 503 (usage is not recorded by this gateway). */
  usage: UsageReader | undefined;
}

export type { InputRule, RawRequest } from '../../runtime/rest/route.ts';
export { jsonObjectBody, picked } from '../../runtime/rest/route.ts';

export type DataRoute = RestRoute<RouteServices>;

/** What a route's handler works with: the services, and the paging of this route's list call. */
export type RouteContext = RestRouteContext<RouteServices>;

export const defineRoute = routeDefiner<RouteServices>();

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
