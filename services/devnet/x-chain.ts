import { avm, TransferableOutput, type Context } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { decodeCb58 } from '../runtime/formatting/cb58.ts';
import { CODEC_VERSION, concat, proposerBlock, u16, u32, u64 } from './codec.ts';
import { builderContext, type NetworkIdentity } from './identity.ts';
import { derive, type SeededRandom } from './seeded.ts';
import type { SharedMemory } from './shared-memory.ts';
import { Wallet, type Account } from './wallet.ts';

/**
 * The X-Chain's history: avm BaseTx transfers (avalanchejs codecs, secp256k1 signatures) accepted first in
 * vertices, as before the Cortina upgrade linearized the chain, then in blocks (avalanchego vms/avm/block, and
 * snow/engine/avalanche/vertex for the vertex layout). Each transaction is also an entry of the X/tx index.
 */
export interface XContainer {
  id: Uint8Array;
  bytes: Uint8Array;
}

export interface XAcceptance {
  /** The vertex (before Cortina) or the proposervm block (after) that accepted the transactions. */
  container: XContainer;
  txs: XContainer[];
}

/** The avm StandardBlock's type id, registered after the txs and the secp256k1, nft and property fxs. */
const AVM_STANDARD_BLOCK = 20;

export class XChainBuilder {
  private readonly context: Context.Context;
  private readonly wallet: Wallet;
  private readonly chainId: Uint8Array;
  private lastVertexId: Uint8Array | undefined;
  private vertexHeight = 0n;
  private blockParentId: Uint8Array | undefined;
  private outerParentId: Uint8Array | undefined;
  private blockHeight = 0n;
  private transfers = 0;

  constructor(identity: NetworkIdentity, seed: string, accounts: Account[]) {
    this.context = builderContext(identity);
    this.chainId = decodeCb58(identity.xChainId);
    this.wallet = new Wallet(derive(seed, 'x-chain/genesis'), identity.avaxAssetId, accounts);
  }

  /**
   * A vertex (codec 0, no type id): chain id, height, epoch, its parents and its transactions (each with its codec
   * version, sorted by id); its id is the sha256 of its bytes.
   */
  nextVertex(timeSeconds: bigint, random: SeededRandom, atomic: Uint8Array[] = []): XAcceptance {
    const txs = [...atomic.map(asContainer), ...this.issueTransfers(timeSeconds, random)].sort((a, b) =>
      Buffer.compare(a.id, b.id),
    );
    const parents = this.lastVertexId ? [this.lastVertexId] : [];
    const bytes = concat(
      u16(CODEC_VERSION),
      this.chainId,
      u64(this.vertexHeight),
      u32(0),
      u32(parents.length),
      ...parents,
      u32(txs.length),
      ...txs.flatMap((tx) => [u32(tx.bytes.length), tx.bytes]),
    );
    this.vertexHeight += 1n;
    this.lastVertexId = sha256(bytes);
    return { container: { id: this.lastVertexId, bytes }, txs };
  }

  /**
   * An avm StandardBlock (parent, height, time, an all-zero merkle root, transactions without their codec version)
   * in a proposervm block. The first block's parent is the last vertex, where linearization left the chain.
   */
  nextBlock(timeSeconds: bigint, random: SeededRandom, atomic: Uint8Array[] = []): XAcceptance {
    const txs = [...atomic.map(asContainer), ...this.issueTransfers(timeSeconds, random)];
    const parentId = this.blockParentId ?? this.lastVertexId ?? new Uint8Array(32);
    this.blockHeight += 1n;
    const inner = concat(
      u16(CODEC_VERSION),
      u32(AVM_STANDARD_BLOCK),
      parentId,
      u64(this.blockHeight),
      u64(timeSeconds),
      new Uint8Array(32),
      u32(txs.length),
      ...txs.map((tx) => tx.bytes.subarray(2)),
    );
    this.blockParentId = sha256(inner);
    const outer = proposerBlock(this.outerParentId ?? parentId, timeSeconds, this.blockHeight - 1n, inner);
    this.outerParentId = outer.id;
    return { container: outer, txs };
  }

  /** An ExportTx of `amount` from `account` to `destinationChainId`; its outputs wait in shared memory. */
  exportTo(
    destinationChainId: string,
    account: Account,
    amount: bigint,
    timeSeconds: bigint,
    memory: SharedMemory,
  ) {
    const unsignedTx = avm.newExportTx(
      this.context,
      destinationChainId,
      [account.address],
      this.wallet.spendable(account),
      [TransferableOutput.fromNative(this.context.avaxAssetID, amount, [account.address])],
      { changeAddresses: [account.address], minIssuanceTime: timeSeconds },
    );
    return memory.settleExport(this.wallet, unsignedTx, account, destinationChainId);
  }

  /** ImportTxs of everything waiting in shared memory from `sourceChainId`, one per owner. */
  importFrom(
    sourceChainId: string,
    accounts: Account[],
    timeSeconds: bigint,
    memory: SharedMemory,
  ): Uint8Array[] {
    return memory.settleImports(this.context.xBlockchainID, accounts, this.wallet, (account, utxos) =>
      avm.newImportTx(this.context, sourceChainId, utxos, [account.address], [account.address], {
        minIssuanceTime: timeSeconds,
      }),
    );
  }

  /** One transfer per container, sometimes two. */
  private issueTransfers(timeSeconds: bigint, random: SeededRandom): XContainer[] {
    return Array.from({ length: random.below(4) === 0 ? 2 : 1 }, () => {
      const { sender, recipient, amount } = this.wallet.chooseTransfer(random);
      const unsignedTx = avm.newBaseTx(
        this.context,
        [sender.address],
        this.wallet.spendable(sender),
        [TransferableOutput.fromNative(this.context.avaxAssetID, amount, [recipient.address])],
        {
          changeAddresses: [sender.address],
          memo: new TextEncoder().encode(`devnet X transfer #${++this.transfers}`),
          minIssuanceTime: timeSeconds,
        },
      );
      const bytes = this.wallet.settle(unsignedTx, sender);
      return { id: sha256(bytes), bytes };
    });
  }
}

function asContainer(bytes: Uint8Array): XContainer {
  return { id: sha256(bytes), bytes };
}
