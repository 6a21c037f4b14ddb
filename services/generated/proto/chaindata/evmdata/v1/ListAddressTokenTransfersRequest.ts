// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { TransferStandard as _chaindata_evmdata_v1_TransferStandard, TransferStandard__Output as _chaindata_evmdata_v1_TransferStandard__Output } from '../../../chaindata/evmdata/v1/TransferStandard.ts';
import type { Long } from '@grpc/proto-loader';

export interface ListAddressTokenTransfersRequest {
  'chain_id'?: (string);
  'address'?: (Buffer | Uint8Array | string);
  'standard'?: (_chaindata_evmdata_v1_TransferStandard);
  'start_block'?: (number | string | Long);
  'end_block'?: (number | string | Long);
  'page_size'?: (number);
  'cursor'?: (string);
  '_start_block'?: "start_block";
  '_end_block'?: "end_block";
}

export interface ListAddressTokenTransfersRequest__Output {
  'chain_id': (string);
  'address': (Buffer);
  'standard': (_chaindata_evmdata_v1_TransferStandard__Output);
  'start_block'?: (string);
  'end_block'?: (string);
  'page_size': (number);
  'cursor': (string);
  '_start_block'?: "start_block";
  '_end_block'?: "end_block";
}
