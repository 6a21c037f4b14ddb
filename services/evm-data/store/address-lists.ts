import type { Queryable } from '../../runtime/grpc/call-scope.ts';
import {
  keysetAfter,
  MAX_INT32,
  MAX_UINT,
  parseCursor,
  type ContractRecord,
  type InternalRecord,
  type TransferRecord,
  type TxKey,
} from './reader.ts';

/**
 * The queries behind an address's sub-lists (native transactions, ERC transfers of one standard, internal
 * transactions), a token's transfers and an address's contract deployments. Every list is newest first and keyset
 * paginated (the cursor is the key of the last row returned, in hex fields). "Rows the address sends or receives"
 * read one index per end, each in the list's order and cut at the page's size, and merge the two (migration 003).
 */

/** [startBlock, endBlock): either end may be open. */
export interface BlockRange {
  startBlock?: bigint;
  endBlock?: bigint;
}

/** A transfer with its transaction's hash and its block, as the API lists it. */
export interface TransferEntryRecord extends TransferRecord, EntryBlock {}
export interface InternalEntryRecord extends InternalRecord, EntryBlock {}
interface EntryBlock {
  tx_hash: Buffer;
  block_hash: Buffer;
  block_timestamp: string;
  timestamp_ms: string | null;
}

export interface DeployedContractRecord extends ContractRecord {
  created_block: string;
}

export type TransferStandard = 20 | 721 | 1155;

/** The internal transactions the Data API lists: value-moving CALL and CALLCODE frames, and creations. */
const LISTED_INTERNAL = `(call_type IN ('CREATE', 'CREATE2', 'CREATE3') OR (call_type IN ('CALL', 'CALLCODE') AND value > 0))`;

/** The lists' keys, in order: integer columns, bounded by their type (a cursor past the bound is malformed). */
interface KeyColumn {
  column: string;
  type: 'bigint' | 'int';
}
const TX_KEY: KeyColumn[] = [
  { column: 'block_number', type: 'bigint' },
  { column: 'tx_index', type: 'int' },
];
const TRANSFER_KEY: KeyColumn[] = [
  { column: 'block_number', type: 'bigint' },
  { column: 'log_index', type: 'int' },
  { column: 'batch_index', type: 'int' },
];
const INTERNAL_KEY: KeyColumn[] = [...TX_KEY, { column: 'trace_index', type: 'int' }];
/** Called, not computed at load: reader.ts, whose bounds these are, imports this module. */
const boundOf = (k: KeyColumn) => (k.type === 'bigint' ? MAX_UINT : MAX_INT32);

/** Positional query parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type?: string): string {
    this.values.push(value);
    return `$${this.values.length}${type ? `::${type}` : ''}`;
  }
}

/** The conditions of a block range on `block_number`. */
function rangeSql(params: Params, range: BlockRange): string {
  return (
    `block_number >= ${params.add((range.startBlock ?? 0n).toString(), 'bigint')} ` +
    `AND block_number < ${params.add((range.endBlock ?? MAX_UINT).toString(), 'bigint')}`
  );
}

/** `(k1, k2, …) < (cursor…)`: the rows after the cursor in a newest-first list (the maxima on the first page). */
function belowSql(params: Params, key: readonly KeyColumn[], cursor: string, what: string): string {
  const bounds = key.map(boundOf);
  const after = keysetAfter(parseCursor(cursor, key.length, what, bounds), bounds);
  return `(${columns(key)}) < (${after.map((b, i) => params.add(b, key[i]!.type)).join(', ')})`;
}

const descending = (key: readonly { column: string }[]) => key.map((k) => `${k.column} DESC`).join(', ');
const columns = (key: readonly { column: string }[]) => key.map((k) => k.column).join(', ');

/**
 * The keys of one page of `table`'s rows whose `ends[0]` or `ends[1]` is the address (a row with it at both ends
 * once), newest first: each end read through its own index, cut at the page's size, then merged. `chain`,
 * `address`, `limit` and `where` refer to parameters already added.
 */
function eitherEndKeys(options: {
  table: string;
  ends: [string, string];
  key: readonly { column: string }[];
  chain: string;
  address: string;
  where: string;
  limit: string;
}): string {
  const { key, chain, address, where, limit } = options;
  const arm = (end: string) =>
    `(SELECT ${columns(key)} FROM evm_data.${options.table}
      WHERE chain = ${chain} AND ${end} = ${address} AND ${where}
      ORDER BY ${descending(key)} LIMIT ${limit})`;
  return `SELECT ${columns(key)} FROM (${arm(options.ends[0])} UNION ${arm(options.ends[1])}) either_end
    ORDER BY ${descending(key)} LIMIT ${limit}`;
}

const ENTRY_BLOCK = 't.hash AS tx_hash, b.hash AS block_hash, b.block_timestamp, b.timestamp_ms';

/** Transfers with their transactions and blocks, for the keys `page` selects, in its order. */
function transferEntriesSql(page: string, chain: string): string {
  return `WITH page AS (${page})
    SELECT x.block_number, x.tx_index, x.log_index, x.batch_index, x.contract, x.erc_type, x.from_address,
           x.to_address, x.token_id, x.value, ${ENTRY_BLOCK}
    FROM page
    JOIN evm_data.token_transfers x ON x.chain = ${chain} AND x.block_number = page.block_number
      AND x.log_index = page.log_index AND x.batch_index = page.batch_index
    JOIN evm_data.transactions t ON t.chain = ${chain} AND t.block_number = x.block_number AND t.tx_index = x.tx_index
    JOIN evm_data.blocks b ON b.chain = ${chain} AND b.number = x.block_number
    ORDER BY ${descending(TRANSFER_KEY.map((k) => ({ column: `x.${k.column}` })))}`;
}

export class AddressListsReader {
  private readonly pool: Queryable;

  /** The pool as EvmDataReader holds it (bound to the gRPC call in scope). */
  constructor(pool: Queryable) {
    this.pool = pool;
  }

  /** The transactions an address sends or receives (keys only). */
  async nativeTransactionKeys(
    chain: number,
    address: Buffer,
    range: BlockRange,
    limit: number,
    cursor: string,
  ): Promise<TxKey[]> {
    const params = new Params();
    const { rows } = await this.pool.query<{ block_number: string; tx_index: number }>(
      eitherEndKeys({
        table: 'transactions',
        ends: ['from_address', 'coalesce(to_address, created_contract)'],
        key: TX_KEY,
        chain: params.add(chain),
        address: params.add(address),
        where: `${rangeSql(params, range)} AND ${belowSql(params, TX_KEY, cursor, 'transaction')}`,
        limit: params.add(limit),
      }),
      params.values,
    );
    return rows.map((r) => ({ blockNumber: BigInt(r.block_number), txIndex: r.tx_index }));
  }

  /** The transfers of one standard an address sends or receives. */
  async addressTransfers(
    chain: number,
    address: Buffer,
    standard: TransferStandard,
    range: BlockRange,
    limit: number,
    cursor: string,
  ): Promise<TransferEntryRecord[]> {
    const params = new Params();
    const chainParam = params.add(chain);
    const page = eitherEndKeys({
      table: 'token_transfers',
      ends: ['from_address', 'to_address'],
      key: TRANSFER_KEY,
      chain: chainParam,
      address: params.add(address),
      where:
        `erc_type = ${params.add(standard, 'smallint')} AND ${rangeSql(params, range)} ` +
        `AND ${belowSql(params, TRANSFER_KEY, cursor, 'transfer')}`,
      limit: params.add(limit),
    });
    const { rows } = await this.pool.query<TransferEntryRecord>(
      transferEntriesSql(page, chainParam),
      params.values,
    );
    return rows;
  }

  /** A token contract's transfers. */
  async tokenTransfers(
    chain: number,
    contract: Buffer,
    range: BlockRange,
    limit: number,
    cursor: string,
  ): Promise<TransferEntryRecord[]> {
    const params = new Params();
    const chainParam = params.add(chain);
    const page = `SELECT ${columns(TRANSFER_KEY)} FROM evm_data.token_transfers
      WHERE chain = ${chainParam} AND contract = ${params.add(contract)} AND ${rangeSql(params, range)}
        AND ${belowSql(params, TRANSFER_KEY, cursor, 'transfer')}
      ORDER BY ${descending(TRANSFER_KEY)} LIMIT ${params.add(limit)}`;
    const { rows } = await this.pool.query<TransferEntryRecord>(
      transferEntriesSql(page, chainParam),
      params.values,
    );
    return rows;
  }

  /** The internal transactions the API lists (LISTED_INTERNAL) that an address makes or receives. */
  async internalTransactions(
    chain: number,
    address: Buffer,
    range: BlockRange,
    limit: number,
    cursor: string,
  ): Promise<InternalEntryRecord[]> {
    const params = new Params();
    const chainParam = params.add(chain);
    const page = eitherEndKeys({
      table: 'internal_transactions',
      ends: ['from_address', 'to_address'],
      key: INTERNAL_KEY,
      chain: chainParam,
      address: params.add(address),
      where:
        `${LISTED_INTERNAL} AND ${rangeSql(params, range)} ` +
        `AND ${belowSql(params, INTERNAL_KEY, cursor, 'internal transaction')}`,
      limit: params.add(limit),
    });
    const { rows } = await this.pool.query<InternalEntryRecord>(
      `WITH page AS (${page})
       SELECT i.block_number, i.tx_index, i.trace_index, i.call_type, i.from_address, i.to_address, i.value,
              i.gas_limit, i.gas_used, i.reverted, ${ENTRY_BLOCK}
       FROM page
       JOIN evm_data.internal_transactions i ON i.chain = ${chainParam} AND i.block_number = page.block_number
         AND i.tx_index = page.tx_index AND i.trace_index = page.trace_index
       JOIN evm_data.transactions t
         ON t.chain = ${chainParam} AND t.block_number = i.block_number AND t.tx_index = i.tx_index
       JOIN evm_data.blocks b ON b.chain = ${chainParam} AND b.number = i.block_number
       ORDER BY i.block_number DESC, i.tx_index DESC, i.trace_index DESC`,
      params.values,
    );
    return rows;
  }

  /**
   * The contracts an address deployed: as the sender of the creating transaction, or as the contract whose CREATE
   * made them; newest first by the block that created them, then by address.
   */
  async deployments(
    chain: number,
    deployer: Buffer,
    limit: number,
    cursor: string,
  ): Promise<DeployedContractRecord[]> {
    const after = parseCursor(cursor, 2, 'contract', [MAX_UINT]);
    const params = new Params();
    const chainParam = params.add(chain);
    const deployerParam = params.add(deployer);
    // On the first page, above every key: no block is numbered 2^63 - 1, and an address has 20 bytes.
    const block = params.add(after ? BigInt(`0x${after[0]}`).toString() : MAX_UINT.toString(), 'bigint');
    const address = params.add(after ? Buffer.from(after[1]!, 'hex') : Buffer.alloc(21, 0xff), 'bytea');
    const page = eitherEndKeys({
      table: 'contracts',
      ends: ['deployer_address', 'deployer_contract'],
      key: [{ column: 'created_block' }, { column: 'address' }],
      chain: chainParam,
      address: deployerParam,
      where: `(created_block, address) < (${block}, ${address})`,
      limit: params.add(limit),
    });
    const { rows } = await this.pool.query<DeployedContractRecord>(
      `WITH page AS (${page})
       SELECT k.address, k.erc_type, k.name, k.symbol, k.decimals, k.deploy_tx_hash, k.deployer_address,
              k.deployer_contract, k.created_block
       FROM page JOIN evm_data.contracts k ON k.chain = ${chainParam} AND k.address = page.address
       ORDER BY k.created_block DESC, k.address DESC`,
      params.values,
    );
    return rows;
  }
}
