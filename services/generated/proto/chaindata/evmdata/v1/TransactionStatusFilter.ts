// Original file: proto/chaindata/evmdata/v1/evm_data.proto

export const TransactionStatusFilter = {
  TRANSACTION_STATUS_ANY: 'TRANSACTION_STATUS_ANY',
  TRANSACTION_STATUS_FAILED: 'TRANSACTION_STATUS_FAILED',
  TRANSACTION_STATUS_SUCCESS: 'TRANSACTION_STATUS_SUCCESS',
} as const;

export type TransactionStatusFilter =
  | 'TRANSACTION_STATUS_ANY'
  | 0
  | 'TRANSACTION_STATUS_FAILED'
  | 1
  | 'TRANSACTION_STATUS_SUCCESS'
  | 2

export type TransactionStatusFilter__Output = typeof TransactionStatusFilter[keyof typeof TransactionStatusFilter]
