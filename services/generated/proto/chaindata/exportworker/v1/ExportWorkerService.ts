// Original file: proto/chaindata/exportworker/v1/export_worker.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateTransactionExportRequest as _chaindata_exportworker_v1_CreateTransactionExportRequest, CreateTransactionExportRequest__Output as _chaindata_exportworker_v1_CreateTransactionExportRequest__Output } from '../../../chaindata/exportworker/v1/CreateTransactionExportRequest.ts';
import type { ExportFileChunk as _chaindata_exportworker_v1_ExportFileChunk, ExportFileChunk__Output as _chaindata_exportworker_v1_ExportFileChunk__Output } from '../../../chaindata/exportworker/v1/ExportFileChunk.ts';
import type { GetOperationRequest as _chaindata_exportworker_v1_GetOperationRequest, GetOperationRequest__Output as _chaindata_exportworker_v1_GetOperationRequest__Output } from '../../../chaindata/exportworker/v1/GetOperationRequest.ts';
import type { Operation as _chaindata_exportworker_v1_Operation, Operation__Output as _chaindata_exportworker_v1_Operation__Output } from '../../../chaindata/exportworker/v1/Operation.ts';
import type { ReadExportFileRequest as _chaindata_exportworker_v1_ReadExportFileRequest, ReadExportFileRequest__Output as _chaindata_exportworker_v1_ReadExportFileRequest__Output } from '../../../chaindata/exportworker/v1/ReadExportFileRequest.ts';

export interface ExportWorkerServiceClient extends grpc.Client {
  CreateTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  CreateTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  CreateTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  CreateTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  createTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  createTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  createTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  createTransactionExport(argument: _chaindata_exportworker_v1_CreateTransactionExportRequest, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  
  GetOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  GetOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  GetOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  GetOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  getOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  getOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  getOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  getOperation(argument: _chaindata_exportworker_v1_GetOperationRequest, callback: grpc.requestCallback<_chaindata_exportworker_v1_Operation__Output>): grpc.ClientUnaryCall;
  
  ReadExportFile(argument: _chaindata_exportworker_v1_ReadExportFileRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_exportworker_v1_ExportFileChunk__Output>;
  ReadExportFile(argument: _chaindata_exportworker_v1_ReadExportFileRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_exportworker_v1_ExportFileChunk__Output>;
  readExportFile(argument: _chaindata_exportworker_v1_ReadExportFileRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_exportworker_v1_ExportFileChunk__Output>;
  readExportFile(argument: _chaindata_exportworker_v1_ReadExportFileRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_chaindata_exportworker_v1_ExportFileChunk__Output>;
  
}

export interface ExportWorkerServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateTransactionExport: grpc.handleUnaryCall<_chaindata_exportworker_v1_CreateTransactionExportRequest__Output, _chaindata_exportworker_v1_Operation>;
  
  GetOperation: grpc.handleUnaryCall<_chaindata_exportworker_v1_GetOperationRequest__Output, _chaindata_exportworker_v1_Operation>;
  
  ReadExportFile: grpc.handleServerStreamingCall<_chaindata_exportworker_v1_ReadExportFileRequest__Output, _chaindata_exportworker_v1_ExportFileChunk>;
  
}

export interface ExportWorkerServiceDefinition extends grpc.ServiceDefinition {
  CreateTransactionExport: MethodDefinition<_chaindata_exportworker_v1_CreateTransactionExportRequest, _chaindata_exportworker_v1_Operation, _chaindata_exportworker_v1_CreateTransactionExportRequest__Output, _chaindata_exportworker_v1_Operation__Output>
  GetOperation: MethodDefinition<_chaindata_exportworker_v1_GetOperationRequest, _chaindata_exportworker_v1_Operation, _chaindata_exportworker_v1_GetOperationRequest__Output, _chaindata_exportworker_v1_Operation__Output>
  ReadExportFile: MethodDefinition<_chaindata_exportworker_v1_ReadExportFileRequest, _chaindata_exportworker_v1_ExportFileChunk, _chaindata_exportworker_v1_ReadExportFileRequest__Output, _chaindata_exportworker_v1_ExportFileChunk__Output>
}
