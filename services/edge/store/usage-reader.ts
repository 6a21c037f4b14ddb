import type { Pool } from '../../runtime/database/pool.ts';
import { keysetPage, type Page } from '../../runtime/pagination/keyset.ts';
import { TRUNCATION_UNIT, type TimeInterval, type UsageRange } from '../usage/buckets.ts';

/**
 * The queries of the usage routes over the request log (`edge.request_logs`): one key's requests, counted per time
 * bucket and group, and listed newest first. Every query is bounded to one API key and a time range, which the
 * log's index (api_key_id, logged_at) and its daily partitions serve. Rows come back as the table holds them; the
 * routes render them (docs/edge.md, "Usage routes").
 */

/** The request types the usage routes report: the Data API's RequestType (Metrics API requests have no usage routes). */
export type UsageRequestType = 'data' | 'rpc';

/** A column requests are grouped by. */
export type UsageColumn =
  'requestPath' | 'responseCode' | 'chainId' | 'apiKeyId' | 'requestType' | 'rpcMethod' | 'userAgent';

const COLUMN: Readonly<Record<UsageColumn, string>> = {
  requestPath: 'request_path',
  responseCode: 'response_code',
  chainId: 'chain_id',
  apiKeyId: 'api_key_id',
  requestType: 'request_type',
  rpcMethod: 'rpc_method',
  userAgent: 'user_agent',
};

/** Which requests a query reads: always one key's, in a range; the rest narrows them. */
export interface UsageFilter {
  apiKeyId: string;
  range: UsageRange;
  requestTypes: readonly UsageRequestType[];
  chainId?: string | undefined;
  /** Only requests that name a chain, and none of these (subnet RPC usage: not the primary network's). */
  chainNotIn?: readonly string[] | undefined;
  responseCode?: number | undefined;
  requestPath?: string | undefined;
  rpcMethod?: string | undefined;
  userAgent?: string | undefined;
}

/** One bucket of one group. */
export interface UsageBucket {
  /** The bucket's start, unix seconds. */
  bucket: number;
  /** The group's value; null for requests without one (no chain, no RPC method) or when not grouped. */
  groupValue: string | number | null;
  totalRequests: number;
  /** Answered below 400. */
  succeeded: number;
  /** Answered 400 to 499. */
  invalidRequests: number;
  creditsUsed: number;
  /** The credits of the requests answered 400 to 499. */
  creditsWasted: number;
  /** The median duration, milliseconds (percentile_cont(0.5): the mean of the middle two of an even count). */
  medianDurationMs: number;
}

/** A request as the log holds it, with its key's name. */
export interface RequestLogRow {
  loggedAt: Date;
  logId: string;
  apiKeyId: string;
  /** The key's name in edge.api_keys (its id when the key is no longer there). */
  apiKeyName: string;
  clientIp: string;
  requestType: UsageRequestType;
  requestPath: string;
  rpcMethod: string | undefined;
  chainId: string | undefined;
  responseCode: number;
  credits: number;
  durationMs: number;
  host: string;
  userAgent: string;
}

interface BucketRow {
  bucket: string;
  group_value: string | number | null;
  total: string;
  succeeded: string;
  invalid: string;
  credits_used: string;
  credits_wasted: string;
  median_ms: number;
}

interface LogRow {
  logged_at: Date;
  cursor_at: string;
  log_id: string;
  api_key_id: string;
  api_key_name: string | null;
  client_ip: string;
  request_type: UsageRequestType;
  request_path: string;
  rpc_method: string | null;
  chain_id: string | null;
  response_code: number;
  credits: number;
  duration_ms: number;
  host: string;
  user_agent: string;
}

/** A log cursor: the last row's (logged_at, log_id), the time in microseconds as PostgreSQL prints it. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\/([0-9a-f-]{36})$/;

/** Medians to the microsecond: a duration is a float4, whose widening to float8 adds digits nobody measured. */
const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;

export class UsageReader {
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  /**
   * The filter's requests counted per bucket of `interval` and per value of `groupBy` (one group when undefined),
   * buckets in time order, groups by value (requests without a value last); at most `limit` rows.
   */
  async buckets(
    filter: UsageFilter,
    interval: TimeInterval,
    groupBy: UsageColumn | undefined,
    limit: number,
  ): Promise<UsageBucket[]> {
    const { where, values } = whereOf(filter);
    values.push(TRUNCATION_UNIT[interval]);
    const unit = `$${values.length}`;
    values.push(limit);
    const group = groupBy === undefined ? 'NULL::text' : COLUMN[groupBy];
    // Text values in byte order, whatever the database's collation: answers are the same on every server.
    const groupOrder = groupBy === undefined || groupBy === 'responseCode' ? '2' : `${group} COLLATE "C"`;
    const { rows } = await this.pool.query<BucketRow>(
      `SELECT extract(epoch FROM date_trunc(${unit}, logged_at, 'UTC'))::bigint AS bucket,
         ${group} AS group_value,
         count(*) AS total,
         count(*) FILTER (WHERE response_code < 400) AS succeeded,
         count(*) FILTER (WHERE response_code BETWEEN 400 AND 499) AS invalid,
         coalesce(sum(credits), 0) AS credits_used,
         coalesce(sum(credits) FILTER (WHERE response_code BETWEEN 400 AND 499), 0) AS credits_wasted,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median_ms
       FROM edge.request_logs
       WHERE ${where}
       GROUP BY 1, 2
       ORDER BY 1, ${groupOrder} NULLS LAST
       LIMIT $${values.length}`,
      values,
    );
    return rows.map((row) => ({
      bucket: Number(row.bucket),
      groupValue: row.group_value,
      totalRequests: Number(row.total),
      succeeded: Number(row.succeeded),
      invalidRequests: Number(row.invalid),
      creditsUsed: Number(row.credits_used),
      creditsWasted: Number(row.credits_wasted),
      medianDurationMs: roundMs(row.median_ms),
    }));
  }

  /**
   * One page of the filter's requests, newest first (ties by log id, descending): `cursor` is the key of the last row
   * of the previous page ('' for the first page), the page's next cursor that of its last row ('' when it is the last).
   */
  async logs(filter: UsageFilter, pageSize: number, cursor: string): Promise<Page<RequestLogRow>> {
    const { where, values } = whereOf(filter, 'l.');
    let after = '';
    if (cursor !== '') {
      const match = CURSOR.exec(cursor);
      if (!match) throw new Error(`not a request log cursor: ${JSON.stringify(cursor)}`);
      values.push(match[1], match[2]);
      after = `AND (l.logged_at, l.log_id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
    }
    values.push(pageSize + 1);
    const { rows } = await this.pool.query<LogRow>(
      `SELECT l.logged_at,
         to_char(l.logged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
         l.log_id, l.api_key_id, k.name AS api_key_name, l.client_ip, l.request_type, l.request_path, l.rpc_method,
         l.chain_id, l.response_code, l.credits, l.duration_ms, l.host, l.user_agent
       FROM edge.request_logs l LEFT JOIN edge.api_keys k ON k.id = l.api_key_id
       WHERE ${where} ${after}
       ORDER BY l.logged_at DESC, l.log_id DESC
       LIMIT $${values.length}`,
      values,
    );
    const page = keysetPage(rows, pageSize, (row) => `${row.cursor_at}/${row.log_id}`);
    return {
      nextCursor: page.nextCursor,
      items: page.items.map((row) => ({
        loggedAt: row.logged_at,
        logId: row.log_id,
        apiKeyId: row.api_key_id,
        apiKeyName: row.api_key_name ?? row.api_key_id,
        clientIp: row.client_ip,
        requestType: row.request_type,
        requestPath: row.request_path,
        rpcMethod: row.rpc_method ?? undefined,
        chainId: row.chain_id ?? undefined,
        responseCode: row.response_code,
        credits: row.credits,
        durationMs: row.duration_ms,
        host: row.host,
        userAgent: row.user_agent,
      })),
    };
  }
}

/** The WHERE clause of a filter, its values numbered from $1; `alias` prefixes the log's columns. */
function whereOf(filter: UsageFilter, alias = ''): { where: string; values: unknown[] } {
  const values: unknown[] = [
    filter.apiKeyId,
    new Date(filter.range.from * 1000),
    new Date(filter.range.to * 1000),
    filter.requestTypes,
  ];
  const conditions = [
    `${alias}api_key_id = $1`,
    `${alias}logged_at >= $2`,
    `${alias}logged_at < $3`,
    `${alias}request_type = ANY($4::text[])`,
  ];
  const equal = (column: string, value: unknown) => {
    if (value === undefined) return;
    values.push(value);
    conditions.push(`${alias}${column} = $${values.length}`);
  };
  equal('chain_id', filter.chainId);
  equal('response_code', filter.responseCode);
  equal('request_path', filter.requestPath);
  equal('rpc_method', filter.rpcMethod);
  equal('user_agent', filter.userAgent);
  if (filter.chainNotIn !== undefined) {
    values.push(filter.chainNotIn);
    conditions.push(
      `${alias}chain_id IS NOT NULL AND NOT (${alias}chain_id = ANY($${values.length}::text[]))`,
    );
  }
  return { where: conditions.join(' AND '), values };
}
