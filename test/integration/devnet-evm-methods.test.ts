import { expect } from 'chai';
import {
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  encodeErrorResult,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseAbi,
  toHex,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { postJsonRpc, startDevnetWithHistory } from '../support/devnet-process.ts';
import type { RunningComponent } from '../support/processes.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { evmAccount } from '../../services/devnet/evm/activity.ts';
import { contractArtifacts } from '../../services/devnet/evm/contracts.ts';
import { EvmFilters } from '../../services/devnet/evm/filters.ts';
import type { EvmBlock, EvmChain } from '../../services/devnet/evm/chain.ts';

/**
 * The devnet's EVM methods beyond reads: eth_sendRawTransaction into live blocks (deploying and calling a contract
 * with viem), the txpool namespace, eth_estimateGas, eth_feeHistory, the polling filters, uncles, and the L1's
 * precompile and rule queries, with coreth's and Subnet-EVM's error codes and texts.
 */

const SEED = 'evm-methods';
const GENESIS = 1_767_225_600; // DEVNET_GENESIS_TIME's default, 2026-01-01T00:00:00Z
const tokenAbi = contractArtifacts().DevToken.abi;
const erc20 = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
]);
const factoryAbi = parseAbi(['function fail(string reason) pure']);

describe('devnet EVM methods: transactions, estimates, fee history, filters', function () {
  this.timeout(240_000);
  let devnet: RunningComponent;
  let base: string;
  let l1Path: string;
  let c: PublicClient;
  const accounts = deriveAccounts(SEED, 20).map((a) => evmAccount(a.privateKey));
  const funder = privateKeyToAccount(toHex(accounts[7]!.privateKey));
  // An account the devnet's own activity never uses, so its nonces are the test's alone.
  const user = privateKeyToAccount(keccak256(toHex('devnet-evm-methods user')));
  const chain = defineChain({
    id: 43113,
    name: 'devnet C',
    nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1'] } },
  });

  const call = (path: string, method: string, params: unknown[]) =>
    postJsonRpc(`${base}${path}`, method, params);
  const cCall = (method: string, params: unknown[]) => call('/ext/bc/C/rpc', method, params);
  const result = async <T>(method: string, params: unknown[]): Promise<T> => {
    const reply = await cCall(method, params);
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as T;
  };
  const wallet = (account: typeof user) =>
    createWalletClient({ chain, account, transport: http(`${base}/ext/bc/C/rpc`) });

  before(async function () {
    const started = await startDevnetWithHistory({
      DEVNET_SEED: SEED,
      DEVNET_HISTORY_HOURS: '2',
      DEVNET_LIVE_INTERVAL_MS: '250',
    });
    devnet = started.process;
    base = started.base;
    l1Path = `/ext/bc/${started.l1BlockchainId}/rpc`;
    c = createPublicClient({ chain, transport: http(`${base}/ext/bc/C/rpc`), pollingInterval: 100 });
  });

  after(async () => {
    await devnet?.stop();
  });

  it('funds a fresh account from a devnet account, deploys a contract with viem and calls it', async () => {
    const fund = await wallet(funder).sendTransaction({ to: user.address, value: 10n ** 19n });
    const funded = await c.waitForTransactionReceipt({ hash: fund });
    expect(funded.status).to.equal('success');
    expect(await c.getBalance({ address: user.address })).to.equal(10n ** 19n);

    const { bytecode } = contractArtifacts().DevToken;
    const deploy = await wallet(user).deployContract({
      abi: tokenAbi,
      bytecode: bytecode,
      args: ['Test Token', 'TT', 18, 1_000_000n],
    });
    const deployed = await c.waitForTransactionReceipt({ hash: deploy });
    expect(deployed.status).to.equal('success');
    const token = deployed.contractAddress!;
    // The address CREATE gives the sender's first nonce, computed here.
    expect(token).to.equal(getContractAddress({ from: user.address, nonce: 0n }).toLowerCase());
    expect(
      await c.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [user.address] }),
    ).to.equal(1_000_000n);

    const recipient = accounts[3]!.address;
    const transfer = await wallet(user).writeContract({
      address: token,
      abi: erc20,
      functionName: 'transfer',
      args: [recipient, 250n],
    });
    const receipt = await c.waitForTransactionReceipt({ hash: transfer });
    expect(receipt.status).to.equal('success');
    expect(receipt.logs).to.have.length(1);
    expect(receipt.logs[0]!.topics[2]).to.equal(`0x${recipient.slice(2).padStart(64, '0')}`);
    expect(
      await c.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [recipient] }),
    ).to.equal(250n);
    const tx = await result<Record<string, unknown>>('eth_getTransactionByHash', [transfer]);
    expect(tx.blockHash).to.equal(receipt.blockHash);
    const byHashAndIndex = await result<Record<string, unknown>>('eth_getTransactionByBlockHashAndIndex', [
      receipt.blockHash,
      toHex(receipt.transactionIndex),
    ]);
    expect(byHashAndIndex).to.deep.equal(tx);
  });

  it('keeps a gapped transaction queued and the next one pending, as the txpool namespace shows', async () => {
    const next = BigInt(await result<string>('eth_getTransactionCount', [user.address, 'latest']));
    const fees = { maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 0n, gas: 21_000n, chainId: 43113 };
    const gapped = await user.signTransaction({
      ...fees,
      to: accounts[4]!.address,
      value: 7n,
      nonce: Number(next + 1n),
    });
    const gappedHash = await result<Hex>('eth_sendRawTransaction', [gapped]);
    expect(gappedHash).to.equal(keccak256(gapped));
    expect(await cCall('eth_sendRawTransaction', [gapped])).to.deep.include({
      error: { code: -32000, message: 'already known' },
    });
    // A replacement must pay 10% more in fee cap and tip.
    const same = await user.signTransaction({
      ...fees,
      to: accounts[4]!.address,
      value: 8n,
      nonce: Number(next + 1n),
    });
    expect((await cCall('eth_sendRawTransaction', [same])).error).to.deep.equal({
      code: -32000,
      message: 'replacement transaction underpriced',
    });

    expect(await result('txpool_status', [])).to.deep.equal({ pending: '0x0', queued: '0x1' });
    // The pool's nonce counts only transactions without a gap.
    expect(await result('eth_getTransactionCount', [user.address, 'pending'])).to.equal(toHex(next));
    const pooled = await result<Record<string, unknown>>('eth_getTransactionByHash', [gappedHash]);
    expect(pooled).to.include({
      blockHash: null,
      blockNumber: null,
      transactionIndex: null,
      gasPrice: toHex(10n ** 11n),
    });
    expect(pooled.from).to.equal(user.address.toLowerCase());
    const content = await result<Record<string, Record<string, Record<string, unknown>>>>(
      'txpool_content',
      [],
    );
    expect(Object.keys(content)).to.deep.equal(['pending', 'queued']);
    expect(content.queued![getAddress(user.address)]).to.deep.equal({ [String(next + 1n)]: pooled });
    expect(await result('txpool_contentFrom', [user.address])).to.deep.equal({
      pending: {},
      queued: { [String(next + 1n)]: pooled },
    });
    const inspect = await result<Record<string, Record<string, Record<string, string>>>>(
      'txpool_inspect',
      [],
    );
    expect(inspect.queued![getAddress(user.address)]).to.deep.equal({
      [String(next + 1n)]: `${getAddress(accounts[4]!.address)}: 7 wei + 21000 gas × ${10n ** 11n} wei`,
    });

    // Filling the gap makes both executable; the next live blocks take them.
    const filter = await result<string>('eth_newPendingTransactionFilter', []);
    const filling = await user.signTransaction({
      ...fees,
      to: accounts[4]!.address,
      value: 6n,
      nonce: Number(next),
    });
    const fillingHash = await result<Hex>('eth_sendRawTransaction', [filling]);
    const announced = await result<Hex[]>('eth_getFilterChanges', [filter]);
    expect([...announced].sort()).to.deep.equal([fillingHash, gappedHash].sort());
    const second = await c.waitForTransactionReceipt({ hash: gappedHash });
    const first = await c.getTransactionReceipt({ hash: fillingHash });
    expect(first.blockNumber <= second.blockNumber).to.equal(true);
    expect(await result('eth_getTransactionCount', [user.address, 'pending'])).to.equal(toHex(next + 2n));
    expect(await result('txpool_status', [])).to.deep.equal({ pending: '0x0', queued: '0x0' });
  });

  it('rejects transactions with the txpool texts', async () => {
    const next = Number(BigInt(await result<string>('eth_getTransactionCount', [user.address, 'latest'])));
    const balance = await c.getBalance({ address: user.address });
    const base = {
      to: accounts[4]!.address,
      maxFeePerGas: 10n ** 11n,
      maxPriorityFeePerGas: 0n,
      gas: 21_000n,
      chainId: 43113,
    };
    const reject = async (raw: Hex, message: string) =>
      expect((await cCall('eth_sendRawTransaction', [raw])).error).to.deep.equal({ code: -32000, message });
    const checksum = getAddress(user.address);

    await reject(
      await user.signTransaction({ ...base, nonce: 0 }),
      `nonce too low: next nonce ${next}, tx nonce 0`,
    );
    const value = balance * 2n;
    const cost = 21_000n * 10n ** 11n + value;
    await reject(
      await user.signTransaction({ ...base, nonce: next, value }),
      `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
    );
    await reject(
      await user.signTransaction({ ...base, nonce: next, gas: 20_000n }),
      `intrinsic gas too low: address ${checksum} tx gas (20000), minimum needed 21000`,
    );
    await reject(
      await user.signTransaction({ ...base, nonce: next, gas: 20_000_000n }),
      'exceeds block gas limit: tx gas (20000000) > current max gas (10000000)',
    );
    await reject(await user.signTransaction({ ...base, nonce: next, chainId: 1 }), 'invalid sender');
    await reject(
      await user.signTransaction({
        to: accounts[4]!.address,
        gasPrice: 10n ** 16n,
        gas: 21_000n,
        nonce: next,
        type: 'legacy',
      }),
      'tx fee (210.00 ether) exceeds the configured cap (100.00 ether)',
    );
    await reject(
      await user.signTransaction({
        to: accounts[4]!.address,
        gasPrice: 10n ** 11n,
        gas: 21_000n,
        nonce: next,
        type: 'legacy',
      }),
      'only replay-protected (EIP-155) transactions allowed over RPC',
    );
    // The L1's pool wants Subnet-EVM's minimum base fee (25 gwei) as the fee cap.
    const l1Raw = await user.signTransaction({ ...base, chainId: 7331, nonce: 0, maxFeePerGas: 10n ** 9n });
    expect((await call(l1Path, 'eth_sendRawTransaction', [l1Raw])).error).to.deep.equal({
      code: -32000,
      message: `transaction underpriced: address ${checksum} have gas fee cap (1000000000) < pool minimum fee cap (25000000000)`,
    });
    expect((await cCall('eth_sendRawTransaction', ['0x'])).error).to.deep.equal({
      code: -32000,
      message: 'typed transaction too short',
    });
    expect(await result('txpool_status', [])).to.deep.equal({ pending: '0x0', queued: '0x0' });
  });

  it('estimates gas with geth binary search and its errors', async () => {
    expect(
      await result('eth_estimateGas', [{ from: user.address, to: accounts[5]!.address, value: '0x1' }]),
    ).to.equal('0x5208');
    // The devnet's factory: deployed by account 0 with its seventh transaction.
    const factory = getContractAddress({ from: accounts[0]!.address, nonce: 6n });
    const failing = await cCall('eth_estimateGas', [
      {
        from: user.address,
        to: factory,
        data: encodeFunctionData({ abi: factoryAbi, functionName: 'fail', args: ['not today'] }),
      },
    ]);
    expect(failing.error).to.deep.equal({
      code: 3,
      message: 'execution reverted: not today',
      data: encodeErrorResult({
        abi: parseAbi(['error Error(string)']),
        errorName: 'Error',
        args: ['not today'],
      }),
    });
    // A DUSD transfer beyond the sender's balance: a custom error, no reason text.
    const dusd = getContractAddress({ from: accounts[0]!.address, nonce: 0n });
    const overdraw = await cCall('eth_estimateGas', [
      {
        from: user.address,
        to: dusd,
        data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [accounts[1]!.address, 5n] }),
      },
    ]);
    expect(overdraw.error?.code).to.equal(3);
    expect(overdraw.error?.message).to.equal('execution reverted');
    const decoded = decodeErrorResult({ abi: erc20, data: overdraw.error!.data as Hex });
    expect(decoded.errorName).to.equal('ERC20InsufficientBalance');
    expect(decoded.args).to.deep.equal([user.address, 0n, 5n]);

    const data = encodeFunctionData({
      abi: erc20,
      functionName: 'transfer',
      args: [accounts[1]!.address, 1n],
    });
    const holder = accounts[0]!.address; // holds the DUSD supply
    expect(
      (await cCall('eth_estimateGas', [{ from: holder, to: dusd, data, gas: '0x5300' }])).error,
    ).to.deep.equal({
      code: -32000,
      message: 'gas required exceeds allowance (21248)',
    });
    const nobody = '0x00000000000000000000000000000000000000aa';
    expect(
      (
        await cCall('eth_estimateGas', [
          { from: nobody, to: holder, value: '0x1', maxFeePerGas: '0x5f5e100' },
        ])
      ).error,
    ).to.deep.equal({ code: -32000, message: 'insufficient funds for transfer' });

    const sent = await wallet(user).sendTransaction({
      to: accounts[5]!.address,
      value: 1n,
      gas: BigInt(
        await result<string>('eth_estimateGas', [
          { from: user.address, to: accounts[5]!.address, value: '0x1' },
        ]),
      ),
    });
    expect((await c.waitForTransactionReceipt({ hash: sent })).gasUsed).to.equal(21_000n);
  });

  it('estimates what a contract call then uses: enough, and no more than the first optimistic limit', async () => {
    const token = getContractAddress({ from: user.address, nonce: 0n });
    const data = encodeFunctionData({
      abi: erc20,
      functionName: 'transfer',
      args: [accounts[2]!.address, 3n],
    });
    const estimate = BigInt(
      await result<string>('eth_estimateGas', [{ from: user.address, to: token, data }]),
    );
    const hash = await wallet(user).sendTransaction({ to: token, data, gas: estimate });
    const receipt = await c.waitForTransactionReceipt({ hash });
    expect(receipt.status).to.equal('success');
    expect(receipt.gasUsed <= estimate).to.equal(true);
    const optimistic = ((receipt.gasUsed + 2_300n) * 64n) / 63n;
    expect(estimate <= optimistic).to.equal(true);
  });

  it('answers eth_feeHistory as coreth: a base fee per block, tips at the percentiles, its limits', async () => {
    const head = await c.getBlockNumber();
    const count = 5n;
    const history = await result<Record<string, unknown>>('eth_feeHistory', [
      toHex(count),
      toHex(head),
      [10, 50, 90],
    ]);
    const blocks = await Promise.all(
      Array.from({ length: Number(count) }, (_, i) =>
        c.getBlock({ blockNumber: head - count + 1n + BigInt(i), includeTransactions: true }),
      ),
    );
    expect(history.oldestBlock).to.equal(toHex(head - count + 1n));
    expect(history.baseFeePerGas).to.deep.equal(blocks.map((b) => toHex(b.baseFeePerGas!)));
    expect(history.gasUsedRatio).to.deep.equal(blocks.map((b) => Number(b.gasUsed) / Number(b.gasLimit)));
    const expected = await Promise.all(
      blocks.map(async (block) => {
        const receipts = await Promise.all(
          block.transactions.map((t) => c.getTransactionReceipt({ hash: t.hash })),
        );
        const tips = block.transactions
          .map((t, i) => {
            const tip =
              t.maxFeePerGas !== undefined
                ? t.maxPriorityFeePerGas < t.maxFeePerGas - block.baseFeePerGas!
                  ? t.maxPriorityFeePerGas
                  : t.maxFeePerGas - block.baseFeePerGas!
                : t.gasPrice - block.baseFeePerGas!;
            return { tip, gas: receipts[i]!.gasUsed };
          })
          .sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
        return [10, 50, 90].map((p) => {
          if (tips.length === 0) return '0x0';
          const threshold = (Number(block.gasUsed) * p) / 100;
          let sum = 0n;
          for (const t of tips) {
            sum += t.gas;
            if (Number(sum) >= threshold) return toHex(t.tip);
          }
          return toHex(tips.at(-1)!.tip);
        });
      }),
    );
    expect(history.reward).to.deep.equal(expected);
    expect(await result('eth_feeHistory', ['0x0', 'latest', []])).to.deep.equal({
      oldestBlock: '0x0',
      gasUsedRatio: null,
    });
    expect(await result('eth_feeHistory', [1, 'pending'])).to.deep.equal({
      oldestBlock: '0x0',
      gasUsedRatio: null,
    });
    const noRewards = await result<Record<string, unknown>>('eth_feeHistory', ['2', toHex(head)]);
    expect(Object.keys(noRewards)).to.deep.equal(['oldestBlock', 'baseFeePerGas', 'gasUsedRatio']);
    const error = async (params: unknown[]) => (await cCall('eth_feeHistory', params)).error;
    expect(await error([2, 'latest', [50, 10]])).to.deep.equal({
      code: -32000,
      message: 'invalid reward percentile: #0:50.000000 >= #1:10.000000',
    });
    expect(await error([2, 'latest', [101]])).to.deep.equal({
      code: -32000,
      message: 'invalid reward percentile: 101.000000',
    });
    const beyond = await error([2, toHex(head + 100_000n)]);
    expect(beyond?.message).to.match(
      new RegExp(`^request beyond head block: requested ${head + 100_000n}, head \\d+$`),
    );
    expect(await error(['abc', 'latest'])).to.deep.equal({
      code: -32602,
      message: 'invalid argument 0: invalid hex or decimal integer "abc"',
    });
  });

  it('serves block, log and pending-transaction filters with geth semantics', async () => {
    const blocks = await result<string>('eth_newBlockFilter', []);
    const token = getContractAddress({ from: user.address, nonce: 0n });
    const logs = await result<string>('eth_newFilter', [{ address: token }]);
    const from = await c.getBlockNumber();
    const hash = await wallet(user).writeContract({
      address: token,
      abi: erc20,
      functionName: 'transfer',
      args: [accounts[6]!.address, 9n],
    });
    const receipt = await c.waitForTransactionReceipt({ hash });
    const changes = await result<Record<string, unknown>[]>('eth_getFilterChanges', [logs]);
    const fromLogs = await result<Record<string, unknown>[]>('eth_getLogs', [
      { address: token, fromBlock: toHex(receipt.blockNumber), toBlock: toHex(receipt.blockNumber) },
    ]);
    expect(changes).to.deep.equal(fromLogs);
    expect(changes.map((l) => l.transactionHash)).to.deep.equal([hash]);
    expect(await result('eth_getFilterChanges', [logs])).to.deep.equal([]);
    const hashes = await result<string[]>('eth_getFilterChanges', [blocks]);
    expect(hashes.length > 0).to.equal(true);
    // Every hash names a block after the filter was made, in order.
    const numbers = await Promise.all(
      hashes.map(async (h) => (await c.getBlock({ blockHash: h as Hex })).number),
    );
    expect(numbers.every((n, i) => n > from && (i === 0 || n === numbers[i - 1]! + 1n))).to.equal(true);
    const ranged = await result<string>('eth_newFilter', [
      { address: token, fromBlock: toHex(receipt.blockNumber) },
    ]);
    expect(await result('eth_getFilterLogs', [ranged])).to.deep.equal(
      await result('eth_getLogs', [{ address: token, fromBlock: toHex(receipt.blockNumber) }]),
    );
    expect((await cCall('eth_getFilterLogs', [blocks])).error).to.deep.equal({
      code: -32000,
      message: 'filter not found',
    });
    expect(await result('eth_uninstallFilter', [logs])).to.equal(true);
    expect(await result('eth_uninstallFilter', [logs])).to.equal(false);
    expect((await cCall('eth_getFilterChanges', [logs])).error).to.deep.equal({
      code: -32000,
      message: 'filter not found',
    });
    expect((await cCall('eth_newFilter', [{ fromBlock: '0x10', toBlock: '0x5' }])).error).to.deep.equal({
      code: -32000,
      message: 'invalid from and to block combination: from > to',
    });
    expect(blocks).to.match(/^0x[1-9a-f][0-9a-f]*$/);
  });

  it('forgets a filter nobody polls for five minutes', () => {
    let now = 0;
    const listeners: ((block: EvmBlock) => void)[] = [];
    const stub = {
      onBlock: (l: (block: EvmBlock) => void) => listeners.push(l),
      mempool: { onPending: () => () => undefined },
    } as unknown as EvmChain;
    const filters = new EvmFilters(stub, { now: () => now });
    const polled = filters.newBlockFilter();
    const idle = filters.newBlockFilter();
    const block = { hash: new Uint8Array(32).fill(1), transactions: [], number: 1n } as unknown as EvmBlock;
    now = 4 * 60_000;
    expect(filters.changes(polled)).to.deep.equal([]);
    for (const l of listeners) l(block);
    now = 5 * 60_000;
    expect(() => filters.changes(idle)).to.throw('filter not found');
    expect(filters.changes(polled)).to.deep.equal([`0x${'01'.repeat(32)}`]);
    now = 10 * 60_000 - 1;
    expect(filters.changes(polled)).to.deep.equal([]);
  });

  it('answers uncle queries as an Avalanche node: none', async () => {
    const head = await c.getBlock({ blockTag: 'latest' });
    expect(await result('eth_getUncleCountByBlockNumber', ['latest'])).to.equal('0x0');
    expect(await result('eth_getUncleCountByBlockHash', [head.hash])).to.equal('0x0');
    expect(await result('eth_getUncleCountByBlockHash', [`0x${'ab'.repeat(32)}`])).to.equal(null);
    expect(await result('eth_getUncleByBlockNumberAndIndex', [toHex(head.number), '0x0'])).to.equal(null);
    expect(await result('eth_getUncleByBlockHashAndIndex', [head.hash, '0x0'])).to.equal(null);
  });

  it('reports the L1 Warp precompile alike in its chain config, active precompiles and rules', async () => {
    const warp = { blockTimestamp: GENESIS, quorumNumerator: 67, requirePrimaryNetworkSigners: false };
    const l1 = async (method: string, params: unknown[]) => (await call(l1Path, method, params)).result;
    const config = (await l1('eth_getChainConfig', [])) as Record<string, unknown>;
    expect(config.warpConfig).to.deep.equal(warp);
    const keys = Object.keys(config).filter((k) => k !== 'upgrades');
    expect(keys).to.deep.equal([...keys].sort());
    expect(await l1('eth_getActivePrecompilesAt', [])).to.deep.equal({ warpConfig: warp });
    expect(await l1('eth_getActivePrecompilesAt', [GENESIS - 1])).to.deep.equal({});
    const rules = (await l1('eth_getActiveRulesAt', [])) as Record<string, Record<string, unknown>>;
    expect(rules.precompiles).to.deep.equal({ warpConfig: { timestamp: GENESIS } });
    // Subnet-EVM gives Fortuna no default time, so a default L1 never has it; Granite follows the network.
    expect(rules.avalancheRules).to.include({ IsGranite: true, IsFortuna: false });
    expect((await call('/ext/bc/C/rpc', 'eth_getActivePrecompilesAt', [])).error?.code).to.equal(-32601);
  });
});
