import { bytea, type PoolClient } from '../../runtime/database/pool.ts';
import type { IcmRow } from '../ingest/icm-rollup.ts';

/**
 * Adds a batch's ICM message counts (run inside the batch's transaction, under the rollups' write lock): the pairs
 * first seen, and each bucket's count.
 */
export async function applyIcm(client: PoolClient, rows: IcmRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [
    rows.map((r) => r.network),
    rows.map((r) => bytea(r.source)),
    rows.map((r) => bytea(r.destination)),
  ];
  await client.query(
    `INSERT INTO metrics.icm_pairs (network, src_blockchain_id, dest_blockchain_id)
     SELECT DISTINCT * FROM unnest($1::text[], $2::bytea[], $3::bytea[])
     ON CONFLICT DO NOTHING`,
    columns,
  );
  await client.query(
    `INSERT INTO metrics.icm_messages AS m
       (network, src_blockchain_id, dest_blockchain_id, time_interval, bucket, messages)
     SELECT * FROM unnest($1::text[], $2::bytea[], $3::bytea[], $4::text[], $5::bigint[], $6::bigint[])
     ON CONFLICT (network, src_blockchain_id, dest_blockchain_id, time_interval, bucket)
       DO UPDATE SET messages = m.messages + excluded.messages`,
    [...columns, rows.map((r) => r.interval), rows.map((r) => r.bucket), rows.map((r) => r.messages)],
  );
}
