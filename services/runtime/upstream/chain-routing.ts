import { IDENTITIES } from '../avalanche/networks.ts';
import { isUrl, splitList } from '../config.ts';
import { decodeId } from '../formatting/cb58.ts';
import {
  UpstreamClient,
  type BatchCall,
  type BatchOutcome,
  UpstreamUnavailableError,
  type CallOptions,
  type EndpointStatus,
  type ForwardedReply,
  type Upstream,
  type UpstreamOptions,
} from './client.ts';

export const CHAIN_NODE_URLS_EXPECTED =
  '<chain>=<url>[,<url>…] entries separated by ;, chains P, X, C or a blockchain id, URLs http or https';

const PRIMARY_ALIASES = ['P', 'X', 'C'];

// Nodes answer for a primary-network chain under its alias and its blockchain id alike (EVM_CHAINS may name the
// C-Chain by id), so both spellings must route the same way. The devnet poses with these ids too.
const PRIMARY_CHAIN_IDS = new Map(
  Object.values(IDENTITIES).flatMap((n) => [
    [n.pChainId, 'P'],
    [n.xChainId, 'X'],
    [n.cChainId, 'C'],
  ]),
);

/** The chain as routing compares it: P, X and C by alias, any other chain by its blockchain id. */
export function canonicalChain(chain: string): string {
  return PRIMARY_CHAIN_IDS.get(chain) ?? chain;
}

/**
 * The chain a node API path is for, canonical: `/ext/bc/<chain>/…`, `/ext/index/<chain>/…` and the aliases
 * `/ext/P`, `/ext/X`, `/ext/C/…`. Undefined for paths of no chain (`/ext/info`, `/ext/health`).
 */
export function chainOfPath(path: string): string | undefined {
  const match = /^\/ext\/(?:(?:bc|index)\/([^/]+)|([PXC]))(?:\/|$)/.exec(path);
  const chain = match?.[1] ?? match?.[2];
  return chain === undefined ? undefined : canonicalChain(chain);
}

/**
 * Reads UPSTREAM_CHAIN_NODE_URLS (`C=http://c-1:9650,http://c-2:9650;<blockchain id>=http://l1-1:9650`) into each
 * chain's node base URLs, in priority order, keyed by canonical chain. Undefined when the text is not of that form;
 * throws when a chain is listed twice.
 */
export function parseChainNodeUrls(text: string): Map<string, string[]> | undefined {
  const chains = new Map<string, string[]>();
  const spelled = new Map<string, string>();
  const entries = text
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return undefined;
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    if (equals < 0) return undefined;
    const name = entry.slice(0, equals).trim();
    const urls = splitList(entry.slice(equals + 1));
    if (!isChainName(name) || urls.length === 0 || !urls.every((u) => isUrl(u, ['http', 'https'])))
      return undefined;
    const chain = canonicalChain(name);
    const earlier = spelled.get(chain);
    if (earlier !== undefined)
      throw new Error(
        earlier === name ? `chain ${name} is listed twice` : `${earlier} and ${name} are the same chain`,
      );
    spelled.set(chain, name);
    chains.set(chain, urls);
  }
  return chains;
}

/** The text parseChainNodeUrls reads back into the same map. */
export function formatChainNodeUrls(chains: ReadonlyMap<string, string[]>): string {
  return [...chains].map(([chain, urls]) => `${chain}=${urls.join(',')}`).join(';');
}

/** P, X, C, or a blockchain id (cb58 of 32 bytes with a valid checksum). */
export function isChainName(name: string): boolean {
  if (PRIMARY_ALIASES.includes(name)) return true;
  try {
    decodeId(name);
    return true;
  } catch {
    return false;
  }
}

export interface RoutedEndpointStatus extends EndpointStatus {
  /** The chain whose own list the endpoint is in; absent for the general list. */
  chain?: string;
}

export interface ChainRoutedOptions extends Omit<UpstreamOptions, 'urls'> {
  /** UPSTREAM_NODE_URLS: the nodes for every chain without its own. */
  urls?: string[];
  /** UPSTREAM_CHAIN_NODE_URLS: chains with nodes of their own. */
  chainUrls?: ReadonlyMap<string, string[]>;
}

/**
 * Sends each call to the nodes of the chain its path names when that chain has its own, else to the general list.
 * Each list is an UpstreamClient of its own, so failover, health probes and concurrency limits stay within it.
 */
export class ChainRoutedUpstream implements Upstream {
  private readonly name: string;
  private readonly general: UpstreamClient | undefined;
  private readonly chains = new Map<string, UpstreamClient>();

  constructor(options: ChainRoutedOptions) {
    const { urls, chainUrls, ...shared } = options;
    this.name = options.name;
    this.general = urls && urls.length > 0 ? new UpstreamClient({ ...shared, urls }) : undefined;
    for (const [spelled, chainNodeUrls] of chainUrls ?? []) {
      const chain = canonicalChain(spelled);
      this.chains.set(
        chain,
        new UpstreamClient({ ...shared, name: `${options.name} (chain ${chain})`, urls: chainNodeUrls }),
      );
    }
  }

  async call<T>(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<T> {
    return this.clientFor(path).call<T>(path, method, params, signal, options);
  }

  callRaw(
    path: string,
    method: string,
    params: unknown,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<string> {
    return this.clientFor(path).callRaw(path, method, params, signal, options);
  }

  forward(
    path: string,
    body: string | undefined,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<ForwardedReply> {
    return this.clientFor(path).forward(path, body, signal, options);
  }

  batch(
    path: string,
    calls: BatchCall[],
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<BatchOutcome[]> {
    return this.clientFor(path).batch(path, calls, signal, options);
  }

  candidates(path: string): string[] {
    return this.route(path)?.candidates() ?? [];
  }

  reportFailure(url: string, err: unknown): void {
    for (const client of [this.general, ...this.chains.values()]) client?.reportFailure(url, err);
  }

  /** The node base URL a call to `path` goes to first: the one to name to clients as the chain's. */
  baseUrl(path: string): string | undefined {
    return this.route(path)?.status()[0]?.url;
  }

  status(): RoutedEndpointStatus[] {
    return [
      ...(this.general?.status() ?? []),
      ...[...this.chains].flatMap(([chain, client]) => client.status().map((s) => ({ ...s, chain }))),
    ];
  }

  close(): void {
    this.general?.close();
    for (const client of this.chains.values()) client.close();
  }

  private route(path: string): UpstreamClient | undefined {
    const chain = chainOfPath(path);
    return (chain === undefined ? undefined : this.chains.get(chain)) ?? this.general;
  }

  private clientFor(path: string): UpstreamClient {
    const client = this.route(path);
    if (client) return client;
    const chain = chainOfPath(path);
    throw new UpstreamUnavailableError(
      chain === undefined
        ? `upstream ${this.name}: no nodes for ${path}: it names no chain, so it needs UPSTREAM_NODE_URLS, which is not set`
        : `upstream ${this.name}: no nodes for chain ${chain} (${path}): UPSTREAM_CHAIN_NODE_URLS does not list it and UPSTREAM_NODE_URLS is not set`,
    );
  }
}
