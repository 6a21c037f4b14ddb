import {
  avaxSerial,
  avm,
  avmSerial,
  BigIntPr,
  Byte,
  Id,
  Int,
  OutputOwners,
  Stringpr,
  TransferableInput,
  TransferableOutput,
  TransferOutput,
  utils,
  type Context,
  type Utxo,
} from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { decodeCb58, encodeCb58 } from '../runtime/formatting/cb58.ts';
import { CODEC_VERSION, concat, u16, u32, u64 } from '../runtime/avalanche/linear-codec.ts';
import { ProposerChain } from './codec.ts';
import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { builderContext } from './identity.ts';
import { type SeededRandom } from './seeded.ts';
import type { SharedMemory } from './shared-memory.ts';
import { signBytes, Wallet, type Account } from './wallet.ts';
import { xChainGenesisOutputs } from './genesis.ts';
import { credentials, nftFamilyTx, nftMintTx } from './avm-nft.ts';

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

const GOLD_SUPPLY = 21_000_000n * 100_000_000n;
const GOLD_DENOMINATION = 8;
const NFT_GROUPS = 10;

/** The avm StandardBlock's type id, registered after the txs and the secp256k1, nft and property fxs. */
const AVM_STANDARD_BLOCK = 20;

export class XChainBuilder {
  private readonly context: Context.Context;
  readonly wallet: Wallet;
  private readonly chainId: Uint8Array;
  private lastVertexId: Uint8Array | undefined;
  private vertexHeight = 0n;
  private blockParentId: Uint8Array | undefined;
  /** Created at the first block, rooted at the last vertex. */
  private proposer: ProposerChain | undefined;
  private lastVertexTime = 0n;
  private readonly graniteSeconds: bigint;
  private blockHeight = 0n;
  private transfers = 0;
  private goldAssetId: string | undefined;
  private nftFamily: { assetId: Uint8Array; minter: Account; nextGroup: number } | undefined;
  private readonly mintedAt = new Set<number>();

  constructor(identity: NetworkIdentity, seed: string, accounts: Account[]) {
    this.context = builderContext(identity);
    this.chainId = decodeCb58(identity.xChainId);
    this.graniteSeconds = BigInt(identity.upgrades.granite);
    this.wallet = new Wallet(xChainGenesisOutputs(identity, accounts), identity.avaxAssetId, accounts);
  }

  /**
   * A vertex (codec 0, no type id): chain id, height, epoch, its parents and its transactions (each with its codec
   * version, sorted by id); its id is the sha256 of its bytes. Returns the transactions in acceptance order.
   */
  nextVertex(timeSeconds: bigint, random: SeededRandom, atomic: Uint8Array[] = []): XAcceptance {
    // In issue order, which is an order of acceptance (a transaction after those it spends from): the order a
    // node's X/tx index lists them in. The vertex itself holds them sorted by id, as avalanchego builds it.
    const issued = [...atomic.map(asContainer), ...this.issueTransfers(timeSeconds, random)];
    const txs = [...issued].sort((a, b) => Buffer.compare(a.id, b.id));
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
    this.lastVertexTime = timeSeconds;
    return { container: { id: this.lastVertexId, bytes }, txs: issued };
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
    this.proposer ??= new ProposerChain(
      { id: parentId, timeSeconds: this.lastVertexTime },
      this.graniteSeconds,
    );
    const outer = this.proposer.wrap(timeSeconds, this.blockHeight - 1n, inner);
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

  /**
   * A fungible asset of the devnet's (CreateAssetTx: name, symbol, denomination, its whole supply to `account` in
   * the secp256k1 fx's initial state), paying the network's asset creation fee from one AVAX output.
   */
  private createAsset(account: Account): XContainer {
    const baseTx = this.feeOnlyBaseTx(account, this.context.createAssetTxFee, 'devnet asset');
    const supply = new TransferOutput(new BigIntPr(GOLD_SUPPLY), OutputOwners.fromNative([account.address]));
    const tx = new avmSerial.CreateAssetTx(
      baseTx,
      new Stringpr('Devnet Gold'),
      new Stringpr('GOLD'),
      new Byte(Uint8Array.of(GOLD_DENOMINATION)),
      [new avmSerial.InitialState(new Int(0), [supply])],
    );
    // avalanchejs cannot wrap a CreateAssetTx in its UnsignedTx: the bytes are packed with the AVM codec here.
    const codec = utils.getManagerForVM('AVM').getDefaultCodec();
    const unsigned = concat(u16(CODEC_VERSION), codec.PackPrefix(tx));
    const { id: assetId, bytes } = this.settlePacked(unsigned, baseTx, account, 0);
    // The initial state's outputs come after the transaction's own: here, index 1.
    this.wallet.credit(assetId, 1, new Id(assetId), supply);
    this.goldAssetId = encodeCb58(assetId);
    return { id: assetId, bytes };
  }

  /**
   * A BaseTx that only pays `fee`: one AVAX output of the account in, the rest back to it. Its single output comes
   * first among the transaction's outputs.
   */
  private feeOnlyBaseTx(account: Account, fee: bigint, memo: string): avaxSerial.BaseTx {
    const funding = this.wallet.spendable(account).find((u) => (u.output as TransferOutput).amount() >= fee)!;
    return avaxSerial.BaseTx.fromNative(
      this.context.networkID,
      this.context.xBlockchainID,
      [
        TransferableOutput.fromNative(
          this.context.avaxAssetID,
          (funding.output as TransferOutput).amount() - fee,
          [account.address],
        ),
      ],
      [TransferableInput.fromUtxoAndSigindicies(funding, [0])],
      new TextEncoder().encode(memo),
    );
  }

  /** Signs hand-packed unsigned bytes (one input, `operations` nft operations) and records the BaseTx's effect. */
  private settlePacked(
    unsigned: Uint8Array,
    baseTx: avaxSerial.BaseTx,
    account: Account,
    operations: number,
  ) {
    const bytes = concat(unsigned, credentials(signBytes(unsigned, account.privateKey), 1, operations));
    const id = sha256(bytes);
    this.wallet.apply(baseTx, id, account);
    return { id, bytes };
  }

  /** An NFT family ("Devnet Stamps", ten groups), the minter holding every group's mint output. */
  private createNftFamily(account: Account): XContainer {
    const baseTx = this.feeOnlyBaseTx(account, this.context.createAssetTxFee, 'devnet nft family');
    const codec = utils.getManagerForVM('AVM').getDefaultCodec();
    const unsigned = nftFamilyTx(
      baseTx.toBytes(codec),
      'Devnet Stamps',
      'STAMP',
      NFT_GROUPS,
      account.address,
    );
    const family = this.settlePacked(unsigned, baseTx, account, 0);
    this.nftFamily = { assetId: family.id, minter: account, nextGroup: 0 };
    return family;
  }

  /** Mints the family's next group to `recipient` (a group's mint output is spent by its mint). */
  private mintNft(recipient: Account, payload: string): XContainer {
    const family = this.nftFamily!;
    const group = family.nextGroup++;
    const baseTx = this.feeOnlyBaseTx(family.minter, this.context.baseTxFee, 'devnet nft mint');
    const codec = utils.getManagerForVM('AVM').getDefaultCodec();
    const unsigned = nftMintTx(
      baseTx.toBytes(codec),
      family.assetId,
      // The family's outputs: its change, then one mint output per group.
      { txId: family.assetId, outputIndex: 1 + group },
      group,
      new TextEncoder().encode(payload),
      recipient.address,
    );
    return this.settlePacked(unsigned, baseTx, family.minter, 1);
  }

  /**
   * One transfer per container, sometimes two; early on an asset and an NFT family, later NFT mints, and some
   * transfers move the asset.
   */
  private issueTransfers(timeSeconds: bigint, random: SeededRandom): XContainer[] {
    if (this.goldAssetId === undefined && this.transfers >= 2) {
      return [this.createAsset(this.wallet.chooseTransfer(random).sender)];
    }
    if (this.nftFamily === undefined && this.transfers >= 4) {
      return [this.createNftFamily(this.wallet.chooseTransfer(random).sender)];
    }
    if (
      this.nftFamily &&
      this.nftFamily.nextGroup < NFT_GROUPS &&
      this.transfers % 20 === 10 &&
      !this.mintedAt.has(this.transfers)
    ) {
      this.mintedAt.add(this.transfers);
      const { recipient } = this.wallet.chooseTransfer(random);
      return [this.mintNft(recipient, `{"name":"Stamp ${this.nftFamily.nextGroup}"}`)];
    }
    return Array.from({ length: random.below(4) === 0 ? 2 : 1 }, () => {
      const { sender, recipient, amount } = this.wallet.chooseTransfer(random);
      const gold = this.goldAssetId;
      const goldHeld = gold ? this.wallet.spendable(sender, gold) : [];
      const moveGold = goldHeld.length > 0 && random.below(4) === 0;
      const held = (utxos: Utxo[]) =>
        utxos.reduce((sum, u) => sum + (u.output as TransferOutput).amount(), 0n);
      const output = moveGold
        ? TransferableOutput.fromNative(gold!, 1n + held(goldHeld) / 10n, [recipient.address])
        : TransferableOutput.fromNative(this.context.avaxAssetID, amount, [recipient.address]);
      const unsignedTx = avm.newBaseTx(
        this.context,
        [sender.address],
        moveGold ? [...goldHeld, ...this.wallet.spendable(sender)] : this.wallet.spendable(sender),
        [output],
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
