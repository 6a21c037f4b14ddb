import {
  avaxSerial,
  Id,
  Int,
  Utxo,
  type TransferableOutput,
  type TransferOutput,
  type UnsignedTx,
} from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Account, Wallet } from './wallet.ts';

/**
 * avalanchego's shared memory between the primary network's chains: what an ExportTx puts there for its destination
 * chain (the exported outputs, numbered after the transaction's own outputs) until an ImportTx there spends it.
 */
export class SharedMemory {
  /** destination chain id -> owner (hex) -> UTXOs */
  private readonly pending = new Map<string, Map<string, Utxo[]>>();

  /** Records the outputs `exportTxId` exported to `destinationChainId`; `firstIndex` is its own output count. */
  export(
    destinationChainId: string,
    exportTxId: Uint8Array,
    firstIndex: number,
    outs: readonly TransferableOutput[],
  ) {
    outs.forEach((out, i) => {
      const utxo = new Utxo(
        new avaxSerial.UTXOID(new Id(exportTxId), new Int(firstIndex + i)),
        out.assetId,
        out.output,
      );
      const owner = Buffer.from((out.output as TransferOutput).getOwners()[0]!).toString('hex');
      const owners = this.owners(destinationChainId);
      owners.set(owner, [...(owners.get(owner) ?? []), utxo]);
    });
  }

  /** Signs an ExportTx from `account` and keeps its exported outputs for `destinationChainId`. */
  settleExport(
    wallet: Wallet,
    unsignedTx: UnsignedTx,
    account: Account,
    destinationChainId: string,
  ): Uint8Array {
    const tx = unsignedTx.getTx() as unknown as {
      baseTx: { outputs: unknown[] };
      outs: TransferableOutput[];
    };
    const signed = wallet.settle(unsignedTx, account);
    this.export(destinationChainId, sha256(signed), tx.baseTx.outputs.length, tx.outs);
    return signed;
  }

  /** One ImportTx per owner with outputs waiting on `chainId`: what `build` makes of them, signed by `wallet`. */
  settleImports(
    chainId: string,
    accounts: Account[],
    wallet: Wallet,
    build: (account: Account, utxos: Utxo[]) => UnsignedTx,
  ): Uint8Array[] {
    return this.waiting(chainId).map((owner) => {
      const account = accounts.find((a) => Buffer.compare(a.address, owner) === 0)!;
      return wallet.settle(build(account, this.take(chainId, owner)), account);
    });
  }

  /** Owners with UTXOs waiting on `destinationChainId`, in the order they were exported. */
  waiting(destinationChainId: string): Uint8Array[] {
    return [...this.owners(destinationChainId).keys()].map((owner) => Buffer.from(owner, 'hex'));
  }

  /** Removes and returns what `owner` can import on `destinationChainId`. */
  take(destinationChainId: string, owner: Uint8Array): Utxo[] {
    const owners = this.owners(destinationChainId);
    const key = Buffer.from(owner).toString('hex');
    const utxos = owners.get(key) ?? [];
    owners.delete(key);
    return utxos;
  }

  private owners(chainId: string): Map<string, Utxo[]> {
    let owners = this.pending.get(chainId);
    if (!owners) this.pending.set(chainId, (owners = new Map<string, Utxo[]>()));
    return owners;
  }
}
