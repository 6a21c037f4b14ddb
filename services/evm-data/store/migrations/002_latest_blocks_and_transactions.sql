-- The block routes and the latest-transaction lists. A block keeps what EvmBlock reports that 001 did not:
-- Avalanche's block gas cost (unknown, so NULL, for blocks written before this migration), the fees its
-- transactions paid (all burned on Avalanche) and the chain's transaction count up to it. A transaction keeps its
-- block's timestamp, so the lists across chains, ordered by time, read one index instead of joining every block.

ALTER TABLE evm_data.blocks
  ADD COLUMN block_gas_cost numeric,
  ADD COLUMN fees_spent numeric,
  ADD COLUMN cumulative_tx_count bigint;

UPDATE evm_data.blocks b
SET fees_spent = coalesce(
      (SELECT sum(t.gas_used * t.gas_price) FROM evm_data.transactions t
       WHERE t.chain = b.chain AND t.block_number = b.number), 0),
    cumulative_tx_count = c.total
FROM (SELECT chain, number, sum(tx_count) OVER (PARTITION BY chain ORDER BY number) AS total
      FROM evm_data.blocks) c
WHERE c.chain = b.chain AND c.number = b.number;

ALTER TABLE evm_data.blocks
  ALTER COLUMN fees_spent SET NOT NULL,
  ALTER COLUMN cumulative_tx_count SET NOT NULL;

CREATE UNIQUE INDEX blocks_by_hash ON evm_data.blocks (hash, chain);
-- Latest blocks across chains: newest first, ties (chains sharing a second) broken by chain, then number.
CREATE INDEX blocks_by_time ON evm_data.blocks (block_timestamp, chain, number);

ALTER TABLE evm_data.transactions ADD COLUMN block_timestamp bigint;
UPDATE evm_data.transactions t SET block_timestamp = b.block_timestamp
FROM evm_data.blocks b WHERE b.chain = t.chain AND b.number = t.block_number;
ALTER TABLE evm_data.transactions ALTER COLUMN block_timestamp SET NOT NULL;

-- A chain's latest transactions of one status (the primary key serves them unfiltered).
CREATE INDEX transactions_by_status ON evm_data.transactions (chain, status, block_number, tx_index);
-- Latest transactions across chains, in the blocks' order, with and without a status filter.
CREATE INDEX transactions_by_time ON evm_data.transactions (block_timestamp, chain, block_number, tx_index);
CREATE INDEX transactions_by_status_time
  ON evm_data.transactions (status, block_timestamp, chain, block_number, tx_index);
