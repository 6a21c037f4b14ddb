import type { Avalanche } from '@avalanche-sdk/chainkit';
import { officialSdk } from '../support/chainkit.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import {
  decodeEventLog,
  erc20Abi,
  erc721Abi,
  getContractAddress,
  parseAbi,
  toEventSelector,
  toHex,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { EvmDataReader } from '../../services/evm-data/store/reader.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import {
  callGateway,
  everyPage,
  mapLimit,
  rpc,
  startEvmDataStack,
  type EvmChainKey,
  type EvmDataStack,
} from '../support/evm-data-stack.ts';
import { comparableIcmMessage, lower } from '../support/evm-chain-model.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The token balance lists, single NFTs, an address's chains and the ICM message list, against a devnet indexed by
 * evm-data, through gateway-data. Every expectation comes from the devnet's own answers: its logs (eth_getLogs, the
 * events decoded with ABIs written here), the contracts' balanceOf/ownerOf through eth_call at the same block, and
 * its account state.
 */
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'evm-data-balances-test',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 8n * 3_600n,
  blockIntervalSeconds: 240n,
  accounts: 12,
};
const ZERO = '0x0000000000000000000000000000000000000000';
const DEPLOYER = privateKeyToAccount(
  toHex(deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts)[0]!.privateKey),
).address;
/**
 * The deployer's first contract, an ERC-20 (the devnet deploys its tokens first, from nonce 0), which the metadata
 * file tags "spam" on the C-Chain: `filterSpamTokens` (true unless asked otherwise) leaves it out there.
 */
const SPAM_TOKEN = getContractAddress({ from: DEPLOYER, nonce: 0n }).toLowerCase();
/** The price file's prices: one of the devnet's tokens by its symbol, and the C-Chain's AVAX. */
const PRICES = { WDAVAX: { usd: 12.5, eur: 11.25 }, AVAX: { usd: 20, eur: 18 } } as const;
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const ERC1155_EVENTS = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
const ERC1155_BALANCE = parseAbi(['function balanceOf(address account, uint256 id) view returns (uint256)']);
/** ICM's TeleporterMessenger v1 events, as services/devnet/evm/contracts/DevIcmMessenger.sol declares them. */
const ICM_ABI = parseAbi([
  'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
  'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
  'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
  'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
  'event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message)',
  'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
  'event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, TeleporterFeeInfo feeInfo)',
]);

const ERC20 = '/v1/chains/{chainId}/addresses/{address}/balances:listErc20';
const ERC721 = '/v1/chains/{chainId}/addresses/{address}/balances:listErc721';
const ERC1155 = '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155';
const TOKEN = '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}';
const ADDRESS_CHAINS = '/v1/address/{address}/chains';
const MESSAGES = '/v1/icm/messages';
const MESSAGE = '/v1/icm/messages/{messageId}';

type Doc = Record<string, unknown>;

interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
}

interface IcmEvent {
  chain: EvmChainKey;
  messageId: Hex;
  contract: string;
  txHash: Hex;
  blockNumber: bigint;
}

/** One chain's token world as its logs tell it. */
interface ChainTokens {
  key: EvmChainKey;
  chainId: string;
  client: PublicClient;
  head: bigint;
  /** A block halfway through the history: balances at it differ from those at the head. */
  middle: bigint;
  erc20: Set<string>;
  /** `contract:tokenId` of every ERC-721 token ever transferred. */
  erc721: Set<string>;
  /** ERC-1155 contract → token ids. */
  erc1155: Map<string, Set<bigint>>;
  /** Every address a token transfer names (never the zero address), with how many transfers name it. */
  holders: Map<string, number>;
}

const topicAddress = (topic: Hex) => lower(`0x${topic.slice(26)}`);
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('evm-data token balances, NFT tokens, address chains and ICM messages', function () {
  this.timeout(300_000);
  let stack: EvmDataStack;
  let sdk: Avalanche;
  let viaGateway: { serverURL: string; retries: { strategy: 'none' } };
  const chains = {} as Record<EvmChainKey, ChainTokens>;
  const validated = new Set<string>();
  const logsOf = {} as Record<EvmChainKey, RpcLog[]>;
  let settingsDir: string;

  before(async function () {
    settingsDir = await mkdtemp(join(tmpdir(), 'evm-data-balances-'));
    const metadataFile = join(settingsDir, 'metadata.json');
    const priceFile = join(settingsDir, 'prices.csv');
    await writeFile(
      metadataFile,
      JSON.stringify({
        contracts: { [`${PARAMETERS.identity.evmChainId}:${SPAM_TOKEN}`]: { tags: ['spam'] } },
      }),
    );
    await writeFile(
      priceFile,
      Object.entries(PRICES)
        .flatMap(([symbol, byCurrency]) =>
          Object.entries(byCurrency).map(([currency, price]) => `2026-01-01,${symbol},${currency},${price}`),
        )
        .join('\n'),
    );
    stack = await startEvmDataStack(PARAMETERS, {
      EVM_METADATA_FILE: metadataFile,
      PRICE_HISTORY_FILE: priceFile,
    });
    sdk = officialSdk({ serverURL: stack.gatewayUrl });
    viaGateway = { serverURL: stack.gatewayUrl, retries: { strategy: 'none' } };
    for (const key of ['C', 'L1'] as const) {
      const client = stack.clients[key];
      const head = stack.heads[key];
      logsOf[key] = await rpc<RpcLog[]>(client, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: toHex(head) }]);
      chains[key] = readTokens(key, stack.chainIds[key], client, head, logsOf[key]);
    }
  });

  after(async function () {
    await stack?.stop();
    if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
  });

  const call = (template: string, values: Record<string, string>, query: Record<string, string> = {}) =>
    callGateway(stack.gatewayUrl, 'GET', template, values, query, validated);

  async function api(template: string, values: Record<string, string>, query: Record<string, string> = {}) {
    const { status, body, text } = await call(template, values, query);
    expect(status, `${template} ${JSON.stringify(values)} ${JSON.stringify(query)} ${text}`).to.equal(200);
    return body!;
  }

  /** The holders with the most transfers first: the addresses whose lists are longest. */
  const busiest = (chain: ChainTokens, count: number) =>
    [...chain.holders]
      .sort((a, b) => b[1] - a[1] || byKey(a[0], b[0]))
      .slice(0, count)
      .map(([a]) => a);
  const at = (block: bigint | undefined) => (block === undefined ? {} : { blockNumber: block });

  /**
   * An address's non-zero ERC-20 balances at a block, by contract, as each token's balanceOf says; without the token
   * tagged spam unless `withSpam`.
   */
  async function erc20Balances(chain: ChainTokens, holder: string, block: bigint, withSpam = false) {
    const tokens = [...chain.erc20].filter((t) => withSpam || chain.key !== 'C' || t !== SPAM_TOKEN);
    const balances = await mapLimit(tokens.sort(byKey), 4, async (token) => ({
      token,
      balance: await chain.client.readContract({
        address: token as Hex,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder as Hex],
        blockNumber: block,
      }),
    }));
    return balances.filter((b) => b.balance > 0n).map((b) => `${b.token}:${b.balance}`);
  }

  /** An address's non-zero ERC-1155 balances at a block, by contract and token id, as balanceOf(id) says. */
  async function erc1155Balances(chain: ChainTokens, holder: string, block: bigint) {
    const held: string[] = [];
    for (const [contract, ids] of [...chain.erc1155].sort((a, b) => byKey(a[0], b[0])))
      for (const id of [...ids].sort((a, b) => (a < b ? -1 : 1))) {
        const balance = await chain.client.readContract({
          address: contract as Hex,
          abi: ERC1155_BALANCE,
          functionName: 'balanceOf',
          args: [holder as Hex, id],
          blockNumber: block,
        });
        if (balance > 0n) held.push(`${contract}:${id}:${balance}`);
      }
    return held;
  }

  /** The ERC-721 tokens each address owns at the head, as ownerOf says, by contract and token id. */
  async function erc721Owners(chain: ChainTokens) {
    const owners = new Map<string, string[]>();
    const tokens = [...chain.erc721].map((t) => t.split(':') as [string, string]);
    const owned = await mapLimit(tokens, 8, async ([contract, id]) => ({
      key: `${contract}:${id}`,
      owner: lower(
        await chain.client.readContract({
          address: contract as Hex,
          abi: erc721Abi,
          functionName: 'ownerOf',
          args: [BigInt(id)],
          blockNumber: chain.head,
        }),
      ),
    }));
    for (const { key, owner } of owned) owners.set(owner, [...(owners.get(owner) ?? []), key]);
    for (const keys of owners.values())
      keys.sort((a, b) => {
        const [ca, ia] = a.split(':');
        const [cb, ib] = b.split(':');
        return byKey(ca!, cb!) || (BigInt(ia!) < BigInt(ib!) ? -1 : 1);
      });
    return owners;
  }

  const erc20Of = (d: Doc) =>
    (d.erc20TokenBalances as Doc[]).map((b) => `${lower(b.address as string)}:${String(b.balance)}`);
  /** A balance priced as the price file has its symbol (in `currency`), or unpriced when the file has none. */
  const expectPriced = (b: Doc, currency: 'usd' | 'eur') => {
    const price = (PRICES as Record<string, Record<string, number>>)[b.symbol as string]?.[currency];
    if (price === undefined) {
      expect(b, String(b.symbol)).to.not.have.property('price');
      expect(b).to.not.have.property('balanceValue');
      return;
    }
    pricedSeen++;
    expect(b.price).to.deep.equal({ currencyCode: currency, value: price });
    expect((b.balanceValue as Doc).currencyCode).to.equal(currency);
    expect((b.balanceValue as Doc).value).to.be.closeTo(
      (Number(b.balance) / 10 ** (b.decimals as number)) * price,
      1e-6,
    );
  };
  let pricedSeen = 0;
  const erc1155Of = (items: Doc[]) =>
    items.map((b) => `${lower(b.address as string)}:${String(b.tokenId)}:${String(b.balance)}`);

  it('lists ERC-20 balances as balanceOf has them, at the head and at a past block, with the native balance of that block', async function () {
    for (const key of ['C', 'L1'] as const) {
      const chain = chains[key];
      expect(chain.erc20.size, `${key} ERC-20 tokens`).to.be.greaterThan(1);
      const holders = busiest(chain, 6);
      let changed = 0;
      for (const [i, holder] of holders.entries())
        for (const block of [undefined, chain.middle]) {
          const expected = await erc20Balances(chain, holder, block ?? chain.head);
          const pageSize = String((i % 3) + 1);
          const query = { pageSize, ...(block === undefined ? {} : { blockNumber: block.toString() }) };
          const values = { chainId: chain.chainId, address: holder };
          const listed = await everyPage(api, ERC20, values, 'erc20TokenBalances', query);
          expect(
            listed.map((b) => `${lower(b.address as string)}:${String(b.balance)}`),
            `${key} ${holder} ${block}`,
          ).to.deep.equal(expected);
          const first = await api(ERC20, values, query);
          const native = first.nativeTokenBalance as Doc;
          expect(native.balance, `${key} ${holder} native`).to.equal(
            (await chain.client.getBalance({ address: holder as Hex, ...at(block) })).toString(),
          );
          expect(native.chainId).to.equal(chain.chainId);
          for (const b of listed) {
            expect(b).to.include({ ercType: 'ERC-20', chainId: chain.chainId, tokenReputation: null });
            expectPriced(b, 'usd');
          }
          if (
            block !== undefined &&
            JSON.stringify(expected) !== JSON.stringify(await erc20Balances(chain, holder, chain.head))
          )
            changed++;
        }
      expect(changed, `${key}: holders whose balances changed since the middle block`).to.be.greaterThan(0);

      // Each token's name, symbol and decimals are the contract's own.
      const holder = holders[0]!;
      const listed = await everyPage(
        api,
        ERC20,
        { chainId: chain.chainId, address: holder },
        'erc20TokenBalances',
        {
          pageSize: '100',
        },
      );
      for (const b of listed) {
        const token = b.address as Hex;
        const read = (functionName: 'name' | 'symbol' | 'decimals') =>
          chain.client.readContract({ address: token, abi: erc20Abi, functionName });
        expect([b.name, b.symbol, b.decimals], token).to.deep.equal([
          await read('name'),
          await read('symbol'),
          await read('decimals'),
        ]);
      }

      // contractAddresses keeps the listed contracts (any case, spaces after commas); filterSpamTokens=false keeps
      // the token tagged spam too.
      const all = erc20Of(await api(ERC20, { chainId: chain.chainId, address: holder }, { pageSize: '100' }));
      expect(all.length).to.be.greaterThan(1);
      const picked = all.slice(0, 2).map((b) => b.split(':')[0]!);
      const filtered = await api(
        ERC20,
        { chainId: chain.chainId, address: holder },
        {
          contractAddresses: `${picked[0]!.toUpperCase().replace('0X', '0x')}, ${picked[1]}`,
          pageSize: '100',
        },
      );
      expect(erc20Of(filtered)).to.deep.equal(all.slice(0, 2));
      const unfiltered = await api(
        ERC20,
        { chainId: chain.chainId, address: holder },
        { filterSpamTokens: 'false', pageSize: '100' },
      );
      const withSpam = await erc20Balances(chain, holder, chain.head, true);
      expect(erc20Of(unfiltered)).to.deep.equal(withSpam);
      if (key === 'C') {
        expect(
          withSpam.map((b) => b.split(':')[0]),
          'the holder holds the token tagged spam',
        ).to.include(SPAM_TOKEN);
        expect(all).to.deep.equal(withSpam.filter((b) => !b.startsWith(SPAM_TOKEN)));
      } else expect(all).to.deep.equal(withSpam);

      // Prices in the requested currency, for the tokens (and the native token) the price file has.
      const inEur = await api(
        ERC20,
        { chainId: chain.chainId, address: holder },
        { currency: 'eur', pageSize: '100' },
      );
      for (const b of inEur.erc20TokenBalances as Doc[]) expectPriced(b, 'eur');
      const native = inEur.nativeTokenBalance as Doc;
      if (key === 'C') {
        expect(native.price).to.deep.equal({ currencyCode: 'eur', value: PRICES.AVAX.eur });
        expect((native.balanceValue as Doc).value).to.be.closeTo(
          (Number(native.balance) / 1e18) * PRICES.AVAX.eur,
          1e-9,
        );
      } else expect(native).to.not.have.property('price');
    }
    expect(pricedSeen, 'balances of the token the price file names').to.be.greaterThan(0);
    const holder = busiest(chains.C, 1)[0]!;
    const viaSdk = await sdk.data.evm.address.balances.listErc20(
      { chainId: chains.C.chainId, address: holder, pageSize: 100, blockNumber: chains.C.middle.toString() },
      viaGateway,
    );
    expect(viaSdk.result.erc20TokenBalances.map((b) => `${lower(b.address)}:${b.balance}`)).to.deep.equal(
      await erc20Balances(chains.C, holder, chains.C.middle),
    );
  });

  it('pages every ERC-20 and ERC-1155 balance exactly once, in order, for any page size and block (property)', async function () {
    const expected = new Map<string, string[]>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<EvmChainKey>('C', 'L1'),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        async (key, rank, erc1155, past, size) => {
          const chain = chains[key];
          const holder = busiest(chain, 4)[rank]!;
          const block = past ? chain.middle : chain.head;
          const memo = `${key}:${holder}:${erc1155}:${block}`;
          if (!expected.has(memo))
            expected.set(
              memo,
              erc1155
                ? await erc1155Balances(chain, holder, block)
                : await erc20Balances(chain, holder, block),
            );
          const query = { pageSize: String(size), ...(past ? { blockNumber: block.toString() } : {}) };
          const values = { chainId: chain.chainId, address: holder };
          const listed = erc1155
            ? erc1155Of(await everyPage(api, ERC1155, values, 'erc1155TokenBalances', query))
            : (await everyPage(api, ERC20, values, 'erc20TokenBalances', query)).map(
                (b) => `${lower(b.address as string)}:${String(b.balance)}`,
              );
          expect(listed, memo).to.deep.equal(expected.get(memo));
        },
      ),
      { numRuns: 10, seed: 20260201 },
    );
  });

  it('lists ERC-721 tokens as ownerOf has them and ERC-1155 balances as balanceOf(id) has them, now and at a past block', async function () {
    for (const key of ['C', 'L1'] as const) {
      const chain = chains[key];
      expect(chain.erc721.size, `${key} ERC-721 tokens`).to.be.greaterThan(3);
      expect(chain.erc1155.size, `${key} ERC-1155 contracts`).to.be.greaterThan(0);
      const owners = await erc721Owners(chain);
      let holding721 = 0;
      let holding1155 = 0;
      const accounts = busiest(chain, 10);
      for (const [i, holder] of accounts.entries()) {
        const values = { chainId: chain.chainId, address: holder };
        const pageSize = String((i % 4) + 1);
        const erc721 = await everyPage(api, ERC721, values, 'erc721TokenBalances', { pageSize });
        expect(
          erc721.map((t) => `${lower(t.address as string)}:${String(t.tokenId)}`),
          `${key} ${holder} ERC-721`,
        ).to.deep.equal(owners.get(holder) ?? []);
        for (const t of erc721)
          expect({
            ercType: t.ercType,
            chainId: t.chainId,
            owner: lower(t.ownerAddress as string),
          }).to.deep.equal({
            ercType: 'ERC-721',
            chainId: chain.chainId,
            owner: holder,
          });
        if (erc721.length > 0) holding721++;
        for (const block of [undefined, chain.middle]) {
          const listed = await everyPage(api, ERC1155, values, 'erc1155TokenBalances', {
            pageSize,
            ...(block === undefined ? {} : { blockNumber: block.toString() }),
          });
          expect(erc1155Of(listed), `${key} ${holder} ERC-1155 at ${block}`).to.deep.equal(
            await erc1155Balances(chain, holder, block ?? chain.head),
          );
          if (block === undefined && listed.length > 0) holding1155++;
        }
      }
      expect(holding721, `${key} accounts holding ERC-721 tokens`).to.be.greaterThan(1);
      expect(holding1155, `${key} accounts holding ERC-1155 tokens`).to.be.greaterThan(1);

      // contractAddress keeps one collection.
      const [owner, tokens] = [...owners].sort((a, b) => b[1].length - a[1].length)[0]!;
      const collection = tokens[0]!.split(':')[0]!;
      const ofCollection = await everyPage(
        api,
        ERC721,
        { chainId: chain.chainId, address: owner },
        'erc721TokenBalances',
        { contractAddress: collection, pageSize: '100' },
      );
      expect(ofCollection.map((t) => `${lower(t.address as string)}:${String(t.tokenId)}`)).to.deep.equal(
        tokens.filter((t) => t.startsWith(`${collection}:`)),
      );
    }
    const [owner] = [...(await erc721Owners(chains.L1))][0]!;
    const viaSdk = await sdk.data.evm.address.balances.listErc721(
      { chainId: chains.L1.chainId, address: owner, pageSize: 100 },
      viaGateway,
    );
    expect(viaSdk.result.erc721TokenBalances.map((t) => `${lower(t.address)}:${t.tokenId}`)).to.deep.equal(
      (await erc721Owners(chains.L1)).get(owner),
    );
    const holder = busiest(chains.C, 1)[0]!;
    const multi = await sdk.data.evm.address.balances.listErc1155(
      { chainId: chains.C.chainId, address: holder, pageSize: 100, blockNumber: chains.C.middle.toString() },
      viaGateway,
    );
    expect(
      multi.result.erc1155TokenBalances.map((b) => `${lower(b.address)}:${b.tokenId}:${b.balance}`),
    ).to.deep.equal(await erc1155Balances(chains.C, holder, chains.C.middle));
  });

  it('answers one NFT of a collection: an ERC-721 with its owner, an ERC-1155; a token never seen is a 404', async function () {
    for (const key of ['C', 'L1'] as const) {
      const chain = chains[key];
      const owners = await erc721Owners(chain);
      const ownerOf = new Map(
        [...owners].flatMap(([owner, tokens]) => tokens.map((t) => [t, owner] as const)),
      );
      await mapLimit([...chain.erc721], 6, async (token) => {
        const [address, tokenId] = token.split(':') as [string, string];
        const doc = await api(TOKEN, { chainId: chain.chainId, address, tokenId });
        expect({
          address: lower(doc.address as string),
          tokenId: doc.tokenId,
          ercType: doc.ercType,
          ownerAddress: lower(doc.ownerAddress as string),
        }).to.deep.equal({ address, tokenId, ercType: 'ERC-721', ownerAddress: ownerOf.get(token) });
      });
      for (const [address, ids] of chain.erc1155)
        for (const id of ids) {
          const doc = await api(TOKEN, {
            chainId: stack.blockchainIds[key],
            address,
            tokenId: id.toString(),
          });
          expect([lower(doc.address as string), doc.tokenId, doc.ercType]).to.deep.equal([
            address,
            id.toString(),
            'ERC-1155',
          ]);
          expect(doc).to.not.have.property('ownerAddress');
        }
      const [address] = [...chain.erc721][0]!.split(':');
      for (const values of [
        { chainId: chain.chainId, address: address!, tokenId: '999999999' },
        { chainId: chain.chainId, address: `0x${'12'.repeat(20)}`, tokenId: '1' },
      ]) {
        const { status, body } = await call(TOKEN, values);
        expect(status, JSON.stringify(values)).to.equal(404);
        expect(JSON.stringify(body!.message)).to.include('tokenId');
      }
    }
    const [token] = [...chains.C.erc721];
    const [address, tokenId] = token!.split(':') as [string, string];
    const viaSdk = await sdk.data.nfts.get({ chainId: chains.C.chainId, address, tokenId }, viaGateway);
    expect([lower(viaSdk.address), viaSdk.tokenId, viaSdk.ercType]).to.deep.equal([
      address,
      tokenId,
      'ERC-721',
    ]);
  });

  it('lists the chains an address is active on: both, one, or none', async function () {
    const names = (d: Doc) => (d.indexedChains as Doc[]).map((c) => c.chainId as string);
    const everywhere = busiest(chains.C, 20).find((a) => chains.L1.holders.has(a))!;
    expect(everywhere, 'an address with transfers on both chains').to.be.a('string');
    const both = await api(ADDRESS_CHAINS, { address: everywhere });
    expect(names(both)).to.have.members([chains.C.chainId, chains.L1.chainId]);
    expect(both.unindexedChains).to.deep.equal([]);
    // An address that received a token on the C-Chain and that the L1 has never seen: no transfer, no nonce, no
    // balance there.
    let onlyC: string | undefined;
    for (const candidate of [...chains.C.holders.keys()].filter((a) => !chains.L1.holders.has(a))) {
      const l1 = stack.clients.L1;
      if (
        (await l1.getTransactionCount({ address: candidate as Hex })) === 0 &&
        (await l1.getBalance({ address: candidate as Hex })) === 0n &&
        !logsOf.L1.some((log) => log.topics.some((t) => topicAddress(t) === candidate))
      ) {
        onlyC = candidate;
        break;
      }
    }
    expect(onlyC, 'an address only the C-Chain has seen').to.be.a('string');
    expect(names(await api(ADDRESS_CHAINS, { address: onlyC! }))).to.deep.equal([chains.C.chainId]);
    const nowhere = `0x${'7e'.repeat(20)}`;
    expect(names(await api(ADDRESS_CHAINS, { address: nowhere }))).to.deep.equal([]);
    const viaSdk = await sdk.data.evm.address.chains.list({ address: everywhere }, viaGateway);
    expect((viaSdk.indexedChains ?? []).map((c) => c.chainId)).to.have.members([
      chains.C.chainId,
      chains.L1.chainId,
    ]);
  });

  it('lists every ICM message newest first with every documented filter, and answers each by id, as the chains’ Teleporter events say', async function () {
    const cb58 = (hex: Hex) => encodeCb58(Buffer.from(hex.slice(2), 'hex'));
    const blockchainKey = (hex: Hex): EvmChainKey => (cb58(hex) === stack.blockchainIds.C ? 'C' : 'L1');
    const timestamps = new Map<string, number>();
    const timeOf = async (key: EvmChainKey, block: bigint) => {
      const memo = `${key}:${block}`;
      if (!timestamps.has(memo))
        timestamps.set(memo, Number((await stack.clients[key].getBlock({ blockNumber: block })).timestamp));
      return timestamps.get(memo)!;
    };
    type Send = IcmEvent & {
      message: {
        messageNonce: bigint;
        originSenderAddress: Hex;
        destinationBlockchainID: Hex;
        destinationAddress: Hex;
        message: Hex;
        receipts: readonly { receivedMessageNonce: bigint; relayerRewardAddress: Hex }[];
      };
      feeToken: string;
      feeAmount: bigint;
    };
    type Receive = IcmEvent & { deliverer: string; rewardRedeemer: string; executed: boolean };
    const sends: Send[] = [];
    const receives = new Map<string, Receive>();
    const receiptsBack = new Set<string>();
    for (const key of ['C', 'L1'] as const) {
      const executed = new Set<string>();
      const decoded = logsOf[key].flatMap((log) => {
        try {
          return [
            {
              log,
              event: decodeEventLog({ abi: ICM_ABI, data: log.data, topics: log.topics as [Hex, ...Hex[]] }),
            },
          ];
        } catch {
          return [];
        }
      });
      for (const { log, event } of decoded) {
        const base = {
          chain: key,
          contract: lower(log.address),
          txHash: log.transactionHash,
          blockNumber: BigInt(log.blockNumber),
        };
        if (event.eventName === 'MessageExecuted')
          executed.add(`${log.transactionHash}:${event.args.messageID}`);
        if (event.eventName === 'SendCrossChainMessage')
          sends.push({
            ...base,
            messageId: event.args.messageID,
            message: event.args.message,
            feeToken: lower(event.args.feeInfo.feeTokenAddress),
            feeAmount: event.args.feeInfo.amount,
          });
        else if (event.eventName === 'ReceiveCrossChainMessage')
          receives.set(event.args.messageID, {
            ...base,
            messageId: event.args.messageID,
            deliverer: lower(event.args.deliverer),
            rewardRedeemer: lower(event.args.rewardRedeemer),
            executed: false,
          });
        else if (event.eventName === 'ReceiptReceived') receiptsBack.add(event.args.messageID);
      }
      for (const r of receives.values())
        if (r.chain === key) r.executed = executed.has(`${r.txHash}:${r.messageId}`);
    }
    expect(sends.length, 'messages sent').to.be.greaterThan(3);
    expect(new Set(sends.map((s) => s.chain)).size).to.equal(2);
    // The chains are indexed from genesis: every receive has its send.
    for (const id of receives.keys()) expect(sends.map((s) => s.messageId)).to.include(id);
    const expected = await Promise.all(
      sends.map(async (send) => {
        const receive = receives.get(send.messageId);
        const destination = blockchainKey(send.message.destinationBlockchainID);
        return {
          messageId: send.messageId,
          icmContractAddress: send.contract,
          sourceBlockchainId: stack.blockchainIds[send.chain],
          destinationBlockchainId: stack.blockchainIds[destination],
          sourceEvmChainId: stack.chainIds[send.chain],
          destinationEvmChainId: stack.chainIds[destination],
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
          sourceTransaction: { txHash: send.txHash, timestamp: await timeOf(send.chain, send.blockNumber) },
          ...(receive
            ? {
                destinationTransaction: {
                  txHash: receive.txHash,
                  timestamp: await timeOf(receive.chain, receive.blockNumber),
                  rewardRedeemer: receive.rewardRedeemer,
                  delivererAddress: receive.deliverer,
                },
              }
            : {}),
          status: receive ? 'delivered' : 'pending',
        };
      }),
    );
    expected.sort(
      (a, b) =>
        b.sourceTransaction.timestamp - a.sourceTransaction.timestamp || byKey(b.messageId, a.messageId),
    );
    expect(new Set(expected.map((m) => m.status))).to.deep.equal(new Set(['delivered', 'pending']));
    const ids = (list: object[]) => list.map((m) => (m as Doc).messageId);

    // Every message, each exactly once, newest first, for any page size (property).
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), async (size) => {
        const listed = await everyPage(api, MESSAGES, {}, 'messages', { pageSize: String(size) });
        expect(listed.map(comparableIcmMessage)).to.deep.equal(expected);
      }),
      { numRuns: 4, seed: 20260202 },
    );
    // Every filter, each chain named by blockchain id and by EVM chain id.
    const receiver = expected.find((m) => m.to !== m.from)!.to;
    const sender = expected[0]!.from;
    const cases: [Record<string, string>, (m: (typeof expected)[number]) => boolean][] = [];
    for (const key of ['C', 'L1'] as const)
      for (const name of [stack.blockchainIds[key], stack.chainIds[key]]) {
        cases.push([{ sourceBlockchainId: name }, (m) => m.sourceBlockchainId === stack.blockchainIds[key]]);
        cases.push([
          { destinationBlockchainId: name },
          (m) => m.destinationBlockchainId === stack.blockchainIds[key],
        ]);
      }
    cases.push([{ blockchainId: stack.blockchainIds.L1 }, () => true]);
    cases.push([
      { blockchainId: stack.blockchainIds.L1, sourceBlockchainId: stack.chainIds.C },
      (m) => m.sourceEvmChainId === stack.chainIds.C,
    ]);
    cases.push([{ blockchainId: PARAMETERS.identity.xChainId }, () => false]);
    cases.push([{ sourceBlockchainId: '999999' }, () => false]);
    cases.push([{ to: receiver.toUpperCase().replace('0X', '0x') }, (m) => m.to === receiver]);
    cases.push([{ from: sender }, (m) => m.from === sender]);
    cases.push([{ from: sender, to: receiver }, (m) => m.from === sender && m.to === receiver]);
    cases.push([{ network: 'fuji' }, () => true]);
    cases.push([{ network: 'testnet' }, () => true]);
    cases.push([{ network: 'mainnet' }, () => false]);
    for (const [filter, keep] of cases) {
      const listed = await everyPage(api, MESSAGES, {}, 'messages', { ...filter, pageSize: '3' });
      expect(ids(listed), JSON.stringify(filter)).to.deep.equal(ids(expected.filter(keep)));
    }
    expect(expected.filter((m) => m.to === receiver).length).to.be.greaterThan(0);

    // Each message by id, with or without 0x.
    for (const m of expected) {
      expect(comparableIcmMessage(await api(MESSAGE, { messageId: m.messageId })), m.messageId).to.deep.equal(
        m,
      );
      expect((await api(MESSAGE, { messageId: m.messageId.slice(2) })).messageId).to.equal(m.messageId);
    }
    const missing = await call(MESSAGE, { messageId: `0x${'ab'.repeat(32)}` });
    expect(missing.status).to.equal(404);
    expect(JSON.stringify(missing.body!.message)).to.include('messageId');

    const listed = await sdk.data.icm.list(
      { sourceBlockchainId: stack.blockchainIds.L1, pageSize: 100 },
      viaGateway,
    );
    expect(listed.result.messages.map((m) => m.messageId)).to.deep.equal(
      ids(expected.filter((m) => m.sourceBlockchainId === stack.blockchainIds.L1)),
    );
    const one = await sdk.data.icm.get({ messageId: expected[0]!.messageId }, viaGateway);
    expect([one.messageId, one.status]).to.deep.equal([expected[0]!.messageId, expected[0]!.status]);
  });

  it('answers a bad parameter with a 400 naming it', async function () {
    const C = chains.C.chainId;
    const holder = busiest(chains.C, 1)[0]!;
    const wallet = { chainId: C, address: holder };
    const refused: [string, Record<string, string>, Record<string, string>, string][] = [
      [ERC20, { ...wallet, address: '0x1234' }, {}, 'address'],
      [ERC20, { ...wallet, chainId: '0043113' }, {}, 'chainId'],
      [ERC20, wallet, { pageSize: '501' }, 'pageSize'],
      [ERC20, wallet, { pageSize: '0' }, 'pageSize'],
      [ERC20, wallet, { blockNumber: '-1' }, 'blockNumber'],
      [ERC20, wallet, { blockNumber: (chains.C.head + 1n).toString() }, 'blockNumber'],
      [ERC20, wallet, { filterSpamTokens: 'maybe' }, 'filterSpamTokens'],
      [ERC20, wallet, { contractAddresses: `${holder},0xnothex` }, 'contractAddresses'],
      [ERC20, wallet, { currency: 'xyz' }, 'currency'],
      [ERC20, wallet, { pageToken: 'not-a-token' }, 'pageToken'],
      [ERC721, wallet, { contractAddress: 'abc' }, 'contractAddress'],
      [ERC721, wallet, { pageSize: '1.5' }, 'pageSize'],
      [ERC1155, wallet, { blockNumber: 'latest' }, 'blockNumber'],
      [ERC1155, wallet, { blockNumber: (chains.C.head + 1n).toString() }, 'blockNumber'],
      [ERC1155, wallet, { contractAddress: '0x12' }, 'contractAddress'],
      [TOKEN, { chainId: C, address: holder, tokenId: '-1' }, {}, 'tokenId'],
      [TOKEN, { chainId: C, address: holder, tokenId: '1e3' }, {}, 'tokenId'],
      [TOKEN, { chainId: C, address: 'nope', tokenId: '1' }, {}, 'address'],
      [ADDRESS_CHAINS, { address: '0x12345' }, {}, 'address'],
      [MESSAGES, {}, { sourceBlockchainId: 'not-a-chain' }, 'sourceBlockchainId'],
      [MESSAGES, {}, { destinationBlockchainId: '0' }, 'destinationBlockchainId'],
      [MESSAGES, {}, { blockchainId: 'p-chain' }, 'blockchainId'],
      [MESSAGES, {}, { from: '0x12' }, 'from'],
      [MESSAGES, {}, { to: 'me' }, 'to'],
      [MESSAGES, {}, { network: 'local' }, 'network'],
      [MESSAGES, {}, { pageSize: '101' }, 'pageSize'],
      [MESSAGE, { messageId: '0x1234' }, {}, 'messageId'],
      [MESSAGE, { messageId: 'z'.repeat(64) }, {}, 'messageId'],
    ];
    for (const [template, values, query, parameter] of refused) {
      const { status, body } = await call(template, values, query);
      const what = `${template} ${JSON.stringify({ ...values, ...query })}`;
      expect(status, what).to.equal(400);
      expect(JSON.stringify(body!.message), what).to.include(`${parameter}:`);
    }
    // A page token is bound to its query: one holder's token does not page another's, nor another block.
    const first = await api(ERC20, wallet, { pageSize: '1' });
    expect(first.nextPageToken).to.be.a('string');
    for (const [values, query] of [
      [{ ...wallet, address: busiest(chains.C, 2)[1]! }, {}],
      [wallet, { blockNumber: chains.C.middle.toString() }],
    ] as const) {
      const other = await call(ERC20, values, {
        ...query,
        pageSize: '1',
        pageToken: first.nextPageToken as string,
      });
      expect(other.status).to.equal(400);
      expect(JSON.stringify(other.body!.message)).to.include('pageToken');
    }
  });

  it('serves every query of these routes from an index (EXPLAIN with sequential scans disabled shows none)', async function () {
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    try {
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new EvmDataReader(recording);
      const { rows } = await pool.query<{ id: number; evm_chain_id: string }>(
        'SELECT id, evm_chain_id FROM evm_data.chains',
      );
      const idOf = (key: EvmChainKey) => rows.find((r) => r.evm_chain_id === stack.chainIds[key])!.id;
      const c = idOf('C');
      const bytes = (hex: string) => Buffer.from(hex.slice(2), 'hex');
      const holder = bytes(busiest(chains.C, 1)[0]!);
      const tokens = [...chains.C.erc20].map(bytes);
      const middle = chains.C.middle;
      await reader.holdings.indexedHead(c);
      for (const block of [undefined, middle]) {
        await reader.holdings.balances(c, holder, 20, {}, block, 11, '');
        await reader.holdings.balances(
          c,
          holder,
          20,
          { contracts: tokens, excluded: tokens.slice(0, 1) },
          block,
          11,
          '',
        );
        await reader.holdings.balances(c, holder, 1155, {}, block, 11, `${tokens[0]!.toString('hex')}:5`);
      }
      await reader.holdings.balances(c, holder, 721, { contracts: tokens.slice(0, 1) }, undefined, 11, '');
      await reader.chainsWithActivity([c, idOf('L1')], holder);
      const blockchainId = (key: EvmChainKey) => ({
        chain: idOf(key),
        blockchainId: Buffer.from(decodeCb58(stack.blockchainIds[key])),
      });
      const [message] = await reader.icm.list({}, 11, '');
      expect(message, 'an ICM message').to.not.equal(undefined);
      await reader.icm.list(
        {},
        11,
        `${BigInt(message!.first_seen).toString(16)}:${message!.message_id.toString('hex')}`,
      );
      await reader.icm.list({ source: blockchainId('C'), destination: blockchainId('L1') }, 11, '');
      await reader.icm.list({ either: blockchainId('L1'), from: holder, to: holder }, 11, '');
      await reader.icm.message(message!.message_id);
      await expectServedByIndexes(pool, recorded, 'SELECT * FROM evm_data.token_holdings WHERE balance > 7');
    } finally {
      await pool.end();
    }
  });

  it('validated a success of every operation against the official document', function () {
    for (const template of [ERC20, ERC721, ERC1155, TOKEN, ADDRESS_CHAINS, MESSAGES, MESSAGE])
      expect([...validated], template).to.include(`GET ${template} 200`);
  });
});

/** A chain's tokens and their holders, from every log of its history. */
function readTokens(
  key: EvmChainKey,
  chainId: string,
  client: PublicClient,
  head: bigint,
  logs: RpcLog[],
): ChainTokens {
  const chain: ChainTokens = {
    key,
    chainId,
    client,
    head,
    middle: head / 2n,
    erc20: new Set(),
    erc721: new Set(),
    erc1155: new Map(),
    holders: new Map(),
  };
  const held = (...addresses: string[]) => {
    for (const a of addresses) if (a !== ZERO) chain.holders.set(a, (chain.holders.get(a) ?? 0) + 1);
  };
  for (const log of logs) {
    const contract = lower(log.address);
    const [topic0, t1, t2, t3] = log.topics;
    if (topic0 === TRANSFER && log.topics.length === 3) {
      chain.erc20.add(contract);
      held(topicAddress(t1!), topicAddress(t2!));
    } else if (topic0 === TRANSFER && log.topics.length === 4) {
      chain.erc721.add(`${contract}:${BigInt(t3!)}`);
      held(topicAddress(t1!), topicAddress(t2!));
    } else {
      let event;
      try {
        event = decodeEventLog({
          abi: ERC1155_EVENTS,
          data: log.data,
          topics: log.topics as [Hex, ...Hex[]],
        });
      } catch {
        continue;
      }
      const ids = chain.erc1155.get(contract) ?? new Set<bigint>();
      chain.erc1155.set(contract, ids);
      if (event.eventName === 'TransferSingle') ids.add(event.args.id);
      else for (const id of event.args.ids) ids.add(id);
      held(lower(event.args.from), lower(event.args.to));
    }
  }
  return chain;
}
