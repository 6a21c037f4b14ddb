import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { decodeCb58 } from '../runtime/formatting/cb58.ts';

/** The primary network's chains, as the projection and the API name them. */
export type ChainKey = 'P' | 'X' | 'C';

/** The network this projection indexes: its address prefix, AVAX asset and primary chain ids. */
export interface NetworkContext {
  identity: NetworkIdentity;
  avaxAssetId: Uint8Array;
  chainIds: Record<ChainKey, Uint8Array>;
}

export function networkContext(identity: NetworkIdentity): NetworkContext {
  return {
    identity,
    avaxAssetId: decodeCb58(identity.avaxAssetId),
    chainIds: {
      P: decodeCb58(identity.pChainId),
      X: decodeCb58(identity.xChainId),
      C: decodeCb58(identity.cChainId),
    },
  };
}

export function chainKeyOf(ctx: NetworkContext, blockchainId: Uint8Array): ChainKey | undefined {
  return (['P', 'X', 'C'] as const).find((key) => Buffer.from(ctx.chainIds[key]).equals(blockchainId));
}

/**
 * X-Chain blocks follow every vertex: the sequence numbers of their transactions start here, above any vertex's (a
 * vertex's transactions are numbered by the vertex's position in X/vtx).
 */
export const X_BLOCK_SEQ_BASE = 1n << 40n;

/** AVAX as the assets table describes it; the projection writes it before any container names it. */
export const AVAX_ASSET = {
  name: 'Avalanche',
  symbol: 'AVAX',
  denomination: 9,
  assetType: 'secp256k1',
};
