import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import { formatBech32 } from '../../runtime/formatting/address.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import type { NetworkContext } from '../network.ts';
import { validatorCursor, type TimeFrameValidatorsReader } from '../store/looking-glass.ts';

/**
 * The validators of a subnet by time frame, for the Metrics API's Looking Glass (asked by the metrics service).
 */
type Handlers = AsyncImplementation<PrimaryNetworkServiceHandlers>;

/** The Metrics API's Looking Glass page sizes: 1 to 5000. */
export const MAX_TIME_FRAME_PAGE_SIZE = 5000;
const ID_LENGTH = 32;
/** Unix seconds as the stakers keep them (bigint columns). */
const MAX_TIME = field.MAX_INT64;

export function lookingGlassHandlers(options: {
  ctx: NetworkContext;
  validators: TimeFrameValidatorsReader;
  checkNetwork: (name: string) => void;
}): Pick<Handlers, 'ListValidatorsByTimeFrame'> {
  const { ctx, validators, checkNetwork } = options;
  const bech32 = (address: Uint8Array) => formatBech32(ctx.identity.hrp, address);

  return {
    async ListValidatorsByTimeFrame(req) {
      if (req.network !== '') checkNetwork(req.network);
      const subnetId = field.bytes('subnetId', req.subnet_id, ID_LENGTH);
      const range = field.timeRange(req.start_timestamp, req.end_timestamp, MAX_TIME);
      const start = range.start ?? 0n;
      const end = range.end ?? MAX_TIME;
      const pageSize = field.pageSize(req.page_size, MAX_TIME_FRAME_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      const rows = await validators.validators(subnetId, { start, end }, cursor, pageSize + 1);
      const page = keysetPage(rows, pageSize, validatorCursor);
      return {
        validators: page.items.map((v) => ({
          tx_id: v.tx_id,
          reward_addresses: v.reward_addresses.map(bech32),
          start_time: v.start_time,
          end_time: v.end_time,
        })),
        next_cursor: page.nextCursor,
      };
    },
  };
}
