-- An address's sub-lists, a token's transfers and the contracts an address deployed (indexes only). Each list of
-- "rows the address sends or receives" reads two indexes, one per end, each in the list's order, and merges them.

-- Native transactions by sender, and by recipient: `to`, or for a creation the contract it created (the API's `to`).
CREATE INDEX transactions_by_sender ON evm_data.transactions (chain, from_address, block_number, tx_index);
CREATE INDEX transactions_by_recipient
  ON evm_data.transactions (chain, (coalesce(to_address, created_contract)), block_number, tx_index);

-- ERC transfers of one standard by sender and by recipient; a token's transfers of any standard.
CREATE INDEX token_transfers_by_sender
  ON evm_data.token_transfers (chain, from_address, erc_type, block_number, log_index, batch_index);
CREATE INDEX token_transfers_by_recipient
  ON evm_data.token_transfers (chain, to_address, erc_type, block_number, log_index, batch_index);
CREATE INDEX token_transfers_by_contract
  ON evm_data.token_transfers (chain, contract, block_number, log_index, batch_index);

-- The internal transactions the Data API lists for an address: CALL and CALLCODE frames that move value, and
-- creations; by caller and by callee.
CREATE INDEX internal_transactions_by_sender
  ON evm_data.internal_transactions (chain, from_address, block_number, tx_index, trace_index)
  WHERE call_type IN ('CREATE', 'CREATE2', 'CREATE3') OR (call_type IN ('CALL', 'CALLCODE') AND value > 0);
CREATE INDEX internal_transactions_by_recipient
  ON evm_data.internal_transactions (chain, to_address, block_number, tx_index, trace_index)
  WHERE call_type IN ('CREATE', 'CREATE2', 'CREATE3') OR (call_type IN ('CALL', 'CALLCODE') AND value > 0);

-- Contracts by the account whose transaction deployed them, and by the contract that created them.
CREATE INDEX contracts_by_deployer ON evm_data.contracts (chain, deployer_address, created_block, address)
  WHERE deployer_address IS NOT NULL;
CREATE INDEX contracts_by_deploying_contract ON evm_data.contracts (chain, deployer_contract, created_block, address)
  WHERE deployer_contract IS NOT NULL;
