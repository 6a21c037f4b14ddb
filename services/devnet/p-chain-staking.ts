import {
  BigIntPr,
  L1Validator,
  OutputOwners,
  PChainOwner,
  pvm,
  pvmSerial,
  TransferOutput,
  TransferableInput,
  TransferableOutput,
  UnsignedTx,
  Int,
  avaxSerial,
  utils,
  Id,
  Utxo,
  type Context,
} from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { encodeCb58 } from '../runtime/formatting/cb58.ts';
import { parseNodeId } from '../runtime/formatting/address.ts';
import type { StakingCertificate } from '../runtime/avalanche/p2p/staking-certificate.ts';
import type { BlsKey } from './bls.ts';
import { CODEC_VERSION, concat, u16, u32 } from '../runtime/avalanche/linear-codec.ts';
import { potentialReward, splitReward } from './staking-rewards.ts';
import type { SeededRandom } from './seeded.ts';
import { deriveValidator } from './validator-identity.ts';
import { conversionId, conversionValidationId } from '../runtime/avalanche/l1-messages.ts';
import { PRIMARY_NETWORK_SUBNET_ID, SUBNET_EVM_VM_ID } from '../runtime/avalanche/vms.ts';
import type { Account, Wallet } from './wallet.ts';
import type { ValidatorFeeConfig } from '../runtime/avalanche/validator-fees.ts';
import { L1ValidatorFees } from './l1-validator-fees.ts';

const NANO_AVAX_PER_AVAX = 1_000_000_000n;
/**
 * What each L1 validator is given when it joins (conversion or registration). At fuji's and mainnet's minimum price
 * (512 nAVAX/s, about 16.1 AVAX a year) it outlasts the longest history the devnet builds (DEVNET_HISTORY_HOURS is
 * at most a year), so no validator runs out of balance in it.
 */
export const L1_VALIDATOR_BALANCE = 20n * NANO_AVAX_PER_AVAX;
/** What each IncreaseL1ValidatorBalanceTx adds. */
const TOP_UP = NANO_AVAX_PER_AVAX / 10n;
/** Where the L1's validator manager lives on the L1 (the address avalanche-cli gives its proxy). */
export const VALIDATOR_MANAGER_ADDRESS = '0x0feedc0de0000000000000000000000000000000';
const DAY = 86_400n;
/** Staking periods outlast the default history, so no staker's period ends inside it. */
const VALIDATION_PERIOD = 300n * DAY;
const PRIMARY_VALIDATORS = 5;
const L1_VALIDATORS = 3;
/**
 * The L1 validators' weights in node-id order. The last one is disabled later; it is light enough that the two
 * others keep Warp's 67% quorum (inactive weight still counts in the total).
 */
const L1_VALIDATOR_WEIGHTS = [200n, 200n, 50n];
/** The devnet's stand-in for the network's supply when it starts (rewards add to it). */
const INITIAL_SUPPLY = 360_000_000n * NANO_AVAX_PER_AVAX;
/** RewardValidatorTx's type id in platformvm's codec. */
const REWARD_VALIDATOR_TX = 20;
const DELEGATION_SHARES = 20_000; // a 2% fee, in millionths
const pvmCodec = () => utils.getManagerForVM('PVM').getDefaultCodec();

/** A primary-network staker whose period runs: what its end needs to pay back and reward. */
export interface Staker {
  txId: Uint8Array;
  kind: 'validator' | 'delegator';
  nodeId: string;
  startSeconds: bigint;
  endSeconds: bigint;
  /** The stake, nAVAX. */
  weight: bigint;
  /** Validators: their BLS key. */
  bls?: BlsKey;
  /** Validators that registered a BLS key: the staking certificate their NodeID is the hash of. */
  certificate?: StakingCertificate;
  /** The P-Chain heights from which the staker counts, and from which it no longer does (its reward's commit). */
  addedAtHeight: bigint;
  removedAtHeight?: bigint;
  /** The staker transaction's BaseTx outputs: returned stake and rewards are numbered after them. */
  outputCount: number;
  stake: readonly TransferableOutput[];
  owner: Account;
  potentialReward: bigint;
  /** Validators: delegation fees accrued since Cortina, paid when the validator's own period ends. */
  delegateeReward: bigint;
  /** The reward UTXOs its RewardValidatorTx created (codec version first), as platform.getRewardUTXOs serves them. */
  rewardUtxos: Uint8Array[];
  validator?: Staker;
}

/** An L1 validator's weight at `height` (its current weight less the changes made after `height`). */
export function l1WeightAt(v: L1ValidatorState, height: bigint): bigint {
  const later = (v.weightChanges ?? []).filter((c) => c.height > height);
  return later.length > 0 ? later[0]!.previous : v.weight;
}

/** A RewardValidatorTx as it sits in a block (no codec version) and its id. */
export function rewardValidatorTx(stakerTxId: Uint8Array): { id: Uint8Array; bytesInBlock: Uint8Array } {
  // Signed with no credentials.
  const bytesInBlock = concat(u32(REWARD_VALIDATOR_TX), stakerTxId, u32(0));
  return { id: sha256(concat(u16(0), bytesInBlock)), bytesInBlock };
}

export interface DevnetValidator {
  /** The NodeID of `certificate`. */
  nodeId: string;
  certificate: StakingCertificate;
  bls: BlsKey;
}

/** One of the L1's validators as the P-Chain tracks it after the conversion. */
export interface L1ValidatorState extends DevnetValidator {
  validationId: Uint8Array;
  weight: bigint;
  /** nAVAX given to it so far: its conversion's or registration's balance and its top-ups. */
  deposited: bigint;
  /**
   * The AccruedFees (see StakingPlan.l1Fees) at which its balance is used up, 0 while inactive: its balance is
   * l1ValidatorBalance(it, l1Fees.accruedFees).
   */
  endAccumulatedFee: bigint;
  /** Set once the conversion is accepted. */
  startSeconds: bigint;
  convertedAtHeight: bigint;
  /**
   * The height from which it is inactive: its DisableL1ValidatorTx's, or the block where its balance ran out. The
   * devnet never tops up an inactive validator, so it stays inactive.
   */
  disabledAtHeight?: bigint;
  /** What its DisableL1ValidatorTx refunded to its remaining balance owner: the UTXO it created. */
  refund?: { txId: Uint8Array; outputIndex: number; amount: bigint };
  /** Weights set later by SetL1ValidatorWeightTx, from the height given (`weight` is the current one). */
  weightChanges?: { height: bigint; weight: bigint; previous: bigint }[];
}

export interface StakingPlanOptions {
  context: Context.Context;
  seed: string;
  wallet: Wallet;
  accounts: Account[];
  fees: { capacity: bigint; excess: bigint; price: bigint; timestamp: string };
  /** The network's ACP-77 continuous fee for L1 validators. */
  validatorFees: ValidatorFeeConfig;
  /** When the setup transactions are built (the P-Chain's genesis). */
  genesisTimeSeconds: bigint;
  /** The L1's Subnet-EVM genesis, as its CreateChainTx carries it. */
  l1Genesis: Record<string, unknown>;
}

/**
 * The P-Chain's staking, subnet and L1 activity, in the order a network grows: the L1's subnet, chain and
 * conversion (heights 1–3, so their ids are known from the start), primary-network validators with BLS keys
 * (heights 4–8), then, among the transfers, delegations to them, top-ups of the L1 validators' balances and, once,
 * an L1 validator disabled.
 */
export class StakingPlan {
  readonly subnetId: string;
  readonly blockchainId: string;
  readonly primaryValidators: DevnetValidator[];
  readonly l1Validators: L1ValidatorState[];
  readonly conversionId: Uint8Array;
  private readonly options: StakingPlanOptions;
  /** The account that owns the subnet and its L1 validators' balances. */
  readonly owner: Account;
  private readonly setup: Uint8Array[];
  private readonly activeL1Validators: Set<number>;
  /** Current primary-network stakers. */
  private readonly stakers: Staker[] = [];
  /** Every primary-network staker so far, current or rewarded, in the order added. */
  readonly everyStaker: Staker[] = [];
  /** The L1 validators' continuous fee: AccruedFees and excess at the last block started. */
  readonly l1Fees: L1ValidatorFees;
  /** An L1 validator whose RegisterL1ValidatorTx goes into the next standard block. */
  private pendingRegistration: { validator: L1ValidatorState; balance: bigint } | undefined;
  /** The height of the block being built. */
  private height = 0n;
  private supply = INITIAL_SUPPLY;

  constructor(options: StakingPlanOptions) {
    this.options = options;
    const { seed } = options;
    this.l1Fees = new L1ValidatorFees(options.validatorFees, options.genesisTimeSeconds);
    this.owner = options.accounts[0]!;
    const validator = (label: string): DevnetValidator => deriveValidator(seed, label);
    this.primaryValidators = Array.from({ length: PRIMARY_VALIDATORS }, (_, i) => validator(`primary/${i}`));

    const createSubnet = this.settle(
      pvm.e.newCreateSubnetTx({ ...this.common(), subnetOwners: [this.owner.address] }, options.context),
    );
    this.subnetId = encodeCb58(sha256(createSubnet));
    const createChain = this.settle(
      pvm.e.newCreateChainTx(
        {
          ...this.common(),
          chainName: 'devnet-l1',
          fxIds: [],
          genesisData: options.l1Genesis,
          subnetAuth: [0],
          subnetId: this.subnetId,
          vmId: SUBNET_EVM_VM_ID,
        },
        options.context,
      ),
    );
    this.blockchainId = encodeCb58(sha256(createChain));
    const subnetIdBytes = sha256(createSubnet);
    // The conversion lists its validators sorted by node id; each one's index in that list names it.
    const nodeIdBytes = (v: DevnetValidator) => parseNodeId(v.nodeId);
    this.l1Validators = Array.from({ length: L1_VALIDATORS }, (_, i) => validator(`l1/${i}`))
      .sort((a, b) => Buffer.compare(nodeIdBytes(a), nodeIdBytes(b)))
      .map((v, i) => ({
        ...v,
        validationId: conversionValidationId(subnetIdBytes, i),
        weight: L1_VALIDATOR_WEIGHTS[i]!,
        // Paid in once the conversion is accepted.
        deposited: L1_VALIDATOR_BALANCE,
        endAccumulatedFee: 0n,
        startSeconds: 0n,
        convertedAtHeight: 3n,
      }));
    const managerAddress = Buffer.from(VALIDATOR_MANAGER_ADDRESS.slice(2), 'hex');
    this.conversionId = conversionId({
      subnetId: subnetIdBytes,
      managerChainId: sha256(createChain),
      managerAddress,
      validators: this.l1Validators.map((v) => ({
        nodeId: nodeIdBytes(v),
        blsPublicKey: v.bls.publicKey,
        weight: v.weight,
      })),
    });
    const ownerOf = () => PChainOwner.fromNative([this.owner.address], 1);
    const convert = this.settle(
      pvm.e.newConvertSubnetToL1Tx(
        {
          ...this.common(),
          chainId: this.blockchainId,
          subnetId: this.subnetId,
          address: managerAddress,
          validators: this.l1Validators.map((v) =>
            L1Validator.fromNative(
              v.nodeId,
              v.weight,
              v.deposited,
              new pvmSerial.ProofOfPossession(v.bls.publicKey, v.bls.proofOfPossession),
              ownerOf(),
              ownerOf(),
            ),
          ),
          subnetAuth: [0],
        },
        options.context,
      ),
    );
    this.setup = [createSubnet, createChain, convert];
    this.activeL1Validators = new Set(this.l1Validators.map((_, i) => i));
  }

  /**
   * Before the transactions of a block that is not an option (a standard block, or a proposal block with its
   * RewardValidatorTx): the L1 validators pay the fee for the time since the parent block.
   */
  startBlock(height: bigint, timeSeconds: bigint): void {
    this.height = height;
    this.deactivate(this.l1Fees.startBlock(timeSeconds, this.l1Validators));
  }

  /** After the transactions of a block `startBlock` began: validators that cannot pay another second stop. */
  endBlock(): void {
    this.deactivate(this.l1Fees.endBlock(this.l1Validators));
  }

  /**
   * Records the L1 validator a RegisterL1ValidatorTx adds, with the balance it gives it: the validator counts from
   * the next standard block, the one that includes the transaction.
   */
  registerAtNextBlock(
    validator: Omit<L1ValidatorState, 'convertedAtHeight' | 'deposited' | 'endAccumulatedFee'>,
    balance: bigint,
  ): void {
    this.pendingRegistration = {
      validator: { ...validator, deposited: balance, endAccumulatedFee: 0n, convertedAtHeight: 0n },
      balance,
    };
  }

  /** The staking and L1 transactions of the block at `height`, built at `timeSeconds` (after `startBlock`). */
  transactionsAt(height: bigint, timeSeconds: bigint, random: SeededRandom): Uint8Array[] {
    this.height = height;
    if (this.pendingRegistration) {
      const { validator, balance } = this.pendingRegistration;
      this.pendingRegistration = undefined;
      validator.convertedAtHeight = height;
      this.l1Fees.deposit(validator, balance);
      this.l1Validators.push(validator);
    }
    if (height === 3n) {
      for (const v of this.l1Validators) {
        v.startSeconds = timeSeconds;
        this.l1Fees.deposit(v, v.deposited);
      }
    }
    if (height <= 3n) return [this.setup[Number(height) - 1]!];
    if (height <= 3n + BigInt(PRIMARY_VALIDATORS)) {
      const validator = this.primaryValidators[Number(height) - 4]!;
      // The first two join as validators did before Durango, without a BLS key.
      if (height <= 5n) return [this.addLegacyStaker(validator.nodeId, timeSeconds, VALIDATION_PERIOD)];
      return [this.addValidator(validator, timeSeconds, VALIDATION_PERIOD)];
    }
    if (height === 9n) {
      // And one delegation the old way, to the first of them.
      const target = this.stakers.find((s) => s.nodeId === this.primaryValidators[0]!.nodeId)!;
      return [this.addLegacyStaker(target.nodeId, timeSeconds, VALIDATION_PERIOD - 30n * DAY, target)];
    }
    if (height % 180n === 100n) {
      // A short validation, 1 to 3 days, by a node that comes and goes.
      const validator = deriveValidator(this.options.seed, `short/${height}`);
      return [this.addValidator(validator, timeSeconds, BigInt(1 + random.below(3)) * DAY)];
    }
    if (height % 90n === 0n) {
      // After a long gap (live blocks resuming long after the history) every validator may have left: a new
      // long-lived one joins first.
      if (this.delegationTargets(timeSeconds).length === 0) {
        const validator = deriveValidator(this.options.seed, `renewed/${height}`);
        return [this.addValidator(validator, timeSeconds, VALIDATION_PERIOD)];
      }
      return [this.delegate(random, timeSeconds)];
    }
    if (height % 120n === 60n) return [this.topUp(random, timeSeconds)];
    if (height === 2_000n) return [this.disable(L1_VALIDATORS - 1, timeSeconds)];
    return [];
  }

  /**
   * The stakers whose period has ended by `timeSeconds`, in the order the P-Chain rewards them: by end time,
   * delegators before validators, then by transaction id. Each is removed and its stake and rewards credited.
   */
  rewardDue(timeSeconds: bigint): Staker[] {
    const due = this.stakers
      .filter((s) => s.endSeconds <= timeSeconds)
      .sort(
        (a, b) =>
          Number(a.endSeconds - b.endSeconds) ||
          (a.kind === b.kind ? 0 : a.kind === 'delegator' ? -1 : 1) ||
          Buffer.compare(a.txId, b.txId),
      );
    for (const staker of due) this.reward(staker);
    return due;
  }

  /** What a committed RewardValidatorTx creates (every devnet staker keeps its uptime, so rewards are paid). */
  private reward(staker: Staker): void {
    this.stakers.splice(this.stakers.indexOf(staker), 1);
    const { wallet } = this.options;
    const assetId = staker.stake[0]!.assetId;
    let index = staker.outputCount;
    for (const out of staker.stake)
      wallet.credit(staker.txId, index++, assetId, out.output as TransferOutput);
    const pay = (amount: bigint) => {
      const output = new TransferOutput(
        new BigIntPr(amount),
        OutputOwners.fromNative([staker.owner.address]),
      );
      const utxo = new Utxo(new avaxSerial.UTXOID(new Id(staker.txId), new Int(index++)), assetId, output);
      wallet.credit(staker.txId, utxo.utxoId.outputIdx.value(), assetId, output);
      staker.rewardUtxos.push(concat(u16(CODEC_VERSION), utxo.toBytes(pvmCodec())));
    };
    if (staker.kind === 'delegator') {
      const { delegatee, delegator } = splitReward(staker.potentialReward, DELEGATION_SHARES);
      if (delegator > 0n) pay(delegator);
      // Validators started after Cortina: the fee waits for the validator's own end.
      staker.validator!.delegateeReward += delegatee;
    } else {
      if (staker.potentialReward > 0n) pay(staker.potentialReward);
      if (staker.delegateeReward > 0n) pay(staker.delegateeReward);
    }
  }

  /** Validators are run by accounts 1 to 4 in turn (account 0 owns the subnet). */
  private nextValidatorAccount(): Account {
    return this.options.accounts[1 + (this.stakers.length % 4)]!;
  }

  private addValidator(v: DevnetValidator, timeSeconds: bigint, period: bigint): Uint8Array {
    const account = this.nextValidatorAccount();
    const unsignedTx = pvm.e.newAddPermissionlessValidatorTx(
      {
        ...this.common(account, timeSeconds),
        nodeId: v.nodeId,
        subnetId: PRIMARY_NETWORK_SUBNET_ID,
        start: timeSeconds,
        end: timeSeconds + period,
        weight: 2_000n * NANO_AVAX_PER_AVAX,
        rewardAddresses: [account.address],
        delegatorRewardsOwner: [account.address],
        shares: DELEGATION_SHARES,
        publicKey: v.bls.publicKey,
        signature: v.bls.proofOfPossession,
      },
      this.options.context,
    );
    return this.stake(
      unsignedTx,
      account,
      'validator',
      v.nodeId,
      timeSeconds,
      timeSeconds + period,
      undefined,
      v,
    );
  }

  /** Validators whose period outlasts a delegation (fuji's minimum stake duration is a day). */
  private delegationTargets(timeSeconds: bigint): Staker[] {
    return this.stakers.filter((s) => s.kind === 'validator' && s.endSeconds - timeSeconds >= DAY);
  }

  private delegate(random: SeededRandom, timeSeconds: bigint): Uint8Array {
    const account = random.pick(this.options.accounts);
    const wanted = BigInt(1 + random.below(3)) * DAY;
    const validator = random.pick(this.delegationTargets(timeSeconds));
    const end =
      timeSeconds +
      (validator.endSeconds - timeSeconds < wanted ? validator.endSeconds - timeSeconds : wanted);
    const unsignedTx = pvm.e.newAddPermissionlessDelegatorTx(
      {
        ...this.common(account, timeSeconds),
        nodeId: validator.nodeId,
        subnetId: PRIMARY_NETWORK_SUBNET_ID,
        start: timeSeconds,
        end,
        weight: BigInt(25 + random.below(500)) * NANO_AVAX_PER_AVAX,
        rewardAddresses: [account.address],
      },
      this.options.context,
    );
    return this.stake(unsignedTx, account, 'delegator', validator.nodeId, timeSeconds, end, validator);
  }

  /**
   * A pre-Durango AddValidatorTx (no BLS key, a 2% fee) or, with `validator`, an AddDelegatorTx: avalanchejs has no
   * builder for them any more, so the stake is funded here from one output, the rest back as change (these paid no
   * fee on the primary network).
   */
  private addLegacyStaker(
    nodeId: string,
    timeSeconds: bigint,
    period: bigint,
    validator?: Staker,
  ): Uint8Array {
    const account = this.nextValidatorAccount();
    const { context, wallet } = this.options;
    const weight = (validator ? 100n : 2_000n) * NANO_AVAX_PER_AVAX;
    const amount = (u: Utxo) => (u.output as TransferOutput).amount();
    const funding = wallet.spendable(account).find((u) => amount(u) >= weight)!;
    const input = TransferableInput.fromUtxoAndSigindicies(funding, [0]);
    const baseTx = avaxSerial.BaseTx.fromNative(
      context.networkID,
      context.pBlockchainID,
      [TransferableOutput.fromNative(context.avaxAssetID, amount(funding) - weight, [account.address])],
      [input],
      new Uint8Array(0),
    );
    const stake = [TransferableOutput.fromNative(context.avaxAssetID, weight, [account.address])];
    const rewardsOwner = OutputOwners.fromNative([account.address]);
    const end = timeSeconds + period;
    const staker = pvmSerial.Validator.fromNative(nodeId, timeSeconds, end, weight);
    const tx = validator
      ? new pvmSerial.AddDelegatorTx(baseTx, staker, stake, rewardsOwner)
      : new pvmSerial.AddValidatorTx(baseTx, staker, stake, rewardsOwner, new Int(DELEGATION_SHARES));
    const addressMaps = utils.AddressMaps.fromTransferableInputs([input], [funding], timeSeconds, [
      account.address,
    ]);
    const unsignedTx = new UnsignedTx(tx, [funding], addressMaps);
    return this.stake(
      unsignedTx,
      account,
      validator ? 'delegator' : 'validator',
      nodeId,
      timeSeconds,
      end,
      validator,
    );
  }

  /**
   * Settles a staker transaction and records the staker with its potential reward, computed as the P-Chain does
   * since Durango: when the transaction is accepted, for the time left until its end, and added to the supply.
   */
  private stake(
    unsignedTx: UnsignedTx,
    owner: Account,
    kind: Staker['kind'],
    nodeId: string,
    timeSeconds: bigint,
    endSeconds: bigint,
    validator?: Staker,
    identity?: DevnetValidator,
  ): Uint8Array {
    const tx = unsignedTx.getTx() as unknown as {
      baseTx: { outputs: readonly TransferableOutput[] };
      stake: readonly TransferableOutput[];
    };
    const signed = this.settle(unsignedTx, owner);
    const weight = tx.stake.reduce((sum, out) => sum + (out.output as TransferOutput).amount(), 0n);
    const reward = potentialReward((endSeconds - timeSeconds) * 1_000_000_000n, weight, this.supply);
    this.supply += reward;
    const staker: Staker = {
      txId: sha256(signed),
      kind,
      nodeId,
      startSeconds: timeSeconds,
      endSeconds,
      weight,
      bls: identity?.bls,
      certificate: identity?.certificate,
      addedAtHeight: this.height,
      outputCount: tx.baseTx.outputs.length,
      stake: tx.stake,
      owner,
      potentialReward: reward,
      delegateeReward: 0n,
      validator,
      rewardUtxos: [],
    };
    this.stakers.push(staker);
    this.everyStaker.push(staker);
    return signed;
  }

  private topUp(random: SeededRandom, timeSeconds: bigint): Uint8Array {
    const active = [...this.activeL1Validators];
    const validator = this.l1Validators[random.pick(active)]!;
    validator.deposited += TOP_UP;
    this.l1Fees.deposit(validator, TOP_UP);
    return this.settle(
      pvm.e.newIncreaseL1ValidatorBalanceTx(
        {
          ...this.common(this.owner, timeSeconds),
          balance: TOP_UP,
          validationId: encodeCb58(validator.validationId),
        },
        this.options.context,
      ),
    );
  }

  /**
   * A DisableL1ValidatorTx: what the validator had left comes back to its remaining balance owner (the subnet's
   * owner) as a UTXO of the transaction, numbered after the transaction's own outputs, as avalanchego creates it.
   */
  private disable(index: number, timeSeconds: bigint): Uint8Array {
    this.activeL1Validators.delete(index);
    const validator = this.l1Validators[index]!;
    validator.disabledAtHeight = this.height;
    const unsignedTx = pvm.e.newDisableL1ValidatorTx(
      {
        ...this.common(this.owner, timeSeconds),
        disableAuth: [0],
        validationId: encodeCb58(validator.validationId),
      },
      this.options.context,
    );
    const signed = this.settle(unsignedTx);
    const remaining = this.l1Fees.withdraw(validator);
    if (remaining > 0n) {
      const txId = sha256(signed);
      const { baseTx } = unsignedTx.getTx() as unknown as { baseTx: avaxSerial.BaseTx };
      const outputIndex = baseTx.outputs.length;
      const output = new TransferOutput(
        new BigIntPr(remaining),
        OutputOwners.fromNative([this.owner.address]),
      );
      this.options.wallet.credit(txId, outputIndex, Id.fromString(this.options.context.avaxAssetID), output);
      validator.refund = { txId, outputIndex, amount: remaining };
    }
    return signed;
  }

  /**
   * Validators whose balance ran out are inactive from this block on, as if disabled (the devnet never tops them
   * up again, so they stay inactive).
   */
  private deactivate(ranOut: L1ValidatorState[]): void {
    for (const v of ranOut) {
      v.disabledAtHeight = this.height;
      const index = this.l1Validators.indexOf(v);
      this.activeL1Validators.delete(index);
    }
  }

  private common(account = this.owner, timeSeconds = this.options.genesisTimeSeconds) {
    return {
      feeState: this.options.fees,
      minIssuanceTime: timeSeconds,
      fromAddressesBytes: [account.address],
      changeAddressesBytes: [account.address],
      utxos: this.options.wallet.spendable(account),
    };
  }

  private settle(unsignedTx: UnsignedTx, account = this.owner): Uint8Array {
    return this.options.wallet.settle(unsignedTx, account);
  }
}
