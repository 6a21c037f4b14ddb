import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Socket } from 'node:net';
import { Queue, Worker } from 'bullmq';
import { expect } from 'chai';
import { Registry } from 'prom-client';
import type { ContainerIndexServiceHandlers } from '../../services/generated/proto/chaindata/containerindexer/v1/ContainerIndexService.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/container_indexer.ts';
import { createPool } from '../../services/runtime/database/pool.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { FollowerHealth, lagSeconds } from '../../services/runtime/follow/follower-health.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import {
  implementService,
  startGrpcServer,
  type AsyncImplementation,
} from '../../services/runtime/grpc/server.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { processMetrics } from '../../services/runtime/telemetry/metrics.ts';
import { watchQueue, watchWorker } from '../../services/runtime/telemetry/queue-metrics.ts';
import { eventually } from '../support/processes.ts';

/**
 * The metrics of the stack's internals (docs/runtime.md, "Metrics"): follower lag in time, the RED metrics of gRPC
 * servers and clients counted from real calls, database pools and BullMQ queues read at scrape.
 */
/** A real PostgreSQL (the pool's counts are pg's own, whatever the server); the user named, as $USER may be unset. */
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = 'redis://127.0.0.1:6379';

/** A way to Redis that the test can cut (every connection through it dropped, new ones refused) and restore. */
async function redisProxy(): Promise<{ port: number; down(): void; up(): void; close(): void }> {
  const sockets = new Set<Socket>();
  let cut = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = createConnection(6379, '127.0.0.1');
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    down() {
      cut = true;
      dropAll();
    },
    up() {
      cut = false;
    },
    close() {
      server.close();
      dropAll();
    },
  };
}

/** Removes what a test's queue left in Redis. */
async function cleanQueue(name: string, prefix: string): Promise<void> {
  const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix });
  queue.on('error', () => {});
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
}

/** A sample of the metric whose labels include `labels` (of the series `series`, for a histogram's parts). */
async function sample(
  registry: Registry,
  name: string,
  labels: Record<string, string>,
  series = name,
): Promise<number | undefined> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return undefined;
  const { values } = await metric.get();
  return values.find(
    (v) =>
      ((v as { metricName?: string }).metricName ?? name) === series &&
      Object.entries(labels).every(([key, value]) => v.labels[key] === value),
  )?.value;
}

describe('internal metrics', function () {
  describe('follower lag in seconds', function () {
    it('is 0 when caught up, else the time since last caught up, or since the start if never', function () {
      const started = 1_000_000;
      expect(lagSeconds({ startedMs: started }, started + 5_000)).to.equal(undefined);
      expect(lagSeconds({ position: 7n, upstreamNext: 7n, startedMs: started }, started + 5_000)).to.equal(0);
      expect(lagSeconds({ position: 9n, upstreamNext: 7n, startedMs: started }, started + 5_000)).to.equal(0);
      expect(lagSeconds({ position: 5n, upstreamNext: 7n, startedMs: started }, started + 5_000)).to.equal(5);
      expect(
        lagSeconds(
          { position: 5n, upstreamNext: 7n, startedMs: started, caughtUpMs: started + 4_000 },
          started + 5_500,
        ),
      ).to.equal(1.5);
    });

    it('is measured at scrape from what the follower reported, next to the lag in blocks', async function () {
      let now = 1_000_000;
      const metrics = new Registry();
      const health = new FollowerHealth(metrics, { stallAfterMs: 600_000, now: () => now });
      const follower = health.follower('chain 43113');
      const lag = (name: string) => sample(metrics, name, { follower: 'chain 43113' });

      expect(await lag('chain_data_follower_lag_seconds')).to.equal(undefined);
      follower.progressed(100n, 150n);
      now += 30_000;
      expect(await lag('chain_data_follower_lag_seconds')).to.equal(30);
      expect(await lag('chain_data_follower_lag_blocks')).to.equal(50);
      expect(await lag('chain_data_follower_behind')).to.equal(50);

      follower.progressed(150n, 150n);
      expect(await lag('chain_data_follower_lag_seconds')).to.equal(0);
      expect(await lag('chain_data_follower_lag_blocks')).to.equal(0);
      now += 10_000;
      follower.upstreamAt(160n);
      now += 5_000;
      expect(await lag('chain_data_follower_lag_seconds')).to.equal(15);
      expect(await lag('chain_data_follower_lag_blocks')).to.equal(10);
      follower.progressed(155n);
      now += 1_000;
      expect(await lag('chain_data_follower_lag_seconds')).to.equal(16);
      follower.progressed(160n);
      expect(await lag('chain_data_follower_lag_seconds')).to.equal(0);
    });
  });

  describe('gRPC calls', function () {
    const proto = loadProto<ProtoGrpcType>('chaindata/containerindexer/v1/container_indexer.proto');
    const ContainerIndexService = proto.chaindata.containerindexer.v1.ContainerIndexService;
    const SERVICE = 'chaindata.containerindexer.v1.ContainerIndexService';
    const log = createLogger('internal-metrics-test', 'silent');
    const container = {
      id: '11111111111111111111111111111111LpoYY',
      bytes: Buffer.from('ab', 'hex'),
      timestamp_unix_nano: '1',
      index: '0',
    };
    let release: () => void = () => {};
    const implementation: AsyncImplementation<ContainerIndexServiceHandlers> = {
      GetIndex: () => Promise.resolve({ index: '7' }),
      GetContainerByID: () => Promise.reject(new DomainError('invalid_argument', 'id: expected cb58')),
      GetContainerByIndex: () => Promise.reject(new DomainError('not_found', 'no such container')),
      GetContainerRange: (_request, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('over')))),
      GetLastAccepted: () => new Promise((resolve) => (release = () => resolve(container))),
      IsAccepted: () => Promise.resolve({ is_accepted: true }),
      GetContainersByIndex: () => Promise.resolve({ containers: [] }),
      GetContainersByID: () => Promise.resolve({ containers: [] }),
      StreamContainers: async (_request, write) => {
        for (let i = 0; i < 3; i++) await write({ ...container, index: String(i) });
      },
    };

    async function start() {
      const server = await startGrpcServer({
        address: '127.0.0.1:0',
        log,
        services: [
          {
            name: SERVICE,
            definition: ContainerIndexService.service,
            implementation: implementService(ContainerIndexService.service, log, implementation),
          },
        ],
      });
      server.setServing(true);
      const client = createGrpcClient(ContainerIndexService, `127.0.0.1:${server.port}`, 500);
      return { server, client };
    }

    const handled = (side: 'server' | 'client', method: string, code: string) =>
      sample(processMetrics(), `chain_data_grpc_${side}_handled_total`, {
        grpc_service: SERVICE,
        grpc_method: method,
        grpc_code: code,
      }).then((v) => v ?? 0);
    const timed = (side: 'server' | 'client', method: string) =>
      sample(
        processMetrics(),
        `chain_data_grpc_${side}_handling_seconds`,
        { grpc_service: SERVICE, grpc_method: method },
        `chain_data_grpc_${side}_handling_seconds_count`,
      ).then((v) => v ?? 0);
    const inFlight = (method: string) =>
      sample(processMetrics(), 'chain_data_grpc_server_in_flight', {
        grpc_service: SERVICE,
        grpc_method: method,
      });

    /** The metrics' values now, to compare with after the calls (other files may have counted calls before). */
    async function counts(method: string, codes: string[]) {
      const out: Record<string, number> = {};
      for (const side of ['server', 'client'] as const) {
        for (const code of codes) out[`${side} ${code}`] = await handled(side, method, code);
        out[`${side} seconds`] = await timed(side, method);
      }
      return out;
    }
    const delta = (after: Record<string, number>, before: Record<string, number>) =>
      Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]));

    it('counts unary calls on both sides by method and status, and times them', async function () {
      const { server, client } = await start();
      try {
        const codes = ['OK', 'INVALID_ARGUMENT', 'NOT_FOUND'];
        const before = {
          GetIndex: await counts('GetIndex', codes),
          GetContainerByID: await counts('GetContainerByID', codes),
          GetContainerByIndex: await counts('GetContainerByIndex', codes),
        };
        expect(await client.unary.GetIndex({ index_name: 'P/block' })).to.deep.equal({ index: '7' });
        expect(await client.unary.GetIndex({ index_name: 'P/block' })).to.deep.equal({ index: '7' });
        const invalid = await client.unary
          .GetContainerByID({ index_name: 'P/block', id: 'x' })
          .catch((e: unknown) => e);
        expect(invalid).to.be.instanceOf(DomainError).with.property('kind', 'invalid_argument');
        await client.unary.GetContainerByIndex({ index_name: 'P/block', index: '1' }).catch(() => {});

        const none = { 'server OK': 0, 'server INVALID_ARGUMENT': 0, 'server NOT_FOUND': 0 };
        const noneClient = { 'client OK': 0, 'client INVALID_ARGUMENT': 0, 'client NOT_FOUND': 0 };
        expect(delta(await counts('GetIndex', codes), before.GetIndex)).to.deep.equal({
          ...none,
          ...noneClient,
          'server OK': 2,
          'client OK': 2,
          'server seconds': 2,
          'client seconds': 2,
        });
        expect(delta(await counts('GetContainerByID', codes), before.GetContainerByID)).to.deep.equal({
          ...none,
          ...noneClient,
          'server INVALID_ARGUMENT': 1,
          'client INVALID_ARGUMENT': 1,
          'server seconds': 1,
          'client seconds': 1,
        });
        expect(delta(await counts('GetContainerByIndex', codes), before.GetContainerByIndex)).to.deep.equal({
          ...none,
          ...noneClient,
          'server NOT_FOUND': 1,
          'client NOT_FOUND': 1,
          'server seconds': 1,
          'client seconds': 1,
        });
        expect(await inFlight('GetIndex')).to.equal(0);

        // The exposition Prometheus reads, with the labels dashboards filter on.
        const text = await processMetrics().getSingleMetricAsString('chain_data_grpc_server_handled_total');
        expect(text).to.match(
          new RegExp(
            `^chain_data_grpc_server_handled_total\\{grpc_service="${SERVICE}",grpc_method="GetContainerByID",grpc_code="INVALID_ARGUMENT"\\} \\d+$`,
            'm',
          ),
        );
      } finally {
        client.close();
        await server.shutdown(1_000);
      }
    });

    it('counts a call in flight until it ends, and one whose deadline passed as DEADLINE_EXCEEDED', async function () {
      const { server, client } = await start();
      try {
        const before = {
          last: await counts('GetLastAccepted', ['OK']),
          range: await counts('GetContainerRange', ['DEADLINE_EXCEEDED']),
        };
        const pending = client.unary.GetLastAccepted({ index_name: 'P/block' });
        await eventually(async () => (await inFlight('GetLastAccepted')) === 1, 5_000, 'the call in flight');
        release();
        await pending;
        expect(await inFlight('GetLastAccepted')).to.equal(0);
        expect(delta(await counts('GetLastAccepted', ['OK']), before.last)).to.deep.equal({
          'server OK': 1,
          'server seconds': 1,
          'client OK': 1,
          'client seconds': 1,
        });

        const late = await client.unary
          .GetContainerRange({ index_name: 'P/block', start_index: '0', num_to_fetch: 1 })
          .catch((e: unknown) => e);
        expect(late).to.be.instanceOf(DomainError).with.property('kind', 'deadline_exceeded');
        await eventually(
          async () =>
            (await handled('server', 'GetContainerRange', 'DEADLINE_EXCEEDED')) >
            before.range['server DEADLINE_EXCEEDED']!,
          5_000,
          'the server counting the call over',
        );
        expect(delta(await counts('GetContainerRange', ['DEADLINE_EXCEEDED']), before.range)).to.deep.equal({
          'server DEADLINE_EXCEEDED': 1,
          'server seconds': 1,
          'client DEADLINE_EXCEEDED': 1,
          'client seconds': 1,
        });
        expect(await inFlight('GetContainerRange')).to.equal(0);
      } finally {
        client.close();
        await server.shutdown(1_000);
      }
    });

    it('counts a server stream once, at its end, on both sides; a reader that stops early as CANCELLED', async function () {
      const { server, client } = await start();
      try {
        const before = await counts('StreamContainers', ['OK', 'CANCELLED']);
        const read: string[] = [];
        for await (const c of client.streaming.StreamContainers({ index_name: 'P/block' }, 5_000))
          read.push(c.index);
        expect(read).to.deep.equal(['0', '1', '2']);
        await eventually(
          async () => (await handled('server', 'StreamContainers', 'OK')) > before['server OK']!,
          5_000,
          'the server counting the stream',
        );
        for await (const _c of client.streaming.StreamContainers({ index_name: 'P/block' }, 5_000)) break;
        // The server may have written all three messages, and ended OK, before the cancel reached it.
        await eventually(
          async () => {
            const now = delta(await counts('StreamContainers', ['OK', 'CANCELLED']), before);
            return now['server OK']! + now['server CANCELLED']! === 2;
          },
          5_000,
          'the server counting the second stream',
        );
        expect(delta(await counts('StreamContainers', ['OK', 'CANCELLED']), before)).to.deep.include({
          'server seconds': 2,
          'client OK': 1,
          'client CANCELLED': 1,
          'client seconds': 2,
        });
        expect(await inFlight('StreamContainers')).to.equal(0);
      } finally {
        client.close();
        await server.shutdown(1_000);
      }
    });
  });

  describe('database pools', function () {
    it('reports each pool’s connections by state and its maximum, under its application name', async function () {
      const name = `internal-metrics-${randomUUID().slice(0, 8)}`;
      const pool = createPool(DATABASE_URL, name, 3);
      const registry = processMetrics();
      const connections = (state: string) =>
        sample(registry, 'chain_data_db_pool_connections', { pool: name, state });
      try {
        expect(await connections('total')).to.equal(0);
        expect(await sample(registry, 'chain_data_db_pool_max', { pool: name })).to.equal(3);
        const client = await pool.connect();
        try {
          expect(await connections('total')).to.equal(1);
          expect(await connections('idle')).to.equal(0);
          await client.query('SELECT 1');
        } finally {
          client.release();
        }
        await pool.query('SELECT 1');
        expect(await connections('total')).to.equal(1);
        expect(await connections('idle')).to.equal(1);
        expect(await connections('waiting')).to.equal(0);
        const text = await registry.getSingleMetricAsString('chain_data_db_pool_connections');
        expect(text).to.include(`chain_data_db_pool_connections{pool="${name}",state="total"} 1`);
      } finally {
        await pool.end();
      }
      // An ended pool leaves the metrics.
      expect(await connections('total')).to.equal(undefined);
      expect(await sample(registry, 'chain_data_db_pool_max', { pool: name })).to.equal(undefined);
    });
  });

  describe('BullMQ queues', function () {
    it('reads the queue’s jobs by state and its oldest waiting job at scrape, and counts failed attempts', async function () {
      const registry = new Registry();
      const prefix = `internal-metrics-${randomUUID().slice(0, 8)}`;
      const name = 'metrics-test';
      const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix });
      queue.on('error', () => {});
      const unwatch = watchQueue(queue, { registry });
      let worker: Worker | undefined;
      try {
        await queue.waitUntilReady();
        expect(await sample(registry, 'chain_data_redis_up', { client: `${name}/queue` })).to.equal(1);
        expect(await sample(registry, 'chain_data_queue_jobs', { queue: name, state: 'waiting' })).to.equal(
          0,
        );
        expect(
          await sample(registry, 'chain_data_queue_oldest_waiting_age_seconds', { queue: name }),
        ).to.equal(0);

        const first = await queue.add('job', { n: 1 }, { attempts: 2 });
        await new Promise((resolve) => setTimeout(resolve, 50));
        await queue.add('job', { n: 2 }, { attempts: 2 });
        await new Promise((resolve) => setTimeout(resolve, 50));
        const text = await registry.metrics();
        expect(text).to.include(`chain_data_queue_jobs{queue="${name}",state="waiting"} 2`);
        expect(text).to.include(`chain_data_queue_jobs{queue="${name}",state="active"} 0`);
        const age = await sample(registry, 'chain_data_queue_oldest_waiting_age_seconds', { queue: name });
        const firstAge = (Date.now() - first.timestamp) / 1000;
        expect(age).to.be.within(firstAge - 0.05, firstAge + 0.01);

        worker = new Worker(
          name,
          () => {
            throw new Error('refused');
          },
          { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix },
        );
        worker.on('error', () => {});
        watchWorker(worker, registry);
        expect(await sample(registry, 'chain_data_queue_jobs_failed_total', { queue: name })).to.equal(0);
        await eventually(
          async () =>
            (await sample(registry, 'chain_data_queue_jobs', { queue: name, state: 'failed' })) === 2,
          10_000,
          'both jobs failed twice',
        );
        expect(await sample(registry, 'chain_data_queue_jobs_failed_total', { queue: name })).to.equal(4);
        expect(await sample(registry, 'chain_data_queue_jobs', { queue: name, state: 'waiting' })).to.equal(
          0,
        );
        expect(
          await sample(registry, 'chain_data_queue_oldest_waiting_age_seconds', { queue: name }),
        ).to.equal(0);
        expect(await sample(registry, 'chain_data_redis_up', { client: `${name}/worker` })).to.equal(1);
        expect(await sample(registry, 'chain_data_redis_up', { client: `${name}/worker-blocking` })).to.equal(
          1,
        );
      } finally {
        await worker?.close();
        unwatch();
        await queue.close();
        await cleanQueue(name, prefix);
      }
      expect(await sample(registry, 'chain_data_queue_jobs', { queue: name, state: 'failed' })).to.equal(
        undefined,
      );
      expect(await sample(registry, 'chain_data_redis_up', { client: `${name}/queue` })).to.equal(undefined);
    });

    it('answers a scrape promptly while Redis is down, keeping the last values', async function () {
      const registry = new Registry();
      const redis = await redisProxy();
      const name = 'metrics-test';
      const prefix = `internal-metrics-${randomUUID().slice(0, 8)}`;
      const queue = new Queue(name, { connection: { url: `redis://127.0.0.1:${redis.port}` }, prefix });
      queue.on('error', () => {});
      const unwatch = watchQueue(queue, { registry, timeoutMs: 200 });
      try {
        await queue.add('job', { n: 1 });
        const live = await registry.metrics();
        expect(live).to.include(`chain_data_queue_jobs{queue="${name}",state="waiting"} 1`);
        expect(live).to.include(`chain_data_redis_up{client="${name}/queue"} 1`);
        const age = await sample(registry, 'chain_data_queue_oldest_waiting_age_seconds', { queue: name });

        redis.down();
        await eventually(
          async () => (await sample(registry, 'chain_data_redis_up', { client: `${name}/queue` })) === 0,
          5_000,
          'the queue seeing Redis gone',
        );
        for (let scrape = 0; scrape < 3; scrape++) {
          const startedAt = performance.now();
          const text = await registry.metrics();
          expect(performance.now() - startedAt).to.be.below(1_000);
          expect(text).to.include(`chain_data_queue_jobs{queue="${name}",state="waiting"} 1`);
          expect(text).to.include(`chain_data_queue_oldest_waiting_age_seconds{queue="${name}"} ${age}`);
        }

        redis.up();
        await eventually(
          async () => (await sample(registry, 'chain_data_redis_up', { client: `${name}/queue` })) === 1,
          20_000,
          'the queue back on Redis',
        );
        await eventually(
          async () =>
            (await sample(registry, 'chain_data_queue_oldest_waiting_age_seconds', { queue: name }))! > age!,
          5_000,
          'the queue read again',
        );
      } finally {
        unwatch();
        redis.up();
        await queue.close();
        redis.close();
        await cleanQueue(name, prefix);
      }
    });

    it('answers a scrape promptly for a queue that never reached Redis', async function () {
      const registry = new Registry();
      // Nothing listens on port 1.
      const queue = new Queue('unreachable', { connection: { url: 'redis://127.0.0.1:1' } });
      queue.on('error', () => {});
      const unwatch = watchQueue(queue, { registry, timeoutMs: 200 });
      try {
        for (let scrape = 0; scrape < 3; scrape++) {
          const startedAt = performance.now();
          const text = await registry.metrics();
          expect(performance.now() - startedAt).to.be.below(1_000);
          expect(text).to.include('chain_data_redis_up{client="unreachable/queue"} 0');
          expect(text).not.to.include('chain_data_queue_jobs{');
        }
      } finally {
        unwatch();
        await queue.close();
      }
    });
  });
});
