import type { Context } from '@avalabs/avalanchejs';

/**
 * The networks the devnet can pose as. Their ids are the real ones, so every API route that validates ids accepts
 * the devnet's (node-interfaces.md §4, data-api-contract.md).
 */
export interface NetworkIdentity {
  name: 'fuji' | 'mainnet';
  networkId: number;
  hrp: string;
  pChainId: string;
  xChainId: string;
  cChainId: string;
  avaxAssetId: string;
  evmChainId: number;
}

export const IDENTITIES: Record<NetworkIdentity['name'], NetworkIdentity> = {
  fuji: {
    name: 'fuji',
    networkId: 5,
    hrp: 'fuji',
    pChainId: '11111111111111111111111111111111LpoYY',
    xChainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    cChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
    avaxAssetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
    evmChainId: 43113,
  },
  mainnet: {
    name: 'mainnet',
    networkId: 1,
    hrp: 'avax',
    pChainId: '11111111111111111111111111111111LpoYY',
    xChainId: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    cChainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
    evmChainId: 43114,
  },
};

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
