import { officialSdk } from '../support/chainkit.ts';
import { expect } from 'chai';
import { parseAbi, toEventSelector, toHex, type Hex } from 'viem';
import type { ICMMetricsValue__Output as IcmPoint } from '../../services/generated/proto/chaindata/metrics/v1/ICMMetricsValue.ts';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { ChainFollower, type ActivityStream } from '../../services/metrics/ingest/chain-follower.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/metrics/main.ts';
import { IcmReader } from '../../services/metrics/store/icm-reader.ts';
import { RollupWriter } from '../../services/metrics/store/writer.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { assertMetricsApiResponse, metricsApiDocument } from '../support/metrics-api-openapi.ts';
import { syntheticChain, type RolledUpChain } from '../support/metrics-model.ts';
import {
  startMetricsOnDevnet,
  type MetricsOnDevnet,
  getMetricsGateway,
  startMetricsGateway,
} from '../support/metrics-devnet.ts';
import { rejectionOf, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The ICM metrics (getICMTimeseries, getICMSummary) over a devnet whose C-Chain and L1 send each other ICM
 * messages, through the metrics component (fed by a real evm-data) and gateway-metrics: every count equals one made
 * here from the devnet's own SendCrossChainMessage logs (eth_getLogs) and block timestamps, for every filter,
 * grouping, network and interval, any page size yields every point once, the rolling windows hold at several
 * times, answers validate against the official document, and bad input is refused naming the parameter.
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'metrics-icm-test',
  genesisTimeSeconds: 1_769_817_600n, // 2026-01-31T00:00:00Z, a Saturday: the history crosses a month's and a week's end
  historySeconds: 54n * 3_600n,
  blockIntervalSeconds: 540n,
  accounts: 10,
};
const HOUR = 3_600;
const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
const GROUP_BYS = ['', 'srcBlockchainId', 'destBlockchainId', 'srcBlockchainId,destBlockchainId'] as const;
const WINDOWS = [
  'lastHour',
  'lastDay',
  'lastWeek',
  'lastMonth',
  'last90Days',
  'lastYear',
  'allTime',
] as const;
const WINDOW_HOURS = [1, 24, 7 * 24, 30 * 24, 90 * 24, 365 * 24, Infinity];
/** A blockchain id no chain of the devnet has. */
const OTHER_CHAIN = encodeCb58(Buffer.alloc(32, 7));

/** The event as ICM's TeleporterMessenger declares it; only its indexed members are read here. */
const SEND_CROSS_CHAIN_MESSAGE = toEventSelector(
  parseAbi([
    'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
    'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
    'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
    'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
  ])[0],
);

type Metrics = GrpcServiceClient<MetricsProto['chaindata']['metrics']['v1']['MetricsService']['service']>;

/** A message sent, as the devnet's logs tell it. */
interface Sent {
  src: string;
  dest: string;
  time: number;
}

interface Selection {
  src?: string;
  dest?: string;
  groupBy?: (typeof GROUP_BYS)[number];
  network?: string;
}

const utcAlign = (interval: string, t: number) => {
  const d = new Date(t * 1000);
  if (interval === 'hour') return t - (t % HOUR);
  if (interval === 'day') return t - (t % 86_400);
  if (interval === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  const day = t - (t % 86_400);
  return day - ((new Date(day * 1000).getUTCDay() + 6) % 7) * 86_400; // back to Monday
};
const hexOfId = (cb58: string) => Buffer.from(decodeCb58(cb58)).toString('hex');

/** The messages a selection counts: of the devnet's network (testnet, also named fuji) and its ids. */
function selected(all: Sent[], s: Selection): Sent[] {
  if (s.network === 'mainnet') return [];
  return all.filter(
    (m) => (s.src === undefined || m.src === s.src) && (s.dest === undefined || m.dest === s.dest),
  );
}

/** The points a query must give: per bucket and group, newest first, then by the grouped ids' bytes. */
function expectedPoints(
  all: Sent[],
  s: Selection,
  interval: string,
  range: { start?: number; end?: number } = {},
) {
  const bySrc = s.groupBy?.includes('src') ?? false;
  const byDest = s.groupBy?.includes('dest') ?? false;
  const points = new Map<string, IcmPoint>();
  for (const m of selected(all, s)) {
    const bucket = utcAlign(interval, m.time);
    if (
      (range.start !== undefined && bucket < range.start) ||
      (range.end !== undefined && bucket > range.end)
    )
      continue;
    const src = bySrc ? m.src : (s.src ?? '');
    const dest = byDest ? m.dest : (s.dest ?? '');
    const key = `${bucket}|${src}|${dest}`;
    const point = points.get(key) ?? {
      value: 0,
      timestamp: bucket,
      srcBlockchainId: src,
      destBlockchainId: dest,
    };
    point.value += 1;
    points.set(key, point);
  }
  const idOrder = (a: string, b: string) => (a === b ? 0 : hexOfId(a) < hexOfId(b) ? -1 : 1);
  return [...points.values()].sort(
    (a, b) =>
      b.timestamp - a.timestamp ||
      (bySrc ? idOrder(a.srcBlockchainId, b.srcBlockchainId) : 0) ||
      (byDest ? idOrder(a.destBlockchainId, b.destBlockchainId) : 0),
  );
}

/** The rolling windows at `at`: whole hours ending with the one holding `at`. */
function expectedSummary(all: Sent[], s: Selection, at: number) {
  const to = at - (at % HOUR) + HOUR;
  const messages = selected(all, s);
  return {
    ...Object.fromEntries(
      WINDOWS.map((w, i) => [
        w,
        messages.filter((m) => m.time < to && m.time >= to - WINDOW_HOURS[i]! * HOUR).length,
      ]),
    ),
    srcBlockchainId: s.src ?? '',
    destBlockchainId: s.dest ?? '',
  };
}

const request = (s: Selection) => ({
  src_blockchain_id: s.src ?? '',
  dest_blockchain_id: s.dest ?? '',
  group_by: s.groupBy ?? '',
  network: s.network ?? '',
});

/** StreamBlockActivity over synthetic chains' blocks. */
function streamOf(chains: RolledUpChain[]): ActivityStream {
  return async function* (evmChainId, afterBlock) {
    const chain = chains.find((c) => c.evmChainId === evmChainId)!;
    for (let n = afterBlock === undefined ? 0 : Number(afterBlock) + 1; n < chain.blocks.length; n++) {
      await new Promise((resolve) => setImmediate(resolve));
      yield chain.blocks[n]!;
    }
  };
}

/** Rolls up every chain, one follower step at a time, in turn or concurrently. */
async function rollUp(
  writer: RollupWriter,
  chains: RolledUpChain[],
  options: { batchBlocks: number; concurrently?: boolean },
): Promise<void> {
  const one = async (chain: RolledUpChain) => {
    await writer.registerChain(chain.evmChainId, chain.network);
    const follower = new ChainFollower({
      chain,
      stream: streamOf(chains),
      writer,
      batchBlocks: options.batchBlocks,
      pollIntervalMs: 10,
      maxBackoffMs: 10,
      log: createLogger('test', 'silent'),
    });
    await follower.reposition();
    while ((await follower.step(new AbortController().signal)) === 'more');
  };
  if (options.concurrently) await Promise.all(chains.map(one));
  else for (const chain of chains) await one(chain);
}

describe('ICM rollups on a database', function () {
  this.timeout(120_000);
  const utc = (iso: string) => Date.parse(iso) / 1000;
  // Three chains (one mainnet) sending messages to three blockchain ids, across a month's and a week's end.
  const CHAINS = [
    syntheticChain('1001', 'mainnet', utc('2024-02-24T05:00:00Z'), 80, 1),
    syntheticChain('2002', 'testnet', utc('2024-02-20T23:30:00Z'), 90, 2),
    syntheticChain('3003', 'testnet', utc('2024-02-27T12:00:00Z'), 50, 3),
  ];
  let db: TestDatabase;
  let pool: Pool;

  before(async function () {
    db = await createTestDatabase();
    pool = createPool(db.url, 'metrics-icm-test');
  });
  after(async function () {
    await pool?.end();
    await db?.drop();
  });

  const stored = async () =>
    (
      await pool.query<{ row: string }>(
        `SELECT concat_ws(' ', network, encode(src_blockchain_id, 'hex'), encode(dest_blockchain_id, 'hex'),
                          time_interval, bucket, messages) AS row FROM metrics.icm_messages`,
      )
    ).rows
      .map((r) => r.row)
      .sort();

  /** The rows the blocks make: per network, pair, interval and bucket, the messages sent. */
  function expectedRows(chains: RolledUpChain[]): string[] {
    const counts = new Map<string, number>();
    for (const chain of chains)
      for (const block of chain.blocks)
        for (const m of block.icm_messages_sent)
          for (const interval of INTERVALS) {
            const key = `${chain.network} ${m.source_blockchain_id.toString('hex')} ${m.destination_blockchain_id.toString('hex')} ${interval} ${utcAlign(interval, Number(block.block_timestamp))}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
    return [...counts].map(([key, n]) => `${key} ${n}`).sort();
  }

  /** Every rollup table emptied and every cursor back at 0, as migration 004 leaves an existing database. */
  async function reset() {
    const { rows } = await pool.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'metrics' AND tablename <> 'schema_migrations'`,
    );
    await pool.query(`TRUNCATE ${rows.map((r) => `metrics.${r.tablename}`).join(', ')}`);
  }

  it('migration 004 rolls every chain up again from block 0, its identity kept', async function () {
    const migrations = await readMigrations(MIGRATIONS_DIR);
    await migrate(
      pool,
      SCHEMA,
      migrations.filter((m) => m.version < 4),
    );
    await pool.query(
      `INSERT INTO metrics.chains (evm_chain_id, network, next_block, last_block_hash, last_block_time, blockchain_id,
         chain_name, subnet_id)
       VALUES (2002, 'testnet', 57, '\\x01', 1700000000, 'id', 'name', 'subnet')`,
    );
    await pool.query(
      `INSERT INTO metrics.series (scope, time_interval, bucket, tx_count) VALUES ('2002', 'day', 0, 5)`,
    );
    expect(await migrate(pool, SCHEMA, migrations)).to.include(4);
    const { rows } = await pool.query(
      `SELECT evm_chain_id::text, next_block, last_block_hash, last_block_time, blockchain_id, chain_name, subnet_id
         FROM metrics.chains`,
    );
    expect(rows).to.deep.equal([
      {
        evm_chain_id: '2002',
        next_block: '0',
        last_block_hash: null,
        last_block_time: null,
        blockchain_id: 'id',
        chain_name: 'name',
        subnet_id: 'subnet',
      },
    ]);
    expect((await pool.query('SELECT * FROM metrics.series')).rows).to.deep.equal([]);
  });

  it('counts every message once, in any batches, any order of chains, and after a failed write', async function () {
    const want = expectedRows(CHAINS);
    expect(want.length).to.be.above(60);
    expect(new Set(want.map((r) => r.split(' ')[0]))).to.deep.equal(new Set(['mainnet', 'testnet']));
    for (const [batchBlocks, order, concurrently] of [
      [25, [0, 1, 2], false],
      [2, [2, 1, 0], false],
      [7, [1, 0, 2], true],
      [1000, [0, 2, 1], false],
    ] as const) {
      await reset();
      await rollUp(
        new RollupWriter(pool),
        order.map((i) => CHAINS[i]!),
        { batchBlocks, concurrently },
      );
      expect(await stored(), `batches of ${batchBlocks}, order ${order.join()}`).to.deep.equal(want);
    }
    // A write that fails in its transaction (the cursor's move, its last statement) leaves no count behind.
    await reset();
    const failing = new RollupWriter(pool);
    const write = failing.write.bind(failing);
    let writes = 0;
    failing.write = (batch) =>
      write(++writes === 3 ? { ...batch, to: { ...batch.to, nextBlock: -1n } } : batch);
    expect((await rejectionOf(rollUp(failing, CHAINS, { batchBlocks: 5 }))).message).to.match(/next_block/);
    expect(await stored()).not.to.deep.equal(want);
    await rollUp(new RollupWriter(pool), CHAINS, { batchBlocks: 5 });
    expect(await stored()).to.deep.equal(want);
  });
});

describe('the ICM metrics', function () {
  this.timeout(600_000);
  let running: MetricsOnDevnet | undefined;
  let gateway: RunningComponent | undefined;
  let client: Metrics;
  let baseUrl: string;
  let sent: Sent[];
  let ids: { C: string; L1: string };
  let selections: Selection[];

  before(async function () {
    running = await startMetricsOnDevnet(PARAMETERS);
    const { stack, models } = running;
    ids = stack.blockchainIds;
    // The devnet's own account of the messages sent: each chain's SendCrossChainMessage logs (a message id's first
    // log), at the time of the block that holds it.
    sent = [];
    for (const key of ['C', 'L1'] as const) {
      const logs = await stack.clients[key].request({
        method: 'eth_getLogs',
        params: [{ fromBlock: '0x0', toBlock: toHex(stack.heads[key]), topics: [SEND_CROSS_CHAIN_MESSAGE] }],
      });
      const times = new Map(models[key].blocks.map((b) => [b.number, Number(b.timestamp)]));
      const seen = new Set<string>();
      for (const log of logs as { topics: Hex[]; blockNumber: Hex }[]) {
        if (seen.has(log.topics[1]!)) continue;
        seen.add(log.topics[1]!);
        sent.push({
          src: ids[key],
          dest: encodeCb58(Buffer.from(log.topics[2]!.slice(2), 'hex')),
          time: times.get(BigInt(log.blockNumber))!,
        });
      }
    }
    selections = [];
    for (const src of [undefined, ids.C, ids.L1, OTHER_CHAIN])
      for (const dest of [undefined, ids.C, ids.L1])
        for (const groupBy of GROUP_BYS)
          for (const network of [undefined, 'mainnet', 'testnet', 'fuji'])
            selections.push({
              ...(src ? { src } : {}),
              ...(dest ? { dest } : {}),
              ...(groupBy ? { groupBy } : {}),
              ...(network ? { network } : {}),
            });
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, running.address, 30_000);
    ({ gateway, baseUrl } = await startMetricsGateway(running.address));
  });
  after(async function () {
    client?.close();
    await gateway?.stop();
    await running?.stop();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') {
      console.error(running?.component.output().slice(-3_000));
      console.error(gateway?.output().slice(-3_000));
    }
  });

  async function allPages(body: Record<string, unknown>, pageSize: number) {
    const pages: IcmPoint[][] = [];
    let cursor = '';
    do {
      const page = await client.unary.GetIcmTimeseries({ ...body, page_size: pageSize, cursor });
      expect(page.results.length).to.be.at.most(pageSize);
      if (page.next_cursor !== '') expect(page.results.length).to.equal(pageSize);
      pages.push(page.results);
      cursor = page.next_cursor;
      expect(pages.length).to.be.below(1_000);
    } while (cursor !== '');
    return pages;
  }

  async function get(path: string, query: Record<string, string | number | undefined> = {}) {
    const { status, body } = await getMetricsGateway(baseUrl, path, query);
    assertMetricsApiResponse('GET', path, status, body);
    return { status, body: body as Record<string, unknown> };
  }

  it('has messages both ways across an hour, a day, a week and a month boundary', function () {
    const dests = (src: string) => new Set(sent.filter((m) => m.src === src).map((m) => m.dest));
    expect([...dests(ids.C)]).to.deep.equal([ids.L1]);
    expect([...dests(ids.L1)]).to.deep.equal([ids.C]);
    for (const interval of INTERVALS)
      expect(new Set(sent.map((m) => utcAlign(interval, m.time))).size, interval).to.be.above(1);
    expect(sent.filter((m) => m.src === ids.L1).length).to.be.at.least(3);
    // Some hour holds more than one message (a count, not a presence).
    expect(expectedPoints(sent, {}, 'hour').some((p) => p.value > 1)).to.equal(true);
  });

  it('gives every filter, grouping, network and interval as counted from the devnet', async function () {
    let nonEmpty = 0;
    for (const s of selections)
      for (const interval of INTERVALS) {
        const answer = await client.unary.GetIcmTimeseries({
          ...request(s),
          time_interval: interval,
          page_size: 2160,
          cursor: '',
        });
        const want = expectedPoints(sent, s, interval);
        expect(answer, `${JSON.stringify(s)} ${interval}`).to.deep.equal({ results: want, next_cursor: '' });
        if (want.length > 0) nonEmpty++;
      }
    expect(nonEmpty).to.be.above(100);
    // No interval is the day's.
    const byDefault = await client.unary.GetIcmTimeseries({ ...request({}), page_size: 2160 });
    expect(byDefault.results).to.deep.equal(expectedPoints(sent, {}, 'day'));
  });

  it('selects the buckets that start within [startTimestamp, endTimestamp]', async function () {
    const hours = expectedPoints(sent, {}, 'hour').map((p) => p.timestamp);
    const picks = [hours.at(-1)!, hours[Math.floor(hours.length / 2)]!, hours[0]!];
    for (const interval of INTERVALS)
      for (const start of [0, ...picks, picks[1]! + 1])
        for (const end of [...picks, picks[1]! - 1, Number.MAX_SAFE_INTEGER].filter((e) => e >= start))
          for (const s of [{}, { groupBy: 'srcBlockchainId,destBlockchainId' as const }]) {
            const answer = await client.unary.GetIcmTimeseries({
              ...request(s),
              time_interval: interval,
              start_timestamp: start,
              end_timestamp: end,
              page_size: 2160,
            });
            expect(answer.results, `${interval} ${start}..${end}`).to.deep.equal(
              expectedPoints(sent, s, interval, { start, end }),
            );
          }
  });

  it('pages through any page size, every point once, newest first', async function () {
    for (const s of [
      {},
      { groupBy: 'srcBlockchainId' as const },
      { groupBy: 'destBlockchainId' as const, network: 'fuji' },
      { groupBy: 'srcBlockchainId,destBlockchainId' as const },
      { src: ids.C, groupBy: 'destBlockchainId' as const },
    ])
      for (const interval of ['hour', 'day'] as const) {
        const want = expectedPoints(sent, s, interval);
        for (const pageSize of [1, 2, 3, 7, want.length, want.length + 1]) {
          const pages = await allPages({ ...request(s), time_interval: interval }, Math.max(1, pageSize));
          expect(pages.flat(), `${JSON.stringify(s)} ${interval} by ${pageSize}`).to.deep.equal(want);
        }
      }
  });

  it('sums the rolling windows at any time, as counted from the devnet', async function () {
    const first = Math.min(...sent.map((m) => m.time));
    const last = Math.max(...sent.map((m) => m.time));
    const busiestHour = expectedPoints(sent, {}, 'hour').sort((a, b) => b.value - a.value)[0]!.timestamp;
    const ats = [
      first - 1, // before the first message
      first,
      busiestHour, // an hour's first second
      busiestHour - 1, // the last second of the hour before
      busiestHour + HOUR - 1,
      Math.floor((first + last) / 2),
      last,
      last + 3 * 86_400,
      last + 40 * 86_400, // past a month: only 90 days, a year and all time
      last + 400 * 86_400, // past a year: all time only
    ];
    let windowsWithMessages = 0;
    // groupBy does not change the one result: every filter and network, and some groupings.
    const filters = selections.filter((s, i) => s.groupBy === undefined || i % 7 === 0);
    for (const at of ats)
      for (const s of filters) {
        const answer = await client.unary.GetIcmSummary({ ...request(s), at });
        const want = expectedSummary(sent, s, at);
        expect(answer.result, `${JSON.stringify(s)} at ${at}`).to.deep.include(want);
        windowsWithMessages += WINDOWS.filter((w) => (want as Record<string, unknown>)[w] !== 0).length;
      }
    expect(windowsWithMessages).to.be.above(150);
    // Without `at`: now, long after the devnet's history (2026), within its year at most.
    const now = await client.unary.GetIcmSummary(request({}));
    expect(now.result).to.deep.include(expectedSummary(sent, {}, Math.floor(Date.now() / 1000)));
  });

  it('refuses bad input, naming the field', async function () {
    const base = { ...request({}), time_interval: 'day', page_size: 10, cursor: '' };
    const cursorOf = async (s: Selection) =>
      (await client.unary.GetIcmTimeseries({ ...base, ...request(s), page_size: 1 })).next_cursor;
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['src not cb58', { src_blockchain_id: 'abc' }, /^srcBlockchainId: expected a blockchain id/],
      ['src of 20 bytes', { src_blockchain_id: encodeCb58(Buffer.alloc(20, 1)) }, /^srcBlockchainId: /],
      ['dest with a bad checksum', { dest_blockchain_id: `${ids.C.slice(0, -1)}1` }, /^destBlockchainId: /],
      ['dest too long', { dest_blockchain_id: 'x'.repeat(10_000) }, /^destBlockchainId: /],
      ['groupBy', { group_by: 'network' }, /^groupBy: expected one of /],
      ['network', { network: 'devnet' }, /^network: /],
      ['interval', { time_interval: 'year' }, /^timeInterval: /],
      ['page size 0', { page_size: 0 }, /^pageSize: /],
      ['page size 2161', { page_size: 2161 }, /^pageSize: /],
      ['end before start', { start_timestamp: 100, end_timestamp: 99 }, /^endTimestamp: /],
      ['a cursor not handed out', { cursor: 'x' }, /^pageToken: /],
      // A cursor of another grouping has another shape.
      [
        'a cursor of another grouping',
        { cursor: await cursorOf({ groupBy: 'srcBlockchainId' }) },
        /^pageToken: /,
      ],
    ];
    for (const [name, change, message] of cases) {
      const err = (await rejectionOf(client.unary.GetIcmTimeseries({ ...base, ...change }))) as DomainError;
      expect([err.kind, err.message], name).to.satisfy(
        ([k, m]: [string, string]) => k === 'invalid_argument' && message.test(m),
        `${name}: ${err.kind} ${err.message}`,
      );
    }
    for (const [name, change, message] of [
      ['src', { src_blockchain_id: OTHER_CHAIN.slice(0, -2) }, /^srcBlockchainId: /],
      ['groupBy', { group_by: 'srcBlockchainId,' }, /^groupBy: /],
      ['network', { network: 'Mainnet' }, /^network: /],
      ['at', { at: '253402300800' }, /^at: /],
    ] as const) {
      const err = (await rejectionOf(
        client.unary.GetIcmSummary({ ...request({}), ...change }),
      )) as DomainError;
      expect([err.kind, err.message], name).to.satisfy(
        ([k, m]: [string, string]) => k === 'invalid_argument' && message.test(m),
        `${name}: ${err.kind} ${err.message}`,
      );
    }
  });

  it('serves both routes over HTTP as the official document describes them', async function () {
    // The same parameters as the document's operations.
    const own = (await (await fetch(new URL('/openapi.json', baseUrl))).json()) as {
      paths: Record<string, { get: { operationId: string; parameters: { name: string; in: string }[] } }>;
    };
    const official = metricsApiDocument();
    for (const path of ['/v2/icm/timeseries', '/v2/icm/summary']) {
      const names = (ps: { name: string; in: string }[] | undefined) =>
        (ps ?? []).map((p) => `${p.in} ${p.name}`).sort();
      expect(own.paths[path]!.get.operationId).to.equal(official.paths[path]!.get!.operationId);
      expect(names(own.paths[path]!.get.parameters), path).to.deep.equal(
        names(official.paths[path]!.get!.parameters),
      );
    }

    const query = (s: Selection) => ({
      srcBlockchainId: s.src,
      destBlockchainId: s.dest,
      groupBy: s.groupBy,
      network: s.network,
    });
    for (const s of selections.filter((_, i) => i % 5 === 0)) {
      for (const interval of INTERVALS) {
        const answer = await get('/v2/icm/timeseries', {
          ...query(s),
          timeInterval: interval,
          pageSize: 2160,
        });
        expect(answer.status).to.equal(200);
        expect(answer.body, `${JSON.stringify(s)} ${interval}`).to.deep.equal({
          results: expectedPoints(sent, s, interval),
        });
      }
      const summary = await get('/v2/icm/summary', query(s));
      expect(summary.status).to.equal(200);
      expect(summary.body.result).to.deep.include(expectedSummary(sent, s, Math.floor(Date.now() / 1000)));
    }

    // Page tokens: every point once, at the default and other page sizes; bound to their query.
    const grouped = { groupBy: 'srcBlockchainId,destBlockchainId', timeInterval: 'hour' };
    const want = expectedPoints(sent, { groupBy: 'srcBlockchainId,destBlockchainId' }, 'hour');
    for (const pageSize of [undefined, 1, 4]) {
      const points: unknown[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const answer = await get('/v2/icm/timeseries', { ...grouped, pageSize, pageToken });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        points.push(...(answer.body.results as unknown[]));
        pageToken = answer.body.nextPageToken as string | undefined;
        pages++;
      } while (pageToken !== undefined);
      expect(points, String(pageSize)).to.deep.equal(want);
      expect(pages).to.equal(Math.max(1, Math.ceil(want.length / (pageSize ?? 100))));
    }
    const token = (await get('/v2/icm/timeseries', { ...grouped, pageSize: 1 })).body.nextPageToken as string;
    const elsewhere = await get('/v2/icm/timeseries', { ...grouped, timeInterval: 'day', pageToken: token });
    expect(elsewhere.status).to.equal(400);
    expect(elsewhere.body.message).to.match(/^pageToken: /);

    const bad: [string, Record<string, string | number>, string][] = [
      ['/v2/icm/timeseries', { srcBlockchainId: 'abc' }, 'srcBlockchainId'],
      ['/v2/icm/timeseries', { destBlockchainId: encodeCb58(Buffer.alloc(20)) }, 'destBlockchainId'],
      ['/v2/icm/timeseries', { groupBy: 'both' }, 'groupBy'],
      ['/v2/icm/timeseries', { network: 'local' }, 'network'],
      ['/v2/icm/timeseries', { timeInterval: 'minute' }, 'timeInterval'],
      ['/v2/icm/timeseries', { pageSize: 0 }, 'pageSize'],
      ['/v2/icm/timeseries', { pageSize: 2161 }, 'pageSize'],
      ['/v2/icm/timeseries', { pageSize: 'ten' }, 'pageSize'],
      ['/v2/icm/timeseries', { startTimestamp: -1 }, 'startTimestamp'],
      ['/v2/icm/timeseries', { startTimestamp: 10, endTimestamp: 9 }, 'endTimestamp'],
      ['/v2/icm/timeseries', { pageToken: 'not-a-token' }, 'pageToken'],
      ['/v2/icm/summary', { srcBlockchainId: OTHER_CHAIN.slice(1) }, 'srcBlockchainId'],
      ['/v2/icm/summary', { groupBy: 'destBlockchainId,srcBlockchainId' }, 'groupBy'],
      ['/v2/icm/summary', { network: 'devnet' }, 'network'],
    ];
    for (const [path, q, parameter] of bad) {
      const answer = await get(path, q);
      expect(answer.status, `${path} ${JSON.stringify(q)}`).to.equal(400);
      expect(answer.body.message, `${path} ${JSON.stringify(q)}`).to.match(new RegExp(`^${parameter}: `));
    }
  });

  it("works with the official SDK's metrics client", async function () {
    const sdk = officialSdk({ serverURL: baseUrl });
    const options = { serverURL: baseUrl, retries: { strategy: 'none' as const } };
    const series = await sdk.metrics.chains.getICMTimeseries(
      { srcBlockchainId: ids.L1, groupBy: 'destBlockchainId', timeInterval: 'day', network: 'fuji' },
      options,
    );
    expect(series.results).to.deep.equal(
      expectedPoints(sent, { src: ids.L1, groupBy: 'destBlockchainId' }, 'day'),
    );
    const summary = await sdk.metrics.chains.getICMSummary({ destBlockchainId: ids.C }, options);
    expect(summary.result).to.deep.include(
      expectedSummary(sent, { dest: ids.C }, Math.floor(Date.now() / 1000)),
    );
  });

  it('stores each message once, in every interval, under its network and pair', async function () {
    const { rows } = await running!.pool.query<{ row: string }>(
      `SELECT concat_ws(' ', network, encode(src_blockchain_id, 'hex'), encode(dest_blockchain_id, 'hex'),
                        time_interval, bucket, messages) AS row
         FROM metrics.icm_messages`,
    );
    const want = INTERVALS.flatMap((interval) =>
      expectedPoints(sent, { groupBy: 'srcBlockchainId,destBlockchainId' }, interval).map(
        (p) =>
          `testnet ${hexOfId(p.srcBlockchainId)} ${hexOfId(p.destBlockchainId)} ${interval} ${p.timestamp} ${p.value}`,
      ),
    );
    expect(rows.map((r) => r.row).sort()).to.deep.equal(want.sort());
    const pairs = await running!.pool.query<{ row: string }>(
      `SELECT concat_ws(' ', network, encode(src_blockchain_id, 'hex'), encode(dest_blockchain_id, 'hex')) AS row
         FROM metrics.icm_pairs`,
    );
    expect(pairs.rows.map((r) => r.row).sort()).to.deep.equal(
      [`testnet ${hexOfId(ids.C)} ${hexOfId(ids.L1)}`, `testnet ${hexOfId(ids.L1)} ${hexOfId(ids.C)}`].sort(),
    );
  });

  it('reads a page of rows per pair through the keys', async function () {
    const { pool: recording, recorded } = recordingPool(running!.pool);
    const reader = new IcmReader(recording);
    const id = (cb58: string) => Buffer.from(decodeCb58(cb58));
    for (const group of [
      { source: false, destination: false },
      { source: true, destination: true },
    ])
      for (const filter of [
        {},
        { network: 'testnet' as const, source: id(ids.C) },
        { destination: id(ids.L1) },
      ])
        await reader.series({
          ...filter,
          interval: 'hour',
          group,
          from: 0,
          to: 2 ** 40,
          after: { bucket: 2 ** 33, source: id(ids.C), destination: id(ids.L1) },
          limit: 101,
        });
    await reader.sums({ source: id(ids.L1) }, [
      { window: 0, interval: 'hour', from: 0, to: 2 ** 40 },
      { window: 1, interval: 'month', from: 0, to: 2 ** 40 },
    ]);
    await expectServedByIndexes(
      running!.pool,
      recorded,
      'SELECT * FROM metrics.icm_messages WHERE messages = 0',
    );
  });
});
