-- The blocks a node proposed and the locked part of AVAX's supply are facts the projection already keeps (blocks'
-- proposer_node_id, utxos' locktimes): for them only indexes are added.
CREATE INDEX blocks_by_proposer ON primary_network.blocks (chain, proposer_node_id, height)
  WHERE proposer_node_id IS NOT NULL;
-- Almost every UTXO has no locktime: the few that have one are what the supply's locked total reads.
CREATE INDEX utxos_locked ON primary_network.utxos (locktime) WHERE locktime > 0;
CREATE INDEX utxos_stakeable_locked ON primary_network.utxos (stakeable_locktime) WHERE stakeable_locktime > 0;

-- Which transactions created or consumed UTXOs of which asset, on the chain of the transaction (as address_transactions
-- links owners): an asset's transactions page through it in the chain's order. Filled here from the UTXOs and spends
-- already projected (a UTXO's creator only when it is a transaction: genesis UTXOs have none), then by the projection.
CREATE TABLE primary_network.asset_transactions (
  chain char(1) NOT NULL,
  asset_id bytea NOT NULL,
  seq bigint NOT NULL,
  tx_id bytea NOT NULL,
  PRIMARY KEY (chain, asset_id, seq)
);
INSERT INTO primary_network.asset_transactions (chain, asset_id, seq, tx_id)
SELECT u.created_chain, u.asset_id, u.created_seq, u.emitted_by_tx FROM primary_network.utxos u
WHERE EXISTS (SELECT 1 FROM primary_network.transactions t WHERE t.chain = u.created_chain AND t.id = u.emitted_by_tx)
UNION
SELECT s.consumed_chain, u.asset_id, s.consumed_seq, s.consumed_by_tx
FROM primary_network.utxo_spends s JOIN primary_network.utxos u ON u.utxo_id = s.utxo_id
ON CONFLICT DO NOTHING;
