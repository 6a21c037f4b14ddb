import { expect } from 'chai';
import { decodeEventLog, parseAbi, toEventSelector, toHex, type Hex, type PublicClient } from 'viem';
import { mapLimit, rpc } from './evm-data-stack.ts';

/**
 * An EVM chain of the devnet as its node tells it, read apart from evm-data's code: blocks, receipts (logs decoded
 * with ABIs written here) and callTracer traces, into transactions with their ERC transfers, internal calls,
 * creations and ICM events. What the evm-data tests expect comes from here.
 */
export const ZERO = '0x0000000000000000000000000000000000000000';
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const ERC1155_EVENTS = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
/** ICM's TeleporterMessenger v1 events, as services/devnet/evm/contracts/DevIcmMessenger.sol declares them. */
const ICM_ABI = parseAbi([
  'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
  'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
  'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
  'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
  'event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message)',
  'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
  'event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, TeleporterFeeInfo feeInfo)',
]);

export type ChainKey = 'C' | 'L1';

interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  logIndex: Hex;
}
interface RpcReceipt {
  transactionHash: Hex;
  status: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  contractAddress: Hex | null;
  logs: RpcLog[];
}
interface Frame {
  type: string;
  from: Hex;
  to?: Hex;
  value?: Hex;
  gas: Hex;
  gasUsed: Hex;
  error?: string;
  calls?: Frame[];
}

export interface Transfer {
  standard: 20 | 721 | 1155;
  contract: string;
  from: string;
  to: string;
  logIndex: number;
  tokenId?: bigint;
  value: bigint;
}
export interface Internal {
  type: string;
  from: string;
  /** Absent for a creation that failed. */
  to: string | undefined;
  value: bigint;
  gas: bigint;
  gasUsed: bigint;
  reverted: boolean;
}
export interface Tx {
  hash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  blockIndex: number;
  timestamp: bigint;
  from: string;
  to: string | null;
  created: string | null;
  value: bigint;
  nonce: number;
  gasUsed: bigint;
  /** The receipt's effectiveGasPrice. */
  gasPrice: bigint;
  success: boolean;
  transfers: Transfer[];
  internals: Internal[];
  /** Every address the transaction involves: its ends, its transfers' ends and its nested calls' ends. */
  touched: Set<string>;
}
export interface TeleporterMessage {
  messageNonce: bigint;
  originSenderAddress: Hex;
  destinationBlockchainID: Hex;
  destinationAddress: Hex;
  receipts: readonly { receivedMessageNonce: bigint; relayerRewardAddress: Hex }[];
  message: Hex;
}
export interface IcmSend {
  chain: ChainKey;
  messageId: Hex;
  contract: string;
  txHash: Hex;
  timestamp: bigint;
  message: TeleporterMessage;
  feeToken: string;
  feeAmount: bigint;
}
export interface IcmReceive {
  chain: ChainKey;
  messageId: Hex;
  contract: string;
  txHash: Hex;
  timestamp: bigint;
  message: TeleporterMessage;
  sourceBlockchainId: Hex;
  deliverer: string;
  rewardRedeemer: string;
  executed: boolean;
}

/** One EVM chain as its node tells it, up to the head read once ingestion had caught up. */
export interface ChainModel {
  key: ChainKey;
  chainId: string;
  blockchainId: string;
  client: PublicClient;
  head: bigint;
  /** Every block from genesis to the head, in order. */
  blocks: { number: bigint; hash: Hex; parentHash: Hex; timestamp: bigint }[];
  txs: Tx[];
  byHash: Map<string, Tx>;
  /** The transactions each address is involved in, in chain order. */
  byAddress: Map<string, Tx[]>;
  /** Contracts created by the deployer's own transactions, in order (tokens, collections, multi-token, …). */
  deployments: { address: string; txHash: Hex; deployer: string }[];
  /** Contracts created by contracts (CREATE/CREATE2 frames that did not fail), with their creating tx. */
  children: { address: string; txHash: Hex; factory: string; sender: string }[];
  sends: IcmSend[];
  receives: IcmReceive[];
  receiptsReceived: Set<string>;
}

export const lower = (a: string) => a.toLowerCase();

/**
 * An ICM message document as the tests compare it with the devnet's Teleporter events: every member the devnet
 * determines, addresses lower-cased (the API checksums them).
 */
export function comparableIcmMessage(m: Record<string, unknown>) {
  type Doc = Record<string, unknown>;
  const source = m.sourceTransaction as Doc;
  const destination = m.destinationTransaction as Doc | undefined;
  const reward = m.rewardDetails as Doc;
  return {
    messageId: m.messageId,
    icmContractAddress: lower(m.icmContractAddress as string),
    sourceBlockchainId: m.sourceBlockchainId,
    destinationBlockchainId: m.destinationBlockchainId,
    sourceEvmChainId: m.sourceEvmChainId,
    destinationEvmChainId: m.destinationEvmChainId,
    messageNonce: m.messageNonce,
    from: lower(m.from as string),
    to: lower(m.to as string),
    data: m.data,
    receipts: (m.receipts as Doc[]).map((r) => ({
      receivedMessageNonce: r.receivedMessageNonce,
      relayerRewardAddress: lower(r.relayerRewardAddress as string),
    })),
    messageExecuted: m.messageExecuted,
    receiptDelivered: m.receiptDelivered,
    rewardDetails: { address: lower(reward.address as string), value: reward.value },
    sourceTransaction: { txHash: source.txHash, timestamp: source.timestamp },
    ...(destination
      ? {
          destinationTransaction: {
            txHash: destination.txHash,
            timestamp: destination.timestamp,
            rewardRedeemer: lower(destination.rewardRedeemer as string),
            delivererAddress: lower(destination.delivererAddress as string),
          },
        }
      : {}),
    status: m.status,
  };
}
const topicAddress = (topic: Hex) => lower(`0x${topic.slice(26)}`);
const big = (hex: Hex | undefined) => (hex === undefined || hex === '0x' ? 0n : BigInt(hex));

function transfersOf(log: RpcLog): Transfer[] {
  const base = { contract: lower(log.address), logIndex: Number(BigInt(log.logIndex)) };
  const [topic0, t1, t2, t3] = log.topics;
  if (topic0 === TRANSFER && log.topics.length === 3)
    return [{ ...base, standard: 20, from: topicAddress(t1!), to: topicAddress(t2!), value: big(log.data) }];
  if (topic0 === TRANSFER && log.topics.length === 4)
    return [
      {
        ...base,
        standard: 721,
        from: topicAddress(t1!),
        to: topicAddress(t2!),
        tokenId: BigInt(t3!),
        value: 1n,
      },
    ];
  let event;
  try {
    event = decodeEventLog({ abi: ERC1155_EVENTS, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
  } catch {
    return [];
  }
  const ends = { from: lower(event.args.from), to: lower(event.args.to) };
  if (event.eventName === 'TransferSingle')
    return [{ ...base, ...ends, standard: 1155, tokenId: event.args.id, value: event.args.value }];
  return event.args.ids.map((tokenId, i) => ({
    ...base,
    ...ends,
    standard: 1155 as const,
    tokenId,
    value: event.args.values[i]!,
  }));
}

export async function readChain(
  key: ChainKey,
  client: PublicClient,
  chainId: string,
  blockchainId: string,
  head: bigint,
  deployer: string,
): Promise<ChainModel> {
  const numbers = Array.from({ length: Number(head) + 1 }, (_, i) => BigInt(i));
  const blocks = await mapLimit(numbers, 16, async (blockNumber) => {
    const block = await client.getBlock({ blockNumber, includeTransactions: true });
    if (block.transactions.length === 0) return { block, receipts: [], traces: [] };
    const [receipts, traces] = await Promise.all([
      rpc<RpcReceipt[]>(client, 'eth_getBlockReceipts', [toHex(blockNumber)]),
      rpc<{ txHash?: Hex; result: Frame }[]>(client, 'debug_traceBlockByNumber', [
        toHex(blockNumber),
        { tracer: 'callTracer' },
      ]),
    ]);
    return { block, receipts, traces };
  });
  const model: ChainModel = {
    key,
    chainId,
    blockchainId,
    client,
    head,
    blocks: [],
    txs: [],
    byHash: new Map(),
    byAddress: new Map(),
    deployments: [],
    children: [],
    sends: [],
    receives: [],
    receiptsReceived: new Set(),
  };
  for (const { block, receipts, traces } of blocks) {
    model.blocks.push({
      number: block.number,
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: block.timestamp,
    });
    block.transactions.forEach((t, i) => {
      const receipt = receipts[i]!;
      const trace = traces[i]!.result;
      expect(receipt.transactionHash).to.equal(t.hash);
      const internals: Internal[] = [];
      const walk = (frame: Frame, parentReverted: boolean) => {
        for (const child of frame.calls ?? []) {
          const reverted = parentReverted || child.error !== undefined;
          internals.push({
            type: child.type.toUpperCase(),
            from: lower(child.from),
            to: child.to && lower(child.to),
            value: big(child.value),
            gas: big(child.gas),
            gasUsed: big(child.gasUsed),
            reverted,
          });
          if ((child.type === 'CREATE' || child.type === 'CREATE2') && !reverted && child.to)
            model.children.push({
              address: lower(child.to),
              txHash: t.hash,
              factory: lower(child.from),
              sender: lower(t.from),
            });
          walk(child, reverted);
        }
      };
      walk(trace, trace.error !== undefined);
      const tx: Tx = {
        hash: t.hash,
        blockNumber: block.number,
        blockHash: block.hash,
        blockIndex: t.transactionIndex,
        timestamp: block.timestamp,
        from: lower(t.from),
        to: t.to ? lower(t.to) : null,
        created: receipt.contractAddress ? lower(receipt.contractAddress) : null,
        value: t.value,
        nonce: t.nonce,
        gasUsed: big(receipt.gasUsed),
        gasPrice: big(receipt.effectiveGasPrice),
        success: receipt.status === '0x1',
        transfers: receipt.logs.flatMap(transfersOf),
        internals,
        touched: new Set(),
      };
      for (const a of [tx.from, tx.to ?? tx.created]) if (a) tx.touched.add(a);
      for (const x of tx.transfers) tx.touched.add(x.from).add(x.to);
      for (const x of internals) {
        tx.touched.add(x.from);
        if (x.to) tx.touched.add(x.to);
      }
      model.txs.push(tx);
      model.byHash.set(tx.hash, tx);
      for (const a of tx.touched) {
        const list = model.byAddress.get(a) ?? [];
        list.push(tx);
        model.byAddress.set(a, list);
      }
      if (tx.to === null && tx.created && tx.success && tx.from === deployer)
        model.deployments.push({ address: tx.created, txHash: tx.hash, deployer: tx.from });
      if (tx.success) readIcm(model, tx, receipt);
    });
  }
  return model;
}

function readIcm(model: ChainModel, tx: Tx, receipt: RpcReceipt): void {
  const decoded = receipt.logs.flatMap((log) => {
    try {
      return [
        {
          log,
          event: decodeEventLog({ abi: ICM_ABI, data: log.data, topics: log.topics as [Hex, ...Hex[]] }),
        },
      ];
    } catch {
      return [];
    }
  });
  const executed = new Set(
    decoded.filter((d) => d.event.eventName === 'MessageExecuted').map((d) => d.log.topics[1]),
  );
  for (const { log, event } of decoded) {
    const base = { chain: model.key, contract: lower(log.address), txHash: tx.hash, timestamp: tx.timestamp };
    if (event.eventName === 'SendCrossChainMessage')
      model.sends.push({
        ...base,
        messageId: event.args.messageID,
        message: event.args.message,
        feeToken: lower(event.args.feeInfo.feeTokenAddress),
        feeAmount: event.args.feeInfo.amount,
      });
    else if (event.eventName === 'ReceiveCrossChainMessage')
      model.receives.push({
        ...base,
        messageId: event.args.messageID,
        message: event.args.message,
        sourceBlockchainId: event.args.sourceBlockchainID,
        deliverer: lower(event.args.deliverer),
        rewardRedeemer: lower(event.args.rewardRedeemer),
        executed: executed.has(event.args.messageID),
      });
    else if (event.eventName === 'ReceiptReceived') model.receiptsReceived.add(event.args.messageID);
  }
}
