import type { ListTransactionsRequest__Output } from '../../generated/proto/chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse } from '../../generated/proto/chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import { DomainError } from '../../runtime/errors.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import type { ChainKey } from '../network.ts';
import type { Order, TransactionFilter } from '../store/reader.ts';
import { chainName } from './documents.ts';

type Handlers = AsyncImplementation<PrimaryNetworkServiceHandlers>;

/** A ListTransactions request once checked: what one page of the list is. */
export interface TransactionsQuery {
  chain: ChainKey;
  filter: TransactionFilter;
  order: Order;
  pageSize: number;
  cursor: string;
}

const required = (name: string) =>
  new DomainError('invalid_argument', `${name}: is required: expected a Unix time in seconds`);

/**
 * StreamTransactions: ListTransactions' pages of a closed time window, oldest first, for exports. A window that
 * reaches the time the chain is projected through is refused rather than sent short: an export is final, and a
 * transaction with that time or later may still be projected. Each message is the page ListTransactions answers
 * with the cursor the message before it ended on, so a caller that lost the stream resumes from the last cursor it
 * received; a window with no transaction sends one empty page, so that every stream ends on a message whose
 * next_cursor is empty (a caller that does not receive one knows the stream was cut).
 */
export function transactionStreamHandlers(deps: {
  query: (request: ListTransactionsRequest__Output) => TransactionsQuery;
  page: (query: TransactionsQuery) => Promise<ListTransactionsResponse>;
  projectedThrough: () => Promise<Record<ChainKey, bigint>>;
}): Pick<Handlers, 'StreamTransactions'> {
  return {
    async StreamTransactions(request, write, signal) {
      const query = { ...deps.query(request), order: 'asc' as const };
      const end = query.filter.endTimestamp;
      if (query.filter.startTimestamp === undefined) throw required('startTimestamp');
      if (end === undefined) throw required('endTimestamp');
      const through = (await deps.projectedThrough())[query.chain];
      if (end >= through)
        throw new DomainError(
          'failed_precondition',
          `endTimestamp: ${end} is not before ${through}, the time the ${chainName(query.chain)} is projected ` +
            'through: transactions at or after that time may not all be projected yet',
        );
      let cursor = query.cursor;
      do {
        const page = await deps.page({ ...query, cursor });
        if (signal.aborted) return;
        await write(page);
        cursor = page.next_cursor ?? '';
      } while (cursor !== '' && !signal.aborted);
    },
  };
}
