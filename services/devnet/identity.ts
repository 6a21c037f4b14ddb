import type { Context } from '@avalabs/avalanchejs';
import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';

/** The avalanchejs builder context for this identity, with the Etna dynamic fee parameters of the real networks. */
export function builderContext(identity: NetworkIdentity): Context.Context {
  return {
    networkID: identity.networkId,
    hrp: identity.hrp,
    xBlockchainID: identity.xChainId,
    pBlockchainID: identity.pChainId,
    cBlockchainID: identity.cChainId,
    avaxAssetID: identity.avaxAssetId,
    baseTxFee: 1_000_000n,
    createAssetTxFee: 10_000_000n,
    platformFeeConfig: {
      weights: { 0: 1, 1: 1000, 2: 1000, 3: 4 },
      maxCapacity: 1_000_000n,
      maxPerSecond: 100_000n,
      targetPerSecond: 50_000n,
      minPrice: 1n,
      excessConversionConstant: 2_164_043n,
    },
  };
}
