import type { TransactionDetails__Output } from '../../generated/proto/chaindata/evmdata/v1/TransactionDetails.ts';
import { isoSeconds, type CsvLayout, type CsvRow } from './csv.ts';

/**
 * TRANSACTION_EXPORT_EVM's rows: one per movement of value the exported address is a party to, in the order of
 * the chain — the transaction itself (its value, and its fee when the address sent it), then the internal
 * transactions that moved native value and were not reverted, then the ERC-20, ERC-721 and ERC-1155 transfers by
 * log index. docs/export-worker.md describes every column.
 */
export const EVM_LAYOUT: CsvLayout = {
  columns: [
    'chainId',
    'address',
    'blockNumber',
    'blockTimestamp',
    'txHash',
    'txStatus',
    'rowType',
    'logIndex',
    'direction',
    'from',
    'to',
    'tokenAddress',
    'tokenName',
    'tokenSymbol',
    'tokenDecimals',
    'tokenId',
    'value',
    'fee',
  ],
};

export type EvmRowType =
  'NATIVE_TRANSACTION' | 'INTERNAL_TRANSACTION' | 'ERC20_TRANSFER' | 'ERC721_TRANSFER' | 'ERC1155_TRANSFER';

type Direction = 'IN' | 'OUT' | 'SELF';

/** The address's side of a movement, or undefined when it is neither end. */
function directionOf(address: string, from: string, to: string): Direction | undefined {
  const sent = from.toLowerCase() === address;
  const received = to.toLowerCase() === address;
  if (sent && received) return 'SELF';
  if (sent) return 'OUT';
  if (received) return 'IN';
  return undefined;
}

interface Movement {
  rowType: EvmRowType;
  logIndex?: number;
  from: string;
  to: string;
  token?: { address: string; name?: string; symbol?: string; decimals?: number; tokenId?: string };
  value: string;
  fee?: string;
}

/** The rows of one transaction of `address` (0x, lower-case) as evm-data lists it for that address. */
export function evmRowsOf(chainId: string, address: string, details: TransactionDetails__Output): CsvRow[] {
  const tx = details.nativeTransaction;
  if (!tx) throw new Error('evm-data sent a transaction without its nativeTransaction');
  const movements: Movement[] = [];
  const from = tx.from?.address ?? '';
  const to = tx.to?.address ?? '';
  movements.push({
    rowType: 'NATIVE_TRANSACTION',
    from,
    to,
    value: tx.value,
    ...(from.toLowerCase() === address ? { fee: (BigInt(tx.gasUsed) * BigInt(tx.gasPrice)).toString() } : {}),
  });
  for (const internal of details.internalTransactions) {
    if (internal.isReverted || BigInt(internal.value) === 0n) continue;
    movements.push({
      rowType: 'INTERNAL_TRANSACTION',
      from: internal.from?.address ?? '',
      to: internal.to?.address ?? '',
      value: internal.value,
    });
  }
  const transfers: Movement[] = [
    ...details.erc20Transfers.map((t) => ({
      rowType: 'ERC20_TRANSFER' as const,
      logIndex: t.logIndex,
      from: t.from?.address ?? '',
      to: t.to?.address ?? '',
      token: {
        address: t.erc20Token?.address ?? '',
        name: t.erc20Token?.name,
        symbol: t.erc20Token?.symbol,
        decimals: t.erc20Token?.decimals,
      },
      value: t.value,
    })),
    ...details.erc721Transfers.map((t) => ({
      rowType: 'ERC721_TRANSFER' as const,
      logIndex: t.logIndex,
      from: t.from?.address ?? '',
      to: t.to?.address ?? '',
      token: {
        address: t.erc721Token?.address ?? '',
        name: t.erc721Token?.name,
        symbol: t.erc721Token?.symbol,
        tokenId: t.erc721Token?.tokenId,
      },
      value: '1',
    })),
    ...details.erc1155Transfers.map((t) => ({
      rowType: 'ERC1155_TRANSFER' as const,
      logIndex: t.logIndex,
      from: t.from?.address ?? '',
      to: t.to?.address ?? '',
      token: { address: t.erc1155Token?.address ?? '', tokenId: t.erc1155Token?.tokenId },
      value: t.value,
    })),
  ].sort((a, b) => a.logIndex - b.logIndex);
  movements.push(...transfers);

  const rows: CsvRow[] = [];
  for (const m of movements) {
    const direction = directionOf(address, m.from, m.to);
    if (direction === undefined) continue;
    rows.push([
      chainId,
      address,
      tx.blockNumber,
      isoSeconds(tx.blockTimestamp),
      tx.txHash,
      tx.txStatus === '1' ? 'SUCCESS' : 'FAILED',
      m.rowType,
      m.logIndex === undefined ? '' : String(m.logIndex),
      direction,
      m.from,
      m.to,
      m.token?.address ?? '',
      m.token?.name ?? '',
      m.token?.symbol ?? '',
      m.token?.decimals === undefined ? '' : String(m.token.decimals),
      m.token?.tokenId ?? '',
      m.value,
      m.fee ?? '',
    ]);
  }
  return rows;
}
