// Original file: proto/chaindata/exportworker/v1/export_worker.proto

import type { OperationMetadata as _chaindata_exportworker_v1_OperationMetadata, OperationMetadata__Output as _chaindata_exportworker_v1_OperationMetadata__Output } from '../../../chaindata/exportworker/v1/OperationMetadata.ts';
import type { ExportProgress as _chaindata_exportworker_v1_ExportProgress, ExportProgress__Output as _chaindata_exportworker_v1_ExportProgress__Output } from '../../../chaindata/exportworker/v1/ExportProgress.ts';
import type { ExportFile as _chaindata_exportworker_v1_ExportFile, ExportFile__Output as _chaindata_exportworker_v1_ExportFile__Output } from '../../../chaindata/exportworker/v1/ExportFile.ts';

export interface Operation {
  'operationId'?: (string);
  'operationType'?: (string);
  'operationStatus'?: (string);
  'message'?: (string);
  'metadata'?: (_chaindata_exportworker_v1_OperationMetadata | null);
  'createdAtTimestamp'?: (number | string);
  'updatedAtTimestamp'?: (number | string);
  'progress'?: (_chaindata_exportworker_v1_ExportProgress | null);
  'file'?: (_chaindata_exportworker_v1_ExportFile | null);
  '_message'?: "message";
  '_metadata'?: "metadata";
}

export interface Operation__Output {
  'operationId': (string);
  'operationType': (string);
  'operationStatus': (string);
  'message'?: (string);
  'metadata'?: (_chaindata_exportworker_v1_OperationMetadata__Output | null);
  'createdAtTimestamp': (number);
  'updatedAtTimestamp': (number);
  'progress': (_chaindata_exportworker_v1_ExportProgress__Output | null);
  'file': (_chaindata_exportworker_v1_ExportFile__Output | null);
  '_message'?: "message";
  '_metadata'?: "metadata";
}
