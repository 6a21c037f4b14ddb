import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { listArg, nodeIdArg } from '../../runtime/gorilla-rpc/args.ts';
import { gorillaMethod, type GorillaService } from '../../runtime/gorilla-rpc/endpoint.ts';
import { field } from '../../runtime/gorilla-rpc/go-json.ts';
import type { Devnet } from '../network.ts';
import { isL1ValidatorActive } from '../l1-validator-fees.ts';

/**
 * Subnet-EVM's `validators` service on the L1 (`/ext/bc/<blockchain id>/validators`): the L1's validators as its
 * nodes see them, with plain JSON numbers (not avalanchego's decimal strings). The devnet's validators never go
 * offline, so they are connected with full uptime since they started.
 */
export function l1ValidatorsApi(devnet: Devnet): GorillaService {
  return {
    name: 'validators',
    methods: {
      getCurrentValidators: gorillaMethod(
        (p) => ({ nodeIds: new Set(listArg(field(p, 'nodeIDs'), nodeIdArg)) }),
        ({ nodeIds }) => {
          const { height, timeSeconds } = devnet.pChain.tip;
          const validators = devnet.pChain.staking.l1Validators
            .filter((v) => v.convertedAtHeight <= height && (nodeIds.size === 0 || nodeIds.has(v.nodeId)))
            .map((v) => {
              const active = isL1ValidatorActive(v);
              const uptimeSeconds = timeSeconds > v.startSeconds ? Number(timeSeconds - v.startSeconds) : 0;
              return {
                validationID: encodeCb58(v.validationId),
                nodeID: v.nodeId,
                weight: Number(v.weight),
                startTimestamp: Number(v.startSeconds),
                isActive: active,
                isL1Validator: true,
                isConnected: active,
                uptimePercentage: active ? 100 : 0,
                uptimeSeconds: active ? uptimeSeconds : 0,
              };
            });
          return Promise.resolve({ validators });
        },
      ),
    },
  };
}
