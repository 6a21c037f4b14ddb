import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { ListAddressTransactionsResponse } from '../../generated/proto/chaindata/evmdata/v1/ListAddressTransactionsResponse.ts';
import { DomainError } from '../../runtime/errors.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { EvmChain } from '../chains.ts';
import { parseTxCursor, type EvmDataReader, type Order } from '../store/reader.ts';

type Handlers = AsyncImplementation<EvmDataServiceHandlers>;

const ADDRESS_LENGTH = 20;

/** What one page of an address's transactions is asked by, checked. */
export interface AddressTransactionsQuery {
  chain: EvmChain;
  holder: Buffer;
  /** Blocks [startBlock, endBlock). */
  range: { startBlock?: bigint; endBlock?: bigint };
  order: Order;
  pageSize: number;
  cursor: string;
  filterSpamTokens: boolean;
}

/**
 * StreamAddressTransactions, what the export worker writes into files: the pages ListAddressTransactions answers
 * for the blocks of a time window, oldest first, one page a message, each written as the caller takes it
 * (back-pressure), until the last page or until the caller leaves. A window in which the address has no
 * transaction (or none after the cursor) sends no message at all.
 */
export function addressTransactionStreamHandlers(deps: {
  reader: EvmDataReader;
  chainOf: (chainId: string) => EvmChain;
  addressTransactionsPage: (query: AddressTransactionsQuery) => Promise<ListAddressTransactionsResponse>;
}): Pick<Handlers, 'StreamAddressTransactions'> {
  const { reader, chainOf } = deps;
  return {
    async StreamAddressTransactions(request, write, signal) {
      const chain = chainOf(request.chain_id);
      const holder = field.bytes('address', request.address, ADDRESS_LENGTH);
      const start = field.integer('startTimestamp', request.start_timestamp, field.MAX_INT64);
      const end = field.integer('endTimestamp', request.end_timestamp, field.MAX_INT64);
      // The window is half-open: an empty one is a caller's mistake, not an empty export.
      if (end <= start)
        throw field.invalidField(
          'endTimestamp',
          `a time after startTimestamp (${start})`,
          request.end_timestamp,
        );
      const pageSize =
        request.page_size === 0 ? MAX_PAGE_SIZE : field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(request.cursor);
      parseTxCursor(cursor);

      const indexedThrough = BigInt(
        (await reader.chainStatus()).find((s) => s.id === chain.id)?.indexed_through_timestamp ?? 0,
      );
      // Blocks later than the last ingested one may still carry timestamps inside the window: an export of it now
      // would be missing them, and the caller could not tell.
      if (end > indexedThrough)
        throw new DomainError(
          'failed_precondition',
          `endTimestamp: ${end} is after the time chain ${chain.evmChainId} is indexed through, ${indexedThrough} (Unix seconds); ask again once it is indexed`,
        );
      // Block timestamps never decrease along the chain, so the window's blocks are those after the last block
      // before `start`, up to the last block before `end` (at or before end - 1: timestamps are whole seconds).
      const { before, last } = await reader.lookingGlass.blockWindow(chain.id, start, end - 1n);
      const range = { startBlock: before + 1n, endBlock: last + 1n };

      let next = cursor;
      do {
        if (signal.aborted) return;
        const page = await deps.addressTransactionsPage({
          chain,
          holder,
          range,
          order: 'asc',
          pageSize,
          cursor: next,
          filterSpamTokens: false,
        });
        // Only a first page can be empty (a later one exists because the one before it had more to come).
        if ((page.transactions ?? []).length === 0) return;
        await write(page);
        next = page.next_cursor ?? '';
      } while (next !== '');
    },
  };
}
