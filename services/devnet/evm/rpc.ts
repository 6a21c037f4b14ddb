import { bytesToHex, createAddressFromString, createZeroAddress, hexToBytes } from '@ethereumjs/util';
import { ParamError, RpcError, gethMethod, type GethMethod } from '../geth-rpc/endpoint.ts';
import {
  blockNumber,
  blockNumberOrHash,
  bool,
  bytes,
  callArguments,
  callTracerConfig,
  filterCriteria,
  fixedHex,
  floatList,
  goString,
  hexOrDecimal64,
  optional,
  quantity,
  required,
  rpcId,
  stringList,
  traceConfig,
  type BlockSelector,
  type CallArguments,
  type FilterCriteria,
  type TraceConfig,
} from '../geth-rpc/params.ts';
import { DomainError } from '../../runtime/errors.ts';
import { filterBound, MAX_FILTER_ADDRESSES, MAX_FILTER_TOPICS } from '../../runtime/json-rpc/geth-params.ts';
import { callTracer, replayBlock, revertReason, type TxTracer } from './call-tracer.ts';
import { structLogger } from './struct-logger.ts';
import { decodeHash, getProof, proofWindowFromEnv } from './proofs.ts';
import type { EvmBlock, EvmChain } from './chain.ts';
import {
  blockJson,
  hexQuantity,
  pendingTransactionJson,
  receiptJson,
  transactionJson,
} from './json-shapes.ts';
import { getAddress, type Hex } from 'viem';
import { estimateGas } from './estimate-gas.ts';
import { feeHistory } from './fee-history.ts';
import { EvmFilters, matchingLogs } from './filters.ts';
import { feeCapOf, type PooledTransaction } from './mempool.ts';

/** coreth's RPCGasCap: the gas an eth_call gets when it names none. */
const CALL_GAS_CAP = 50_000_000n;

export interface EvmRpcOptions {
  chain: EvmChain;
  /** eth_getChainConfig's answer. */
  chainConfig: Record<string, unknown>;
  /** Extra methods of the chain's VM (Subnet-EVM's eth_feeConfig, eth_getActiveRulesAt). */
  extraMethods?: Record<string, GethMethod>;
  /**
   * coreth's historical-proof-query-window: eth_getProof refuses blocks more than this many before the last accepted
   * one (0: none). By default DEVNET_PROOF_WINDOW_BLOCKS, else coreth's 43,200.
   */
  proofWindowBlocks?: bigint;
}

/**
 * The JSON-RPC methods an EVM node of the devnet answers on /ext/bc/<chain>/rpc: what indexers and wallets use,
 * with geth's result shapes and the Avalanche additions.
 */
export function evmRpcMethods({
  chain,
  chainConfig,
  extraMethods,
  proofWindowBlocks = proofWindowFromEnv(),
}: EvmRpcOptions): Record<string, GethMethod> {
  const flavor = chain.spec.flavor;
  const filters = new EvmFilters(chain);
  const resolve = (selector: BlockSelector | undefined): EvmBlock | undefined =>
    resolveBlock(chain, selector);
  const mustResolve = (selector: BlockSelector | undefined): EvmBlock => {
    const block = resolve(selector);
    if (!block) throw new DomainError('not_found', 'header not found');
    return block;
  };
  /** An account as of a block: balance and nonce (none: a fresh account's zeros). */
  const accountAt = async (address: string, selector: BlockSelector) => {
    const state = chain.stateAt(mustResolve(selector).number);
    return state.getAccount(createAddressFromString(address));
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
      if (found) return transactionJson(found.block, found.transaction);
      // Not in a block yet: the pool's, with no block.
      const pooled = chain.mempool.get(hash);
      return pooled ? pooledJson(pooled) : null;
    }),
    eth_getTransactionByBlockNumberAndIndex: gethMethod(
      [required(blockNumber), required(quantity('hexutil.Uint'))],
      (selector, index) => {
        const block = resolve(selector);
        const t = block?.transactions[Number(index)];
        return block && t ? transactionJson(block, t) : null;
      },
    ),
    eth_getTransactionByBlockHashAndIndex: gethMethod(
      [required(fixedHex('common.Hash')), required(quantity('hexutil.Uint'))],
      (hash, index) => {
        const block = chain.blockByHash(hash);
        const t = block?.transactions[Number(index)];
        return block && t ? transactionJson(block, t) : null;
      },
    ),
    // Avalanche blocks have no uncles: a known block counts none, and has none at any index.
    eth_getUncleCountByBlockNumber: gethMethod([required(blockNumber)], (selector) => {
      try {
        return resolve(selector) ? hexQuantity(0) : null;
      } catch {
        return null;
      }
    }),
    eth_getUncleCountByBlockHash: gethMethod([required(fixedHex('common.Hash'))], (hash) =>
      chain.blockByHash(hash) ? hexQuantity(0) : null,
    ),
    eth_getUncleByBlockNumberAndIndex: gethMethod(
      [required(blockNumber), required(quantity('hexutil.Uint'))],
      (selector) => {
        resolve(selector);
        return null;
      },
    ),
    eth_getUncleByBlockHashAndIndex: gethMethod(
      [required(fixedHex('common.Hash')), required(quantity('hexutil.Uint'))],
      () => null,
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
      [required(fixedHex('common.Address')), required(blockNumberOrHash)],
      async (address, selector) => hexQuantity((await accountAt(address, selector))?.balance ?? 0n),
    ),
    eth_getTransactionCount: gethMethod(
      [required(fixedHex('common.Address')), required(blockNumberOrHash)],
      async (address, selector) => {
        // "pending" asks the pool: the next nonce with the sender's pending transactions applied.
        if (selector && 'tag' in selector && selector.tag === 'pending') {
          return hexQuantity(await chain.mempool.nonce(address));
        }
        return hexQuantity((await accountAt(address, selector))?.nonce ?? 0n);
      },
    ),
    eth_getCode: gethMethod(
      [required(fixedHex('common.Address')), required(blockNumberOrHash)],
      async (address, selector) => {
        const state = chain.stateAt(mustResolve(selector).number);
        return bytesToHex(await state.getCode(createAddressFromString(address)));
      },
    ),
    // The key is a plain string geth decodes only once it has the block's state.
    eth_getStorageAt: gethMethod(
      [required(fixedHex('common.Address')), required(goString), required(blockNumberOrHash)],
      async (address, hexKey, selector) => {
        const state = chain.stateAt(mustResolve(selector).number);
        let key: Uint8Array;
        try {
          key = decodeHash(hexKey).key;
        } catch (err) {
          throw new DomainError(
            'failed_precondition',
            `unable to decode storage key: ${(err as Error).message}`,
          );
        }
        const value = await state.getStorage(createAddressFromString(address), key);
        return bytesToHex(value).replace(/^0x/, '0x'.padEnd(2 + 64 - value.length * 2, '0'));
      },
    ),
    eth_getProof: gethMethod(
      [required(fixedHex('common.Address')), required(stringList), required(blockNumberOrHash)],
      (address, keys, selector) => getProof(chain, address, keys, selector, proofWindowBlocks, mustResolve),
    ),
    eth_call: gethMethod([required(callArguments), optional(blockNumberOrHash)], (args, selector) =>
      call(chain, args, mustResolve(selector)),
    ),
    eth_estimateGas: gethMethod(
      [required(callArguments), optional(blockNumberOrHash), optional(stateOverrides)],
      (args, selector) => estimateGas(chain, args, mustResolve(selector)),
    ),
    eth_feeHistory: gethMethod(
      [required(hexOrDecimal64), required(blockNumber), optional(floatList)],
      (count, lastBlock, percentiles) => feeHistory(chain, count, lastBlock, percentiles),
    ),
    eth_sendRawTransaction: gethMethod([required(bytes)], async (raw) =>
      bytesToHex(await chain.mempool.submit(hexToBytes(raw as Hex))),
    ),
    eth_newFilter: gethMethod([required(filterCriteria)], (crit) => filters.newLogFilter(crit)),
    eth_newBlockFilter: gethMethod([], () => filters.newBlockFilter()),
    eth_newPendingTransactionFilter: gethMethod([optional(bool)], (fullTx) =>
      filters.newPendingTransactionFilter(fullTx === true),
    ),
    eth_getFilterChanges: gethMethod([required(rpcId)], (id) => filters.changes(id)),
    eth_getFilterLogs: gethMethod([required(rpcId)], (id) => filterLogs(chain, filters.criteria(id))),
    eth_uninstallFilter: gethMethod([required(rpcId)], (id) => filters.uninstall(id)),
    // The txpool namespace (internal-tx-pool, which a node serves when it is enabled).
    txpool_status: gethMethod([], async () => {
      const { pending, queued } = await chain.mempool.content();
      const count = (m: Map<string, PooledTransaction[]>) =>
        [...m.values()].reduce((n, l) => n + l.length, 0);
      return { pending: hexQuantity(count(pending)), queued: hexQuantity(count(queued)) };
    }),
    txpool_content: gethMethod([], async () => {
      const { pending, queued } = await chain.mempool.content();
      return { pending: byAccount(pending, pooledJson), queued: byAccount(queued, pooledJson) };
    }),
    txpool_contentFrom: gethMethod([required(fixedHex('common.Address'))], async (address) => {
      const { pending, queued } = await chain.mempool.content();
      return {
        pending: byNonce(pending.get(address) ?? [], pooledJson),
        queued: byNonce(queued.get(address) ?? [], pooledJson),
      };
    }),
    txpool_inspect: gethMethod([], async () => {
      const { pending, queued } = await chain.mempool.content();
      return { pending: byAccount(pending, inspect), queued: byAccount(queued, inspect) };
    }),
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
        const tracer = tracerFor(config);
        const index = found.transaction.index;
        const [result] = await replayBlock(
          chain,
          found.block,
          (i) => (i === index ? tracer() : undefined),
          index,
        );
        return result;
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

/**
 * The tracer a trace config names: geth's struct logger when it names none, the callTracer (its tracerConfig decoded
 * first, as geth creates the tracer before running anything); the devnet has no other.
 */
function tracerFor(config: TraceConfig | undefined): () => TxTracer<unknown> {
  if (config?.tracer === undefined) {
    const options = config ?? {
      enableMemory: false,
      disableStack: false,
      disableStorage: false,
      enableReturnData: false,
      limit: 0,
    };
    return () => structLogger(options);
  }
  if (config.tracer === 'callTracer') {
    const options = callTracerConfig(config.tracerConfig);
    return () => callTracer(options);
  }
  throw new DomainError(
    'invalid_argument',
    `the devnet supports only the struct logger (no tracer) and {"tracer":"callTracer"}`,
  );
}

async function traceResults(chain: EvmChain, block: EvmBlock, config: TraceConfig | undefined) {
  const tracer = tracerFor(config);
  if (block.number === 0n) throw new DomainError('failed_precondition', 'genesis is not traceable');
  // What indexers ask for, the callTracer as configured by default, was recorded as the block was built.
  const results =
    isDefaultCallTracer(config) && block.callTraces
      ? block.callTraces
      : await replayBlock(chain, block, () => tracer());
  return results.map((result, i) => ({ txHash: bytesToHex(block.transactions[i]!.hash), result }));
}

/** The callTracer with its config at geth's defaults (no onlyTopCall, no withLog); the config was decoded already. */
function isDefaultCallTracer(config: TraceConfig | undefined): boolean {
  if (config?.tracer !== 'callTracer') return false;
  const { onlyTopCall, withLog } = callTracerConfig(config.tracerConfig);
  return !onlyTopCall && !withLog;
}

/** FilterAPI.GetLogs: its limits and its check of numbered bounds (tags count as rpc.BlockNumber's negatives). */
function getLogs(chain: EvmChain, filter: FilterCriteria) {
  if (filter.topics.length > MAX_FILTER_TOPICS)
    throw new DomainError('failed_precondition', 'exceed max topics');
  if (filter.addresses.length > MAX_FILTER_ADDRESSES)
    throw new DomainError('failed_precondition', 'exceed max addresses');
  if (filter.blockHash === undefined) {
    const begin = filterBound(filter.fromBlock);
    const end = filterBound(filter.toBlock);
    if (begin > 0n && end > 0n && begin > end)
      throw new DomainError('failed_precondition', 'invalid block range params');
  }
  return filterLogs(chain, filter);
}

/** A filter's logs (Filter.Logs), by its block hash or over its range; eth_getFilterLogs' answer as it stands. */
function filterLogs(chain: EvmChain, filter: FilterCriteria) {
  let blocks: EvmBlock[];
  if (filter.blockHash !== undefined) {
    const block = chain.blockByHash(filter.blockHash);
    if (!block) throw new DomainError('failed_precondition', 'unknown block');
    blocks = [block];
  } else {
    const head = chain.head.number;
    const from = logRangeEnd(filter.fromBlock, head);
    const to = logRangeEnd(filter.toBlock, head);
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
  return blocks.flatMap((block) => matchingLogs(block, filter));
}

/** A filter's bound: a number as given (checked against the head by the caller), a tag or nothing as the head. */
function logRangeEnd(selector: BlockSelector | undefined, head: bigint): bigint {
  if (selector === undefined) return head;
  if ('number' in selector) return selector.number;
  return 'tag' in selector && selector.tag === 'earliest' ? 0n : head;
}

async function call(chain: EvmChain, args: CallArguments, block: EvmBlock): Promise<string> {
  const result = await chain.withCallVm(block.number, (vm) =>
    vm.evm.runCall({
      caller: args.from ? createAddressFromString(args.from) : createZeroAddress(),
      to: args.to ? createAddressFromString(args.to) : undefined,
      data: args.data ? hexToBytes(args.data as Hex) : new Uint8Array(0),
      value: args.value ?? 0n,
      gasLimit: args.gas ?? CALL_GAS_CAP,
      skipBalance: true,
    }),
  );
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

/** A pooled transaction as RPCTransaction (NewRPCTransaction: no block). */
function pooledJson(pooled: PooledTransaction): Record<string, unknown> {
  return pendingTransactionJson(pooled.tx, hexToBytes(pooled.from as Hex), pooled.hash);
}

/** txpool_inspect's line: recipient (or contract creation), value, gas and price (a fee cap for dynamic fees). */
function inspect(pooled: PooledTransaction): string {
  const { tx } = pooled;
  const tail = `${tx.value} wei + ${tx.gasLimit} gas × ${feeCapOf(tx)} wei`;
  return tx.to ? `${getAddress(tx.to.toString())}: ${tail}` : `contract creation: ${tail}`;
}

/**
 * Go maps marshal with sorted keys: accounts checksummed (as common.Address.Hex gives them), then nonces in decimal.
 * JavaScript orders integer-like keys numerically, so an account whose pooled nonces cross a power of ten lists them
 * in numeric rather than Go's string order.
 */
function byAccount<T>(
  accounts: Map<string, PooledTransaction[]>,
  render: (p: PooledTransaction) => T,
): Record<string, Record<string, T>> {
  return Object.fromEntries(
    [...accounts]
      .map(([from, list]) => [getAddress(from), byNonce(list, render)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function byNonce<T>(list: PooledTransaction[], render: (p: PooledTransaction) => T): Record<string, T> {
  return Object.fromEntries(list.map((p) => [p.tx.nonce.toString(), render(p)]));
}

/** eth_estimateGas' state overrides: accepted when empty; the devnet does not apply overrides. */
function stateOverrides(value: unknown): undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ParamError(
      `json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type ethapi.StateOverride`,
    );
  }
  if (Object.keys(value).length > 0) throw new RpcError(-32000, 'the devnet does not apply state overrides');
  return undefined;
}
