import { randomUUID } from 'node:crypto';
import type { Counter, Gauge, Registry } from 'prom-client';
import { counterIn, gaugeIn } from '../../runtime/telemetry/metrics.ts';
import type { Pool } from '../../runtime/database/pool.ts';
import type { Logger } from '../../runtime/logger.ts';

/**
 * The request log the usage routes answer from: every gateway appends what each request cost (who, which route,
 * status, CUs, latency) in batches, off the request's path. The table is partitioned by day: the writer keeps the
 * next days' partitions created and drops those past the retention, so the log stays bounded without deleting rows.
 * When the database cannot take a batch, entries wait in a bounded buffer; past its bound the oldest are dropped and
 * counted (usage answers then undercount; serving requests never waits on the log).
 */
export interface RequestLogEntry {
  at: Date;
  apiKeyId: string | undefined;
  clientIp: string;
  requestType: 'data' | 'rpc' | 'metrics';
  requestPath: string;
  rpcMethod?: string;
  chainId?: string;
  responseCode: number;
  credits: number;
  durationMs: number;
  host: string;
  userAgent: string;
}

export interface RequestLogOptions {
  pool: Pool;
  log: Logger;
  metrics: Registry;
  retentionDays: number;
  flushIntervalMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
}

const DAY_MS = 86_400_000;
/** Partitions made ahead of time, so a write never meets a missing one (nor races to create it). */
const DAYS_AHEAD = 2;

export function partitionName(dayStartMs: number): string {
  return `request_logs_${new Date(dayStartMs).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

export class RequestLogWriter {
  private buffer: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private partitionsReadyThrough = 0;
  /** The start of the oldest day kept, as of the last maintenance. */
  private oldestKeptMs = 0;
  private readonly dropped: Counter;
  private readonly written: Counter;
  private readonly buffered: Gauge;
  private readonly options: RequestLogOptions;

  constructor(options: RequestLogOptions) {
    this.options = options;
    this.written = counterIn(options.metrics, {
      name: 'chain_data_request_log_written_total',
      help: 'Request log entries stored (the usage routes answer from them)',
      labelNames: [],
    });
    this.dropped = counterIn(options.metrics, {
      name: 'chain_data_request_log_dropped_total',
      help: 'Request log entries dropped because the database could not take them in time',
      labelNames: [],
    });
    this.buffered = gaugeIn(options.metrics, {
      name: 'chain_data_request_log_buffered',
      help: 'Request log entries waiting to be stored',
      labelNames: [],
    });
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  append(entry: RequestLogEntry): void {
    const max = this.options.maxBuffered ?? 100_000;
    if (this.buffer.length >= max) {
      this.buffer.shift();
      this.dropped.inc();
    }
    this.buffer.push(entry);
    this.buffered.set(this.buffer.length);
    if (this.buffer.length >= (this.options.maxBatch ?? 1_000)) void this.flush();
  }

  /** Stores what is buffered; one flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.store().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Creates the coming days' partitions and drops those past the retention. Idempotent; replicas may race. */
  async maintainPartitions(now = Date.now()): Promise<void> {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const { pool } = this.options;
    for (let day = today; day <= today + DAYS_AHEAD * DAY_MS; day += DAY_MS) {
      await pool
        .query(
          `CREATE TABLE IF NOT EXISTS edge.${partitionName(day)} PARTITION OF edge.request_logs
           FOR VALUES FROM ('${new Date(day).toISOString()}') TO ('${new Date(day + DAY_MS).toISOString()}')`,
        )
        .catch((err: Error & { code?: string }) => {
          // Another replica created it between IF NOT EXISTS and CREATE.
          if (err.code !== '42P07' && err.code !== '23505') throw err;
        });
    }
    const oldestKept = today - this.options.retentionDays * DAY_MS;
    const { rows } = await pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         JOIN pg_namespace n ON n.oid = p.relnamespace
       WHERE n.nspname = 'edge' AND p.relname = 'request_logs'`,
    );
    for (const { name } of rows) {
      const match = /^request_logs_(\d{4})(\d{2})(\d{2})$/.exec(name);
      if (!match) continue;
      const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
      if (day < oldestKept) await pool.query(`DROP TABLE IF EXISTS edge.${name}`);
    }
    this.partitionsReadyThrough = today + (DAYS_AHEAD + 1) * DAY_MS;
    this.oldestKeptMs = oldestKept;
  }

  private async store(): Promise<void> {
    while (this.buffer.length > 0) {
      const taken = this.buffer.slice(0, this.options.maxBatch ?? 1_000);
      let batch = taken;
      try {
        const latest = Math.max(...batch.map((e) => e.at.getTime()));
        if (latest >= this.partitionsReadyThrough - DAYS_AHEAD * DAY_MS) await this.maintainPartitions();
        // An entry whose day is already past the retention (one that waited out a long database outage) has no
        // partition to go to: it is dropped, not left to fail every batch after it.
        batch = batch.filter((e) => e.at.getTime() >= this.oldestKeptMs);
        if (batch.length > 0) await this.insert(batch);
      } catch (err) {
        this.options.log.warn(
          { err: (err as Error).message, entries: this.buffer.length },
          'cannot store the request log yet',
        );
        return;
      }
      this.buffer.splice(0, taken.length);
      this.buffered.set(this.buffer.length);
      this.written.inc(batch.length);
      if (batch.length < taken.length) this.dropped.inc(taken.length - batch.length);
    }
  }

  /**
   * One statement text whatever the batch's size (a column array each), prepared once per connection: PostgreSQL
   * neither parses nor plans it again, and pg sends 13 parameters instead of 13 a row.
   */
  private async insert(batch: RequestLogEntry[]): Promise<void> {
    const column = <T>(value: (e: RequestLogEntry) => T): T[] => batch.map(value);
    await this.options.pool.query({
      name: 'edge-request-log-insert',
      text: `INSERT INTO edge.request_logs (logged_at, log_id, api_key_id, client_ip, request_type, request_path,
               rpc_method, chain_id, response_code, credits, duration_ms, host, user_agent)
             SELECT * FROM unnest($1::timestamptz[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
               $7::text[], $8::text[], $9::integer[], $10::integer[], $11::real[], $12::text[], $13::text[])`,
      values: [
        column((e) => e.at),
        column(() => randomUUID()),
        column((e) => e.apiKeyId ?? null),
        column((e) => e.clientIp),
        column((e) => e.requestType),
        column((e) => e.requestPath),
        column((e) => e.rpcMethod ?? null),
        column((e) => e.chainId ?? null),
        column((e) => e.responseCode),
        column((e) => e.credits),
        column((e) => e.durationMs),
        column((e) => e.host),
        column((e) => e.userAgent),
      ],
    });
  }
}
