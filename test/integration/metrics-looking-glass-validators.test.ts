import { Avalanche } from '@avalanche-sdk/chainkit';
import { bech32 } from '@scure/base';
import { expect } from 'chai';
import { startMetricsGateway } from '../support/metrics-devnet.ts';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { ProtoGrpcType as PrimaryNetworkProto } from '../../services/generated/proto/primary_network.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createPool } from '../../services/runtime/database/pool.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../support/database.ts';
import { TimeFrameValidatorsReader } from '../../services/primary-network/store/looking-glass.ts';
import { SHARED_DEVNET } from '../support/devnets.ts';
import { assertMetricsApiResponse } from '../support/metrics-api-openapi.ts';
import { startStakingDevnet, type StakingDevnet } from '../support/metrics-staking-devnet.ts';
import { rejectionOf, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

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

describe('the Looking Glass validators by date range', function () {
  this.timeout(600_000);
  let stack: StakingDevnet;
  let metrics: { component: RunningComponent; address: string };
  let gateway: RunningComponent;
  let client: Metrics;
  let baseUrl: string;
  /** Every primary-network validator the devnet has had, by the end of its period then its transaction. */
  let validators: Validator[];

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

  before(async function () {
    stack = await startStakingDevnet({ ...SHARED_DEVNET });
    metrics = await stack.startMetrics();
    ({ gateway, baseUrl } = await startMetricsGateway(metrics.address));
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

  after(async function () {
    client?.close();
    await gateway?.stop();
    await stack?.stop();
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.error(metrics?.component.output().slice(-3_000));
  });

  async function get(path: string, query: Record<string, string | number | undefined> = {}) {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await fetch(url);
    const body = (await response.json()) as Record<string, unknown>;
    assertMetricsApiResponse('get', TEMPLATE, response.status, body);
    return { status: response.status, body };
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
    const sdk = new Avalanche({ serverURL: baseUrl });
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
    const proto = loadProto<PrimaryNetworkProto>('chaindata/primarynetwork/v1/primary_network.proto');
    const primaryNetwork = createGrpcClient(
      proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
      stack.primaryNetworkAddress,
      30_000,
    );
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
