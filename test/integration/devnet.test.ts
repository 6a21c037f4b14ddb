import { avaxSerial, avmSerial, evmSerial, pvmSerial, utils, type Credential } from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { expect } from 'chai';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import { SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';
import { NOT_SWEPT, sweepDataApi } from '../support/data-api-surface.ts';
import { startStackOnDevnet } from '../support/devnet-process.ts';
import { eventually, freePort } from '../support/processes.ts';

const PARAMETERS: DevnetParameters = {
  identity: IDENTITIES.fuji,
  seed: 'test-seed',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 6n * 3600n,
  blockIntervalSeconds: 240n,
  accounts: 8,
  metadataBaseUrl: 'http://127.0.0.1:9650/metadata',
};

async function history(parameters: DevnetParameters) {
  const devnet = await Devnet.create(parameters);
  await devnet.generateHistory();
  return devnet.containers.range('P/block', 0n, 1_000_000n);
}

/** Every container of every index and the head of each EVM chain: what must not vary between two runs. */
async function everything(parameters: DevnetParameters) {
  const devnet = await Devnet.create(parameters);
  await devnet.generateHistory();
  const indexes = await Promise.all(
    (['P/block', 'X/vtx', 'X/block', 'X/tx', 'C/block'] as const).map((name) =>
      devnet.containers.range(name, 0n, 1_000_000n),
    ),
  );
  const evmHead = (chain: typeof devnet.cChain.chain) => Buffer.from(chain.head.hash).toString('hex');
  return { indexes, cHead: evmHead(devnet.cChain.chain), l1Head: evmHead(devnet.l1Chain.chain) };
}

const TX_KINDS: [string, (tx: Parameters<typeof pvmSerial.isPvmBaseTx>[0]) => boolean][] = [
  ['BaseTx', pvmSerial.isPvmBaseTx],
  ['CreateSubnetTx', pvmSerial.isCreateSubnetTx],
  ['CreateChainTx', pvmSerial.isCreateChainTx],
  ['ConvertSubnetToL1Tx', pvmSerial.isConvertSubnetToL1Tx],
  ['AddPermissionlessValidatorTx', pvmSerial.isAddPermissionlessValidatorTx],
  ['AddPermissionlessDelegatorTx', pvmSerial.isAddPermissionlessDelegatorTx],
  ['IncreaseL1ValidatorBalanceTx', pvmSerial.isIncreaseL1ValidatorBalanceTx],
  ['DisableL1ValidatorTx', pvmSerial.isDisableL1ValidatorTx],
  ['AddValidatorTx', pvmSerial.isAddValidatorTx],
  ['RegisterL1ValidatorTx', pvmSerial.isRegisterL1ValidatorTx],
  ['SetL1ValidatorWeightTx', pvmSerial.isSetL1ValidatorWeightTx],
  ['AddDelegatorTx', pvmSerial.isAddDelegatorTx],
  ['ImportTx', pvmSerial.isImportTx],
  ['ExportTx', pvmSerial.isExportTx],
];

function kindOf(tx: Parameters<typeof pvmSerial.isPvmBaseTx>[0]): string {
  return TX_KINDS.find(([, is]) => is(tx))?.[0] ?? 'unexpected';
}

/** Reads the devnet's bytes with code written here from avalanchego's formats, not with the devnet's encoder. */
class Reader {
  offset = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  private view(n: number) {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, n);
    this.offset += n;
    return view;
  }
  u16 = () => this.view(2).getUint16(0);
  u32 = () => this.view(4).getUint32(0);
  u64 = () => this.view(8).getBigUint64(0);
  take = (n: number) => this.bytes.slice(this.offset, (this.offset += n));
  rest = () => this.bytes.slice(this.offset);
}

describe('devnet', function () {
  it('gives byte-identical chains for the same seed and parameters, and other chains for another seed', async function () {
    const [all, again, first, other] = await Promise.all([
      everything(PARAMETERS),
      everything(PARAMETERS),
      history(PARAMETERS),
      history({ ...PARAMETERS, seed: 'another-seed' }),
    ]);
    expect(first).to.have.length(90);
    expect(all.indexes[4]!.length).to.be.greaterThan(30);
    expect(again).to.deep.equal(all);
    // Pinned: a change here changes every devnet chain, which must be deliberate (the last: L1 validators are given
    // 20 AVAX, enough for the continuous fee over the longest history).
    expect(encodeCb58(first.at(-1)!.id)).to.equal('2Rp42x8fQaoercEnpg1cBs4qVg6ZWrzX5NbdateYQgQAa5mFB8');
    expect(other.map((c) => Buffer.from(c.id).toString('hex'))).to.not.deep.equal(
      first.map((c) => Buffer.from(c.id).toString('hex')),
    );
  });

  it('serves P-Chain blocks that decode as proposervm blocks around platformvm blocks of signed avalanchejs transactions', async function () {
    const containers = await history(PARAMETERS);
    const codec = utils.getManagerForVM('PVM').getDefaultCodec();
    const accounts = new Set(
      deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) => Buffer.from(a.address).toString('hex')),
    );
    let previousOuter: Uint8Array | undefined;
    let previousInner: Uint8Array | undefined;
    let previousTime = 0n;
    let previousEpoch: { pChainHeight: bigint; number: bigint; start: bigint } | undefined;
    let previousTimestamp = 0n;
    let previousPChainHeight = 0n;
    let transfers = 0;
    const kinds = new Map<string, number>();
    // UTXO accounting across the whole history: genesis outputs, then each transaction's.
    // avalanchego's P-Chain genesis UTXOs: no transaction (the empty id), one output per allocation, in order.
    const genesisTxId = '00'.repeat(32);
    const unspent = new Set(Array.from({ length: PARAMETERS.accounts }, (_, i) => `${genesisTxId}:${i}`));
    for (const container of containers) {
      // proposervm statelessBlock: codec 0, type 0, parent, timestamp, P-Chain height, certificate, block, signature.
      const outer = new Reader(container.bytes);
      // After Granite: statelessGraniteBlock (type 2), the epoch after the inner block.
      expect([outer.u16(), outer.u32()]).to.deep.equal([0, 2]);
      const outerParent = outer.take(32);
      const timestamp = outer.u64();
      const pChainHeight = outer.u64();
      expect(outer.u32(), 'no certificate').to.equal(0);
      const inner = outer.take(outer.u32());
      const epoch = { pChainHeight: outer.u64(), number: outer.u64(), start: outer.u64() };
      // ACP-181: the first block starts epoch 1 at its parent's (genesis) time; an epoch lasts while its blocks
      // are built within 5 minutes of its start; the block after one built later starts the next.
      const expectedEpoch = !previousEpoch
        ? { pChainHeight: 0n, number: 1n, start: PARAMETERS.genesisTimeSeconds }
        : previousTimestamp < previousEpoch.start + 300n
          ? previousEpoch
          : {
              pChainHeight: previousPChainHeight,
              number: previousEpoch.number + 1n,
              start: previousTimestamp,
            };
      expect(epoch).to.deep.equal(expectedEpoch);
      [previousEpoch, previousTimestamp, previousPChainHeight] = [epoch, timestamp, pChainHeight];
      expect(outer.u32(), 'no signature').to.equal(0);
      expect(outer.rest()).to.have.length(0);
      expect(Buffer.from(container.id)).to.deep.equal(Buffer.from(sha256(container.bytes.subarray(0, -4))));
      if (previousOuter) expect(Buffer.from(outerParent)).to.deep.equal(Buffer.from(previousOuter));
      previousOuter = container.id;

      // platformvm BanffStandardBlock: codec 0, type 32, time, parent, height, transactions.
      const block = new Reader(inner);
      expect([block.u16(), block.u32()]).to.deep.equal([0, 32]);
      const time = block.u64();
      expect(time).to.equal(timestamp);
      expect(time >= previousTime).to.equal(true);
      previousTime = time;
      const parent = block.take(32);
      if (previousInner) expect(Buffer.from(parent)).to.deep.equal(Buffer.from(previousInner));
      previousInner = sha256(inner);
      expect(block.u64()).to.equal(container.index + 1n); // genesis (height 0) is never indexed
      const count = block.u32();
      // 1-3 transfers, and at some heights one staking, subnet or L1 transaction before them.
      expect(count).to.be.within(1, 4);
      let rest: Uint8Array = block.rest();
      for (let i = 0; i < count; i++) {
        const [signedTx, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
        rest = remaining;
        const tx = signedTx.unsignedTx;
        const baseTx = (tx as unknown as { baseTx: avaxSerial.BaseTx }).baseTx;
        const kind = kindOf(tx);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (kind === 'BaseTx') {
          expect(new TextDecoder().decode(baseTx.memo.toBytes().subarray(4))).to.equal(
            `devnet transfer #${++transfers}`,
          );
        }
        if (pvmSerial.isAddPermissionlessValidatorTx(tx)) {
          // The proof of possession verifies, with the POP tag, against the validator's BLS key.
          const { publicKey, signature } = (tx.signer as pvmSerial.Signer).proof;
          const bls = bls12_381.longSignatures;
          const message = bls.hash(publicKey, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_');
          expect(
            bls.verify(bls.Signature.fromBytes(signature), message, bls12_381.G1.Point.fromBytes(publicKey)),
          ).to.equal(true);
        }
        if (pvmSerial.isCreateChainTx(tx)) {
          const genesis = JSON.parse(new TextDecoder().decode(tx.genesisData.toBytes().subarray(4))) as {
            config: { chainId: number };
          };
          expect(genesis.config.chainId).to.equal(7331);
        }
        expect(baseTx.NetworkId.value()).to.equal(5);
        for (const input of baseTx.inputs) {
          const spent = `${Buffer.from(input.utxoID.txID.toBytes()).toString('hex')}:${input.utxoID.outputIdx.value()}`;
          expect(unspent.delete(spent), `input ${spent} exists and is unspent`).to.equal(true);
        }
        const txId = Buffer.from(
          sha256(new Uint8Array([0, 0, ...codec.PackPrefix(tx), ...packCredentials(signedTx, codec)])),
        ).toString('hex');
        baseTx.outputs.forEach((_, i) => unspent.add(`${txId}:${i}`));
        // Every signature recovers, with an independent secp256k1, to one of the devnet's accounts.
        const unsignedBytes = codec.PackPrefix(tx);
        const message = sha256(new Uint8Array([0, 0, ...unsignedBytes]));
        for (const credential of signedTx.credentials) {
          for (const signature of (credential as Credential).toJSON()) {
            const raw = signature.toBytes();
            const recovered = secp256k1.Signature.fromBytes(raw.subarray(0, 64), 'compact')
              .addRecoveryBit(raw[64]!)
              .recoverPublicKey(message)
              .toBytes(true);
            const address = Buffer.from(ripemd160Sha256(recovered)).toString('hex');
            expect(accounts.has(address), `signer ${address}`).to.equal(true);
          }
        }
      }
      expect(rest).to.have.length(0);
    }
    expect(transfers).to.be.greaterThan(containers.length);
    expect(Object.fromEntries(kinds)).to.deep.include({
      CreateSubnetTx: 1,
      CreateChainTx: 1,
      ConvertSubnetToL1Tx: 1,
      // Two validators and a delegator the pre-Durango way, then permissionless ones.
      AddValidatorTx: 2,
      AddDelegatorTx: 1,
      AddPermissionlessValidatorTx: 3,
      AddPermissionlessDelegatorTx: 1,
      IncreaseL1ValidatorBalanceTx: 1,
      // The L1's validator manager adds one validator through Warp.
      RegisterL1ValidatorTx: 1,
      // From the X- and the C-Chain; to the X-Chain.
      ImportTx: 4,
      ExportTx: 2,
    });
  });

  it('rewards stakers when their period ends: a proposal with the RewardValidatorTx, its commit in an option block, stake and rewards spendable', async function () {
    const devnet = await sharedDevnet(SHARED_DEVNET);
    const containers = await devnet.containers.range('P/block', 0n, 1_000_000n);
    const codec = utils.getManagerForVM('PVM').getDefaultCodec();
    /** Staker tx id -> its end time and number of BaseTx outputs. */
    const stakers = new Map<string, { end: bigint; outputs: number }>();
    const stakerOutputs = new Map<string, number>();
    const spent: string[] = [];
    let rewarded = 0;
    let previousOuter: Uint8Array | undefined;
    let pendingProposal: { innerId: Uint8Array; time: bigint; height: bigint } | undefined;
    for (const container of containers) {
      const outer = new Reader(container.bytes);
      expect(outer.u16()).to.equal(0);
      const type = outer.u32();
      const outerParent = outer.take(32);
      if (previousOuter) expect(Buffer.from(outerParent)).to.deep.equal(Buffer.from(previousOuter));
      previousOuter = container.id;
      if (type === 1) {
        // An option block: the commit that follows the proposal, identified by the hash of all its bytes.
        expect(Buffer.from(container.id)).to.deep.equal(Buffer.from(sha256(container.bytes)));
        const commit = new Reader(outer.take(outer.u32()));
        expect(outer.rest()).to.have.length(0);
        expect([commit.u16(), commit.u32()]).to.deep.equal([0, 31]);
        expect(commit.u64()).to.equal(pendingProposal!.time);
        expect(Buffer.from(commit.take(32))).to.deep.equal(Buffer.from(pendingProposal!.innerId));
        expect(commit.u64()).to.equal(pendingProposal!.height + 1n);
        pendingProposal = undefined;
        continue;
      }
      expect(type).to.equal(2);
      expect(pendingProposal, 'a proposal is followed by its option').to.equal(undefined);
      outer.u64();
      outer.u64();
      outer.take(outer.u32());
      const inner = outer.take(outer.u32());
      const block = new Reader(inner);
      expect(block.u16()).to.equal(0);
      const blockType = block.u32();
      const time = block.u64();
      if (blockType === 29) {
        expect(block.u32(), 'no decision transactions').to.equal(0);
        block.take(32);
        const height = block.u64();
        expect(block.u32(), 'RewardValidatorTx').to.equal(20);
        const stakerTxId = Buffer.from(block.take(32)).toString('hex');
        expect(block.u32(), 'no credentials').to.equal(0);
        expect(block.rest()).to.have.length(0);
        const staker = stakers.get(stakerTxId);
        expect(staker, 'the rewarded staker was added earlier').to.not.equal(undefined);
        expect(time, 'rewarded at its end time').to.equal(staker!.end);
        stakers.delete(stakerTxId);
        rewarded++;
        pendingProposal = { innerId: sha256(inner), time, height };
        continue;
      }
      expect(blockType).to.equal(32);
      block.take(32);
      block.u64();
      let rest: Uint8Array = block.rest().subarray(4);
      while (rest.length > 0) {
        const [signedTx, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
        rest = remaining;
        const tx = signedTx.unsignedTx;
        const baseTx = (tx as unknown as { baseTx: avaxSerial.BaseTx }).baseTx;
        for (const input of baseTx.inputs) {
          spent.push(
            `${Buffer.from(input.utxoID.txID.toBytes()).toString('hex')}:${input.utxoID.outputIdx.value()}`,
          );
        }
        if (pvmSerial.isAddPermissionlessValidatorTx(tx) || pvmSerial.isAddPermissionlessDelegatorTx(tx)) {
          const txId = Buffer.from(
            sha256(new Uint8Array([0, 0, ...codec.PackPrefix(tx), ...packCredentials(signedTx, codec)])),
          ).toString('hex');
          stakers.set(txId, {
            end: tx.subnetValidator.validator.endTime.value(),
            outputs: baseTx.outputs.length,
          });
          stakerOutputs.set(txId, baseTx.outputs.length);
        }
      }
    }
    expect(rewarded).to.be.greaterThan(2);
    // Outputs numbered past a staker transaction's own (returned stake, rewards) are spent by later transactions.
    const spentAfterReward = spent.filter((utxo) => {
      const [txId, index] = utxo.split(':');
      const own = stakerOutputs.get(txId!);
      return own !== undefined && Number(index) >= own;
    });
    expect(spentAfterReward.length).to.be.greaterThan(0);
  });

  it('moves value through shared memory: every import spends outputs an export to its chain created, once', async function () {
    const devnet = await Devnet.create(PARAMETERS);
    await devnet.generateHistory();
    const { pChainId, xChainId, cChainId } = IDENTITIES.fuji;
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    /** "destination|txId:index" of every exported output; imports must find theirs here. */
    const exported = new Set<string>();
    const imports: { destination: string; source: string; utxo: string }[] = [];
    const utxoId = (id: avaxSerial.UTXOID) => `${hex(id.txID.toBytes())}:${id.outputIdx.value()}`;
    const readAtomic = (chain: string, tx: unknown, txId: string, ownOutputs: number) => {
      if (avmSerial.isExportTx(tx as never) || pvmSerial.isExportTx(tx as never)) {
        const t = tx as { destination: { toString(): string }; outs: unknown[] };
        t.outs.forEach((_, i) => exported.add(`${t.destination.toString()}|${txId}:${ownOutputs + i}`));
      }
      if (avmSerial.isImportTx(tx as never) || pvmSerial.isImportTx(tx as never)) {
        const t = tx as { sourceChain: { toString(): string }; ins: avaxSerial.TransferableInput[] };
        for (const input of t.ins)
          imports.push({ destination: chain, source: t.sourceChain.toString(), utxo: utxoId(input.utxoID) });
      }
    };
    const avm = utils.getManagerForVM('AVM').getDefaultCodec();
    for (const c of await devnet.containers.range('X/tx', 0n, 1_000_000n)) {
      const [signed] = avaxSerial.SignedTx.fromBytes(c.bytes.subarray(2), avm);
      const baseTx = (signed.unsignedTx as unknown as { baseTx: avaxSerial.BaseTx }).baseTx;
      readAtomic(xChainId, signed.unsignedTx, hex(c.id), baseTx.outputs.length);
    }
    const pvm = utils.getManagerForVM('PVM').getDefaultCodec();
    for (const c of await devnet.containers.range('P/block', 0n, 1_000_000n)) {
      const outer = new Reader(c.bytes);
      outer.take(6 + 32 + 8 + 8);
      outer.take(outer.u32());
      const block = new Reader(outer.take(outer.u32()));
      block.u16();
      if (block.u32() !== 32) continue; // proposals carry only reward transactions
      block.take(8 + 32 + 8);
      let rest: Uint8Array = block.rest().subarray(4);
      while (rest.length > 0) {
        const [signed, remaining] = avaxSerial.SignedTx.fromBytes(rest, pvm);
        const txId = hex(sha256(new Uint8Array([0, 0, ...rest.subarray(0, rest.length - remaining.length)])));
        rest = remaining;
        const baseTx = (signed.unsignedTx as unknown as { baseTx: avaxSerial.BaseTx }).baseTx;
        readAtomic(pChainId, signed.unsignedTx, txId, baseTx.outputs.length);
      }
    }
    const evmCodec = utils.getManagerForVM('EVM').getDefaultCodec();
    for (const block of devnet.cChain.chain.blocks) {
      for (const atomic of block.atomicTxs) {
        const [signed] = avaxSerial.SignedTx.fromBytes(atomic.bytes.subarray(2), evmCodec);
        const tx = signed.unsignedTx;
        if (evmSerial.isExportTx(tx)) {
          tx.exportedOutputs.forEach((_, i) =>
            exported.add(`${tx.destinationChain.toString()}|${hex(atomic.id)}:${i}`),
          );
        }
        if (evmSerial.isImportTx(tx)) {
          for (const input of tx.importedInputs) {
            imports.push({
              destination: cChainId,
              source: tx.sourceChain.toString(),
              utxo: utxoId(input.utxoID),
            });
          }
        }
      }
    }
    const flows = new Set(imports.map((i) => `${i.source}>${i.destination}`));
    expect([...flows].sort()).to.deep.equal(
      [
        `${xChainId}>${pChainId}`,
        `${pChainId}>${xChainId}`,
        `${xChainId}>${cChainId}`,
        `${cChainId}>${pChainId}`,
      ].sort(),
    );
    for (const { destination, utxo } of imports) {
      expect(exported.delete(`${destination}|${utxo}`), `import of ${utxo} on ${destination}`).to.equal(true);
    }
  });

  it('accepts X-Chain transactions in vertices before Cortina and in proposervm-wrapped blocks after, each in X/tx', async function () {
    const devnet = await Devnet.create(PARAMETERS);
    await devnet.generateHistory();
    const all = (name: 'X/vtx' | 'X/block' | 'X/tx') => devnet.containers.range(name, 0n, 1_000_000n);
    const [vertices, blocks, txs] = await Promise.all([all('X/vtx'), all('X/block'), all('X/tx')]);
    expect(vertices.length + blocks.length).to.equal(90);
    expect(vertices.length).to.be.greaterThan(0);
    expect(blocks.length).to.be.greaterThan(0);
    const codec = utils.getManagerForVM('AVM').getDefaultCodec();
    const xChainId = Buffer.from(decodeCb58(IDENTITIES.fuji.xChainId));
    const accepted: string[] = [];
    const vertexSizes: number[] = [];
    const atomic = { ImportTx: 0, ExportTx: 0 };
    let assets = 0;
    let mints = 0;
    const moved = new Set<string>();
    const readTx = (bytes: Uint8Array) => {
      const [signedTx, rest] = avaxSerial.SignedTx.fromBytes(bytes, codec);
      const tx = signedTx.unsignedTx;
      const baseTx = (tx as unknown as { baseTx: avaxSerial.BaseTx }).baseTx;
      // Transfers carry a memo; atomic transactions move value to and from the P-Chain.
      if (avmSerial.isImportTx(tx)) atomic.ImportTx++;
      else if (avmSerial.isExportTx(tx)) atomic.ExportTx++;
      else if (avmSerial.isCreateAssetTx(tx)) {
        expect(new TextDecoder().decode(baseTx.memo.toBytes().subarray(4))).to.be.oneOf([
          'devnet asset',
          'devnet nft family',
        ]);
        assets++;
      } else if (avmSerial.isOperationTx(tx)) {
        expect(new TextDecoder().decode(baseTx.memo.toBytes().subarray(4))).to.equal('devnet nft mint');
        mints++;
      } else {
        for (const out of baseTx.outputs) moved.add(out.assetId.toString());
        expect(new TextDecoder().decode(baseTx.memo.toBytes().subarray(4))).to.match(
          /^devnet X transfer #\d+$/,
        );
      }
      expect(Buffer.from(baseTx.BlockchainId.toBytes())).to.deep.equal(xChainId);
      return rest;
    };
    let previous: Uint8Array | undefined;
    vertices.forEach((vertex, height) => {
      const r = new Reader(vertex.bytes);
      expect(r.u16()).to.equal(0);
      expect(Buffer.from(r.take(32))).to.deep.equal(xChainId);
      expect(r.u64()).to.equal(BigInt(height));
      expect(r.u32(), 'epoch').to.equal(0);
      const parents = Array.from({ length: r.u32() }, () => Buffer.from(r.take(32)));
      expect(parents).to.deep.equal(previous ? [Buffer.from(previous)] : []);
      const ids = Array.from({ length: r.u32() }, () => {
        const bytes = r.take(r.u32());
        expect([...bytes.subarray(0, 2)], 'a transaction keeps its codec version in a vertex').to.deep.equal([
          0, 0,
        ]);
        expect(readTx(bytes.subarray(2))).to.have.length(0);
        return Buffer.from(sha256(bytes)).toString('hex');
      });
      expect(ids, 'sorted by id').to.deep.equal([...ids].sort());
      expect(r.rest()).to.have.length(0);
      expect(Buffer.from(vertex.id)).to.deep.equal(Buffer.from(sha256(vertex.bytes)));
      previous = vertex.id;
      accepted.push(...ids);
      vertexSizes.push(ids.length);
    });
    let previousInner = previous!; // linearization continues from the last vertex
    blocks.forEach((block, i) => {
      const outer = new Reader(block.bytes);
      expect([outer.u16(), outer.u32()]).to.deep.equal([0, 2]);
      outer.take(32 + 8 + 8);
      expect(outer.u32()).to.equal(0);
      const inner = outer.take(outer.u32());
      const r = new Reader(inner);
      expect([r.u16(), r.u32()]).to.deep.equal([0, 20]);
      expect(Buffer.from(r.take(32))).to.deep.equal(Buffer.from(previousInner));
      expect(r.u64()).to.equal(BigInt(i + 1));
      r.u64();
      expect(
        [...r.take(32)].every((b) => b === 0),
        'merkle root',
      ).to.equal(true);
      const count = r.u32();
      let rest: Uint8Array = r.rest();
      for (let t = 0; t < count; t++) {
        const next = readTx(rest);
        accepted.push(
          Buffer.from(
            sha256(new Uint8Array([0, 0, ...rest.subarray(0, rest.length - next.length)])),
          ).toString('hex'),
        );
        rest = next;
      }
      expect(rest).to.have.length(0);
      previousInner = sha256(inner);
    });
    // X/tx lists a vertex's transactions in the order they were accepted (the vertex holds them sorted by id), and
    // the blocks' in block order.
    const indexed = txs.map((tx) => Buffer.from(tx.id).toString('hex'));
    let at = 0;
    for (const size of vertexSizes) {
      expect(indexed.slice(at, at + size).sort()).to.deep.equal(accepted.slice(at, at + size).sort());
      at += size;
    }
    expect(indexed.slice(at)).to.deep.equal(accepted.slice(at));
    for (const tx of txs) expect(Buffer.from(tx.id)).to.deep.equal(Buffer.from(sha256(tx.bytes)));
    // To the P- and the C-Chain; from the P-Chain.
    expect(atomic).to.deep.equal({ ImportTx: 2, ExportTx: 4 });
    // An asset and an NFT family are created (an asset's id is its transaction's), NFTs are minted, and transfers
    // move the asset as well as AVAX.
    expect(assets).to.equal(2);
    expect(mints).to.be.greaterThan(0);
    const others = [...moved].filter((id) => id !== IDENTITIES.fuji.avaxAssetId);
    expect(others).to.have.length(1);
    expect(txs.map((tx) => encodeCb58(tx.id))).to.include(others[0]);
  });

  it('is what `chain-data up` follows by default: the stack mirrors it, gateway-rpc serves its blocks, gateway-data every read operation', async function () {
    this.timeout(240_000);
    const port = await freePort();
    const { urls, stop } = await startStackOnDevnet({ GATEWAY_RPC_PORT: String(port) });
    try {
      const devnetUrl = urls.upstream[0]!;
      const call = async (base: string, method: string, params: object, indexName = 'P/block') => {
        const response = await fetch(`${base}/ext/index/${indexName}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        return ((await response.json()) as { result?: Record<string, unknown> }).result;
      };
      const gateway = `http://127.0.0.1:${port}`;
      await eventually(
        async () => (await call(gateway, 'index.getLastAccepted', {}))?.index === '59',
        60_000,
        'the mirror',
      );
      expect(await call(gateway, 'index.getLastAccepted', {})).to.deep.equal(
        await call(devnetUrl, 'index.getLastAccepted', {}),
      );
      const range = { startIndex: 0, numToFetch: 60 };
      expect(await call(gateway, 'index.getContainerRange', range)).to.deep.equal(
        await call(devnetUrl, 'index.getContainerRange', range),
      );
      for (const indexName of ['X/vtx', 'X/block', 'X/tx']) {
        const last = await call(devnetUrl, 'index.getLastAccepted', {}, indexName);
        await eventually(
          async () => (await call(gateway, 'index.getLastAccepted', {}, indexName))?.index === last?.index,
          60_000,
          indexName,
        );
        expect(await call(gateway, 'index.getLastAccepted', {}, indexName)).to.deep.equal(last);
      }
      // gateway-data serves the Data API from the primary-network service's projection of the same containers.
      const { gatewayData } = urls;
      const dataApi = async (template: string, path: string) => {
        const response = await fetch(`${gatewayData}${path}`);
        const body = (await response.json()) as Record<string, unknown>;
        assertDataApiResponse('GET', template, response.status, body);
        return body;
      };
      await eventually(
        async () =>
          (
            (
              await dataApi(
                '/v1/networks/{network}/blockchains/{blockchainId}/blocks',
                '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=1',
              )
            ).blocks as { blockNumber: string }[]
          )[0]?.blockNumber === '60',
        60_000,
        'the projection',
      );
      for (const alias of ['p-chain', 'x-chain', 'c-chain']) {
        const txs = await dataApi(
          '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
          `/v1/networks/fuji/blockchains/${alias}/transactions?pageSize=100`,
        );
        expect((txs.transactions as unknown[]).length, alias).to.be.greaterThan(0);
      }
      // ...and the EVM routes from evm-data, which follows the devnet's C-Chain and L1.
      const chains = (await dataApi('/v1/chains', '/v1/chains')).chains as { chainId: string }[];
      expect(chains.map((c) => c.chainId).sort()).to.deep.equal(['43113', '7331']);
      const head = await fetch(`${devnetUrl}/ext/bc/C/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getBlockByNumber',
          params: ['latest', true],
        }),
      });
      const block = (
        (await head.json()) as { result: { number: string; transactions: { from: string; hash: string }[] } }
      ).result;
      const height = BigInt(block.number);
      const sender = block.transactions[0]!;
      await eventually(
        async () =>
          (
            (
              await dataApi(
                '/v1/chains/{chainId}/addresses/{address}/transactions',
                `/v1/chains/43113/addresses/${sender.from}/transactions?startBlock=${height}&endBlock=${height + 1n}`,
              )
            ).transactions as { nativeTransaction: { txHash: string } }[]
          ).some((t) => t.nativeTransaction.txHash === sender.hash),
        60_000,
        'the C-Chain ingested',
      );
      // Every read operation gateway-data serves answers 200, as the official document has it, for what the
      // devnet holds.
      const openapi = (await (await fetch(`${gatewayData}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      const served = Object.values(openapi.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
      const { l1 } = (await (await fetch(`${devnetUrl}/ext/devnet/chains`)).json()) as {
        l1: { subnetId: string };
      };
      const asset = await fetch(`${devnetUrl}/ext/bc/X`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'avm.getAssetDescription',
          params: { assetID: 'AVAX' },
        }),
      });
      const avax = ((await asset.json()) as { result: { assetID: string } }).result.assetID;
      const answered = await sweepDataApi(gatewayData, served, { l1SubnetId: l1.subnetId, avax });
      expect(answered.length).to.equal(served.length - NOT_SWEPT.size);
      // A transaction export runs under `up` too: the job on up's Redis, the file in its data directory, the link
      // through gateway-data.
      const posted = await fetch(`${gatewayData}/v1/operations/transactions:export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
          options: { includeChains: ['p-chain'] },
        }),
      });
      const created = (await posted.json()) as { operationId: string };
      assertDataApiResponse('POST', '/v1/operations/transactions:export', posted.status, created);
      let exported: { operationStatus: string; metadata?: { downloadUrl?: string } } = {
        operationStatus: '',
      };
      await eventually(
        async () => {
          exported = (await dataApi(
            '/v1/operations/{operationId}',
            `/v1/operations/${created.operationId}`,
          )) as typeof exported;
          return exported.operationStatus !== 'RUNNING';
        },
        60_000,
        'the export',
      );
      expect(exported.operationStatus).to.be.oneOf(['COMPLETED', 'COMPLETED_WITH_WARNING']);
      const csv = await (await fetch(exported.metadata!.downloadUrl!)).text();
      expect(csv.split('\r\n')[0]).to.equal(
        'blockchainId,txHash,txType,timestamp,blockHeight,assetId,assetSymbol,denomination,amountIn,amountOut,memo',
      );
    } finally {
      await stop();
    }
  });
});

/** A signed transaction's bytes after the unsigned part: the credential count, then each credential with its type. */
function packCredentials(
  signedTx: avaxSerial.SignedTx,
  codec: ReturnType<ReturnType<typeof utils.getManagerForVM>['getDefaultCodec']>,
): Uint8Array {
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, signedTx.credentials.length);
  return new Uint8Array([...count, ...signedTx.credentials.flatMap((c) => [...codec.PackPrefix(c)])]);
}

function ripemd160Sha256(publicKey: Uint8Array): Uint8Array {
  return ripemd160(sha256(publicKey));
}
