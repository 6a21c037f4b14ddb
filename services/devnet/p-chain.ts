import { secp256k1 as nobleSecp256k1 } from '@noble/curves/secp256k1.js';
import {
  Address,
  avaxSerial,
  BigIntPr,
  Id,
  Int,
  OutputOwners,
  pvm,
  secp256k1,
  TransferableOutput,
  TransferOutput,
  Utxo,
  type Context,
  type pvmSerial,
  type UnsignedTx,
} from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import type { NetworkIdentity } from './identity.ts';
import { derive, type SeededRandom } from './seeded.ts';

/**
 * The P-Chain's history: real transactions (avalanchejs codecs, secp256k1 signatures) inside blocks in
 * avalanchego's platformvm format. This first version issues BaseTx transfers with memos between the devnet's
 * accounts; staking, subnet and L1 transactions come next.
 */
export interface Account {
  privateKey: Uint8Array;
  /** The 20-byte address (ShortID). */
  address: Uint8Array;
}

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
const CODEC_VERSION = 0;

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
  /** Unspent outputs per owner (hex address), keyed by UTXO id, oldest first. */
  private readonly utxosByOwner = new Map<string, Map<string, Utxo>>();
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
    accounts.forEach((account, i) => {
      this.addUtxo(
        new Utxo(
          new avaxSerial.UTXOID(new Id(genesisTxId), new Int(i)),
          Id.fromString(identity.avaxAssetId),
          new TransferOutput(
            new BigIntPr(GENESIS_BALANCE),
            OutputOwners.fromNative([account.address], 0n, 1),
          ),
        ),
      );
    });
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
        utxos: spendable(this.utxosByOwner.get(key(sender.address))),
        memo: new TextEncoder().encode(`devnet transfer #${++this.transfers}`),
        outputs: [TransferableOutput.fromNative(this.context.avaxAssetID, amount, [recipient.address])],
      },
      this.context,
    );
    signAll(unsignedTx, sender);
    const bytes = unsignedTx.getSignedTx().toBytes();
    const baseTx = (unsignedTx.getTx() as pvmSerial.BaseTx).baseTx;
    const owned = this.utxosByOwner.get(key(sender.address))!;
    for (const input of baseTx.inputs) {
      if (!owned.delete(utxoKey(input.utxoID)))
        throw new Error('the builder spent a UTXO the sender does not own');
    }
    const txId = new Id(sha256(bytes));
    baseTx.outputs.forEach((output, i) =>
      this.addUtxo(new Utxo(new avaxSerial.UTXOID(txId, new Int(i)), output.assetId, output.output)),
    );
    return bytes;
  }

  private addUtxo(utxo: Utxo): void {
    const owner = key(utxo.getOutputOwners().addrs[0]!.toBytes());
    let owned = this.utxosByOwner.get(owner);
    if (!owned) this.utxosByOwner.set(owner, (owned = new Map<string, Utxo>()));
    owned.set(utxoKey(utxo.utxoId), utxo);
  }
}

/**
 * Signs every input the account owns: secp256k1 over sha256 of the unsigned bytes, RFC 6979 nonces (so the same
 * transaction always gets the same signature), as `r ‖ s ‖ v`. @noble/curves with its precomputed tables is several
 * times faster than avalanchejs's own signer, which also derives the public key again for every call.
 */
function signAll(unsignedTx: UnsignedTx, account: Account): void {
  const recovered = nobleSecp256k1.sign(unsignedTx.toBytes(), account.privateKey, { format: 'recovered' });
  const signature = concat(recovered.subarray(1), recovered.subarray(0, 1));
  for (const [input, slot] of unsignedTx.getSigIndicesForAddress(new Address(account.address))) {
    unsignedTx.addSignatureAt(signature, input, slot);
  }
}

/**
 * proposervm's `statelessBlock` (codec 0, type 0): ParentID, Timestamp, PChainHeight, Certificate, the inner block,
 * Signature. The devnet's blocks are unsigned (empty certificate and signature), as a block built outside a proposer's
 * window may be; its id is the sha256 of the bytes before the signature's length.
 */
function proposerBlock(parentId: Uint8Array, timeSeconds: bigint, pChainHeight: bigint, inner: Uint8Array) {
  const unsigned = concat(
    u16(CODEC_VERSION),
    u32(0),
    parentId,
    u64(timeSeconds),
    u64(pChainHeight),
    u32(0),
    u32(inner.length),
    inner,
  );
  return { id: sha256(unsigned), bytes: concat(unsigned, u32(0)) };
}

/** avalanchego's P-Chain genesis block: an ApricotCommitBlock at height 0 (never indexed). */
function genesisBlockBytes(genesisTxId: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(2), sha256(genesisTxId), u64(0n));
}

/**
 * What a transfer may spend: the account's oldest outputs first (mostly small received amounts, so dust is
 * consolidated and the set stays small), then its largest one, which covers any amount.
 */
function spendable(owned: Map<string, Utxo> | undefined): Utxo[] {
  if (!owned) return [];
  const amount = (utxo: Utxo) => (utxo.output as TransferOutput).amount();
  const all = [...owned.values()];
  const oldest = all.slice(0, 4);
  const largest = all.reduce<Utxo | undefined>(
    (best, u) => (best === undefined || amount(u) > amount(best) ? u : best),
    undefined,
  );
  return largest === undefined || oldest.includes(largest) ? oldest : [...oldest, largest];
}

/** A UTXO's identity as a map key (hex: base58 would cost more than the rest of a transfer). */
function utxoKey(id: avaxSerial.UTXOID): string {
  return `${Buffer.from(id.txID.toBytes()).toString('hex')}:${id.outputIdx.value()}`;
}

function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}

export function u16(n: number): Uint8Array {
  const b = new Uint8Array(2);
  new DataView(b.buffer).setUint16(0, n);
  return b;
}

export function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

export function u64(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n);
  return b;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
