import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import type { PlatformBlock } from '../../services/devnet/p-chain.ts';
import { SeededRandom } from '../../services/devnet/seeded.ts';
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

/**
 * A devnet whose P-Chain alone is built, straight from its block builder, until it reaches `height`: a whole devnet
 * to a height in the thousands takes minutes. Returns the P-Chain's blocks in order.
 */
export async function pChainOnlyDevnet(
  seed: string,
  height: bigint,
): Promise<{ devnet: Devnet; blocks: PlatformBlock[] }> {
  const parameters = { ...SHARED_DEVNET, seed, historySeconds: 0n };
  const devnet = await Devnet.create(parameters);
  const random = new SeededRandom(parameters.seed, 'activity');
  const stakingRandom = new SeededRandom(parameters.seed, 'p-staking');
  const blocks: PlatformBlock[] = [];
  for (let step = 1n; devnet.pChain.tip.height < height; step++) {
    const time = parameters.genesisTimeSeconds + step * parameters.blockIntervalSeconds;
    blocks.push(...devnet.pChain.nextBlocks(time, random, stakingRandom));
  }
  return { devnet, blocks };
}
