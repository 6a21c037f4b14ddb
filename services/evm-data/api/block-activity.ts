import type { BlockActivity } from '../../generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import type { EvmChain } from '../chains.ts';
import type { ActivityBlock } from '../store/block-activity.ts';
import type { EvmDataReader } from '../store/reader.ts';

type Handlers = AsyncImplementation<EvmDataServiceHandlers>;

/** A block and its activity as StreamBlockActivity sends it. */
export function blockActivityMessage(chain: EvmChain, activity: ActivityBlock): BlockActivity {
  const { block } = activity;
  return {
    evm_chain_id: chain.evmChainId.toString(),
    block_number: block.number,
    block_hash: block.hash,
    parent_hash: block.parent_hash,
    block_timestamp: block.block_timestamp,
    transactions: activity.transactions.map((tx) => ({
      from: tx.from_address,
      ...(tx.to_address ? { to: tx.to_address } : {}),
      gas_used: tx.gas_used,
      gas_price: tx.gas_price,
      success: tx.status === 1,
    })),
    transfers: activity.transfers.map((t) => ({ from: t.from_address, to: t.to_address })),
    contract_creations: activity.creations.map((c) => ({ address: c.address, deployer: c.deployer })),
    icm_messages_sent: activity.icmSends.map((m) => ({
      message_id: m.message_id,
      source_blockchain_id: chain.blockchainId,
      destination_blockchain_id: m.destination_blockchain_id,
    })),
  };
}

/**
 * StreamBlockActivity: one chain's ingested blocks after `after_block` (from 0 when unset) up to the chain's cursor
 * as it was when the call began, read a batch of blocks at a time, each written as the caller takes it (back-
 * pressure), until the caller leaves or its deadline passes. Then the stream ends; the caller asks again from the
 * last block it received.
 */
export function blockActivityHandlers(deps: {
  reader: EvmDataReader;
  chainOf: (chainId: string) => EvmChain;
}): Pick<Handlers, 'StreamBlockActivity'> {
  const { reader, chainOf } = deps;
  return {
    async StreamBlockActivity(request, write, signal) {
      const chain = chainOf(request.chain_id);
      const after = field.optionalInteger('afterBlock', request.after_block, field.MAX_UINT64);
      let next = after === undefined ? 0n : after + 1n;
      const end = await reader.blockActivity.nextBlock(chain.id);
      while (next < end && !signal.aborted) {
        const batch = await reader.blockActivity.batch(chain.id, next, end);
        for (const activity of batch) {
          // Every block below the cursor is stored: a hole is a broken store, not the end of the chain.
          if (BigInt(activity.block.number) !== next)
            throw new Error(
              `evm_data.blocks of chain ${chain.evmChainId} has no block ${next}, below its cursor ${end}`,
            );
          await write(blockActivityMessage(chain, activity));
          next += 1n;
        }
        if (batch.length === 0)
          throw new Error(
            `evm_data.blocks of chain ${chain.evmChainId} has no block ${next}, below its cursor ${end}`,
          );
      }
    },
  };
}
