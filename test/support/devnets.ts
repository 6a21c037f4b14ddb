import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';

/**
 * The devnet history the suites that only read one share: long enough for short-period validators and delegators
 * to be rewarded, the L1's registration and weight change, and every atomic phase.
 */
export const SHARED_DEVNET: DevnetParameters = {
  identity: IDENTITIES.fuji,
  seed: 'shared-history',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 6n * 86_400n,
  blockIntervalSeconds: 1_200n,
  accounts: 8,
  metadataBaseUrl: 'http://127.0.0.1:1/metadata',
};

const built = new Map<string, Promise<Devnet>>();

/**
 * A devnet with its history generated, built once per test process for each seed and parameters: a devnet is
 * deterministic, so every suite asking for the same parameters gets the same history. Suites that advance a devnet,
 * or compare two builds, create their own.
 */
export function sharedDevnet(parameters: DevnetParameters): Promise<Devnet> {
  const key = JSON.stringify(parameters, (_, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
  let devnet = built.get(key);
  if (!devnet) {
    devnet = Devnet.create(parameters).then(async (created) => {
      await created.generateHistory();
      return created;
    });
    // A failed build is not kept: the next suite tries again and reports its own failure.
    devnet.catch(() => built.delete(key));
    built.set(key, devnet);
  }
  return devnet;
}
