import { expect } from 'chai';
import {
  asksAboutHead,
  evmCallPolicy,
  heightOf,
  pinnedToHeight,
  type PolicyContext,
} from '../../services/runtime/json-rpc/evm-methods.ts';
import { nodeApiOf } from '../../services/node-rpc/node-apis.ts';
import { filterCallTarget, nodeTag, taggedFilterId } from '../../services/node-rpc/filter-ids.ts';
import { LruCache } from '../../services/runtime/cache/lru.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'12'.repeat(20)}`;
const ctx: PolicyContext = { debugEnabled: false, knownHead: 100n };

describe('node-rpc: what each EVM method is', () => {
  const policy = (method: string, params: unknown[] = [], context = ctx) =>
    evmCallPolicy(method, params, context);
  const cached = (method: string, params: unknown[] = [], context = ctx) =>
    policy(method, params, context)?.cacheKey !== undefined;

  it('serves eth_, net_, web3_ and txpool_, and debug_ only when enabled', () => {
    for (const method of ['eth_chainId', 'net_version', 'web3_clientVersion', 'txpool_status'])
      expect(policy(method), method).to.not.equal(undefined);
    for (const method of [
      'debug_traceTransaction',
      'personal_listAccounts',
      'admin_peers',
      'miner_start',
      'eth',
    ])
      expect(policy(method), method).to.equal(undefined);
    expect(policy('debug_traceTransaction', [HASH], { ...ctx, debugEnabled: true })).to.not.equal(undefined);
  });

  it('marks the writes', () => {
    expect(policy('eth_sendRawTransaction', ['0x00'])?.write).to.equal(true);
    expect(policy('eth_call', [{}, 'latest'])?.write).to.equal(false);
  });

  it('keeps answers about numbered or hashed blocks, never about tags', () => {
    expect(cached('eth_getBlockByNumber', ['0x10', true])).to.equal(true);
    expect(policy('eth_getBlockByNumber', ['0x10', true])?.reaches).to.equal(16n);
    for (const tag of ['latest', 'pending', 'safe', 'finalized', 'earliest'])
      expect(cached('eth_getBlockByNumber', [tag, true]), tag).to.equal(false);
    expect(cached('eth_getBlockByHash', [HASH, false])).to.equal(true);
    expect(cached('eth_getBlockByHash', ['0x12', false])).to.equal(false);
    expect(cached('eth_getBalance', [ADDRESS, '0x5'])).to.equal(true);
    expect(cached('eth_getBalance', [ADDRESS, { blockHash: HASH }])).to.equal(true);
    expect(cached('eth_getBalance', [ADDRESS, 'latest'])).to.equal(false);
    expect(cached('eth_getBalance', [ADDRESS])).to.equal(false);
    expect(cached('eth_getStorageAt', [ADDRESS, '0x0', '0x5'])).to.equal(true);
    // The slot is a number too: without a block the call is about `latest`.
    expect(cached('eth_getStorageAt', [ADDRESS, '0x0'])).to.equal(false);
    expect(cached('eth_call', [{ to: ADDRESS }, '0x5'])).to.equal(true);
    expect(cached('eth_call', [{ to: ADDRESS }])).to.equal(false);
    expect(cached('eth_blockNumber')).to.equal(false);
    expect(cached('eth_gasPrice')).to.equal(false);
    expect(cached('eth_getProof', [ADDRESS, [], '0x5'])).to.equal(false);
  });

  it('keeps logs only of ranges that end at or below the head a node reported', () => {
    expect(cached('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x64' }])).to.equal(true);
    expect(cached('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x65' }])).to.equal(false);
    expect(
      cached('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x5' }], { ...ctx, knownHead: undefined }),
    ).to.equal(false);
    expect(cached('eth_getLogs', [{ fromBlock: '0x1', toBlock: 'latest' }])).to.equal(false);
    expect(cached('eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x1' }])).to.equal(false);
    expect(cached('eth_getLogs', [{ blockHash: HASH }])).to.equal(true);
  });

  it('calls an answer final only when it is: a block that exists, a mined transaction', () => {
    const isFinal = (method: string, params: unknown[], result: string) =>
      policy(method, params)!.isFinal!(result);
    expect(isFinal('eth_getBlockByNumber', ['0x10', false], 'null')).to.equal(false);
    expect(isFinal('eth_getBlockByNumber', ['0x10', false], '{"number":"0x10"}')).to.equal(true);
    expect(isFinal('eth_getTransactionByHash', [HASH], '{"blockHash":null,"hash":"0x1"}')).to.equal(false);
    expect(isFinal('eth_getTransactionByHash', [HASH], `{"blockHash":"${HASH}","hash":"0x1"}`)).to.equal(
      true,
    );
  });

  it('reads a head from eth_blockNumber', () => {
    expect(heightOf('"0x1f"')).to.equal(31n);
    expect(heightOf('null')).to.equal(undefined);
  });
});

describe('node-rpc: a batch answers about one height', () => {
  it('pins the tags naming the last accepted block, in the place each method takes its block', () => {
    const address = `0x${'11'.repeat(20)}`;
    expect(pinnedToHeight('eth_getBalance', [address, 'latest'], 26n)).to.deep.equal([address, '0x1a']);
    expect(pinnedToHeight('eth_getStorageAt', [address, '0x0', 'finalized'], 26n)).to.deep.equal([
      address,
      '0x0',
      '0x1a',
    ]);
    expect(pinnedToHeight('eth_getBlockByNumber', ['accepted', true], 26n)).to.deep.equal(['0x1a', true]);
    expect(pinnedToHeight('eth_feeHistory', ['0x4', 'latest', []], 26n)).to.deep.equal(['0x4', '0x1a', []]);
    expect(asksAboutHead('eth_blockNumber', [])).to.equal(true);
    expect(asksAboutHead('eth_call', [{}, 'safe'])).to.equal(true);
  });

  it('leaves alone what is not about the head: pending, numbers, hashes, other methods, malformed params', () => {
    for (const [method, params] of [
      ['eth_getTransactionCount', [`0x${'11'.repeat(20)}`, 'pending']],
      ['eth_getBlockByNumber', ['0x5', false]],
      ['eth_getBalance', [`0x${'11'.repeat(20)}`, { blockHash: `0x${'22'.repeat(32)}` }]],
      ['eth_getTransactionByHash', ['latest']],
      ['eth_getBalance', { 1: 'latest' }],
      ['eth_call', [{}]],
    ] as const) {
      expect(pinnedToHeight(method, params, 26n), method).to.equal(undefined);
      expect(asksAboutHead(method, params), method).to.equal(false);
    }
  });
});

describe('node-rpc: which paths it serves', () => {
  const l1 = '2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U';
  const chains = new Set(['C', l1]);
  it('serves the configured EVM chains, the C-Chain’s avax, L1 validators and the primary network’s APIs', () => {
    const kind = (path: string) => nodeApiOf(path, chains)?.kind;
    expect(kind('/ext/bc/C/rpc')).to.equal('evm');
    expect(kind(`/ext/bc/${IDENTITIES.fuji.cChainId}/rpc`)).to.equal('evm');
    expect(kind(`/ext/bc/${l1}/rpc`)).to.equal('evm');
    for (const path of [
      '/ext/bc/C/avax',
      `/ext/bc/${l1}/validators`,
      '/ext/bc/P',
      '/ext/P',
      '/ext/bc/X',
      '/ext/X',
    ])
      expect(kind(path), path).to.equal('gorilla');
    expect(kind(`/ext/bc/${IDENTITIES.fuji.pChainId}`)).to.equal('gorilla');
    for (const path of [
      '/ext/bc/X/rpc',
      '/ext/bc/P/rpc',
      `/ext/bc/${l1}/avax`,
      '/ext/bc/C/validators',
      '/ext/bc/C',
      `/ext/bc/${'2'.repeat(49)}/rpc`,
      '/ext/bc/C/rpc/',
      '/ext/admin',
    ])
      expect(kind(path), path).to.equal(undefined);
  });
});

describe('node-rpc: filters stay with the node that made them', () => {
  const nodes = ['http://10.0.0.1:9650', 'http://10.0.0.2:9650'];

  it('tags a node’s filter id with the node, and reads the tag back to that node and its own id', () => {
    const id = JSON.parse(taggedFilterId(nodes[1]!, '"0xa1b2c3"')) as string;
    expect(id).to.equal(`0x${nodeTag(nodes[1]!)}a1b2c3`);
    expect(filterCallTarget([id], nodes)).to.deep.equal({ node: nodes[1], params: ['0xa1b2c3'] });
    // Another replica, configured with the same nodes in another order, reads it alike.
    expect(filterCallTarget([id], [...nodes].reverse())?.node).to.equal(nodes[1]);
  });

  it('leaves to the nodes an id that names no node it knows, and an answer that is no id', () => {
    expect(filterCallTarget(['0x1234'], nodes)).to.equal(undefined);
    expect(filterCallTarget([`0x${nodeTag('http://elsewhere:9650')}ab`], nodes)).to.equal(undefined);
    expect(filterCallTarget([1], nodes)).to.equal(undefined);
    expect(filterCallTarget({}, nodes)).to.equal(undefined);
    expect(taggedFilterId(nodes[0]!, 'null')).to.equal('null');
  });
});

describe('LruCache weighed', () => {
  it('keeps at most its capacity in weight, dropping the least recently used', () => {
    const cache = new LruCache<string, string>(10, (v) => v.length);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    cache.get('a');
    cache.set('c', 'cccc');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).to.deep.equal(['aaaa', undefined, 'cccc']);
    expect(cache.weight).to.equal(8);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).to.equal(undefined);
    cache.set('a', 'a');
    expect(cache.weight).to.equal(5);
  });
});
