import { DomainError } from '../../runtime/errors.ts';
import type { Queryable } from '../../runtime/grpc/call-scope.ts';
import { parseCursor } from './reader.ts';

/**
 * An address's token balances of one standard (the balances:listErc20, :listErc721 and :listErc1155 routes), from
 * evm_data.token_holdings (the balances summed from every indexed transfer). A balance at a past block is the
 * balance now minus what the address's transfers after that block moved: those are found through the address's own
 * transaction index, so the cost is the address's activity since the block, not the chain's.
 */
export type HoldingStandard = 20 | 721 | 1155;

export interface HoldingRecord {
  contract: Buffer;
  /** 0 for ERC-20. */
  token_id: string;
  /** Decimal, never 0. */
  balance: string;
}

export interface HoldingFilter {
  /** Only these contracts; undefined: every contract. */
  contracts?: Buffer[];
  /** Never these contracts. */
  excluded?: Buffer[];
}

/** Where a page starts after: a holding's contract and token id (decimal). */
interface HoldingKey {
  contract: Buffer;
  tokenId: string;
}
const NO_KEY: HoldingKey = { contract: Buffer.alloc(0), tokenId: '-1' };

export class HoldingsReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = pool;
  }

  /** The chain's latest indexed block (every block up to it is indexed). */
  async indexedHead(chain: number): Promise<bigint> {
    const { rows } = await this.pool.query<{ next_block: string }>(
      'SELECT next_block FROM evm_data.chains WHERE id = $1',
      [chain],
    );
    return BigInt(rows[0]?.next_block ?? 0) - 1n;
  }

  /**
   * One page of an address's non-zero balances of one standard, by contract then token id: now, or at `atBlock`
   * (which the caller has checked is indexed). At a past block, holdings that were zero then are skipped and the
   * next ones read, so a page is full unless the list ends.
   */
  async balances(
    chain: number,
    holder: Buffer,
    standard: HoldingStandard,
    filter: HoldingFilter,
    atBlock: bigint | undefined,
    limit: number,
    cursor: string,
  ): Promise<HoldingRecord[]> {
    const after = parseCursor(cursor, 2, 'balance');
    let key: HoldingKey = after
      ? { contract: Buffer.from(after[0]!, 'hex'), tokenId: BigInt(`0x${after[1]}`).toString() }
      : NO_KEY;
    if (atBlock === undefined) return this.page(chain, holder, standard, filter, undefined, limit, key);
    const found: HoldingRecord[] = [];
    for (;;) {
      const rows = await this.page(chain, holder, standard, filter, atBlock, limit, key);
      found.push(...rows.filter((r) => BigInt(r.balance) !== 0n));
      if (rows.length < limit || found.length >= limit) return found.slice(0, limit);
      const last = rows.at(-1)!;
      key = { contract: last.contract, tokenId: last.token_id };
    }
  }

  /**
   * Holdings after `key`: now, those with a balance; at a block, every holding with its balance then (possibly 0),
   * computed in one statement so the current balances and the later transfers are of the same snapshot.
   */
  private async page(
    chain: number,
    holder: Buffer,
    standard: HoldingStandard,
    filter: HoldingFilter,
    atBlock: bigint | undefined,
    limit: number,
    key: HoldingKey,
  ): Promise<HoldingRecord[]> {
    const holdings = `SELECT contract, token_id, balance FROM evm_data.token_holdings
       WHERE chain = $1 AND holder = $2 AND erc_type = $3 ${atBlock === undefined ? 'AND balance > 0' : ''}
         AND ($4::bytea[] IS NULL OR contract = ANY($4::bytea[])) AND NOT (contract = ANY($5::bytea[]))
         AND (contract, token_id) > ($6::bytea, $7::numeric)
       ORDER BY contract, token_id LIMIT $8`;
    const params: unknown[] = [
      chain,
      holder,
      standard,
      filter.contracts ?? null,
      filter.excluded ?? [],
      key.contract,
      key.tokenId,
      limit,
    ];
    if (atBlock === undefined) {
      const { rows } = await this.pool.query<HoldingRecord>(holdings, params);
      return rows;
    }
    const { rows } = await this.pool.query<HoldingRecord>(
      `WITH holdings AS (${holdings}),
       later AS (
         SELECT x.contract, coalesce(x.token_id, 0) AS token_id,
                sum(CASE WHEN x.to_address = $2 THEN x.value ELSE 0 END)
                  - sum(CASE WHEN x.from_address = $2 THEN x.value ELSE 0 END) AS moved
         FROM evm_data.address_transactions a
         JOIN evm_data.token_transfers x
           ON x.chain = a.chain AND x.block_number = a.block_number AND x.tx_index = a.tx_index
         WHERE a.chain = $1 AND a.address = $2 AND a.block_number > $9::bigint
           AND x.erc_type = $3 AND (x.from_address = $2 OR x.to_address = $2)
         GROUP BY 1, 2)
       SELECT h.contract, h.token_id, (h.balance - coalesce(l.moved, 0))::text AS balance
       FROM holdings h LEFT JOIN later l ON l.contract = h.contract AND l.token_id = h.token_id
       ORDER BY h.contract, h.token_id`,
      [...params, atBlock.toString()],
    );
    return rows;
  }
}

/** A block the balance lists can answer at: at most the chain's latest indexed block. */
export function checkIndexedBlock(block: bigint, head: bigint, evmChainId: bigint): void {
  if (block > head)
    throw new DomainError(
      'invalid_argument',
      `blockNumber: block ${block} is above chain ${evmChainId}'s latest indexed block ${head}`,
    );
}

/** The cursor of a holding: its contract and token id. */
export const holdingCursor = (r: HoldingRecord) =>
  `${r.contract.toString('hex')}:${BigInt(r.token_id).toString(16)}`;
