/**
 * What the edge knows of each EVM JSON-RPC method (node-rpc answers by it; gateway-rpc keeps the answers node-rpc
 * reports final under the same keys): whether a node serves it through the edge, whether it changes
 * state, and when its answer is final. Avalanche's blocks are final once accepted and coreth answers only about
 * accepted blocks, so an answer about an explicitly numbered (or hashed) block never changes: it is cached. `latest`,
 * `pending` and the other tags, and everything about the mempool, are never cached.
 */

/** The namespaces an EVM chain's `/rpc` serves through the edge (`debug_` only when enabled). */
const SERVED_NAMESPACES = ['eth', 'net', 'web3', 'txpool'];

/** Methods that change state or reach the network: a failure once they may have reached a node is not retried. */
const WRITES = new Set(['eth_sendRawTransaction', 'eth_sendTransaction']);

export interface EvmCallPolicy {
  write: boolean;
  /** Set when the answer, once final, never changes: what the answer is cached under. */
  cacheKey?: string;
  /** Whether an answer is final (a block that exists, a mined transaction); cached only then. */
  isFinal?: (result: string) => boolean;
  /** A block height the answer proves the chain has reached (the head only moves forward). */
  reaches?: bigint;
}

export interface PolicyContext {
  debugEnabled: boolean;
  /** The highest block the chain's nodes are known to have accepted; undefined before any answer said. */
  knownHead: bigint | undefined;
}

const HEX_NUMBER = /^0x[0-9a-fA-F]{1,16}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

const exists = (result: string) => result !== 'null';
const always = () => true;
const mined = (result: string) => result !== 'null' && !result.includes('"blockHash":null');

/** undefined: the edge does not serve the method (geth's -32601 on a node with the namespace turned off). */
export function evmCallPolicy(
  method: string,
  params: unknown,
  ctx: PolicyContext,
): EvmCallPolicy | undefined {
  const namespace = method.slice(0, method.indexOf('_'));
  if (!SERVED_NAMESPACES.includes(namespace) && !(namespace === 'debug' && ctx.debugEnabled))
    return undefined;
  const write = WRITES.has(method);
  const args = Array.isArray(params)
    ? (params as unknown[])
    : params === undefined || params === null
      ? []
      : null;
  if (args === null) return { write };
  const cached = (isFinal: (result: string) => boolean, reaches?: bigint): EvmCallPolicy => ({
    write,
    cacheKey: answerKey(method, args),
    isFinal,
    ...(reaches !== undefined ? { reaches } : {}),
  });
  switch (method) {
    case 'eth_chainId':
    case 'net_version':
      return args.length === 0 ? cached(always) : { write };
    case 'eth_getBlockByHash':
    case 'eth_getBlockTransactionCountByHash':
    case 'eth_getTransactionByBlockHashAndIndex':
      return isHash(args[0]) ? cached(exists) : { write };
    case 'eth_getBlockByNumber':
    case 'eth_getBlockTransactionCountByNumber':
    case 'eth_getTransactionByBlockNumberAndIndex': {
      const height = explicitNumber(args[0]);
      return height !== undefined ? cached(exists, height) : { write };
    }
    case 'eth_getBlockReceipts':
      return isExplicitBlock(args[0]) ? cached(exists) : { write };
    case 'eth_getTransactionByHash':
      return isHash(args[0]) ? cached(mined) : { write };
    case 'eth_getTransactionReceipt':
      return isHash(args[0]) ? cached(exists) : { write };
    case 'eth_getBalance':
    case 'eth_getCode':
    case 'eth_getTransactionCount':
      return isExplicitBlock(args[1]) ? cached(always) : { write };
    case 'eth_getStorageAt':
      return isExplicitBlock(args[2]) ? cached(always) : { write };
    case 'eth_call':
      return isExplicitBlock(args[1]) ? cached(always) : { write };
    case 'eth_getLogs':
      return closedRange(args[0], ctx.knownHead) ? cached(always) : { write };
    case 'debug_traceTransaction':
      return isHash(args[0]) ? cached(exists) : { write };
    case 'debug_traceBlockByHash':
      return isHash(args[0]) ? cached(exists) : { write };
    case 'debug_traceBlockByNumber':
      return explicitNumber(args[0]) !== undefined ? cached(exists) : { write };
    default:
      return { write };
  }
}

/** Where each method that takes a block by number or tag has it in its params. */
const BLOCK_PARAM: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
  eth_estimateGas: 1,
  eth_getProof: 2,
  eth_feeHistory: 1,
  eth_getBlockByNumber: 0,
  eth_getBlockTransactionCountByNumber: 0,
  eth_getTransactionByBlockNumberAndIndex: 0,
  eth_getBlockReceipts: 0,
  debug_traceBlockByNumber: 0,
  debug_traceCall: 1,
};

/** The tags that name the last accepted block on coreth and Subnet-EVM (`pending` is not one). */
const HEAD_TAGS = new Set(['latest', 'accepted', 'safe', 'finalized']);

/**
 * A batch's view of one height: the call with the tag naming the last accepted block replaced by `height`, so that
 * every call of the batch answers about the same block however many blocks are accepted while it runs (a client
 * reading a balance and the block it belongs to gets a matching pair). Undefined when the call names no such tag.
 */
export function pinnedToHeight(method: string, params: unknown, height: bigint): unknown[] | undefined {
  const at = BLOCK_PARAM[method];
  if (at === undefined || !Array.isArray(params) || !HEAD_TAGS.has(params[at] as string)) return undefined;
  const pinned = [...(params as unknown[])];
  pinned[at] = `0x${height.toString(16)}`;
  return pinned;
}

/** Whether a call of a batch answers about the head: it needs the batch's height (pinnedToHeight, eth_blockNumber). */
export function asksAboutHead(method: string, params: unknown): boolean {
  if (method === 'eth_blockNumber') return true;
  const at = BLOCK_PARAM[method];
  return at !== undefined && Array.isArray(params) && HEAD_TAGS.has(params[at] as string);
}

/** What a final answer is kept under (with its chain in front): the method and its params as sent. */
export function answerKey(method: string, params: unknown): string {
  return `${method}\n${JSON.stringify(params ?? [])}`;
}

/** A final answer's key on one chain (canonical: `C` or a blockchain id): what node-rpc reports, gateway-rpc keeps. */
export function chainAnswerKey(chain: string, method: string, params: unknown): string {
  return `${chain}\n${answerKey(method, params)}`;
}

/** The height a block-number result (`eth_blockNumber`) states, for following the head. */
export function heightOf(result: string): bigint | undefined {
  const text = result.length < 24 ? (JSON.parse(result) as unknown) : undefined;
  return typeof text === 'string' && HEX_NUMBER.test(text) ? BigInt(text) : undefined;
}

function isHash(value: unknown): boolean {
  return typeof value === 'string' && HASH.test(value);
}

function explicitNumber(value: unknown): bigint | undefined {
  return typeof value === 'string' && HEX_NUMBER.test(value) ? BigInt(value) : undefined;
}

/** A block named by number or hash (EIP-1898 objects included), not by a tag. */
function isExplicitBlock(value: unknown): boolean {
  if (explicitNumber(value) !== undefined || isHash(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const { blockHash, blockNumber } = value as Record<string, unknown>;
  return isHash(blockHash) || explicitNumber(blockNumber) !== undefined;
}

/** A filter over blocks the chain has accepted: by block hash, or a numbered range that ends at or below the head. */
function closedRange(filter: unknown, head: bigint | undefined): boolean {
  if (typeof filter !== 'object' || filter === null) return false;
  const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>;
  if (blockHash !== undefined) return isHash(blockHash) && fromBlock === undefined && toBlock === undefined;
  const from = explicitNumber(fromBlock);
  const to = explicitNumber(toBlock);
  return from !== undefined && to !== undefined && from <= to && head !== undefined && to <= head;
}
