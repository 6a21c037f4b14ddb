// Original file: proto/chaindata/exportworker/v1/export_worker.proto


export interface ExportProgress {
  'rowsWritten'?: (number | string);
  'bytesWritten'?: (number | string);
  'fractionDone'?: (number | string);
}

export interface ExportProgress__Output {
  'rowsWritten': (number);
  'bytesWritten': (number);
  'fractionDone': (number);
}
