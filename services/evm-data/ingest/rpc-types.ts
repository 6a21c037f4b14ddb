/**
 * The JSON an EVM node (coreth, Subnet-EVM, geth) answers for the methods ingestion calls, as far as ingestion reads
 * it. Quantities are 0x-prefixed hex; fields that only some node versions write are optional.
 */
export type HexString = `0x${string}`;

export interface RpcTransaction {
  hash: HexString;
  from: HexString;
  to: HexString | null;
  input: HexString;
  value: HexString;
  nonce: HexString;
  gas: HexString;
  gasPrice?: HexString;
  maxFeePerGas?: HexString;
  maxPriorityFeePerGas?: HexString;
  type?: HexString;
  transactionIndex: HexString;
}

export interface RpcBlock {
  number: HexString;
  hash: HexString;
  parentHash: HexString;
  timestamp: HexString;
  /** coreth and Subnet-EVM since Granite. */
  timestampMilliseconds?: HexString;
  minDelayExcess?: HexString;
  baseFeePerGas?: HexString;
  /** Avalanche's block gas cost (coreth since Apricot Phase 4, Subnet-EVM). */
  blockGasCost?: HexString;
  gasUsed: HexString;
  gasLimit: HexString;
  miner: HexString;
  size?: HexString;
  transactions: RpcTransaction[];
}

export interface RpcLog {
  address: HexString;
  topics: HexString[];
  data: HexString;
  logIndex: HexString;
  transactionIndex: HexString;
  transactionHash: HexString;
}

export interface RpcReceipt {
  transactionHash: HexString;
  transactionIndex: HexString;
  status?: HexString;
  gasUsed: HexString;
  effectiveGasPrice?: HexString;
  contractAddress: HexString | null;
  type?: HexString;
  logs: RpcLog[];
}

/** geth's callTracer frame. */
export interface CallFrame {
  type: string;
  from: HexString;
  to?: HexString;
  value?: HexString;
  gas?: HexString;
  gasUsed?: HexString;
  input?: HexString;
  output?: HexString;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
}

/** debug_traceBlockByNumber's entries: `txHash` is written by geth since 1.11 (coreth and Subnet-EVM included). */
export interface TraceResult {
  txHash?: HexString;
  result?: CallFrame;
  error?: string;
}

/** Everything ingestion fetches for one block. */
export interface BlockBundle {
  block: RpcBlock;
  receipts: RpcReceipt[];
  /** One top-level call frame per transaction, in block order. */
  traces: CallFrame[];
}
