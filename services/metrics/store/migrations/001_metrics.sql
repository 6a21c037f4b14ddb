-- The metrics service's rollups of evm-data's block activity. A scope is what the Metrics API names as `chainId`:
-- an EVM chain id in decimal, `mainnet`, `testnet` or `total`. Buckets are Unix seconds at the start of their
-- interval (UTC hour, day, Monday of the week, first of the month). Every block of a chain moves the rows of its
-- chain, its network and `total` in the same transaction as the chain's cursor; all writes of all chains are
-- serialized (an advisory lock), so the counters of the shared scopes never race.

CREATE TABLE metrics.chains (
  evm_chain_id numeric PRIMARY KEY,
  network text NOT NULL CHECK (network IN ('mainnet', 'testnet')),
  -- Every block below it is rolled up; moved in the same transaction as the rows its blocks move.
  next_block bigint NOT NULL DEFAULT 0 CHECK (next_block >= 0),
  -- Hash and timestamp of block next_block - 1: the next block's parent hash must be this hash, and its TPS/GPS
  -- gap is counted from this time.
  last_block_hash bytea,
  last_block_time bigint
);

-- The additive metrics and the exact distinct counts, per scope, interval and bucket. A row exists for every bucket
-- that holds at least one block of the scope.
CREATE TABLE metrics.series (
  scope text NOT NULL,
  time_interval text NOT NULL CHECK (time_interval IN ('hour', 'day', 'week', 'month')),
  bucket bigint NOT NULL,
  tx_count bigint NOT NULL DEFAULT 0,
  gas_used numeric NOT NULL DEFAULT 0,
  -- Sum of gas used times gas price (the receipts' effective gas price), in wei.
  fees_paid numeric NOT NULL DEFAULT 0,
  -- Distinct addresses in `from` or `to` of a transaction or ERC-20/721/1155 transfer log.
  active_addresses bigint NOT NULL DEFAULT 0,
  -- Distinct addresses in `from` of those.
  active_senders bigint NOT NULL DEFAULT 0,
  -- Contracts created (CREATE, CREATE2 in traces, top-level creations included).
  contracts bigint NOT NULL DEFAULT 0,
  -- Distinct `from` of those creations.
  deployers bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, time_interval, bucket)
);

-- Who was counted in a bucket's distinct counts (kind 1: address, 2: sender, 3: deployer): a member inserted for the
-- first time increments its count, a member already there does not.
CREATE TABLE metrics.bucket_members (
  scope text NOT NULL,
  time_interval text NOT NULL,
  bucket bigint NOT NULL,
  kind smallint NOT NULL CHECK (kind IN (1, 2, 3)),
  address bytea NOT NULL,
  PRIMARY KEY (scope, time_interval, bucket, kind, address)
);

-- The first day (UTC midnight) each address (kind 1) or deployer (kind 3) was seen in a scope. Chains are followed
-- independently, so a chain behind the others can move a `total` or network member's first day earlier.
CREATE TABLE metrics.first_seen (
  scope text NOT NULL,
  kind smallint NOT NULL CHECK (kind IN (1, 3)),
  address bytea NOT NULL,
  first_day bigint NOT NULL,
  PRIMARY KEY (scope, kind, address)
);

-- What the day-only metrics need, per scope and day (a row for every day with a block of the scope).
CREATE TABLE metrics.days (
  scope text NOT NULL,
  day bigint NOT NULL,
  -- Sum and maximum of the transactions' gas prices (avgGasPrice = gas_price_sum / the day's tx_count).
  gas_price_sum numeric NOT NULL DEFAULT 0,
  max_gas_price numeric,
  -- Highest transactions and gas per second of one block: its count over the seconds since its chain's previous
  -- block (a block with no earlier block, or in the same second as it, gives no point).
  max_tps double precision,
  max_gps double precision,
  -- The timestamp of the day's last block (avgTps/avgGps divide by the time since the previous day's last block).
  last_block_time bigint NOT NULL,
  -- Running totals from genesis to the day's end (inclusive): transactions, distinct addresses, contracts created,
  -- distinct deployers.
  cumulative_tx_count bigint NOT NULL DEFAULT 0,
  cumulative_addresses bigint NOT NULL DEFAULT 0,
  cumulative_contracts bigint NOT NULL DEFAULT 0,
  cumulative_deployers bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, day)
);
