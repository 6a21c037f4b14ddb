import { decodeEventLog, parseAbi, toEventSelector, type Hex } from 'viem';
import type { BlockBundle, CallFrame, RpcLog, RpcReceipt, RpcTransaction } from './rpc-types.ts';

/**
 * From one block as a node serves it (block, receipts, call traces) to the rows evm-data stores: transactions,
 * ERC-20/721/1155 transfers, internal transactions, the address index, contract creations and ICM events. Pure:
 * the same bundle always gives the same rows, which is what makes a replayed block a no-op.
 */

export const ZERO_ADDRESS = Buffer.alloc(20);

export type ErcType = 20 | 721 | 1155;

export interface BlockRow {
  number: bigint;
  hash: Buffer;
  parentHash: Buffer;
  timestamp: bigint;
  timestampMs?: bigint;
  minDelayExcess?: bigint;
  baseFee?: bigint;
  blockGasCost?: bigint;
  gasUsed: bigint;
  gasLimit: bigint;
  txCount: number;
  /** What its transactions paid: gas used times effective gas price, summed. */
  feesSpent: bigint;
}

export interface TransactionRow {
  blockNumber: bigint;
  txIndex: number;
  hash: Buffer;
  from: Buffer;
  to: Buffer | null;
  createdContract: Buffer | null;
  value: bigint;
  nonce: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  gasPrice: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  txType: number;
  status: number;
  input: Buffer;
}

export interface TransferRow {
  blockNumber: bigint;
  logIndex: number;
  batchIndex: number;
  txIndex: number;
  contract: Buffer;
  ercType: ErcType;
  from: Buffer;
  to: Buffer;
  /** Absent for ERC-20. */
  tokenId?: bigint;
  value: bigint;
}

export interface InternalTransactionRow {
  blockNumber: bigint;
  txIndex: number;
  traceIndex: number;
  callType: string;
  from: Buffer;
  to: Buffer;
  value: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  reverted: boolean;
}

export interface ContractCreation {
  address: Buffer;
  blockNumber: bigint;
  txHash: Buffer;
  deployer: Buffer;
  /** The contract whose CREATE made it, when it was not the transaction itself. */
  deployerContract: Buffer | null;
}

export interface TeleporterReceipt {
  receivedMessageNonce: string;
  relayerRewardAddress: string;
}

interface IcmEventBase {
  messageId: Buffer;
  blockNumber: bigint;
  txHash: Buffer;
  blockTimestamp: bigint;
  gasSpent: bigint;
  icmContract: Buffer;
  messageNonce: bigint;
  from: Buffer;
  to: Buffer;
  payload: Buffer;
  receipts: TeleporterReceipt[];
}

export interface IcmSend extends IcmEventBase {
  destinationBlockchainId: Buffer;
  feeToken: Buffer;
  feeAmount: bigint;
}

export interface IcmReceive extends IcmEventBase {
  sourceBlockchainId: Buffer;
  deliverer: Buffer;
  rewardRedeemer: Buffer;
  executed: boolean;
}

export interface DerivedBlock {
  block: BlockRow;
  transactions: TransactionRow[];
  transfers: TransferRow[];
  internals: InternalTransactionRow[];
  /** (address, tx index) pairs of the address index, each once. */
  addressTransactions: { address: Buffer; txIndex: number }[];
  creations: ContractCreation[];
  /** Contracts that emitted transfer events, with the standard their events follow. */
  tokenContracts: Map<string, ErcType>;
  icmSends: IcmSend[];
  icmReceives: IcmReceive[];
  /** Message ids whose receipt came back to this (source) chain. */
  icmReceipts: Buffer[];
}

const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const TRANSFER_SINGLE = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
const TRANSFER_BATCH = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])');

/** TeleporterMessenger's events (ICM v1), which the devnet's messenger emits with the same layout. */
export const TELEPORTER_ABI = parseAbi([
  'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
  'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
  'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
  'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
  'event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message)',
  'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
  'event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, TeleporterFeeInfo feeInfo)',
]);
const SEND = toEventSelector(TELEPORTER_ABI[0]);
const RECEIVE = toEventSelector(TELEPORTER_ABI[1]);
const EXECUTED = toEventSelector(TELEPORTER_ABI[2]);
const RECEIPT = toEventSelector(TELEPORTER_ABI[3]);
/**
 * The decoded ICM events, each with its own ABI item: decodeEventLog finds the item for a log by hashing each
 * item's signature, on every call.
 */
const ICM_EVENTS = new Map<string, (typeof TELEPORTER_ABI)[number][]>([
  [SEND, [TELEPORTER_ABI[0]]],
  [RECEIVE, [TELEPORTER_ABI[1]]],
  [RECEIPT, [TELEPORTER_ABI[3]]],
]);

export const bytesOf = (hex: string): Buffer => Buffer.from(hex.slice(2), 'hex');
const big = (hex: string | undefined): bigint => (hex === undefined || hex === '0x' ? 0n : BigInt(hex));
const num = (hex: string): number => Number(BigInt(hex));
/** A 32-byte topic holding an address. */
const topicAddress = (topic: string): Buffer => bytesOf(`0x${topic.slice(26)}`);
const word = (data: string, i: number): bigint => BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64)}`);

export function deriveBlock(bundle: BlockBundle): DerivedBlock {
  const { block, receipts, traces } = bundle;
  const number = BigInt(block.number);
  const timestamp = BigInt(block.timestamp);
  const derived: DerivedBlock = {
    block: {
      number,
      hash: bytesOf(block.hash),
      parentHash: bytesOf(block.parentHash),
      timestamp,
      ...(block.timestampMilliseconds ? { timestampMs: BigInt(block.timestampMilliseconds) } : {}),
      ...(block.minDelayExcess ? { minDelayExcess: BigInt(block.minDelayExcess) } : {}),
      ...(block.baseFeePerGas ? { baseFee: BigInt(block.baseFeePerGas) } : {}),
      ...(block.blockGasCost ? { blockGasCost: BigInt(block.blockGasCost) } : {}),
      gasUsed: big(block.gasUsed),
      gasLimit: big(block.gasLimit),
      txCount: block.transactions.length,
      feesSpent: 0n,
    },
    transactions: [],
    transfers: [],
    internals: [],
    addressTransactions: [],
    creations: [],
    tokenContracts: new Map(),
    icmSends: [],
    icmReceives: [],
    icmReceipts: [],
  };
  block.transactions.forEach((tx, i) => {
    const receipt = receipts[i]!;
    if (receipt.transactionHash !== tx.hash)
      throw new Error(`block ${number}: receipt ${i} is for ${receipt.transactionHash}, not ${tx.hash}`);
    deriveTransaction(derived, number, timestamp, tx, receipt, traces[i]!);
  });
  derived.block.feesSpent = derived.transactions.reduce((sum, t) => sum + t.gasUsed * t.gasPrice, 0n);
  return derived;
}

function deriveTransaction(
  derived: DerivedBlock,
  blockNumber: bigint,
  blockTimestamp: bigint,
  tx: RpcTransaction,
  receipt: RpcReceipt,
  trace: CallFrame,
): void {
  const txIndex = num(tx.transactionIndex);
  const hash = bytesOf(tx.hash);
  const from = bytesOf(tx.from);
  const to = tx.to ? bytesOf(tx.to) : null;
  const created = receipt.contractAddress ? bytesOf(receipt.contractAddress) : null;
  const gasUsed = big(receipt.gasUsed);
  derived.transactions.push({
    blockNumber,
    txIndex,
    hash,
    from,
    to,
    createdContract: created,
    value: big(tx.value),
    nonce: big(tx.nonce),
    gasLimit: big(tx.gas),
    gasUsed,
    gasPrice: big(receipt.effectiveGasPrice ?? tx.gasPrice),
    ...(tx.maxFeePerGas ? { maxFeePerGas: big(tx.maxFeePerGas) } : {}),
    ...(tx.maxPriorityFeePerGas ? { maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) } : {}),
    txType: num(receipt.type ?? tx.type ?? '0x0'),
    // Receipts before Byzantium carry a state root instead of a status; no Avalanche chain has those.
    status: num(receipt.status ?? '0x1'),
    input: bytesOf(tx.input),
  });
  const addresses = new Map<string, Buffer>();
  const touch = (address: Buffer | null) => {
    if (address) addresses.set(address.toString('hex'), address);
  };
  touch(from);
  touch(to ?? created);

  if (created && receipt.status !== '0x0')
    derived.creations.push({
      address: created,
      blockNumber,
      txHash: hash,
      deployer: from,
      deployerContract: null,
    });

  for (const log of receipt.logs) {
    for (const transfer of transfersOf(log, blockNumber, txIndex)) {
      derived.transfers.push(transfer);
      derived.tokenContracts.set(transfer.contract.toString('hex'), transfer.ercType);
      touch(transfer.from);
      touch(transfer.to);
    }
  }
  if (receipt.status !== '0x0') deriveIcm(derived, receipt, { blockNumber, blockTimestamp, hash, gasUsed });

  let traceIndex = 0;
  const walk = (frame: CallFrame, parentReverted: boolean) => {
    for (const child of frame.calls ?? []) {
      const reverted = parentReverted || child.error !== undefined;
      const type = child.type.toUpperCase();
      const childTo = child.to ? bytesOf(child.to) : ZERO_ADDRESS;
      derived.internals.push({
        blockNumber,
        txIndex,
        traceIndex: traceIndex++,
        callType: type,
        from: bytesOf(child.from),
        to: childTo,
        value: big(child.value),
        gasLimit: big(child.gas),
        gasUsed: big(child.gasUsed),
        reverted,
      });
      touch(bytesOf(child.from));
      touch(childTo);
      if ((type === 'CREATE' || type === 'CREATE2') && !reverted && child.to)
        derived.creations.push({
          address: childTo,
          blockNumber,
          txHash: hash,
          deployer: from,
          deployerContract: bytesOf(child.from),
        });
      walk(child, reverted);
    }
  };
  walk(trace, trace.error !== undefined);
  for (const address of addresses.values()) derived.addressTransactions.push({ address, txIndex });
}

/** The transfers one log records: none, one, or (TransferBatch) one per token id. */
export function transfersOf(log: RpcLog, blockNumber: bigint, txIndex: number): TransferRow[] {
  const [topic0, t1, t2, t3] = log.topics;
  const base = { blockNumber, logIndex: num(log.logIndex), txIndex, contract: bytesOf(log.address) };
  try {
    if (topic0 === TRANSFER && log.topics.length === 3 && log.data.length === 66)
      return [
        {
          ...base,
          batchIndex: 0,
          ercType: 20,
          from: topicAddress(t1!),
          to: topicAddress(t2!),
          value: word(log.data, 0),
        },
      ];
    if (topic0 === TRANSFER && log.topics.length === 4 && log.data === '0x')
      return [
        {
          ...base,
          batchIndex: 0,
          ercType: 721,
          from: topicAddress(t1!),
          to: topicAddress(t2!),
          tokenId: BigInt(t3!),
          value: 1n,
        },
      ];
    if (topic0 === TRANSFER_SINGLE && log.topics.length === 4 && log.data.length === 130)
      return [
        {
          ...base,
          batchIndex: 0,
          ercType: 1155,
          from: topicAddress(t2!),
          to: topicAddress(t3!),
          tokenId: word(log.data, 0),
          value: word(log.data, 1),
        },
      ];
    if (topic0 === TRANSFER_BATCH && log.topics.length === 4) {
      const [ids, values] = uint256Arrays(log.data);
      if (ids.length !== values.length) return [];
      return ids.map((tokenId, batchIndex) => ({
        ...base,
        batchIndex,
        ercType: 1155 as const,
        from: topicAddress(t2!),
        to: topicAddress(t3!),
        tokenId,
        value: values[batchIndex]!,
      }));
    }
  } catch {
    // A log that only looks like a transfer (malformed data) is not one.
  }
  return [];
}

/** The two dynamic uint256[] of TransferBatch's data, read by their offsets. */
function uint256Arrays(data: string): [bigint[], bigint[]] {
  const read = (offsetWord: number) => {
    const start = Number(word(data, offsetWord)) / 32;
    const length = Number(word(data, start));
    if (length > 10_000) throw new Error('implausible batch length');
    return Array.from({ length }, (_, i) => word(data, start + 1 + i));
  };
  return [read(0), read(1)];
}

interface TxContext {
  blockNumber: bigint;
  blockTimestamp: bigint;
  hash: Buffer;
  gasUsed: bigint;
}

interface DecodedTeleporterMessage {
  messageNonce: bigint;
  originSenderAddress: Hex;
  destinationAddress: Hex;
  receipts: readonly { receivedMessageNonce: bigint; relayerRewardAddress: Hex }[];
  message: Hex;
}

function deriveIcm(derived: DerivedBlock, receipt: RpcReceipt, tx: TxContext): void {
  const executed = new Set(
    receipt.logs.filter((l) => l.topics[0] === EXECUTED).map((l) => `${l.address}:${l.topics[1]}`),
  );
  for (const log of receipt.logs) {
    const abi = ICM_EVENTS.get(log.topics[0] ?? '');
    if (!abi) continue;
    let event;
    try {
      event = decodeEventLog({
        abi,
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      });
    } catch {
      continue;
    }
    const base = {
      messageId: bytesOf(log.topics[1]!),
      blockNumber: tx.blockNumber,
      txHash: tx.hash,
      blockTimestamp: tx.blockTimestamp,
      gasSpent: tx.gasUsed,
      icmContract: bytesOf(log.address),
    };
    const messageFields = (m: DecodedTeleporterMessage) => ({
      messageNonce: m.messageNonce,
      from: bytesOf(m.originSenderAddress),
      to: bytesOf(m.destinationAddress),
      payload: bytesOf(m.message),
      receipts: m.receipts.map((r) => ({
        receivedMessageNonce: r.receivedMessageNonce.toString(),
        relayerRewardAddress: r.relayerRewardAddress.toLowerCase(),
      })),
    });
    if (event.eventName === 'SendCrossChainMessage') {
      derived.icmSends.push({
        ...base,
        ...messageFields(event.args.message),
        destinationBlockchainId: bytesOf(event.args.destinationBlockchainID),
        feeToken: bytesOf(event.args.feeInfo.feeTokenAddress),
        feeAmount: event.args.feeInfo.amount,
      });
    } else if (event.eventName === 'ReceiveCrossChainMessage') {
      derived.icmReceives.push({
        ...base,
        ...messageFields(event.args.message),
        sourceBlockchainId: bytesOf(event.args.sourceBlockchainID),
        deliverer: bytesOf(event.args.deliverer),
        rewardRedeemer: bytesOf(event.args.rewardRedeemer),
        executed: executed.has(`${log.address}:${log.topics[1]}`),
      });
    } else if (event.eventName === 'ReceiptReceived') {
      derived.icmReceipts.push(base.messageId);
    }
  }
}
