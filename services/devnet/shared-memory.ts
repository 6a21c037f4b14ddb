import {
  avaxSerial,
  Id,
  Int,
  Utxo,
  type TransferableOutput,
  type TransferOutput,
} from '@avalabs/avalanchejs';

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
