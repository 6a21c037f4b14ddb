import type { Avalanche } from '@avalanche-sdk/chainkit';
import { officialSdk } from '../support/chainkit.ts';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getContractAddress, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { AddressListsReader } from '../../services/evm-data/store/address-lists.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import {
  lower,
  readChain,
  ZERO,
  type ChainKey,
  type ChainModel,
  type Internal,
  type Transfer,
  type Tx,
} from '../support/evm-chain-model.ts';
import { callGateway, everyPage, startEvmDataStack, type EvmDataStack } from '../support/evm-data-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * An address's sub-lists (native transactions, ERC-20/721/1155 transfers, internal transactions, the v2 list), a
 * token's transfers, a contract's deployment and an address's deployed contracts, through gateway-data, against
 * an independent scan of the devnet's blocks, receipts (logs) and callTracer traces (test/support/evm-chain-model.ts).
 */
const ACCOUNTS = 12;
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'evm-data-address-lists-test',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 8n * 3_600n,
  blockIntervalSeconds: 240n,
  accounts: ACCOUNTS,
};

type Doc = Record<string, unknown>;

const T = {
  native: '/v1/chains/{chainId}/addresses/{address}/transactions:listNative',
  erc20: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
  erc721: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
  erc1155: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
  internals: '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
  v1: '/v1/chains/{chainId}/addresses/{address}/transactions',
  v2: '/v2/chains/{chainId}/addresses/{address}/transactions',
  tokenTransfers: '/v1/chains/{chainId}/tokens/{address}/transfers',
  deployment: '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment',
  deployments: '/v1/chains/{chainId}/contracts/{address}/deployments',
} as const;
type AddressList = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'internals';
const LISTS: AddressList[] = ['native', 'erc20', 'erc721', 'erc1155', 'internals'];
const STANDARD = { erc20: 20, erc721: 721, erc1155: 1155 } as const;

interface Range {
  startBlock?: number;
  endBlock?: number;
}
const inRange = (blockNumber: bigint, range: Range) =>
  (range.startBlock === undefined || blockNumber >= BigInt(range.startBlock)) &&
  (range.endBlock === undefined || blockNumber < BigInt(range.endBlock));
const rangeQuery = (range: Range) => ({
  ...(range.startBlock !== undefined ? { startBlock: String(range.startBlock) } : {}),
  ...(range.endBlock !== undefined ? { endBlock: String(range.endBlock) } : {}),
});

/** The internal transactions the Data API lists: CALL and CALLCODE frames that move value, and creations. */
const listedInternal = (i: Internal) =>
  ['CREATE', 'CREATE2', 'CREATE3'].includes(i.type) ||
  (['CALL', 'CALLCODE'].includes(i.type) && i.value > 0n);

/** A contract creation as the node tells it: by a transaction (no factory) or by a contract's CREATE frame. */
interface Creation {
  address: string;
  tx: Tx;
  deployer: string;
  factory: string | undefined;
}

const addr = (v: unknown) => lower((v as { address: string }).address);

/** The parts of the API's entries the independent scan knows, as comparable rows. */
const entryBlock = (d: Doc) => [d.txHash, d.blockNumber, d.blockHash, d.blockTimestamp];
const txBlock = (tx: Tx) => [tx.hash, tx.blockNumber.toString(), tx.blockHash, Number(tx.timestamp)];
function apiRow(list: AddressList | 'transfers', d: Doc): unknown[] {
  if (list === 'native')
    return [
      d.txHash,
      d.blockNumber,
      d.blockHash,
      d.blockTimestamp,
      d.blockIndex,
      d.txStatus,
      addr(d.from),
      addr(d.to),
      d.value,
    ];
  if (list === 'internals')
    return [
      ...entryBlock(d),
      addr(d.from),
      addr(d.to),
      d.internalTxType,
      d.value,
      d.isReverted,
      d.gasUsed,
      d.gasLimit,
    ];
  const token = (d.erc20Token ?? d.erc721Token ?? d.erc1155Token) as Doc;
  return [
    ...entryBlock(d),
    d.logIndex,
    addr(d.from),
    addr(d.to),
    token.ercType,
    lower(token.address as string),
    token.tokenId,
    d.value,
  ];
}
const nativeRow = (tx: Tx) => [
  ...txBlock(tx),
  tx.blockIndex,
  tx.success ? '1' : '0',
  tx.from,
  tx.to ?? tx.created,
  tx.value.toString(),
];
const internalRow = ({ tx, i }: { tx: Tx; i: Internal }) => [
  ...txBlock(tx),
  i.from,
  // A failed creation has no address; the API's `to` is required and carries the zero address then.
  i.to ?? ZERO,
  i.type,
  i.value.toString(),
  i.reverted,
  i.gasUsed.toString(),
  i.gas.toString(),
];
const transferRow = ({ tx, t }: { tx: Tx; t: Transfer }) => [
  ...txBlock(tx),
  t.logIndex,
  t.from,
  t.to,
  `ERC-${t.standard}`,
  t.contract,
  t.tokenId?.toString(),
  t.standard === 721 ? undefined : t.value.toString(),
];

describe('evm-data address sub-lists, token transfers and contract deployments', function () {
  this.timeout(300_000);
  let stack: EvmDataStack;
  let sdk: Avalanche;
  let viaGateway: { serverURL: string; retries: { strategy: 'none' } };
  const chains = {} as Record<ChainKey, ChainModel>;
  const creations = {} as Record<ChainKey, Creation[]>;
  /** Per chain: the busiest addresses, the zero address (mints), a factory, the deployer, an address never seen. */
  const probes = {} as Record<ChainKey, string[]>;
  const accounts = deriveAccounts(PARAMETERS.seed, ACCOUNTS).map((a) =>
    lower(privateKeyToAccount(toHex(a.privateKey)).address),
  );
  const validated = new Set<string>();
  /**
   * The deployer's first contract, an ERC-20 (the devnet deploys its tokens first, from nonce 0), which the metadata
   * file tags "spam" on the C-Chain: `filterSpamTokens` leaves its transfers out.
   */
  const spamToken = lower(getContractAddress({ from: accounts[0]! as `0x${string}`, nonce: 0n }));
  let metadataDir: string;

  before(async function () {
    metadataDir = await mkdtemp(join(tmpdir(), 'evm-data-address-lists-'));
    const metadataFile = join(metadataDir, 'metadata.json');
    const chainId = PARAMETERS.identity.evmChainId;
    await writeFile(
      metadataFile,
      JSON.stringify({ contracts: { [`${chainId}:${spamToken}`]: { tags: ['spam'] } } }),
    );
    stack = await startEvmDataStack(PARAMETERS, { EVM_METADATA_FILE: metadataFile });
    sdk = officialSdk({ serverURL: stack.gatewayUrl });
    // Each Data API operation of the SDK names its own server, which the client's serverURL does not override.
    viaGateway = { serverURL: stack.gatewayUrl, retries: { strategy: 'none' } };
    for (const key of ['C', 'L1'] as const) {
      const chain = await readChain(
        key,
        stack.clients[key],
        stack.chainIds[key],
        stack.blockchainIds[key],
        stack.heads[key],
        accounts[0]!,
      );
      chains[key] = chain;
      creations[key] = [
        ...chain.txs.flatMap((tx) =>
          tx.to === null && tx.created && tx.success
            ? [{ address: tx.created, tx, deployer: tx.from, factory: undefined }]
            : [],
        ),
        ...chain.children.map((c) => ({
          address: c.address,
          tx: chain.byHash.get(c.txHash)!,
          deployer: c.sender,
          factory: c.factory,
        })),
      ];
      const busiest = [...chain.byAddress]
        .sort(([, a], [, b]) => b.length - a.length)
        .slice(0, 3)
        .map(([address]) => address);
      const factory = creations[key].find((c) => c.factory)?.factory;
      expect(factory, `${key}: a contract created by a contract`).to.be.a('string');
      probes[key] = [...new Set([...busiest, ZERO, factory!, accounts[0]!, `0x${'5a'.repeat(20)}`])];
    }
  });

  after(async function () {
    await stack?.stop();
    if (metadataDir) await rm(metadataDir, { recursive: true, force: true });
  });

  const call = (template: string, values: Record<string, string>, query: Record<string, string> = {}) =>
    callGateway(stack.gatewayUrl, 'GET', template, values, query, validated);

  async function api(template: string, values: Record<string, string>, query: Record<string, string> = {}) {
    const { status, body, text } = await call(template, values, query);
    expect(
      status,
      `${template} ${JSON.stringify(values)} ${JSON.stringify(query)} ${text.slice(0, 500)}`,
    ).to.equal(200);
    return body!;
  }

  /** What an address's list holds by the scan, newest first. */
  function expected(key: ChainKey, list: AddressList, address: string, range: Range = {}): unknown[][] {
    const txs = chains[key].txs.filter((tx) => inRange(tx.blockNumber, range));
    const mine = (x: { from: string; to: string | null | undefined }) =>
      x.from === address || (x.to ?? ZERO) === address;
    const rows =
      list === 'native'
        ? txs.filter((tx) => mine({ from: tx.from, to: tx.to ?? tx.created })).map(nativeRow)
        : list === 'internals'
          ? txs
              .flatMap((tx) => tx.internals.map((i) => ({ tx, i })))
              .filter(({ i }) => listedInternal(i) && mine(i))
              .map(internalRow)
          : txs
              .flatMap((tx) => tx.transfers.map((t) => ({ tx, t })))
              .filter(({ t }) => t.standard === STANDARD[list] && mine(t))
              .map(transferRow);
    return rows.reverse();
  }

  const listed = async (key: ChainKey, list: AddressList, address: string, query: Record<string, string>) =>
    (await everyPage(api, T[list], { chainId: stack.chainIds[key], address }, 'transactions', query)).map(
      (d) => apiRow(list, d),
    );

  it('lists each sub-list of an address exactly as the devnet’s blocks, receipts and traces have it', async function () {
    for (const key of ['C', 'L1'] as const) {
      const found = { native: 0, erc20: 0, erc721: 0, erc1155: 0, internals: 0 };
      for (const address of probes[key])
        for (const list of LISTS) {
          const rows = expected(key, list, address);
          found[list] += rows.length;
          expect(
            await listed(key, list, address, { pageSize: '100' }),
            `${key} ${list} ${address}`,
          ).to.deep.equal(rows);
        }
      for (const list of LISTS)
        expect(found[list], `${key}: ${list} entries among the probed addresses`).to.be.above(0);
    }
    // The chain's blockchain id names it as well as its EVM chain id.
    const busiest = probes.L1[0]!;
    const byBlockchainId = await api(
      T.native,
      { chainId: stack.blockchainIds.L1, address: busiest.toUpperCase().replace('0X', '0x') },
      { pageSize: '5' },
    );
    expect((byBlockchainId.transactions as Doc[]).map((d) => apiRow('native', d))).to.deep.equal(
      expected('L1', 'native', busiest).slice(0, 5),
    );
  });

  it('pages every sub-list item exactly once, in order, for any page size and block range (property)', async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ChainKey>('C', 'L1'),
        fc.constantFrom(...LISTS),
        fc.nat({ max: 2 }),
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.nat({ max: 130 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 140 }), { nil: undefined }),
        async (key, list, which, size, start, end) => {
          const range =
            start !== undefined && end !== undefined && start >= end
              ? { startBlock: start }
              : {
                  ...(start !== undefined ? { startBlock: start } : {}),
                  ...(end !== undefined ? { endBlock: end } : {}),
                };
          const address = probes[key][which]!;
          expect(
            await listed(key, list, address, { pageSize: String(size), ...rangeQuery(range) }),
          ).to.deep.equal(expected(key, list, address, range));
        },
      ),
      { numRuns: 14, seed: 20260104 },
    );
  });

  it('lists a token’s transfers of every standard, newest first, as the logs have them (property over page sizes)', async function () {
    for (const key of ['C', 'L1'] as const) {
      const all = chains[key].txs.flatMap((tx) => tx.transfers.map((t) => ({ tx, t })));
      const contracts = [...new Set(all.map(({ t }) => t.contract))];
      const standards = new Set(all.map(({ t }) => t.standard));
      expect(
        [...standards].sort((a, b) => a - b),
        `${key}: transfer standards`,
      ).to.deep.equal([20, 721, 1155]);
      for (const contract of contracts) {
        const rows = all
          .filter(({ t }) => t.contract === contract)
          .map(transferRow)
          .reverse();
        const transfers = await everyPage(
          api,
          T.tokenTransfers,
          { chainId: stack.chainIds[key], address: contract },
          'transfers',
          { pageSize: '100' },
        );
        expect(
          transfers.map((d) => apiRow('transfers', d)),
          `${key} ${contract}`,
        ).to.deep.equal(rows);
      }
    }
    const all = chains.C.txs.flatMap((tx) => tx.transfers.map((t) => ({ tx, t })));
    const busiest = [...Map.groupBy(all, ({ t }) => t.contract)].sort(
      ([, a], [, b]) => b.length - a.length,
    )[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.option(fc.nat({ max: 120 }), { nil: undefined }),
        async (size, start) => {
          const range = start === undefined ? {} : { startBlock: start };
          const transfers = await everyPage(
            api,
            T.tokenTransfers,
            { chainId: stack.chainIds.C, address: busiest[0] },
            'transfers',
            { pageSize: String(size), ...rangeQuery(range) },
          );
          expect(transfers.map((d) => apiRow('transfers', d))).to.deep.equal(
            busiest[1]
              .filter(({ tx }) => inRange(tx.blockNumber, range))
              .map(transferRow)
              .reverse(),
          );
        },
      ),
      { numRuns: 6, seed: 20260105 },
    );
  });

  it('answers each contract’s deployment transaction, and lists the contracts an address deployed', async function () {
    for (const key of ['C', 'L1'] as const) {
      const chainId = stack.chainIds[key];
      expect(creations[key].some((c) => c.factory === undefined)).to.equal(true);
      for (const c of creations[key]) {
        const details = await api(T.deployment, { chainId, address: c.address });
        const native = details.nativeTransaction as Doc;
        expect([native.txHash, native.blockNumber, addr(native.from)], `${key} ${c.address}`).to.deep.equal([
          c.tx.hash,
          c.tx.blockNumber.toString(),
          c.deployer,
        ]);
        expect(native.to && addr(native.to)).to.equal(c.tx.to ?? c.tx.created);
        expect((details.networkTokenDetails as Doc).networkToken).to.be.an('object');
      }
      // An account is no contract, and an address with nothing at all neither.
      for (const address of [accounts[1]!, `0x${'5a'.repeat(20)}`]) {
        const { status, body } = await call(T.deployment, { chainId, address });
        expect(status, address).to.equal(404);
        expect(JSON.stringify(body!.message)).to.include('address');
      }
      const deployers = new Set(
        creations[key].flatMap((c) => [c.deployer, ...(c.factory ? [c.factory] : [])]),
      );
      for (const deployer of [...deployers, accounts[1]!]) {
        const expectedContracts = creations[key]
          .filter((c) => c.deployer === deployer || c.factory === deployer)
          .sort((a, b) => Number(b.tx.blockNumber - a.tx.blockNumber) || (a.address < b.address ? 1 : -1))
          .map((c) => [c.address, c.tx.hash, c.deployer, c.factory]);
        for (const pageSize of ['100', '2']) {
          const contracts = await everyPage(api, T.deployments, { chainId, address: deployer }, 'contracts', {
            pageSize,
          });
          expect(
            contracts.map((d) => {
              const deployment = d.deploymentDetails as Doc;
              return [
                lower(d.address as string),
                deployment.txHash,
                lower(deployment.deployerAddress as string),
                deployment.deployerContractAddress && lower(deployment.deployerContractAddress as string),
              ];
            }),
            `${key} ${deployer} pageSize ${pageSize}`,
          ).to.deep.equal(expectedContracts);
        }
      }
    }
  });

  it('lists an address’s transactions in v2 as v1 does, ERC-20 tokens of unknown reputation, spam left out on request', async function () {
    const spamTransfers = chains.C.txs.flatMap((tx) => tx.transfers).filter((t) => t.contract === spamToken);
    expect(spamTransfers.length, 'transfers of the token tagged spam').to.be.above(0);
    expect(spamTransfers.every((t) => t.standard === 20)).to.equal(true);
    /** v1's transactions as v2 gives them: tokenReputation null, and without spam when filtered. */
    const asV2 = (v1: Doc[], filterSpam: boolean) =>
      v1.map((t) => ({
        ...t,
        ...(t.erc20Transfers
          ? {
              erc20Transfers: (t.erc20Transfers as Doc[])
                .filter((x) => !(filterSpam && addr(x.erc20Token) === spamToken))
                .map((x) => ({ ...x, erc20Token: { ...(x.erc20Token as Doc), tokenReputation: null } })),
            }
          : {}),
      }));
    let filtered = 0;
    for (const key of ['C', 'L1'] as const)
      for (const address of probes[key].slice(0, 2))
        for (const sortOrder of ['desc', 'asc']) {
          const values = { chainId: stack.chainIds[key], address };
          const query = { pageSize: '25', sortOrder, startBlock: '3' };
          const v1 = await everyPage(api, T.v1, values, 'transactions', query);
          const touched = chains[key].txs.filter((tx) => tx.blockNumber >= 3n && tx.touched.has(address));
          if (sortOrder === 'desc') touched.reverse();
          expect(v1.map((t) => (t.nativeTransaction as Doc).txHash)).to.deep.equal(
            touched.map((tx) => tx.hash),
          );
          for (const filterSpamTokens of [undefined, 'false', 'true']) {
            const v2 = await everyPage(api, T.v2, values, 'transactions', {
              ...query,
              ...(filterSpamTokens ? { filterSpamTokens } : {}),
            });
            expect(v2, `${key} ${address} ${sortOrder} ${filterSpamTokens}`).to.deep.equal(
              // Only the C-Chain's token is tagged; the L1's, at the same address, is not.
              asV2(v1, filterSpamTokens === 'true' && key === 'C'),
            );
          }
          if (key === 'C') filtered += JSON.stringify(v1).split(spamToken).length - 1;
        }
    expect(filtered, 'spam transfers among the listed transactions').to.be.above(0);
  });

  it('serves the official SDK’s methods for these operations', async function () {
    const chainId = stack.chainIds.C;
    const address = probes.C[0]!;
    const transactions = sdk.data.evm.address.transactions;
    const native = await transactions.listNative({ chainId, address, pageSize: 4 }, viaGateway);
    expect(native.result.transactions.map((t) => t.txHash)).to.deep.equal(
      expected('C', 'native', address)
        .slice(0, 4)
        .map((r) => r[0]),
    );
    for (const [list, method] of [
      ['erc20', transactions.listErc20.bind(transactions)],
      ['erc721', transactions.listErc721.bind(transactions)],
      ['erc1155', transactions.listErc1155.bind(transactions)],
      ['internals', transactions.listInternal.bind(transactions)],
    ] as const) {
      const holder = probes.C.find((a) => expected('C', list, a).length > 0)!;
      const page = await method({ chainId, address: holder, pageSize: 3 }, viaGateway);
      expect(
        page.result.transactions.map((t) => t.txHash),
        list,
      ).to.deep.equal(
        expected('C', list, holder)
          .slice(0, 3)
          .map((r) => r[0]),
      );
    }
    const creation = creations.C.find((c) => c.factory)!;
    const deployment = await sdk.data.evm.contracts.getDeploymentTransaction(
      { chainId, address: creation.address, currency: 'eur' },
      viaGateway,
    );
    expect(deployment.nativeTransaction.txHash).to.equal(creation.tx.hash);
    const token = chains.C.txs.flatMap((tx) => tx.transfers).find((t) => t.standard === 1155)!.contract;
    const transfers = await sdk.data.evm.contracts.listTransfers(
      { chainId, address: token, pageSize: 5 },
      viaGateway,
    );
    expect(transfers.result.transfers).to.have.length.above(0);
    const deployed = await sdk.data.evm.address.contracts.listDeployments(
      { chainId, address: creation.deployer, pageSize: 3 },
      viaGateway,
    );
    expect(deployed.result.contracts).to.have.length(3);
  });

  it('answers a bad parameter with a 400 naming it', async function () {
    const C = stack.chainIds.C;
    const wallet = { chainId: C, address: accounts[0]! };
    const refused: [string, Record<string, string>, Record<string, string>, string][] = [
      [T.native, { ...wallet, address: '0x1234' }, {}, 'address'],
      [T.native, wallet, { startBlock: '9', endBlock: '9' }, 'startBlock'],
      [T.erc20, { ...wallet, chainId: 'c-chain' }, {}, 'chainId'],
      [T.erc721, wallet, { pageSize: '101' }, 'pageSize'],
      [T.erc1155, wallet, { endBlock: '-1' }, 'endBlock'],
      [T.internals, wallet, { pageToken: 'not-a-token' }, 'pageToken'],
      [T.v2, wallet, { filterSpamTokens: 'yes' }, 'filterSpamTokens'],
      [T.v2, wallet, { sortOrder: 'newest' }, 'sortOrder'],
      [T.tokenTransfers, { ...wallet, address: 'token' }, {}, 'address'],
      [T.tokenTransfers, wallet, { startBlock: 'first' }, 'startBlock'],
      [T.deployment, wallet, { currency: 'btc' }, 'currency'],
      [T.deployments, wallet, { pageSize: '0' }, 'pageSize'],
    ];
    for (const [template, values, query, parameter] of refused) {
      const { status, body } = await call(template, values, query);
      const what = `${template} ${JSON.stringify({ ...values, ...query })}`;
      expect(status, what).to.equal(400);
      expect(JSON.stringify(body!.message), what).to.include(`${parameter}:`);
    }
    // A page token is bound to its query: the ERC-20 list's token does not page the ERC-721 list.
    const holder = probes.C.find((a) => expected('C', 'erc20', a).length > 1)!;
    const first = await api(T.erc20, { chainId: C, address: holder }, { pageSize: '1' });
    const other = await call(
      T.erc721,
      { chainId: C, address: holder },
      { pageSize: '1', pageToken: first.nextPageToken as string },
    );
    expect(other.status).to.equal(400);
  });

  it('serves every query of these lists from an index (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    try {
      const { rows } = await pool.query<{ id: number; evm_chain_id: string }>(
        'SELECT id, evm_chain_id FROM evm_data.chains',
      );
      const chain = rows.find((r) => r.evm_chain_id === stack.chainIds.C)!.id;
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new AddressListsReader(recording);
      const address = Buffer.from(probes.C[0]!.slice(2), 'hex');
      const range = { startBlock: 2n, endBlock: 90n };
      await reader.nativeTransactionKeys(chain, address, {}, 11, '');
      await reader.nativeTransactionKeys(chain, address, range, 11, '40:1');
      for (const standard of [20, 721, 1155] as const) {
        await reader.addressTransfers(chain, address, standard, {}, 11, '');
        await reader.addressTransfers(chain, address, standard, range, 11, '40:2:0');
      }
      await reader.internalTransactions(chain, address, {}, 11, '');
      await reader.internalTransactions(chain, address, range, 11, '40:1:3');
      await reader.tokenTransfers(chain, address, {}, 11, '');
      await reader.tokenTransfers(chain, address, range, 11, '40:2:0');
      await reader.deployments(chain, address, 11, '');
      await reader.deployments(chain, address, 11, `4:${'ab'.repeat(20)}`);
      await expectServedByIndexes(pool, recorded, 'SELECT * FROM evm_data.token_transfers WHERE value > 0');
    } finally {
      await pool.end();
    }
  });

  it('validated a success of every operation against the official document', function () {
    for (const template of Object.values(T))
      expect([...validated], template).to.include(`GET ${template} 200`);
  });
});
