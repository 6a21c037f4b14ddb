import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import { DomainError } from '../../runtime/errors.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { MAX_COLLECTIBLE_PAGE_SIZE, MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { PriceSource } from '../../runtime/prices/price-source.ts';
import type { ChainRegistry, CuratedMetadata, EvmChain } from '../chains.ts';
import {
  contractMetadata,
  erc1155Token,
  evmBlock,
  erc721Token,
  fullNativeTransaction,
  internalTransaction,
  nativeTransaction,
  taggedSpam,
  transferLists,
  type AddressBook,
  type ChainNames,
} from './documents.ts';
import { addressListHandlers } from './address-lists.ts';
import {
  addressTransactionStreamHandlers,
  type AddressTransactionsQuery,
} from './address-transaction-stream.ts';
import { blockActivityHandlers } from './block-activity.ts';
import { nativeTokenBalance, withMoney, type NativeBalances } from './native-balances.ts';
import { icmHandlers, icmMessageDocuments } from './icm-messages.ts';
import { tokenBalanceHandlers } from './token-balances.ts';
import { lookingGlassHandlers } from './looking-glass.ts';
import type {
  BlockRecord,
  BlockRef,
  ChainTxKey,
  EvmDataReader,
  NftRecord,
  StatusFilter,
  TransactionRecord,
  TransferRecord,
  TxKey,
} from '../store/reader.ts';
import { hexCursor, txCursor } from '../store/reader.ts';

export interface MetadataQueue {
  enqueue(
    jobs: {
      chainKey: string;
      contract: string;
      tokenId: string;
      ercType: 'ERC-721' | 'ERC-1155';
      reason: 'discovered' | 'reindex';
    }[],
  ): Promise<unknown>;
}

const ADDRESS_LENGTH = 20;
const HASH_LENGTH = 32;
const address = (name: string, value: Buffer) => field.bytes(name, value, ADDRESS_LENGTH);
/** Block numbers are int64 columns. */
const blockNumber = (name: string, value: string | undefined) =>
  field.optionalInteger(name, value, field.MAX_INT64);
const networkName = (value: string) =>
  field.text('network', value, { maxLength: 32, what: 'a network name (mainnet or fuji)' });
const STATUS_FILTERS = [
  'TRANSACTION_STATUS_ANY',
  'TRANSACTION_STATUS_FAILED',
  'TRANSACTION_STATUS_SUCCESS',
] as const;
/** The receipt status a TransactionStatusFilter keeps. */
const statusFilter = (value: unknown): StatusFilter =>
  (
    ({
      TRANSACTION_STATUS_ANY: undefined,
      TRANSACTION_STATUS_FAILED: 0,
      TRANSACTION_STATUS_SUCCESS: 1,
    }) as const
  )[field.oneOf('status', value, STATUS_FILTERS)];

/** The block a request names by number or by hash (the API's `blockId`). */
function blockRef(request: { block?: string; block_number?: string; block_hash?: Buffer }): BlockRef {
  if (request.block === 'block_number')
    return { number: field.integer('blockId', request.block_number!, field.MAX_INT64) };
  if (request.block === 'block_hash')
    return { hash: field.bytes('blockId', request.block_hash!, HASH_LENGTH) };
  throw field.invalidField('blockId', 'a block number or a block hash', request.block);
}

/**
 * The gRPC face of evm-data. It validates every request itself (gateway-data does too, but the service is
 * reachable without it), and checks what only it knows.
 */
export function evmDataService(options: {
  registry: ChainRegistry;
  reader: EvmDataReader;
  balances: NativeBalances;
  prices: PriceSource;
  curated: CuratedMetadata;
  metadataQueue: MetadataQueue | undefined;
}): AsyncImplementation<EvmDataServiceHandlers> {
  const { registry, reader, prices, curated } = options;
  const network = registry.identity.name;
  const chainOf = (chainId: string) =>
    registry.resolve(
      field.text('chainId', chainId, { what: 'an EVM chain id or a blockchain id (cb58)', maxLength: 80 }),
    );

  /** Everything needed to label the addresses of a page, fetched in one query. */
  const addressBook = async (chain: EvmChain, addresses: Buffer[]): Promise<AddressBook> => {
    const contracts = await reader.contracts(chain.id, dedupe(addresses));
    return {
      contract: (a) => contracts.get(a.toString('hex')),
      curated: (a) => curated.contracts[`${chain.evmChainId}:${hex(a)}`],
    };
  };
  const chainNames: ChainNames = {
    evmChainIdOf: (id) => registry.byBlockchainId(id)?.evmChainId.toString(),
    blockchainIdOf: (id) => {
      const chain = registry.byId(id);
      return chain && Buffer.from(chain.blockchainId);
    },
  };
  const nftsOf = (chain: EvmChain, transfers: TransferRecord[]) =>
    reader.nftTokens(
      chain.id,
      transfers
        .filter((t) => t.token_id !== null)
        .map((t) => ({ contract: t.contract, tokenId: t.token_id! })),
    );
  const addressesOf = (
    transfers: TransferRecord[],
    internals: { from_address: Buffer; to_address: Buffer }[],
  ) => [
    ...transfers.flatMap((t) => [t.contract, t.from_address, t.to_address]),
    ...internals.flatMap((i) => [i.from_address, i.to_address]),
  ];
  const blockOf = async (chain: EvmChain, ref: BlockRef): Promise<BlockRecord> => {
    const block = await reader.block(chain.id, ref);
    if (!block) throw blockNotFound(chain, ref);
    return block;
  };
  /** The NativeTransaction documents of a chain's transactions, in the order of `keys`. */
  const nativeTransactions = async (chain: EvmChain, keys: TxKey[]) => {
    const txs = await reader.transactions(chain.id, keys);
    const book = await addressBook(chain, txs.flatMap(endsOf));
    const byKey = new Map(txs.map((t) => [txKey(BigInt(t.block_number), t.tx_index), t]));
    const chainId = chain.evmChainId.toString();
    return keys.map((k) => {
      const tx = byKey.get(txKey(k.blockNumber, k.txIndex));
      if (!tx) throw new Error(`transaction ${txKey(k.blockNumber, k.txIndex)} vanished between two reads`);
      return nativeTransaction(tx, chainId, book);
    });
  };
  const onThisNetwork = (requested: string) => networkName(requested) === '' || requested === network;
  const indexedChains = () => registry.chains.map((c) => c.id);
  const icmDependencies = { registry, reader, chainNames, addressBook };
  const nftDocument = (record: NftRecord, book: AddressBook) =>
    record.erc_type === 721
      ? { erc721: erc721Token(record.contract, record.token_id, record, book) }
      : { erc1155: erc1155Token(record.contract, record.token_id, record) };

  /** A transaction as GetTransaction details it, prices in `currency`; undefined when the chain has no such hash. */
  const transactionDetails = async (chain: EvmChain, hash: Buffer, currency: string) => {
    const key = await reader.transactionByHash(chain.id, hash);
    if (!key) return undefined;
    const [[tx], transfers, internals, icm] = await Promise.all([
      reader.transactions(chain.id, [key]),
      reader.transfers(chain.id, [key]),
      reader.internals(chain.id, [key]),
      reader.icmOfTransaction(hash),
    ]);
    const [nfts, book] = await Promise.all([
      nftsOf(chain, transfers),
      addressBook(chain, [
        tx!.from_address,
        tx!.to_address ?? tx!.created_contract!,
        ...addressesOf(transfers, internals),
      ]),
    ]);
    const symbol = chain.networkToken.symbol;
    const other = icm && registry.byBlockchainId(icm.other);
    return {
      ...transferLists(transfers, nfts, book),
      internalTransactions: internals.map((i) => internalTransaction(i, book)),
      networkTokenDetails: {
        networkToken: chain.networkToken,
        ...withMoney('currentPrice', currency, prices.latest(symbol, currency)),
        ...withMoney(
          'historicalPrice',
          currency,
          prices.priceAt(symbol, currency, Number(tx!.block_timestamp)),
        ),
      },
      nativeTransaction: fullNativeTransaction(tx!, chain.evmChainId.toString(), book),
      ...(icm
        ? {
            teleporterMessageInfo: {
              teleporterMessageId: hex(icm.message_id),
              direction: icm.direction,
              ...(icm.direction === 'SOURCE_TRANSACTION'
                ? { destinationChainId: other?.evmChainId.toString() ?? hex(icm.other) }
                : { sourceChainId: other?.evmChainId.toString() ?? hex(icm.other) }),
            },
          }
        : {}),
    };
  };

  /**
   * One page of an address's transactions, each with the address's own transfers and internal calls: the answer
   * of ListAddressTransactions, and each message of StreamAddressTransactions.
   */
  const addressTransactionsPage = async (query: AddressTransactionsQuery) => {
    const { chain, holder, pageSize } = query;
    const keys = await reader.addressTransactionKeys(
      chain.id,
      holder,
      query.range,
      query.order,
      pageSize + 1,
      query.cursor,
    );
    const { items: page, nextCursor } = keysetPage(keys, pageSize, txCursor);
    const [txs, allTransfers, internals] = await Promise.all([
      reader.transactions(chain.id, page),
      reader.transfers(chain.id, page, holder),
      reader.internals(chain.id, page, holder),
    ]);
    const transfers = query.filterSpamTokens
      ? allTransfers.filter(
          (t) =>
            t.erc_type !== 20 || !taggedSpam(curated.contracts[`${chain.evmChainId}:${hex(t.contract)}`]),
        )
      : allTransfers;
    const [nfts, book] = await Promise.all([
      nftsOf(chain, transfers),
      addressBook(chain, [
        ...txs.flatMap((t) => [t.from_address, t.to_address ?? t.created_contract ?? holder]),
        ...addressesOf(transfers, internals),
      ]),
    ]);
    // Rows are keyed by their transaction once, not matched against every transaction of the page.
    const rowKey = (r: { block_number: string; tx_index: number }) => `${r.block_number}:${r.tx_index}`;
    const byTx = new Map(txs.map((t) => [rowKey(t), t]));
    const transfersByTx = Map.groupBy(transfers, rowKey);
    const internalsByTx = Map.groupBy(internals, rowKey);
    const chainId = chain.evmChainId.toString();
    return {
      transactions: page.map((k) => {
        const key = txKey(k.blockNumber, k.txIndex);
        const tx = byTx.get(key);
        if (!tx) throw new Error(`address index names ${key}, which has no transaction`);
        return {
          nativeTransaction: nativeTransaction(tx, chainId, book),
          ...transferLists(transfersByTx.get(key) ?? [], nfts, book),
          internalTransactions: (internalsByTx.get(key) ?? []).map((i) => internalTransaction(i, book)),
        };
      }),
      next_cursor: nextCursor,
    };
  };

  return {
    ListChains: (request) =>
      Promise.resolve().then(() =>
        networkName(request.network) !== '' && request.network !== network
          ? { chains: [] }
          : { chains: registry.chains.map((c) => registry.chainInfo(c)) },
      ),

    GetChain: (request) => Promise.resolve().then(() => registry.chainInfo(chainOf(request.chain_id))),

    async ListAddressTransactions(request) {
      return addressTransactionsPage({
        chain: chainOf(request.chain_id),
        holder: address('address', request.address),
        range: {
          startBlock: blockNumber('startBlock', request.start_block),
          endBlock: blockNumber('endBlock', request.end_block),
        },
        order: field.sortOrder(request.sort_order),
        pageSize: field.pageSize(request.page_size, MAX_PAGE_SIZE),
        cursor: field.cursor(request.cursor),
        filterSpamTokens: request.filter_spam_tokens,
      });
    },

    async GetTransaction(request) {
      const chain = chainOf(request.chain_id);
      const hash = field.bytes('txHash', request.tx_hash, HASH_LENGTH);
      const details = await transactionDetails(chain, hash, 'usd');
      if (!details)
        throw new DomainError(
          'not_found',
          `txHash: transaction ${hex(hash)} is not on chain ${chain.evmChainId}`,
        );
      return details;
    },

    ...addressListHandlers({
      reader,
      chainOf,
      addressBook,
      nftsOf,
      nativeTransactions,
      transactionDetails,
    }),

    async ListLatestBlocks(request) {
      const chain = chainOf(request.chain_id);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const rows = await reader.latestBlocks(chain.id, pageSize + 1, field.cursor(request.cursor));
      const { items, nextCursor } = keysetPage(rows, pageSize, (b) => BigInt(b.number).toString(16));
      return { blocks: items.map((b) => evmBlock(b, chain.evmChainId.toString())), next_cursor: nextCursor };
    },

    async GetBlock(request) {
      const chain = chainOf(request.chain_id);
      return evmBlock(await blockOf(chain, blockRef(request)), chain.evmChainId.toString());
    },

    async ListBlockTransactions(request) {
      const chain = chainOf(request.chain_id);
      const ref = blockRef(request);
      // 0, the API's default, asks for the whole block: a block's gas limit bounds how many transactions it holds.
      const pageSize = request.page_size === 0 ? 0 : field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const keys = await reader.blockTransactionKeys(
        chain.id,
        ref,
        pageSize === 0 ? undefined : pageSize + 1,
        field.cursor(request.cursor),
      );
      if (!keys) throw blockNotFound(chain, ref);
      const { items, nextCursor } =
        pageSize === 0
          ? { items: keys, nextCursor: '' }
          : keysetPage(keys, pageSize, (k) => k.txIndex.toString(16));
      return { transactions: await nativeTransactions(chain, items), next_cursor: nextCursor };
    },

    async ListLatestTransactions(request) {
      const chain = chainOf(request.chain_id);
      const status = statusFilter(request.status);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const keys = await reader.latestTransactionKeys(
        chain.id,
        status,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items, nextCursor } = keysetPage(keys, pageSize, txCursor);
      return { transactions: await nativeTransactions(chain, items), next_cursor: nextCursor };
    },

    async ListLatestBlocksAllChains(request) {
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(request.cursor);
      if (!onThisNetwork(request.network)) return { blocks: [], next_cursor: '' };
      const rows = await reader.latestBlocksAcrossChains(indexedChains(), pageSize + 1, cursor);
      const { items, nextCursor } = keysetPage(rows, pageSize, (b) =>
        hexCursor(b.block_timestamp, b.chain, b.number),
      );
      return {
        blocks: items.map((b) => evmBlock(b, registry.byId(b.chain)!.evmChainId.toString())),
        next_cursor: nextCursor,
      };
    },

    async ListLatestTransactionsAllChains(request) {
      const status = statusFilter(request.status);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(request.cursor);
      if (!onThisNetwork(request.network)) return { transactions: [], next_cursor: '' };
      const keys = await reader.latestTransactionKeysAcrossChains(
        indexedChains(),
        status,
        pageSize + 1,
        cursor,
      );
      const { items, nextCursor } = keysetPage(keys, pageSize, (k) =>
        hexCursor(k.blockTimestamp, k.chain, k.blockNumber, k.txIndex),
      );
      const byChain = Map.groupBy(items, (k) => k.chain);
      const documents = new Map<string, ReturnType<typeof nativeTransaction>>();
      await Promise.all(
        [...byChain].map(async ([id, chainKeys]) => {
          const chainDocuments = await nativeTransactions(registry.byId(id)!, chainKeys);
          chainKeys.forEach((k, i) => documents.set(chainTxKey(k), chainDocuments[i]!));
        }),
      );
      return { transactions: items.map((k) => documents.get(chainTxKey(k))!), next_cursor: nextCursor };
    },

    async GetNativeBalance(request, signal) {
      const chain = chainOf(request.chain_id);
      const holder = address('address', request.address);
      const block = field.optionalInteger('blockNumber', request.block_number, field.MAX_UINT64);
      const currency = field.currency('currency', request.currency);
      return {
        nativeTokenBalance: await nativeTokenBalance(
          options.balances,
          prices,
          chain,
          holder,
          block,
          currency,
          signal,
        ),
      };
    },

    async ListCollectibleBalances(request) {
      const chain = chainOf(request.chain_id);
      const holder = address('address', request.address);
      const contract = field.optionalBytes('contractAddress', request.contract_address, ADDRESS_LENGTH);
      const pageSize = field.pageSize(request.page_size, MAX_COLLECTIBLE_PAGE_SIZE);
      const rows = await reader.collectibles(
        chain.id,
        holder,
        contract,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items: page, nextCursor } = keysetPage(
        rows,
        pageSize,
        (r) => `${r.contract.toString('hex')}:${BigInt(r.token_id).toString(16)}`,
      );
      const book = await addressBook(
        chain,
        page.map((r) => r.contract),
      );
      const chainId = chain.evmChainId.toString();
      return {
        collectibleBalances: page.map((r) =>
          r.erc_type === 721
            ? { erc721: { ...erc721Token(r.contract, r.token_id, r, book), chainId } }
            : { erc1155: { ...erc1155Token(r.contract, r.token_id, r), chainId, balance: r.balance! } },
        ),
        next_cursor: nextCursor,
      };
    },

    async GetContractMetadata(request) {
      const chain = chainOf(request.chain_id);
      const contract = address('address', request.address);
      const book = await addressBook(chain, [contract]);
      return contractMetadata(contract, book.contract(contract), book.curated(contract));
    },

    async ListNftTokens(request) {
      const chain = chainOf(request.chain_id);
      const contract = address('address', request.contract_address);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const rows = await reader.collectionTokens(
        chain.id,
        contract,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items: page, nextCursor } = keysetPage(rows, pageSize, (r) => BigInt(r.token_id).toString(16));
      const book = await addressBook(chain, [contract]);
      return {
        tokens: page.map((r) => nftDocument(r, book)),
        next_cursor: nextCursor,
      };
    },

    async ReindexNftToken(request) {
      const chain = chainOf(request.chain_id);
      const contract = address('address', request.contract_address);
      const tokenId = field.decimalText('tokenId', request.token_id, field.MAX_UINT256);
      if (!options.metadataQueue)
        throw new DomainError('unavailable', 'NFT metadata indexing is not enabled on this deployment');
      const outcome = await reader.requestReindex(chain.id, contract, tokenId);
      if (!outcome)
        throw new DomainError(
          'not_found',
          `tokenId: token ${tokenId} of collection ${hex(contract)} has not been seen on chain ${chain.evmChainId}`,
        );
      if (!outcome.accepted)
        throw new DomainError(
          'resource_exhausted',
          `tokenId: token ${tokenId} of collection ${hex(contract)} was reindexed less than an hour ago; try again in ${outcome.retryAfterSeconds} s`,
          { retryAfterSeconds: outcome.retryAfterSeconds },
        );
      await options.metadataQueue.enqueue([
        {
          chainKey: String(chain.id),
          contract: hex(contract),
          tokenId,
          ercType: outcome.ercType === 721 ? 'ERC-721' : 'ERC-1155',
          reason: 'reindex',
        },
      ]);
      return {};
    },

    async ListIcmMessagesByAddress(request) {
      const party = address('address', request.address);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(request.cursor);
      if (networkName(request.network) !== '' && request.network !== network)
        return { messages: [], next_cursor: '' };
      const rows = await reader.icmMessages(party, pageSize + 1, cursor);
      const { items: page, nextCursor } = keysetPage(
        rows,
        pageSize,
        (m) => `${BigInt(m.first_seen).toString(16)}:${m.message_id.toString('hex')}`,
      );
      return { messages: await icmMessageDocuments(page, icmDependencies), next_cursor: nextCursor };
    },

    ...icmHandlers(icmDependencies),

    ...tokenBalanceHandlers({ ...options, chainOf, addressBook }),

    async ListAddressChains(request) {
      const holder = address('address', request.address);
      const active = await reader.chainsWithActivity(indexedChains(), holder);
      return {
        indexedChains: active.map((id) => registry.chainInfo(registry.byId(id)!)),
        unindexedChains: [],
      };
    },

    ...blockActivityHandlers({ reader, chainOf }),

    ...addressTransactionStreamHandlers({ reader, chainOf, addressTransactionsPage }),

    ...lookingGlassHandlers({ reader: reader.lookingGlass, chainOf }),

    async GetIngestionStatus() {
      const status = await reader.chainStatus();
      return {
        chains: status.flatMap((s) => {
          const chain = registry.byId(s.id);
          return chain
            ? [
                {
                  blockchain_id: chain.blockchainIdText,
                  evm_chain_id: chain.evmChainId.toString(),
                  next_block: s.next_block,
                  head_block: s.head_block,
                  indexed_through_timestamp: s.indexed_through_timestamp,
                },
              ]
            : [];
        }),
      };
    },
  };
}

function blockNotFound(chain: EvmChain, ref: BlockRef): DomainError {
  const named = 'number' in ref ? ref.number.toString() : hex(ref.hash);
  return new DomainError('not_found', `blockId: block ${named} is not indexed on chain ${chain.evmChainId}`);
}

const txKey = (blockNumber: bigint, txIndex: number) => `${blockNumber}:${txIndex}`;
const chainTxKey = (k: ChainTxKey) => `${k.chain}:${txKey(k.blockNumber, k.txIndex)}`;
/** The addresses a transaction document names. */
const endsOf = (t: TransactionRecord) => [
  t.from_address,
  t.to_address ?? t.created_contract ?? Buffer.alloc(20),
];

function dedupe(addresses: Buffer[]): Buffer[] {
  return [...new Map(addresses.map((a) => [a.toString('hex'), a])).values()];
}
