import {
  addTxSignatures,
  avaxSerial,
  avm,
  avmSerial,
  Context,
  evm,
  evmSerial,
  info,
  pvm,
  TransferableOutput,
  utils,
  type Utxo,
} from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { expect } from 'chai';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { evmAccount } from '../../services/devnet/evm/activity.ts';
import { deriveAccounts, signAllSlots, signBytes, type Account } from '../../services/devnet/wallet.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { formatAddress } from '../../services/runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { generatedHistory, l1BlockchainIdOf, startDevnet } from '../support/devnet-process.ts';
import type { RunningComponent } from '../support/processes.ts';

/**
 * The devnet's X-Chain (avm), info, platform and C-Chain avax APIs, served by a devnet process and read through
 * avalanchejs's clients and raw JSON-RPC, checked against a second devnet built in this process from the same
 * parameters (the devnet is deterministic, and without live blocks both hold the same chains).
 */
const SEED = 'node-apis-test';
// Five hours at 240 s: 75 steps, each atomic phase once (every 45 steps), then the last step the X-Chain's export
// to the C-Chain (phase 30), which nobody imports yet.
const PARAMETERS: DevnetParameters = {
  identity: IDENTITIES.fuji,
  seed: SEED,
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 5n * 3600n,
  blockIntervalSeconds: 240n,
  accounts: 20,
  metadataBaseUrl: 'http://127.0.0.1:1/metadata',
};
const { xChainId, pChainId, cChainId, avaxAssetId, hrp } = IDENTITIES.fuji;

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string; data: unknown } };

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
/** A UTXO's id as avalanchego keys it: sha256(u64 output index ‖ tx id). */
const inputIdOf = (txId: Uint8Array, index: number) => encodeCb58(sha256(Buffer.concat([u64(index), txId])));
const utxoKey = (u: Utxo) => `${u.utxoId.txID.toString()}:${u.utxoId.outputIdx.value()}`;
const amount = (u: Utxo) => (u.output as unknown as { amount(): bigint }).amount();
const ownerOf = (u: Utxo) => hex(u.getOutputOwners().addrs[0]!.toBytes());
const checked = (bytes: Uint8Array) => `0x${hex(bytes)}${hex(sha256(bytes).subarray(-4))}`;
const unchecked = (text: string) => new Uint8Array(Buffer.from(text.slice(2, -8), 'hex'));

/** The VM block inside a proposervm block (stateless: types 0 and 2; option: type 1). */
function innerBlock(outer: Uint8Array): Uint8Array {
  const view = Buffer.from(outer);
  let offset = 2;
  const type = view.readUInt32BE(offset);
  offset += 4 + 32;
  if (type !== 1) {
    offset += 16;
    offset += 4 + view.readUInt32BE(offset);
  }
  const length = view.readUInt32BE(offset);
  return new Uint8Array(view.subarray(offset + 4, offset + 4 + length));
}

describe('devnet node APIs: avm, info, platform additions and the C-Chain avax UTXOs', function () {
  this.timeout(300_000);
  let process: RunningComponent;
  let base: string;
  let replica: Devnet;
  let accounts: Account[];
  let l1BlockchainId: string;

  const raw = async (path: string, method: string, params: unknown = {}): Promise<Reply> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    expect(response.status).to.equal(200);
    return (await response.json()) as Reply;
  };
  const errorOf = async (path: string, method: string, params: unknown = {}) => {
    const reply = await raw(path, method, params);
    expect(reply.result, `${method} should fail`).to.equal(undefined);
    expect(reply.error!.code).to.equal(-32000);
    return reply.error!.message;
  };
  const xAddress = (a: Account) => formatAddress('X', hrp, a.address);
  const pAddress = (a: Account) => formatAddress('P', hrp, a.address);

  before(async function () {
    const started = await startDevnet({
      DEVNET_SEED: SEED,
      DEVNET_HISTORY_HOURS: '5',
      DEVNET_BLOCK_INTERVAL_S: '240',
      DEVNET_ACCOUNTS: '20',
      DEVNET_GENESIS_TIME: '2026-01-01T00:00:00Z',
      DEVNET_METADATA_URL: PARAMETERS.metadataBaseUrl,
      DEVNET_LIVE_INTERVAL_MS: '0',
    });
    process = started.process;
    base = started.base;
    // The replica builds its history while the process builds its own.
    replica = await Devnet.create(PARAMETERS);
    await replica.generateHistory();
    await generatedHistory(process, 120_000);
    accounts = deriveAccounts(SEED, PARAMETERS.accounts);
    l1BlockchainId = l1BlockchainIdOf(process);
    expect(l1BlockchainId).to.equal(replica.l1.blockchainId);
  });

  after(async () => {
    await process?.stop();
  });

  describe('avm (/ext/bc/X)', function () {
    it('serves every account its unspent outputs, newest first, as avalanchejs decodes them', async function () {
      const api = new avm.AVMApi(base);
      const unspent = replica.xChain.wallet.unspent();
      let total = 0;
      for (const account of accounts) {
        const expected = unspent.filter((u) => ownerOf(u) === hex(account.address)).reverse();
        const page = await api.getUTXOs({ addresses: [xAddress(account)] });
        expect(page.utxos.map(utxoKey)).to.deep.equal(expected.map(utxoKey));
        expect(Number(page.numFetched)).to.equal(expected.length);
        expect(page.endIndex.address).to.equal(xAddress(account));
        if (expected.length > 0) {
          const last = expected.at(-1)!;
          expect(page.endIndex.utxo).to.equal(
            inputIdOf(last.utxoId.txID.toBytes(), last.utxoId.outputIdx.value()),
          );
        }
        total += page.utxos.length;
      }
      expect(total).to.equal(unspent.length);
      // The same UTXOs through other aliases of the chain.
      const byId = await raw(`/ext/bc/${xChainId}`, 'avm.getUTXOs', { addresses: [xAddress(accounts[0]!)] });
      const byAlias = await raw('/ext/X', 'avm.getUTXOs', { addresses: [xAddress(accounts[0]!)] });
      expect(byId.result).to.deep.equal(byAlias.result);
    });

    it('pages UTXOs from an end index exactly as one long page lists them', async function () {
      const addresses = accounts.slice(0, 6).map(xAddress);
      const all = (await raw('/ext/bc/X', 'avm.getUTXOs', { addresses })).result!;
      const pages: string[] = [];
      let startIndex: unknown;
      for (let i = 0; i < 100; i++) {
        const page = (await raw('/ext/bc/X', 'avm.getUTXOs', { addresses, limit: 3, startIndex })).result!;
        pages.push(...(page.utxos as string[]));
        if ((page.utxos as string[]).length < 3) break;
        startIndex = page.endIndex;
      }
      expect(pages).to.deep.equal(all.utxos);
      expect((all.utxos as string[]).length).to.be.greaterThan(6);
    });

    it('sums balances over the same outputs, per asset, with AVAX under its alias', async function () {
      const api = new avm.AVMApi(base);
      const unspent = replica.xChain.wallet.unspent();
      let goldHolders = 0;
      for (const account of accounts) {
        const mine = unspent.filter((u) => ownerOf(u) === hex(account.address));
        const avax = mine.filter((u) => u.assetId.toString() === avaxAssetId);
        // avalanchejs types AvaxApi.getBalance with the P-Chain's params: the X-Chain's call is made raw.
        const balance = (
          await raw('/ext/bc/X', 'avm.getBalance', { address: xAddress(account), assetID: 'AVAX' })
        ).result as { balance: string; utxoIDs: { txID: string; outputIndex: number }[] };
        expect(balance.balance).to.equal(avax.reduce((s, u) => s + amount(u), 0n).toString());
        expect(balance.utxoIDs.map((u) => `${u.txID}:${u.outputIndex}`).sort()).to.deep.equal(
          avax.map(utxoKey).sort(),
        );
        const perAsset = new Map<string, bigint>();
        for (const u of mine) {
          const asset = u.assetId.toString() === avaxAssetId ? 'AVAX' : u.assetId.toString();
          perAsset.set(asset, (perAsset.get(asset) ?? 0n) + amount(u));
        }
        if (perAsset.size > 1) goldHolders++;
        const { balances } = await api.getAllBalances({ address: xAddress(account) });
        expect(new Map(balances.map((b) => [b.asset, BigInt(b.balance)]))).to.deep.equal(perAsset);
      }
      expect(goldHolders).to.be.greaterThan(0);
    });

    it('serves every accepted transaction, its status, and the blocks by height and id', async function () {
      const api = new avm.AVMApi(base);
      const txs = await replica.containers.range('X/tx', 0n, 100_000n);
      for (const tx of txs) {
        const id = encodeCb58(tx.id);
        // avalanchejs decodes what getTx serves (it cannot encode every avm type again: compare the raw reply).
        await api.getTx({ txID: id });
        const reply = (await raw('/ext/bc/X', 'avm.getTx', { txID: id, encoding: 'hexnc' })).result!;
        expect(reply).to.deep.equal({ tx: `0x${hex(tx.bytes)}`, encoding: 'hexnc' });
        expect((await api.getTxStatus({ txID: id })).status).to.equal('Accepted');
      }
      const unknown = encodeCb58(sha256(new TextEncoder().encode('no such tx')));
      expect((await api.getTxStatus({ txID: unknown })).status).to.equal('Unknown');
      expect(await errorOf('/ext/bc/X', 'avm.getTx', { txID: unknown })).to.equal('not found');
      expect(await errorOf('/ext/bc/X', 'avm.getTx', { txID: encodeCb58(new Uint8Array(32)) })).to.equal(
        'nil transaction ID',
      );

      const blocks = await replica.containers.range('X/block', 0n, 100_000n);
      expect(blocks.length).to.be.greaterThan(5);
      const height = (await raw('/ext/bc/X', 'avm.getHeight')).result!;
      expect(height).to.deep.equal({ height: String(blocks.length) });
      for (const [i, container] of blocks.entries()) {
        const inner = innerBlock(container.bytes);
        const byHeight = (await raw('/ext/bc/X', 'avm.getBlockByHeight', { height: i + 1 })).result!;
        expect(byHeight).to.deep.equal({ block: checked(inner), encoding: 'hex' });
        const byId = (
          await raw('/ext/bc/X', 'avm.getBlock', { blockID: encodeCb58(sha256(inner)), encoding: 'hexnc' })
        ).result!;
        expect(byId).to.deep.equal({ block: `0x${hex(inner)}`, encoding: 'hexnc' });
      }
      expect(await errorOf('/ext/bc/X', 'avm.getBlockByHeight', { height: blocks.length + 1 })).to.equal(
        `couldn't get block at height ${blocks.length + 1}: not found`,
      );
      expect(await errorOf('/ext/bc/X', 'avm.getBlock', { blockID: unknown })).to.equal(
        `couldn't get block with id ${unknown}: not found`,
      );
    });

    it('describes AVAX and the devnet assets from their CreateAssetTx', async function () {
      const api = new avm.AVMApi(base);
      expect(await api.getAssetDescription('AVAX')).to.deep.equal({
        assetID: avaxAssetId,
        name: 'Avalanche',
        symbol: 'AVAX',
        denomination: 9,
      });
      const codec = utils.getManagerForVM('AVM').getDefaultCodec();
      const created: Record<string, unknown>[] = [];
      let baseTxId: string | undefined;
      for (const tx of await replica.containers.range('X/tx', 0n, 100_000n)) {
        const [signed] = avaxSerial.SignedTx.fromBytes(tx.bytes.subarray(2), codec);
        if (avmSerial.isCreateAssetTx(signed.unsignedTx)) {
          const json = JSON.parse(
            JSON.stringify(signed.unsignedTx, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
          ) as Record<string, unknown>;
          created.push({ id: encodeCb58(tx.id), json });
        } else baseTxId ??= encodeCb58(tx.id);
      }
      expect(created).to.have.length(2);
      const descriptions = await Promise.all(created.map((c) => api.getAssetDescription(c.id as string)));
      expect(descriptions.map((d) => [d.name, d.symbol, d.denomination])).to.deep.equal([
        ['Devnet Gold', 'GOLD', 8],
        ['Devnet Stamps', 'STAMP', 0],
      ]);
      expect(descriptions.map((d) => d.assetID)).to.deep.equal(created.map((c) => c.id));
      expect(await errorOf('/ext/bc/X', 'avm.getAssetDescription', { assetID: baseTxId })).to.equal(
        "transaction doesn't create an asset",
      );
      expect(await errorOf('/ext/bc/X', 'avm.getAssetDescription', { assetID: 'GOLDX' })).to.equal(
        "asset 'GOLDX' not found",
      );
    });

    it('gives avalanchejs a builder context and accepts a signed transfer, refusing spent and forged ones', async function () {
      const context = await Context.getContextFromURI(base);
      expect(context).to.include({
        xBlockchainID: xChainId,
        pBlockchainID: pChainId,
        cBlockchainID: cChainId,
      });
      expect(context).to.include({ avaxAssetID: avaxAssetId, networkID: 5, hrp, baseTxFee: 1_000_000n });
      const sender = accounts[3]!;
      const api = new avm.AVMApi(base);
      const { utxos } = await api.getUTXOs({ addresses: [xAddress(sender)] });
      const unsignedTx = avm.newBaseTx(
        context,
        [sender.address],
        utxos.filter((u) => u.assetId.toString() === avaxAssetId),
        [TransferableOutput.fromNative(avaxAssetId, 1_000_000_000n, [accounts[4]!.address])],
      );
      await addTxSignatures({ unsignedTx, privateKeys: [sender.privateKey] });
      const signed = unsignedTx.getSignedTx();
      const { txID } = await api.issueSignedTx(signed);
      expect(txID).to.equal(encodeCb58(sha256(signed.toBytes())));

      // Signed by someone else: the credential does not recover the owner.
      const forged = avm.newBaseTx(
        context,
        [sender.address],
        utxos.filter((u) => u.assetId.toString() === avaxAssetId),
        [TransferableOutput.fromNative(avaxAssetId, 1_000_000_000n, [accounts[4]!.address])],
        { memo: new TextEncoder().encode('forged') },
      );
      const [, sigIndices] = [...forged.getSigIndices().entries()][0]!;
      const slot = sigIndices[0] ?? 0;
      forged.addSignatureAt(signBytes(forged.toBytes(), accounts[5]!.privateKey), 0, slot);
      expect(
        await errorOf('/ext/bc/X', 'avm.issueTx', { tx: checked(forged.getSignedTx().toBytes()) }),
      ).to.equal(
        `failed to verify transfer: wrong signature: expected signature from ${encodeCb58(sender.address)} ` +
          `but got from ${encodeCb58(accounts[5]!.address)}`,
      );
      // No signature at all (zeros): nothing to recover a key from.
      forged.addSignatureAt(new Uint8Array(65), 0, slot);
      expect(
        await errorOf('/ext/bc/X', 'avm.issueTx', { tx: checked(forged.getSignedTx().toBytes()) }),
      ).to.equal('failed to verify transfer: invalid signature');

      // An accepted transaction again: its first input is spent.
      const codec = utils.getManagerForVM('AVM').getDefaultCodec();
      const [accepted] = await replica.containers.range('X/tx', 5n, 6n);
      const [parsed] = avaxSerial.SignedTx.fromBytes(accepted!.bytes.subarray(2), codec);
      const input = (parsed.unsignedTx as unknown as { baseTx: avaxSerial.BaseTx }).baseTx.inputs[0]!;
      expect(await errorOf('/ext/bc/X', 'avm.issueTx', { tx: checked(accepted!.bytes) })).to.equal(
        `failed to verify transfer: failed to get utxo ${inputIdOf(input.utxoID.txID.toBytes(), input.utxoID.outputIdx.value())}: not found`,
      );
      expect(await errorOf('/ext/bc/X', 'avm.issueTx', { tx: 'abcd' })).to.equal(
        'problem decoding transaction: missing 0x prefix to hex encoding',
      );
      expect(
        await errorOf('/ext/bc/X', 'avm.issueTx', { tx: `${checked(accepted!.bytes).slice(0, -2)}00` }),
      ).to.equal('problem decoding transaction: invalid input checksum');
    });

    it('words bad arguments as the node does', async function () {
      expect(await errorOf('/ext/bc/X', 'avm.getUTXOs', { addresses: [] })).to.equal('no addresses provided');
      expect(await errorOf('/ext/bc/X', 'avm.getUTXOs', { addresses: ['nodash'] })).to.equal(
        `couldn't parse address "nodash": no separator found in address`,
      );
      const pAddr = pAddress(accounts[0]!);
      expect(await errorOf('/ext/bc/X', 'avm.getUTXOs', { addresses: [pAddr] })).to.equal(
        `couldn't parse address "${pAddr}": mismatched chainIDs: expected "${xChainId}" but got "${pChainId}"`,
      );
      const mainnet = formatAddress('X', 'avax', accounts[0]!.address);
      expect(await errorOf('/ext/bc/X', 'avm.getUTXOs', { addresses: [mainnet] })).to.equal(
        `couldn't parse address "${mainnet}": expected hrp "fuji" but got "avax"`,
      );
      expect(
        await errorOf('/ext/bc/X', 'avm.getUTXOs', { addresses: [xAddress(accounts[0]!)], sourceChain: 'Q' }),
      ).to.equal('problem parsing source chainID "Q": there is no ID with alias: Q');
      expect(await errorOf('/ext/bc/X', 'avm.getBlockByHeight', { height: 'x' })).to.equal(
        "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
      );
      expect(await errorOf('/ext/bc/X', 'avm.getBalance', { address: 'X-fuji1', assetID: 'AVAX' })).to.match(
        /^problem parsing address 'X-fuji1': couldn't parse address "X-fuji1": /,
      );
    });
  });

  describe('platform additions (/ext/bc/P)', function () {
    it('serves the P-Chain ledger: UTXOs and balances per account', async function () {
      const api = new pvm.PVMApi(base);
      const unspent = replica.pChain.wallet.unspent();
      for (const account of accounts.slice(0, 8)) {
        const expected = unspent.filter((u) => ownerOf(u) === hex(account.address)).reverse();
        const page = await api.getUTXOs({ addresses: [pAddress(account)] });
        expect(page.utxos.map(utxoKey)).to.deep.equal(expected.map(utxoKey));
        const balance = await api.getBalance({ addresses: [pAddress(account)] });
        const sum = expected.reduce((s, u) => s + amount(u), 0n);
        expect([balance.balance, balance.unlocked, balance.lockedStakeable]).to.deep.equal([sum, sum, 0n]);
        expect(balance.utxoIDs.map((u) => `${u.txID}:${u.outputIndex}`)).to.deep.equal(expected.map(utxoKey));
      }
      const everyone = await api.getBalance({ addresses: accounts.map(pAddress) });
      expect(everyone.balance).to.equal(unspent.reduce((s, u) => s + amount(u), 0n));
      expect(
        await errorOf('/ext/bc/P', 'platform.getUTXOs', { addresses: [xAddress(accounts[0]!)] }),
      ).to.equal(
        `couldn't parse address "${xAddress(accounts[0]!)}": mismatched chainIDs: expected "${pChainId}" but got "${xChainId}"`,
      );
    });

    it('serves every block by height and id, and every transaction in them with its status', async function () {
      const api = new pvm.PVMApi(base);
      const codec = utils.getManagerForVM('PVM').getDefaultCodec();
      const containers = await replica.containers.range('P/block', 0n, 100_000n);
      let txCount = 0;
      for (const [i, container] of containers.entries()) {
        const inner = innerBlock(container.bytes);
        const reply = (await raw('/ext/bc/P', 'platform.getBlockByHeight', { height: i + 1 })).result!;
        expect(reply).to.deep.equal({ block: checked(inner), encoding: 'hex' });
        const byId = (await raw('/ext/bc/P', 'platform.getBlock', { blockID: encodeCb58(sha256(inner)) }))
          .result!;
        expect(byId).to.deep.equal(reply);
        const view = Buffer.from(inner);
        if (view.readUInt32BE(2) !== 32) continue; // standard blocks: time, parent, height, transactions
        let rest: Uint8Array = new Uint8Array(view.subarray(2 + 4 + 8 + 32 + 8 + 4));
        while (rest.length > 0) {
          const [, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
          const bytes = Buffer.concat([
            Buffer.from([0, 0]),
            rest.subarray(0, rest.length - remaining.length),
          ]);
          rest = remaining;
          const txID = encodeCb58(sha256(bytes));
          const tx = (await raw('/ext/bc/P', 'platform.getTx', { txID, encoding: 'hexnc' })).result!;
          expect(tx).to.deep.equal({ tx: `0x${hex(bytes)}`, encoding: 'hexnc' });
          expect((await api.getTxStatus({ txID })).status).to.equal('Committed');
          txCount++;
        }
      }
      expect(txCount).to.be.greaterThan(containers.length);
      // Height 0 is the genesis block, which block 1 builds on.
      const genesis = (await raw('/ext/bc/P', 'platform.getBlockByHeight', { height: 0 })).result!;
      const first = innerBlock(containers[0]!.bytes);
      expect(hex(sha256(unchecked(genesis.block as string)))).to.equal(hex(first.subarray(14, 46)));
      const unknown = encodeCb58(sha256(new TextEncoder().encode('nothing')));
      expect(await errorOf('/ext/bc/P', 'platform.getTx', { txID: unknown })).to.equal(
        "couldn't get tx: not found",
      );
      expect((await api.getTxStatus({ txID: unknown })).status).to.equal('Unknown');
      expect(
        await errorOf('/ext/bc/P', 'platform.getBlockByHeight', { height: containers.length + 1 }),
      ).to.equal(`couldn't get block at height ${containers.length + 1}: not found`);
    });

    it('answers the staking asset, supply, chains and fees of the devnet', async function () {
      const api = new pvm.PVMApi(base);
      const staking = replica.pChain.staking;
      expect(await api.getStakingAssetID({ subnetID: encodeCb58(new Uint8Array(32)) })).to.deep.equal({
        assetID: avaxAssetId,
      });
      expect(
        await errorOf('/ext/bc/P', 'platform.getStakingAssetID', { subnetID: staking.subnetId }),
      ).to.equal(`failed fetching subnet transformation for ${staking.subnetId}: not found`);
      const supply = (await raw('/ext/bc/P', 'platform.getCurrentSupply')).result!;
      const rewards = staking.everyStaker.reduce((s, v) => s + v.potentialReward, 0n);
      expect(staking.everyStaker.length).to.be.greaterThan(4);
      expect(supply).to.deep.equal({
        supply: String(360_000_000n * 1_000_000_000n + rewards),
        height: String(replica.pChain.tip.height),
      });
      const { blockchains } = await api.getBlockchains();
      expect(blockchains).to.deep.equal([
        {
          id: l1BlockchainId,
          name: 'devnet-l1',
          subnetID: staking.subnetId,
          vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
        },
        ...[
          {
            id: xChainId,
            name: 'X-Chain',
            subnetID: encodeCb58(new Uint8Array(32)),
            vmID: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
          },
          {
            id: cChainId,
            name: 'C-Chain',
            subnetID: encodeCb58(new Uint8Array(32)),
            vmID: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
          },
        ].sort((a, b) => Buffer.compare(decodeCb58(a.id), decodeCb58(b.id))),
      ]);
      const fees = await api.getFeeConfig();
      expect(fees).to.deep.include({
        maxCapacity: 1_000_000n,
        maxPerSecond: 100_000n,
        targetPerSecond: 50_000n,
      });
      expect(fees).to.deep.include({ minPrice: 1n, excessConversionConstant: 2_164_043n });
      const state = (await raw('/ext/bc/P', 'platform.getFeeState')).result!;
      expect(state).to.deep.equal({
        capacity: 1_000_000,
        excess: 0,
        price: 1,
        timestamp: new Date(Number(replica.pChain.tip.timeSeconds) * 1000)
          .toISOString()
          .replace('.000Z', 'Z'),
      });
    });
  });

  describe('info (/ext/info)', function () {
    it('identifies the network, its chains and the node, a validator with a BLS proof of possession', async function () {
      const api = new info.InfoApi(base);
      expect(await api.getNetworkId()).to.deep.equal({ networkID: '5' });
      expect(await api.getNetworkName()).to.deep.equal({ networkName: 'fuji' });
      for (const [alias, id] of [
        ['X', xChainId],
        ['avm', xChainId],
        ['P', pChainId],
        ['C', cChainId],
        ['evm', cChainId],
        [l1BlockchainId, l1BlockchainId],
      ]) {
        expect(await api.getBlockchainId(alias!)).to.deep.equal({ blockchainID: id });
      }
      expect(await errorOf('/ext/info', 'info.getBlockchainID', { alias: 'Z' })).to.equal(
        'there is no ID with alias: Z',
      );
      const { nodeID, nodePOP } = await api.getNodeId();
      const validators = (await raw('/ext/bc/P', 'platform.getCurrentValidators')).result!.validators as {
        nodeID: string;
        signer?: { publicKey: string };
      }[];
      const me = validators.find((v) => v.nodeID === nodeID);
      expect(me, 'the node validates the primary network').to.not.equal(undefined);
      expect(me!.signer!.publicKey).to.equal(nodePOP.publicKey);
      const bls = bls12_381.longSignatures;
      const key = Buffer.from(nodePOP.publicKey.slice(2), 'hex');
      expect(
        bls.verify(
          bls.Signature.fromBytes(Buffer.from(nodePOP.proofOfPossession.slice(2), 'hex')),
          bls.hash(key, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'),
          bls12_381.G1.Point.fromBytes(key),
        ),
      ).to.equal(true);
      expect((await raw('/ext/info', 'info.uptime')).result).to.deep.equal({
        rewardingStakePercentage: '100.0000',
        weightedAveragePercentage: '100.0000',
      });
    });

    it('reports version, upgrades, VMs, bootstrapping, peers, ACPs and fees in the node shapes', async function () {
      const api = new info.InfoApi(base);
      const version = await api.getNodeVersion();
      expect(version.version).to.match(/^avalanchego\/\d+\.\d+\.\d+$/);
      expect(Object.keys(version.vmVersions)).to.deep.equal([
        'avm',
        'evm',
        'platform',
        'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
      ]);
      const upgrades = await api.getUpgradesInfo();
      const u = IDENTITIES.fuji.upgrades;
      const time = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
      expect(upgrades).to.deep.include({
        apricotPhase1Time: time(u.apricotPhase1),
        durangoTime: time(u.durango),
        graniteTime: time(u.granite),
        heliconTime: '9999-12-01T00:00:00Z',
        graniteEpochDuration: 300_000_000_000,
      });
      expect(Object.keys(upgrades)).to.have.length(18);
      expect((await raw('/ext/info', 'info.isBootstrapped', { chain: 'X' })).result).to.deep.equal({
        isBootstrapped: true,
      });
      expect(await errorOf('/ext/info', 'info.isBootstrapped', {})).to.equal("argument 'chain' not given");
      expect(await errorOf('/ext/info', 'info.isBootstrapped', { chain: 'Q' })).to.equal(
        "there is no chain with alias/ID 'Q'",
      );
      // Its peers are the other validators that can sign, each an Avalanche peer on its own port (devnet-p2p tests
      // them as peers); the node's own p2p address is not among them.
      const { numPeers, peers } = (await raw('/ext/info', 'info.peers')).result as {
        numPeers: string;
        peers: { publicIP: string }[];
      };
      expect(peers.length).to.be.greaterThan(0);
      expect(numPeers).to.equal(String(peers.length));
      const ownIp = (await raw('/ext/info', 'info.getNodeIP')).result as { ip: string };
      expect(ownIp.ip).to.match(/^127\.0\.0\.1:\d+$/);
      expect(new Set([...peers.map((p) => p.publicIP), ownIp.ip]).size).to.equal(peers.length + 1);
      expect((await raw('/ext/info', 'info.acps')).result).to.deep.equal({ acps: {} });
      const vms = (await raw('/ext/info', 'info.getVMs')).result as {
        vms: Record<string, string[]>;
        fxs: Record<string, string>;
      };
      expect(Object.values(vms.fxs).sort()).to.deep.equal(['nftfx', 'propertyfx', 'secp256k1fx']);
      expect(vms.vms['jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq']).to.deep.equal(['avm']);
      const fees = (await raw('/ext/info', 'info.getTxFee')).result!;
      expect(fees).to.include({
        txFee: '1000000',
        createAssetTxFee: '10000000',
        createSubnetTxFee: '100000000',
      });
    });
  });

  describe('avax (/ext/bc/C/avax)', function () {
    it('lists the atomic UTXOs exported to the C-Chain and not imported, and validates an import of them', async function () {
      // Independently of the devnet's shared memory: what the X-Chain exported to C, less what C imported.
      const avmCodec = utils.getManagerForVM('AVM').getDefaultCodec();
      const evmCodec = utils.getManagerForVM('EVM').getDefaultCodec();
      const pending = new Map<string, string>();
      for (const tx of await replica.containers.range('X/tx', 0n, 100_000n)) {
        const unsigned = avaxSerial.SignedTx.fromBytes(tx.bytes.subarray(2), avmCodec)[0].unsignedTx;
        if (!avmSerial.isExportTx(unsigned) || unsigned.destination.toString() !== cChainId) continue;
        const own = unsigned.baseTx.outputs.length;
        unsigned.outs.forEach((out, i) =>
          pending.set(
            `${encodeCb58(tx.id)}:${own + i}`,
            hex((out.output as unknown as { getOwners(): Uint8Array[] }).getOwners()[0]!),
          ),
        );
      }
      for (const block of replica.cChain.chain.blocks) {
        for (const atomic of block.atomicTxs) {
          const unsigned = avaxSerial.SignedTx.fromBytes(atomic.bytes.subarray(2), evmCodec)[0].unsignedTx;
          if (evmSerial.isImportTx(unsigned))
            for (const input of unsigned.importedInputs)
              pending.delete(`${input.utxoID.txID.toString()}:${input.utxoID.outputIdx.value()}`);
        }
      }
      expect(pending.size, 'the history ends with an export to the C-Chain').to.be.greaterThan(0);
      const api = new evm.EVMApi(base);
      const owners = accounts.filter((a) => [...pending.values()].includes(hex(a.address)));
      const cAddress = (a: Account) => formatAddress('C', hrp, a.address);
      const page = await api.getUTXOs({ addresses: accounts.map(cAddress), sourceChain: 'X' });
      expect(page.utxos.map(utxoKey).sort()).to.deep.equal([...pending.keys()].sort());
      expect(
        (await api.getUTXOs({ addresses: accounts.map(cAddress), sourceChain: 'P' })).utxos,
      ).to.deep.equal([]);
      expect(
        await errorOf('/ext/bc/C/avax', 'avax.getUTXOs', { addresses: [cAddress(accounts[0]!)] }),
      ).to.equal('no source chain provided');
      // Every other phase was imported the step after its export: nothing waits on the P- or X-Chain.
      for (const [path, method, addresses, sourceChain] of [
        ['/ext/bc/P', 'platform.getUTXOs', accounts.map(pAddress), 'X'],
        ['/ext/bc/P', 'platform.getUTXOs', accounts.map(pAddress), 'C'],
        ['/ext/bc/X', 'avm.getUTXOs', accounts.map(xAddress), 'P'],
      ] as const) {
        const reply = (await raw(path, method, { addresses, sourceChain })).result!;
        expect(reply.numFetched, `${method} from ${sourceChain}`).to.equal('0');
      }
      // The same outputs seen from the X-Chain's side: nothing the C-Chain exported waits for X.
      expect(
        (await raw('/ext/bc/X', 'avm.getUTXOs', { addresses: accounts.map(xAddress), sourceChain: 'C' }))
          .result!.numFetched,
      ).to.equal('0');

      const owner = owners[0]!;
      const context = await Context.getContextFromURI(base);
      const mine = (await api.getUTXOs({ addresses: [cAddress(owner)], sourceChain: 'X' })).utxos;
      const importOf = (baseFee: bigint) =>
        evm.newImportTxFromBaseFee(
          context,
          new Uint8Array(20).fill(7),
          [owner.address],
          mine,
          xChainId,
          baseFee,
        );
      const importTx = importOf(1n);
      await addTxSignatures({ unsignedTx: importTx, privateKeys: [owner.privateKey] });
      const signed = importTx.getSignedTx();
      expect(await api.issueSignedTx(signed)).to.deep.equal({ txID: encodeCb58(sha256(signed.toBytes())) });

      // coreth's semantic checks, in its order and words.
      const refusal = (bytes: Uint8Array) =>
        errorOf('/ext/bc/C/avax', 'avax.issueTx', { tx: checked(bytes) });
      const inputs = (signed.unsignedTx as evmSerial.ImportTx).importedInputs.length;
      expect(await refusal(new avaxSerial.SignedTx(signed.unsignedTx, []).toBytes())).to.equal(
        `incorrect number of credentials: (${inputs} vs. 0)`,
      );
      const stranger = accounts.find((a) => a !== owner)!;
      expect(await refusal(signAllSlots(importOf(1n), stranger.privateKey))).to.equal(
        'import tx transfer failed verification: wrong signature: expected signature from ' +
          `${encodeCb58(owner.address)} but got from ${encodeCb58(stranger.address)}`,
      );
      // Nothing burned: the fee at the C-Chain's base fee is at least 1 nAVAX.
      expect(await refusal(signAllSlots(importOf(0n), owner.privateKey))).to.equal(
        'import tx flow check failed due to: insufficient funds',
      );

      // An import the C-Chain already accepted: its UTXOs are gone from shared memory.
      const accepted = replica.cChain.chain.blocks
        .flatMap((b) => b.atomicTxs)
        .find((t) =>
          evmSerial.isImportTx(avaxSerial.SignedTx.fromBytes(t.bytes.subarray(2), evmCodec)[0].unsignedTx),
        )!;
      expect(await errorOf('/ext/bc/C/avax', 'avax.issueTx', { tx: checked(accepted.bytes) })).to.equal(
        `failed to fetch import UTXOs from ${xChainId} due to: not found`,
      );
    });

    it('refuses an export as coreth does: credentials, signer, fee, nonce, balance and chains', async function () {
      const evmCodec = utils.getManagerForVM('EVM').getDefaultCodec();
      const refusal = (bytes: Uint8Array) =>
        errorOf('/ext/bc/C/avax', 'avax.issueTx', { tx: checked(bytes) });
      const exports = replica.cChain.chain.blocks
        .flatMap((b) => b.atomicTxs)
        .map((t) => avaxSerial.SignedTx.fromBytes(t.bytes.subarray(2), evmCodec)[0])
        .filter((t) => evmSerial.isExportTx(t.unsignedTx));
      expect(exports.length, 'the history has C-Chain exports').to.be.greaterThan(0);
      // An accepted export re-wrapped without its credential, then as accepted: its nonce is spent.
      expect(await refusal(new avaxSerial.SignedTx(exports[0]!.unsignedTx, []).toBytes())).to.equal(
        'export tx contained incorrect number of credentials want 1 got 0',
      );
      expect(await refusal(exports[0]!.toBytes())).to.equal('invalid nonce');

      const context = await Context.getContextFromURI(base);
      const exporter = accounts[2]!;
      const from = evmAccount(exporter.privateKey).address;
      const rpc = async (method: string, params: unknown[]) => {
        const response = await fetch(`${base}/ext/bc/C/rpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        return BigInt(((await response.json()) as { result: string }).result);
      };
      const nonce = await rpc('eth_getTransactionCount', [from, 'latest']);
      const balance = (await rpc('eth_getBalance', [from, 'latest'])) / 1_000_000_000n;
      const exportOf = (
        options: {
          amount?: bigint;
          fee?: bigint;
          nonce?: bigint;
          destination?: string;
          networkID?: number;
        } = {},
      ) =>
        evm.newExportTx(
          { ...context, networkID: options.networkID ?? context.networkID },
          options.amount ?? 1_000_000_000n,
          options.destination ?? xChainId,
          Buffer.from(from.slice(2), 'hex'),
          [exporter.address],
          options.fee ?? 1_000_000n,
          options.nonce ?? nonce,
        );
      const valid = signAllSlots(exportOf(), exporter.privateKey);
      expect((await raw('/ext/bc/C/avax', 'avax.issueTx', { tx: checked(valid) })).result).to.deep.equal({
        txID: encodeCb58(sha256(valid)),
      });
      expect(await refusal(signAllSlots(exportOf(), accounts[3]!.privateKey))).to.equal(
        "signature doesn't match public key",
      );
      expect(await refusal(signAllSlots(exportOf({ fee: 0n }), exporter.privateKey))).to.equal(
        'export tx flow check failed due to: insufficient funds',
      );
      expect(await refusal(signAllSlots(exportOf({ nonce: nonce + 1n }), exporter.privateKey))).to.equal(
        'invalid nonce',
      );
      expect(await refusal(signAllSlots(exportOf({ amount: balance }), exporter.privateKey))).to.equal(
        'insufficient funds',
      );
      expect(
        await refusal(signAllSlots(exportOf({ destination: l1BlockchainId }), exporter.privateKey)),
      ).to.equal('tx has wrong chain ID');
      expect(await refusal(signAllSlots(exportOf({ networkID: 1 }), exporter.privateKey))).to.equal(
        'tx was issued with a different network ID',
      );
      // The same signature with s and the recovery bit flipped (s' = n - s) recovers the same key: the malleable
      // twin avalanchego's secp256k1 refuses.
      const [signedValid] = avaxSerial.SignedTx.fromBytes(valid.subarray(2), evmCodec);
      const signature = Buffer.from(signedValid.getCredentials()[0]!.getSignatures()[0]!.slice(2), 'hex');
      const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
      const s = BigInt(`0x${signature.subarray(32, 64).toString('hex')}`);
      const twin = Buffer.concat([
        signature.subarray(0, 32),
        Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'),
        Buffer.of(signature[64]! ^ 1),
      ]);
      const mutated = exportOf();
      mutated.addSignatureAt(twin, 0, 0);
      expect(await refusal(mutated.getSignedTx().toBytes())).to.equal(
        'signature was mutated from its original format',
      );
    });
  });
});
