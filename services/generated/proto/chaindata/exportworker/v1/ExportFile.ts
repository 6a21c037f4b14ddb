// Original file: proto/chaindata/exportworker/v1/export_worker.proto

import type { Long } from '@grpc/proto-loader';

export interface ExportFile {
  'ready'?: (boolean);
  'size'?: (number | string | Long);
  'sha256'?: (string);
  'name'?: (string);
}

export interface ExportFile__Output {
  'ready': (boolean);
  'size': (string);
  'sha256': (string);
  'name': (string);
}
