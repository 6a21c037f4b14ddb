-- transactions.details and blocks.proposer held text in the Data API's formatting (cb58 ids, bech32 addresses,
-- NodeIDs, percentages), so a change of output format was a migration. They now hold facts (bytes as hex in jsonb,
-- integers), rendered by the API. Formatted text cannot be turned back into bytes in SQL (cb58 and bech32 carry
-- checksums), so the projection starts over: every table it writes is emptied and every cursor dropped, and the
-- projection replays the containers the container indexer keeps.
ALTER TABLE primary_network.blocks
  DROP COLUMN proposer,
  ADD COLUMN proposer_id bytea,
  ADD COLUMN proposer_parent_id bytea,
  -- Absent when the proposervm block is unsigned.
  ADD COLUMN proposer_node_id bytea,
  ADD COLUMN proposer_p_chain_height bigint,
  ADD COLUMN proposer_timestamp bigint;

TRUNCATE primary_network.cursors, primary_network.blocks, primary_network.vertices, primary_network.transactions,
  primary_network.transaction_vertices, primary_network.utxos, primary_network.utxo_spends,
  primary_network.address_utxos, primary_network.address_unspent, primary_network.address_transactions,
  primary_network.l1_validation_transactions, primary_network.blockchains, primary_network.stakers,
  primary_network.staker_addresses, primary_network.rewards, primary_network.reward_addresses,
  primary_network.l1_validators, primary_network.l1_validator_weights, primary_network.l1_validator_deposits,
  primary_network.assets;
