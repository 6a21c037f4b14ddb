// Original file: proto/chaindata/noderpc/v1/node_rpc.proto

import type { FinalAnswer as _chaindata_noderpc_v1_FinalAnswer, FinalAnswer__Output as _chaindata_noderpc_v1_FinalAnswer__Output } from '../../../chaindata/noderpc/v1/FinalAnswer.ts';

export interface CallReply {
  'status'?: (number);
  'content_type'?: (string);
  'body'?: (Buffer | Uint8Array | string);
  'final_answers'?: (_chaindata_noderpc_v1_FinalAnswer)[];
}

export interface CallReply__Output {
  'status': (number);
  'content_type': (string);
  'body': (Buffer);
  'final_answers': (_chaindata_noderpc_v1_FinalAnswer__Output)[];
}
