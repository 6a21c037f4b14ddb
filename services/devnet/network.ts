import type { IndexName } from '../container-indexer/index-names.ts';
import type { NetworkIdentity } from './identity.ts';
import { MemoryContainers } from './memory-containers.ts';
import { PChainBuilder } from './p-chain.ts';
import { deriveAccounts } from './wallet.ts';
import { SeededRandom } from './seeded.ts';
import { XChainBuilder } from './x-chain.ts';

export interface DevnetParameters {
  identity: NetworkIdentity;
  seed: string;
  genesisTimeSeconds: bigint;
  historySeconds: bigint;
  /** Simulated time between two history blocks. */
  blockIntervalSeconds: bigint;
  accounts: number;
}

/**
 * The devnet's chains and what a node with indexing enabled would hold of them. `generateHistory` builds the
 * simulated past deterministically from the parameters; `advance` extends it (live mode).
 */
export class Devnet {
  readonly containers = new MemoryContainers();
  readonly parameters: DevnetParameters;
  private readonly pChain: PChainBuilder;
  private readonly xChain: XChainBuilder;
  /** Before this time the X-Chain accepts vertices, after it blocks (the Cortina upgrade, half-way through the history). */
  private readonly cortinaSeconds: bigint;
  private readonly random: SeededRandom;
  // The X-Chain draws from its own stream, so adding it left the P-Chain's history as it was.
  private readonly xRandom: SeededRandom;
  private lastTimeSeconds: bigint;

  constructor(parameters: DevnetParameters) {
    this.parameters = parameters;
    const accounts = deriveAccounts(parameters.seed, parameters.accounts);
    this.pChain = new PChainBuilder(parameters.identity, parameters.seed, accounts);
    this.xChain = new XChainBuilder(parameters.identity, parameters.seed, accounts);
    this.cortinaSeconds = parameters.genesisTimeSeconds + parameters.historySeconds / 2n;
    this.random = new SeededRandom(parameters.seed, 'activity');
    this.xRandom = new SeededRandom(parameters.seed, 'x-activity');
    this.lastTimeSeconds = parameters.genesisTimeSeconds;
  }

  /** Builds the simulated past, letting other work (serving requests) run between blocks. */
  async generateHistory(signal?: AbortSignal): Promise<void> {
    const { genesisTimeSeconds, historySeconds, blockIntervalSeconds } = this.parameters;
    const end = genesisTimeSeconds + historySeconds;
    let produced = 0;
    for (let t = genesisTimeSeconds + blockIntervalSeconds; t <= end; t += blockIntervalSeconds) {
      signal?.throwIfAborted();
      this.advance(t);
      if (++produced % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Produces the next block of every chain at `timeSeconds` (never before the previous ones). */
  advance(timeSeconds: bigint): void {
    const time = timeSeconds > this.lastTimeSeconds ? timeSeconds : this.lastTimeSeconds + 1n;
    this.lastTimeSeconds = time;
    const pBlock = this.pChain.nextBlock(time, this.random);
    this.accept('P/block', pBlock, this.acceptanceTime(time, this.random));
    const x =
      time < this.cortinaSeconds
        ? this.xChain.nextVertex(time, this.xRandom)
        : this.xChain.nextBlock(time, this.xRandom);
    const xAccepted = this.acceptanceTime(time, this.xRandom);
    this.accept(time < this.cortinaSeconds ? 'X/vtx' : 'X/block', x.container, xAccepted);
    for (const tx of x.txs) this.accept('X/tx', tx, xAccepted);
  }

  /** A node accepts a container a little after its timestamp. */
  private acceptanceTime(timeSeconds: bigint, random: SeededRandom): bigint {
    return timeSeconds * 1_000_000_000n + BigInt(50_000_000 + random.below(900_000_000));
  }

  private accept(
    indexName: IndexName,
    container: { id: Uint8Array; bytes: Uint8Array },
    acceptedAtUnixNano: bigint,
  ) {
    this.containers.accept(indexName, { id: container.id, bytes: container.bytes, acceptedAtUnixNano });
  }
}
