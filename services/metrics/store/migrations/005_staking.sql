-- The staking metrics (getStakingMetrics), rolled up from primary-network's StreamStakingActivity: per subnet and
-- day, the validators and delegators whose staking period covers the day's last second and their stake. Days are
-- Unix seconds at 00:00 UTC; subnets and weights are bytes and nAVAX, not formatted.

-- Where the rollup stands on the P-Chain (one row): the next height, the id of the block before it, the network
-- primary-network indexes ('mainnet' or 'fuji'), and the frontier: the day of the last block, the last day with rows.
CREATE TABLE metrics.staking_cursor (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  network text NOT NULL,
  next_height bigint NOT NULL,
  last_block_id bytea NOT NULL,
  frontier_day bigint NOT NULL
);

-- Each subnet's level on every day from its first staker's day through the frontier (zeros included once it has
-- had one). Only the frontier day's row changes; queries read a page of one subnet's days through the key.
CREATE TABLE metrics.staking_days (
  subnet_id bytea NOT NULL,
  day bigint NOT NULL,
  validator_count bigint NOT NULL,
  validator_weight numeric NOT NULL,
  delegator_count bigint NOT NULL,
  delegator_weight numeric NOT NULL,
  PRIMARY KEY (subnet_id, day)
);
-- The frontier's rows, for every subnet, when the frontier moves.
CREATE INDEX staking_days_by_day ON metrics.staking_days (day);

-- What changes on a day after the frontier (a staker's start or end), added in when the frontier reaches the day.
CREATE TABLE metrics.staking_changes (
  day bigint NOT NULL,
  subnet_id bytea NOT NULL,
  validator_count bigint NOT NULL,
  validator_weight numeric NOT NULL,
  delegator_count bigint NOT NULL,
  delegator_weight numeric NOT NULL,
  PRIMARY KEY (day, subnet_id)
);

-- Every L1 validator's current weight (0: removed), for what its next weight change adds.
CREATE TABLE metrics.staking_l1_validators (
  validation_id bytea PRIMARY KEY,
  weight numeric NOT NULL
);
