// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { SubnetOwnershipInfo as _chaindata_primarynetwork_v1_SubnetOwnershipInfo, SubnetOwnershipInfo__Output as _chaindata_primarynetwork_v1_SubnetOwnershipInfo__Output } from '../../../chaindata/primarynetwork/v1/SubnetOwnershipInfo.ts';
import type { L1ValidatorManagerDetails as _chaindata_primarynetwork_v1_L1ValidatorManagerDetails, L1ValidatorManagerDetails__Output as _chaindata_primarynetwork_v1_L1ValidatorManagerDetails__Output } from '../../../chaindata/primarynetwork/v1/L1ValidatorManagerDetails.ts';
import type { Blockchain as _chaindata_primarynetwork_v1_Blockchain, Blockchain__Output as _chaindata_primarynetwork_v1_Blockchain__Output } from '../../../chaindata/primarynetwork/v1/Blockchain.ts';

export interface Subnet {
  'createBlockTimestamp'?: (number | string);
  'createBlockIndex'?: (string);
  'subnetId'?: (string);
  'ownerAddresses'?: (string)[];
  'threshold'?: (number | string);
  'locktime'?: (number | string);
  'subnetOwnershipInfo'?: (_chaindata_primarynetwork_v1_SubnetOwnershipInfo | null);
  'isL1'?: (boolean);
  'l1ConversionTransactionHash'?: (string);
  'l1ValidatorManagerDetails'?: (_chaindata_primarynetwork_v1_L1ValidatorManagerDetails | null);
  'blockchains'?: (_chaindata_primarynetwork_v1_Blockchain)[];
  '_l1ConversionTransactionHash'?: "l1ConversionTransactionHash";
}

export interface Subnet__Output {
  'createBlockTimestamp': (number);
  'createBlockIndex': (string);
  'subnetId': (string);
  'ownerAddresses': (string)[];
  'threshold': (number);
  'locktime': (number);
  'subnetOwnershipInfo': (_chaindata_primarynetwork_v1_SubnetOwnershipInfo__Output | null);
  'isL1': (boolean);
  'l1ConversionTransactionHash'?: (string);
  'l1ValidatorManagerDetails': (_chaindata_primarynetwork_v1_L1ValidatorManagerDetails__Output | null);
  'blockchains': (_chaindata_primarynetwork_v1_Blockchain__Output)[];
  '_l1ConversionTransactionHash'?: "l1ConversionTransactionHash";
}
