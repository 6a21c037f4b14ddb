import type { Logger } from '../../runtime/logger.ts';
import type { ExportFiles, ExportFileWriter } from '../storage/export-files.ts';
import {
  LostRun,
  type Checkpoint,
  type OperationRow,
  type OperationStore,
  type Plan,
} from '../store/operations.ts';
import { csvLine, headerOf } from './csv.ts';
import { addDays, dayWindow, daysBetween, lastWholeDayBefore } from './dates.ts';
import type { ExportPlanSources } from './sources.ts';

/**
 * One run of an export job: from the operation's checkpoint (or the start) to its end, writing the file day by day
 * (every source's rows of a day, in the plan's source order, before the next day's), so that a file cut short by
 * the limits ends at a day boundary and the next request can start from the day that did not fit. The plan (the
 * last day exported) is fixed by the first run, so every run, resumed or not, writes the same file.
 */
export interface ExportLimits {
  maxRows: number;
  maxBytes: number;
  /** A checkpoint is taken after this many bytes (and at the end of each day that reached it). */
  checkpointBytes: number;
}

export interface RunContext {
  store: OperationStore;
  files: ExportFiles;
  limits: ExportLimits;
  log: Logger;
  /** Stops the run between pages (shutdown); the run then returns 'interrupted'. */
  signal: AbortSignal;
  /** Reports progress (rows and share done) after each checkpoint. */
  onCheckpoint?: (checkpoint: Checkpoint, fractionDone: number) => void;
  /** Reports each page read: the run is alive, whether or not a checkpoint was due. */
  onPage?: () => void;
}

export type RunResult = 'finished' | 'interrupted' | 'not-running';

/** The days the export covers: the request's, cut at the last day the sources cover wholly. */
export function planOf(firstDate: string, lastDate: string, coveredUntil: number): Plan {
  const wanted = dayWindow(lastDate).end;
  if (coveredUntil >= wanted) return { lastDay: lastDate };
  const lastCovered = lastWholeDayBefore(coveredUntil);
  // Before firstDate means no day at all: the file is its header.
  const lastDay = lastCovered < firstDate ? addDays(firstDate, -1) : lastCovered;
  return { lastDay, coveredUntil };
}

export async function runExport(
  operation: OperationRow,
  sources: ExportPlanSources,
  context: RunContext,
): Promise<RunResult> {
  const { store, files, limits, log, signal } = context;
  const { id, run, spec } = operation;
  const plan =
    operation.plan ??
    (await store.fixPlan(id, run, planOf(spec.firstDate, spec.lastDate, await sources.coveredUntil())));
  const totalDays = daysBetween(spec.firstDate, plan.lastDay);
  const start: Checkpoint = operation.checkpoint ?? {
    day: spec.firstDate,
    source: 0,
    cursor: '',
    rows: 0,
    bytes: 0,
    dayStartRows: 0,
    dayStartBytes: 0,
  };
  const file = await files.openForWrite(id, { size: start.bytes, state: start.storage });
  try {
    let at = { ...start };
    if (at.bytes === 0) {
      const header = Buffer.from(headerOf(sources.layout));
      await file.append(header);
      at = { ...at, bytes: header.length, dayStartBytes: header.length };
    }
    let sinceCheckpoint = 0;
    const fractionOf = (c: Checkpoint) =>
      totalDays === 0
        ? 1
        : (daysBetween(spec.firstDate, c.day) - 1 + c.source / Math.max(1, sources.sources.length)) /
          totalDays;
    const checkpoint = async () => {
      const flushed = await file.flush();
      if (!flushed.durable) return;
      const fraction = Math.min(1, fractionOf(at));
      at = { ...at, storage: flushed.state };
      await store.saveCheckpoint(id, run, at, fraction);
      context.onCheckpoint?.(at, fraction);
      sinceCheckpoint = 0;
    };

    for (; at.day <= plan.lastDay;) {
      for (; at.source < sources.sources.length; at = { ...at, source: at.source + 1, cursor: '' }) {
        const source = sources.sources[at.source]!;
        for await (const page of source.pages(dayWindow(at.day), at.cursor)) {
          if (signal.aborted) {
            await checkpoint();
            return 'interrupted';
          }
          const data = Buffer.from(page.rows.map(csvLine).join(''));
          if (at.rows + page.rows.length > limits.maxRows || at.bytes + data.length > limits.maxBytes)
            return await endTruncated(operation, file, at, context);
          await file.append(data);
          context.onPage?.();
          at = {
            ...at,
            rows: at.rows + page.rows.length,
            bytes: at.bytes + data.length,
            cursor: page.nextCursor,
          };
          sinceCheckpoint += data.length;
          // A page that ends the source's day moves the position to the next source: never checkpoint a position
          // whose cursor would read the source's day again from its start.
          if (page.nextCursor === '') break;
          if (sinceCheckpoint >= limits.checkpointBytes) await checkpoint();
        }
      }
      at = {
        ...at,
        day: addDays(at.day, 1),
        source: 0,
        cursor: '',
        dayStartRows: at.rows,
        dayStartBytes: at.bytes,
      };
      if (sinceCheckpoint >= limits.checkpointBytes) await checkpoint();
    }

    const result = await file.complete();
    const truncated = plan.lastDay < spec.lastDate;
    const nextDate = addDays(plan.lastDay, 1);
    const finished = await store.finish(id, run, {
      status: truncated ? 'COMPLETED_WITH_WARNING' : 'COMPLETED',
      ...(truncated
        ? {
            code: 'WarnTruncatedExport',
            nextDate,
            message: `exported up to ${plan.lastDay}: the chains are indexed up to ${new Date((plan.coveredUntil ?? 0) * 1000).toISOString()}, so ${nextDate} and later days are not final yet`,
          }
        : {}),
      file: result,
      rows: at.rows,
    });
    log.info({ operationId: id, run, rows: at.rows, bytes: result.size, finished }, 'export finished');
    return finished ? 'finished' : 'not-running';
  } catch (err) {
    if (err instanceof LostRun) {
      log.warn({ operationId: id, run }, 'export run lost its operation to a later run; stopping');
      return 'not-running';
    }
    throw err;
  } finally {
    await file.close();
  }
}

/** The limits were reached during `at.day`: the file ends before that day, which the next request starts from. */
async function endTruncated(
  operation: OperationRow,
  file: ExportFileWriter,
  at: Checkpoint,
  context: RunContext,
): Promise<RunResult> {
  const { store, limits, log } = context;
  const { id, run, spec } = operation;
  const limit = `${limits.maxRows} rows or ${limits.maxBytes} bytes`;
  if (at.day === spec.firstDate) {
    const finished = await store.finish(id, run, {
      status: 'FAILED',
      code: 'ErrInvalidRequest',
      message: `the transactions of ${at.day} alone exceed an export's limit of ${limit}: export fewer addresses or chains`,
    });
    return finished ? 'finished' : 'not-running';
  }
  await file.truncate(at.dayStartBytes);
  const result = await file.complete();
  const finished = await store.finish(id, run, {
    status: 'COMPLETED_WITH_WARNING',
    code: 'WarnTruncatedExport',
    nextDate: at.day,
    message: `the export reached its limit of ${limit} on ${at.day}: it holds ${spec.firstDate} to ${addDays(at.day, -1)}; request again from ${at.day}`,
    file: result,
    rows: at.dayStartRows,
  });
  log.info({ operationId: id, run, rows: at.dayStartRows, nextDate: at.day, finished }, 'export truncated');
  return finished ? 'finished' : 'not-running';
}
