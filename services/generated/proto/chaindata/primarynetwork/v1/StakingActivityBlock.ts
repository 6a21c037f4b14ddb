// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { StakerActivity as _chaindata_primarynetwork_v1_StakerActivity, StakerActivity__Output as _chaindata_primarynetwork_v1_StakerActivity__Output } from '../../../chaindata/primarynetwork/v1/StakerActivity.ts';
import type { L1ValidatorWeightActivity as _chaindata_primarynetwork_v1_L1ValidatorWeightActivity, L1ValidatorWeightActivity__Output as _chaindata_primarynetwork_v1_L1ValidatorWeightActivity__Output } from '../../../chaindata/primarynetwork/v1/L1ValidatorWeightActivity.ts';
import type { L1ValidatorFeeActivity as _chaindata_primarynetwork_v1_L1ValidatorFeeActivity, L1ValidatorFeeActivity__Output as _chaindata_primarynetwork_v1_L1ValidatorFeeActivity__Output } from '../../../chaindata/primarynetwork/v1/L1ValidatorFeeActivity.ts';
import type { Long } from '@grpc/proto-loader';

export interface StakingActivityBlock {
  'network'?: (string);
  'height'?: (number | string | Long);
  'block_id'?: (Buffer | Uint8Array | string);
  'parent_id'?: (Buffer | Uint8Array | string);
  'block_timestamp'?: (number | string | Long);
  'stakers_added'?: (_chaindata_primarynetwork_v1_StakerActivity)[];
  'stakers_removed'?: (_chaindata_primarynetwork_v1_StakerActivity)[];
  'l1_weights'?: (_chaindata_primarynetwork_v1_L1ValidatorWeightActivity)[];
  'l1_accrued_fees'?: (string);
  'l1_fee_changes'?: (_chaindata_primarynetwork_v1_L1ValidatorFeeActivity)[];
  '_l1_accrued_fees'?: "l1_accrued_fees";
}

export interface StakingActivityBlock__Output {
  'network': (string);
  'height': (string);
  'block_id': (Buffer);
  'parent_id': (Buffer);
  'block_timestamp': (string);
  'stakers_added': (_chaindata_primarynetwork_v1_StakerActivity__Output)[];
  'stakers_removed': (_chaindata_primarynetwork_v1_StakerActivity__Output)[];
  'l1_weights': (_chaindata_primarynetwork_v1_L1ValidatorWeightActivity__Output)[];
  'l1_accrued_fees'?: (string);
  'l1_fee_changes': (_chaindata_primarynetwork_v1_L1ValidatorFeeActivity__Output)[];
  '_l1_accrued_fees'?: "l1_accrued_fees";
}
