import { bytea, integerOrNull } from '../../runtime/database/pool.ts';
import { DomainError } from '../../runtime/errors.ts';
import { callBoundPool, type Queryable } from '../../runtime/grpc/call-scope.ts';
import { MAX_INT64, MAX_UINT256, MAX_UINT64 } from '../../runtime/grpc/request-fields.ts';
import { keysetPage, type Page } from '../../runtime/pagination/keyset.ts';
import {
  cursorBigint,
  TX_COLUMNS,
  type Order,
  type PageWithAssets,
  type PrimaryNetworkReader,
  type StoredTransaction,
  type TxRowDb,
} from './reader.ts';
import type { BlsFacts, OwnerFacts } from './rows.ts';

/**
 * The staking lists: validators and delegators (rows of `stakers`, with the facts of their staking transaction),
 * the network's staking totals, L1 validators, and the staking transactions of stakers not yet removed. A staker is
 * pending until its start time is reached (from_height unset), active until its RewardValidatorTx is accepted
 * (to_height set: completed); a permissioned subnet validator, which no RewardValidatorTx removes, is completed
 * once the P-Chain's time passes its end.
 */

const PRIMARY_NETWORK = Buffer.alloc(32);
/** avalanchego's MaxValidatorStake (3M AVAX on mainnet and Fuji) and MaxDelegationFactor. */
const MAX_VALIDATOR_STAKE = 3_000_000n * 1_000_000_000n;
const MAX_DELEGATION_FACTOR = 5n;
/** Delegation shares are millionths (avalanchego's reward.PercentDenominator). */
export const PERCENT_DENOMINATOR = 1_000_000n;

/**
 * What a delegator keeps of `reward` after a fee of `shares` millionths, as avalanchego's reward.Split computes it in
 * uint64: exactly while (1e6 - shares) × reward fits, else with the reward rounded down to millionths first.
 */
export function delegatorShare(reward: bigint, shares: bigint): bigint {
  const keep = PERCENT_DENOMINATOR - (shares < PERCENT_DENOMINATOR ? shares : PERCENT_DENOMINATOR);
  const product = keep * reward;
  return product <= MAX_UINT64 ? product / PERCENT_DENOMINATOR : keep * (reward / PERCENT_DENOMINATOR);
}

/** delegatorShare in SQL, over numeric expressions. */
function delegatorShareSql(reward: string, shares: string): string {
  const keep = `(${PERCENT_DENOMINATOR} - least(coalesce(${shares}, 0), ${PERCENT_DENOMINATOR}))`;
  return `CASE WHEN ${keep} * ${reward} <= ${MAX_UINT64} THEN div(${keep} * ${reward}, ${PERCENT_DENOMINATOR})
    ELSE ${keep} * div(${reward}, ${PERCENT_DENOMINATOR}) END`;
}

export type StakerStatus = 'pending' | 'active' | 'completed';
export const VALIDATOR_SORT_KEYS = [
  'blockIndex',
  'delegationCapacity',
  'timeRemaining',
  'delegationFee',
] as const;
export type ValidatorSortKey = (typeof VALIDATOR_SORT_KEYS)[number];

export interface ValidatorFilter {
  nodeIds: Uint8Array[];
  subnetId?: Uint8Array;
  status?: StakerStatus;
  /** nAVAX. */
  minDelegationCapacity?: bigint;
  maxDelegationCapacity?: bigint;
  /** Seconds, whole. */
  minTimeRemaining?: bigint;
  maxTimeRemaining?: bigint;
  /** Millionths. */
  minFeeShares?: bigint;
  maxFeeShares?: bigint;
}

/** Where the P-Chain is: its projected head, whose time decides what is pending, active or completed. */
export interface PChainHead {
  height: bigint;
  timestamp: bigint;
}

export interface StoredValidator {
  tx_id: Buffer;
  tx_type: string;
  subnet_id: Buffer;
  node_id: Buffer;
  weight: string;
  start_time: string;
  end_time: string;
  reward_addresses: Buffer[];
  added_seq: string;
  potential_reward: string | null;
  reward_tx_id: Buffer | null;
  rewarded: boolean | null;
  status: StakerStatus;
  /** Millionths; null for permissioned subnet validators, which take no delegations. */
  shares: number | null;
  signer: BlsFacts | null;
  /** The validator's delegators: the current ones while it is active, every one once it is completed. */
  delegator_count: string;
  delegated: string;
  /** What the validator stands to earn from its current delegators' potential rewards (its fee share). */
  delegatee_potential: string;
  /** nAVAX more it can take in delegations; null unless an active primary-network validator. */
  capacity: string | null;
  sort_key: string;
  /** Completed validators: rewards paid for the validation and in delegation fees. */
  validation_reward?: string;
  delegation_reward?: string;
}

export interface StoredDelegator {
  tx_id: Buffer;
  node_id: Buffer;
  reward_addresses: Buffer[];
  weight: string;
  start_time: string;
  end_time: string;
  added_seq: string;
  potential_reward: string | null;
  rewarded: boolean | null;
  status: StakerStatus;
  /** The validator's fee in millionths. */
  shares: number | null;
  /** Completed delegators: what the delegator was paid, and the fee its validator was paid for it (pre-Cortina). */
  paid?: string;
  fee_paid?: string;
}

export interface StakingTotals {
  validatorCount: number;
  validatorStake: bigint;
  delegatorCount: number;
  delegatorStake: bigint;
  potentialRewards: bigint;
}

export interface StoredL1Validator {
  validation_id: Buffer;
  subnet_id: Buffer;
  node_id: Buffer;
  bls_public_key: Buffer;
  proof_of_possession: Buffer;
  registered_height: string;
  disabled_height: string | null;
  remaining_balance_owner: OwnerFacts | null;
  deactivation_owner: OwnerFacts | null;
  weight: string;
  balance: string;
  created_timestamp: string | null;
}

export interface L1ValidatorFilter {
  validationId?: Uint8Array;
  nodeId?: Uint8Array;
  subnetId?: Uint8Array;
  includeInactive: boolean;
}

export interface StakingTransactionFilter {
  addresses: Uint8Array[];
  txTypes: string[];
  startTimestamp?: bigint;
  endTimestamp?: bigint;
}

/** `<decimal key>:<32-byte id hex>`: the sort key (at most `max`) and tx or validation id of a page's last item. */
function parseKeyCursor(cursor: string, max: bigint): { key: string; id: Buffer } | undefined {
  if (cursor === '') return undefined;
  const match = /^(\d{1,30}):([0-9a-f]{64})$/.exec(cursor);
  if (!match || BigInt(match[1]!) > max)
    throw new DomainError('invalid_argument', 'pageToken: malformed cursor');
  return { key: match[1]!, id: Buffer.from(match[2]!, 'hex') };
}

const keyCursor = (key: string, id: Buffer) => `${key}:${id.toString('hex')}`;

/** A staker's status at the head whose time is $now; $primary is the primary network's id. */
const STATUS = (s: string, now: string, primary: string) => `CASE
    WHEN ${s}.to_height IS NOT NULL
      OR (${s}.subnet_id <> ${primary} AND ${s}.from_height IS NOT NULL AND ${s}.end_time <= ${now}) THEN 'completed'
    WHEN ${s}.from_height IS NULL THEN 'pending'
    ELSE 'active' END`;

export class StakingReader {
  private readonly pool: Queryable;
  private readonly transactions: PrimaryNetworkReader;

  /** `transactions` renders the staking transactions as every transaction list does. */
  constructor(pool: Queryable, transactions: PrimaryNetworkReader) {
    this.pool = callBoundPool(pool);
    this.transactions = transactions;
  }

  /** The projected P-Chain head (height 0 at time 0 before any block). */
  async head(): Promise<PChainHead> {
    const { rows } = await this.pool.query<{ height: string; block_timestamp: string }>(
      `SELECT height, block_timestamp FROM primary_network.blocks WHERE chain = 'P' ORDER BY height DESC LIMIT 1`,
    );
    return { height: BigInt(rows[0]?.height ?? '0'), timestamp: BigInt(rows[0]?.block_timestamp ?? '0') };
  }

  /** The primary network's active stakers: counts, stake and the rewards they stand to earn. */
  async totals(): Promise<StakingTotals> {
    const { rows } = await this.pool.query<{
      is_delegator: boolean;
      count: string;
      stake: string;
      potential: string;
    }>(
      `SELECT is_delegator, count(*) AS count, coalesce(sum(weight), 0) AS stake,
              coalesce(sum(potential_reward), 0) AS potential
       FROM primary_network.stakers
       WHERE subnet_id = $1 AND to_height IS NULL AND from_height IS NOT NULL
       GROUP BY is_delegator`,
      [PRIMARY_NETWORK],
    );
    const of = (delegators: boolean) => rows.find((r) => r.is_delegator === delegators);
    const validators = of(false);
    const delegators = of(true);
    return {
      validatorCount: Number(validators?.count ?? 0),
      validatorStake: BigInt(validators?.stake ?? 0),
      delegatorCount: Number(delegators?.count ?? 0),
      delegatorStake: BigInt(delegators?.stake ?? 0),
      potentialRewards: BigInt(validators?.potential ?? 0) + BigInt(delegators?.potential ?? 0),
    };
  }

  /**
   * Validators in the order of `sortBy` (then their tx id): their staking transaction's position, their delegation
   * capacity, their end time (time remaining falls with it), or their delegation fee.
   */
  async validators(
    filter: ValidatorFilter,
    sortBy: ValidatorSortKey,
    order: Order,
    head: PChainHead,
    pageSize: number,
    cursor: string,
  ): Promise<Page<StoredValidator>> {
    // The cursor's key has the sort key's type, so that it bounds an index scan (a capacity is a numeric).
    const keyType = sortBy === 'delegationCapacity' ? 'numeric' : 'bigint';
    const after = parseKeyCursor(cursor, keyType === 'bigint' ? MAX_INT64 : MAX_UINT256);
    const cmp = order === 'asc' ? '>' : '<';
    const shares = `(t.details ->> 'delegationShares')::bigint`;
    // Validators without a fee or a capacity (permissioned subnet validators, inactive ones) sort as zero.
    const sortKey = {
      blockIndex: 'v.added_seq',
      timeRemaining: 'v.end_time',
      delegationFee: 'coalesce(v.shares, 0)',
      delegationCapacity: 'coalesce(v.capacity, 0)',
    }[sortBy];
    const params: unknown[] = [
      filter.subnetId ? bytea(filter.subnetId) : null,
      filter.nodeIds.length > 0 ? filter.nodeIds.map(bytea) : null,
      filter.status ?? null,
      head.timestamp.toString(),
      PRIMARY_NETWORK,
      after?.key ?? null,
      after?.id ?? null,
      pageSize + 1,
      integerOrNull(filter.minDelegationCapacity),
      integerOrNull(filter.maxDelegationCapacity),
      integerOrNull(filter.minTimeRemaining),
      integerOrNull(filter.maxTimeRemaining),
      integerOrNull(filter.minFeeShares),
      integerOrNull(filter.maxFeeShares),
      MAX_VALIDATOR_STAKE.toString(),
      MAX_DELEGATION_FACTOR.toString(),
    ];
    // The delegators of a validation are the node's delegators added after it that end before it does.
    const { rows } = await this.pool.query<StoredValidator>(
      `SELECT * FROM (
         SELECT v.*, ${sortKey} AS sort_key FROM (
           SELECT s.tx_id, s.tx_type, s.subnet_id, s.node_id, s.weight, s.start_time, s.end_time, s.reward_addresses,
                  s.added_seq, s.potential_reward, s.reward_tx_id, s.rewarded,
                  ${STATUS('s', '$4::bigint', '$5::bytea')} AS status,
                  ${shares} AS shares, t.details -> 'blsSigner' AS signer,
                  d.delegator_count, d.delegated, d.delegatee_potential,
                  CASE WHEN s.subnet_id = $5 AND s.to_height IS NULL AND s.from_height IS NOT NULL
                    THEN greatest(0, least(s.weight * $16::numeric, $15::numeric) - s.weight - d.delegated) END
                    AS capacity
           FROM primary_network.stakers s
           JOIN primary_network.transactions t ON t.chain = 'P' AND t.id = s.tx_id
           CROSS JOIN LATERAL (
             SELECT count(*) AS delegator_count, coalesce(sum(x.weight), 0) AS delegated,
                    coalesce(sum(x.potential_reward - ${delegatorShareSql('x.potential_reward', shares)}), 0)
                      AS delegatee_potential
             FROM primary_network.stakers x
             WHERE x.node_id = s.node_id AND x.added_seq > s.added_seq AND x.is_delegator
               AND x.subnet_id = s.subnet_id AND x.end_time <= s.end_time
               AND (s.to_height IS NOT NULL OR x.to_height IS NULL)) d
           WHERE NOT s.is_delegator AND ($1::bytea IS NULL OR s.subnet_id = $1)
             AND ($2::bytea[] IS NULL OR s.node_id = ANY($2::bytea[]))) v
         WHERE ($3::text IS NULL OR v.status = $3)
           AND ($9::numeric IS NULL OR v.capacity >= $9) AND ($10::numeric IS NULL OR v.capacity <= $10)
           AND ($11::numeric IS NULL OR greatest(v.end_time - $4::bigint, 0) >= $11)
           AND ($12::numeric IS NULL OR greatest(v.end_time - $4::bigint, 0) <= $12)
           AND ($13::numeric IS NULL OR v.shares >= $13) AND ($14::numeric IS NULL OR v.shares <= $14)) k
       WHERE ($6::${keyType} IS NULL OR (k.sort_key, k.tx_id) ${cmp} ($6::${keyType}, $7::bytea))
       ORDER BY k.sort_key ${order}, k.tx_id ${order} LIMIT $8`,
      params,
    );
    const page = keysetPage(rows, pageSize, (r) => keyCursor(r.sort_key, r.tx_id));
    return { items: await this.withRewardsPaid(page.items), nextCursor: page.nextCursor };
  }

  /** Completed validators with what was paid for them: the validation reward and the delegation fees. */
  private async withRewardsPaid(validators: StoredValidator[]): Promise<StoredValidator[]> {
    const completed = validators.filter((v) => v.reward_tx_id !== null);
    if (completed.length === 0) return validators;
    const { rows } = await this.pool.query<{ tx_id: Buffer; validation: string; fees: string }>(
      `SELECT v.tx_id,
              coalesce(sum(r.amount) FILTER (WHERE r.reward_type = 'VALIDATOR'), 0) AS validation,
              coalesce(sum(r.amount) FILTER (WHERE r.reward_type = 'VALIDATOR_FEE'), 0) AS fees
       FROM primary_network.stakers v
       JOIN primary_network.rewards r ON r.node_id = v.node_id
       WHERE v.tx_id = ANY($1::bytea[])
         AND (r.staking_tx_id = v.tx_id OR r.staking_tx_id IN (
               SELECT x.tx_id FROM primary_network.stakers x
               WHERE x.node_id = v.node_id AND x.added_seq > v.added_seq AND x.is_delegator
                 AND x.end_time <= v.end_time))
       GROUP BY v.tx_id`,
      [completed.map((v) => v.tx_id)],
    );
    return validators.map((v) => {
      const paid = rows.find((r) => r.tx_id.equals(v.tx_id));
      return v.reward_tx_id === null
        ? v
        : { ...v, validation_reward: paid?.validation ?? '0', delegation_reward: paid?.fees ?? '0' };
    });
  }

  /** Delegators in the order of their staking transactions, with their validator's fee. */
  async delegators(
    filter: { nodeIds: Uint8Array[]; rewardAddresses: Uint8Array[]; status?: StakerStatus },
    order: Order,
    head: PChainHead,
    pageSize: number,
    cursor: string,
  ): Promise<Page<StoredDelegator>> {
    const after = cursorBigint(cursor, 'delegator');
    const cmp = order === 'asc' ? '>' : '<';
    const { rows } = await this.pool.query<StoredDelegator>(
      `SELECT * FROM (
         SELECT d.tx_id, d.node_id, d.reward_addresses, d.weight, d.start_time, d.end_time, d.added_seq,
                d.potential_reward, d.rewarded, ${STATUS('d', '$4::bigint', '$5::bytea')} AS status,
                (SELECT (t.details ->> 'delegationShares')::bigint
                 FROM primary_network.stakers v JOIN primary_network.transactions t ON t.chain = 'P' AND t.id = v.tx_id
                 WHERE v.node_id = d.node_id AND v.added_seq < d.added_seq AND NOT v.is_delegator
                   AND v.subnet_id = d.subnet_id
                 ORDER BY v.added_seq DESC LIMIT 1) AS shares
         FROM primary_network.stakers d
         WHERE d.is_delegator AND ($1::bytea[] IS NULL OR d.node_id = ANY($1::bytea[]))
           AND ($2::bytea[] IS NULL OR d.tx_id IN (
                 SELECT a.tx_id FROM primary_network.staker_addresses a WHERE a.address = ANY($2::bytea[])))
           AND ($6::bigint IS NULL OR d.added_seq ${cmp} $6)) k
       WHERE ($3::text IS NULL OR k.status = $3)
       ORDER BY k.added_seq ${order} LIMIT $7`,
      [
        filter.nodeIds.length > 0 ? filter.nodeIds.map(bytea) : null,
        filter.rewardAddresses.length > 0 ? filter.rewardAddresses.map(bytea) : null,
        filter.status ?? null,
        head.timestamp.toString(),
        PRIMARY_NETWORK,
        integerOrNull(after),
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => r.added_seq);
    return { items: await this.withDelegatorRewardsPaid(page.items), nextCursor: page.nextCursor };
  }

  private async withDelegatorRewardsPaid(delegators: StoredDelegator[]): Promise<StoredDelegator[]> {
    const completed = delegators.filter((d) => d.status === 'completed');
    if (completed.length === 0) return delegators;
    const { rows } = await this.pool.query<{ staking_tx_id: Buffer; paid: string; fee: string }>(
      `SELECT staking_tx_id,
              coalesce(sum(amount) FILTER (WHERE reward_type = 'DELEGATOR'), 0) AS paid,
              coalesce(sum(amount) FILTER (WHERE reward_type = 'VALIDATOR_FEE'), 0) AS fee
       FROM primary_network.rewards
       WHERE node_id = ANY($1::bytea[]) AND staking_tx_id = ANY($2::bytea[])
       GROUP BY staking_tx_id`,
      [
        [...new Set(completed.map((d) => d.node_id.toString('hex')))].map((h) => Buffer.from(h, 'hex')),
        completed.map((d) => d.tx_id),
      ],
    );
    return delegators.map((d) => {
      if (d.status !== 'completed') return d;
      const paid = rows.find((r) => r.staking_tx_id.equals(d.tx_id));
      return { ...d, paid: paid?.paid ?? '0', fee_paid: paid?.fee ?? '0' };
    });
  }

  /**
   * L1 validators in order of registration: by default those active (weight above zero, a balance left), else every
   * one ever registered. The balance is the fee ledger's at the last projected P-Chain block (0 once disabled,
   * removed or run out).
   */
  async l1Validators(
    filter: L1ValidatorFilter,
    pageSize: number,
    cursor: string,
  ): Promise<Page<StoredL1Validator>> {
    const after = parseKeyCursor(cursor, MAX_INT64);
    const { rows } = await this.pool.query<StoredL1Validator>(
      `SELECT v.validation_id, v.subnet_id, v.node_id, v.bls_public_key, v.proof_of_possession, v.registered_height,
              v.disabled_height, v.remaining_balance_owner, v.deactivation_owner, w.weight,
              CASE WHEN v.end_accumulated_fee = 0 OR w.weight = 0 THEN 0
                ELSE v.end_accumulated_fee - coalesce((SELECT b.l1_accrued_fees FROM primary_network.blocks b
                                                       WHERE b.chain = 'P' ORDER BY b.height DESC LIMIT 1), 0)
              END AS balance,
              (SELECT b.block_timestamp FROM primary_network.blocks b
               WHERE b.chain = 'P' AND b.height = v.registered_height) AS created_timestamp
       FROM primary_network.l1_validators v
       CROSS JOIN LATERAL (SELECT weight FROM primary_network.l1_validator_weights x
                           WHERE x.validation_id = v.validation_id ORDER BY x.from_height DESC LIMIT 1) w
       WHERE ($1::bytea IS NULL OR v.validation_id = $1) AND ($2::bytea IS NULL OR v.node_id = $2)
         AND ($3::bytea IS NULL OR v.subnet_id = $3)
         AND ($4::boolean OR (w.weight > 0 AND v.end_accumulated_fee > 0))
         AND ($5::bigint IS NULL OR (v.registered_height, v.validation_id) > ($5::bigint, $6::bytea))
       ORDER BY v.registered_height, v.validation_id LIMIT $7`,
      [
        filter.validationId ? bytea(filter.validationId) : null,
        filter.nodeId ? bytea(filter.nodeId) : null,
        filter.subnetId ? bytea(filter.subnetId) : null,
        filter.includeInactive,
        after?.key ?? null,
        after?.id ?? null,
        pageSize + 1,
      ],
    );
    return keysetPage(rows, pageSize, (r) => keyCursor(r.registered_height, r.validation_id));
  }

  /** The staking transactions of stakers not yet removed (pending or active), by their position on the P-Chain. */
  async stakingTransactions(
    filter: StakingTransactionFilter,
    order: Order,
    pageSize: number,
    cursor: string,
  ): Promise<PageWithAssets<StoredTransaction>> {
    const after = cursorBigint(cursor, 'staking transaction');
    const cmp = order === 'asc' ? '>' : '<';
    const { rows } = await this.pool.query<TxRowDb>(
      `SELECT ${TX_COLUMNS} FROM primary_network.stakers s
       JOIN primary_network.transactions t ON t.chain = 'P' AND t.seq = s.added_seq
       WHERE s.to_height IS NULL
         AND ($1::bytea[] IS NULL OR s.tx_id IN (
               SELECT a.tx_id FROM primary_network.staker_addresses a WHERE a.address = ANY($1::bytea[])))
         AND ($2::text[] IS NULL OR s.tx_type = ANY($2::text[]))
         AND ($3::bigint IS NULL OR t.block_timestamp >= $3) AND ($4::bigint IS NULL OR t.block_timestamp <= $4)
         AND ($5::bigint IS NULL OR s.added_seq ${cmp} $5)
       ORDER BY s.added_seq ${order} LIMIT $6`,
      [
        filter.addresses.length > 0 ? filter.addresses.map(bytea) : null,
        filter.txTypes.length > 0 ? filter.txTypes : null,
        integerOrNull(filter.startTimestamp),
        integerOrNull(filter.endTimestamp),
        integerOrNull(after),
        pageSize + 1,
      ],
    );
    const page = keysetPage(rows, pageSize, (r) => r.seq);
    const { items, assets } = await this.transactions.withUtxos(page.items);
    return { items, assets, nextCursor: page.nextCursor };
  }
}
