import type { LookingGlassHolder__Output as Holder } from '../../generated/proto/chaindata/evmdata/v1/LookingGlassHolder.ts';
import type { MetricsServiceHandlers } from '../../generated/proto/chaindata/metrics/v1/MetricsService.ts';
import { decodeCb58, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import type { MetricsServiceOptions } from './service.ts';
import { evmChainId } from './scopes.ts';

/**
 * The Metrics API's Looking Glass queries that the stack's data supports, answered from evm-data over gRPC (never
 * its tables): an NFT collection's holders and an ERC-20 token's holders above a threshold in a time frame; and
 * from primary-network, a subnet's validators by time frame. The others (BTC.b bridged addresses, composite
 * queries) are refused by the gateway.
 */
type Handlers = AsyncImplementation<MetricsServiceHandlers>;

/** The Metrics API's page sizes for the Looking Glass lists: 1 to 5000 (the gateway applies its default, 1000). */
export const MAX_LOOKING_GLASS_PAGE_SIZE = 5000;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A contract address as the API takes it: 0x and 40 hex digits, either case. */
function contractAddress(value: string): Buffer {
  if (!ADDRESS.test(value)) throw field.invalidField('address', 'a 0x-prefixed 20-byte hex address', value);
  return Buffer.from(value.slice(2), 'hex');
}

const NETWORKS = ['', 'mainnet', 'fuji', 'testnet'] as const;
const SUBNET_ID_LENGTH = 32;

/** A subnet id in cb58, as its 32 bytes. */
function subnetId(value: string): Buffer {
  const bytes = (() => {
    try {
      return decodeCb58(field.text('subnetId', value, { what: 'a subnet id (cb58 of 32 bytes)' }));
    } catch {
      return undefined;
    }
  })();
  if (bytes?.length !== SUBNET_ID_LENGTH || encodeCb58(bytes) !== value)
    throw field.invalidField('subnetId', 'a subnet id (cb58 of 32 bytes)', value);
  return Buffer.from(bytes);
}

/** The API's AddressDetails: the address, and what the route sorts by (here a decimal amount). */
const addressDetails = (h: Holder) => ({ address: hex(h.address), sortKey: h.amount });

export function lookingGlassHandlers(
  options: MetricsServiceOptions,
): Pick<Handlers, 'ListNftHolders' | 'ListAddressesByBalanceOverTime' | 'ListValidatorsByDateRange'> {
  const { evmData, primaryNetwork } = options;

  return {
    async ListNftHolders(req) {
      const request = {
        chain_id: evmChainId(req.chain_id),
        contract: contractAddress(req.address),
        page_size: field.pageSize(req.page_size, MAX_LOOKING_GLASS_PAGE_SIZE),
        cursor: field.cursor(req.cursor),
      };
      const answer = await evmData.ListNftHolders(request);
      return {
        addresses: answer.holders.map(addressDetails),
        nftCollectionName: answer.name === undefined || answer.name === null ? [] : [answer.name],
        nftSymbol: answer.symbol === undefined || answer.symbol === null ? [] : [answer.symbol],
        totalHolders: Number(answer.total_holders),
        totalTokens: Number(answer.total_tokens),
        next_cursor: answer.next_cursor,
      };
    },

    async ListAddressesByBalanceOverTime(req) {
      const { start, end } = field.timeRange(req.start_timestamp, req.end_timestamp);
      const request = {
        chain_id: evmChainId(req.chain_id),
        contract: contractAddress(req.address),
        min_balance: field.decimalText('threshold', req.threshold, field.MAX_UINT256),
        ...(start === undefined ? {} : { start_timestamp: start.toString() }),
        ...(end === undefined ? {} : { end_timestamp: end.toString() }),
        page_size: field.pageSize(req.page_size, MAX_LOOKING_GLASS_PAGE_SIZE),
        cursor: field.cursor(req.cursor),
      };
      const answer = await evmData.ListErc20HoldersOverTime(request);
      return { addresses: answer.holders.map(addressDetails), next_cursor: answer.next_cursor };
    },

    async ListValidatorsByDateRange(req) {
      const { start, end } = field.timeRange(req.start_timestamp, req.end_timestamp);
      const network = field.oneOf('network', req.network, NETWORKS);
      const request = {
        // fuji and testnet are one network, the one primary-network calls fuji.
        network: network === 'testnet' ? 'fuji' : network,
        subnet_id: subnetId(req.subnet_id),
        ...(start === undefined ? {} : { start_timestamp: start.toString() }),
        ...(end === undefined ? {} : { end_timestamp: end.toString() }),
        page_size: field.pageSize(req.page_size, MAX_LOOKING_GLASS_PAGE_SIZE),
        cursor: field.cursor(req.cursor),
      };
      const answer = await primaryNetwork.ListValidatorsByTimeFrame(request);
      return {
        addresses: answer.validators.map((v) => ({ addresses: v.reward_addresses, sortKey: v.start_time })),
        next_cursor: answer.next_cursor,
      };
    },
  };
}
