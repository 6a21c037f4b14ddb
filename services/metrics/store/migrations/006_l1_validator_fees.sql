-- The L1 validator fee metrics, rolled up with the staking metrics from primary-network's StreamStakingActivity
-- (ingest/l1-fee-rollup.ts): nAVAX per UTC day (Unix seconds at 00:00) paid to the P-Chain's continuous fee.

-- The P-Chain's AccruedFees after the last block rolled up.
ALTER TABLE metrics.staking_cursor ADD COLUMN l1_accrued_fees numeric NOT NULL DEFAULT 0;

-- The L1 validators active after the last block rolled up: who the next block charges, and under which keys.
CREATE TABLE metrics.l1_fee_validators (
  validation_id bytea PRIMARY KEY,
  subnet_id bytea NOT NULL,
  node_id bytea NOT NULL,
  end_accumulated_fee numeric NOT NULL
);

-- Per scope ('validation', 'node', 'subnet', 'total') and key (the id's bytes; empty for the total), each day it
-- paid something: the fees that day, the fees up to and including it, and how many validations paid that day.
-- Only the newest day of a key changes; queries read one key's days through the primary key.
CREATE TABLE metrics.l1_fee_days (
  scope text NOT NULL,
  key bytea NOT NULL,
  day bigint NOT NULL,
  fees numeric NOT NULL,
  cumulative numeric NOT NULL,
  paying bigint NOT NULL,
  PRIMARY KEY (scope, key, day)
);

-- The blocks rolled up so far carried no fee facts: the staking rollup starts over from the first P-Chain block.
TRUNCATE metrics.staking_cursor, metrics.staking_days, metrics.staking_changes, metrics.staking_l1_validators;
