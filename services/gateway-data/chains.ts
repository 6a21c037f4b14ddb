import { z } from 'zod';
import { IDENTITIES, type NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { enumParam, isCb58Id, ParamError, rendered } from '../runtime/rest/params.ts';

/**
 * The `{network}` and `{blockchainId}` path parameters of the primary-network routes. Clients name a chain by
 * alias (`p-chain`) or by id, and `testnet` is another name of fuji; the service only ever sees the network's own
 * name and the chain's canonical id.
 */
export const NETWORK_NAMES = ['mainnet', 'fuji', 'testnet'] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

export type ChainAlias = 'p-chain' | 'x-chain' | 'c-chain';

const { mainnet, fuji } = IDENTITIES;

/** In the official document's order: the five fixed ids, then the aliases. */
export const PRIMARY_BLOCKCHAIN_IDS = [
  mainnet.pChainId,
  mainnet.xChainId,
  fuji.xChainId,
  mainnet.cChainId,
  fuji.cChainId,
  'p-chain',
  'x-chain',
  'c-chain',
] as const;

export const X_CHAIN_IDS = [mainnet.xChainId, fuji.xChainId, 'x-chain'] as const;

export interface ChainSelection {
  network: NetworkIdentity['name'];
  blockchainId: string;
  alias: ChainAlias;
}

export const networkParam = () =>
  enumParam(NETWORK_NAMES).meta({ description: 'Either mainnet or testnet/fuji.' });

export const blockchainIdParam = () =>
  enumParam(PRIMARY_BLOCKCHAIN_IDS).meta({ description: 'A primary network blockchain id or alias.' });

export const xChainIdParam = () =>
  enumParam(X_CHAIN_IDS).meta({ description: 'The X-Chain: its id or the alias x-chain.' });

/** Any blockchain the P-Chain created, by id, besides the primary chains' ids and aliases. */
export const anyBlockchainIdParam = () =>
  z
    .string()
    .refine((text) => isPrimaryChainName(text) || isCb58Id(text), {
      error: (issue) =>
        `expected a blockchain id (cb58, 32 bytes) or one of p-chain, x-chain, c-chain, got ${rendered(issue.input)}`,
    })
    .meta({ description: 'The blockchain id, or a primary chain alias.' });

export function networkIdentity(network: NetworkName): NetworkIdentity {
  return network === 'mainnet' ? mainnet : fuji;
}

function isPrimaryChainName(text: string): boolean {
  return (PRIMARY_BLOCKCHAIN_IDS as readonly string[]).includes(text);
}

const ALIAS_OF: Record<ChainAlias, 'pChainId' | 'xChainId' | 'cChainId'> = {
  'p-chain': 'pChainId',
  'x-chain': 'xChainId',
  'c-chain': 'cChainId',
};

/** The chain an alias or a primary chain id names on `network`; an id of the other network is a 400. */
export function selectChain(network: NetworkName, blockchainId: string): ChainSelection {
  const identity = networkIdentity(network);
  const alias = aliasOf(blockchainId, identity);
  if (alias) return { network: identity.name, blockchainId: identity[ALIAS_OF[alias]], alias };
  const other = networkIdentity(network === 'mainnet' ? 'fuji' : 'mainnet');
  const elsewhere = aliasOf(blockchainId, other);
  throw new ParamError(
    'blockchainId',
    elsewhere
      ? `${blockchainId} is the ${elsewhere} of ${other.name}, not of ${network}`
      : `expected one of ${PRIMARY_BLOCKCHAIN_IDS.join(', ')}, got ${rendered(blockchainId)}`,
  );
}

function aliasOf(blockchainId: string, identity: NetworkIdentity): ChainAlias | undefined {
  if (blockchainId in ALIAS_OF) return blockchainId as ChainAlias;
  return (Object.keys(ALIAS_OF) as ChainAlias[]).find((alias) => identity[ALIAS_OF[alias]] === blockchainId);
}

/** The blockchain GetBlockchain asks for: a primary chain resolves as everywhere; any other id passes as is. */
export function selectAnyBlockchain(
  network: NetworkName,
  blockchainId: string,
): Omit<ChainSelection, 'alias'> {
  if (isPrimaryChainName(blockchainId)) return selectChain(network, blockchainId);
  return { network: networkIdentity(network).name, blockchainId };
}
