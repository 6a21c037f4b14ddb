import type { IncomingHttpHeaders } from 'node:http';

/**
 * The seam where API keys and rate limits will plug in. The real API takes its key in `x-data-api-key` (the
 * current docs) or `x-glacier-api-key` (its OpenAPI document and older SDKs), and a key is optional: callers
 * without one get a lower tier. Until keys and limits exist every caller is admitted; an enforcing admission throws
 * DomainErrors (`unauthenticated`, `permission_denied`, `resource_exhausted`), which leave as 401/403/429 bodies.
 */
export const API_KEY_HEADERS = ['x-data-api-key', 'x-glacier-api-key'] as const;

export interface Caller {
  apiKey: string | undefined;
}

export interface CallerAdmission {
  /** Runs before a route validates anything; `operationId` names the route (and, later, its weight). */
  admit(caller: Caller, operationId: string): Promise<void> | void;
}

export const admitEveryCaller: CallerAdmission = { admit: () => {} };

export function callerOf(headers: IncomingHttpHeaders): Caller {
  for (const name of API_KEY_HEADERS) {
    const value = headers[name];
    const key = Array.isArray(value) ? value[0] : value;
    if (key) return { apiKey: key };
  }
  return { apiKey: undefined };
}
