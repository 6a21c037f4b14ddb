-- ACP-77's continuous L1 validator fee, replayed by the projection (ingest/l1-validator-fees.ts): no node API says
-- what a validator has paid, only its balance now.
-- Each P-Chain block from Etna on: the fee a validator active since the first Etna block would have paid by then
-- (AccruedFees), the excess that prices the next second, and how many L1 validators were active after it.
ALTER TABLE primary_network.blocks
  ADD COLUMN l1_accrued_fees numeric,
  ADD COLUMN l1_fee_excess numeric,
  ADD COLUMN l1_active_validators integer;

-- The AccruedFees at which an L1 validator's balance runs out (0: inactive); its balance is this less the last
-- block's l1_accrued_fees.
ALTER TABLE primary_network.l1_validators ADD COLUMN end_accumulated_fee numeric NOT NULL DEFAULT 0;

-- What each block did to an L1 validator's fee account: its endAccumulatedFee after the block, what the block's
-- transactions deposited and what they refunded (the metrics service rolls the fees paid up from these).
CREATE TABLE primary_network.l1_validator_fee_changes (
  height bigint NOT NULL,
  validation_id bytea NOT NULL,
  end_accumulated_fee numeric NOT NULL,
  deposited numeric NOT NULL,
  refunded numeric NOT NULL,
  PRIMARY KEY (height, validation_id)
);

-- AccruedFees grows from Etna on whether or not any L1 validator exists, and balances and refund UTXOs cannot be
-- derived from the rows already written: where any P-Chain block was projected the projection starts over, as in
-- 002 and 005.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM primary_network.blocks WHERE chain = 'P') THEN
    TRUNCATE primary_network.cursors, primary_network.blocks, primary_network.vertices,
      primary_network.transactions, primary_network.transaction_vertices, primary_network.utxos,
      primary_network.utxo_spends, primary_network.address_utxos, primary_network.address_unspent,
      primary_network.address_transactions, primary_network.l1_validation_transactions, primary_network.blockchains,
      primary_network.stakers, primary_network.staker_addresses, primary_network.rewards,
      primary_network.reward_addresses, primary_network.l1_validators, primary_network.l1_validator_weights,
      primary_network.l1_validator_deposits, primary_network.assets, primary_network.asset_transactions;
  END IF;
END
$$;
