import { randomUUID } from 'node:crypto';
import { inTransaction, type Pool } from '../../runtime/database/pool.ts';
import type { ExportSpec } from '../export/request.ts';

/**
 * The operations table: what the gRPC API reads and the jobs write. A run of a job owns the operation while its
 * run number is the row's: every write of a run names its number, so a run that lost its job (its lock expired and
 * another took over) can neither move the checkpoint nor finish the operation.
 */
export type OperationStatus = 'RUNNING' | 'COMPLETED' | 'COMPLETED_WITH_WARNING' | 'FAILED';
export type OperationCode = 'ErrInvalidRequest' | 'ErrInternal' | 'WarnTruncatedExport';

/** Where a run has got to: the file's bytes and rows, and where the sources resume. */
export interface Checkpoint {
  /** The day being written, its source (index in the plan's list) and that source's cursor within the day. */
  day: string;
  source: number;
  cursor: string;
  rows: number;
  bytes: number;
  /** The file at the start of `day`, where a truncation cuts it back to. */
  dayStartRows: number;
  dayStartBytes: number;
  /** The file store's own state at `bytes` (ExportFileWriter.flush), when it has any. */
  storage?: unknown;
}

/** Fixed by the first run: the days that are exported (lastDay before firstDate: none) and why it ends there. */
export interface Plan {
  lastDay: string;
  /** When lastDay is before the request's lastDate: the sources' coverage (Unix seconds) that bounded it. */
  coveredUntil?: number;
}

export interface OperationRow {
  id: string;
  operation_type: string;
  spec: ExportSpec;
  status: OperationStatus;
  code: OperationCode | null;
  message: string | null;
  next_date: string | null;
  created_at: Date;
  updated_at: Date;
  run: number;
  plan: Plan | null;
  checkpoint: Checkpoint | null;
  rows_written: string;
  bytes_written: string;
  fraction_done: number;
  file_size: string | null;
  file_sha256: Buffer | null;
}

const COLUMNS = `id, operation_type, spec, status, code, message, to_char(next_date, 'YYYY-MM-DD') AS next_date,
  created_at, updated_at, run, plan, checkpoint, rows_written, bytes_written, fraction_done, file_size, file_sha256`;

export interface Outcome {
  status: Exclude<OperationStatus, 'RUNNING'>;
  code?: OperationCode;
  message?: string;
  nextDate?: string;
  file?: { size: number; sha256: Buffer };
  /** The rows the file holds. */
  rows?: number;
}

export class OperationStore {
  readonly #pool: Pool;
  constructor(pool: Pool) {
    this.#pool = pool;
  }

  /**
   * The operation of this request key created within the window and not FAILED, or a new RUNNING one. `created`
   * says which, so that only a new operation is queued. The lock makes two identical requests at once find one.
   */
  async findOrCreate(
    requestKey: Buffer,
    spec: ExportSpec,
    windowSeconds: number,
  ): Promise<{ operation: OperationRow; created: boolean }> {
    return inTransaction(this.#pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        requestKey.toString('hex'),
      ]);
      const found = await client.query<OperationRow>(
        `SELECT ${COLUMNS} FROM export_worker.operations
         WHERE request_key = $1 AND created_at > now() - make_interval(secs => $2) AND status <> 'FAILED'
         ORDER BY created_at DESC LIMIT 1`,
        [requestKey, windowSeconds],
      );
      if (found.rows[0]) return { operation: found.rows[0], created: false };
      const { rows } = await client.query<OperationRow>(
        `INSERT INTO export_worker.operations (id, request_key, operation_type, spec, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'RUNNING', now(), now()) RETURNING ${COLUMNS}`,
        [randomUUID(), requestKey, spec.type, JSON.stringify(spec)],
      );
      return { operation: rows[0]!, created: true };
    });
  }

  async get(id: string): Promise<OperationRow | undefined> {
    const { rows } = await this.#pool.query<OperationRow>(
      `SELECT ${COLUMNS} FROM export_worker.operations WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  /** Takes the operation for a new run: its number, or undefined when the operation is no longer RUNNING. */
  async claim(id: string): Promise<OperationRow | undefined> {
    const { rows } = await this.#pool.query<OperationRow>(
      `UPDATE export_worker.operations SET run = run + 1, updated_at = now()
       WHERE id = $1 AND status = 'RUNNING' RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0];
  }

  /** Fixes the plan once: a later run keeps the first run's. Returns the plan in force. */
  async fixPlan(id: string, run: number, plan: Plan): Promise<Plan> {
    const { rows } = await this.#pool.query<{ plan: Plan }>(
      `UPDATE export_worker.operations SET plan = COALESCE(plan, $3), updated_at = now()
       WHERE id = $1 AND run = $2 AND status = 'RUNNING' RETURNING plan`,
      [id, run, JSON.stringify(plan)],
    );
    if (!rows[0]) throw new LostRun(id, run);
    return rows[0].plan;
  }

  async saveCheckpoint(id: string, run: number, checkpoint: Checkpoint, fractionDone: number): Promise<void> {
    const { rowCount } = await this.#pool.query(
      `UPDATE export_worker.operations
       SET checkpoint = $3, rows_written = $4, bytes_written = $5, fraction_done = $6, updated_at = now()
       WHERE id = $1 AND run = $2 AND status = 'RUNNING'`,
      [id, run, JSON.stringify(checkpoint), checkpoint.rows, checkpoint.bytes, fractionDone],
    );
    if (rowCount !== 1) throw new LostRun(id, run);
  }

  /** Ends the operation; false when this run no longer owns it (another run, or an earlier end, took it). */
  async finish(id: string, run: number | undefined, outcome: Outcome): Promise<boolean> {
    const { rowCount } = await this.#pool.query(
      `UPDATE export_worker.operations
       SET status = $3, code = $4, message = $5, next_date = $6::date, file_size = $7, file_sha256 = $8,
           fraction_done = CASE WHEN $3 = 'FAILED' THEN fraction_done ELSE 1 END,
           rows_written = COALESCE($9, rows_written), bytes_written = COALESCE($7, bytes_written),
           finished_at = now(), updated_at = now()
       WHERE id = $1 AND ($2::int IS NULL OR run = $2) AND status = 'RUNNING'`,
      [
        id,
        run ?? null,
        outcome.status,
        outcome.code ?? null,
        outcome.message ?? null,
        outcome.nextDate ?? null,
        outcome.file?.size ?? null,
        outcome.file?.sha256 ?? null,
        outcome.rows ?? null,
      ],
    );
    return rowCount === 1;
  }

  /** Finished operations older than the retention, oldest first, for the sweep to remove with their files. */
  async expired(retentionSeconds: number, limit: number): Promise<string[]> {
    const { rows } = await this.#pool.query<{ id: string }>(
      `SELECT id FROM export_worker.operations
       WHERE finished_at IS NOT NULL AND finished_at < now() - make_interval(secs => $1)
       ORDER BY finished_at LIMIT $2`,
      [retentionSeconds, limit],
    );
    return rows.map((r) => r.id);
  }

  async remove(id: string): Promise<void> {
    await this.#pool.query('DELETE FROM export_worker.operations WHERE id = $1', [id]);
  }
}

/** A run's write found the operation owned by a later run (or ended): the run stops without touching it. */
export class LostRun extends Error {
  override name = 'LostRun';
  constructor(id: string, run: number) {
    super(`operation ${id}: run ${run} no longer owns it`);
  }
}
