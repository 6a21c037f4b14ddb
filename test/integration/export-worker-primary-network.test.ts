import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utils } from '@avalabs/avalanchejs';
import type { IncludeChain } from '@avalanche-sdk/chainkit/models/components';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { getAddress, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { officialSdk } from '../support/chainkit.ts';
import { parseCsv } from '../support/csv.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import { SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';
import { startProjectedDevnet } from '../support/primary-network-stack.ts';
import {
  readPrimaryNetworkLedger,
  type Chain,
  type LedgerEntry,
  type LedgerTx,
  type PrimaryNetworkLedger,
} from '../support/primary-network-ledger.ts';
import { eventually, freePort, startComponent } from '../support/processes.ts';

/**
 * The export worker's primary-network exports end to end: POST /v1/operations/transactions:export through
 * gateway-data, the job reading primary-network's StreamTransactions over the projected shared devnet, and the
 * downloaded CSV row for row against an independent reading of the devnet's containers
 * (test/support/primary-network-ledger.ts), never against primary-network's own answers.
 */
const PARAMETERS = SHARED_DEVNET;
const FUJI = PARAMETERS.identity;
const CHAIN_IDS: Record<Chain, string> = { P: FUJI.pChainId, X: FUJI.xChainId, C: FUJI.cChainId };
const DAY = 86_400;
/** Whole UTC days of the history (it starts on 2026-01-01 at midnight), across Cortina on the X-Chain (the 4th). */
const FIRST_DATE = '2026-01-02';
const LAST_DATE = '2026-01-04';
/**
 * Three of the devnet's accounts, whose rows in the window hold every row type on the three chains between them: one
 * stakes and is rewarded within the window, one mints and holds NFTs, one imports and exports through shared memory
 * from both ends and from its C-Chain balance. The first test checks that coverage, so that a devnet changed under
 * it fails loudly rather than checking less.
 */
const EXPORTED_ACCOUNTS = [1, 3, 4];
const SECRET = 'an-export-worker-test-secret-of-at-least-thirty-two-chars';
const REDIS = 'redis://127.0.0.1:6379';
const EXPORT_PATH = '/v1/operations/transactions:export';
const STAKING_TX_TYPES = [
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'RewardValidatorTx',
];
const FULL_HEADER = [
  'blockchainId',
  'txHash',
  'txType',
  'timestamp',
  'blockHeight',
  'rowType',
  'utxoId',
  'addresses',
  'assetId',
  'assetSymbol',
  'denomination',
  'amount',
  'nodeId',
  'stakeStartTimestamp',
  'stakeEndTimestamp',
  'memo',
];
const SIMPLE_HEADER = [
  'blockchainId',
  'txHash',
  'txType',
  'timestamp',
  'blockHeight',
  'assetId',
  'assetSymbol',
  'denomination',
  'amountIn',
  'amountOut',
  'memo',
];

type Doc = Record<string, unknown>;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

function daysFrom(firstDate: string, lastDate: string): string[] {
  const days: string[] = [];
  for (let t = dayStart(firstDate); t <= dayStart(lastDate); t += DAY)
    days.push(new Date(t * 1000).toISOString().slice(0, 10));
  return days;
}

interface Selection {
  /** bech32 and lower-case 0x addresses; empty: every address. */
  exported: ReadonlySet<string>;
  firstDate: string;
  lastDate: string;
  chains: Chain[];
  stakingOnly?: boolean;
}

/** Per day, per chain (P, X, C), the chain's transactions of the day in its order. */
function selectedTxs(ledger: PrimaryNetworkLedger, s: Selection): LedgerTx[] {
  return daysFrom(s.firstDate, s.lastDate).flatMap((day) =>
    s.chains.flatMap((chain) =>
      ledger.txs[chain].filter(
        (tx) =>
          tx.timestamp >= dayStart(day) &&
          tx.timestamp < dayStart(day) + DAY &&
          (!s.stakingOnly || (chain === 'P' && STAKING_TX_TYPES.includes(tx.txType))),
      ),
    ),
  );
}

/** Row for row; on a difference, the first differing row, which a deep-equal report of a thousand rows hides. */
function expectRows(actual: string[][], expected: string[][]): void {
  const first = expected.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(actual[i]));
  if (first >= 0)
    expect(actual[first], `row ${first + 1} of ${expected.length}`).to.deep.equal(expected[first]);
  expect(actual).to.deep.equal(expected);
}

const owned = (entry: LedgerEntry, exported: ReadonlySet<string>) =>
  exported.size === 0 || entry.addresses.some((a) => exported.has(a));

/** The rows docs/export-worker.md specifies for TRANSACTION_EXPORT_PRIMARY_NETWORK (and …_STAKING). */
function expectedRows(ledger: PrimaryNetworkLedger, s: Selection): string[][] {
  return selectedTxs(ledger, s).flatMap((tx) =>
    tx.entries
      .filter((entry) => owned(entry, s.exported))
      .map((entry) => {
        const asset = ledger.assets.get(entry.assetId)!;
        return [
          CHAIN_IDS[tx.chain],
          tx.txHash,
          tx.txType,
          iso(tx.timestamp),
          tx.blockHeight,
          entry.rowType,
          entry.utxoId,
          entry.addresses.join(' '),
          entry.assetId,
          asset.symbol,
          String(asset.denomination),
          entry.amount.toString(),
          tx.nodeId,
          tx.stakeStart === undefined ? '' : iso(tx.stakeStart),
          tx.stakeEnd === undefined ? '' : iso(tx.stakeEnd),
          hex(tx.memo),
        ];
      }),
  );
}

/** …_SIMPLE: per transaction and asset (in the order the asset first appears), the credits in and the debits out. */
function expectedSimpleRows(ledger: PrimaryNetworkLedger, s: Selection): string[][] {
  return selectedTxs(ledger, s).flatMap((tx) => {
    const sums = new Map<string, { in: bigint; out: bigint }>();
    for (const entry of tx.entries.filter((e) => owned(e, s.exported))) {
      const sum = sums.get(entry.assetId) ?? { in: 0n, out: 0n };
      if (entry.rowType.startsWith('DEBIT')) sum.out += entry.amount;
      else sum.in += entry.amount;
      sums.set(entry.assetId, sum);
    }
    return [...sums].map(([assetId, sum]) => {
      const asset = ledger.assets.get(assetId)!;
      return [
        CHAIN_IDS[tx.chain],
        tx.txHash,
        tx.txType,
        iso(tx.timestamp),
        tx.blockHeight,
        assetId,
        asset.symbol,
        String(asset.denomination),
        sum.in.toString(),
        sum.out.toString(),
        hex(tx.memo),
      ];
    });
  });
}

describe('export-worker: primary-network exports against the devnet’s containers', function () {
  this.timeout(300_000);
  const stops: (() => Promise<unknown>)[] = [];
  const queuePrefix = `export-pn-test-${process.pid}-${Date.now().toString(36)}`;
  let ledger: PrimaryNetworkLedger;
  let gatewayUrl: string;
  /** The exported accounts' bech32 addresses (no chain prefix) and C-Chain EVM addresses (lower-case). */
  let addresses: string[];
  let evmAddresses: string[];
  let exported: Set<string>;
  let accountBytes: Uint8Array[];

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gatewayUrl}${EXPORT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Doc;
    assertDataApiResponse('POST', EXPORT_PATH, response.status, answer);
    return { status: response.status, body: answer };
  };
  const operation = async (id: string) => {
    const response = await fetch(`${gatewayUrl}/v1/operations/${id}`);
    const body = (await response.json()) as Doc;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    assertDataApiResponse('GET', '/v1/operations/{operationId}', 200, body);
    return body;
  };
  const finished = async (id: string) => {
    let last: Doc = {};
    await eventually(
      async () => {
        last = await operation(id);
        return last.operationStatus !== 'RUNNING';
      },
      60_000,
      `operation ${id} to finish`,
    );
    return last;
  };
  const download = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    return Buffer.from(await response.arrayBuffer());
  };
  /** Creates an export, waits for it to complete, and returns the operation and its file's records. */
  const exportOf = async (body: Doc, headers: Record<string, string> = {}) => {
    const created = await post(body, headers);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.operationType).to.equal(body.type);
    const done = await finished(created.body.operationId as string);
    expect(done.operationStatus, JSON.stringify(done)).to.equal('COMPLETED');
    const file = await download((done.metadata as Doc).downloadUrl as string);
    return { done, file, records: parseCsv(file.toString('utf8')) };
  };

  before(async function () {
    // The ledger is read from the devnet's containers while the stack mirrors and projects them.
    const reading = sharedDevnet(PARAMETERS).then(readPrimaryNetworkLedger);
    reading.catch(() => {});
    const { db, serviceAddress } = await startProjectedDevnet(
      PARAMETERS,
      ['P/block', 'X/vtx', 'X/block', 'C/block'],
      stops,
    );
    ledger = await reading;
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts);
    accountBytes = EXPORTED_ACCOUNTS.map((i) => accounts[i]!.address);
    addresses = accountBytes.map((bytes) => utils.formatBech32(FUJI.hrp, bytes));
    evmAddresses = EXPORTED_ACCOUNTS.map((i) =>
      privateKeyToAccount(toHex(accounts[i]!.privateKey)).address.toLowerCase(),
    );
    exported = new Set([...addresses, ...evmAddresses]);

    const exportDir = await mkdtemp(join(tmpdir(), 'chain-data-pn-exports-'));
    stops.push(() => rm(exportDir, { recursive: true, force: true }));
    stops.push(async () => {
      const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      await redis.connect();
      const keys = await redis.keys(`${queuePrefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });
    const workerAddress = `127.0.0.1:${await freePort()}`;
    // Primary-network exports never ask evm-data: nothing listens where the worker and the gateway look for it.
    const noEvmData = `127.0.0.1:${await freePort()}`;
    const port = await freePort();
    const started = await Promise.allSettled([
      startComponent('export-worker', {
        // The export worker's own schema, in the database the stack's components share.
        DATABASE_URL: db.url,
        REDIS_URL: REDIS,
        EXPORT_QUEUE_PREFIX: queuePrefix,
        GRPC_LISTEN_ADDRESS: workerAddress,
        EVM_DATA_ADDRESS: noEvmData,
        PRIMARY_NETWORK_ADDRESS: serviceAddress,
        AVALANCHE_NETWORK: 'fuji',
        EXPORT_DIR: exportDir,
        // A day of a chain is several stream messages, each asked from the cursor the one before ended on.
        EXPORT_PAGE_SIZE: '20',
        LOG_LEVEL: 'warn',
      }),
      startComponent('gateway-data', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(port),
        EVM_DATA_ADDRESS: noEvmData,
        PRIMARY_NETWORK_ADDRESS: serviceAddress,
        EXPORT_WORKER_ADDRESS: workerAddress,
        PAGE_TOKEN_SECRET: SECRET,
        LOG_LEVEL: 'warn',
      }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') stops.push(() => s.value.stop());
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    gatewayUrl = `http://127.0.0.1:${port}`;
  });

  after(async function () {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  });

  const window = () => ({
    exported,
    firstDate: FIRST_DATE,
    lastDate: LAST_DATE,
    chains: ['P', 'X', 'C'] as Chain[],
  });
  const request = (type: string) => ({
    type,
    firstDate: FIRST_DATE,
    lastDate: LAST_DATE,
    // Chain prefixes and a checksummed EVM address: the export's addresses are the same whatever their spelling.
    options: {
      addresses: [`P-${addresses[0]}`, `X-${addresses[1]}`, ...addresses.slice(2)],
      cChainEvmAddresses: evmAddresses.map((a) => getAddress(a)),
      includeChains: ['p-chain', 'x-chain', 'c-chain'],
    },
  });

  it("exports three accounts' UTXO rows on the P-, X- and C-Chain over three days, row for row as the containers tell them", async function () {
    const { done, records } = await exportOf(request('TRANSACTION_EXPORT_PRIMARY_NETWORK'));
    const [header, ...rows] = records;
    expect(header).to.deep.equal(FULL_HEADER);
    const expected = expectedRows(ledger, window());
    // What the window holds between the three accounts: every row type, on every chain, EVM inputs and outputs,
    // staking and its reward, the devnet's fungible asset and its NFTs, vertices and blocks on the X-Chain.
    const kinds = new Set(
      expected.map((r) => `${r[0] === CHAIN_IDS.C && r[6]!.includes(':evm') ? 'evm ' : ''}${r[5]}`),
    );
    for (const kind of [
      'DEBIT',
      'DEBIT_ATOMIC',
      'CREDIT',
      'CREDIT_ATOMIC',
      'CREDIT_STAKING_SET',
      'evm DEBIT',
      'evm CREDIT',
    ])
      expect(kinds, kind).to.include(kind);
    for (const chain of ['P', 'X', 'C'] as const)
      expect(expected.filter((r) => r[0] === CHAIN_IDS[chain]).length, chain).to.be.greaterThan(0);
    expect(new Set(expected.map((r) => r[2]))).to.include.members([
      'RewardValidatorTx',
      'OperationTx',
      'ImportTx',
    ]);
    expect(new Set(expected.map((r) => r[9]))).to.have.members(['AVAX', 'GOLD', 'STAMP']);
    expect(new Set(expected.filter((r) => r[0] === CHAIN_IDS.X).map((r) => r[4] === ''))).to.have.members([
      true,
      false,
    ]);
    expectRows(rows, expected);
    expect((done.progress as Doc).rowsWritten).to.equal(expected.length);
  });

  it('exports the same accounts and days per transaction and asset (…_SIMPLE)', async function () {
    const { records } = await exportOf(request('TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE'));
    const [header, ...rows] = records;
    expect(header).to.deep.equal(SIMPLE_HEADER);
    const expected = expectedSimpleRows(ledger, window());
    // Transactions that moved two assets of the accounts' (a GOLD transfer and its AVAX fee).
    const perTx = new Map<string, number>();
    for (const r of expected) perTx.set(r[1]!, (perTx.get(r[1]!) ?? 0) + 1);
    expect([...perTx.values()].some((n) => n > 1)).to.equal(true);
    expectRows(rows, expected);
  });

  it('exports only their P-Chain staking transactions (…_STAKING), whatever the chains asked', async function () {
    const { records } = await exportOf(request('TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING'));
    const [header, ...rows] = records;
    expect(header).to.deep.equal(FULL_HEADER);
    const expected = expectedRows(ledger, { ...window(), stakingOnly: true });
    expect(new Set(expected.map((r) => r[2]))).to.include.members(['RewardValidatorTx']);
    expect(new Set(expected.map((r) => r[5]))).to.include.members(['DEBIT', 'CREDIT', 'CREDIT_STAKING_SET']);
    expectRows(rows, expected);
  });

  it("exports every row of every chain for a day when no address is given: the history's first, of every kind", async function () {
    // The first day spends the genesis allocations and holds what happens once: the L1's creation, conversion and
    // first validator registration, the first stakers, the devnet's asset and NFT family.
    const day = '2026-01-01';
    const { records } = await exportOf({
      type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
      firstDate: day,
      lastDate: day,
      options: { includeChains: ['c-chain', 'x-chain', 'p-chain'] },
    });
    const expected = expectedRows(ledger, {
      exported: new Set(),
      firstDate: day,
      lastDate: day,
      chains: ['P', 'X', 'C'],
    });
    expect(new Set(expected.map((r) => r[2]))).to.include.members([
      'CreateSubnetTx',
      'CreateChainTx',
      'ConvertSubnetToL1Tx',
      'RegisterL1ValidatorTx',
      'AddValidatorTx',
      'AddDelegatorTx',
      'CreateAssetTx',
      'OperationTx',
    ]);
    expectRows(records.slice(1), expected);
  });

  it('takes blockchain ids as it takes p-chain, x-chain and c-chain: the same export, and the same file', async function () {
    const body = (includeChains: string[]) => ({
      type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
      firstDate: LAST_DATE,
      lastDate: LAST_DATE,
      options: { addresses, cChainEvmAddresses: evmAddresses, includeChains },
    });
    const aliases = await exportOf(body(['p-chain', 'x-chain', 'c-chain']));
    const ids = [CHAIN_IDS.C, CHAIN_IDS.X, CHAIN_IDS.P, CHAIN_IDS.X];
    // In its normal form the request is the one made with the aliases: the same operation answers it.
    expect((await post(body(ids))).body.operationId).to.equal(aliases.done.operationId);
    const again = await exportOf(body(ids), { 'idempotency-key': 'by-blockchain-id' });
    expect(again.done.operationId).to.not.equal(aliases.done.operationId);
    expect(again.file.equals(aliases.file)).to.equal(true);
    expectRows(
      again.records.slice(1),
      expectedRows(ledger, { ...window(), firstDate: LAST_DATE, lastDate: LAST_DATE }),
    );
  });

  it("refuses the other network's chain ids and addresses with 400s naming the field", async function () {
    const mainnet = IDENTITIES.mainnet;
    const base = { type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK', firstDate: FIRST_DATE, lastDate: FIRST_DATE };
    const account = accountBytes[0]!;
    const cases: [Doc, string, RegExp][] = [
      [{ includeChains: [mainnet.xChainId] }, 'options.includeChains[0]', /mainnet's/],
      [{ includeChains: ['p-chain', mainnet.cChainId] }, 'options.includeChains[1]', /mainnet's/],
      [
        { addresses: [utils.formatBech32(mainnet.hrp, account)], includeChains: ['p-chain'] },
        'options.addresses[0]',
        /a fuji address/,
      ],
      [
        {
          addresses: [addresses[0], `X-${utils.formatBech32(mainnet.hrp, account)}`],
          includeChains: ['x-chain'],
        },
        'options.addresses[1]',
        /a fuji address/,
      ],
    ];
    for (const [options, field, reason] of cases) {
      const { status, body: answer } = await post({ ...base, options });
      expect(status, JSON.stringify({ options, answer })).to.equal(400);
      expect(answer.message, JSON.stringify(options)).to.match(
        new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `),
      );
      expect(answer.message).to.match(reason);
    }
  });

  it('through the official SDK: data.operations.exportTransactions and getResult', async function () {
    const sdk = officialSdk({ serverURL: gatewayUrl });
    const options = { serverURL: gatewayUrl, retries: { strategy: 'none' as const } };
    const created = await sdk.data.operations.exportTransactions(
      {
        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
        firstDate: FIRST_DATE,
        lastDate: FIRST_DATE,
        options: { addresses, includeChains: ['p-chain', FUJI.xChainId as IncludeChain] },
      },
      options,
    );
    expect(created.operationType).to.equal('TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE');
    await finished(created.operationId);
    const result = await sdk.data.operations.getResult({ operationId: created.operationId }, options);
    expect(result.operationStatus).to.equal('COMPLETED');
    expect(result.metadata?.downloadUrl).to.be.a('string');
    const records = parseCsv((await download(result.metadata!.downloadUrl!)).toString('utf8'));
    expectRows(
      records.slice(1),
      expectedSimpleRows(ledger, {
        exported: new Set(addresses),
        firstDate: FIRST_DATE,
        lastDate: FIRST_DATE,
        chains: ['P', 'X'],
      }),
    );
  });
});
