import { DomainError } from '../runtime/errors.ts';
import { UpstreamRpcError, UpstreamUnavailableError, type Upstream } from '../runtime/upstream/client.ts';
import { PLATFORM_PATH } from './platform-rewards.ts';

/**
 * What no container says of validators and the network, read from the upstream nodes' platform API when a request
 * needs it: a current validator's uptime and whether the node sees it connected (platform.getCurrentValidators).
 * Nothing here is stored: the nodes' answer is the answer at the time of the request.
 */
export interface ValidatorObservation {
  /** Percent, as the node measured it. */
  uptime: number;
  connected: boolean;
}

export interface ValidatorNodes {
  /** By staking tx id (cb58): the current primary-network validators of these nodes (`NodeID-…`). */
  observations(nodeIds: string[], signal?: AbortSignal): Promise<Map<string, ValidatorObservation>>;
}

interface CurrentValidatorsReply {
  validators?: { txID?: unknown; uptime?: unknown; connected?: unknown }[];
}

export function platformValidators(upstream: Upstream): ValidatorNodes {
  return {
    async observations(nodeIds, signal) {
      const observed = new Map<string, ValidatorObservation>();
      if (nodeIds.length === 0) return observed;
      const reply = await upstream
        .call<CurrentValidatorsReply>(
          PLATFORM_PATH,
          'platform.getCurrentValidators',
          { nodeIDs: nodeIds },
          signal,
        )
        .catch((err: unknown) => {
          // Without the nodes there is no uptime to give: the route is unavailable, not broken.
          if (err instanceof UpstreamUnavailableError || err instanceof UpstreamRpcError)
            throw new DomainError(
              'unavailable',
              `validator uptimes need the P-Chain's nodes: ${err.message}`,
            );
          throw err;
        });
      for (const v of reply.validators ?? []) {
        const uptime = Number(v.uptime);
        if (typeof v.txID === 'string' && Number.isFinite(uptime))
          observed.set(v.txID, { uptime, connected: v.connected === true });
      }
      return observed;
    },
  };
}
