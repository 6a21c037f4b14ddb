// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { Validator as _chaindata_primarynetwork_v1_Validator, Validator__Output as _chaindata_primarynetwork_v1_Validator__Output } from '../../../chaindata/primarynetwork/v1/Validator.ts';
import type { Long } from '@grpc/proto-loader';

export interface ValidatorSet {
  'p_chain_height'?: (number | string | Long);
  'validators'?: (_chaindata_primarynetwork_v1_Validator)[];
}

export interface ValidatorSet__Output {
  'p_chain_height': (string);
  'validators': (_chaindata_primarynetwork_v1_Validator__Output)[];
}
