import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import type { EvmChain } from '../chains.ts';
import {
  holderCursor,
  parseHolderCursor,
  type Erc20HolderRecord,
  type LookingGlassReader,
} from '../store/looking-glass.ts';

/**
 * The Metrics API's Looking Glass holder lists, asked of evm-data by the metrics service: an NFT collection's
 * current holders (…/contracts/{address}/nfts:listHolders) and an ERC-20 token's holders above a threshold in a
 * time frame (…/contracts/{address}/balances).
 */
type Handlers = AsyncImplementation<EvmDataServiceHandlers>;

/** The Metrics API's page sizes for these lists: 1 to 5000. */
export const MAX_LOOKING_GLASS_PAGE_SIZE = 5000;
/** Holders read at once while looking for those above a threshold, and at most per request. */
const HOLDER_BATCH = 1000;
const MAX_HOLDERS_SCANNED = 10_000;
const ADDRESS_LENGTH = 20;

export function lookingGlassHandlers(deps: {
  reader: LookingGlassReader;
  chainOf(chainId: string): EvmChain;
}): Pick<Handlers, 'ListNftHolders' | 'ListErc20HoldersOverTime'> {
  const { reader } = deps;

  return {
    async ListNftHolders(request) {
      const chain = deps.chainOf(request.chain_id);
      const contract = field.bytes('address', request.contract, ADDRESS_LENGTH);
      const pageSize = field.pageSize(request.page_size, MAX_LOOKING_GLASS_PAGE_SIZE);
      const after = parseHolderCursor(field.cursor(request.cursor));
      const [rows, totals] = await Promise.all([
        reader.nftHolders(chain.id, contract, after, pageSize + 1),
        reader.nftTotals(chain.id, contract),
      ]);
      const page = keysetPage(rows, pageSize, (r) => holderCursor(r.holder));
      return {
        holders: page.items.map((r) => ({ address: r.holder, amount: r.amount })),
        next_cursor: page.nextCursor,
        total_holders: totals.holders,
        total_tokens: totals.tokens,
        ...(totals.name !== null ? { name: totals.name } : {}),
        ...(totals.symbol !== null ? { symbol: totals.symbol } : {}),
      };
    },

    async ListErc20HoldersOverTime(request) {
      const chain = deps.chainOf(request.chain_id);
      const contract = field.bytes('address', request.contract, ADDRESS_LENGTH);
      const minBalance = field.decimalText('threshold', request.min_balance, field.MAX_UINT256);
      const { start, end } = field.timeRange(request.start_timestamp, request.end_timestamp);
      const pageSize = field.pageSize(request.page_size, MAX_LOOKING_GLASS_PAGE_SIZE);
      let after = parseHolderCursor(field.cursor(request.cursor));

      const window = await reader.blockWindow(chain.id, start, end);
      // Holders in order until the page (plus one) is found, the holders end, or the request has read its share:
      // then the page ends early and the cursor is the last holder read, so the next request goes on from there.
      const found: Erc20HolderRecord[] = [];
      for (let scanned = 0; ;) {
        const batch = await reader.erc20Holders(chain.id, contract, window, minBalance, after, HOLDER_BATCH);
        found.push(...batch.filter((r) => r.qualifies));
        scanned += batch.length;
        const ended = batch.length < HOLDER_BATCH;
        if (found.length > pageSize || ended || scanned >= MAX_HOLDERS_SCANNED) {
          const page = keysetPage(found, pageSize, (r) => holderCursor(r.holder));
          const nextCursor =
            page.nextCursor !== '' || ended ? page.nextCursor : holderCursor(batch.at(-1)!.holder);
          return {
            holders: page.items.map((r) => ({ address: r.holder, amount: r.balance })),
            next_cursor: nextCursor,
          };
        }
        after = batch.at(-1)!.holder;
      }
    },
  };
}
