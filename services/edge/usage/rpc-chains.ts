import { IDENTITIES } from '../../runtime/avalanche/networks.ts';

/**
 * The chains of the primary network as node RPC requests name them in the request log (`/ext/bc/{chain}/…`: the
 * node's aliases P, X and C, or the chains' ids on either network). Subnet RPC usage is every RPC request that names
 * another chain.
 */
export const PRIMARY_NETWORK_CHAIN_NAMES: readonly string[] = [
  ...new Set([
    'P',
    'X',
    'C',
    ...Object.values(IDENTITIES).flatMap((network) => [network.pChainId, network.xChainId, network.cChainId]),
  ]),
];

export function isPrimaryNetworkChain(name: string): boolean {
  return PRIMARY_NETWORK_CHAIN_NAMES.includes(name);
}
