import * as grpc from '@grpc/grpc-js';
import type * as protoLoader from '@grpc/proto-loader';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { formatBech32 } from '../../services/runtime/formatting/address.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { loadProtoDefinition } from '../../services/runtime/grpc/proto.ts';
import {
  call,
  EXPORT_OPERATIONS,
  FUJI,
  healthOf,
  startGrpcServices,
  type GrpcService,
  type GrpcServices,
} from '../support/grpc-services.ts';

/**
 * Every method of every data service, called over gRPC with random requests: fields of the right proto types with
 * values that are sometimes right and often junk (huge, negative-looking, empty, long). Whatever they are sent,
 * the services answer with a status that says what was wrong (never INTERNAL or UNKNOWN), within the call's
 * deadline, and stay healthy. Then: a caller that gives up on an expensive call does not hold up the next one, and
 * SIGTERM still drains within SHUTDOWN_TIMEOUT_MS.
 */
const PROTOS = {
  'container-indexer': 'chaindata/containerindexer/v1/container_indexer.proto',
  'primary-network': 'chaindata/primarynetwork/v1/primary_network.proto',
  'evm-data': 'chaindata/evmdata/v1/evm_data.proto',
  'node-rpc': 'chaindata/noderpc/v1/node_rpc.proto',
  'signature-aggregator': 'chaindata/signatureaggregator/v1/signature_aggregator.proto',
  metrics: 'chaindata/metrics/v1/metrics.proto',
  'export-worker': 'chaindata/exportworker/v1/export_worker.proto',
} as const;
/** Streams that follow a chain and end only when their caller leaves: given a short deadline, and reaching it is fine. */
const ENDLESS_STREAMS = new Set(['FollowHeads', 'FollowPendingTransactions']);
const ENDLESS_STREAM_DEADLINE_MS = 500;
const CALL_DEADLINE_MS = 5_000;
/** Random requests per run; FUZZ_RUNS=5000 searches longer. */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 400);
/** The tests run on a PostgreSQL server when DATABASE_URL names one, else on embedded PostgreSQL (PGlite). */
const ON_POSTGRESQL = process.env.DATABASE_URL !== undefined;
const SHUTDOWN_TIMEOUT_MS = 2_000;

interface FieldDescriptor {
  name: string;
  label: string;
  type: string;
  typeName: string;
}
interface Descriptor {
  field?: FieldDescriptor[];
  value?: { name: string; number: number }[];
}

const INTEGER_TEXT = [
  '0',
  '1',
  '20',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551615',
] as const;
const TEXT = [
  '',
  '0',
  '-1',
  '1.5',
  ' 1',
  '9223372036854775808',
  '99999999999999999999999',
  'fuji',
  'mainnet',
  'usd',
  'amount',
  'timestamp',
  'BaseTx',
  'P/block',
  'X/vtx',
  'C/block',
  '43113',
  FUJI.pChainId,
  FUJI.xChainId,
  FUJI.cChainId,
  encodeCb58(Buffer.alloc(32, 7)),
  `0x${'ab'.repeat(32)}`,
  `1:${'ab'.repeat(32)}`,
  'ffffffffffffffff:7fffffff',
  '8000000000000000:0',
  'C',
  'total',
  'testnet',
  'txCount',
  'cumulativeTxCount',
  'maxTps',
  'hour',
  'day',
  'week',
  'GET',
  'POST',
  '/ext/bc/C/rpc',
  `/ext/bc/${FUJI.cChainId}/rpc`,
  '/ext/bc/C/avax',
  '/ext/bc/C/admin',
  '/ext/bc/P',
  '/ext/info',
  '/ext/health',
  '/ext/index/C/block',
  '/ext/bc/C/rpc/../../P',
  // Export requests: types, dates (real, impossible, before the network, far ahead), chains, addresses, operations.
  'TRANSACTION_EXPORT_EVM',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
  '2024-01-01',
  '2024-02-30',
  '2020-09-20',
  '2020-09-21',
  '9999-12-31',
  'p-chain',
  'x-chain',
  'c-chain',
  `0x${'01'.repeat(20)}`,
  formatBech32(FUJI.hrp, Buffer.alloc(20, 1)),
  `X-${formatBech32(FUJI.hrp, Buffer.alloc(20, 2))}`,
  formatBech32('avax', Buffer.alloc(20, 1)),
  EXPORT_OPERATIONS.completed,
  EXPORT_OPERATIONS.running,
  EXPORT_OPERATIONS.failed,
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '\u0000\uffff💥',
  '1'.repeat(5_000),
  'z'.repeat(100_000),
];
const BYTE_LENGTHS = [0, 1, 19, 20, 21, 31, 32, 33, 48, 100_000];
/** JSON-RPC bodies node-rpc passes on or refuses: calls of each style, batches, junk. */
const BODIES = [
  '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
  '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x1",false]}',
  '{"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"fromBlock":"0x1","toBlock":"0x2"}]}',
  '{"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":["0x00"]}',
  '{"jsonrpc":"2.0","id":1,"method":"eth_getFilterChanges","params":["0xdeadbeefdeadbeefdeadbeef"]}',
  '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID","params":{}}',
  `[${Array.from({ length: 41 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"eth_chainId"}`).join(',')}]`,
  '[]',
  '[1,2,3]',
  '{"id":1}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '\u0000',
];

function scalar(field: FieldDescriptor, enums: (name: string) => Descriptor): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'TYPE_STRING':
      return fc.oneof(fc.constantFrom(...TEXT), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary' }));
    case 'TYPE_UINT64':
    case 'TYPE_INT64':
      return fc.oneof(
        fc.constantFrom(...INTEGER_TEXT),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
      );
    case 'TYPE_UINT32':
      return fc.oneof(
        fc.constantFrom(0, 1, 10, 100, 101, 500, 501, 1024, 1025, 5_000, 2 ** 32 - 1),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      );
    case 'TYPE_BOOL':
      return fc.boolean();
    case 'TYPE_DOUBLE':
      return fc.oneof(
        fc.constantFrom(0, -1, 2, 100, 100.5, 2 ** 31, 1e308, Number.NaN, Infinity, -Infinity),
        fc.double(),
      );
    case 'TYPE_BYTES':
      return fc.oneof(
        fc.constantFrom(...BYTE_LENGTHS).map((n) => Buffer.alloc(n, n % 251)),
        fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b)),
        fc.constantFrom(...BODIES).map((text) => Buffer.from(text)),
      );
    case 'TYPE_ENUM': {
      const values = enums(field.typeName).value ?? [];
      return fc.oneof(fc.constantFrom(...values.map((v) => v.name)), fc.integer({ min: 0, max: 1_000 }));
    }
    default:
      throw new Error(`no arbitrary for ${field.type}`);
  }
}

/** Requests of a message type: every field present or not, repeated ones short, sometimes past every limit. */
function message(descriptor: Descriptor, lookup: (name: string) => Descriptor): fc.Arbitrary<object> {
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of descriptor.field ?? []) {
    const value =
      field.type === 'TYPE_MESSAGE' ? message(lookup(field.typeName), lookup) : scalar(field, lookup);
    members[field.name] =
      field.label === 'LABEL_REPEATED'
        ? fc.oneof(
            { weight: 5, arbitrary: fc.array(value, { maxLength: 4 }) },
            { weight: 1, arbitrary: fc.constant(Array.from({ length: 1_100 }, () => Buffer.alloc(20, 1))) },
          )
        : value;
  }
  return fc.record(members, { requiredKeys: [] });
}

interface Method {
  service: GrpcService;
  name: string;
  streaming: boolean;
  endless: boolean;
  requests: fc.Arbitrary<object>;
}

function methodsOf(service: GrpcService): Method[] {
  const definition = loadProtoDefinition(PROTOS[service.name as keyof typeof PROTOS]);
  const pkg = service.serviceName.slice(0, service.serviceName.lastIndexOf('.'));
  const lookup = (name: string) => (definition[`${pkg}.${name}`] as { type: Descriptor }).type;
  return Object.entries(
    definition[service.serviceName] as Record<string, protoLoader.MethodDefinition<object, object>>,
  ).map(([name, method]) => ({
    service,
    name,
    streaming: method.responseStream,
    endless: ENDLESS_STREAMS.has(name),
    requests: message((method.requestType as unknown as { type: Descriptor }).type, lookup),
  }));
}

/** A server stream read to its end (or its deadline); its status like a unary call's. */
function stream(service: GrpcService, method: string, request: object, deadlineMs: number) {
  const started = performance.now();
  const open = (service.client as unknown as Record<string, unknown>)[method] as (
    request: object,
    options: grpc.CallOptions,
  ) => grpc.ClientReadableStream<unknown>;
  const reading = open.call(service.client, request, { deadline: Date.now() + deadlineMs });
  let messages = 0;
  return new Promise<{ code: grpc.status; details: string; elapsedMs: number; messages: number }>(
    (resolve) => {
      reading.on('data', () => messages++);
      reading.on('error', () => {});
      reading.on('status', (s: grpc.StatusObject) =>
        resolve({ code: s.code, details: s.details, elapsedMs: performance.now() - started, messages }),
      );
    },
  );
}

const FAILURES = [grpc.status.INTERNAL, grpc.status.UNKNOWN, grpc.status.DEADLINE_EXCEEDED];

describe('gRPC services under random requests', function () {
  this.timeout(120_000);
  let services: GrpcServices;

  before(async function () {
    services = await startGrpcServices({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    await seedEvmBlocks(services.db.url);
  });

  afterEach(function () {
    if (this.currentTest?.state !== 'failed') return;
    for (const service of services.all)
      console.error(
        `--- ${service.name} (exit ${service.component.child.exitCode})\n${service.component.output().slice(-3_000)}`,
      );
  });

  after(async function () {
    await services?.stop();
  });

  /** A valid call each service answers, to tell a healthy service from one that only reports so. */
  const probes = (s: GrpcServices) =>
    [
      [s.containerIndexer, 'GetLastAccepted', { index_name: 'P/block' }],
      [s.primaryNetwork, 'GetProjectionStatus', {}],
      [s.evmData, 'GetChain', { chain_id: '43113' }],
      [
        s.metrics,
        'GetEvmChainMetrics',
        { chain_id: 'total', metric: 'txCount', time_interval: 'hour', page_size: 10 },
      ],
      [
        s.nodeRpc,
        'Call',
        { path: '/ext/bc/C/rpc', body: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}') },
      ],
      [s.exportWorker, 'GetOperation', { operation_id: EXPORT_OPERATIONS.running }],
    ] as const;

  async function expectHealthy() {
    for (const [service, method, request] of probes(services)) {
      expect(await healthOf(service), service.name).to.equal('SERVING');
      const answer = await call(service, method, request, CALL_DEADLINE_MS);
      expect(answer.code, `${service.name} ${method}: ${answer.details}`).to.equal(grpc.status.OK);
    }
  }

  it('answers every method, whatever it is sent, with a status that is not INTERNAL, within the deadline', async function () {
    const methods = services.all.flatMap(methodsOf);
    expect(methods.length).to.be.greaterThan(25);
    expect(methods.filter((m) => m.streaming && !m.endless).map((m) => m.name)).to.include.members([
      'StreamContainers',
      'StreamBlockActivity',
      'StreamAddressTransactions',
      'StreamTransactions',
    ]);
    const seeded = await stream(
      services.evmData,
      'StreamBlockActivity',
      { chain_id: '43113' },
      CALL_DEADLINE_MS,
    );
    expect([seeded.code, seeded.messages], seeded.details).to.deep.equal([grpc.status.OK, 3]);
    // The seeded blocks' first two (the third is the one the chain is indexed through), a transaction a page.
    const exported = await stream(
      services.evmData,
      'StreamAddressTransactions',
      {
        chain_id: '43113',
        address: Buffer.alloc(20, 1),
        start_timestamp: '1700000000',
        end_timestamp: '1700000004',
        page_size: 1,
      },
      CALL_DEADLINE_MS,
    );
    expect([exported.code, exported.messages], exported.details).to.deep.equal([grpc.status.OK, 2]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods).chain((method) => fc.tuple(fc.constant(method), method.requests)),
        async ([method, request]) => {
          const deadline = method.endless ? ENDLESS_STREAM_DEADLINE_MS : CALL_DEADLINE_MS;
          const outcome = method.streaming
            ? await stream(method.service, method.name, request, deadline)
            : await call(method.service, method.name, request, deadline);
          const what = `${method.service.name} ${method.name} ${JSON.stringify(request).slice(0, 300)}: ${grpc.status[outcome.code]} ${outcome.details}`;
          // A follow stream that was asked well keeps going until its caller leaves (here, at the deadline).
          const failures = method.endless
            ? FAILURES.filter((c) => c !== grpc.status.DEADLINE_EXCEEDED)
            : FAILURES;
          expect(failures, what).not.to.include(outcome.code);
          if (!method.endless) expect(outcome.elapsedMs, what).to.be.below(deadline);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    await expectHealthy();
    for (const service of services.all)
      expect(service.component.output(), service.name).not.to.match(/unexpected error/);
  });

  /** Statements a component's connections are running now (PostgreSQL only). */
  async function activeStatements(applicationName: string): Promise<number> {
    const client = new pg.Client(services.db.url);
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
        [applicationName],
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  describe('an expensive call whose caller gives up', function () {
    let expensiveMs: number;
    const validatorSet = { network: 'fuji', subnet_id: Buffer.alloc(32), p_chain_height: '0' };

    before(async function () {
      // A primary network of 1,000 validators and their delegators: its validator set is one aggregate over all of
      // them, about a second's work on either database.
      const client = new pg.Client(services.db.url);
      await client.connect();
      try {
        await client.query(`
          INSERT INTO primary_network.blocks (chain, height, id, parent_id, block_timestamp, block_type, size_bytes, tx_ids)
          VALUES ('P', 10, '\\x01', '\\x00', 1700000000, 'BanffStandardBlock', 100, '{}')`);
        await client.query(
          `
          INSERT INTO primary_network.stakers (tx_id, tx_type, subnet_id, node_id, is_delegator, weight, start_time,
            end_time, reward_addresses, first_reward_index, added_seq, from_height)
          SELECT decode(lpad(to_hex(i), 64, '0'), 'hex'), 'AddPermissionlessDelegatorTx', '\\x${'00'.repeat(32)}',
                 decode(lpad(to_hex(i % 1000), 40, '0'), 'hex'), i >= 1000, 2000, 1700000000, 1800000000, '{}', 1, i, 1
          FROM generate_series(0, $1::int - 1) AS i`,
          [ON_POSTGRESQL ? 1_000_000 : 200_000],
        );
      } finally {
        await client.end();
      }
      const started = performance.now();
      const answer = await call(services.primaryNetwork, 'GetValidatorSet', validatorSet, 60_000);
      expensiveMs = performance.now() - started;
      expect(answer.code, answer.details).to.equal(grpc.status.OK);
    });

    it('is DEADLINE_EXCEEDED at its deadline, and the next call is answered promptly', async function () {
      const deadlineMs = Math.max(20, Math.min(200, expensiveMs / 4));
      const given = await call(services.primaryNetwork, 'GetValidatorSet', validatorSet, deadlineMs);
      expect(given.code, given.details).to.equal(grpc.status.DEADLINE_EXCEEDED);
      // Embedded PostgreSQL runs in this process: while it works on the statement, the client's timers wait.
      expect(given.elapsedMs).to.be.below(deadlineMs + expensiveMs + 1_000);
      // Embedded PostgreSQL cannot stop a statement once it runs (PostgreSQL's statement_timeout does): the next
      // call waits at most for the one statement in flight, never for the rest of the abandoned call's work.
      const next = await call(services.primaryNetwork, 'GetProjectionStatus', {}, 10_000);
      // PostgreSQL stops the statement itself: statement_timeout is the time the call had left.
      if (ON_POSTGRESQL) expect(await activeStatements('primary-network')).to.equal(0);
      expect(next.code, next.details).to.equal(grpc.status.OK);
      expect(next.elapsedMs, `the expensive call took ${expensiveMs} ms`).to.be.below(expensiveMs + 1_000);
      await expectHealthy();
      expect(services.primaryNetwork.component.output()).not.to.match(/unexpected error/);
    });

    it('does not keep SIGTERM from draining within SHUTDOWN_TIMEOUT_MS', async function () {
      const inFlight = Array.from({ length: 4 }, () =>
        call(services.primaryNetwork, 'GetValidatorSet', validatorSet, 60_000),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const code = await services.primaryNetwork.component.stop();
      const stoppedMs = performance.now() - started;
      expect(code, services.primaryNetwork.component.output()).to.equal(0);
      expect(stoppedMs, `the expensive call took ${expensiveMs} ms`).to.be.below(
        SHUTDOWN_TIMEOUT_MS + expensiveMs + 3_000,
      );
      for (const outcome of await Promise.all(inFlight))
        expect([grpc.status.OK, grpc.status.CANCELLED, grpc.status.UNAVAILABLE]).to.include(outcome.code);
    });
  });
});

/**
 * A few blocks of evm-data's C-Chain (its ingestion is off), so that StreamBlockActivity has blocks to send: one
 * with a transaction, a transfer and a contract created in its trace; and StreamAddressTransactions the ends'
 * transactions.
 */
async function seedEvmBlocks(url: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('SELECT id FROM evm_data.chains');
    const chain = rows[0]!.id;
    await client.query(
      `INSERT INTO evm_data.blocks (chain, number, hash, parent_hash, block_timestamp, gas_used, gas_limit, tx_count,
         fees_spent, cumulative_tx_count)
       SELECT $1, n, decode(lpad(to_hex(n + 1), 64, '0'), 'hex'), decode(lpad(to_hex(n), 64, '0'), 'hex'),
              1700000000 + 2 * n, 21000, 8000000, 1, 21000, n + 1
       FROM generate_series(0, 2) AS n`,
      [chain],
    );
    await client.query(
      `INSERT INTO evm_data.transactions (chain, block_number, tx_index, hash, from_address, to_address, value, nonce,
         gas_limit, gas_used, gas_price, tx_type, status, input, block_timestamp)
       SELECT $1, n, 0, decode(lpad(to_hex(n + 100), 64, '0'), 'hex'), '\\x${'01'.repeat(20)}',
              '\\x${'02'.repeat(20)}', 0, n, 21000, 21000, 25000000000, 2, 1, '\\x', 1700000000 + 2 * n
       FROM generate_series(0, 2) AS n`,
      [chain],
    );
    await client.query(
      `INSERT INTO evm_data.token_transfers (chain, block_number, log_index, batch_index, tx_index, contract, erc_type,
         from_address, to_address, token_id, value)
       VALUES ($1, 1, 0, 0, 0, '\\x${'02'.repeat(20)}', 20, '\\x${'01'.repeat(20)}', '\\x${'03'.repeat(20)}', NULL, 5)`,
      [chain],
    );
    await client.query(
      `INSERT INTO evm_data.internal_transactions (chain, block_number, tx_index, trace_index, call_type, from_address,
         to_address, value, gas_limit, gas_used, reverted)
       VALUES ($1, 2, 0, 0, 'CREATE2', '\\x${'02'.repeat(20)}', '\\x${'04'.repeat(20)}', 0, 100000, 50000, false)`,
      [chain],
    );
    await client.query(
      `INSERT INTO evm_data.address_transactions (chain, address, block_number, tx_index)
       SELECT $1, a, n, 0 FROM generate_series(0, 2) AS n,
              unnest(ARRAY['\\x${'01'.repeat(20)}'::bytea, '\\x${'02'.repeat(20)}'::bytea]) AS a`,
      [chain],
    );
    await client.query('UPDATE evm_data.chains SET next_block = 3 WHERE id = $1', [chain]);
  } finally {
    await client.end();
  }
}
