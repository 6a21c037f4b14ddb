import { bytesToHex, hexToBytes } from '@ethereumjs/util';
import { createTx } from '@ethereumjs/tx';
import { decodeAbiParameters } from 'viem';
import { SEND_WARP_MESSAGE_TOPIC, WARP_PRECOMPILE_ADDRESS } from './evm/warp-precompile.ts';
import type { IndexName } from '../runtime/avalanche/index-names.ts';
import { ProposerChain } from './codec.ts';
import { EvmActivity, evmAccount, passiveAddresses, type EvmAccount } from './evm/activity.ts';
import type { Context } from '@avalabs/avalanchejs';
import { EvmChain, type EvmBlock } from './evm/chain.ts';
import {
  corethChainConfig,
  subnetEvmChainConfig,
  subnetEvmGenesis,
  SUBNET_EVM_FEE_CONFIG,
} from './evm/chain-config.ts';
import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { builderContext } from './identity.ts';
import { MemoryContainers } from './memory-containers.ts';
import { PChainBuilder } from './p-chain.ts';
import { SeededRandom } from './seeded.ts';
import { contractArtifacts } from './evm/contracts.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  L1_VALIDATOR_BALANCE,
  VALIDATOR_MANAGER_ADDRESS,
  type DevnetValidator,
  type L1ValidatorState,
} from './p-chain-staking.ts';
import { IcmRelayer, warpVerifier, type WarpNetwork } from './icm-relayer.ts';
import { isActiveAt, PRIMARY_NETWORK_ID } from './validator-sets.ts';
import { deriveValidator } from './validator-identity.ts';
import { decodeCb58 } from '../runtime/formatting/cb58.ts';
import { parseNodeId } from '../runtime/formatting/address.ts';
import { addressedCall, unsignedWarpMessage } from '../runtime/avalanche/warp.ts';
import {
  l1ValidatorWeightPayload,
  registerL1ValidatorPayload,
  subnetToL1ConversionPayload,
} from '../runtime/avalanche/l1-messages.ts';
import { WarpMessages } from './warp.ts';
import { deriveAccounts, type Account } from './wallet.ts';
import { devnetGenesisConfig } from './genesis.ts';
import { SharedMemory } from './shared-memory.ts';
import { cChainExport, cChainImport, type CChainAtomicTx } from './c-chain-atomic.ts';
import { XChainBuilder } from './x-chain.ts';

/** What each devnet account holds on each EVM at genesis: 1,000,000 AVAX (or the L1's native token). */
const EVM_GENESIS_BALANCE = 10n ** 24n;
const ZERO_HASH = `0x${'00'.repeat(32)}`;
const ZERO_ADDRESS = `0x${'00'.repeat(20)}`;
const toQuantity = (n: bigint) => `0x${n.toString(16)}`;
/** Accounts that only receive, per EVM: the long tail of addresses. */
const PASSIVE_ACCOUNTS = 500;
/** The account that relays ICM messages (the last of the devnet's accounts). */
const RELAYER_ACCOUNT_FROM_END = 1;
/** The L1's EVM chain id. */
export const L1_EVM_CHAIN_ID = 7331;

export interface DevnetParameters {
  identity: NetworkIdentity;
  seed: string;
  genesisTimeSeconds: bigint;
  historySeconds: bigint;
  /** Simulated time between two history blocks. */
  blockIntervalSeconds: bigint;
  accounts: number;
  /** Where the NFT collections' token URIs point (the devnet's own metadata routes). */
  metadataBaseUrl: string;
}

/** The devnet's Subnet-EVM L1. */
export interface L1Identity {
  subnetId: string;
  blockchainId: string;
  evmChainId: number;
}

export interface EvmChainEntry {
  /** The alias or blockchain id its routes answer to (/ext/bc/<alias>/rpc). */
  aliases: string[];
  chain: EvmChain;
  chainConfig: Record<string, unknown>;
}

/**
 * The devnet's chains and what a node with indexing enabled would hold of them. `generateHistory` builds the
 * simulated past deterministically from the parameters; `advanceOnSchedule` extends it on the same schedule (live
 * mode).
 */
export class Devnet {
  readonly containers = new MemoryContainers();
  readonly parameters: DevnetParameters;
  readonly l1: L1Identity;
  readonly cChain: EvmChainEntry;
  /** The Warp messages the devnet's chains emitted: what its validators agree to sign. */
  readonly warp = new WarpMessages();
  private conversionRecorded = false;
  private readonly relayer: IcmRelayer;
  /** The avalanchejs builder context of the devnet's identity (for the C-Chain's atomic transactions). */
  private readonly context: Context.Context;
  /** The devnet's accounts on the EVM chains, in the same order as `accounts`. */
  private readonly evmAccounts: EvmAccount[];
  /** Messages from the L1's validator manager to the P-Chain, with the step they were emitted at. */
  private readonly validatorMessages: { unsigned: Uint8Array; step: number }[] = [];
  private pendingRegistration: (DevnetValidator & { validationId: Uint8Array }) | undefined;
  private pendingWeight: { validator: L1ValidatorState; weight: bigint } | undefined;
  private weightChanged: { validator: L1ValidatorState; weight: bigint } | undefined;
  private step = 0;
  private readonly advanceListeners = new Set<() => void>();
  readonly l1Chain: EvmChainEntry;
  readonly pChain: PChainBuilder;
  readonly xChain: XChainBuilder;
  /** Before this time the X-Chain accepts vertices, after it blocks (the Cortina upgrade, half-way through the history). */
  private readonly cortinaSeconds: bigint;
  private readonly random: SeededRandom;
  // The X-Chain draws from its own stream, so adding it left the P-Chain's history as it was.
  private readonly xRandom: SeededRandom;
  private readonly cRandom: SeededRandom;
  private readonly stakingRandom: SeededRandom;
  private readonly atomicRandom: SeededRandom;
  private readonly sharedMemory = new SharedMemory();
  private readonly accounts: Account[];
  private lastTimeSeconds: bigint;
  private readonly cActivity: EvmActivity;
  private readonly l1Activity: EvmActivity;
  /** The configuration the devnet's primary network starts from, as avalanchego's `--genesis-file` holds it. */
  readonly genesisConfig: Record<string, unknown>;
  /** The C-Chain's proposervm: the C/block index holds its blocks. */
  private readonly cProposer: ProposerChain;

  static async create(parameters: DevnetParameters): Promise<Devnet> {
    const { identity, seed, genesisTimeSeconds } = parameters;
    const accounts = deriveAccounts(seed, parameters.accounts);
    const evmAccounts = accounts.map((a) => evmAccount(a.privateKey));
    const alloc = evmAccounts.map((a) => ({ address: hexToBytes(a.address), balance: EVM_GENESIS_BALANCE }));
    // The L1 starts with its validator manager in place, where its conversion says it is.
    const l1Alloc = [
      ...alloc,
      {
        address: hexToBytes(VALIDATOR_MANAGER_ADDRESS),
        balance: 0n,
        code: hexToBytes(contractArtifacts().DevValidatorManager.deployedBytecode),
      },
    ];
    // The P-Chain comes first: the L1's ids are those of its CreateSubnetTx and CreateChainTx.
    const pChain = new PChainBuilder(identity, seed, accounts, {
      genesisTimeSeconds,
      l1Genesis: subnetEvmGenesis({
        chainId: L1_EVM_CHAIN_ID,
        timestampSeconds: genesisTimeSeconds,
        alloc: l1Alloc,
      }),
    });
    const cChainId = decodeCb58(identity.cChainId);
    const l1ChainId = decodeCb58(pChain.staking.blockchainId);
    const network: WarpNetwork = {
      networkId: identity.networkId,
      staking: pChain.staking,
      pChainHeight: () => pChain.tip.height,
      subnetOf: (id) =>
        id === hex(cChainId)
          ? PRIMARY_NETWORK_ID
          : id === hex(l1ChainId)
            ? pChain.staking.subnetId
            : undefined,
    };
    const cChain = await EvmChain.create({
      flavor: 'coreth',
      chainId: BigInt(identity.evmChainId),
      // ACP-176 at rest: capacity 10 M gas, prices at the 1 wei floor; the genesis block keeps AP3's initial fee.
      gasLimit: 10_000_000n,
      minBaseFee: 1n,
      genesisBaseFee: 225_000_000_000n,
      genesisTimeSeconds,
      alloc,
      warp: {
        networkId: identity.networkId,
        blockchainId: cChainId,
        verify: warpVerifier(network, cChainId),
        pChainHeight: network.pChainHeight,
      },
    });
    const l1Chain = await EvmChain.create({
      flavor: 'subnet-evm',
      chainId: BigInt(L1_EVM_CHAIN_ID),
      gasLimit: BigInt(SUBNET_EVM_FEE_CONFIG.gasLimit),
      minBaseFee: BigInt(SUBNET_EVM_FEE_CONFIG.minBaseFee),
      genesisBaseFee: BigInt(SUBNET_EVM_FEE_CONFIG.minBaseFee),
      genesisTimeSeconds,
      alloc: l1Alloc,
      warp: {
        networkId: identity.networkId,
        blockchainId: l1ChainId,
        verify: warpVerifier(network, l1ChainId),
        pChainHeight: network.pChainHeight,
      },
    });
    return new Devnet(parameters, pChain, evmAccounts, cChain, l1Chain, new IcmRelayer(network));
  }

  private constructor(
    parameters: DevnetParameters,
    pChain: PChainBuilder,
    evmAccounts: EvmAccount[],
    cChain: EvmChain,
    l1Chain: EvmChain,
    relayer: IcmRelayer,
  ) {
    this.relayer = relayer;
    this.parameters = parameters;
    const { identity, seed } = parameters;
    this.context = builderContext(identity);
    this.evmAccounts = evmAccounts;
    this.pChain = pChain;
    // The L1's ids are those of the P-Chain transactions that created it.
    this.l1 = {
      subnetId: this.pChain.staking.subnetId,
      blockchainId: this.pChain.staking.blockchainId,
      evmChainId: L1_EVM_CHAIN_ID,
    };
    this.cChain = {
      aliases: ['C', identity.cChainId],
      chain: cChain,
      chainConfig: corethChainConfig(identity),
    };
    this.l1Chain = {
      aliases: [this.l1.blockchainId],
      chain: l1Chain,
      chainConfig: subnetEvmChainConfig(identity, L1_EVM_CHAIN_ID, parameters.genesisTimeSeconds),
    };
    const activity = (chain: EvmChain, name: string, meanTxsPerBlock: number, icmDestination: Uint8Array) =>
      new EvmActivity({
        chain,
        random: new SeededRandom(seed, `${name}-activity`),
        accounts: evmAccounts,
        passive: passiveAddresses(seed, name, PASSIVE_ACCOUNTS),
        metadataBaseUrl: parameters.metadataBaseUrl,
        meanTxsPerBlock,
        icmDestination,
      });
    this.cActivity = activity(cChain, 'c', 1.3, l1Chain.spec.warp.blockchainId);
    this.l1Activity = activity(l1Chain, 'l1', 0.5, cChain.spec.warp.blockchainId);
    // Submitted transactions (eth_sendRawTransaction) join blocks once the devnet's contracts are deployed.
    const keys = new Map(evmAccounts.map((a) => [a.address.toLowerCase(), a.privateKey]));
    for (const [chain, activity] of [
      [cChain, this.cActivity],
      [l1Chain, this.l1Activity],
    ] as const) {
      chain.acceptSubmitted({
        ready: () => activity.icmMessenger !== undefined,
        resign: (tx, nonce) => {
          const key = keys.get(tx.getSenderAddress().toString());
          if (!key) return undefined;
          const { v: _v, r: _r, s: _s, yParity: _y, ...fields } = tx.toJSON();
          return createTx({ ...fields, type: tx.type, nonce }, { common: chain.common }).sign(key);
        },
      });
    }
    this.cProposer = new ProposerChain(
      { id: cChain.head.hash, timeSeconds: parameters.genesisTimeSeconds },
      BigInt(identity.upgrades.granite),
    );
    this.accounts = deriveAccounts(seed, parameters.accounts);
    this.genesisConfig = devnetGenesisConfig({
      identity,
      accounts: this.accounts,
      evmAccounts,
      startTimeSeconds: parameters.genesisTimeSeconds,
      cChainGenesis: {
        config: this.cChain.chainConfig,
        nonce: '0x0',
        timestamp: toQuantity(parameters.genesisTimeSeconds),
        extraData: '0x00',
        gasLimit: toQuantity(cChain.head.header.gasLimit),
        difficulty: '0x0',
        mixHash: ZERO_HASH,
        coinbase: ZERO_ADDRESS,
        number: '0x0',
        gasUsed: '0x0',
        parentHash: ZERO_HASH,
        alloc: Object.fromEntries(
          evmAccounts.map((a) => [a.address.slice(2), { balance: toQuantity(EVM_GENESIS_BALANCE) }]),
        ),
      },
    });
    this.xChain = new XChainBuilder(identity, seed, this.accounts);
    this.cortinaSeconds = parameters.genesisTimeSeconds + parameters.historySeconds / 2n;
    this.random = new SeededRandom(parameters.seed, 'activity');
    this.xRandom = new SeededRandom(parameters.seed, 'x-activity');
    this.cRandom = new SeededRandom(parameters.seed, 'c-acceptance');
    this.stakingRandom = new SeededRandom(parameters.seed, 'p-staking');
    this.atomicRandom = new SeededRandom(parameters.seed, 'atomic');
    this.lastTimeSeconds = parameters.genesisTimeSeconds;
  }

  /** Builds the simulated past, letting other work (serving requests) run between blocks. */
  async generateHistory(signal?: AbortSignal): Promise<void> {
    const end = this.parameters.genesisTimeSeconds + this.parameters.historySeconds;
    let produced = 0;
    while (this.scheduledTime(this.step + 1) <= end) {
      signal?.throwIfAborted();
      await this.advanceOnSchedule();
      if (++produced % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Produces the next step at its simulated time, one block interval after the previous one, in the history and live
   * alike: never the wall clock's, so every block is a function of the seed, the parameters and its height, and a
   * devnet started again serves the chain it served before.
   */
  async advanceOnSchedule(): Promise<void> {
    await this.advance(this.scheduledTime(this.step + 1));
  }

  private scheduledTime(step: number): bigint {
    return this.parameters.genesisTimeSeconds + BigInt(step) * this.parameters.blockIntervalSeconds;
  }

  /**
   * Produces the next block of every chain at `timeSeconds` (never before the previous ones); an EVM chain skips the
   * step when nobody transacts on it.
   */
  async advance(timeSeconds: bigint): Promise<void> {
    const time = timeSeconds > this.lastTimeSeconds ? timeSeconds : this.lastTimeSeconds + 1n;
    this.lastTimeSeconds = time;
    this.step++;
    const { pAtomic: atomicP, xAtomic, cAtomic } = this.atomicTransactions(time);
    const pAtomic = [...this.l1ValidatorTransactions(time), ...atomicP];
    for (const pBlock of this.pChain.nextBlocks(time, this.random, this.stakingRandom, pAtomic)) {
      this.accept('P/block', pBlock, this.acceptanceTime(pBlock.timeSeconds, this.random));
    }
    if (this.weightChanged) {
      const { validator, weight } = this.weightChanged;
      const change = { height: this.pChain.tip.height, weight, previous: validator.weight };
      validator.weightChanges = [...(validator.weightChanges ?? []), change];
      validator.weight = weight;
      this.weightChanged = undefined;
    }
    if (!this.conversionRecorded && this.pChain.tip.height >= 3n) {
      // Once the conversion is accepted, the P-Chain attests to it: SubnetToL1Conversion, from no address.
      const payload = addressedCall(
        new Uint8Array(0),
        subnetToL1ConversionPayload(this.pChain.staking.conversionId),
      );
      const pChainId = new Uint8Array(32);
      this.warp.record(pChainId, unsignedWarpMessage(this.parameters.identity.networkId, pChainId, payload));
      this.conversionRecorded = true;
    }
    const x =
      time < this.cortinaSeconds
        ? this.xChain.nextVertex(time, this.xRandom, xAtomic)
        : this.xChain.nextBlock(time, this.xRandom, xAtomic);
    const xAccepted = this.acceptanceTime(time, this.xRandom);
    this.accept(time < this.cortinaSeconds ? 'X/vtx' : 'X/block', x.container, xAccepted);
    for (const tx of x.txs) this.accept('X/tx', tx, xAccepted);

    // The relayer hands each chain the messages due there; the chain delivers them in its next block.
    this.cActivity.deliver(
      this.relayerAccount,
      this.relayer.deliverable(this.cChain.chain.spec.warp.blockchainId, this.step),
    );
    this.l1Activity.deliver(
      this.relayerAccount,
      this.relayer.deliverable(this.l1Chain.chain.spec.warp.blockchainId, this.step),
    );
    const cBlock =
      (await this.cActivity.nextBlock(time, cAtomic)) ?? (await this.submittedOnly(this.cChain.chain, time));
    if (cBlock) this.recordWarpMessages(this.cChain.chain, cBlock);
    if (cBlock) {
      const wrapped = this.cProposer.wrap(time, BigInt(this.containers.count('P/block')), cBlock.bytes);
      this.accept('C/block', wrapped, this.acceptanceTime(time, this.cRandom));
    }
    const l1Block =
      (await this.l1Activity.nextBlock(time)) ?? (await this.submittedOnly(this.l1Chain.chain, time));
    if (l1Block) this.recordWarpMessages(this.l1Chain.chain, l1Block);
    for (const listener of this.advanceListeners) listener();
  }

  /** A block of submitted transactions alone, when the devnet itself sends nothing at this step but some wait. */
  private async submittedOnly(chain: EvmChain, time: bigint): Promise<EvmBlock | undefined> {
    if (!(await chain.mempool.hasExecutable(chain.nextBaseFee(), chain.spec.gasLimit))) return undefined;
    return chain.produce(time, []);
  }

  /**
   * Value moving between the chains through shared memory, each export imported at the next step: every 45 steps an
   * account moves 5–50 AVAX from the X-Chain to the P-Chain (phase 20), from the P-Chain to the X-Chain (40), from
   * the X-Chain to its C-Chain balance (30) and from its C-Chain balance to the P-Chain (10).
   */
  private atomicTransactions(time: bigint): {
    pAtomic: Uint8Array[];
    xAtomic: Uint8Array[];
    cAtomic: (() => CChainAtomicTx)[];
  } {
    const none = { pAtomic: [], xAtomic: [], cAtomic: [] };
    const { pChainId, xChainId, cChainId } = this.parameters.identity;
    const memory = this.sharedMemory;
    const amount = () => BigInt(5 + this.atomicRandom.below(46)) * 1_000_000_000n;
    const pick = () => this.atomicRandom.below(this.accounts.length);
    switch (this.step % 45) {
      case 20:
        return {
          ...none,
          xAtomic: [this.xChain.exportTo(pChainId, this.accounts[pick()]!, amount(), time, memory)],
        };
      case 21:
        return { ...none, pAtomic: this.pChain.importFrom(xChainId, this.accounts, time, memory) };
      case 40:
        return {
          ...none,
          pAtomic: [this.pChain.exportTo(xChainId, this.accounts[pick()]!, amount(), time, memory)],
        };
      case 41:
        return { ...none, xAtomic: this.xChain.importFrom(pChainId, this.accounts, time, memory) };
      case 30:
        return {
          ...none,
          xAtomic: [this.xChain.exportTo(cChainId, this.accounts[pick()]!, amount(), time, memory)],
        };
      case 31: {
        const context = this.context;
        const imports = memory.waiting(cChainId).map((owner) => {
          const index = this.accounts.findIndex((a) => Buffer.compare(a.address, owner) === 0);
          const utxos = memory.take(cChainId, owner);
          return () => cChainImport(context, this.accounts[index]!, this.evmAddress(index), utxos, xChainId);
        });
        return { ...none, cAtomic: imports };
      }
      case 10: {
        const index = pick();
        const value = amount();
        const context = this.context;
        const exportTx = () =>
          cChainExport(
            context,
            this.accounts[index]!,
            this.evmAddress(index),
            value,
            this.cActivity.takeNonce(index),
            pChainId,
            memory,
          );
        return { ...none, cAtomic: [exportTx] };
      }
      case 11:
        return { ...none, pAtomic: this.pChain.importFrom(cChainId, this.accounts, time, memory) };
      default:
        return none;
    }
  }

  /**
   * The L1 changes its validators the ACP-77 way: at step 60 its operator has the validator manager send a
   * RegisterL1Validator message; two steps later, signed by the L1's validators, it goes into the P-Chain's
   * RegisterL1ValidatorTx with the new key's proof of possession and a balance. At step 100 an L1ValidatorWeight
   * message raises that validator's weight the same way (SetL1ValidatorWeightTx).
   */
  private l1ValidatorTransactions(time: bigint): Uint8Array[] {
    const staking = this.pChain.staking;
    if (this.step === 60) {
      const validator = deriveValidator(this.parameters.seed, 'l1/registered');
      const payload = registerL1ValidatorPayload({
        subnetId: decodeCb58(staking.subnetId),
        nodeId: parseNodeId(validator.nodeId),
        blsPublicKey: validator.bls.publicKey,
        expirySeconds: time + 12n * 3600n,
        owner: staking.owner.address,
        weight: 100n,
      });
      this.l1Activity.sendValidatorMessage(VALIDATOR_MANAGER_ADDRESS, payload);
      this.pendingRegistration = { ...validator, validationId: sha256(payload) };
    }
    if (this.step === 100) {
      // Later the manager raises the registered validator's weight (nonce 0, the first change).
      const registered = staking.l1Validators.at(-1)!;
      this.pendingWeight = { validator: registered, weight: 150n };
      this.l1Activity.sendValidatorMessage(
        VALIDATOR_MANAGER_ADDRESS,
        l1ValidatorWeightPayload(registered.validationId, 0n, 150n),
      );
    }
    const ready = this.validatorMessages.filter((m) => m.step + 2 <= this.step);
    if (ready.length === 0) return [];
    this.validatorMessages.splice(0, ready.length);
    const signed = this.relayer.aggregate({
      unsigned: ready[0]!.unsigned,
      sourceChainId: this.l1Chain.chain.spec.warp.blockchainId,
      destinationChainId: new Uint8Array(32),
    });
    if (!signed) return [];
    if (this.pendingWeight) {
      // A weight of 0 would remove the validator and refund its balance as DisableL1ValidatorTx does; the devnet
      // never sets one, and that refund is not modelled.
      const { validator, weight } = this.pendingWeight;
      this.pendingWeight = undefined;
      this.weightChanged = { validator, weight };
      return [this.pChain.setL1ValidatorWeight(staking.owner, signed, time)];
    }
    if (!this.pendingRegistration) return [];
    const registration = this.pendingRegistration;
    this.pendingRegistration = undefined;
    const tx = this.pChain.registerL1Validator(
      staking.owner,
      signed,
      registration.bls.proofOfPossession,
      L1_VALIDATOR_BALANCE,
      time,
    );
    staking.registerAtNextBlock({ ...registration, weight: 100n, startSeconds: time }, L1_VALIDATOR_BALANCE);
    return [tx];
  }

  private evmAddress(index: number): Uint8Array {
    return hexToBytes(this.evmAccounts[index]!.address);
  }

  /** The Warp messages an accepted EVM block emitted (its Warp precompile's SendWarpMessage logs). */
  private recordWarpMessages(chain: EvmChain, block: EvmBlock): void {
    for (const t of block.transactions) {
      for (const log of t.receipt.logs) {
        if (bytesToHex(log.address) !== WARP_PRECOMPILE_ADDRESS) continue;
        if (bytesToHex(log.topics[0]!) !== SEND_WARP_MESSAGE_TOPIC) continue;
        const [unsigned] = decodeAbiParameters([{ type: 'bytes' }], bytesToHex(log.data));
        const sourceChainId = chain.spec.warp.blockchainId;
        this.warp.record(sourceChainId, hexToBytes(unsigned));
        if (bytesToHex(log.topics[1]!.subarray(12)) === VALIDATOR_MANAGER_ADDRESS) {
          // The L1's validator manager writes to the P-Chain.
          this.validatorMessages.push({ unsigned: hexToBytes(unsigned), step: this.step });
          continue;
        }
        // Every devnet messenger's message goes to the other EVM chain.
        const destinationChainId =
          chain === this.cChain.chain
            ? this.l1Chain.chain.spec.warp.blockchainId
            : this.cChain.chain.spec.warp.blockchainId;
        this.relayer.observe(
          { unsigned: hexToBytes(unsigned), sourceChainId, destinationChainId },
          this.step,
        );
      }
    }
  }

  private get relayerAccount(): number {
    return this.parameters.accounts - RELAYER_ACCOUNT_FROM_END;
  }

  /**
   * The validators that can sign at the P-Chain's tip, each a peer of the devnet's network: the primary network's
   * current validators that registered a BLS key, and the L1's active validators.
   */
  signingValidators(): { validator: DevnetValidator; subnet: 'primary' | 'l1' }[] {
    const { height } = this.pChain.tip;
    const primary = this.pChain.staking.everyStaker.filter(
      (s) =>
        s.kind === 'validator' &&
        s.addedAtHeight <= height &&
        s.removedAtHeight === undefined &&
        s.bls &&
        s.certificate,
    );
    const l1 = this.pChain.staking.l1Validators.filter(
      (v) => v.convertedAtHeight <= height && isActiveAt(v, height),
    );
    return [
      ...primary.map((s) => ({
        validator: { nodeId: s.nodeId, certificate: s.certificate!, bls: s.bls! },
        subnet: 'primary' as const,
      })),
      ...l1.map((v) => ({ validator: v, subnet: 'l1' as const })),
    ];
  }

  /** Calls `listener` after each step; returns what unsubscribes it. */
  onAdvance(listener: () => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
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

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
