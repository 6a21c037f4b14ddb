import { IDENTITIES } from '../runtime/avalanche/networks.ts';
import { canonicalChain } from '../runtime/upstream/chain-routing.ts';

/**
 * The node APIs node-rpc serves, by the path a node serves them at. EVM chains' `/rpc` are geth-style endpoints,
 * answered call by call (cache, failover); the others are gorilla/rpc endpoints (one call per body), whose bodies
 * are passed to a node as they are and whose replies come back as they are.
 */
export type NodeApi =
  | { kind: 'evm'; chain: string }
  | {
      kind: 'gorilla';
      /** Whether a call (its method lower-cased; undefined when the body names none) acts on the node. */
      isWrite: (method: string | undefined) => boolean;
    };

const writing = (...methods: string[]) => ({
  kind: 'gorilla' as const,
  isWrite: (method: string | undefined) => method !== undefined && methods.includes(method),
});
const PLATFORM = writing('platform.issuetx');
const X_CHAIN = writing('avm.issuetx');
const C_AVAX = writing('avax.issuetx');
const READ_ONLY = writing();
/** Every admin call acts on the node (profilers, log level): none is sent twice. */
const C_ADMIN = { kind: 'gorilla' as const, isWrite: () => true };

const P_CHAIN_IDS = new Set(Object.values(IDENTITIES).map((n) => n.pChainId));
const X_CHAIN_IDS = new Set(Object.values(IDENTITIES).map((n) => n.xChainId));

/**
 * The API at `path`, or undefined when a node would answer 404. `evmChains` are the stack's EVM chains, canonical
 * (`C` and L1 blockchain ids): their `/rpc`, the C-Chain's `/avax` (and `/admin` when enabled), an L1's `/validators`.
 */
export function nodeApiOf(
  path: string,
  evmChains: ReadonlySet<string>,
  adminEnabled = false,
): NodeApi | undefined {
  switch (path) {
    case '/ext/info':
    case '/ext/health':
      return READ_ONLY;
    case '/ext/P':
      return PLATFORM;
    case '/ext/X':
      return X_CHAIN;
  }
  const match = /^\/ext\/bc\/([^/]+)(?:\/(rpc|avax|validators|admin))?$/.exec(path);
  if (!match) return undefined;
  const [, spelled, api] = match as unknown as [string, string, string | undefined];
  const chain = canonicalChain(spelled);
  if (api === undefined) {
    if (chain === 'P' || P_CHAIN_IDS.has(spelled)) return PLATFORM;
    if (chain === 'X' || X_CHAIN_IDS.has(spelled)) return X_CHAIN;
    return undefined;
  }
  if (!evmChains.has(chain)) return undefined;
  if (api === 'rpc') return { kind: 'evm', chain };
  if (api === 'avax') return chain === 'C' ? C_AVAX : undefined;
  if (api === 'admin') return chain === 'C' && adminEnabled ? C_ADMIN : undefined;
  return chain === 'C' ? undefined : READ_ONLY;
}

/** The method a gorilla body calls, lower-cased, when it is one (for telling writes from reads). */
export function gorillaMethodOf(body: string): string | undefined {
  try {
    const method = (JSON.parse(body) as { method?: unknown } | null)?.method;
    return typeof method === 'string' ? method.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
