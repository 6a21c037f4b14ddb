import { expect } from 'chai';
import { parseAbi, type Hex, type PublicClient } from 'viem';
import type { ProtoGrpcType as EvmDataProto } from '../../services/generated/proto/evm_data.ts';
import type { ProtoGrpcType as MetricsProto } from '../../services/generated/proto/metrics.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { LookingGlassReader } from '../../services/evm-data/store/looking-glass.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { createPool } from '../../services/runtime/database/pool.ts';
import type { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { lower, ZERO, type ChainKey, type ChainModel } from '../support/evm-chain-model.ts';
import { mapLimit } from '../support/evm-data-stack.ts';
import { assertMetricsApiResponse } from '../support/metrics-api-openapi.ts';
import {
  startMetricsOnDevnet,
  type MetricsOnDevnet,
  startMetricsGateway,
} from '../support/metrics-devnet.ts';
import { rejectionOf, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The Looking Glass routes of the Metrics API, through gateway-metrics and the metrics service, over a real evm-data
 * that indexed a devnet: NFT holders and ERC-20 holders above a threshold in a time frame equal what the devnet's
 * own contracts answer (ownerOf and balanceOf by eth_call, at the head and at every block of the time frame), any
 * page size lists every address once, every answer is the official document's, bad input is a 400 naming the
 * parameter (INVALID_ARGUMENT naming the field, from the service itself), and the queries the stack does not serve
 * answer the documented 400 naming them. Validators by date range: metrics-staking.test.ts.
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'metrics-looking-glass-test',
  genesisTimeSeconds: 1_769_817_600n, // 2026-01-31T00:00:00Z
  historySeconds: 2n * 86_400n,
  blockIntervalSeconds: 1_800n,
  accounts: 10,
};

const NFT_HOLDERS = '/v2/chains/{chainId}/contracts/{address}/nfts:listHolders';
const BALANCES = '/v2/chains/{chainId}/contracts/{address}/balances';
const BTCB = '/v2/chains/43114/btcb/bridged:getAddresses';

const ABI = parseAbi([
  'function ownerOf(uint256 id) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
]);

type Metrics = GrpcServiceClient<MetricsProto['chaindata']['metrics']['v1']['MetricsService']['service']>;
type EvmData = GrpcServiceClient<EvmDataProto['chaindata']['evmdata']['v1']['EvmDataService']['service']>;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
interface Details {
  address: string;
  sortKey: string;
}

/** The contracts of a standard that the devnet's transfers moved, on one chain. */
function contractsOf(model: ChainModel, standard: 20 | 721 | 1155): string[] {
  const found = new Set<string>();
  for (const tx of model.txs)
    for (const t of tx.transfers) if (t.standard === standard) found.add(lower(t.contract));
  return [...found].sort();
}

const transfersOf = (model: ChainModel, contract: string) =>
  model.txs.flatMap((tx) =>
    tx.transfers.filter((t) => lower(t.contract) === contract).map((t) => ({ ...t, block: tx.blockNumber })),
  );

async function optionalText(client: PublicClient, address: string, functionName: 'name' | 'symbol') {
  try {
    return [await client.readContract({ address: address as Hex, abi: ABI, functionName })];
  } catch {
    return [];
  }
}

/** An NFT collection's holders now, as its contract answers: ownerOf each ERC-721 id, balanceOf each ERC-1155 pair. */
async function expectedNftHolders(model: ChainModel, contract: string, standard: 721 | 1155) {
  const { client, head } = model;
  const transfers = transfersOf(model, contract);
  const held = new Map<string, bigint>();
  const tokens = new Set<bigint>();
  if (standard === 721) {
    const ids = [...new Set(transfers.map((t) => t.tokenId!))];
    await mapLimit(ids, 8, async (id) => {
      // A burned token has no owner: ownerOf reverts (or names the zero address).
      const owner = await client
        .readContract({
          address: contract as Hex,
          abi: ABI,
          functionName: 'ownerOf',
          args: [id],
          blockNumber: head,
        })
        .then(lower, () => ZERO);
      if (owner === ZERO) return;
      held.set(owner, (held.get(owner) ?? 0n) + 1n);
      tokens.add(id);
    });
  } else {
    const pairs = new Map(
      transfers.filter((t) => lower(t.to) !== ZERO).map((t) => [`${lower(t.to)}:${t.tokenId}`, t] as const),
    );
    await mapLimit([...pairs.values()], 8, async (t) => {
      const balance = await client.readContract({
        address: contract as Hex,
        abi: ABI,
        functionName: 'balanceOf',
        args: [t.to as Hex, t.tokenId!],
        blockNumber: head,
      });
      if (balance === 0n) return;
      held.set(lower(t.to), (held.get(lower(t.to)) ?? 0n) + balance);
      tokens.add(t.tokenId!);
    });
  }
  return {
    addresses: [...held.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([address, n]) => ({ address, sortKey: n.toString() })),
    totalHolders: held.size,
    totalTokens: tokens.size,
    nftCollectionName: await optionalText(client, contract, 'name'),
    nftSymbol: await optionalText(client, contract, 'symbol'),
  };
}

/** Every ERC-20 holder's balance, by eth_call, at each of these blocks and at the head. */
async function erc20Balances(model: ChainModel, contract: string, blocks: bigint[]) {
  const holders = [
    ...new Set(transfersOf(model, contract).flatMap((t) => [lower(t.from), lower(t.to)])),
  ].filter((a) => a !== ZERO);
  // Before the token's first transfer (its constructor's mint) it has no code, hence no balances.
  const deployedAt = transfersOf(model, contract)[0]!.block;
  const balanceAt = (holder: string, blockNumber: bigint) =>
    blockNumber < deployedAt
      ? Promise.resolve(0n)
      : model.client.readContract({
          address: contract as Hex,
          abi: ABI,
          functionName: 'balanceOf',
          args: [holder as Hex],
          blockNumber,
        });
  return mapLimit(holders, 4, async (holder) => ({
    holder,
    inWindow: await mapLimit(blocks, 4, (b) => balanceAt(holder, b)),
    now: await balanceAt(holder, model.head),
  }));
}

describe('the Looking Glass routes of the Metrics API', function () {
  this.timeout(600_000);
  let running: MetricsOnDevnet | undefined;
  let gateway: RunningComponent | undefined;
  let client: Metrics;
  let evmData: EvmData;
  let baseUrl: string;
  let models: Record<ChainKey, ChainModel>;

  before(async function () {
    running = await startMetricsOnDevnet(PARAMETERS);
    ({ models } = running);
    ({ gateway, baseUrl } = await startMetricsGateway(running.address));
    const proto = loadProto<MetricsProto>('chaindata/metrics/v1/metrics.proto');
    client = createGrpcClient(proto.chaindata.metrics.v1.MetricsService, running.address, 30_000);
    const evmDataProto = loadProto<EvmDataProto>('chaindata/evmdata/v1/evm_data.proto');
    evmData = createGrpcClient(
      evmDataProto.chaindata.evmdata.v1.EvmDataService,
      running.stack.serviceAddress,
      30_000,
    );
  });
  after(async function () {
    client?.close();
    evmData?.close();
    await gateway?.stop();
    await running?.stop();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') {
      console.error(gateway?.output().slice(-2_000));
      console.error(running?.component.output().slice(-2_000));
    }
  });

  /** A request, its answer checked against the document's response for `template` and its status. */
  async function call(
    method: 'GET' | 'POST',
    template: string,
    path: string,
    query: Record<string, string | number | undefined> = {},
    body?: unknown,
  ): Promise<Answer> {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await fetch(url, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const answer = { status: response.status, body: (await response.json()) as Record<string, unknown> };
    assertMetricsApiResponse(method.toLowerCase(), template, answer.status, answer.body);
    return answer;
  }

  /** Every page of a list, checking each page's size; the pages' addresses, in order, and the last page. */
  async function everyPage(template: string, path: string, query: Record<string, string | number>) {
    const addresses: Details[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; ; pages++) {
      expect(pages).to.be.below(500);
      const answer = await call('GET', template, path, { ...query, pageToken });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const page = answer.body.addresses as Details[];
      if (typeof query.pageSize === 'number') expect(page.length).to.be.at.most(query.pageSize);
      addresses.push(...page);
      pageToken = answer.body.nextPageToken as string | undefined;
      if (pageToken === undefined) return { addresses, last: answer.body };
    }
  }

  it('lists an NFT collection’s holders with the NFTs each holds, as the contracts answer, every page once', async function () {
    let collections = 0;
    for (const key of ['C', 'L1'] as const) {
      const model = models[key];
      for (const standard of [721, 1155] as const)
        for (const contract of contractsOf(model, standard)) {
          collections++;
          const expected = await expectedNftHolders(model, contract, standard);
          const path = `/v2/chains/${model.chainId}/contracts/${contract}/nfts:listHolders`;
          const whole = await everyPage(NFT_HOLDERS, path, {});
          expect(whole.addresses, `${key} ${contract}`).to.deep.equal(expected.addresses);
          expect(whole.last).to.deep.include({
            totalHolders: expected.totalHolders,
            totalTokens: expected.totalTokens,
            nftCollectionName: expected.nftCollectionName,
            nftSymbol: expected.nftSymbol,
          });
          // Any page size gives the same addresses, each once; the contract's address in either case.
          const paged = await everyPage(
            NFT_HOLDERS,
            path.replace(contract, contract.toUpperCase().replace('0X', '0x')),
            {
              pageSize: 2,
            },
          );
          expect(paged.addresses).to.deep.equal(expected.addresses);
        }
    }
    expect(collections).to.be.at.least(2);
    // A contract without NFTs: no holders.
    const none = await call(
      'GET',
      NFT_HOLDERS,
      `/v2/chains/${models.C.chainId}/contracts/0x${'12'.repeat(20)}/nfts:listHolders`,
    );
    expect(none).to.deep.equal({
      status: 200,
      body: { addresses: [], nftCollectionName: [], nftSymbol: [], totalHolders: 0, totalTokens: 0 },
    });
  });

  it('lists the addresses whose ERC-20 balance reached a threshold in a time frame, with their balance now', async function () {
    let checked = 0;
    // Holders the thresholds left out: the frames and thresholds do select.
    let excluded = 0;
    for (const key of ['C', 'L1'] as const) {
      const model = models[key];
      for (const contract of contractsOf(model, 20)) {
        // A time frame starting between two blocks and ending just after another, in the chain's history.
        const { blocks } = model;
        const first = Math.floor(blocks.length / 3);
        const last = Math.min(blocks.length - 1, first + 12);
        const start = blocks[first]!.timestamp - 1n;
        const end = blocks[last]!.timestamp;
        const before = blocks.filter((b) => b.timestamp < start).at(-1)!.number;
        const inWindow = blocks.filter((b) => b.number >= before && b.timestamp <= end).map((b) => b.number);
        const balances = await erc20Balances(model, contract, inWindow);
        const peaks = balances
          .map((b) => b.inWindow.reduce((a, x) => (x > a ? x : a), 0n))
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const positive = peaks.filter((p) => p > 0n);
        for (const threshold of [1n, positive[Math.floor(positive.length / 2)] ?? 1n]) {
          const expected = balances
            .filter((b) => b.inWindow.some((x) => x >= threshold))
            .sort((a, b) => (a.holder < b.holder ? -1 : 1))
            .map((b) => ({ address: b.holder, sortKey: b.now.toString() }));
          const path = `/v2/chains/${model.chainId}/contracts/${contract}/balances`;
          const query = {
            threshold: threshold.toString(),
            startTimestamp: Number(start),
            endTimestamp: Number(end),
          };
          const whole = await everyPage(BALANCES, path, query);
          expect(whole.addresses, `${key} ${contract} ≥ ${threshold}`).to.deep.equal(expected);
          const paged = await everyPage(BALANCES, path, { ...query, pageSize: 1 });
          expect(paged.addresses).to.deep.equal(expected);
          checked += expected.length;
          excluded += balances.length - expected.length;
        }
        // No time frame: from the first block to the last indexed one.
        // (a plain token's balances change only in blocks with its transfers: those are the blocks to ask at)
        const moved = [...new Set(transfersOf(model, contract).map((t) => t.block))];
        const all = await erc20Balances(model, contract, moved);
        const expected = all
          .filter((b) => b.inWindow.some((x) => x >= 1n))
          .sort((a, b) => (a.holder < b.holder ? -1 : 1))
          .map((b) => ({ address: b.holder, sortKey: b.now.toString() }));
        const whole = await everyPage(
          BALANCES,
          `/v2/chains/${model.chainId}/contracts/${contract}/balances`,
          {
            threshold: '1',
          },
        );
        expect(whole.addresses, `${key} ${contract} all time`).to.deep.equal(expected);
      }
    }
    expect(checked).to.be.above(0);
    expect(excluded).to.be.above(0);
  });

  it('reads the holder lists through indexes', async function () {
    const pool = createPool(running!.stack.db.url, 'looking-glass-plans');
    try {
      await pool.query('ANALYZE');
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new LookingGlassReader(recording);
      const contract = Buffer.from(contractsOf(models.C, 20)[0]!.slice(2), 'hex');
      const nft = Buffer.from(contractsOf(models.C, 721)[0]!.slice(2), 'hex');
      const { rows } = await pool.query<{ id: number }>('SELECT id FROM evm_data.chains ORDER BY id LIMIT 1');
      const chain = rows[0]!.id;
      await reader.nftHolders(chain, nft, Buffer.alloc(0), 11);
      await reader.nftTotals(chain, nft);
      const window = await reader.blockWindow(chain, 1_769_900_000n, 1_769_950_000n);
      await reader.blockWindow(chain, undefined, undefined);
      await reader.erc20Holders(chain, contract, window, '1', Buffer.alloc(0), 1000);
      await expectServedByIndexes(pool, recorded, 'SELECT * FROM evm_data.blocks WHERE gas_used = 0');
    } finally {
      await pool.end();
    }
  });

  /** Bad requests straight to evm-data's Looking Glass RPCs, each with the field its refusal must name. */
  function evmDataCases(chain: string): [string, Promise<unknown>, RegExp][] {
    const { ListNftHolders, ListErc20HoldersOverTime } = evmData.unary;
    const valid = { chain_id: chain, contract: Buffer.alloc(20, 0xab), page_size: 10, cursor: '' };
    const erc20 = { ...valid, min_balance: '1' };
    return [
      ['evm-data contract', ListNftHolders({ ...valid, contract: Buffer.alloc(19) }), /^address: /],
      ['evm-data page size', ListNftHolders({ ...valid, page_size: 0 }), /^pageSize: /],
      ['evm-data cursor', ListErc20HoldersOverTime({ ...erc20, cursor: 'ab' }), /^pageToken: /],
      ['evm-data threshold', ListErc20HoldersOverTime({ ...erc20, min_balance: '-1' }), /^threshold: /],
      [
        'evm-data time frame',
        ListErc20HoldersOverTime({ ...erc20, start_timestamp: 10, end_timestamp: 9 }),
        /^endTimestamp: /,
      ],
    ];
  }

  it('refuses bad input with a 400 naming the parameter, and the service refuses it too', async function () {
    const chain = models.C.chainId;
    const nft = `/v2/chains/${chain}/contracts/0x${'ab'.repeat(20)}/nfts:listHolders`;
    const balances = `/v2/chains/${chain}/contracts/0x${'ab'.repeat(20)}/balances`;
    const cases: [string, string, string, Record<string, string>, string][] = [
      [
        'a named chain',
        NFT_HOLDERS,
        `/v2/chains/c-chain/contracts/0x${'ab'.repeat(20)}/nfts:listHolders`,
        {},
        'chainId',
      ],
      [
        'a short address',
        NFT_HOLDERS,
        `/v2/chains/${chain}/contracts/0x1234/nfts:listHolders`,
        {},
        'address',
      ],
      ['pageSize 0', NFT_HOLDERS, nft, { pageSize: '0' }, 'pageSize'],
      ['pageSize 5001', NFT_HOLDERS, nft, { pageSize: '5001' }, 'pageSize'],
      ['a malformed page token', NFT_HOLDERS, nft, { pageToken: '%%%' }, 'pageToken'],
      ['no threshold', BALANCES, balances, {}, 'threshold'],
      ['a negative threshold', BALANCES, balances, { threshold: '-1' }, 'threshold'],
      ['a fractional threshold', BALANCES, balances, { threshold: '1.5' }, 'threshold'],
      ['a negative start', BALANCES, balances, { threshold: '1', startTimestamp: '-1' }, 'startTimestamp'],
      [
        'an end before the start',
        BALANCES,
        balances,
        { threshold: '1', startTimestamp: '100', endTimestamp: '99' },
        'endTimestamp',
      ],
      ['pageSize ten', BALANCES, balances, { threshold: '1', pageSize: 'ten' }, 'pageSize'],
    ];
    for (const [change, template, path, query, parameter] of cases) {
      const answer = await call('GET', template, path, query);
      expect(answer.status, `${change}: ${JSON.stringify(answer.body)}`).to.equal(400);
      expect([answer.body.statusCode, answer.body.error], change).to.deep.equal([400, 'Bad Request']);
      expect(answer.body.message, change).to.match(new RegExp(`^${parameter}: `));
    }
    // A chain evm-data does not index: the document's 404.
    const unknown = await call(
      'GET',
      NFT_HOLDERS,
      `/v2/chains/1/contracts/0x${'ab'.repeat(20)}/nfts:listHolders`,
    );
    expect(unknown.status).to.equal(404);

    // The service checks what it is sent, whoever sends it.
    const valid = { chain_id: chain, address: `0x${'ab'.repeat(20)}`, page_size: 10, cursor: '' };
    const grpcCases: [string, Promise<unknown>, RegExp][] = [
      ['chain', client.unary.ListNftHolders({ ...valid, chain_id: 'c' }), /^chainId: /],
      ['address', client.unary.ListNftHolders({ ...valid, address: '0x12' }), /^address: /],
      ['page size', client.unary.ListNftHolders({ ...valid, page_size: 5001 }), /^pageSize: /],
      ['cursor', client.unary.ListNftHolders({ ...valid, cursor: 'zz' }), /^pageToken: /],
      [
        'threshold',
        client.unary.ListAddressesByBalanceOverTime({ ...valid, threshold: '1.5' }),
        /^threshold: /,
      ],
      [
        'time frame',
        client.unary.ListAddressesByBalanceOverTime({
          ...valid,
          threshold: '1',
          start_timestamp: 10,
          end_timestamp: 9,
        }),
        /^endTimestamp: /,
      ],
      // evm-data checks what the metrics service sends it, too.
      ...evmDataCases(chain),
    ];
    // Every call is under way already: their rejections are all awaited at once.
    const errors = await Promise.all(grpcCases.map(([, promise]) => rejectionOf(promise)));
    for (const [i, [change, , message]] of grpcCases.entries()) {
      const err = errors[i] as DomainError;
      expect([err.kind, err.message], change).to.satisfy(
        ([k, m]: [string, string]) => k === 'invalid_argument' && message.test(m),
        `${change}: ${err.kind} ${err.message}`,
      );
    }
  });

  it('answers the Looking Glass queries it does not serve with the documented 400 naming them', async function () {
    const unsupported: [string, 'GET' | 'POST', string, string, Record<string, string>, unknown][] = [
      ['getAddressesByBtcbBridged', 'GET', BTCB, BTCB, { threshold: '1' }, undefined],
      ...(['v1', 'v2'] as const).map(
        (v): [string, 'POST', string, string, Record<string, string>, unknown] => [
          `compositeQuery${v.toUpperCase()}`,
          'POST',
          `/${v}/lookingGlass/compositeQuery`,
          `/${v}/lookingGlass/compositeQuery`,
          {},
          { queries: [], operator: 'AND' },
        ],
      ),
    ];
    for (const [operationId, method, template, path, query, body] of unsupported) {
      const answer = await call(method, template, path, query, body);
      expect(answer.status, operationId).to.equal(400);
      expect([answer.body.statusCode, answer.body.error]).to.deep.equal([400, 'Bad Request']);
      expect(answer.body.message, operationId).to.match(
        new RegExp(
          `^lookingGlassQuery: expected one of the Looking Glass queries this deployment serves .*, got "${operationId}": `,
        ),
      );
    }
    // Their parameters are still checked first.
    const bad = await call('GET', BTCB, BTCB, { threshold: 'x' });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/^threshold: /);
    const bodies: [unknown, RegExp][] = [
      [{}, /^queries: is required: expected a list of subqueries/],
      [
        { queries: [{ type: 'LatestBalance', params: {} }], operator: 'AND' },
        /^queries: .* whose id is missing$/,
      ],
      [{ queries: [], operator: 'XOR' }, /^operator: expected one of AND, OR, got "XOR"$/],
      [{ queries: [], operator: 'OR', pageSize: 10_001 }, /^pageSize: /],
    ];
    for (const [body, message] of bodies) {
      const answer = await call(
        'POST',
        '/v2/lookingGlass/compositeQuery',
        '/v2/lookingGlass/compositeQuery',
        {},
        body,
      );
      expect(answer.status, JSON.stringify(body)).to.equal(400);
      expect(answer.body.message, JSON.stringify(body)).to.match(message);
    }
  });
});
