// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto


export interface AvaxSupply {
  'circulatingSupply'?: (string);
  'totalSupply'?: (string);
  'totalPBurned'?: (string);
  'totalCBurned'?: (string);
  'totalXBurned'?: (string);
  'totalStaked'?: (string);
  'totalLocked'?: (string);
  'totalRewards'?: (string);
  'lastUpdated'?: (string);
  'genesisUnlock'?: (string);
  'l1ValidatorFees'?: (string);
}

export interface AvaxSupply__Output {
  'circulatingSupply': (string);
  'totalSupply': (string);
  'totalPBurned': (string);
  'totalCBurned': (string);
  'totalXBurned': (string);
  'totalStaked': (string);
  'totalLocked': (string);
  'totalRewards': (string);
  'lastUpdated': (string);
  'genesisUnlock': (string);
  'l1ValidatorFees': (string);
}
