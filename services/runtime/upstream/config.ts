import { env } from '../config.ts';
import type { Logger } from '../logger.ts';
import { UpstreamClient } from './client.ts';

/** The variables every component that reaches upstream nodes reads. */
export const upstreamConfig = {
  UPSTREAM_NODE_URLS: env.urlList(['http', 'https']).optional(),
  UPSTREAM_TIMEOUT_MS: env.integer(100, 600_000, 10_000),
  UPSTREAM_MAX_CONCURRENCY: env.integer(1, 1024, 16),
  UPSTREAM_ATTEMPTS: env.integer(1, 100, 4),
};

export function createUpstreamClient(
  name: string,
  urls: string[],
  cfg: { UPSTREAM_TIMEOUT_MS: number; UPSTREAM_MAX_CONCURRENCY: number; UPSTREAM_ATTEMPTS: number },
  log: Logger,
): UpstreamClient {
  return new UpstreamClient({
    name,
    urls,
    log,
    timeoutMs: cfg.UPSTREAM_TIMEOUT_MS,
    maxConcurrency: cfg.UPSTREAM_MAX_CONCURRENCY,
    attempts: cfg.UPSTREAM_ATTEMPTS,
  });
}
