import { ConfigError, env } from '../config.ts';
import type { Logger } from '../logger.ts';
import {
  CHAIN_NODE_URLS_EXPECTED,
  ChainRoutedUpstream,
  chainOfPath,
  parseChainNodeUrls,
} from './chain-routing.ts';

/** The variables every component that reaches upstream nodes reads. */
export const upstreamConfig = {
  UPSTREAM_NODE_URLS: env.urlList(['http', 'https']).optional(),
  UPSTREAM_CHAIN_NODE_URLS: env.parsed(CHAIN_NODE_URLS_EXPECTED, parseChainNodeUrls).optional(),
  UPSTREAM_TIMEOUT_MS: env.integer(100, 600_000, 10_000),
  UPSTREAM_MAX_CONCURRENCY: env.integer(1, 1024, 16),
  UPSTREAM_ATTEMPTS: env.integer(1, 100, 4),
};

interface UpstreamConfig {
  UPSTREAM_NODE_URLS?: string[];
  UPSTREAM_CHAIN_NODE_URLS?: ReadonlyMap<string, string[]>;
  UPSTREAM_TIMEOUT_MS: number;
  UPSTREAM_MAX_CONCURRENCY: number;
  UPSTREAM_ATTEMPTS: number;
}

/**
 * Stops a component at start when a path it calls would find no nodes: the chain is not in UPSTREAM_CHAIN_NODE_URLS
 * and UPSTREAM_NODE_URLS is not set. `when` says why the component needs them, e.g. `when INDEX_ENABLED is true`.
 */
export function requireUpstream(
  cfg: Pick<UpstreamConfig, 'UPSTREAM_NODE_URLS' | 'UPSTREAM_CHAIN_NODE_URLS'>,
  paths: readonly string[],
  when: string,
): void {
  if (cfg.UPSTREAM_NODE_URLS) return;
  const missing = new Set<string>();
  for (const path of paths) {
    const chain = chainOfPath(path);
    if (chain === undefined || !cfg.UPSTREAM_CHAIN_NODE_URLS?.has(chain)) missing.add(chain ?? path);
  }
  if (missing.size === 0) return;
  throw new ConfigError(
    `UPSTREAM_NODE_URLS: is required ${when} unless UPSTREAM_CHAIN_NODE_URLS lists every chain called (not listed: ${[...missing].join(', ')}): expected a comma-separated list of URLs (http, https)`,
  );
}

export function createUpstreamClient(name: string, cfg: UpstreamConfig, log: Logger): ChainRoutedUpstream {
  return new ChainRoutedUpstream({
    name,
    urls: cfg.UPSTREAM_NODE_URLS,
    chainUrls: cfg.UPSTREAM_CHAIN_NODE_URLS,
    log,
    timeoutMs: cfg.UPSTREAM_TIMEOUT_MS,
    maxConcurrency: cfg.UPSTREAM_MAX_CONCURRENCY,
    attempts: cfg.UPSTREAM_ATTEMPTS,
  });
}
