import type { Avalanche } from '@avalanche-sdk/chainkit';
import { officialSdk } from '../support/chainkit.ts';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { toHex, type Hex } from 'viem';
import { EvmDataReader } from '../../services/evm-data/store/reader.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import {
  callGateway,
  everyPage,
  mapLimit,
  rpc,
  startEvmDataStack,
  type EvmChainKey,
  type EvmDataStack,
} from '../support/evm-data-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The block routes and the latest-transaction lists against a devnet indexed by evm-data, through gateway-data.
 * Every expectation comes from the devnet's own answers to eth_getBlockByNumber and eth_getBlockReceipts.
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'evm-data-blocks-test',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 4n * 3_600n,
  blockIntervalSeconds: 240n,
  accounts: 12,
};

type Doc = Record<string, unknown>;

interface RpcBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  gasUsed: Hex;
  gasLimit: Hex;
  baseFeePerGas?: Hex;
  blockGasCost?: Hex;
  transactions: Hex[];
}
interface RpcReceipt {
  transactionHash: Hex;
  status: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
}

/** A block as the devnet's node reports it, and what the API derives from it. */
interface Block {
  chain: EvmChainKey;
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  timestamp: bigint;
  gasUsed: bigint;
  gasLimit: bigint;
  baseFee: bigint;
  gasCost: bigint;
  txs: { hash: Hex; success: boolean }[];
  feesSpent: bigint;
  cumulativeTransactions: bigint;
}

const BLOCKS = '/v1/chains/{chainId}/blocks';
const BLOCK = '/v1/chains/{chainId}/blocks/{blockId}';
const BLOCK_TXS = '/v1/chains/{chainId}/blocks/{blockId}/transactions';
const ALL_BLOCKS = '/v1/blocks';
const TXS = '/v1/chains/{chainId}/transactions';
const ALL_TXS = '/v1/transactions';

describe('evm-data blocks and latest transactions', function () {
  this.timeout(300_000);
  let stack: EvmDataStack;
  let sdk: Avalanche;
  let viaGateway: { serverURL: string; retries: { strategy: 'none' } };
  const blocks = {} as Record<EvmChainKey, Block[]>;
  /** evm_data.chains.id of each chain: the cross-chain lists break timestamp ties by it. */
  const chainOrder = {} as Record<EvmChainKey, number>;
  const validated = new Set<string>();

  before(async function () {
    stack = await startEvmDataStack(PARAMETERS);
    sdk = officialSdk({ serverURL: stack.gatewayUrl });
    // Each Data API operation of the SDK names its own server, which the client's serverURL does not override.
    viaGateway = { serverURL: stack.gatewayUrl, retries: { strategy: 'none' } };
    for (const key of ['C', 'L1'] as const) blocks[key] = await readBlocks(stack, key);
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    try {
      const { rows } = await pool.query<{ id: number; evm_chain_id: string }>(
        'SELECT id, evm_chain_id FROM evm_data.chains',
      );
      for (const key of ['C', 'L1'] as const)
        chainOrder[key] = rows.find((r) => r.evm_chain_id === stack.chainIds[key])!.id;
    } finally {
      await pool.end();
    }
  });

  after(async function () {
    await stack?.stop();
  });

  const call = (template: string, values: Record<string, string>, query: Record<string, string> = {}) =>
    callGateway(stack.gatewayUrl, 'GET', template, values, query, validated);

  async function api(template: string, values: Record<string, string>, query: Record<string, string> = {}) {
    const { status, body, text } = await call(template, values, query);
    expect(status, `${template} ${JSON.stringify(values)} ${JSON.stringify(query)} ${text}`).to.equal(200);
    return body!;
  }

  const allBlocks = () => [...blocks.C, ...blocks.L1];
  const allTxs = () => allBlocks().flatMap((b) => b.txs.map((tx, index) => ({ ...tx, block: b, index })));
  /** The cross-chain order: newest block first; chains sharing a second by chain id, descending. */
  const newestFirst = (a: Block, b: Block) =>
    Number(b.timestamp - a.timestamp) ||
    chainOrder[b.chain] - chainOrder[a.chain] ||
    Number(b.number - a.number);
  const blockKey = (d: Doc) => `${d.chainId as string}:${d.blockNumber as string}`;
  const txKey = (d: Doc) => `${d.chainId as string}:${d.txHash as string}`;
  const expectedBlock = (b: Block) => ({
    chainId: stack.chainIds[b.chain],
    blockNumber: b.number.toString(),
    blockTimestamp: Number(b.timestamp),
    blockHash: b.hash,
    parentHash: b.parentHash,
    txCount: b.txs.length,
    baseFee: b.baseFee.toString(),
    gasUsed: b.gasUsed.toString(),
    gasLimit: b.gasLimit.toString(),
    gasCost: b.gasCost.toString(),
    feesSpent: b.feesSpent.toString(),
    cumulativeTransactions: b.cumulativeTransactions.toString(),
  });
  const withoutGranite = (d: Doc) => {
    const { blockTimestampMilliseconds: _ms, blockMinDelayExcess: _delay, ...rest } = d;
    return rest;
  };

  it('answers every block, by number and by hash, as eth_getBlockByNumber and its receipts have it', async function () {
    expect(blocks.C.length + blocks.L1.length).to.be.above(60);
    expect(allTxs().length, 'transactions in the history').to.be.above(50);
    for (const key of ['C', 'L1'] as const) {
      const chainId = stack.chainIds[key];
      await mapLimit(blocks[key], 8, async (b) => {
        const byNumber = await api(BLOCK, { chainId, blockId: b.number.toString() });
        expect(withoutGranite(byNumber), `${key} ${b.number}`).to.deep.equal(expectedBlock(b));
        const byHash = await api(BLOCK, { chainId: stack.blockchainIds[key], blockId: b.hash });
        expect(byHash).to.deep.equal(byNumber);
      });
    }
    const last = blocks.L1.at(-1)!;
    const viaSdk = await sdk.data.evm.blocks.get(
      { chainId: stack.chainIds.L1, blockId: last.hash },
      viaGateway,
    );
    expect(viaSdk.blockHash).to.equal(last.hash);
    expect(viaSdk.cumulativeTransactions).to.equal(last.cumulativeTransactions.toString());
  });

  it('lists a block’s transactions as the block orders them: whole by default, or page by page', async function () {
    const busy = allBlocks()
      .filter((b) => b.txs.length > 1)
      .slice(0, 12);
    expect(busy).to.not.be.empty;
    for (const b of busy) {
      const values = { chainId: stack.chainIds[b.chain], blockId: b.number.toString() };
      const whole = await api(BLOCK_TXS, values);
      expect(whole.nextPageToken).to.equal(undefined);
      const hashes = b.txs.map((t) => t.hash);
      const listed = whole.transactions as Doc[];
      expect(listed.map((t) => t.txHash)).to.deep.equal(hashes);
      listed.forEach((t, i) => {
        expect(t).to.include({
          blockNumber: b.number.toString(),
          blockHash: b.hash,
          blockIndex: i,
          chainId: stack.chainIds[b.chain],
          txStatus: b.txs[i]!.success ? '1' : '0',
        });
      });
      const paged = await everyPage(api, BLOCK_TXS, { ...values, blockId: b.hash }, 'transactions', {
        pageSize: '1',
      });
      expect(paged).to.deep.equal(listed);
    }
    const b = busy[0]!;
    const viaSdk = await sdk.data.evm.blocks.listTransactions(
      {
        chainId: stack.chainIds[b.chain],
        blockId: b.hash,
      },
      viaGateway,
    );
    expect(viaSdk.transactions.map((t) => t.txHash)).to.deep.equal(b.txs.map((t) => t.hash));
  });

  it('lists a chain’s latest blocks newest first, each exactly once for any page size (property)', async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<EvmChainKey>('C', 'L1'),
        fc.integer({ min: 1, max: 100 }),
        async (key, size) => {
          const listed = await everyPage(api, BLOCKS, { chainId: stack.chainIds[key] }, 'blocks', {
            pageSize: String(size),
          });
          expect(listed.map(withoutGranite)).to.deep.equal([...blocks[key]].reverse().map(expectedBlock));
        },
      ),
      { numRuns: 6, seed: 20260101 },
    );
    const viaSdk = await sdk.data.evm.blocks.listLatest(
      { chainId: stack.chainIds.C, pageSize: 3 },
      viaGateway,
    );
    expect(viaSdk.result.blocks.map((b) => b.blockNumber)).to.deep.equal(
      [...blocks.C]
        .reverse()
        .slice(0, 3)
        .map((b) => b.number.toString()),
    );
  });

  it('lists a chain’s latest transactions newest first, filtered by status, each exactly once (property)', async function () {
    const failed = allTxs().filter((t) => !t.success);
    expect(failed, 'failed transactions in the history').to.not.be.empty;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<EvmChainKey>('C', 'L1'),
        fc.constantFrom(undefined, 'success', 'failed'),
        fc.integer({ min: 1, max: 100 }),
        async (key, status, size) => {
          const listed = await everyPage(api, TXS, { chainId: stack.chainIds[key] }, 'transactions', {
            pageSize: String(size),
            ...(status ? { status } : {}),
          });
          const expected = allTxs()
            .filter(
              (t) => t.block.chain === key && (status === undefined || t.success === (status === 'success')),
            )
            .reverse();
          expect(listed.map((t) => [t.txHash, t.blockIndex, t.txStatus])).to.deep.equal(
            expected.map((t) => [t.hash, t.index, t.success ? '1' : '0']),
          );
        },
      ),
      { numRuns: 8, seed: 20260102 },
    );
    const viaSdk = await sdk.data.evm.transactions.listLatest(
      {
        chainId: stack.chainIds.L1,
        status: 'failed',
        pageSize: 100,
      },
      viaGateway,
    );
    expect(viaSdk.result.transactions.map((t) => t.txHash)).to.deep.equal(
      failed
        .filter((t) => t.block.chain === 'L1')
        .reverse()
        .map((t) => t.hash),
    );
  });

  it('lists the latest blocks and transactions of every chain merged newest first, each exactly once (property)', async function () {
    const expectedBlocks = allBlocks().sort(newestFirst);
    const expectedTxs = allTxs().sort((a, b) => newestFirst(a.block, b.block) || b.index - a.index);
    // The chains share timestamps: the merge's ties are real.
    const times = new Set(blocks.C.map((b) => b.timestamp));
    expect(blocks.L1.some((b) => times.has(b.timestamp))).to.equal(true);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(undefined, 'fuji', 'testnet'),
        fc.constantFrom(undefined, 'success', 'failed'),
        async (size, network, status) => {
          const query = { pageSize: String(size), ...(network ? { network } : {}) };
          const listedBlocks = await everyPage(api, ALL_BLOCKS, {}, 'blocks', query);
          expect(listedBlocks.map(blockKey)).to.deep.equal(
            expectedBlocks.map((b) => `${stack.chainIds[b.chain]}:${b.number}`),
          );
          const listedTxs = await everyPage(api, ALL_TXS, {}, 'transactions', {
            ...query,
            ...(status ? { status } : {}),
          });
          expect(listedTxs.map(txKey)).to.deep.equal(
            expectedTxs
              .filter((t) => status === undefined || t.success === (status === 'success'))
              .map((t) => `${stack.chainIds[t.block.chain]}:${t.hash}`),
          );
        },
      ),
      { numRuns: 6, seed: 20260103 },
    );
    expect((await api(ALL_BLOCKS, {}, { network: 'mainnet' })).blocks).to.deep.equal([]);
    expect((await api(ALL_TXS, {}, { network: 'mainnet' })).transactions).to.deep.equal([]);
    const blocksViaSdk = await sdk.data.evm.blocks.listLatestAllChains(
      { network: 'fuji', pageSize: 4 },
      viaGateway,
    );
    expect(blocksViaSdk.result.blocks.map((b) => `${b.chainId}:${b.blockNumber}`)).to.deep.equal(
      expectedBlocks.slice(0, 4).map((b) => `${stack.chainIds[b.chain]}:${b.number}`),
    );
    const txsViaSdk = await sdk.data.evm.transactions.listLatestAllChains(
      { pageSize: 4, status: 'success' },
      viaGateway,
    );
    expect(txsViaSdk.result.transactions.map((t) => t.txHash)).to.deep.equal(
      expectedTxs
        .filter((t) => t.success)
        .slice(0, 4)
        .map((t) => t.hash),
    );
  });

  it('answers a bad parameter with a 400 naming it, and a block not indexed with a 404', async function () {
    const C = stack.chainIds.C;
    const refused: [string, Record<string, string>, Record<string, string>, string][] = [
      [BLOCK, { chainId: C, blockId: 'latest' }, {}, 'blockId'],
      [BLOCK, { chainId: C, blockId: '007' }, {}, 'blockId'],
      [BLOCK, { chainId: C, blockId: '0x1234' }, {}, 'blockId'],
      [BLOCK, { chainId: '0043113', blockId: '1' }, {}, 'chainId'],
      [BLOCK_TXS, { chainId: C, blockId: '-1' }, {}, 'blockId'],
      [BLOCK_TXS, { chainId: C, blockId: '1' }, { pageSize: '101' }, 'pageSize'],
      [BLOCK_TXS, { chainId: C, blockId: '1' }, { pageSize: '-1' }, 'pageSize'],
      [BLOCKS, { chainId: C }, { pageSize: '0' }, 'pageSize'],
      [BLOCKS, { chainId: C }, { pageToken: 'not-a-token' }, 'pageToken'],
      [TXS, { chainId: C }, { status: 'pending' }, 'status'],
      [TXS, { chainId: C }, { pageSize: '1.5' }, 'pageSize'],
      [ALL_BLOCKS, {}, { network: 'devnet' }, 'network'],
      [ALL_BLOCKS, {}, { pageSize: '101' }, 'pageSize'],
      [ALL_TXS, {}, { status: 'SUCCESS' }, 'status'],
      [ALL_TXS, {}, { network: 'local' }, 'network'],
    ];
    for (const [template, values, query, parameter] of refused) {
      const { status, body } = await call(template, values, query);
      const what = `${template} ${JSON.stringify({ ...values, ...query })}`;
      expect(status, what).to.equal(400);
      expect(JSON.stringify(body!.message), what).to.include(`${parameter}:`);
    }
    // A page token is bound to its query: one chain's token does not page another chain.
    const first = await api(BLOCKS, { chainId: C }, { pageSize: '1' });
    const other = await call(
      BLOCKS,
      { chainId: stack.chainIds.L1 },
      { pageSize: '1', pageToken: first.nextPageToken as string },
    );
    expect(other.status).to.equal(400);
    expect(JSON.stringify(other.body!.message)).to.include('pageToken');
    for (const blockId of [(blocks.C.length + 1000).toString(), `0x${'ab'.repeat(32)}`]) {
      const { status, body } = await call(BLOCK, { chainId: C, blockId });
      expect(status, blockId).to.equal(404);
      expect(JSON.stringify(body!.message)).to.include('blockId');
      expect((await call(BLOCK_TXS, { chainId: C, blockId })).status).to.equal(404);
    }
  });

  it('serves every query of these routes from an index (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    try {
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new EvmDataReader(recording);
      const ids = [chainOrder.C, chainOrder.L1];
      const b = blocks.C.find((x) => x.txs.length > 1)!;
      const hex = (n: bigint | number) => n.toString(16);
      await reader.latestBlocks(chainOrder.C, 11, '');
      await reader.latestBlocks(chainOrder.C, 11, hex(b.number));
      await reader.block(chainOrder.C, { number: b.number });
      await reader.block(chainOrder.C, { hash: Buffer.from(b.hash.slice(2), 'hex') });
      await reader.latestBlocksAcrossChains(ids, 11, '');
      await reader.latestBlocksAcrossChains(
        ids,
        11,
        `${hex(b.timestamp)}:${hex(chainOrder.C)}:${hex(b.number)}`,
      );
      await reader.blockTransactionKeys(chainOrder.C, { number: b.number }, undefined, '');
      await reader.blockTransactionKeys(chainOrder.C, { hash: Buffer.from(b.hash.slice(2), 'hex') }, 2, '0');
      for (const status of [undefined, 0, 1] as const) {
        await reader.latestTransactionKeys(chainOrder.C, status, 11, '');
        await reader.latestTransactionKeys(chainOrder.C, status, 11, `${hex(b.number)}:1`);
        await reader.latestTransactionKeysAcrossChains(ids, status, 11, '');
        await reader.latestTransactionKeysAcrossChains(
          ids,
          status,
          11,
          `${hex(b.timestamp)}:${hex(chainOrder.C)}:${hex(b.number)}:1`,
        );
      }
      await expectServedByIndexes(pool, recorded, 'SELECT * FROM evm_data.blocks WHERE gas_used > 0');
    } finally {
      await pool.end();
    }
  });

  it('validated a success of every operation against the official document', function () {
    for (const template of [BLOCKS, BLOCK, BLOCK_TXS, ALL_BLOCKS, TXS, ALL_TXS])
      expect([...validated], template).to.include(`GET ${template} 200`);
  });
});

/** A chain's blocks from genesis to the head, with their receipts' statuses and fees. */
async function readBlocks(stack: EvmDataStack, key: EvmChainKey): Promise<Block[]> {
  const client = stack.clients[key];
  const numbers = Array.from({ length: Number(stack.heads[key]) + 1 }, (_, i) => BigInt(i));
  const read = await mapLimit(numbers, 8, async (n) => {
    const block = await rpc<RpcBlock>(client, 'eth_getBlockByNumber', [toHex(n), false]);
    const receipts =
      block.transactions.length === 0
        ? []
        : await rpc<RpcReceipt[]>(client, 'eth_getBlockReceipts', [toHex(n)]);
    return { block, receipts };
  });
  let cumulative = 0n;
  return read.map(({ block, receipts }) => {
    cumulative += BigInt(block.transactions.length);
    return {
      chain: key,
      number: BigInt(block.number),
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: BigInt(block.timestamp),
      gasUsed: BigInt(block.gasUsed),
      gasLimit: BigInt(block.gasLimit),
      baseFee: BigInt(block.baseFeePerGas ?? 0),
      gasCost: BigInt(block.blockGasCost ?? 0),
      txs: block.transactions.map((hash, i) => {
        expect(receipts[i]!.transactionHash).to.equal(hash);
        return { hash, success: receipts[i]!.status === '0x1' };
      }),
      feesSpent: receipts.reduce((sum, r) => sum + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice), 0n),
      cumulativeTransactions: cumulative,
    };
  });
}
