import type { Validator } from '../../generated/proto/chaindata/primarynetwork/v1/Validator.ts';
import { bytea, integerOrNull } from '../../runtime/database/pool.ts';
import { DomainError } from '../../runtime/errors.ts';
import { callBoundPool, type Queryable } from '../../runtime/grpc/call-scope.ts';
import { MAX_INT64, MAX_UINT64 } from '../../runtime/grpc/request-fields.ts';
import { keysetPage, type Page } from '../../runtime/pagination/keyset.ts';
import type { ChainKey, NetworkContext } from '../network.ts';
import type { HexBytes, OwnerFacts, TxFacts } from './rows.ts';

/**
 * The read side of the projection: one method per query the gRPC service answers, returning rows as the tables hold
 * them (api/ renders them). Every list is keyset-paginated (the cursor is the sort key of the last item returned)
 * and every query reads through an index.
 */
export type Order = 'asc' | 'desc';

/** What the assets table says of an asset. */
export interface AssetInfo {
  name: string;
  symbol: string;
  denomination: number;
  assetType: string;
}

/** Asset facts by hex asset id; an asset the projection has not seen created is absent. */
export type AssetDirectory = (assetIdHex: string) => AssetInfo | undefined;

/** A page of rows that name assets, with what is known of those assets. */
export interface PageWithAssets<T> extends Page<T> {
  assets: AssetDirectory;
}

/** Cursors are the int64 sequence numbers and heights of the last item of a page. */
export function cursorBigint(cursor: string, what: string): bigint | undefined {
  if (cursor === '') return undefined;
  const n = /^\d{1,19}$/.test(cursor) ? BigInt(cursor) : undefined;
  if (n === undefined || n > MAX_INT64)
    throw new DomainError('invalid_argument', `pageToken: malformed ${what} cursor`);
  return n;
}

/** What a list of a chain's transactions is narrowed to (ListTransactions' filters). */
export interface TransactionFilter {
  addresses: Uint8Array[];
  evmAddresses: Uint8Array[];
  l1ValidationId?: Uint8Array;
  txTypes: string[];
  startTimestamp?: bigint;
  endTimestamp?: bigint;
}

export interface StoredTransaction {
  chain: ChainKey;
  id: Buffer;
  seq: string;
  tx_type: string;
  block_height: string;
  block_id: Buffer;
  block_timestamp: string;
  chain_format: string | null;
  details: TxFacts;
  consumed: UtxoRow[];
  emitted: UtxoRow[];
  /** A staking transaction: the RewardValidatorTx that paid it, else the reward the node expected when projected. */
  rewardTxId?: Buffer;
  potentialReward?: string;
  /** The vertices a non-linear X-Chain transaction was accepted in. */
  vertices: { vertex_id: Buffer; vertex_height: string; vertex_timestamp: string }[];
}

export type TxRowDb = Omit<
  StoredTransaction,
  'consumed' | 'emitted' | 'rewardTxId' | 'potentialReward' | 'vertices'
> & { reward_tx_id: Buffer | null; potential_reward: string | null };

/**
 * A transaction's columns (`FROM primary_network.transactions t`) with its staker's reward, if it is a staking
 * transaction: read in the same statement, as every page of transactions needs it.
 */
export const TX_COLUMNS = `t.chain, t.id, t.seq, t.tx_type, t.block_height, t.block_id, t.block_timestamp,
  t.chain_format, t.details,
  (SELECT st.reward_tx_id FROM primary_network.stakers st WHERE st.tx_id = t.id) AS reward_tx_id,
  (SELECT st.potential_reward FROM primary_network.stakers st WHERE st.tx_id = t.id) AS potential_reward`;

export class PrimaryNetworkReader {
  private readonly pool: Queryable;
  private readonly ctx: NetworkContext;
  private assetCache = new Map<string, AssetInfo>();

  constructor(pool: Queryable, ctx: NetworkContext) {
    this.pool = callBoundPool(pool);
    this.ctx = ctx;
  }

  // ---- blocks and vertices

  async blocks(
    chain: ChainKey,
    filter: { startTimestamp?: bigint; endTimestamp?: bigint },
    pageSize: number,
    cursor: string,
  ): Promise<Page<StoredBlock>> {
    const before = cursorBigint(cursor, 'block');
    const { rows } = await this.pool.query<StoredBlock>(
      `SELECT ${BLOCK_COLUMNS} FROM primary_network.blocks
       WHERE chain = $1 AND ($2::bigint IS NULL OR height < $2)
         AND ($3::bigint IS NULL OR block_timestamp >= $3) AND ($4::bigint IS NULL OR block_timestamp <= $4)
       ORDER BY height DESC LIMIT $5`,
      [
        chain,
        integerOrNull(before),
        integerOrNull(filter.startTimestamp),
        integerOrNull(filter.endTimestamp),
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => r.height);
    return page;
  }

  async block(chain: ChainKey, id: Uint8Array): Promise<StoredBlock | undefined> {
    const { rows } = await this.pool.query<StoredBlock>(
      `SELECT ${BLOCK_COLUMNS} FROM primary_network.blocks WHERE chain = $1 AND id = $2`,
      [chain, bytea(id)],
    );
    return rows[0];
  }

  async blockAtHeight(chain: ChainKey, height: bigint): Promise<StoredBlock | undefined> {
    const { rows } = await this.pool.query<StoredBlock>(
      `SELECT ${BLOCK_COLUMNS} FROM primary_network.blocks WHERE chain = $1 AND height = $2`,
      [chain, height.toString()],
    );
    return rows[0];
  }

  async verticesByHeight(
    height: bigint,
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<Page<StoredVertex>> {
    const after = cursorBigint(cursor, 'vertex');
    const { rows } = await this.pool.query<StoredVertex>(
      `SELECT id, idx, height, parent_ids, vertex_timestamp, size_bytes, tx_ids FROM primary_network.vertices
       WHERE height = $1 AND ($2::bigint IS NULL OR idx ${order === 'asc' ? '>' : '<'} $2)
       ORDER BY idx ${order} LIMIT $3`,
      [height.toString(), integerOrNull(after), pageSize + 1],
    );
    return keysetPage(rows, pageSize, (r) => r.idx);
  }

  // ---- transactions

  async transactions(
    chain: ChainKey,
    filter: TransactionFilter,
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<PageWithAssets<StoredTransaction>> {
    const after = cursorBigint(cursor, 'transaction');
    const cmp = order === 'asc' ? '>' : '<';
    const [minSeq, maxSeq] = await this.seqRange(chain, filter.startTimestamp, filter.endTimestamp);
    const params: unknown[] = [chain, integerOrNull(after), minSeq, maxSeq, pageSize + 1];
    let sql: string;
    const types = filter.txTypes.length > 0 ? filter.txTypes : null;
    if (filter.addresses.length > 0 || filter.evmAddresses.length > 0) {
      params.push(filter.addresses.map(bytea), filter.evmAddresses.map(bytea), ...(types ? [types] : []));
      // Per address, an index range scan in the page's order that stops after a page (the type filter, when
      // there is one, joins inside it); the pages merge, and a transaction touching several listed addresses
      // appears once.
      const byType = types
        ? `JOIN primary_network.transactions tt ON tt.chain = a.chain AND tt.seq = a.seq
           AND tt.tx_type = ANY($8::text[])`
        : '';
      const perAddress = (kind: number, list: string) => `
        SELECT x.seq FROM unnest(${list}::bytea[]) AS wanted(address), LATERAL (
          SELECT a.seq FROM primary_network.address_transactions a ${byType}
          WHERE a.chain = $1 AND a.kind = ${kind} AND a.address = wanted.address
            AND ($2::bigint IS NULL OR a.seq ${cmp} $2) AND ($3::bigint IS NULL OR a.seq >= $3)
            AND ($4::bigint IS NULL OR a.seq <= $4)
          ORDER BY a.seq ${order} LIMIT $5) x`;
      sql = `SELECT ${TX_COLUMNS} FROM primary_network.transactions t
        JOIN (SELECT DISTINCT seq FROM (${perAddress(0, '$6')} UNION ALL ${perAddress(1, '$7')}) merged) s
          ON t.chain = $1 AND t.seq = s.seq
        ORDER BY t.seq ${order} LIMIT $5`;
    } else if (filter.l1ValidationId) {
      params.push(bytea(filter.l1ValidationId));
      sql = `SELECT ${TX_COLUMNS} FROM primary_network.l1_validation_transactions l
        JOIN primary_network.transactions t ON t.chain = $1 AND t.seq = l.seq
        WHERE l.validation_id = $6 AND ($2::bigint IS NULL OR l.seq ${cmp} $2)
          AND ($3::bigint IS NULL OR l.seq >= $3) AND ($4::bigint IS NULL OR l.seq <= $4)
        ORDER BY l.seq ${order} LIMIT $5`;
    } else {
      params.push(types);
      sql = `SELECT ${TX_COLUMNS} FROM primary_network.transactions t
        WHERE t.chain = $1 AND ($2::bigint IS NULL OR t.seq ${cmp} $2)
          AND ($3::bigint IS NULL OR t.seq >= $3) AND ($4::bigint IS NULL OR t.seq <= $4)
          AND ($6::text[] IS NULL OR t.tx_type = ANY($6::text[]))
        ORDER BY t.seq ${order} LIMIT $5`;
    }
    const { rows } = await this.pool.query<TxRowDb>(sql, params);
    const page = keysetPage(rows, pageSize, (r) => r.seq);
    return { ...(await this.withUtxos(page.items)), nextCursor: page.nextCursor };
  }

  async transaction(
    chain: ChainKey,
    id: Uint8Array,
  ): Promise<{ transaction: StoredTransaction; assets: AssetDirectory } | undefined> {
    const { rows } = await this.pool.query<TxRowDb>(
      `SELECT ${TX_COLUMNS} FROM primary_network.transactions t WHERE t.chain = $1 AND t.id = $2`,
      [chain, bytea(id)],
    );
    if (rows.length === 0) return undefined;
    const { items, assets } = await this.withUtxos(rows);
    return { transaction: items[0]!, assets };
  }

  /** The X-Chain transactions that created or consumed UTXOs of an asset, latest first. */
  async assetTransactions(
    assetId: Uint8Array,
    filter: { txTypes: string[]; startTimestamp?: bigint; endTimestamp?: bigint },
    pageSize: number,
    cursor: string,
  ): Promise<PageWithAssets<StoredTransaction>> {
    const before = cursorBigint(cursor, 'transaction');
    const [minSeq, maxSeq] = await this.seqRange('X', filter.startTimestamp, filter.endTimestamp);
    const { rows } = await this.pool.query<TxRowDb>(
      `SELECT ${TX_COLUMNS} FROM primary_network.asset_transactions a
       JOIN primary_network.transactions t ON t.chain = a.chain AND t.seq = a.seq
       WHERE a.chain = 'X' AND a.asset_id = $1 AND ($2::bigint IS NULL OR a.seq < $2)
         AND ($3::bigint IS NULL OR a.seq >= $3) AND ($4::bigint IS NULL OR a.seq <= $4)
         AND ($5::text[] IS NULL OR t.tx_type = ANY($5::text[]))
       ORDER BY a.seq DESC LIMIT $6`,
      [
        bytea(assetId),
        integerOrNull(before),
        minSeq,
        maxSeq,
        filter.txTypes.length > 0 ? filter.txTypes : null,
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => r.seq);
    return { ...(await this.withUtxos(page.items)), nextCursor: page.nextCursor };
  }

  /** A P-Chain transaction's type and own facts, without the UTXOs it touched. */
  async pChainTransactionFacts(id: Uint8Array): Promise<{ txType: string; details: TxFacts } | undefined> {
    const { rows } = await this.pool.query<{ tx_type: string; details: TxFacts }>(
      `SELECT tx_type, details FROM primary_network.transactions WHERE chain = 'P' AND id = $1`,
      [bytea(id)],
    );
    const row = rows[0];
    return row && { txType: row.tx_type, details: row.details };
  }

  /** A timestamp range as the range of sequence numbers of the chain's transactions inside it. */
  private async seqRange(
    chain: ChainKey,
    start: bigint | undefined,
    end: bigint | undefined,
  ): Promise<[string | null, string | null]> {
    if (start === undefined && end === undefined) return [null, null];
    const bound = async (sql: string, value: bigint) => {
      const { rows } = await this.pool.query<{ seq: string }>(sql, [chain, value.toString()]);
      return rows[0]?.seq;
    };
    // An empty range still has to match nothing: -1 as the upper bound does.
    const min =
      start === undefined
        ? null
        : ((await bound(
            `SELECT seq FROM primary_network.transactions WHERE chain = $1 AND block_timestamp >= $2
             ORDER BY block_timestamp, seq LIMIT 1`,
            start,
          )) ?? '9223372036854775807');
    const max =
      end === undefined
        ? null
        : ((await bound(
            `SELECT seq FROM primary_network.transactions WHERE chain = $1 AND block_timestamp <= $2
             ORDER BY block_timestamp DESC, seq DESC LIMIT 1`,
            end,
          )) ?? '-1');
    return [min, max];
  }

  /** The transactions with the UTXOs they consumed and emitted, their rewards and vertices, and their assets. */
  async withUtxos(rows: TxRowDb[]): Promise<{ items: StoredTransaction[]; assets: AssetDirectory }> {
    if (rows.length === 0) return { items: [], assets: () => undefined };
    const ids = rows.map((r) => r.id);
    // Per transaction, in the order the documents list them, the index lookups of its spends and its outputs. As one
    // ANY() over both tables the planner costs the union high enough to run it in parallel workers, whose start
    // costs far more than the lookups (measured: 20 ms against 2 ms for a page of 100).
    const [utxos, vertices] = await Promise.all([
      this.pool.query<UtxoRow & { position: string; consumed: boolean }>(
        `SELECT w.position, x.* FROM unnest($1::bytea[]) WITH ORDINALITY AS w(id, position)
         CROSS JOIN LATERAL (
           SELECT true AS consumed, ${UTXO_COLUMNS}
           FROM primary_network.utxo_spends s JOIN primary_network.utxos u ON u.utxo_id = s.utxo_id
           WHERE s.consumed_by_tx = w.id
           UNION ALL
           SELECT false AS consumed, ${UTXO_COLUMNS}
           FROM primary_network.utxos u LEFT JOIN primary_network.utxo_spends s ON s.utxo_id = u.utxo_id
           WHERE u.emitted_by_tx = w.id) x
         ORDER BY w.position, x.consumed, x.output_index, x.tx_id`,
        [ids],
      ),
      rows.some((r) => r.chain_format === 'non-linear')
        ? this.pool.query<{
            tx_id: Buffer;
            vertex_id: Buffer;
            vertex_height: string;
            vertex_timestamp: string;
          }>(
            `SELECT tx_id, vertex_id, vertex_height, vertex_timestamp FROM primary_network.transaction_vertices
             WHERE tx_id = ANY($1::bytea[])`,
            [ids],
          )
        : Promise.resolve({ rows: [] }),
    ]);
    const assets = await this.assets(
      utxos.rows.map((u) => u.asset_id),
      rows,
    );
    const items = rows.map(({ reward_tx_id, potential_reward, ...r }): StoredTransaction => ({
      ...r,
      consumed: [],
      emitted: [],
      ...(reward_tx_id ? { rewardTxId: reward_tx_id } : {}),
      ...(potential_reward ? { potentialReward: potential_reward } : {}),
      vertices: vertices.rows.filter((v) => v.tx_id.equals(r.id)),
    }));
    for (const { position, consumed, ...utxo } of utxos.rows) {
      const tx = items[Number(position) - 1]!;
      (consumed ? tx.consumed : tx.emitted).push(utxo);
    }
    return { items, assets };
  }

  // ---- UTXOs

  async utxos(
    chain: ChainKey,
    filter: { addresses: Uint8Array[]; assetId?: Uint8Array; minAmount: bigint; includeSpent: boolean },
    sortBy: 'timestamp' | 'amount',
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<PageWithAssets<UtxoRow>> {
    const key = sortBy === 'amount' ? 'amount' : 'block_timestamp';
    const after = parseKeyCursor(cursor, sortBy === 'amount' ? MAX_UINT64 : MAX_INT64);
    const cmp = order === 'asc' ? '>' : '<';
    // Per address, an index range scan in the page's order that stops after a page; the pages merge, and a UTXO
    // several listed addresses own appears once. Unspent ones (the default) come from their own table.
    const { rows } = await this.pool.query<UtxoRow & { sort_key: string }>(
      `SELECT k.sort_key, ${UTXO_COLUMNS} FROM (
         SELECT DISTINCT x.utxo_id, x.sort_key FROM unnest($2::bytea[]) AS wanted(address), LATERAL (
           SELECT au.utxo_id, au.${key} AS sort_key
           FROM primary_network.${filter.includeSpent ? 'address_utxos' : 'address_unspent'} au
           WHERE au.chain = $1 AND au.address = wanted.address
             AND ($3::bytea IS NULL OR au.asset_id = $3) AND au.amount >= $4
             AND ($5::numeric IS NULL OR (au.${key}, au.utxo_id) ${cmp} ($5::numeric, $6::bytea))
           ORDER BY au.${key} ${order}, au.utxo_id ${order} LIMIT $7) x
         ORDER BY x.sort_key ${order}, x.utxo_id ${order} LIMIT $7) k
       JOIN primary_network.utxos u ON u.utxo_id = k.utxo_id
       LEFT JOIN primary_network.utxo_spends s ON s.utxo_id = u.utxo_id
       ORDER BY k.sort_key ${order}, k.utxo_id ${order}`,
      [
        chain,
        filter.addresses.map(bytea),
        filter.assetId ? bytea(filter.assetId) : null,
        filter.minAmount.toString(),
        after?.key ?? null,
        after ? after.id : null,
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => `${r.sort_key}:${r.utxo_id.toString('hex')}`);
    const items = page.items.map(({ sort_key: _key, ...utxo }) => utxo);
    const assets = await this.assets(items.map((u) => u.asset_id));
    return { items, nextCursor: page.nextCursor, assets };
  }

  // ---- rewards

  /** Rewards paid to the addresses or nodes, with the staker each rewards. */
  async historicalRewards(
    filter: { addresses: Uint8Array[]; nodeIds: Uint8Array[] },
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<PageWithAssets<StoredReward>> {
    const after = parseKeyCursor(cursor, MAX_INT64);
    const cmp = order === 'asc' ? '>' : '<';
    const { rows } = await this.pool.query<StoredReward>(
      `SELECT r.utxo_id, r.staking_tx_id, r.reward_tx_id, r.reward_seq, r.node_id, r.reward_type, r.output_index,
              r.amount, r.addresses, r.reward_timestamp, s.weight, s.start_time, s.end_time
       FROM (SELECT utxo_id FROM primary_network.reward_addresses
             WHERE address = ANY($1::bytea[]) AND ($3::bigint IS NULL OR (reward_seq, utxo_id) ${cmp} ($3, $4::bytea))
             UNION
             SELECT utxo_id FROM primary_network.rewards
             WHERE node_id = ANY($2::bytea[]) AND ($3::bigint IS NULL OR (reward_seq, utxo_id) ${cmp} ($3, $4::bytea))) k
       JOIN primary_network.rewards r ON r.utxo_id = k.utxo_id
       JOIN primary_network.stakers s ON s.tx_id = r.staking_tx_id
       ORDER BY r.reward_seq ${order}, r.utxo_id ${order} LIMIT $5`,
      [
        filter.addresses.map(bytea),
        filter.nodeIds.map(bytea),
        after?.key ?? null,
        after?.id ?? null,
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => `${r.reward_seq}:${r.utxo_id.toString('hex')}`);
    return { ...page, assets: await this.assets([this.ctx.avaxAssetId]) };
  }

  /** Stakers not yet removed, newest first (or oldest), with their progress at the P-Chain's latest block time. */
  async pendingStakers(
    filter: { addresses: Uint8Array[]; nodeIds: Uint8Array[] },
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<Page<PendingStaker>> {
    const after = cursorBigint(cursor, 'staker');
    const cmp = order === 'asc' ? '>' : '<';
    const { rows } = await this.pool.query<PendingStakerRow>(
      `SELECT s.tx_id, s.node_id, s.is_delegator, s.weight, s.start_time, s.end_time, s.reward_addresses, s.added_seq,
              (SELECT block_timestamp FROM primary_network.blocks WHERE chain = 'P' ORDER BY height DESC LIMIT 1) AS now
       FROM primary_network.stakers s
       WHERE s.to_height IS NULL AND s.subnet_id = $1
         AND (s.node_id = ANY($2::bytea[])
              OR s.tx_id IN (SELECT tx_id FROM primary_network.staker_addresses WHERE address = ANY($3::bytea[])))
         AND ($4::bigint IS NULL OR s.added_seq ${cmp} $4)
       ORDER BY s.added_seq ${order} LIMIT $5`,
      [
        bytea(new Uint8Array(32)),
        filter.nodeIds.map(bytea),
        filter.addresses.map(bytea),
        integerOrNull(after),
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => r.added_seq);
    return { items: page.items.map((r) => pendingStaker(r)), nextCursor: page.nextCursor };
  }

  // ---- blockchains and subnets

  /**
   * The primary network's chains and every chain a CreateChainTx created, in order of creation: the P-Chain height
   * that created it, then its id. The primary network's chains are in no container; they come at height 0.
   */
  async blockchains(order: Order, pageSize: number, cursor: string): Promise<Page<ListedBlockchain>> {
    const parsed = parseKeyCursor(cursor, MAX_INT64);
    const after = parsed && { n: BigInt(parsed.key), id: parsed.id };
    const { rows } = await this.pool.query<StoredBlockchain>(
      `SELECT ${BLOCKCHAIN_COLUMNS} FROM primary_network.blockchains
       WHERE ($1::bigint IS NULL OR (created_height, id) ${order === 'asc' ? '>' : '<'} ($1, $2::bytea))
       ORDER BY created_height ${order}, id ${order} LIMIT $3`,
      [after ? after.n.toString() : null, after?.id ?? null, pageSize + 1],
    );
    return pageWithGenesis(rows, this.primaryChains(), blockchainKey, order, pageSize, after, (b) => {
      const key = blockchainKey(b);
      return `${key.n}:${key.id.toString('hex')}`;
    });
  }

  /** The primary network (created at genesis) and every subnet a CreateSubnetTx created, in order of creation. */
  async subnets(order: Order, pageSize: number, cursor: string): Promise<Page<StoredSubnet>> {
    const before = cursorBigint(cursor, 'subnet');
    const after = before === undefined ? undefined : { n: before, id: Buffer.alloc(0) };
    const { rows } = await this.pool.query<SubnetCreationRow>(
      `SELECT ${SUBNET_CREATION_COLUMNS} FROM primary_network.transactions
       WHERE chain = 'P' AND tx_type = 'CreateSubnetTx' AND ($1::bigint IS NULL OR seq ${order === 'asc' ? '>' : '<'} $1)
       ORDER BY seq ${order} LIMIT $2`,
      [integerOrNull(before), pageSize + 1],
    );
    const page = pageWithGenesis<SubnetCreationRow | null>(
      rows,
      // null, not undefined, stands for the primary network: sort() moves undefined to the end uncompared.
      [null],
      (r) => ({ n: BigInt(r?.seq ?? 0), id: Buffer.alloc(0) }),
      order,
      pageSize,
      after,
      (r) => r?.seq ?? '0',
    );
    return { items: await this.subnetsOf(page.items), nextCursor: page.nextCursor };
  }

  /** A subnet by its id (the CreateSubnetTx's; 32 zero bytes: the primary network). */
  async subnet(id: Uint8Array): Promise<StoredSubnet | undefined> {
    if (Buffer.from(id).equals(PRIMARY_NETWORK)) return (await this.subnetsOf([null]))[0];
    const { rows } = await this.pool.query<SubnetCreationRow>(
      `SELECT ${SUBNET_CREATION_COLUMNS} FROM primary_network.transactions
       WHERE chain = 'P' AND id = $1 AND tx_type = 'CreateSubnetTx'`,
      [bytea(id)],
    );
    return rows[0] && (await this.subnetsOf(rows))[0];
  }

  /** Subnets with their latest owner, their conversion and their chains (`null`: the primary network). */
  private async subnetsOf(created: (SubnetCreationRow | null)[]): Promise<StoredSubnet[]> {
    const ids = created.filter((c) => c !== null).map((c) => c.id);
    const [changes, chains] = await Promise.all([
      this.pool.query<{ subnet: HexBytes; tx_type: string; id: Buffer; details: TxFacts }>(
        `SELECT DISTINCT ON (details ->> 'subnetId', tx_type) details ->> 'subnetId' AS subnet, tx_type, id, details
         FROM primary_network.transactions
         WHERE chain = 'P' AND tx_type IN ('TransferSubnetOwnershipTx', 'ConvertSubnetToL1Tx')
           AND details ->> 'subnetId' = ANY($1::text[])
         ORDER BY details ->> 'subnetId', tx_type, seq DESC`,
        [ids.map((id) => id.toString('hex'))],
      ),
      this.pool.query<StoredBlockchain>(
        `SELECT ${BLOCKCHAIN_COLUMNS} FROM primary_network.blockchains WHERE subnet_id = ANY($1::bytea[])
         ORDER BY subnet_id, created_height, id`,
        [ids],
      ),
    ]);
    // A page holds up to 10000 subnets: look their facts up by key rather than scanning the rows for each.
    const changeBy = new Map(changes.rows.map((c) => [`${c.tx_type} ${c.subnet}`, c]));
    const change = (id: Buffer, txType: string) => changeBy.get(`${txType} ${id.toString('hex')}`);
    const chainsBy = Map.groupBy(chains.rows, (b) => b.subnet_id.toString('hex'));
    return created.map((c): StoredSubnet => {
      if (!c) return { id: PRIMARY_NETWORK, blockchains: this.primaryChains() };
      const transfer = change(c.id, 'TransferSubnetOwnershipTx')?.details.subnetOwner;
      const conversion = change(c.id, 'ConvertSubnetToL1Tx');
      return {
        id: c.id,
        created: { height: c.block_height, timestamp: c.block_timestamp },
        owner: transfer ?? c.owner,
        ...(conversion?.details.l1Manager
          ? { conversion: { txId: conversion.id, manager: conversion.details.l1Manager } }
          : {}),
        blockchains: chainsBy.get(c.id.toString('hex')) ?? [],
      };
    });
  }

  /** The primary network's chains, in the order of their lists: by id, as they are all created at genesis. */
  private primaryChains(): ListedBlockchain[] {
    return (['P', 'X', 'C'] as const)
      .map((chain) => ({ primary: chain, id: Buffer.from(this.ctx.chainIds[chain]) }))
      .sort((a, b) => Buffer.compare(a.id, b.id));
  }

  /** A blockchain a CreateChainTx created. */
  async createdBlockchain(id: Uint8Array): Promise<StoredBlockchain | undefined> {
    const { rows } = await this.pool.query<StoredBlockchain>(
      `SELECT ${BLOCKCHAIN_COLUMNS} FROM primary_network.blockchains WHERE id = $1`,
      [bytea(id)],
    );
    return rows[0];
  }

  // ---- validator sets

  async latestPChainHeight(): Promise<bigint> {
    const { rows } = await this.pool.query<{ height: string }>(
      `SELECT height FROM primary_network.blocks WHERE chain = 'P' ORDER BY height DESC LIMIT 1`,
    );
    return BigInt(rows[0]?.height ?? '0');
  }

  /**
   * Validators of a subnet at a P-Chain height: stakers (with their delegators' weight), or an L1's active
   * validators and, as avalanchego reports it, the summed weight of inactive ones under the empty node id.
   */
  async validatorSet(subnetId: Uint8Array, height: bigint): Promise<Validator[]> {
    const l1 = await this.pool.query<{
      validation_id: Buffer;
      node_id: Buffer;
      bls_public_key: Buffer;
      weight: string;
      active: boolean;
    }>(
      `SELECT w.validation_id, v.node_id, v.bls_public_key, w.weight,
              (v.disabled_height IS NULL OR v.disabled_height > $2) AS active
       FROM (SELECT DISTINCT ON (validation_id) validation_id, weight FROM primary_network.l1_validator_weights
             WHERE subnet_id = $1 AND from_height <= $2 ORDER BY validation_id, from_height DESC) w
       JOIN primary_network.l1_validators v ON v.validation_id = w.validation_id
       WHERE w.weight > 0`,
      [bytea(subnetId), height.toString()],
    );
    if (l1.rows.length > 0) {
      const inactive = l1.rows.filter((r) => !r.active).reduce((sum, r) => sum + BigInt(r.weight), 0n);
      const members = l1.rows
        .filter((r) => r.active)
        .map((r) => ({
          node_id: r.node_id,
          weight: r.weight,
          bls_public_key: r.bls_public_key,
          validation_id: r.validation_id,
        }));
      if (inactive > 0n) {
        members.push({
          node_id: Buffer.alloc(20),
          weight: inactive.toString(),
          bls_public_key: Buffer.alloc(0),
          validation_id: Buffer.alloc(0),
        });
      }
      return members.sort((a, b) => Buffer.compare(a.node_id, b.node_id));
    }
    const { rows } = await this.pool.query<{
      node_id: Buffer;
      weight: string;
      bls_public_key: Buffer | null;
    }>(
      `SELECT node_id, sum(weight) AS weight,
              (array_agg(bls_public_key) FILTER (WHERE NOT is_delegator))[1] AS bls_public_key
       FROM primary_network.stakers
       WHERE subnet_id = $1 AND from_height <= $2 AND (to_height IS NULL OR to_height > $2)
       GROUP BY node_id ORDER BY node_id`,
      [bytea(subnetId), height.toString()],
    );
    return rows.map((r) => ({
      node_id: r.node_id,
      weight: r.weight,
      bls_public_key: r.bls_public_key ?? Buffer.alloc(0),
      validation_id: Buffer.alloc(0),
    }));
  }

  /**
   * Per chain, the time of its last projected container (0 when none): the P- and C-Chain's last block; the
   * X-Chain's last block, or before the first one its last vertex. Containers are projected in index order and a
   * chain's times do not decrease along it, so every transaction (timed by its container) before this time is
   * projected, while one at this very time may still come. The X-Chain's last block wins over a vertex timed later:
   * a vertex's time is when the indexing node accepted it, which for a node that bootstrapped after Cortina is after
   * the first blocks' own times, yet every vertex precedes every block.
   */
  async projectedThrough(): Promise<Record<ChainKey, bigint>> {
    const last = (chain: ChainKey) =>
      `(SELECT block_timestamp FROM primary_network.blocks WHERE chain = '${chain}' ORDER BY height DESC LIMIT 1)`;
    const { rows } = await this.pool.query<{ p: string; x: string; c: string }>(
      `SELECT coalesce(${last('P')}, 0) AS p,
              coalesce(${last('X')},
                (SELECT vertex_timestamp FROM primary_network.vertices ORDER BY idx DESC LIMIT 1), 0) AS x,
              coalesce(${last('C')}, 0) AS c`,
    );
    const row = rows[0]!;
    return { P: BigInt(row.p), X: BigInt(row.x), C: BigInt(row.c) };
  }

  async cursors(): Promise<{ index_name: string; next_index: string }[]> {
    const { rows } = await this.pool.query<{ index_name: string; next_index: string }>(
      'SELECT index_name, next_index FROM primary_network.cursors ORDER BY index_name',
    );
    return rows;
  }

  // ---- assets

  /** Asset facts for the given ids and the ids inside the transactions' amounts, cached (assets never change). */
  async assets(ids: Uint8Array[], txs: TxRowDb[] = []): Promise<AssetDirectory> {
    const wanted = new Set(ids.map((id) => Buffer.from(id).toString('hex')));
    for (const t of txs) {
      for (const amounts of Object.values(t.details.amounts))
        for (const id of Object.keys(amounts)) wanted.add(id);
    }
    const missing = [...wanted].filter((id) => !this.assetCache.has(id));
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{
        id: Buffer;
        name: string;
        symbol: string;
        denomination: number;
        asset_type: string;
      }>(
        'SELECT id, name, symbol, denomination, asset_type FROM primary_network.assets WHERE id = ANY($1::bytea[])',
        [missing.map((id) => Buffer.from(id, 'hex'))],
      );
      for (const r of rows) {
        this.assetCache.set(r.id.toString('hex'), {
          name: r.name,
          symbol: r.symbol,
          denomination: r.denomination,
          assetType: r.asset_type,
        });
      }
    }
    return (id) => this.assetCache.get(id);
  }
}

export interface PendingStaker {
  txId: Uint8Array;
  nodeId: Uint8Array;
  isDelegator: boolean;
  weight: bigint;
  startTime: bigint;
  endTime: bigint;
  rewardAddresses: Uint8Array[];
  progress: number;
}

interface PendingStakerRow {
  tx_id: Buffer;
  node_id: Buffer;
  is_delegator: boolean;
  weight: string;
  start_time: string;
  end_time: string;
  reward_addresses: Buffer[];
  added_seq: string;
  now: string | null;
}

function pendingStaker(r: PendingStakerRow): PendingStaker {
  const start = Number(r.start_time);
  const end = Number(r.end_time);
  const now = Number(r.now ?? start);
  return {
    txId: r.tx_id,
    nodeId: r.node_id,
    isDelegator: r.is_delegator,
    weight: BigInt(r.weight),
    startTime: BigInt(r.start_time),
    endTime: BigInt(r.end_time),
    rewardAddresses: r.reward_addresses,
    progress: end > start ? Math.min(1, Math.max(0, (now - start) / (end - start))) : 1,
  };
}

/** A utxos row with its creation known. */
export interface UtxoRow {
  utxo_id: Buffer;
  chain: ChainKey;
  created_chain: ChainKey;
  tx_id: Buffer;
  output_index: number;
  emitted_by_tx: Buffer;
  block_height: string;
  block_timestamp: string;
  asset_id: Buffer;
  amount: string;
  addresses: Buffer[];
  threshold: number;
  locktime: string;
  stakeable_locktime: string | null;
  output_type: string;
  group_id: number | null;
  payload: Buffer | null;
  utxo_bytes: Buffer;
  staked: boolean;
  stake_start: string | null;
  stake_end: string | null;
  reward_type: string | null;
  consumed_chain: ChainKey | null;
  consumed_by_tx: Buffer | null;
  consumed_block_height: string | null;
  consumed_block_timestamp: string | null;
}

/** A UTXO with its spend, if any: `FROM primary_network.utxos u LEFT JOIN primary_network.utxo_spends s`. */
const UTXO_COLUMNS = `u.utxo_id, u.chain, u.created_chain, u.tx_id, u.output_index, u.emitted_by_tx,
  u.block_height, u.block_timestamp, u.asset_id, u.amount, u.addresses, u.threshold, u.locktime, u.stakeable_locktime,
  u.output_type, u.group_id, u.payload, u.utxo_bytes, u.staked, u.stake_start, u.stake_end, u.reward_type,
  s.consumed_chain, s.consumed_by_tx, s.consumed_block_height, s.consumed_block_timestamp`;

export interface StoredBlock {
  chain: ChainKey;
  height: string;
  id: Buffer;
  parent_id: Buffer;
  block_timestamp: string;
  block_type: string;
  size_bytes: number;
  tx_ids: Buffer[];
  /** proposervm blocks: null for blocks before it and for option blocks; proposer_node_id also for unsigned ones. */
  proposer_id: Buffer | null;
  proposer_parent_id: Buffer | null;
  proposer_node_id: Buffer | null;
  proposer_p_chain_height: string | null;
  proposer_timestamp: string | null;
  /** P-Chain blocks from Etna on: the L1 validator fee ledger after the block. */
  l1_accrued_fees: string | null;
  l1_active_validators: number | null;
}

export const BLOCK_COLUMNS = `chain, height, id, parent_id, block_timestamp, block_type, size_bytes, tx_ids, proposer_id,
  proposer_parent_id, proposer_node_id, proposer_p_chain_height, proposer_timestamp, l1_accrued_fees,
  l1_active_validators`;

export interface StoredBlockchain {
  id: Buffer;
  subnet_id: Buffer;
  name: string;
  vm_id: Buffer;
  genesis: Buffer;
  created_height: string;
  created_timestamp: string;
}

const BLOCKCHAIN_COLUMNS = 'id, subnet_id, name, vm_id, genesis, created_height, created_timestamp';

/** A chain of a list: one of the primary network's own (in no container), or one a CreateChainTx created. */
export type ListedBlockchain = { primary: ChainKey; id: Buffer } | StoredBlockchain;

export interface StoredSubnet {
  id: Buffer;
  /** Where its CreateSubnetTx was accepted; absent for the primary network, created at genesis (and owned by none). */
  created?: { height: string; timestamp: string };
  /** The latest owner: the last TransferSubnetOwnershipTx's, else the CreateSubnetTx's. */
  owner?: OwnerFacts;
  /** Its ConvertSubnetToL1Tx, which made it an L1. */
  conversion?: { txId: Buffer; manager: { chainId: HexBytes; address: HexBytes } };
  blockchains: ListedBlockchain[];
}

interface SubnetCreationRow {
  id: Buffer;
  seq: string;
  block_height: string;
  block_timestamp: string;
  owner: OwnerFacts;
}

const SUBNET_CREATION_COLUMNS = `id, seq, block_height, block_timestamp, details -> 'subnetOwner' AS owner`;

const PRIMARY_NETWORK = Buffer.alloc(32);

/** A list key: a height or sequence number, then an id. */
interface ListKey {
  n: bigint;
  id: Buffer;
}

function compareListKeys(a: ListKey, b: ListKey): number {
  return a.n < b.n ? -1 : a.n > b.n ? 1 : Buffer.compare(a.id, b.id);
}

function blockchainKey(b: ListedBlockchain): ListKey {
  return 'primary' in b ? { n: 0n, id: b.id } : { n: BigInt(b.created_height), id: b.id };
}

/**
 * One keyset page of a list whose genesis items (the primary network's, in no container) come before every stored
 * row: `stored` is the query's page after the cursor, and the genesis items after the cursor join it.
 */
function pageWithGenesis<T>(
  stored: T[],
  genesis: T[],
  keyOf: (item: T) => ListKey,
  order: Order,
  pageSize: number,
  after: ListKey | undefined,
  cursorOf: (item: T) => string,
): Page<T> {
  const direction = order === 'asc' ? 1 : -1;
  const rows = [
    ...genesis.filter((g) => after === undefined || direction * compareListKeys(keyOf(g), after) > 0),
    ...stored,
  ]
    .sort((a, b) => direction * compareListKeys(keyOf(a), keyOf(b)))
    .slice(0, pageSize + 1);
  return keysetPage(rows, pageSize, cursorOf);
}

export interface StoredVertex {
  id: Buffer;
  idx: string;
  height: string;
  parent_ids: Buffer[];
  vertex_timestamp: string;
  size_bytes: number;
  tx_ids: Buffer[];
}

export interface StoredReward {
  utxo_id: Buffer;
  staking_tx_id: Buffer;
  reward_tx_id: Buffer;
  reward_seq: string;
  node_id: Buffer;
  reward_type: string;
  output_index: number;
  amount: string;
  addresses: Buffer[];
  reward_timestamp: string;
  weight: string;
  start_time: string;
  end_time: string;
}

/**
 * `<sort key>:<32-byte id hex>` cursors of the UTXO, reward and blockchain lists (the id a UTXO's or a chain's); the
 * key is at most `max`.
 */
function parseKeyCursor(cursor: string, max: bigint): { key: string; id: Buffer } | undefined {
  if (cursor === '') return undefined;
  const match = /^(\d{1,20}):([0-9a-f]{64})$/.exec(cursor);
  if (!match || BigInt(match[1]!) > max)
    throw new DomainError('invalid_argument', 'pageToken: malformed cursor');
  return { key: match[1]!, id: Buffer.from(match[2]!, 'hex') };
}
