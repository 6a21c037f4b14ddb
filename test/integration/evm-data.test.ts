import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { erc20Abi, erc721Abi, parseAbi, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { EvmDataReader } from '../../services/evm-data/store/reader.ts';
import { metadataBehaviour } from '../../services/devnet/metadata.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import type { TestDatabase } from '../support/database.ts';
import { eventually } from '../support/processes.ts';
import {
  callGateway,
  everyPage,
  l1NodeUrl,
  mapLimit,
  startEvmDataStack,
  type EvmDataStack,
} from '../support/evm-data-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';
import {
  comparableIcmMessage,
  lower,
  readChain,
  ZERO,
  type ChainKey,
  type ChainModel,
  type Tx,
} from '../support/evm-chain-model.ts';

/**
 * The evm-data service against the devnet: the devnet's C-Chain and L1 served over HTTP, indexed by evm-data and
 * answered through gateway-data. Every expectation is computed here, apart from evm-data's code, from what the
 * devnet's nodes answer to viem: blocks, receipts (logs decoded with ABIs written here), callTracer traces and
 * contract state read with eth_call at the head.
 */
const FUJI = IDENTITIES.fuji;
const ACCOUNTS = 12;
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: FUJI,
  seed: 'evm-data-test',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 48n * 3_600n,
  blockIntervalSeconds: 240n,
  accounts: ACCOUNTS,
};
const ERC1155_BALANCE = parseAbi(['function balanceOf(address account, uint256 id) view returns (uint256)']);
type Doc = Record<string, unknown>;

/** The API's transfer and internal-transaction entries, reduced to what the independent reading knows. */
const asList = (v: unknown) => (v ?? []) as Doc[];
const addr = (v: unknown) => lower((v as { address: string }).address);
function apiTransfers(d: Doc) {
  return {
    erc20: asList(d.erc20Transfers).map((t) => ({
      from: addr(t.from),
      to: addr(t.to),
      logIndex: t.logIndex,
      contract: addr(t.erc20Token),
      value: t.value,
    })),
    erc721: asList(d.erc721Transfers).map((t) => ({
      from: addr(t.from),
      to: addr(t.to),
      logIndex: t.logIndex,
      contract: addr(t.erc721Token),
      tokenId: (t.erc721Token as Doc).tokenId,
    })),
    erc1155: asList(d.erc1155Transfers).map((t) => ({
      from: addr(t.from),
      to: addr(t.to),
      logIndex: t.logIndex,
      contract: addr(t.erc1155Token),
      tokenId: (t.erc1155Token as Doc).tokenId,
      value: t.value,
    })),
    internals: asList(d.internalTransactions).map((i) => ({
      from: addr(i.from),
      to: addr(i.to),
      type: i.internalTxType,
      value: i.value,
      reverted: i.isReverted,
      gasUsed: i.gasUsed,
      gasLimit: i.gasLimit,
    })),
  };
}
function expectedTransfers(tx: Tx, address?: string) {
  const mine = (x: { from: string; to: string | undefined }) =>
    address === undefined || x.from === address || x.to === address;
  const of = (standard: number) => tx.transfers.filter((t) => t.standard === standard && mine(t));
  return {
    erc20: of(20).map((t) => ({
      from: t.from,
      to: t.to,
      logIndex: t.logIndex,
      contract: t.contract,
      value: t.value.toString(),
    })),
    erc721: of(721).map((t) => ({
      from: t.from,
      to: t.to,
      logIndex: t.logIndex,
      contract: t.contract,
      tokenId: t.tokenId!.toString(),
    })),
    erc1155: of(1155).map((t) => ({
      from: t.from,
      to: t.to,
      logIndex: t.logIndex,
      contract: t.contract,
      tokenId: t.tokenId!.toString(),
      value: t.value.toString(),
    })),
    internals: tx.internals.filter(mine).map((i) => ({
      from: i.from,
      // A failed creation has no address; the API's `to` is required, and carries the zero address then.
      to: i.to ?? ZERO,
      type: i.type,
      value: i.value.toString(),
      reverted: i.reverted,
      gasUsed: i.gasUsed.toString(),
      gasLimit: i.gas.toString(),
    })),
  };
}
function checkNative(native: Doc, tx: Tx, chain: ChainModel) {
  const what = `${chain.key} ${tx.hash}`;
  expect(
    {
      blockNumber: native.blockNumber,
      blockIndex: native.blockIndex,
      txHash: native.txHash,
      txStatus: native.txStatus,
      from: addr(native.from),
      to: addr(native.to),
      value: native.value,
      gasUsed: native.gasUsed,
      nonce: native.nonce,
      chainId: native.chainId,
      blockTimestamp: native.blockTimestamp,
    },
    what,
  ).to.deep.equal({
    blockNumber: tx.blockNumber.toString(),
    blockIndex: tx.blockIndex,
    txHash: tx.hash,
    txStatus: tx.success ? '1' : '0',
    from: tx.from,
    to: tx.to ?? tx.created,
    value: tx.value.toString(),
    gasUsed: tx.gasUsed.toString(),
    nonce: String(tx.nonce),
    chainId: chain.chainId,
    blockTimestamp: Number(tx.timestamp),
  });
}

describe('evm-data service', function () {
  this.timeout(600_000);
  let stack: EvmDataStack;
  let devnetUrl: string;
  let db: TestDatabase;
  const chains = {} as Record<ChainKey, ChainModel>;
  const accounts = deriveAccounts(PARAMETERS.seed, ACCOUNTS).map((a) =>
    lower(privateKeyToAccount(toHex(a.privateKey)).address),
  );
  const deployer = accounts[0]!;
  /** Every (method, path template, status) whose response was checked against the official document. */
  const validated = new Set<string>();

  before(async function () {
    stack = await startEvmDataStack(PARAMETERS);
    ({ devnetUrl, db } = stack);
    const { clients, heads, chainIds, blockchainIds } = stack;
    [chains.C, chains.L1] = await Promise.all([
      readChain('C', clients.C, chainIds.C, blockchainIds.C, heads.C, deployer),
      readChain('L1', clients.L1, chainIds.L1, blockchainIds.L1, heads.L1, deployer),
    ]);
  });

  after(async function () {
    await stack?.stop();
  });

  /** Calls gateway-data and checks the reply, whatever its status, against the official document. */
  const call = (
    method: 'GET' | 'POST',
    template: string,
    values: Record<string, string>,
    query: Record<string, string> = {},
  ) => callGateway(stack.gatewayUrl, method, template, values, query, validated);

  async function api(template: string, values: Record<string, string>, query: Record<string, string> = {}) {
    const { status, body, text } = await call('GET', template, values, query);
    expect(status, `${template} ${JSON.stringify(values)} ${text.slice(0, 500)}`).to.equal(200);
    return body!;
  }

  /** Expects the API's error body with this status. */
  async function apiError(
    method: 'GET' | 'POST',
    template: string,
    values: Record<string, string>,
    query: Record<string, string>,
    status: number,
    error: string,
  ) {
    const reply = await call(method, template, values, query);
    expect(reply.status, reply.text).to.equal(status);
    expect(reply.body).to.include({ statusCode: status, error });
    expect(reply.body!.message).to.satisfy((m: unknown) => typeof m === 'string' || Array.isArray(m));
    return reply;
  }

  const TXS = '/v1/chains/{chainId}/addresses/{address}/transactions';
  const addressTxs = (chain: ChainModel, address: string, query: Record<string, string>) =>
    everyPage(api, TXS, { chainId: chain.chainId, address }, 'transactions', {
      endBlock: String(chain.head + 1n),
      ...query,
    });
  const listed = new Map<string, Doc[]>();
  /** An address's whole list, oldest first, read once. */
  async function wholeList(chain: ChainModel, address: string): Promise<Doc[]> {
    const key = `${chain.key}:${address}`;
    if (!listed.has(key))
      listed.set(key, await addressTxs(chain, address, { pageSize: '100', sortOrder: 'asc' }));
    return listed.get(key)!;
  }

  const deployed = (chain: ChainModel) => {
    const d = chain.deployments.map((x) => x.address);
    expect(d.length, `${chain.key} deployments`).to.be.at.least(9);
    return {
      tokens: d.slice(0, 3),
      collections: d.slice(3, 5),
      multiToken: d[5]!,
      factory: d[6]!,
      messenger: d[7]!,
      receiver: d[8]!,
    };
  };
  const busiestSenders = (chain: ChainModel, n: number) => {
    const counts = new Map<string, number>();
    for (const tx of chain.txs) counts.set(tx.from, (counts.get(tx.from) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([a]) => a)
      .slice(0, n);
  };
  /** The address that received the most transactions without ever sending one or holding code. */
  const passiveAddress = (chain: ChainModel) => {
    const senders = new Set(chain.txs.map((t) => t.from));
    const contracts = new Set([
      ...chain.deployments.map((d) => d.address),
      ...chain.children.map((c) => c.address),
    ]);
    const candidates = [...chain.byAddress].filter(
      ([a]) => !senders.has(a) && !contracts.has(a) && !accounts.includes(a) && a !== ZERO,
    );
    candidates.sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
    return candidates[0]![0];
  };
  /** A contract created by the factory, the one involved in the most internal calls. */
  const factoryChild = (chain: ChainModel) => {
    const scored = chain.children.map((c) => ({
      ...c,
      calls: chain.byHash.get(c.txHash)!.internals.filter((i) => i.from === c.address || i.to === c.address)
        .length,
    }));
    scored.sort((a, b) => b.calls - a.calls || (a.address < b.address ? -1 : 1));
    return scored[0]!;
  };

  it('lists both chains, answers a chain by EVM chain id and by blockchain id alike, and 404s an unknown one', async function () {
    const list = await api('/v1/chains', {});
    const listedChains = list.chains as Doc[];
    expect(listedChains.map((c) => c.chainId).sort()).to.deep.equal(['43113', '7331']);
    for (const chain of [chains.C, chains.L1]) {
      const byEvmId = await api('/v1/chains/{chainId}', { chainId: chain.chainId });
      const byBlockchainId = await api('/v1/chains/{chainId}', { chainId: chain.blockchainId });
      expect(byEvmId).to.deep.equal(byBlockchainId);
      expect(byEvmId).to.deep.equal(listedChains.find((c) => c.chainId === chain.chainId));
      expect(byEvmId.platformChainId).to.equal(chain.blockchainId);
      expect(byEvmId.isTestnet).to.equal(true);
    }
    const rpcUrls = Object.fromEntries(listedChains.map((c) => [String(c.chainId), String(c.rpcUrl)]));
    expect(rpcUrls).to.deep.equal({
      [chains.C.chainId]: `${devnetUrl}/ext/bc/C/rpc`,
      [chains.L1.chainId]: `${l1NodeUrl(devnetUrl)}/ext/bc/${chains.L1.blockchainId}/rpc`,
    });
    const fuji = await api('/v1/chains', {}, { network: 'fuji' });
    expect((fuji.chains as Doc[]).length).to.equal(2);
    const mainnet = await api('/v1/chains', {}, { network: 'mainnet' });
    expect(mainnet.chains).to.deep.equal([]);
    await apiError('GET', '/v1/chains/{chainId}', { chainId: '12345' }, {}, 404, 'Not Found');
    await apiError('GET', TXS, { chainId: '12345', address: deployer }, {}, 404, 'Not Found');
  });

  it('indexes every devnet transaction once, with the block, position, status, ends, value, gas and nonce the node reports', async function () {
    for (const chain of [chains.C, chains.L1]) {
      expect(chain.txs.length, chain.key).to.be.greaterThan(100);
      const kinds = new Set<string>();
      // Every one of them, by hash.
      await mapLimit(chain.txs, 8, async (tx) => {
        const doc = await api('/v1/chains/{chainId}/transactions/{txHash}', {
          chainId: chain.chainId,
          txHash: tx.hash,
        });
        checkNative(doc.nativeTransaction as Doc, tx, chain);
        // The transaction's own lists are complete: every transfer and nested call, in order.
        expect(apiTransfers(doc), `${chain.key} ${tx.hash}`).to.deep.equal(expectedTransfers(tx));
        for (const [kind, list] of Object.entries(apiTransfers(doc))) if (list.length > 0) kinds.add(kind);
        if (!tx.success) kinds.add('reverted');
      });
      expect([...kinds].sort(), chain.key).to.deep.equal([
        'erc1155',
        'erc20',
        'erc721',
        'internals',
        'reverted',
      ]);
      // By blockchain id too, and a hash the chain does not have is a 404.
      const last = chain.txs[chain.txs.length - 1]!;
      const byBlockchainId = await api('/v1/chains/{chainId}/transactions/{txHash}', {
        chainId: chain.blockchainId,
        txHash: last.hash,
      });
      checkNative(byBlockchainId.nativeTransaction as Doc, last, chain);
      await apiError(
        'GET',
        '/v1/chains/{chainId}/transactions/{txHash}',
        { chainId: chain.chainId, txHash: `0x${'ab'.repeat(32)}` },
        {},
        404,
        'Not Found',
      );
    }
    // A hash of one chain is not found on the other.
    await apiError(
      'GET',
      '/v1/chains/{chainId}/transactions/{txHash}',
      { chainId: chains.L1.chainId, txHash: chains.C.txs[0]!.hash },
      {},
      404,
      'Not Found',
    );
  });

  it('lists an address’s transactions exactly: every transaction it is involved in, once, in order, with only its own transfers and internal calls', async function () {
    for (const chain of [chains.C, chains.L1]) {
      const kinds = new Set<string>();
      let filteredOut = 0;
      const d = deployed(chain);
      const child = factoryChild(chain);
      const addresses = [
        ...busiestSenders(chain, 3).map((a) => ['busy sender', a] as const),
        ['receive-only address', passiveAddress(chain)] as const,
        ['ERC-20 token', d.tokens[0]!] as const,
        ['ERC-721 collection', d.collections[0]!] as const,
        ['factory-created child', child.address] as const,
      ];
      for (const [role, address] of addresses) {
        const what = `${chain.key} ${role} ${address}`;
        const expected = chain.byAddress.get(address) ?? [];
        expect(expected.length, what).to.be.greaterThan(0);
        for (const [pageSize, sortOrder] of [
          ['7', 'desc'],
          ['13', 'asc'],
        ] as const) {
          const items = await addressTxs(chain, address, { pageSize, sortOrder });
          const hashes = items.map((t) => (t.nativeTransaction as Doc).txHash as string);
          expect(new Set(hashes).size, `${what}: no transaction twice`).to.equal(hashes.length);
          const order = sortOrder === 'asc' ? expected : [...expected].reverse();
          expect(hashes, `${what} ${sortOrder} by ${pageSize}`).to.deep.equal(order.map((t) => t.hash));
          items.forEach((item, i) => {
            const tx = order[i]!;
            checkNative(item.nativeTransaction as Doc, tx, chain);
            const own = expectedTransfers(tx, address);
            expect(apiTransfers(item), `${what}: ${tx.hash}`).to.deep.equal(own);
            for (const [kind, list] of Object.entries(own)) if (list.length > 0) kinds.add(kind);
            const whole = expectedTransfers(tx);
            if (
              Object.entries(whole).some(([kind, list]) => list.length > own[kind as keyof typeof own].length)
            )
              filteredOut++;
          });
        }
      }
      // The lists had entries of every kind, and left out other addresses' entries.
      expect([...kinds].sort(), chain.key).to.deep.equal(['erc1155', 'erc20', 'erc721', 'internals']);
      expect(filteredOut, chain.key).to.be.greaterThan(0);
      // The creating transaction names the child among its internal calls.
      const created = chain.byHash.get(child.txHash)!;
      expect(created.internals.some((i) => i.to === child.address && i.type.startsWith('CREATE'))).to.equal(
        true,
      );
    }

    // startBlock is inclusive, endBlock exclusive.
    const chain = chains.C;
    const address = busiestSenders(chain, 1)[0]!;
    const mine = chain.byAddress.get(address)!;
    const blocks = [...new Set(mine.map((t) => t.blockNumber))];
    expect(blocks.length).to.be.greaterThan(20);
    const [start, end] = [blocks[5]!, blocks[15]!];
    const ranged = async (startBlock: bigint, endBlock: bigint) =>
      (
        await everyPage(api, TXS, { chainId: chain.chainId, address }, 'transactions', {
          startBlock: String(startBlock),
          endBlock: String(endBlock),
          pageSize: '4',
          sortOrder: 'asc',
        })
      ).map((t) => (t.nativeTransaction as Doc).txHash);
    const within = (s: bigint, e: bigint) =>
      mine.filter((t) => t.blockNumber >= s && t.blockNumber < e).map((t) => t.hash);
    expect(await ranged(start, end)).to.deep.equal(within(start, end));
    expect(within(start, end).length).to.be.greaterThan(5);
    // The first block of the range is in it, the end block is not.
    expect(await ranged(start, start + 1n)).to.deep.equal(within(start, start + 1n)).and.not.be.empty;
    expect(await ranged(start + 1n, end)).to.not.include(mine.find((t) => t.blockNumber === start)!.hash);
    expect(await ranged(start, end)).to.not.include(mine.find((t) => t.blockNumber === end)!.hash);
    expect(await ranged(end, end + 1n)).to.deep.equal(within(end, end + 1n)).and.not.be.empty;
    // Only a start: everything from it on (up to the head here, as the devnet has no blocks beyond it).
    const fromStart = await everyPage(api, TXS, { chainId: chain.chainId, address }, 'transactions', {
      startBlock: String(start),
      pageSize: '100',
      sortOrder: 'asc',
    });
    expect(fromStart.map((t) => (t.nativeTransaction as Doc).txHash)).to.deep.equal(
      within(start, chain.head + 1n),
    );
    await apiError(
      'GET',
      TXS,
      { chainId: chain.chainId, address },
      { startBlock: String(end), endBlock: String(end) },
      400,
      'Bad Request',
    );
  });

  it('derives ERC-20 balances from the indexed transfers that equal balanceOf at the head; ERC-721 owners and collectibles as the contracts hold them', async function () {
    for (const chain of [chains.C, chains.L1]) {
      const d = deployed(chain);
      const at = { blockNumber: chain.head };
      for (const token of d.tokens) {
        const holders = new Set<string>();
        for (const tx of chain.txs)
          for (const t of tx.transfers)
            if (t.standard === 20 && t.contract === token) holders.add(t.from).add(t.to);
        holders.delete(ZERO);
        expect(holders.size, `${chain.key} ${token} holders`).to.be.greaterThan(3);
        for (const busy of busiestSenders(chain, 3))
          expect(holders, `${chain.key} ${token}`).to.include(busy);
        await mapLimit([...holders], 6, async (holder) => {
          let sum = 0n;
          for (const item of await wholeList(chain, holder))
            for (const t of asList(item.erc20Transfers)) {
              if (addr(t.erc20Token) !== token) continue;
              if (addr(t.to) === holder) sum += BigInt(t.value as string);
              if (addr(t.from) === holder) sum -= BigInt(t.value as string);
            }
          const balance = await chain.client.readContract({
            address: token as Hex,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [holder as Hex],
            ...at,
          });
          expect(sum, `${chain.key} ${token} balance of ${holder}`).to.equal(balance);
        });
      }

      // ERC-721: the collection's tokens are those minted, each owned as ownerOf says.
      const owned = new Map<string, Set<string>>();
      for (const collection of d.collections) {
        const minted = new Set<string>();
        for (const tx of chain.txs)
          for (const t of tx.transfers)
            if (t.standard === 721 && t.contract === collection && t.from === ZERO)
              minted.add(t.tokenId!.toString());
        expect(minted.size, `${chain.key} ${collection} minted`).to.be.greaterThan(3);
        const tokens = await everyPage(
          api,
          '/v1/chains/{chainId}/nfts/collections/{address}/tokens',
          { chainId: chain.chainId, address: collection },
          'tokens',
          { pageSize: '9' },
        );
        const ids = tokens.map((t) => t.tokenId as string);
        expect(ids).to.deep.equal([...minted].sort((a, b) => Number(BigInt(a) - BigInt(b))));
        for (const t of tokens) {
          expect(t.ercType).to.equal('ERC-721');
          expect(lower(t.address as string)).to.equal(collection);
          const owner = lower(
            await chain.client.readContract({
              address: collection as Hex,
              abi: erc721Abi,
              functionName: 'ownerOf',
              args: [BigInt(t.tokenId as string)],
              ...at,
            }),
          );
          expect(
            lower(t.ownerAddress as string),
            `${chain.key} ${collection} #${String(t.tokenId)}`,
          ).to.equal(owner);
          const set = owned.get(owner) ?? new Set();
          set.add(`${collection}:${String(t.tokenId)}`);
          owned.set(owner, set);
        }
      }

      // Collectibles: each account's ERC-721 tokens and ERC-1155 balances, as the contracts hold them at the head.
      const multiIds = new Set<bigint>();
      for (const tx of chain.txs)
        for (const t of tx.transfers)
          if (t.standard === 1155 && t.contract === d.multiToken) multiIds.add(t.tokenId!);
      expect(multiIds.size).to.be.greaterThan(3);
      let nonEmpty = 0;
      for (const account of accounts) {
        const items = await everyPage(
          api,
          '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
          { chainId: chain.chainId, address: account },
          'collectibleBalances',
          { pageSize: '5' },
        );
        const erc721 = items
          .filter((i) => i.ercType === 'ERC-721')
          .map((i) => `${lower(i.address as string)}:${String(i.tokenId)}`);
        expect(new Set(erc721).size).to.equal(erc721.length);
        expect(erc721.sort(), `${chain.key} ${account} ERC-721`).to.deep.equal(
          [...(owned.get(account) ?? [])].sort(),
        );
        const erc1155 = items
          .filter((i) => i.ercType === 'ERC-1155')
          .map((i) => `${lower(i.address as string)}:${String(i.tokenId)}:${String(i.balance)}`);
        const held: string[] = [];
        for (const id of multiIds) {
          const balance = await chain.client.readContract({
            address: d.multiToken as Hex,
            abi: ERC1155_BALANCE,
            functionName: 'balanceOf',
            args: [account as Hex, id],
            ...at,
          });
          if (balance > 0n) held.push(`${d.multiToken}:${id}:${balance}`);
        }
        expect(erc1155.sort(), `${chain.key} ${account} ERC-1155`).to.deep.equal(held.sort());
        for (const i of items) expect(i.chainId).to.equal(chain.chainId);
        if (items.length > 0) nonEmpty++;
      }
      expect(nonEmpty, `${chain.key} accounts holding collectibles`).to.be.greaterThan(3);
    }
  });

  it('indexes NFT metadata with the status each token’s metadata earns, and reindexes at most once an hour', async function () {
    const collectionsOf = (chain: ChainModel) => {
      const d = deployed(chain);
      return { critters: d.collections[0]!, relics: d.collections[1]!, items: d.multiToken };
    };
    const tokensOf = (chain: ChainModel, address: string) =>
      everyPage(
        api,
        '/v1/chains/{chainId}/nfts/collections/{address}/tokens',
        { chainId: chain.chainId, address },
        'tokens',
        { pageSize: '100' },
      );
    const all = async () => {
      const out: { chain: ChainModel; name: string; tokens: Doc[] }[] = [];
      for (const chain of [chains.C, chains.L1])
        for (const [name, address] of Object.entries(collectionsOf(chain)))
          out.push({ chain, name, tokens: await tokensOf(chain, address) });
      return out;
    };
    let collections: Awaited<ReturnType<typeof all>> = [];
    await eventually(
      async () => {
        collections = await all();
        return collections.every((c) =>
          c.tokens.every((t) => (t.metadata as Doc).indexStatus !== 'UNINDEXED'),
        );
      },
      60_000,
      'every token’s metadata to be indexed',
    );
    const expectedStatus = {
      valid: 'INDEXED',
      'invalid-json': 'INVALID_METADATA_JSON',
      oversized: 'METADATA_CONTENT_TOO_LARGE',
      'server-error': 'UNREACHABLE_TOKEN_URI',
    } as const;
    const seen = new Set<string>();
    for (const { chain, name, tokens } of collections) {
      expect(tokens.length, `${chain.key} ${name}`).to.be.greaterThan(3);
      for (const t of tokens) {
        const id = BigInt(t.tokenId as string);
        const metadata = t.metadata as Doc;
        const what = `${chain.key} ${name} #${id}: ${JSON.stringify(t)}`;
        if (name === 'relics') {
          expect(metadata.indexStatus, what).to.equal('UNREACHABLE_TOKEN_URI');
          expect(t.tokenUri, what).to.equal(`http://127.0.0.1:9/relics/${id}`);
          continue;
        }
        const behaviour = metadataBehaviour(id);
        seen.add(`${name} ${behaviour}`);
        expect(metadata.indexStatus, what).to.equal(expectedStatus[behaviour]);
        expect(t.tokenUri, what).to.equal(
          name === 'critters'
            ? `${devnetUrl}/metadata/${chain.chainId}/critters/${id}`
            : `${devnetUrl}/metadata/${chain.chainId}/items/{id}.json`,
        );
        expect(t.ercType).to.equal(name === 'critters' ? 'ERC-721' : 'ERC-1155');
        if (behaviour === 'valid') {
          expect(metadata.name, what).to.equal(name === 'critters' ? `Critter #${id}` : `Item ${id}`);
          expect(metadata.imageUri, what).to.be.a('string').and.not.equal('');
          expect(metadata.metadataLastUpdatedTimestamp, what).to.be.a('number');
        } else {
          expect(metadata, what).to.not.have.property('name');
        }
      }
    }
    // The devnet's history reaches every behaviour in the ERC-1155 collection (ids 1–10).
    for (const behaviour of Object.keys(expectedStatus))
      expect(seen, behaviour).to.include(`items ${behaviour}`);
    expect(seen).to.include('critters valid');

    // Reindex: accepted once (201, no body), refused within the hour (429, retry-after), the token unchanged.
    const chain = chains.C;
    const critters = collectionsOf(chain).critters;
    const REINDEX = '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex';
    const values = { chainId: chain.chainId, address: critters, tokenId: '1' };
    const tokenDoc = async () => (await tokensOf(chain, critters)).find((t) => t.tokenId === '1')!;
    const before = await tokenDoc();
    // The refetch must be told from the first fetch by its timestamp (in seconds).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const accepted = await call('POST', REINDEX, values);
    expect(accepted.status, accepted.text).to.equal(201);
    expect(accepted.text).to.equal('');
    const refused = await apiError('POST', REINDEX, values, {}, 429, 'Too Many Requests');
    const retryAfter = refused.headers.get('retry-after');
    expect(retryAfter).to.match(/^[1-9][0-9]*$/);
    expect(Number(retryAfter)).to.be.at.most(3600);
    // The accepted request refetches the metadata…
    let refetched: Doc | undefined;
    await eventually(
      async () => {
        refetched = await tokenDoc();
        return (
          ((refetched.metadata as Doc).metadataLastUpdatedTimestamp as number) >
          ((before.metadata as Doc).metadataLastUpdatedTimestamp as number)
        );
      },
      30_000,
      'the reindexed token to be refetched',
    );
    expect((refetched!.metadata as Doc).indexStatus).to.equal('INDEXED');
    // …and a refused one leaves the token as it is.
    const refusedAgain = await apiError('POST', REINDEX, values, {}, 429, 'Too Many Requests');
    expect(Number(refusedAgain.headers.get('retry-after'))).to.be.within(1, 3600);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await tokenDoc()).to.deep.equal(refetched);
    // A token never seen is a 404; so is a collection the chain does not have.
    await apiError('POST', REINDEX, { ...values, tokenId: '999999' }, {}, 404, 'Not Found');
    await apiError('POST', REINDEX, { ...values, address: `0x${'12'.repeat(20)}` }, {}, 404, 'Not Found');
  });

  it('describes contracts: ERC-20 with the token’s name, symbol and decimals, ERC-721 and ERC-1155 collections, their deployers; an EOA as UNKNOWN', async function () {
    const CONTRACT = '/v1/chains/{chainId}/addresses/{address}';
    for (const chain of [chains.C, chains.L1]) {
      const d = deployed(chain);
      const deployment = (address: string) => chain.deployments.find((x) => x.address === address)!;
      const at = { blockNumber: chain.head };
      const erc20 = (token: string) =>
        Promise.all([
          chain.client.readContract({ address: token as Hex, abi: erc20Abi, functionName: 'name', ...at }),
          chain.client.readContract({ address: token as Hex, abi: erc20Abi, functionName: 'symbol', ...at }),
          chain.client.readContract({
            address: token as Hex,
            abi: erc20Abi,
            functionName: 'decimals',
            ...at,
          }),
        ]);
      const erc721 = (collection: string) =>
        Promise.all([
          chain.client.readContract({
            address: collection as Hex,
            abi: erc721Abi,
            functionName: 'name',
            ...at,
          }),
          chain.client.readContract({
            address: collection as Hex,
            abi: erc721Abi,
            functionName: 'symbol',
            ...at,
          }),
        ]);
      for (const token of d.tokens) {
        const doc = await api(CONTRACT, { chainId: chain.chainId, address: token });
        const [name, symbol, decimals] = await erc20(token);
        expect(doc, token).to.deep.include({ ercType: 'ERC-20', name, symbol, decimals });
        expect(lower(doc.address as string)).to.equal(token);
        const details = doc.deploymentDetails as Doc;
        expect(lower(details.deployerAddress as string)).to.equal(deployment(token).deployer);
        expect(details.txHash).to.equal(deployment(token).txHash);
      }
      expect((await api(CONTRACT, { chainId: chain.chainId, address: d.tokens[0]! })).symbol).to.equal(
        'DUSD',
      );
      for (const collection of d.collections) {
        const doc = await api(CONTRACT, { chainId: chain.chainId, address: collection });
        const [name, symbol] = await erc721(collection);
        expect(doc, collection).to.deep.include({ ercType: 'ERC-721', name, symbol });
        expect(doc).to.not.have.property('decimals');
        expect(lower((doc.deploymentDetails as Doc).deployerAddress as string)).to.equal(deployer);
      }
      const multi = await api(CONTRACT, { chainId: chain.chainId, address: d.multiToken });
      expect(multi.ercType).to.equal('ERC-1155');
      expect(lower((multi.deploymentDetails as Doc).deployerAddress as string)).to.equal(deployer);
      // A contract a contract created: the transaction's sender deployed it, through the factory.
      const child = factoryChild(chain);
      const childDoc = await api(CONTRACT, { chainId: chain.chainId, address: child.address });
      expect(childDoc.ercType).to.equal('UNKNOWN');
      expect(childDoc.deploymentDetails).to.deep.include({ txHash: child.txHash });
      const childDetails = childDoc.deploymentDetails as Doc;
      expect(lower(childDetails.deployerAddress as string)).to.equal(child.sender);
      expect(lower(childDetails.deployerContractAddress as string)).to.equal(child.factory);
      // Accounts are no contracts.
      for (const eoa of [deployer, passiveAddress(chain)]) {
        const doc = await api(CONTRACT, { chainId: chain.chainId, address: eoa });
        expect(doc.ercType, eoa).to.equal('UNKNOWN');
        expect(doc).to.not.have.property('deploymentDetails');
      }
    }
  });

  it('gives native balances as eth_getBalance does, at the head and at earlier blocks; a block above the head is a 400', async function () {
    const NATIVE = '/v1/chains/{chainId}/addresses/{address}/balances:getNative';
    for (const chain of [chains.C, chains.L1]) {
      const d = deployed(chain);
      const addresses = [
        ...busiestSenders(chain, 3),
        passiveAddress(chain),
        d.factory,
        accounts[ACCOUNTS - 1]!,
      ];
      for (const address of addresses) {
        const values = { chainId: chain.chainId, address };
        const latest = (await api(NATIVE, values)).nativeTokenBalance as Doc;
        expect(latest.balance, `${chain.key} ${address} latest`).to.equal(
          (await chain.client.getBalance({ address: address as Hex, blockNumber: chain.head })).toString(),
        );
        expect(latest.chainId).to.equal(chain.chainId);
        for (const blockNumber of [0n, chain.head / 3n, chain.head / 2n, chain.head]) {
          const at = (await api(NATIVE, values, { blockNumber: String(blockNumber) }))
            .nativeTokenBalance as Doc;
          expect(at.balance, `${chain.key} ${address} at ${blockNumber}`).to.equal(
            (await chain.client.getBalance({ address: address as Hex, blockNumber })).toString(),
          );
        }
      }
      const earlier = (
        (await api(NATIVE, { chainId: chain.chainId, address: deployer }, { blockNumber: '1' }))
          .nativeTokenBalance as Doc
      ).balance;
      expect(earlier).to.not.equal(
        ((await api(NATIVE, { chainId: chain.chainId, address: deployer })).nativeTokenBalance as Doc)
          .balance,
      );
      await apiError(
        'GET',
        NATIVE,
        { chainId: chain.chainId, address: deployer },
        { blockNumber: String(chain.head + 1n) },
        400,
        'Bad Request',
      );
    }
  });

  it('lists ICM messages by sender and recipient across both chains, newest first, delivered or pending as the chains say', async function () {
    const sends = [...chains.C.sends, ...chains.L1.sends];
    const receives = new Map([...chains.C.receives, ...chains.L1.receives].map((r) => [r.messageId, r]));
    const receiptsBack = new Set([...chains.C.receiptsReceived, ...chains.L1.receiptsReceived]);
    expect(sends.length).to.be.greaterThan(5);
    expect(new Set(sends.map((s) => s.chain)).size).to.equal(2);
    const blockchainIdOf = (key: ChainKey) => chains[key].blockchainId;
    const keyOf = (blockchainIdHex: Hex): ChainKey =>
      encodeCb58(Buffer.from(blockchainIdHex.slice(2), 'hex')) === chains.C.blockchainId ? 'C' : 'L1';
    // Every message the devnet's chains sent, as its events give it.
    const expected = sends.map((send) => {
      const receive = receives.get(send.messageId);
      const destination = keyOf(send.message.destinationBlockchainID);
      return {
        messageId: send.messageId,
        icmContractAddress: send.contract,
        sourceBlockchainId: blockchainIdOf(send.chain),
        destinationBlockchainId: blockchainIdOf(destination),
        sourceEvmChainId: chains[send.chain].chainId,
        destinationEvmChainId: chains[destination].chainId,
        messageNonce: send.message.messageNonce.toString(),
        from: lower(send.message.originSenderAddress),
        to: lower(send.message.destinationAddress),
        data: send.message.message,
        receipts: send.message.receipts.map((r) => ({
          receivedMessageNonce: r.receivedMessageNonce.toString(),
          relayerRewardAddress: lower(r.relayerRewardAddress),
        })),
        messageExecuted: receive?.executed ?? false,
        receiptDelivered: receiptsBack.has(send.messageId),
        rewardDetails: { address: send.feeToken, value: send.feeAmount.toString() },
        sourceTransaction: { txHash: send.txHash, timestamp: Number(send.timestamp) },
        ...(receive
          ? {
              destinationTransaction: {
                txHash: receive.txHash,
                timestamp: Number(receive.timestamp),
                rewardRedeemer: receive.rewardRedeemer,
                delivererAddress: receive.deliverer,
              },
            }
          : {}),
        status: receive ? 'delivered' : 'pending',
      };
    });
    // Every received message was sent by an indexed chain (the chains are indexed from their genesis).
    for (const r of receives.values()) expect(sends.map((s) => s.messageId)).to.include(r.messageId);
    for (const r of receives.values()) {
      const send = sends.find((s) => s.messageId === r.messageId)!;
      expect(r.message.messageNonce).to.equal(send.message.messageNonce);
      expect(encodeCb58(Buffer.from(r.sourceBlockchainId.slice(2), 'hex'))).to.equal(
        blockchainIdOf(send.chain),
      );
    }
    const delivered = expected.filter((m) => m.status === 'delivered');
    expect(new Set(delivered.map((m) => m.messageExecuted))).to.deep.equal(new Set([true, false]));
    expect(expected.some((m) => m.receiptDelivered)).to.equal(true);
    expect(expected.some((m) => m.receipts.length > 0)).to.equal(true);
    const statuses = new Set(expected.map((m) => m.status));
    expect(statuses, 'the history has delivered and pending messages').to.deep.equal(
      new Set(['delivered', 'pending']),
    );
    const d = deployed(chains.C);
    expect(deployed(chains.L1).receiver).to.equal(d.receiver);
    const eoaRecipient = expected.find((m) => m.to !== d.receiver)?.to;
    expect(eoaRecipient, 'a message to an account').to.be.a('string');
    for (const address of [deployer, d.receiver, eoaRecipient!]) {
      const mine = expected.filter((m) => m.from === address || m.to === address);
      expect(mine.length, address).to.be.greaterThan(0);
      const listedMessages = await everyPage(
        api,
        '/v1/icm/addresses/{address}/messages',
        { address },
        'messages',
        { pageSize: '4' },
      );
      const ids = listedMessages.map((m) => m.messageId as string);
      expect(new Set(ids).size, `${address}: no message twice`).to.equal(ids.length);
      expect([...ids].sort(), address).to.deep.equal(mine.map((m) => m.messageId).sort());
      // Newest first.
      const times = listedMessages.map((m) => (m.sourceTransaction as Doc).timestamp as number);
      for (let i = 1; i < times.length; i++)
        expect(times[i - 1]!, `${address} order`).to.be.at.least(times[i]!);
      for (const m of listedMessages) {
        const want = mine.find((x) => x.messageId === m.messageId)!;
        expect(comparableIcmMessage(m), `${address}: ${m.messageId as string}`).to.deep.equal(want);
      }
    }
    // A transaction that sent or delivered a message names it.
    for (const send of sends.slice(0, 10)) {
      const doc = await api('/v1/chains/{chainId}/transactions/{txHash}', {
        chainId: chains[send.chain].chainId,
        txHash: send.txHash,
      });
      expect(doc.teleporterMessageInfo, send.txHash).to.deep.include({
        teleporterMessageId: send.messageId,
        direction: 'SOURCE_TRANSACTION',
      });
    }
    for (const receive of [...receives.values()].slice(0, 10)) {
      const doc = await api('/v1/chains/{chainId}/transactions/{txHash}', {
        chainId: chains[receive.chain].chainId,
        txHash: receive.txHash,
      });
      expect(doc.teleporterMessageInfo, receive.txHash).to.deep.include({
        teleporterMessageId: receive.messageId,
        direction: 'DESTINATION_TRANSACTION',
      });
    }
    // On the network the chains are on, and none on the other.
    const onFuji = await api(
      '/v1/icm/addresses/{address}/messages',
      { address: d.receiver },
      { network: 'fuji' },
    );
    expect((onFuji.messages as Doc[]).length).to.be.greaterThan(0);
    const onMainnet = await api(
      '/v1/icm/addresses/{address}/messages',
      { address: d.receiver },
      { network: 'mainnet' },
    );
    expect(onMainnet.messages).to.deep.equal([]);
  });

  it('answers every route with documents that validate against the official OpenAPI document', async function () {
    const chain = chains.C;
    const d = deployed(chain);
    // A few more shapes: a filtered chain list, a collection filter, another currency.
    await api('/v1/chains', {}, { feature: 'nftIndexing' });
    const filtered = await api(
      '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
      { chainId: chain.chainId, address: accounts[1]! },
      { contractAddress: d.multiToken, pageSize: '100' },
    );
    for (const item of filtered.collectibleBalances as Doc[])
      expect(lower(item.address as string)).to.equal(d.multiToken);
    await api(
      '/v1/chains/{chainId}/addresses/{address}/balances:getNative',
      { chainId: chain.chainId, address: deployer },
      { currency: 'eur' },
    );
    await apiError(
      'GET',
      '/v1/chains/{chainId}/addresses/{address}',
      { chainId: 'nope', address: deployer },
      {},
      400,
      'Bad Request',
    );
    // Every route above answered, and each answer (errors included) was checked against the document.
    const routes = [
      'GET /v1/chains',
      'GET /v1/chains/{chainId}',
      'GET /v1/chains/{chainId}/addresses/{address}',
      'GET /v1/chains/{chainId}/addresses/{address}/balances:getNative',
      'GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
      'GET /v1/chains/{chainId}/addresses/{address}/transactions',
      'GET /v1/chains/{chainId}/transactions/{txHash}',
      'GET /v1/chains/{chainId}/nfts/collections/{address}/tokens',
      'GET /v1/icm/addresses/{address}/messages',
    ];
    for (const route of routes) expect(validated, route).to.include(`${route} 200`);
    for (const answer of [
      'GET /v1/chains/{chainId} 404',
      'GET /v1/chains/{chainId}/transactions/{txHash} 404',
      'GET /v1/chains/{chainId}/addresses/{address}/transactions 400',
      'GET /v1/chains/{chainId}/addresses/{address}/balances:getNative 400',
      'POST /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex 201',
      'POST /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex 429',
      'POST /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex 404',
    ])
      expect(validated, answer).to.include(answer);
  });

  it('serves every list query from an index (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const { rows: ids } = await pool.query<{ id: number; evm_chain_id: string }>(
        'SELECT id, evm_chain_id FROM evm_data.chains ORDER BY id',
      );
      const chainKey = ids.find((r) => r.evm_chain_id === chains.C.chainId)!.id;
      const d = deployed(chains.C);
      const busy = Buffer.from(busiestSenders(chains.C, 1)[0]!.slice(2), 'hex');
      const multi = Buffer.from(d.multiToken.slice(2), 'hex');
      const busyTxs = chains.C.byAddress.get(busiestSenders(chains.C, 1)[0]!)!;
      const keys = busyTxs.slice(0, 10).map((t) => ({ blockNumber: t.blockNumber, txIndex: t.blockIndex }));
      const hex = (n: bigint | number) => n.toString(16);
      // The queries services/evm-data/store/reader.ts issues, recorded as it runs them.
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new EvmDataReader(recording);
      for (const order of ['asc', 'desc'] as const) {
        await reader.addressTransactionKeys(chainKey, busy, {}, order, 11, '');
        await reader.addressTransactionKeys(
          chainKey,
          busy,
          { startBlock: 5n, endBlock: 300n },
          order,
          11,
          `${hex(keys[3]!.blockNumber)}:${hex(keys[3]!.txIndex)}`,
        );
      }
      await reader.transactions(chainKey, keys);
      await reader.transactionByHash(chainKey, Buffer.from(busyTxs[0]!.hash.slice(2), 'hex'));
      for (const address of [busy, undefined]) {
        await reader.transfers(chainKey, keys, address);
        await reader.internals(chainKey, keys, address);
      }
      await reader.contracts(chainKey, [busy, multi]);
      await reader.collectibles(chainKey, busy, undefined, 11, '');
      await reader.collectibles(chainKey, busy, multi, 11, `${multi.toString('hex')}:${hex(3)}`);
      const collection = Buffer.from(d.collections[0]!.slice(2), 'hex');
      await reader.collectionTokens(chainKey, collection, 11, '');
      await reader.collectionTokens(chainKey, collection, 11, hex(5));
      await reader.nftTokens(chainKey, [
        { contract: multi, tokenId: '1' },
        { contract: multi, tokenId: '2' },
      ]);
      const deployerAddress = Buffer.from(deployer.slice(2), 'hex');
      // The first page has messages, so the sends, receives and receipts of its messages are read too.
      expect(await reader.icmMessages(deployerAddress, 11, '')).to.not.be.empty;
      await reader.icmMessages(
        deployerAddress,
        11,
        `${hex(chains.C.txs[200]!.timestamp)}:${'80'.repeat(32)}`,
      );
      await reader.icmOfTransaction(Buffer.from(busyTxs[0]!.hash.slice(2), 'hex'));
      expect(recorded.length).to.be.greaterThan(20);
      await expectServedByIndexes(
        pool,
        recorded,
        'SELECT * FROM evm_data.transactions WHERE input IS NOT NULL',
      );
    } finally {
      await pool.end();
    }
  });

  it('pages an address’s transactions so that any page size and order yields each one exactly once, in order (property)', async function () {
    const chain = chains.L1;
    // A busy account with a list long enough to page, short enough to page one by one.
    const [address] = busiestSenders(chain, 3)
      .map((a) => [a, chain.byAddress.get(a)!.length] as const)
      .sort((a, b) => a[1] - b[1])[0]!;
    const expected = chain.byAddress.get(address)!.map((t) => t.hash);
    expect(expected.length).to.be.within(20, 400);
    const hashes = async (pageSize: number, sortOrder: string) =>
      (await addressTxs(chain, address, { pageSize: String(pageSize), sortOrder })).map(
        (t) => (t.nativeTransaction as Doc).txHash as string,
      );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom('asc', 'desc'),
        async (pageSize, order) => {
          const items = await hashes(pageSize, order);
          expect(new Set(items).size, 'no transaction twice').to.equal(items.length);
          expect(items, `${order} by ${pageSize}`).to.deep.equal(
            order === 'asc' ? expected : [...expected].reverse(),
          );
        },
      ),
      { numRuns: 12, seed: 20260101 },
    );
  });
});
