// Original file: proto/chaindata/evmdata/v1/evm_data.proto

export const SortOrder = {
  SORT_ORDER_DESC: 'SORT_ORDER_DESC',
  SORT_ORDER_ASC: 'SORT_ORDER_ASC',
} as const;

export type SortOrder =
  | 'SORT_ORDER_DESC'
  | 0
  | 'SORT_ORDER_ASC'
  | 1

export type SortOrder__Output = typeof SortOrder[keyof typeof SortOrder]
