// Original file: proto/chaindata/exportworker/v1/export_worker.proto

import type { Long } from '@grpc/proto-loader';

export interface ReadExportFileRequest {
  'operation_id'?: (string);
  'offset'?: (number | string | Long);
}

export interface ReadExportFileRequest__Output {
  'operation_id': (string);
  'offset': (string);
}
