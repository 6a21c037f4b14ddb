// Original file: proto/chaindata/evmdata/v1/evm_data.proto

export const TransferStandard = {
  TRANSFER_STANDARD_UNSPECIFIED: 'TRANSFER_STANDARD_UNSPECIFIED',
  TRANSFER_STANDARD_ERC20: 'TRANSFER_STANDARD_ERC20',
  TRANSFER_STANDARD_ERC721: 'TRANSFER_STANDARD_ERC721',
  TRANSFER_STANDARD_ERC1155: 'TRANSFER_STANDARD_ERC1155',
} as const;

export type TransferStandard =
  | 'TRANSFER_STANDARD_UNSPECIFIED'
  | 0
  | 'TRANSFER_STANDARD_ERC20'
  | 1
  | 'TRANSFER_STANDARD_ERC721'
  | 2
  | 'TRANSFER_STANDARD_ERC1155'
  | 3

export type TransferStandard__Output = typeof TransferStandard[keyof typeof TransferStandard]
