/**
 * eth_feeHistory as coreth and Subnet-EVM answer it (eth/gasprice/feehistory.go, internal/ethapi's
 * feeHistoryResult): one base fee per block of the range (unlike geth, not the next block's as well), the share of
 * the gas limit each block used, and per block the effective tips at the requested percentiles of its gas.
 */
import { RpcError } from '../geth-rpc/endpoint.ts';
import type { BlockSelector } from '../geth-rpc/params.ts';
import type { EvmBlock, EvmChain } from './chain.ts';
import { hexQuantity } from './json-shapes.ts';
import { tipOf } from './mempool.ts';

/** gasprice's maxQueryLimit: percentiles per call. */
const MAX_PERCENTILES = 100;
/** gasprice.DefaultMaxCallBlockHistory: longer ranges are cut to this many blocks. */
const MAX_CALL_BLOCK_HISTORY = 2048n;
/** gasprice.DefaultMaxBlockHistory: how far behind the last accepted block a range may end. */
const MAX_BLOCK_HISTORY = 25_000n;

function failure(message: string): RpcError {
  return new RpcError(-32000, message);
}

/** Go's %f: six decimals. */
function goFloat(value: number): string {
  return value.toFixed(6);
}

export function feeHistory(
  chain: EvmChain,
  requested: bigint,
  lastBlock: BlockSelector,
  percentiles: number[] | undefined,
): Record<string, unknown> {
  const empty = { oldestBlock: '0x0', gasUsedRatio: null };
  let blocks = requested;
  if (blocks < 1n) return empty;
  const rewardPercentiles = percentiles ?? [];
  if (rewardPercentiles.length > MAX_PERCENTILES) {
    throw failure(`invalid reward percentile: over the query limit ${MAX_PERCENTILES}`);
  }
  if (blocks > MAX_CALL_BLOCK_HISTORY) blocks = MAX_CALL_BLOCK_HISTORY;
  rewardPercentiles.forEach((p, i) => {
    if (p < 0 || p > 100) throw failure(`invalid reward percentile: ${goFloat(p)}`);
    const previous = rewardPercentiles[i - 1];
    if (i > 0 && previous !== undefined && p <= previous) {
      throw failure(`invalid reward percentile: #${i - 1}:${goFloat(previous)} >= #${i}:${goFloat(p)}`);
    }
  });
  // resolveBlockRange: "pending" is the head with one block less; every tag names the last accepted block.
  const head = chain.head.number;
  let last: bigint;
  if ('tag' in lastBlock && lastBlock.tag === 'pending') {
    blocks--;
    if (blocks === 0n) return empty;
  }
  if ('tag' in lastBlock && lastBlock.tag !== 'earliest') last = head;
  else {
    last = 'number' in lastBlock ? lastBlock.number : 0n;
    const maxDepth = MAX_BLOCK_HISTORY - 1n;
    if (head > maxDepth && head - maxDepth > last) {
      throw failure(`request beyond historical limit: requested ${last}, head ${head}`);
    }
    if (last > head) throw failure(`request beyond head block: requested ${last}, head ${head}`);
  }
  if (blocks > last + 1n) blocks = last + 1n;
  const oldestQueried = last - blocks + 1n;
  const depth = head - oldestQueried;
  if (depth > MAX_BLOCK_HISTORY - 1n) blocks -= depth - (MAX_BLOCK_HISTORY - 1n);
  const oldest = last + 1n - blocks;
  const reward: string[][] = [];
  const baseFeePerGas: string[] = [];
  const gasUsedRatio: number[] = [];
  for (let number = oldest; number < oldest + blocks; number++) {
    const block = chain.blockByNumber(number)!;
    const summary = percentileRewards(block, rewardPercentiles);
    reward.push(summary.reward.map(hexQuantity));
    baseFeePerGas.push(hexQuantity(block.header.baseFeePerGas));
    gasUsedRatio.push(summary.gasUsedRatio);
  }
  return {
    oldestBlock: hexQuantity(oldest),
    ...(rewardPercentiles.length > 0 ? { reward } : {}),
    baseFeePerGas,
    gasUsedRatio,
  };
}

/** processBlock and processPercentiles: transactions sorted by tip (stable), walked until each percentile's gas. */
function percentileRewards(
  block: EvmBlock,
  percentiles: number[],
): { reward: bigint[]; gasUsedRatio: number } {
  const { gasUsed, gasLimit, baseFeePerGas } = block.header;
  const gasUsedRatio = Number(gasUsed) / Number(gasLimit);
  const txs = block.transactions
    .map((t) => ({ gasUsed: t.receipt.gasUsed, reward: tipOf(t.tx, baseFeePerGas) }))
    .sort((a, b) => (a.reward < b.reward ? -1 : a.reward > b.reward ? 1 : 0));
  if (txs.length === 0) return { reward: percentiles.map(() => 0n), gasUsedRatio };
  let index = 0;
  let sum = txs[0]!.gasUsed;
  const reward = percentiles.map((p) => {
    const threshold = BigInt(Math.floor((Number(gasUsed) * p) / 100));
    while (sum < threshold && index < txs.length - 1) {
      index++;
      sum += txs[index]!.gasUsed;
    }
    return txs[index]!.reward;
  });
  return { reward, gasUsedRatio };
}
