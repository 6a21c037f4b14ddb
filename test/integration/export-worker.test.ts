import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import pg from 'pg';
import { erc20Abi, erc721Abi, toHex, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { officialSdk } from '../support/chainkit.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { lower, readChain, type ChainModel } from '../support/evm-chain-model.ts';
import { parseCsv } from '../support/csv.ts';
import { startEvmDataStack, type EvmDataStack } from '../support/evm-data-stack.ts';
import { onPath, startMoto, startS3rver } from '../support/s3-servers.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';

/**
 * The export worker (§4.4) end to end: POST /v1/operations/transactions:export through gateway-data, the job on
 * BullMQ, the CSV written from evm-data's streams, GET /v1/operations/{id} and the signed download link; the file
 * row for row against an independent reading of the devnet (viem: blocks, receipts, callTracer traces, token
 * metadata); limits, coverage, idempotency; and kill -9 of the worker, again and again, during an export.
 */
const DAY = 86_400n;
const GENESIS = 1_767_225_600n; // 2026-01-01T00:00:00Z
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'export-worker-test',
  genesisTimeSeconds: GENESIS,
  historySeconds: 3n * DAY,
  blockIntervalSeconds: 900n,
  accounts: 6,
};
const SECRET = 'an-export-worker-test-secret-of-at-least-thirty-two-chars';
const REDIS = 'redis://127.0.0.1:6379';

type Doc = Record<string, unknown>;

const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');
const dayStartOf = (date: string) => BigInt(Date.parse(`${date}T00:00:00Z`) / 1000);

interface TokenInfo {
  name: string;
  symbol: string;
  decimals: string;
}

/** The rows docs/export-worker.md says an EVM export holds, from the model of the chain. */
function expectedEvmRows(
  model: ChainModel,
  address: string,
  firstDate: string,
  lastDate: string,
  tokens: Map<string, TokenInfo>,
): string[][] {
  const start = dayStartOf(firstDate);
  const end = dayStartOf(lastDate) + DAY;
  const rows: string[][] = [];
  const txs = (model.byAddress.get(address) ?? []).filter(
    (tx) => tx.timestamp >= start && tx.timestamp < end,
  );
  for (const tx of txs) {
    const row = (
      rowType: string,
      logIndex: string,
      from: string,
      to: string,
      token: { address: string; name: string; symbol: string; decimals: string; tokenId: string },
      value: string,
      fee: string,
    ) => {
      const sent = from === address;
      const received = to === address;
      if (!sent && !received) return;
      rows.push([
        model.chainId,
        address,
        tx.blockNumber.toString(),
        iso(tx.timestamp),
        tx.hash,
        tx.success ? 'SUCCESS' : 'FAILED',
        rowType,
        logIndex,
        sent && received ? 'SELF' : sent ? 'OUT' : 'IN',
        from,
        to,
        token.address,
        token.name,
        token.symbol,
        token.decimals,
        token.tokenId,
        value,
        fee,
      ]);
    };
    const none = { address: '', name: '', symbol: '', decimals: '', tokenId: '' };
    const to = (tx.to ?? tx.created)!;
    row(
      'NATIVE_TRANSACTION',
      '',
      tx.from,
      to,
      none,
      tx.value.toString(),
      tx.from === address ? (tx.gasUsed * tx.gasPrice).toString() : '',
    );
    for (const internal of tx.internals)
      if (!internal.reverted && internal.value > 0n)
        row(
          'INTERNAL_TRANSACTION',
          '',
          internal.from,
          internal.to ?? '',
          none,
          internal.value.toString(),
          '',
        );
    for (const t of tx.transfers) {
      const info = tokens.get(t.contract) ?? { name: '', symbol: '', decimals: '' };
      const rowType =
        t.standard === 20 ? 'ERC20_TRANSFER' : t.standard === 721 ? 'ERC721_TRANSFER' : 'ERC1155_TRANSFER';
      row(
        rowType,
        String(t.logIndex),
        t.from,
        t.to,
        {
          address: t.contract,
          name: t.standard === 1155 ? '' : info.name,
          symbol: t.standard === 1155 ? '' : info.symbol,
          decimals: t.standard === 20 ? info.decimals : '',
          tokenId: t.standard === 20 ? '' : (t.tokenId ?? 0n).toString(),
        },
        t.standard === 721 ? '1' : t.value.toString(),
        '',
      );
    }
  }
  return rows;
}

/** The CSV's address columns in lower case (the API writes checksummed addresses; the model lower-case ones). */
function comparable(rows: string[][]): string[][] {
  return rows.map((r) => r.map((value, i) => ([9, 10, 11].includes(i) ? value.toLowerCase() : value)));
}

async function tokenInfoOf(model: ChainModel): Promise<Map<string, TokenInfo>> {
  const tokens = new Map<string, TokenInfo>();
  const standards = new Map(
    model.txs.flatMap((tx) => tx.transfers.map((t) => [t.contract, t.standard] as const)),
  );
  for (const [contract, standard] of standards) {
    if (standard === 1155) continue;
    const read = (functionName: 'name' | 'symbol' | 'decimals') =>
      model.client
        .readContract({
          address: contract as Address,
          abi: standard === 20 ? erc20Abi : erc721Abi,
          functionName: functionName as 'name',
        })
        .then(String, () => '');
    tokens.set(contract, {
      name: await read('name'),
      symbol: await read('symbol'),
      decimals: standard === 20 ? await read('decimals') : '',
    });
  }
  return tokens;
}

describe('export-worker: transaction exports as jobs that survive crashes', function () {
  this.timeout(600_000);

  let stack: EvmDataStack;
  let db: TestDatabase;
  let exportDir: string;
  let worker: RunningComponent;
  let gateway: RunningComponent;
  let gatewayUrl: string;
  let workerEnv: Record<string, string>;
  const queuePrefix = `export-test-${process.pid}-${Date.now().toString(36)}`;
  let model: ChainModel;
  let l1Model: ChainModel;
  let busiest: string;
  let tokens: Map<string, TokenInfo>;
  let l1Tokens: Map<string, TokenInfo>;

  const startWorker = async (extra: Record<string, string> = {}) =>
    startComponent('export-worker', { ...workerEnv, ...extra });

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gatewayUrl}/v1/operations/transactions:export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Doc };
  };
  const operation = async (id: string) => {
    const response = await fetch(`${gatewayUrl}/v1/operations/${id}`);
    const body = (await response.json()) as Doc;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    assertDataApiResponse('GET', '/v1/operations/{operationId}', 200, body);
    return body;
  };
  const finished = async (id: string, timeoutMs = 120_000) => {
    let last: Doc = {};
    await eventually(
      async () => {
        last = await operation(id);
        return last.operationStatus !== 'RUNNING';
      },
      timeoutMs,
      `operation ${id} to finish`,
    );
    return last;
  };
  const download = async (op: Doc) => {
    const url = (op.metadata as Doc).downloadUrl as string;
    const response = await fetch(url);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    return Buffer.from(await response.arrayBuffer());
  };

  before(async () => {
    stack = await startEvmDataStack(PARAMETERS);
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) =>
      lower(privateKeyToAccount(toHex(a.privateKey)).address),
    );
    model = await readChain(
      'C',
      stack.clients.C,
      stack.chainIds.C,
      stack.blockchainIds.C,
      stack.heads.C,
      accounts[0]!,
    );
    l1Model = await readChain(
      'L1',
      stack.clients.L1,
      stack.chainIds.L1,
      stack.blockchainIds.L1,
      stack.heads.L1,
      accounts[0]!,
    );
    busiest = [...model.byAddress.entries()].sort((a, b) => b[1].length - a[1].length)[0]![0];
    tokens = await tokenInfoOf(model);
    l1Tokens = await tokenInfoOf(l1Model);
    db = await createTestDatabase();
    exportDir = await mkdtemp(join(tmpdir(), 'chain-data-exports-'));
    workerEnv = {
      DATABASE_URL: db.url,
      REDIS_URL: REDIS,
      EXPORT_QUEUE_PREFIX: queuePrefix,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      EVM_DATA_ADDRESS: stack.serviceAddress,
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${await freePort()}`,
      AVALANCHE_NETWORK: 'fuji',
      EXPORT_DIR: exportDir,
      // Small pages and frequent checkpoints, so a kill lands between many of them; a short lock, so a killed
      // worker's job is taken again within seconds.
      EXPORT_PAGE_SIZE: '3',
      EXPORT_CHECKPOINT_BYTES: '2048',
      EXPORT_JOB_LOCK_MS: '1000',
      EXPORT_SWEEP_INTERVAL_MS: '200',
      LOG_LEVEL: 'warn',
    };
    worker = await startWorker();
    const port = await freePort();
    gateway = await startComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      EVM_DATA_ADDRESS: stack.serviceAddress,
      PRIMARY_NETWORK_ADDRESS: workerEnv.PRIMARY_NETWORK_ADDRESS!,
      EXPORT_WORKER_ADDRESS: workerEnv.GRPC_LISTEN_ADDRESS!,
      PAGE_TOKEN_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    });
    gatewayUrl = `http://127.0.0.1:${port}`;
  });

  after(async () => {
    await gateway?.stop();
    await worker?.stop();
    await stack?.stop();
    await db?.drop();
    if (exportDir) await rm(exportDir, { recursive: true, force: true });
    const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    const keys = await redis.keys(`${queuePrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("exports the busiest C-Chain address's days row for row as the devnet tells them", async () => {
    const request = {
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate: '2026-01-02',
      lastDate: '2026-01-03',
      options: { addresses: [busiest], includeChains: [stack.chainIds.C] },
    };
    const created = await post(request);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    assertDataApiResponse('POST', '/v1/operations/transactions:export', 201, created.body);
    expect(created.body.operationType).to.equal('TRANSACTION_EXPORT_EVM');
    const done = await finished(created.body.operationId as string);
    expect(done.operationStatus, JSON.stringify(done)).to.equal('COMPLETED');
    const csv = parseCsv((await download(done)).toString('utf8'));
    const [header, ...rows] = csv;
    expect(header).to.deep.equal([
      'chainId',
      'address',
      'blockNumber',
      'blockTimestamp',
      'txHash',
      'txStatus',
      'rowType',
      'logIndex',
      'direction',
      'from',
      'to',
      'tokenAddress',
      'tokenName',
      'tokenSymbol',
      'tokenDecimals',
      'tokenId',
      'value',
      'fee',
    ]);
    const expected = expectedEvmRows(model, busiest, '2026-01-02', '2026-01-03', tokens);
    expect(expected.length, 'the window holds rows of several kinds').to.be.greaterThan(10);
    expect(new Set(expected.map((r) => r[6])).size).to.be.greaterThan(1);
    expect(comparable(rows)).to.deep.equal(expected);
    expect((done.progress as Doc).rowsWritten).to.equal(expected.length);
    expect((done.progress as Doc).fractionDone).to.equal(1);
  });

  it('answers the same operation to a repeated request, and a new one to a new Idempotency-Key', async () => {
    const request = {
      type: 'TRANSACTION_EXPORT_EVM',
      startDate: '2026-01-01',
      endDate: '2026-01-01',
      options: { addresses: [busiest.toUpperCase().replace('0X', '0x')], includeChains: [stack.chainIds.C] },
    };
    const first = await post(request);
    const again = await post({ ...request, options: { ...request.options, addresses: [busiest, busiest] } });
    expect(again.body.operationId).to.equal(first.body.operationId);
    const other = await post(request, { 'idempotency-key': 'a-second-export' });
    expect(other.body.operationId).to.not.equal(first.body.operationId);
    const [a, b] = [
      await finished(first.body.operationId as string),
      await finished(other.body.operationId as string),
    ];
    expect((await download(a)).equals(await download(b))).to.equal(true);
  });

  it('ends at the last day the chains are indexed through, with the warning and the nextDate', async () => {
    const created = await post({
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate: '2026-01-03',
      lastDate: '2026-01-09',
      options: { addresses: [busiest], includeChains: [stack.chainIds.C, stack.chainIds.L1] },
    });
    const done = await finished(created.body.operationId as string);
    expect(done.operationStatus).to.equal('COMPLETED_WITH_WARNING');
    expect((done.metadata as Doc).code).to.equal('WarnTruncatedExport');
    // The history ends on 2026-01-04 at 00:00: the 3rd is the last whole day.
    expect((done.metadata as Doc).nextDate).to.equal('2026-01-04');
    const rows = parseCsv((await download(done)).toString('utf8')).slice(1);
    // One day, its sources in chain id order.
    const byChain = [model, l1Model].sort((a, b) => Number(BigInt(a.chainId) - BigInt(b.chainId)));
    expect(comparable(rows)).to.deep.equal(
      byChain.flatMap((m) =>
        expectedEvmRows(m, busiest, '2026-01-03', '2026-01-03', m === model ? tokens : l1Tokens),
      ),
    );
  });

  it('through the official SDK: data.operations.exportTransactions and getResult', async () => {
    const sdk = officialSdk({ serverURL: gatewayUrl });
    const options = { serverURL: gatewayUrl, retries: { strategy: 'none' as const } };
    const created = await sdk.data.operations.exportTransactions(
      {
        type: 'TRANSACTION_EXPORT_EVM',
        firstDate: '2026-01-01',
        lastDate: '2026-01-02',
        options: { addresses: [busiest], includeChains: [stack.chainIds.C] },
      },
      options,
    );
    expect(created.operationStatus).to.be.oneOf(['RUNNING', 'COMPLETED']);
    await finished(created.operationId);
    const result = await sdk.data.operations.getResult({ operationId: created.operationId }, options);
    expect(result.operationStatus).to.equal('COMPLETED');
    expect(result.metadata?.downloadUrl).to.match(/\/file\?expires=\d+&signature=/);
  });

  it('refuses bad requests with 400s naming the field, and bad or expired download links', async () => {
    const base = {
      type: 'TRANSACTION_EXPORT_EVM',
      options: { addresses: [busiest], includeChains: [stack.chainIds.C] },
    };
    const cases: [unknown, string][] = [
      [{ ...base, type: 'TRANSACTION_EXPORT_EVERYTHING' }, 'type'],
      [{ ...base, firstDate: '2026-13-01' }, 'firstDate'],
      [{ ...base, firstDate: '2026-01-05', lastDate: '2026-01-04' }, 'firstDate'],
      [{ ...base, options: { includeChains: [stack.chainIds.C] } }, 'options.addresses'],
      [
        { ...base, options: { addresses: ['0x12'], includeChains: [stack.chainIds.C] } },
        'options.addresses[0]',
      ],
      [{ ...base, options: { addresses: [busiest], includeChains: ['99999'] } }, 'options.includeChains[0]'],
      [{ ...base, options: { addresses: [busiest] } }, 'options.includeChains'],
      [{ ...base, options: { addresses: [busiest], includeChains: [43113] } }, 'options.includeChains[0]'],
      [
        { type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK', options: { includeChains: ['q-chain'] } },
        'options.includeChains[0]',
      ],
      [
        {
          type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
          options: { addresses: ['avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrmmyc'], includeChains: ['p-chain'] },
        },
        'options.addresses[0]',
      ],
      [{ ...base, firstDate: '2026-01-01', startDate: '2026-01-02' }, 'startDate'],
      [{ ...base, options: 'everything' }, 'options'],
    ];
    for (const [body, field] of cases) {
      const { status, body: answer } = await post(body);
      expect(status, JSON.stringify({ body, answer })).to.equal(400);
      expect(answer.message, JSON.stringify(body)).to.match(
        new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `),
      );
    }
    const missing = await fetch(`${gatewayUrl}/v1/operations/aa22054a-cb7c-4a4e-9b83-59f2ede74138`);
    expect(missing.status).to.equal(404);
    const malformed = await fetch(`${gatewayUrl}/v1/operations/not-a-uuid`);
    expect(malformed.status).to.equal(400);
    expect(((await malformed.json()) as Doc).message).to.match(/^operationId: /);

    const done = await finished(
      (await post({ ...base, firstDate: '2026-01-01', lastDate: '2026-01-01' })).body.operationId as string,
    );
    const url = new URL((done.metadata as Doc).downloadUrl as string);
    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1));
    expect((await fetch(forged)).status).to.equal(403);
    const expired = new URL(url);
    expired.searchParams.set('expires', '1000');
    expect((await fetch(expired)).status).to.equal(403);
    const ranged = await fetch(url, { headers: { range: 'bytes=10-' } });
    expect(ranged.status).to.equal(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals((await download(done)).subarray(10))).to.equal(
      true,
    );
  });

  it('writes the same file into S3-compatible object storage, linked by a presigned URL, across a kill -9', async () => {
    const request = {
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate: '2026-01-01',
      lastDate: '2026-01-03',
      options: { addresses: [busiest], includeChains: [stack.chainIds.C, stack.chainIds.L1] },
    };
    const reference = await download(await finished((await post(request)).body.operationId as string));
    // moto is closer to S3; s3rver (an npm package) runs on any machine.
    const s3 = onPath('moto_server') ? await startMoto() : await startS3rver();
    const s3Db = await createTestDatabase();
    const s3Address = `127.0.0.1:${await freePort()}`;
    const s3Env = {
      DATABASE_URL: s3Db.url,
      EXPORT_QUEUE_PREFIX: `${queuePrefix}-s3`,
      GRPC_LISTEN_ADDRESS: s3Address,
      EXPORT_STORAGE: 's3',
      EXPORT_S3_BUCKET: s3.bucket,
      EXPORT_S3_ENDPOINT: s3.endpoint,
      EXPORT_S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    let s3Worker = await startWorker(s3Env);
    const port = await freePort();
    const s3Gateway = await startComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      EVM_DATA_ADDRESS: stack.serviceAddress,
      EXPORT_WORKER_ADDRESS: s3Address,
      PAGE_TOKEN_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const created = (await (
        await fetch(`${base}/v1/operations/transactions:export`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        })
      ).json()) as Doc;
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.floor(Math.random() * 400)));
      await s3Worker.kill();
      s3Worker = await startWorker(s3Env);
      let done: Doc = {};
      await eventually(
        async () => {
          done = (await (
            await fetch(`${base}/v1/operations/${created.operationId as string}`)
          ).json()) as Doc;
          return done.operationStatus !== 'RUNNING';
        },
        120_000,
        'the S3 export',
      );
      assertDataApiResponse('GET', '/v1/operations/{operationId}', 200, done);
      expect(done.operationStatus, JSON.stringify(done)).to.equal('COMPLETED');
      const url = (done.metadata as Doc).downloadUrl as string;
      expect(url.startsWith(s3.endpoint), url).to.equal(true);
      const response = await fetch(url);
      expect(response.status).to.equal(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(reference)).to.equal(true);
    } finally {
      await s3Gateway.stop();
      await s3Worker.stop();
      await s3Db.drop();
      await s3.stop();
    }
  });

  it('ends at a day boundary when the row limit is reached, naming the day to start from', async () => {
    // A worker of its own with a small limit, on its own queue and database.
    const limitedDb = await createTestDatabase();
    const limitedAddress = `127.0.0.1:${await freePort()}`;
    const limited = await startWorker({
      DATABASE_URL: limitedDb.url,
      EXPORT_QUEUE_PREFIX: `${queuePrefix}-limited`,
      GRPC_LISTEN_ADDRESS: limitedAddress,
      EXPORT_MAX_ROWS: String(expectedEvmRows(model, busiest, '2026-01-01', '2026-01-02', tokens).length + 1),
    });
    const port = await freePort();
    const limitedGateway = await startComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      EVM_DATA_ADDRESS: stack.serviceAddress,
      EXPORT_WORKER_ADDRESS: limitedAddress,
      PAGE_TOKEN_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    });
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/operations/transactions:export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'TRANSACTION_EXPORT_EVM',
          firstDate: '2026-01-01',
          lastDate: '2026-01-03',
          options: { addresses: [busiest], includeChains: [stack.chainIds.C] },
        }),
      });
      const id = ((await response.json()) as Doc).operationId as string;
      let done: Doc = {};
      await eventually(async () => {
        done = (await (await fetch(`http://127.0.0.1:${port}/v1/operations/${id}`)).json()) as Doc;
        return done.operationStatus !== 'RUNNING';
      }, 60_000);
      expect(done.operationStatus, JSON.stringify(done)).to.equal('COMPLETED_WITH_WARNING');
      expect((done.metadata as Doc).code).to.equal('WarnTruncatedExport');
      expect((done.metadata as Doc).nextDate).to.equal('2026-01-03');
      const rows = parseCsv(
        Buffer.from(await (await fetch((done.metadata as Doc).downloadUrl as string)).arrayBuffer()).toString(
          'utf8',
        ),
      ).slice(1);
      expect(comparable(rows)).to.deep.equal(
        expectedEvmRows(model, busiest, '2026-01-01', '2026-01-02', tokens),
      );
    } finally {
      await limitedGateway.stop();
      await limited.stop();
      await limitedDb.drop();
    }
  });

  it('removes an export, its operation and its file, once it is older than the retention', async () => {
    const done = await finished(
      (
        await post(
          {
            type: 'TRANSACTION_EXPORT_EVM',
            firstDate: '2026-01-02',
            lastDate: '2026-01-02',
            options: { addresses: [busiest], includeChains: [stack.chainIds.C] },
          },
          { 'idempotency-key': 'to-expire' },
        )
      ).body.operationId as string,
    );
    const id = done.operationId as string;
    const file = join(exportDir, `${id}.csv`);
    expect(existsSync(file)).to.equal(true);
    // Finished eight days ago, as far as the worker can tell (the retention is 7 days).
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(
        "UPDATE export_worker.operations SET finished_at = now() - interval '8 days' WHERE id = $1",
        [id],
      );
    } finally {
      await client.end();
    }
    await eventually(
      async () => (await fetch(`${gatewayUrl}/v1/operations/${id}`)).status === 404,
      20_000,
      'the expired export removed',
    );
    expect(existsSync(file)).to.equal(false);
  });

  it('writes byte for byte the same file when the worker is killed (kill -9) again and again during the export', async () => {
    const addresses = [...model.byAddress.entries()]
      .sort((a, b) => b[1].length - a[1].length)
      .slice(0, 4)
      .map(([a]) => a);
    const request = {
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate: '2026-01-01',
      lastDate: '2026-01-03',
      options: { addresses, includeChains: [stack.chainIds.C, stack.chainIds.L1] },
    };
    const straight = await finished(
      (await post(request, { 'idempotency-key': 'straight' })).body.operationId as string,
    );
    expect(straight.operationStatus).to.equal('COMPLETED');
    const reference = await download(straight);

    const created = await post(request, { 'idempotency-key': 'killed' });
    const id = created.body.operationId as string;
    let midExportKills = 0;
    for (let kill = 0; kill < 6; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.floor(Math.random() * 700)));
      const before = await operation(id);
      if (before.operationStatus !== 'RUNNING') break;
      if (((before.progress as Doc).rowsWritten as number) > 0) midExportKills++;
      await worker.kill();
      worker = await startWorker();
    }
    const done = await finished(id, 180_000);
    expect(done.operationStatus).to.equal('COMPLETED');
    const file = await download(done);
    expect(createHash('sha256').update(file).digest('hex')).to.equal(
      createHash('sha256').update(reference).digest('hex'),
    );
    expect(file.equals(reference)).to.equal(true);
    expect(midExportKills, 'kills that landed after the export had written rows').to.be.greaterThan(0);
  });
});
