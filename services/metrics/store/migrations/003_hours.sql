-- What the rolling windows (last hour … all time, whole UTC hours up to the hour asked about) need beyond the
-- series' hour buckets, and the legacy /v1/avg_tps route's page tokens.

-- The hour-level facts of the averages and maxima, per scope and hour (a row for every hour with a block of the
-- scope), as metrics.days holds them per day.
CREATE TABLE metrics.hours (
  scope text NOT NULL,
  hour bigint NOT NULL,
  -- Sum and maximum of the transactions' gas prices (avgGasPrice = gas_price_sum / the hours' tx_count).
  gas_price_sum numeric NOT NULL DEFAULT 0,
  max_gas_price numeric,
  -- Highest transactions and gas per second of one block (over the seconds since its chain's previous block).
  max_tps double precision,
  max_gps double precision,
  -- The hour's first and last block times: the average of a window divides by the time from the scope's last block
  -- before it (or, when it holds the scope's first block, from that block) to its last block.
  first_block_time bigint NOT NULL,
  last_block_time bigint NOT NULL,
  PRIMARY KEY (scope, hour)
);

-- Running totals from genesis through the day's end of what the all-time window sums, and running maxima, kept as
-- the existing cumulative columns are (a day's totals plus whatever a chain behind the others adds before it). The
-- all-time window reads the day before the asked hour's day here and that day's hours in metrics.hours.
ALTER TABLE metrics.days
  ADD COLUMN cumulative_gas_used numeric NOT NULL DEFAULT 0,
  ADD COLUMN cumulative_fees_paid numeric NOT NULL DEFAULT 0,
  ADD COLUMN cumulative_gas_price_sum numeric NOT NULL DEFAULT 0,
  ADD COLUMN cumulative_max_gas_price numeric,
  ADD COLUMN cumulative_max_tps double precision,
  ADD COLUMN cumulative_max_gps double precision;

-- When each chain's rollups were last written (the legacy route's lastRun). Apart from metrics.chains so that the
-- rolled-up rows stay identical across replays.
CREATE TABLE metrics.refreshes (
  evm_chain_id numeric PRIMARY KEY,
  rolled_up_at bigint NOT NULL
);

-- The legacy route's page tokens: random UUIDs, each naming the scope and the last day it has sent; valid 24 hours
-- from creation (older ones are refused and pruned).
CREATE TABLE metrics.page_tokens (
  token uuid PRIMARY KEY,
  scope text NOT NULL,
  -- The last day (Unix seconds) of the page that issued it: the next page holds the days before it.
  last_day bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_tokens_created_at ON metrics.page_tokens (created_at);

-- The new rows and columns exist only for what is rolled up from now on: replay every chain from its first block
-- (its identity is kept), so an existing database gets them for its whole history. The follower checks each
-- block's parent against the cursor, and a cursor at block 0 with no hash accepts any genesis.
TRUNCATE metrics.series, metrics.bucket_members, metrics.first_seen, metrics.days;
UPDATE metrics.chains SET next_block = 0, last_block_hash = NULL, last_block_time = NULL;
