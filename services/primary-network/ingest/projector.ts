import type { Counter, Gauge } from 'prom-client';
import type { Container__Output as Container } from '../../generated/proto/chaindata/containerindexer/v1/Container.ts';
import { decodeId, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import { formatNodeId } from '../../runtime/formatting/address.ts';
import type { FollowerReport } from '../../runtime/follow/follower-health.ts';
import { CursorMovedError, followLoop } from '../../runtime/follow/follow-loop.ts';
import type { Logger } from '../../runtime/logger.ts';
import { decodeCChainContainer } from './decode/c-chain.ts';
import type { DecodedBlock, DecodedCBlock, DecodedTx, DecodedVertex } from './decode/model.ts';
import { decodePChainContainer } from './decode/p-chain.ts';
import { decodeXChainBlock, decodeXChainVertex } from './decode/x-chain.ts';
import { decodeRewardUtxo, rewardTypeOf } from './reward-utxos.ts';
import { NodesBehindError, type PotentialRewards, type RewardUtxoSource } from '../platform-rewards.ts';
import { projectTx, txSeq, utxoIdOf } from './project-tx.ts';
import type { KnownL1Identity, ProjectedTx, TxPlacement } from '../store/rows.ts';
import { VALIDATOR_FEE_CONFIGS } from '../../runtime/avalanche/validator-fees.ts';
import { L1FeeLedger } from './l1-validator-fees.ts';
import { X_BLOCK_SEQ_BASE, type NetworkContext } from '../network.ts';
import {
  GENESIS_CURSOR,
  type BlockRow,
  type ProjectionBatch,
  type ProjectionWriter,
  type RewardRow,
} from '../store/writer.ts';
import { genesisUtxos, type GenesisConfig } from './genesis.ts';

/** The container-indexer indexes the projection reads, in the order it visits them. */
export const PROJECTED_INDEXES = ['P/block', 'X/vtx', 'X/block', 'C/block'] as const;
export type ProjectedIndex = (typeof PROJECTED_INDEXES)[number];

/** Streams an index's containers after a cursor (the container indexer's StreamContainers). */
export type ContainerStream = (
  indexName: ProjectedIndex,
  afterIndex: bigint | undefined,
) => AsyncIterable<Container>;

export interface ProjectorMetrics {
  containersProjected: Counter<'index'>;
  nextIndex: Gauge<'index'>;
  failures: Counter<'index'>;
  /** The P-Chain height the projection waits for an upstream node to reach; 0 when it waits for none. */
  waitingForHeight: Gauge;
}

export interface ProjectorOptions {
  ctx: NetworkContext;
  writer: ProjectionWriter;
  stream: ContainerStream;
  rewards: RewardUtxoSource & PotentialRewards;
  batchSize: number;
  pollIntervalMs: number;
  maxBackoffMs: number;
  log: Logger;
  metrics?: ProjectorMetrics;
  /** Where each index's projection says how far behind the container indexer it is (see FollowerHealth). */
  reports?: Partial<Record<ProjectedIndex, FollowerReport>>;
  /** The network's genesis configuration, whose UTXOs are written before anything else; unset: none are. */
  genesis?: (signal?: AbortSignal) => Promise<GenesisConfig>;
}

const nanosToSeconds = (nanos: string) => BigInt(nanos) / 1_000_000_000n;
/** Containers projected between two refreshes of the planner's statistics (the first catch-up always refreshes). */
const ANALYZE_AFTER_CONTAINERS = 20_000;

interface Decoded {
  container: Container;
  block?: DecodedBlock;
  vertex?: DecodedVertex;
  cBlock?: DecodedCBlock;
}

/**
 * The primary-network projection: reads each index's containers after its own cursor, decodes them and writes what
 * they say in batches, each batch with its cursor in one transaction. Network reads (reward UTXOs) happen before a
 * batch's transaction opens, and are taken only from nodes that have reached the height they are about. A failure
 * (no node there yet included) retries the same batch; containers are never skipped.
 */
export class Projector {
  private readonly options: ProjectorOptions;
  private readonly cursors = new Map<string, bigint>();
  private sinceAnalyze = Number.POSITIVE_INFINITY;
  /**
   * The L1 fee ledger, and the L1 validators read or registered so far (keyed by hex validation id), as the last
   * prepared P-Chain batch left them: for the next one while the last is still being written. Read again from the
   * store whenever the next batch does not start where it stopped (after a failure).
   */
  private l1State: L1State | undefined;

  constructor(options: ProjectorOptions) {
    this.options = options;
  }

  run(signal: AbortSignal): Promise<void> {
    const { log, pollIntervalMs, maxBackoffMs, metrics } = this.options;
    return followLoop(
      {
        name: 'primary-network projection',
        step: async (stepSignal) => {
          const projected = await this.catchUp(stepSignal);
          metrics?.waitingForHeight.set(0);
          return projected > 0 ? 'more' : 'caught-up';
        },
        pollIntervalMs,
        maxBackoffMs,
        log,
        onFailure: (err, retryInMs) => {
          metrics?.failures.inc({ index: 'all' });
          if (!(err instanceof NodesBehindError)) return false;
          metrics?.waitingForHeight.set(Number(err.neededHeight));
          log.warn(
            { neededHeight: err.neededHeight.toString(), nodes: err.nodes, retryInMs },
            'no upstream node has reached the P-Chain height the projection needs; waiting at the cursor',
          );
          return true;
        },
      },
      signal,
    );
  }

  /** Projects everything the indexer has now, index by index. Returns how many containers it projected. */
  async catchUp(signal?: AbortSignal): Promise<number> {
    for (const [name, next] of await this.options.writer.cursors()) this.cursors.set(name, next);
    await this.writeGenesis(signal);
    let total = 0;
    for (const indexName of PROJECTED_INDEXES) total += await this.catchUpIndex(indexName, signal);
    this.sinceAnalyze += total;
    // Bulk writes leave the planner's statistics far behind (autovacuum takes its time, and embedded PostgreSQL
    // has none): without fresh ones, the queries of a busy address scan whole tables instead of their indexes.
    if (this.sinceAnalyze >= ANALYZE_AFTER_CONTAINERS && !signal?.aborted) {
      await this.options.writer.analyze();
      this.sinceAnalyze = 0;
    }
    return total;
  }

  /** Writes the genesis UTXOs unless they are written (or unknown). A failure to read them is retried like any. */
  private async writeGenesis(signal?: AbortSignal): Promise<void> {
    const { genesis, writer, ctx, log } = this.options;
    if (!genesis || (this.cursors.get(GENESIS_CURSOR) ?? 0n) > 0n) return;
    const creations = genesisUtxos(await genesis(signal), ctx);
    const written = await writer.writeGenesis(creations);
    this.cursors.set(GENESIS_CURSOR, 1n);
    if (written) log.info({ utxos: creations.length }, 'wrote the genesis UTXOs');
  }

  /**
   * Projects one index from its cursor to the end of the stream. Batches are pipelined: a batch is decoded and
   * projected while the one before it is being written, and written only once that write has committed. A batch
   * being prepared finds what the one in flight holds in that batch itself; a read of what the store holds, when it
   * may depend on that batch, first waits for its write.
   */
  private async catchUpIndex(indexName: ProjectedIndex, signal?: AbortSignal): Promise<number> {
    const { batchSize, stream, log, metrics, writer } = this.options;
    const report = this.options.reports?.[indexName];
    const start = this.cursors.get(indexName) ?? 0n;
    let next = start;
    let pending: Container[] = [];
    let writing: Promise<void> = Promise.resolve();
    let previous: ProjectionBatch | undefined;
    const settled = () => writing;
    const flush = async () => {
      if (pending.length === 0) return;
      const containers = pending;
      const first = next;
      pending = [];
      next += BigInt(containers.length);
      // The indexer has at least these: while they wait to be written (for a node to reach a height, say), the
      // projection is that far behind, and stalled if it stays so.
      report?.upstreamAt(next);
      const batch = await this.prepare(indexName, first, containers, previous, settled);
      previous = batch;
      await writing;
      writing = writer.write(batch, first).then((written) => {
        if (!written)
          throw new CursorMovedError(`${indexName}: another writer moved the cursor from ${first}`);
        this.cursors.set(indexName, batch.nextIndex);
        metrics?.containersProjected.inc({ index: indexName }, containers.length);
        metrics?.nextIndex.set({ index: indexName }, Number(batch.nextIndex));
        report?.progressed(batch.nextIndex);
      });
      // Awaited before the next write or at the end; until then a failure must not count as unhandled.
      writing.catch(() => {});
    };
    try {
      for await (const container of stream(indexName, start > 0n ? start - 1n : undefined)) {
        if (signal?.aborted) break;
        if (BigInt(container.index) !== next + BigInt(pending.length))
          throw new Error(
            `${indexName}: stream gave container ${container.index}, expected ${next + BigInt(pending.length)}`,
          );
        pending.push(container);
        if (pending.length >= batchSize) await flush();
      }
      if (!signal?.aborted) await flush();
    } finally {
      await writing.catch(() => {});
    }
    await writing;
    const done = this.cursors.get(indexName) ?? start;
    // The stream ended: the indexer had nothing after `next`.
    if (!signal?.aborted) report?.progressed(done, next);
    if (done > start)
      log.debug({ index: indexName, from: start.toString(), to: done.toString() }, 'projected');
    return Number(done - start);
  }

  /**
   * Decodes and completes (rewards, L1 validators) one batch starting at container `first`. `previous` is the batch
   * before it, which may still be being written (the store has every one before); `settled` resolves once it is.
   */
  private async prepare(
    indexName: ProjectedIndex,
    first: bigint,
    containers: Container[],
    previous: ProjectionBatch | undefined,
    settled: () => Promise<void>,
  ): Promise<ProjectionBatch> {
    const decoded = containers.map((c) => this.decode(indexName, c));
    const batch: ProjectionBatch = {
      indexName,
      nextIndex: first + BigInt(containers.length),
      blocks: [],
      vertices: [],
      txs: [],
      vertexMemberships: [],
      removals: [],
      rewards: [],
      pChainTimes: [],
      l1FeeChanges: [],
    };
    const firstPBlock = decoded.find((d) => d.block?.chain === 'P')?.block;
    const kept = firstPBlock && this.keptL1State(firstPBlock.height);
    const knownL1 = await this.knownL1Validators(
      decoded,
      kept?.known ?? new Map<string, KnownL1Identity>(),
      settled,
    );
    const ledger = firstPBlock
      ? (kept?.ledger ?? (await this.l1FeeLedger(firstPBlock.height, settled)))
      : undefined;
    const hexOf = (id: Uint8Array) => Buffer.from(id).toString('hex');
    const project = (tx: DecodedTx, at: TxPlacement) => {
      const projected = projectTx(this.options.ctx, tx, at, (id) => {
        const known = knownL1.get(hexOf(id));
        return known && { ...known, balance: ledger?.balanceOf(hexOf(id)) ?? 0n };
      });
      for (const v of projected.l1Validators) {
        knownL1.set(hexOf(v.validationId), {
          subnetId: v.subnetId,
          nodeId: v.nodeId,
          blsPublicKey: v.blsPublicKey,
          proofOfPossession: v.proofOfPossession,
          deposited: v.deposit,
          weight:
            projected.l1Weights.find((w) => Buffer.from(w.validationId).equals(v.validationId))?.weight ?? 0n,
          remainingBalanceOwner: v.remainingBalanceOwner,
        });
      }
      if (ledger && at.chain === 'P') {
        for (const v of projected.l1Validators) ledger.register(hexOf(v.validationId), v.deposit);
        for (const w of projected.l1Weights) if (w.weight === 0n) ledger.release(hexOf(w.validationId));
        for (const d of projected.l1Deposits) ledger.deposit(hexOf(d.validationId), d.amount);
        for (const d of projected.l1Disables) ledger.release(hexOf(d.validationId));
      }
      for (const w of projected.l1Weights) {
        const known = knownL1.get(hexOf(w.validationId));
        if (known) known.weight = w.weight;
      }
      for (const d of projected.l1Deposits) {
        const known = knownL1.get(hexOf(d.validationId));
        if (known) known.deposited += d.amount;
      }
      batch.txs.push(projected);
    };

    for (const item of decoded) {
      if (item.vertex) {
        const v = item.vertex;
        batch.vertices.push({
          id: v.id,
          index: BigInt(item.container.index),
          height: v.height,
          parentIds: v.parentIds,
          timestamp: v.timestamp,
          sizeBytes: v.sizeBytes,
          txIds: v.txs.map((t) => t.id),
        });
        v.txs.forEach((tx, position) => {
          batch.vertexMemberships.push({
            txId: tx.id,
            vertexId: v.id,
            height: v.height,
            timestamp: v.timestamp,
          });
          project(tx, {
            chain: 'X',
            seq: txSeq(BigInt(item.container.index), position),
            blockHeight: v.height,
            blockId: v.id,
            blockTimestamp: v.timestamp,
            chainFormat: 'non-linear',
          });
        });
      } else if (item.block) {
        const b = item.block;
        const row = blockRow(b);
        batch.blocks.push(row);
        if (b.chain === 'P') {
          batch.pChainTimes.push({ height: b.height, timestamp: b.timestamp });
          ledger?.beginBlock(b.timestamp, b.option !== undefined);
        }
        b.txs.forEach((tx, position) =>
          project(tx, {
            chain: b.chain,
            seq: b.chain === 'X' ? txSeq(X_BLOCK_SEQ_BASE + b.height, position) : txSeq(b.height, position),
            blockHeight: b.height,
            blockId: b.id,
            blockTimestamp: b.timestamp,
            ...(b.chain === 'X' ? { chainFormat: 'linear' as const } : {}),
          }),
        );
        if (ledger && b.chain === 'P') this.endFeeBlock(ledger, b, row, batch);
        if (b.option) await this.projectOption(b, batch, previous);
      } else if (item.cBlock) {
        const c = item.cBlock;
        batch.blocks.push({
          chain: 'C',
          height: c.height,
          id: c.hash,
          parentId: c.parentHash,
          timestamp: c.timestamp,
          blockType: 'CChainBlock',
          sizeBytes: c.sizeBytes,
          txIds: c.atomicTxs.map((t) => t.id),
        });
        c.atomicTxs.forEach((tx, position) =>
          project(tx, {
            chain: 'C',
            seq: txSeq(c.height, position),
            blockHeight: c.height,
            blockId: c.hash,
            blockTimestamp: c.timestamp,
          }),
        );
      }
    }
    await this.addPotentialRewards(batch);
    const lastPBlock = batch.pChainTimes.at(-1);
    if (ledger && lastPBlock) this.l1State = { nextHeight: lastPBlock.height + 1n, ledger, known: knownL1 };
    return batch;
  }

  /** The L1 state the batch before left, when this batch starts at P-Chain block `height` where it stopped. */
  private keptL1State(height: bigint): L1State | undefined {
    const kept = this.l1State;
    this.l1State = undefined;
    return kept?.nextHeight === height ? kept : undefined;
  }

  /** The L1 fee ledger before P-Chain block `height`, as the store has it. */
  private async l1FeeLedger(height: bigint, settled: () => Promise<void>): Promise<L1FeeLedger> {
    await settled();
    const { identity } = this.options.ctx;
    return new L1FeeLedger(
      VALIDATOR_FEE_CONFIGS[identity.name],
      BigInt(identity.upgrades.etna),
      await this.options.writer.l1FeeLedgerBefore(height),
    );
  }

  /** Closes a P-Chain block in the fee ledger: the block row gets the ledger's state from Etna on, the batch its changes. */
  private endFeeBlock(ledger: L1FeeLedger, b: DecodedBlock, row: BlockRow, batch: ProjectionBatch): void {
    const fees = ledger.endBlock();
    if (b.timestamp >= BigInt(this.options.ctx.identity.upgrades.etna))
      row.l1Fees = {
        accruedFees: fees.accruedFees,
        excess: fees.excess,
        activeValidators: fees.activeValidators,
      };
    for (const c of fees.changes)
      batch.l1FeeChanges.push({
        height: b.height,
        validationId: new Uint8Array(Buffer.from(c.validationId, 'hex')),
        endAccumulatedFee: c.endAccumulatedFee,
        deposited: c.deposited,
        refunded: c.refunded,
      });
  }

  /**
   * A staking transaction shows its staker's estimated reward until the reward is paid: the node's potential
   * reward, asked for the new primary-network stakers still current (ones already gone have their reward instead).
   * Only a node that has reached the batch's last block is asked: one behind does not list stakers it has not seen.
   */
  private async addPotentialRewards(batch: ProjectionBatch): Promise<void> {
    const stakers = batch.txs.flatMap((t) =>
      t.staker && t.staker.subnetId.every((b) => b === 0) ? [t.staker] : [],
    );
    if (stakers.length === 0) return;
    const height = batch.pChainTimes.reduce((max, b) => (b.height > max ? b.height : max), 0n);
    const potential = await this.options.rewards.potentialRewards(
      [...new Set(stakers.map((s) => formatNodeId(s.nodeId)))],
      height,
    );
    for (const staker of stakers) {
      const reward = potential.get(encodeCb58(staker.txId));
      if (reward !== undefined) staker.potentialReward = reward;
    }
  }

  private decode(indexName: ProjectedIndex, container: Container): Decoded {
    const context = {
      containerId: decodeId(container.id),
      acceptedAt: nanosToSeconds(container.timestamp_unix_nano),
    };
    const bytes = new Uint8Array(container.bytes);
    try {
      switch (indexName) {
        case 'P/block':
          return { container, block: decodePChainContainer(bytes, context) };
        case 'X/block':
          return { container, block: decodeXChainBlock(bytes, context) };
        case 'X/vtx':
          return { container, vertex: decodeXChainVertex(bytes, context) };
        case 'C/block':
          return { container, cBlock: decodeCChainContainer(bytes, context) };
      }
    } catch (err) {
      throw new Error(
        `${indexName} container ${container.index} (${container.id}) does not decode: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
  }

  /**
   * An option block settles the proposal before it. For a RewardValidatorTx: the staker leaves at this height and
   * the node's reward UTXOs for it (read now, before the batch's transaction, from a node that has accepted this
   * block: one behind it answers none) are added.
   */
  private async projectOption(
    block: DecodedBlock,
    batch: ProjectionBatch,
    previous: ProjectionBatch | undefined,
  ): Promise<void> {
    const proposalHeight = block.height - 1n;
    const atProposal = (t: ProjectedTx) => t.tx.chain === 'P' && t.tx.blockHeight === proposalHeight;
    const inBatch = (batch.txs.find(atProposal) ?? previous?.txs.findLast(atProposal))?.tx;
    const proposal = inBatch
      ? {
          id: inBatch.id,
          type: inBatch.txType,
          seq: inBatch.seq,
          rewardedTxId:
            inBatch.details.rewardedTxId === undefined
              ? undefined
              : new Uint8Array(Buffer.from(inBatch.details.rewardedTxId, 'hex')),
        }
      : await this.options.writer.proposalAt(proposalHeight);
    if (!proposal || proposal.type !== 'RewardValidatorTx' || !proposal.rewardedTxId) return;
    const committed = block.option === 'commit';
    const stakingTxId = proposal.rewardedTxId;
    const staker = await this.staker(stakingTxId, [batch, previous]);
    if (!staker)
      throw new Error(
        `RewardValidatorTx ${encodeCb58(proposal.id)} rewards unknown staker ${encodeCb58(stakingTxId)}`,
      );
    batch.removals.push({
      stakingTxId: staker.txId,
      rewardTxId: proposal.id,
      toHeight: block.height,
      rewarded: committed,
    });
    const utxos = await this.options.rewards.rewardUtxos(encodeCb58(stakingTxId), block.height);
    for (const bytes of utxos) {
      const output = decodeRewardUtxo(bytes);
      const creation = {
        utxoId: utxoIdOf(staker.txId, output.outputIndex),
        chain: 'P' as const,
        createdChain: 'P' as const,
        txId: staker.txId,
        outputIndex: output.outputIndex,
        emittedByTx: proposal.id,
        createdSeq: proposal.seq,
        blockHeight: block.height,
        blockId: block.id,
        blockTimestamp: block.timestamp,
        output,
        staked: false,
        rewardType: rewardTypeOf(output.outputIndex, staker.firstRewardIndex, staker, committed),
      };
      const reward: RewardRow = {
        creation,
        stakingTxId: staker.txId,
        rewardTxId: proposal.id,
        rewardSeq: proposal.seq,
        nodeId: staker.nodeId,
      };
      batch.rewards.push(reward);
    }
  }

  /** A staker added in one of `batches` (that being prepared, the one before), else earlier: in the store. */
  private async staker(stakingTxId: Uint8Array, batches: (ProjectionBatch | undefined)[]) {
    for (const batch of batches) {
      const found = batch?.txs.find(
        (t) => t.staker && Buffer.from(t.staker.txId).equals(stakingTxId),
      )?.staker;
      if (found) return found;
    }
    return this.options.writer.staker(stakingTxId);
  }

  /**
   * `known` with the L1 validators that the batch's transactions name and that earlier batches registered: those
   * it lacks are read from the store once earlier batches are written.
   */
  private async knownL1Validators(
    decoded: Decoded[],
    known: Map<string, KnownL1Identity>,
    settled: () => Promise<void>,
  ): Promise<Map<string, KnownL1Identity>> {
    const missing = decoded
      .flatMap((d) => d.block?.txs ?? [])
      .flatMap((tx) =>
        [tx.l1WeightChange, tx.l1BalanceIncrease, tx.l1Disable].flatMap((x) => (x ? [x.validationId] : [])),
      )
      .filter((id) => !known.has(Buffer.from(id).toString('hex')));
    if (missing.length === 0) return known;
    await settled();
    for (const [id, identity] of await this.options.writer.knownL1Validators(missing))
      known.set(id, identity);
    return known;
  }
}

interface L1State {
  nextHeight: bigint;
  ledger: L1FeeLedger;
  known: Map<string, KnownL1Identity>;
}

function blockRow(b: DecodedBlock): BlockRow {
  return {
    chain: b.chain,
    height: b.height,
    id: b.id,
    parentId: b.parentId,
    timestamp: b.timestamp,
    blockType: b.blockType,
    sizeBytes: b.sizeBytes,
    txIds: b.txs.map((t) => t.id),
    ...(b.proposer
      ? {
          proposer: {
            id: b.proposer.proposerId,
            parentId: b.proposer.proposerParentId,
            ...(b.proposer.proposerNodeId ? { nodeId: b.proposer.proposerNodeId } : {}),
            pChainHeight: b.proposer.proposerPChainHeight,
            timestamp: b.proposer.proposerTimestamp,
          },
        }
      : {}),
  };
}
