import { expect } from 'chai';
import pg from 'pg';
import { toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ListAddressTransactionsResponse__Output } from '../../services/generated/proto/chaindata/evmdata/v1/ListAddressTransactionsResponse.ts';
import type { StreamAddressTransactionsRequest } from '../../services/generated/proto/chaindata/evmdata/v1/StreamAddressTransactionsRequest.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/evm_data.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { EvmDataReader } from '../../services/evm-data/store/reader.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { lower, readChain, type ChainModel, type Tx } from '../support/evm-chain-model.ts';
import { startEvmDataStack, type EvmDataStack } from '../support/evm-data-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * evm-data's StreamAddressTransactions (what the export worker writes into files) and the indexed time
 * GetIngestionStatus reports, against a devnet it indexed: the stream is ListAddressTransactions' pages over the
 * window's blocks, and both agree with the devnet's own blocks as viem reads them (test/support/evm-chain-model.ts).
 */
const ACCOUNTS = 10;
const DAY = 86_400n;
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'evm-data-address-stream-test',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 4n * DAY,
  blockIntervalSeconds: 1_800n,
  accounts: ACCOUNTS,
};
/** Small, so that the busiest address's window takes several messages. */
const PAGE_SIZE = 7;
const STREAM_DEADLINE_MS = 60_000;

type EvmDataClient = GrpcServiceClient<
  ProtoGrpcType['chaindata']['evmdata']['v1']['EvmDataService']['service']
>;
type Page = ListAddressTransactionsResponse__Output;

const hashesOf = (pages: Page[]) =>
  pages.flatMap((p) => p.transactions.map((t) => t.nativeTransaction!.txHash));

describe('evm-data address transaction stream', function () {
  this.timeout(600_000);
  let stack: EvmDataStack;
  let client: EvmDataClient;
  let chain: ChainModel;
  /** The C-Chain address involved in the most transactions. */
  let busiest: string;
  /** Whole UTC days with a day of history on either side. */
  let window: { start: bigint; end: bigint };
  const deployer = lower(
    privateKeyToAccount(toHex(deriveAccounts(PARAMETERS.seed, ACCOUNTS)[0]!.privateKey)).address,
  );

  before(async function () {
    stack = await startEvmDataStack(PARAMETERS);
    const { clients, heads, chainIds, blockchainIds } = stack;
    chain = await readChain('C', clients.C, chainIds.C, blockchainIds.C, heads.C, deployer);
    const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
    client = createGrpcClient(proto.chaindata.evmdata.v1.EvmDataService, stack.serviceAddress, 30_000);
    [busiest] = [...chain.byAddress].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0]!;
    // The genesis block's timestamp need not be the history's start: the first block after it is.
    const genesis = PARAMETERS.genesisTimeSeconds;
    window = { start: genesis + DAY, end: genesis + 3n * DAY };
    expect(chain.blocks[1]!.timestamp < window.start, 'history before the window').to.equal(true);
    expect(chain.blocks.at(-1)!.timestamp > window.end, 'history after the window').to.equal(true);
  });

  after(async function () {
    client?.close();
    await stack?.stop();
  });

  const request = (overrides: Partial<StreamAddressTransactionsRequest> = {}) => ({
    chain_id: chain.chainId,
    address: Buffer.from(busiest.slice(2), 'hex'),
    start_timestamp: window.start.toString(),
    end_timestamp: window.end.toString(),
    page_size: PAGE_SIZE,
    ...overrides,
  });

  async function streamed(overrides: Partial<StreamAddressTransactionsRequest> = {}): Promise<Page[]> {
    const pages: Page[] = [];
    for await (const page of client.streaming.StreamAddressTransactions(
      request(overrides),
      STREAM_DEADLINE_MS,
    ))
      pages.push(page);
    return pages;
  }

  async function streamError(overrides: Partial<StreamAddressTransactionsRequest>): Promise<DomainError> {
    try {
      await streamed(overrides);
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
    throw new Error(`${JSON.stringify(overrides)} streamed to its end`);
  }

  /** The blocks of [start, end) as the devnet tells them: from the first at or after start to the first at or after end. */
  const blockRange = (start: bigint, end: bigint) => {
    const firstAtOrAfter = (time: bigint) =>
      chain.blocks.find((b) => b.timestamp >= time)?.number ?? chain.head + 1n;
    return { start_block: firstAtOrAfter(start).toString(), end_block: firstAtOrAfter(end).toString() };
  };

  /** ListAddressTransactions' pages, oldest first, following its cursors to the end. */
  async function listed(start: bigint, end: bigint, pageSize: number): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor = '';
    do {
      const page = await client.unary.ListAddressTransactions({
        chain_id: chain.chainId,
        address: Buffer.from(busiest.slice(2), 'hex'),
        ...blockRange(start, end),
        sort_order: 'SORT_ORDER_ASC',
        page_size: pageSize,
        cursor,
      });
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor !== '');
    return pages;
  }

  const inWindow = (start: bigint, end: bigint) => (t: Tx) => t.timestamp >= start && t.timestamp < end;

  it('reports each chain indexed through the timestamp of its head block', async function () {
    const status = await client.unary.GetIngestionStatus({});
    for (const key of ['C', 'L1'] as const) {
      const head = await stack.clients[key].getBlock({ blockNumber: stack.heads[key] });
      const reported = status.chains.find((c) => c.blockchain_id === stack.blockchainIds[key])!;
      expect(reported.next_block, key).to.equal((stack.heads[key] + 1n).toString());
      expect(reported.indexed_through_timestamp, key).to.equal(head.timestamp.toString());
    }
  });

  it('streams an address’s window as ListAddressTransactions pages its blocks, oldest first, each page resuming after the one before', async function () {
    const expected = chain.byAddress.get(busiest)!.filter(inWindow(window.start, window.end));
    expect(expected.length, 'transactions for several pages').to.be.greaterThan(3 * PAGE_SIZE);
    // Transactions on both sides of the window, which it must leave out.
    expect(chain.byAddress.get(busiest)!.length).to.be.greaterThan(expected.length);

    const pages = await streamed();
    expect(pages.map((p) => p.transactions.length)).to.deep.equal(
      Array.from({ length: Math.ceil(expected.length / PAGE_SIZE) }, (_, i) =>
        Math.min(PAGE_SIZE, expected.length - i * PAGE_SIZE),
      ),
    );
    expect(hashesOf(pages)).to.deep.equal(expected.map((t) => t.hash));
    expect(pages.slice(0, -1).every((p) => p.next_cursor !== '')).to.equal(true);
    expect(pages.at(-1)!.next_cursor).to.equal('');
    // Message for message (documents, transfers, internal calls, cursors) what the list answers.
    expect(pages).to.deep.equal(await listed(window.start, window.end, PAGE_SIZE));

    // Resumed from a message's cursor, the stream sends exactly the messages after it.
    for (const i of [0, Math.floor(pages.length / 2), pages.length - 2])
      expect(await streamed({ cursor: pages[i]!.next_cursor }), `after message ${i}`).to.deep.equal(
        pages.slice(i + 1),
      );

    // page_size 0 is 100 a message.
    const whole = await streamed({ page_size: 0 });
    expect(whole.map((p) => p.transactions.length)).to.deep.equal(
      Array.from({ length: Math.ceil(expected.length / 100) }, (_, i) =>
        Math.min(100, expected.length - i * 100),
      ),
    );
    expect(hashesOf(whole)).to.deep.equal(expected.map((t) => t.hash));
  });

  it('takes windows up to the indexed time, and sends nothing for a window without the address', async function () {
    const indexedThrough = chain.blocks.at(-1)!.timestamp;
    // To the indexed time: every block but those that share the head's timestamp.
    const start = window.start;
    const pages = await streamed({ end_timestamp: indexedThrough.toString() });
    expect(hashesOf(pages)).to.deep.equal(
      chain.byAddress
        .get(busiest)!
        .filter(inWindow(start, indexedThrough))
        .map((t) => t.hash),
    );
    expect(pages).to.deep.equal(await listed(start, indexedThrough, PAGE_SIZE));

    // Bounds that are the timestamps of blocks with the address's transactions: those of the first block are in,
    // those of the last are not.
    const mine = chain.byAddress.get(busiest)!.filter(inWindow(window.start, window.end));
    const [from, to] = [mine[3]!.timestamp, mine.at(-4)!.timestamp];
    expect(from < to).to.equal(true);
    const bounded = await streamed({ start_timestamp: from.toString(), end_timestamp: to.toString() });
    const want = chain.byAddress.get(busiest)!.filter(inWindow(from, to));
    expect(want[0]!.timestamp).to.equal(from);
    expect(hashesOf(bounded)).to.deep.equal(want.map((t) => t.hash));
    expect(bounded).to.deep.equal(await listed(from, to, PAGE_SIZE));

    const late = await streamError({ end_timestamp: (indexedThrough + 1n).toString() });
    expect(late.kind).to.equal('failed_precondition');
    expect(late.message).to.match(
      new RegExp(`^endTimestamp: ${indexedThrough + 1n} is after .* indexed through, ${indexedThrough} `),
    );

    expect(
      await streamed({ address: Buffer.alloc(20, 0xee) }),
      'an address with no transactions',
    ).to.deep.equal([]);
    // Before the genesis block: no block at all.
    expect(
      await streamed({ start_timestamp: '1', end_timestamp: '2' }),
      'a window before genesis',
    ).to.deep.equal([]);
    // Past the window's last transaction.
    const all = await streamed({ page_size: 100 });
    const lastKey = all.at(-1)!.transactions.at(-1)!.nativeTransaction!;
    const after = `${BigInt(lastKey.blockNumber).toString(16)}:${lastKey.blockIndex.toString(16)}`;
    expect(await streamed({ cursor: after }), 'a cursor past the last transaction').to.deep.equal([]);
  });

  it('refuses bad requests naming the field, before reading anything', async function () {
    const cases: [Partial<StreamAddressTransactionsRequest>, string, DomainError['kind']][] = [
      [{ chain_id: 'C-Chain' }, 'chainId', 'not_found'],
      [{ address: Buffer.alloc(19) }, 'address', 'invalid_argument'],
      [{ start_timestamp: (2n ** 63n).toString() }, 'startTimestamp', 'invalid_argument'],
      [{ end_timestamp: window.start.toString() }, 'endTimestamp', 'invalid_argument'],
      [{ end_timestamp: (window.start - 1n).toString() }, 'endTimestamp', 'invalid_argument'],
      [{ page_size: 101 }, 'pageSize', 'invalid_argument'],
      [{ cursor: 'not a cursor' }, 'pageToken', 'invalid_argument'],
      // Malformed even when the window could not be answered anyway: the request is checked first.
      [{ cursor: '1:2:3', end_timestamp: (2n ** 62n).toString() }, 'pageToken', 'invalid_argument'],
    ];
    for (const [overrides, name, kind] of cases) {
      const err = await streamError(overrides);
      const what = `${JSON.stringify(overrides)}: ${err.kind} ${err.message}`;
      expect(err.kind, what).to.equal(kind);
      expect(err.message, what).to.match(new RegExp(`^${name}: `));
    }
  });

  it('stops when its caller leaves, and answers the next call', async function () {
    for await (const _ of client.streaming.StreamAddressTransactions(
      request({ page_size: 1 }),
      STREAM_DEADLINE_MS,
    ))
      break;
    const status = await client.unary.GetIngestionStatus({});
    expect(status.chains).to.have.length(2);
    expect(stack.service.output()).not.to.match(/unexpected error/);
  });

  it('reads the indexed time and the window’s blocks through indexes (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    try {
      const { rows } = await pool.query<{ id: number; evm_chain_id: string }>(
        'SELECT id, evm_chain_id FROM evm_data.chains',
      );
      const id = rows.find((r) => r.evm_chain_id === chain.chainId)!.id;
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new EvmDataReader(recording);
      await reader.chainStatus();
      await reader.lookingGlass.blockWindow(id, window.start, window.end - 1n);
      expect(recorded.length).to.be.at.least(3);
      await expectServedByIndexes(pool, recorded, 'SELECT * FROM evm_data.blocks WHERE gas_used > 0');
    } finally {
      await pool.end();
    }
  });
});
