-- The evm-data service's tables. Every chain it follows gets a small integer id; each chain's rows are keyed by
-- (chain, block number, position in the block), so a block's rows are written once and a replayed block is a no-op.
-- Addresses and hashes are bytea; uint256 amounts numeric.

CREATE TABLE evm_data.chains (
  id smallint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  blockchain_id bytea NOT NULL UNIQUE,
  evm_chain_id numeric NOT NULL UNIQUE,
  -- Every block below it is ingested; moved in the same transaction as the rows of the blocks it passes.
  next_block bigint NOT NULL DEFAULT 0,
  head_block bigint NOT NULL DEFAULT 0
);

CREATE TABLE evm_data.blocks (
  chain smallint NOT NULL,
  number bigint NOT NULL,
  hash bytea NOT NULL,
  parent_hash bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  timestamp_ms bigint,
  min_delay_excess numeric,
  base_fee numeric,
  gas_used numeric NOT NULL,
  gas_limit numeric NOT NULL,
  tx_count int NOT NULL,
  PRIMARY KEY (chain, number)
);

CREATE TABLE evm_data.transactions (
  chain smallint NOT NULL,
  block_number bigint NOT NULL,
  tx_index int NOT NULL,
  hash bytea NOT NULL,
  from_address bytea NOT NULL,
  -- NULL for a contract creation; created_contract is then the new contract.
  to_address bytea,
  created_contract bytea,
  value numeric NOT NULL,
  nonce bigint NOT NULL,
  gas_limit numeric NOT NULL,
  gas_used numeric NOT NULL,
  gas_price numeric NOT NULL,
  max_fee_per_gas numeric,
  max_priority_fee_per_gas numeric,
  tx_type smallint NOT NULL,
  status smallint NOT NULL,
  input bytea NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index)
);
CREATE UNIQUE INDEX transactions_by_hash ON evm_data.transactions (hash, chain);

-- ERC-20 (erc_type 20, token_id NULL), ERC-721 (721, value 1) and ERC-1155 (1155) transfers; a TransferBatch log
-- is one row per id, numbered by batch_index.
CREATE TABLE evm_data.token_transfers (
  chain smallint NOT NULL,
  block_number bigint NOT NULL,
  log_index int NOT NULL,
  batch_index int NOT NULL,
  tx_index int NOT NULL,
  contract bytea NOT NULL,
  erc_type smallint NOT NULL,
  from_address bytea NOT NULL,
  to_address bytea NOT NULL,
  token_id numeric,
  value numeric NOT NULL,
  PRIMARY KEY (chain, block_number, log_index, batch_index)
);
CREATE INDEX token_transfers_by_tx ON evm_data.token_transfers (chain, block_number, tx_index);

-- Every call and create below a transaction's top-level call, depth first (trace_index in geth's callTracer order).
CREATE TABLE evm_data.internal_transactions (
  chain smallint NOT NULL,
  block_number bigint NOT NULL,
  tx_index int NOT NULL,
  trace_index int NOT NULL,
  call_type text NOT NULL,
  from_address bytea NOT NULL,
  to_address bytea NOT NULL,
  value numeric NOT NULL,
  gas_limit numeric NOT NULL,
  gas_used numeric NOT NULL,
  reverted boolean NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index, trace_index)
);

-- The address routes' index: an address is here for a transaction when it is the from or to of the transaction,
-- or of any transfer or internal call in it.
CREATE TABLE evm_data.address_transactions (
  chain smallint NOT NULL,
  address bytea NOT NULL,
  block_number bigint NOT NULL,
  tx_index int NOT NULL,
  PRIMARY KEY (chain, address, block_number, tx_index)
);

CREATE TABLE evm_data.contracts (
  chain smallint NOT NULL,
  address bytea NOT NULL,
  -- 'ERC-20', 'ERC-721', 'ERC-1155' or 'UNKNOWN'
  erc_type text NOT NULL,
  name text,
  symbol text,
  decimals int,
  deploy_tx_hash bytea,
  deployer_address bytea,
  deployer_contract bytea,
  created_block bigint,
  PRIMARY KEY (chain, address)
);

-- Token holdings derived from transfers: ERC-20 balances (token_id 0), ERC-721 ownership (balance 1) and ERC-1155
-- balances. The zero address (mints and burns) holds nothing.
CREATE TABLE evm_data.token_holdings (
  chain smallint NOT NULL,
  contract bytea NOT NULL,
  token_id numeric NOT NULL,
  holder bytea NOT NULL,
  erc_type smallint NOT NULL,
  balance numeric NOT NULL,
  PRIMARY KEY (chain, contract, token_id, holder)
);
CREATE INDEX collectibles_by_holder ON evm_data.token_holdings (chain, holder, contract, token_id)
  WHERE erc_type <> 20 AND balance > 0;

CREATE TABLE evm_data.nft_tokens (
  chain smallint NOT NULL,
  contract bytea NOT NULL,
  token_id numeric NOT NULL,
  erc_type smallint NOT NULL,
  first_block bigint NOT NULL,
  token_uri text,
  index_status text NOT NULL DEFAULT 'UNINDEXED',
  metadata jsonb,
  metadata_updated_at timestamptz,
  reindex_requested_at timestamptz,
  PRIMARY KEY (chain, contract, token_id)
);

-- ICM (Teleporter) events. A message is joined at read time from its send (on the source chain) and its receipt
-- (on the destination chain), which either chain's ingestion may write first.
CREATE TABLE evm_data.icm_sends (
  message_id bytea PRIMARY KEY,
  chain smallint NOT NULL,
  block_number bigint NOT NULL,
  tx_hash bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  gas_spent numeric NOT NULL,
  icm_contract bytea NOT NULL,
  destination_blockchain_id bytea NOT NULL,
  message_nonce numeric NOT NULL,
  from_address bytea NOT NULL,
  to_address bytea NOT NULL,
  payload bytea NOT NULL,
  receipts jsonb NOT NULL,
  fee_token bytea NOT NULL,
  fee_amount numeric NOT NULL
);

CREATE TABLE evm_data.icm_receives (
  message_id bytea PRIMARY KEY,
  chain smallint NOT NULL,
  block_number bigint NOT NULL,
  tx_hash bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  gas_spent numeric NOT NULL,
  icm_contract bytea NOT NULL,
  source_blockchain_id bytea NOT NULL,
  message_nonce numeric NOT NULL,
  from_address bytea NOT NULL,
  to_address bytea NOT NULL,
  payload bytea NOT NULL,
  receipts jsonb NOT NULL,
  deliverer bytea NOT NULL,
  reward_redeemer bytea NOT NULL,
  executed boolean NOT NULL
);

-- ReceiptReceived on the source chain: the destination's receipt for a message came back.
CREATE TABLE evm_data.icm_receipts (
  message_id bytea PRIMARY KEY,
  chain smallint NOT NULL,
  block_number bigint NOT NULL
);

-- The ICM route's index: each message under its sender and its recipient, ordered by the time it was first seen.
CREATE TABLE evm_data.icm_address_messages (
  address bytea NOT NULL,
  message_id bytea NOT NULL,
  first_seen bigint NOT NULL,
  PRIMARY KEY (address, message_id)
);
CREATE INDEX icm_messages_by_address ON evm_data.icm_address_messages (address, first_seen DESC, message_id DESC);
CREATE INDEX icm_sends_by_tx ON evm_data.icm_sends (tx_hash);
CREATE INDEX icm_receives_by_tx ON evm_data.icm_receives (tx_hash);
