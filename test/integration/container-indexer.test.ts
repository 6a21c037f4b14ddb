import { expect } from 'chai';
import { Counter, Gauge, Registry } from 'prom-client';
import { INDEX_NAMES, type IndexName } from '../../services/runtime/avalanche/index-names.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/container-indexer/main.ts';
import { IndexFollower, type FollowerMetrics } from '../../services/container-indexer/ingest/follower.ts';
import { containerIndexService } from '../../services/container-indexer/api/service.ts';
import { applyIndexingMode } from '../../services/container-indexer/ingest/indexing-mode.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/container_indexer.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { implementService, startGrpcServer } from '../../services/runtime/grpc/server.ts';
import { ContainerStore } from '../../services/container-indexer/store/container-store.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { decodeId, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { MemoryContainers } from '../../services/devnet/memory-containers.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { UpstreamClient } from '../../services/runtime/upstream/client.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, freePort, rejectionOf, spawnComponent, startComponent } from '../support/processes.ts';
import { startUpstreamNode, type UpstreamNode } from '../support/upstream-node.ts';

const log = createLogger('test', 'silent');

function followerMetrics(): FollowerMetrics {
  const registers = [new Registry()];
  return {
    containersIndexed: new Counter({ name: 'indexed', help: 'x', labelNames: ['index'], registers }),
    nextIndex: new Gauge({ name: 'next', help: 'x', labelNames: ['index'], registers }),
    failures: new Counter({ name: 'failures', help: 'x', labelNames: ['index'], registers }),
  };
}

/** Asserts the stored index is exactly the upstream's first `count` containers: contiguous from 0, same ids, bytes, times. */
async function expectMirrors(
  pool: Pool,
  node: UpstreamNode,
  indexName: IndexName,
  count: number,
): Promise<void> {
  const { rows } = await pool.query<{
    idx: string;
    id: Buffer;
    bytes: Buffer;
    accepted_at_unix_nano: string;
  }>(
    'SELECT idx, id, bytes, accepted_at_unix_nano FROM container_indexer.containers WHERE index_name = $1 ORDER BY idx',
    [indexName],
  );
  expect(rows.length, `${indexName} row count`).to.equal(count);
  const upstream = node.indexes.get(indexName)!;
  rows.forEach((row, i) => {
    expect(row.idx).to.equal(String(i));
    expect(encodeCb58(row.id)).to.equal(upstream[i]!.id);
    expect(Buffer.compare(row.bytes, upstream[i]!.bytes)).to.equal(0);
    expect(row.accepted_at_unix_nano).to.equal(upstream[i]!.timestampNanos.toString());
  });
  const state = await new ContainerStore(pool).state(indexName);
  expect(state.nextIndex).to.equal(BigInt(count));
}

describe('container indexer', function () {
  let db: TestDatabase;
  let pool: Pool;
  let store: ContainerStore;
  const cleanups: (() => Promise<void> | void)[] = [];

  before(async function () {
    db = await createTestDatabase();
    pool = createPool(db.url, 'test');
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
    store = new ContainerStore(pool);
  });

  beforeEach(async function () {
    await pool.query('TRUNCATE container_indexer.containers, container_indexer.indexes');
  });

  afterEach(async function () {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  after(async function () {
    await pool?.end();
    await db?.drop();
  });

  async function node(indexes: Record<string, number>): Promise<UpstreamNode> {
    const started = await startUpstreamNode({ indexes });
    cleanups.push(() => started.close());
    return started;
  }

  function follower(indexName: IndexName, urls: string[], batchSize = 1024) {
    const upstream = new UpstreamClient({
      name: 'test',
      urls,
      log,
      backoffBaseMs: 1,
      healthIntervalMs: 20,
      timeoutMs: 2_000,
    });
    cleanups.push(() => upstream.close());
    return new IndexFollower({
      indexName,
      store,
      upstream,
      batchSize,
      pollIntervalMs: 20,
      maxBackoffMs: 50,
      log,
      metrics: followerMetrics(),
    });
  }

  /** Runs followers until `done` holds, then stops them. */
  async function runUntil(
    followers: IndexFollower[],
    done: () => Promise<boolean>,
    timeoutMs = 20_000,
  ): Promise<void> {
    const abort = new AbortController();
    const running = followers.map((f) => f.run(abort.signal));
    try {
      await eventually(done, timeoutMs, 'indexing to finish');
    } finally {
      abort.abort();
      await Promise.all(running);
    }
  }

  const nextIndexIs = (indexName: IndexName, n: number) => async () =>
    (await store.state(indexName)).nextIndex === BigInt(n);

  /** The lookup service over the test's store, served over gRPC, and a client of it (both closed after the test). */
  async function serve(served: IndexName[]) {
    const proto = loadProto<ProtoGrpcType>('chaindata/containerindexer/v1/container_indexer.proto');
    const Service = proto.chaindata.containerindexer.v1.ContainerIndexService;
    const server = await startGrpcServer({
      address: '127.0.0.1:0',
      log,
      services: [
        {
          name: 'chaindata.containerindexer.v1.ContainerIndexService',
          definition: Service.service,
          implementation: implementService(Service.service, log, containerIndexService({ store, served })),
        },
      ],
    });
    const client = createGrpcClient(Service, `127.0.0.1:${server.port}`, 5_000);
    cleanups.push(async () => {
      client.close();
      await server.shutdown(1_000);
    });
    return client;
  }

  it('mirrors every index completely, in batches of up to 1024, and follows new containers', async function () {
    const upstream = await node({ 'P/block': 2500, 'X/tx': 3, 'C/block': 1024 });
    const followers = INDEX_NAMES.map((name) => follower(name, [upstream.url]));
    const abort = new AbortController();
    const running = followers.map((f) => f.run(abort.signal));
    try {
      await eventually(
        async () =>
          (await store.state('P/block')).nextIndex === 2500n &&
          (await store.state('C/block')).nextIndex === 1024n,
        20_000,
      );
      upstream.accept('X/tx', 5);
      upstream.accept('X/vtx', 1);
      await eventually(
        async () =>
          (await store.state('X/tx')).nextIndex === 8n && (await store.state('X/vtx')).nextIndex === 1n,
        20_000,
      );
    } finally {
      abort.abort();
      await Promise.all(running);
    }
    await expectMirrors(pool, upstream, 'P/block', 2500);
    await expectMirrors(pool, upstream, 'C/block', 1024);
    await expectMirrors(pool, upstream, 'X/tx', 8);
    await expectMirrors(pool, upstream, 'X/vtx', 1);
    await expectMirrors(pool, upstream, 'X/block', 0);
  });

  it('replaying a step stores nothing twice', async function () {
    const upstream = await node({ 'P/block': 10 });
    const f = follower('P/block', [upstream.url]);
    expect(await f.step()).to.equal('caught-up');
    expect(await f.step()).to.equal('caught-up');
    await expectMirrors(pool, upstream, 'P/block', 10);
  });

  it('keeps the index contiguous when two replicas follow the same index at once', async function () {
    const upstream = await node({ 'X/block': 3000 });
    await runUntil(
      [follower('X/block', [upstream.url], 100), follower('X/block', [upstream.url], 100)],
      nextIndexIs('X/block', 3000),
    );
    await expectMirrors(pool, upstream, 'X/block', 3000);
  });

  it('backs off through an upstream outage and resumes without a gap', async function () {
    const upstream = await node({ 'P/block': 3000 });
    upstream.setDelayMs(5);
    const f = follower('P/block', [upstream.url], 100);
    const abort = new AbortController();
    const running = f.run(abort.signal);
    try {
      await eventually(async () => (await store.state('P/block')).nextIndex >= 500n, 20_000);
      upstream.setDown(true);
      const during = (await store.state('P/block')).nextIndex;
      await new Promise((r) => setTimeout(r, 300));
      expect(Number((await store.state('P/block')).nextIndex - during)).to.be.at.most(100); // at most the batch in flight
      upstream.setDown(false);
      await eventually(nextIndexIs('P/block', 3000), 20_000);
    } finally {
      abort.abort();
      await running;
    }
    await expectMirrors(pool, upstream, 'P/block', 3000);
  });

  it('fails over to the next upstream when the first is down', async function () {
    const primary = await node({ 'C/block': 50 });
    const secondary = await node({ 'C/block': 50 });
    primary.setDown(true);
    await runUntil([follower('C/block', [primary.url, secondary.url])], nextIndexIs('C/block', 50));
    await expectMirrors(pool, secondary, 'C/block', 50);
    expect(secondary.requests).to.be.greaterThan(0);
  });

  it('refuses an upstream whose index disagrees with what is stored', async function () {
    const first = await node({ 'P/block': 20 });
    await runUntil([follower('P/block', [first.url])], nextIndexIs('P/block', 20));
    // A different network: same positions, other containers.
    const other = await node({ 'X/tx': 40 });
    other.indexes.set('P/block', other.indexes.get('X/tx')!);
    const f = follower('P/block', [other.url]);
    expect((await rejectionOf(f.step())).message).to.match(/index disagrees at 19/);
    await expectMirrors(pool, first, 'P/block', 20);
  });

  it('waits, storing nothing, while the upstream is behind or empty', async function () {
    const ahead = await node({ 'X/tx': 30 });
    await runUntil([follower('X/tx', [ahead.url])], nextIndexIs('X/tx', 30));
    const behind = await node({ 'X/tx': 10 });
    expect(await follower('X/tx', [behind.url]).step()).to.equal('caught-up');
    const empty = await node({});
    expect(await follower('X/tx', [empty.url]).step()).to.equal('caught-up');
    await expectMirrors(pool, ahead, 'X/tx', 30);
  });

  it('streams the stored containers after a cursor over gRPC, and serves only the indexes it follows', async function () {
    const upstream = await node({ 'X/block': 600 });
    await runUntil([follower('X/block', [upstream.url])], nextIndexIs('X/block', 600));
    const client = await serve(['X/block']);
    const stream = (request: object) =>
      (
        client.raw as unknown as {
          StreamContainers: (r: object) => AsyncIterable<{ id: string; index: string }>;
        }
      ).StreamContainers(request);
    const all: string[] = [];
    for await (const c of stream({ index_name: 'X/block' })) all.push(c.id);
    expect(all).to.deep.equal(upstream.indexes.get('X/block')!.map((c) => c.id));
    const after: string[] = [];
    for await (const c of stream({ index_name: 'X/block', after_index: '589' })) after.push(c.index);
    expect(after).to.deep.equal(['590', '591', '592', '593', '594', '595', '596', '597', '598', '599']);
    const notServed = await client.unary.GetLastAccepted({ index_name: 'P/block' }).catch((e: unknown) => e);
    expect(notServed).to.be.instanceOf(DomainError).and.deep.include({ kind: 'unimplemented' });
    const unknown = await client.unary.GetLastAccepted({ index_name: 'Z/block' }).catch((e: unknown) => e);
    expect(unknown)
      .to.be.instanceOf(DomainError)
      .and.deep.include({ kind: 'invalid_argument', message: 'unknown index "Z/block"' });
  });

  it('answers many lookups in one call over gRPC exactly as the single lookups answer, within its limits', async function () {
    const upstream = await node({ 'X/block': 120 });
    await runUntil([follower('X/block', [upstream.url])], nextIndexIs('X/block', 120));
    const client = await serve(['X/block']);
    const lookup = client.unary;
    const ids = upstream.indexes.get('X/block')!.map((c) => c.id);
    const elsewhere = encodeCb58(Buffer.alloc(32, 7));
    const single = (index: string) =>
      lookup.GetContainerByIndex({ index_name: 'X/block', index }).catch((e: DomainError) => e.kind);

    // Found, missing (past the last, above int64, the largest uint64) and repeated indexes in one call.
    const asked = ['5', '0', '119', '120', '5', String(2n ** 63n), String(2n ** 64n - 1n)];
    const byIndex = await lookup.GetContainersByIndex({ index_name: 'X/block', indexes: asked });
    expect(byIndex.containers.map((c) => c.index)).to.deep.equal(['0', '5', '119']);
    const singles = await Promise.all(asked.map(single));
    expect(singles.filter((s) => s === 'not_found')).to.have.length(3);
    expect(byIndex.containers).to.deep.equal([singles[1], singles[0], singles[2]]);

    const byId = await lookup.GetContainersByID({
      index_name: 'X/block',
      ids: [ids[7]!, ids[3]!, elsewhere, ids[7]!],
    });
    expect(byId.containers).to.deep.equal([
      await lookup.GetContainerByID({ index_name: 'X/block', id: ids[3]! }),
      await lookup.GetContainerByID({ index_name: 'X/block', id: ids[7]! }),
    ]);
    expect(await lookup.GetContainersByID({ index_name: 'X/block', ids: [] })).to.deep.equal({
      containers: [],
      unanswered: [],
    });
    expect(await lookup.GetContainersByIndex({ index_name: 'X/block', indexes: [] })).to.deep.equal({
      containers: [],
      unanswered: [],
    });

    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => 'answered',
        (e: DomainError) => `${e.kind}: ${e.message}`,
      );
    const many = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(
      (await lookup.GetContainersByIndex({ index_name: 'X/block', indexes: many(100) })).containers,
    ).to.have.length(100);
    expect(
      await refusal(lookup.GetContainersByIndex({ index_name: 'X/block', indexes: many(101) })),
    ).to.equal('invalid_argument: indexes: expected at most 100 items, got "101 items"');
    expect(
      await refusal(
        lookup.GetContainersByID({ index_name: 'X/block', ids: Array<string>(101).fill(ids[0]!) }),
      ),
    ).to.equal('invalid_argument: ids: expected at most 100 items, got "101 items"');
    expect(
      await refusal(lookup.GetContainersByID({ index_name: 'X/block', ids: [ids[0]!, 'not an id'] })),
    ).to.match(/^invalid_argument: ids\[1\]: couldn't decode ID to bytes: /);
    expect(
      await refusal(lookup.GetContainersByID({ index_name: 'X/block', ids: ['1'.repeat(100_000)] })),
    ).to.equal(
      "invalid_argument: ids[0]: couldn't decode ID to bytes: expected at most 200 characters, got 100000",
    );
    expect(await refusal(lookup.GetContainersByIndex({ index_name: 'Z/block', indexes: ['1'] }))).to.equal(
      'invalid_argument: unknown index "Z/block"',
    );
    expect(await refusal(lookup.GetContainersByIndex({ index_name: 'P/block', indexes: ['1'] }))).to.equal(
      'unimplemented: index P/block is not served by this indexer',
    );
    expect(await refusal(lookup.GetContainersByID({ index_name: 'P/block', ids: [ids[0]!] }))).to.equal(
      'unimplemented: index P/block is not served by this indexer',
    );

    // The devnet's in-memory source answers them as the store does.
    const memory = new MemoryContainers();
    for (const c of upstream.indexes.get('X/block')!)
      memory.accept('X/block', { id: decodeId(c.id), bytes: c.bytes, acceptedAtUnixNano: c.timestampNanos });
    const indexes = [5n, 0n, 119n, 120n, 5n];
    expect(await memory.byIndexes('X/block', indexes)).to.deep.equal(
      await store.byIndexes('X/block', indexes),
    );
    const idBytes = [ids[7]!, ids[3]!, elsewhere, ids[7]!].map(decodeId);
    expect(await memory.byIds('X/block', idBytes)).to.deep.equal(await store.byIds('X/block', idBytes));
  });

  it('leaves out of a many-lookup answer the containers past its size budget, naming them, never the first', async function () {
    // Three 5 MiB containers: the first is answered, the next two would take the answer past 8 MiB.
    const memory = new MemoryContainers();
    const big = [0, 1, 2].map((i) => ({
      id: Buffer.alloc(32, i + 1),
      bytes: Buffer.alloc(5 * 1024 * 1024, i),
      acceptedAtUnixNano: 1n,
    }));
    for (const container of big) memory.accept('C/block', container);
    const service = containerIndexService({ store: memory, served: ['C/block'] });
    const signal = new AbortController().signal;
    const byIndex = await service.GetContainersByIndex(
      { index_name: 'C/block', indexes: ['2', '0', '9', '1'] },
      signal,
    );
    expect(byIndex.containers!.map((c) => c.index)).to.deep.equal(['0']);
    expect(byIndex.unanswered).to.deep.equal(['1', '2']);
    const ids = big.map((c) => encodeCb58(c.id));
    const byId = await service.GetContainersByID({ index_name: 'C/block', ids: [ids[2]!, ids[1]!] }, signal);
    expect(byId.containers!.map((c) => c.index)).to.deep.equal(['1']);
    expect(byId.unanswered).to.deep.equal([ids[2]]);
  });

  describe('indexing mode (enabled / allow-incomplete)', function () {
    it('refuses to run with indexing disabled on an index that was indexed, unless incomplete is allowed', async function () {
      await applyIndexingMode(store, ['P/block'], { enabled: true, allowIncomplete: false });
      expect(
        (await rejectionOf(applyIndexingMode(store, ['P/block'], { enabled: false, allowIncomplete: false })))
          .message,
      ).to.equal(
        'index P/block: running would cause index to become incomplete but incomplete indices are disabled (set INDEX_ALLOW_INCOMPLETE=true to run anyway)',
      );
      expect((await store.state('P/block')).incomplete).to.equal(false);

      await applyIndexingMode(store, ['P/block'], { enabled: false, allowIncomplete: true });
      expect((await store.state('P/block')).incomplete).to.equal(true);

      expect(
        (await rejectionOf(applyIndexingMode(store, ['P/block'], { enabled: true, allowIncomplete: false })))
          .message,
      ).to.equal(
        'index P/block: index is incomplete but incomplete indices are disabled (set INDEX_ALLOW_INCOMPLETE=true to run anyway)',
      );
      await applyIndexingMode(store, ['P/block'], { enabled: true, allowIncomplete: true });
      expect(await store.state('P/block')).to.deep.include({ previouslyIndexed: true, incomplete: true });
    });

    it('marks indexes incomplete when a first run has indexing disabled, so enabling it later needs allow-incomplete', async function () {
      await applyIndexingMode(store, ['X/tx'], { enabled: false, allowIncomplete: false });
      expect((await store.state('X/tx')).incomplete).to.equal(true);
      expect(
        (await rejectionOf(applyIndexingMode(store, ['X/tx'], { enabled: true, allowIncomplete: false })))
          .message,
      ).to.match(/index X\/tx: index is incomplete but incomplete indices are disabled/);
    });

    it('a fresh database with indexing enabled holds a complete index', async function () {
      await applyIndexingMode(store, INDEX_NAMES, { enabled: true, allowIncomplete: false });
      for (const name of INDEX_NAMES)
        expect(await store.state(name)).to.deep.include({ previouslyIndexed: true, incomplete: false });
    });
  });

  describe('as a process', function () {
    it('resumes after being killed mid-range: the stored index is complete and contiguous', async function () {
      const upstream = await node({ 'X/tx': 6000 });
      upstream.setDelayMs(15);
      const env = {
        DATABASE_URL: db.url,
        UPSTREAM_NODE_URLS: upstream.url,
        INDEXER_INDEXES: 'X/tx',
        INDEXER_BATCH_SIZE: '200',
        INDEXER_POLL_INTERVAL_MS: '50',
        LOG_LEVEL: 'info',
      };
      const first = await startComponent('container-indexer', {
        ...env,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      });
      cleanups.push(() => first.kill());
      await eventually(
        async () => (await store.state('X/tx')).nextIndex >= 1000n,
        30_000,
        'a first part to be indexed',
      );
      await first.kill();
      const killedAt = (await store.state('X/tx')).nextIndex;
      expect(killedAt < 6000n, 'killed mid-range').to.equal(true);

      upstream.setDelayMs(0);
      const second = await startComponent('container-indexer', {
        ...env,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      });
      cleanups.push(() => second.kill());
      await eventually(nextIndexIs('X/tx', 6000), 30_000, 'indexing to complete after the restart');
      const metrics = await (await fetch(`http://127.0.0.1:${second.opsPort}/metrics`)).text();
      expect(metrics).to.match(
        /^chain_data_index_next\{index="X\/tx",component="container-indexer"\} 6000$/m,
      );
      const indexed =
        /^chain_data_containers_indexed_total\{index="X\/tx",component="container-indexer"\} (\d+)$/m.exec(
          metrics,
        );
      expect(Number(indexed?.[1])).to.equal(6000 - Number(killedAt));
      expect(await second.stop()).to.equal(0);
      const steps = second
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"shutdown step done"'))
        .map((line) => (JSON.parse(line) as { step: string }).step);
      expect(steps).to.deep.equal(['gRPC server', 'indexing', 'database', 'ops server']);
      await expectMirrors(pool, upstream, 'X/tx', 6000);
    });

    it('exits with the reason when indexing is disabled on an index that was indexed', async function () {
      await applyIndexingMode(store, ['C/block'], { enabled: true, allowIncomplete: false });
      const run = spawnComponent('container-indexer', {
        DATABASE_URL: db.url,
        INDEX_ENABLED: 'false',
        INDEXER_INDEXES: 'C/block',
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      });
      expect(await run.exited).to.equal(1);
      expect(run.output()).to.include(
        'running would cause index to become incomplete but incomplete indices are disabled',
      );
    });

    it("follows a chain listed in UPSTREAM_CHAIN_NODE_URLS from that chain's nodes, failing over among them, and the rest from UPSTREAM_NODE_URLS", async function () {
      // Each node holds only its own chain's index: a call routed to the wrong node finds it empty and indexes nothing.
      const general = await node({ 'P/block': 1500 });
      const cChain = await node({ 'C/block': 1200 });
      const cChainDown = await node({ 'C/block': 5 });
      cChainDown.setDown(true);
      const indexer = await startComponent('container-indexer', {
        DATABASE_URL: db.url,
        UPSTREAM_NODE_URLS: general.url,
        UPSTREAM_CHAIN_NODE_URLS: `C=${cChainDown.url},${cChain.url}`,
        INDEXER_INDEXES: 'C/block,P/block',
        INDEXER_POLL_INTERVAL_MS: '50',
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      });
      cleanups.push(() => indexer.kill());
      await eventually(
        async () => (await nextIndexIs('C/block', 1200)()) && (await nextIndexIs('P/block', 1500)()),
        30_000,
        'both indexes to be mirrored',
      );
      await expectMirrors(pool, cChain, 'C/block', 1200);
      await expectMirrors(pool, general, 'P/block', 1500);
      expect(cChainDown.requests, 'the down C-Chain node was tried').to.be.greaterThan(0);
      expect(await indexer.stop()).to.equal(0);
    });

    it('stops at start when a chain it indexes has no nodes', async function () {
      const run = spawnComponent('container-indexer', {
        DATABASE_URL: db.url,
        UPSTREAM_CHAIN_NODE_URLS: 'C=http://127.0.0.1:1',
        INDEXER_INDEXES: 'C/block,P/block,X/tx',
      });
      expect(await run.exited).to.equal(2);
      expect(run.output()).to.include(
        'chain-data container-indexer: UPSTREAM_NODE_URLS: is required when INDEX_ENABLED is true unless UPSTREAM_CHAIN_NODE_URLS lists every chain called (not listed: P, X): expected a comma-separated list of URLs (http, https)\n',
      );
      const bad = spawnComponent('container-indexer', {
        DATABASE_URL: db.url,
        UPSTREAM_CHAIN_NODE_URLS: 'C=ftp://x',
      });
      expect(await bad.exited).to.equal(2);
      expect(bad.output()).to.include(
        'chain-data container-indexer: UPSTREAM_CHAIN_NODE_URLS: invalid value "C=ftp://x": expected <chain>=<url>[,<url>…] entries separated by ;, chains P, X, C or a blockchain id, URLs http or https\n',
      );
    });

    it('stops with one line naming a bad variable', async function () {
      const run = spawnComponent('container-indexer', {
        DATABASE_URL: db.url,
        INDEXER_BATCH_SIZE: '5000',
        UPSTREAM_NODE_URLS: 'http://127.0.0.1:1',
      });
      expect(await run.exited).to.equal(2);
      expect(run.output()).to.include(
        'chain-data container-indexer: INDEXER_BATCH_SIZE: invalid value "5000": expected an integer in [2, 1024]\n',
      );
    });
  });
});
