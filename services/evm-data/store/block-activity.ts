import type { Queryable } from '../../runtime/grpc/call-scope.ts';

/**
 * What StreamBlockActivity reads (for the metrics service): a chain's ingested blocks in order, a run of them at a
 * time, each with its transactions, one transfer per ERC transfer log, the contracts its transactions created and the
 * ICM messages they sent.
 * Every query reads a range of block numbers of one chain through a primary key (chain, block_number, ...); rows
 * below the chain's cursor are written once, with the cursor, and never change.
 */

export interface ActivityBlockRecord {
  number: string;
  hash: Buffer;
  parent_hash: Buffer;
  block_timestamp: string;
  tx_count: number;
}

export interface ActivityTransactionRecord {
  block_number: string;
  tx_index: number;
  from_address: Buffer;
  to_address: Buffer | null;
  created_contract: Buffer | null;
  gas_used: string;
  gas_price: string;
  status: number;
}

export interface ActivityTransferRecord {
  block_number: string;
  from_address: Buffer;
  to_address: Buffer;
}

/** A CREATE or CREATE2 frame below a transaction's top-level call that did not revert (nor did any caller). */
export interface ActivityCreationRecord {
  block_number: string;
  tx_index: number;
  address: Buffer;
  deployer: Buffer;
}

/** An ICM message sent in a block: its send as evm_data.icm_sends holds it (the first send of its message id). */
export interface ActivityIcmSendRecord {
  block_number: string;
  message_id: Buffer;
  destination_blockchain_id: Buffer;
}

/** One block and what happened in it, as the stream sends it. */
export interface ActivityBlock {
  block: ActivityBlockRecord;
  transactions: ActivityTransactionRecord[];
  transfers: ActivityTransferRecord[];
  /** Top-level creations (by successful transactions) and trace creations, in trace order. */
  creations: { address: Buffer; deployer: Buffer }[];
  /** In transaction order, then nonce. */
  icmSends: ActivityIcmSendRecord[];
}

export interface ActivityBatchLimits {
  /** At most this many blocks a batch. */
  blocks: number;
  /** A batch stops before the block that would take it past this many transactions (it has one block at least). */
  transactions: number;
}

/** Enough to amortise the queries, little enough to bound a batch's memory and (on PGlite) its statements' time. */
export const ACTIVITY_BATCH: ActivityBatchLimits = { blocks: 256, transactions: 4_096 };

/** Creation frames: geth's callTracer names CREATE and CREATE2; CREATE3 is kept as migration 003's index keeps it. */
const CREATE_TYPES = `('CREATE', 'CREATE2', 'CREATE3')`;

export class BlockActivityReader {
  private readonly pool: Queryable;

  constructor(pool: Queryable) {
    this.pool = pool;
  }

  /** The chain's cursor: every block below it is ingested. */
  async nextBlock(chain: number): Promise<bigint> {
    const { rows } = await this.pool.query<{ next_block: string }>(
      'SELECT next_block FROM evm_data.chains WHERE id = $1',
      [chain],
    );
    return BigInt(rows[0]?.next_block ?? 0);
  }

  /**
   * The chain's blocks from `from` up to (not including) `end`, at most one batch of them (see ActivityBatchLimits),
   * in order. `end` must not pass the chain's cursor.
   */
  async batch(
    chain: number,
    from: bigint,
    end: bigint,
    limits: ActivityBatchLimits = ACTIVITY_BATCH,
  ): Promise<ActivityBlock[]> {
    if (from >= end) return [];
    const { rows: found } = await this.pool.query<ActivityBlockRecord>(
      `SELECT number, hash, parent_hash, block_timestamp, tx_count FROM evm_data.blocks
       WHERE chain = $1 AND number >= $2::bigint AND number < $3::bigint
       ORDER BY number LIMIT $4`,
      [chain, from.toString(), end.toString(), limits.blocks],
    );
    let transactions = 0;
    const blocks = found.filter((b, i) => {
      transactions += b.tx_count;
      return i === 0 || transactions <= limits.transactions;
    });
    const last = blocks.at(-1);
    if (!last) return [];
    const range = [chain, blocks[0]!.number, last.number];
    const [txs, transfers, creations, icmSends] = await Promise.all([
      this.pool.query<ActivityTransactionRecord>(
        `SELECT block_number, tx_index, from_address, to_address, created_contract, gas_used, gas_price, status
         FROM evm_data.transactions
         WHERE chain = $1 AND block_number >= $2::bigint AND block_number <= $3::bigint
         ORDER BY block_number, tx_index`,
        range,
      ),
      // A TransferBatch log is a row per id, numbered by batch_index from 0: its row 0 stands for the log.
      this.pool.query<ActivityTransferRecord>(
        `SELECT block_number, from_address, to_address FROM evm_data.token_transfers
         WHERE chain = $1 AND block_number >= $2::bigint AND block_number <= $3::bigint AND batch_index = 0
         ORDER BY block_number, log_index`,
        range,
      ),
      this.pool.query<ActivityCreationRecord>(
        `SELECT block_number, tx_index, to_address AS address, from_address AS deployer
         FROM evm_data.internal_transactions
         WHERE chain = $1 AND block_number >= $2::bigint AND block_number <= $3::bigint
           AND call_type IN ${CREATE_TYPES} AND NOT reverted
         ORDER BY block_number, tx_index, trace_index`,
        range,
      ),
      // icm_sends is keyed by message id; the batch's transactions find their sends through its tx_hash index.
      this.pool.query<ActivityIcmSendRecord>(
        `SELECT t.block_number, s.message_id, s.destination_blockchain_id
         FROM evm_data.transactions t
         JOIN evm_data.icm_sends s ON s.tx_hash = t.hash AND s.chain = t.chain
         WHERE t.chain = $1 AND t.block_number >= $2::bigint AND t.block_number <= $3::bigint
         ORDER BY t.block_number, t.tx_index, s.message_nonce, s.message_id`,
        range,
      ),
    ]);
    const byBlock = new Map<string, ActivityBlock>(
      blocks.map((block) => [
        block.number,
        { block, transactions: [], transfers: [], creations: [], icmSends: [] },
      ]),
    );
    const of = (blockNumber: string) => byBlock.get(blockNumber)!;
    for (const tx of txs.rows) of(tx.block_number).transactions.push(tx);
    for (const transfer of transfers.rows) of(transfer.block_number).transfers.push(transfer);
    for (const send of icmSends.rows) of(send.block_number).icmSends.push(send);
    // Trace order: a transaction's own creation is its top-level frame, before the frames below it.
    const nested = Map.groupBy(creations.rows, (c) => `${c.block_number}:${c.tx_index}`);
    for (const activity of byBlock.values())
      for (const tx of activity.transactions) {
        if (tx.created_contract && tx.status === 1)
          activity.creations.push({ address: tx.created_contract, deployer: tx.from_address });
        for (const c of nested.get(`${tx.block_number}:${tx.tx_index}`) ?? [])
          activity.creations.push({ address: c.address, deployer: c.deployer });
      }
    return [...byBlock.values()];
  }
}
