import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { GetTransactionResponse } from '../../generated/proto/chaindata/evmdata/v1/GetTransactionResponse.ts';
import { DomainError } from '../../runtime/errors.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { EvmChain } from '../chains.ts';
import type {
  BlockRange,
  InternalEntryRecord,
  TransferEntryRecord,
  TransferStandard,
} from '../store/address-lists.ts';
import type { EvmDataReader, NftRecord, TransferRecord, TxKey } from '../store/reader.ts';
import { hexCursor, txCursor } from '../store/reader.ts';
import {
  contractMetadata,
  internalTransaction,
  transferDetails,
  type AddressBook,
  type nativeTransaction,
} from './documents.ts';

/**
 * An address's sub-lists (native transactions, ERC transfers of one standard, internal transactions), a token's
 * transfers, a contract's deployment and an address's deployed contracts. Requests are validated here, as in
 * service.ts, whose helpers (chain lookup, address labels, transaction documents) these handlers share.
 */
export interface AddressListDependencies {
  reader: EvmDataReader;
  chainOf: (chainId: string) => EvmChain;
  addressBook: (chain: EvmChain, addresses: Buffer[]) => Promise<AddressBook>;
  nftsOf: (chain: EvmChain, transfers: TransferRecord[]) => Promise<Map<string, NftRecord>>;
  nativeTransactions: (chain: EvmChain, keys: TxKey[]) => Promise<ReturnType<typeof nativeTransaction>[]>;
  transactionDetails: (
    chain: EvmChain,
    hash: Buffer,
    currency: string,
  ) => Promise<GetTransactionResponse | undefined>;
}

type Handlers = AsyncImplementation<EvmDataServiceHandlers>;
type AddressListHandlers = Pick<
  Handlers,
  | 'ListAddressNativeTransactions'
  | 'ListAddressTokenTransfers'
  | 'ListAddressInternalTransactions'
  | 'ListTokenTransfers'
  | 'GetDeploymentTransaction'
  | 'ListContractDeployments'
>;

const ADDRESS_LENGTH = 20;
const address = (value: Buffer) => field.bytes('address', value, ADDRESS_LENGTH);
/** The request's block range (block numbers are int64 columns). */
function blockRange(request: { start_block?: string; end_block?: string }): BlockRange {
  const startBlock = field.optionalInteger('startBlock', request.start_block, field.MAX_INT64);
  const endBlock = field.optionalInteger('endBlock', request.end_block, field.MAX_INT64);
  return {
    ...(startBlock !== undefined ? { startBlock } : {}),
    ...(endBlock !== undefined ? { endBlock } : {}),
  };
}
const STANDARDS = {
  TRANSFER_STANDARD_ERC20: 20,
  TRANSFER_STANDARD_ERC721: 721,
  TRANSFER_STANDARD_ERC1155: 1155,
} as const satisfies Record<string, TransferStandard>;
const standardOf = (value: unknown): TransferStandard =>
  STANDARDS[field.oneOf('standard', value, Object.keys(STANDARDS) as (keyof typeof STANDARDS)[])];

/** Cursors: the list's key of the last row returned. */
const transferCursor = (t: TransferEntryRecord) => hexCursor(t.block_number, t.log_index, t.batch_index);
const internalCursor = (i: InternalEntryRecord) => hexCursor(i.block_number, i.tx_index, i.trace_index);

/** What the API's list entries carry of their transaction and block. */
function entryBlock(r: TransferEntryRecord | InternalEntryRecord) {
  return {
    blockNumber: r.block_number,
    blockTimestamp: Number(r.block_timestamp),
    ...(r.timestamp_ms !== null ? { blockTimestampMilliseconds: Number(r.timestamp_ms) } : {}),
    blockHash: hex(r.block_hash),
    txHash: hex(r.tx_hash),
  };
}

export function addressListHandlers(deps: AddressListDependencies): AddressListHandlers {
  const { chainOf, addressBook } = deps;
  const lists = deps.reader.addressLists;

  /** The API's Erc20Transfer / Erc721Transfer / Erc1155Transfer entries, as TokenTransfer oneofs. */
  const transferEntries = async (chain: EvmChain, rows: TransferEntryRecord[]) => {
    const [nfts, book] = await Promise.all([
      deps.nftsOf(chain, rows),
      addressBook(
        chain,
        rows.flatMap((t) => [t.contract, t.from_address, t.to_address]),
      ),
    ]);
    return rows.map((t) => {
      const details = transferDetails(t, nfts, book);
      const block = entryBlock(t);
      if (details.erc20) return { erc20: { ...block, ...details.erc20 } };
      if (details.erc721) return { erc721: { ...block, ...details.erc721 } };
      return { erc1155: { ...block, ...details.erc1155 } };
    });
  };

  return {
    async ListAddressNativeTransactions(request) {
      const chain = chainOf(request.chain_id);
      const holder = address(request.address);
      const range = blockRange(request);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const keys = await lists.nativeTransactionKeys(
        chain.id,
        holder,
        range,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items, nextCursor } = keysetPage(keys, pageSize, txCursor);
      return { transactions: await deps.nativeTransactions(chain, items), next_cursor: nextCursor };
    },

    async ListAddressTokenTransfers(request) {
      const chain = chainOf(request.chain_id);
      const holder = address(request.address);
      const standard = standardOf(request.standard);
      const range = blockRange(request);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const rows = await lists.addressTransfers(
        chain.id,
        holder,
        standard,
        range,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items, nextCursor } = keysetPage(rows, pageSize, transferCursor);
      return { transfers: await transferEntries(chain, items), next_cursor: nextCursor };
    },

    async ListAddressInternalTransactions(request) {
      const chain = chainOf(request.chain_id);
      const holder = address(request.address);
      const range = blockRange(request);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const rows = await lists.internalTransactions(
        chain.id,
        holder,
        range,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items, nextCursor } = keysetPage(rows, pageSize, internalCursor);
      const book = await addressBook(
        chain,
        items.flatMap((i) => [i.from_address, i.to_address]),
      );
      return {
        transactions: items.map((i) => ({ ...entryBlock(i), ...internalTransaction(i, book) })),
        next_cursor: nextCursor,
      };
    },

    async ListTokenTransfers(request) {
      const chain = chainOf(request.chain_id);
      const contract = address(request.address);
      const range = blockRange(request);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const rows = await lists.tokenTransfers(
        chain.id,
        contract,
        range,
        pageSize + 1,
        field.cursor(request.cursor),
      );
      const { items, nextCursor } = keysetPage(rows, pageSize, transferCursor);
      return { transfers: await transferEntries(chain, items), next_cursor: nextCursor };
    },

    async GetDeploymentTransaction(request) {
      const chain = chainOf(request.chain_id);
      const contract = address(request.address);
      // The API's default when a caller leaves it out.
      const currency = field.currency('currency', request.currency) || 'usd';
      const record = (await deps.reader.contracts(chain.id, [contract])).get(contract.toString('hex'));
      const details =
        record?.deploy_tx_hash && (await deps.transactionDetails(chain, record.deploy_tx_hash, currency));
      if (!details)
        throw new DomainError(
          'not_found',
          `address: no deployment of a contract at ${hex(contract)} is indexed on chain ${chain.evmChainId}`,
        );
      return details;
    },

    async ListContractDeployments(request) {
      const chain = chainOf(request.chain_id);
      const deployer = address(request.address);
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const rows = await lists.deployments(chain.id, deployer, pageSize + 1, field.cursor(request.cursor));
      const { items, nextCursor } = keysetPage(
        rows,
        pageSize,
        (c) => `${hexCursor(c.created_block)}:${c.address.toString('hex')}`,
      );
      const book = await addressBook(
        chain,
        items.map((c) => c.address),
      );
      return {
        contracts: items.map((c) => contractMetadata(c.address, c, book.curated(c.address))),
        next_cursor: nextCursor,
      };
    },
  };
}
