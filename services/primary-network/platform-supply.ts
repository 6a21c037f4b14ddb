import { PRIMARY_NETWORK_SUBNET_ID } from '../runtime/avalanche/vms.ts';
import { DomainError } from '../runtime/errors.ts';
import { UpstreamRpcError, UpstreamUnavailableError, type Upstream } from '../runtime/upstream/client.ts';
import { PLATFORM_PATH } from './platform-rewards.ts';

/**
 * AVAX's supply as the P-Chain keeps it (platform.getCurrentSupply): the genesis allocation plus every potential
 * reward of the stakers added since (the P-Chain adds a staker's reward when it adds the staker, and takes back what
 * it does not pay). It is in no container, so it is read from the nodes.
 */
export interface CurrentSupply {
  currentSupply(signal?: AbortSignal): Promise<{ supply: bigint; height: bigint }>;
}

export function platformSupply(upstream: Upstream): CurrentSupply {
  return {
    async currentSupply(signal) {
      const reply = await upstream
        .call<{ supply?: unknown; height?: unknown }>(
          PLATFORM_PATH,
          'platform.getCurrentSupply',
          { subnetID: PRIMARY_NETWORK_SUBNET_ID },
          signal,
        )
        .catch((err: unknown) => {
          // Without the nodes there is no supply to give: the route is unavailable, not broken.
          if (err instanceof UpstreamUnavailableError || err instanceof UpstreamRpcError)
            throw new DomainError('unavailable', `AVAX's supply needs the P-Chain's nodes: ${err.message}`);
          throw err;
        });
      const { supply, height } = reply;
      if (typeof supply !== 'string' || !/^\d+$/.test(supply))
        throw new Error(`platform.getCurrentSupply replied without a supply: ${JSON.stringify(reply)}`);
      return {
        supply: BigInt(supply),
        height: typeof height === 'string' && /^\d+$/.test(height) ? BigInt(height) : 0n,
      };
    },
  };
}
