import { bytea, inTransaction, type Pool, type PoolClient } from '../../runtime/database/pool.ts';
import { CursorMovedError, UpstreamDivergedError } from '../../runtime/follow/follow-loop.ts';
import type { BatchRollup, Network } from '../ingest/rollup.ts';
import { applyIcm } from './icm-writer.ts';

/** Where a chain's rollups stand: the next block to roll up, and the hash and time of the block before it. */
export interface ChainCursor {
  nextBlock: bigint;
  lastBlockHash: Buffer | undefined;
  lastBlockTime: number | undefined;
}

/** Consecutive blocks of one chain, rolled up, written with the chain's cursor in one transaction. */
export interface RollupBatch {
  evmChainId: string;
  /** The cursor the batch starts from (its first block's number, and the parent it must name). */
  from: ChainCursor;
  /** The cursor after it: its last block's number plus one, hash and time. */
  to: ChainCursor;
  /** The parent hash the batch's first block names. */
  firstParentHash: Buffer;
  rollup: BatchRollup;
}

/** How the Metrics API's Chain document names a chain: cb58 ids and a name, '' where unknown. */
export interface ChainIdentity {
  blockchainId: string;
  chainName: string;
  subnetId: string;
}

const numerics = (values: (bigint | number)[]) => values.map((v) => v.toString());

/** Every write of every chain takes this lock first: the shared scopes' counters and first sightings never race. */
const WRITE_LOCK = 'chain-data:metrics:rollups';

export class RollupWriter {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  /**
   * Registers a chain (once) and returns its cursor. A chain registered with another network is refused. `identity`
   * (what the Metrics API's Chain document shows) is stored, or updated, when given.
   */
  async registerChain(evmChainId: string, network: Network, identity?: ChainIdentity): Promise<ChainCursor> {
    await this.pool.query(
      'INSERT INTO metrics.chains (evm_chain_id, network) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [evmChainId, network],
    );
    if (identity)
      await this.pool.query(
        `UPDATE metrics.chains SET blockchain_id = $2, chain_name = $3, subnet_id = $4
          WHERE evm_chain_id = $1 AND (blockchain_id, chain_name, subnet_id) IS DISTINCT FROM ($2, $3, $4)`,
        [evmChainId, identity.blockchainId, identity.chainName, identity.subnetId],
      );
    const { rows } = await this.pool.query<{ network: string }>(
      'SELECT network FROM metrics.chains WHERE evm_chain_id = $1',
      [evmChainId],
    );
    if (rows[0]?.network !== network)
      throw new Error(
        `chain ${evmChainId} was rolled up as a ${rows[0]?.network} chain; evm-data now says ${network}`,
      );
    return this.cursor(evmChainId);
  }

  async cursor(evmChainId: string): Promise<ChainCursor> {
    const { rows } = await this.pool.query<{
      next_block: string;
      last_block_hash: Buffer | null;
      last_block_time: string | null;
    }>('SELECT next_block, last_block_hash, last_block_time FROM metrics.chains WHERE evm_chain_id = $1', [
      evmChainId,
    ]);
    const row = rows[0];
    if (!row) throw new Error(`chain ${evmChainId} is not registered`);
    return {
      nextBlock: BigInt(row.next_block),
      lastBlockHash: row.last_block_hash ?? undefined,
      lastBlockTime: row.last_block_time === null ? undefined : Number(row.last_block_time),
    };
  }

  /**
   * Applies a batch's rollups and moves the chain's cursor, in one transaction. The cursor must be where the batch
   * starts (else another writer moved it: nothing is written), and the batch's first block must name the stored last
   * block as its parent (else evm-data's chain is not the one rolled up: the chain stops).
   */
  async write(batch: RollupBatch): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [WRITE_LOCK]);
      const { rows } = await client.query<{ next_block: string; last_block_hash: Buffer | null }>(
        'SELECT next_block, last_block_hash FROM metrics.chains WHERE evm_chain_id = $1 FOR UPDATE',
        [batch.evmChainId],
      );
      const row = rows[0];
      if (!row) throw new Error(`chain ${batch.evmChainId} is not registered`);
      if (BigInt(row.next_block) !== batch.from.nextBlock)
        throw new CursorMovedError(
          `chain ${batch.evmChainId}: cursor at ${row.next_block}, not ${batch.from.nextBlock}`,
        );
      if (row.last_block_hash && !row.last_block_hash.equals(batch.firstParentHash))
        throw new UpstreamDivergedError(
          `chain ${batch.evmChainId} block ${batch.from.nextBlock}: its parent hash 0x${batch.firstParentHash.toString('hex')} is not the hash rolled up for block ${batch.from.nextBlock - 1n}, 0x${row.last_block_hash.toString('hex')}`,
        );
      await applyRollup(client, batch.rollup);
      await client.query(
        `INSERT INTO metrics.refreshes (evm_chain_id, rolled_up_at) VALUES ($1, extract(epoch FROM now())::bigint)
         ON CONFLICT (evm_chain_id) DO UPDATE SET rolled_up_at = excluded.rolled_up_at`,
        [batch.evmChainId],
      );
      await applyIcm(client, batch.rollup.icm ?? []);
      await client.query(
        `UPDATE metrics.chains SET next_block = $2, last_block_hash = $3, last_block_time = $4
          WHERE evm_chain_id = $1`,
        [
          batch.evmChainId,
          batch.to.nextBlock.toString(),
          batch.to.lastBlockHash ? bytea(batch.to.lastBlockHash) : null,
          batch.to.lastBlockTime ?? null,
        ],
      );
    });
  }

  async analyze(): Promise<void> {
    await this.pool.query(
      'ANALYZE metrics.series, metrics.bucket_members, metrics.first_seen, metrics.days, metrics.hours',
    );
  }
}

async function applyRollup(client: PoolClient, rollup: BatchRollup): Promise<void> {
  const { sums, members, days, hours = [], firstSeen } = rollup;
  if (sums.length > 0)
    await client.query(
      `INSERT INTO metrics.series AS s (scope, time_interval, bucket, tx_count, gas_used, fees_paid, contracts)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::numeric[], $6::numeric[],
                            $7::bigint[])
       ON CONFLICT (scope, time_interval, bucket) DO UPDATE SET
         tx_count = s.tx_count + excluded.tx_count,
         gas_used = s.gas_used + excluded.gas_used,
         fees_paid = s.fees_paid + excluded.fees_paid,
         contracts = s.contracts + excluded.contracts`,
      [
        sums.map((r) => r.scope),
        sums.map((r) => r.interval),
        sums.map((r) => r.bucket),
        sums.map((r) => r.txCount),
        numerics(sums.map((r) => r.gasUsed)),
        numerics(sums.map((r) => r.feesPaid)),
        sums.map((r) => r.contracts),
      ],
    );

  // Members new to their bucket count once; those already there (an earlier batch, another chain) do not.
  if (members.length > 0)
    await client.query(
      `WITH added AS (
         INSERT INTO metrics.bucket_members (scope, time_interval, bucket, kind, address)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::smallint[], $5::bytea[])
         ON CONFLICT DO NOTHING
         RETURNING scope, time_interval, bucket, kind
       ), counts AS (
         SELECT scope, time_interval, bucket,
                count(*) FILTER (WHERE kind = 1) AS addresses,
                count(*) FILTER (WHERE kind = 2) AS senders,
                count(*) FILTER (WHERE kind = 3) AS deployers
           FROM added GROUP BY scope, time_interval, bucket
       )
       UPDATE metrics.series s SET
         active_addresses = s.active_addresses + c.addresses,
         active_senders = s.active_senders + c.senders,
         deployers = s.deployers + c.deployers
         FROM counts c
        WHERE s.scope = c.scope AND s.time_interval = c.time_interval AND s.bucket = c.bucket`,
      [
        members.map((m) => m.scope),
        members.map((m) => m.interval),
        members.map((m) => m.bucket),
        members.map((m) => m.kind),
        members.map((m) => bytea(m.address)),
      ],
    );

  if (hours.length > 0)
    await client.query(
      `INSERT INTO metrics.hours AS h
         (scope, hour, gas_price_sum, max_gas_price, max_tps, max_gps, first_block_time, last_block_time)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::numeric[], $4::numeric[], $5::float8[], $6::float8[],
                            $7::bigint[], $8::bigint[])
       ON CONFLICT (scope, hour) DO UPDATE SET
         gas_price_sum = h.gas_price_sum + excluded.gas_price_sum,
         max_gas_price = GREATEST(h.max_gas_price, excluded.max_gas_price),
         max_tps = GREATEST(h.max_tps, excluded.max_tps),
         max_gps = GREATEST(h.max_gps, excluded.max_gps),
         first_block_time = LEAST(h.first_block_time, excluded.first_block_time),
         last_block_time = GREATEST(h.last_block_time, excluded.last_block_time)`,
      [
        hours.map((r) => r.scope),
        hours.map((r) => r.hour),
        numerics(hours.map((r) => r.gasPriceSum)),
        hours.map((r) => (r.maxGasPrice === undefined ? null : r.maxGasPrice.toString())),
        hours.map((r) => r.maxTps ?? null),
        hours.map((r) => r.maxGps ?? null),
        hours.map((r) => r.firstBlockTime),
        hours.map((r) => r.lastBlockTime),
      ],
    );

  if (days.length === 0) return;
  // A new day starts from the running totals (and maxima) of the scope's day before it (every contribution so far
  // to a day before it is in them); what this batch adds to the totals comes below.
  await client.query(
    `INSERT INTO metrics.days AS d
       (scope, day, gas_price_sum, max_gas_price, max_tps, max_gps, last_block_time, cumulative_tx_count,
        cumulative_addresses, cumulative_contracts, cumulative_deployers, cumulative_gas_used, cumulative_fees_paid,
        cumulative_gas_price_sum, cumulative_max_gas_price, cumulative_max_tps, cumulative_max_gps)
     SELECT i.scope, i.day, i.gas_price_sum, i.max_gas_price, i.max_tps, i.max_gps, i.last_block_time,
            COALESCE(p.cumulative_tx_count, 0), COALESCE(p.cumulative_addresses, 0),
            COALESCE(p.cumulative_contracts, 0), COALESCE(p.cumulative_deployers, 0),
            COALESCE(p.cumulative_gas_used, 0), COALESCE(p.cumulative_fees_paid, 0),
            COALESCE(p.cumulative_gas_price_sum, 0), p.cumulative_max_gas_price, p.cumulative_max_tps,
            p.cumulative_max_gps
       FROM unnest($1::text[], $2::bigint[], $3::numeric[], $4::numeric[], $5::float8[], $6::float8[], $7::bigint[])
              AS i(scope, day, gas_price_sum, max_gas_price, max_tps, max_gps, last_block_time)
       LEFT JOIN LATERAL (
         SELECT cumulative_tx_count, cumulative_addresses, cumulative_contracts, cumulative_deployers,
                cumulative_gas_used, cumulative_fees_paid, cumulative_gas_price_sum, cumulative_max_gas_price,
                cumulative_max_tps, cumulative_max_gps
           FROM metrics.days b WHERE b.scope = i.scope AND b.day < i.day ORDER BY b.day DESC LIMIT 1
       ) p ON true
     ON CONFLICT (scope, day) DO UPDATE SET
       gas_price_sum = d.gas_price_sum + excluded.gas_price_sum,
       max_gas_price = GREATEST(d.max_gas_price, excluded.max_gas_price),
       max_tps = GREATEST(d.max_tps, excluded.max_tps),
       max_gps = GREATEST(d.max_gps, excluded.max_gps),
       last_block_time = GREATEST(d.last_block_time, excluded.last_block_time)`,
    [
      days.map((r) => r.scope),
      days.map((r) => r.day),
      numerics(days.map((r) => r.gasPriceSum)),
      days.map((r) => (r.maxGasPrice === undefined ? null : r.maxGasPrice.toString())),
      days.map((r) => r.maxTps ?? null),
      days.map((r) => r.maxGps ?? null),
      days.map((r) => r.lastBlockTime),
    ],
  );

  // Running maxima: a day's maximum raises those of every day of the scope from it on (GREATEST, as the totals
  // below, does not depend on the order chains are rolled up in).
  await client.query(
    `UPDATE metrics.days d SET
       cumulative_max_gas_price = GREATEST(d.cumulative_max_gas_price, x.max_gas_price),
       cumulative_max_tps = GREATEST(d.cumulative_max_tps, x.max_tps),
       cumulative_max_gps = GREATEST(d.cumulative_max_gps, x.max_gps)
       FROM (
         SELECT b.scope, b.day, max(t.max_gas_price) AS max_gas_price, max(t.max_tps) AS max_tps,
                max(t.max_gps) AS max_gps
           FROM unnest($1::text[], $2::bigint[], $3::numeric[], $4::float8[], $5::float8[])
                  AS t(scope, day, max_gas_price, max_tps, max_gps)
           JOIN metrics.days b ON b.scope = t.scope AND b.day >= t.day
          GROUP BY b.scope, b.day
       ) x
      WHERE d.scope = x.scope AND d.day = x.day`,
    [
      days.map((r) => r.scope),
      days.map((r) => r.day),
      days.map((r) => (r.maxGasPrice === undefined ? null : r.maxGasPrice.toString())),
      days.map((r) => r.maxTps ?? null),
      days.map((r) => r.maxGps ?? null),
    ],
  );

  // Deltas of the running totals, by scope and day: transactions and contracts where they happened; an address or
  // deployer on the first day it is seen (moved earlier when a chain behind the others sees it before).
  const deltas = new Map<
    string,
    {
      scope: string;
      day: number;
      txs: number;
      contracts: number;
      addresses: number;
      deployers: number;
      gasUsed: bigint;
      feesPaid: bigint;
      gasPriceSum: bigint;
    }
  >();
  const delta = (scope: string, day: number) => {
    const key = `${scope}|${day}`;
    let d = deltas.get(key);
    if (!d)
      deltas.set(
        key,
        (d = {
          scope,
          day,
          txs: 0,
          contracts: 0,
          addresses: 0,
          deployers: 0,
          gasUsed: 0n,
          feesPaid: 0n,
          gasPriceSum: 0n,
        }),
      );
    return d;
  };
  for (const r of days) {
    delta(r.scope, r.day).txs += r.txCount;
    delta(r.scope, r.day).contracts += r.contracts;
    delta(r.scope, r.day).gasPriceSum += r.gasPriceSum;
  }
  for (const r of sums.filter((s) => s.interval === 'day')) {
    delta(r.scope, r.bucket).gasUsed += r.gasUsed;
    delta(r.scope, r.bucket).feesPaid += r.feesPaid;
  }
  if (firstSeen.length > 0) {
    const { rows } = await client.query<{ scope: string; kind: number; day: string; old_day: string | null }>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::smallint[], $3::bytea[], $4::bigint[]) AS t(scope, kind, address, day)
       ), known AS (
         SELECT f.scope, f.kind, f.address, f.first_day
           FROM metrics.first_seen f JOIN input i USING (scope, kind, address)
       ), moved AS (
         INSERT INTO metrics.first_seen AS f (scope, kind, address, first_day)
         SELECT scope, kind, address, day FROM input
         ON CONFLICT (scope, kind, address) DO UPDATE SET first_day = excluded.first_day
           WHERE excluded.first_day < f.first_day
         RETURNING scope, kind, address, first_day
       )
       SELECT m.scope, m.kind, m.first_day AS day, k.first_day AS old_day
         FROM moved m LEFT JOIN known k USING (scope, kind, address)`,
      [
        firstSeen.map((f) => f.scope),
        firstSeen.map((f) => f.kind),
        firstSeen.map((f) => bytea(f.address)),
        firstSeen.map((f) => f.day),
      ],
    );
    for (const r of rows) {
      const field = r.kind === 1 ? 'addresses' : 'deployers';
      delta(r.scope, Number(r.day))[field] += 1;
      if (r.old_day !== null) delta(r.scope, Number(r.old_day))[field] -= 1;
    }
  }
  const changes = [...deltas.values()].filter(
    (d) =>
      d.txs !== 0 ||
      d.contracts !== 0 ||
      d.addresses !== 0 ||
      d.deployers !== 0 ||
      d.gasUsed !== 0n ||
      d.feesPaid !== 0n ||
      d.gasPriceSum !== 0n,
  );
  if (changes.length === 0) return;
  // Each day's totals take every delta of a day at or before it (days after the batch's exist only when another
  // chain of the scope is ahead).
  await client.query(
    `UPDATE metrics.days d SET
       cumulative_tx_count = d.cumulative_tx_count + x.txs,
       cumulative_contracts = d.cumulative_contracts + x.contracts,
       cumulative_addresses = d.cumulative_addresses + x.addresses,
       cumulative_deployers = d.cumulative_deployers + x.deployers,
       cumulative_gas_used = d.cumulative_gas_used + x.gas_used,
       cumulative_fees_paid = d.cumulative_fees_paid + x.fees_paid,
       cumulative_gas_price_sum = d.cumulative_gas_price_sum + x.gas_price_sum
       FROM (
         SELECT b.scope, b.day, sum(t.txs) AS txs, sum(t.contracts) AS contracts, sum(t.addresses) AS addresses,
                sum(t.deployers) AS deployers, sum(t.gas_used) AS gas_used, sum(t.fees_paid) AS fees_paid,
                sum(t.gas_price_sum) AS gas_price_sum
           FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[],
                       $7::numeric[], $8::numeric[], $9::numeric[])
                  AS t(scope, day, txs, contracts, addresses, deployers, gas_used, fees_paid, gas_price_sum)
           JOIN metrics.days b ON b.scope = t.scope AND b.day >= t.day
          GROUP BY b.scope, b.day
       ) x
      WHERE d.scope = x.scope AND d.day = x.day`,
    [
      changes.map((d) => d.scope),
      changes.map((d) => d.day),
      changes.map((d) => d.txs),
      changes.map((d) => d.contracts),
      changes.map((d) => d.addresses),
      changes.map((d) => d.deployers),
      numerics(changes.map((d) => d.gasUsed)),
      numerics(changes.map((d) => d.feesPaid)),
      numerics(changes.map((d) => d.gasPriceSum)),
    ],
  );
}
