import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { Counter, Gauge, Registry } from 'prom-client';
import { createDevnetApp } from '../../services/devnet/app.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import type { PlatformLag } from '../../services/devnet/platform-api.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/primary-network/main.ts';
import {
  PROJECTED_INDEXES,
  Projector,
  type ProjectedIndex,
  type ProjectorMetrics,
  type ProjectorOptions,
} from '../../services/primary-network/ingest/projector.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { ProjectionWriter } from '../../services/primary-network/store/writer.ts';
import { platformRewards } from '../../services/primary-network/platform-rewards.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { FollowerHealth } from '../../services/runtime/follow/follower-health.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { createLogger, type Logger } from '../../services/runtime/logger.ts';
import { UpstreamClient } from '../../services/runtime/upstream/client.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually } from '../support/processes.ts';
import { devnetContainerStream, projectionDigest } from '../support/projection.ts';

/**
 * Upstream nodes behind the projection (issue 14): a node that has not reached a RewardValidatorTx's height answers
 * platform.getRewardUTXOs with no UTXOs, and one that has not reached a staker's lists no potential reward for it.
 * The projection must take those answers only from a node at the height, or wait for one; either way it ends with
 * the rows of a run against a node that never lagged. Potential rewards aside: a node lists a staker's only while
 * it is current at the node's height, so a node far ahead (the clean run's, at the tip) lists fewer of them.
 */
const PARAMETERS: DevnetParameters = {
  identity: IDENTITIES.fuji,
  seed: 'lagging-nodes-test',
  genesisTimeSeconds: 1_767_225_600n,
  // Nine rewards, spread over the history: some below the lagging node's height, some while it lags, some after.
  historySeconds: 6n * 86_400n,
  blockIntervalSeconds: 600n,
  accounts: 6,
  metadataBaseUrl: 'http://127.0.0.1:1/metadata',
};

/** A devnet node over HTTP, with the JSON-RPC methods it was asked on its platform API. */
interface PlatformNode {
  url: string;
  lag: PlatformLag;
  methods: string[];
  server: Server;
}

describe('primary-network projection with lagging upstream nodes', function () {
  this.timeout(300_000);
  let devnet: Devnet;
  let expected: Record<string, string>;
  let expectedPotential: Map<string, bigint>;
  let good: PlatformNode;
  let lagging: PlatformNode;
  const databases: { db: TestDatabase; pool: Pool }[] = [];
  const clients: UpstreamClient[] = [];

  /**
   * Serves the devnet's node APIs behind a small proxy that records the JSON-RPC method of each POST (the node
   * reads the body itself, so it is read here first and forwarded).
   */
  async function startNode(): Promise<PlatformNode> {
    const lag: PlatformLag = { blocks: 0n };
    const handler = createDevnetApp(devnet, createLogger('devnet', 'silent'), {
      platformLag: lag,
    }).callback();
    const node: PlatformNode = { url: '', lag, methods: [], server: createServer() };
    const backend = createServer((req, res) => void handler(req, res)).listen(0, '127.0.0.1');
    await new Promise((resolve) => backend.once('listening', resolve));
    const backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    node.server.on('close', () => backend.close());
    node.server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST')
          node.methods.push((JSON.parse(body.toString('utf8')) as { method: string }).method);
        void fetch(`${backendUrl}${req.url}`, {
          method: req.method,
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
          ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
        })
          .then(async (reply) => {
            res.writeHead(reply.status, {
              'content-type': reply.headers.get('content-type') ?? 'text/plain',
            });
            res.end(Buffer.from(await reply.arrayBuffer()));
          })
          .catch(() => res.destroy());
      });
    });
    node.server.listen(0, '127.0.0.1');
    await new Promise((resolve) => node.server.once('listening', resolve));
    node.url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
    return node;
  }

  function upstream(...nodes: PlatformNode[]): UpstreamClient {
    const client = new UpstreamClient({
      name: 'platform',
      urls: nodes.map((n) => n.url),
      log: createLogger('upstream', 'silent'),
      backoffBaseMs: 1,
      backoffMaxMs: 5,
    });
    clients.push(client);
    return client;
  }

  async function database(): Promise<Pool> {
    const db = await createTestDatabase();
    const pool = createPool(db.url, 'lagging-nodes-test');
    databases.push({ db, pool });
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
    return pool;
  }

  const projector = (
    pool: Pool,
    client: UpstreamClient,
    options: {
      onContainer?: (indexName: ProjectedIndex, index: bigint) => void;
      log?: Logger;
      metrics?: ProjectorMetrics;
      reports?: ProjectorOptions['reports'];
    } = {},
  ) =>
    new Projector({
      ctx: networkContext(IDENTITIES.fuji),
      writer: new ProjectionWriter(pool),
      stream: devnetContainerStream(devnet, options.onContainer),
      rewards: platformRewards(client),
      batchSize: 64,
      pollIntervalMs: 10,
      maxBackoffMs: 50,
      log: options.log ?? createLogger('projection-test', 'silent'),
      ...(options.metrics ? { metrics: options.metrics } : {}),
      ...(options.reports ? { reports: options.reports } : {}),
    });

  const tip = () => devnet.pChain.tip.height;
  const rewardsOf = (digest: Record<string, string>) => digest.rewards!;
  const digestOf = (pool: Pool) => projectionDigest(pool, { stakers: ['potential_reward'] });

  /** The stored potential rewards, by staking tx id (hex). */
  async function potentialRewards(pool: Pool): Promise<Map<string, bigint>> {
    const { rows } = await pool.query<{ tx_id: Buffer; potential_reward: string }>(
      'SELECT tx_id, potential_reward FROM primary_network.stakers WHERE potential_reward IS NOT NULL',
    );
    return new Map(rows.map((r) => [r.tx_id.toString('hex'), BigInt(r.potential_reward)]));
  }

  /**
   * The same rows as the clean run's; potential rewards for at least the stakers it has them for (those current at
   * the tip), and each one the devnet's.
   */
  async function expectCleanRows(pool: Pool): Promise<void> {
    const digest = await digestOf(pool);
    expect(rewardsOf(digest)).to.equal(rewardsOf(expected));
    expect(digest).to.deep.equal(expected);
    const stored = await potentialRewards(pool);
    expect([...stored.keys()]).to.include.members([...expectedPotential.keys()]);
    const truth = new Map(
      devnet.pChain.staking.everyStaker.map((s) => [Buffer.from(s.txId).toString('hex'), s.potentialReward]),
    );
    for (const [txId, reward] of stored) expect(reward).to.equal(truth.get(txId));
  }
  const count = (methods: string[], method: string) => methods.filter((m) => m === method).length;

  before(async function () {
    devnet = await Devnet.create(PARAMETERS);
    await devnet.generateHistory();
    good = await startNode();
    lagging = await startNode();
    const clean = await database();
    await projector(clean, upstream(good)).catchUp();
    expected = await digestOf(clean);
    expectedPotential = await potentialRewards(clean);
    expect(Number(rewardsOf(expected).split(' ')[0])).to.be.greaterThan(5);
    expect(expectedPotential.size).to.be.greaterThan(5);
  });

  after(async function () {
    for (const client of clients) client.close();
    for (const node of [good, lagging]) await new Promise((resolve) => node?.server.close(resolve));
    for (const { db, pool } of databases) {
      await pool.end();
      await db.drop();
    }
  });

  it("the devnet's lagging platform API answers as a node at its own height does, and catches up at run time", async function () {
    const platform = async (method: string, params: unknown = {}) => {
      const reply = await fetch(`${lagging.url}/ext/bc/P`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: `platform.${method}`, params }),
      });
      return ((await reply.json()) as { result: Record<string, unknown> }).result;
    };
    const setLag = (blocks: unknown) =>
      fetch(`${lagging.url}/ext/devnet/platform/lag`, { method: 'PUT', body: JSON.stringify({ blocks }) });
    const rewarded = devnet.pChain.staking.everyStaker.find(
      (s) => s.kind === 'validator' && s.removedAtHeight !== undefined,
    )!;
    const at = rewarded.removedAtHeight!;
    const rewardsOf = async () =>
      (await platform('getRewardUTXOs', { txID: encodeCb58(rewarded.txId), encoding: 'hex' })).utxos;
    const stakersOf = async () =>
      ((await platform('getCurrentValidators')).validators as { txID: string }[]).map((v) => v.txID);

    expect((await setLag(Number(tip() - at + 1n))).status).to.equal(200);
    expect(await platform('getHeight')).to.deep.equal({ height: String(at - 1n) });
    expect(await rewardsOf()).to.deep.equal([]);
    expect(await stakersOf()).to.include(encodeCb58(rewarded.txId));

    expect((await setLag(Number(tip() - at))).status).to.equal(200);
    expect(await platform('getHeight')).to.deep.equal({ height: String(at) });
    expect(await rewardsOf()).to.have.length(rewarded.rewardUtxos.length).and.not.be.empty;
    expect(await stakersOf()).to.not.include(encodeCb58(rewarded.txId));

    for (const bad of [-1, 1.5, '3', null]) expect((await setLag(bad)).status).to.equal(400);
    expect((await setLag(0)).status).to.equal(200);
    expect(await platform('getHeight')).to.deep.equal({ height: String(tip()) });
  });

  it('takes rewards from the node that has reached their height while the first lags, and ends with the rows of a clean run', async function () {
    const pBlocks = BigInt(devnet.containers.count('P/block'));
    // The first node stays at a third of the chain until the projection is half-way through the P-Chain.
    lagging.lag.blocks = tip() - tip() / 3n;
    lagging.methods.length = 0;
    good.methods.length = 0;
    const pool = await database();
    await projector(pool, upstream(lagging, good), {
      onContainer: (indexName, index) => {
        if (indexName === 'P/block' && index === pBlocks / 2n) lagging.lag.blocks = 0n;
      },
    }).catchUp();

    await expectCleanRows(pool);
    // Both nodes answered rewards: the first below its height and once caught up, the second while the first lagged.
    expect(count(lagging.methods, 'platform.getRewardUTXOs')).to.be.greaterThan(0);
    expect(count(good.methods, 'platform.getRewardUTXOs')).to.be.greaterThan(0);
    expect(count(good.methods, 'platform.getCurrentValidators')).to.be.greaterThan(0);
    // The second node was asked only when the first was behind, and every answer was preceded by a height check.
    expect(count(lagging.methods, 'platform.getHeight')).to.equal(
      count(lagging.methods, 'platform.getRewardUTXOs') +
        count(lagging.methods, 'platform.getCurrentValidators') +
        count(good.methods, 'platform.getHeight'),
    );
  });

  it('waits at the cursor while no node has reached the height it needs, says so, then catches up to the rows of a clean run', async function () {
    const lagHeight = tip() / 3n;
    lagging.lag.blocks = tip() - lagHeight;
    const registry = new Registry();
    const metrics: ProjectorMetrics = {
      containersProjected: new Counter({
        name: 'projected',
        help: '-',
        labelNames: ['index'],
        registers: [registry],
      }),
      nextIndex: new Gauge({ name: 'next', help: '-', labelNames: ['index'], registers: [registry] }),
      failures: new Counter({ name: 'failures', help: '-', labelNames: ['index'], registers: [registry] }),
      waitingForHeight: new Gauge({ name: 'waiting', help: '-', registers: [registry] }),
    };
    const warnings: Record<string, unknown>[] = [];
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          for (const line of chunk.toString('utf8').split('\n'))
            if (line !== '') warnings.push(JSON.parse(line) as Record<string, unknown>);
          callback();
        },
      }),
    );
    const waitingFor = async () => (await metrics.waitingForHeight.get()).values[0]?.value ?? 0;
    const pool = await database();
    const cursor = async (index: ProjectedIndex) => {
      const { rows } = await pool.query<{ next_index: string }>(
        'SELECT next_index FROM primary_network.cursors WHERE index_name = $1',
        [index],
      );
      return BigInt(rows[0]?.next_index ?? 0);
    };
    // Stalled as soon as it waits: what /readyz and the follower gauges would say of the projection.
    const health = new FollowerHealth(registry, { stallAfterMs: 200 });
    const reports = Object.fromEntries(PROJECTED_INDEXES.map((index) => [index, health.follower(index)]));
    const abort = new AbortController();
    const running = projector(pool, upstream(lagging), { log, metrics, reports }).run(abort.signal);
    try {
      await eventually(async () => (await waitingFor()) > 0, 60_000, 'the projection to wait for a node');
      const needed = BigInt(await waitingFor());
      expect(needed > lagHeight).to.equal(true);
      const stalledAt = await cursor('P/block');
      // Nothing at or past the height it waits for is written, and the cursor stays where it is.
      const highest = async () =>
        BigInt(
          (
            await pool.query<{ h: string | null }>(
              `SELECT max(height) AS h FROM primary_network.blocks WHERE chain = 'P'`,
            )
          ).rows[0]!.h ?? -1,
        );
      expect((await highest()) < needed).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await cursor('P/block')).to.equal(stalledAt);
      expect((await highest()) < needed).to.equal(true);
      expect(stalledAt < BigInt(devnet.containers.count('P/block'))).to.equal(true);
      const waiting = warnings.find((w) => w.neededHeight !== undefined);
      expect(waiting).to.include({ level: 40, neededHeight: needed.toString() });
      expect(waiting!.nodes).to.deep.equal([
        { endpoint: lagging.url, reason: `at P-Chain height ${lagHeight}` },
      ]);
      await eventually(() => health.problems().length > 0, 10_000, 'the projection reported stalled');
      expect(health.problems()[0]).to.match(
        /^P\/block stalled: \d+ behind its upstream, no progress for \d+ s$/,
      );

      lagging.lag.blocks = 0n;
      await eventually(
        async () => {
          for (const index of PROJECTED_INDEXES)
            if ((await cursor(index)) < BigInt(devnet.containers.count(index))) return false;
          return (await waitingFor()) === 0;
        },
        120_000,
        'the projection to catch up',
      );
      expect(health.problems()).to.deep.equal([]);
    } finally {
      abort.abort();
      await running;
    }
    await expectCleanRows(pool);
  });
});
