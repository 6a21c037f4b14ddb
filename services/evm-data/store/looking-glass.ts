import { DomainError } from '../../runtime/errors.ts';
import type { Queryable } from '../../runtime/grpc/call-scope.ts';

/**
 * The Metrics API's Looking Glass queries over what evm-data indexes: an NFT collection's current holders, and the
 * holders of an ERC-20 token whose balance reached a threshold in a time frame. Both read evm_data.token_holdings
 * (the balances summed from every indexed transfer) through keys, in holder order, and page by holder.
 */
export interface NftHolderRecord {
  holder: Buffer;
  /** Decimal: the sum of the holder's balances of the collection's tokens (1 per ERC-721 token). */
  amount: string;
}

export interface NftCollectionTotals {
  holders: string;
  tokens: string;
  name: string | null;
  symbol: string | null;
}

export interface Erc20HolderRecord {
  holder: Buffer;
  /** Decimal: its balance now. */
  balance: string;
  /** Whether its balance reached the threshold at the end of some block of the time frame. */
  qualifies: boolean;
}

/** The blocks a time frame covers: the last block before it (-1: none) and its last block. */
export interface BlockWindow {
  before: bigint;
  last: bigint;
}

const ADDRESS_HEX = /^[0-9a-f]{40}$/;

/** A holder list's cursor: the last holder sent, in hex. */
export const holderCursor = (holder: Buffer) => holder.toString('hex');

export function parseHolderCursor(cursor: string): Buffer {
  if (cursor === '') return Buffer.alloc(0);
  if (!ADDRESS_HEX.test(cursor))
    throw new DomainError('invalid_argument', 'pageToken: malformed holder cursor');
  return Buffer.from(cursor, 'hex');
}

export class LookingGlassReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = pool;
  }

  /**
   * Holders after `after`, each with its holdings of the collection summed. The partial index holds each holder's
   * tokens together, so the grouping stops after `limit` holders: the cost is the page's holdings.
   */
  async nftHolders(
    chain: number,
    contract: Buffer,
    after: Buffer,
    limit: number,
  ): Promise<NftHolderRecord[]> {
    const { rows } = await this.pool.query<NftHolderRecord>(
      `SELECT holder, sum(balance)::text AS amount
       FROM evm_data.token_holdings
       WHERE chain = $1 AND contract = $2 AND erc_type <> 20 AND balance > 0 AND holder > $3
       GROUP BY holder ORDER BY holder LIMIT $4`,
      [chain, contract, after, limit],
    );
    return rows;
  }

  /** The collection's holders and the token ids some address holds (its current holdings), its name and symbol. */
  async nftTotals(chain: number, contract: Buffer): Promise<NftCollectionTotals> {
    const { rows } = await this.pool.query<NftCollectionTotals>(
      `SELECT t.holders::text, t.tokens::text, c.name, c.symbol
       FROM (SELECT count(DISTINCT holder) AS holders, count(DISTINCT token_id) AS tokens
             FROM evm_data.token_holdings
             WHERE chain = $1 AND contract = $2 AND erc_type <> 20 AND balance > 0) t
       LEFT JOIN evm_data.contracts c ON c.chain = $1 AND c.address = $2`,
      [chain, contract],
    );
    return rows[0]!;
  }

  /**
   * The indexed blocks a time frame covers: the last block before `start` (its balances are held at `start`) and
   * the last block at or before `end` (the last indexed block when there is no end). Both read blocks_by_time.
   */
  async blockWindow(chain: number, start: bigint | undefined, end: bigint | undefined): Promise<BlockWindow> {
    const lastBlock = async (comparison: '<' | '<=', time: bigint) => {
      const { rows } = await this.pool.query<{ number: string }>(
        `SELECT number FROM evm_data.blocks
         WHERE block_timestamp ${comparison} $2 AND chain = $1
         ORDER BY block_timestamp DESC, chain DESC, number DESC LIMIT 1`,
        [chain, time.toString()],
      );
      return rows[0] === undefined ? -1n : BigInt(rows[0].number);
    };
    const head = async () => {
      const { rows } = await this.pool.query<{ next_block: string }>(
        'SELECT next_block FROM evm_data.chains WHERE id = $1',
        [chain],
      );
      return BigInt(rows[0]?.next_block ?? 0) - 1n;
    };
    const [before, last] = await Promise.all([
      start === undefined ? -1n : lastBlock('<', start),
      end === undefined ? head() : lastBlock('<=', end),
    ]);
    return { before, last };
  }

  /**
   * The token's holders after `after` (every address that ever held it, in holder order), each with its balance
   * now and whether its balance reached `minBalance` when the window's first block began (what the block before it
   * left) or at the end of one of the window's blocks. A balance changes only in blocks with the holder's transfers
   * of the token, so those after the window's start, found through the holder's own transfer indexes (by sender
   * and by recipient), give every balance it had since: its balance now minus what moved after each.
   */
  async erc20Holders(
    chain: number,
    contract: Buffer,
    window: BlockWindow,
    minBalance: string,
    after: Buffer,
    limit: number,
  ): Promise<Erc20HolderRecord[]> {
    const { rows } = await this.pool.query<Erc20HolderRecord>(
      `WITH candidates AS (
         SELECT holder, balance FROM evm_data.token_holdings
         WHERE chain = $1 AND contract = $2 AND token_id = 0 AND erc_type = 20 AND holder > $3
         ORDER BY holder LIMIT $4),
       moves AS (
         SELECT c.holder, m.block_number, sum(m.delta) AS delta
         FROM candidates c CROSS JOIN LATERAL (
           SELECT x.block_number, -x.value AS delta FROM evm_data.token_transfers x
           WHERE x.chain = $1 AND x.from_address = c.holder AND x.erc_type = 20 AND x.block_number > $5::bigint
             AND x.contract = $2
           UNION ALL
           SELECT x.block_number, x.value FROM evm_data.token_transfers x
           WHERE x.chain = $1 AND x.to_address = c.holder AND x.erc_type = 20 AND x.block_number > $5::bigint
             AND x.contract = $2) m
         GROUP BY c.holder, m.block_number),
       balances AS (
         -- The balance after each block with a move: now, minus what the later blocks moved.
         SELECT c.holder, m.block_number,
                c.balance - coalesce(sum(m.delta) OVER (PARTITION BY c.holder ORDER BY m.block_number DESC
                                                        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                  AS balance_after
         FROM candidates c JOIN moves m ON m.holder = c.holder)
       SELECT c.holder, c.balance::text AS balance,
              (c.balance - coalesce((SELECT sum(m.delta) FROM moves m WHERE m.holder = c.holder), 0) >= $7::numeric
               OR EXISTS (SELECT 1 FROM balances b
                          WHERE b.holder = c.holder AND b.block_number <= $6::bigint
                            AND b.balance_after >= $7::numeric)) AS qualifies
       FROM candidates c ORDER BY c.holder`,
      [chain, contract, after, limit, window.before.toString(), window.last.toString(), minBalance],
    );
    return rows;
  }
}
