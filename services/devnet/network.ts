import type { IndexName } from '../container-indexer/index-names.ts';
import type { NetworkIdentity } from './identity.ts';
import { MemoryContainers } from './memory-containers.ts';
import { deriveAccounts, PChainBuilder, type PlatformBlock } from './p-chain.ts';
import { SeededRandom } from './seeded.ts';

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
 * simulated past deterministically from the parameters; `produceBlock` extends it (live mode).
 */
export class Devnet {
  readonly containers = new MemoryContainers();
  readonly parameters: DevnetParameters;
  private readonly pChain: PChainBuilder;
  private readonly random: SeededRandom;
  private lastTimeSeconds: bigint;

  constructor(parameters: DevnetParameters) {
    this.parameters = parameters;
    this.pChain = new PChainBuilder(
      parameters.identity,
      parameters.seed,
      deriveAccounts(parameters.seed, parameters.accounts),
    );
    this.random = new SeededRandom(parameters.seed, 'activity');
    this.lastTimeSeconds = parameters.genesisTimeSeconds;
  }

  /** Builds the simulated past, letting other work (serving requests) run between blocks. */
  async generateHistory(signal?: AbortSignal): Promise<void> {
    const { genesisTimeSeconds, historySeconds, blockIntervalSeconds } = this.parameters;
    const end = genesisTimeSeconds + historySeconds;
    let produced = 0;
    for (let t = genesisTimeSeconds + blockIntervalSeconds; t <= end; t += blockIntervalSeconds) {
      signal?.throwIfAborted();
      this.produceBlock(t);
      if (++produced % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Produces the next P-Chain block at `timeSeconds` (never before the previous block). */
  produceBlock(timeSeconds: bigint): PlatformBlock {
    const time = timeSeconds > this.lastTimeSeconds ? timeSeconds : this.lastTimeSeconds + 1n;
    const block = this.pChain.nextBlock(time, this.random);
    this.lastTimeSeconds = time;
    // A node accepts a block a little after its timestamp.
    const acceptedAtUnixNano = time * 1_000_000_000n + BigInt(50_000_000 + this.random.below(900_000_000));
    this.accept('P/block', { id: block.id, bytes: block.bytes, acceptedAtUnixNano });
    return block;
  }

  private accept(
    indexName: IndexName,
    container: { id: Uint8Array; bytes: Uint8Array; acceptedAtUnixNano: bigint },
  ) {
    this.containers.accept(indexName, container);
  }
}
