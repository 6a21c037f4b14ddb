import { utils, Utxo as AvaxUtxo, type TransferOutput } from '@avalabs/avalanchejs';
import { officialSdk } from '../support/chainkit.ts';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import type { Devnet } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { pChainGenesisOutputs } from '../../services/devnet/genesis.ts';
import { stakersAt } from '../../services/devnet/validator-sets.ts';
import { HoldingsReader } from '../../services/primary-network/store/holdings.ts';
import { PrimaryNetworkReader } from '../../services/primary-network/store/reader.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { formatBech32 } from '../../services/runtime/formatting/address.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import type { TestDatabase } from '../support/database.ts';
import { SHARED_DEVNET } from '../support/devnets.ts';
import { jsonRpcResult } from '../support/devnet-process.ts';
import { startPrimaryNetworkStack, type PrimaryNetworkStack } from '../support/primary-network-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * Balances, assets, vertices, the blocks a node proposed, last activity, the chains an address touched and AVAX's
 * supply, through gateway-data, against the shared devnet history: every value is compared with what the devnet
 * itself answers (platform.*, avm.*, avax.*), its containers, or its own modules.
 */
const PARAMETERS = SHARED_DEVNET;
const FUJI = IDENTITIES.fuji;
const CHAIN_IDS = { P: FUJI.pChainId, X: FUJI.xChainId, C: FUJI.cChainId } as const;
type Chain = keyof typeof CHAIN_IDS;
const ALIASES = { P: 'p-chain', X: 'x-chain', C: 'c-chain' } as const;
const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';
const NANO_AVAX = 1_000_000_000n;
const GENESIS_SUPPLY = 360_000_000n * NANO_AVAX;
const CODECS = { P: 'PVM', X: 'AVM', C: 'EVM' } as const;
type Doc = Record<string, unknown>;

interface Aggregated {
  assetId: string;
  amount: string;
  utxoCount: number;
  type: string;
  sharedWithChainId?: string;
}

/** Sums per asset id of the decoded UTXOs (hex as a node serves them). */
function sumUtxos(chain: Chain, hexUtxos: string[]): Map<string, { amount: bigint; count: number }> {
  const codec = utils.getManagerForVM(CODECS[chain]).getDefaultCodec();
  const sums = new Map<string, { amount: bigint; count: number }>();
  for (const text of hexUtxos) {
    const bytes = Buffer.from(text.slice(2, -8), 'hex');
    const [utxo] = AvaxUtxo.fromBytes(bytes.subarray(2), codec);
    const output = utxo.output as TransferOutput;
    if (typeof output.amount !== 'function') continue; // an NFT output: no amount
    const assetId = utxo.assetId.toString();
    const entry = sums.get(assetId) ?? { amount: 0n, count: 0 };
    entry.amount += output.amount();
    entry.count += 1;
    sums.set(assetId, entry);
  }
  return sums;
}

function byAsset(entries: Aggregated[]): Map<string, { amount: bigint; count: number }> {
  const sums = new Map<string, { amount: bigint; count: number }>();
  for (const e of entries) {
    const entry = sums.get(e.assetId) ?? { amount: 0n, count: 0 };
    entry.amount += BigInt(e.amount);
    entry.count += e.utxoCount;
    sums.set(e.assetId, entry);
  }
  return sums;
}

/** nAVAX in the supply's AVAX decimal text. */
function avax(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * NANO_AVAX + BigInt(fraction.padEnd(9, '0'));
}

describe('primary-network balances, assets, vertices, activity and supply', function () {
  this.timeout(600_000);
  let stack: PrimaryNetworkStack;
  let devnet: Devnet;
  let db: TestDatabase;
  let gatewayUrl: string;
  let devnetUrl: string;
  const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts);
  const address = (chain: Chain, i: number) => `${chain}-${formatBech32('fuji', accounts[i]!.address)}`;
  const sdk = officialSdk({ network: 'fuji' });
  let viaGateway: { serverURL: string; retries: { strategy: 'none' } };

  before(async function () {
    stack = await startPrimaryNetworkStack(PARAMETERS);
    ({ devnet, db, gatewayUrl, devnetUrl } = stack);
    viaGateway = { serverURL: gatewayUrl, retries: { strategy: 'none' } };
  });

  after(async function () {
    await stack?.stop();
  });

  /** Calls gateway-data (a POST when there is a body), checks the reply against the official document. */
  async function api(
    template: string,
    values: Record<string, string>,
    query: Record<string, string | string[]> = {},
    body?: unknown,
    expectedStatus = 200,
  ): Promise<Doc> {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) search.append(k, item);
    const method = body === undefined ? 'GET' : 'POST';
    const response = await fetch(`${gatewayUrl}${path}${search.size > 0 ? `?${search.toString()}` : ''}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Doc;
    expect(response.status, `${path} ${JSON.stringify(json).slice(0, 500)}`).to.equal(expectedStatus);
    assertDataApiResponse(method, template, response.status, json);
    return json;
  }

  async function everyPage(
    template: string,
    values: Record<string, string>,
    listField: string,
    query: Record<string, string | string[]> = {},
  ): Promise<Doc[]> {
    const items: Doc[] = [];
    let token: string | undefined;
    do {
      const page = await api(template, values, { ...query, ...(token ? { pageToken: token } : {}) });
      items.push(...(page[listField] as Doc[]));
      token = page.nextPageToken as string | undefined;
      if (token !== undefined) expect(token).to.be.a('string').and.not.equal('');
    } while (token !== undefined);
    return items;
  }

  /** A JSON-RPC method of the devnet, as a node answers it at `path` (e.g. /ext/bc/P). */
  const node = <T>(path: string, method: string, params: Record<string, unknown> = {}): Promise<T> =>
    jsonRpcResult<T>(`${devnetUrl}${path}`, method, params);

  /** Every UTXO a node serves for the address (its own chain's, or shared memory's from `sourceChain`). */
  async function nodeUtxos(path: string, method: string, owner: string, sourceChain?: string) {
    const utxos: string[] = [];
    let startIndex: unknown;
    for (;;) {
      const page = await node<{ utxos: string[]; endIndex: unknown; numFetched: string }>(path, method, {
        addresses: [owner],
        limit: 1024,
        encoding: 'hex',
        ...(sourceChain ? { sourceChain } : {}),
        ...(startIndex ? { startIndex } : {}),
      });
      utxos.push(...page.utxos);
      if (Number(page.numFetched) < 1024) return utxos;
      startIndex = page.endIndex;
    }
  }

  const balances = (chain: Chain, addresses: string, query: Record<string, string> = {}) =>
    api(`${BASE}/balances`, { network: 'fuji', blockchainId: ALIASES[chain] }, { addresses, ...query });

  it('gives each account’s P-Chain balances as the devnet’s platform API and staking plan do', async function () {
    const tip = devnet.pChain.tip.height;
    const held = devnet.pChain.staking.everyStaker.filter(
      (s) => s.removedAtHeight === undefined || s.removedAtHeight > tip,
    );
    expect(held.length).to.be.greaterThan(0);
    let stakedSeen = 0n;
    let atomicSeen = 0;
    for (let i = 0; i < accounts.length; i++) {
      const { balances: b, chainInfo } = (await balances('P', address('P', i))) as {
        balances: Record<string, Aggregated[]>;
        chainInfo: unknown;
      };
      expect(chainInfo).to.deep.equal({ chainName: 'p-chain', network: 'fuji' });
      const reply = await node<{ unlockeds: Record<string, string>; utxoIDs: unknown[] | null }>(
        '/ext/bc/P',
        'platform.getBalance',
        { addresses: [address('P', i)] },
      );
      const unlocked = byAsset(b.unlockedUnstaked!);
      expect(
        Object.fromEntries([...unlocked].map(([id, e]) => [id, e.amount.toString()])),
        `account ${i}`,
      ).to.deep.equal(reply.unlockeds);
      expect([...unlocked.values()].reduce((n, e) => n + e.count, 0)).to.equal(reply.utxoIDs?.length ?? 0);
      // The stake the staking plan holds for this account: its stakers not yet rewarded.
      const owner = Buffer.from(accounts[i]!.address);
      let stake = 0n;
      let stakeOutputs = 0;
      for (const s of held) {
        for (const o of s.stake) {
          const out = o.output as TransferOutput;
          if (!out.outputOwners.addrs.some((a) => Buffer.from(a.toBytes()).equals(owner))) continue;
          stake += out.amount();
          stakeOutputs += 1;
        }
      }
      const staked = [...b.unlockedStaked!, ...b.pendingStaked!, ...b.lockedStaked!];
      expect(
        staked.reduce((sum, e) => sum + BigInt(e.amount), 0n),
        `account ${i} staked`,
      ).to.equal(stake);
      expect(staked.reduce((n, e) => n + e.utxoCount, 0)).to.equal(stakeOutputs);
      stakedSeen += stake;
      // The devnet's outputs carry no locktime.
      expect(b.lockedPlatform).to.deep.equal([]);
      expect(b.lockedStakeable).to.deep.equal([]);
      // Atomic memory: what the X- and C-Chain exported to the P-Chain and it has not imported.
      await expectAtomicMemory('P', i, b.atomicMemoryUnlocked!, b.atomicMemoryLocked!);
      atomicSeen += b.atomicMemoryUnlocked!.length;
    }
    expect(stakedSeen > 0n, 'some stake held').to.equal(true);
    // Every export was imported by the head: shared memory is empty there (see the balances at a time below).
    expect(atomicSeen).to.equal(0);
  });

  /** Shared memory as the devnet's node serves it (getUTXOs with a source chain) equals the atomic balances. */
  async function expectAtomicMemory(chain: Chain, i: number, unlocked: Aggregated[], locked: Aggregated[]) {
    expect(locked).to.deep.equal([]);
    const [path, method] = (
      {
        P: ['/ext/bc/P', 'platform.getUTXOs'],
        X: ['/ext/bc/X', 'avm.getUTXOs'],
        C: ['/ext/bc/C/avax', 'avax.getUTXOs'],
      } as const
    )[chain];
    for (const source of (['P', 'X', 'C'] as const).filter((c) => c !== chain)) {
      const expected = sumUtxos(chain, await nodeUtxos(path, method, address(chain, i), CHAIN_IDS[source]));
      const listed = byAsset(unlocked.filter((e) => e.sharedWithChainId === CHAIN_IDS[source]));
      expect(listed, `${chain} account ${i} from ${source}`).to.deep.equal(expected);
    }
  }

  it('gives each account’s X-Chain balances as avm.getAllBalances does, and C-Chain atomic memory as avax.getUTXOs', async function () {
    for (let i = 0; i < accounts.length; i++) {
      const x = (await balances('X', address('X', i))).balances as Record<string, Aggregated[]>;
      const { balances: all } = await node<{ balances: { asset: string; balance: string }[] }>(
        '/ext/bc/X',
        'avm.getAllBalances',
        { address: address('X', i) },
      );
      const expected = Object.fromEntries(
        all
          .filter((e) => e.balance !== '0')
          .map((e) => [e.asset === 'AVAX' ? FUJI.avaxAssetId : e.asset, e.balance]),
      );
      const fungible = byAsset(x.unlocked!.filter((e) => e.type === 'secp256k1'));
      expect(
        Object.fromEntries([...fungible].map(([id, e]) => [id, e.amount.toString()])),
        `X account ${i}`,
      ).to.deep.equal(expected);
      expect(x.locked).to.deep.equal([]);
      await expectAtomicMemory('X', i, x.atomicMemoryUnlocked!, x.atomicMemoryLocked!);
      const c = (await balances('C', address('C', i))).balances as Record<string, Aggregated[]>;
      expect(Object.keys(c).sort()).to.deep.equal(['atomicMemoryLocked', 'atomicMemoryUnlocked']);
      await expectAtomicMemory('C', i, c.atomicMemoryUnlocked!, c.atomicMemoryLocked!);
    }
    // Several accounts together: each UTXO once, whoever of them owns it.
    const together = (await balances('X', `${address('X', 0)},${address('X', 1)}`)).balances as Record<
      string,
      Aggregated[]
    >;
    const one = (await balances('X', address('X', 0))).balances as Record<string, Aggregated[]>;
    const two = (await balances('X', address('X', 1))).balances as Record<string, Aggregated[]>;
    const sum = (entries: Aggregated[]) => entries.reduce((n, e) => n + BigInt(e.amount), 0n);
    expect(sum(together.unlocked!)).to.equal(sum(one.unlocked!) + sum(two.unlocked!));
  });

  it('gives balances at a time: at genesis, the genesis allocation; at the head, today’s', async function () {
    const genesis = pChainGenesisOutputs(accounts);
    const atGenesis = (await balances('P', address('P', 0), {
      blockTimestamp: String(PARAMETERS.genesisTimeSeconds),
    })) as { balances: Record<string, Aggregated[]> };
    expect(atGenesis.balances.unlockedUnstaked!.map((e) => [e.assetId, e.amount, e.utxoCount])).to.deep.equal(
      [[FUJI.avaxAssetId, String(genesis[0]!.amount), 1]],
    );
    expect(atGenesis.balances.unlockedStaked).to.deep.equal([]);
    const before = await balances('P', address('P', 0), {
      blockTimestamp: String(PARAMETERS.genesisTimeSeconds - 1n),
    });
    expect((before.balances as Record<string, unknown[]>).unlockedUnstaked).to.deep.equal([]);
    const head = Number(devnet.pChain.tip.timeSeconds);
    for (const chain of ['P', 'X', 'C'] as const) {
      const now = await balances(chain, address(chain, 2));
      const atHead = await balances(chain, address(chain, 2), { blockTimestamp: String(head + 86_400) });
      expect(atHead, chain).to.deep.equal(now);
    }
    // Between an export and its import, the exported UTXOs wait in the destination's shared memory.
    let pending = 0;
    for (const [source, destination] of [
      ['X', 'P'],
      ['P', 'X'],
      ['X', 'C'],
    ] as const) {
      const exports = await everyPage(
        `${BASE}/transactions`,
        { network: 'fuji', blockchainId: ALIASES[source] },
        'transactions',
        {
          pageSize: '100',
          txTypes: 'ExportTx',
          addresses: accounts.map((_, i) => address(source, i)).join(','),
        },
      );
      for (const tx of exports) {
        const at = Number(tx.blockTimestamp ?? tx.timestamp);
        const exported = (tx.emittedUtxos as Doc[]).filter(
          (u) =>
            u.consumedOnChainId === CHAIN_IDS[destination] &&
            Number(u.consumingTxTimestamp ?? u.consumingBlockTimestamp) > at,
        );
        if (exported.length === 0) continue;
        const owner = `${destination}-${(exported[0]!.addresses as string[])[0]!}`;
        const b = (await balances(destination, owner, { blockTimestamp: String(at) })).balances as Record<
          string,
          Aggregated[]
        >;
        const waiting = b.atomicMemoryUnlocked!.filter((e) => e.sharedWithChainId === CHAIN_IDS[source]);
        const mine = exported.filter((u) => (u.addresses as string[]).includes(owner.slice(2)));
        expect(
          waiting.reduce((n, e) => n + e.utxoCount, 0),
          String(tx.txHash),
        ).to.be.at.least(mine.length);
        pending += 1;
        break;
      }
    }
    expect(pending, 'exports seen waiting').to.be.greaterThan(0);
    // Through the official SDK.
    const viaSdk = await sdk.data.primaryNetwork.balances.listByAddresses(
      { blockchainId: 'p-chain', network: 'fuji', addresses: address('P', 0) },
      viaGateway,
    );
    expect(viaSdk).to.have.nested.property('balances.unlockedUnstaked');
  });

  it('describes every asset as avm.getAssetDescription does, and lists its transactions as the X-Chain has them', async function () {
    const X = { network: 'fuji', blockchainId: 'x-chain' };
    const created = (
      await everyPage(`${BASE}/transactions`, X, 'transactions', { pageSize: '100', sortOrder: 'asc' })
    ).filter((t) => t.txType === 'CreateAssetTx');
    expect(created.length).to.be.greaterThan(0);
    const xTxs = await everyPage(`${BASE}/transactions`, X, 'transactions', { pageSize: '100' });
    for (const assetId of [FUJI.avaxAssetId, ...created.map((t) => t.txHash as string)]) {
      const asset = await api(`${BASE}/assets/{assetId}`, { ...X, assetId });
      const description = await node<{ assetID: string; name: string; symbol: string; denomination: number }>(
        '/ext/bc/X',
        'avm.getAssetDescription',
        { assetID: assetId },
      );
      expect(asset).to.deep.include({
        assetId: description.assetID,
        name: description.name,
        symbol: description.symbol,
        denomination: Number(description.denomination),
      });
      const creation = created.find((t) => t.txHash === assetId);
      if (creation) expect(asset.createdAtTimestamp).to.equal(creation.timestamp);
      // The X-Chain's transactions that consumed or emitted the asset, latest first.
      const touches = (t: Doc) =>
        [...(t.consumedUtxos as Doc[]), ...(t.emittedUtxos as Doc[])].some(
          (u) => (u.asset as Doc).assetId === assetId,
        );
      const expected = xTxs.filter(touches).map((t) => t.txHash);
      const listed = await everyPage(
        `${BASE}/assets/{assetId}/transactions`,
        { ...X, assetId },
        'transactions',
        {
          pageSize: '7',
        },
      );
      expect(
        listed.map((t) => t.txHash),
        assetId,
      ).to.deep.equal(expected);
      expect(expected.length).to.be.greaterThan(0);
    }
    // Every page size pages each of AVAX's transactions exactly once, in order.
    const avaxPath = `${BASE}/assets/{assetId}/transactions`;
    const avaxValues = { ...X, assetId: FUJI.avaxAssetId };
    const everyAvaxTx = (await everyPage(avaxPath, avaxValues, 'transactions', { pageSize: '100' })).map(
      (t) => t.txHash,
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 100 }), async (pageSize) => {
        const paged = await everyPage(avaxPath, avaxValues, 'transactions', { pageSize: String(pageSize) });
        expect(paged.map((t) => t.txHash)).to.deep.equal(everyAvaxTx);
      }),
      { numRuns: 5 },
    );
    const fungible = created[0]!.txHash as string;
    const viaSdk = await sdk.data.primaryNetwork.getAssetDetails(
      { blockchainId: 'x-chain', network: 'fuji', assetId: fungible },
      viaGateway,
    );
    expect(viaSdk.assetId).to.equal(fungible);
    const pages = await sdk.data.primaryNetwork.transactions.listAssetTransactions(
      { blockchainId: 'x-chain', network: 'fuji', assetId: fungible, pageSize: 2 },
      viaGateway,
    );
    let count = 0;
    for await (const page of pages) count += page.result.transactions.length;
    expect(count).to.be.greaterThan(0);
    // Only transactions of the types asked for; an asset nobody created is a 404.
    const imports = await everyPage(
      `${BASE}/assets/{assetId}/transactions`,
      { ...X, assetId: FUJI.avaxAssetId },
      'transactions',
      {
        txTypes: ['ImportTx', 'ExportTx'],
        pageSize: '100',
      },
    );
    const movesAvax = (t: Doc) =>
      [...(t.consumedUtxos as Doc[]), ...(t.emittedUtxos as Doc[])].some(
        (u) => (u.asset as Doc).assetId === FUJI.avaxAssetId,
      );
    expect(imports.map((t) => t.txHash)).to.deep.equal(
      xTxs
        .filter((t) => ['ImportTx', 'ExportTx'].includes(t.txType as string) && movesAvax(t))
        .map((t) => t.txHash),
    );
    expect(imports.length).to.be.greaterThan(0);
    await api(
      `${BASE}/assets/{assetId}`,
      { ...X, assetId: encodeCb58(new Uint8Array(32).fill(5)) },
      {},
      undefined,
      404,
    );
  });

  it('lists the X-Chain’s vertices, latest first, and each by its hash, as the devnet’s X/vtx index holds them', async function () {
    const X = { network: 'fuji', blockchainId: 'x-chain' };
    const containers = await devnet.containers.range('X/vtx', 0n, 1_000_000n);
    expect(containers.length).to.be.greaterThan(1);
    const listed = await everyPage(`${BASE}/vertices`, X, 'vertices', { pageSize: '100' });
    expect(listed.map((v) => v.vertexHash)).to.deep.equal(containers.map((c) => encodeCb58(c.id)).reverse());
    expect(listed.map((v) => v.vertexIndex)).to.deep.equal(containers.map((_, i) => i).reverse());
    for (const [i, c] of containers.entries()) {
      const vertex = await api(`${BASE}/vertices/{vertexHash}`, { ...X, vertexHash: encodeCb58(c.id) });
      expect(vertex).to.deep.equal(listed[containers.length - 1 - i]);
      expect(vertex.vertexSizeBytes).to.equal(c.bytes.length);
    }
    // Every page size pages every vertex exactly once, in order.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), async (pageSize) => {
        const paged = await everyPage(`${BASE}/vertices`, X, 'vertices', { pageSize: String(pageSize) });
        expect(paged).to.deep.equal(listed);
      }),
      { numRuns: 8 },
    );
    const viaSdk: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.vertices.listLatest(
      { blockchainId: 'x-chain', network: 'fuji', pageSize: 3 },
      viaGateway,
    ))
      viaSdk.push(...page.result.vertices.map((v) => v.vertexHash));
    expect(viaSdk).to.deep.equal(listed.map((v) => v.vertexHash));
    const one = await sdk.data.primaryNetwork.vertices.getByHash(
      { blockchainId: 'x-chain', network: 'fuji', vertexHash: viaSdk[0]! },
      viaGateway,
    );
    expect(one.vertexHash).to.equal(viaSdk[0]);
    await api(
      `${BASE}/vertices/{vertexHash}`,
      { ...X, vertexHash: encodeCb58(new Uint8Array(32).fill(6)) },
      {},
      undefined,
      404,
    );
  });

  it('lists no blocks for any node: the devnet’s proposervm blocks are unsigned, so none names its proposer', async function () {
    const nodes = [...new Set(devnet.pChain.staking.everyStaker.map((s) => s.nodeId))];
    expect(nodes.length).to.be.greaterThan(0);
    for (const chain of ['P', 'X', 'C'] as const) {
      for (const nodeId of nodes.slice(0, 3)) {
        const page = await api(`${BASE}/nodes/{nodeId}/blocks`, {
          network: 'fuji',
          blockchainId: ALIASES[chain],
          nodeId,
        });
        expect(page).to.deep.equal({ blocks: [], chainInfo: { chainName: ALIASES[chain], network: 'fuji' } });
      }
    }
    const viaSdk = await sdk.data.primaryNetwork.blocks.listByNodeId(
      { blockchainId: 'p-chain', network: 'fuji', nodeId: nodes[0]!, pageSize: 5 },
      viaGateway,
    );
    for await (const page of viaSdk) expect(page.result.blocks).to.deep.equal([]);
  });

  it('gives the last activity of addresses: the latest UTXO they created or consumed, as their UTXOs say', async function () {
    for (const chain of ['P', 'X'] as const) {
      const values = { network: 'fuji', blockchainId: ALIASES[chain] };
      for (const i of [0, 3]) {
        const utxos = await everyPage(`${BASE}/utxos`, values, 'utxos', {
          addresses: address(chain, i),
          includeSpent: 'true',
          pageSize: '100',
        });
        // Every event of the address's UTXOs: its creation, and its consumption once spent.
        const events = utxos.flatMap((u) => {
          const created = Number(u.blockTimestamp ?? u.timestamp);
          const consumed = u.consumingBlockTimestamp ?? u.consumingTxTimestamp;
          return [
            {
              timestamp: created,
              txHash: (u.txHash ?? u.creationTxHash) as string,
              utxoId: u.utxoId,
              isConsumed: false,
            },
            ...(consumed === undefined
              ? []
              : [
                  {
                    timestamp: Number(consumed),
                    txHash: u.consumingTxHash as string,
                    utxoId: u.utxoId,
                    isConsumed: true,
                  },
                ]),
          ];
        });
        const latest = Math.max(...events.map((e) => e.timestamp));
        const activity = await api(`${BASE}/lastActivityTimestampByAddresses`, values, {
          addresses: address(chain, i),
        });
        expect(activity.timestamp, `${chain} ${i}`).to.equal(latest);
        expect(activity).to.deep.include({ chainName: ALIASES[chain], network: 'fuji' });
        const match = events.find(
          (e) =>
            e.txHash === activity.txHash &&
            e.utxoId === activity.utxoId &&
            e.isConsumed === activity.isConsumed,
        );
        expect(match, JSON.stringify(activity)).to.not.equal(undefined);
        expect(match!.timestamp).to.equal(latest);
        // The devnet accepted that transaction.
        const status = await node<{ status: string }>(
          `/ext/bc/${chain}`,
          `${chain === 'P' ? 'platform' : 'avm'}.getTxStatus`,
          {
            txID: activity.txHash,
          },
        );
        expect(['Committed', 'Accepted']).to.include(status.status);
        const v2 = await api(
          `${BASE}/lastActivityTimestampByAddresses`,
          values,
          {},
          { addresses: address(chain, i) },
        );
        expect(v2).to.deep.equal(activity);
      }
    }
    const viaSdk = await sdk.data.primaryNetwork.utxos.getLastActivityTimestampByAddresses(
      { blockchainId: 'p-chain', network: 'fuji', addresses: address('P', 0) },
      viaGateway,
    );
    expect(viaSdk.chainName).to.equal('p-chain');
    const viaSdkV2 = await sdk.data.primaryNetwork.utxos.getLastActivityTimestampByAddressesV2(
      {
        blockchainId: 'p-chain',
        network: 'fuji',
        primaryNetworkAddressesBodyDto: { addresses: address('P', 0) },
      },
      viaGateway,
    );
    expect(viaSdkV2).to.deep.equal(viaSdk);
    const stranger = formatBech32('fuji', new Uint8Array(20).fill(9));
    await api(
      `${BASE}/lastActivityTimestampByAddresses`,
      { network: 'fuji', blockchainId: 'p-chain' },
      { addresses: stranger },
      undefined,
      404,
    );
  });

  it('names the chains each address has transactions on, as the chains’ transaction lists do', async function () {
    const stranger = formatBech32('fuji', new Uint8Array(20).fill(9));
    const listed = [...accounts.map((_, i) => address('P', i)), stranger];
    const reply = await api(
      '/v1/networks/{network}/addresses:listChainIds',
      { network: 'fuji' },
      {
        addresses: listed.join(','),
      },
    );
    const expected = [];
    for (const text of listed) {
      const chains = [];
      for (const chain of ['P', 'X', 'C'] as const) {
        const page = await api(
          `${BASE}/transactions`,
          { network: 'fuji', blockchainId: ALIASES[chain] },
          {
            addresses: text.replace(/^P-/, ''),
            pageSize: '1',
          },
        );
        if ((page.transactions as unknown[]).length > 0) chains.push(CHAIN_IDS[chain]);
      }
      expected.push({ address: text, blockchainIds: chains });
    }
    expect(reply).to.deep.equal({ addresses: expected });
    expect(expected[0]!.blockchainIds).to.include(CHAIN_IDS.P);
    expect(expected.at(-1)!.blockchainIds).to.deep.equal([]);
    const viaSdk = await sdk.data.primaryNetwork.getChainIdsForAddresses(
      { network: 'fuji', addresses: listed[0]! },
      viaGateway,
    );
    expect(viaSdk.addresses[0]!.blockchainIds).to.deep.equal(expected[0]!.blockchainIds);
  });

  it('gives AVAX’s supply from the P-Chain’s own supply, its stakers, and the fees every chain burned', async function () {
    const supply = await api('/v1/avax/supply', {});
    const { supply: current } = await node<{ supply: string }>('/ext/bc/P', 'platform.getCurrentSupply', {
      subnetID: '11111111111111111111111111111111LpoYY',
    });
    expect(avax(supply.genesisUnlock as string)).to.equal(GENESIS_SUPPLY);
    expect(avax(supply.totalRewards as string)).to.equal(BigInt(current) - GENESIS_SUPPLY);
    const tip = devnet.pChain.tip.height;
    const staked = stakersAt(devnet.pChain.staking, tip).reduce((sum, s) => sum + s.weight, 0n);
    expect(avax(supply.totalStaked as string)).to.equal(staked);
    expect(supply.totalLocked).to.equal('0');
    // What the devnet's X-Chain charges (avm.getTxFee): each transaction its fee, a CreateAssetTx the asset fee.
    const fees = await node<{ txFee: string; createAssetTxFee: string }>('/ext/bc/X', 'avm.getTxFee');
    const xTxs = await everyPage(
      `${BASE}/transactions`,
      { network: 'fuji', blockchainId: 'x-chain' },
      'transactions',
      {
        pageSize: '100',
      },
    );
    const xBurned = xTxs.reduce(
      (sum, t) => sum + BigInt(t.txType === 'CreateAssetTx' ? fees.createAssetTxFee : fees.txFee),
      0n,
    );
    expect(avax(supply.totalXBurned as string)).to.equal(xBurned);
    const burned = avax(supply.totalPBurned as string) + avax(supply.totalCBurned as string) + xBurned;
    expect(avax(supply.totalSupply as string)).to.equal(BigInt(current) - burned);
    expect(supply.circulatingSupply).to.equal(supply.totalSupply);
    expect(avax(supply.totalPBurned as string) > 0n).to.equal(true);
    expect(avax(supply.l1ValidatorFees as string) > 0n).to.equal(true);
    expect(supply.lastUpdated).to.equal(new Date(Number(devnet.pChain.tip.timeSeconds) * 1000).toISOString());
    const viaSdk = await sdk.avaxSupply.get(viaGateway);
    expect(viaSdk.totalSupply).to.equal(supply.totalSupply);
  });

  it('serves every list query and lookup from an index (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const { pool: recording, recorded } = recordingPool(pool);
    const holdings = new HoldingsReader(recording);
    const reader = new PrimaryNetworkReader(recording, networkContext(FUJI));
    const addresses = accounts.map((a) => a.address);
    const nodeId = decodeCb58(devnet.pChain.staking.everyStaker[0]!.nodeId.slice(7));
    const avaxId = decodeCb58(FUJI.avaxAssetId);
    try {
      await holdings.vertices(10, '');
      await holdings.vertices(10, '5');
      await holdings.vertex(new Uint8Array(32));
      await holdings.asset(avaxId);
      for (const chain of ['P', 'X', 'C'] as const) {
        await holdings.blocksByProposer(chain, nodeId, {}, 10, '');
        await holdings.blocksByProposer(
          chain,
          nodeId,
          { startTimestamp: 1n, endTimestamp: 2_000_000_000n },
          10,
          '7',
        );
        await holdings.chainTime(chain);
        await holdings.unspent(chain, addresses);
        await holdings.unspentAt(chain, addresses, 1_767_300_000n);
        await holdings.lastActivity(chain, addresses.slice(0, 1));
        await holdings.burnedAfter(chain, Buffer.from(avaxId).toString('hex'), 100n);
      }
      // The X-Chain's vertices and blocks are summed apart (their transactions are projected from two indexes).
      await holdings.burnedAfter('X', Buffer.from(avaxId).toString('hex'), -1n, 1n << 56n);
      await holdings.chainsTouched(addresses);
      await holdings.primaryNetworkStake();
      await holdings.lockedAmount(avaxId, 1_767_300_000n);
      await reader.assetTransactions(avaxId, { txTypes: [] }, 10, '');
      await reader.assetTransactions(
        avaxId,
        { txTypes: ['BaseTx'], startTimestamp: 1n, endTimestamp: 2_000_000_000n },
        10,
        '65536',
      );
      await expectServedByIndexes(
        pool,
        recorded,
        'SELECT * FROM primary_network.asset_transactions WHERE tx_id IS NOT NULL',
      );
      expect(recorded.length).to.be.greaterThan(25);
    } finally {
      await pool.end();
    }
  });

  it('refuses what it cannot answer: a chain without vertices or assets, addresses of another network', async function () {
    const refused = async (path: string, parameter: string) => {
      const response = await fetch(`${gatewayUrl}${path}`);
      const body = (await response.json()) as { message: string };
      expect(response.status, path).to.equal(400);
      expect(body.message, path).to.match(new RegExp(`^${parameter}: `));
    };
    await refused(`/v1/networks/fuji/blockchains/p-chain/vertices`, 'blockchainId');
    await refused(`/v1/networks/fuji/blockchains/c-chain/assets/${FUJI.avaxAssetId}`, 'blockchainId');
    await refused(`/v1/networks/fuji/blockchains/p-chain/balances`, 'addresses');
    await refused(
      `/v1/networks/fuji/blockchains/p-chain/balances?addresses=${formatBech32('avax', accounts[0]!.address)}`,
      'addresses',
    );
    await refused(`/v1/networks/fuji/addresses:listChainIds`, 'addresses');
    await refused(`/v1/networks/fuji/blockchains/x-chain/nodes/NodeID-abc/blocks`, 'nodeId');
  });
});
