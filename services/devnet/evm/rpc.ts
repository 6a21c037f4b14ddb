import { bytesToHex, createAddressFromString, createZeroAddress, hexToBytes } from '@ethereumjs/util';
import { RpcError, gethMethod, type GethMethod } from '../geth-rpc/endpoint.ts';
import {
  blockNumber,
  blockNumberOrHash,
  bool,
  callArguments,
  filterCriteria,
  fixedHex,
  optional,
  quantity,
  required,
  traceConfig,
  type BlockSelector,
  type CallArguments,
  type FilterCriteria,
  type TraceConfig,
} from '../geth-rpc/params.ts';
import { DomainError } from '../../runtime/errors.ts';
import { traceBlock, revertReason } from './call-tracer.ts';
import type { EvmBlock, EvmChain } from './chain.ts';
import { blockJson, hexQuantity, logJson, receiptJson, transactionJson } from './json-shapes.ts';
import type { Hex } from 'viem';

/** coreth's RPCGasCap: the gas an eth_call gets when it names none. */
const CALL_GAS_CAP = 50_000_000n;
const MAX_LOG_ADDRESSES = 1000;

export interface EvmRpcOptions {
  chain: EvmChain;
  /** eth_getChainConfig's answer. */
  chainConfig: Record<string, unknown>;
  /** Extra methods of the chain's VM (Subnet-EVM's eth_feeConfig, eth_getActiveRulesAt). */
  extraMethods?: Record<string, GethMethod>;
}

/**
 * The JSON-RPC methods an EVM node of the devnet answers on /ext/bc/<chain>/rpc: what indexers and wallets use,
 * with geth's result shapes and the Avalanche additions.
 */
export function evmRpcMethods({
  chain,
  chainConfig,
  extraMethods,
}: EvmRpcOptions): Record<string, GethMethod> {
  const flavor = chain.spec.flavor;
  const resolve = (selector: BlockSelector | undefined): EvmBlock | undefined =>
    resolveBlock(chain, selector);
  const mustResolve = (selector: BlockSelector | undefined): EvmBlock => {
    const block = resolve(selector);
    if (!block) throw new DomainError('not_found', 'header not found');
    return block;
  };
  return {
    web3_clientVersion: gethMethod([], () => 'chain-data-devnet/v0.1.0'),
    net_version: gethMethod([], () => chain.spec.chainId.toString()),
    net_listening: gethMethod([], () => true),
    eth_chainId: gethMethod([], () => hexQuantity(chain.spec.chainId)),
    eth_syncing: gethMethod([], () => false),
    eth_blockNumber: gethMethod([], () => hexQuantity(chain.head.number)),
    eth_getBlockByNumber: gethMethod([required(blockNumber), required(bool)], (selector, full) => {
      const block = resolve(selector);
      return block ? blockJson(flavor, block, full) : null;
    }),
    eth_getBlockByHash: gethMethod([required(fixedHex('common.Hash')), required(bool)], (hash, full) => {
      const block = chain.blockByHash(hash);
      return block ? blockJson(flavor, block, full) : null;
    }),
    eth_getBlockTransactionCountByNumber: gethMethod([required(blockNumber)], (selector) => {
      const block = resolve(selector);
      return block ? hexQuantity(block.transactions.length) : null;
    }),
    eth_getBlockTransactionCountByHash: gethMethod([required(fixedHex('common.Hash'))], (hash) => {
      const block = chain.blockByHash(hash);
      return block ? hexQuantity(block.transactions.length) : null;
    }),
    eth_getTransactionByHash: gethMethod([required(fixedHex('common.Hash'))], (hash) => {
      const found = chain.transaction(hexToBytes(hash as Hex));
      return found ? transactionJson(found.block, found.transaction) : null;
    }),
    eth_getTransactionByBlockNumberAndIndex: gethMethod(
      [required(blockNumber), required(quantity('hexutil.Uint64'))],
      (selector, index) => {
        const block = resolve(selector);
        const t = block?.transactions[Number(index)];
        return block && t ? transactionJson(block, t) : null;
      },
    ),
    eth_getTransactionReceipt: gethMethod([required(fixedHex('common.Hash'))], (hash) => {
      const found = chain.transaction(hexToBytes(hash as Hex));
      return found ? receiptJson(found.block, found.transaction) : null;
    }),
    eth_getBlockReceipts: gethMethod([required(blockNumberOrHash)], (selector) => {
      const block = resolve(selector);
      return block ? block.transactions.map((t) => receiptJson(block, t)) : null;
    }),
    eth_getLogs: gethMethod([required(filterCriteria)], (filter) => getLogs(chain, filter)),
    eth_getBalance: gethMethod(
      [required(fixedHex('common.Address')), optional(blockNumberOrHash)],
      async (address, selector) => {
        const state = await chain.stateAt(mustResolve(selector).number);
        const account = await state.getAccount(createAddressFromString(address));
        return hexQuantity(account?.balance ?? 0n);
      },
    ),
    eth_getTransactionCount: gethMethod(
      [required(fixedHex('common.Address')), optional(blockNumberOrHash)],
      async (address, selector) => {
        const state = await chain.stateAt(mustResolve(selector).number);
        const account = await state.getAccount(createAddressFromString(address));
        return hexQuantity(account?.nonce ?? 0n);
      },
    ),
    eth_getCode: gethMethod(
      [required(fixedHex('common.Address')), optional(blockNumberOrHash)],
      async (address, selector) => {
        const state = await chain.stateAt(mustResolve(selector).number);
        return bytesToHex(await state.getCode(createAddressFromString(address)));
      },
    ),
    eth_getStorageAt: gethMethod(
      [required(fixedHex('common.Address')), required(quantity('hexutil.Big')), optional(blockNumberOrHash)],
      async (address, slot, selector) => {
        const state = await chain.stateAt(mustResolve(selector).number);
        const key = hexToBytes(`0x${slot.toString(16).padStart(64, '0')}`);
        const value = await state.getStorage(createAddressFromString(address), key);
        return bytesToHex(value).replace(/^0x/, '0x'.padEnd(2 + 64 - value.length * 2, '0'));
      },
    ),
    eth_call: gethMethod([required(callArguments), optional(blockNumberOrHash)], (args, selector) =>
      call(chain, args, mustResolve(selector)),
    ),
    eth_gasPrice: gethMethod([], () => hexQuantity(chain.nextBaseFee())),
    eth_baseFee: gethMethod([], () => hexQuantity(chain.nextBaseFee())),
    eth_maxPriorityFeePerGas: gethMethod([], () => hexQuantity(0n)),
    eth_getChainConfig: gethMethod([], () => chainConfig),
    debug_traceBlockByNumber: gethMethod(
      [required(blockNumber), optional(traceConfig)],
      async (selector, config) => {
        const block = resolve(selector);
        if (!block)
          throw new DomainError(
            'not_found',
            `block #${'number' in selector ? selector.number : '?'} not found`,
          );
        return traceResults(chain, block, config);
      },
    ),
    debug_traceBlockByHash: gethMethod(
      [required(fixedHex('common.Hash')), optional(traceConfig)],
      async (hash, config) => {
        const block = chain.blockByHash(hash);
        if (!block) throw new DomainError('not_found', `block ${hash} not found`);
        return traceResults(chain, block, config);
      },
    ),
    debug_traceTransaction: gethMethod(
      [required(fixedHex('common.Hash')), optional(traceConfig)],
      async (hash, config) => {
        const found = chain.transaction(hexToBytes(hash as Hex));
        if (!found) throw new DomainError('not_found', 'transaction not found');
        requireCallTracer(config);
        const frames = await traceBlock(chain, found.block, config?.onlyTopCall);
        return frames[found.transaction.index];
      },
    ),
    ...extraMethods,
  };
}

/**
 * Every tag names the head: the devnet accepts each block as it builds it. Like coreth without
 * allow-unfinalized-queries, a height above the last accepted block is an error, not null.
 */
export function resolveBlock(chain: EvmChain, selector: BlockSelector | undefined): EvmBlock | undefined {
  if (selector === undefined) return chain.head;
  if ('tag' in selector) return selector.tag === 'earliest' ? chain.blocks[0] : chain.head;
  if ('number' in selector) {
    if (selector.number > chain.head.number) {
      throw new DomainError('failed_precondition', 'cannot query unfinalized data');
    }
    return chain.blockByNumber(selector.number);
  }
  return chain.blockByHash(selector.hash);
}

function requireCallTracer(config: TraceConfig | undefined): void {
  // The struct logger (no tracer) is geth's default; the devnet offers the call tracer only.
  if (config?.tracer !== 'callTracer') {
    throw new DomainError('invalid_argument', `the devnet supports only {"tracer":"callTracer"}`);
  }
}

async function traceResults(chain: EvmChain, block: EvmBlock, config: TraceConfig | undefined) {
  requireCallTracer(config);
  if (block.number === 0n) throw new DomainError('failed_precondition', 'genesis is not traceable');
  const frames = await traceBlock(chain, block, config?.onlyTopCall);
  return frames.map((result, i) => ({ txHash: bytesToHex(block.transactions[i]!.hash), result }));
}

function getLogs(chain: EvmChain, filter: FilterCriteria) {
  if (filter.addresses.length > MAX_LOG_ADDRESSES)
    throw new DomainError('failed_precondition', 'exceed max addresses');
  let blocks: EvmBlock[];
  if (filter.blockHash !== undefined) {
    const block = chain.blockByHash(filter.blockHash);
    if (!block) throw new DomainError('failed_precondition', 'unknown block');
    blocks = [block];
  } else {
    const head = chain.head.number;
    const from = logRangeEnd(filter.fromBlock, head);
    const to = logRangeEnd(filter.toBlock, head);
    if (from > 0n && to > 0n && from > to)
      throw new DomainError('failed_precondition', 'invalid block range params');
    if (to > head)
      throw new DomainError(
        'failed_precondition',
        `requested to block ${to} after last accepted block ${head}`,
      );
    if (from > head) {
      throw new DomainError(
        'failed_precondition',
        `requested from block ${from} after last accepted block ${head}`,
      );
    }
    if (from > to)
      throw new DomainError('failed_precondition', `begin block ${from} is greater than end block ${to}`);
    blocks = chain.blocks.slice(Number(from), Number(to) + 1);
  }
  const logs = [];
  for (const block of blocks) {
    for (const t of block.transactions) {
      for (const log of t.receipt.logs) {
        if (filter.addresses.length > 0 && !filter.addresses.includes(bytesToHex(log.address))) continue;
        const matches = filter.topics.every((accepted, i) => {
          if (accepted === undefined || accepted.length === 0) return true;
          const topic = log.topics[i];
          return topic !== undefined && accepted.includes(bytesToHex(topic));
        });
        if (matches) logs.push(logJson(block, t, log));
      }
    }
  }
  return logs;
}

/** A filter's bound: a number as given (checked against the head by the caller), a tag or nothing as the head. */
function logRangeEnd(selector: BlockSelector | undefined, head: bigint): bigint {
  if (selector === undefined) return head;
  if ('number' in selector) return selector.number;
  return 'tag' in selector && selector.tag === 'earliest' ? 0n : head;
}

async function call(chain: EvmChain, args: CallArguments, block: EvmBlock): Promise<string> {
  const vm = await chain.vmAt(block.number);
  const result = await vm.evm.runCall({
    caller: args.from ? createAddressFromString(args.from) : createZeroAddress(),
    to: args.to ? createAddressFromString(args.to) : undefined,
    data: args.data ? hexToBytes(args.data as Hex) : new Uint8Array(0),
    value: args.value ?? 0n,
    gasLimit: args.gas ?? CALL_GAS_CAP,
    skipBalance: true,
  });
  const exec = result.execResult;
  const output = bytesToHex(exec.returnValue);
  if (!exec.exceptionError) return output;
  if (exec.exceptionError.error === 'revert') {
    if (exec.returnValue.length === 0) throw new DomainError('failed_precondition', 'execution reverted');
    const reason = revertReason(output);
    throw new RpcError(
      3,
      reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`,
      output,
    );
  }
  throw new DomainError('failed_precondition', exec.exceptionError.error);
}
