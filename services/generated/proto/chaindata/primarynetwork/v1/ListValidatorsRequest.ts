// Original file: proto/chaindata/primarynetwork/v1/primary_network.proto

import type { SortOrder as _chaindata_primarynetwork_v1_SortOrder, SortOrder__Output as _chaindata_primarynetwork_v1_SortOrder__Output } from '../../../chaindata/primarynetwork/v1/SortOrder.ts';

export interface ListValidatorsRequest {
  'network'?: (string);
  'node_ids'?: (Buffer | Uint8Array | string)[];
  'sort_by'?: (string);
  'sort_order'?: (_chaindata_primarynetwork_v1_SortOrder);
  'validation_status'?: (string);
  'min_delegation_capacity'?: (string);
  'max_delegation_capacity'?: (string);
  'min_time_remaining'?: (number | string);
  'max_time_remaining'?: (number | string);
  'min_fee_percentage'?: (number | string);
  'max_fee_percentage'?: (number | string);
  'min_uptime_performance'?: (number | string);
  'max_uptime_performance'?: (number | string);
  'subnet_id'?: (Buffer | Uint8Array | string);
  'page_size'?: (number);
  'cursor'?: (string);
  '_min_delegation_capacity'?: "min_delegation_capacity";
  '_max_delegation_capacity'?: "max_delegation_capacity";
  '_min_time_remaining'?: "min_time_remaining";
  '_max_time_remaining'?: "max_time_remaining";
  '_min_fee_percentage'?: "min_fee_percentage";
  '_max_fee_percentage'?: "max_fee_percentage";
  '_min_uptime_performance'?: "min_uptime_performance";
  '_max_uptime_performance'?: "max_uptime_performance";
  '_subnet_id'?: "subnet_id";
}

export interface ListValidatorsRequest__Output {
  'network': (string);
  'node_ids': (Buffer)[];
  'sort_by': (string);
  'sort_order': (_chaindata_primarynetwork_v1_SortOrder__Output);
  'validation_status': (string);
  'min_delegation_capacity'?: (string);
  'max_delegation_capacity'?: (string);
  'min_time_remaining'?: (number);
  'max_time_remaining'?: (number);
  'min_fee_percentage'?: (number);
  'max_fee_percentage'?: (number);
  'min_uptime_performance'?: (number);
  'max_uptime_performance'?: (number);
  'subnet_id'?: (Buffer);
  'page_size': (number);
  'cursor': (string);
  '_min_delegation_capacity'?: "min_delegation_capacity";
  '_max_delegation_capacity'?: "max_delegation_capacity";
  '_min_time_remaining'?: "min_time_remaining";
  '_max_time_remaining'?: "max_time_remaining";
  '_min_fee_percentage'?: "min_fee_percentage";
  '_max_fee_percentage'?: "max_fee_percentage";
  '_min_uptime_performance'?: "min_uptime_performance";
  '_max_uptime_performance'?: "max_uptime_performance";
  '_subnet_id'?: "subnet_id";
}
