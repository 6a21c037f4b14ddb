import { networkIdentity, networkParam, selectChain, type NetworkName } from '../../chains.ts';
import {
  fromOneof,
  toApiDocument,
  toListDocument,
  type ApiDocument,
} from '../../../runtime/rest/documents.ts';
import {
  addressListParam,
  booleanParam,
  boundedNumberParam,
  decimalTextParam,
  enumListParam,
  enumParam,
  nodeIdListParam,
  nodeIdParam,
  ParamError,
  PRIMARY_NETWORK_TX_TYPES,
  sortOrderParam,
  subnetIdBytesParam,
  timestampParam,
  validationIdParam,
  type RequestAddress,
} from '../../../runtime/rest/params.ts';
import {
  ADDRESSES_DESCRIPTION,
  addressFilter,
  BECH32_ADDRESSES_ON_NETWORK,
  BECH32_ONLY,
  chainRef,
  defineRoute,
  PAGING,
  sortOrderOf,
  TIME_RANGE,
  type InputRule,
} from '../route.ts';
import type { ValidatorDetails__Output } from '../../../generated/proto/chaindata/primarynetwork/v1/ValidatorDetails.ts';

/**
 * The staking routes: validators (all, or one node's validations), delegators, L1 validators, and the P-Chain's
 * active staking transactions. The primary-network service answers them from the stakers and L1 validators it
 * projects; what only the nodes know (uptime, connection) it asks them for at request time.
 */

const MAX_DELEGATION_CAPACITY = 720_000_000_000_000_000n;
const MAX_TIME_REMAINING = 2_147_483_647;
const SORT_BY_OPTIONS = [
  'blockIndex',
  'delegationCapacity',
  'timeRemaining',
  'delegationFee',
  'uptimePerformance',
] as const;
const VALIDATION_STATUSES = ['completed', 'active', 'pending', 'removed'] as const;
const DELEGATION_STATUSES = ['completed', 'active', 'pending'] as const;
const P_CHAIN_IDS = ['11111111111111111111111111111111LpoYY', 'p-chain'] as const;

const validationStatusParam = () =>
  enumParam(VALIDATION_STATUSES).optional().meta({ description: 'Validation status of the node.' });

/** Each `min…` bound must not be above its `max…`. */
function rangeRule<K extends string>(
  name: K,
): InputRule<Partial<Record<`min${K}` | `max${K}`, number | string | undefined>>> {
  const min = `min${name}` as const;
  const max = `max${name}` as const;
  return {
    description: `${min} must not be above ${max}.`,
    check: (input) => {
      const low: number | string | undefined = input[min];
      const high: number | string | undefined = input[max];
      if (low === undefined || high === undefined) return;
      // Capacities are decimal text (nAVAX beyond a double's precision), the other bounds numbers.
      const above =
        typeof low === 'string' || typeof high === 'string' ? BigInt(low) > BigInt(high) : low > high;
      if (above) throw new ParamError(min, `must not be above ${max}, got ${low} > ${high}`);
    },
  };
}

/** A validator as the API writes it; an active one's location is unknown to the stack and written as null. */
function validatorDocument(validator: ValidatorDetails__Output): ApiDocument {
  const document = toApiDocument(fromOneof(validator, 'ValidatorDetails'));
  return document.validationStatus === 'active' ? { ...document, geolocation: null } : document;
}

/** The list as the API writes it: toApiDocument would drop the null locations. */
function validatorList(
  response: { validators: ValidatorDetails__Output[]; next_cursor: string },
  nextPageToken: string | undefined,
): ApiDocument {
  return {
    ...toListDocument({ next_cursor: response.next_cursor }, nextPageToken),
    validators: response.validators.map(validatorDocument),
  };
}

export const listValidators = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/validators',
  operationId: 'listValidators',
  summary: 'List validators',
  pathParams: { network: networkParam() },
  query: {
    ...PAGING,
    nodeIds: nodeIdListParam().meta({ description: 'A comma separated list of node ids to filter by.' }),
    sortBy: enumParam(SORT_BY_OPTIONS)
      .optional()
      .meta({ description: 'Which property to sort by, in conjunction with sortOrder.' }),
    sortOrder: sortOrderParam(),
    validationStatus: validationStatusParam(),
    minDelegationCapacity: decimalTextParam(
      `a delegation capacity in nAVAX from 0 to ${MAX_DELEGATION_CAPACITY}`,
      MAX_DELEGATION_CAPACITY,
    )
      .optional()
      .meta({ description: 'The minimum delegation capacity, in nAVAX.' }),
    maxDelegationCapacity: decimalTextParam(
      `a delegation capacity in nAVAX from 0 to ${MAX_DELEGATION_CAPACITY}`,
      MAX_DELEGATION_CAPACITY,
    )
      .optional()
      .meta({ description: 'The maximum delegation capacity, in nAVAX.' }),
    minTimeRemaining: boundedNumberParam(0, MAX_TIME_REMAINING)
      .optional()
      .meta({ description: 'The minimum validation time remaining, in seconds.' }),
    maxTimeRemaining: boundedNumberParam(0, MAX_TIME_REMAINING)
      .optional()
      .meta({ description: 'The maximum validation time remaining, in seconds.' }),
    minFeePercentage: boundedNumberParam(2, 100)
      .optional()
      .meta({ description: 'The minimum fee percentage; subnet validations (no fee) are left out.' }),
    maxFeePercentage: boundedNumberParam(2, 100)
      .optional()
      .meta({ description: 'The maximum fee percentage; subnet validations (no fee) are left out.' }),
    minUptimePerformance: boundedNumberParam(0, 100)
      .optional()
      .meta({ description: 'The minimum uptime percentage the nodes report.' }),
    maxUptimePerformance: boundedNumberParam(0, 100)
      .optional()
      .meta({ description: 'The maximum uptime percentage the nodes report.' }),
    subnetId: subnetIdBytesParam().optional().meta({ description: 'The subnet ID to filter by.' }),
  },
  rules: [
    rangeRule('DelegationCapacity'),
    rangeRule('TimeRemaining'),
    rangeRule('FeePercentage'),
    rangeRule('UptimePerformance'),
  ],
  responses: ['ListValidatorDetailsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        network: networkIdentity(input.network).name,
        node_ids: (input.nodeIds ?? []).map((n) => n.bytes),
        sort_by: input.sortBy ?? '',
        sort_order: sortOrderOf(input.sortOrder),
        validation_status: input.validationStatus ?? '',
        min_delegation_capacity: input.minDelegationCapacity,
        max_delegation_capacity: input.maxDelegationCapacity,
        min_time_remaining: input.minTimeRemaining,
        max_time_remaining: input.maxTimeRemaining,
        min_fee_percentage: input.minFeePercentage,
        max_fee_percentage: input.maxFeePercentage,
        min_uptime_performance: input.minUptimePerformance,
        max_uptime_performance: input.maxUptimePerformance,
        subnet_id: input.subnetId,
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListValidators,
    );
    return validatorList(response, nextPageToken);
  },
});

export const getSingleValidatorDetails = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/validators/{nodeId}',
  operationId: 'getSingleValidatorDetails',
  summary: 'Get single validator details',
  pathParams: {
    network: networkParam(),
    nodeId: nodeIdParam('A primary network (P or X chain) nodeId.'),
  },
  query: { ...PAGING, validationStatus: validationStatusParam(), sortOrder: sortOrderParam() },
  responses: ['ListValidatorDetailsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        network: networkIdentity(input.network).name,
        node_ids: [input.nodeId],
        sort_by: '',
        sort_order: sortOrderOf(input.sortOrder),
        validation_status: input.validationStatus ?? '',
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListValidators,
    );
    return validatorList(response, nextPageToken);
  },
});

const REWARD_ADDRESSES_ON_NETWORK: InputRule<{
  network: NetworkName;
  rewardAddresses?: RequestAddress[] | undefined;
}> = {
  description:
    'rewardAddresses must be bech32 addresses of network: "avax" on mainnet, "fuji" on fuji/testnet; EVM addresses are refused.',
  check: ({ network, rewardAddresses }) => rewardAddressesOf(network, rewardAddresses),
};

function rewardAddressesOf(network: NetworkName, addresses: RequestAddress[] | undefined): Uint8Array[] {
  try {
    return addressFilter(addresses ?? [], network, BECH32_ONLY).addresses;
  } catch (err) {
    if (err instanceof ParamError) throw new ParamError('rewardAddresses', err.reason);
    throw err;
  }
}

export const listDelegators = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/delegators',
  operationId: 'listDelegators',
  summary: 'List delegators',
  pathParams: { network: networkParam() },
  query: {
    ...PAGING,
    rewardAddresses: addressListParam('A comma separated list of reward addresses to filter by.').optional(),
    sortOrder: sortOrderParam(),
    delegationStatus: enumParam(DELEGATION_STATUSES)
      .optional()
      .meta({ description: 'Delegation status of the node.' }),
    nodeIds: nodeIdListParam().meta({ description: 'A comma separated list of node ids to filter by.' }),
  },
  rules: [REWARD_ADDRESSES_ON_NETWORK],
  responses: ['ListDelegatorDetailsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        network: networkIdentity(input.network).name,
        node_ids: (input.nodeIds ?? []).map((n) => n.bytes),
        reward_addresses: rewardAddressesOf(input.network, input.rewardAddresses),
        delegation_status: input.delegationStatus ?? '',
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListDelegators,
    );
    const delegators = response.delegators.map((d) => fromOneof(d, 'DelegatorDetails'));
    return toListDocument({ ...response, delegators }, nextPageToken);
  },
});

export const listL1Validators = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/l1Validators',
  operationId: 'listL1Validators',
  summary: 'List L1 validators',
  pathParams: { network: networkParam() },
  query: {
    ...PAGING,
    l1ValidationId: validationIdParam().meta({
      description: "The L1 validator's validation ID (cb58 or 0x-hex) to filter by.",
    }),
    includeInactiveL1Validators: booleanParam()
      .optional()
      .meta({ description: 'Also list inactive (disabled) and removed L1 validators.' }),
    nodeId: nodeIdParam("A valid node ID in format 'NodeID-HASH'.").optional(),
    subnetId: subnetIdBytesParam().optional().meta({ description: 'The subnet ID to filter by.' }),
  },
  responses: ['ListL1ValidatorsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        network: networkIdentity(input.network).name,
        l1_validation_id: input.l1ValidationId,
        node_id: input.nodeId,
        subnet_id: input.subnetId,
        include_inactive: input.includeInactiveL1Validators ?? false,
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListL1Validators,
    );
    return toListDocument(response, nextPageToken);
  },
});

export const listActivePrimaryNetworkStakingTransactions = defineRoute({
  method: 'GET',
  path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
  operationId: 'listActivePrimaryNetworkStakingTransactions',
  summary: 'List staking transactions',
  pathParams: {
    network: networkParam(),
    blockchainId: enumParam(P_CHAIN_IDS).meta({ description: 'The P-Chain: its id or the alias p-chain.' }),
  },
  query: {
    addresses: addressListParam(ADDRESSES_DESCRIPTION).optional(),
    txTypes: enumListParam(PRIMARY_NETWORK_TX_TYPES)
      .optional()
      .meta({ description: 'Only these transaction types (repeat the parameter or separate with commas).' }),
    startTimestamp: timestampParam('Staking transactions accepted at or after this time (unix seconds).'),
    endTimestamp: timestampParam('Staking transactions accepted at or before this time (unix seconds).'),
    ...PAGING,
    sortOrder: sortOrderParam(),
  },
  rules: [BECH32_ADDRESSES_ON_NETWORK, TIME_RANGE],
  responses: ['ListPChainTransactionsResponse'],
  async handle(input, context) {
    const { response, nextPageToken } = await context.listPage(
      input.pageToken,
      {
        chain: chainRef(selectChain(input.network, input.blockchainId)),
        addresses: addressFilter(input.addresses ?? [], input.network, BECH32_ONLY).addresses,
        tx_types: input.txTypes ?? [],
        start_timestamp: input.startTimestamp,
        end_timestamp: input.endTimestamp,
        sort_order: sortOrderOf(input.sortOrder),
        page_size: input.pageSize,
      },
      context.primaryNetwork.ListStakingTransactions,
    );
    const transactions = response.transactions.map((tx) => fromOneof(tx, 'Transaction'));
    return toListDocument({ ...response, transactions }, nextPageToken);
  },
});
