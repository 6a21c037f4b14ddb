import { DomainError } from '../../runtime/errors.ts';
import { callBoundPool, type Queryable } from '../../runtime/grpc/call-scope.ts';
import { AddressListsReader } from './address-lists.ts';
import { BlockActivityReader } from './block-activity.ts';
import { HoldingsReader } from './holdings.ts';
import { LookingGlassReader } from './looking-glass.ts';
import { icmRecords, IcmMessageReader } from './icm-messages.ts';

/**
 * The queries behind evm-data's routes. Lists page by keyset (the cursor is the sort key of the last item
 * returned) and every query reads through an index (checked with EXPLAIN in the tests).
 */
export type Order = 'asc' | 'desc';

export interface TxKey {
  blockNumber: bigint;
  txIndex: number;
}

export interface TransactionRecord {
  block_number: string;
  tx_index: number;
  hash: Buffer;
  from_address: Buffer;
  to_address: Buffer | null;
  created_contract: Buffer | null;
  value: string;
  nonce: string;
  gas_limit: string;
  gas_used: string;
  gas_price: string;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  tx_type: number;
  status: number;
  input: Buffer;
  block_hash: Buffer;
  block_timestamp: string;
  timestamp_ms: string | null;
  min_delay_excess: string | null;
  base_fee: string | null;
}

export interface BlockRecord {
  chain: number;
  number: string;
  hash: Buffer;
  parent_hash: Buffer;
  block_timestamp: string;
  timestamp_ms: string | null;
  min_delay_excess: string | null;
  base_fee: string | null;
  gas_used: string;
  gas_limit: string;
  tx_count: number;
  block_gas_cost: string | null;
  fees_spent: string;
  cumulative_tx_count: string;
}

/** A block by number or by hash. */
export type BlockRef = { number: bigint } | { hash: Buffer };

/** A transaction's place in the lists across chains: its block's time, its chain, then its place in the chain. */
export interface ChainTxKey extends TxKey {
  blockTimestamp: bigint;
  chain: number;
}

/** A receipt status (0 failed, 1 success), or undefined for both. */
export type StatusFilter = 0 | 1 | undefined;

export interface TransferRecord {
  block_number: string;
  tx_index: number;
  log_index: number;
  batch_index: number;
  contract: Buffer;
  erc_type: number;
  from_address: Buffer;
  to_address: Buffer;
  token_id: string | null;
  value: string;
}

export interface InternalRecord {
  block_number: string;
  tx_index: number;
  trace_index: number;
  call_type: string;
  from_address: Buffer;
  to_address: Buffer;
  value: string;
  gas_limit: string;
  gas_used: string;
  reverted: boolean;
}

export interface ContractRecord {
  address: Buffer;
  erc_type: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  deploy_tx_hash: Buffer | null;
  deployer_address: Buffer | null;
  deployer_contract: Buffer | null;
}

export interface NftRecord {
  contract: Buffer;
  token_id: string;
  erc_type: number;
  token_uri: string | null;
  index_status: string;
  metadata: Record<string, unknown> | null;
  metadata_updated_at: Date | null;
  /** ERC-721: the current owner; ERC-1155 holdings: the holder's balance. */
  owner: Buffer | null;
  balance?: string;
}

export interface IcmRecord {
  message_id: Buffer;
  first_seen: string;
  send: IcmSendRecord | null;
  receive: IcmReceiveRecord | null;
  receipt_delivered: boolean;
}

interface IcmCommon {
  chain: number;
  tx_hash: Buffer;
  block_timestamp: string;
  gas_spent: string;
  icm_contract: Buffer;
  message_nonce: string;
  from_address: Buffer;
  to_address: Buffer;
  payload: Buffer;
  receipts: { receivedMessageNonce: string; relayerRewardAddress: string }[];
}
export interface IcmSendRecord extends IcmCommon {
  destination_blockchain_id: Buffer;
  fee_token: Buffer;
  fee_amount: string;
}
export interface IcmReceiveRecord extends IcmCommon {
  source_blockchain_id: Buffer;
  deliverer: Buffer;
  reward_redeemer: Buffer;
  executed: boolean;
}

export interface IcmLink {
  message_id: Buffer;
  direction: 'SOURCE_TRANSACTION' | 'DESTINATION_TRANSACTION';
  /** The other chain's blockchain id. */
  other: Buffer;
}

export interface ChainStatusRecord {
  id: number;
  next_block: string;
  head_block: string;
  /** The block_timestamp of block next_block - 1; '0' when no block is ingested. */
  indexed_through_timestamp: string;
}

export const MAX_UINT = (1n << 63n) - 1n;

export const MAX_INT32 = 2n ** 31n - 1n;
const MAX_INT16 = 2n ** 15n - 1n;

/** The cross-chain keys' fields: block timestamp, chain, block number (and the transaction's index). */
const BLOCK_KEY_BOUNDS = [MAX_UINT, MAX_INT16, MAX_UINT] as const;
const CHAIN_TX_KEY_BOUNDS = [...BLOCK_KEY_BOUNDS, MAX_INT32] as const;

const BLOCK_COLUMNS = `chain, number, hash, parent_hash, block_timestamp, timestamp_ms, min_delay_excess, base_fee,
  gas_used, gas_limit, tx_count, block_gas_cost, fees_spent, cumulative_tx_count`;

/**
 * The key a descending keyset continues below, as decimal text: the cursor's fields, or, on the first page, the
 * columns' maxima (no stored key is all of them at once: no block is numbered 2^63 - 1).
 */
export function keysetAfter(after: string[] | undefined, bounds: readonly bigint[]): string[] {
  return after ? after.map((f) => BigInt(`0x${f}`).toString()) : bounds.map((max) => max.toString());
}

/**
 * A cursor of `parts` hex fields; `max` bounds the fields that land in integer columns (by position), so a forged
 * cursor is a malformed one rather than an out-of-range query.
 */
export function parseCursor(
  cursor: string,
  parts: number,
  what: string,
  max: readonly (bigint | undefined)[] = [],
): string[] | undefined {
  if (cursor === '') return undefined;
  const fields = cursor.split(':');
  if (
    fields.length !== parts ||
    fields.some((f, i) => {
      const bound = max[i];
      return !/^[0-9a-f]+$/.test(f) || (bound !== undefined && BigInt(`0x${f}`) > bound);
    })
  )
    throw new DomainError('invalid_argument', `pageToken: malformed ${what} cursor`);
  return fields;
}

/** A cursor of integer fields in hex, as parseCursor reads them. */
export const hexCursor = (...fields: (bigint | number | string)[]) =>
  fields.map((f) => BigInt(f).toString(16)).join(':');

/** The cursor of a list of transactions in block order: the last one's block and position. */
export const txCursor = (k: TxKey) => hexCursor(k.blockNumber, k.txIndex);

/**
 * A txCursor read back; exported so that a handler can refuse a malformed one before it does any work (a stream
 * checks its request before it reads the first page).
 */
export const parseTxCursor = (cursor: string) => parseCursor(cursor, 2, 'transaction', [MAX_UINT, MAX_INT32]);

const txKeyArrays = (keys: TxKey[]) => [
  keys.map((k) => k.blockNumber.toString()),
  keys.map((k) => k.txIndex),
];

export class EvmDataReader {
  private readonly pool: Queryable;
  /** An address's token balances (balances:listErc20, :listErc721, :listErc1155). */
  readonly holdings: HoldingsReader;
  /** The ICM message list and single messages. */
  readonly icm: IcmMessageReader;
  /** An address's sub-lists, a token's transfers and an address's deployed contracts. */
  readonly addressLists: AddressListsReader;
  /** A chain's blocks with their activity, in order (StreamBlockActivity). */
  readonly blockActivity: BlockActivityReader;
  /** The Metrics API's Looking Glass holder lists (ListNftHolders, ListErc20HoldersOverTime). */
  readonly lookingGlass: LookingGlassReader;

  constructor(pool: Queryable) {
    this.pool = callBoundPool(pool);
    this.holdings = new HoldingsReader(this.pool);
    this.icm = new IcmMessageReader(this.pool);
    this.addressLists = new AddressListsReader(this.pool);
    this.blockActivity = new BlockActivityReader(this.pool);
    this.lookingGlass = new LookingGlassReader(this.pool);
  }

  /** Of these chains, those where the address has an indexed transaction (or transfer, or internal call). */
  async chainsWithActivity(chains: number[], address: Buffer): Promise<number[]> {
    const { rows } = await this.pool.query<{ chain: number }>(
      `SELECT c AS chain FROM unnest($1::smallint[]) AS c
       WHERE EXISTS (SELECT 1 FROM evm_data.address_transactions a WHERE a.chain = c AND a.address = $2)
       ORDER BY c`,
      [chains, address],
    );
    return rows.map((r) => r.chain);
  }

  /** One page of an address's transactions (keys only), newest or oldest first, within [startBlock, endBlock). */
  async addressTransactionKeys(
    chain: number,
    address: Buffer,
    range: { startBlock?: bigint; endBlock?: bigint },
    order: Order,
    limit: number,
    cursor: string,
  ): Promise<TxKey[]> {
    const after = parseTxCursor(cursor);
    const cmp = order === 'asc' ? '>' : '<';
    const dir = order === 'asc' ? 'ASC' : 'DESC';
    const params: unknown[] = [
      chain,
      address,
      (range.startBlock ?? 0n).toString(),
      (range.endBlock ?? MAX_UINT).toString(),
      limit,
    ];
    let keyset = '';
    if (after) {
      params.push(BigInt(`0x${after[0]}`).toString(), Number.parseInt(after[1]!, 16));
      keyset = `AND (block_number, tx_index) ${cmp} ($6::bigint, $7::int)`;
    }
    const { rows } = await this.pool.query<{ block_number: string; tx_index: number }>(
      `SELECT block_number, tx_index FROM evm_data.address_transactions
       WHERE chain = $1 AND address = $2 AND block_number >= $3::bigint AND block_number < $4::bigint ${keyset}
       ORDER BY block_number ${dir}, tx_index ${dir} LIMIT $5`,
      params,
    );
    return rows.map((r) => ({ blockNumber: BigInt(r.block_number), txIndex: r.tx_index }));
  }

  async transactions(chain: number, keys: TxKey[]): Promise<TransactionRecord[]> {
    if (keys.length === 0) return [];
    // The block of each transaction by its key (the LIMIT keeps the planner from joining the chain's blocks as a
    // whole: unanalyzed, blocks looks small, and a hash join over all of them cost ms per page and grew with the chain).
    const { rows } = await this.pool.query<TransactionRecord>(
      `SELECT t.*, b.hash AS block_hash, b.block_timestamp, b.timestamp_ms, b.min_delay_excess, b.base_fee
       FROM unnest($2::bigint[], $3::int[]) AS k(block_number, tx_index)
       JOIN evm_data.transactions t ON t.chain = $1 AND t.block_number = k.block_number AND t.tx_index = k.tx_index
       CROSS JOIN LATERAL (
         SELECT hash, block_timestamp, timestamp_ms, min_delay_excess, base_fee FROM evm_data.blocks
         WHERE chain = $1 AND number = t.block_number LIMIT 1) b`,
      [chain, ...txKeyArrays(keys)],
    );
    return rows;
  }

  /** A chain's blocks, newest first. */
  async latestBlocks(chain: number, limit: number, cursor: string): Promise<BlockRecord[]> {
    const after = parseCursor(cursor, 1, 'block', [MAX_UINT]);
    const { rows } = await this.pool.query<BlockRecord>(
      `SELECT ${BLOCK_COLUMNS} FROM evm_data.blocks
       WHERE chain = $1 AND number < $2::bigint ORDER BY number DESC LIMIT $3`,
      [chain, after ? BigInt(`0x${after[0]}`).toString() : MAX_UINT.toString(), limit],
    );
    return rows;
  }

  async block(chain: number, ref: BlockRef): Promise<BlockRecord | undefined> {
    const { rows } = await this.pool.query<BlockRecord>(
      'number' in ref
        ? `SELECT ${BLOCK_COLUMNS} FROM evm_data.blocks WHERE chain = $1 AND number = $2::bigint`
        : `SELECT ${BLOCK_COLUMNS} FROM evm_data.blocks WHERE hash = $2 AND chain = $1`,
      [chain, 'number' in ref ? ref.number.toString() : ref.hash],
    );
    return rows[0];
  }

  /** The blocks of these chains, newest first (see ChainTxKey for the order). */
  async latestBlocksAcrossChains(chains: number[], limit: number, cursor: string): Promise<BlockRecord[]> {
    const after = parseCursor(cursor, 3, 'block', BLOCK_KEY_BOUNDS);
    const { rows } = await this.pool.query<BlockRecord>(
      `SELECT ${BLOCK_COLUMNS} FROM evm_data.blocks
       WHERE chain = ANY($1::smallint[]) AND (block_timestamp, chain, number) < ($2::bigint, $3::smallint, $4::bigint)
       ORDER BY block_timestamp DESC, chain DESC, number DESC LIMIT $5`,
      [chains, ...keysetAfter(after, BLOCK_KEY_BOUNDS), limit],
    );
    return rows;
  }

  /**
   * A block's transactions (keys only) in block order; without `limit`, all of them. Undefined when the block is
   * not indexed.
   */
  async blockTransactionKeys(
    chain: number,
    ref: BlockRef,
    limit: number | undefined,
    cursor: string,
  ): Promise<TxKey[] | undefined> {
    const after = parseCursor(cursor, 1, 'transaction', [MAX_INT32]);
    const block = await this.block(chain, ref);
    if (!block) return undefined;
    const { rows } = await this.pool.query<{ tx_index: number }>(
      `SELECT tx_index FROM evm_data.transactions
       WHERE chain = $1 AND block_number = $2::bigint AND tx_index > $3::int ORDER BY tx_index LIMIT $4`,
      [chain, block.number, after ? Number.parseInt(after[0]!, 16) : -1, limit ?? null],
    );
    return rows.map((r) => ({ blockNumber: BigInt(block.number), txIndex: r.tx_index }));
  }

  /** A chain's transactions (keys only), newest first, of one status or any. */
  async latestTransactionKeys(
    chain: number,
    status: StatusFilter,
    limit: number,
    cursor: string,
  ): Promise<TxKey[]> {
    const after = parseTxCursor(cursor);
    const { rows } = await this.pool.query<{ block_number: string; tx_index: number }>(
      `SELECT block_number, tx_index FROM evm_data.transactions
       WHERE chain = $1 ${status === undefined ? '' : 'AND status = $5'}
         AND (block_number, tx_index) < ($2::bigint, $3::int)
       ORDER BY block_number DESC, tx_index DESC LIMIT $4`,
      [chain, ...keysetAfter(after, [MAX_UINT, MAX_INT32]), limit, ...(status === undefined ? [] : [status])],
    );
    return rows.map((r) => ({ blockNumber: BigInt(r.block_number), txIndex: r.tx_index }));
  }

  /** The transactions of these chains (keys only), newest first, of one status or any. */
  async latestTransactionKeysAcrossChains(
    chains: number[],
    status: StatusFilter,
    limit: number,
    cursor: string,
  ): Promise<ChainTxKey[]> {
    const after = parseCursor(cursor, 4, 'transaction', CHAIN_TX_KEY_BOUNDS);
    const { rows } = await this.pool.query<{
      block_timestamp: string;
      chain: number;
      block_number: string;
      tx_index: number;
    }>(
      `SELECT block_timestamp, chain, block_number, tx_index FROM evm_data.transactions
       WHERE chain = ANY($1::smallint[]) ${status === undefined ? '' : 'AND status = $7'}
         AND (block_timestamp, chain, block_number, tx_index) < ($2::bigint, $3::smallint, $4::bigint, $5::int)
       ORDER BY block_timestamp DESC, chain DESC, block_number DESC, tx_index DESC LIMIT $6`,
      [chains, ...keysetAfter(after, CHAIN_TX_KEY_BOUNDS), limit, ...(status === undefined ? [] : [status])],
    );
    return rows.map((r) => ({
      blockTimestamp: BigInt(r.block_timestamp),
      chain: r.chain,
      blockNumber: BigInt(r.block_number),
      txIndex: r.tx_index,
    }));
  }

  async transactionByHash(chain: number, hash: Buffer): Promise<TxKey | undefined> {
    const { rows } = await this.pool.query<{ block_number: string; tx_index: number }>(
      'SELECT block_number, tx_index FROM evm_data.transactions WHERE hash = $1 AND chain = $2',
      [hash, chain],
    );
    return rows[0] && { blockNumber: BigInt(rows[0].block_number), txIndex: rows[0].tx_index };
  }

  /** The transfers of these transactions; with `address`, only those it sends or receives. */
  async transfers(chain: number, keys: TxKey[], address?: Buffer): Promise<TransferRecord[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<TransferRecord>(
      `SELECT x.block_number, x.tx_index, x.log_index, x.batch_index, x.contract, x.erc_type, x.from_address,
              x.to_address, x.token_id, x.value
       FROM unnest($2::bigint[], $3::int[]) AS k(block_number, tx_index)
       JOIN evm_data.token_transfers x
         ON x.chain = $1 AND x.block_number = k.block_number AND x.tx_index = k.tx_index
       WHERE $4::bytea IS NULL OR x.from_address = $4 OR x.to_address = $4
       ORDER BY x.block_number, x.log_index, x.batch_index`,
      [chain, ...txKeyArrays(keys), address ?? null],
    );
    return rows;
  }

  async internals(chain: number, keys: TxKey[], address?: Buffer): Promise<InternalRecord[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<InternalRecord>(
      `SELECT i.block_number, i.tx_index, i.trace_index, i.call_type, i.from_address, i.to_address, i.value,
              i.gas_limit, i.gas_used, i.reverted
       FROM unnest($2::bigint[], $3::int[]) AS k(block_number, tx_index)
       JOIN evm_data.internal_transactions i
         ON i.chain = $1 AND i.block_number = k.block_number AND i.tx_index = k.tx_index
       WHERE $4::bytea IS NULL OR i.from_address = $4 OR i.to_address = $4
       ORDER BY i.block_number, i.tx_index, i.trace_index`,
      [chain, ...txKeyArrays(keys), address ?? null],
    );
    return rows;
  }

  async contracts(chain: number, addresses: Buffer[]): Promise<Map<string, ContractRecord>> {
    if (addresses.length === 0) return new Map();
    const { rows } = await this.pool.query<ContractRecord>(
      `SELECT address, erc_type, name, symbol, decimals, deploy_tx_hash, deployer_address, deployer_contract
       FROM evm_data.contracts WHERE chain = $1 AND address = ANY($2::bytea[])`,
      [chain, addresses],
    );
    return new Map(rows.map((r) => [r.address.toString('hex'), r]));
  }

  /** NFTs by (contract, token id), with the ERC-721 owner. */
  async nftTokens(
    chain: number,
    tokens: { contract: Buffer; tokenId: string }[],
  ): Promise<Map<string, NftRecord>> {
    if (tokens.length === 0) return new Map();
    const { rows } = await this.pool.query<NftRecord>(
      `SELECT t.contract, t.token_id, t.erc_type, t.token_uri, t.index_status, t.metadata, t.metadata_updated_at,
              ${OWNER_721} AS owner
       FROM unnest($2::bytea[], $3::numeric[]) AS k(contract, token_id)
       JOIN evm_data.nft_tokens t ON t.chain = $1 AND t.contract = k.contract AND t.token_id = k.token_id`,
      [chain, tokens.map((t) => t.contract), tokens.map((t) => t.tokenId)],
    );
    return new Map(rows.map((r) => [nftKey(r.contract, r.token_id), r]));
  }

  async collectionTokens(
    chain: number,
    contract: Buffer,
    limit: number,
    cursor: string,
  ): Promise<NftRecord[]> {
    const after = parseCursor(cursor, 1, 'token');
    const { rows } = await this.pool.query<NftRecord>(
      `SELECT t.contract, t.token_id, t.erc_type, t.token_uri, t.index_status, t.metadata, t.metadata_updated_at,
              ${OWNER_721} AS owner
       FROM evm_data.nft_tokens t
       WHERE t.chain = $1 AND t.contract = $2 AND t.token_id > $3::numeric
       ORDER BY t.token_id LIMIT $4`,
      [chain, contract, after ? BigInt(`0x${after[0]}`).toString() : '-1', limit],
    );
    return rows;
  }

  /** The ERC-721 and ERC-1155 tokens an address holds, by contract and token id. */
  async collectibles(
    chain: number,
    holder: Buffer,
    contract: Buffer | undefined,
    limit: number,
    cursor: string,
  ): Promise<NftRecord[]> {
    const after = parseCursor(cursor, 2, 'collectible');
    const { rows } = await this.pool.query<NftRecord>(
      `SELECT h.contract, h.token_id, h.erc_type, h.balance, h.holder AS owner, t.token_uri,
              coalesce(t.index_status, 'UNINDEXED') AS index_status, t.metadata, t.metadata_updated_at
       FROM evm_data.token_holdings h
       LEFT JOIN evm_data.nft_tokens t ON t.chain = h.chain AND t.contract = h.contract AND t.token_id = h.token_id
       WHERE h.chain = $1 AND h.holder = $2 AND h.erc_type <> 20 AND h.balance > 0
         AND ($3::bytea IS NULL OR h.contract = $3)
         AND (h.contract, h.token_id) > ($4::bytea, $5::numeric)
       ORDER BY h.contract, h.token_id LIMIT $6`,
      [
        chain,
        holder,
        contract ?? null,
        after ? Buffer.from(after[0]!, 'hex') : Buffer.alloc(0),
        after ? BigInt(`0x${after[1]}`).toString() : '-1',
        limit,
      ],
    );
    return rows;
  }

  /** Marks a reindex request unless one was made within the hour; returns when the last one was, if refused. */
  async requestReindex(
    chain: number,
    contract: Buffer,
    tokenId: string,
  ): Promise<
    { accepted: true; ercType: number } | { accepted: false; retryAfterSeconds: number } | undefined
  > {
    const { rows } = await this.pool.query<{ erc_type: number }>(
      `UPDATE evm_data.nft_tokens SET reindex_requested_at = now()
       WHERE chain = $1 AND contract = $2 AND token_id = $3::numeric
         AND (reindex_requested_at IS NULL OR reindex_requested_at <= now() - interval '1 hour')
       RETURNING erc_type`,
      [chain, contract, tokenId],
    );
    if (rows[0]) return { accepted: true, ercType: rows[0].erc_type };
    const { rows: existing } = await this.pool.query<{ wait: string }>(
      `SELECT ceil(extract(epoch FROM reindex_requested_at + interval '1 hour' - now()))::text AS wait
       FROM evm_data.nft_tokens WHERE chain = $1 AND contract = $2 AND token_id = $3::numeric`,
      [chain, contract, tokenId],
    );
    if (!existing[0]) return undefined;
    return { accepted: false, retryAfterSeconds: Math.max(1, Number(existing[0].wait)) };
  }

  /** Tokens whose metadata was never fetched, for the sweep that queues them after a restart. */
  async unindexedTokens(
    limit: number,
    after: { chain: number; contract: Buffer; tokenId: string } | undefined,
  ) {
    const { rows } = await this.pool.query<{
      chain: number;
      contract: Buffer;
      token_id: string;
      erc_type: number;
    }>(
      `SELECT chain, contract, token_id, erc_type FROM evm_data.nft_tokens
       WHERE index_status = 'UNINDEXED' AND (chain, contract, token_id) > ($1::smallint, $2::bytea, $3::numeric)
       ORDER BY chain, contract, token_id LIMIT $4`,
      [after?.chain ?? 0, after?.contract ?? Buffer.alloc(0), after?.tokenId ?? '-1', limit],
    );
    return rows;
  }

  /** Stores tokens' fetched metadata (a metadata job's results) in one statement. */
  async saveTokenMetadata(
    rows: {
      chain: number;
      contract: Buffer;
      tokenId: string;
      tokenUri: string;
      indexStatus: string;
      metadata: Record<string, unknown>;
      fetchedAt: Date;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.pool.query(
      `UPDATE evm_data.nft_tokens t
       SET token_uri = r.token_uri, index_status = r.index_status, metadata = r.metadata,
           metadata_updated_at = r.fetched_at
       FROM unnest($1::smallint[], $2::bytea[], $3::numeric[], $4::text[], $5::text[], $6::jsonb[],
                   $7::timestamptz[]) AS r(chain, contract, token_id, token_uri, index_status, metadata, fetched_at)
       WHERE t.chain = r.chain AND t.contract = r.contract AND t.token_id = r.token_id`,
      [
        rows.map((r) => r.chain),
        rows.map((r) => r.contract),
        rows.map((r) => r.tokenId),
        rows.map((r) => r.tokenUri),
        rows.map((r) => r.indexStatus),
        rows.map((r) => JSON.stringify(r.metadata)),
        rows.map((r) => r.fetchedAt),
      ],
    );
  }

  async icmMessages(address: Buffer, limit: number, cursor: string): Promise<IcmRecord[]> {
    const after = parseCursor(cursor, 2, 'message', [MAX_UINT]);
    const { rows: page } = await this.pool.query<{ message_id: Buffer; first_seen: string }>(
      `SELECT message_id, first_seen FROM evm_data.icm_address_messages
       WHERE address = $1 AND (first_seen, message_id) < ($2::bigint, $3::bytea)
       ORDER BY first_seen DESC, message_id DESC LIMIT $4`,
      [
        address,
        after ? BigInt(`0x${after[0]}`).toString() : MAX_UINT.toString(),
        after ? Buffer.from(after[1]!, 'hex') : Buffer.alloc(33, 0xff),
        limit,
      ],
    );
    return icmRecords(this.pool, page);
  }

  /** The ICM message a transaction sent or received, if any. */
  async icmOfTransaction(txHash: Buffer): Promise<IcmLink | undefined> {
    const { rows } = await this.pool.query<IcmLink>(
      `SELECT message_id, 'SOURCE_TRANSACTION' AS direction, destination_blockchain_id AS other
         FROM evm_data.icm_sends WHERE tx_hash = $1
       UNION ALL
       SELECT message_id, 'DESTINATION_TRANSACTION', source_blockchain_id FROM evm_data.icm_receives WHERE tx_hash = $1
       LIMIT 1`,
      [txHash],
    );
    return rows[0];
  }

  /**
   * Each chain's cursor and head, and the timestamp of its last ingested block (0 when none): its blocks are written
   * with the cursor that passes them, so the one statement sees a block for every cursor but 0.
   */
  async chainStatus(): Promise<ChainStatusRecord[]> {
    const { rows } = await this.pool.query<ChainStatusRecord>(
      `SELECT c.id, c.next_block, c.head_block, coalesce(b.block_timestamp, 0) AS indexed_through_timestamp
       FROM evm_data.chains c
       LEFT JOIN evm_data.blocks b ON b.chain = c.id AND b.number = c.next_block - 1
       ORDER BY c.id`,
    );
    return rows;
  }
}

/** The holder of an ERC-721 token (its one holding with a balance). */
const OWNER_721 = `CASE WHEN t.erc_type = 721 THEN (
  SELECT h.holder FROM evm_data.token_holdings h
  WHERE h.chain = t.chain AND h.contract = t.contract AND h.token_id = t.token_id AND h.balance > 0 LIMIT 1) END`;

export const nftKey = (contract: Buffer, tokenId: string) => `${contract.toString('hex')}:${tokenId}`;
