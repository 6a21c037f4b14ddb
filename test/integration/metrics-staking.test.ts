import { officialSdk } from '../support/chainkit.ts';
import { bech32 } from '@scure/base';
import { expect } from 'chai';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../../services/generated/proto/primary_network.ts';
import type { StakingActivityBlock__Output as StakingActivityBlock } from '../../services/generated/proto/chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import { StakingReader } from '../../services/metrics/store/staking-reader.ts';
import { TimeFrameValidatorsReader } from '../../services/primary-network/store/looking-glass.ts';
import { StakingActivityReader } from '../../services/primary-network/store/staking-activity.ts';
import { PRIMARY_NETWORK_SUBNET_ID } from '../../services/runtime/avalanche/vms.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { VALIDATOR_FEE_CONFIGS } from '../../services/runtime/avalanche/validator-fees.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool } from '../../services/runtime/database/pool.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createTestDatabase } from '../support/database.ts';
import { SHARED_DEVNET } from '../support/devnets.ts';
import { assertMetricsApiResponse, metricsApiDocument } from '../support/metrics-api-openapi.ts';
import { getMetricsGateway, startMetricsGateway } from '../support/metrics-devnet.ts';
import { startStakingDevnet, type StakingDevnet } from '../support/metrics-staking-devnet.ts';
import { jsonRpcResult } from '../support/devnet-process.ts';
import { eventually, rejectionOf, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The staking metrics (getStakingMetrics) end to end: a devnet's P-Chain mirrored by a container indexer, projected
 * by primary-network, streamed to the metrics component (StreamStakingActivity) and served by gateway-metrics.
 * Expected values come from the devnet apart from the services: its stakers' own records (start, end, weight) for
 * the primary network, its node API for the L1 (platform.getValidatorsAt at each day's last height, the heights'
 * times read from platform.getBlockByHeight's block bytes) and for the last day (platform.getCurrentValidators).
 */
const DAY = 86_400;
const PATH = '/v2/networks/{network}/metrics/{metric}';
const METRICS = ['validatorCount', 'validatorWeight', 'delegatorCount', 'delegatorWeight'] as const;
type Metric = (typeof METRICS)[number];
type Level = Record<Metric, bigint>;
interface Point {
  value: number;
  timestamp: number;
}
interface Answer {
  status: number;
  body: unknown;
}

const dayOf = (seconds: bigint | number) => Math.floor(Number(seconds) / DAY) * DAY;
const zero = (): Level => ({
  validatorCount: 0n,
  validatorWeight: 0n,
  delegatorCount: 0n,
  delegatorWeight: 0n,
});
/** The points a level series gives for a metric, newest first (days with neither validators nor delegators: none). */
const pointsOf = (levels: Map<number, Level>, metric: Metric): Point[] =>
  [...levels]
    .filter(([, l]) => l.validatorCount > 0n || l.delegatorCount > 0n)
    .sort(([a], [b]) => b - a)
    .map(([day, l]) => ({ value: Number(l[metric]), timestamp: day }));

/**
 * The Looking Glass's validators by date range (getValidatorsByDateRange) end to end: a devnet's P-Chain mirrored
 * by a container indexer, projected by primary-network, asked by the metrics service and served by
 * gateway-metrics. Expected answers come from the devnet apart from the services: the stakers it built (their
 * periods, and the owner their rewards go to) and its node API (platform.getCurrentValidators, which also has the
 * genesis validators, with their reward owners).
 */
const TEMPLATE = '/v2/subnets/{subnetId}/validators:getAddresses';
const PRIMARY_NETWORK = '11111111111111111111111111111111LpoYY';
const PRIMARY_NETWORK_MIGRATIONS = fileURLToPath(
  new URL('../../services/primary-network/store/migrations/', import.meta.url),
);

interface Validator {
  txId: Buffer;
  start: bigint;
  end: bigint;
  addresses: string[];
}
interface Details {
  addresses: string[];
  sortKey: string;
}
type Metrics = GrpcServiceClient<MetricsProto['chaindata']['metrics']['v1']['MetricsService']['service']>;

/**
 * One staking devnet, with its stack, metrics component and gateway, for both suites of this file: starting them is
 * most of each suite's time.
 */
let stack: StakingDevnet;
let metrics: { component: RunningComponent; db: { url: string }; address: string };
let gateway: RunningComponent;
let baseUrl: string;

before(async function () {
  this.timeout(600_000);
  stack = await startStakingDevnet({ ...SHARED_DEVNET });
  metrics = await stack.startMetrics();
  ({ gateway, baseUrl } = await startMetricsGateway(metrics.address));
});

after(async function () {
  await gateway?.stop();
  await stack?.stop();
});

afterEach(function () {
  if (this.currentTest?.state === 'failed') console.error(metrics?.component.output().slice(-3_000));
});

const platform = <T>(method: string, params: Record<string, unknown> = {}): Promise<T> =>
  jsonRpcResult<T>(`${stack.devnetUrl}/ext/bc/P`, method, params);

/** A client of the stack's primary-network service; the caller closes it. */
function primaryNetworkClient() {
  const proto = loadProto<PrimaryNetworkProto>('chaindata/primarynetwork/v1/primary_network.proto');
  return createGrpcClient(
    proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
    stack.primaryNetworkAddress,
    30_000,
  );
}

describe('metrics: staking metrics (getStakingMetrics)', function () {
  this.timeout(600_000);
  let pool: pg.Pool;
  /** Each P-Chain height's time, from the node's blocks. */
  const times: bigint[] = [];
  let l1SubnetId: string;

  const caughtUp = async (p: pg.Pool) => {
    const { rows } = await p.query<{ next_height: string }>('SELECT next_height FROM metrics.staking_cursor');
    return rows[0]?.next_height === String(stack.tipHeight + 1n);
  };

  before(async function () {
    l1SubnetId = stack.devnet.pChain.staking.subnetId;
    pool = new pg.Pool({ connectionString: metrics.db.url, max: 2 });
    // A Banff block's bytes: codec version (2), type id (4), then its time (8, big-endian).
    for (let h = 1n; h <= stack.tipHeight; h++) {
      const { block } = await platform<{ block: string }>('platform.getBlockByHeight', {
        height: h.toString(),
        encoding: 'hex',
      });
      times[Number(h)] = Buffer.from(block.slice(2), 'hex').readBigUInt64BE(6);
    }
    await eventually(
      () => caughtUp(pool),
      120_000,
      `the staking rollup caught up\n${metrics.component.output()}`,
    );
  });

  after(async function () {
    await pool?.end();
  });

  const lastDay = () => dayOf(times[Number(stack.tipHeight)]!);
  /** The last height whose time is at or before `t`. */
  const heightAt = (t: number) => {
    let h = 0;
    for (let i = 1; i < times.length; i++) if (Number(times[i]) <= t) h = i;
    return h;
  };

  /** The primary network by the definition, from the devnet's own staker records. */
  function primaryLevels(): Map<number, Level> {
    const stakers = stack.devnet.pChain.staking.everyStaker;
    const levels = new Map<number, Level>();
    const first = Math.min(...stakers.map((s) => dayOf(s.startSeconds)));
    for (let day = first; day <= lastDay(); day += DAY) {
      const end = BigInt(day + DAY - 1);
      const level = zero();
      for (const s of stakers)
        if (s.startSeconds <= end && end < s.endSeconds) {
          if (s.kind === 'validator') {
            level.validatorCount++;
            level.validatorWeight += s.weight;
          } else {
            level.delegatorCount++;
            level.delegatorWeight += s.weight;
          }
        }
      levels.set(day, level);
    }
    return levels;
  }

  /** The L1 by the node: its validator set at each day's last height. */
  async function l1Levels(): Promise<Map<number, Level>> {
    const levels = new Map<number, Level>();
    for (let day = dayOf(times[1]!); day <= lastDay(); day += DAY) {
      const height = heightAt(day + DAY - 1);
      const set = await platform<Record<string, { weight: string }>>('platform.getValidatorsAt', {
        height: String(height),
        subnetID: l1SubnetId,
      });
      const level = zero();
      for (const v of Object.values(set))
        if (BigInt(v.weight) > 0n) {
          level.validatorCount++;
          level.validatorWeight += BigInt(v.weight);
        }
      levels.set(day, level);
    }
    return levels;
  }

  const get = (path: string, query: Record<string, string | number | undefined> = {}): Promise<Answer> =>
    getMetricsGateway(baseUrl, path, query);

  /** Every page of a query through the gateway, each checked against the official document. */
  async function allPoints(
    network: string,
    metric: string,
    query: Record<string, string | number | undefined> = {},
  ): Promise<Point[]> {
    const points: Point[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const answer = await get(`/v2/networks/${network}/metrics/${metric}`, { ...query, pageToken });
      assertMetricsApiResponse('GET', PATH, answer.status, answer.body);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const page = answer.body as { results: Point[]; nextPageToken?: string };
      if (typeof query.pageSize === 'number') expect(page.results.length).to.be.at.most(query.pageSize);
      points.push(...page.results);
      pageToken = page.nextPageToken;
      expect(++pages).to.be.below(1_000);
    } while (pageToken !== undefined);
    return points;
  }

  it("gives the primary network's validators and delegators on every day, as the devnet's stakers have them", async function () {
    const expected = primaryLevels();
    // The history has stakers come and go: the series is not flat.
    const counts = new Set([...expected.values()].map((l) => `${l.validatorCount}/${l.delegatorCount}`));
    expect(counts.size, 'distinct levels').to.be.above(2);
    const tipTime = times[Number(stack.tipHeight)]!;
    const ended = stack.devnet.pChain.staking.everyStaker.filter((s) => s.endSeconds <= tipTime);
    expect(ended.length, 'stakers whose period ended within the history').to.be.above(0);
    for (const metric of METRICS) {
      const points = await allPoints('fuji', metric);
      expect(points, metric).to.deep.equal(pointsOf(expected, metric));
      // subnetId given outright, a page at a time, and testnet for fuji: the same points.
      expect(
        await allPoints('testnet', metric, { subnetId: PRIMARY_NETWORK_SUBNET_ID, pageSize: 2 }),
        metric,
      ).to.deep.equal(points);
    }
  });

  it("gives the L1's validators on every day as platform.getValidatorsAt has them at the day's last height", async function () {
    const expected = await l1Levels();
    const weights = new Set([...expected.values()].map((l) => l.validatorWeight));
    expect(weights.size, 'the L1 changed over the history').to.be.above(1);
    for (const metric of METRICS)
      expect(await allPoints('fuji', metric, { subnetId: l1SubnetId, pageSize: 3 }), metric).to.deep.equal(
        pointsOf(expected, metric),
      );
  });

  it("works with the official SDK's staking and L1 validator clients", async function () {
    const sdk = officialSdk({ serverURL: baseUrl });
    const options = { serverURL: baseUrl, retries: { strategy: 'none' as const } };
    const points: Point[] = [];
    // Paged by the SDK's own iterator, following nextPageToken.
    const pages = await sdk.metrics.networks.getStakingMetrics(
      { network: 'fuji', metric: 'delegatorWeight', pageSize: 2 },
      options,
    );
    for await (const page of pages) points.push(...page.result.results);
    expect(points).to.deep.equal(pointsOf(primaryLevels(), 'delegatorWeight'));
    // The L1 validator fee metrics through the SDK's l1Validators client: the same points as through the gateway.
    const { subnetId } = stack.devnet.pChain.staking;
    const validator = stack.devnet.pChain.staking.l1Validators[0]!;
    const validationId = encodeCb58(validator.validationId);
    const same = async (path: string, viaSdk: Promise<{ results: Point[] }>) => {
      const answer = await get(path);
      expect(answer.status).to.equal(200);
      expect((await viaSdk).results, path).to.deep.equal((answer.body as { results: Point[] }).results);
      expect((await viaSdk).results.length, path).to.be.above(0);
    };
    await same(
      '/v2/validators/metrics/totalValidatorFeesDaily',
      sdk.metrics.l1Validators.listMetrics({ metric: 'totalValidatorFeesDaily' }, options),
    );
    await same(
      `/v2/validation/${validationId}/metrics/validationCumulativeFeesDaily`,
      sdk.metrics.l1Validators.getMetricsByValidationId(
        { l1ValidationId: validationId, metric: 'validationCumulativeFeesDaily' },
        options,
      ),
    );
    await same(
      `/v2/validator/${validator.nodeId}/metrics/perNodeDailyFeesPaid`,
      sdk.metrics.l1Validators.getMetricsByNodeId(
        { nodeId: validator.nodeId, metric: 'perNodeDailyFeesPaid' },
        options,
      ),
    );
    await same(
      `/v2/subnet/${subnetId}/metrics/perSubnetPayingValidators`,
      sdk.metrics.l1Validators.getMetricsBySubnetId(
        { subnetId, metric: 'perSubnetPayingValidators' },
        options,
      ),
    );
  });

  /**
   * The L1 validators' fees by the definition, from the devnet's P-Chain blocks and its validators' records: a
   * validator registered at height R and disabled at D (else active to the tip) pays at every block h in (R, D] the
   * minimum price for each second since block h − 1 (the L1 never has more active validators than the fee's target,
   * so the excess stays 0), counted on block h's day. Option blocks keep their proposal's time: they add nothing.
   */
  function expectedFees(): Map<string, Map<number, bigint>> {
    const { minPrice } = VALIDATOR_FEE_CONFIGS.fuji;
    const etna = BigInt(IDENTITIES.fuji.upgrades.etna);
    const staking = stack.devnet.pChain.staking;
    expect(staking.l1Validators.length).to.be.below(Number(VALIDATOR_FEE_CONFIGS.fuji.target));
    const fees = new Map<string, Map<number, bigint>>();
    for (const v of staking.l1Validators) {
      const days = new Map<number, bigint>();
      const last = v.disabledAtHeight ?? stack.tipHeight;
      for (let h = v.convertedAtHeight + 1n; h <= last; h++) {
        const [time, parent] = [times[Number(h)]!, times[Number(h) - 1]!];
        if (time < etna || time === parent) continue;
        const day = dayOf(time);
        days.set(day, (days.get(day) ?? 0n) + minPrice * (time - parent));
      }
      fees.set(encodeCb58(v.validationId), days);
    }
    return fees;
  }

  /** A key's daily series as points, newest first, and its running sum. */
  const feePoints = (days: Map<number, bigint>) => {
    const ordered = [...days].filter(([, fee]) => fee > 0n).sort(([a], [b]) => a - b);
    let sum = 0n;
    const cumulative = ordered.map(([day, fee]) => ({ timestamp: day, value: Number((sum += fee)) }));
    return {
      daily: ordered.map(([day, fee]) => ({ timestamp: day, value: Number(fee) })).reverse(),
      cumulative: cumulative.reverse(),
    };
  };

  const feeSeries = async (template: string, path: string, query: Record<string, string | number> = {}) => {
    const answer = await get(path, query);
    assertMetricsApiResponse('GET', template, answer.status, answer.body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).to.equal(200);
    return (answer.body as { results: Point[] }).results;
  };

  it("gives each L1 validation's, node's, subnet's and the network's fees per day as the devnet's blocks charge them", async function () {
    const fees = expectedFees();
    const staking = stack.devnet.pChain.staking;
    const subnet = new Map<number, bigint>();
    const paying = new Map<number, number>();
    for (const v of staking.l1Validators) {
      const id = encodeCb58(v.validationId);
      const days = fees.get(id)!;
      expect(days.size, `${id} paid on some day`).to.be.above(0);
      const { daily, cumulative } = feePoints(days);
      const byValidation = '/v2/validation/{l1ValidationId}/metrics/{metric}';
      expect(await feeSeries(byValidation, `/v2/validation/${id}/metrics/validationFeesDaily`)).to.deep.equal(
        daily,
      );
      expect(
        await feeSeries(byValidation, `/v2/validation/${id}/metrics/validationCumulativeFeesDaily`),
      ).to.deep.equal(cumulative);
      // One validation per node on the devnet: a node's series is its validation's.
      const byNode = '/v2/validator/{nodeId}/metrics/{metric}';
      expect(await feeSeries(byNode, `/v2/validator/${v.nodeId}/metrics/perNodeDailyFeesPaid`)).to.deep.equal(
        daily,
      );
      expect(
        await feeSeries(byNode, `/v2/validator/${v.nodeId}/metrics/perNodeCumulativeFeesPaid`),
      ).to.deep.equal(cumulative);
      for (const [day, fee] of days) {
        subnet.set(day, (subnet.get(day) ?? 0n) + fee);
        if (fee > 0n) paying.set(day, (paying.get(day) ?? 0) + 1);
      }
    }
    const { daily, cumulative } = feePoints(subnet);
    const payingPoints = [...paying]
      .sort(([a], [b]) => b - a)
      .map(([timestamp, value]) => ({ timestamp, value }));
    const bySubnet = '/v2/subnet/{subnetId}/metrics/{metric}';
    const subnetPath = `/v2/subnet/${staking.subnetId}/metrics`;
    expect(await feeSeries(bySubnet, `${subnetPath}/perSubnetDailyFeesPaid`)).to.deep.equal(daily);
    expect(await feeSeries(bySubnet, `${subnetPath}/perSubnetCumulativeFeesPaid`)).to.deep.equal(cumulative);
    expect(await feeSeries(bySubnet, `${subnetPath}/perSubnetPayingValidators`)).to.deep.equal(payingPoints);
    // The devnet has one L1: the network's totals are its subnet's.
    const total = '/v2/validators/metrics/{metric}';
    expect(await feeSeries(total, '/v2/validators/metrics/totalValidatorFeesDaily')).to.deep.equal(daily);
    expect(await feeSeries(total, '/v2/validators/metrics/totalCumulativeFeesDaily')).to.deep.equal(
      cumulative,
    );
    expect(await feeSeries(total, '/v2/validators/metrics/totalPayingValidatorsDaily')).to.deep.equal(
      payingPoints,
    );
    // Every L1 validator the tip still has active paid on its day.
    expect(payingPoints[0]!.value).to.equal(
      staking.l1Validators.filter((v) => v.disabledAtHeight === undefined).length,
    );
    // Days within [startTimestamp, endTimestamp]: both ends inclusive.
    const [newest, , third] = daily;
    expect(
      await feeSeries(total, '/v2/validators/metrics/totalValidatorFeesDaily', {
        startTimestamp: third!.timestamp,
        endTimestamp: newest!.timestamp - 1,
      }),
    ).to.deep.equal(daily.slice(1, 3));
  });

  it('adds up to what the node says each validator paid: its deposits less its balance (or its refund)', async function () {
    const fees = expectedFees();
    for (const v of stack.devnet.pChain.staking.l1Validators) {
      const id = encodeCb58(v.validationId);
      const { balance } = await platform<{ balance: string }>('platform.getL1Validator', {
        validationID: id,
      });
      const left = v.refund ? v.refund.amount : BigInt(balance);
      if (v.refund) expect(balance, `${id} disabled`).to.equal('0');
      const paid = [...fees.get(id)!.values()].reduce((a, b) => a + b, 0n);
      expect(paid, id).to.equal(v.deposited - left);
      const [last] = await feeSeries(
        '/v2/validation/{l1ValidationId}/metrics/{metric}',
        `/v2/validation/${id}/metrics/validationCumulativeFeesDaily`,
      );
      expect(last!.value, id).to.equal(Number(v.deposited - left));
    }
  });

  it("agrees with platform.getCurrentValidators on the last day's end", async function () {
    const end = BigInt(lastDay() + DAY - 1);
    const { validators } = await platform<{
      validators: { nodeID: string; weight: string; endTime: string }[];
    }>('platform.getCurrentValidators', {});
    const level = zero();
    for (const v of validators) {
      if (BigInt(v.endTime) > end) {
        level.validatorCount++;
        level.validatorWeight += BigInt(v.weight);
      }
      const one = await platform<{
        validators: { delegators?: { weight: string; endTime: string }[] }[];
      }>('platform.getCurrentValidators', { nodeIDs: [v.nodeID] });
      for (const d of one.validators[0]?.delegators ?? [])
        if (BigInt(d.endTime) > end) {
          level.delegatorCount++;
          level.delegatorWeight += BigInt(d.weight);
        }
    }
    for (const metric of METRICS) {
      const [newest] = await allPoints('fuji', metric, { pageSize: 1, startTimestamp: lastDay() });
      expect(newest, metric).to.deep.equal({ value: Number(level[metric]), timestamp: lastDay() });
    }
    const { validators: l1 } = await platform<{ validators: { weight: string }[] }>(
      'platform.getCurrentValidators',
      { subnetID: l1SubnetId },
    );
    const [l1Count] = await allPoints('fuji', 'validatorCount', { subnetId: l1SubnetId, pageSize: 1 });
    expect(l1Count).to.deep.equal({
      value: l1.filter((v) => BigInt(v.weight) > 0n).length,
      timestamp: lastDay(),
    });
  });

  it('selects the days within [startTimestamp, endTimestamp] and pages them exactly once, newest first', async function () {
    const expected = pointsOf(primaryLevels(), 'validatorWeight');
    const first = expected.at(-1)!.timestamp;
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: first - DAY, max: lastDay() + DAY }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 3 * DAY }), { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        async (start, length, pageSize) => {
          const end = start === undefined || length === undefined ? undefined : start + length;
          const want = expected.filter(
            (p) => (start === undefined || p.timestamp >= start) && (end === undefined || p.timestamp <= end),
          );
          const got = await allPoints('fuji', 'validatorWeight', {
            startTimestamp: start,
            endTimestamp: end,
            pageSize,
          });
          expect(got).to.deep.equal(want);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('has no points for the network the stack does not index, nor for a subnet with no stakers', async function () {
    for (const metric of METRICS) expect(await allPoints('mainnet', metric)).to.deep.equal([]);
    const unknown = stack.devnet.pChain.staking.blockchainId; // a valid id, of no subnet
    expect(await allPoints('fuji', 'validatorCount', { subnetId: unknown })).to.deep.equal([]);
  });

  it("streams the P-Chain's blocks and staking facts from primary-network as the devnet made them", async function () {
    const client = primaryNetworkClient();
    try {
      const blocks: StakingActivityBlock[] = [];
      for await (const b of client.streaming.StreamStakingActivity({}, 60_000)) blocks.push(b);
      expect(blocks.map((b) => Number(b.height))).to.deep.equal(
        Array.from({ length: Number(stack.tipHeight) }, (_, i) => i + 1),
      );
      blocks.forEach((b, i) => {
        expect(BigInt(b.block_timestamp), `height ${b.height}`).to.equal(times[i + 1]);
        expect(b.network).to.equal('fuji');
        if (i > 0) expect(b.parent_id.equals(blocks[i - 1]!.block_id), `height ${b.height}`).to.equal(true);
      });
      const added = blocks.flatMap((b) => b.stakers_added);
      const stakers = stack.devnet.pChain.staking.everyStaker;
      expect(added.map((s) => encodeCb58(s.tx_id)).sort()).to.deep.equal(
        stakers.map((s) => encodeCb58(s.txId)).sort(),
      );
      for (const s of stakers) {
        const streamed = added.find((a) => a.tx_id.equals(s.txId))!;
        expect([
          streamed.start_time,
          streamed.end_time,
          streamed.weight,
          streamed.is_delegator,
        ]).to.deep.equal([
          s.startSeconds.toString(),
          s.endSeconds.toString(),
          s.weight.toString(),
          s.kind === 'delegator',
        ]);
      }
      // The L1's validators: their first weights, and each later change, at the height the devnet made it.
      const weights = blocks.flatMap((b) =>
        b.l1_weights.map((w) => `${b.height}:${encodeCb58(w.validation_id)}:${w.weight}`),
      );
      const made = stack.devnet.pChain.staking.l1Validators.flatMap((v) => {
        const changes = v.weightChanges ?? [];
        const first = changes[0]?.previous ?? v.weight;
        return [
          `${v.convertedAtHeight}:${encodeCb58(v.validationId)}:${first}`,
          ...changes.map((c) => `${c.height}:${encodeCb58(v.validationId)}:${c.weight}`),
        ];
      });
      expect(weights.sort()).to.deep.equal(made.sort());
      // After the tip: nothing more.
      const after = [];
      for await (const b of client.streaming.StreamStakingActivity(
        { after_height: String(stack.tipHeight) },
        10_000,
      ))
        after.push(b);
      expect(after).to.deep.equal([]);
    } finally {
      client.close();
    }
  });

  it('reads through indexes: the stream a range of heights, the queries a page of one subnet', async function () {
    const primary = new pg.Pool({ connectionString: stack.db.url, max: 2 });
    try {
      const { pool: recording, recorded } = recordingPool(primary);
      const activity = new StakingActivityReader(recording);
      await activity.nextHeight();
      expect(await activity.batch(1n, stack.tipHeight + 1n, 50)).to.have.length(50);
      await expectServedByIndexes(
        primary,
        recorded,
        'SELECT * FROM primary_network.stakers WHERE weight > 0',
      );
    } finally {
      await primary.end();
    }
    const { pool: recording, recorded } = recordingPool(pool);
    const reader = new StakingReader(recording);
    await reader.network();
    await reader.days({ subnetId: Buffer.alloc(32), from: 0, to: Number.MAX_SAFE_INTEGER, limit: 11 });
    await expectServedByIndexes(
      pool,
      recorded,
      'SELECT * FROM metrics.staking_days WHERE validator_count > 0',
    );
  });

  it('refuses bad input with a 400 naming the parameter, at the gateway and in the service', async function () {
    const cases: [string, string, Record<string, string>, string][] = [
      ['an unknown metric', '/v2/networks/fuji/metrics/validatorCounts', {}, 'metric'],
      ['a chain metric', '/v2/networks/fuji/metrics/txCount', {}, 'metric'],
      ['an unknown network', '/v2/networks/devnet/metrics/validatorCount', {}, 'network'],
      ['a malformed subnet', '/v2/networks/fuji/metrics/validatorCount', { subnetId: 'abc' }, 'subnetId'],
      [
        'a negative start',
        '/v2/networks/fuji/metrics/validatorCount',
        { startTimestamp: '-1' },
        'startTimestamp',
      ],
      [
        'an end before the start',
        '/v2/networks/fuji/metrics/validatorCount',
        { startTimestamp: '100', endTimestamp: '99' },
        'endTimestamp',
      ],
      ['pageSize 0', '/v2/networks/fuji/metrics/validatorCount', { pageSize: '0' }, 'pageSize'],
      ['pageSize 2161', '/v2/networks/fuji/metrics/validatorCount', { pageSize: '2161' }, 'pageSize'],
      [
        'a malformed page token',
        '/v2/networks/fuji/metrics/validatorCount',
        { pageToken: '%%%' },
        'pageToken',
      ],
      [
        'a total metric on the validation route',
        '/v2/validation/2YYCZGHjqnbw1MzQ5fGrTp3SjqUu8y1J1xeW4yuhdXe4LoUVVG/metrics/totalValidatorFeesDaily',
        {},
        'metric',
      ],
      [
        'an L1 metric ending before its start',
        '/v2/validators/metrics/totalValidatorFeesDaily',
        { startTimestamp: '100', endTimestamp: '99' },
        'endTimestamp',
      ],
      ['an unknown L1 metric', '/v2/validators/metrics/fees', {}, 'metric'],
      ['a malformed validation id', '/v2/validation/xyz/metrics/validationFeesDaily', {}, 'l1ValidationId'],
      ['a malformed node id', '/v2/validator/node-1/metrics/perNodeDailyFeesPaid', {}, 'nodeId'],
    ];
    const templates: Record<string, string> = {
      networks: PATH,
      validators: '/v2/validators/metrics/{metric}',
      validation: '/v2/validation/{l1ValidationId}/metrics/{metric}',
      validator: '/v2/validator/{nodeId}/metrics/{metric}',
      subnet: '/v2/subnet/{subnetId}/metrics/{metric}',
    };
    for (const [change, path, query, parameter] of cases) {
      const answer = await get(path, query);
      assertMetricsApiResponse('GET', templates[path.split('/')[2]!]!, answer.status, answer.body);
      expect(answer.status, `${change}: ${JSON.stringify(answer.body)}`).to.equal(400);
      const { message, statusCode, error } = answer.body as {
        message: string;
        statusCode: number;
        error: string;
      };
      expect([statusCode, error], change).to.deep.equal([400, 'Bad Request']);
      expect(message, change).to.match(new RegExp(`^${parameter}: `));
    }
    // The service checks its own input.
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    const client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, metrics.address, 10_000);
    try {
      const valid = { network: 'fuji', metric: 'validatorCount', subnet_id: '', page_size: 10, cursor: '' };
      const refused: [Record<string, unknown>, string][] = [
        [{ network: 'devnet' }, 'network'],
        [{ metric: 'txCount' }, 'metric'],
        [{ subnet_id: 'abc' }, 'subnetId'],
        [{ page_size: 0 }, 'pageSize'],
        [{ page_size: 2161 }, 'pageSize'],
        [{ cursor: 'x' }, 'pageToken'],
        [{ start_timestamp: '10', end_timestamp: '9' }, 'endTimestamp'],
      ];
      for (const [change, name] of refused) {
        const err = await client.unary.GetStakingMetrics({ ...valid, ...change }).then(
          () => undefined,
          (e: unknown) => e as { code?: number; message: string; grpcCode?: number },
        );
        expect(err, name).to.not.equal(undefined);
        expect(err!.message, name).to.match(new RegExp(`${name}: expected`));
      }
      const ok = await client.unary.GetStakingMetrics(valid);
      expect(ok.results.length).to.be.above(0);
      const fee = {
        metric: 'validationFeesDaily',
        id: encodeCb58(stack.devnet.pChain.staking.l1Validators[0]!.validationId),
      };
      const feeRefused: [Record<string, unknown>, string][] = [
        [{ metric: 'validatorCount' }, 'metric'],
        [{ id: 'abc' }, 'l1ValidationId'],
        [{ metric: 'perNodeDailyFeesPaid' }, 'nodeId'],
        [{ metric: 'totalValidatorFeesDaily' }, 'id'],
        [{ start_timestamp: '10', end_timestamp: '9' }, 'endTimestamp'],
      ];
      for (const [change, name] of feeRefused) {
        const err = await client.unary.GetL1ValidatorFeeMetrics({ ...fee, ...change }).then(
          () => undefined,
          (e: unknown) => e as { message: string },
        );
        expect(err?.message, name).to.match(new RegExp(`${name}: expected`));
      }
      expect((await client.unary.GetL1ValidatorFeeMetrics(fee)).results.length).to.be.above(0);
    } finally {
      client.close();
    }
  });

  it('describes its routes at /openapi.json with the official operations and parameters', async function () {
    type Operation = { operationId: string; parameters?: { name: string; in: string }[] };
    const own = (await get('/openapi.json')).body as { paths: Record<string, { get?: Operation }> };
    const official = metricsApiDocument() as unknown as { paths: Record<string, { get?: Operation }> };
    const names = (o: Operation) => (o.parameters ?? []).map((p) => `${p.in} ${p.name}`).sort();
    for (const path of [
      PATH,
      '/v2/validators/metrics/{metric}',
      '/v2/validation/{l1ValidationId}/metrics/{metric}',
      '/v2/validator/{nodeId}/metrics/{metric}',
      '/v2/subnet/{subnetId}/metrics/{metric}',
    ]) {
      const mine = own.paths[path]?.get;
      const theirs = official.paths[path]!.get!;
      expect(mine?.operationId, path).to.equal(theirs.operationId);
      expect(names(mine!), path).to.deep.equal(names(theirs));
    }
  });

  it('stores the same rows when the component is killed mid catch-up and restarted', async function () {
    // Three blocks a transaction: slow enough to be killed on the way.
    const second = await stack.startMetrics({ METRICS_ROLLUP_BATCH_BLOCKS: '3' });
    const other = new pg.Pool({ connectionString: second.db.url, max: 2 });
    try {
      await eventually(async () => {
        const { rows } = await other
          .query<{ next_height: string }>('SELECT next_height FROM metrics.staking_cursor')
          .catch(() => ({ rows: [] as { next_height: string }[] }));
        return rows.length > 0;
      }, 60_000);
      await second.component.kill();
      const { rows } = await other.query<{ next_height: string }>(
        'SELECT next_height FROM metrics.staking_cursor',
      );
      const rolledUp = BigInt(rows[0]!.next_height);
      expect(
        rolledUp < stack.tipHeight,
        `killed mid catch-up (at ${rolledUp} of ${stack.tipHeight})`,
      ).to.equal(true);
      const again = await stack.startMetrics({ METRICS_ROLLUP_BATCH_BLOCKS: '7' }, second.db);
      await eventually(
        () => caughtUp(other),
        120_000,
        `the restarted rollup caught up\n${again.component.output()}`,
      );
      const snapshot = async (p: pg.Pool) =>
        Promise.all(
          [
            'SELECT * FROM metrics.staking_days ORDER BY subnet_id, day',
            'SELECT * FROM metrics.staking_changes ORDER BY day, subnet_id',
            'SELECT * FROM metrics.staking_l1_validators ORDER BY validation_id',
            'SELECT * FROM metrics.staking_cursor',
            'SELECT * FROM metrics.l1_fee_days ORDER BY scope, key, day',
            'SELECT * FROM metrics.l1_fee_validators ORDER BY validation_id',
          ].map(async (sql) => (await p.query<Record<string, unknown>>(sql)).rows),
        );
      const [days, ...rest] = await snapshot(other);
      expect(days!.length).to.be.above(10);
      expect([days, ...rest]).to.deep.equal(await snapshot(pool));
      await again.component.stop();
    } finally {
      await other.end();
    }
  });
});

describe('the Looking Glass validators by date range', function () {
  this.timeout(600_000);
  let client: Metrics;
  /** Every primary-network validator the devnet has had, by the end of its period then its transaction. */
  let validators: Validator[];

  before(async function () {
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, metrics.address, 30_000);

    const hrp = SHARED_DEVNET.identity.hrp;
    const byTx = new Map<string, Validator>();
    for (const s of stack.devnet.pChain.staking.everyStaker)
      if (s.kind === 'validator')
        byTx.set(Buffer.from(s.txId).toString('hex'), {
          txId: Buffer.from(s.txId),
          start: s.startSeconds,
          end: s.endSeconds,
          addresses: [bech32.encode(hrp, bech32.toWords(s.owner.address))],
        });
    // The genesis validators are the node's, not built by the staking plan: the node lists them while current.
    const { validators: current } = await platform<{
      validators: {
        txID: string;
        startTime: string;
        endTime: string;
        validationRewardOwner?: { addresses: string[] };
      }[];
    }>('platform.getCurrentValidators', {});
    for (const v of current) {
      const txId = Buffer.from(decodeCb58(v.txID));
      const addresses = (v.validationRewardOwner?.addresses ?? []).map((a) => a.replace(/^P-/, ''));
      const known = byTx.get(txId.toString('hex'));
      if (known) expect(known.addresses, v.txID).to.deep.equal(addresses);
      else
        byTx.set(txId.toString('hex'), {
          txId,
          start: BigInt(v.startTime),
          end: BigInt(v.endTime),
          addresses,
        });
    }
    validators = [...byTx.values()].sort((a, b) =>
      a.end !== b.end ? (a.end < b.end ? -1 : 1) : Buffer.compare(a.txId, b.txId),
    );
  });

  after(function () {
    client?.close();
  });

  async function get(path: string, query: Record<string, string | number | undefined> = {}) {
    const { status, body } = await getMetricsGateway(baseUrl, path, query);
    assertMetricsApiResponse('get', TEMPLATE, status, body);
    return { status, body: body as Record<string, unknown> };
  }

  async function everyPage(subnetId: string, query: Record<string, string | number | undefined>) {
    const found: Details[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; ; pages++) {
      expect(pages).to.be.below(500);
      const answer = await get(`/v2/subnets/${subnetId}/validators:getAddresses`, { ...query, pageToken });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const page = answer.body.addresses as Details[];
      if (typeof query.pageSize === 'number') expect(page.length).to.be.at.most(query.pageSize);
      found.push(...page);
      pageToken = answer.body.nextPageToken as string | undefined;
      if (pageToken === undefined) return found;
    }
  }

  const expected = (start?: bigint, end?: bigint) =>
    validators
      .filter((v) => (start === undefined || v.end >= start) && (end === undefined || v.start <= end))
      .map((v) => ({ addresses: v.addresses, sortKey: v.start.toString() }));

  it("lists the validators whose period overlaps the time frame, with their reward addresses and their period's start", async function () {
    expect(validators.length).to.be.above(3);
    expect(await everyPage(PRIMARY_NETWORK, {})).to.deep.equal(expected());
    const starts = validators.map((v) => v.start).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const ends = validators.map((v) => v.end).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // Frames that cut through the history: at a period's own start and end (both inclusive), and between them.
    const frames: [bigint | undefined, bigint | undefined][] = [
      [ends[1]!, undefined],
      [undefined, starts[2]!],
      [ends[0]!, starts.at(-1)!],
      [starts.at(-1)! + 1n, starts.at(-1)! + 1n],
    ];
    let listed = 0;
    for (const [start, end] of frames) {
      const query = {
        ...(start === undefined ? {} : { startTimestamp: Number(start) }),
        ...(end === undefined ? {} : { endTimestamp: Number(end) }),
      };
      const want = expected(start, end);
      expect(await everyPage(PRIMARY_NETWORK, query), JSON.stringify(query)).to.deep.equal(want);
      // Any page size lists each validator once; testnet is fuji.
      expect(await everyPage(PRIMARY_NETWORK, { ...query, pageSize: 2, network: 'testnet' })).to.deep.equal(
        want,
      );
      listed += want.length;
    }
    expect(listed).to.be.above(validators.length);
  });

  it("works with the official SDK's subnets client", async function () {
    const sdk = officialSdk({ serverURL: baseUrl });
    const options = { serverURL: baseUrl, retries: { strategy: 'none' as const } };
    const found: Details[] = [];
    // Paged by the SDK's own iterator, following nextPageToken.
    const pages = await sdk.metrics.subnets.getValidators(
      { subnetId: PRIMARY_NETWORK, network: 'fuji', pageSize: 3 },
      options,
    );
    for await (const page of pages) found.push(...(page.result.addresses as Details[]));
    expect(found).to.deep.equal(expected());
  });

  it('has none for the L1 (its validators get no rewards) and is a 404 for a network it does not index', async function () {
    const l1 = encodeCb58(Buffer.from(decodeCb58(stack.devnet.pChain.staking.subnetId)));
    expect(await everyPage(l1, {})).to.deep.equal([]);
    const mainnet = await get(`/v2/subnets/${PRIMARY_NETWORK}/validators:getAddresses`, {
      network: 'mainnet',
    });
    expect(mainnet.status).to.equal(404);
    expect(mainnet.body.message).to.match(/^network /);
  });

  it('reads the validators through an index', async function () {
    // primary-network's own schema, migrated on a database of the test's: the plan is the index's, whatever the rows.
    const db = await createTestDatabase();
    const pool = createPool(db.url, 'looking-glass-plans');
    try {
      await migrate(pool, 'primary_network', await readMigrations(PRIMARY_NETWORK_MIGRATIONS));
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new TimeFrameValidatorsReader(recording);
      await reader.validators(Buffer.alloc(32), { start: 1_767_300_000n, end: 1_767_400_000n }, '', 11);
      await expectServedByIndexes(pool, recorded, 'SELECT * FROM primary_network.stakers WHERE weight > 7');
    } finally {
      await pool.end();
      await db.drop();
    }
  });

  it('refuses bad input with a 400 naming the parameter, and the service refuses it too', async function () {
    const path = `/v2/subnets/${PRIMARY_NETWORK}/validators:getAddresses`;
    const cases: [string, string, Record<string, string>, string][] = [
      ['a subnet id that is not cb58', '/v2/subnets/p-chain/validators:getAddresses', {}, 'subnetId'],
      ['an unknown network', path, { network: 'devnet' }, 'network'],
      ['a negative start', path, { startTimestamp: '-1' }, 'startTimestamp'],
      ['an end before the start', path, { startTimestamp: '100', endTimestamp: '99' }, 'endTimestamp'],
      ['pageSize 5001', path, { pageSize: '5001' }, 'pageSize'],
      ['a malformed page token', path, { pageToken: 'abc' }, 'pageToken'],
    ];
    for (const [change, at, query, parameter] of cases) {
      const answer = await get(at, query);
      expect(answer.status, `${change}: ${JSON.stringify(answer.body)}`).to.equal(400);
      expect([answer.body.statusCode, answer.body.error], change).to.deep.equal([400, 'Bad Request']);
      expect(answer.body.message, change).to.match(new RegExp(`^${parameter}: `));
    }
    const valid = { subnet_id: PRIMARY_NETWORK, network: '', page_size: 10, cursor: '' };
    const grpcCases: [string, Record<string, unknown>, RegExp][] = [
      ['subnet', { ...valid, subnet_id: 'x' }, /^subnetId: /],
      ['network', { ...valid, network: 'devnet' }, /^network: /],
      ['page size', { ...valid, page_size: 0 }, /^pageSize: /],
      ['cursor', { ...valid, cursor: 'zz' }, /^pageToken: /],
      ['time frame', { ...valid, start_timestamp: 10, end_timestamp: 9 }, /^endTimestamp: /],
    ];
    for (const [change, request, message] of grpcCases) {
      const err = (await rejectionOf(client.unary.ListValidatorsByDateRange(request))) as DomainError;
      expect([err.kind, err.message], change).to.satisfy(
        ([k, m]: [string, string]) => k === 'invalid_argument' && message.test(m),
        `${change}: ${err.kind} ${err.message}`,
      );
    }

    // primary-network checks what the metrics service sends it, too.
    const primaryNetwork = primaryNetworkClient();
    try {
      const direct = { subnet_id: Buffer.alloc(32), network: '', page_size: 10, cursor: '' };
      const directCases: [string, Record<string, unknown>, string, RegExp][] = [
        ['subnet', { ...direct, subnet_id: Buffer.alloc(31) }, 'invalid_argument', /^subnetId: /],
        ['page size', { ...direct, page_size: 5001 }, 'invalid_argument', /^pageSize: /],
        ['cursor', { ...direct, cursor: '1:ab' }, 'invalid_argument', /^pageToken: /],
        [
          'time frame',
          { ...direct, start_timestamp: 10, end_timestamp: 9 },
          'invalid_argument',
          /^endTimestamp: /,
        ],
        ['another network', { ...direct, network: 'mainnet' }, 'not_found', /^network /],
      ];
      for (const [change, request, kind, message] of directCases) {
        const err = (await rejectionOf(
          primaryNetwork.unary.ListValidatorsByTimeFrame(request),
        )) as DomainError;
        expect([err.kind, err.message], change).to.satisfy(
          ([k, m]: [string, string]) => k === kind && message.test(m),
          `${change}: ${err.kind} ${err.message}`,
        );
      }
    } finally {
      primaryNetwork.close();
    }
  });
});
