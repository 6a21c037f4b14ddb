import type { DelegatorDetails } from '../../generated/proto/chaindata/primarynetwork/v1/DelegatorDetails.ts';
import type { L1ValidatorDetailsFull } from '../../generated/proto/chaindata/primarynetwork/v1/L1ValidatorDetailsFull.ts';
import type { PrimaryNetworkServiceHandlers } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { ValidatorDetails } from '../../generated/proto/chaindata/primarynetwork/v1/ValidatorDetails.ts';
import { DomainError } from '../../runtime/errors.ts';
import { formatBech32, formatNodeId } from '../../runtime/formatting/address.ts';
import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { NetworkContext } from '../network.ts';
import type { CurrentSupply } from '../platform-supply.ts';
import type { ValidatorNodes, ValidatorObservation } from '../platform-validators.ts';
import type { BlsFacts, OwnerFacts } from '../store/rows.ts';
import {
  delegatorShare,
  VALIDATOR_SORT_KEYS,
  type StakingReader,
  type StoredDelegator,
  type StoredL1Validator,
  type StoredValidator,
} from '../store/staking.ts';
import { answerNames, chainName, delegationFeePercent, transactionDoc } from './documents.ts';

/**
 * The staking operations of the gRPC service: network details, validators, delegators, L1 validators and the
 * staking transactions of current stakers. Each validates its request as the rest of the service does; what no
 * container holds (uptime, connection, the current supply) the upstream nodes are asked for, at request time.
 */

type StakingHandlers = Pick<
  AsyncImplementation<PrimaryNetworkServiceHandlers>,
  'GetNetworkDetails' | 'ListValidators' | 'ListDelegators' | 'ListL1Validators' | 'ListStakingTransactions'
>;

const ID_LENGTH = 32;
const SHORT_ID_LENGTH = 20;
const MAX_TX_TYPES = 64;
const TX_TYPE = /^[A-Za-z0-9]{1,64}$/;
/** The Data API's bounds: delegation capacities up to 720M AVAX, times remaining up to 2^31 - 1 seconds. */
export const MAX_DELEGATION_CAPACITY = 720_000_000_000_000_000n;
export const MAX_TIME_REMAINING = 2_147_483_647;
/** `uptimePerformance` orders as `blockIndex` does: the stack keeps no uptime to sort by (docs/primary-network.md). */
const SORT_BY = ['', ...VALIDATOR_SORT_KEYS, 'uptimePerformance'] as const;
const VALIDATION_STATUSES = ['', 'completed', 'active', 'pending', 'removed'] as const;
const DELEGATION_STATUSES = ['', 'completed', 'active', 'pending'] as const;
const STAKING_RATIO_DIGITS = 6;

/** A number field within [min, max]. */
function boundedNumber(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < min || value > max)
    throw field.invalidField(name, `a number from ${min} to ${max}`, value);
  return value;
}

/** A percentage as delegation shares (millionths): the least shares at or above it, or the most at or below. */
function sharesOf(percent: number, bound: 'min' | 'max'): bigint {
  // Rounded to a millionth first so that 2.3 (2.2999999…) is 23000 shares.
  const shares = Number((percent * 10_000).toFixed(6));
  return BigInt(bound === 'min' ? Math.ceil(shares) : Math.floor(shares));
}

function seconds(value: number, bound: 'min' | 'max'): bigint {
  return BigInt(bound === 'min' ? Math.ceil(value) : Math.floor(value));
}

/** `part / whole` as decimal text with `digits` fraction digits (rounded down). */
export function ratioText(part: bigint, whole: bigint, digits: number): string {
  if (whole === 0n) return '0';
  const scale = 10n ** BigInt(digits);
  const scaled = (part * scale) / whole;
  return `${scaled / scale}.${(scaled % scale).toString().padStart(digits, '0')}`;
}

function blsDoc(bls: BlsFacts) {
  return {
    publicKey: hex(Buffer.from(bls.publicKey, 'hex')),
    proofOfPossession: hex(Buffer.from(bls.proofOfPossession, 'hex')),
  };
}

export function stakingHandlers(options: {
  ctx: NetworkContext;
  staking: StakingReader;
  nodes: ValidatorNodes;
  supply: CurrentSupply;
  checkNetwork: (name: string) => void;
}): StakingHandlers {
  const { ctx, staking, nodes, supply: currentSupply, checkNetwork } = options;
  const network = ctx.identity.name;
  const bech32 = (address: Uint8Array) => formatBech32(ctx.identity.hrp, address);
  const pChainId = encodeCb58(ctx.chainIds.P);

  const validatorDoc = (
    v: StoredValidator,
    activeStake: bigint,
    observed: ValidatorObservation | undefined,
  ): ValidatorDetails => {
    const base = {
      txHash: encodeCb58(v.tx_id),
      nodeId: formatNodeId(v.node_id),
      subnetId: encodeCb58(v.subnet_id),
      amountStaked: v.weight,
      ...(v.shares !== null ? { delegationFee: delegationFeePercent(Number(v.shares)) } : {}),
      startTimestamp: Number(v.start_time),
      endTimestamp: Number(v.end_time),
      ...(v.signer ? { blsCredentials: blsDoc(v.signer) } : {}),
    };
    const rewardAddresses = v.reward_addresses.map(bech32);
    if (v.status === 'completed')
      return {
        completed: {
          ...base,
          delegatorCount: Number(v.delegator_count),
          amountDelegated: v.delegated,
          rewards: {
            validationRewardAmount: v.validation_reward ?? '0',
            delegationRewardAmount: v.delegation_reward ?? '0',
            rewardAddresses,
            ...(v.reward_tx_id ? { rewardTxHash: encodeCb58(v.reward_tx_id) } : {}),
          },
          validationStatus: 'completed',
        },
      };
    if (v.status === 'pending') return { pending: { ...base, validationStatus: 'pending' } };
    const primary = v.subnet_id.every((b) => b === 0);
    return {
      active: {
        ...base,
        stakePercentage:
          primary && activeStake > 0n ? Number(ratioText(BigInt(v.weight) * 100n, activeStake, 6)) : 0,
        delegatorCount: Number(v.delegator_count),
        amountDelegated: v.delegated,
        uptimePerformance: observed?.uptime ?? 0,
        ...(v.capacity !== null ? { delegationCapacity: v.capacity } : {}),
        potentialRewards: {
          validationRewardAmount: v.potential_reward ?? '0',
          delegationRewardAmount: v.delegatee_potential,
          rewardAddresses,
        },
        validationStatus: 'active',
        // The node's view of the validator: reachable when connected; the stack sees no benched requests.
        validatorHealth: {
          reachabilityPercent: observed?.connected ? 100 : 0,
          benchedPChainRequestsPercent: 0,
          benchedXChainRequestsPercent: 0,
          benchedCChainRequestsPercent: 0,
        },
      },
    };
  };

  const delegatorDoc = (d: StoredDelegator): DelegatorDetails => {
    const shares = BigInt(d.shares ?? 0);
    const base = {
      txHash: encodeCb58(d.tx_id),
      nodeId: formatNodeId(d.node_id),
      rewardAddresses: d.reward_addresses.map(bech32),
      amountDelegated: d.weight,
      delegationFee: delegationFeePercent(Number(shares)),
      startTimestamp: Number(d.start_time),
      endTimestamp: Number(d.end_time),
    };
    if (d.status === 'completed') {
      const paid = d.rewarded === false ? 0n : BigInt(d.paid ?? 0);
      const gross = d.rewarded === false ? 0n : BigInt(d.potential_reward ?? paid + BigInt(d.fee_paid ?? 0));
      return {
        completed: {
          ...base,
          grossReward: gross.toString(),
          netReward: paid.toString(),
          delegationStatus: 'completed',
        },
      };
    }
    const gross = BigInt(d.potential_reward ?? 0);
    const estimated = {
      ...base,
      estimatedGrossReward: gross.toString(),
      estimatedNetReward: delegatorShare(gross, shares).toString(),
      delegationStatus: d.status,
    };
    return d.status === 'active' ? { active: estimated } : { pending: estimated };
  };

  const ownerDoc = (o: OwnerFacts | null) => ({
    addresses: (o?.addresses ?? []).map((a) => bech32(Buffer.from(a, 'hex'))),
    threshold: o?.threshold ?? 0,
  });

  const l1ValidatorDoc = (v: StoredL1Validator): L1ValidatorDetailsFull => ({
    validationId: encodeCb58(v.validation_id),
    validationIdHex: hex(v.validation_id),
    nodeId: formatNodeId(v.node_id),
    subnetId: encodeCb58(v.subnet_id),
    weight: Number(v.weight),
    remainingBalance: Number(v.balance),
    creationTimestamp: Number(v.created_timestamp ?? 0),
    blsCredentials: { publicKey: hex(v.bls_public_key), proofOfPossession: hex(v.proof_of_possession) },
    remainingBalanceOwner: ownerDoc(v.remaining_balance_owner),
    deactivationOwner: ownerDoc(v.deactivation_owner),
  });

  return {
    GetNetworkDetails: async (req, signal) => {
      checkNetwork(req.network);
      const totals = await staking.totals();
      const staked = totals.validatorStake + totals.delegatorStake;
      // Nothing staked is a ratio of 0 whatever the supply: the nodes are asked only when there is stake.
      const supply = staked > 0n ? (await currentSupply.currentSupply(signal)).supply : 0n;
      return {
        validatorDetails: {
          validatorCount: totals.validatorCount,
          totalAmountStaked: totals.validatorStake.toString(),
          estimatedAnnualStakingReward: totals.potentialRewards.toString(),
          // The nodes' versions are known only to their peers: the stack has no distribution to give.
          stakingDistributionByVersion: [],
          stakingRatio: ratioText(staked, supply, STAKING_RATIO_DIGITS),
        },
        delegatorDetails: {
          delegatorCount: totals.delegatorCount,
          totalAmountStaked: totals.delegatorStake.toString(),
        },
      };
    },

    ListValidators: async (req, signal) => {
      checkNetwork(req.network);
      const nodeIds = field.bytesList('nodeIds', req.node_ids, SHORT_ID_LENGTH);
      const sortBy = field.oneOf('sortBy', req.sort_by, SORT_BY);
      const order = field.sortOrder(req.sort_order);
      const status = field.oneOf('validationStatus', req.validation_status, VALIDATION_STATUSES);
      const capacity = (name: string, value: string | undefined) =>
        value === undefined ? undefined : BigInt(field.decimalText(name, value, MAX_DELEGATION_CAPACITY));
      const minCapacity = capacity('minDelegationCapacity', req.min_delegation_capacity);
      const maxCapacity = capacity('maxDelegationCapacity', req.max_delegation_capacity);
      const minRemaining = boundedNumber('minTimeRemaining', req.min_time_remaining, 0, MAX_TIME_REMAINING);
      const maxRemaining = boundedNumber('maxTimeRemaining', req.max_time_remaining, 0, MAX_TIME_REMAINING);
      const minFee = boundedNumber('minFeePercentage', req.min_fee_percentage, 0, 100);
      const maxFee = boundedNumber('maxFeePercentage', req.max_fee_percentage, 0, 100);
      const minUptime = boundedNumber('minUptimePerformance', req.min_uptime_performance, 0, 100);
      const maxUptime = boundedNumber('maxUptimePerformance', req.max_uptime_performance, 0, 100);
      const subnetId = field.optionalBytes('subnetId', req.subnet_id, ID_LENGTH);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      // A permissioned subnet validator removed by RemoveSubnetValidatorTx is not tracked: none is listed as removed.
      if (status === 'removed') return { validators: [], next_cursor: '' };
      const head = await staking.head();
      const page = await staking.validators(
        {
          nodeIds,
          ...(subnetId ? { subnetId } : {}),
          ...(status ? { status } : {}),
          ...(minCapacity !== undefined ? { minDelegationCapacity: minCapacity } : {}),
          ...(maxCapacity !== undefined ? { maxDelegationCapacity: maxCapacity } : {}),
          ...(minRemaining !== undefined ? { minTimeRemaining: seconds(minRemaining, 'min') } : {}),
          ...(maxRemaining !== undefined ? { maxTimeRemaining: seconds(maxRemaining, 'max') } : {}),
          ...(minFee !== undefined ? { minFeeShares: sharesOf(minFee, 'min') } : {}),
          ...(maxFee !== undefined ? { maxFeeShares: sharesOf(maxFee, 'max') } : {}),
        },
        sortBy === '' || sortBy === 'uptimePerformance' ? 'blockIndex' : sortBy,
        order,
        head,
        pageSize,
        cursor,
      );
      const active = page.items.filter((v) => v.status === 'active' && v.subnet_id.every((b) => b === 0));
      const [observed, totals] =
        active.length > 0
          ? await Promise.all([
              nodes.observations([...new Set(active.map((v) => formatNodeId(v.node_id)))], signal),
              staking.totals(),
            ])
          : [new Map<string, ValidatorObservation>(), undefined];
      const activeStake = totals ? totals.validatorStake + totals.delegatorStake : 0n;
      // Uptime is the nodes' to tell, at request time: its filters apply to each page (which may come out short).
      const withinUptime = (v: StoredValidator) => {
        if (minUptime === undefined && maxUptime === undefined) return true;
        const uptime = observed.get(encodeCb58(v.tx_id))?.uptime;
        return (
          uptime !== undefined &&
          (minUptime === undefined || uptime >= minUptime) &&
          (maxUptime === undefined || uptime <= maxUptime)
        );
      };
      return {
        validators: page.items
          .filter(withinUptime)
          .map((v) => validatorDoc(v, activeStake, observed.get(encodeCb58(v.tx_id)))),
        next_cursor: page.nextCursor,
      };
    },

    ListDelegators: async (req) => {
      checkNetwork(req.network);
      const nodeIds = field.bytesList('nodeIds', req.node_ids, SHORT_ID_LENGTH);
      const rewardAddresses = field.bytesList('rewardAddresses', req.reward_addresses, SHORT_ID_LENGTH);
      const status = field.oneOf('delegationStatus', req.delegation_status, DELEGATION_STATUSES);
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      const head = await staking.head();
      const page = await staking.delegators(
        { nodeIds, rewardAddresses, ...(status ? { status } : {}) },
        order,
        head,
        pageSize,
        cursor,
      );
      return { delegators: page.items.map(delegatorDoc), next_cursor: page.nextCursor };
    },

    ListL1Validators: async (req) => {
      checkNetwork(req.network);
      const validationId = field.optionalBytes('l1ValidationId', req.l1_validation_id, ID_LENGTH);
      const nodeId = field.optionalBytes('nodeId', req.node_id, SHORT_ID_LENGTH);
      const subnetId = field.optionalBytes('subnetId', req.subnet_id, ID_LENGTH);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(req.cursor);
      const [head, page] = await Promise.all([
        staking.head(),
        staking.l1Validators(
          {
            ...(validationId ? { validationId } : {}),
            ...(nodeId ? { nodeId } : {}),
            ...(subnetId ? { subnetId } : {}),
            includeInactive: req.include_inactive,
          },
          pageSize,
          cursor,
        ),
      ]);
      return {
        validators: page.items.map(l1ValidatorDoc),
        blockHeight: head.height.toString(),
        next_cursor: page.nextCursor,
      };
    },

    ListStakingTransactions: async (req) => {
      if (!req.chain)
        throw new DomainError(
          'invalid_argument',
          'chain: is required: expected a network and a blockchain id',
        );
      checkNetwork(req.chain.network);
      if (req.chain.blockchain_id !== pChainId)
        throw new DomainError(
          'invalid_argument',
          `blockchainId: staking transactions are the P-Chain's (${pChainId}), got ${field.quoted(req.chain.blockchain_id)}`,
        );
      const filter = {
        addresses: field.bytesList('addresses', req.addresses, SHORT_ID_LENGTH),
        txTypes: field.textList('txTypes', req.tx_types, MAX_TX_TYPES, (name, value) =>
          field.text(name, value, { pattern: TX_TYPE, what: 'a transaction type such as AddValidatorTx' }),
        ),
        ...optionalTimestamps(req.start_timestamp, req.end_timestamp),
      };
      const order = field.sortOrder(req.sort_order);
      const pageSize = field.pageSize(req.page_size, MAX_PAGE_SIZE);
      const page = await staking.stakingTransactions(filter, order, pageSize, field.cursor(req.cursor));
      const names = answerNames(ctx);
      return {
        transactions: page.items.map((tx) => transactionDoc(ctx, page.assets, tx, names)),
        chainInfo: { chainName: chainName('P'), network },
        next_cursor: page.nextCursor,
      };
    },
  };
}

function optionalTimestamps(start: string | undefined, end: string | undefined) {
  const startTimestamp = field.optionalInteger('startTimestamp', start, field.MAX_INT64);
  const endTimestamp = field.optionalInteger('endTimestamp', end, field.MAX_INT64);
  return {
    ...(startTimestamp !== undefined ? { startTimestamp } : {}),
    ...(endTimestamp !== undefined ? { endTimestamp } : {}),
  };
}
