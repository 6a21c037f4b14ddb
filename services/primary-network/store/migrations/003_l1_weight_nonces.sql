-- A SetL1ValidatorWeightTx's facts now keep its L1ValidatorWeight message's nonce, which the P-Chain's own
-- L1ValidatorWeight message repeats (the signature aggregator builds that message from it). Rows projected before
-- lack it and it cannot be read back from them, so where any such transaction was projected the projection starts
-- over, as in 002: every table it writes is emptied, every cursor dropped, and the containers are replayed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM primary_network.transactions WHERE tx_type = 'SetL1ValidatorWeightTx') THEN
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
