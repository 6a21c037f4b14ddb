import type { Block } from '../generated/proto/chaindata/primarynetwork/v1/Block.ts';
import type { Blockchain } from '../generated/proto/chaindata/primarynetwork/v1/Blockchain.ts';
import type { HistoricalReward } from '../generated/proto/chaindata/primarynetwork/v1/HistoricalReward.ts';
import type { PendingReward } from '../generated/proto/chaindata/primarynetwork/v1/PendingReward.ts';
import type { Transaction } from '../generated/proto/chaindata/primarynetwork/v1/Transaction.ts';
import type { AnyUtxo } from '../generated/proto/chaindata/primarynetwork/v1/AnyUtxo.ts';
import type { Vertex } from '../generated/proto/chaindata/primarynetwork/v1/Vertex.ts';
import type { Validator } from '../generated/proto/chaindata/primarynetwork/v1/Validator.ts';
import { bytea, integerOrNull } from '../runtime/database/pool.ts';
import { DomainError } from '../runtime/errors.ts';
import { callBoundPool, type Queryable } from '../runtime/grpc/call-scope.ts';
import { MAX_INT64, MAX_UINT64 } from '../runtime/grpc/request-fields.ts';
import { formatBech32, formatNodeId } from '../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../runtime/formatting/cb58.ts';
import { hex } from '../runtime/formatting/encoding.ts';
import type { ChainKey } from './decode/model.ts';
import {
  assetAmount,
  assetAmounts,
  AVAX_ASSET,
  otherUtxo,
  pChainUtxo,
  UTXO_COLUMNS,
  type AssetDirectory,
  type AssetInfo,
  type UtxoRow,
} from './documents.ts';
import type { NetworkContext, TxDetails } from './projection/rows.ts';

/**
 * The read side of the projection: one method per query the gRPC service answers. Every list is keyset-paginated
 * (the cursor is the sort key of the last item returned) and every query reads through an index.
 */
export interface Page<T> {
  items: T[];
  /** Empty when this is the last page. */
  nextCursor: string;
}

export type Order = 'asc' | 'desc';

const DAY_SECONDS = 86_400;

/** The primary network's own chains are created at the network's genesis, 2020-09-10 (mainnet and Fuji alike). */
const PRIMARY_CHAINS_CREATED_AT = 1_599_696_000;

/** ids.ID{'p','l','a','t','f','o','r','m','v','m'} and friends: VM ids are their names, zero-padded. */
function vmId(name: string): string {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode(name));
  return encodeCb58(bytes);
}

/** Cursors are the int64 sequence numbers and heights of the last item of a page. */
function cursorBigint(cursor: string, what: string): bigint | undefined {
  if (cursor === '') return undefined;
  const n = /^\d{1,19}$/.test(cursor) ? BigInt(cursor) : undefined;
  if (n === undefined || n > MAX_INT64)
    throw new DomainError('invalid_argument', `pageToken: malformed ${what} cursor`);
  return n;
}

function nextOf<T>(rows: T[], pageSize: number, key: (row: T) => string): Page<T> {
  if (rows.length <= pageSize) return { items: rows, nextCursor: '' };
  const items = rows.slice(0, pageSize);
  return { items, nextCursor: key(items.at(-1)!) };
}

interface TxRowDb {
  chain: ChainKey;
  id: Buffer;
  seq: string;
  tx_type: string;
  block_height: string;
  block_id: Buffer;
  block_timestamp: string;
  chain_format: string | null;
  details: TxDetails;
}

const TX_COLUMNS =
  't.chain, t.id, t.seq, t.tx_type, t.block_height, t.block_id, t.block_timestamp, t.chain_format, t.details';

export class PrimaryNetworkReader {
  private readonly pool: Queryable;
  private readonly ctx: NetworkContext;
  private assetCache = new Map<string, AssetInfo>();

  constructor(pool: Queryable, ctx: NetworkContext) {
    this.pool = callBoundPool(pool);
    this.ctx = ctx;
  }

  chainName(chain: ChainKey): string {
    return `${chain.toLowerCase()}-chain`;
  }

  blockchain(chain: ChainKey): Blockchain {
    const names = { P: 'P-Chain', X: 'X-Chain', C: 'C-Chain' } as const;
    const vms = { P: 'platformvm', X: 'avm', C: 'evm' } as const;
    return {
      createBlockTimestamp: PRIMARY_CHAINS_CREATED_AT,
      createBlockNumber: '0',
      blockchainId: encodeCb58(this.ctx.chainIds[chain]),
      vmId: vmId(vms[chain]),
      subnetId: encodeCb58(new Uint8Array(32)),
      blockchainName: names[chain],
      ...(chain === 'C' ? { evmChainId: this.ctx.identity.evmChainId } : {}),
    };
  }

  // ---- blocks and vertices

  async blocks(
    chain: ChainKey,
    filter: { startTimestamp?: bigint; endTimestamp?: bigint },
    pageSize: number,
    cursor: string,
  ): Promise<Page<Block>> {
    const before = cursorBigint(cursor, 'block');
    const { rows } = await this.pool.query<BlockRowDb>(
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
    const page = nextOf(rows, pageSize, (r) => r.height);
    return { items: page.items.map((r) => this.blockDoc(r)), nextCursor: page.nextCursor };
  }

  async block(chain: ChainKey, id: Uint8Array): Promise<Block | undefined> {
    const { rows } = await this.pool.query<BlockRowDb>(
      `SELECT ${BLOCK_COLUMNS} FROM primary_network.blocks WHERE chain = $1 AND id = $2`,
      [chain, bytea(id)],
    );
    return rows[0] && this.blockDoc(rows[0]);
  }

  async blockAtHeight(chain: ChainKey, height: bigint): Promise<Block | undefined> {
    const { rows } = await this.pool.query<BlockRowDb>(
      `SELECT ${BLOCK_COLUMNS} FROM primary_network.blocks WHERE chain = $1 AND height = $2`,
      [chain, height.toString()],
    );
    return rows[0] && this.blockDoc(rows[0]);
  }

  private blockDoc(r: BlockRowDb): Block {
    const id = (b: Buffer) => (r.chain === 'C' ? hex(b) : encodeCb58(b));
    return {
      blockNumber: r.height,
      blockHash: id(r.id),
      parentHash: id(r.parent_id),
      blockTimestamp: Number(r.block_timestamp),
      blockType: r.block_type,
      txCount: r.tx_ids.length,
      transactions: r.tx_ids.map((t) => encodeCb58(t)),
      blockSizeBytes: r.size_bytes,
      ...(r.proposer ? { proposerDetails: r.proposer } : {}),
    };
  }

  async verticesByHeight(
    height: bigint,
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<Page<Vertex>> {
    const after = cursorBigint(cursor, 'vertex');
    const { rows } = await this.pool.query<{
      id: Buffer;
      idx: string;
      height: string;
      parent_ids: Buffer[];
      vertex_timestamp: string;
      size_bytes: number;
      tx_ids: Buffer[];
    }>(
      `SELECT id, idx, height, parent_ids, vertex_timestamp, size_bytes, tx_ids FROM primary_network.vertices
       WHERE height = $1 AND ($2::bigint IS NULL OR idx ${order === 'asc' ? '>' : '<'} $2)
       ORDER BY idx ${order} LIMIT $3`,
      [height.toString(), integerOrNull(after), pageSize + 1],
    );
    const page = nextOf(rows, pageSize, (r) => r.idx);
    return {
      items: page.items.map((r) => ({
        vertexHash: encodeCb58(r.id),
        parentHashes: r.parent_ids.map((p) => encodeCb58(p)),
        vertexHeight: Number(r.height),
        vertexIndex: Number(r.idx),
        vertexTimestamp: Number(r.vertex_timestamp),
        txCount: r.tx_ids.length,
        transactions: r.tx_ids.map((t) => encodeCb58(t)),
        vertexSizeBytes: r.size_bytes,
      })),
      nextCursor: page.nextCursor,
    };
  }

  // ---- transactions

  async transactions(
    chain: ChainKey,
    filter: {
      addresses: Uint8Array[];
      evmAddresses: Uint8Array[];
      l1ValidationId?: Uint8Array;
      txTypes: string[];
      startTimestamp?: bigint;
      endTimestamp?: bigint;
    },
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<Page<Transaction>> {
    const after = cursorBigint(cursor, 'transaction');
    const cmp = order === 'asc' ? '>' : '<';
    const [minSeq, maxSeq] = await this.seqRange(chain, filter.startTimestamp, filter.endTimestamp);
    const params: unknown[] = [chain, integerOrNull(after), minSeq, maxSeq, pageSize + 1];
    let sql: string;
    const types = filter.txTypes.length > 0 ? filter.txTypes : null;
    if (filter.addresses.length > 0 || filter.evmAddresses.length > 0) {
      params.push(filter.addresses.map(bytea), filter.evmAddresses.map(bytea), types);
      // Per address, an index range scan in the page's order that stops after a page (the type filter joins
      // inside it); the pages merge, and a transaction touching several listed addresses appears once.
      const perAddress = (kind: number, list: string) => `
        SELECT x.seq FROM unnest(${list}::bytea[]) AS wanted(address), LATERAL (
          SELECT a.seq FROM primary_network.address_transactions a
          JOIN primary_network.transactions tt ON tt.chain = a.chain AND tt.seq = a.seq
          WHERE a.chain = $1 AND a.kind = ${kind} AND a.address = wanted.address
            AND ($2::bigint IS NULL OR a.seq ${cmp} $2) AND ($3::bigint IS NULL OR a.seq >= $3)
            AND ($4::bigint IS NULL OR a.seq <= $4) AND ($8::text[] IS NULL OR tt.tx_type = ANY($8::text[]))
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
    const page = nextOf(rows, pageSize, (r) => r.seq);
    return { items: await this.renderTransactions(page.items), nextCursor: page.nextCursor };
  }

  async transaction(chain: ChainKey, id: Uint8Array): Promise<Transaction | undefined> {
    const { rows } = await this.pool.query<TxRowDb>(
      `SELECT ${TX_COLUMNS} FROM primary_network.transactions t WHERE t.chain = $1 AND t.id = $2`,
      [chain, bytea(id)],
    );
    return rows[0] && (await this.renderTransactions(rows))[0];
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

  private async renderTransactions(rows: TxRowDb[]): Promise<Transaction[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [utxos, stakerRows, vertices] = await Promise.all([
      this.pool.query<UtxoRow & { role: string }>(
        `SELECT ${UTXO_COLUMNS}, 'consumed' AS role
         FROM primary_network.utxo_spends s JOIN primary_network.utxos u ON u.utxo_id = s.utxo_id
         WHERE s.consumed_by_tx = ANY($1::bytea[])
         UNION ALL
         SELECT ${UTXO_COLUMNS}, 'emitted' AS role
         FROM primary_network.utxos u LEFT JOIN primary_network.utxo_spends s ON s.utxo_id = u.utxo_id
         WHERE u.emitted_by_tx = ANY($1::bytea[])`,
        [ids],
      ),
      this.pool.query<{ tx_id: Buffer; reward_tx_id: Buffer | null; potential_reward: string | null }>(
        `SELECT tx_id, reward_tx_id, potential_reward FROM primary_network.stakers WHERE tx_id = ANY($1::bytea[])`,
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
    const byTx = (role: string, id: Buffer) =>
      utxos.rows
        .filter(
          (u) => u.role === role && (role === 'consumed' ? u.consumed_by_tx : u.emitted_by_tx)!.equals(id),
        )
        .sort((a, b) => a.output_index - b.output_index || Buffer.compare(a.tx_id, b.tx_id));
    return rows.map((r) => {
      const consumed = byTx('consumed', r.id);
      const emitted = byTx('emitted', r.id);
      // A staking transaction: its reward once paid, its staker's estimated reward until then.
      const staker = stakerRows.rows.find((x) => x.tx_id.equals(r.id));
      const reward = staker?.reward_tx_id
        ? { rewardTxHash: encodeCb58(staker.reward_tx_id) }
        : staker?.potential_reward
          ? { estimatedReward: staker.potential_reward }
          : {};
      return this.transactionDoc(r, consumed, emitted, assets, reward, () =>
        vertices.rows.filter((v) => v.tx_id.equals(r.id)),
      );
    });
  }

  private transactionDoc(
    r: TxRowDb,
    consumed: UtxoRow[],
    emitted: UtxoRow[],
    assets: AssetDirectory,
    reward: { rewardTxHash?: string; estimatedReward?: string },
    vertices: () => { vertex_id: Buffer; vertex_height: string; vertex_timestamp: string }[],
  ): Transaction {
    const d = r.details;
    const a = d.amounts;
    const txHash = encodeCb58(r.id);
    const timestamp = Number(r.block_timestamp);
    if (r.chain === 'P') {
      return {
        pChain: {
          txHash,
          txType: r.tx_type,
          blockTimestamp: timestamp,
          blockNumber: r.block_height,
          blockHash: encodeCb58(r.block_id),
          consumedUtxos: consumed.map((u) => pChainUtxo(this.ctx, assets, u)),
          emittedUtxos: emitted.map((u) => pChainUtxo(this.ctx, assets, u)),
          value: assetAmounts(assets, a.emitted),
          amountBurned: assetAmounts(assets, a.burned),
          amountStaked: assetAmounts(assets, a.staked),
          amountL1ValidatorBalanceBurned: assetAmounts(assets, a.l1ValidatorBalance),
          memo: d.memo,
          rewardAddresses: d.rewardAddresses ?? [],
          l1ValidatorDetails: d.l1ValidatorDetails ?? [],
          ...pick(d, [
            'sourceChain',
            'destinationChain',
            'startTimestamp',
            'endTimestamp',
            'delegationFeePercent',
            'nodeId',
            'subnetId',
            'stakingTxHash',
            'subnetOwnershipInfo',
            'blsCredentials',
            'l1ValidatorManagerDetails',
            'blockchainInfo',
          ]),
          ...reward,
        },
      };
    }
    const common = {
      txHash,
      memo: d.memo,
      amountUnlocked: assetAmounts(assets, a.consumed),
      amountCreated: assetAmounts(assets, a.emitted),
    };
    if (r.chain === 'X') {
      const x = {
        ...common,
        timestamp,
        txType: r.tx_type,
        consumedUtxos: consumed.map((u) => otherUtxo(this.ctx, assets, u)),
        emittedUtxos: emitted.map((u) => otherUtxo(this.ctx, assets, u)),
        ...pick(d, ['sourceChain', 'destinationChain']),
        ...(d.assetCreated
          ? {
              assetCreated: {
                assetId: txHash,
                name: d.assetCreated.name,
                symbol: d.assetCreated.symbol,
                denomination: d.assetCreated.denomination,
                type: d.assetCreated.type,
                createdAtTimestamp: timestamp,
                cap: d.assetCreated.cap,
              },
            }
          : {}),
      };
      if (r.chain_format === 'non-linear') {
        return {
          xChainNonLinear: {
            ...x,
            chainFormat: 'non-linear',
            vertices: vertices().map((v) => ({
              hash: encodeCb58(v.vertex_id),
              height: Number(v.vertex_height),
              timestamp: Number(v.vertex_timestamp),
            })),
          },
        };
      }
      return {
        xChainLinear: {
          ...x,
          chainFormat: 'linear',
          blockHeight: Number(r.block_height),
          blockHash: encodeCb58(r.block_id),
        },
      };
    }
    const c = {
      ...common,
      blockHeight: Number(r.block_height),
      blockHash: hex(r.block_id),
      timestamp,
      sourceChain: d.sourceChain ?? encodeCb58(this.ctx.chainIds.C),
      destinationChain: d.destinationChain ?? encodeCb58(this.ctx.chainIds.C),
      txType: r.tx_type,
    };
    if (r.tx_type === 'ExportTx') {
      return {
        cChainExport: {
          ...c,
          evmInputs: (d.evmInputs ?? []).map((i) => ({
            fromAddress: i.fromAddress,
            asset: assetAmount(assets, i.assetId, i.amount),
            credentials: [],
          })),
          emittedUtxos: emitted.map((u) => otherUtxo(this.ctx, assets, u)),
        },
      };
    }
    return {
      cChainImport: {
        ...c,
        evmOutputs: (d.evmOutputs ?? []).map((o) => ({
          toAddress: o.toAddress,
          asset: assetAmount(assets, o.assetId, o.amount),
        })),
        consumedUtxos: consumed.map((u) => otherUtxo(this.ctx, assets, u)),
      },
    };
  }

  // ---- UTXOs

  async utxos(
    chain: ChainKey,
    filter: { addresses: Uint8Array[]; assetId?: Uint8Array; minAmount: bigint; includeSpent: boolean },
    sortBy: 'timestamp' | 'amount',
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<Page<AnyUtxo>> {
    const key = sortBy === 'amount' ? 'amount' : 'block_timestamp';
    const after = parseKeyCursor(cursor, sortBy === 'amount' ? MAX_UINT64 : MAX_INT64);
    const cmp = order === 'asc' ? '>' : '<';
    // Per address, an index range scan in the page's order that stops after a page; the pages merge, and a UTXO
    // several listed addresses own appears once. Unspent ones (the default) come from their own table.
    const { rows: keys } = await this.pool.query<{ utxo_id: Buffer; sort_key: string }>(
      `SELECT DISTINCT x.utxo_id, x.sort_key FROM unnest($2::bytea[]) AS wanted(address), LATERAL (
         SELECT au.utxo_id, au.${key} AS sort_key
         FROM primary_network.${filter.includeSpent ? 'address_utxos' : 'address_unspent'} au
         WHERE au.chain = $1 AND au.address = wanted.address
           AND ($3::bytea IS NULL OR au.asset_id = $3) AND au.amount >= $4
           AND ($5::numeric IS NULL OR (au.${key}, au.utxo_id) ${cmp} ($5::numeric, $6::bytea))
         ORDER BY au.${key} ${order}, au.utxo_id ${order} LIMIT $7) x
       ORDER BY x.sort_key ${order}, x.utxo_id ${order} LIMIT $7`,
      [
        chain,
        filter.addresses.map(bytea),
        filter.assetId ? bytea(filter.assetId) : null,
        filter.minAmount.toString(),
        after?.key ?? null,
        after ? after.utxoId : null,
        pageSize + 1,
      ],
    );
    const page = nextOf(keys, pageSize, (k) => `${k.sort_key}:${k.utxo_id.toString('hex')}`);
    const { rows } = await this.pool.query<UtxoRow>(
      `SELECT ${UTXO_COLUMNS}
       FROM primary_network.utxos u LEFT JOIN primary_network.utxo_spends s ON s.utxo_id = u.utxo_id
       WHERE u.utxo_id = ANY($1::bytea[])`,
      [page.items.map((k) => k.utxo_id)],
    );
    const byId = new Map(rows.map((r) => [r.utxo_id.toString('hex'), r]));
    const ordered = page.items.map((k) => byId.get(k.utxo_id.toString('hex'))!);
    const assets = await this.assets(ordered.map((u) => u.asset_id));
    return {
      items: ordered.map((u) =>
        chain === 'P'
          ? { pChain: pChainUtxo(this.ctx, assets, u) }
          : { other: otherUtxo(this.ctx, assets, u) },
      ),
      nextCursor: page.nextCursor,
    };
  }

  // ---- rewards

  /**
   * Rewards paid to the addresses or nodes. With a price for the day it was paid (and the reward older than a day,
   * as the Data API has it), the reward carries `historicalPrice`: AVAX's price in `currency` then.
   */
  async historicalRewards(
    filter: { addresses: Uint8Array[]; nodeIds: Uint8Array[] },
    order: Order,
    pageSize: number,
    cursor: string,
    price: { currency: string; at: (unixSeconds: number) => number | undefined; now: number },
  ): Promise<Page<HistoricalReward>> {
    const after = parseKeyCursor(cursor, MAX_INT64);
    const cmp = order === 'asc' ? '>' : '<';
    const { rows } = await this.pool.query<{
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
    }>(
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
        after?.utxoId ?? null,
        pageSize + 1,
      ],
    );
    const page = nextOf(rows, pageSize, (r) => `${r.reward_seq}:${r.utxo_id.toString('hex')}`);
    const assets = await this.assets([this.ctx.avaxAssetId]);
    return {
      items: page.items.map((r) => {
        const paidAt = Number(r.reward_timestamp);
        const value = price.now - paidAt > DAY_SECONDS ? price.at(paidAt) : undefined;
        const reward = assetAmount(assets, encodeCb58(this.ctx.avaxAssetId), r.amount);
        if (value !== undefined) reward.historicalPrice = { currencyCode: price.currency, value };
        return {
          addresses: r.addresses.map((a) => formatBech32(this.ctx.identity.hrp, a)),
          txHash: encodeCb58(r.staking_tx_id),
          amountStaked: r.weight,
          nodeId: formatNodeId(r.node_id),
          startTimestamp: Number(r.start_time),
          endTimestamp: Number(r.end_time),
          rewardType: r.reward_type,
          utxoId: encodeCb58(r.utxo_id),
          outputIndex: r.output_index,
          reward,
          rewardTxHash: encodeCb58(r.reward_tx_id),
        };
      }),
      nextCursor: page.nextCursor,
    };
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
    const page = nextOf(rows, pageSize, (r) => r.added_seq);
    return { items: page.items.map((r) => pendingStaker(r)), nextCursor: page.nextCursor };
  }

  pendingRewardDoc(s: PendingStaker, estimatedReward: bigint): PendingReward {
    return {
      addresses: s.rewardAddresses.map((a) => formatBech32(this.ctx.identity.hrp, a)),
      txHash: encodeCb58(s.txId),
      amountStaked: s.weight.toString(),
      nodeId: formatNodeId(s.nodeId),
      startTimestamp: Number(s.startTime),
      endTimestamp: Number(s.endTime),
      rewardType: s.isDelegator ? 'DELEGATOR' : 'VALIDATOR',
      progress: s.progress,
      estimatedReward: assetAmount(
        () => AVAX_ASSET,
        encodeCb58(this.ctx.avaxAssetId),
        estimatedReward.toString(),
      ),
    };
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

  async cursors(): Promise<{ index_name: string; next_index: string }[]> {
    const { rows } = await this.pool.query<{ index_name: string; next_index: string }>(
      'SELECT index_name, next_index FROM primary_network.cursors ORDER BY index_name',
    );
    return rows;
  }

  // ---- assets

  /** Asset facts for the given ids and the ids inside the transactions' amounts, cached (assets never change). */
  private async assets(ids: Uint8Array[], txs: TxRowDb[] = []): Promise<AssetDirectory> {
    const wanted = new Set(ids.map((id) => encodeCb58(id)));
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
        [missing.map((id) => bytea(decodeCb58(id)))],
      );
      for (const r of rows) {
        this.assetCache.set(encodeCb58(r.id), {
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

interface BlockRowDb {
  chain: ChainKey;
  height: string;
  id: Buffer;
  parent_id: Buffer;
  block_timestamp: string;
  block_type: string;
  size_bytes: number;
  tx_ids: Buffer[];
  proposer: Block['proposerDetails'] | null;
}

const BLOCK_COLUMNS =
  'chain, height, id, parent_id, block_timestamp, block_type, size_bytes, tx_ids, proposer';

/** `<sort key>:<utxo id hex>` cursors of the UTXO and reward lists; the key is at most `max`. */
function parseKeyCursor(cursor: string, max: bigint): { key: string; utxoId: Buffer } | undefined {
  if (cursor === '') return undefined;
  const match = /^(\d{1,20}):([0-9a-f]{64})$/.exec(cursor);
  if (!match || BigInt(match[1]!) > max)
    throw new DomainError('invalid_argument', 'pageToken: malformed cursor');
  return { key: match[1]!, utxoId: Buffer.from(match[2]!, 'hex') };
}

function pick<T extends object, K extends keyof T>(obj: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}
