import type { AssetAmount__Output } from '../../generated/proto/chaindata/primarynetwork/v1/AssetAmount.ts';
import type { Transaction__Output } from '../../generated/proto/chaindata/primarynetwork/v1/Transaction.ts';
import { decodeCb58 } from '../../runtime/formatting/cb58.ts';
import { isoSeconds, type CsvLayout, type CsvRow } from './csv.ts';

/**
 * The primary-network exports' rows. TRANSACTION_EXPORT_PRIMARY_NETWORK (and …_STAKING, its P-Chain staking
 * transactions only) writes one row per UTXO (or C-Chain EVM input and output) an exported address owns:
 *   DEBIT               a UTXO of the chain consumed            CREDIT              a UTXO created on the chain
 *   DEBIT_ATOMIC        a UTXO imported from another chain      CREDIT_ATOMIC       a UTXO exported to another chain
 *   CREDIT_STAKING_SET  a UTXO created as stake (returned when the staking period ends)
 * …_SIMPLE writes one row per transaction and asset: what the exported addresses received and spent in it.
 * docs/export-worker.md describes every column.
 */
export const PRIMARY_NETWORK_LAYOUT: CsvLayout = {
  columns: [
    'blockchainId',
    'txHash',
    'txType',
    'timestamp',
    'blockHeight',
    'rowType',
    'utxoId',
    'addresses',
    'assetId',
    'assetSymbol',
    'denomination',
    'amount',
    'nodeId',
    'stakeStartTimestamp',
    'stakeEndTimestamp',
    'memo',
  ],
};

export const SIMPLE_LAYOUT: CsvLayout = {
  columns: [
    'blockchainId',
    'txHash',
    'txType',
    'timestamp',
    'blockHeight',
    'assetId',
    'assetSymbol',
    'denomination',
    'amountIn',
    'amountOut',
    'memo',
  ],
};

/** The P-Chain transaction types a …_STAKING export lists. */
export const STAKING_TX_TYPES = [
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'RewardValidatorTx',
] as const;

export type UtxoRowType = 'DEBIT' | 'DEBIT_ATOMIC' | 'CREDIT' | 'CREDIT_ATOMIC' | 'CREDIT_STAKING_SET';

/** One owned amount a transaction moved, whatever the chain's document calls it. */
interface Entry {
  rowType: UtxoRowType;
  utxoId: string;
  addresses: string[];
  asset: AssetAmount__Output;
}

interface TxFacts {
  txHash: string;
  txType: string;
  timestamp: number;
  blockHeight: string;
  memo: string;
  nodeId: string;
  stakeStart: string;
  stakeEnd: string;
  entries: Entry[];
}

const NO_ASSET: AssetAmount__Output = {
  assetId: '',
  name: '',
  symbol: '',
  denomination: 0,
  type: '',
  amount: '0',
  historicalPrice: null,
};

interface UtxoDoc {
  utxoId: string;
  addresses: string[];
  asset: AssetAmount__Output | null;
  consumedOnChainId: string;
  createdOnChainId: string;
  utxoType: string;
  /** The transaction that created it (`txHash` on the P-Chain, `creationTxHash` elsewhere) and its output index. */
  txHash?: string;
  creationTxHash?: string;
  outputIndex: number | string;
  /** P-Chain: set on stake outputs alone, and kept once the stake is returned (unlike `staked`). */
  utxoStartTimestamp?: number;
}

/**
 * A transaction's consumed UTXOs in the order its inputs list them (primary-network lists them by output index):
 * avalanchego requires inputs sorted by UTXO (creating transaction id, then output index), its own transfer inputs
 * first, then what its operations spend (mint and NFT outputs, which no transfer input can spend), then what it
 * imports.
 */
function inInputOrder<T extends UtxoDoc>(chain: string, utxos: T[]): T[] {
  const keyed = utxos.map((u) => ({
    u,
    group: u.createdOnChainId !== chain ? 2 : /^(transfer|stake)$/i.test(u.utxoType) ? 0 : 1,
    txId: decodeCb58(u.txHash ?? u.creationTxHash ?? ''),
    index: Number(u.outputIndex),
  }));
  keyed.sort((a, b) => a.group - b.group || Buffer.compare(a.txId, b.txId) || a.index - b.index);
  return keyed.map((k) => k.u);
}

function utxoEntry(side: 'consumed' | 'emitted', chain: string, utxo: UtxoDoc): Entry {
  const atomic = utxo.consumedOnChainId !== utxo.createdOnChainId;
  const rowType: UtxoRowType =
    side === 'consumed'
      ? atomic && utxo.createdOnChainId !== chain
        ? 'DEBIT_ATOMIC'
        : 'DEBIT'
      : utxo.utxoStartTimestamp !== undefined
        ? 'CREDIT_STAKING_SET'
        : atomic && utxo.consumedOnChainId !== chain
          ? 'CREDIT_ATOMIC'
          : 'CREDIT';
  return { rowType, utxoId: utxo.utxoId, addresses: utxo.addresses, asset: utxo.asset ?? NO_ASSET };
}

/** A transaction of any chain as the rows need it: its identity and its owned amounts, consumed first. */
function factsOf(chain: string, transaction: Transaction__Output): TxFacts {
  const tx = transaction.pChain ?? transaction.xChainLinear ?? transaction.xChainNonLinear;
  if (transaction.pChain) {
    const p = transaction.pChain;
    return {
      txHash: p.txHash,
      txType: p.txType,
      timestamp: p.blockTimestamp,
      blockHeight: p.blockNumber,
      memo: p.memo ?? '',
      nodeId: p.nodeId ?? '',
      stakeStart: p.startTimestamp === undefined ? '' : isoSeconds(p.startTimestamp),
      stakeEnd: p.endTimestamp === undefined ? '' : isoSeconds(p.endTimestamp),
      entries: [
        ...inInputOrder(chain, p.consumedUtxos).map((u) => utxoEntry('consumed', chain, u)),
        ...p.emittedUtxos.map((u) => utxoEntry('emitted', chain, u)),
      ],
    };
  }
  if (tx) {
    const x = tx as NonNullable<Transaction__Output['xChainLinear']>;
    return {
      txHash: x.txHash,
      txType: x.txType,
      timestamp: x.timestamp,
      blockHeight: 'blockHeight' in x ? String(x.blockHeight) : '',
      memo: x.memo,
      nodeId: '',
      stakeStart: '',
      stakeEnd: '',
      entries: [
        ...inInputOrder(chain, x.consumedUtxos).map((u) => utxoEntry('consumed', chain, u)),
        ...x.emittedUtxos.map((u) => utxoEntry('emitted', chain, u)),
      ],
    };
  }
  const c = transaction.cChainExport ?? transaction.cChainImport;
  if (!c) throw new Error('primary-network sent a transaction of no known kind');
  const common = {
    txHash: c.txHash,
    txType: c.txType,
    timestamp: c.timestamp,
    blockHeight: String(c.blockHeight),
    memo: c.memo,
    nodeId: '',
    stakeStart: '',
    stakeEnd: '',
  };
  if (transaction.cChainExport)
    return {
      ...common,
      entries: [
        ...transaction.cChainExport.evmInputs.map((input, i) => ({
          rowType: 'DEBIT' as const,
          utxoId: `${c.txHash}:evmInput:${i}`,
          addresses: [input.fromAddress],
          asset: input.asset ?? NO_ASSET,
        })),
        ...transaction.cChainExport.emittedUtxos.map((u) => utxoEntry('emitted', chain, u)),
      ],
    };
  return {
    ...common,
    entries: [
      ...inInputOrder(chain, transaction.cChainImport!.consumedUtxos).map((u) =>
        utxoEntry('consumed', chain, u),
      ),
      ...transaction.cChainImport!.evmOutputs.map((output, i) => ({
        rowType: 'CREDIT' as const,
        utxoId: `${c.txHash}:evmOutput:${i}`,
        addresses: [output.toAddress],
        asset: output.asset ?? NO_ASSET,
      })),
    ],
  };
}

/**
 * Which addresses a row belongs to: bech32 ones (without chain prefix) and 0x ones (lower-case). Empty: every
 * address's rows.
 */
export interface AddressSet {
  has(address: string): boolean;
  size: number;
}

function owned(entry: Entry, exported: AddressSet): boolean {
  if (exported.size === 0) return true;
  return entry.addresses.some((a) =>
    exported.has(/^0x/i.test(a) ? a.toLowerCase() : a.replace(/^[PXC]-/, '')),
  );
}

export function primaryNetworkRowsOf(
  chain: string,
  transaction: Transaction__Output,
  exported: AddressSet,
): CsvRow[] {
  const tx = factsOf(chain, transaction);
  return tx.entries
    .filter((entry) => owned(entry, exported))
    .map((entry) => [
      chain,
      tx.txHash,
      tx.txType,
      isoSeconds(tx.timestamp),
      tx.blockHeight,
      entry.rowType,
      entry.utxoId,
      entry.addresses.join(' '),
      entry.asset.assetId,
      entry.asset.symbol,
      String(entry.asset.denomination),
      entry.asset.amount,
      tx.nodeId,
      tx.stakeStart,
      tx.stakeEnd,
      tx.memo,
    ]);
}

/** …_SIMPLE: per asset (in order of first appearance), what the exported addresses received and spent. */
export function simpleRowsOf(
  chain: string,
  transaction: Transaction__Output,
  exported: AddressSet,
): CsvRow[] {
  const tx = factsOf(chain, transaction);
  const byAsset = new Map<string, { asset: AssetAmount__Output; in: bigint; out: bigint }>();
  for (const entry of tx.entries) {
    if (!owned(entry, exported)) continue;
    const totals = byAsset.get(entry.asset.assetId) ?? { asset: entry.asset, in: 0n, out: 0n };
    if (entry.rowType.startsWith('DEBIT')) totals.out += BigInt(entry.asset.amount);
    else totals.in += BigInt(entry.asset.amount);
    byAsset.set(entry.asset.assetId, totals);
  }
  return [...byAsset.values()].map((t) => [
    chain,
    tx.txHash,
    tx.txType,
    isoSeconds(tx.timestamp),
    tx.blockHeight,
    t.asset.assetId,
    t.asset.symbol,
    String(t.asset.denomination),
    t.in.toString(),
    t.out.toString(),
    tx.memo,
  ]);
}
