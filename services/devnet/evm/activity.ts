import type { TypedTransaction } from '@ethereumjs/tx';
import { createFeeMarket1559Tx, createLegacyTx } from '@ethereumjs/tx';
import { bytesToHex, hexToBytes } from '@ethereumjs/util';
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, toHex, type Abi, type Hex } from 'viem';
import { keccak256, publicKeyOf } from '../crypto.ts';
import { derive, type SeededRandom } from '../seeded.ts';
import { packPredicate } from '../warp.ts';
import { WARP_PRECOMPILE_ADDRESS } from './warp-precompile.ts';
import type { CChainAtomicTx } from '../c-chain-atomic.ts';
import type { EvmBlock, EvmChain } from './chain.ts';
import { contractArtifacts, type ContractName } from './contracts.ts';

const GWEI = 1_000_000_000n;
/** The account that deploys the contracts and holds the tokens' supply. */
const DEPLOYER = 0;
const TOKEN_SUPPLIES = [10n ** 15n, 10n ** 27n, 10n ** 9n];

/** An EVM account the devnet holds the key of. */
export interface EvmAccount {
  privateKey: Uint8Array;
  address: Hex;
}

export function evmAccount(privateKey: Uint8Array): EvmAccount {
  const publicKey = publicKeyOf(privateKey, false);
  return { privateKey, address: bytesToHex(keccak256(publicKey.subarray(1)).subarray(12)) };
}

/** Addresses that only ever receive: the long tail of a real chain's accounts. */
export function passiveAddresses(seed: string, chain: string, count: number): Hex[] {
  return Array.from(
    { length: count },
    (_, i) => evmAccount(derive(seed, `evm/${chain}/passive/${i}`)).address,
  );
}

interface Deployed {
  tokens: Hex[];
  collections: Hex[];
  multiToken: Hex;
  factory: Hex;
  icmMessenger: Hex;
  icmReceiver: Hex;
}

/** What the ICM sender pays per message, in DUSD's smallest unit: the relayer's reward once the receipt returns. */
const ICM_FEE = 10n;

interface Call {
  to: Hex | undefined;
  data: Hex;
  value: bigint;
  gasLimit: bigint;
  /** Who signs, when not the account the transaction was drawn for. */
  signer?: number;
}

/**
 * What happens on one EVM chain, block after block, drawn from a seeded random stream: contracts deployed at the
 * start (ERC-20 tokens, ERC-721 collections, an ERC-1155 collection, a factory), then native and token transfers, NFT
 * mints and (batch) transfers, contracts creating contracts with CREATE and CREATE2, value fanned out through
 * internal calls, and transactions that revert. A few accounts are far busier than the rest. The generator keeps
 * its own model of balances and owners so that it only sends what it means to succeed or to fail.
 */
export class EvmActivity {
  private readonly chain: EvmChain;
  private readonly random: SeededRandom;
  private readonly accounts: EvmAccount[];
  private readonly passive: Hex[];
  private readonly metadataBaseUrl: string;
  private readonly meanTxsPerBlock: number;
  /** The blockchain id ICM messages go to (the other EVM chain). */
  private readonly icmDestination: Uint8Array;
  private readonly nonces: bigint[];
  private deployed: Deployed | undefined;
  private readonly deliveries: { relayer: number; signed: Uint8Array }[] = [];
  private readonly operatorCalls: Call[] = [];
  private readonly deployedAddresses: Hex[] = [];
  /** token -> holder -> balance */
  private readonly tokenBalances = new Map<Hex, Map<Hex, bigint>>();
  /** collection -> owner account index per token id (1-based ids) */
  private readonly nftOwners = new Map<Hex, (number | undefined)[]>();
  /** holder account index -> id -> amount */
  private readonly multiBalances = new Map<number, Map<bigint, bigint>>();
  private childLabel = 0n;

  constructor(options: {
    chain: EvmChain;
    random: SeededRandom;
    accounts: EvmAccount[];
    passive: Hex[];
    metadataBaseUrl: string;
    meanTxsPerBlock: number;
    icmDestination: Uint8Array;
  }) {
    this.icmDestination = options.icmDestination;
    this.chain = options.chain;
    this.random = options.random;
    this.accounts = options.accounts;
    this.passive = options.passive;
    this.metadataBaseUrl = options.metadataBaseUrl;
    this.meanTxsPerBlock = options.meanTxsPerBlock;
    this.nonces = options.accounts.map(() => 0n);
  }

  /**
   * The next block at `timeSeconds`, or none when nobody transacts: an EVM never builds an empty block. `atomic`
   * builds the block's atomic transactions (its ExtData) once its EVM transactions are signed: an export consumes
   * its account's nonce after the account's EVM transactions in the same block, as coreth applies them after.
   */
  async nextBlock(timeSeconds: bigint, atomic: (() => CChainAtomicTx)[] = []): Promise<EvmBlock | undefined> {
    if (!this.deployed)
      return this.deploy(
        timeSeconds,
        atomic.map((build) => build()),
      );
    const count = this.txCount();
    const baseFee = this.chain.nextBaseFee();
    const txs = [
      ...this.deliveries.splice(0).map(({ relayer, signed }) => this.delivery(relayer, signed, baseFee)),
      ...this.operatorCalls.splice(0).map((call) => this.sign(DEPLOYER, baseFee, call)),
    ];
    if (count === 0 && txs.length === 0 && atomic.length === 0) return undefined;
    for (let i = 0; i < count; i++) txs.push(this.nextTransaction(baseFee, this.deployed));
    return this.chain.produce(
      timeSeconds,
      txs,
      atomic.map((build) => build()),
    );
  }

  /** The nonce an account's next transaction (EVM or atomic export) takes. */
  takeNonce(account: number): bigint {
    return this.nonces[account]!++;
  }

  private delivery(relayer: number, signed: Uint8Array, baseFee: bigint): TypedTransaction {
    const call = this.call(
      'DevIcmMessenger',
      this.deployed!.icmMessenger,
      'receiveCrossChainMessage',
      [0, this.accounts[relayer]!.address],
      1_500_000n,
    );
    return this.sign(relayer, baseFee, call, false, [
      [WARP_PRECOMPILE_ADDRESS, packPredicate(signed).map((k) => toHex(k))],
    ]);
  }

  /**
   * The contracts, deployed by account 0 two per block (a deployment may use up to 3 M gas and the L1's blocks hold
   * 8 M); the last batch also lets the ICM messenger take message fees in DUSD. The regular activity starts once all
   * are in place. The same deployer and nonces give every contract the same address on both chains.
   */
  private async deploy(timeSeconds: bigint, atomic: CChainAtomicTx[]): Promise<EvmBlock> {
    const baseFee = this.chain.nextBaseFee();
    const base = `${this.metadataBaseUrl}/${this.chain.spec.chainId}`;
    const deployed = this.deployedAddresses;
    const deploys: [ContractName, () => unknown[]][] = [
      ['DevToken', () => ['Devnet Dollar', 'DUSD', 6, TOKEN_SUPPLIES[0]]],
      ['DevToken', () => ['Wrapped Devnet AVAX', 'WDAVAX', 18, TOKEN_SUPPLIES[1]]],
      ['DevToken', () => ['Whole Units', 'WHOLE', 0, TOKEN_SUPPLIES[2]]],
      ['DevCollectible', () => ['Devnet Critters', 'CRIT', `${base}/critters/`]],
      // A collection whose metadata host is gone: every token URI is unreachable.
      ['DevCollectible', () => ['Lost Relics', 'LOST', 'http://127.0.0.1:9/relics/']],
      ['DevMultiToken', () => [`${base}/items/{id}.json`]],
      ['DevFactory', () => []],
      ['DevIcmMessenger', () => []],
      ['DevIcmReceiver', () => [deployed[7]]],
    ];
    const batch = deploys.slice(deployed.length, deployed.length + 2);
    const txs = batch.map(([name, args]) => {
      const { abi, bytecode } = contractArtifacts()[name];
      return this.sign(DEPLOYER, baseFee, {
        to: undefined,
        data: encodeDeployData({ abi, bytecode, args: args() }),
        value: 0n,
        gasLimit: 3_000_000n,
      });
    });
    const last = deployed.length + batch.length === deploys.length;
    if (last) {
      const approve = this.call(
        'DevToken',
        deployed[0]!,
        'approve',
        [deployed[7], TOKEN_SUPPLIES[0]],
        90_000n,
      );
      txs.push(this.sign(DEPLOYER, baseFee, approve));
    }
    const block = await this.chain.produce(timeSeconds, txs, atomic);
    for (const t of block.transactions.slice(0, batch.length)) {
      if (!t.receipt.contractAddress) throw new Error('a devnet contract failed to deploy');
      deployed.push(bytesToHex(t.receipt.contractAddress));
    }
    if (last) {
      this.deployed = {
        tokens: deployed.slice(0, 3),
        collections: deployed.slice(3, 5),
        multiToken: deployed[5]!,
        factory: deployed[6]!,
        icmMessenger: deployed[7]!,
        icmReceiver: deployed[8]!,
      };
      this.deployed.tokens.forEach((token, i) =>
        this.tokenBalances.set(token, new Map([[this.accounts[DEPLOYER]!.address, TOKEN_SUPPLIES[i]!]])),
      );
      for (const collection of this.deployed.collections) this.nftOwners.set(collection, []);
    }
    return block;
  }

  /** Poisson-like: usually a few, sometimes a burst. */
  private txCount(): number {
    const r = this.random.below(1000) / 1000;
    if (r < 0.03) return Math.round(this.meanTxsPerBlock * 4);
    // Uniform over [0, 2 × mean], the fraction rounded up as often as it is worth.
    const x = (this.random.below(10_000) / 10_000) * 2 * this.meanTxsPerBlock;
    return Math.floor(x) + (this.random.below(1_000) / 1_000 < x - Math.floor(x) ? 1 : 0);
  }

  /** Half the transactions come from three busy accounts. */
  private sender(): number {
    return this.random.below(2) === 0 ? this.random.below(3) : this.random.below(this.accounts.length);
  }

  private recipient(): Hex {
    return this.random.below(3) === 0
      ? this.accounts[this.random.below(this.accounts.length)]!.address
      : this.random.pick(this.passive);
  }

  private nextTransaction(baseFee: bigint, d: Deployed): TypedTransaction {
    const from = this.sender();
    const kind = this.random.below(100);
    if (kind < 25) return this.sign(from, baseFee, this.nativeTransfer(), this.random.below(4) === 0);
    if (kind < 50) return this.sign(from, baseFee, this.tokenTransfer(from, d));
    if (kind < 58) return this.sign(from, baseFee, this.nftMint(d));
    if (kind < 65) return this.sign(from, baseFee, this.nftTransfer(from, d) ?? this.nftMint(d));
    if (kind < 71) return this.sign(from, baseFee, this.multiMint(from, d));
    if (kind < 78) return this.sign(from, baseFee, this.multiTransfer(from, d) ?? this.multiMint(from, d));
    if (kind < 84) return this.sign(from, baseFee, this.createChild(d, kind < 81));
    if (kind < 90) return this.sign(from, baseFee, this.spray(d));
    if (kind < 93) return this.sign(from, baseFee, this.relay(d));
    if (kind < 96) return this.sign(from, baseFee, this.sendIcmMessage(d));
    if (kind < 98) return this.sign(from, baseFee, this.failing(d));
    return this.sign(from, baseFee, this.overdraw(from, d));
  }

  private nativeTransfer(): Call {
    return {
      to: this.recipient(),
      data: '0x',
      value: BigInt(1 + this.random.below(5_000)) * 10n ** 15n,
      gasLimit: 21_000n,
    };
  }

  private tokenTransfer(from: number, d: Deployed): Call {
    const token = this.random.pick(d.tokens);
    const balances = this.tokenBalances.get(token)!;
    const holder = this.accounts[from]!.address;
    const balance = balances.get(holder) ?? 0n;
    // Accounts without a balance ask the deployer's stash to come to them instead: the deployer is busy.
    if (balance === 0n) return this.deployerPays(token, holder, balances);
    const amount = 1n + (balance * BigInt(this.random.below(200))) / 1000n;
    const to = this.recipient();
    balances.set(holder, balance - amount);
    balances.set(to, (balances.get(to) ?? 0n) + amount);
    return this.call('DevToken', token, 'transfer', [to, amount], 90_000n);
  }

  private deployerPays(token: Hex, to: Hex, balances: Map<Hex, bigint>): Call {
    const deployer = this.accounts[DEPLOYER]!.address;
    const stash = balances.get(deployer)!;
    const amount = stash / 1000n;
    balances.set(deployer, stash - amount);
    balances.set(to, (balances.get(to) ?? 0n) + amount);
    return { ...this.call('DevToken', token, 'transfer', [to, amount], 90_000n), signer: DEPLOYER };
  }

  private nftMint(d: Deployed): Call {
    const collection = this.random.pick(d.collections);
    const owners = this.nftOwners.get(collection)!;
    const to = this.random.below(this.accounts.length);
    owners.push(to);
    return this.call('DevCollectible', collection, 'mint', [this.accounts[to]!.address], 250_000n);
  }

  private nftTransfer(from: number, d: Deployed): Call | undefined {
    const collection = this.random.pick(d.collections);
    const owners = this.nftOwners.get(collection)!;
    const tokenIndex = owners.indexOf(from);
    if (tokenIndex < 0) return undefined;
    const to = this.random.below(this.accounts.length);
    owners[tokenIndex] = to;
    const fromAddress = this.accounts[from]!.address;
    return this.call(
      'DevCollectible',
      collection,
      this.random.below(2) === 0 ? 'transferFrom' : 'safeTransferFrom',
      [fromAddress, this.accounts[to]!.address, BigInt(tokenIndex + 1)],
      150_000n,
    );
  }

  private multiMint(to: number, d: Deployed): Call {
    const ids = [BigInt(1 + this.random.below(5)), BigInt(6 + this.random.below(5))];
    const amounts = ids.map(() => BigInt(1 + this.random.below(100)));
    const held = this.multiHeld(to);
    ids.forEach((id, i) => held.set(id, (held.get(id) ?? 0n) + amounts[i]!));
    return this.call(
      'DevMultiToken',
      d.multiToken,
      'mintBatch',
      [this.accounts[to]!.address, ids, amounts],
      300_000n,
    );
  }

  private multiTransfer(from: number, d: Deployed): Call | undefined {
    const held = this.multiHeld(from);
    const ids = [...held].filter(([, amount]) => amount > 0n).map(([id]) => id);
    if (ids.length === 0) return undefined;
    const to = this.random.below(this.accounts.length);
    const received = this.multiHeld(to);
    const moved = ids.slice(0, 1 + this.random.below(ids.length));
    const amounts = moved.map((id) => 1n + BigInt(this.random.below(Number(held.get(id)!))));
    moved.forEach((id, i) => {
      held.set(id, held.get(id)! - amounts[i]!);
      received.set(id, (received.get(id) ?? 0n) + amounts[i]!);
    });
    const [fromAddress, toAddress] = [this.accounts[from]!.address, this.accounts[to]!.address];
    return moved.length === 1
      ? this.call(
          'DevMultiToken',
          d.multiToken,
          'safeTransferFrom',
          [fromAddress, toAddress, moved[0], amounts[0], '0x'],
          150_000n,
        )
      : this.call(
          'DevMultiToken',
          d.multiToken,
          'safeBatchTransferFrom',
          [fromAddress, toAddress, moved, amounts, '0x'],
          250_000n,
        );
  }

  private multiHeld(account: number): Map<bigint, bigint> {
    let held = this.multiBalances.get(account);
    if (!held) this.multiBalances.set(account, (held = new Map<bigint, bigint>()));
    return held;
  }

  private createChild(d: Deployed, deterministic: boolean): Call {
    const label = ++this.childLabel;
    const salt = bytesToHex(derive(String(this.chain.spec.chainId), `salt/${label}`));
    const call = deterministic
      ? this.call('DevFactory', d.factory, 'create2', [label, salt], 300_000n)
      : this.call('DevFactory', d.factory, 'create', [label], 300_000n);
    return { ...call, value: BigInt(this.random.below(3)) * 10n ** 16n };
  }

  private spray(d: Deployed): Call {
    const recipients = Array.from({ length: 2 + this.random.below(6) }, () => this.recipient());
    const call = this.call('DevFactory', d.factory, 'spray', [recipients], 400_000n);
    return { ...call, value: BigInt(recipients.length) * 10n ** 15n * BigInt(1 + this.random.below(10)) };
  }

  private relay(d: Deployed): Call {
    const call = this.call('DevFactory', d.factory, 'relay', [++this.childLabel, this.recipient()], 400_000n);
    return { ...call, value: 10n ** 15n };
  }

  /**
   * An ICM message to the other EVM chain, sent by the deployer (the app's operator) with a DUSD fee: mostly to the
   * receiver contract, sometimes to an account, where execution fails.
   */
  private sendIcmMessage(d: Deployed): Call {
    const message = encodeAbiParameters(
      [{ type: 'string' }, { type: 'uint256' }],
      ['hello from the devnet', BigInt(this.random.below(1_000_000))],
    );
    const input = {
      destinationBlockchainID: toHex(this.icmDestination),
      destinationAddress: this.random.below(5) === 0 ? this.recipient() : d.icmReceiver,
      feeInfo: { feeTokenAddress: d.tokens[0]!, amount: ICM_FEE },
      requiredGasLimit: 100_000n,
      allowedRelayerAddresses: [],
      message,
    };
    const balances = this.tokenBalances.get(d.tokens[0]!)!;
    const deployer = this.accounts[DEPLOYER]!.address;
    balances.set(deployer, balances.get(deployer)! - ICM_FEE);
    return {
      ...this.call('DevIcmMessenger', d.icmMessenger, 'sendCrossChainMessage', [input], 400_000n),
      signer: DEPLOYER,
    };
  }

  /**
   * Has `relayer` deliver signed Warp messages in the next block: one transaction each, the message as a predicate
   * in its access list, calling the messenger's receiveCrossChainMessage.
   */
  deliver(relayer: number, signedMessages: Uint8Array[]): void {
    for (const signed of signedMessages) this.deliveries.push({ relayer, signed });
  }

  /** Has the deployer (the L1's operator) hand the validator manager a message for the P-Chain in the next block. */
  sendValidatorMessage(manager: Hex, payload: Uint8Array): void {
    this.operatorCalls.push(
      this.call('DevValidatorManager', manager, 'sendValidatorMessage', [toHex(payload)], 200_000n),
    );
  }

  /** The messenger's address once deployed (the same on both chains). */
  get icmMessenger(): Hex | undefined {
    return this.deployed?.icmMessenger;
  }

  private failing(d: Deployed): Call {
    const reasons = ['not today', 'slippage too high', 'deadline passed'];
    return this.call('DevFactory', d.factory, 'fail', [this.random.pick(reasons)], 60_000n);
  }

  /** A token transfer of more than the sender holds: reverts with ERC20InsufficientBalance. */
  private overdraw(from: number, d: Deployed): Call {
    const token = d.tokens[0]!;
    const balance = this.tokenBalances.get(token)!.get(this.accounts[from]!.address) ?? 0n;
    return this.call('DevToken', token, 'transfer', [this.recipient(), balance + 1n], 90_000n);
  }

  private call(
    contract: ContractName,
    to: Hex,
    functionName: string,
    args: unknown[],
    gasLimit: bigint,
  ): Call {
    const abi: Abi = contractArtifacts()[contract].abi;
    return { to, data: encodeFunctionData({ abi, functionName, args }), value: 0n, gasLimit };
  }

  private sign(
    from: number,
    baseFee: bigint,
    call: Call,
    legacy = false,
    accessList: [Hex, Hex[]][] = [],
  ): TypedTransaction {
    const signer = call.signer ?? from;
    const common = this.chain.common;
    const tip = BigInt(this.random.below(3)) * GWEI;
    const base = {
      nonce: this.nonces[signer]!++,
      gasLimit: call.gasLimit,
      to: call.to,
      value: call.value,
      data: hexToBytes(call.data),
    };
    const tx = legacy
      ? createLegacyTx({ ...base, gasPrice: baseFee + tip }, { common })
      : createFeeMarket1559Tx(
          {
            ...base,
            maxFeePerGas: baseFee * 2n + tip,
            maxPriorityFeePerGas: tip,
            chainId: common.chainId(),
            accessList: accessList.map(([address, keys]) => ({ address, storageKeys: keys })),
          },
          { common },
        );
    return tx.sign(this.accounts[signer]!.privateKey);
  }
}
