// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { ProposerDetails as _chaindata_primarynetwork_v1_ProposerDetails, ProposerDetails__Output as _chaindata_primarynetwork_v1_ProposerDetails__Output } from '../../../chaindata/primarynetwork/v1/ProposerDetails.ts';

export interface Block {
  'blockNumber'?: (string);
  'blockHash'?: (string);
  'parentHash'?: (string);
  'blockTimestamp'?: (number | string);
  'blockType'?: (string);
  'txCount'?: (number);
  'transactions'?: (string)[];
  'blockSizeBytes'?: (number);
  'l1ValidatorsAccruedFees'?: (number | string);
  'activeL1Validators'?: (number);
  'currentSupply'?: (string);
  'proposerDetails'?: (_chaindata_primarynetwork_v1_ProposerDetails | null);
  '_l1ValidatorsAccruedFees'?: "l1ValidatorsAccruedFees";
  '_activeL1Validators'?: "activeL1Validators";
  '_currentSupply'?: "currentSupply";
}

export interface Block__Output {
  'blockNumber': (string);
  'blockHash': (string);
  'parentHash': (string);
  'blockTimestamp': (number);
  'blockType': (string);
  'txCount': (number);
  'transactions': (string)[];
  'blockSizeBytes': (number);
  'l1ValidatorsAccruedFees'?: (number);
  'activeL1Validators'?: (number);
  'currentSupply'?: (string);
  'proposerDetails': (_chaindata_primarynetwork_v1_ProposerDetails__Output | null);
  '_l1ValidatorsAccruedFees'?: "l1ValidatorsAccruedFees";
  '_activeL1Validators'?: "activeL1Validators";
  '_currentSupply'?: "currentSupply";
}
