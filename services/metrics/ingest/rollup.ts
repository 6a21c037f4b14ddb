/**
 * From evm-data's block activity to what a batch of blocks adds to the rollups: pure functions, no database. The
 * store applies a batch's contributions in one transaction with the chain's cursor.
 */
import type { BlockActivity__Output as BlockActivityMessage } from '../../generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import { bucketStart, TIME_INTERVALS, type TimeInterval } from '../intervals.ts';
import { icmRollup, icmSentOf, type IcmRow, type IcmSent } from './icm-rollup.ts';

export type Network = 'mainnet' | 'testnet';

/** One block's activity, checked. */
export interface ActivityBlock {
  number: bigint;
  hash: Buffer;
  parentHash: Buffer;
  /** Unix seconds. */
  timestamp: number;
  transactions: { from: Buffer; to?: Buffer; gasUsed: bigint; gasPrice: bigint }[];
  transfers: { from: Buffer; to: Buffer }[];
  creations: { address: Buffer; deployer: Buffer }[];
  /** The ICM messages the block sent; absent: none. */
  icmSent?: IcmSent[];
}

/** What a distinct count counts. */
export const MEMBER_KIND = { address: 1, sender: 2, deployer: 3 } as const;
export type MemberKind = (typeof MEMBER_KIND)[keyof typeof MEMBER_KIND];

export interface SumRow {
  scope: string;
  interval: TimeInterval;
  bucket: number;
  txCount: number;
  gasUsed: bigint;
  feesPaid: bigint;
  contracts: number;
}

export interface MemberRow {
  scope: string;
  interval: TimeInterval;
  bucket: number;
  kind: MemberKind;
  address: Buffer;
}

export interface DayRow {
  scope: string;
  day: number;
  txCount: number;
  contracts: number;
  gasPriceSum: bigint;
  maxGasPrice: bigint | undefined;
  maxTps: number | undefined;
  maxGps: number | undefined;
  lastBlockTime: number;
}

/** What the rolling windows need per scope and hour beyond the hour's series bucket (as DayRow per day). */
export interface HourRow {
  scope: string;
  hour: number;
  gasPriceSum: bigint;
  maxGasPrice: bigint | undefined;
  maxTps: number | undefined;
  maxGps: number | undefined;
  firstBlockTime: number;
  lastBlockTime: number;
}

/** The earliest day of the batch an address (or deployer) was seen on, per scope. */
export interface FirstSeenRow {
  scope: string;
  kind: typeof MEMBER_KIND.address | typeof MEMBER_KIND.deployer;
  address: Buffer;
  day: number;
}

export interface BatchRollup {
  sums: SumRow[];
  members: MemberRow[];
  days: DayRow[];
  /** Always given by rollupBatch; absent (none) in a hand-made batch. */
  hours?: HourRow[];
  firstSeen: FirstSeenRow[];
  /** ICM message counts; absent: none. */
  icm?: IcmRow[];
}

/** The scopes a chain's blocks count in: the chain itself (its EVM chain id), its network, and `total`. */
export function scopesOf(evmChainId: string, network: Network): string[] {
  return [evmChainId, network, 'total'];
}

/**
 * Transactions (or gas) per second of one block: its amount over the seconds since the chain's previous block.
 * No previous block, or one in the same second (or later: a clock that went back), gives no point.
 */
export function perSecond(
  amount: bigint,
  blockTime: number,
  previousBlockTime: number | undefined,
): number | undefined {
  if (previousBlockTime === undefined || blockTime <= previousBlockTime) return undefined;
  return Number(amount) / (blockTime - previousBlockTime);
}

const maxOf = <T extends number | bigint>(a: T | undefined, b: T | undefined): T | undefined =>
  a === undefined ? b : b === undefined ? a : a > b ? a : b;

/**
 * What consecutive blocks of one chain add to the rollups of its scopes. `previousBlockTime` is the timestamp of
 * the block before the first one (undefined before block 0). Every bucket with a block gets a row, even an empty one.
 */
export function rollupBatch(
  chain: { evmChainId: string; network: Network },
  previousBlockTime: number | undefined,
  blocks: ActivityBlock[],
): BatchRollup {
  const scopes = scopesOf(chain.evmChainId, chain.network);
  const sums = new Map<string, SumRow>();
  const members = new Map<string, MemberRow>();
  const days = new Map<string, DayRow>();
  const hours = new Map<string, HourRow>();
  const firstSeen = new Map<string, FirstSeenRow>();
  let previous = previousBlockTime;
  for (const block of blocks) {
    const t = block.timestamp;
    const day = bucketStart('day', t);
    const hour = bucketStart('hour', t);
    let gasUsed = 0n;
    let feesPaid = 0n;
    let gasPriceSum = 0n;
    let maxGasPrice: bigint | undefined;
    for (const tx of block.transactions) {
      gasUsed += tx.gasUsed;
      feesPaid += tx.gasUsed * tx.gasPrice;
      gasPriceSum += tx.gasPrice;
      maxGasPrice = maxOf(maxGasPrice, tx.gasPrice);
    }
    const txCount = block.transactions.length;
    const tps = perSecond(BigInt(txCount), t, previous);
    const gps = perSecond(gasUsed, t, previous);
    previous = t;

    const addresses: Buffer[] = [];
    const senders: Buffer[] = [];
    for (const tx of block.transactions) {
      addresses.push(tx.from);
      senders.push(tx.from);
      if (tx.to) addresses.push(tx.to);
    }
    for (const transfer of block.transfers) {
      addresses.push(transfer.from, transfer.to);
      senders.push(transfer.from);
    }
    const deployers = block.creations.map((c) => c.deployer);

    for (const scope of scopes) {
      for (const interval of TIME_INTERVALS) {
        const bucket = bucketStart(interval, t);
        const key = `${scope}|${interval}|${bucket}`;
        const row = sums.get(key) ?? {
          scope,
          interval,
          bucket,
          txCount: 0,
          gasUsed: 0n,
          feesPaid: 0n,
          contracts: 0,
        };
        row.txCount += txCount;
        row.gasUsed += gasUsed;
        row.feesPaid += feesPaid;
        row.contracts += block.creations.length;
        sums.set(key, row);
        const addMembers = (kind: MemberKind, list: Buffer[]) => {
          for (const address of list)
            members.set(`${key}|${kind}|${address.toString('hex')}`, {
              scope,
              interval,
              bucket,
              kind,
              address,
            });
        };
        addMembers(MEMBER_KIND.address, addresses);
        addMembers(MEMBER_KIND.sender, senders);
        addMembers(MEMBER_KIND.deployer, deployers);
      }
      const dayKey = `${scope}|${day}`;
      const dayRow = days.get(dayKey) ?? {
        scope,
        day,
        txCount: 0,
        contracts: 0,
        gasPriceSum: 0n,
        maxGasPrice: undefined,
        maxTps: undefined,
        maxGps: undefined,
        lastBlockTime: t,
      };
      dayRow.txCount += txCount;
      dayRow.contracts += block.creations.length;
      dayRow.gasPriceSum += gasPriceSum;
      dayRow.maxGasPrice = maxOf(dayRow.maxGasPrice, maxGasPrice);
      dayRow.maxTps = maxOf(dayRow.maxTps, tps);
      dayRow.maxGps = maxOf(dayRow.maxGps, gps);
      dayRow.lastBlockTime = Math.max(dayRow.lastBlockTime, t);
      days.set(dayKey, dayRow);
      const hourKey = `${scope}|${hour}`;
      const hourRow = hours.get(hourKey) ?? {
        scope,
        hour,
        gasPriceSum: 0n,
        maxGasPrice: undefined,
        maxTps: undefined,
        maxGps: undefined,
        firstBlockTime: t,
        lastBlockTime: t,
      };
      hourRow.gasPriceSum += gasPriceSum;
      hourRow.maxGasPrice = maxOf(hourRow.maxGasPrice, maxGasPrice);
      hourRow.maxTps = maxOf(hourRow.maxTps, tps);
      hourRow.maxGps = maxOf(hourRow.maxGps, gps);
      hourRow.firstBlockTime = Math.min(hourRow.firstBlockTime, t);
      hourRow.lastBlockTime = Math.max(hourRow.lastBlockTime, t);
      hours.set(hourKey, hourRow);
      const addFirst = (kind: FirstSeenRow['kind'], list: Buffer[]) => {
        for (const address of list) {
          const firstKey = `${scope}|${kind}|${address.toString('hex')}`;
          const known = firstSeen.get(firstKey);
          if (!known || day < known.day) firstSeen.set(firstKey, { scope, kind, address, day });
        }
      };
      addFirst(MEMBER_KIND.address, addresses);
      addFirst(MEMBER_KIND.deployer, deployers);
    }
  }
  return {
    sums: [...sums.values()],
    members: [...members.values()],
    days: [...days.values()],
    hours: [...hours.values()],
    firstSeen: [...firstSeen.values()],
    icm: icmRollup(chain.network, blocks),
  };
}

const ADDRESS_BYTES = 20;
const HASH_BYTES = 32;
const UINT256_MAX = (1n << 256n) - 1n;

/** A field of a streamed block that is not what the stream promises. */
export class ActivityFormatError extends Error {
  override name = 'ActivityFormatError';
}

function bytesOf(value: Buffer | undefined, size: number, field: string): Buffer {
  if (!value || value.length !== size)
    throw new ActivityFormatError(`${field}: expected ${size} bytes, got ${value?.length ?? 'none'}`);
  return value;
}

function uintOf(value: string, field: string, max = UINT256_MAX): bigint {
  if (!/^\d{1,78}$/.test(value))
    throw new ActivityFormatError(`${field}: expected a decimal integer, got ${JSON.stringify(value)}`);
  const n = BigInt(value);
  if (n > max) throw new ActivityFormatError(`${field}: ${value} is out of range`);
  return n;
}

/** A streamed BlockActivity message, checked field by field (addresses 20 bytes, hashes 32, amounts uint256). */
export function activityBlockOf(message: BlockActivityMessage): ActivityBlock {
  const at = `block ${message.block_number}`;
  const timestamp = uintOf(
    message.block_timestamp,
    `${at}: block_timestamp`,
    BigInt(Number.MAX_SAFE_INTEGER),
  );
  return {
    number: uintOf(message.block_number, 'block_number', (1n << 64n) - 1n),
    hash: bytesOf(message.block_hash, HASH_BYTES, `${at}: block_hash`),
    parentHash: bytesOf(message.parent_hash, HASH_BYTES, `${at}: parent_hash`),
    timestamp: Number(timestamp),
    transactions: message.transactions.map((tx, i) => ({
      from: bytesOf(tx.from, ADDRESS_BYTES, `${at}: transactions[${i}].from`),
      ...(tx.to !== undefined ? { to: bytesOf(tx.to, ADDRESS_BYTES, `${at}: transactions[${i}].to`) } : {}),
      gasUsed: uintOf(tx.gas_used, `${at}: transactions[${i}].gas_used`),
      gasPrice: uintOf(tx.gas_price, `${at}: transactions[${i}].gas_price`),
    })),
    transfers: message.transfers.map((t, i) => ({
      from: bytesOf(t.from, ADDRESS_BYTES, `${at}: transfers[${i}].from`),
      to: bytesOf(t.to, ADDRESS_BYTES, `${at}: transfers[${i}].to`),
    })),
    creations: message.contract_creations.map((c, i) => ({
      address: bytesOf(c.address, ADDRESS_BYTES, `${at}: contract_creations[${i}].address`),
      deployer: bytesOf(c.deployer, ADDRESS_BYTES, `${at}: contract_creations[${i}].deployer`),
    })),
    icmSent: icmSentOf(message.icm_messages_sent, (v, f) => bytesOf(v, HASH_BYTES, `${at}: ${f}`)),
  };
}
