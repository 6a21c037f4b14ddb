import { pvm, secp256k1, TransferableOutput, type Context } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { CODEC_VERSION, concat, proposerBlock, u16, u32, u64 } from './codec.ts';
import type { NetworkIdentity } from './identity.ts';
import { derive, type SeededRandom } from './seeded.ts';
import { Wallet, type Account } from './wallet.ts';

export type { Account };

/**
 * The P-Chain's history: real transactions (avalanchejs codecs, secp256k1 signatures) inside blocks in
 * avalanchego's platformvm format. This first version issues BaseTx transfers with memos between the devnet's
 * accounts; staking, subnet and L1 transactions come next.
 */

export interface PlatformBlock {
  /** The proposervm block (what consensus accepts, and so what the Index API holds). */
  id: Uint8Array;
  bytes: Uint8Array;
  /** The platformvm block inside it. */
  innerId: Uint8Array;
  innerBytes: Uint8Array;
  height: bigint;
  timeSeconds: bigint;
  txIds: Uint8Array[];
}

const NANO_AVAX_PER_AVAX = 1_000_000_000n;
const GENESIS_BALANCE = 1_000_000n * NANO_AVAX_PER_AVAX;
const BANFF_STANDARD_BLOCK = 32;

export function deriveAccounts(seed: string, count: number): Account[] {
  return Array.from({ length: count }, (_, i) => {
    const privateKey = derive(seed, `account/${i}`);
    return { privateKey, address: secp256k1.publicKeyBytesToAddress(secp256k1.getPublicKey(privateKey)) };
  });
}

/** The avalanchejs builder context for this identity, with the Etna dynamic fee parameters of the real networks. */
export function builderContext(identity: NetworkIdentity): Context.Context {
  return {
    networkID: identity.networkId,
    hrp: identity.hrp,
    xBlockchainID: identity.xChainId,
    pBlockchainID: identity.pChainId,
    cBlockchainID: identity.cChainId,
    avaxAssetID: identity.avaxAssetId,
    baseTxFee: 1_000_000n,
    createAssetTxFee: 10_000_000n,
    platformFeeConfig: {
      weights: { 0: 1, 1: 1000, 2: 1000, 3: 4 },
      maxCapacity: 1_000_000n,
      maxPerSecond: 100_000n,
      targetPerSecond: 50_000n,
      minPrice: 1n,
      excessConversionConstant: 2_164_043n,
    },
  };
}

const FEE_STATE = { capacity: 1_000_000n, excess: 0n, price: 1n, timestamp: '0' };

export class PChainBuilder {
  private readonly context: Context.Context;
  private readonly accounts: Account[];
  private readonly wallet: Wallet;
  private parentId: Uint8Array;
  private outerParentId: Uint8Array;
  private height = 0n;
  private transfers = 0;

  constructor(identity: NetworkIdentity, seed: string, accounts: Account[]) {
    this.context = builderContext(identity);
    this.accounts = accounts;
    // The genesis block's parent is the hash of the genesis bytes; ours stands in for them.
    const genesisTxId = derive(seed, 'p-chain/genesis');
    this.parentId = sha256(genesisBlockBytes(genesisTxId));
    // Genesis is a pre-fork block: the first proposervm block's parent is the platformvm genesis itself.
    this.outerParentId = this.parentId;
    this.wallet = new Wallet(genesisTxId, identity.avaxAssetId, accounts, GENESIS_BALANCE);
  }

  /** Builds the next block (height + 1) at `timeSeconds` with 1–3 transfers chosen by `random`. */
  nextBlock(timeSeconds: bigint, random: SeededRandom): PlatformBlock {
    const txs: Uint8Array[] = [];
    const txIds: Uint8Array[] = [];
    const count = 1 + random.below(3);
    for (let i = 0; i < count; i++) {
      const signed = this.transfer(random, timeSeconds);
      txs.push(signed);
      txIds.push(sha256(signed));
    }
    this.height += 1n;
    const bytes = concat(
      u16(CODEC_VERSION),
      u32(BANFF_STANDARD_BLOCK),
      u64(timeSeconds),
      this.parentId,
      u64(this.height),
      u32(txs.length),
      // Inside a block each transaction is encoded without its own codec version.
      ...txs.map((tx) => tx.subarray(2)),
    );
    const innerId = sha256(bytes);
    this.parentId = innerId;
    const outer = proposerBlock(this.outerParentId, timeSeconds, this.height - 1n, bytes);
    this.outerParentId = outer.id;
    return { ...outer, innerId, innerBytes: bytes, height: this.height, timeSeconds, txIds };
  }

  private transfer(random: SeededRandom, timeSeconds: bigint): Uint8Array {
    const sender = random.pick(this.accounts);
    const recipient = random.pick(this.accounts);
    const amount = BigInt(1 + random.below(1_000)) * (NANO_AVAX_PER_AVAX / 100n);
    const unsignedTx = pvm.e.newBaseTx(
      {
        feeState: FEE_STATE,
        minIssuanceTime: timeSeconds,
        fromAddressesBytes: [sender.address],
        changeAddressesBytes: [sender.address],
        utxos: this.wallet.spendable(sender),
        memo: new TextEncoder().encode(`devnet transfer #${++this.transfers}`),
        outputs: [TransferableOutput.fromNative(this.context.avaxAssetID, amount, [recipient.address])],
      },
      this.context,
    );
    return this.wallet.settle(unsignedTx, sender);
  }
}

/** avalanchego's P-Chain genesis block: an ApricotCommitBlock at height 0 (never indexed). */
function genesisBlockBytes(genesisTxId: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(2), sha256(genesisTxId), u64(0n));
}
