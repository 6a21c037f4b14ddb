import { pvm, TransferableOutput, type Context } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { CODEC_VERSION, concat, u16, u32, u64 } from '../runtime/avalanche/linear-codec.ts';
import { ProposerChain } from './codec.ts';
import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { builderContext } from './identity.ts';
import { derive, type SeededRandom } from './seeded.ts';
import { rewardValidatorTx, StakingPlan, type Staker } from './p-chain-staking.ts';
import type { SharedMemory } from './shared-memory.ts';
import { Wallet, type Account } from './wallet.ts';
import { pChainGenesisOutputs } from './genesis.ts';
import { VALIDATOR_FEE_CONFIGS } from '../runtime/avalanche/validator-fees.ts';

/**
 * The P-Chain's history: real transactions (avalanchejs codecs, secp256k1 signatures) inside blocks in
 * avalanchego's platformvm format: BaseTx transfers with memos between the devnet's accounts, and the staking,
 * subnet and L1 transactions of the staking plan.
 */

export interface PlatformBlock {
  /** The proposervm block (what consensus accepts, and so what the Index API holds). */
  id: Uint8Array;
  bytes: Uint8Array;
  /** The platformvm block inside it. */
  innerId: Uint8Array;
  innerBytes: Uint8Array;
  height: bigint;
  timeSeconds: bigint;
  txIds: Uint8Array[];
}

const BANFF_PROPOSAL_BLOCK = 29;
const BANFF_COMMIT_BLOCK = 31;
const BANFF_STANDARD_BLOCK = 32;

const FEE_STATE = { capacity: 1_000_000n, excess: 0n, price: 1n, timestamp: '0' };

export class PChainBuilder {
  private readonly context: Context.Context;
  readonly wallet: Wallet;
  readonly staking: StakingPlan;
  private parentId: Uint8Array;
  private readonly proposer: ProposerChain;
  private height = 0n;
  private time = 0n;

  /** The last accepted height and the chain time it set. */
  get tip(): { height: bigint; timeSeconds: bigint } {
    return { height: this.height, timeSeconds: this.time };
  }
  private transfers = 0;

  constructor(
    identity: NetworkIdentity,
    seed: string,
    accounts: Account[],
    options: { genesisTimeSeconds: bigint; l1Genesis: Record<string, unknown> },
  ) {
    this.context = builderContext(identity);
    // The genesis block's parent is the hash of the genesis bytes; a value derived from the seed stands in for it.
    this.parentId = sha256(genesisBlockBytes(derive(seed, 'p-chain/genesis')));
    // Genesis is a pre-fork block: the first proposervm block's parent is the platformvm genesis itself.
    this.proposer = new ProposerChain(
      { id: this.parentId, timeSeconds: options.genesisTimeSeconds },
      BigInt(identity.upgrades.granite),
    );
    this.wallet = new Wallet(pChainGenesisOutputs(accounts), identity.avaxAssetId, accounts);
    this.staking = new StakingPlan({
      context: this.context,
      seed,
      wallet: this.wallet,
      accounts,
      fees: FEE_STATE,
      validatorFees: VALIDATOR_FEE_CONFIGS[identity.name],
      ...options,
    });
  }

  /**
   * The blocks up to `timeSeconds`: for every staker whose period ended, a proposal block with its
   * RewardValidatorTx at its end time and the commit that accepts it; then the standard block at `timeSeconds`.
   */
  nextBlocks(
    timeSeconds: bigint,
    random: SeededRandom,
    stakingRandom: SeededRandom,
    atomic: Uint8Array[] = [],
  ): PlatformBlock[] {
    const blocks = this.staking.rewardDue(timeSeconds).flatMap((staker) => this.rewardBlocks(staker));
    blocks.push(this.nextBlock(timeSeconds, random, stakingRandom, atomic));
    return blocks;
  }

  /** An ExportTx of `amount` from `account` to `destinationChainId`; its outputs wait in shared memory. */
  exportTo(
    destinationChainId: string,
    account: Account,
    amount: bigint,
    timeSeconds: bigint,
    memory: SharedMemory,
  ) {
    const unsignedTx = pvm.e.newExportTx(
      {
        ...this.spending(account, timeSeconds),
        destinationChainId,
        outputs: [TransferableOutput.fromNative(this.context.avaxAssetID, amount, [account.address])],
      },
      this.context,
    );
    return memory.settleExport(this.wallet, unsignedTx, account, destinationChainId);
  }

  /** ImportTxs of everything waiting in shared memory from `sourceChainId`, one per owner. */
  importFrom(
    sourceChainId: string,
    accounts: Account[],
    timeSeconds: bigint,
    memory: SharedMemory,
  ): Uint8Array[] {
    return memory.settleImports(this.context.pBlockchainID, accounts, this.wallet, (account, utxos) =>
      pvm.e.newImportTx(
        {
          feeState: FEE_STATE,
          minIssuanceTime: timeSeconds,
          fromAddressesBytes: [account.address],
          utxos,
          sourceChainId,
          toAddressesBytes: [account.address],
        },
        this.context,
      ),
    );
  }

  /** A RegisterL1ValidatorTx: the L1's signed RegisterL1Validator message, the new key's proof, its balance. */
  registerL1Validator(
    account: Account,
    message: Uint8Array,
    proofOfPossession: Uint8Array,
    balance: bigint,
    timeSeconds: bigint,
  ): Uint8Array {
    const unsignedTx = pvm.e.newRegisterL1ValidatorTx(
      { ...this.spending(account, timeSeconds), balance, blsSignature: proofOfPossession, message },
      this.context,
    );
    return this.wallet.settle(unsignedTx, account);
  }

  /** A SetL1ValidatorWeightTx carrying the L1's signed L1ValidatorWeight message. */
  setL1ValidatorWeight(account: Account, message: Uint8Array, timeSeconds: bigint): Uint8Array {
    const unsignedTx = pvm.e.newSetL1ValidatorWeightTx(
      { ...this.spending(account, timeSeconds), message },
      this.context,
    );
    return this.wallet.settle(unsignedTx, account);
  }

  /** What every transaction `account` pays for spends from: its UTXOs, change back to it. */
  private spending(account: Account, timeSeconds: bigint) {
    return {
      feeState: FEE_STATE,
      minIssuanceTime: timeSeconds,
      fromAddressesBytes: [account.address],
      changeAddressesBytes: [account.address],
      utxos: this.wallet.spendable(account),
    };
  }

  /**
   * A BanffProposalBlock (no decision transactions, then the RewardValidatorTx) in a proposervm block, and the
   * BanffCommitBlock after it in a proposervm option block (codec 0, type 1, parent, inner bytes; its id is the
   * sha256 of all of it). Both carry the staker's end time; the commit's height is the proposal's plus one.
   */
  private rewardBlocks(staker: Staker): PlatformBlock[] {
    const time = staker.endSeconds;
    const reward = rewardValidatorTx(staker.txId);
    this.height += 1n;
    // A proposal block charges the L1 validators' fee like a standard block; its commit, at the same time, does not.
    this.staking.startBlock(this.height, time);
    this.staking.endBlock();
    const proposal = concat(
      u16(CODEC_VERSION),
      u32(BANFF_PROPOSAL_BLOCK),
      u64(time),
      u32(0),
      this.parentId,
      u64(this.height),
      reward.bytesInBlock,
    );
    const proposalId = sha256(proposal);
    const outerProposal = this.proposer.wrap(time, this.height - 1n, proposal);
    const first: PlatformBlock = {
      ...outerProposal,
      innerId: proposalId,
      innerBytes: proposal,
      height: this.height,
      timeSeconds: time,
      txIds: [reward.id],
    };
    this.height += 1n;
    const commit = concat(
      u16(CODEC_VERSION),
      u32(BANFF_COMMIT_BLOCK),
      u64(time),
      proposalId,
      u64(this.height),
    );
    const option = this.proposer.option(commit);
    const second: PlatformBlock = {
      ...option,
      innerId: sha256(commit),
      innerBytes: commit,
      height: this.height,
      timeSeconds: time,
      txIds: [],
    };
    this.parentId = second.innerId;
    staker.removedAtHeight = this.height;
    this.time = time;
    return [first, second];
  }

  /**
   * Builds the next block (height + 1) at `timeSeconds`: the staking plan's transactions for that height, then 1–3
   * transfers chosen by `random`.
   */
  private nextBlock(
    timeSeconds: bigint,
    random: SeededRandom,
    stakingRandom: SeededRandom,
    atomic: Uint8Array[],
  ): PlatformBlock {
    // The fee is charged first: the block's top-ups, registrations and refunds start from its AccruedFees.
    this.staking.startBlock(this.height + 1n, timeSeconds);
    const txs = [...this.staking.transactionsAt(this.height + 1n, timeSeconds, stakingRandom), ...atomic];
    const txIds = txs.map((tx) => sha256(tx));
    const count = 1 + random.below(3);
    for (let i = 0; i < count; i++) {
      const signed = this.transfer(random, timeSeconds);
      if (!signed) continue;
      txs.push(signed);
      txIds.push(sha256(signed));
    }
    this.staking.endBlock();
    this.height += 1n;
    this.time = timeSeconds;
    const bytes = concat(
      u16(CODEC_VERSION),
      u32(BANFF_STANDARD_BLOCK),
      u64(timeSeconds),
      this.parentId,
      u64(this.height),
      u32(txs.length),
      // Inside a block each transaction is encoded without its own codec version.
      ...txs.map((tx) => tx.subarray(2)),
    );
    const innerId = sha256(bytes);
    this.parentId = innerId;
    const outer = this.proposer.wrap(timeSeconds, this.height - 1n, bytes);
    return { ...outer, innerId, innerBytes: bytes, height: this.height, timeSeconds, txIds };
  }

  private transfer(random: SeededRandom, timeSeconds: bigint): Uint8Array | undefined {
    const chosen = this.wallet.chooseTransfer(random);
    const { amount } = chosen;
    let { sender, recipient } = chosen;
    // The subnet owner's wallet already holds the change of the L1 setup transactions (built up front, accepted at
    // heights 1 to 3): until the last of them is accepted, it must not spend that change.
    const isOwner = (account: Account) => Buffer.compare(account.address, this.staking.owner.address) === 0;
    if (this.height + 1n <= L1_SETUP_HEIGHT && isOwner(sender)) {
      if (isOwner(recipient)) return undefined;
      [sender, recipient] = [recipient, sender];
    }
    const unsignedTx = pvm.e.newBaseTx(
      {
        ...this.spending(sender, timeSeconds),
        memo: new TextEncoder().encode(`devnet transfer #${++this.transfers}`),
        outputs: [TransferableOutput.fromNative(this.context.avaxAssetID, amount, [recipient.address])],
      },
      this.context,
    );
    return this.wallet.settle(unsignedTx, sender);
  }
}

/** The height of the last of the L1 setup transactions (CreateSubnetTx, CreateChainTx, ConvertSubnetToL1Tx). */
const L1_SETUP_HEIGHT = 3n;

/** avalanchego's P-Chain genesis block: an ApricotCommitBlock at height 0 (never indexed). */
function genesisBlockBytes(genesisBytesHash: Uint8Array): Uint8Array {
  return concat(u16(CODEC_VERSION), u32(2), genesisBytesHash, u64(0n));
}
