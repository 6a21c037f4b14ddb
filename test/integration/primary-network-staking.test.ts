import { utils, Utxo as AvaxUtxo, type TransferOutput } from '@avalabs/avalanchejs';
import { officialSdk } from '../support/chainkit.ts';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import type { Devnet } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { formatBech32 } from '../../services/runtime/formatting/address.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { PRIMARY_NETWORK_SUBNET_ID } from '../../services/runtime/avalanche/vms.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { PrimaryNetworkReader } from '../../services/primary-network/store/reader.ts';
import { StakingReader } from '../../services/primary-network/store/staking.ts';
import type { TestDatabase } from '../support/database.ts';
import { SHARED_DEVNET } from '../support/devnets.ts';
import { callGateway, everyPage } from '../support/evm-data-stack.ts';
import { startPrimaryNetworkStack, type PrimaryNetworkStack } from '../support/primary-network-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The staking routes (network details, validators, delegators, L1 validators, active staking transactions) against
 * the devnet: its history mirrored by a container indexer, projected by primary-network, served by gateway-data.
 * Expected values are the devnet's own: its platform API (getCurrentValidators, getCurrentSupply) for what is
 * current, its staking history (the stakers it rewarded, and their reward UTXOs) for what is completed.
 */
const PARAMETERS = SHARED_DEVNET;
const FUJI = IDENTITIES.fuji;
const NETWORK = { network: 'fuji' };
type Doc = Record<string, unknown>;

interface CurrentValidator {
  txID: string;
  nodeID: string;
  startTime: string;
  endTime: string;
  weight: string;
  potentialReward: string;
  delegationFee: string;
  uptime: string;
  connected: boolean;
  delegatorCount: string;
  delegatorWeight: string;
  signer?: { publicKey: string; proofOfPossession: string };
  validationRewardOwner: { addresses: string[] };
  delegators?: {
    txID: string;
    weight: string;
    potentialReward: string;
    rewardOwner: { addresses: string[] };
  }[];
}

interface CurrentL1Validator {
  nodeID: string;
  weight: string;
  startTime: string;
  validationID: string;
  publicKey: string;
  balance: string;
  remainingBalanceOwner: { addresses: string[]; threshold: string };
  deactivationOwner: { addresses: string[]; threshold: string };
}

function rewardAmount(bytes: Uint8Array): bigint {
  const [utxo] = AvaxUtxo.fromBytes(bytes.subarray(2), utils.getManagerForVM('PVM').getDefaultCodec());
  return (utxo.output as TransferOutput).amount();
}

/** `P-fuji1…` as the platform API writes addresses; the Data API writes the bech32 part. */
const bare = (address: string) => address.replace(/^P-/, '');

describe('primary-network staking routes', function () {
  this.timeout(600_000);
  let stack: PrimaryNetworkStack;
  let devnet: Devnet;
  let db: TestDatabase;
  let gatewayUrl: string;
  let devnetUrl: string;
  const validated = new Set<string>();

  before(async function () {
    stack = await startPrimaryNetworkStack(PARAMETERS);
    ({ devnet, db, gatewayUrl, devnetUrl } = stack);
  });

  after(async function () {
    await stack?.stop();
  });

  /** A 200 from gateway-data, checked against the official document. */
  async function api(template: string, values: Record<string, string>, query: Record<string, string> = {}) {
    const answer = await callGateway(gatewayUrl, 'GET', template, values, query, validated);
    expect(answer.status, `${template} ${answer.text.slice(0, 500)}`).to.equal(200);
    return answer.body!;
  }

  const list = (
    template: string,
    listField: string,
    query: Record<string, string>,
    values: Record<string, string> = NETWORK,
  ) => everyPage(api, template, values, listField, query);

  /** A method of the devnet's platform API, as a node answers it. */
  async function platform<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${devnetUrl}/ext/bc/P`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const { result } = (await response.json()) as { result: T };
    return result;
  }

  const currentValidators = async () =>
    (await platform<{ validators: CurrentValidator[] }>('platform.getCurrentValidators', {})).validators;

  it('gives the network details the P-Chain reports: validators, delegators, their stake and the staking ratio', async function () {
    const validators = await currentValidators();
    const { supply } = await platform<{ supply: string }>('platform.getCurrentSupply', {
      subnetID: PRIMARY_NETWORK_SUBNET_ID,
    });
    const details = await api('/v1/networks/{network}', NETWORK);
    const sum = (values: string[]) => values.reduce((total, v) => total + BigInt(v), 0n);
    const validatorStake = sum(validators.map((v) => v.weight));
    const delegatorStake = sum(validators.map((v) => v.delegatorWeight));
    const delegations = await Promise.all(
      validators.map(
        async (v) =>
          (
            await platform<{ validators: CurrentValidator[] }>('platform.getCurrentValidators', {
              nodeIDs: [v.nodeID],
            })
          ).validators[0]!.delegators ?? [],
      ),
    );
    const potential =
      sum(validators.map((v) => v.potentialReward)) + sum(delegations.flat().map((d) => d.potentialReward));
    const ratio = ((validatorStake + delegatorStake) * 1_000_000n) / BigInt(supply);
    expect(details).to.deep.equal({
      validatorDetails: {
        validatorCount: validators.length,
        totalAmountStaked: validatorStake.toString(),
        estimatedAnnualStakingReward: potential.toString(),
        stakingDistributionByVersion: [],
        stakingRatio: `${ratio / 1_000_000n}.${(ratio % 1_000_000n).toString().padStart(6, '0')}`,
      },
      delegatorDetails: {
        delegatorCount: Number(sum(validators.map((v) => v.delegatorCount))),
        totalAmountStaked: delegatorStake.toString(),
      },
    });
    expect(validators.length).to.be.greaterThan(0);
    expect(delegatorStake > 0n, 'delegations').to.equal(true);
  });

  it('lists as active exactly the validators platform.getCurrentValidators gives, and as completed the ones the devnet rewarded', async function () {
    const current = await currentValidators();
    const listed = await list('/v1/networks/{network}/validators', 'validators', { pageSize: '100' });
    const active = listed.filter((v) => v.validationStatus === 'active');
    expect(active.map((v) => v.txHash).sort()).to.deep.equal(current.map((v) => v.txID).sort());
    for (const v of current) {
      const doc = active.find((a) => a.txHash === v.txID)!;
      expect(doc).to.deep.include({
        nodeId: v.nodeID,
        subnetId: PRIMARY_NETWORK_SUBNET_ID,
        amountStaked: v.weight,
        delegationFee: String(Number(v.delegationFee)),
        startTimestamp: Number(v.startTime),
        endTimestamp: Number(v.endTime),
        delegatorCount: Number(v.delegatorCount),
        amountDelegated: v.delegatorWeight,
        uptimePerformance: Number(v.uptime),
        geolocation: null,
      });
      expect(doc.potentialRewards).to.deep.include({
        validationRewardAmount: v.potentialReward,
        rewardAddresses: v.validationRewardOwner.addresses.map(bare),
      });
      expect(doc.validatorHealth).to.deep.include({ reachabilityPercent: v.connected ? 100 : 0 });
      if (v.signer) expect(doc.blsCredentials).to.deep.equal(v.signer);
      else expect(doc).to.not.have.property('blsCredentials');
      const capacity = BigInt(v.weight) * 5n - BigInt(v.weight) - BigInt(v.delegatorWeight);
      expect(doc.delegationCapacity).to.equal((capacity > 0n ? capacity : 0n).toString());
    }
    // Completed: the validators the devnet rewarded, paid what their reward UTXOs hold.
    const rewarded = devnet.pChain.staking.everyStaker.filter(
      (s) => s.kind === 'validator' && s.removedAtHeight !== undefined,
    );
    const completed = listed.filter((v) => v.validationStatus === 'completed');
    expect(completed.map((v) => v.txHash).sort()).to.deep.equal(
      rewarded.map((s) => encodeCb58(s.txId)).sort(),
    );
    expect(rewarded.length).to.be.greaterThan(0);
    for (const s of rewarded) {
      const doc = completed.find((c) => c.txHash === encodeCb58(s.txId))!;
      const rewards = doc.rewards as Doc;
      const paid = s.rewardUtxos.reduce((sum, bytes) => sum + rewardAmount(bytes), 0n);
      expect(
        BigInt(rewards.validationRewardAmount as string) + BigInt(rewards.delegationRewardAmount as string),
      ).to.equal(paid);
      expect(rewards.rewardTxHash).to.be.a('string');
    }
    expect(listed.length).to.equal(current.length + rewarded.length);
  });

  it('lists every delegator with its status and rewards as the devnet knows them', async function () {
    const staking = devnet.pChain.staking;
    const current = await currentValidators();
    const currentDelegators = (
      await Promise.all(
        current.map(
          async (v) =>
            (
              await platform<{ validators: CurrentValidator[] }>('platform.getCurrentValidators', {
                nodeIDs: [v.nodeID],
              })
            ).validators[0]!.delegators ?? [],
        ),
      )
    ).flat();
    const listed = await list('/v1/networks/{network}/delegators', 'delegators', { pageSize: '100' });
    const everyDelegator = staking.everyStaker.filter((s) => s.kind === 'delegator');
    expect(listed.map((d) => d.txHash).sort()).to.deep.equal(
      everyDelegator.map((s) => encodeCb58(s.txId)).sort(),
    );
    for (const d of currentDelegators) {
      const doc = listed.find((l) => l.txHash === d.txID)!;
      expect(doc).to.deep.include({
        delegationStatus: 'active',
        amountDelegated: d.weight,
        estimatedGrossReward: d.potentialReward,
        rewardAddresses: d.rewardOwner.addresses.map(bare),
      });
    }
    const rewarded = everyDelegator.filter((s) => s.removedAtHeight !== undefined);
    expect(rewarded.length).to.be.greaterThan(0);
    for (const s of rewarded) {
      const doc = listed.find((l) => l.txHash === encodeCb58(s.txId))!;
      const paid = s.rewardUtxos.reduce((sum, bytes) => sum + rewardAmount(bytes), 0n);
      expect(doc).to.deep.include({
        delegationStatus: 'completed',
        netReward: paid.toString(),
        nodeId: s.nodeId,
      });
    }
    // Filters: a node's delegators, a reward address's, a status.
    const node = rewarded[0]!.nodeId;
    const ofNode = await list('/v1/networks/{network}/delegators', 'delegators', { nodeIds: node });
    expect(ofNode.map((d) => d.txHash).sort()).to.deep.equal(
      everyDelegator
        .filter((s) => s.nodeId === node)
        .map((s) => encodeCb58(s.txId))
        .sort(),
    );
    const owner = formatBech32('fuji', rewarded[0]!.owner.address);
    const ofOwner = await list('/v1/networks/{network}/delegators', 'delegators', {
      rewardAddresses: `P-${owner}`,
    });
    expect(ofOwner.map((d) => d.txHash).sort()).to.deep.equal(
      everyDelegator
        .filter((s) => formatBech32('fuji', s.owner.address) === owner)
        .map((s) => encodeCb58(s.txId))
        .sort(),
    );
    const completed = await list('/v1/networks/{network}/delegators', 'delegators', {
      delegationStatus: 'completed',
    });
    expect(completed.map((d) => d.txHash).sort()).to.deep.equal(
      rewarded.map((s) => encodeCb58(s.txId)).sort(),
    );
  });

  it('filters and sorts validators as documented: status, node, subnet, fee, capacity, time remaining', async function () {
    const current = await currentValidators();
    const tip = devnet.pChain.tip.timeSeconds;
    const byEnd = await list('/v1/networks/{network}/validators', 'validators', {
      validationStatus: 'active',
      sortBy: 'timeRemaining',
      sortOrder: 'asc',
    });
    expect(byEnd.map((v) => v.txHash)).to.deep.equal(
      [...current]
        .sort(
          (a, b) =>
            Number(BigInt(a.endTime) - BigInt(b.endTime)) ||
            Buffer.compare(decodeCb58(a.txID), decodeCb58(b.txID)),
        )
        .map((v) => v.txID),
    );
    const node = current[0]!;
    const one = await api('/v1/networks/{network}/validators/{nodeId}', { ...NETWORK, nodeId: node.nodeID });
    const validations = devnet.pChain.staking.everyStaker.filter(
      (s) => s.kind === 'validator' && s.nodeId === node.nodeID,
    );
    expect((one.validators as Doc[]).map((v) => v.txHash).sort()).to.deep.equal(
      validations.map((s) => encodeCb58(s.txId)).sort(),
    );
    const remaining = Number(BigInt(node.endTime) - tip);
    const window = await list('/v1/networks/{network}/validators', 'validators', {
      validationStatus: 'active',
      minTimeRemaining: String(remaining),
      maxTimeRemaining: String(remaining),
    });
    expect(window.map((v) => v.txHash).sort()).to.deep.equal(
      current
        .filter((v) => v.endTime === node.endTime)
        .map((v) => v.txID)
        .sort(),
    );
    // Every devnet validator charges 2%: a window above it is empty, one around it holds every fee-charging one.
    expect(
      await list('/v1/networks/{network}/validators', 'validators', { minFeePercentage: '2.5' }),
    ).to.deep.equal([]);
    const charging = await list('/v1/networks/{network}/validators', 'validators', {
      minFeePercentage: '2',
      maxFeePercentage: '2',
      subnetId: PRIMARY_NETWORK_SUBNET_ID,
      validationStatus: 'active',
    });
    expect(charging).to.have.length(current.length);
    const capacities = current
      .map((v) => BigInt(v.weight) * 4n - BigInt(v.delegatorWeight))
      .sort((a, b) => (a < b ? -1 : 1));
    const byCapacity = await list('/v1/networks/{network}/validators', 'validators', {
      validationStatus: 'active',
      sortBy: 'delegationCapacity',
      sortOrder: 'asc',
      minDelegationCapacity: capacities[1]!.toString(),
    });
    expect(byCapacity.map((v) => BigInt(v.delegationCapacity as string))).to.deep.equal(
      capacities.filter((c) => c >= capacities[1]!),
    );
    expect(
      await list('/v1/networks/{network}/validators', 'validators', { validationStatus: 'pending' }),
    ).to.deep.equal([]);
    const full = await list('/v1/networks/{network}/validators', 'validators', {
      minUptimePerformance: '99',
    });
    expect(full).to.have.length(current.length);
  });

  it('lists the L1 validators platform.getCurrentValidators gives for the L1, with their owners and balances', async function () {
    const { subnetId } = devnet.pChain.staking;
    const { validators } = await platform<{ validators: CurrentL1Validator[] }>(
      'platform.getCurrentValidators',
      {
        subnetID: subnetId,
      },
    );
    const listed = await list('/v1/networks/{network}/l1Validators', 'validators', {
      includeInactiveL1Validators: 'true',
      pageSize: '2',
    });
    const active = await list('/v1/networks/{network}/l1Validators', 'validators', { subnetId });
    const expected = validators.map((v) => ({
      validationId: v.validationID,
      validationIdHex: `0x${Buffer.from(decodeCb58(v.validationID)).toString('hex')}`,
      nodeId: v.nodeID,
      subnetId,
      weight: Number(v.weight),
      remainingBalance: Number(v.balance),
      blsPublicKey: v.publicKey,
      remainingBalanceOwner: { addresses: v.remainingBalanceOwner.addresses.map(bare), threshold: 1 },
      deactivationOwner: { addresses: v.deactivationOwner.addresses.map(bare), threshold: 1 },
    }));
    const shape = (doc: Doc) => ({
      validationId: doc.validationId,
      validationIdHex: doc.validationIdHex,
      nodeId: doc.nodeId,
      subnetId: doc.subnetId,
      weight: doc.weight,
      remainingBalance: doc.remainingBalance,
      blsPublicKey: (doc.blsCredentials as Doc).publicKey,
      remainingBalanceOwner: doc.remainingBalanceOwner,
      deactivationOwner: doc.deactivationOwner,
    });
    const byId = (a: { validationId: unknown }, b: { validationId: unknown }) =>
      String(a.validationId) < String(b.validationId) ? -1 : 1;
    expect(listed.map(shape).sort(byId)).to.deep.equal(expected.sort(byId));
    expect(active.map(shape).sort(byId)).to.deep.equal(
      expected.filter((v) => v.remainingBalance > 0 && v.weight > 0).sort(byId),
    );
    const page = await api('/v1/networks/{network}/l1Validators', NETWORK, {
      l1ValidationId: validators[0]!.validationID,
    });
    expect((page.validators as Doc[]).map((v) => v.validationId)).to.deep.equal([
      validators[0]!.validationID,
    ]);
    expect(page.blockHeight).to.equal(devnet.pChain.tip.height.toString());
  });

  it('lists the staking transactions of stakers not yet rewarded, for addresses and types', async function () {
    const staking = devnet.pChain.staking;
    const current = staking.everyStaker.filter((s) => s.removedAtHeight === undefined);
    const all = await list(
      '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
      'transactions',
      { sortOrder: 'asc' },
      { ...NETWORK, blockchainId: 'p-chain' },
    );
    expect(all.map((t) => t.txHash)).to.deep.equal(current.map((s) => encodeCb58(s.txId)));
    const owner = current[current.length - 1]!.owner.address;
    const ofOwner = await list(
      '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
      'transactions',
      { addresses: formatBech32('fuji', owner), txTypes: 'AddPermissionlessDelegatorTx,AddDelegatorTx' },
      { ...NETWORK, blockchainId: FUJI.pChainId },
    );
    expect(ofOwner.map((t) => t.txHash).sort()).to.deep.equal(
      current
        .filter((s) => s.kind === 'delegator' && Buffer.compare(s.owner.address, owner) === 0)
        .map((s) => encodeCb58(s.txId))
        .sort(),
    );
    for (const t of all) expect(t).to.have.property('estimatedReward');
  });

  it('refuses bad parameters with a 400 naming them', async function () {
    const cases: [string, Record<string, string>, string][] = [
      ['/v1/networks/fuji/validators', { sortBy: 'height' }, 'sortBy'],
      ['/v1/networks/fuji/validators', { minFeePercentage: '1' }, 'minFeePercentage'],
      ['/v1/networks/fuji/validators', { minTimeRemaining: '10', maxTimeRemaining: '5' }, 'minTimeRemaining'],
      ['/v1/networks/fuji/validators', { minDelegationCapacity: '-1' }, 'minDelegationCapacity'],
      ['/v1/networks/fuji/validators', { nodeIds: 'NodeID-nope' }, 'nodeIds'],
      ['/v1/networks/fuji/validators/NodeID-nope', {}, 'nodeId'],
      [
        '/v1/networks/fuji/delegators',
        { rewardAddresses: formatBech32('avax', new Uint8Array(20)) },
        'rewardAddresses',
      ],
      ['/v1/networks/fuji/delegators', { delegationStatus: 'removed' }, 'delegationStatus'],
      [
        '/v1/networks/fuji/l1Validators',
        { includeInactiveL1Validators: 'yes' },
        'includeInactiveL1Validators',
      ],
      ['/v1/networks/fuji/blockchains/x-chain/transactions:listStaking', {}, 'blockchainId'],
    ];
    for (const [path, query, parameter] of cases) {
      const search = new URLSearchParams(query);
      const response = await fetch(`${gatewayUrl}${path}${search.size > 0 ? `?${search.toString()}` : ''}`);
      const body = (await response.json()) as { message: string };
      expect(response.status, `${path} ${JSON.stringify(query)}`).to.equal(400);
      expect(body.message, path).to.match(new RegExp(`^${parameter}: `));
    }
  });

  it('serves the official SDK: @avalanche-sdk/chainkit’s own method for each staking operation', async function () {
    const sdk = officialSdk({ network: 'fuji' });
    const at = { serverURL: gatewayUrl, retries: { strategy: 'none' as const } };
    const details = await sdk.data.primaryNetwork.getNetworkDetails({}, at);
    expect(details.validatorDetails.validatorCount).to.be.greaterThan(0);
    const viaSdk: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.listValidators({ pageSize: 2 }, at))
      viaSdk.push(...page.result.validators.map((v) => v.txHash));
    const viaGateway = await list('/v1/networks/{network}/validators', 'validators', { pageSize: '100' });
    expect(viaSdk).to.deep.equal(viaGateway.map((v) => v.txHash));
    const node = (await currentValidators())[0]!.nodeID;
    const single = await sdk.data.primaryNetwork.getValidatorDetails({ nodeId: node }, at);
    expect(single.result.validators.map((v) => v.nodeId)).to.include(node);
    let delegators = 0;
    for await (const page of await sdk.data.primaryNetwork.listDelegators({ pageSize: 3 }, at))
      delegators += page.result.delegators.length;
    expect(delegators).to.equal(
      devnet.pChain.staking.everyStaker.filter((s) => s.kind === 'delegator').length,
    );
    const l1 = await sdk.data.primaryNetwork.listL1Validators({ includeInactiveL1Validators: true }, at);
    expect(l1.result.validators.length).to.be.greaterThan(0);
    const staking = await sdk.data.primaryNetwork.transactions.listActiveStakingTransactions(
      { blockchainId: 'p-chain', pageSize: 5 },
      at,
    );
    expect(staking.result.transactions.length).to.equal(5);
  });

  it('pages every staking list so that any page size yields each item exactly once, in order (property)', async function () {
    const lists: { name: string; run: (pageSize: number, order: string) => Promise<string[]> }[] = [
      ...(['blockIndex', 'timeRemaining', 'delegationCapacity', 'delegationFee'] as const).map((sortBy) => ({
        name: `validators by ${sortBy}`,
        run: async (pageSize: number, sortOrder: string) =>
          (
            await list('/v1/networks/{network}/validators', 'validators', {
              sortBy,
              sortOrder,
              pageSize: String(pageSize),
            })
          ).map((v) => v.txHash as string),
      })),
      {
        name: 'delegators',
        run: async (pageSize, sortOrder) =>
          (
            await list('/v1/networks/{network}/delegators', 'delegators', {
              sortOrder,
              pageSize: String(pageSize),
            })
          ).map((d) => d.txHash as string),
      },
      {
        name: 'staking transactions',
        run: async (pageSize, sortOrder) =>
          (
            await list(
              '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking',
              'transactions',
              { sortOrder, pageSize: String(pageSize) },
              { ...NETWORK, blockchainId: 'p-chain' },
            )
          ).map((t) => t.txHash as string),
      },
      {
        name: 'L1 validators',
        run: async (pageSize) =>
          (
            await list('/v1/networks/{network}/l1Validators', 'validators', {
              includeInactiveL1Validators: 'true',
              pageSize: String(pageSize),
            })
          ).map((v) => v.validationId as string),
      },
    ];
    const whole = new Map<string, string[]>();
    for (const l of lists) {
      for (const order of ['asc', 'desc']) whole.set(`${l.name} ${order}`, await l.run(100, order));
      expect(whole.get(`${l.name} asc`)!.length, l.name).to.be.at.least(3);
    }
    expect(whole.get('delegators desc')).to.deep.equal([...whole.get('delegators asc')!].reverse());
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: lists.length - 1 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('asc', 'desc'),
        async (which, pageSize, order) => {
          const l = lists[which]!;
          const items = await l.run(pageSize, order);
          expect(new Set(items).size, `${l.name}: no item twice`).to.equal(items.length);
          expect(items, `${l.name} ${order} by ${pageSize}`).to.deep.equal(whole.get(`${l.name} ${order}`));
        },
      ),
      { numRuns: 20, seed: 20261127 },
    );
  });

  it('serves every staking list query from an index (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const { pool: recording, recorded } = recordingPool(pool);
    const ctx = networkContext(FUJI);
    const staking = new StakingReader(recording, new PrimaryNetworkReader(recording, ctx));
    const nodeIds = [...new Set(devnet.pChain.staking.everyStaker.map((s) => s.nodeId))].map((n) =>
      decodeCb58(n.slice(7)),
    );
    const addresses = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) => a.address);
    const subnetId = decodeCb58(devnet.pChain.staking.subnetId);
    try {
      const head = await staking.head();
      await staking.totals();
      for (const order of ['asc', 'desc'] as const) {
        for (const sortBy of [
          'blockIndex',
          'timeRemaining',
          'delegationCapacity',
          'delegationFee',
        ] as const) {
          await staking.validators({ nodeIds: [] }, sortBy, order, head, 10, '');
          await staking.validators(
            {
              nodeIds,
              subnetId: new Uint8Array(32),
              status: 'active',
              minDelegationCapacity: 1n,
              maxTimeRemaining: 10n ** 9n,
              minFeeShares: 20_000n,
            },
            sortBy,
            order,
            head,
            2,
            `5:${'00'.repeat(32)}`,
          );
        }
        await staking.validators({ nodeIds: [], status: 'completed' }, 'blockIndex', order, head, 10, '');
        await staking.delegators({ nodeIds: [], rewardAddresses: [] }, order, head, 10, '');
        await staking.delegators(
          { nodeIds, rewardAddresses: addresses, status: 'completed' },
          order,
          head,
          10,
          '7',
        );
        await staking.stakingTransactions({ addresses: [], txTypes: [] }, order, 10, '');
        await staking.stakingTransactions(
          { addresses, txTypes: ['AddDelegatorTx'], startTimestamp: 1n, endTimestamp: 2_000_000_000n },
          order,
          10,
          '65536',
        );
      }
      await staking.l1Validators({ includeInactive: false }, 10, '');
      await staking.l1Validators(
        { includeInactive: true, subnetId, nodeId: nodeIds[0]! },
        10,
        `3:${'00'.repeat(32)}`,
      );
      await staking.l1Validators({ includeInactive: true, validationId: new Uint8Array(32) }, 10, '');
      await expectServedByIndexes(
        pool,
        recorded,
        'SELECT * FROM primary_network.transactions WHERE details IS NOT NULL',
      );
      expect(recorded.length).to.be.greaterThan(30);
    } finally {
      await pool.end();
    }
  });
});
