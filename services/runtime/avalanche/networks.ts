/**
 * The Avalanche networks the stack serves (and the devnet poses as): their fixed ids, address prefix, AVAX asset and
 * upgrade times. The devnet uses the real ids, so every route that validates ids accepts the devnet's.
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
  /** The network's upgrade times (avalanchego upgrade/upgrade.go), unix seconds. */
  upgrades: NetworkUpgrades;
  /** The C-Chain's Berlin and London heights: the only geth forks scheduled by height after genesis. */
  cChainBerlinBlock: number;
  cChainLondonBlock: number;
}

export type NetworkUpgrade =
  | 'apricotPhase1'
  | 'apricotPhase2'
  | 'apricotPhase3'
  | 'apricotPhase4'
  | 'apricotPhase5'
  | 'apricotPhasePre6'
  | 'apricotPhase6'
  | 'apricotPhasePost6'
  | 'banff'
  | 'cortina'
  | 'durango'
  | 'etna'
  | 'fortuna'
  | 'granite'
  | 'helicon';

export type NetworkUpgrades = Record<NetworkUpgrade, number>;

/** avalanchego's UnscheduledActivationTime, 9999-12-01T00:00:00Z. */
const UNSCHEDULED = 253_399_622_400;

const utc = (iso: string) => Date.parse(iso) / 1000;

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
    upgrades: {
      apricotPhase1: utc('2021-03-26T14:00:00Z'),
      apricotPhase2: utc('2021-05-05T14:00:00Z'),
      apricotPhase3: utc('2021-08-16T19:00:00Z'),
      apricotPhase4: utc('2021-09-16T21:00:00Z'),
      apricotPhase5: utc('2021-11-24T15:00:00Z'),
      apricotPhasePre6: utc('2022-09-06T20:00:00Z'),
      apricotPhase6: utc('2022-09-06T20:00:00Z'),
      apricotPhasePost6: utc('2022-09-07T06:00:00Z'),
      banff: utc('2022-10-03T14:00:00Z'),
      cortina: utc('2023-04-06T15:00:00Z'),
      durango: utc('2024-02-13T16:00:00Z'),
      etna: utc('2024-11-25T16:00:00Z'),
      fortuna: utc('2025-03-13T15:00:00Z'),
      granite: utc('2025-10-29T15:00:00Z'),
      helicon: UNSCHEDULED,
    },
    cChainBerlinBlock: 184_985,
    cChainLondonBlock: 805_078,
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
    upgrades: {
      apricotPhase1: utc('2021-03-31T14:00:00Z'),
      apricotPhase2: utc('2021-05-10T11:00:00Z'),
      apricotPhase3: utc('2021-08-24T14:00:00Z'),
      apricotPhase4: utc('2021-09-22T21:00:00Z'),
      apricotPhase5: utc('2021-12-02T18:00:00Z'),
      apricotPhasePre6: utc('2022-09-05T01:30:00Z'),
      apricotPhase6: utc('2022-09-06T20:00:00Z'),
      apricotPhasePost6: utc('2022-09-07T03:00:00Z'),
      banff: utc('2022-10-18T16:00:00Z'),
      cortina: utc('2023-04-25T15:00:00Z'),
      durango: utc('2024-03-06T16:00:00Z'),
      etna: utc('2024-12-16T17:00:00Z'),
      fortuna: utc('2025-04-08T15:00:00Z'),
      granite: utc('2025-11-19T16:00:00Z'),
      helicon: UNSCHEDULED,
    },
    cChainBerlinBlock: 1_640_340,
    cChainLondonBlock: 3_308_552,
  },
};
