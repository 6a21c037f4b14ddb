import { L1_VALIDATOR_BALANCE } from '../../services/devnet/p-chain-staking.ts';
import { createHash, generateKeyPairSync, sign, X509Certificate } from 'node:crypto';
import {
  avaxSerial,
  BigIntPr,
  Byte,
  Credential,
  Id,
  Input,
  Int,
  NodeId,
  OutputOwners,
  pvmSerial,
  Signature,
  TransferableInput,
  TransferableOutput,
  TransferInput,
  TransferOutput,
} from '@avalabs/avalanchejs';
import { RLP, type NestedUint8Array } from '@ethereumjs/rlp';
import { expect } from 'chai';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import type {
  DecodedBlock,
  DecodedCBlock,
  DecodedInput,
  DecodedOutput,
  DecodedTx,
  DecodedVertex,
} from '../../services/primary-network/ingest/decode/model.ts';
import { decodePChainContainer } from '../../services/primary-network/ingest/decode/p-chain.ts';
import {
  decodeXChainBlock,
  decodeXChainTx,
  decodeXChainVertex,
} from '../../services/primary-network/ingest/decode/x-chain.ts';
import { decodeCChainContainer } from '../../services/primary-network/ingest/decode/c-chain.ts';
import { u16, u32, u64 } from '../support/big-endian.ts';

/**
 * A devnet history long enough for every kind of transaction it emits: the L1's registration (step 60) and weight
 * change (100), every atomic phase, rewards of short-lived stakers (1–3 days), and the DisableL1ValidatorTx at
 * P-Chain height 2,000.
 */
const PARAMETERS: DevnetParameters = {
  identity: IDENTITIES.fuji,
  seed: 'decode-seed',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 28n * 86_400n,
  blockIntervalSeconds: 1_200n,
  accounts: 8,
  metadataBaseUrl: 'http://127.0.0.1:9650/metadata',
};

const P_CHAIN_ID = new Uint8Array(32);
const X_CHAIN_ID = decodeCb58(IDENTITIES.fuji.xChainId);
const C_CHAIN_ID = decodeCb58(IDENTITIES.fuji.cChainId);
const AVAX = decodeCb58(IDENTITIES.fuji.avaxAssetId);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

// Packing by hand, from avalanchego's linear codec: big-endian integers, u32-length byte slices.
const bytesField = (b: Uint8Array) => Buffer.concat([u32(b.length), b]);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const filled = (n: number, byte: number) => new Uint8Array(n).fill(byte);
const owners = (address: Uint8Array) => concat(u64(0n), u32(1), u32(1), address);

interface Decoded {
  devnet: Devnet;
  p: DecodedBlock[];
  vertices: DecodedVertex[];
  xBlocks: DecodedBlock[];
  xTxs: { id: Uint8Array; tx: DecodedTx }[];
  c: DecodedCBlock[];
  cContainers: Uint8Array[];
}

async function decodeHistory(): Promise<Decoded> {
  const devnet = await Devnet.create(PARAMETERS);
  await devnet.generateHistory();
  const range = (name: Parameters<typeof devnet.containers.range>[0]) =>
    devnet.containers.range(name, 0n, 1_000_000n);
  const context = (c: { id: Uint8Array; acceptedAtUnixNano: bigint }) => ({
    containerId: c.id,
    acceptedAt: c.acceptedAtUnixNano / 1_000_000_000n,
  });
  const cContainers = await range('C/block');
  return {
    devnet,
    p: (await range('P/block')).map((c) => decodePChainContainer(c.bytes, context(c))),
    vertices: (await range('X/vtx')).map((c) => decodeXChainVertex(c.bytes, context(c))),
    xBlocks: (await range('X/block')).map((c) => decodeXChainBlock(c.bytes, context(c))),
    xTxs: (await range('X/tx')).map((c) => ({ id: c.id, tx: decodeXChainTx(c.bytes) })),
    c: cContainers.map((c) => decodeCChainContainer(c.bytes, context(c))),
    cContainers: cContainers.map((c) => c.bytes),
  };
}

function allTxs(d: Decoded): DecodedTx[] {
  return [
    ...d.p.flatMap((b) => b.txs),
    ...d.vertices.flatMap((v) => v.txs),
    ...d.xBlocks.flatMap((b) => b.txs),
    ...d.c.flatMap((b) => b.atomicTxs),
  ];
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/**
 * Replays the decoded history in time order (P, then X, then C at equal times, as the devnet accepts them) over
 * the chains' UTXO sets and shared memory, checking that every input spends an unspent output some earlier tx
 * created, with the amount it claims. One exception is the devnet's, not the decoders': it builds the L1's three
 * setup transactions (heights 1–3) before any block, so transfers in blocks 1 and 2 may spend change of a setup
 * transaction accepted after them. Such spends wait here for their output and are reported in `early`.
 */
class UtxoReplay {
  private readonly awaited = new Map<string, DecodedInput>();
  readonly early: string[] = [];
  private readonly unspent = new Map<string, { amount?: bigint; assetId?: Uint8Array }>();
  private readonly stakers = new Map<string, DecodedTx>();
  private pendingReward: string | undefined;
  readonly spent = { stake: 0, reward: 0, imported: new Map<string, number>() };

  constructor(accounts: number) {
    // The devnet's genesis allocations: one 1,000,000 AVAX output per account on the P-Chain (under the empty
    // transaction id) and on the X-Chain (under AVAX's CreateAssetTx, whose id is the asset's).
    for (const [chain, txId] of [
      [P_CHAIN_ID, new Uint8Array(32)],
      [X_CHAIN_ID, AVAX],
    ] as const) {
      for (let i = 0; i < accounts; i++) {
        this.unspent.set(this.key(chain, txId, i), {
          amount: 1_000_000n * 1_000_000_000n,
          assetId: AVAX,
        });
      }
    }
  }

  private key(chain: Uint8Array, txId: Uint8Array, index: number, from?: Uint8Array) {
    return `${hex(chain)}${from ? `<-${hex(from)}` : ''}:${hex(txId)}:${index}`;
  }

  get awaitedCount(): number {
    return this.awaited.size;
  }

  private create(
    chain: Uint8Array,
    outputs: DecodedOutput[],
    creator: { id: Uint8Array; type: string },
    from?: Uint8Array,
  ) {
    for (const out of outputs) {
      const key = this.key(chain, creator.id, out.outputIndex, from);
      expect(this.unspent.has(key), `output ${key} created twice`).to.equal(false);
      const early = this.awaited.get(key);
      if (early) {
        expect(early.amount).to.equal(out.amount);
        this.awaited.delete(key);
        this.early.push(creator.type);
        continue;
      }
      this.unspent.set(key, { amount: out.amount, assetId: out.assetId });
    }
  }

  private spend(chain: Uint8Array, input: DecodedInput, from?: Uint8Array): void {
    const key = this.key(chain, input.txId, input.outputIndex, from);
    const utxo = this.unspent.get(key);
    if (!utxo) {
      expect(this.awaited.has(key), `${key} spent twice`).to.equal(false);
      this.awaited.set(key, input);
      return;
    }
    if (utxo.amount !== undefined) expect(input.amount).to.equal(utxo.amount);
    if (utxo.assetId !== undefined) expect(hex(input.assetId)).to.equal(hex(utxo.assetId));
    const staker = this.stakers.get(hex(input.txId));
    if (staker && chain === P_CHAIN_ID && input.outputIndex >= staker.outputs.length) {
      if (input.outputIndex < staker.outputs.length + staker.stakeOutputs.length) this.spent.stake++;
      else this.spent.reward++;
    }
    this.unspent.delete(key);
  }

  apply(chain: Uint8Array, tx: DecodedTx): void {
    for (const input of tx.inputs) this.spend(chain, input);
    if (tx.sourceChain) {
      for (const input of tx.importedInputs) this.spend(chain, input, tx.sourceChain);
      const pair = `${hex(tx.sourceChain)}->${hex(chain)}`;
      this.spent.imported.set(pair, (this.spent.imported.get(pair) ?? 0) + tx.importedInputs.length);
    }
    this.create(chain, tx.outputs, tx);
    if (tx.destinationChain) this.create(tx.destinationChain, tx.exportedOutputs, tx, chain);
    if (tx.stakeOutputs.length > 0) this.stakers.set(hex(tx.id), tx);
  }

  /** A committed or aborted RewardValidatorTx returns the stake; a commit also pays rewards (amounts unknown here). */
  applyPBlock(block: DecodedBlock): void {
    for (const tx of block.txs) this.apply(P_CHAIN_ID, tx);
    const proposal = block.txs.at(-1);
    if (block.blockType.endsWith('ProposalBlock') && proposal?.type === 'RewardValidatorTx') {
      this.pendingReward = hex(proposal.rewardedTxId!);
    }
    if (block.option && this.pendingReward) {
      const staker = this.stakers.get(this.pendingReward)!;
      this.create(P_CHAIN_ID, staker.stakeOutputs, { id: staker.id, type: 'returned stake' });
      if (block.option === 'commit') {
        // Validation reward, then accrued delegation fees (proposal_tx_executor.go): at most two.
        const first = staker.outputs.length + staker.stakeOutputs.length;
        for (const index of [first, first + 1]) this.unspent.set(this.key(P_CHAIN_ID, staker.id, index), {});
      }
      this.pendingReward = undefined;
    }
  }
}

/** `txs` with each one after the txs among them whose outputs it spends. */
function dependencyOrder(txs: DecodedTx[]): DecodedTx[] {
  const ordered: DecodedTx[] = [];
  const placed = new Set<string>();
  const ids = new Set(txs.map((tx) => hex(tx.id)));
  while (ordered.length < txs.length) {
    const ready = txs.filter(
      (tx) =>
        !placed.has(hex(tx.id)) && tx.inputs.every((i) => !ids.has(hex(i.txId)) || placed.has(hex(i.txId))),
    );
    expect(ready, 'a dependency cycle among a vertex’s txs').to.not.be.empty;
    for (const tx of ready) {
      ordered.push(tx);
      placed.add(hex(tx.id));
    }
  }
  return ordered;
}

/** AVAX in and out of a tx (nAVAX; the C-Chain's atomic amounts are nAVAX too), and other assets' totals. */
function balances(tx: DecodedTx): Map<string, { consumed: bigint; produced: bigint }> {
  const totals = new Map<string, { consumed: bigint; produced: bigint }>();
  const add = (assetId: Uint8Array, side: 'consumed' | 'produced', amount: bigint) => {
    const entry = totals.get(hex(assetId)) ?? { consumed: 0n, produced: 0n };
    entry[side] += amount;
    totals.set(hex(assetId), entry);
  };
  for (const i of [...tx.inputs, ...tx.importedInputs, ...tx.evmInputs]) add(i.assetId, 'consumed', i.amount);
  for (const o of [...tx.outputs, ...tx.exportedOutputs, ...tx.stakeOutputs, ...tx.evmOutputs]) {
    add(o.assetId, 'produced', o.amount);
  }
  return totals;
}

describe('primary-network decoders', function () {
  this.timeout(120_000);
  let d: Decoded;

  before(async function () {
    d = await decodeHistory();
  });

  it('recognises every kind of transaction and block the devnet emits', function () {
    const p = countBy(
      d.p.flatMap((b) => b.txs),
      (tx) => tx.type,
    );
    for (const type of [
      'BaseTx',
      'CreateSubnetTx',
      'CreateChainTx',
      'ConvertSubnetToL1Tx',
      'AddValidatorTx',
      'AddDelegatorTx',
      'AddPermissionlessValidatorTx',
      'AddPermissionlessDelegatorTx',
      'RewardValidatorTx',
      'IncreaseL1ValidatorBalanceTx',
      'RegisterL1ValidatorTx',
      'SetL1ValidatorWeightTx',
      'DisableL1ValidatorTx',
      'ImportTx',
      'ExportTx',
    ]) {
      expect(p[type], type).to.be.greaterThan(0);
    }
    expect(Object.keys(p)).to.have.length(15);
    expect(countBy(d.p, (b) => b.blockType)).to.have.keys([
      'BanffStandardBlock',
      'BanffProposalBlock',
      'BanffCommitBlock',
    ]);
    const x = countBy(
      [...d.vertices.flatMap((v) => v.txs), ...d.xBlocks.flatMap((b) => b.txs)],
      (tx) => tx.type,
    );
    expect(x).to.have.keys(['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx']);
    expect(d.vertices.length).to.be.greaterThan(0);
    expect(d.xBlocks.every((b) => b.blockType === 'StandardBlock')).to.equal(true);
    const c = countBy(
      d.c.flatMap((b) => b.atomicTxs),
      (tx) => tx.type,
    );
    expect(c.ImportTx).to.be.greaterThan(0);
    expect(c.ExportTx).to.be.greaterThan(0);
  });

  it('gives every transaction its signed bytes’ sha256 as id; X-Chain ids are the X/tx index’s, in order', function () {
    for (const tx of allTxs(d)) expect(hex(tx.id)).to.equal(hex(sha256(tx.bytes)));
    // X/tx lists a vertex's transactions in acceptance order, the vertex itself by id; blocks' in block order.
    const indexed = d.xTxs.map((t) => hex(t.id));
    let at = 0;
    for (const v of d.vertices) {
      const ids = v.txs.map((tx) => hex(tx.id));
      expect(indexed.slice(at, at + ids.length).sort()).to.deep.equal([...ids].sort());
      at += ids.length;
    }
    expect(indexed.slice(at)).to.deep.equal(d.xBlocks.flatMap((b) => b.txs).map((tx) => hex(tx.id)));
    for (const { id, tx } of d.xTxs) {
      expect(hex(tx.id)).to.equal(hex(id));
      expect(tx.chain).to.equal('X');
      expect(hex(tx.blockchainId)).to.equal(hex(X_CHAIN_ID));
    }
  });

  it('chains blocks and vertices: contiguous heights, each parent the previous container', function () {
    d.p.forEach((block, i) => {
      expect(block.height).to.equal(BigInt(i + 1));
      if (i > 0) expect(hex(block.parentId)).to.equal(hex(d.p[i - 1]!.id));
      if (i > 0) expect(block.timestamp >= d.p[i - 1]!.timestamp).to.equal(true);
      if (block.option) {
        expect(block.blockType).to.equal('BanffCommitBlock');
        expect(block.option).to.equal('commit');
        expect(block.proposer).to.equal(undefined);
        expect(d.p[i - 1]!.blockType).to.equal('BanffProposalBlock');
        expect(block.timestamp).to.equal(d.p[i - 1]!.timestamp);
      } else {
        expect(hex(block.proposer!.proposerId)).to.equal(hex(block.id));
        expect(hex(block.proposer!.proposerParentId)).to.equal(hex(block.parentId));
        expect(block.proposer!.proposerTimestamp).to.equal(block.timestamp);
        // The devnet's proposervm blocks are unsigned: no certificate, no proposer node.
        expect(block.proposer!.proposerNodeId).to.equal(undefined);
      }
    });
    d.vertices.forEach((vertex, i) => {
      expect(vertex.height).to.equal(BigInt(i));
      expect(vertex.epoch).to.equal(0);
      expect(vertex.parentIds.map(hex)).to.deep.equal(i === 0 ? [] : [hex(d.vertices[i - 1]!.id)]);
    });
    d.xBlocks.forEach((block, i) => {
      expect(block.height).to.equal(BigInt(i + 1));
      const parent = i === 0 ? d.vertices.at(-1)!.id : d.xBlocks[i - 1]!.id;
      expect(hex(block.parentId)).to.equal(hex(parent));
    });
    d.c.forEach((block, i) => {
      expect(block.height).to.equal(BigInt(i + 1));
      const evm = d.devnet.cChain.chain.blockByNumber(block.height)!;
      expect(hex(block.hash)).to.equal(hex(evm.hash));
      expect(block.timestamp).to.equal(evm.header.timestamp);
      if (i > 0) expect(hex(block.parentHash)).to.equal(hex(d.c[i - 1]!.hash));
      expect(block.sizeBytes).to.equal(evm.bytes.length);
    });
  });

  it('spends only outputs earlier transactions created, across chains and from returned stake', function () {
    const units: { time: bigint; chain: number; run: (replay: UtxoReplay) => void }[] = [
      ...d.p.map((b) => ({ time: b.timestamp, chain: 0, run: (r: UtxoReplay) => r.applyPBlock(b) })),
      // A vertex lists its txs by id; avalanche consensus accepts them in dependency order.
      ...d.vertices.map((v) => ({
        time: v.timestamp,
        chain: 1,
        run: (r: UtxoReplay) => dependencyOrder(v.txs).forEach((tx) => r.apply(X_CHAIN_ID, tx)),
      })),
      ...d.xBlocks.map((b) => ({
        time: b.timestamp,
        chain: 1,
        run: (r: UtxoReplay) => b.txs.forEach((tx) => r.apply(X_CHAIN_ID, tx)),
      })),
      ...d.c.map((b) => ({
        time: b.timestamp,
        chain: 2,
        run: (r: UtxoReplay) => b.atomicTxs.forEach((tx) => r.apply(C_CHAIN_ID, tx)),
      })),
    ];
    // A stable sort keeps each chain's own order.
    units.sort((a, b) => (a.time === b.time ? a.chain - b.chain : a.time < b.time ? -1 : 1));
    const replay = new UtxoReplay(PARAMETERS.accounts);
    for (const unit of units) unit.run(replay);
    expect(replay.awaitedCount, 'inputs whose output no decoded tx created').to.equal(0);
    for (const type of replay.early)
      expect(['CreateSubnetTx', 'CreateChainTx', 'ConvertSubnetToL1Tx']).to.include(type);
    expect(replay.spent.stake).to.be.greaterThan(0);
    expect(replay.spent.reward).to.be.greaterThan(0);
    for (const [from, to] of [
      [X_CHAIN_ID, P_CHAIN_ID],
      [P_CHAIN_ID, X_CHAIN_ID],
      [X_CHAIN_ID, C_CHAIN_ID],
      [C_CHAIN_ID, P_CHAIN_ID],
    ] as const) {
      expect(
        replay.spent.imported.get(`${hex(from)}->${hex(to)}`),
        `${hex(from)}->${hex(to)}`,
      ).to.be.greaterThan(0);
    }
  });

  it('balances every transaction: AVAX consumed covers AVAX produced, other assets are conserved', function () {
    for (const tx of allTxs(d)) {
      for (const [asset, { consumed, produced }] of balances(tx)) {
        if (asset === hex(AVAX)) expect(consumed >= produced, `${tx.type} ${hex(tx.id)}`).to.equal(true);
        else if (asset !== hex(tx.id)) expect(consumed, `${tx.type} ${asset}`).to.equal(produced);
      }
    }
  });

  it('numbers outputs as avalanchego does and gives each its UTXO bytes', function () {
    for (const tx of allTxs(d)) {
      const own = tx.outputs.map((o) => o.outputIndex);
      expect(own).to.deep.equal(own.map((_, i) => i));
      const firstExported = tx.chain === 'C' ? 0 : tx.outputs.length;
      expect(tx.exportedOutputs.map((o) => o.outputIndex)).to.deep.equal(
        tx.exportedOutputs.map((_, i) => firstExported + i),
      );
      expect(tx.stakeOutputs.map((o) => o.outputIndex)).to.deep.equal(
        tx.stakeOutputs.map((_, i) => tx.outputs.length + i),
      );
      for (const out of [...tx.outputs, ...tx.exportedOutputs, ...tx.stakeOutputs]) {
        const utxo = Buffer.from(out.utxoBytes);
        expect(utxo.readUInt16BE(0)).to.equal(0);
        expect(hex(utxo.subarray(2, 34))).to.equal(hex(tx.id));
        expect(utxo.readUInt32BE(34)).to.equal(out.outputIndex);
        expect(hex(utxo.subarray(38, 70))).to.equal(hex(out.assetId));
      }
    }
    // The NFT family: ten nft-fx mint outputs after the change output, asset id = tx id; mints spend them.
    const family = allTxs(d).find((tx) => tx.assetCreated?.symbol === 'STAMP')!;
    expect(family.outputs.slice(1).map((o) => [o.outputType, o.groupId])).to.deep.equal(
      Array.from({ length: 10 }, (_, i) => ['nft-mint', i]),
    );
    const mint = allTxs(d).find((tx) => tx.type === 'OperationTx')!;
    const nft = mint.outputs.find((o) => o.outputType === 'nft-transfer')!;
    expect(hex(nft.assetId)).to.equal(hex(family.id));
    expect(new TextDecoder().decode(nft.payload)).to.match(/^\{"name":"Stamp \d+"\}$/);
    expect(mint.inputs.some((i) => hex(i.txId) === hex(family.id) && i.amount === 0n)).to.equal(true);
    const gold = allTxs(d).find((tx) => tx.assetCreated?.symbol === 'GOLD')!;
    expect(gold.assetCreated).to.deep.equal({ name: 'Devnet Gold', symbol: 'GOLD', denomination: 8 });
  });

  it('reads the staking, subnet and L1 transactions’ own fields', function () {
    const txs = d.p.flatMap((b) => b.txs);
    const staking = d.devnet.pChain.staking;
    const subnetId = decodeCb58(staking.subnetId);
    const conversion = txs.find((tx) => tx.type === 'ConvertSubnetToL1Tx')!;
    expect(hex(conversion.subnetId!)).to.equal(hex(subnetId));
    expect(hex(conversion.l1Conversion!.managerChainId)).to.equal(hex(decodeCb58(staking.blockchainId)));
    expect(conversion.l1Conversion!.validators.map((v) => hex(v.validationId))).to.deep.equal(
      staking.l1Validators.slice(0, 3).map((v) => hex(v.validationId)),
    );
    const registration = txs.find((tx) => tx.type === 'RegisterL1ValidatorTx')!.l1Registration!;
    expect(hex(registration.validationId)).to.equal(hex(staking.l1Validators[3]!.validationId));
    expect(hex(registration.subnetId)).to.equal(hex(subnetId));
    expect([registration.weight, registration.balance]).to.deep.equal([100n, L1_VALIDATOR_BALANCE]);
    const weight = txs.find((tx) => tx.type === 'SetL1ValidatorWeightTx')!.l1WeightChange!;
    expect([hex(weight.validationId), weight.nonce, weight.weight]).to.deep.equal([
      hex(registration.validationId),
      0n,
      150n,
    ]);
    const disable = txs.find((tx) => tx.type === 'DisableL1ValidatorTx')!;
    expect(hex(disable.l1Disable!.validationId)).to.equal(hex(staking.l1Validators[2]!.validationId));
    const chain = txs.find((tx) => tx.type === 'CreateChainTx')!;
    expect(chain.createdChain!.chainName).to.equal('devnet-l1');
    expect(encodeCb58(chain.id)).to.equal(staking.blockchainId);
    const legacy = txs.find((tx) => tx.type === 'AddValidatorTx')!;
    expect(legacy.delegationShares).to.equal(20_000);
    expect(legacy.blsSigner).to.equal(undefined);
    expect(hex(legacy.subnetId!)).to.equal(hex(P_CHAIN_ID));
    const validator = txs.find((tx) => tx.type === 'AddPermissionlessValidatorTx')!;
    expect(validator.blsSigner!.publicKey).to.have.length(48);
    expect(validator.stakeOutputs[0]!.amount).to.equal(2_000n * 1_000_000_000n);
    expect(validator.endTime! - validator.startTime!).to.equal(300n * 86_400n);
    const reward = txs.find((tx) => tx.type === 'RewardValidatorTx')!;
    expect(reward.credentials).to.deep.equal([]);
    expect(txs.some((tx) => hex(tx.id) === hex(reward.rewardedTxId!))).to.equal(true);
    for (const tx of txs.filter((t) => t.type === 'BaseTx')) {
      expect(tx.networkId).to.equal(5);
      expect(new TextDecoder().decode(tx.memo)).to.match(/^devnet transfer #\d+$/);
      expect(tx.credentials.every((c) => c.every((s) => s.length === 65))).to.equal(true);
    }
  });

  it('finds the C-Chain’s atomic transactions where the devnet put them', function () {
    for (const block of d.c) {
      const evm = d.devnet.cChain.chain.blockByNumber(block.height)!;
      expect(block.atomicTxs.map((tx) => hex(tx.id))).to.deep.equal(evm.atomicTxs.map((tx) => hex(tx.id)));
      for (const tx of block.atomicTxs) {
        expect(tx.chain).to.equal('C');
        expect(hex(tx.blockchainId)).to.equal(hex(C_CHAIN_ID));
        if (tx.type === 'ImportTx') {
          expect(hex(tx.sourceChain!)).to.equal(hex(X_CHAIN_ID));
          expect(tx.evmOutputs).to.have.length(1);
          expect(tx.evmOutputs[0]!.address).to.have.length(20);
        } else {
          expect(hex(tx.destinationChain!)).to.equal(hex(P_CHAIN_ID));
          expect(tx.evmInputs).to.have.length(1);
          expect(tx.exportedOutputs[0]!.outputIndex).to.equal(0);
        }
      }
    }
  });

  describe('hand-packed containers', function () {
    const context = (bytes: Uint8Array) => ({ containerId: sha256(bytes), acceptedAt: 1_700_000_000n });
    const signature = filled(65, 7);
    const credential = () => new Credential([new Signature(signature)]);
    const address = filled(20, 0xaa);
    const pChain = IDENTITIES.fuji.pChainId;
    const avax = IDENTITIES.fuji.avaxAssetId;
    const spentTx = encodeCb58(filled(32, 0x11));

    function pBaseTx(memo = 'hand-packed'): avaxSerial.BaseTx {
      return avaxSerial.BaseTx.fromNative(
        5,
        pChain,
        [TransferableOutput.fromNative(avax, 900n, [address])],
        [TransferableInput.fromNative(spentTx, 3, avax, 1_000n, [0])],
        new TextEncoder().encode(memo),
      );
    }

    /** A signed tx as platformvm blocks embed it: without its codec version. */
    function embedded(unsigned: ConstructorParameters<typeof avaxSerial.SignedTx>[0], creds: number) {
      const signed = new avaxSerial.SignedTx(
        unsigned,
        Array.from({ length: creds }, () => credential()),
      ).toBytes();
      return { signed, inBlock: signed.subarray(2) };
    }

    const advanceTime = () => embedded(new pvmSerial.AdvanceTimeTx(new BigIntPr(1_650_000_000n)), 0);

    it('decodes pre-fork Apricot blocks: proposal with an AdvanceTimeTx, commit, abort, standard, atomic', function () {
      const parent = filled(32, 1);
      const advance = advanceTime();
      // AdvanceTimeTx (type 19): Time u64, no BaseTx, no credentials.
      expect(hex(advance.signed)).to.equal(hex(concat(u16(0), u32(19), u64(1_650_000_000n), u32(0))));
      const proposal = concat(u16(0), u32(0), parent, u64(10n), advance.inBlock);
      const decoded = decodePChainContainer(proposal, context(proposal));
      expect(decoded.blockType).to.equal('ApricotProposalBlock');
      expect([decoded.height, hex(decoded.parentId), hex(decoded.innerId)]).to.deep.equal([
        10n,
        hex(parent),
        hex(sha256(proposal)),
      ]);
      expect(decoded.timestamp).to.equal(1_700_000_000n); // no time of its own: the acceptance time
      expect(decoded.proposer).to.equal(undefined);
      expect(decoded.txs[0]!.type).to.equal('AdvanceTimeTx');
      expect(decoded.txs[0]!.advanceTimeTo).to.equal(1_650_000_000n);
      expect(hex(decoded.txs[0]!.id)).to.equal(hex(sha256(advance.signed)));

      for (const [typeId, blockType, option] of [
        [1, 'ApricotAbortBlock', 'abort'],
        [2, 'ApricotCommitBlock', 'commit'],
      ] as const) {
        const bytes = concat(u16(0), u32(typeId), sha256(proposal), u64(11n));
        const block = decodePChainContainer(bytes, context(bytes));
        expect([block.blockType, block.option, block.height, block.txs.length]).to.deep.equal([
          blockType,
          option,
          11n,
          0,
        ]);
      }

      const transfer = embedded(new pvmSerial.BaseTx(pBaseTx()), 1);
      // A tx larger than the decoder's first read window, followed by another.
      const large = embedded(new pvmSerial.BaseTx(pBaseTx('x'.repeat(20_000))), 1);
      const standard = concat(
        u16(0),
        u32(3),
        parent,
        u64(12n),
        u32(3),
        transfer.inBlock,
        large.inBlock,
        transfer.inBlock,
      );
      const block = decodePChainContainer(standard, context(standard));
      expect(block.blockType).to.equal('ApricotStandardBlock');
      expect(block.txs.map((tx) => hex(tx.id))).to.deep.equal(
        [transfer.signed, large.signed, transfer.signed].map((b) => hex(sha256(b))),
      );
      expect(block.txs[1]!.memo).to.have.length(20_000);
      const tx = block.txs[0]!;
      expect(new TextDecoder().decode(tx.memo)).to.equal('hand-packed');
      expect(tx.inputs).to.deep.equal([
        { txId: filled(32, 0x11), outputIndex: 3, assetId: AVAX, amount: 1_000n, signatureIndices: [0] },
      ]);
      expect(tx.outputs[0]!.amount).to.equal(900n);
      expect(tx.credentials).to.deep.equal([[signature]]);

      const imported = embedded(
        new pvmSerial.ImportTx(pBaseTx(), Id.fromString(IDENTITIES.fuji.xChainId), [
          TransferableInput.fromNative(spentTx, 5, avax, 2_000n, [0]),
        ]),
        2,
      );
      const atomic = concat(u16(0), u32(4), parent, u64(13n), imported.inBlock);
      const atomicBlock = decodePChainContainer(atomic, context(atomic));
      expect(atomicBlock.blockType).to.equal('ApricotAtomicBlock');
      expect(hex(atomicBlock.txs[0]!.sourceChain!)).to.equal(hex(X_CHAIN_ID));
      expect(atomicBlock.txs[0]!.importedInputs[0]!.outputIndex).to.equal(5);
    });

    it('unwraps proposervm blocks around Apricot blocks, and options around their commits', function () {
      const inner = concat(u16(0), u32(0), filled(32, 1), u64(20n), advanceTime().inBlock);
      const wrapped = concat(
        u16(0),
        u32(0),
        filled(32, 9),
        u64(1_650_000_100n),
        u64(77n),
        u32(0),
        bytesField(inner),
        u32(0),
      );
      const block = decodePChainContainer(wrapped, context(wrapped));
      expect([block.blockType, block.timestamp, block.proposer!.proposerPChainHeight]).to.deep.equal([
        'ApricotProposalBlock',
        1_650_000_100n, // the proposervm timestamp, as the Apricot block has none
        77n,
      ]);
      expect(hex(block.parentId)).to.equal(hex(filled(32, 9)));
      expect(hex(block.innerId)).to.equal(hex(sha256(inner)));
      const commit = concat(u16(0), u32(2), sha256(inner), u64(21n));
      const option = concat(u16(0), u32(1), context(wrapped).containerId, bytesField(commit));
      const decoded = decodePChainContainer(option, context(option));
      expect([decoded.blockType, decoded.option, decoded.proposer, decoded.height]).to.deep.equal([
        'ApricotCommitBlock',
        'commit',
        undefined,
        21n,
      ]);
      expect(hex(decoded.parentId)).to.equal(hex(context(wrapped).containerId));
    });

    it('names the proposer of a signed block: ripemd160(sha256(certificate)), as ids.NodeIDFromCert', function () {
      const { certificate, privateKey } = selfSignedCertificate();
      const x509 = new X509Certificate(certificate);
      expect(x509.subject).to.equal('CN=avalanche-decode-test');
      const inner = concat(
        u16(0),
        u32(32),
        u64(1_767_225_600n),
        filled(32, 3),
        u64(5n),
        u32(1),
        embedded(new pvmSerial.BaseTx(pBaseTx()), 1).inBlock,
      );
      const epoch = concat(u64(4n), u64(2n), u64(1_767_225_000n));
      const unsigned = concat(
        u16(0),
        u32(2),
        filled(32, 8),
        u64(1_767_225_601n),
        u64(4n),
        bytesField(certificate),
        bytesField(inner),
        epoch,
      );
      const blockId = sha256(unsigned);
      // statelessHeader: codec version, chain id, parent id, block id; signed by the staking key.
      const header = concat(u16(0), P_CHAIN_ID, filled(32, 8), blockId);
      const signed = concat(unsigned, bytesField(sign('sha256', header, privateKey)));
      const block = decodePChainContainer(signed, { containerId: blockId, acceptedAt: 1_767_225_602n });
      const nodeId = createHash('ripemd160').update(createHash('sha256').update(x509.raw).digest()).digest();
      expect(hex(block.proposer!.proposerNodeId!)).to.equal(hex(nodeId));
      expect(block.proposer!.proposerTimestamp).to.equal(1_767_225_601n);
      expect([block.blockType, block.timestamp, block.height]).to.deep.equal([
        'BanffStandardBlock',
        1_767_225_600n,
        5n,
      ]);
    });

    it('decodes the subnet transactions the devnet never emits, built with avalanchejs', function () {
      const subnetId = Id.fromString(encodeCb58(filled(32, 0x55)));
      const nodeId = new NodeId(filled(20, 0x66));
      const auth = Input.fromNative([0]);
      const newOwner = OutputOwners.fromNative([filled(20, 0xbb)], 9n, 1);
      const validator = new pvmSerial.Validator(
        nodeId,
        new BigIntPr(100n),
        new BigIntPr(200n),
        new BigIntPr(7n),
      );
      const txs = [
        new pvmSerial.AddSubnetValidatorTx(
          pBaseTx(),
          new pvmSerial.SubnetValidator(validator, subnetId),
          auth,
        ),
        new pvmSerial.RemoveSubnetValidatorTx(pBaseTx(), nodeId, subnetId, auth),
        new pvmSerial.TransferSubnetOwnershipTx(pBaseTx(), subnetId, auth, newOwner),
        new pvmSerial.TransformSubnetTx(
          pBaseTx(),
          subnetId,
          Id.fromString(encodeCb58(filled(32, 0x77))),
          new BigIntPr(1_000n),
          new BigIntPr(2_000n),
          new BigIntPr(10n),
          new BigIntPr(20n),
          new BigIntPr(1n),
          new BigIntPr(500n),
          new Int(3600),
          new Int(7200),
          new Int(20_000),
          new BigIntPr(5n),
          new Byte(Uint8Array.of(5)),
          new Int(800_000),
          auth,
        ),
      ].map((tx) => embedded(tx, 2).inBlock);
      const inner = concat(
        u16(0),
        u32(32),
        u64(1_767_225_600n),
        filled(32, 3),
        u64(5n),
        u32(txs.length),
        ...txs,
      );
      const block = decodePChainContainer(inner, context(inner));
      expect(block.txs.map((tx) => tx.type)).to.deep.equal([
        'AddSubnetValidatorTx',
        'RemoveSubnetValidatorTx',
        'TransferSubnetOwnershipTx',
        'TransformSubnetTx',
      ]);
      const [add, remove, transfer, transform] = block.txs as [DecodedTx, DecodedTx, DecodedTx, DecodedTx];
      expect([hex(add.nodeId!), hex(add.subnetId!), add.startTime, add.endTime, add.weight]).to.deep.equal([
        hex(filled(20, 0x66)),
        hex(filled(32, 0x55)),
        100n,
        200n,
        7n,
      ]);
      expect([hex(remove.nodeId!), hex(remove.subnetId!)]).to.deep.equal([
        hex(filled(20, 0x66)),
        hex(filled(32, 0x55)),
      ]);
      expect(transfer.subnetOwner).to.deep.equal({
        addresses: [filled(20, 0xbb)],
        threshold: 1,
        locktime: 9n,
      });
      expect(transform.subnetTransformation).to.deep.equal({
        assetId: filled(32, 0x77),
        initialSupply: 1_000n,
        maximumSupply: 2_000n,
        minConsumptionRate: 10n,
        maxConsumptionRate: 20n,
        minValidatorStake: 1n,
        maxValidatorStake: 500n,
        minStakeDuration: 3600,
        maxStakeDuration: 7200,
        minDelegationFee: 20_000,
        minDelegatorStake: 5n,
        maxValidatorWeightFactor: 5,
        uptimeRequirement: 800_000,
      });
      expect(transform.credentials).to.have.length(2);
    });

    it('reads stakeable lock outputs and inputs (platformvm stakeable.LockOut/LockIn)', function () {
      const out = new TransferableOutput(
        Id.fromString(avax),
        new pvmSerial.StakeableLockOut(
          new BigIntPr(1_800_000_000n),
          new TransferOutput(new BigIntPr(42n), OutputOwners.fromNative([address], 3n, 1)),
        ),
      );
      const input = new TransferableInput(
        avaxSerial.UTXOID.fromNative(spentTx, 1),
        Id.fromString(avax),
        new pvmSerial.StakeableLockIn(new BigIntPr(1_800_000_000n), TransferInput.fromNative(50n, [0, 2])),
      );
      const baseTx = avaxSerial.BaseTx.fromNative(5, pChain, [out], [input], new Uint8Array(0));
      const tx = embedded(new pvmSerial.BaseTx(baseTx), 1);
      const inner = concat(u16(0), u32(32), u64(1n), filled(32, 3), u64(5n), u32(1), tx.inBlock);
      const [decoded] = decodePChainContainer(inner, context(inner)).txs as [DecodedTx];
      expect(decoded.outputs[0]).to.deep.include({
        amount: 42n,
        locktime: 3n,
        stakeableLocktime: 1_800_000_000n,
        outputType: 'secp256k1-transfer',
      });
      // UTXO: codec version, tx id, index, asset, then LockOut (22) around TransferOutput (7).
      expect(hex(decoded.outputs[0]!.utxoBytes)).to.equal(
        hex(
          concat(
            u16(0),
            decoded.id,
            u32(0),
            AVAX,
            u32(22),
            u64(1_800_000_000n),
            u32(7),
            u64(42n),
            u64(3n),
            u32(1),
            u32(1),
            address,
          ),
        ),
      );
      expect(decoded.inputs[0]).to.deep.include({ amount: 50n, stakeableLocktime: 1_800_000_000n });
      expect(decoded.inputs[0]!.signatureIndices).to.deep.equal([0, 2]);
    });

    it('reads avm operations by hand: secp256k1 mint, nft transfer; numbers their outputs after the tx’s', function () {
      const xChain = X_CHAIN_ID;
      const gold = filled(32, 0x21);
      const stamp = filled(32, 0x22);
      const baseTx = concat(
        u32(5),
        xChain,
        u32(1),
        AVAX,
        u32(7),
        u64(10n),
        owners(address),
        u32(1),
        filled(32, 0x30),
        u32(0),
        AVAX,
        u32(5),
        u64(11n),
        u32(1),
        u32(0),
        bytesField(new TextEncoder().encode('ops')),
      );
      const nftOut = concat(u32(4), bytesField(new TextEncoder().encode('hi')), owners(filled(20, 0xcc)));
      const unsigned = concat(
        u16(0),
        u32(2), // OperationTx
        baseTx,
        u32(2),
        // secp256k1fx.MintOperation (8): MintInput, MintOutput, TransferOutput.
        gold,
        u32(1),
        filled(32, 0x31),
        u32(2),
        u32(8),
        u32(1),
        u32(0),
        owners(address),
        u64(500n),
        owners(filled(20, 0xdd)),
        // nftfx.TransferOperation (13): Input, TransferOutput.
        stamp,
        u32(1),
        filled(32, 0x32),
        u32(4),
        u32(13),
        u32(1),
        u32(0),
        nftOut,
      );
      const credentials = concat(
        u32(3),
        u32(9),
        u32(1),
        signature,
        u32(9),
        u32(1),
        signature,
        u32(14),
        u32(1),
        signature,
      );
      const bytes = concat(unsigned, credentials);
      const tx = decodeXChainTx(bytes);
      expect(tx.type).to.equal('OperationTx');
      expect(tx.outputs.map((o) => [o.outputIndex, o.outputType, o.amount])).to.deep.equal([
        [0, 'secp256k1-transfer', 10n],
        [1, 'secp256k1-mint', 0n],
        [2, 'secp256k1-transfer', 500n],
        [3, 'nft-transfer', 0n],
      ]);
      expect(hex(tx.outputs[3]!.utxoBytes)).to.equal(
        hex(concat(u16(0), tx.id, u32(3), stamp, u32(11), nftOut)),
      );
      expect(hex(tx.outputs[1]!.utxoBytes)).to.equal(
        hex(concat(u16(0), tx.id, u32(1), gold, u32(6), owners(address))),
      );
      expect(tx.inputs.map((i) => [hex(i.txId), i.outputIndex, hex(i.assetId), i.amount])).to.deep.equal([
        [hex(filled(32, 0x30)), 0, hex(AVAX), 11n],
        [hex(filled(32, 0x31)), 2, hex(gold), 0n],
        [hex(filled(32, 0x32)), 4, hex(stamp), 0n],
      ]);
      expect(tx.credentials).to.have.length(3);

      // A CreateAssetTx whose initial state holds a secp256k1 mint output and a transfer output.
      const createAsset = concat(
        u16(0),
        u32(1),
        baseTx,
        u16(4),
        Buffer.from('Mint'),
        u16(3),
        Buffer.from('MNT'),
        Buffer.from([2]),
        u32(1),
        u32(0),
        u32(2),
        u32(6),
        owners(address),
        u32(7),
        u64(1_000n),
        owners(address),
        u32(1),
        u32(9),
        u32(1),
        signature,
      );
      const asset = decodeXChainTx(createAsset);
      expect(asset.assetCreated).to.deep.equal({ name: 'Mint', symbol: 'MNT', denomination: 2 });
      expect(asset.outputs.map((o) => [o.outputIndex, o.outputType, o.amount, hex(o.assetId)])).to.deep.equal(
        [
          [0, 'secp256k1-transfer', 10n, hex(AVAX)],
          [1, 'secp256k1-mint', 0n, hex(asset.id)],
          [2, 'secp256k1-transfer', 1_000n, hex(asset.id)],
        ],
      );

      // The same tx in a bare avm StandardBlock (type 20) and in a vertex of version 1's older layout.
      const avmBlock = concat(
        u16(0),
        u32(20),
        filled(32, 4),
        u64(3n),
        u64(1_767_225_600n),
        filled(32, 0),
        u32(1),
        bytes.subarray(2),
      );
      const block = decodeXChainBlock(avmBlock, context(avmBlock));
      expect([block.blockType, block.height, block.timestamp, block.proposer]).to.deep.equal([
        'StandardBlock',
        3n,
        1_767_225_600n,
        undefined,
      ]);
      expect(hex(block.txs[0]!.id)).to.equal(hex(tx.id));
      const stop = concat(u16(1), xChain, u64(9n), u32(1), filled(32, 5));
      const vertex = decodeXChainVertex(stop, context(stop));
      expect([vertex.height, vertex.epoch, vertex.txs.length, vertex.parentIds.map(hex)]).to.deep.equal([
        9n,
        0,
        0,
        [hex(filled(32, 5))],
      ]);
      // Version 1 before it meant the stop vertex: version 0's fields, then Restrictions.
      const restricted = concat(
        u16(1),
        xChain,
        u64(8n),
        u32(0),
        u32(1),
        filled(32, 6),
        u32(1),
        bytesField(bytes),
        u32(0),
      );
      const old = decodeXChainVertex(restricted, context(restricted));
      expect([old.height, old.parentIds.map(hex), old.txs.map((t) => hex(t.id))]).to.deep.equal([
        8n,
        [hex(filled(32, 6))],
        [hex(tx.id)],
      ]);
    });

    it('reads a pre-ApricotPhase5 ExtData (one atomic tx) and a coreth block outside proposervm', function () {
      const index = d.c.findIndex((b) => b.atomicTxs.length === 1);
      const container = Buffer.from(d.cContainers[index]!);
      // proposervm: version, type, parent, timestamp, P-Chain height, certificate, then the block.
      let offset = 2 + 4 + 32 + 8 + 8;
      offset += 4 + container.readUInt32BE(offset);
      const inner = container.subarray(offset + 4, offset + 4 + container.readUInt32BE(offset));
      const items = RLP.decode(inner) as NestedUint8Array;
      const batch = items[4] as Uint8Array;
      // The batch is version, count 1, the tx without version: one tx alone is version and the tx.
      const single = concat(u16(0), batch.subarray(6));
      const raw = RLP.encode([items[0]!, items[1]!, items[2]!, items[3]!, single]);
      const decoded = decodeCChainContainer(raw, context(raw));
      expect(hex(decoded.hash)).to.equal(hex(d.c[index]!.hash));
      expect(decoded.atomicTxs.map((tx) => hex(tx.id))).to.deep.equal(
        d.c[index]!.atomicTxs.map((tx) => hex(tx.id)),
      );
      expect(decoded.sizeBytes).to.equal(raw.length);
    });

    it('stops at unknown type ids, naming the type id and the container', function () {
      const block = concat(u16(0), u32(77), filled(32, 1), u64(1n));
      expect(() => decodePChainContainer(block, context(block))).to.throw(
        `P/block container ${encodeCb58(sha256(block))}: unknown platformvm block type id 77`,
      );
      const withTx = concat(u16(0), u32(32), u64(1n), filled(32, 1), u64(1n), u32(1), u32(40), filled(40, 0));
      expect(() => decodePChainContainer(withTx, context(withTx))).to.throw(
        /unknown PVM transaction type id 40/,
      );
      const avmBlock = concat(u16(0), u32(21), filled(80, 0));
      const wrapped = concat(
        u16(0),
        u32(0),
        filled(32, 9),
        u64(1n),
        u64(1n),
        u32(0),
        bytesField(avmBlock),
        u32(0),
      );
      expect(() => decodeXChainBlock(wrapped, context(wrapped))).to.throw(
        `X/block container ${encodeCb58(sha256(wrapped))}: unknown avm block type id 21`,
      );
      // A property fx operation (17), which avalanchejs cannot read and the model has no outputs for.
      const propertyOp = concat(
        u16(0),
        u32(2),
        u32(5),
        X_CHAIN_ID,
        u32(0),
        u32(0),
        u32(0),
        u32(1),
        filled(32, 1),
        u32(1),
        filled(32, 2),
        u32(0),
        u32(17),
        u32(0),
        u32(0),
      );
      expect(() => decodeXChainTx(propertyOp)).to.throw(/type ID 17/);
      const unknownTx = concat(u16(0), u32(5), filled(40, 0));
      expect(() => decodeXChainTx(unknownTx)).to.throw(`X/tx container ${encodeCb58(sha256(unknownTx))}: `);
      expect(() => decodeXChainTx(unknownTx)).to.throw(/unknown AVM transaction type id 5/);
    });
  });
});

/**
 * A self-signed X.509 certificate (ECDSA P-256, as a staking certificate may be), DER-encoded by hand:
 * Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }.
 */
function selfSignedCertificate() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const der = (tag: number, ...content: Uint8Array[]) => {
    const body = Buffer.concat(content);
    const length =
      body.length < 0x80
        ? Buffer.from([body.length])
        : body.length < 0x100
          ? Buffer.from([0x81, body.length])
          : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
    return Buffer.concat([Buffer.from([tag]), length, body]);
  };
  const ecdsaWithSha256 = der(0x30, der(0x06, Buffer.from([0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02])));
  const name = der(
    0x31,
    der(0x30, der(0x06, Buffer.from([0x55, 0x04, 0x03])), der(0x0c, Buffer.from('avalanche-decode-test'))),
  );
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    ecdsaWithSha256,
    der(0x30, name),
    der(0x30, der(0x17, Buffer.from('250101000000Z')), der(0x17, Buffer.from('350101000000Z'))),
    der(0x30, name),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signatureValue = der(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey));
  return { certificate: new Uint8Array(der(0x30, tbs, ecdsaWithSha256, signatureValue)), privateKey };
}
