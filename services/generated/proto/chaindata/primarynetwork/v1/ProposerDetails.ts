// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface ProposerDetails {
  'proposerId'?: (string);
  'proposerParentId'?: (string);
  'proposerNodeId'?: (string);
  'proposerPChainHeight'?: (number | string);
  'proposerTimestamp'?: (number | string);
  '_proposerId'?: "proposerId";
  '_proposerParentId'?: "proposerParentId";
  '_proposerNodeId'?: "proposerNodeId";
  '_proposerPChainHeight'?: "proposerPChainHeight";
  '_proposerTimestamp'?: "proposerTimestamp";
}

export interface ProposerDetails__Output {
  'proposerId'?: (string);
  'proposerParentId'?: (string);
  'proposerNodeId'?: (string);
  'proposerPChainHeight'?: (number);
  'proposerTimestamp'?: (number);
  '_proposerId'?: "proposerId";
  '_proposerParentId'?: "proposerParentId";
  '_proposerNodeId'?: "proposerNodeId";
  '_proposerPChainHeight'?: "proposerPChainHeight";
  '_proposerTimestamp'?: "proposerTimestamp";
}
