import type { ExportWorkerServiceHandlers } from '../../generated/proto/chaindata/exportworker/v1/ExportWorkerService.ts';
import type { Operation } from '../../generated/proto/chaindata/exportworker/v1/Operation.ts';
import { DomainError } from '../../runtime/errors.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import {
  checkEvmChains,
  EVM_EXPORT,
  exportSpecOf,
  requestKeyOf,
  todayOf,
  type RequestContext,
} from '../export/request.ts';
import type { ExportFiles } from '../storage/export-files.ts';
import type { OperationRow, OperationStore } from '../store/operations.ts';

type Handlers = AsyncImplementation<ExportWorkerServiceHandlers>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Chunks of ReadExportFile: well under gRPC's message limit, large enough to stream fast. */
export const FILE_CHUNK_BYTES = 256 * 1024;

export interface ExportServiceDeps {
  store: OperationStore;
  files: ExportFiles;
  /** The network and the EVM chains evm-data indexes, as a request is checked against them. */
  network: RequestContext['network'];
  /** The EVM chains evm-data indexes (asked only for an EVM export that is otherwise valid). */
  evmChains: () => Promise<ReadonlySet<string>>;
  /** Queues a new operation's job (idempotent: an operation's job is queued at most once). */
  enqueue: (operationId: string) => Promise<void>;
  /** A RUNNING operation whose job the queue no longer runs: queued again, or failed (see main.ts). */
  reconcile: (operation: OperationRow) => Promise<OperationRow>;
  idempotencyWindowSeconds: number;
  downloadUrlTtlSeconds: number;
}

/** The file's name for downloads: what the export holds. */
export function fileNameOf(operation: OperationRow): string {
  const kind = operation.spec.type.replace('TRANSACTION_EXPORT_', '').toLowerCase().replaceAll('_', '-');
  return `transactions-${kind}-${operation.spec.firstDate}-${operation.spec.lastDate}.csv`;
}

export async function operationDocument(
  operation: OperationRow,
  files: ExportFiles,
  downloadUrlTtlSeconds: number,
): Promise<Operation> {
  const ready = operation.file_size !== null;
  const name = fileNameOf(operation);
  const presigned = ready ? await files.downloadUrl(operation.id, name, downloadUrlTtlSeconds) : undefined;
  const metadata = {
    ...(operation.code ? { code: operation.code } : {}),
    ...(presigned ? { downloadUrl: presigned } : {}),
    ...(operation.next_date ? { nextDate: operation.next_date } : {}),
  };
  return {
    operationId: operation.id,
    operationType: operation.operation_type,
    operationStatus: operation.status,
    // A running export says how far it has got in `message` too: clients that keep only the document's members
    // (the SDKs) see it there.
    ...(operation.message
      ? { message: operation.message }
      : operation.status === 'RUNNING'
        ? {
            message: `running: ${operation.rows_written} rows written, ${Math.floor(operation.fraction_done * 100)}% done`,
          }
        : {}),
    ...(Object.keys(metadata).length > 0 || ready ? { metadata } : {}),
    createdAtTimestamp: operation.created_at.getTime(),
    updatedAtTimestamp: operation.updated_at.getTime(),
    progress: {
      rowsWritten: Number(operation.rows_written),
      bytesWritten: Number(operation.bytes_written),
      fractionDone: operation.fraction_done,
    },
    file: {
      ready,
      size: operation.file_size ?? '0',
      sha256: operation.file_sha256?.toString('hex') ?? '',
      name,
    },
  };
}

function operationIdOf(value: string): string {
  const id = value.toLowerCase();
  if (!UUID.test(id))
    throw field.invalidField('operationId', 'a UUID such as aa22054a-cb7c-4a4e-9b83-59f2ede74138', value);
  return id;
}

export function exportWorkerService(deps: ExportServiceDeps): Handlers {
  const { store, files } = deps;
  const found = async (id: string) => {
    const operation = await store.get(id);
    if (!operation) throw new DomainError('not_found', `operationId: no operation ${id}`);
    return operation;
  };
  return {
    async CreateTransactionExport(request) {
      const spec = exportSpecOf(request, { network: deps.network, today: todayOf(new Date()) });
      // Before evm-data is asked: a request at fault in its own fields is refused whether evm-data answers or not.
      const key = requestKeyOf(spec, request.idempotency_key);
      if (spec.type === EVM_EXPORT) checkEvmChains(request, await deps.evmChains());
      const { operation } = await store.findOrCreate(key, spec, deps.idempotencyWindowSeconds);
      // Queued again for a repeated request too: a no-op unless the first request's job was lost (a crash between
      // the insert and the queue).
      if (operation.status === 'RUNNING') await deps.enqueue(operation.id);
      return operationDocument(operation, files, deps.downloadUrlTtlSeconds);
    },

    async GetOperation(request) {
      let operation = await found(operationIdOf(request.operation_id));
      if (operation.status === 'RUNNING') operation = await deps.reconcile(operation);
      return operationDocument(operation, files, deps.downloadUrlTtlSeconds);
    },

    async ReadExportFile(request, write, signal) {
      const operation = await found(operationIdOf(request.operation_id));
      if (operation.file_size === null)
        throw new DomainError(
          'failed_precondition',
          `operationId: operation ${operation.id} has no file (it is ${operation.status})`,
        );
      const size = Number(operation.file_size);
      const offset = Number(field.integer('offset', request.offset, BigInt(size)));
      let left = size - offset;
      for await (const chunk of files.read(operation.id, offset, FILE_CHUNK_BYTES)) {
        if (signal.aborted || left <= 0) return;
        // A run that lost its job may have written past the end: the file is its first `size` bytes.
        const data = chunk.length > left ? chunk.subarray(0, left) : chunk;
        left -= data.length;
        await write({ data });
      }
      if (left > 0) throw new Error(`export file ${operation.id} is ${left} bytes shorter than recorded`);
    },
  };
}
