import { toFunctionSelector } from 'viem';
import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import type { CuratedContract } from '../chains.ts';
import {
  nftKey,
  type BlockRecord,
  type ContractRecord,
  type IcmRecord,
  type InternalRecord,
  type NftRecord,
  type TransactionRecord,
  type TransferRecord,
} from '../store/reader.ts';

/** From evm-data's rows to the Data API's documents (the gRPC messages mirror them field for field). */

/** Function signatures whose selectors name a method: the token standards' and a few ubiquitous others. */
const KNOWN_METHODS = new Map(
  [
    'transfer(address,uint256)',
    'transferFrom(address,address,uint256)',
    'approve(address,uint256)',
    'safeTransferFrom(address,address,uint256)',
    'safeTransferFrom(address,address,uint256,bytes)',
    'safeTransferFrom(address,address,uint256,uint256,bytes)',
    'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
    'setApprovalForAll(address,bool)',
    'mint(address)',
    'mint(address,uint256)',
    'mintBatch(address,uint256[],uint256[])',
    'burn(uint256)',
    'deposit()',
    'withdraw(uint256)',
    'multicall(bytes[])',
    'sendCrossChainMessage((bytes32,address,(address,uint256),uint256,address[],bytes))',
    'receiveCrossChainMessage(uint32,address)',
    'redeemRelayerRewards(address)',
  ].map((signature) => [toFunctionSelector(signature), signature]),
);

/** How the Data API labels a transaction's method. */
export function methodOf(tx: Pick<TransactionRecord, 'to_address' | 'input'>) {
  if (tx.to_address === null)
    return { callType: 'CONTRACT_CREATION', methodHash: '', methodName: 'Contract Created' };
  if (tx.input.length === 0)
    return { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' };
  const methodHash = hex(tx.input.subarray(0, 4));
  const methodName = KNOWN_METHODS.get(methodHash as `0x${string}`);
  return { callType: 'CONTRACT_CALL', methodHash, ...(methodName ? { methodName } : {}) };
}

/** What the service knows to label an address with: its contract's (and the operator's curated) name. */
export interface AddressBook {
  contract(address: Buffer): ContractRecord | undefined;
  curated(address: Buffer): CuratedContract | undefined;
}

/** Whether the operator's metadata file tags a contract "spam": what `filterSpamTokens` leaves out. */
export function taggedSpam(curated: CuratedContract | undefined): boolean {
  return curated?.tags?.some((tag) => tag.toLowerCase() === 'spam') ?? false;
}

export function richAddress(address: Buffer, book: AddressBook) {
  const contract = book.contract(address);
  const curated = book.curated(address);
  const name = curated?.name ?? contract?.name ?? undefined;
  const symbol = curated?.symbol ?? contract?.symbol ?? undefined;
  const logoUri = curated?.logoAsset?.imageUri;
  return {
    address: hex(address),
    ...(name ? { name } : {}),
    ...(symbol ? { symbol } : {}),
    ...(contract?.decimals !== null && contract?.decimals !== undefined
      ? { decimals: contract.decimals }
      : {}),
    ...(logoUri ? { logoUri } : {}),
  };
}

export function nativeTransaction(tx: TransactionRecord, chainId: string, book: AddressBook) {
  return {
    blockNumber: tx.block_number,
    blockTimestamp: Number(tx.block_timestamp),
    ...(tx.timestamp_ms !== null ? { blockTimestampMilliseconds: Number(tx.timestamp_ms) } : {}),
    ...(tx.min_delay_excess !== null ? { blockMinDelayExcess: Number(tx.min_delay_excess) } : {}),
    blockHash: hex(tx.block_hash),
    chainId,
    blockIndex: tx.tx_index,
    txHash: hex(tx.hash),
    txStatus: String(tx.status),
    txType: tx.tx_type,
    gasLimit: tx.gas_limit,
    gasUsed: tx.gas_used,
    gasPrice: tx.gas_price,
    nonce: tx.nonce,
    from: richAddress(tx.from_address, book),
    // A creation has no `to`; the API names the contract it created.
    to: richAddress(tx.to_address ?? tx.created_contract ?? Buffer.alloc(20), book),
    method: methodOf(tx),
    value: tx.value,
  };
}

export function evmBlock(b: BlockRecord, chainId: string) {
  return {
    chainId,
    blockNumber: b.number,
    blockTimestamp: Number(b.block_timestamp),
    ...(b.timestamp_ms !== null ? { blockTimestampMilliseconds: Number(b.timestamp_ms) } : {}),
    ...(b.min_delay_excess !== null ? { blockMinDelayExcess: Number(b.min_delay_excess) } : {}),
    blockHash: hex(b.hash),
    txCount: b.tx_count,
    // Blocks before London (and chains without a base fee) have none.
    baseFee: b.base_fee ?? '0',
    gasUsed: b.gas_used,
    gasLimit: b.gas_limit,
    // Unknown for blocks indexed before the block gas cost was kept; chains before Apricot Phase 4 had none.
    gasCost: b.block_gas_cost ?? '0',
    parentHash: hex(b.parent_hash),
    feesSpent: b.fees_spent,
    cumulativeTransactions: b.cumulative_tx_count,
  };
}

export function fullNativeTransaction(tx: TransactionRecord, chainId: string, book: AddressBook) {
  return {
    ...nativeTransaction(tx, chainId, book),
    input: hex(tx.input),
    baseFeePerGas: tx.base_fee ?? '0',
    ...(tx.max_fee_per_gas !== null ? { maxFeePerGas: tx.max_fee_per_gas } : {}),
    ...(tx.max_priority_fee_per_gas !== null ? { maxPriorityFeePerGas: tx.max_priority_fee_per_gas } : {}),
  };
}

/** NFT metadata as stored by the metadata jobs, shaped for the token's standard. */
export function tokenMetadata(nft: NftRecord | undefined, ercType: number) {
  const stored = nft?.metadata ?? {};
  const pick = (key: string) => (typeof stored[key] === 'string' ? { [key]: stored[key] } : {});
  return {
    indexStatus: nft?.index_status ?? 'UNINDEXED',
    ...(nft?.metadata_updated_at
      ? { metadataLastUpdatedTimestamp: Math.floor(nft.metadata_updated_at.getTime() / 1000) }
      : {}),
    ...pick('name'),
    ...pick('symbol'),
    ...pick('imageUri'),
    ...pick('description'),
    ...pick('animationUri'),
    ...pick('externalUrl'),
    ...pick('background'),
    ...(ercType === 721 ? pick('attributes') : {}),
    ...(ercType === 1155 && typeof stored.decimals === 'number' ? { decimals: stored.decimals } : {}),
    ...(ercType === 1155 ? pick('properties') : {}),
  };
}

export function erc721Token(
  contract: Buffer,
  tokenId: string,
  nft: NftRecord | undefined,
  book: AddressBook,
) {
  const info = book.contract(contract);
  const curated = book.curated(contract);
  return {
    address: hex(contract),
    name: curated?.name ?? info?.name ?? '',
    symbol: curated?.symbol ?? info?.symbol ?? '',
    ercType: 'ERC-721',
    tokenId,
    tokenUri: nft?.token_uri ?? '',
    metadata: tokenMetadata(nft, 721),
    ...(nft?.owner ? { ownerAddress: hex(nft.owner) } : {}),
  };
}

export function erc1155Token(contract: Buffer, tokenId: string, nft: NftRecord | undefined) {
  return {
    address: hex(contract),
    ercType: 'ERC-1155',
    tokenId,
    tokenUri: nft?.token_uri ?? '',
    metadata: tokenMetadata(nft, 1155),
  };
}

export function erc20Token(contract: Buffer, book: AddressBook) {
  const info = book.contract(contract);
  const curated = book.curated(contract);
  const logoUri = curated?.logoAsset?.imageUri;
  return {
    address: hex(contract),
    name: curated?.name ?? info?.name ?? '',
    symbol: curated?.symbol ?? info?.symbol ?? '',
    decimals: info?.decimals ?? 0,
    ...(logoUri ? { logoUri } : {}),
    ercType: 'ERC-20',
  };
}

/** One transfer as the API details it (Erc20TransferDetails, …), under its standard's key. */
export function transferDetails(t: TransferRecord, nfts: Map<string, NftRecord>, book: AddressBook) {
  const ends = {
    from: richAddress(t.from_address, book),
    to: richAddress(t.to_address, book),
    logIndex: t.log_index,
  };
  const nft = t.token_id === null ? undefined : nfts.get(nftKey(t.contract, t.token_id));
  if (t.erc_type === 20)
    return { erc20: { ...ends, value: t.value, erc20Token: erc20Token(t.contract, book) } };
  if (t.erc_type === 721)
    return { erc721: { ...ends, erc721Token: erc721Token(t.contract, t.token_id!, nft, book) } };
  return { erc1155: { ...ends, value: t.value, erc1155Token: erc1155Token(t.contract, t.token_id!, nft) } };
}

/** A transaction's transfers, split by standard as the API lists them. */
export function transferLists(transfers: TransferRecord[], nfts: Map<string, NftRecord>, book: AddressBook) {
  const details = transfers.map((t) => transferDetails(t, nfts, book));
  return {
    erc20Transfers: details.flatMap((d) => (d.erc20 ? [d.erc20] : [])),
    erc721Transfers: details.flatMap((d) => (d.erc721 ? [d.erc721] : [])),
    erc1155Transfers: details.flatMap((d) => (d.erc1155 ? [d.erc1155] : [])),
  };
}

export function internalTransaction(i: InternalRecord, book: AddressBook) {
  return {
    from: richAddress(i.from_address, book),
    to: richAddress(i.to_address, book),
    internalTxType: INTERNAL_TYPES.has(i.call_type) ? i.call_type : 'UNKNOWN',
    value: i.value,
    isReverted: i.reverted,
    gasUsed: i.gas_used,
    gasLimit: i.gas_limit,
  };
}
const INTERNAL_TYPES = new Set([
  'CALL',
  'CREATE',
  'CREATE2',
  'CREATE3',
  'CALLCODE',
  'DELEGATECALL',
  'STATICCALL',
]);

export function contractMetadata(
  address: Buffer,
  record: ContractRecord | undefined,
  curated: CuratedContract | undefined,
) {
  const ercType = record?.erc_type ?? 'UNKNOWN';
  const name = curated?.name ?? record?.name ?? undefined;
  const symbol = curated?.symbol ?? record?.symbol ?? undefined;
  return {
    ...(name ? { name } : {}),
    ...(curated?.description ? { description: curated.description } : {}),
    ...(curated?.officialSite ? { officialSite: curated.officialSite } : {}),
    ...(curated?.email ? { email: curated.email } : {}),
    ...(curated?.logoAsset ? { logoAsset: curated.logoAsset } : {}),
    ...(curated?.bannerAsset ? { bannerAsset: curated.bannerAsset } : {}),
    ...(curated?.color ? { color: curated.color } : {}),
    resourceLinks: curated?.resourceLinks ?? [],
    tags: curated?.tags ?? [],
    address: hex(address),
    ...(record?.deploy_tx_hash && record.deployer_address
      ? {
          deploymentDetails: {
            txHash: hex(record.deploy_tx_hash),
            deployerAddress: hex(record.deployer_address),
            ...(record.deployer_contract ? { deployerContractAddress: hex(record.deployer_contract) } : {}),
          },
        }
      : {}),
    ercType,
    ...(symbol && ercType !== 'UNKNOWN' ? { symbol } : {}),
    ...(ercType === 'ERC-20' ? { decimals: record?.decimals ?? 0 } : {}),
    ...(curated?.pricingProviders && (ercType === 'ERC-20' || ercType === 'ERC-1155')
      ? { pricingProviders: curated.pricingProviders }
      : {}),
  };
}

export interface ChainNames {
  /** The EVM chain id of an indexed chain, by blockchain id. */
  evmChainIdOf(blockchainId: Buffer): string | undefined;
  blockchainIdOf(chain: number): Buffer | undefined;
}

/** An ICM message from whichever of its send and receive are indexed. */
export function icmMessage(m: IcmRecord, chains: ChainNames, book: (chain: number) => AddressBook) {
  const { send, receive } = m;
  const any = (send ?? receive)!;
  const sourceBlockchainId = send ? chains.blockchainIdOf(send.chain)! : receive!.source_blockchain_id;
  const destinationBlockchainId = receive
    ? chains.blockchainIdOf(receive.chain)!
    : send!.destination_blockchain_id;
  const feeToken = send?.fee_token ?? Buffer.alloc(20);
  const reward = send
    ? erc20Token(feeToken, book(send.chain))
    : { address: hex(feeToken), name: '', symbol: '', decimals: 0, ercType: 'ERC-20' };
  return {
    messageId: hex(m.message_id),
    icmContractAddress: hex(any.icm_contract),
    sourceBlockchainId: encodeCb58(sourceBlockchainId),
    destinationBlockchainId: encodeCb58(destinationBlockchainId),
    sourceEvmChainId: chains.evmChainIdOf(sourceBlockchainId) ?? '',
    destinationEvmChainId: chains.evmChainIdOf(destinationBlockchainId) ?? '',
    messageNonce: any.message_nonce,
    from: hex(any.from_address),
    to: hex(any.to_address),
    ...(any.payload.length > 0 ? { data: hex(any.payload) } : {}),
    messageExecuted: receive?.executed ?? false,
    receipts: any.receipts,
    receiptDelivered: m.receipt_delivered,
    rewardDetails: { ...reward, value: send?.fee_amount ?? '0' },
    ...(send
      ? {
          sourceTransaction: {
            txHash: hex(send.tx_hash),
            timestamp: Number(send.block_timestamp),
            gasSpent: send.gas_spent,
          },
        }
      : {}),
    ...(receive
      ? {
          destinationTransaction: {
            txHash: hex(receive.tx_hash),
            timestamp: Number(receive.block_timestamp),
            gasSpent: receive.gas_spent,
            rewardRedeemer: hex(receive.reward_redeemer),
            delivererAddress: hex(receive.deliverer),
          },
        }
      : {}),
    status: send && receive ? 'delivered' : send ? 'pending' : 'delivered_source_not_indexed',
  };
}
