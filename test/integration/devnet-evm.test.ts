import { expect } from 'chai';
import {
  createPublicClient,
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  fromRlp,
  http,
  keccak256,
  parseAbi,
  toHex,
  toRlp,
  type Block,
  type Hex,
  type PublicClient,
} from 'viem';
import { avalancheFuji } from 'viem/chains';
import { createHash } from 'node:crypto';
import { verifyWarpSignature } from '../support/bls-noble.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { avaxSerial, evm, evmSerial, utils } from '@avalabs/avalanchejs';
import { startDevnetWithHistory } from '../support/devnet-process.ts';
import {
  decodeSignatureResponse,
  signatureRequestAppBytes,
} from '../../services/runtime/avalanche/p2p/acp118.ts';
import { connectPeer, ephemeralBlsSecretKey, type Peer } from '../../services/runtime/avalanche/p2p/peer.ts';
import { createStakingCertificate } from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import type { RunningComponent } from '../support/processes.ts';

/**
 * The devnet's EVM chains read back with viem and with code written here from coreth's and Subnet-EVM's formats:
 * header hashes recomputed, index containers unwrapped, receipts and logs decoded, traces and errors checked.
 */

/** ICM's TeleporterMessenger v1 types, as its events use them. */
const ICM_STRUCTS = [
  'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
  'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
  'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
] as const;

const factoryAbi = parseAbi([
  'event ChildCreated(address indexed child, uint256 indexed label, bool deterministic)',
  'function fail(string reason) pure',
]);

type RpcReply = {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

describe('devnet EVM chains', function () {
  this.timeout(120_000);
  let devnet: RunningComponent;
  let base: string;
  let c: PublicClient;
  let l1: PublicClient;
  let l1BlockchainId: string;

  const rpc = async (path: string, body: unknown): Promise<RpcReply | RpcReply[]> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return (await response.json()) as RpcReply | RpcReply[];
  };
  const call = async (path: string, method: string, params: unknown[]) =>
    (await rpc(path, { jsonrpc: '2.0', id: 7, method, params })) as RpcReply;

  before(async function () {
    const started = await startDevnetWithHistory({
      DEVNET_SEED: 'evm-test',
      DEVNET_HISTORY_HOURS: '12',
      DEVNET_LIVE_INTERVAL_MS: '0',
    });
    devnet = started.process;
    base = started.base;
    l1BlockchainId = started.l1BlockchainId;
    c = createPublicClient({ chain: avalancheFuji, transport: http(`${base}/ext/bc/C/rpc`) });
    l1 = createPublicClient({ transport: http(`${base}/ext/bc/${l1BlockchainId}/rpc`) });
  });

  after(async () => {
    await devnet?.stop();
  });

  async function blocks(client: PublicClient): Promise<Block<bigint, true, 'latest'>[]> {
    const head = await client.getBlockNumber();
    const numbers = Array.from({ length: Number(head) + 1 }, (_, i) => BigInt(i));
    return Promise.all(
      numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
    );
  }

  /** The header as coreth (with ExtDataHash and ExtDataGasUsed) or Subnet-EVM (without) encodes it. */
  function headerHash(block: Record<string, unknown>, coreth: boolean): Hex {
    const q = (name: string) => {
      const value = BigInt(block[name] as string);
      return value === 0n ? '0x' : toHex(value);
    };
    const h = (name: string) => block[name] as Hex;
    const fields: Hex[] = [
      h('parentHash'),
      h('sha3Uncles'),
      h('miner'),
      h('stateRoot'),
      h('transactionsRoot'),
      h('receiptsRoot'),
      h('logsBloom'),
      q('difficulty'),
      q('number'),
      q('gasLimit'),
      q('gasUsed'),
      q('timestamp'),
      h('extraData'),
      h('mixHash'),
      h('nonce'),
      ...(coreth ? [h('extDataHash'), q('baseFeePerGas'), q('extDataGasUsed')] : [q('baseFeePerGas')]),
      q('blockGasCost'),
      q('blobGasUsed'),
      q('excessBlobGas'),
      h('parentBeaconBlockRoot'),
      q('timestampMilliseconds'),
      q('minDelayExcess'),
    ];
    return keccak256(toRlp(fields));
  }

  it('serves C-Chain blocks whose hashes recompute from their headers, with receipts and logs viem decodes', async function () {
    expect(await c.getChainId()).to.equal(43113);
    const all = await blocks(c);
    expect(all.length).to.be.greaterThan(40);
    for (const block of all.slice(1)) {
      const raw = (await call('/ext/bc/C/rpc', 'eth_getBlockByNumber', [toHex(block.number), false])).result;
      expect(headerHash(raw as Record<string, unknown>, true)).to.equal(block.hash);
      expect(block.parentHash).to.equal(all[Number(block.number) - 1]!.hash);
      // No empty blocks: EVM transactions, atomic ones in ExtData, or both.
      const extraData = (raw as { blockExtraData: string }).blockExtraData;
      expect(block.transactions.length > 0 || extraData !== '0x').to.equal(true);
    }
    let transfers = 0;
    let reverted = 0;
    let created = 0;
    for (const block of all.slice(1)) {
      const receipts = await c.getBlockReceipts({ blockNumber: block.number });
      expect(receipts.map((r) => r.transactionHash)).to.deep.equal(block.transactions.map((t) => t.hash));
      // The block's bloom is the union of its receipts'.
      const union = Buffer.alloc(256);
      for (const r of receipts)
        Buffer.from(r.logsBloom.slice(2), 'hex').forEach((byte, i) => (union[i]! |= byte));
      expect(toHex(union)).to.equal(block.logsBloom);
      for (const receipt of receipts) {
        if (receipt.status === 'reverted') reverted++;
        if (receipt.contractAddress) created++;
        for (const log of receipt.logs) {
          try {
            const event = decodeEventLog({ abi: erc20Abi, ...log });
            if (event.eventName === 'Transfer') transfers++;
          } catch {
            // ERC-721 and ERC-1155 events share topics with other layouts
          }
        }
      }
    }
    expect(created).to.equal(9);
    expect(transfers).to.be.greaterThan(10);
    expect(reverted).to.be.greaterThan(0);
    const head = await c.getBlockNumber();
    const logs = await c.getLogs({ fromBlock: 0n, toBlock: head });
    const fromReceipts = (
      await Promise.all(all.slice(1).map((b) => c.getBlockReceipts({ blockNumber: b.number })))
    ).flatMap((receipts) => receipts.flatMap((r) => r.logs));
    expect(logs.length).to.equal(fromReceipts.length);
  });

  it('holds each C-Chain block, as coreth encodes it, inside a proposervm block of the C/block index', async function () {
    const last = (await rpc('/ext/index/C/block', {
      jsonrpc: '2.0',
      id: 1,
      method: 'index.getLastAccepted',
      params: { encoding: 'hex' },
    })) as RpcReply;
    const { index } = last.result as { index: string };
    const head = await c.getBlockNumber();
    // Every C block after genesis is in the index, in order.
    expect(BigInt(index)).to.equal(head - 1n);
    for (const i of [0, Number(index)]) {
      const reply = (await rpc('/ext/index/C/block', {
        jsonrpc: '2.0',
        id: 1,
        method: 'index.getContainerByIndex',
        params: { index: String(i), encoding: 'hex' },
      })) as RpcReply;
      const hex = (reply.result as { bytes: string }).bytes;
      const bytes = Buffer.from(hex.slice(2, -8), 'hex');
      // codec version, type id, parent id, timestamp, P-Chain height, certificate, then the inner block.
      let offset = 2 + 4 + 32 + 8 + 8;
      offset += 4 + bytes.readUInt32BE(offset);
      const innerLength = bytes.readUInt32BE(offset);
      const inner = bytes.subarray(offset + 4, offset + 4 + innerLength);
      const items = fromRlp(toHex(inner)) as (Hex | Hex[])[];
      expect(items).to.have.length(5); // header, transactions, uncles, version, ExtData
      const header = items[0] as Hex[];
      expect(header).to.have.length(24);
      const block = await c.getBlock({ blockNumber: BigInt(i + 1) });
      expect(keccak256(toRlp(header))).to.equal(block.hash);
      expect((items[1] as Hex[]).length).to.equal(block.transactions.length);
    }
  });

  it('traces calls with callTracer: contracts created with CREATE2, reverts with their reasons', async function () {
    const head = await c.getBlockNumber();
    const logs = await c.getLogs({
      event: factoryAbi[0],
      fromBlock: 0n,
      toBlock: head,
    });
    const deterministic = logs.find((l) => l.args.deterministic);
    expect(deterministic, 'a CREATE2 child').to.not.equal(undefined);
    const trace = await call('/ext/bc/C/rpc', 'debug_traceTransaction', [
      deterministic!.transactionHash,
      { tracer: 'callTracer' },
    ]);
    const top = trace.result as { type: string; gasUsed: string; calls?: { type: string; to?: string }[] };
    const receipt = await c.getTransactionReceipt({ hash: deterministic!.transactionHash });
    expect(top.type).to.equal('CALL');
    expect(BigInt(top.gasUsed)).to.equal(receipt.gasUsed);
    expect(top.calls?.find((f) => f.type === 'CREATE2')?.to).to.equal(
      deterministic!.args.child!.toLowerCase(),
    );

    const all = await blocks(c);
    const failed = await (async () => {
      for (const block of all.slice(1)) {
        for (const receipt of await c.getBlockReceipts({ blockNumber: block.number })) {
          if (receipt.status === 'reverted') return { block, receipt };
        }
      }
      return undefined;
    })();
    const traces = await call('/ext/bc/C/rpc', 'debug_traceBlockByNumber', [
      toHex(failed!.block.number),
      { tracer: 'callTracer' },
    ]);
    const entry = (traces.result as { txHash: string; result: { error?: string } }[]).find(
      (t) => t.txHash === failed!.receipt.transactionHash,
    );
    expect(entry?.result.error).to.equal('execution reverted');

    const reply = await call('/ext/bc/C/rpc', 'eth_call', [
      {
        to: deterministic!.address,
        data: encodeFunctionData({ abi: factoryAbi, functionName: 'fail', args: ['nope'] }),
      },
      'latest',
    ]);
    expect(reply.error).to.deep.include({ code: 3, message: 'execution reverted: nope' });
  });

  it('answers malformed and out-of-range requests the way coreth does', async function () {
    const path = '/ext/bc/C/rpc';
    expect((await call(path, 'eth_getBlockByNumber', ['5', false])).error).to.deep.equal({
      code: -32602,
      message: 'invalid argument 0: hex string without 0x prefix',
    });
    expect((await call(path, 'eth_getBlockByNumber', ['0x5'])).error).to.deep.equal({
      code: -32602,
      message: 'missing value for required argument 1',
    });
    expect((await call(path, 'eth_fooBar', [])).error).to.deep.equal({
      code: -32601,
      message: 'the method eth_fooBar does not exist/is not available',
    });
    expect((await call(path, 'eth_getBlockByNumber', ['0xffffff', false])).error).to.deep.equal({
      code: -32000,
      message: 'cannot query unfinalized data',
    });
    expect((await call(path, 'eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`])).result).to.equal(null);
    expect((await call(path, 'eth_getBalance', ['0x1234', 'latest'])).error?.message).to.equal(
      'invalid argument 0: hex string has length 4, want 40 for common.Address',
    );
    expect(await rpc(path, '[]')).to.deep.equal({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'empty batch' },
    });
    expect(await rpc(path, '{"jsonrpc":"2.0",')).to.deep.equal({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error' },
    });
    const batch = (await rpc(path, [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'net_version' },
    ])) as RpcReply[];
    expect(batch).to.deep.equal([
      { jsonrpc: '2.0', id: 1, result: '0xa869' },
      { jsonrpc: '2.0', id: 2, result: '43113' },
    ]);
  });

  it('runs a Subnet-EVM L1 with its own chain id, fee configuration and header layout', async function () {
    expect(await l1.getChainId()).to.equal(7331);
    const path = `/ext/bc/${l1BlockchainId}/rpc`;
    const config = (await call(path, 'eth_getChainConfig', [])).result as Record<string, unknown>;
    expect(config).to.include({ chainId: 7331, subnetEVMTimestamp: 0 });
    expect(config).to.have.property('upgrades');
    expect((await call(path, 'eth_feeConfig', [])).result).to.deep.include({ lastChangedAt: 0 });
    const rules = (await call(path, 'eth_getActiveRulesAt', [])).result as {
      ethRules: Record<string, unknown>;
      avalancheRules: Record<string, unknown>;
      precompiles: Record<string, unknown>;
    };
    expect(rules.ethRules).to.include({ ChainID: 7331, IsCancun: true, IsPrague: false });
    expect(rules.avalancheRules).to.include({ IsSubnetEVM: true, IsGranite: true, IsHelicon: false });
    expect(rules.precompiles).to.have.property('warpConfig');
    const head = await l1.getBlockNumber();
    expect(Number(head)).to.be.greaterThan(4);
    const raw = (await call(path, 'eth_getBlockByNumber', [toHex(head), false])).result as Record<
      string,
      unknown
    >;
    expect(raw).to.not.have.property('extDataHash');
    expect(headerHash(raw, false)).to.equal(raw.hash);
    expect(BigInt(raw.baseFeePerGas as string)).to.equal(25_000_000_000n);
    const cConfig = (await call('/ext/bc/C/rpc', 'eth_getChainConfig', [])).result as Record<string, unknown>;
    expect(cConfig).to.include({ chainId: 43113, graniteTimestamp: 1761750000 });
    expect(cConfig).to.not.have.property('upgrades');
  });

  it('points NFT token URIs at metadata it serves: valid, invalid, oversized, failing or unreachable', async function () {
    const head = await c.getBlockNumber();
    const receipts = (
      await Promise.all([1n, 2n, 3n, 4n].map((blockNumber) => c.getBlockReceipts({ blockNumber })))
    ).flat();
    const [critters, relics] = receipts
      .filter((r) => r.contractAddress)
      .slice(3, 5)
      .map((r) => r.contractAddress!);
    const minted = await c.readContract({
      address: critters!,
      abi: parseAbi(['function totalMinted() view returns (uint256)']),
      functionName: 'totalMinted',
    });
    expect(Number(minted)).to.be.greaterThan(0);
    const uri = await c.readContract({
      address: critters!,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [1n],
      blockNumber: head,
    });
    const valid = (await (await fetch(uri)).json()) as { name: string };
    expect(valid.name).to.equal('Critter #1');
    const invalid = await (await fetch(uri.replace(/1$/, '7'))).text();
    expect(() => JSON.parse(invalid) as unknown).to.throw();
    expect((await fetch(uri.replace(/1$/, '8'))).headers.get('content-length')).to.satisfy(
      (n: string) => Number(n) > 2_000_000,
    );
    expect((await fetch(uri.replace(/1$/, '9'))).status).to.equal(500);
    const lost = await c
      .readContract({ address: relics!, abi: erc721Abi, functionName: 'tokenURI', args: [1n] })
      .catch(() => 'http://127.0.0.1:9/relics/1');
    expect(lost).to.match(/^http:\/\/127\.0\.0\.1:9\//);
    expect(
      await fetch(lost).then(
        () => 'reached',
        () => 'unreachable',
      ),
    ).to.equal('unreachable');
  });

  it('sends ICM messages through the Warp precompile, which validators then sign', async function () {
    const icmAbi = parseAbi([
      ...ICM_STRUCTS,
      'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
      'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
    ]);
    const head = await c.getBlockNumber();
    const sent = await c.getLogs({ event: icmAbi[0], fromBlock: 0n, toBlock: head });
    expect(sent.length, 'ICM messages on the C-Chain').to.be.greaterThan(0);
    const { transactionHash, args } = sent[0]!;
    // The L1 is the destination.
    expect(args.destinationBlockchainID).to.equal(toHex(decodeCb58(l1BlockchainId)));
    const receipt = await c.getTransactionReceipt({ hash: transactionHash });
    const warpLog = receipt.logs.find((l) => l.address === '0x0200000000000000000000000000000000000005')!;
    const { args: warp } = decodeEventLog({ abi: icmAbi, eventName: 'SendWarpMessage', ...warpLog });
    const unsigned = Buffer.from(warp.message.slice(2), 'hex');
    // UnsignedMessage: codec 0, network 5, the C-Chain as source, an AddressedCall from the messenger.
    expect(unsigned.readUInt16BE(0)).to.equal(0);
    expect(unsigned.readUInt32BE(2)).to.equal(5);
    expect(toHex(unsigned.subarray(6, 38))).to.equal(
      toHex(decodeCb58('yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp')),
    );
    expect(warp.messageID).to.equal(toHex(createHash('sha256').update(unsigned).digest()));
    expect(warp.sender.toLowerCase()).to.equal(sent[0]!.address.toLowerCase());

    // A validator signs it over ACP-118, as an Avalanche peer found through info.peers (or the node itself).
    const validators = (
      (await rpc('/ext/bc/P', {
        jsonrpc: '2.0',
        id: 1,
        method: 'platform.getCurrentValidators',
        params: {},
      })) as RpcReply
    ).result as { validators: { nodeID: string; signer?: { publicKey: string } }[] };
    const info = async (method: string) =>
      ((await rpc('/ext/info', { jsonrpc: '2.0', id: 1, method, params: {} })) as RpcReply).result as Record<
        string,
        unknown
      >;
    const addresses = new Map(
      ((await info('info.peers')).peers as { nodeID: string; publicIP: string }[]).map((p) => [
        p.nodeID,
        p.publicIP,
      ]),
    );
    addresses.set(
      (await info('info.getNodeID')).nodeID as string,
      (await info('info.getNodeIP')).ip as string,
    );
    const validator = validators.validators.find((v) => v.signer && addresses.has(v.nodeID))!;
    const [host, port] = addresses.get(validator.nodeID)!.split(':');
    const peer = await connectPeer(
      { host: host!, port: Number(port) },
      { certificate: createStakingCertificate(), blsSecretKey: ephemeralBlsSecretKey() },
      { networkId: 5, expectedNodeId: decodeCb58(validator.nodeID.slice(7)) },
    );
    let reply: Awaited<ReturnType<Peer['appRequest']>>;
    try {
      reply = await peer.appRequest(unsigned.subarray(6, 38), signatureRequestAppBytes(unsigned));
    } finally {
      peer.close();
    }
    const signature = decodeSignatureResponse((reply as { bytes: Uint8Array }).bytes)!;
    const key = Buffer.from(validator.signer!.publicKey.slice(2), 'hex');
    expect(verifyWarpSignature(unsigned, [key], signature)).to.equal(true);

    // The relayer delivers it on the L1: the messenger verifies the Warp message in the transaction's access list,
    // executes it, and the receipt travels back with a later message.
    const deliveryAbi = parseAbi([
      ...ICM_STRUCTS,
      'event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message)',
      'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
      'event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, TeleporterFeeInfo feeInfo)',
    ]);
    const l1Head = await l1.getBlockNumber();
    const received = await l1.getLogs({ event: deliveryAbi[0], fromBlock: 0n, toBlock: l1Head });
    const delivered = new Set(received.map((l) => l.args.messageID));
    expect(delivered.size, 'most messages are delivered').to.be.at.least(Math.ceil(sent.length * 0.6));
    expect(delivered.size).to.be.at.most(sent.length);
    for (const log of received) expect(sent.map((l) => l.args.messageID)).to.include(log.args.messageID);
    const executed = await l1.getLogs({ event: deliveryAbi[1], fromBlock: 0n, toBlock: l1Head });
    expect(executed.length).to.be.greaterThan(0);
    const receipts = await c.getLogs({ event: deliveryAbi[2], fromBlock: 0n, toBlock: head });
    expect(receipts.length, 'receipts come back to the C-Chain').to.be.greaterThan(0);
    expect(receipts.every((r) => delivered.has(r.args.messageID))).to.equal(true);
    expect(receipts[0]!.args.feeInfo!.amount).to.equal(10n);
  });

  it('carries atomic imports and exports in C-Chain blocks: ExtData, its hash and gas, and the balance they move', async function () {
    const codec = utils.getManagerForVM('EVM').getDefaultCodec();
    const head = await c.getBlockNumber();
    let imports = 0;
    let exports = 0;
    for (let n = 1n; n <= head; n++) {
      const raw = (await call('/ext/bc/C/rpc', 'eth_getBlockByNumber', [toHex(n), true])).result as {
        blockExtraData: Hex;
        extDataHash: Hex;
        extDataGasUsed: Hex;
        transactions: { from: string; gas: string; gasPrice: string; value: string; hash: Hex }[];
      };
      if (raw.blockExtraData === '0x') {
        expect(raw.extDataHash).to.equal(
          '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
        );
        continue;
      }
      expect(raw.extDataHash).to.equal(keccak256(toRlp(raw.blockExtraData)));
      // Apricot Phase 5's batch: codec version, count, then each signed transaction without its own version.
      const extData = Buffer.from(raw.blockExtraData.slice(2), 'hex');
      expect(extData.readUInt16BE(0)).to.equal(0);
      let rest: Uint8Array = extData.subarray(6);
      let gasUsed = 0n;
      for (let i = 0; i < extData.readUInt32BE(2); i++) {
        const [signed, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
        rest = remaining;
        const tx = signed.unsignedTx;
        // coreth's GasUsed: 10,000, one per unsigned byte (codec version included), 1,000 per signature.
        const signatures = evmSerial.isImportTx(tx)
          ? tx.importedInputs.reduce((sum, input) => sum + input.sigIndicies().length, 0)
          : (tx as evmSerial.ExportTx).ins.length;
        gasUsed +=
          10_000n + BigInt(utils.getManagerForVM('EVM').packCodec(tx).length) + 1_000n * BigInt(signatures);
        // The atomic API (through avalanchejs's own client) knows it, accepted at this height.
        const txId = encodeCb58(createHash('sha256').update(signed.toBytes()).digest());
        const avax = new evm.EVMApi(base);
        expect(await avax.getAtomicTxStatus(txId)).to.deep.equal({
          status: 'Accepted',
          blockHeight: n.toString(),
        });
        const fetched = await avax.getAtomicTx({ txID: txId });
        expect(Buffer.from(fetched.tx.toBytes())).to.deep.equal(Buffer.from(signed.toBytes()));
        if (evmSerial.isImportTx(tx)) {
          imports++;
          const out = tx.Outs[0]!;
          const address = toHex(out.address.toBytes());
          const before = await c.getBalance({ address, blockNumber: n - 1n });
          const after = await c.getBalance({ address, blockNumber: n });
          const receipts = await c.getBlockReceipts({ blockNumber: n });
          const spent = raw.transactions
            .filter((t) => t.from === address)
            .reduce((sum, t) => {
              const receipt = receipts.find((r) => r.transactionHash === t.hash)!;
              return sum + BigInt(t.value) + receipt.gasUsed * receipt.effectiveGasPrice;
            }, 0n);
          // nAVAX become wei, 10^9 of them (other transactions in the block may also have paid the account).
          expect(after - before + spent >= out.amount.value() * 1_000_000_000n).to.equal(true);
        } else if (evmSerial.isExportTx(tx)) {
          exports++;
          expect(tx.exportedOutputs.length).to.equal(1);
        }
      }
      expect(rest).to.have.length(0);
      expect(BigInt(raw.extDataGasUsed)).to.equal(gasUsed);
    }
    expect(imports).to.be.greaterThan(0);
    expect(exports).to.be.greaterThan(0);
  });
});
