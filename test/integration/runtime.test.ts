import * as grpc from '@grpc/grpc-js';
import { expect } from 'chai';
import { service as healthService } from 'grpc-health-check';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { ProtoGrpcType } from '../../services/generated/proto/container_indexer.ts';
import type { ContainerIndexServiceHandlers } from '../../services/generated/proto/chaindata/containerindexer/v1/ContainerIndexService.ts';
import { migrate, type Migration } from '../../services/runtime/database/migrate.ts';
import { createPool, inTransaction } from '../../services/runtime/database/pool.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import {
  implementService,
  startGrpcServer,
  type AsyncImplementation,
} from '../../services/runtime/grpc/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { rejectionOf } from '../support/processes.ts';

const proto = loadProto<ProtoGrpcType>('chaindata/containerindexer/v1/container_indexer.proto');
const ContainerIndexService = proto.chaindata.containerindexer.v1.ContainerIndexService;
const HealthClient = grpc.makeClientConstructor(healthService, 'grpc.health.v1.Health');

describe('runtime: database', function () {
  let db: TestDatabase;

  before(async function () {
    db = await createTestDatabase();
  });

  after(async function () {
    await db?.drop();
  });

  it('applies each migration once when several replicas start together', async function () {
    const migrations: Migration[] = [
      { version: 1, name: '001_items.sql', sql: 'CREATE TABLE replicas.items (id bigint PRIMARY KEY)' },
      { version: 2, name: '002_seed.sql', sql: 'INSERT INTO replicas.items VALUES (1), (2), (3)' },
    ];
    const pools = Array.from({ length: 4 }, (_, i) => createPool(db.url, `replica-${i}`, 2));
    try {
      const applied = await Promise.all(pools.map((pool) => migrate(pool, 'replicas', migrations)));
      expect(applied.flat().sort()).to.deep.equal([1, 2]);
      expect(await migrate(pools[0]!, 'replicas', migrations)).to.deep.equal([]);
      const { rows } = await pools[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM replicas.items');
      expect(rows[0]!.n).to.equal(3);
      expect(
        (
          await rejectionOf(
            migrate(pools[0]!, 'replicas', [migrations[0]!, { ...migrations[1]!, name: '002_renamed.sql' }]),
          )
        ).message,
      ).to.equal('schema replicas migration 2 is 002_seed.sql, expected 002_renamed.sql');
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('keeps concurrent connections apart: every query gets its own rows, transactions stay atomic', async function () {
    // With pglite-socket's own message-level queue this load makes queries return other queries' rows or fail
    // with `portal "" does not exist`; the embedded server must schedule whole protocol units.
    const pools = [createPool(db.url, 'a', 5), createPool(db.url, 'b', 5)];
    try {
      await pools[0]!.query('CREATE TABLE concurrent (k int PRIMARY KEY, v int NOT NULL)');
      let wrong = 0;
      await Promise.all(
        Array.from({ length: 400 }, async (_, i) => {
          const pool = pools[i % 2]!;
          if (i % 4 === 0) {
            await inTransaction(pool, async (client) => {
              await client.query('INSERT INTO concurrent VALUES ($1, $2)', [i, i]);
              await client.query('UPDATE concurrent SET v = v + 1 WHERE k = $1', [i]);
            });
          } else {
            const { rows } = await pool.query<{ x: number; s: string }>(
              'SELECT $1::int AS x, $2::text AS s',
              [i, `q${i}`],
            );
            if (rows[0]?.x !== i || rows[0]?.s !== `q${i}`) wrong++;
          }
        }),
      );
      expect(wrong).to.equal(0);
      const { rows } = await pools[0]!.query<{ n: number; s: number }>(
        'SELECT count(*)::int AS n, sum(v - k)::int AS s FROM concurrent',
      );
      expect(rows[0]).to.deep.equal({ n: 100, s: 100 });
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

describe('runtime: gRPC', function () {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  let release: () => void = () => {};

  const container = {
    id: '11111111111111111111111111111111LpoYY',
    bytes: Buffer.from('ab', 'hex'),
    timestamp_unix_nano: '1',
    index: '0',
  };
  const implementation: AsyncImplementation<ContainerIndexServiceHandlers> = {
    GetContainerByID: () => Promise.reject(new DomainError('not_found', 'not found')),
    GetContainerByIndex: () => Promise.reject(new Error('disk on fire')),
    GetContainerRange: () => new Promise((resolve) => setTimeout(() => resolve({ containers: [] }), 2_000)),
    GetIndex: () => Promise.resolve({ index: '18446744073709551615' }),
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
          name: 'chaindata.containerindexer.v1.ContainerIndexService',
          definition: ContainerIndexService.service,
          implementation: implementService(ContainerIndexService.service, log, implementation),
        },
      ],
    });
    const client = createGrpcClient(ContainerIndexService, `127.0.0.1:${server.port}`, 500);
    return { server, client };
  }

  function healthOf(port: number, service = ''): Promise<string> {
    const health = new HealthClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new Promise((resolve, reject) =>
      (
        health as unknown as {
          check: (r: object, cb: (e: Error | null, r?: { status: string }) => void) => void;
        }
      ).check({ service }, (err, reply) => {
        health.close();
        if (err) reject(err);
        else resolve(reply!.status);
      }),
    );
  }

  it('maps domain errors, unexpected errors and deadlines through gRPC to the same DomainError kinds', async function () {
    const { server, client } = await start();
    try {
      server.setServing(true);
      expect(await client.unary.GetIndex({ index_name: 'P/block', id: 'x' })).to.deep.equal({
        index: '18446744073709551615',
      });
      const notFound = await client.unary.GetContainerByID({}).catch((e: unknown) => e);
      expect(notFound)
        .to.be.instanceOf(DomainError)
        .and.deep.include({ kind: 'not_found', message: 'not found' });
      const unexpected = await client.unary.GetContainerByIndex({}).catch((e: unknown) => e);
      expect(unexpected)
        .to.be.instanceOf(DomainError)
        .and.deep.include({ kind: 'internal', message: 'internal error' });
      expect(
        lines.some(
          (l) => l.msg === 'unexpected error' && (l.err as { message: string }).message === 'disk on fire',
        ),
      ).to.equal(true);
      const late = await client.unary.GetContainerRange({}).catch((e: unknown) => e);
      expect(late).to.be.instanceOf(DomainError).and.deep.include({ kind: 'deadline_exceeded' });
    } finally {
      client.close();
      await server.shutdown(100);
    }
  });

  it('streams server-streaming replies in order', async function () {
    const { server, client } = await start();
    try {
      const raw = client.raw as unknown as {
        StreamContainers: (r: object) => AsyncIterable<{ index: string }>;
      };
      const indexes: string[] = [];
      for await (const message of raw.StreamContainers({})) indexes.push(message.index);
      expect(indexes).to.deep.equal(['0', '1', '2']);
    } finally {
      client.close();
      await server.shutdown(100);
    }
  });

  it('serves grpc.health.v1 and drains in-flight calls on shutdown: NOT_SERVING, then the call completes', async function () {
    const { server, client } = await start();
    try {
      expect(await healthOf(server.port)).to.equal('NOT_SERVING');
      server.setServing(true);
      expect(await healthOf(server.port)).to.equal('SERVING');
      expect(await healthOf(server.port, 'chaindata.containerindexer.v1.ContainerIndexService')).to.equal(
        'SERVING',
      );
      const slowClient = createGrpcClient(ContainerIndexService, `127.0.0.1:${server.port}`, 10_000);
      const inFlight = slowClient.unary.GetLastAccepted({ index_name: 'P/block' });
      await new Promise((r) => setTimeout(r, 100));
      const shutdown = server.shutdown(5_000);
      let finished = false;
      void shutdown.then(() => (finished = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(finished, 'shutdown waits for the in-flight call').to.equal(false);
      release();
      expect(await inFlight).to.deep.include({ index: '0' });
      await shutdown;
      slowClient.close();
    } finally {
      client.close();
    }
  });

  it('cancels calls still running when the drain times out', async function () {
    const { server } = await start();
    const slowClient = createGrpcClient(ContainerIndexService, `127.0.0.1:${server.port}`, 10_000);
    const inFlight = slowClient.unary.GetLastAccepted({ index_name: 'P/block' }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await server.shutdown(200);
    expect(Date.now() - started).to.be.below(2_000);
    expect(await inFlight).to.be.instanceOf(DomainError);
    slowClient.close();
    release();
  });
});
