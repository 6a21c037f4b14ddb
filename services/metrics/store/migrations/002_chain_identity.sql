-- What the Metrics API's Chain document names a followed chain by, as evm-data describes it when the chain is
-- registered (and again at every registration, so a renamed chain shows its new name): its blockchain id (cb58),
-- its name and its subnet id ('' where evm-data gives none).
ALTER TABLE metrics.chains ADD COLUMN blockchain_id text NOT NULL DEFAULT '';
ALTER TABLE metrics.chains ADD COLUMN chain_name text NOT NULL DEFAULT '';
ALTER TABLE metrics.chains ADD COLUMN subnet_id text NOT NULL DEFAULT '';
