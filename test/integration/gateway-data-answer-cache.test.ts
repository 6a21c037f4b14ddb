import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net';
import { expect } from 'chai';
import pg from 'pg';
import type { Devnet } from '../../services/devnet/network.ts';
import { createDevnetApp } from '../../services/devnet/app.ts';
import type { PrimaryNetworkServiceClient } from '../../services/generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/primary_network.ts';
import {
  PRIMARY_NETWORK_PROJECTION,
  type PrimaryNetworkClient,
} from '../../services/gateway-data/routes/route.ts';
import { ProjectionWatch } from '../../services/gateway-data/projection-watch.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/primary-network/main.ts';
import { parseGenesisConfig } from '../../services/primary-network/ingest/genesis.ts';
import { Projector, type ProjectedIndex } from '../../services/primary-network/ingest/projector.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { ProjectionWriter } from '../../services/primary-network/store/writer.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { formatBech32 } from '../../services/runtime/formatting/address.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { AnswerCache } from '../../services/runtime/rest/answer-cache.ts';
import { processMetrics } from '../../services/runtime/telemetry/metrics.ts';
import {
  countingClient,
  gatewayRequest,
  startTestDataGateway,
  type GatewayReply,
} from '../support/data-gateway.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';
import { devnetContainerStream, devnetRewards } from '../support/projection.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';

/**
 * gateway-data's answer cache against a real primary-network (an API-only replica, PROJECTION_ENABLED=false) on a
 * real database, projected by this process: a kept answer is the answer, byte for byte; the projection's commits
 * reach the gateway (NOTIFY/LISTEN on a PostgreSQL server, the cursors polled on embedded PostgreSQL, then
 * WatchProjection) and drop what it kept; nothing is served from memory while the watch is down.
 */
const FUJI = IDENTITIES.fuji;
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const ON_POSTGRESQL = process.env.DATABASE_URL !== undefined;
/** The P-Chain blocks projected before the test projects the rest. */
const FIRST_P_BLOCKS = 0.6;

interface Gateway {
  base: string;
  calls: string[];
  close(): Promise<void>;
}

/** A TCP relay the watch goes through, so that a test can cut it while the routes' calls go on. */
class Relay {
  private server: TcpServer | undefined;
  private readonly sockets = new Set<Socket>();
  readonly port: number;
  private readonly target: number;

  constructor(port: number, target: number) {
    this.port = port;
    this.target = target;
  }

  async open(): Promise<void> {
    this.server = createTcpServer((client) => {
      const upstream = connect(this.target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server = undefined;
  }
}

describe('gateway-data answer cache', function () {
  this.timeout(300_000);
  const stops: (() => Promise<unknown>)[] = [];
  let devnet: Devnet;
  let db: TestDatabase;
  let pool: Pool;
  let service: RunningComponent;
  let serviceAddress: string;
  let projector: Projector;
  /** How far each index is streamed to the projection (container indexes, exclusive). */
  const streamed: Partial<Record<ProjectedIndex, bigint>> = {};
  let grpc: GrpcServiceClient<
    ProtoGrpcType['chaindata']['primarynetwork']['v1']['PrimaryNetworkService']['service']
  >;
  let relay: Relay;
  let watch: ProjectionWatch;
  const stopWatch = new AbortController();
  let clock = Date.UTC(2026, 0, 10);
  let cached: Gateway;
  let uncached: Gateway;
  let busiest: string;

  async function gateway(answerCaches: Record<string, AnswerCache> = {}): Promise<Gateway> {
    const { client, calls } = countingClient<PrimaryNetworkClient>(grpc.unary);
    const started = await startTestDataGateway({
      primaryNetwork: client,
      pageTokenSecret: SECRET,
      pageTokenClock: () => clock,
      answerCaches,
    });
    stops.push(() => started.close());
    return { ...started, calls };
  }

  // Tokens renewed on every hit: the tests move the page tokens' clock by hours within milliseconds.
  const cacheOf = (bytes: number) =>
    new AnswerCache({ source: PRIMARY_NETWORK_PROJECTION, bytes, generation: watch, renewTokensAfterMs: 0 });

  /** A request through a gateway, with how many calls it made to primary-network. */
  async function ask(
    through: Gateway,
    method: string,
    path: string,
    body?: string,
  ): Promise<GatewayReply & { calls: number }> {
    const before = through.calls.length;
    const reply = await gatewayRequest(through.base, method, path, body);
    return { ...reply, calls: through.calls.length - before };
  }

  /** The headers of a reply, less those that are the request's own (its date). */
  const headersOf = (reply: GatewayReply) =>
    Object.fromEntries([...reply.headers].filter(([name]) => name !== 'date'));

  const transactions = (query: string) =>
    `/v1/networks/fuji/blockchains/p-chain/transactions?addresses=${busiest}&${query}`;
  const utxosPath = '/v1/networks/fuji/blockchains/p-chain/utxos?pageSize=20&includeSpent=true';
  const utxosBody = (address: string) => JSON.stringify({ addresses: `P-${address}` });

  async function project(index: ProjectedIndex, through: bigint): Promise<void> {
    streamed[index] = through;
    await projector.catchUp();
  }

  before(async function () {
    devnet = await sharedDevnet(SHARED_DEVNET);
    const devnetHandler = createDevnetApp(devnet, createLogger('devnet', 'silent')).callback();
    const devnetServer: Server = createHttpServer((req, res) => void devnetHandler(req, res));
    await new Promise<void>((resolve) => devnetServer.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise<void>((resolve) => devnetServer.close(() => resolve())));
    const devnetUrl = `http://127.0.0.1:${(devnetServer.address() as { port: number }).port}`;

    db = await createTestDatabase();
    stops.push(() => db.drop());
    pool = createPool(db.url, 'answer-cache-test');
    stops.push(() => pool.end());
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
    const all = (index: ProjectedIndex) => BigInt(devnet.containers.count(index));
    for (const index of ['X/vtx', 'X/block', 'C/block'] as const) streamed[index] = all(index);
    streamed['P/block'] = BigInt(Math.floor(devnet.containers.count('P/block') * FIRST_P_BLOCKS));
    const stream = devnetContainerStream(devnet);
    projector = new Projector({
      ctx: networkContext(FUJI),
      writer: new ProjectionWriter(pool),
      stream: async function* (index, after) {
        for await (const container of stream(index, after))
          if (BigInt(container.index) < (streamed[index] ?? 0n)) yield container;
      },
      rewards: devnetRewards(devnet),
      genesis: () => Promise.resolve(parseGenesisConfig(JSON.stringify(devnet.genesisConfig), FUJI)),
      batchSize: 64,
      pollIntervalMs: 10,
      maxBackoffMs: 10,
      log: createLogger('projection', 'silent'),
    });
    await projector.catchUp();

    const { rows } = await pool.query<{ address: Buffer }>(
      `SELECT address FROM primary_network.address_transactions WHERE chain = 'P' AND kind = 0
       GROUP BY address ORDER BY count(*) DESC, address LIMIT 1`,
    );
    busiest = formatBech32('fuji', rows[0]!.address);

    const servicePort = await freePort();
    serviceAddress = `127.0.0.1:${servicePort}`;
    service = await startComponent('primary-network', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: serviceAddress,
      PROJECTION_ENABLED: 'false',
      UPSTREAM_CHAIN_NODE_URLS: `P=${devnetUrl}`,
      AVALANCHE_NETWORK: 'fuji',
      LOG_LEVEL: 'warn',
    });
    stops.push(() => service.stop());
    const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
    const Service = proto.chaindata.primarynetwork.v1.PrimaryNetworkService;
    grpc = createGrpcClient(Service, serviceAddress, 30_000);
    stops.push(() => Promise.resolve(grpc.close()));

    // The watch on a connection of its own, through a relay the tests can cut.
    relay = new Relay(await freePort(), servicePort);
    await relay.open();
    stops.push(() => relay.cut());
    const watchClient = createGrpcClient(Service, `127.0.0.1:${relay.port}`, 30_000);
    stops.push(() => Promise.resolve(watchClient.close()));
    watch = new ProjectionWatch(PRIMARY_NETWORK_PROJECTION);
    const watching = watch.run(
      (deadlineMs) =>
        (watchClient.raw as PrimaryNetworkServiceClient).WatchProjection(
          {},
          { deadline: Date.now() + deadlineMs },
        ),
      stopWatch.signal,
      createLogger('watch', 'silent'),
    );
    stops.push(async () => {
      stopWatch.abort();
      await watching;
    });
    await eventually(() => watch.current() !== undefined, 20_000, 'the projection watch');

    cached = await gateway({ [PRIMARY_NETWORK_PROJECTION]: cacheOf(64 * 1024 ** 2) });
    uncached = await gateway();
  });

  after(async function () {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  });

  it('answers a request again from memory, byte for byte and header for header as without the cache', async function () {
    const requests: [string, string, string?][] = [
      ['GET', transactions('pageSize=10&sortOrder=desc')],
      ['GET', transactions('pageSize=25&sortOrder=asc')],
      ['POST', utxosPath, utxosBody(busiest)],
      ['GET', `/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${busiest}&pageSize=5`],
      ['GET', `/v1/networks/fuji/blockchains/p-chain/balances?addresses=${busiest}`],
      ['GET', '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=3'],
      ['GET', '/v1/networks/fuji/blockchains'],
    ];
    for (const [method, path, body] of requests) {
      const first = await ask(cached, method, path, body);
      const again = await ask(cached, method, path, body);
      const without = await ask(uncached, method, path, body);
      const what = `${method} ${path}`;
      expect([first.status, again.status, without.status], what).to.deep.equal([200, 200, 200]);
      expect([first.calls, again.calls], what).to.deep.equal([1, 0]);
      expect(again.text, what).to.equal(without.text);
      expect(first.text, what).to.equal(without.text);
      expect(headersOf(again), what).to.deep.equal(headersOf(without));
      expect(headersOf(again)['content-type'], what).to.equal('application/json; charset=utf-8');
    }
  });

  it('writes a kept list page with a page token issued now, and opens the token it was asked with again', async function () {
    const path = transactions('pageSize=10&sortOrder=desc');
    await ask(cached, 'GET', path);
    clock += 3_600_000;
    const later = await ask(cached, 'GET', path);
    const without = await ask(uncached, 'GET', path);
    expect(later.calls).to.equal(0);
    // Issued now: the same token as the gateway without the cache issues now, not the one of an hour ago.
    expect(later.body.nextPageToken).to.be.a('string').and.equal(without.body.nextPageToken);
    expect(later.text).to.equal(without.text);

    const token = later.body.nextPageToken as string;
    const next = `${path}&pageToken=${token}`;
    const second = await ask(cached, 'GET', next);
    const secondAgain = await ask(cached, 'GET', next);
    expect([second.status, second.calls, secondAgain.calls]).to.deep.equal([200, 1, 0]);
    expect(secondAgain.text).to.equal((await ask(uncached, 'GET', next)).text);
    // A day later the token has expired: a 400 as without the cache, though its page is kept.
    clock += 25 * 3_600_000;
    const expired = await ask(cached, 'GET', next);
    const expiredWithout = await ask(uncached, 'GET', next);
    expect([expired.status, expired.calls]).to.deep.equal([400, 0]);
    expect(expired.text).to.equal(expiredWithout.text);
  });

  it("renews a kept answer's page token once it is a second old, not on every hit", async function () {
    const renewing = await gateway({
      [PRIMARY_NETWORK_PROJECTION]: new AnswerCache({
        source: PRIMARY_NETWORK_PROJECTION,
        bytes: 1 << 24,
        generation: watch,
      }),
    });
    const path = transactions('pageSize=10&sortOrder=asc');
    const first = await ask(renewing, 'GET', path);
    clock += 60_000;
    const soon = await ask(renewing, 'GET', path);
    expect([soon.calls, soon.text]).to.deep.equal([0, first.text]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await ask(renewing, 'GET', path);
    expect(later.calls).to.equal(0);
    expect(later.text).to.equal((await ask(uncached, 'GET', path)).text);
    expect(later.body.nextPageToken).not.to.equal(first.body.nextPageToken);
  });

  it('keeps the answer to a POST by its JSON body: another body is another answer', async function () {
    const { rows } = await pool.query<{ address: Buffer }>(
      `SELECT address FROM primary_network.address_utxos WHERE chain = 'P'
       GROUP BY address ORDER BY count(*) ASC, address LIMIT 1`,
    );
    const other = formatBech32('fuji', rows[0]!.address);
    expect(other).not.to.equal(busiest);
    const path = `${utxosPath}&sortBy=amount`;
    const mine = await ask(cached, 'POST', path, utxosBody(busiest));
    const theirs = await ask(cached, 'POST', path, utxosBody(other));
    expect([mine.calls, theirs.calls]).to.deep.equal([1, 1]);
    expect(theirs.text).not.to.equal(mine.text);
    const mineAgain = await ask(cached, 'POST', path, utxosBody(busiest));
    const theirsAgain = await ask(cached, 'POST', path, utxosBody(other));
    expect([mineAgain.calls, theirsAgain.calls]).to.deep.equal([0, 0]);
    expect([mineAgain.text, theirsAgain.text]).to.deep.equal([mine.text, theirs.text]);
    // Kept by the body's JSON, not its bytes: spacing aside, it is the same body.
    const spaced = await ask(cached, 'POST', path, ` { "addresses" :  "P-${busiest}" } `);
    expect([spaced.calls, spaced.text]).to.deep.equal([0, mine.text]);
  });

  it('asks primary-network once for requests alike that come together', async function () {
    const path = transactions('pageSize=50&sortOrder=asc');
    const before = cached.calls.length;
    const replies = await Promise.all(Array.from({ length: 8 }, () => ask(cached, 'GET', path)));
    expect(cached.calls.length - before).to.equal(1);
    expect(new Set(replies.map((r) => r.text)).size).to.equal(1);
    expect(replies[0]!.text).to.equal((await ask(uncached, 'GET', path)).text);
  });

  it('never keeps a refusal', async function () {
    const refusals = [
      transactions('pageSize=0'),
      transactions('pageSize=10&pageToken=not-a-token'),
      '/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=' + busiest,
    ];
    for (const path of refusals) {
      const first = await ask(cached, 'GET', path);
      const again = await ask(cached, 'GET', path);
      const without = await ask(uncached, 'GET', path);
      expect([first.status, again.status], path).to.deep.equal([400, 400]);
      expect([first.calls, again.calls], path).to.deep.equal([0, 0]);
      expect(again.text, path).to.equal(without.text);
    }
    // A body alike to a kept one's but not labelled JSON is refused before anything is looked up.
    expect((await ask(cached, 'POST', utxosPath, utxosBody(busiest))).status).to.equal(200);
    const before = cached.calls.length;
    const unlabelled = await gatewayRequest(cached.base, 'POST', utxosPath, utxosBody(busiest), {
      'content-type': 'text/plain',
    });
    expect([unlabelled.status, cached.calls.length - before]).to.deep.equal([400, 0]);
    const notJson = [
      await ask(cached, 'POST', utxosPath, 'addresses=1'),
      await ask(cached, 'POST', utxosPath, 'x'),
    ];
    expect(notJson.map((r) => [r.status, r.calls])).to.deep.equal([
      [400, 0],
      [400, 0],
    ]);
  });

  it('drops what it kept once the projection commits, and answers what is projected', async function () {
    const path = transactions('pageSize=10&sortOrder=desc');
    const before = await ask(cached, 'GET', path);
    expect((await ask(cached, 'GET', path)).calls).to.equal(0);
    const generation = watch.current();

    await project('P/block', BigInt(devnet.containers.count('P/block')));
    const committed = performance.now();
    const projected = await ask(uncached, 'GET', path);
    expect(projected.text, 'the rest of the P-Chain has new transactions of the address').not.to.equal(
      before.text,
    );
    let seenAfterMs = 0;
    await eventually(
      async () => {
        const reply = await ask(cached, 'GET', path);
        seenAfterMs = performance.now() - committed;
        return reply.text === projected.text;
      },
      5_000,
      'the kept answer to be dropped',
    );
    expect(watch.current()).to.be.greaterThan(generation!);
    // Kept again under the new generation.
    expect((await ask(cached, 'GET', path)).calls).to.equal(0);
    this.test!.title += ` (seen ${seenAfterMs.toFixed(0)} ms after the commit)`;
  });

  it('serves nothing from memory while the watch is down, and keeps answers again once it is back', async function () {
    const path = transactions('pageSize=25&sortOrder=desc');
    await ask(cached, 'GET', path);
    expect((await ask(cached, 'GET', path)).calls).to.equal(0);
    await relay.cut();
    await eventually(() => watch.current() === undefined, 10_000, 'the watch to be seen down');
    for (let i = 0; i < 3; i++) expect((await ask(cached, 'GET', path)).calls).to.equal(1);
    const watched = await metricValue('chain_data_answer_cache_source_watched');
    expect(watched).to.equal(0);
    const unwatched = await metricValue('chain_data_answer_cache_requests_total', 'outcome="unwatched"');
    expect(unwatched).to.be.greaterThanOrEqual(3);

    await relay.open();
    await eventually(() => watch.current() !== undefined, 20_000, 'the watch to be back');
    expect((await ask(cached, 'GET', path)).calls).to.equal(1);
    expect((await ask(cached, 'GET', path)).calls).to.equal(0);
    expect(await metricValue('chain_data_answer_cache_requests_total', 'outcome="hit"')).to.be.greaterThan(0);
  });

  it('starts over when primary-network loses its LISTEN connection (PostgreSQL server)', async function () {
    if (!ON_POSTGRESQL) this.skip();
    const generation = watch.current()!;
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
         WHERE application_name = 'primary-network projection watch'`,
      );
      expect(rows.map((r) => r.killed)).to.deep.equal([true]);
    } finally {
      await admin.end();
    }
    // The stream ended UNAVAILABLE, and the gateway's next one began another generation.
    await eventually(() => (watch.current() ?? 0) > generation, 20_000, 'the watch to start over');
  });

  it('keeps nothing at 0 bytes', async function () {
    const none = await gateway({ [PRIMARY_NETWORK_PROJECTION]: cacheOf(0) });
    const path = transactions('pageSize=10&sortOrder=asc');
    const replies = [await ask(none, 'GET', path), await ask(none, 'GET', path)];
    expect(replies.map((r) => [r.status, r.calls])).to.deep.equal([
      [200, 1],
      [200, 1],
    ]);
  });
});

/** The sum of a metric's series in this process's registry (those whose labels contain `labels`). */
async function metricValue(name: string, labels = ''): Promise<number> {
  const text = await processMetrics().getSingleMetricAsString(name);
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
