-- A UTXO's owners were three indexes deep in both address_utxos and address_unspent: the key (chain, address,
-- utxo_id) and the route's two orders. A UTXO has one block_timestamp, so (chain, address, block_timestamp, utxo_id)
-- is as unique as the key and is the time order itself: it becomes the key, and every UTXO written since updates
-- two indexes per owner table instead of three. Only indexes change: nothing is replayed.
ALTER TABLE primary_network.address_utxos
  DROP CONSTRAINT address_utxos_pkey,
  ADD PRIMARY KEY (chain, address, block_timestamp, utxo_id);
DROP INDEX primary_network.address_utxos_by_time;

ALTER TABLE primary_network.address_unspent
  DROP CONSTRAINT address_unspent_pkey,
  ADD PRIMARY KEY (chain, address, block_timestamp, utxo_id);
DROP INDEX primary_network.address_unspent_by_time;
