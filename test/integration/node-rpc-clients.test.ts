import { avaxSerial, avm, evm, evmSerial, info, pvm, utils } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { expect } from 'chai';
import { JsonRpcProvider, WebSocketProvider, Wallet, type AbstractProvider } from 'ethers';
import {
  BaseError,
  bytesToHex,
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  pad,
  parseAbiItem,
  toHex,
  webSocket,
  type Chain,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { avalancheFuji } from 'viem/chains';
import { evmAccount } from '../../services/devnet/evm/activity.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { formatAddress } from '../../services/runtime/formatting/address.ts';
import { eventually } from '../support/processes.ts';
import { startNodeRpcStack, type NodeRpcStack } from '../support/node-rpc-stack.ts';

/**
 * The node surface as client libraries see it (issue 16's "done"): viem over HTTP and WebSocket, ethers' providers
 * and avalanchejs's APIs, each method called through gateway-rpc and straight against the devnet node it forwards
 * to, with equal answers and equal errors. Byte-level equality of raw bodies is node-rpc.test.ts's; here the
 * libraries' own parsing, batching and transports are what is exercised.
 */
const SEED = 'node-rpc-clients-test';
const ACCOUNTS = deriveAccounts(SEED, 20);
/** Account 0 deploys the devnet's contracts and holds its tokens' supply. */
const DEPLOYER = evmAccount(ACCOUNTS[0]!.privateKey).address;
/**
 * One of the devnet's funded accounts, to send from. Half the devnet's own transactions come from accounts 0–2, so the
 * test sends from others: their pending nonce seldom moves between a client's read of it and its send.
 */
const signer = (i: number) => privateKeyToAccount(bytesToHex(ACCOUNTS[i]!.privateKey));
const EMPTY = `0x${'e0'.repeat(20)}` as const;
const SINK = `0x${'03'.repeat(20)}` as const;
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const { hrp, avaxAssetId } = IDENTITIES.fuji;

const L1_CHAIN = defineChain({
  id: 7331,
  name: 'devnet L1',
  nativeCurrency: { name: 'Devnet', symbol: 'DEV', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});
type ChainName = 'C' | 'L1';
const CHAINS: ChainName[] = ['C', 'L1'];
const viemChain = (chain: ChainName): Chain => (chain === 'C' ? avalancheFuji : L1_CHAIN);

type Side = 'gateway' | 'node';
type Outcome = { value: unknown } | { error: unknown };

/** What a viem failure says, without what differs between two endpoints (URLs, request ids). */
function viemFailure(err: unknown): unknown {
  if (!(err instanceof BaseError)) throw err;
  const rpc = err.walk((e) => typeof (e as { code?: unknown }).code === 'number') as
    (BaseError & { code: number; data?: unknown }) | null;
  return {
    name: err.name,
    shortMessage: err.shortMessage,
    code: rpc?.code,
    details: rpc?.details,
    data: rpc?.data,
  };
}

/** What an ethers failure says: its code, texts and the node's JSON-RPC error, without the request's id. */
function ethersFailure(err: unknown): unknown {
  if (!(err instanceof Error)) throw err;
  const e = err as unknown as Record<string, unknown> & { info?: { error?: unknown } };
  return json({
    code: e.code,
    shortMessage: e.shortMessage,
    reason: e.reason,
    data: e.data,
    revert: e.revert,
    error: e.info?.error ?? e.error,
  });
}

/** avalanchejs throws the node's error message alone. */
function avalanchejsFailure(err: unknown): unknown {
  if (!(err instanceof Error)) throw err;
  return err.message;
}

/** JSON as ethers' objects write themselves (their toJSON), bigints as `123n`. */
const json = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? 'null');

async function settle(promise: Promise<unknown>, failure: (err: unknown) => unknown): Promise<Outcome> {
  try {
    return { value: await promise };
  } catch (err) {
    return { error: failure(err) };
  }
}

/**
 * Asks the gateway, then the node, the same thing; expects equal outcomes (values as `view` shows them), a value (or,
 * with `refused`, an error) from the node, and returns the node's value.
 */
async function compare<T>(
  ask: (side: Side) => Promise<T>,
  failure: (err: unknown) => unknown,
  { refused = false, view = (value: unknown) => value } = {},
): Promise<T> {
  const through = await settle(ask('gateway'), failure);
  const direct = await settle(ask('node'), failure);
  const shown = (outcome: Outcome) => ('value' in outcome ? { value: view(outcome.value) } : outcome);
  expect(shown(through), 'through the gateway vs. the node').to.deep.equal(shown(direct));
  expect(
    direct,
    `${refused ? 'an error' : 'a value'} from the node: ${JSON.stringify(json(shown(direct)))}`,
  ).to.have.property(refused ? 'error' : 'value');
  return (direct as { value: T }).value;
}

/**
 * avalanchejs's objects as data: their classes carry per-instance closures, which no two instances share; bytes as
 * hex.
 */
function plain(value: unknown, ancestors: object[] = []): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (ancestors.includes(value)) return '[cycle]';
  const inner = [...ancestors, value];
  if (value instanceof Map) return [...value].map((entry) => plain(entry, inner));
  if (Array.isArray(value)) return value.map((v) => plain(v, inner));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => typeof v !== 'function')
      .map(([k, v]) => [k, plain(v, inner)]),
  );
}

/** A chain's WebSocket endpoint, from its HTTP one. */
const wsUrl = (rpcUrl: string) => rpcUrl.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws');

/** A block's id from its `hex` encoding (which ends with a 4-byte checksum). */
const blockId = (hex: string) => encodeCb58(sha256(Buffer.from(hex.slice(2, -8), 'hex')));

/** A call viem has no action for, through the client's own transport. */
const rpc = <T = unknown>(client: PublicClient, method: string, params: unknown[] = []) =>
  (client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<T>)({
    method,
    params,
  });

/** The library's own RPC call, for the methods its API classes do not wrap. */
const callRpc = <T>(
  api: pvm.PVMApi | avm.AVMApi | info.InfoApi | evm.EVMApi,
  method: string,
  params?: object,
) => (api as unknown as { callRpc: (m: string, p?: object) => Promise<T> }).callRpc(method, params);

/** What the tests read from the devnet's history on one EVM chain. */
interface Fixture {
  path: string;
  head: bigint;
  /** The block with the most transactions, and its hash. */
  busy: bigint;
  busyHash: Hex;
  busyTxs: number;
  txHash: Hex;
  /** The devnet's first deployments: its three ERC-20 tokens, then an ERC-721 collection. */
  tokens: Hex[];
  collection: Hex;
}

/** A contract written by hand, to deploy and call: it stores its first calldata word in slot 0 and logs it as Stored. */
const STORED = parseAbiItem('event Stored(uint256 value)');
const RUNTIME = concat(['0x600035806000556000527f', keccak256(toHex('Stored(uint256)')), '0x60206000a100']);
const INITCODE = concat([
  `0x60${(RUNTIME.length / 2 - 1).toString(16)}600c60003960${(RUNTIME.length / 2 - 1).toString(16)}6000f3`,
  RUNTIME,
]);

describe('client libraries through gateway-rpc, answered as by the node', function () {
  this.timeout(120_000);
  let stack: NodeRpcStack;
  const fixtures = {} as Record<ChainName, Fixture>;
  /** A transaction submitted through the gateway on each chain: the devnet makes no block, so it stays pending. */
  const pending = {} as Record<ChainName, Hex>;
  const base = (side: Side) => (side === 'gateway' ? stack.gatewayUrl : stack.devnets[0]!.url);
  const POOL_SENDER = signer(13);

  before(async function () {
    this.timeout(180_000);
    // Without live blocks both devnets keep the chain their seed gives, and every tag names the same block.
    stack = await startNodeRpcStack({ seed: SEED, historyHours: 3, liveIntervalMs: 0, nodeOrder: [0, 1] });
    for (const chain of CHAINS) {
      const path = `/ext/bc/${chain === 'C' ? 'C' : stack.l1BlockchainId}/rpc`;
      const node = createPublicClient({ chain: viemChain(chain), transport: http(`${base('node')}${path}`) });
      const head = await node.getBlockNumber();
      let busy = 1n;
      let busyTxs = 0;
      for (let n = 1n; n <= head; n++) {
        const count = await node.getBlockTransactionCount({ blockNumber: n });
        if (count > busyTxs) [busy, busyTxs] = [n, count];
      }
      const block = await node.getBlock({ blockNumber: busy });
      const deployed: Hex[] = [];
      for (let n = 1n; deployed.length < 4; n++)
        for (const receipt of await node.getBlockReceipts({ blockNumber: n }))
          if (receipt.contractAddress) deployed.push(receipt.contractAddress);
      fixtures[chain] = {
        path,
        head,
        busy,
        busyHash: block.hash,
        busyTxs,
        txHash: block.transactions[1]!,
        tokens: deployed.slice(0, 3),
        collection: deployed[3]!,
      };
      const wallet = createWalletClient({
        account: POOL_SENDER,
        chain: viemChain(chain),
        transport: http(`${stack.gatewayUrl}${path}`),
      });
      pending[chain] = await wallet.sendTransaction({ to: SINK, value: 1n });
    }
  });

  after(async function () {
    await stack?.stop();
  });

  for (const chain of CHAINS) {
    for (const transport of ['http', 'webSocket'] as const) {
      describe(`viem, ${transport} transport, ${chain === 'C' ? 'C-Chain' : 'L1'}`, function () {
        let f: Fixture;
        const clients = {} as Record<Side, PublicClient>;
        const closers: (() => Promise<void>)[] = [];

        before(function () {
          f = fixtures[chain];
          for (const side of ['gateway', 'node'] as const) {
            const url = `${base(side)}${f.path}`;
            if (transport === 'http') {
              clients[side] = createPublicClient({ chain: viemChain(chain), transport: http(url) });
            } else {
              const client = createPublicClient({
                chain: viemChain(chain),
                transport: webSocket(wsUrl(url), {
                  reconnect: false,
                }),
              });
              clients[side] = client;
              closers.push(async () => (await client.transport.getRpcClient()).close());
            }
          }
        });

        after(async function () {
          for (const close of closers) await close();
        });

        const same = <T>(ask: (client: PublicClient) => Promise<T>) =>
          compare((side) => ask(clients[side]), viemFailure);
        const refused = <T>(ask: (client: PublicClient) => Promise<T>) =>
          compare((side) => ask(clients[side]), viemFailure, { refused: true });

        it('getChainId and getBlockNumber', async function () {
          expect(await same((c) => c.getChainId())).to.equal(viemChain(chain).id);
          expect(await same((c) => c.getBlockNumber({ cacheTime: 0 }))).to.equal(f.head);
        });

        it('getBlock by number with its transactions, by hash, by each tag', async function () {
          const block = await same((c) => c.getBlock({ blockNumber: f.busy, includeTransactions: true }));
          expect(block.transactions).to.have.length(f.busyTxs);
          await same((c) => c.getBlock({ blockHash: f.busyHash }));
          await same((c) => c.getBlock({ blockHash: f.busyHash, includeTransactions: true }));
          await same((c) => c.getBlock({ blockNumber: 0n }));
          for (const blockTag of ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const)
            await same((c) => c.getBlock({ blockTag, includeTransactions: blockTag === 'latest' }));
        });

        it('getBlock of a block not there yet, or an unknown hash: the same refusal', async function () {
          await refused((c) => c.getBlock({ blockNumber: f.head + 1000n }));
          await refused((c) => c.getBlock({ blockHash: `0x${'ab'.repeat(32)}` }));
        });

        it('getBlockTransactionCount by number, hash and tag', async function () {
          expect(await same((c) => c.getBlockTransactionCount({ blockNumber: f.busy }))).to.equal(f.busyTxs);
          await same((c) => c.getBlockTransactionCount({ blockHash: f.busyHash }));
          await same((c) => c.getBlockTransactionCount({ blockTag: 'latest' }));
          await same((c) => c.getBlockTransactionCount({ blockNumber: 0n }));
        });

        it('getTransaction by hash, by block number and index, by block hash and index, by tag and index', async function () {
          const byHash = await same((c) => c.getTransaction({ hash: f.txHash }));
          expect(await same((c) => c.getTransaction({ blockNumber: f.busy, index: 1 }))).to.deep.equal(
            byHash,
          );
          expect(await same((c) => c.getTransaction({ blockHash: f.busyHash, index: 1 }))).to.deep.equal(
            byHash,
          );
          await same((c) => c.getTransaction({ blockTag: 'latest', index: 0 }));
          await refused((c) => c.getTransaction({ hash: `0x${'cd'.repeat(32)}` }));
          await refused((c) => c.getTransaction({ blockNumber: f.busy, index: f.busyTxs }));
        });

        it('getTransaction of a pending transaction, and its nonce counted as pending', async function () {
          const tx = await same((c) => c.getTransaction({ hash: pending[chain] }));
          expect(tx.blockHash).to.equal(null);
          await refused((c) => c.getTransactionReceipt({ hash: pending[chain] }));
          const [latest, pool] = [
            await same((c) => c.getTransactionCount({ address: POOL_SENDER.address })),
            await same((c) => c.getTransactionCount({ address: POOL_SENDER.address, blockTag: 'pending' })),
          ];
          expect(pool).to.be.greaterThan(latest);
        });

        it('getTransactionReceipt, getBlockReceipts and eth_getBlockReceipts by number, hash and tag', async function () {
          const receipt = await same((c) => c.getTransactionReceipt({ hash: f.txHash }));
          expect(receipt.blockNumber).to.equal(f.busy);
          await refused((c) => c.getTransactionReceipt({ hash: `0x${'cd'.repeat(32)}` }));
          await same((c) => c.getTransactionConfirmations({ hash: f.txHash }));
          const receipts = await same((c) => c.getBlockReceipts({ blockNumber: f.busy }));
          expect(receipts).to.have.length(f.busyTxs);
          await same((c) => c.getBlockReceipts({ blockHash: f.busyHash }));
          for (const at of [toHex(f.busy), f.busyHash, 'latest', { blockHash: f.busyHash }])
            await same((c) => rpc(c, 'eth_getBlockReceipts', [at]));
        });

        it('getTransactionCount, getBalance, getCode and getStorageAt at the head and at earlier blocks', async function () {
          for (const blockNumber of [undefined, f.busy, 1n]) {
            const at = blockNumber === undefined ? {} : { blockNumber };
            await same((c) => c.getTransactionCount({ address: DEPLOYER, ...at }));
            expect((await same((c) => c.getBalance({ address: DEPLOYER, ...at }))) > 0n).to.equal(true);
            await same((c) => c.getBalance({ address: EMPTY, ...at }));
            await same((c) => c.getCode({ address: f.tokens[1]!, ...at }));
            await same((c) => c.getCode({ address: DEPLOYER, ...at }));
            for (const slot of [0n, 2n, 3n, 4n])
              await same((c) => c.getStorageAt({ address: f.tokens[1]!, slot: toHex(slot), ...at }));
          }
          expect(await same((c) => c.getCode({ address: f.tokens[1]! }))).to.match(/^0x6080/);
          await refused((c) => c.getBalance({ address: DEPLOYER, blockNumber: f.head + 1000n }));
        });

        it('call and readContract, at the head and at a block; a revert refused alike', async function () {
          const token = f.tokens[1]!;
          for (const functionName of ['name', 'symbol', 'decimals', 'totalSupply'] as const)
            await same((c) => c.readContract({ address: token, abi: erc20Abi, functionName }));
          const balance = await same((c) =>
            c.readContract({
              address: token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [DEPLOYER],
              blockNumber: f.busy,
            }),
          );
          expect(balance > 0n).to.equal(true);
          const data = encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' });
          await same((c) => c.call({ to: token, data, blockNumber: 2n }));
          await same((c) => c.call({ to: token, data, blockTag: 'latest' }));
          // OpenZeppelin's ERC20InsufficientBalance: code 3 with the custom error's data.
          const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SINK, 1n] });
          await refused((c) => c.call({ account: EMPTY, to: token, data: transfer }));
          await refused((c) =>
            c.simulateContract({
              address: token,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [SINK, 1n],
              account: EMPTY,
            }),
          );
          // An ERC-721 collection has no decimals(): a revert without data.
          await refused((c) =>
            c.readContract({ address: f.collection, abi: erc20Abi, functionName: 'decimals' }),
          );
        });

        it('estimateGas and estimateContractGas; what the sender cannot pay refused alike', async function () {
          expect(await same((c) => c.estimateGas({ account: DEPLOYER, to: SINK, value: 1n }))).to.equal(
            21_000n,
          );
          await same((c) =>
            c.estimateContractGas({
              address: f.tokens[0]!,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [SINK, 1n],
              account: DEPLOYER,
            }),
          );
          await same((c) => c.estimateGas({ account: DEPLOYER, to: SINK, value: 1n, blockNumber: f.busy }));
          await refused((c) => c.estimateGas({ account: EMPTY, to: SINK, value: 1n }));
          await refused((c) =>
            c.estimateContractGas({
              address: f.tokens[0]!,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [SINK, 1n],
              account: EMPTY,
            }),
          );
        });

        it('getGasPrice, estimateMaxPriorityFeePerGas, estimateFeesPerGas (EIP-1559 and legacy)', async function () {
          expect((await same((c) => c.getGasPrice())) > 0n).to.equal(true);
          await same((c) => c.estimateMaxPriorityFeePerGas());
          await same((c) => c.estimateFeesPerGas());
          await same((c) => c.estimateFeesPerGas({ type: 'legacy', chain: viemChain(chain) }));
          await same((c) =>
            c.prepareTransactionRequest({ account: DEPLOYER, to: SINK, value: 1n, chain: viemChain(chain) }),
          );
        });

        it('getFeeHistory at the head and at a block, with and without percentiles; beyond the head refused', async function () {
          const history = await same((c) =>
            c.getFeeHistory({ blockCount: 4, rewardPercentiles: [25, 75], blockTag: 'latest' }),
          );
          expect(history.baseFeePerGas).to.have.length(4);
          await same((c) => c.getFeeHistory({ blockCount: 3, blockNumber: f.busy, rewardPercentiles: [] }));
          await same((c) => c.getFeeHistory({ blockCount: 2, blockNumber: f.busy, rewardPercentiles: [50] }));
          await refused((c) =>
            c.getFeeHistory({ blockCount: 2, blockNumber: f.head + 10n, rewardPercentiles: [50] }),
          );
        });

        it('getLogs over closed ranges, by address, by event topic and indexed argument, by block hash', async function () {
          const all = await same((c) => c.getLogs({ fromBlock: 0n, toBlock: f.head }));
          expect(all.length).to.be.greaterThan(0);
          const byAddress = await same((c) =>
            c.getLogs({ address: f.tokens[1]!, fromBlock: 0n, toBlock: f.head }),
          );
          expect(byAddress.length).to.be.greaterThan(0);
          await same((c) => c.getLogs({ address: f.tokens, fromBlock: 1n, toBlock: f.busy }));
          const transfers = await same((c) =>
            c.getLogs({ address: f.tokens, event: TRANSFER, fromBlock: 0n, toBlock: f.head }),
          );
          expect(transfers.length).to.be.greaterThan(0);
          await same((c) =>
            c.getLogs({
              event: TRANSFER,
              args: { from: DEPLOYER },
              fromBlock: 0n,
              toBlock: f.head,
              strict: true,
            }),
          );
          await same((c) => c.getLogs({ blockHash: f.busyHash }));
          await same((c) =>
            c.getContractEvents({ address: f.tokens[0]!, abi: erc20Abi, fromBlock: 0n, toBlock: f.head }),
          );
          await refused((c) => c.getLogs({ fromBlock: f.busy, toBlock: f.busy - 1n }));
        });

        it('getProof of an account and of storage slots, at the head and at a block', async function () {
          const proof = await same((c) =>
            c.getProof({ address: DEPLOYER, storageKeys: [], blockTag: 'latest' }),
          );
          expect(proof.accountProof.length).to.be.greaterThan(0);
          await same((c) =>
            c.getProof({
              address: f.tokens[1]!,
              storageKeys: [pad('0x2'), pad('0x3')],
              blockNumber: f.busy,
            }),
          );
          await same((c) => c.getProof({ address: EMPTY, storageKeys: [pad('0x0')], blockNumber: f.head }));
        });

        it('block filters: created, polled, uninstalled, then not found', async function () {
          await same(async (c) => {
            const filter = await c.createBlockFilter();
            return {
              changes: await c.getFilterChanges({ filter }),
              uninstalled: await c.uninstallFilter({ filter }),
              after: await settle(c.getFilterChanges({ filter }), viemFailure),
            };
          });
        });

        it('event filters: getFilterLogs over a closed range, getFilterChanges, uninstallFilter', async function () {
          const answer = await same(async (c) => {
            const filter = await c.createEventFilter({
              address: f.tokens,
              event: TRANSFER,
              fromBlock: 0n,
              toBlock: f.head,
            });
            return {
              logs: await c.getFilterLogs({ filter }),
              changes: await c.getFilterChanges({ filter }),
              uninstalled: await c.uninstallFilter({ filter }),
            };
          });
          expect(answer.logs.length).to.be.greaterThan(0);
          expect(answer.uninstalled).to.equal(true);
          await same(async (c) => {
            const filter = await c.createContractEventFilter({
              address: f.tokens[0]!,
              abi: erc20Abi,
              fromBlock: 1n,
              toBlock: f.busy,
            });
            const logs = await c.getFilterLogs({ filter });
            await c.uninstallFilter({ filter });
            return logs;
          });
        });

        it('pending transaction filters see a transaction submitted through the gateway', async function () {
          const filters = {
            gateway: await clients.gateway.createPendingTransactionFilter(),
            node: await clients.node.createPendingTransactionFilter(),
          };
          const wallet = createWalletClient({
            account: POOL_SENDER,
            chain: viemChain(chain),
            transport: http(`${stack.gatewayUrl}${f.path}`),
          });
          const hash = await wallet.sendTransaction({ to: SINK, value: 2n });
          const changes = await compare(
            (side) => clients[side].getFilterChanges({ filter: filters[side] }),
            viemFailure,
          );
          expect(changes).to.deep.equal([hash]);
          await compare((side) => clients[side].uninstallFilter({ filter: filters[side] }), viemFailure);
        });

        it('txpool_status, txpool_content, txpool_contentFrom and txpool_inspect', async function () {
          const status = await same((c) => rpc<{ pending: Hex }>(c, 'txpool_status'));
          expect(BigInt(status.pending) > 0n).to.equal(true);
          await same((c) => rpc(c, 'txpool_content'));
          await same((c) => rpc(c, 'txpool_contentFrom', [POOL_SENDER.address]));
          await same((c) => rpc(c, 'txpool_inspect'));
        });

        it('eth_baseFee, eth_getChainConfig, eth_syncing, net_version, net_listening, web3_clientVersion, uncle counts', async function () {
          for (const [method, params] of [
            ['eth_baseFee', []],
            ['eth_getChainConfig', []],
            ['eth_syncing', []],
            ['net_version', []],
            ['net_listening', []],
            ['web3_clientVersion', []],
            ['eth_getUncleCountByBlockNumber', [toHex(f.busy)]],
            ['eth_getUncleCountByBlockHash', [f.busyHash]],
            ['eth_getUncleByBlockNumberAndIndex', [toHex(f.busy), '0x0']],
          ] as const)
            await same((c) => rpc(c, method, [...params]));
        });

        if (chain === 'L1') {
          it("Subnet-EVM's eth_feeConfig, eth_getActiveRulesAt and eth_getActivePrecompilesAt", async function () {
            const block = await clients.node.getBlock({ blockNumber: f.busy });
            await same((c) => rpc(c, 'eth_feeConfig'));
            await same((c) => rpc(c, 'eth_feeConfig', [toHex(f.busy)]));
            await same((c) => rpc(c, 'eth_getActiveRulesAt'));
            await same((c) => rpc(c, 'eth_getActiveRulesAt', [Number(block.timestamp)]));
            await same((c) => rpc(c, 'eth_getActivePrecompilesAt'));
            await same((c) => rpc(c, 'eth_getActivePrecompilesAt', [Number(block.timestamp)]));
          });
        } else {
          it("Subnet-EVM's methods refused on the C-Chain as coreth refuses them", async function () {
            for (const method of ['eth_feeConfig', 'eth_getActiveRulesAt', 'eth_getActivePrecompilesAt'])
              await refused((c) => rpc(c, method));
          });
        }

        it('sendRawTransaction refused alike: another chain id, a used nonce', async function () {
          const account = signer(14);
          const fees = { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1n, gas: 21_000n };
          const otherChain = await account.signTransaction({
            chainId: 1,
            to: SINK,
            value: 1n,
            nonce: 0,
            ...fees,
          });
          await refused((c) => c.sendRawTransaction({ serializedTransaction: otherChain }));
          const deployerKey = privateKeyToAccount(bytesToHex(ACCOUNTS[0]!.privateKey));
          const usedNonce = await deployerKey.signTransaction({
            chainId: viemChain(chain).id,
            to: SINK,
            value: 1n,
            nonce: 0,
            ...fees,
          });
          await refused((c) => c.sendRawTransaction({ serializedTransaction: usedNonce }));
        });

        it('methods the node does not serve are refused as the node refuses them', async function () {
          await refused((c) => c.createAccessList({ account: DEPLOYER, to: SINK, value: 1n }));
          await refused((c) => c.getBlobBaseFee());
          await refused((c) => rpc(c, 'eth_getRawTransactionByHash', [f.txHash]));
          await refused((c) => rpc(c, 'eth_noSuchMethod'));
        });
      });
    }
  }

  for (const chain of CHAINS) {
    for (const kind of ['JsonRpcProvider', 'WebSocketProvider'] as const) {
      describe(`ethers ${kind}, ${chain === 'C' ? 'C-Chain' : 'L1'}`, function () {
        let f: Fixture;
        const providers = {} as Record<Side, JsonRpcProvider | WebSocketProvider>;

        before(function () {
          f = fixtures[chain];
          for (const side of ['gateway', 'node'] as const) {
            const url = `${base(side)}${f.path}`;
            providers[side] =
              kind === 'JsonRpcProvider'
                ? new JsonRpcProvider(url, undefined, { staticNetwork: true })
                : new WebSocketProvider(wsUrl(url));
          }
        });

        after(async function () {
          for (const provider of Object.values(providers)) await provider.destroy();
        });

        const same = <T>(ask: (provider: AbstractProvider) => Promise<T>) =>
          compare((side) => ask(providers[side]), ethersFailure, { view: json });
        const refused = <T>(ask: (provider: AbstractProvider) => Promise<T>) =>
          compare((side) => ask(providers[side]), ethersFailure, { refused: true, view: json });

        it('getNetwork and getBlockNumber', async function () {
          expect((await same((p) => p.getNetwork())).chainId).to.equal(BigInt(viemChain(chain).id));
          expect(await same((p) => p.getBlockNumber())).to.equal(Number(f.head));
        });

        it('getBlock by number with prefetched transactions, by hash, by tag; a block not there yet', async function () {
          const block = await same(async (p) => {
            const b = await p.getBlock(Number(f.busy), true);
            return { block: b, transactions: b!.prefetchedTransactions };
          });
          expect(block.transactions).to.have.length(f.busyTxs);
          await same((p) => p.getBlock(f.busyHash));
          await same((p) => p.getBlock('latest'));
          await same((p) => p.getBlock(0));
          await refused((p) => p.getBlock(Number(f.head) + 1000));
        });

        it('getTransaction and getTransactionReceipt (with its logs); the pending one', async function () {
          await same((p) => p.getTransaction(f.txHash));
          const receipt = await same((p) => p.getTransactionReceipt(f.txHash));
          expect(receipt!.blockNumber).to.equal(Number(f.busy));
          await same((p) => p.getTransaction(pending[chain]));
          await same((p) => p.getTransactionReceipt(pending[chain]));
        });

        it('getBalance, getTransactionCount, getCode and getStorage at the head, at a block and pending', async function () {
          for (const blockTag of ['latest', Number(f.busy), 'pending'] as const) {
            await same((p) => p.getBalance(DEPLOYER, blockTag));
            await same((p) => p.getTransactionCount(DEPLOYER, blockTag));
            await same((p) => p.getCode(f.tokens[2]!, blockTag));
            await same((p) => p.getStorage(f.tokens[2]!, 2, blockTag));
          }
        });

        it('call and estimateGas; a revert and an unpayable transfer refused alike', async function () {
          const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [DEPLOYER] });
          await same((p) => p.call({ to: f.tokens[0]!, data }));
          await same((p) => p.call({ to: f.tokens[0]!, data, blockTag: Number(f.busy) }));
          await same((p) => p.estimateGas({ from: DEPLOYER, to: SINK, value: 1n }));
          const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SINK, 1n] });
          await refused((p) => p.call({ from: EMPTY, to: f.tokens[0]!, data: transfer }));
          await refused((p) => p.estimateGas({ from: EMPTY, to: SINK, value: 1n }));
        });

        it('getFeeData and getLogs (address and topics over a closed range)', async function () {
          await same((p) => p.getFeeData());
          const logs = await same((p) =>
            p.getLogs({
              address: f.tokens,
              topics: [keccak256(toHex('Transfer(address,address,uint256)'))],
              fromBlock: 0,
              toBlock: Number(f.head),
            }),
          );
          expect(logs.length).to.be.greaterThan(0);
          await same((p) => p.getLogs({ blockHash: f.busyHash }));
          await same((p) =>
            p.getLogs({ topics: [null, pad(DEPLOYER)], fromBlock: 0, toBlock: Number(f.head) }),
          );
        });

        it('many calls in one tick (one JSON-RPC batch for JsonRpcProvider)', async function () {
          await same(async (p) =>
            Promise.all([
              p.getBlockNumber(),
              ...Array.from({ length: Math.min(Number(f.head), 10) }, (_, i) =>
                p.getBlock(Number(f.head) - i, true),
              ),
              p.getTransaction(f.txHash),
              p.getTransactionReceipt(f.txHash),
              p.getBalance(DEPLOYER, Number(f.busy)),
              p.getTransactionCount(DEPLOYER),
              p.getCode(f.tokens[0]!),
              p.getStorage(f.tokens[0]!, 2),
              p.getLogs({ fromBlock: Number(f.busy), toBlock: Number(f.busy) }),
            ]),
          );
        });
      });
    }
  }

  describe('avalanchejs', function () {
    const account = ACCOUNTS[0]!;
    const address = (chain: string) => formatAddress(chain, hrp, account.address);
    const sameAs =
      <A>(make: (url: string) => A) =>
      <T>(ask: (api: A) => Promise<T>) =>
        compare((side) => ask(make(base(side))), avalanchejsFailure, { view: plain });
    const refusedAs =
      <A>(make: (url: string) => A) =>
      <T>(ask: (api: A) => Promise<T>) =>
        compare((side) => ask(make(base(side))), avalanchejsFailure, { refused: true, view: plain });

    describe('pvm.PVMApi', function () {
      const same = sameAs((url) => new pvm.PVMApi(url));
      const refused = refusedAs((url) => new pvm.PVMApi(url));
      let l1SubnetId: string;

      before(async function () {
        const { blockchains } = await new pvm.PVMApi(base('node')).getBlockchains();
        l1SubnetId = blockchains.find((b) => b.id === stack.l1BlockchainId)!.subnetID;
      });

      it('getHeight, getProposedHeight, getTimestamp, getCurrentSupply, getBlockchains', async function () {
        const { height } = await same((p) => p.getHeight());
        expect(Number(height)).to.be.greaterThan(0);
        await same((p) => callRpc(p, 'getProposedHeight'));
        await same((p) => p.getTimestamp());
        await same((p) => p.getCurrentSupply());
        await same((p) => p.getBlockchains());
      });

      it('getCurrentValidators (primary network, one node, the L1), getValidatorsAt, getAllValidatorsAt', async function () {
        const { validators } = await same((p) => p.getCurrentValidators());
        expect(validators.length).to.be.greaterThan(0);
        await same((p) => p.getCurrentValidators({ nodeIDs: [validators[0]!.nodeID] }));
        await same((p) => p.getCurrentValidators({ subnetID: l1SubnetId }));
        const { height } = await new pvm.PVMApi(base('node')).getHeight();
        await same((p) => p.getValidatorsAt({ height: Number(height) }));
        await same((p) => p.getValidatorsAt({ height: 5, subnetID: l1SubnetId }));
        await same((p) => callRpc(p, 'getValidatorsAt', { height: 'proposed' }));
        await same((p) => callRpc(p, 'getAllValidatorsAt', { height: 'proposed' }));
        await refused((p) => p.getValidatorsAt({ height: Number(height) + 1000 }));
      });

      it('getSubnet, getL1Validator, getStakingAssetID (the L1 refused alike)', async function () {
        await same((p) => p.getSubnet({ subnetID: l1SubnetId }));
        const l1 = (await new pvm.PVMApi(base('node')).getCurrentValidators({ subnetID: l1SubnetId }))
          .validators as unknown as { validationID: string }[];
        await same((p) => p.getL1Validator(l1[0]!.validationID));
        await same((p) => p.getStakingAssetID({ subnetID: '11111111111111111111111111111111LpoYY' }));
        await refused((p) => p.getStakingAssetID({ subnetID: l1SubnetId }));
      });

      it('getBlock, getBlockByHeight, getTx, getTxStatus, getRewardUTXOs of what the chain holds', async function () {
        const { validators } = await new pvm.PVMApi(base('node')).getCurrentValidators();
        const txID = validators.at(-1)!.txID;
        const tx = await same((p) => p.getTx({ txID }));
        expect(tx.unsignedTx).to.not.equal(undefined);
        expect(await same((p) => p.getTxStatus({ txID }))).to.deep.include({ status: 'Committed' });
        await same((p) => p.getRewardUTXOs({ txID }));
        const byHeight = await same((p) =>
          callRpc<{ block: string }>(p, 'getBlockByHeight', { height: 4, encoding: 'hex' }),
        );
        await same((p) => callRpc(p, 'getBlockByHeight', { height: 0, encoding: 'hex' }));
        const id = blockId(byHeight.block);
        await same((p) => callRpc(p, 'getBlock', { blockID: id, encoding: 'hex' }));
        await same((p) => p.getFeeConfig());
        await same((p) => p.getFeeState());
      });

      it('getUTXOs and getBalance of an account', async function () {
        const { utxos } = await same((p) => p.getUTXOs({ addresses: [address('P')] }));
        expect(utxos.length).to.be.greaterThan(0);
        await same((p) => p.getUTXOs({ addresses: [address('P')], sourceChain: 'X' }));
        await same((p) => p.getBalance({ addresses: [address('P')] }));
      });

      it('bad arguments and methods the node does not serve, refused alike', async function () {
        await refused((p) => p.getTxStatus({ txID: 'not-an-id' }));
        await refused((p) => p.getTx({ txID: '11111111111111111111111111111111LpoYY' }));
        await refused((p) => p.getBalance({ addresses: ['X-nothing'] }));
        await refused((p) => callRpc(p, 'getBlockByHeight', { height: 1_000_000, encoding: 'hex' }));
        await refused((p) => p.getMinStake());
      });
    });

    describe('avm.AVMApi', function () {
      const same = sameAs((url) => new avm.AVMApi(url));
      const refused = refusedAs((url) => new avm.AVMApi(url));

      it('getHeight, getBlockByHeight, getBlock, getTxFee', async function () {
        const { height } = await same((x) => callRpc<{ height: string }>(x, 'getHeight'));
        const block = await same((x) =>
          callRpc<{ block: string }>(x, 'getBlockByHeight', { height: Number(height), encoding: 'hex' }),
        );
        const id = blockId(block.block);
        await same((x) => callRpc(x, 'getBlock', { blockID: id, encoding: 'hex' }));
        await same((x) => x.getTxFee());
      });

      it('getUTXOs, getBalance, getAllBalances, getAssetDescription', async function () {
        const { utxos } = await same((x) => x.getUTXOs({ addresses: [address('X')] }));
        expect(utxos.length).to.be.greaterThan(0);
        await same((x) => x.getUTXOs({ addresses: [address('X')], limit: 2 }));
        await same((x) => x.getUTXOs({ addresses: [address('X')], sourceChain: 'P' }));
        await same((x) => x.getBalance({ address: address('X'), assetID: 'AVAX' } as never));
        const { balances } = await same((x) => x.getAllBalances({ address: address('X') }));
        for (const { asset } of balances as unknown as { asset: string }[])
          await same((x) => x.getAssetDescription(asset));
        await same((x) => x.getAssetDescription(avaxAssetId));
      });

      it('getTx, getTxStatus; re-issuing an accepted transaction refused alike', async function () {
        const { utxos } = await new avm.AVMApi(base('node')).getUTXOs({ addresses: [address('X')] });
        const txID = utxos[0]!.utxoId.txID.toString();
        const tx = await same((x) => x.getTx({ txID }));
        await same((x) => x.getTxStatus({ txID }));
        await refused((x) => x.issueSignedTx(tx));
      });

      it('bad arguments refused alike', async function () {
        await refused((x) => x.getBalance({ address: 'X-fuji1nothing', assetID: 'AVAX' } as never));
        await refused((x) => x.getTx({ txID: avaxAssetId }));
        await refused((x) => x.getTxStatus({ txID: '11111111111111111111111111111111LpoYY' }));
        await refused((x) => x.getAssetDescription('NOPE'));
        await refused((x) => x.issueTx({ tx: '0xabcd' }));
      });
    });

    describe('info.InfoApi', function () {
      const same = sameAs((url) => new info.InfoApi(url));
      const refused = refusedAs((url) => new info.InfoApi(url));

      it('getNodeVersion, getNodeId, getNetworkId, getNetworkName, getVMs, upgrades, uptime, peers', async function () {
        await same((i) => i.getNodeVersion());
        await same((i) => i.getNodeId());
        await same((i) => i.getNetworkId());
        await same((i) => i.getNetworkName());
        await same((i) => i.getVMs());
        await same((i) => i.getUpgradesInfo());
        await same((i) => i.uptime());
        await same((i) => i.peers());
        await same((i) => i.getNodeIp());
        await same((i) => callRpc(i, 'acps'));
        await same((i) => callRpc(i, 'getTxFee'));
      });

      it('getBlockchainId and isBootstrapped of every chain', async function () {
        for (const alias of ['P', 'X', 'C', 'platform', 'avm', 'evm', stack.l1BlockchainId]) {
          await same((i) => i.getBlockchainId(alias));
          await same((i) => i.isBootstrapped(alias));
        }
      });

      it('bad arguments and methods the node does not serve, refused alike', async function () {
        await refused((i) => i.getBlockchainId('nope'));
      });
    });

    describe('evm.EVMApi (the C-Chain avax API)', function () {
      const same = sameAs((url) => new evm.EVMApi(url));
      const refused = refusedAs((url) => new evm.EVMApi(url));
      /** The atomic transactions the C-Chain accepted (from its blocks' ExtData). */
      const atomic: avaxSerial.SignedTx[] = [];

      before(async function () {
        const codec = utils.getManagerForVM('EVM').getDefaultCodec();
        const node = createPublicClient({ transport: http(`${base('node')}/ext/bc/C/rpc`) });
        for (let n = 1n; n <= fixtures.C.head; n++) {
          const block = await rpc<{ blockExtraData: Hex }>(node, 'eth_getBlockByNumber', [toHex(n), false]);
          if (block.blockExtraData === '0x') continue;
          // Apricot Phase 5's batch: codec version, count, then each signed transaction.
          const extData = Buffer.from(block.blockExtraData.slice(2), 'hex');
          let rest: Uint8Array = extData.subarray(6);
          for (let i = 0; i < extData.readUInt32BE(2); i++) {
            const [signed, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
            atomic.push(signed);
            rest = remaining;
          }
        }
      });

      it('getAtomicTx and getAtomicTxStatus of each accepted atomic transaction', async function () {
        expect(atomic.some((t) => evmSerial.isImportTx(t.unsignedTx))).to.equal(true);
        expect(atomic.some((t) => evmSerial.isExportTx(t.unsignedTx))).to.equal(true);
        for (const signed of atomic) {
          const txID = encodeCb58(sha256(signed.toBytes()));
          const fetched = await same((c) => c.getAtomicTx({ txID }));
          expect(Buffer.from(fetched.tx.toBytes())).to.deep.equal(Buffer.from(signed.toBytes()));
          expect(await same((c) => c.getAtomicTxStatus(txID))).to.deep.include({ status: 'Accepted' });
        }
      });

      it('getUTXOs from each source chain, getBaseFee', async function () {
        for (const sourceChain of ['X', 'P'])
          await same((c) => c.getUTXOs({ addresses: [address('C')], sourceChain }));
        await same((c) => c.getBaseFee());
      });

      it('issueTx of a spent import, an unsigned import or export and undecodable bytes refused alike; bad arguments', async function () {
        const imported = atomic.find((t) => evmSerial.isImportTx(t.unsignedTx))!;
        await refused((c) => c.issueSignedTx(imported));
        await refused((c) => c.issueSignedTx(new avaxSerial.SignedTx(imported.unsignedTx, [])));
        const exported = atomic.find((t) => evmSerial.isExportTx(t.unsignedTx))!;
        await refused((c) => c.issueSignedTx(new avaxSerial.SignedTx(exported.unsignedTx, [])));
        await refused((c) => c.issueTx({ tx: '0x00' }));
        await refused((c) => c.getAtomicTx({ txID: avaxAssetId }));
        await refused((c) => c.getAtomicTxStatus('nope'));
        await refused((c) => c.getUTXOs({ addresses: [address('C')] }));
      });
    });
  });
});

describe('client libraries writing through gateway-rpc, with live blocks', function () {
  this.timeout(120_000);
  let stack: NodeRpcStack;
  const base = (side: Side) => (side === 'gateway' ? stack.gatewayUrl : stack.devnets[0]!.url);

  before(async function () {
    this.timeout(180_000);
    // Submitted transactions are included only in live blocks. The gateway sends a write to the first node only,
    // and its reads go there too, so answers are compared with that node's.
    stack = await startNodeRpcStack({
      seed: SEED,
      historyHours: 1,
      liveIntervalMs: 400,
      nodeOrder: [0, 1],
    });
  });

  after(async function () {
    await stack?.stop();
  });

  for (const chain of CHAINS) {
    describe(`${chain === 'C' ? 'C-Chain' : 'L1'}`, function () {
      const path = () => `/ext/bc/${chain === 'C' ? 'C' : stack.l1BlockchainId}/rpc`;
      const publicClient = (side: Side) =>
        createPublicClient({
          chain: viemChain(chain),
          transport: http(`${base(side)}${path()}`),
          pollingInterval: 100,
        });
      let contract: Hex;

      it('deploys a contract with viem (HTTP) through the gateway: the same receipt and code from both', async function () {
        const wallet = createWalletClient({
          account: signer(11),
          chain: viemChain(chain),
          transport: http(`${base('gateway')}${path()}`),
        });
        const hash = await wallet.deployContract({ abi: [], bytecode: INITCODE });
        const receipt = await publicClient('gateway').waitForTransactionReceipt({
          hash,
          pollingInterval: 100,
        });
        expect(receipt.status).to.equal('success');
        contract = receipt.contractAddress!;
        const same = <T>(ask: (c: PublicClient) => Promise<T>) =>
          compare((side) => ask(publicClient(side) as PublicClient), viemFailure);
        expect(await same((c) => c.getTransactionReceipt({ hash }))).to.deep.equal(receipt);
        await same((c) => c.getTransaction({ hash }));
        expect(
          await same((c) => c.getCode({ address: contract, blockNumber: receipt.blockNumber })),
        ).to.equal(RUNTIME);
      });

      it('calls it with viem (WebSocket) through the gateway; watchEvent, watchPendingTransactions and watchBlocks over both see it alike', async function () {
        const wsClient = (side: Side) =>
          createPublicClient({
            chain: viemChain(chain),
            transport: webSocket(wsUrl(`${base(side)}${path()}`), { reconnect: false }),
          });
        const watchers = { gateway: wsClient('gateway'), node: wsClient('node') };
        const events: Record<Side, Log[]> = { gateway: [], node: [] };
        const blocks: Record<Side, Hex[]> = { gateway: [], node: [] };
        const pooled: Record<Side, Hex[]> = { gateway: [], node: [] };
        const unwatch = (['gateway', 'node'] as const).flatMap((side) => [
          watchers[side].watchEvent({
            address: contract,
            event: STORED,
            onLogs: (logs) => void events[side].push(...logs),
          }),
          watchers[side].watchPendingTransactions({
            onTransactions: (hashes) => void pooled[side].push(...hashes),
          }),
          watchers[side].watchBlocks({ onBlock: (block) => void blocks[side].push(block.hash) }),
        ]);
        try {
          // A block on both means the subscriptions asked for before newHeads are live on both sockets. The gateway
          // subscribes upstream to pending transactions when its first client does: a block's time later, it has.
          await eventually(
            () => blocks.gateway.length > 0 && blocks.node.length > 0,
            20_000,
            'a first block',
          );
          const wallet = createWalletClient({
            account: signer(11),
            chain: viemChain(chain),
            transport: webSocket(wsUrl(`${base('gateway')}${path()}`), { reconnect: false }),
          });
          const hash = await wallet.sendTransaction({
            to: contract,
            data: encodeAbiParameters([{ type: 'uint256' }], [42n]),
          });
          const receipt = await publicClient('gateway').waitForTransactionReceipt({
            hash,
            pollingInterval: 100,
          });
          expect(receipt.logs).to.have.length(1);
          await eventually(
            () => events.gateway.length > 0 && events.node.length > 0,
            20_000,
            'the Stored event',
          );
          expect(events.gateway).to.deep.equal(events.node);
          await eventually(
            () => pooled.gateway.includes(hash) && pooled.node.includes(hash),
            20_000,
            'the pending transaction',
          );
          expect(events.gateway[0]).to.deep.include({ transactionHash: hash, args: { value: 42n } });
          const same = <T>(ask: (c: PublicClient) => Promise<T>) =>
            compare((side) => ask(publicClient(side) as PublicClient), viemFailure);
          await same((c) => c.getTransactionReceipt({ hash }));
          await same((c) =>
            c.getLogs({ address: contract, event: STORED, fromBlock: 0n, toBlock: receipt.blockNumber }),
          );
          expect(
            await same((c) =>
              c.getStorageAt({ address: contract, slot: '0x0', blockNumber: receipt.blockNumber }),
            ),
          ).to.equal(pad('0x2a'));
          // The blocks the gateway announced are the node's.
          await eventually(() => blocks.gateway.length >= 2, 20_000, 'two blocks');
          for (const blockHash of blocks.gateway.slice(0, 2)) await same((c) => c.getBlock({ blockHash }));
          (await wallet.transport.getRpcClient()).close();
        } finally {
          for (const stop of unwatch) stop();
          for (const client of Object.values(watchers)) (await client.transport.getRpcClient()).close();
        }
      });

      it('sends a transfer with an ethers Wallet over its WebSocketProvider through the gateway, and waits for it', async function () {
        const gateway = new WebSocketProvider(wsUrl(`${base('gateway')}${path()}`));
        const node = new JsonRpcProvider(`${base('node')}${path()}`, undefined, { staticNetwork: true });
        try {
          const wallet = new Wallet(bytesToHex(ACCOUNTS[12]!.privateKey), gateway);
          const response = await wallet.sendTransaction({ to: SINK, value: 5n });
          const receipt = await response.wait(1, 30_000);
          expect(receipt?.status).to.equal(1);
          expect(json(await node.getTransactionReceipt(response.hash))).to.deep.equal(json(receipt));
          expect(json(await node.getTransaction(response.hash))).to.deep.equal(
            json(await gateway.getTransaction(response.hash)),
          );
        } finally {
          await gateway.destroy();
          node.destroy();
        }
      });
    });
  }
});
