import { sha256 } from '@noble/hashes/sha2.js';
import {
  Address,
  avaxSerial,
  BigIntPr,
  Id,
  Int,
  OutputOwners,
  TransferOutput,
  secp256k1,
  Utxo,
  type UnsignedTx,
} from '@avalabs/avalanchejs';
import { concat, u8 } from '../runtime/avalanche/linear-codec.ts';
import { signHash } from './crypto.ts';
import { derive, type SeededRandom } from './seeded.ts';

const NANO_AVAX_PER_AVAX = 1_000_000_000n;
/** What each account holds at genesis on each chain. */
export const GENESIS_BALANCE = 1_000_000n * NANO_AVAX_PER_AVAX;

/** One UTXO of a chain's genesis: where avalanchego puts an account's allocation. */
export interface GenesisOutput {
  txId: Uint8Array;
  outputIndex: number;
  owner: Account;
  amount: bigint;
}

/** One of the devnet's funded accounts. */
export interface Account {
  privateKey: Uint8Array;
  /** The 20-byte address (ShortID). */
  address: Uint8Array;
}

export function deriveAccounts(seed: string, count: number): Account[] {
  return Array.from({ length: count }, (_, i) => {
    const privateKey = derive(seed, `account/${i}`);
    return { privateKey, address: secp256k1.publicKeyBytesToAddress(secp256k1.getPublicKey(privateKey)) };
  });
}

/**
 * The unspent outputs of the devnet's accounts on one chain, starting from a genesis allocation: what a transfer
 * may spend, and, once it is built, its signature and its effect (inputs spent, outputs owned by their recipients).
 */
export class Wallet {
  /** Unspent outputs per owner (hex address), keyed by UTXO id, oldest first. */
  private readonly utxosByOwner = new Map<string, Map<string, Utxo>>();

  private readonly accounts: Account[];
  /** The chain's fee asset (AVAX): what `spendable` returns unless asked for another asset. */
  private readonly assetId: string;

  constructor(genesis: GenesisOutput[], assetId: string, accounts: Account[]) {
    this.accounts = accounts;
    this.assetId = assetId;
    for (const output of genesis) {
      this.add(
        new Utxo(
          new avaxSerial.UTXOID(new Id(output.txId), new Int(output.outputIndex)),
          Id.fromString(assetId),
          new TransferOutput(
            new BigIntPr(output.amount),
            OutputOwners.fromNative([output.owner.address], 0n, 1),
          ),
        ),
      );
    }
  }

  /**
   * What a transfer may spend: the account's oldest outputs first (mostly small received amounts, so dust is
   * consolidated and the set stays small), then its largest one, which covers any amount.
   */
  spendable(account: Account, assetId = this.assetId): Utxo[] {
    const owned = this.utxosByOwner.get(key(account.address));
    if (!owned) return [];
    const amount = (utxo: Utxo) => (utxo.output as TransferOutput).amount();
    // Compared as bytes: the cb58 of every UTXO's asset at every transfer would be the slowest part of a history.
    const asset = this.assetBytes(assetId);
    const all = [...owned.values()].filter((utxo) => Buffer.compare(utxo.assetId.toBytes(), asset) === 0);
    const oldest = all.slice(0, 4);
    const largest = all.reduce<Utxo | undefined>(
      (best, u) => (best === undefined || amount(u) > amount(best) ? u : best),
      undefined,
    );
    return largest === undefined || oldest.includes(largest) ? oldest : [...oldest, largest];
  }

  /** Every unspent output of every account: the chain's ledger, for checking what an indexer made of it. */
  unspent(): Utxo[] {
    return [...this.utxosByOwner.values()].flatMap((owned) => [...owned.values()]);
  }

  /** The next transfer's parties and amount (0.01 to 10 AVAX), drawn from `random`. */
  chooseTransfer(random: SeededRandom): { sender: Account; recipient: Account; amount: bigint } {
    const sender = random.pick(this.accounts);
    const recipient = random.pick(this.accounts);
    const amount = BigInt(1 + random.below(1_000)) * (NANO_AVAX_PER_AVAX / 100n);
    return { sender, recipient, amount };
  }

  /** Signs `unsignedTx` for `account` and records what it spends and creates; returns the signed bytes. */
  settle(unsignedTx: UnsignedTx, account: Account): Uint8Array {
    signAll(unsignedTx, account);
    const bytes = unsignedTx.getSignedTx().toBytes();
    const { baseTx } = unsignedTx.getTx() as unknown as { baseTx: avaxSerial.BaseTx };
    this.apply(baseTx, sha256(bytes), account);
    return bytes;
  }

  /** Records what a signed transaction's BaseTx spends (the account's) and creates (its outputs, by index). */
  apply(baseTx: avaxSerial.BaseTx, txId: Uint8Array, account: Account): void {
    const owned = this.utxosByOwner.get(key(account.address))!;
    for (const input of baseTx.inputs) {
      if (!owned.delete(utxoKey(input.utxoID)))
        throw new Error('the builder spent a UTXO the sender does not own');
    }
    const id = new Id(txId);
    baseTx.outputs.forEach((output, i) =>
      this.add(new Utxo(new avaxSerial.UTXOID(id, new Int(i)), output.assetId, output.output)),
    );
  }

  private readonly decodedAssets = new Map<string, Uint8Array>();

  private assetBytes(assetId: string): Uint8Array {
    let bytes = this.decodedAssets.get(assetId);
    if (!bytes) this.decodedAssets.set(assetId, (bytes = Id.fromString(assetId).toBytes()));
    return bytes;
  }

  /** Records an output the chain itself created for one of the accounts (returned stake, a staking reward). */
  credit(txId: Uint8Array, outputIndex: number, assetId: Id, output: TransferOutput): void {
    this.add(new Utxo(new avaxSerial.UTXOID(new Id(txId), new Int(outputIndex)), assetId, output));
  }

  private add(utxo: Utxo): void {
    const owner = key(utxo.getOutputOwners().addrs[0]!.toBytes());
    let owned = this.utxosByOwner.get(owner);
    if (!owned) this.utxosByOwner.set(owner, (owned = new Map<string, Utxo>()));
    owned.set(utxoKey(utxo.utxoId), utxo);
  }
}

/**
 * Signs every input the account owns: secp256k1 over sha256 of the unsigned bytes, RFC 6979 nonces (so the same
 * transaction always gets the same signature), as `r ‖ s ‖ v`; far faster than avalanchejs's own signer, which also
 * derives the public key again for every call.
 */
function signAll(unsignedTx: UnsignedTx, account: Account): void {
  const { signature: rs, recovery } = signHash(sha256(unsignedTx.toBytes()), account.privateKey);
  const signature = concat(rs, u8(recovery));
  for (const [input, slot] of unsignedTx.getSigIndicesForAddress(new Address(account.address))) {
    unsignedTx.addSignatureAt(signature, input, slot);
  }
  // Credentials after the inputs' authorize a subnet or L1 operation (subnetAuth, disableAuth); the devnet's
  // owners are the paying account itself, so it signs those too.
  const { baseTx } = unsignedTx.getTx() as unknown as { baseTx: avaxSerial.BaseTx };
  unsignedTx.getSigIndices().forEach((slots, credential) => {
    if (credential < baseTx.inputs.length) return;
    slots.forEach((_, slot) => unsignedTx.addSignatureAt(signature, credential, slot));
  });
}

/** The recoverable signature (r ‖ s ‖ v) Avalanche's secp256k1 fx credentials carry, over sha256 of `unsigned`. */
export function signBytes(unsigned: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const { signature, recovery } = signHash(sha256(unsigned), privateKey);
  return concat(signature, u8(recovery));
}

/**
 * Signs every input of a transaction whose inputs all belong to one key (the C-Chain's atomic transactions, whose
 * inputs are atomic UTXOs or the account's EVM balance) and returns the signed bytes.
 */
export function signAllSlots(unsignedTx: UnsignedTx, privateKey: Uint8Array): Uint8Array {
  const { signature: rs, recovery } = signHash(sha256(unsignedTx.toBytes()), privateKey);
  const signature = concat(rs, u8(recovery));
  unsignedTx.getSigIndices().forEach((slots, credential) => {
    slots.forEach((_, slot) => unsignedTx.addSignatureAt(signature, credential, slot));
  });
  return unsignedTx.getSignedTx().toBytes();
}

/** A UTXO's identity as a map key (hex: base58 would cost more than the rest of a transfer). */
function utxoKey(id: avaxSerial.UTXOID): string {
  return `${Buffer.from(id.txID.toBytes()).toString('hex')}:${id.outputIdx.value()}`;
}

function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}
