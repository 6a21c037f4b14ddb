import type { Counter, Gauge } from 'prom-client';
import type { FollowerReport } from '../../runtime/follow/follower-health.ts';
import { followLoop, UpstreamDivergedError, type StepOutcome } from '../../runtime/follow/follow-loop.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { ContractInfo, ContractProbe } from './contract-probe.ts';
import { deriveBlock, type DerivedBlock, type ErcType } from './derive.ts';
import { fetchInOrder, type BlockFetcher } from './block-fetcher.ts';
import type { DiscoveredToken, IngestWriter } from '../store/writer.ts';

const KNOWN_CONTRACTS_MEMO = 100_000;

export interface IngestMetrics {
  blocks: Counter<'chain'>;
  transactions: Counter<'chain'>;
  failures: Counter<'chain'>;
  nextBlock: Gauge<'chain'>;
  headBlock: Gauge<'chain'>;
}

export interface ChainIngesterOptions {
  chain: { id: number; name: string };
  fetcher: BlockFetcher;
  probe: ContractProbe;
  writer: IngestWriter;
  /** Blocks fetched ahead of the one being derived (each is three upstream calls). */
  blocksInFlight: number;
  /** Blocks whose calls go in one JSON-RPC batch. */
  blocksPerRequest: number;
  /** Blocks written per database transaction. */
  batchBlocks: number;
  pollIntervalMs: number;
  maxBackoffMs: number;
  log: Logger;
  onDiscovered?: (chain: number, tokens: DiscoveredToken[]) => Promise<unknown>;
  onCaughtUp?: () => Promise<void>;
  /**
   * Told at each step whether the chain is more than a write batch behind its head (a backfill, or a restart after
   * a while), and that it is not once the ingester stops: work that can wait (NFT metadata) waits while it is.
   */
  onBacklog?: (behind: boolean) => void;
  metrics?: IngestMetrics;
  /** Where the ingester says how far behind it is, and that it stopped. */
  report?: FollowerReport;
}

/**
 * Follows one EVM chain's accepted blocks from its cursor: backfill and live tail are the same loop, which asks the
 * node for its head, fetches the blocks up to it with a bounded number in flight (in order), derives their rows and
 * writes them in batches, each batch with the cursor in one transaction. Contracts seen for the first time are
 * probed before the batch's transaction opens. Any failure retries from the cursor after a backoff; a block is never
 * skipped and never written twice. Every block's parent hash must be the hash stored (or just fetched) for the block
 * before it: an upstream on another chain stops the ingester for good instead of mixing two chains.
 */
export class ChainIngester {
  private readonly o: ChainIngesterOptions;
  private next = 0n;
  /** The hash of block `next - 1` as stored: what block `next` must name as its parent. */
  private lastHash: Buffer | undefined;
  private readonly knownContracts = new Set<string>();
  /** The last head recorded. */
  private head: bigint | undefined;

  constructor(options: ChainIngesterOptions) {
    this.o = options;
  }

  /** Follows the chain from `startBlock` until the signal fires or the upstream diverges. Never rejects. */
  async run(startBlock: bigint, signal: AbortSignal): Promise<void> {
    const { log, chain, writer, metrics } = this.o;
    let started = false;
    await followLoop(
      {
        name: chain.name,
        reposition: async () => {
          await this.moveTo(started ? await writer.cursor(chain.id) : startBlock);
          started = true;
        },
        step: (stepSignal) => this.step(stepSignal),
        pollIntervalMs: this.o.pollIntervalMs,
        maxBackoffMs: this.o.maxBackoffMs,
        log,
        report: this.o.report,
        onFailure: (err, retryInMs) => {
          metrics?.failures.inc({ chain: chain.name });
          log.warn(
            { chain: chain.name, err: err instanceof Error ? err.message : String(err), retryInMs },
            'ingestion failed; retrying from the cursor',
          );
          return true;
        },
        onDiverged: (err) => {
          log.error(
            { chain: chain.name, err: err.message },
            'upstream diverged from the stored chain; this ingester stops until a person resolves it',
          );
          return true;
        },
        onCaughtUp: async () => {
          log.info({ chain: chain.name, head: this.head?.toString() }, 'caught up with the chain head');
          await this.o.onCaughtUp?.();
        },
      },
      signal,
    );
    this.o.onBacklog?.(false);
  }

  /** Asks for the head and ingests up to it from the cursor. */
  private async step(signal: AbortSignal): Promise<StepOutcome> {
    const { chain } = this.o;
    const head = await this.o.fetcher.head(signal);
    this.o.metrics?.headBlock.set({ chain: chain.name }, Number(head));
    this.o.report?.progressed(this.next, head + 1n);
    this.o.onBacklog?.(head + 1n - this.next > BigInt(this.o.batchBlocks));
    // Polling once caught up sees the same head again and again; only a new one is worth a write.
    if (head !== this.head) {
      await this.o.writer.recordHead(chain.id, head);
      this.head = head;
    }
    if (this.next > head) return 'caught-up';
    await this.ingestRange(this.next, head, signal);
    return 'more';
  }

  private async moveTo(next: bigint): Promise<void> {
    this.next = next;
    this.lastHash = next > 0n ? await this.o.writer.blockHash(this.o.chain.id, next - 1n) : undefined;
  }

  /**
   * Fetches, derives and checks blocks `from..to` and writes them in batches. A batch is written while the next one
   * is fetched and derived; writes stay in order, each starting once the one before it committed.
   */
  private async ingestRange(from: bigint, to: bigint, signal: AbortSignal): Promise<void> {
    let batch: DerivedBlock[] = [];
    let parent = this.lastHash;
    let writing: Promise<void> | undefined;
    const write = async (blocks: DerivedBlock[]) => {
      await writing;
      writing = this.writeBatch(blocks);
      // Awaited before the next write or at the end; a failure meanwhile must not be reported as unhandled.
      writing.catch(() => {});
    };
    const plan = { blocksInFlight: this.o.blocksInFlight, blocksPerRequest: this.o.blocksPerRequest };
    try {
      for await (const bundle of fetchInOrder(this.o.fetcher, from, to, plan, signal)) {
        const derived = deriveBlock(bundle);
        const { number, parentHash, hash } = derived.block;
        if (parent && !parentHash.equals(parent)) {
          throw new UpstreamDivergedError(
            `chain ${this.o.chain.name} block ${number}: its parent hash 0x${parentHash.toString('hex')} is not the hash of block ${number - 1n}, 0x${parent.toString('hex')}`,
          );
        }
        parent = hash;
        batch.push(derived);
        if (batch.length >= this.o.batchBlocks) {
          await write(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await write(batch);
      await writing;
    } finally {
      // A step that failed still lets its last write finish, so that the loop repositions from a cursor at rest.
      await writing?.catch(() => {});
    }
  }

  private async writeBatch(blocks: DerivedBlock[]): Promise<void> {
    const { chain, writer } = this.o;
    const last = blocks[blocks.length - 1]!.block.number;
    const contracts = await this.probeNewContracts(blocks, last);
    const discovered = await writer.write(
      { chain: chain.id, blocks, contracts, nextBlock: last + 1n },
      this.next,
    );
    // A bounded memo: past its size the database answers again.
    if (this.knownContracts.size > KNOWN_CONTRACTS_MEMO) this.knownContracts.clear();
    for (const c of contracts) this.knownContracts.add(c.address.toString('hex'));
    this.next = last + 1n;
    this.lastHash = blocks[blocks.length - 1]!.block.hash;
    this.o.report?.progressed(this.next);
    const txs = blocks.reduce((n, b) => n + b.transactions.length, 0);
    this.o.metrics?.blocks.inc({ chain: chain.name }, blocks.length);
    this.o.metrics?.transactions.inc({ chain: chain.name }, txs);
    this.o.metrics?.nextBlock.set({ chain: chain.name }, Number(this.next));
    if (discovered.length > 0) await this.o.onDiscovered?.(chain.id, discovered);
  }

  private async probeNewContracts(blocks: DerivedBlock[], atBlock: bigint): Promise<ContractInfo[]> {
    const candidates = new Map<string, { address: Buffer; hint: ErcType | undefined }>();
    for (const b of blocks) {
      for (const c of b.creations)
        candidates.set(c.address.toString('hex'), { address: c.address, hint: undefined });
      for (const [key, ercType] of b.tokenContracts)
        candidates.set(key, { address: Buffer.from(key, 'hex'), hint: ercType });
    }
    for (const key of candidates.keys()) if (this.knownContracts.has(key)) candidates.delete(key);
    if (candidates.size === 0) return [];
    const known = await this.o.writer.knownContracts(
      this.o.chain.id,
      [...candidates.values()].map((c) => c.address),
    );
    for (const key of known) {
      candidates.delete(key);
      this.knownContracts.add(key);
    }
    return this.o.probe.probeAll([...candidates.values()], atBlock);
  }
}
