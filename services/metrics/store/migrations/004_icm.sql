-- ICM (Teleporter) messages sent, counted per network, source and destination blockchain, interval and bucket (the
-- buckets of metrics.series), from the messages evm-data's StreamBlockActivity gives with each block. Moved with the
-- sending chain's other rollups and its cursor, in one transaction.

-- Every (network, source, destination) that sent a message: what a query walks, one index range of
-- metrics.icm_messages per pair, so its cost follows the page and the number of pairs, not the history.
CREATE TABLE metrics.icm_pairs (
  network text NOT NULL CHECK (network IN ('mainnet', 'testnet')),
  src_blockchain_id bytea NOT NULL CHECK (length(src_blockchain_id) = 32),
  dest_blockchain_id bytea NOT NULL CHECK (length(dest_blockchain_id) = 32),
  PRIMARY KEY (network, src_blockchain_id, dest_blockchain_id)
);
CREATE INDEX icm_pairs_by_source ON metrics.icm_pairs (src_blockchain_id);
CREATE INDEX icm_pairs_by_destination ON metrics.icm_pairs (dest_blockchain_id);

CREATE TABLE metrics.icm_messages (
  network text NOT NULL,
  src_blockchain_id bytea NOT NULL,
  dest_blockchain_id bytea NOT NULL,
  time_interval text NOT NULL CHECK (time_interval IN ('hour', 'day', 'week', 'month')),
  bucket bigint NOT NULL,
  messages bigint NOT NULL CHECK (messages > 0),
  PRIMARY KEY (network, src_blockchain_id, dest_blockchain_id, time_interval, bucket)
);

-- The blocks rolled up so far carried no ICM messages: every chain is rolled up again from block 0. Every rollup
-- table (all of this schema's tables but the chains and the migrations, whichever earlier migrations made) is
-- emptied, and every cursor goes back to the start; the chains' identities stay.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
     WHERE schemaname = 'metrics' AND tablename NOT IN ('chains', 'schema_migrations')
  LOOP
    EXECUTE format('TRUNCATE metrics.%I', t.tablename);
  END LOOP;
END
$$;
UPDATE metrics.chains SET next_block = 0, last_block_hash = NULL, last_block_time = NULL;
