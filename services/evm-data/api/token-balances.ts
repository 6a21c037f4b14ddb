import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import { DomainError } from '../../runtime/errors.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { MAX_TOKEN_BALANCE_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { PriceSource } from '../../runtime/prices/price-source.ts';
import type { CuratedMetadata, EvmChain } from '../chains.ts';
import {
  checkIndexedBlock,
  holdingCursor,
  type HoldingFilter,
  type HoldingStandard,
} from '../store/holdings.ts';
import { nftKey, type EvmDataReader } from '../store/reader.ts';
import { erc1155Token, erc20Token, erc721Token, taggedSpam, type AddressBook } from './documents.ts';
import { nativeTokenBalance, withMoney, type NativeBalances } from './native-balances.ts';

/**
 * The balance lists of one standard (balances:listErc20, :listErc721, :listErc1155), each with the address's native
 * balance at the same block, and one NFT of a collection (GET …/nfts/collections/{address}/tokens/{tokenId}).
 */
type Handlers = AsyncImplementation<EvmDataServiceHandlers>;

export interface TokenBalanceDependencies {
  reader: EvmDataReader;
  balances: NativeBalances;
  prices: PriceSource;
  curated: CuratedMetadata;
  chainOf(chainId: string): EvmChain;
  addressBook(chain: EvmChain, addresses: Buffer[]): Promise<AddressBook>;
}

const ADDRESS_LENGTH = 20;
/** The native balance's currency where a route has no `currency` parameter. */
const DEFAULT_CURRENCY = 'usd';

export function tokenBalanceHandlers(
  deps: TokenBalanceDependencies,
): Pick<Handlers, 'ListErc20Balances' | 'ListErc721Balances' | 'ListErc1155Balances' | 'GetNftToken'> {
  const { reader, prices } = deps;

  /** The request's chain, holder, page size and block, the block checked against what is indexed. */
  async function balanceRequest(request: {
    chain_id: string;
    address: Buffer;
    block_number?: string;
    page_size: number;
    cursor: string;
  }) {
    const chain = deps.chainOf(request.chain_id);
    const holder = field.bytes('address', request.address, ADDRESS_LENGTH);
    const block = field.optionalInteger('blockNumber', request.block_number, field.MAX_INT64);
    const pageSize = field.pageSize(request.page_size, MAX_TOKEN_BALANCE_PAGE_SIZE);
    const cursor = field.cursor(request.cursor);
    if (block !== undefined)
      checkIndexedBlock(block, await reader.holdings.indexedHead(chain.id), chain.evmChainId);
    return { chain, holder, block, pageSize, cursor };
  }

  async function holdingsPage(
    r: Awaited<ReturnType<typeof balanceRequest>>,
    standard: HoldingStandard,
    filter: HoldingFilter,
  ) {
    const rows = await reader.holdings.balances(
      r.chain.id,
      r.holder,
      standard,
      filter,
      r.block,
      r.pageSize + 1,
      r.cursor,
    );
    return keysetPage(rows, r.pageSize, holdingCursor);
  }

  /** The contracts the operator's metadata file tags as spam on this chain. */
  function spamContracts(chain: EvmChain): Buffer[] {
    const prefix = `${chain.evmChainId}:`;
    return Object.entries(deps.curated.contracts)
      .filter(([key, contract]) => key.startsWith(prefix) && taggedSpam(contract))
      .map(([key]) => Buffer.from(key.slice(prefix.length + 2), 'hex'));
  }

  return {
    async ListErc20Balances(request, signal) {
      const contracts = field.bytesList('contractAddresses', request.contract_addresses, ADDRESS_LENGTH);
      const currency = field.currency('currency', request.currency) || DEFAULT_CURRENCY;
      const r = await balanceRequest(request);
      const [native, { items, nextCursor }] = await Promise.all([
        nativeTokenBalance(deps.balances, prices, r.chain, r.holder, r.block, currency, signal),
        holdingsPage(r, 20, {
          ...(contracts.length > 0 ? { contracts } : {}),
          ...(request.filter_spam_tokens ? { excluded: spamContracts(r.chain) } : {}),
        }),
      ]);
      const book = await deps.addressBook(
        r.chain,
        items.map((h) => h.contract),
      );
      const chainId = r.chain.evmChainId.toString();
      return {
        nativeTokenBalance: native,
        erc20TokenBalances: items.map((h) => {
          const token = erc20Token(h.contract, book);
          const price = token.symbol === '' ? undefined : prices.latest(token.symbol, currency);
          const value = price === undefined ? undefined : (Number(h.balance) / 10 ** token.decimals) * price;
          return {
            ...token,
            ...withMoney('price', currency, price),
            chainId,
            balance: h.balance,
            ...withMoney('balanceValue', currency, value),
          };
        }),
        next_cursor: nextCursor,
      };
    },

    async ListErc721Balances(request, signal) {
      const contract = field.optionalBytes('contractAddress', request.contract_address, ADDRESS_LENGTH);
      const r = await balanceRequest(request);
      const [native, { items, nextCursor }] = await Promise.all([
        nativeTokenBalance(deps.balances, prices, r.chain, r.holder, undefined, DEFAULT_CURRENCY, signal),
        holdingsPage(r, 721, contract ? { contracts: [contract] } : {}),
      ]);
      const [nfts, book] = await Promise.all([
        reader.nftTokens(
          r.chain.id,
          items.map((h) => ({ contract: h.contract, tokenId: h.token_id })),
        ),
        deps.addressBook(
          r.chain,
          items.map((h) => h.contract),
        ),
      ]);
      const chainId = r.chain.evmChainId.toString();
      return {
        nativeTokenBalance: native,
        erc721TokenBalances: items.map((h) => ({
          ...erc721Token(h.contract, h.token_id, nfts.get(nftKey(h.contract, h.token_id)), book),
          // The holder's own list: the owner is the holder, whatever the token's row says.
          ownerAddress: hex(r.holder),
          chainId,
        })),
        next_cursor: nextCursor,
      };
    },

    async ListErc1155Balances(request, signal) {
      const contract = field.optionalBytes('contractAddress', request.contract_address, ADDRESS_LENGTH);
      const r = await balanceRequest(request);
      const [native, { items, nextCursor }] = await Promise.all([
        nativeTokenBalance(deps.balances, prices, r.chain, r.holder, r.block, DEFAULT_CURRENCY, signal),
        holdingsPage(r, 1155, contract ? { contracts: [contract] } : {}),
      ]);
      const nfts = await reader.nftTokens(
        r.chain.id,
        items.map((h) => ({ contract: h.contract, tokenId: h.token_id })),
      );
      const chainId = r.chain.evmChainId.toString();
      return {
        nativeTokenBalance: native,
        erc1155TokenBalances: items.map((h) => ({
          ...erc1155Token(h.contract, h.token_id, nfts.get(nftKey(h.contract, h.token_id))),
          chainId,
          balance: h.balance,
        })),
        next_cursor: nextCursor,
      };
    },

    async GetNftToken(request) {
      const chain = deps.chainOf(request.chain_id);
      const contract = field.bytes('address', request.contract_address, ADDRESS_LENGTH);
      const tokenId = field.decimalText('tokenId', request.token_id, field.MAX_UINT256);
      const nft = (await reader.nftTokens(chain.id, [{ contract, tokenId }])).get(nftKey(contract, tokenId));
      if (!nft)
        throw new DomainError(
          'not_found',
          `tokenId: token ${tokenId} of collection ${hex(contract)} has not been seen on chain ${chain.evmChainId}`,
        );
      if (nft.erc_type === 721)
        return { erc721: erc721Token(contract, tokenId, nft, await deps.addressBook(chain, [contract])) };
      return { erc1155: erc1155Token(contract, tokenId, nft) };
    },
  };
}
