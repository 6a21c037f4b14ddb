import { avaxSerial, utils, Utxo } from '@avalabs/avalanchejs';
import { RLP } from '@ethereumjs/rlp';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Devnet } from '../../services/devnet/network.ts';
import { pChainGenesisOutputs, xChainGenesisOutputs } from '../../services/devnet/genesis.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';

/**
 * The primary network's transactions as the devnet's containers hold them, read apart from the primary-network
 * service: blocks and vertices unwrapped by hand from their layouts, transactions decoded with avalanchejs, every
 * UTXO a transaction consumes resolved to the output that created it (its owners, asset and amount). Two facts are
 * not in any container and come from the devnet's own records: the genesis allocations (the genesis is not indexed)
 * and the reward UTXOs a RewardValidatorTx pays (a node serves them through platform.getRewardUTXOs).
 *
 * What an export needs of each transaction: its identity, placement and staking fields, and one entry per UTXO (or
 * C-Chain EVM input or output) it consumed or created, in the transaction's own order: its inputs as they appear in
 * it (own inputs, then imported ones or those an operation spends), then its outputs by output index.
 */
export type Chain = 'P' | 'X' | 'C';
export type LedgerRowType = 'DEBIT' | 'DEBIT_ATOMIC' | 'CREDIT' | 'CREDIT_ATOMIC' | 'CREDIT_STAKING_SET';

export interface LedgerEntry {
  rowType: LedgerRowType;
  /** cb58, or `<txHash>:evmInput:<i>` / `<txHash>:evmOutput:<i>`. */
  utxoId: string;
  /** bech32 without a chain prefix, or one lower-case 0x address for an EVM input or output. */
  addresses: string[];
  assetId: string;
  amount: bigint;
}

export interface LedgerTx {
  chain: Chain;
  txHash: string;
  /** The Data API's name: avalanchejs's type without its VM prefix, ending in Tx. */
  txType: string;
  /** Unix seconds: the block's time; a vertex's, the time the node accepted it. */
  timestamp: number;
  /** Empty for a transaction of an X-Chain vertex. */
  blockHeight: string;
  memo: Uint8Array;
  /** `NodeID-…` for staking transactions and L1 validator registrations. */
  nodeId: string;
  stakeStart?: number;
  stakeEnd?: number;
  entries: LedgerEntry[];
}

export interface AssetFacts {
  symbol: string;
  denomination: number;
}

export interface PrimaryNetworkLedger {
  /** Per chain, in the chain's order: P blocks, X vertices then X blocks, C blocks. */
  txs: Record<Chain, LedgerTx[]>;
  /** cb58 asset id → symbol and denomination (AVAX, and what the X-Chain's CreateAssetTxs created). */
  assets: Map<string, AssetFacts>;
}

// Loose views of avalanchejs's decoded classes: several keep their fields private in their type declarations.
interface IdLike {
  toBytes(): Uint8Array;
}
interface OwnersLike {
  addrs: IdLike[];
}
interface OutputLike {
  _type: string;
  amount?: () => bigint;
  outputOwners?: OwnersLike;
  transferOut?: OutputLike;
}
interface TransferableOutputLike {
  assetId: IdLike;
  output: OutputLike;
}
interface UtxoIdLike {
  txID: IdLike;
  outputIdx: { value(): number };
}
interface TransferableInputLike {
  utxoID: UtxoIdLike;
  assetId: IdLike;
  input: { amount(): bigint };
}
interface AvaxBaseTxLike {
  outputs: readonly TransferableOutputLike[];
  inputs: readonly TransferableInputLike[];
  memo: { bytes: Uint8Array };
}
interface ValidatorLike {
  nodeId: IdLike;
  startTime: { value(): bigint };
  endTime: { value(): bigint };
}
interface UnsignedLike {
  _type: string;
  baseTx?: AvaxBaseTxLike;
  ins?: TransferableInputLike[] | { address: IdLike; amount: { value(): bigint }; assetId: IdLike }[];
  importedInputs?: TransferableInputLike[];
  outs?: TransferableOutputLike[];
  exportedOutputs?: TransferableOutputLike[];
  Outs?: { address: IdLike; amount: { value(): bigint }; assetId: IdLike }[];
  stake?: readonly TransferableOutputLike[];
  validator?: ValidatorLike;
  subnetValidator?: { validator: ValidatorLike };
  message?: { bytes: Uint8Array };
  symbol?: { value(): string };
  denomination?: { toBytes(): Uint8Array };
  initialStates?: { outputs: OutputLike[] }[];
  ops?: {
    assetId: IdLike;
    UTXOId: UtxoIdLike[];
    transferOp: { _type: string; outputOwnerList?: { outputOwners: OwnersLike[] }; output?: OutputLike };
  }[];
}

interface Created {
  owners: Uint8Array[];
  assetId: Uint8Array;
  amount: bigint;
}

interface Spend {
  txId: Uint8Array;
  outputIndex: number;
  imported: boolean;
}

interface Output extends Created {
  outputIndex: number;
  rowType: LedgerRowType;
  /** A reward UTXO is numbered among its staking transaction's outputs and named after that transaction. */
  utxoId?: string;
}

/** A transaction before its spends are resolved: the UTXOs it spends may be created later in the reading. */
interface Pending extends Omit<LedgerTx, 'entries'> {
  spends: Spend[];
  evmInputs: { address: Uint8Array; assetId: Uint8Array; amount: bigint }[];
  outputs: Output[];
  evmOutputs: { address: Uint8Array; assetId: Uint8Array; amount: bigint }[];
}

const cb58 = (bytes: Uint8Array) => utils.base58check.encode(bytes);
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const withCodecVersion = (bytes: Uint8Array) => new Uint8Array([0, 0, ...bytes]);

/** avalanchego's UTXOID.InputID: sha256(uint64 output index ‖ tx id). */
function utxoIdOf(txId: Uint8Array, outputIndex: number): string {
  const bytes = new Uint8Array(8 + txId.length);
  view(bytes).setBigUint64(0, BigInt(outputIndex));
  bytes.set(txId, 8);
  return cb58(sha256(bytes));
}

/** A proposervm block's inner block: an option (type 1: parent, inner) or a signed block (parent, time, P-Chain height, certificate, inner). */
function innerBlock(bytes: Uint8Array): Uint8Array {
  const v = view(bytes);
  let at = v.getUint32(2) === 1 ? 6 + 32 : 6 + 32 + 8 + 8;
  if (v.getUint32(2) !== 1) at += 4 + v.getUint32(at);
  return bytes.subarray(at + 4, at + 4 + v.getUint32(at));
}

function ownedOutput(output: OutputLike): { owners: Uint8Array[]; amount: bigint } {
  if (output.transferOut) return ownedOutput(output.transferOut);
  // Mint outputs and NFT outputs carry no amount.
  const amount = output._type === 'secp256k1fx.TransferOutput' ? output.amount!() : 0n;
  return { owners: (output.outputOwners?.addrs ?? []).map((a) => a.toBytes()), amount };
}

function txTypeOf(type: string): string {
  const name = type.slice(type.indexOf('.') + 1);
  return name.endsWith('Tx') ? name : `${name}Tx`;
}

/**
 * The node id of a RegisterL1ValidatorTx: in its Warp message (codec, network id, source chain, payload), whose
 * payload is an AddressedCall (codec, type, source address, payload) of a RegisterL1ValidatorMessage (codec, type,
 * subnet id, node id as bytes, …).
 */
function registeredNodeId(message: Uint8Array): Uint8Array {
  const payloadAt = 2 + 4 + 32 + 4;
  const call = message.subarray(payloadAt, payloadAt + view(message).getUint32(payloadAt - 4));
  const sourceLength = view(call).getUint32(6);
  const innerAt = 6 + 4 + sourceLength + 4;
  const inner = call.subarray(innerAt, innerAt + view(call).getUint32(innerAt - 4));
  const nodeIdAt = 2 + 4 + 32;
  return inner.subarray(nodeIdAt + 4, nodeIdAt + 4 + view(inner).getUint32(nodeIdAt));
}

export async function readPrimaryNetworkLedger(devnet: Devnet): Promise<PrimaryNetworkLedger> {
  const { identity, seed, accounts: accountCount } = devnet.parameters;
  const hrp = identity.hrp;
  const avax = utils.base58check.decode(identity.avaxAssetId);
  const codecs = {
    P: utils.getManagerForVM('PVM').getDefaultCodec(),
    X: utils.getManagerForVM('AVM').getDefaultCodec(),
    C: utils.getManagerForVM('EVM').getDefaultCodec(),
  };
  const created = new Map<string, Created>();
  const assets = new Map<string, AssetFacts>([[identity.avaxAssetId, { symbol: 'AVAX', denomination: 9 }]]);
  const accounts = deriveAccounts(seed, accountCount);
  for (const o of [...pChainGenesisOutputs(accounts), ...xChainGenesisOutputs(identity, accounts)])
    created.set(utxoIdOf(o.txId, o.outputIndex), {
      owners: [o.owner.address],
      assetId: avax,
      amount: o.amount,
    });
  const rewards = new Map<string, Output[]>();
  for (const staker of devnet.pChain.staking.everyStaker) {
    rewards.set(
      cb58(staker.txId),
      staker.rewardUtxos.map((bytes) => {
        const [utxo] = Utxo.fromBytes(bytes.subarray(2), codecs.P);
        const utxoId = utxoIdOf(staker.txId, utxo.utxoId.outputIdx.value());
        const reward: Output = {
          outputIndex: utxo.utxoId.outputIdx.value(),
          utxoId,
          assetId: utxo.assetId.toBytes(),
          ...ownedOutput(utxo.output),
          rowType: 'CREDIT',
        };
        created.set(utxoId, reward);
        return reward;
      }),
    );
  }

  /** One signed transaction at the start of `bytes` (no codec version): its facts and the bytes after it. */
  function readTx(
    chain: Chain,
    bytes: Uint8Array,
    placement: { timestamp: number; blockHeight: string },
  ): [Pending, Uint8Array] {
    // avalanchejs has no RewardValidatorTx (type 20: the staker's tx id, and no credentials).
    if (chain === 'P' && view(bytes).getUint32(0) === 20) {
      const own = bytes.subarray(0, 4 + 32 + 4);
      const stakerTxId = cb58(own.subarray(4, 36));
      const outputs = rewards.get(stakerTxId);
      if (!outputs) throw new Error(`RewardValidatorTx of unknown staker ${stakerTxId}`);
      return [
        {
          ...placement,
          chain,
          txHash: cb58(sha256(withCodecVersion(own))),
          txType: 'RewardValidatorTx',
          memo: new Uint8Array(0),
          nodeId: '',
          spends: [],
          evmInputs: [],
          outputs: [...outputs].sort((a, b) => a.outputIndex - b.outputIndex),
          evmOutputs: [],
        },
        bytes.subarray(own.length),
      ];
    }
    const [signed, rest] = avaxSerial.SignedTx.fromBytes(bytes, codecs[chain]);
    const id = sha256(withCodecVersion(bytes.subarray(0, bytes.length - rest.length)));
    const tx = signed.unsignedTx as unknown as UnsignedLike;
    const base = tx.baseTx;
    const spends: Spend[] = (base?.inputs ?? []).map((i) => ({
      txId: i.utxoID.txID.toBytes(),
      outputIndex: i.utxoID.outputIdx.value(),
      imported: false,
    }));
    const outputs: Output[] = [];
    const output = (assetId: Uint8Array, o: OutputLike, rowType: LedgerRowType) =>
      outputs.push({ outputIndex: outputs.length, assetId, ...ownedOutput(o), rowType });
    for (const o of base?.outputs ?? []) output(o.assetId.toBytes(), o.output, 'CREDIT');
    const importedFrom = (inputs: TransferableInputLike[]) =>
      spends.push(
        ...inputs.map((i) => ({
          txId: i.utxoID.txID.toBytes(),
          outputIndex: i.utxoID.outputIdx.value(),
          imported: true,
        })),
      );
    const evmInputs: Pending['evmInputs'] = [];
    const evmOutputs: Pending['evmOutputs'] = [];
    let nodeId: Uint8Array | undefined;
    let staking: ValidatorLike | undefined;
    switch (tx._type) {
      case 'pvm.ImportTx':
      case 'avm.ImportTx':
        importedFrom(tx.ins as TransferableInputLike[]);
        break;
      case 'pvm.ExportTx':
      case 'avm.ExportTx':
        for (const o of tx.outs!) output(o.assetId.toBytes(), o.output, 'CREDIT_ATOMIC');
        break;
      case 'evm.ImportTx':
        importedFrom(tx.importedInputs!);
        for (const o of tx.Outs!)
          evmOutputs.push({
            address: o.address.toBytes(),
            assetId: o.assetId.toBytes(),
            amount: o.amount.value(),
          });
        break;
      case 'evm.ExportTx':
        for (const i of tx.ins as { address: IdLike; amount: { value(): bigint }; assetId: IdLike }[])
          evmInputs.push({
            address: i.address.toBytes(),
            assetId: i.assetId.toBytes(),
            amount: i.amount.value(),
          });
        for (const o of tx.exportedOutputs!) output(o.assetId.toBytes(), o.output, 'CREDIT_ATOMIC');
        break;
      case 'pvm.AddValidatorTx':
      case 'pvm.AddDelegatorTx':
      case 'pvm.AddPermissionlessValidator':
      case 'pvm.AddPermissionlessDelegator':
        staking = tx.validator ?? tx.subnetValidator!.validator;
        nodeId = staking.nodeId.toBytes();
        for (const o of tx.stake!) output(o.assetId.toBytes(), o.output, 'CREDIT_STAKING_SET');
        break;
      case 'pvm.RegisterL1ValidatorTx':
        nodeId = registeredNodeId(tx.message!.bytes);
        break;
      case 'avm.CreateAssetTx':
        assets.set(cb58(id), {
          symbol: tx.symbol!.value(),
          denomination: tx.denomination!.toBytes()[0]!,
        });
        for (const state of tx.initialStates!) for (const o of state.outputs) output(id, o, 'CREDIT');
        break;
      case 'avm.OperationTx':
        for (const op of tx.ops!) {
          spends.push(
            ...op.UTXOId.map((u) => ({
              txId: u.txID.toBytes(),
              outputIndex: u.outputIdx.value(),
              imported: false,
            })),
          );
          const assetId = op.assetId.toBytes();
          if (op.transferOp._type === 'nftfx.MintOperation')
            for (const owners of op.transferOp.outputOwnerList!.outputOwners)
              output(assetId, { _type: 'nftfx.TransferOutput', outputOwners: owners }, 'CREDIT');
          else if (op.transferOp._type === 'nftfx.TransferOperation')
            output(assetId, op.transferOp.output!, 'CREDIT');
          else throw new Error(`an operation this reading does not model: ${op.transferOp._type}`);
        }
        break;
      // Their inputs and outputs are their BaseTx's. (A SetL1ValidatorWeightTx of weight 0 would also refund the
      // validator's balance as a UTXO no container holds; the devnet never sets one.)
      case 'pvm.BaseTx':
      case 'avm.BaseTx':
      case 'pvm.CreateSubnetTx':
      case 'pvm.CreateChainTx':
      case 'pvm.ConvertSubnetToL1Tx':
      case 'pvm.IncreaseL1ValidatorBalanceTx':
      case 'pvm.SetL1ValidatorWeightTx':
        break;
      default:
        // DisableL1ValidatorTx's refund, say: a transaction whose UTXOs are not all in its own fields.
        throw new Error(`${cb58(id)}: a ${tx._type}, which this reading does not model`);
    }
    for (const o of outputs) created.set(utxoIdOf(id, o.outputIndex), o);
    return [
      {
        ...placement,
        chain,
        txHash: cb58(id),
        txType: txTypeOf(tx._type),
        memo: base?.memo.bytes ?? new Uint8Array(0),
        nodeId: nodeId ? `NodeID-${cb58(nodeId)}` : '',
        ...(staking
          ? { stakeStart: Number(staking.startTime.value()), stakeEnd: Number(staking.endTime.value()) }
          : {}),
        spends,
        evmInputs,
        outputs,
        evmOutputs,
      },
      rest,
    ];
  }

  function readTxs(chain: Chain, bytes: Uint8Array, count: number, placement: Parameters<typeof readTx>[2]) {
    const txs: Pending[] = [];
    let rest = bytes;
    for (let i = 0; i < count; i++) {
      const [tx, after] = readTx(chain, rest, placement);
      txs.push(tx);
      rest = after;
    }
    return { txs, rest };
  }

  const pending: Record<Chain, Pending[]> = { P: [], X: [], C: [] };
  /**
   * An index's containers, handed out with a pause every few, so that a devnet served from this process goes on
   * answering (the reading runs while a stack mirrors the same devnet).
   */
  async function* range(name: 'P/block' | 'X/vtx' | 'X/block' | 'C/block') {
    const containers = await devnet.containers.range(name, 0n, BigInt(devnet.containers.count(name)));
    for (const [i, container] of containers.entries()) {
      if (i % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
      yield container;
    }
  }

  // platformvm's Banff blocks: standard (32: time, parent, height, txs), proposal (29: time, decision txs, parent,
  // height, its tx), and the commit and abort options after a proposal, which carry none.
  for await (const container of range('P/block')) {
    const block = innerBlock(container.bytes);
    const v = view(block);
    const type = v.getUint32(2);
    if (type !== 29 && type !== 32) continue;
    const timestamp = Number(v.getBigUint64(6));
    if (type === 32) {
      const placement = { timestamp, blockHeight: v.getBigUint64(6 + 8 + 32).toString() };
      pending.P.push(
        ...readTxs('P', block.subarray(6 + 8 + 32 + 8 + 4), v.getUint32(6 + 8 + 32 + 8), placement).txs,
      );
      continue;
    }
    // The height follows the decision transactions.
    const decisions = readTxs('P', block.subarray(6 + 8 + 4), v.getUint32(6 + 8), {
      timestamp,
      blockHeight: '',
    });
    const blockHeight = view(decisions.rest).getBigUint64(32).toString();
    for (const tx of decisions.txs) tx.blockHeight = blockHeight;
    const [proposed] = readTx('P', decisions.rest.subarray(32 + 8), { timestamp, blockHeight });
    pending.P.push(...decisions.txs, proposed);
  }

  // Vertices (codec 0: chain id, height, epoch, parents, then each transaction with its length and codec version),
  // accepted at the time their index records.
  for await (const container of range('X/vtx')) {
    const vertex = container.bytes;
    const v = view(vertex);
    let at = 2 + 32 + 8 + 4;
    at += 4 + 32 * v.getUint32(at);
    const count = v.getUint32(at);
    at += 4;
    const placement = { timestamp: Number(container.acceptedAtUnixNano / 1_000_000_000n), blockHeight: '' };
    for (let i = 0; i < count; i++) {
      const length = v.getUint32(at);
      const [tx, rest] = readTx('X', vertex.subarray(at + 4 + 2, at + 4 + length), placement);
      if (rest.length !== 0) throw new Error(`${tx.txHash}: ${rest.length} bytes after the transaction`);
      pending.X.push(tx);
      at += 4 + length;
    }
  }
  // avm StandardBlocks (type 20: parent, height, time, merkle root, txs) inside proposervm blocks.
  for await (const container of range('X/block')) {
    const block = innerBlock(container.bytes);
    const v = view(block);
    const placement = {
      timestamp: Number(v.getBigUint64(6 + 32 + 8)),
      blockHeight: v.getBigUint64(6 + 32).toString(),
    };
    const at = 6 + 32 + 8 + 8 + 32;
    pending.X.push(...readTxs('X', block.subarray(at + 4), v.getUint32(at), placement).txs);
  }

  // coreth blocks, [header, txs, uncles, version, extData], the atomic transactions in extData (codec version, a
  // count, the transactions); the header's number is its 9th field, its time its 12th.
  for await (const container of range('C/block')) {
    const bytes = container.bytes[0]! >= 0xc0 ? container.bytes : innerBlock(container.bytes);
    const [header, , , , extData] = RLP.decode(bytes) as [
      Uint8Array[],
      unknown,
      unknown,
      unknown,
      Uint8Array?,
    ];
    if (!extData || extData.length === 0) continue;
    const integer = (field: Uint8Array) => BigInt(`0x${Buffer.from(field).toString('hex') || '0'}`);
    const placement = {
      timestamp: Number(integer(header[11]!)),
      blockHeight: integer(header[8]!).toString(),
    };
    pending.C.push(...readTxs('C', extData.subarray(2 + 4), view(extData).getUint32(2), placement).txs);
  }

  // A few addresses own every output: each is formatted once.
  const formatted = new Map<string, string>();
  const bech32 = (address: Uint8Array) => {
    const key = Buffer.from(address).toString('hex');
    let text = formatted.get(key);
    if (text === undefined) formatted.set(key, (text = utils.formatBech32(hrp, address)));
    return text;
  };
  const evm = (address: Uint8Array) => `0x${Buffer.from(address).toString('hex')}`;
  const resolve = (tx: Pending): LedgerTx => {
    const { spends, evmInputs, outputs, evmOutputs, ...facts } = tx;
    const entries: LedgerEntry[] = [];
    for (const spend of spends) {
      const utxoId = utxoIdOf(spend.txId, spend.outputIndex);
      const utxo = created.get(utxoId);
      if (!utxo) throw new Error(`${tx.txHash} spends ${utxoId}, which nothing created`);
      entries.push({
        rowType: spend.imported ? 'DEBIT_ATOMIC' : 'DEBIT',
        utxoId,
        addresses: utxo.owners.map(bech32),
        assetId: cb58(utxo.assetId),
        amount: utxo.amount,
      });
    }
    evmInputs.forEach((input, i) =>
      entries.push({
        rowType: 'DEBIT',
        utxoId: `${tx.txHash}:evmInput:${i}`,
        addresses: [evm(input.address)],
        assetId: cb58(input.assetId),
        amount: input.amount,
      }),
    );
    for (const o of outputs)
      entries.push({
        rowType: o.rowType,
        utxoId: o.utxoId ?? utxoIdOf(utils.base58check.decode(tx.txHash), o.outputIndex),
        addresses: o.owners.map(bech32),
        assetId: cb58(o.assetId),
        amount: o.amount,
      });
    evmOutputs.forEach((output, i) =>
      entries.push({
        rowType: 'CREDIT',
        utxoId: `${tx.txHash}:evmOutput:${i}`,
        addresses: [evm(output.address)],
        assetId: cb58(output.assetId),
        amount: output.amount,
      }),
    );
    return { ...facts, entries };
  };
  return {
    txs: { P: pending.P.map(resolve), X: pending.X.map(resolve), C: pending.C.map(resolve) },
    assets,
  };
}
