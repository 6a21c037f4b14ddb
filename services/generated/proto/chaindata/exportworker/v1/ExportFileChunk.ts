// Original file: proto/chaindata/exportworker/v1/export_worker.proto


export interface ExportFileChunk {
  'data'?: (Buffer | Uint8Array | string);
}

export interface ExportFileChunk__Output {
  'data': (Buffer);
}
