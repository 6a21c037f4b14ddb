-- The validators, delegators, L1 validators and active staking transactions lists. Stakers page by the position of
-- their staking transaction (added_seq) or by their end time, validators and delegators apart; the staking
-- transactions of stakers not yet removed page by added_seq. L1 validators page in order of registration.
CREATE INDEX stakers_validators_by_seq ON primary_network.stakers (added_seq, tx_id) WHERE NOT is_delegator;
CREATE INDEX stakers_validators_by_end ON primary_network.stakers (end_time, tx_id) WHERE NOT is_delegator;
CREATE INDEX stakers_delegators_by_seq ON primary_network.stakers (added_seq) WHERE is_delegator;
CREATE INDEX stakers_current_by_seq ON primary_network.stakers (added_seq) WHERE to_height IS NULL;
CREATE INDEX l1_validators_by_registration ON primary_network.l1_validators (registered_height, validation_id);
CREATE INDEX l1_validators_by_subnet ON primary_network.l1_validators (subnet_id, registered_height, validation_id);
CREATE INDEX l1_validators_by_node ON primary_network.l1_validators (node_id, registered_height, validation_id);

-- An L1 validator's owners (who gets its remaining balance, who may disable it), as its ConvertSubnetToL1Tx or
-- RegisterL1ValidatorTx set them: the Data API's L1 validator document requires both. Rows projected before lack
-- them and they cannot be read back from the rows, so where any L1 validator was projected the projection starts
-- over, as in 002: every table it writes is emptied, every cursor dropped, and the containers are replayed.
ALTER TABLE primary_network.l1_validators
  ADD COLUMN remaining_balance_owner jsonb,
  ADD COLUMN deactivation_owner jsonb;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM primary_network.l1_validators) THEN
    TRUNCATE primary_network.cursors, primary_network.blocks, primary_network.vertices,
      primary_network.transactions, primary_network.transaction_vertices, primary_network.utxos,
      primary_network.utxo_spends, primary_network.address_utxos, primary_network.address_unspent,
      primary_network.address_transactions, primary_network.l1_validation_transactions, primary_network.blockchains,
      primary_network.stakers, primary_network.staker_addresses, primary_network.rewards,
      primary_network.reward_addresses, primary_network.l1_validators, primary_network.l1_validator_weights,
      primary_network.l1_validator_deposits, primary_network.assets;
  END IF;
END
$$;
