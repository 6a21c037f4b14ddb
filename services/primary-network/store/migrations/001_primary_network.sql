-- The primary-network projection: what the P-, X- and C-Chain containers mirrored by the container indexer say,
-- in the shape the Data API's primary-network routes query. Every row has a natural key and is written with
-- ON CONFLICT, so replaying containers writes nothing twice. `chain` is 'P', 'X' or 'C'.

-- Where the projection resumes, per container-indexer index; moved in the transaction that writes the containers.
CREATE TABLE primary_network.cursors (
  index_name text PRIMARY KEY,
  next_index bigint NOT NULL CHECK (next_index >= 0)
);

-- P-Chain blocks, X-Chain blocks (after Cortina) and C-Chain blocks.
CREATE TABLE primary_network.blocks (
  chain char(1) NOT NULL,
  height bigint NOT NULL,
  id bytea NOT NULL,
  parent_id bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  block_type text NOT NULL,
  size_bytes integer NOT NULL,
  tx_ids bytea[] NOT NULL,
  -- proposervm details: {proposerId, proposerParentId, proposerNodeId?, proposerPChainHeight, proposerTimestamp}
  proposer jsonb,
  PRIMARY KEY (chain, height)
);
CREATE UNIQUE INDEX blocks_by_id ON primary_network.blocks (chain, id);
CREATE INDEX blocks_by_time ON primary_network.blocks (chain, block_timestamp, height);

-- X-Chain vertices (before Cortina). idx is the vertex's position in the X/vtx index.
CREATE TABLE primary_network.vertices (
  id bytea PRIMARY KEY,
  idx bigint NOT NULL UNIQUE,
  height bigint NOT NULL,
  parent_ids bytea[] NOT NULL,
  vertex_timestamp bigint NOT NULL,
  size_bytes integer NOT NULL,
  tx_ids bytea[] NOT NULL
);
CREATE INDEX vertices_by_height ON primary_network.vertices (height, idx);

-- Every transaction once, on its chain. seq orders a chain's transactions as they were accepted (and so by time):
-- (height << 16) | position for blocks; X-Chain vertices (which all precede X-Chain blocks) use their index in X/vtx.
-- `details` holds the transaction's own facts, already in the Data API's formatting (staking fields, owners,
-- blockchain info, L1 validator details, EVM inputs and outputs...); UTXO-derived fields are read from utxos.
CREATE TABLE primary_network.transactions (
  chain char(1) NOT NULL,
  id bytea NOT NULL,
  seq bigint NOT NULL,
  tx_type text NOT NULL,
  block_height bigint NOT NULL,
  block_id bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  -- X-Chain transactions accepted in vertices: 'non-linear'; in blocks: 'linear'; elsewhere null.
  chain_format text,
  details jsonb NOT NULL,
  PRIMARY KEY (chain, id)
);
CREATE UNIQUE INDEX transactions_by_seq ON primary_network.transactions (chain, seq);
CREATE INDEX transactions_by_time ON primary_network.transactions (chain, block_timestamp, seq);

-- The vertices an X-Chain transaction was accepted in (a transaction may sit in more than one).
CREATE TABLE primary_network.transaction_vertices (
  tx_id bytea NOT NULL,
  vertex_id bytea NOT NULL,
  vertex_height bigint NOT NULL,
  vertex_timestamp bigint NOT NULL,
  PRIMARY KEY (tx_id, vertex_id)
);

-- Every UTXO a transaction created, once. utxo_id is avalanchego's InputID: sha256(uint64 index ‖ tx id). `chain` is
-- where the UTXO can be spent (consumedOnChainId): the creating chain, or an export's destination.
CREATE TABLE primary_network.utxos (
  utxo_id bytea PRIMARY KEY,
  chain char(1) NOT NULL,
  created_chain char(1) NOT NULL,
  tx_id bytea NOT NULL,
  output_index integer NOT NULL,
  -- The transaction that emitted it in the Data API's sense (a reward UTXO's is the RewardValidatorTx).
  emitted_by_tx bytea NOT NULL,
  created_seq bigint NOT NULL,
  block_height bigint NOT NULL,
  block_id bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  asset_id bytea NOT NULL,
  amount numeric(20, 0) NOT NULL,
  addresses bytea[] NOT NULL,
  threshold integer NOT NULL,
  locktime bigint NOT NULL,
  stakeable_locktime bigint,
  output_type text NOT NULL,
  group_id integer,
  payload bytea,
  utxo_bytes bytea NOT NULL,
  staked boolean NOT NULL DEFAULT false,
  stake_start bigint,
  stake_end bigint,
  reward_type text
);
CREATE INDEX utxos_by_emitting_tx ON primary_network.utxos (emitted_by_tx, output_index);

-- Every spend, once. Kept apart from utxos so that both are only ever inserted: a chain's import may be projected
-- before the export on the other chain that created its UTXO, and either side may come first.
CREATE TABLE primary_network.utxo_spends (
  utxo_id bytea PRIMARY KEY,
  consumed_chain char(1) NOT NULL,
  consumed_by_tx bytea NOT NULL,
  consumed_seq bigint NOT NULL,
  consumed_block_height bigint NOT NULL,
  consumed_block_timestamp bigint NOT NULL
);
CREATE INDEX utxo_spends_by_consuming_tx ON primary_network.utxo_spends (consumed_by_tx);

-- Which addresses own which UTXOs, with the columns the UTXO route sorts and filters by: every UTXO ever
-- (address_utxos), and those not spent yet (address_unspent: inserted when created unless already spent, deleted
-- when spent).
CREATE TABLE primary_network.address_utxos (
  chain char(1) NOT NULL,
  address bytea NOT NULL,
  utxo_id bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  amount numeric(20, 0) NOT NULL,
  asset_id bytea NOT NULL,
  PRIMARY KEY (chain, address, utxo_id)
);
CREATE INDEX address_utxos_by_time ON primary_network.address_utxos (chain, address, block_timestamp, utxo_id);
CREATE INDEX address_utxos_by_amount ON primary_network.address_utxos (chain, address, amount, utxo_id);

CREATE TABLE primary_network.address_unspent (
  chain char(1) NOT NULL,
  address bytea NOT NULL,
  utxo_id bytea NOT NULL,
  block_timestamp bigint NOT NULL,
  amount numeric(20, 0) NOT NULL,
  asset_id bytea NOT NULL,
  PRIMARY KEY (chain, address, utxo_id)
);
CREATE INDEX address_unspent_by_time ON primary_network.address_unspent (chain, address, block_timestamp, utxo_id);
CREATE INDEX address_unspent_by_amount ON primary_network.address_unspent (chain, address, amount, utxo_id);

-- Which transactions touch which addresses: owners of consumed and emitted UTXOs, reward and subnet owners, and
-- (kind 1) the EVM accounts of C-Chain atomic transactions. kind 0 addresses are 20-byte short ids.
CREATE TABLE primary_network.address_transactions (
  chain char(1) NOT NULL,
  kind smallint NOT NULL,
  address bytea NOT NULL,
  seq bigint NOT NULL,
  tx_id bytea NOT NULL,
  PRIMARY KEY (chain, kind, address, seq)
);

-- Transactions that concern an L1 validator (conversion, registration, weight, balance, disable).
CREATE TABLE primary_network.l1_validation_transactions (
  validation_id bytea NOT NULL,
  seq bigint NOT NULL,
  tx_id bytea NOT NULL,
  PRIMARY KEY (validation_id, seq)
);

-- Blockchains created by CreateChainTx (the primary network's own three are known constants).
CREATE TABLE primary_network.blockchains (
  id bytea PRIMARY KEY,
  subnet_id bytea NOT NULL,
  name text NOT NULL,
  vm_id bytea NOT NULL,
  genesis bytea NOT NULL,
  created_height bigint NOT NULL,
  created_timestamp bigint NOT NULL
);

-- Primary-network stakers (validators and delegators) and permissioned subnet validators, from their staking
-- transaction to their removal. from_height: the first P-Chain height at which the staker counts (its start time
-- reached); to_height: the first at which it no longer does (the option block that took its RewardValidatorTx).
CREATE TABLE primary_network.stakers (
  tx_id bytea PRIMARY KEY,
  tx_type text NOT NULL,
  subnet_id bytea NOT NULL,
  node_id bytea NOT NULL,
  is_delegator boolean NOT NULL,
  weight numeric(20, 0) NOT NULL,
  start_time bigint NOT NULL,
  end_time bigint NOT NULL,
  bls_public_key bytea,
  reward_addresses bytea[] NOT NULL,
  -- Reward UTXOs are numbered after the staking tx's outputs and stake.
  first_reward_index integer NOT NULL,
  added_seq bigint NOT NULL,
  -- The node's potential reward, for a staker still current when projected (shown until the reward is paid).
  potential_reward numeric(20, 0),
  from_height bigint,
  to_height bigint,
  reward_tx_id bytea,
  rewarded boolean
);
CREATE INDEX stakers_pending ON primary_network.stakers (start_time) WHERE from_height IS NULL;
CREATE INDEX stakers_active ON primary_network.stakers (subnet_id, node_id) WHERE to_height IS NULL;
CREATE INDEX stakers_by_node ON primary_network.stakers (node_id, added_seq);
CREATE INDEX stakers_by_height ON primary_network.stakers (subnet_id, from_height);

-- The addresses a staker's rewards go to (and its node), for the rewards routes.
CREATE TABLE primary_network.staker_addresses (
  address bytea NOT NULL,
  added_seq bigint NOT NULL,
  tx_id bytea NOT NULL,
  PRIMARY KEY (address, added_seq, tx_id)
);

-- Rewards paid: one row per reward UTXO.
CREATE TABLE primary_network.rewards (
  utxo_id bytea PRIMARY KEY,
  staking_tx_id bytea NOT NULL,
  reward_tx_id bytea NOT NULL,
  reward_seq bigint NOT NULL,
  -- When it was paid: the time of the block that committed (or aborted) the staker's RewardValidatorTx.
  reward_timestamp bigint NOT NULL,
  node_id bytea NOT NULL,
  reward_type text NOT NULL,
  output_index integer NOT NULL,
  amount numeric(20, 0) NOT NULL,
  addresses bytea[] NOT NULL
);
CREATE INDEX rewards_by_node ON primary_network.rewards (node_id, reward_seq);
CREATE TABLE primary_network.reward_addresses (
  address bytea NOT NULL,
  reward_seq bigint NOT NULL,
  utxo_id bytea NOT NULL,
  PRIMARY KEY (address, reward_seq, utxo_id)
);

-- L1 validators (ConvertSubnetToL1Tx, RegisterL1ValidatorTx) with the balance they started with; balances are what
-- was deposited (continuous fees are not deducted: they are not in the containers).
CREATE TABLE primary_network.l1_validators (
  validation_id bytea PRIMARY KEY,
  subnet_id bytea NOT NULL,
  node_id bytea NOT NULL,
  bls_public_key bytea NOT NULL,
  proof_of_possession bytea NOT NULL,
  registered_height bigint NOT NULL,
  deposited numeric(20, 0) NOT NULL,
  -- DisableL1ValidatorTx: from this height the validator is inactive (its weight still counts, without a key).
  disabled_height bigint
);

-- Every weight an L1 validator held, from the P-Chain height it took effect (0: removed).
CREATE TABLE primary_network.l1_validator_weights (
  validation_id bytea NOT NULL,
  from_height bigint NOT NULL,
  subnet_id bytea NOT NULL,
  weight numeric(20, 0) NOT NULL,
  PRIMARY KEY (validation_id, from_height)
);
-- Balance added later (IncreaseL1ValidatorBalanceTx), one row per transaction.
CREATE TABLE primary_network.l1_validator_deposits (
  validation_id bytea NOT NULL,
  tx_id bytea NOT NULL,
  amount numeric(20, 0) NOT NULL,
  PRIMARY KEY (validation_id, tx_id)
);

CREATE INDEX l1_validator_weights_by_subnet ON primary_network.l1_validator_weights (subnet_id, from_height);

-- Assets: AVAX (a network constant, written at start) and every asset an X-Chain CreateAssetTx made.
CREATE TABLE primary_network.assets (
  id bytea PRIMARY KEY,
  name text NOT NULL,
  symbol text NOT NULL,
  denomination integer NOT NULL,
  -- 'secp256k1' or 'nft'
  asset_type text NOT NULL,
  -- 'fixed' or 'variable' (minters exist)
  cap text NOT NULL,
  created_timestamp bigint NOT NULL
);
