import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateTransactionExportRequest as _chaindata_exportworker_v1_CreateTransactionExportRequest, CreateTransactionExportRequest__Output as _chaindata_exportworker_v1_CreateTransactionExportRequest__Output } from './chaindata/exportworker/v1/CreateTransactionExportRequest.ts';
import type { ExportFile as _chaindata_exportworker_v1_ExportFile, ExportFile__Output as _chaindata_exportworker_v1_ExportFile__Output } from './chaindata/exportworker/v1/ExportFile.ts';
import type { ExportFileChunk as _chaindata_exportworker_v1_ExportFileChunk, ExportFileChunk__Output as _chaindata_exportworker_v1_ExportFileChunk__Output } from './chaindata/exportworker/v1/ExportFileChunk.ts';
import type { ExportProgress as _chaindata_exportworker_v1_ExportProgress, ExportProgress__Output as _chaindata_exportworker_v1_ExportProgress__Output } from './chaindata/exportworker/v1/ExportProgress.ts';
import type { ExportWorkerServiceClient as _chaindata_exportworker_v1_ExportWorkerServiceClient, ExportWorkerServiceDefinition as _chaindata_exportworker_v1_ExportWorkerServiceDefinition } from './chaindata/exportworker/v1/ExportWorkerService.ts';
import type { GetOperationRequest as _chaindata_exportworker_v1_GetOperationRequest, GetOperationRequest__Output as _chaindata_exportworker_v1_GetOperationRequest__Output } from './chaindata/exportworker/v1/GetOperationRequest.ts';
import type { Operation as _chaindata_exportworker_v1_Operation, Operation__Output as _chaindata_exportworker_v1_Operation__Output } from './chaindata/exportworker/v1/Operation.ts';
import type { OperationMetadata as _chaindata_exportworker_v1_OperationMetadata, OperationMetadata__Output as _chaindata_exportworker_v1_OperationMetadata__Output } from './chaindata/exportworker/v1/OperationMetadata.ts';
import type { ReadExportFileRequest as _chaindata_exportworker_v1_ReadExportFileRequest, ReadExportFileRequest__Output as _chaindata_exportworker_v1_ReadExportFileRequest__Output } from './chaindata/exportworker/v1/ReadExportFileRequest.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    exportworker: {
      v1: {
        CreateTransactionExportRequest: MessageTypeDefinition<_chaindata_exportworker_v1_CreateTransactionExportRequest, _chaindata_exportworker_v1_CreateTransactionExportRequest__Output>
        ExportFile: MessageTypeDefinition<_chaindata_exportworker_v1_ExportFile, _chaindata_exportworker_v1_ExportFile__Output>
        ExportFileChunk: MessageTypeDefinition<_chaindata_exportworker_v1_ExportFileChunk, _chaindata_exportworker_v1_ExportFileChunk__Output>
        ExportProgress: MessageTypeDefinition<_chaindata_exportworker_v1_ExportProgress, _chaindata_exportworker_v1_ExportProgress__Output>
        ExportWorkerService: SubtypeConstructor<typeof grpc.Client, _chaindata_exportworker_v1_ExportWorkerServiceClient> & { service: _chaindata_exportworker_v1_ExportWorkerServiceDefinition }
        GetOperationRequest: MessageTypeDefinition<_chaindata_exportworker_v1_GetOperationRequest, _chaindata_exportworker_v1_GetOperationRequest__Output>
        Operation: MessageTypeDefinition<_chaindata_exportworker_v1_Operation, _chaindata_exportworker_v1_Operation__Output>
        OperationMetadata: MessageTypeDefinition<_chaindata_exportworker_v1_OperationMetadata, _chaindata_exportworker_v1_OperationMetadata__Output>
        ReadExportFileRequest: MessageTypeDefinition<_chaindata_exportworker_v1_ReadExportFileRequest, _chaindata_exportworker_v1_ReadExportFileRequest__Output>
      }
    }
  }
}

