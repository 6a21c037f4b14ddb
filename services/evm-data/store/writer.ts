import {
  bytea,
  inTransaction,
  integerOrNull,
  type Pool,
  type PoolClient,
} from '../../runtime/database/pool.ts';
import { CursorMovedError } from '../../runtime/follow/follow-loop.ts';
import type { ContractInfo } from '../ingest/contract-probe.ts';
import { ZERO_ADDRESS, type DerivedBlock, type ErcType } from '../ingest/derive.ts';

/** A run of consecutive blocks of one chain, written with the chain's cursor in one transaction. */
export interface IngestBatch {
  chain: number;
  blocks: DerivedBlock[];
  /** What probing found about contracts this batch sees for the first time. */
  contracts: ContractInfo[];
  /** The cursor after the batch: the number of its last block plus one. */
  nextBlock: bigint;
}

export interface DiscoveredToken {
  contract: Buffer;
  tokenId: bigint;
  ercType: ErcType;
}

const hexKey = (b: Buffer) => b.toString('hex');

export class IngestWriter {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  /** Registers a chain (once) and returns its id and cursor. */
  async registerChain(
    blockchainId: Uint8Array,
    evmChainId: bigint,
  ): Promise<{ id: number; nextBlock: bigint }> {
    await this.pool.query(
      `INSERT INTO evm_data.chains (blockchain_id, evm_chain_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [bytea(blockchainId), evmChainId.toString()],
    );
    const { rows } = await this.pool.query<{ id: number; evm_chain_id: string; next_block: string }>(
      'SELECT id, evm_chain_id, next_block FROM evm_data.chains WHERE blockchain_id = $1',
      [bytea(blockchainId)],
    );
    const row = rows[0];
    if (!row || BigInt(row.evm_chain_id) !== evmChainId)
      throw new Error(
        `blockchain ${Buffer.from(blockchainId).toString('hex')} was indexed as EVM chain ${row?.evm_chain_id}, its node now says ${evmChainId}`,
      );
    return { id: row.id, nextBlock: BigInt(row.next_block) };
  }

  /** A chain registered by an earlier run: its id and EVM chain id. */
  async registeredChain(blockchainId: Uint8Array): Promise<{ id: number; evmChainId: bigint } | undefined> {
    const { rows } = await this.pool.query<{ id: number; evm_chain_id: string }>(
      'SELECT id, evm_chain_id FROM evm_data.chains WHERE blockchain_id = $1',
      [bytea(blockchainId)],
    );
    return rows[0] && { id: rows[0].id, evmChainId: BigInt(rows[0].evm_chain_id) };
  }

  async cursor(chain: number): Promise<bigint> {
    const { rows } = await this.pool.query<{ next_block: string }>(
      'SELECT next_block FROM evm_data.chains WHERE id = $1',
      [chain],
    );
    return BigInt(rows[0]!.next_block);
  }

  /** The stored hash of a block, which the next block's parent hash must equal. */
  async blockHash(chain: number, number: bigint): Promise<Buffer | undefined> {
    const { rows } = await this.pool.query<{ hash: Buffer }>(
      'SELECT hash FROM evm_data.blocks WHERE chain = $1 AND number = $2',
      [chain, number.toString()],
    );
    return rows[0]?.hash;
  }

  async recordHead(chain: number, head: bigint): Promise<void> {
    await this.pool.query('UPDATE evm_data.chains SET head_block = $2 WHERE id = $1', [
      chain,
      head.toString(),
    ]);
  }

  /** The contracts of `addresses` already known, so probing asks only about new ones. */
  async knownContracts(chain: number, addresses: Buffer[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const { rows } = await this.pool.query<{ address: Buffer }>(
      'SELECT address FROM evm_data.contracts WHERE chain = $1 AND address = ANY($2::bytea[])',
      [chain, addresses],
    );
    return new Set(rows.map((r) => hexKey(r.address)));
  }

  /**
   * Writes a batch and moves the chain's cursor from `expectedNext`; if the cursor is elsewhere, another ingester
   * wrote these blocks and nothing is written. Returns the NFTs seen for the first time, for metadata fetching.
   */
  async write(batch: IngestBatch, expectedNext: bigint): Promise<DiscoveredToken[]> {
    return inTransaction(this.pool, async (client) => {
      // A commit lost in a crash takes its cursor move with it, so the batch is replayed: durability can wait.
      await client.query('SET LOCAL synchronous_commit = off');
      const { rows } = await client.query<{ next_block: string }>(
        'SELECT next_block FROM evm_data.chains WHERE id = $1 FOR UPDATE',
        [batch.chain],
      );
      if (BigInt(rows[0]!.next_block) !== expectedNext)
        throw new CursorMovedError(
          `chain ${batch.chain}: cursor at ${rows[0]!.next_block}, not ${expectedNext}`,
        );
      await insertBlocks(client, batch);
      await insertTransactions(client, batch);
      await insertTransfers(client, batch);
      await insertInternals(client, batch);
      await insertAddressIndex(client, batch);
      await upsertContracts(client, batch);
      await addHoldings(client, batch);
      const discovered = await insertNftTokens(client, batch);
      await insertIcm(client, batch);
      await client.query('UPDATE evm_data.chains SET next_block = $2 WHERE id = $1', [
        batch.chain,
        batch.nextBlock.toString(),
      ]);
      return discovered;
    });
  }

  async analyze(): Promise<void> {
    await this.pool.query(
      `ANALYZE evm_data.blocks, evm_data.transactions, evm_data.token_transfers, evm_data.internal_transactions,
               evm_data.address_transactions, evm_data.token_holdings, evm_data.nft_tokens,
               evm_data.icm_address_messages`,
    );
  }
}

const numerics = (values: (bigint | number)[]) => values.map((v) => v.toString());

async function insertBlocks(client: PoolClient, batch: IngestBatch): Promise<void> {
  const b = batch.blocks.map((d) => d.block);
  const cumulative = cumulativeTxCounts(await txCountBefore(client, batch.chain, b[0]!.number), b);
  await client.query(
    `INSERT INTO evm_data.blocks
       (chain, number, hash, parent_hash, block_timestamp, timestamp_ms, min_delay_excess, base_fee, gas_used,
        gas_limit, tx_count, block_gas_cost, fees_spent, cumulative_tx_count)
     SELECT $1, * FROM unnest($2::bigint[], $3::bytea[], $4::bytea[], $5::bigint[], $6::bigint[], $7::numeric[],
                              $8::numeric[], $9::numeric[], $10::numeric[], $11::int[], $12::numeric[],
                              $13::numeric[], $14::bigint[])
     ON CONFLICT DO NOTHING`,
    [
      batch.chain,
      numerics(b.map((x) => x.number)),
      b.map((x) => x.hash),
      b.map((x) => x.parentHash),
      numerics(b.map((x) => x.timestamp)),
      b.map((x) => integerOrNull(x.timestampMs)),
      b.map((x) => integerOrNull(x.minDelayExcess)),
      b.map((x) => integerOrNull(x.baseFee)),
      numerics(b.map((x) => x.gasUsed)),
      numerics(b.map((x) => x.gasLimit)),
      b.map((x) => x.txCount),
      b.map((x) => integerOrNull(x.blockGasCost)),
      numerics(b.map((x) => x.feesSpent)),
      numerics(cumulative),
    ],
  );
}

/** The chain's transaction count below `number`: the stored block before it has it (none below the first block). */
async function txCountBefore(client: PoolClient, chain: number, number: bigint): Promise<bigint> {
  if (number === 0n) return 0n;
  const { rows } = await client.query<{ cumulative_tx_count: string }>(
    'SELECT cumulative_tx_count FROM evm_data.blocks WHERE chain = $1 AND number = $2',
    [chain, (number - 1n).toString()],
  );
  return BigInt(rows[0]?.cumulative_tx_count ?? 0);
}

/** The running transaction count of consecutive blocks, starting from the count before the first. */
export function cumulativeTxCounts(before: bigint, blocks: { txCount: number }[]): bigint[] {
  let total = before;
  return blocks.map((block) => (total += BigInt(block.txCount)));
}

async function insertTransactions(client: PoolClient, batch: IngestBatch): Promise<void> {
  const t = batch.blocks.flatMap((d) => d.transactions);
  if (t.length === 0) return;
  const timestamps = batch.blocks.flatMap((d) => d.transactions.map(() => d.block.timestamp));
  await client.query(
    `INSERT INTO evm_data.transactions
       (chain, block_number, tx_index, hash, from_address, to_address, created_contract, value, nonce, gas_limit,
        gas_used, gas_price, max_fee_per_gas, max_priority_fee_per_gas, tx_type, status, input, block_timestamp)
     SELECT $1, * FROM unnest($2::bigint[], $3::int[], $4::bytea[], $5::bytea[], $6::bytea[], $7::bytea[],
                              $8::numeric[], $9::bigint[], $10::numeric[], $11::numeric[], $12::numeric[],
                              $13::numeric[], $14::numeric[], $15::smallint[], $16::smallint[], $17::bytea[],
                              $18::bigint[])
     ON CONFLICT DO NOTHING`,
    [
      batch.chain,
      numerics(t.map((x) => x.blockNumber)),
      t.map((x) => x.txIndex),
      t.map((x) => x.hash),
      t.map((x) => x.from),
      t.map((x) => x.to),
      t.map((x) => x.createdContract),
      numerics(t.map((x) => x.value)),
      numerics(t.map((x) => x.nonce)),
      numerics(t.map((x) => x.gasLimit)),
      numerics(t.map((x) => x.gasUsed)),
      numerics(t.map((x) => x.gasPrice)),
      t.map((x) => integerOrNull(x.maxFeePerGas)),
      t.map((x) => integerOrNull(x.maxPriorityFeePerGas)),
      t.map((x) => x.txType),
      t.map((x) => x.status),
      t.map((x) => x.input),
      numerics(timestamps),
    ],
  );
}

async function insertTransfers(client: PoolClient, batch: IngestBatch): Promise<void> {
  const t = batch.blocks.flatMap((d) => d.transfers);
  if (t.length === 0) return;
  await client.query(
    `INSERT INTO evm_data.token_transfers
       (chain, block_number, log_index, batch_index, tx_index, contract, erc_type, from_address, to_address,
        token_id, value)
     SELECT $1, * FROM unnest($2::bigint[], $3::int[], $4::int[], $5::int[], $6::bytea[], $7::smallint[],
                              $8::bytea[], $9::bytea[], $10::numeric[], $11::numeric[])
     ON CONFLICT DO NOTHING`,
    [
      batch.chain,
      numerics(t.map((x) => x.blockNumber)),
      t.map((x) => x.logIndex),
      t.map((x) => x.batchIndex),
      t.map((x) => x.txIndex),
      t.map((x) => x.contract),
      t.map((x) => x.ercType),
      t.map((x) => x.from),
      t.map((x) => x.to),
      t.map((x) => integerOrNull(x.tokenId)),
      numerics(t.map((x) => x.value)),
    ],
  );
}

async function insertInternals(client: PoolClient, batch: IngestBatch): Promise<void> {
  const t = batch.blocks.flatMap((d) => d.internals);
  if (t.length === 0) return;
  await client.query(
    `INSERT INTO evm_data.internal_transactions
       (chain, block_number, tx_index, trace_index, call_type, from_address, to_address, value, gas_limit,
        gas_used, reverted)
     SELECT $1, * FROM unnest($2::bigint[], $3::int[], $4::int[], $5::text[], $6::bytea[], $7::bytea[],
                              $8::numeric[], $9::numeric[], $10::numeric[], $11::boolean[])
     ON CONFLICT DO NOTHING`,
    [
      batch.chain,
      numerics(t.map((x) => x.blockNumber)),
      t.map((x) => x.txIndex),
      t.map((x) => x.traceIndex),
      t.map((x) => x.callType),
      t.map((x) => x.from),
      t.map((x) => x.to),
      numerics(t.map((x) => x.value)),
      numerics(t.map((x) => x.gasLimit)),
      numerics(t.map((x) => x.gasUsed)),
      t.map((x) => x.reverted),
    ],
  );
}

async function insertAddressIndex(client: PoolClient, batch: IngestBatch): Promise<void> {
  const rows = batch.blocks.flatMap((d) =>
    d.addressTransactions.map((a) => ({ ...a, blockNumber: d.block.number })),
  );
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO evm_data.address_transactions (chain, address, block_number, tx_index)
     SELECT $1, * FROM unnest($2::bytea[], $3::bigint[], $4::int[]) ON CONFLICT DO NOTHING`,
    [
      batch.chain,
      rows.map((r) => r.address),
      numerics(rows.map((r) => r.blockNumber)),
      rows.map((r) => r.txIndex),
    ],
  );
}

/** New contracts with what probing found; a creation fills in the deployment of a contract seen before. */
async function upsertContracts(client: PoolClient, batch: IngestBatch): Promise<void> {
  const creations = new Map(batch.blocks.flatMap((d) => d.creations).map((c) => [hexKey(c.address), c]));
  const contracts = batch.contracts;
  if (contracts.length > 0) {
    await client.query(
      `INSERT INTO evm_data.contracts (chain, address, erc_type, name, symbol, decimals)
       SELECT $1, * FROM unnest($2::bytea[], $3::text[], $4::text[], $5::text[], $6::int[])
       ON CONFLICT DO NOTHING`,
      [
        batch.chain,
        contracts.map((c) => c.address),
        contracts.map((c) => c.ercType),
        contracts.map((c) => c.name ?? null),
        contracts.map((c) => c.symbol ?? null),
        contracts.map((c) => c.decimals ?? null),
      ],
    );
  }
  const c = [...creations.values()];
  if (c.length === 0) return;
  await client.query(
    `UPDATE evm_data.contracts k
     SET deploy_tx_hash = n.tx_hash, deployer_address = n.deployer, deployer_contract = n.deployer_contract,
         created_block = n.block_number
     FROM unnest($2::bytea[], $3::bytea[], $4::bytea[], $5::bytea[], $6::bigint[])
       AS n(address, tx_hash, deployer, deployer_contract, block_number)
     WHERE k.chain = $1 AND k.address = n.address AND k.deploy_tx_hash IS NULL`,
    [
      batch.chain,
      c.map((x) => x.address),
      c.map((x) => x.txHash),
      c.map((x) => x.deployer),
      c.map((x) => x.deployerContract),
      numerics(c.map((x) => x.blockNumber)),
    ],
  );
}

/**
 * Balances moved by the batch's transfers, summed per holding first so each holding is written once. Adding is
 * not idempotent by itself; the cursor moving in the same transaction is what makes every transfer count once.
 */
async function addHoldings(client: PoolClient, batch: IngestBatch): Promise<void> {
  const deltas = new Map<
    string,
    { contract: Buffer; tokenId: bigint; holder: Buffer; ercType: ErcType; delta: bigint }
  >();
  const add = (
    t: { contract: Buffer; tokenId?: bigint; ercType: ErcType },
    holder: Buffer,
    delta: bigint,
  ) => {
    if (holder.equals(ZERO_ADDRESS) || delta === 0n) return;
    const tokenId = t.tokenId ?? 0n;
    const key = `${hexKey(t.contract)}:${tokenId}:${hexKey(holder)}`;
    const entry = deltas.get(key);
    if (entry) entry.delta += delta;
    else deltas.set(key, { contract: t.contract, tokenId, holder, ercType: t.ercType, delta });
  };
  for (const d of batch.blocks)
    for (const t of d.transfers) {
      add(t, t.from, -t.value);
      add(t, t.to, t.value);
    }
  const rows = [...deltas.values()].filter((r) => r.delta !== 0n);
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO evm_data.token_holdings AS h (chain, contract, token_id, holder, erc_type, balance)
     SELECT $1, * FROM unnest($2::bytea[], $3::numeric[], $4::bytea[], $5::smallint[], $6::numeric[])
     ON CONFLICT (chain, contract, token_id, holder) DO UPDATE SET balance = h.balance + excluded.balance`,
    [
      batch.chain,
      rows.map((r) => r.contract),
      numerics(rows.map((r) => r.tokenId)),
      rows.map((r) => r.holder),
      rows.map((r) => r.ercType),
      numerics(rows.map((r) => r.delta)),
    ],
  );
}

async function insertNftTokens(client: PoolClient, batch: IngestBatch): Promise<DiscoveredToken[]> {
  const tokens = new Map<string, { contract: Buffer; tokenId: bigint; ercType: ErcType; block: bigint }>();
  for (const d of batch.blocks)
    for (const t of d.transfers)
      if (t.ercType !== 20) {
        const key = `${hexKey(t.contract)}:${t.tokenId}`;
        if (!tokens.has(key))
          tokens.set(key, {
            contract: t.contract,
            tokenId: t.tokenId!,
            ercType: t.ercType,
            block: t.blockNumber,
          });
      }
  const rows = [...tokens.values()];
  if (rows.length === 0) return [];
  const { rows: inserted } = await client.query<{ contract: Buffer; token_id: string; erc_type: number }>(
    `INSERT INTO evm_data.nft_tokens (chain, contract, token_id, erc_type, first_block)
     SELECT $1, * FROM unnest($2::bytea[], $3::numeric[], $4::smallint[], $5::bigint[])
     ON CONFLICT DO NOTHING
     RETURNING contract, token_id, erc_type`,
    [
      batch.chain,
      rows.map((r) => r.contract),
      numerics(rows.map((r) => r.tokenId)),
      rows.map((r) => r.ercType),
      numerics(rows.map((r) => r.block)),
    ],
  );
  return inserted.map((r) => ({
    contract: r.contract,
    tokenId: BigInt(r.token_id),
    ercType: r.erc_type as ErcType,
  }));
}

async function insertIcm(client: PoolClient, batch: IngestBatch): Promise<void> {
  const sends = batch.blocks.flatMap((d) => d.icmSends);
  const receives = batch.blocks.flatMap((d) => d.icmReceives);
  const receipts = batch.blocks.flatMap((d) => d.icmReceipts.map((id) => ({ id, block: d.block.number })));
  if (sends.length > 0)
    await client.query(
      `INSERT INTO evm_data.icm_sends
         (message_id, chain, block_number, tx_hash, block_timestamp, gas_spent, icm_contract,
          destination_blockchain_id, message_nonce, from_address, to_address, payload, receipts, fee_token, fee_amount)
       SELECT m, $1, b, h, ts, g, c, d, n, f, t, p, r, ft, fa
       FROM unnest($2::bytea[], $3::bigint[], $4::bytea[], $5::bigint[], $6::numeric[], $7::bytea[], $8::bytea[],
                   $9::numeric[], $10::bytea[], $11::bytea[], $12::bytea[], $13::jsonb[], $14::bytea[], $15::numeric[])
         AS s(m, b, h, ts, g, c, d, n, f, t, p, r, ft, fa)
       ON CONFLICT DO NOTHING`,
      [
        batch.chain,
        sends.map((s) => s.messageId),
        numerics(sends.map((s) => s.blockNumber)),
        sends.map((s) => s.txHash),
        numerics(sends.map((s) => s.blockTimestamp)),
        numerics(sends.map((s) => s.gasSpent)),
        sends.map((s) => s.icmContract),
        sends.map((s) => s.destinationBlockchainId),
        numerics(sends.map((s) => s.messageNonce)),
        sends.map((s) => s.from),
        sends.map((s) => s.to),
        sends.map((s) => s.payload),
        sends.map((s) => JSON.stringify(s.receipts)),
        sends.map((s) => s.feeToken),
        numerics(sends.map((s) => s.feeAmount)),
      ],
    );
  if (receives.length > 0)
    await client.query(
      `INSERT INTO evm_data.icm_receives
         (message_id, chain, block_number, tx_hash, block_timestamp, gas_spent, icm_contract, source_blockchain_id,
          message_nonce, from_address, to_address, payload, receipts, deliverer, reward_redeemer, executed)
       SELECT m, $1, b, h, ts, g, c, s, n, f, t, p, r, d, rr, e
       FROM unnest($2::bytea[], $3::bigint[], $4::bytea[], $5::bigint[], $6::numeric[], $7::bytea[], $8::bytea[],
                   $9::numeric[], $10::bytea[], $11::bytea[], $12::bytea[], $13::jsonb[], $14::bytea[], $15::bytea[],
                   $16::boolean[])
         AS x(m, b, h, ts, g, c, s, n, f, t, p, r, d, rr, e)
       ON CONFLICT DO NOTHING`,
      [
        batch.chain,
        receives.map((s) => s.messageId),
        numerics(receives.map((s) => s.blockNumber)),
        receives.map((s) => s.txHash),
        numerics(receives.map((s) => s.blockTimestamp)),
        numerics(receives.map((s) => s.gasSpent)),
        receives.map((s) => s.icmContract),
        receives.map((s) => s.sourceBlockchainId),
        numerics(receives.map((s) => s.messageNonce)),
        receives.map((s) => s.from),
        receives.map((s) => s.to),
        receives.map((s) => s.payload),
        receives.map((s) => JSON.stringify(s.receipts)),
        receives.map((s) => s.deliverer),
        receives.map((s) => s.rewardRedeemer),
        receives.map((s) => s.executed),
      ],
    );
  if (receipts.length > 0)
    await client.query(
      `INSERT INTO evm_data.icm_receipts (message_id, chain, block_number)
       SELECT m, $1, b FROM unnest($2::bytea[], $3::bigint[]) AS r(m, b) ON CONFLICT DO NOTHING`,
      [batch.chain, receipts.map((r) => r.id), numerics(receipts.map((r) => r.block))],
    );
  const links = [...sends, ...receives].flatMap((m) =>
    [m.from, m.to].map((address) => ({ address, id: m.messageId, at: m.blockTimestamp })),
  );
  if (links.length > 0)
    await client.query(
      `INSERT INTO evm_data.icm_address_messages AS a (address, message_id, first_seen)
       SELECT DISTINCT ON (address, message_id) * FROM unnest($1::bytea[], $2::bytea[], $3::bigint[])
         AS l(address, message_id, first_seen)
       ORDER BY address, message_id, first_seen
       ON CONFLICT (address, message_id) DO UPDATE SET first_seen = LEAST(a.first_seen, excluded.first_seen)`,
      [links.map((l) => l.address), links.map((l) => l.id), numerics(links.map((l) => l.at))],
    );
}
