import type { Block } from '@ethereumjs/block';
import { createBlock } from '@ethereumjs/block';
import { Common } from '@ethereumjs/common';
import type { EVM } from '@ethereumjs/evm';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import type { TypedTransaction } from '@ethereumjs/tx';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import {
  Account,
  Address,
  createAddressFromString,
  ValueEncoding,
  type BatchDBOp,
  type DB,
} from '@ethereumjs/util';
import { Bloom, buildBlock, createVM, type BlockBuilder, type RunTxResult, type VM } from '@ethereumjs/vm';
import { callTracer, runTraced, type CallFrame, type TxTracer } from './call-tracer.ts';
import { blockHash, encodeBlock, extDataHash, type EvmFlavor, type EvmHeader } from './block-format.ts';
import { concat, u64 } from '../../runtime/avalanche/linear-codec.ts';
import { evmCommon } from './engine.ts';
import { encodeExtData, type AtomicEffect, type CChainAtomicTx } from '../c-chain-atomic.ts';
import { warpPrecompile, type WarpChain } from './warp-precompile.ts';
import { EvmMempool } from './mempool.ts';

/** Where fees go on both EVMs unless an L1 allows fee recipients: nobody (coreth's and Subnet-EVM's BlackholeAddr). */
export const BLACKHOLE_ADDRESS = createAddressFromString('0x0100000000000000000000000000000000000000');

/** Shared by every header (never written to). */
const ZERO_HASH = new Uint8Array(32);
const ZERO_NONCE = new Uint8Array(8);

/** Heights whose call VMs are kept: calls come at the head, and a few at once at the heights ingestion reads. */
const CALL_VMS_KEPT = 4;

/** ACP-226's initial excess: a minimum of about 2 s between blocks, where a new chain starts. */
const INITIAL_MIN_DELAY_EXCESS = 7_970_124n;

export interface EvmChainSpec {
  flavor: EvmFlavor;
  chainId: bigint;
  gasLimit: bigint;
  minBaseFee: bigint;
  genesisBaseFee: bigint;
  genesisTimeSeconds: bigint;
  alloc: { address: Uint8Array; balance: bigint; code?: Uint8Array }[];
  /** Who this chain is to Warp (its network and blockchain id). */
  warp: WarpChain;
}

/** How a chain takes submitted transactions into its blocks. */
export interface SubmissionRules {
  /** Whether blocks may take submitted transactions now (not while the devnet deploys its contracts). */
  ready(): boolean;
  /**
   * The devnet's own transaction signed again with `nonce`, when a submitted transaction from the same account took
   * the nonce it was signed with; undefined when the devnet does not hold the sender's key.
   */
  resign(tx: TypedTransaction, nonce: bigint): TypedTransaction | undefined;
}

export interface EvmLog {
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
  /** Position among the block's logs. */
  logIndex: number;
}

export interface EvmReceipt {
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: EvmLog[];
  contractAddress: Uint8Array | undefined;
}

export interface EvmTransaction {
  tx: TypedTransaction;
  hash: Uint8Array;
  from: Uint8Array;
  index: number;
  receipt: EvmReceipt;
}

export interface EvmBlock {
  number: bigint;
  hash: Uint8Array;
  header: EvmHeader;
  transactions: EvmTransaction[];
  /** The block as its VM serializes it (what the index holds). */
  bytes: Uint8Array;
  /** Atomic transactions (coreth only), as carried in the block. */
  extData: Uint8Array | undefined;
  /** The atomic transactions in ExtData (coreth only). */
  atomicTxs: CChainAtomicTx[];
  /**
   * The P-Chain height the block was built on (its proposervm block's context): its Warp messages verify against the
   * validator sets of that height, whenever it is executed.
   */
  pChainHeight: bigint;
  /**
   * The callTracer's frames of each transaction (its default config), recorded as the block was built: what
   * replaying the block with that tracer gives, without replaying it (absent for genesis, which is not traceable).
   */
  callTraces?: CallFrame[];
}

/**
 * One EVM chain: executes transactions in blocks on @ethereumjs/vm, and keeps every block, receipt and the state
 * root after each block (the state trie keeps every version, so state can be read at any height).
 */
export class EvmChain {
  readonly spec: EvmChainSpec;
  readonly common: Common;
  readonly blocks: EvmBlock[] = [];
  private readonly stateRoots: Uint8Array[] = [];
  /** Every version of the state trie's nodes (and the contracts' code), which the chain's tries share. */
  private readonly nodeStore = new CompactNodeStore();
  private readonly txLocations = new Map<string, { block: number; index: number }>();
  private readonly blockNumbers = new Map<string, number>();
  /** Atomic transaction id (hex) -> the block whose ExtData carries it. */
  private readonly atomicTxBlocks = new Map<string, EvmBlock>();
  private vm!: VM;
  /** The engine's own view of the head block, the parent it builds on (its hash is not the chain's hash). */
  private engineHead!: Block;
  /** The P-Chain height of the block being built, for the building VM's Warp precompile. */
  private buildingPChainHeight = 0n;
  private readonly blockListeners = new Set<(block: EvmBlock) => void>();
  /** VMs lent to calls, by height (see withCallVm), oldest first. */
  private readonly callVms = new Map<bigint, { vm: Promise<VM>; turn: Promise<void> }>();
  /** Transactions submitted with eth_sendRawTransaction, waiting for a block. */
  readonly mempool: EvmMempool;
  private submission: SubmissionRules | undefined;
  /** Once a submitted transaction is in a block, the devnet's own transactions may find their nonces taken. */
  private includedSubmitted = false;

  private constructor(spec: EvmChainSpec) {
    this.spec = spec;
    this.common = evmCommon(spec.chainId);
    this.mempool = new EvmMempool(this);
  }

  /**
   * Lets blocks take submitted transactions from the mempool (ahead of the devnet's own) once `rules.ready()`;
   * without it the pool accepts transactions that never leave it.
   */
  acceptSubmitted(rules: SubmissionRules): void {
    this.submission = rules;
  }

  static async create(spec: EvmChainSpec): Promise<EvmChain> {
    const chain = new EvmChain(spec);
    await chain.genesis();
    return chain;
  }

  get head(): EvmBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  /**
   * Executes `transactions` (signed, valid at the head state) in a new block at `timeSeconds`, with `atomic`
   * transactions (coreth only) in its ExtData, their state changes applied after the EVM transactions'.
   */
  async produce(
    timeSeconds: bigint,
    transactions: TypedTransaction[],
    atomic: CChainAtomicTx[] = [],
  ): Promise<EvmBlock> {
    const extData = atomic.length > 0 ? encodeExtData(atomic) : undefined;
    const pChainHeight = this.spec.warp.pChainHeight?.() ?? 0n;
    this.buildingPChainHeight = pChainHeight;
    const parent = this.head;
    const number = parent.number + 1n;
    const baseFeePerGas = this.nextBaseFee();
    const builder = await buildBlock(this.vm, {
      parentBlock: this.engineHead,
      headerData: {
        number,
        timestamp: timeSeconds,
        gasLimit: this.spec.gasLimit,
        baseFeePerGas,
        coinbase: BLACKHOLE_ADDRESS,
      },
      blockOpts: { putBlockIntoBlockchain: false },
    });
    const results: RunTxResult[] = [];
    const tracers: TxTracer<CallFrame>[] = [];
    const included: TypedTransaction[] = [];
    const add = async (tx: TypedTransaction) => {
      const added = await addTraced(builder, this.vm, tx);
      results.push(added.run);
      tracers.push(added.tracer);
      included.push(tx);
    };
    const own = transactions;
    const submitted = this.submission?.ready()
      ? await this.mempool.take(
          baseFeePerGas,
          own.reduce((gas, tx) => gas - tx.gasLimit, this.spec.gasLimit),
        )
      : [];
    for (const tx of submitted) {
      try {
        await add(tx);
        this.includedSubmitted = true;
      } catch {
        this.mempool.discard(tx);
      }
    }
    for (const tx of own) {
      if (!this.includedSubmitted) {
        await add(tx);
        continue;
      }
      // A submitted transaction may have taken the nonce the devnet signed this one with: sign it again with the
      // sender's next nonce; one that no longer fits (its sender spent the funds) is left out.
      const signed = await this.withCurrentNonce(tx);
      if (!signed) continue;
      try {
        await add(signed);
      } catch {
        continue;
      }
    }
    transactions = included;
    await this.applyAtomicEffects(atomic.flatMap((tx) => tx.effects));
    const { block } = await builder.build();
    this.engineHead = block;
    const header: EvmHeader = {
      parentHash: parent.hash,
      coinbase: BLACKHOLE_ADDRESS.bytes,
      stateRoot: block.header.stateRoot,
      transactionsRoot: block.header.transactionsTrie,
      receiptsRoot: block.header.receiptTrie,
      logsBloom: block.header.logsBloom,
      difficulty: 1n,
      number,
      gasLimit: this.spec.gasLimit,
      gasUsed: block.header.gasUsed,
      timestamp: timeSeconds,
      extraData: feeStateExtra(this.spec),
      mixHash: ZERO_HASH,
      nonce: ZERO_NONCE,
      extDataHash: extDataHash(extData),
      baseFeePerGas,
      extDataGasUsed: atomic.reduce((sum, tx) => sum + tx.gas, 0n),
      blockGasCost: 0n,
      blobGasUsed: 0n,
      excessBlobGas: 0n,
      parentBeaconBlockRoot: ZERO_HASH,
      timestampMilliseconds: timeSeconds * 1000n,
      minDelayExcess: INITIAL_MIN_DELAY_EXCESS,
    };
    let logIndex = 0;
    const evmTransactions = transactions.map((tx, index): EvmTransaction => {
      const result = results[index]!;
      const receipt = result.receipt as {
        status: 0 | 1;
        cumulativeBlockGasUsed: bigint;
        bitvector: Uint8Array;
      };
      return {
        tx,
        hash: tx.hash(),
        from: tx.getSenderAddress().bytes,
        index,
        receipt: {
          status: receipt.status,
          gasUsed: result.totalGasSpent,
          cumulativeGasUsed: receipt.cumulativeBlockGasUsed,
          effectiveGasPrice: effectiveGasPrice(tx, baseFeePerGas),
          logs: result.receipt.logs.map(([address, topics, data]) => ({
            address,
            topics,
            data,
            logIndex: logIndex++,
          })),
          contractAddress: result.createdAddress?.bytes,
        },
      };
    });
    const evmBlock: EvmBlock = {
      number,
      hash: blockHash(this.spec.flavor, header),
      header,
      transactions: evmTransactions,
      bytes: encodeBlock(
        this.spec.flavor,
        header,
        transactions.map((tx) => tx.serialize()),
        extData,
      ),
      extData,
      atomicTxs: atomic,
      pChainHeight,
      callTraces: evmTransactions.map((t, i) => tracers[i]!.result(t, results[i]!)),
    };
    this.append(evmBlock);
    return evmBlock;
  }

  private async withCurrentNonce(tx: TypedTransaction): Promise<TypedTransaction | undefined> {
    const account = await this.vm.stateManager.getAccount(tx.getSenderAddress());
    const nonce = account?.nonce ?? 0n;
    return nonce === tx.nonce ? tx : this.submission?.resign(tx, nonce);
  }

  private async applyAtomicEffects(effects: AtomicEffect[]): Promise<void> {
    const state = this.vm.stateManager;
    for (const effect of effects) {
      const address = new Address(effect.address);
      const account = (await state.getAccount(address)) ?? new Account();
      account.balance += effect.weiDelta;
      if (effect.consumesNonce) account.nonce += 1n;
      await state.putAccount(address, account);
    }
  }

  /** The base fee of the next block: EIP-1559's rule towards half the gas limit, never below the chain's minimum. */
  nextBaseFee(): bigint {
    const { header } = this.head;
    const target = header.gasLimit / 2n;
    const parentFee = header.baseFeePerGas;
    let next = parentFee;
    if (header.gasUsed > target) {
      next = parentFee + max(1n, (parentFee * (header.gasUsed - target)) / target / 8n);
    } else if (header.gasUsed < target) {
      next = parentFee - (parentFee * (target - header.gasUsed)) / target / 8n;
    }
    return max(next, this.spec.minBaseFee);
  }

  blockByNumber(number: bigint): EvmBlock | undefined {
    return number >= 0n && number < BigInt(this.blocks.length) ? this.blocks[Number(number)] : undefined;
  }

  /** `hash` as lower-case 0x hex. */
  blockByHash(hash: string): EvmBlock | undefined {
    const number = this.blockNumbers.get(hash.slice(2));
    return number === undefined ? undefined : this.blocks[number];
  }

  /** An atomic transaction (coreth's ImportTx or ExportTx) by id, and its block. */
  atomicTransaction(id: Uint8Array): { block: EvmBlock; tx: CChainAtomicTx } | undefined {
    const block = this.atomicTxBlocks.get(Buffer.from(id).toString('hex'));
    const tx = block?.atomicTxs.find((t) => Buffer.compare(t.id, id) === 0);
    return block && tx ? { block, tx } : undefined;
  }

  transaction(hash: Uint8Array): { block: EvmBlock; transaction: EvmTransaction } | undefined {
    const location = this.txLocations.get(Buffer.from(hash).toString('latin1'));
    if (!location) return undefined;
    const block = this.blocks[location.block]!;
    return { block, transaction: block.transactions[location.index]! };
  }

  /** The state as of the end of block `number`, for reads, calls and replays; what they write stays with it. */
  stateAt(number: bigint): MerkleStateManager {
    // Calls and replays write the nodes of the states they make: into a layer of their own, dropped with the state,
    // not into the chain's store, which would keep every one of them.
    const trie = new MerklePatriciaTrie({
      useKeyHashing: true,
      common: this.common,
      db: this.nodeStore.layer(),
      valueEncoding: ValueEncoding.Bytes,
      root: this.stateRoots[Number(number)]!,
    });
    return new MerkleStateManager({ common: this.common, trie });
  }

  /**
   * A VM over the state at the end of block `number`, to run calls and replay transactions in, as part of a block on
   * P-Chain height `pChainHeight` (by default block `number`'s).
   */
  async vmAt(number: bigint, pChainHeight = this.blocks[Number(number)]!.pChainHeight): Promise<VM> {
    return this.createChainVm(this.stateAt(number), () => pChainHeight);
  }

  /**
   * Runs `run` on a VM over the state at the end of block `number` and discards what it changed: eth_call's. Making a
   * VM costs more than most calls, so the last few heights keep theirs, each lent to one call at a time and left as
   * a new one would be (state, warm addresses and transient storage reverted). A VM a call failed in is dropped.
   */
  async withCallVm<T>(number: bigint, run: (vm: VM) => Promise<T>): Promise<T> {
    let lent = this.callVms.get(number);
    if (!lent) {
      lent = { vm: this.vmAt(number), turn: Promise.resolve() };
      this.callVms.set(number, lent);
      if (this.callVms.size > CALL_VMS_KEPT) this.callVms.delete(this.callVms.keys().next().value!);
    }
    const entry = lent;
    const turn = entry.turn.then(async () => {
      const vm = await entry.vm;
      await vm.stateManager.checkpoint();
      let result: T;
      try {
        result = await run(vm);
      } catch (err) {
        if (this.callVms.get(number) === entry) this.callVms.delete(number);
        throw err;
      }
      await vm.stateManager.revert();
      vm.evm.journal.cleanJournal();
      (vm.evm as EVM).transientStorage.clear();
      return result;
    });
    entry.turn = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** A VM with the chain's precompiles (Warp), executing blocks on the P-Chain height `pChainHeight` gives. */
  private async createChainVm(stateManager: MerkleStateManager, pChainHeight: () => bigint): Promise<VM> {
    const warp = warpPrecompile(this.spec.warp, pChainHeight);
    const vm = await createVM({
      // Every EVM listens to its Common's events, and the chain's Common is shared (engine.ts makes its `copy` return
      // itself): a VM for a call or a replay on it would stay referenced by it for good. Common's own copy gives the
      // VM events of its own and shares the rest.
      common: Common.prototype.copy.call(this.common),
      stateManager,
      evmOpts: { customPrecompiles: [warp.customPrecompile] },
    });
    warp.attach(vm);
    return vm;
  }

  private async genesis(): Promise<void> {
    // Caches spare the state trie most reads; they are flushed to the trie at every block.
    const trie = new MerklePatriciaTrie({
      useKeyHashing: true,
      common: this.common,
      db: this.nodeStore,
      valueEncoding: ValueEncoding.Bytes,
    });
    const stateManager = new MerkleStateManager({ common: this.common, trie, caches: new Caches() });
    this.vm = await this.createChainVm(stateManager, () => this.buildingPChainHeight);
    const state = this.vm.stateManager;
    await state.checkpoint();
    for (const { address, balance, code } of this.spec.alloc) {
      await state.putAccount(new Address(address), new Account(0n, balance));
      if (code) await state.putCode(new Address(address), code);
    }
    await state.commit();
    const stateRoot = await state.getStateRoot();
    this.engineHead = createBlock(
      {
        header: {
          number: 0n,
          gasLimit: this.spec.gasLimit,
          baseFeePerGas: this.spec.genesisBaseFee,
          timestamp: this.spec.genesisTimeSeconds,
          stateRoot,
        },
      },
      { common: this.common },
    );
    const header: EvmHeader = {
      parentHash: ZERO_HASH,
      coinbase: new Uint8Array(20),
      stateRoot,
      transactionsRoot: this.engineHead.header.transactionsTrie,
      receiptsRoot: this.engineHead.header.receiptTrie,
      logsBloom: new Uint8Array(256),
      difficulty: 0n,
      number: 0n,
      gasLimit: this.spec.gasLimit,
      gasUsed: 0n,
      timestamp: this.spec.genesisTimeSeconds,
      extraData: new Uint8Array(0),
      mixHash: ZERO_HASH,
      nonce: ZERO_NONCE,
      // The genesis header is built without ExtData, so its hash field stays zero.
      extDataHash: ZERO_HASH,
      baseFeePerGas: this.spec.genesisBaseFee,
      extDataGasUsed: 0n,
      blockGasCost: 0n,
      blobGasUsed: 0n,
      excessBlobGas: 0n,
      parentBeaconBlockRoot: ZERO_HASH,
      timestampMilliseconds: this.spec.genesisTimeSeconds * 1000n,
      minDelayExcess: INITIAL_MIN_DELAY_EXCESS,
    };
    this.append({
      number: 0n,
      hash: blockHash(this.spec.flavor, header),
      header,
      transactions: [],
      bytes: encodeBlock(this.spec.flavor, header, [], undefined),
      extData: undefined,
      atomicTxs: [],
      pChainHeight: 0n,
    });
  }

  private append(block: EvmBlock): void {
    this.blocks.push(block);
    this.stateRoots.push(block.header.stateRoot);
    this.blockNumbers.set(Buffer.from(block.hash).toString('hex'), Number(block.number));
    for (const t of block.transactions) {
      this.txLocations.set(Buffer.from(t.hash).toString('latin1'), {
        block: Number(block.number),
        index: t.index,
      });
    }
    for (const tx of block.atomicTxs) this.atomicTxBlocks.set(Buffer.from(tx.id).toString('hex'), block);
    for (const listener of this.blockListeners) listener(block);
  }

  /** Calls `listener` with every block accepted from now on (the WebSocket subscriptions); returns its removal. */
  onBlock(listener: (block: EvmBlock) => void): () => void {
    this.blockListeners.add(listener);
    return () => this.blockListeners.delete(listener);
  }
}

/** Adds `tx` to the block being built with a callTracer on the building VM: its frames as a replay would trace them. */
async function addTraced(
  builder: BlockBuilder,
  vm: VM,
  tx: TypedTransaction,
): Promise<{ run: RunTxResult; tracer: TxTracer<CallFrame> }> {
  const tracer = callTracer({});
  const run = await runTraced(vm, tracer, () => builder.addTransaction(tx, { skipHardForkValidation: true }));
  return { run, tracer };
}

/**
 * The state trie's node store, in memory and never pruned (state stays readable at every height). ethereumjs hands
 * it each node's hash as hex built one byte at a time, a string of 64 pieces that a Map would keep as is; stored as
 * 32 one-byte characters instead, the keys take a fraction of the memory, which over a long history is most of it.
 */
class CompactNodeStore implements DB<string, Uint8Array> {
  /** Node bytes as one-byte strings: a few hundred thousand small Uint8Arrays would cost more in wrappers than in bytes. */
  private readonly nodes: Map<string, string>;

  /** The store a layer reads through to (see `layer`). */
  private readonly below: CompactNodeStore | undefined;

  constructor(nodes = new Map<string, string>(), below?: CompactNodeStore) {
    this.nodes = nodes;
    this.below = below;
  }

  /** A store that reads through to this one and keeps its writes to itself. */
  layer(): CompactNodeStore {
    return new CompactNodeStore(new Map(), this);
  }

  private lookup(key: string): string | undefined {
    return this.nodes.get(key) ?? this.below?.lookup(key);
  }

  get(key: string): Promise<Uint8Array | undefined> {
    const value = this.lookup(compactKey(key));
    return Promise.resolve(value === undefined ? undefined : Buffer.from(value, 'latin1'));
  }

  put(key: string, value: Uint8Array): Promise<void> {
    this.nodes.set(
      compactKey(key),
      Buffer.from(value.buffer, value.byteOffset, value.length).toString('latin1'),
    );
    return Promise.resolve();
  }

  del(key: string): Promise<void> {
    this.nodes.delete(compactKey(key));
    return Promise.resolve();
  }

  async batch(operations: BatchDBOp<string, Uint8Array>[]): Promise<void> {
    for (const op of operations) {
      if (op.type === 'put') await this.put(op.key, op.value);
      else await this.del(op.key);
    }
  }

  shallowCopy(): DB<string, Uint8Array> {
    // The tries of one state (its accounts' storage) share its store.
    return new CompactNodeStore(this.nodes, this.below);
  }

  open(): Promise<void> {
    return Promise.resolve();
  }
}

function compactKey(hex: string): string {
  return Buffer.from(hex, 'hex').toString('latin1');
}

/**
 * The fee state a block header carries in its extra data, followed by empty predicate results (codec version and an
 * empty map): coreth's ACP-176 state (capacity, excess, target excess) or Subnet-EVM's ten-slot fee window. The
 * devnet keeps them at rest values: full capacity, no excess, an empty window.
 */
function feeStateExtra(spec: EvmChainSpec): Uint8Array {
  const predicateResults = new Uint8Array(6);
  return spec.flavor === 'coreth'
    ? concat(u64(spec.gasLimit), u64(0n), u64(0n), predicateResults)
    : concat(new Uint8Array(80), predicateResults);
}

/** A receipt's bloom, from its logs (computed when asked for: most receipts are never read). */
export function receiptBloom(logs: EvmLog[], common: Common): Uint8Array {
  const bloom = new Bloom(undefined, common);
  for (const log of logs) {
    bloom.add(log.address);
    for (const topic of log.topics) bloom.add(topic);
  }
  return bloom.bitvector;
}

function effectiveGasPrice(tx: TypedTransaction, baseFee: bigint): bigint {
  if ('maxFeePerGas' in tx) {
    const tip = min(tx.maxPriorityFeePerGas, tx.maxFeePerGas - baseFee);
    return baseFee + tip;
  }
  return tx.gasPrice;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
