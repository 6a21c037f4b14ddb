import { Avalanche } from '@avalanche-sdk/chainkit';
import { expect } from 'chai';
import { startMetricsGateway } from '../support/metrics-devnet.ts';
import fc from 'fast-check';
import pg from 'pg';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { PRIMARY_NETWORK_SUBNET_ID } from '../../services/runtime/avalanche/vms.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../../services/generated/proto/primary_network.ts';
import type { StakingActivityBlock__Output as StakingActivityBlock } from '../../services/generated/proto/chaindata/primarynetwork/v1/StakingActivityBlock.ts';
import { StakingActivityReader } from '../../services/primary-network/store/staking-activity.ts';
import { StakingReader } from '../../services/metrics/store/staking-reader.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';
import { SHARED_DEVNET } from '../support/devnets.ts';
import { assertMetricsApiResponse, metricsApiDocument } from '../support/metrics-api-openapi.ts';
import { startStakingDevnet, type StakingDevnet } from '../support/metrics-staking-devnet.ts';
import { eventually, type RunningComponent } from '../support/processes.ts';

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

describe('metrics: staking metrics (getStakingMetrics)', function () {
  this.timeout(600_000);
  let stack: StakingDevnet;
  let metrics: { component: RunningComponent; db: { url: string }; address: string };
  let gateway: RunningComponent;
  let baseUrl: string;
  let pool: pg.Pool;
  /** Each P-Chain height's time, from the node's blocks. */
  const times: bigint[] = [];
  let l1SubnetId: string;

  async function platform<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${stack.devnetUrl}/ext/bc/P`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const reply = (await response.json()) as { result?: T; error?: unknown };
    if (reply.result === undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
    return reply.result;
  }

  const caughtUp = async (p: pg.Pool) => {
    const { rows } = await p.query<{ next_height: string }>('SELECT next_height FROM metrics.staking_cursor');
    return rows[0]?.next_height === String(stack.tipHeight + 1n);
  };

  before(async function () {
    stack = await startStakingDevnet({ ...SHARED_DEVNET });
    l1SubnetId = stack.devnet.pChain.staking.subnetId;
    metrics = await stack.startMetrics();
    pool = new pg.Pool({ connectionString: metrics.db.url, max: 2 });
    ({ gateway, baseUrl } = await startMetricsGateway(metrics.address));
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
    await gateway?.stop();
    await stack?.stop();
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.error(metrics?.component.output().slice(-3_000));
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

  async function get(path: string, query: Record<string, string | number | undefined> = {}): Promise<Answer> {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await fetch(url);
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

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
    const sdk = new Avalanche({ serverURL: baseUrl });
    const options = { serverURL: baseUrl, retries: { strategy: 'none' as const } };
    const points: Point[] = [];
    // Paged by the SDK's own iterator, following nextPageToken.
    const pages = await sdk.metrics.networks.getStakingMetrics(
      { network: 'fuji', metric: 'delegatorWeight', pageSize: 2 },
      options,
    );
    for await (const page of pages) points.push(...page.result.results);
    expect(points).to.deep.equal(pointsOf(primaryLevels(), 'delegatorWeight'));
    // The L1 validator fee metrics are not computed: the SDK gets the 400 an unknown metric gets.
    const refused = await sdk.metrics.l1Validators
      .listMetrics({ metric: 'totalValidatorFeesDaily' }, options)
      .then(
        () => undefined,
        (err: unknown) => err as { statusCode?: number },
      );
    expect(refused?.statusCode).to.equal(400);
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
    const proto = loadProto<PrimaryNetworkProto>('chaindata/primarynetwork/v1/primary_network.proto');
    const client = createGrpcClient(
      proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
      stack.primaryNetworkAddress,
      30_000,
    );
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
      // The L1 validator fee metrics are not computed: every metric is refused as an unknown one.
      ['an L1 fee metric', '/v2/validators/metrics/totalValidatorFeesDaily', {}, 'metric'],
      [
        'a validation fee metric',
        '/v2/validation/2YYCZGHjqnbw1MzQ5fGrTp3SjqUu8y1J1xeW4yuhdXe4LoUVVG/metrics/validationFeesDaily',
        {},
        'metric',
      ],
      [
        'a node fee metric',
        '/v2/validator/NodeID-JQPadXEMWtRtJyXrisyDNWuXKSjSf9D36/metrics/perNodeDailyFeesPaid',
        {},
        'metric',
      ],
      ['a subnet fee metric', `/v2/subnet/${l1SubnetId}/metrics/perSubnetDailyFeesPaid`, {}, 'metric'],
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
