import type { Queryable } from '../../runtime/grpc/call-scope.ts';
import { parseCursor, type IcmReceiveRecord, type IcmRecord, type IcmSendRecord } from './reader.ts';

/**
 * The ICM message list across every indexed chain (GET /v1/icm/messages) and single messages. A message is its send
 * (on the source chain) and its receive (on the destination), joined at read time: the list is every send, and
 * every receive whose send is not indexed, newest first by the time of that send (or receive). Filtered by sender
 * or recipient, it reads that address's messages instead, by the time each was first seen: the earlier of its send
 * and its receive, which is its send's unless the chains' clocks disagree.
 */

/** A chain a filter names: its evm-data id when it is indexed here (null when not), and its blockchain id. */
export interface IcmChainFilter {
  chain: number | null;
  blockchainId: Buffer;
}

export interface IcmListFilter {
  source?: IcmChainFilter;
  destination?: IcmChainFilter;
  /** The source or the destination. */
  either?: IcmChainFilter;
  from?: Buffer;
  to?: Buffer;
}

const MAX_INT64 = (1n << 63n) - 1n;
/** Above every message id (32 bytes), so the first page starts at the top. */
const ABOVE_EVERY_ID = Buffer.alloc(33, 0xff);
/** No evm-data chain has this id: a filter naming a chain not indexed here matches no send or receive of it. */
const NO_CHAIN = -1;

export class IcmMessageReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = pool;
  }

  /** One page of every message that passes `filter`, newest first. */
  async list(filter: IcmListFilter, limit: number, cursor: string): Promise<IcmRecord[]> {
    const after = parseCursor(cursor, 2, 'message', [MAX_INT64]);
    const params: unknown[] = [
      after ? BigInt(`0x${after[0]}`).toString() : MAX_INT64.toString(),
      after ? Buffer.from(after[1]!, 'hex') : ABOVE_EVERY_ID,
      limit,
    ];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const sendWhere: string[] = [];
    const receiveWhere: string[] = [];
    const sourceIs = (c: IcmChainFilter) => ({
      send: `s.chain = ${param(c.chain ?? NO_CHAIN)}::smallint`,
      receive: `r.source_blockchain_id = ${param(c.blockchainId)}`,
    });
    const destinationIs = (c: IcmChainFilter) => ({
      send: `s.destination_blockchain_id = ${param(c.blockchainId)}`,
      receive: `r.chain = ${param(c.chain ?? NO_CHAIN)}::smallint`,
    });
    const both = (condition: { send: string; receive: string }) => {
      sendWhere.push(condition.send);
      receiveWhere.push(condition.receive);
    };
    if (filter.source) both(sourceIs(filter.source));
    if (filter.destination) both(destinationIs(filter.destination));
    if (filter.either) {
      const source = sourceIs(filter.either);
      const destination = destinationIs(filter.either);
      both({
        send: `(${source.send} OR ${destination.send})`,
        receive: `(${source.receive} OR ${destination.receive})`,
      });
    }
    if (filter.from) {
      const from = param(filter.from);
      both({ send: `s.from_address = ${from}`, receive: `r.from_address = ${from}` });
    }
    if (filter.to) {
      const to = param(filter.to);
      both({ send: `s.to_address = ${to}`, receive: `r.to_address = ${to}` });
    }
    const and = (conditions: string[]) => conditions.map((c) => ` AND ${c}`).join('');
    const party = filter.from ?? filter.to;
    // A sender or recipient names few messages: its own index (as ListIcmMessagesByAddress reads it) finds them,
    // ordered by the time the message was first seen (its send, unless its receive was indexed alone).
    const query = party
      ? `SELECT a.message_id, a.first_seen FROM evm_data.icm_address_messages a
         LEFT JOIN evm_data.icm_sends s ON s.message_id = a.message_id
         LEFT JOIN evm_data.icm_receives r ON r.message_id = a.message_id AND s.message_id IS NULL
         WHERE a.address = ${param(party)} AND (a.first_seen, a.message_id) < ($1::bigint, $2::bytea)
           ${sendWhere.map((send, i) => `AND (CASE WHEN s.message_id IS NULL THEN ${receiveWhere[i]!} ELSE ${send} END)`).join('\n')}
         ORDER BY a.first_seen DESC, a.message_id DESC LIMIT $3`
      : `SELECT message_id, first_seen FROM (
         (SELECT s.message_id, s.block_timestamp AS first_seen FROM evm_data.icm_sends s
          WHERE (s.block_timestamp, s.message_id) < ($1::bigint, $2::bytea)${and(sendWhere)}
          ORDER BY s.block_timestamp DESC, s.message_id DESC LIMIT $3)
         UNION ALL
         (SELECT r.message_id, r.block_timestamp FROM evm_data.icm_receives r
          WHERE (r.block_timestamp, r.message_id) < ($1::bigint, $2::bytea)${and(receiveWhere)}
            AND NOT EXISTS (SELECT 1 FROM evm_data.icm_sends s WHERE s.message_id = r.message_id)
          ORDER BY r.block_timestamp DESC, r.message_id DESC LIMIT $3)
       ) m
       ORDER BY first_seen DESC, message_id DESC LIMIT $3`;
    const { rows: page } = await this.pool.query<{ message_id: Buffer; first_seen: string }>(query, params);
    return icmRecords(this.pool, page);
  }

  /** A message by id; undefined when neither its send nor its receive is indexed. */
  async message(messageId: Buffer): Promise<IcmRecord | undefined> {
    const [record] = await icmRecords(this.pool, [{ message_id: messageId, first_seen: '0' }]);
    return record && (record.send || record.receive) ? record : undefined;
  }
}

/** The send, receive and receipt of each message of a page, in the page's order. */
export async function icmRecords(
  pool: Queryable,
  page: { message_id: Buffer; first_seen: string }[],
): Promise<IcmRecord[]> {
  if (page.length === 0) return [];
  const ids = page.map((p) => p.message_id);
  const [sends, receives, receipts] = await Promise.all([
    pool.query<IcmSendRecord & { message_id: Buffer }>(
      'SELECT * FROM evm_data.icm_sends WHERE message_id = ANY($1::bytea[])',
      [ids],
    ),
    pool.query<IcmReceiveRecord & { message_id: Buffer }>(
      'SELECT * FROM evm_data.icm_receives WHERE message_id = ANY($1::bytea[])',
      [ids],
    ),
    pool.query<{ message_id: Buffer }>(
      'SELECT message_id FROM evm_data.icm_receipts WHERE message_id = ANY($1::bytea[])',
      [ids],
    ),
  ]);
  const byId = <T extends { message_id: Buffer }>(rows: T[]) =>
    new Map(rows.map((r) => [r.message_id.toString('hex'), r]));
  const s = byId(sends.rows);
  const r = byId(receives.rows);
  const delivered = new Set(receipts.rows.map((x) => x.message_id.toString('hex')));
  return page.map((p) => {
    const key = p.message_id.toString('hex');
    return {
      message_id: p.message_id,
      first_seen: p.first_seen,
      send: s.get(key) ?? null,
      receive: r.get(key) ?? null,
      receipt_delivered: delivered.has(key),
    };
  });
}

/** The cursor of a listed message: its time and id. */
export const icmCursor = (m: IcmRecord) =>
  `${BigInt(m.first_seen).toString(16)}:${m.message_id.toString('hex')}`;
