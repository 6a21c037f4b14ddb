import { DomainError } from '../../runtime/errors.ts';
import { callBoundPool, type Queryable } from '../../runtime/grpc/call-scope.ts';

/**
 * The Metrics API's Looking Glass validators by time frame: a subnet's validators (primary-network stakers that
 * are not delegators) whose validation period overlaps a frame, read through stakers_validators_by_subnet_end
 * from the frame's start on, by the end of their period.
 */
export interface TimeFrameValidatorRecord {
  tx_id: Buffer;
  reward_addresses: Buffer[];
  start_time: string;
  end_time: string;
}

export interface TimeFrame {
  /** Unix seconds, inclusive. */
  start: bigint;
  end: bigint;
}

/** Where a page starts after: a validator's end time and staking transaction. */
export const validatorCursor = (r: TimeFrameValidatorRecord) =>
  `${BigInt(r.end_time).toString(16)}:${r.tx_id.toString('hex')}`;

function parseValidatorCursor(cursor: string): { endTime: string; txId: Buffer } {
  if (cursor === '') return { endTime: '-1', txId: Buffer.alloc(0) };
  const match = /^([0-9a-f]{1,16}):([0-9a-f]{64})$/.exec(cursor);
  if (!match) throw new DomainError('invalid_argument', 'pageToken: malformed validator cursor');
  return { endTime: BigInt(`0x${match[1]}`).toString(), txId: Buffer.from(match[2]!, 'hex') };
}

export class TimeFrameValidatorsReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = callBoundPool(pool);
  }

  /**
   * Validators whose period ends at or after the frame's start and starts at or before its end, after `cursor`.
   * Rows that end after the frame's start but start after its end (pending validators) are read and skipped: the
   * cost is the validators of the subnet since the frame's start, never its earlier history.
   */
  async validators(
    subnetId: Buffer,
    frame: TimeFrame,
    cursor: string,
    limit: number,
  ): Promise<TimeFrameValidatorRecord[]> {
    const after = parseValidatorCursor(cursor);
    const { rows } = await this.pool.query<TimeFrameValidatorRecord>(
      `SELECT tx_id, reward_addresses, start_time::text, end_time::text
       FROM primary_network.stakers
       WHERE subnet_id = $1 AND NOT is_delegator AND end_time >= $2::bigint
         AND (end_time, tx_id) > ($3::bigint, $4::bytea) AND start_time <= $5::bigint
       ORDER BY end_time, tx_id LIMIT $6`,
      [subnetId, frame.start.toString(), after.endTime, after.txId, frame.end.toString(), limit],
    );
    return rows;
  }
}
