/**
 * The devnet's transaction pool: what eth_sendRawTransaction submits, validated as coreth's and Subnet-EVM's legacy
 * pool validates a local transaction (core/txpool/validation.go, legacypool.go; the RPC's own checks in
 * internal/ethapi's SubmitTransaction), with their error texts. Transactions wait per sender: those whose nonces
 * follow the sender's state nonce without a gap are pending (executable), the rest queued. Blocks take pending ones
 * (EvmChain.produce); whatever a block consumed leaves the pool when the chain has moved past its nonce.
 */
import { RLP } from '@ethereumjs/rlp';
import type { Common } from '@ethereumjs/common';
import { createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, type Address } from '@ethereumjs/util';
import { getAddress } from 'viem';
import { RpcError } from '../geth-rpc/endpoint.ts';
import type { EvmChain } from './chain.ts';
import { evmCommon } from './engine.ts';

/** legacypool's txMaxSize: four 32 KiB slots. */
const TX_MAX_SIZE = 4 * 32 * 1024;
/** EIP-3860's limit on initcode (Shanghai, Durango on Avalanche). */
const MAX_INIT_CODE_SIZE = 49_152;
/** The nodes' default rpc-tx-fee-cap: 100 AVAX (the L1's native token alike). */
const RPC_TX_FEE_CAP_ETHER = 100;
/** legacypool's default PriceBump: a replacement pays at least 10% more. */
const PRICE_BUMP = 10n;
const ETHER = 10n ** 18n;

export interface PooledTransaction {
  tx: TypedTransaction;
  hash: Uint8Array;
  /** The sender, lower-case 0x hex. */
  from: string;
  /** Arrival order, for ties between equally priced transactions. */
  arrival: number;
}

export interface PoolContent {
  /** Per sender (lower-case hex), in nonce order. */
  pending: Map<string, PooledTransaction[]>;
  queued: Map<string, PooledTransaction[]>;
}

function rejected(message: string): RpcError {
  return new RpcError(-32000, message);
}

export class EvmMempool {
  private readonly chain: EvmChain;
  /** sender -> nonce -> transaction */
  private readonly accounts = new Map<string, Map<bigint, PooledTransaction>>();
  private readonly byHash = new Map<string, PooledTransaction>();
  private readonly announced = new WeakSet<PooledTransaction>();
  private readonly listeners = new Set<(txs: PooledTransaction[]) => void>();
  private arrivals = 0;
  private readonly foreignCommons = new Map<bigint, Common>();

  constructor(chain: EvmChain) {
    this.chain = chain;
  }

  /** eth_sendRawTransaction: decodes, validates and pools `raw`; returns its hash. */
  async submit(raw: Uint8Array): Promise<Uint8Array> {
    const tx = this.decode(raw);
    // SubmitTransaction: the fee cap, then replay protection.
    const gasPrice = feeCapOf(tx);
    const feeEther = Number(gasPrice * tx.gasLimit) / Number(ETHER);
    if (feeEther > RPC_TX_FEE_CAP_ETHER) {
      throw rejected(
        `tx fee (${feeEther.toFixed(2)} ether) exceeds the configured cap (${RPC_TX_FEE_CAP_ETHER.toFixed(2)} ether)`,
      );
    }
    const { v } = tx;
    if (tx.type === 0 && (v === 27n || v === 28n)) {
      throw rejected('only replay-protected (EIP-155) transactions allowed over RPC');
    }
    const hash = tx.hash();
    const hashHex = bytesToHex(hash);
    if (this.byHash.has(hashHex)) throw rejected('already known');
    const from = this.validateBasics(tx, raw.length);
    await this.validateWithState(tx, from);
    const pooled: PooledTransaction = { tx, hash, from, arrival: this.arrivals++ };
    let nonces = this.accounts.get(from);
    if (!nonces) this.accounts.set(from, (nonces = new Map<bigint, PooledTransaction>()));
    const old = nonces.get(tx.nonce);
    if (old) {
      if (!outbids(tx, old.tx)) throw rejected('replacement transaction underpriced');
      this.byHash.delete(bytesToHex(old.hash));
    }
    nonces.set(tx.nonce, pooled);
    this.byHash.set(hashHex, pooled);
    await this.content();
    return hash;
  }

  /** A pooled transaction by hash (lower-case 0x hex). */
  get(hash: string): PooledTransaction | undefined {
    return this.byHash.get(hash);
  }

  /** The next nonce of `address` (lower-case hex) with its pending transactions applied (eth_getTransactionCount "pending"). */
  async nonce(address: string): Promise<bigint> {
    const { pending } = await this.content();
    const list = pending.get(address);
    if (list && list.length > 0) return list[list.length - 1]!.tx.nonce + 1n;
    return this.stateNonce(address);
  }

  /**
   * What the pool holds, split by the head's state: transactions below their sender's nonce leave the pool (a block
   * took them, or another transaction took their nonce); a run of nonces from the state nonce is pending, the rest
   * queued. Transactions pending for the first time are announced (eth_newPendingTransactionFilter).
   */
  async content(): Promise<PoolContent> {
    if (this.accounts.size === 0) return { pending: new Map(), queued: new Map() };
    const state = this.chain.stateAt(this.chain.head.number);
    const pending = new Map<string, PooledTransaction[]>();
    const queued = new Map<string, PooledTransaction[]>();
    const fresh: PooledTransaction[] = [];
    for (const [from, nonces] of this.accounts) {
      const account = await state.getAccount(addressOf(from));
      let next = account?.nonce ?? 0n;
      for (const [nonce, pooled] of nonces) {
        if (nonce < next) {
          nonces.delete(nonce);
          this.byHash.delete(bytesToHex(pooled.hash));
        }
      }
      if (nonces.size === 0) {
        this.accounts.delete(from);
        continue;
      }
      const sorted = [...nonces.values()].sort((a, b) => (a.tx.nonce < b.tx.nonce ? -1 : 1));
      const run: PooledTransaction[] = [];
      const rest: PooledTransaction[] = [];
      for (const pooled of sorted) {
        if (pooled.tx.nonce === next && rest.length === 0) {
          run.push(pooled);
          next++;
        } else rest.push(pooled);
      }
      if (run.length > 0) pending.set(from, run);
      if (rest.length > 0) queued.set(from, rest);
      for (const pooled of run) {
        if (!this.announced.has(pooled)) {
          this.announced.add(pooled);
          fresh.push(pooled);
        }
      }
    }
    if (fresh.length > 0) for (const listener of this.listeners) listener(fresh);
    return { pending, queued };
  }

  /**
   * Pending transactions for a block with base fee `baseFee` and `gas` to spare, as geth's miner picks them: the
   * best-paying sender's next transaction first (effective tip, then arrival), a sender dropped once its next
   * transaction cannot pay the base fee or does not fit.
   */
  async take(baseFee: bigint, gas: bigint): Promise<TypedTransaction[]> {
    const { pending } = await this.content();
    const queues = [...pending.values()].map((list) => [...list]);
    const chosen: TypedTransaction[] = [];
    let left = gas;
    for (;;) {
      let best: PooledTransaction[] | undefined;
      for (const queue of queues) {
        const head = queue[0];
        if (!head) continue;
        if (feeCapOf(head.tx) < baseFee || head.tx.gasLimit > left) {
          queue.length = 0;
          continue;
        }
        const current = best?.[0];
        if (
          !current ||
          tipOf(head.tx, baseFee) > tipOf(current.tx, baseFee) ||
          (tipOf(head.tx, baseFee) === tipOf(current.tx, baseFee) && head.arrival < current.arrival)
        ) {
          best = queue;
        }
      }
      if (!best) return chosen;
      const next = best.shift()!;
      chosen.push(next.tx);
      left -= next.tx.gasLimit;
    }
  }

  /** Whether a block with base fee `baseFee` and `gas` to spare would take any transaction. */
  async hasExecutable(baseFee: bigint, gas: bigint): Promise<boolean> {
    return this.accounts.size > 0 && (await this.take(baseFee, gas)).length > 0;
  }

  /** Removes a transaction a block could not execute. */
  discard(tx: TypedTransaction): void {
    const hash = bytesToHex(tx.hash());
    const pooled = this.byHash.get(hash);
    if (!pooled) return;
    this.byHash.delete(hash);
    this.accounts.get(pooled.from)?.delete(tx.nonce);
  }

  /** Calls `listener` with transactions as they become pending; returns its removal. */
  onPending(listener: (txs: PooledTransaction[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async stateNonce(address: string): Promise<bigint> {
    const state = this.chain.stateAt(this.chain.head.number);
    return (await state.getAccount(addressOf(address)))?.nonce ?? 0n;
  }

  /**
   * types.Transaction.UnmarshalBinary. A transaction signed for another chain still decodes (the pool then finds no
   * sender for it), so it is decoded with a Common of the chain it names.
   */
  private decode(raw: Uint8Array): TypedTransaction {
    if (raw.length === 0 || (raw[0]! <= 0x7f && raw.length <= 1)) {
      throw rejected('typed transaction too short');
    }
    if (raw[0]! <= 0x7f && raw[0] !== 1 && raw[0] !== 2) throw rejected('transaction type not supported');
    let chainId: bigint | undefined;
    try {
      const fields = RLP.decode(raw[0]! <= 0x7f ? raw.subarray(1) : raw) as Uint8Array[];
      if (raw[0]! <= 0x7f) chainId = bigintOf(fields[0]!);
      else {
        const v = bigintOf(fields[6]!);
        if (v >= 35n) chainId = (v - 35n) / 2n;
      }
    } catch (err) {
      throw rejected(`rlp: ${(err as Error).message}`);
    }
    const common = chainId === undefined ? this.chain.common : this.commonFor(chainId);
    try {
      return createTxFromRLP(raw, { common });
    } catch (err) {
      throw rejected(`rlp: ${(err as Error).message}`);
    }
  }

  private commonFor(chainId: bigint): Common {
    if (chainId === this.chain.spec.chainId) return this.chain.common;
    let common = this.foreignCommons.get(chainId);
    if (!common) this.foreignCommons.set(chainId, (common = evmCommon(chainId)));
    return common;
  }

  /** txpool.ValidateTransaction, as legacypool calls it for a local transaction (no minimum tip); returns the sender. */
  private validateBasics(tx: TypedTransaction, size: number): string {
    if (size > TX_MAX_SIZE) {
      throw rejected(`oversized data: transaction size ${size}, limit ${TX_MAX_SIZE}`);
    }
    if (tx.to === undefined && tx.data.length > MAX_INIT_CODE_SIZE) {
      throw rejected(`max initcode size exceeded: code size ${tx.data.length}, limit ${MAX_INIT_CODE_SIZE}`);
    }
    const blockGasLimit = this.chain.head.header.gasLimit;
    if (tx.gasLimit > blockGasLimit) {
      throw rejected(`exceeds block gas limit: tx gas (${tx.gasLimit}) > current max gas (${blockGasLimit})`);
    }
    if ('maxFeePerGas' in tx && tx.maxFeePerGas < tx.maxPriorityFeePerGas) {
      throw rejected('max priority fee per gas higher than max fee per gas');
    }
    if (tx.common.chainId() !== this.chain.spec.chainId) throw rejected('invalid sender');
    let from: string;
    try {
      from = tx.getSenderAddress().toString();
    } catch {
      throw rejected('invalid sender');
    }
    const intrinsic = tx.getIntrinsicGas();
    if (tx.gasLimit < intrinsic) {
      throw rejected(
        `intrinsic gas too low: address ${getAddress(from)} tx gas (${tx.gasLimit}), minimum needed ${intrinsic}`,
      );
    }
    return from;
  }

  /**
   * txpool.ValidateTransactionWithState with legacypool's options: the pool's minimum fee cap (the chain's minimum
   * base fee: coreth sets ACP-176's minimum gas price, Subnet-EVM its fee config's MinBaseFee), the nonce, and the
   * balance against this transaction's cost plus the sender's other pending ones.
   */
  private async validateWithState(tx: TypedTransaction, from: string): Promise<void> {
    const minimumFee = this.chain.spec.minBaseFee;
    const feeCap = feeCapOf(tx);
    if (feeCap < minimumFee) {
      throw rejected(
        `transaction underpriced: address ${getAddress(from)} have gas fee cap (${feeCap}) < pool minimum fee cap (${minimumFee})`,
      );
    }
    const state = this.chain.stateAt(this.chain.head.number);
    const account = await state.getAccount(addressOf(from));
    const next = account?.nonce ?? 0n;
    if (next > tx.nonce) throw rejected(`nonce too low: next nonce ${next}, tx nonce ${tx.nonce}`);
    const balance = account?.balance ?? 0n;
    const cost = costOf(tx);
    if (balance < cost) {
      throw rejected(
        `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
      );
    }
    const { pending } = await this.content();
    const list = pending.get(from) ?? [];
    const spent = list.reduce((sum, p) => sum + costOf(p.tx), 0n);
    const previous = list.find((p) => p.tx.nonce === tx.nonce);
    if (previous) {
      const bump = cost - costOf(previous.tx);
      const need = spent + bump;
      if (balance < need) {
        throw rejected(
          `insufficient funds for gas * price + value: balance ${balance}, queued cost ${spent}, tx bumped ${bump}, overshot ${need - balance}`,
        );
      }
    } else {
      const need = spent + cost;
      if (balance < need) {
        throw rejected(
          `insufficient funds for gas * price + value: balance ${balance}, queued cost ${spent}, tx cost ${cost}, overshot ${need - balance}`,
        );
      }
    }
  }
}

/** tx.GasFeeCap(): the fee cap of a dynamic-fee transaction, the gas price of the others. */
export function feeCapOf(tx: TypedTransaction): bigint {
  return 'maxFeePerGas' in tx ? tx.maxFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
}

function tipCapOf(tx: TypedTransaction): bigint {
  return 'maxPriorityFeePerGas' in tx ? tx.maxPriorityFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
}

/** tx.EffectiveGasTip(baseFee): what the block builder earns per gas. */
export function tipOf(tx: TypedTransaction, baseFee: bigint): bigint {
  const tip = tipCapOf(tx);
  const room = feeCapOf(tx) - baseFee;
  return tip < room ? tip : room;
}

/** tx.Cost(): gas × fee cap + value. */
function costOf(tx: TypedTransaction): bigint {
  return tx.gasLimit * feeCapOf(tx) + tx.value;
}

/** list.Add's replacement rule: both caps higher than the old ones and at least PRICE_BUMP % above them. */
function outbids(tx: TypedTransaction, old: TypedTransaction): boolean {
  if (feeCapOf(old) >= feeCapOf(tx) || tipCapOf(old) >= tipCapOf(tx)) return false;
  const feeThreshold = ((100n + PRICE_BUMP) * feeCapOf(old)) / 100n;
  const tipThreshold = ((100n + PRICE_BUMP) * tipCapOf(old)) / 100n;
  return feeCapOf(tx) >= feeThreshold && tipCapOf(tx) >= tipThreshold;
}

function bigintOf(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes));
}

function addressOf(hex: string): Address {
  return createAddressFromString(hex);
}
