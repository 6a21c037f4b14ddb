-- The blockchains and subnets lists page in order of creation, and a subnet's page names its chains, its latest owner
-- and its conversion. These are facts the projection already keeps (blockchains rows; CreateSubnetTx,
-- TransferSubnetOwnershipTx and ConvertSubnetToL1Tx transactions), so only indexes are added: nothing is replayed.
CREATE INDEX blockchains_by_creation ON primary_network.blockchains (created_height, id);
CREATE INDEX blockchains_by_subnet ON primary_network.blockchains (subnet_id, created_height, id);
-- A subnet's id is the id of the CreateSubnetTx that created it.
CREATE INDEX transactions_creating_subnets ON primary_network.transactions (seq)
  WHERE chain = 'P' AND tx_type = 'CreateSubnetTx';
-- details.subnetId is the subnet's id as hex.
CREATE INDEX transactions_changing_subnets ON primary_network.transactions ((details ->> 'subnetId'), seq)
  WHERE chain = 'P' AND tx_type IN ('TransferSubnetOwnershipTx', 'ConvertSubnetToL1Tx');
