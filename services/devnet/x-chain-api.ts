/**
 * The X-Chain's `avm` service (`/ext/bc/X`), and what the devnet's node APIs share to answer as avalanchego does:
 * its chain aliases (BCLookup), address parsing with the node's texts (vms/components/avax/addresses.go), UTXO pages
 * in avalanchego's order (avax.GetPaginatedUTXOs over the linked-list index; avax.GetAtomicUTXOs over shared
 * memory), the P-Chain's and X-Chain's blocks and transactions read back from the containers a node accepted, and
 * the atomic UTXOs waiting in shared memory, reconstructed from the accepted export and import transactions.
 */
import { avaxSerial, avmSerial, evmSerial, Id, Int, pvmSerial, utils, Utxo } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { DomainError } from '../runtime/errors.ts';
import { formatAddress } from '../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58, equalBytes } from '../runtime/formatting/cb58.ts';
import { encodeBytes, type EncodingName } from '../runtime/formatting/encoding.ts';
import { concat, u16, u64 } from '../runtime/avalanche/linear-codec.ts';
import { encodingArg, idArg, uint64Arg, ZERO_ID } from '../runtime/gorilla-rpc/args.ts';
import { gorillaMethod, InvalidArgumentError, type GorillaService } from '../runtime/gorilla-rpc/endpoint.ts';
import { field } from '../runtime/gorilla-rpc/go-json.ts';
import { credentialsOf, verifySpend } from './secp256k1fx.ts';
import type { Devnet } from './network.ts';

const ZERO_SHORT = new Uint8Array(20);
const MAX_UINT32 = 2n ** 32n - 1n;
/** avm and platformvm: maxGetUTXOsAddrs and maxPageSize; coreth's maxUTXOsToFetch is the same. */
export const MAX_UTXO_ADDRESSES = 1024;
export const MAX_UTXO_PAGE = 1024;

const fail = (message: string): never => {
  throw new DomainError('invalid_argument', message);
};

// ---------------------------------------------------------------------------------------------------------------
// Chains and addresses

export interface LocalChain {
  /** cb58 chain id. */
  id: string;
  /** The primary alias addresses are written with (P, X, C). */
  alias: string;
  /** coreth words a foreign address differently from avalanchego's AddressManager. */
  style: 'avalanchego' | 'coreth';
}

/** BCLookup: the aliases a node gives the primary network's chains (genesis/aliases.go) and every chain's id. */
export function chainAliases(devnet: Devnet): Map<string, string> {
  const { pChainId, xChainId, cChainId } = devnet.parameters.identity;
  const aliases = new Map<string, string>([
    ['P', pChainId],
    ['platform', pChainId],
    ['X', xChainId],
    ['avm', xChainId],
    ['C', cChainId],
    ['evm', cChainId],
  ]);
  for (const id of [pChainId, xChainId, cChainId, devnet.l1.blockchainId]) aliases.set(id, id);
  return aliases;
}

export function lookupChain(devnet: Devnet, alias: string): string {
  const id = chainAliases(devnet).get(alias);
  if (id === undefined) throw new Error(`there is no ID with alias: ${alias}`);
  return id;
}

/** hashing.ToHash160 / ToHash256's length check. */
function exactLength(bytes: Uint8Array, length: number): Uint8Array {
  if (bytes.length !== length) {
    throw new Error(`invalid hash length: expected ${length} bytes but got ${bytes.length}`);
  }
  return bytes;
}

/** ids.FromString. */
export function idFromString(text: string): Uint8Array {
  return exactLength(decodeCb58(text), 32);
}

/** address.ParseBech32 with btcutil's checksum text (other malformations get a shorter text than btcutil's). */
function parseBech32(text: string): { hrp: string; bytes: Uint8Array } {
  const separator = text.lastIndexOf('1');
  if (separator < 1 || separator + 7 > text.length) throw new Error(`invalid separator index ${separator}`);
  try {
    const decoded = bech32.decode(text as `${string}1${string}`, false);
    return { hrp: decoded.prefix, bytes: Uint8Array.from(bech32.fromWords(decoded.words)) };
  } catch {
    const lower = text.toLowerCase();
    const hrp = lower.slice(0, separator);
    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    const data = [...lower.slice(separator + 1, -6)].map((c) => charset.indexOf(c));
    if (data.some((w) => w < 0)) throw new Error('invalid character not part of charset');
    const expected = bech32.encode(hrp, data, false).slice(-6);
    throw new Error(`invalid checksum (expected ${expected} got ${lower.slice(-6)})`);
  }
}

/**
 * avax.ParseServiceAddress (avalanchego) or coreth's: a cb58 short id, else `<alias>-<bech32>` of this chain on this
 * network. Errors carry the node's texts, without the "couldn't parse address" wrapping the callers add.
 */
export function parseLocalAddress(devnet: Devnet, chain: LocalChain, text: string): Uint8Array {
  try {
    return exactLength(decodeCb58(text), 20);
  } catch {
    // Not a short id: a formatted address.
  }
  const dash = text.indexOf('-');
  if (dash === -1) throw new Error('no separator found in address');
  const { hrp, bytes } = parseBech32(text.slice(dash + 1));
  const chainId = lookupChain(devnet, text.slice(0, dash));
  const expectedHrp = devnet.parameters.identity.hrp;
  if (hrp !== expectedHrp) throw new Error(`expected hrp "${expectedHrp}" but got "${hrp}"`);
  exactLength(bytes, 20);
  if (chainId !== chain.id) {
    throw new Error(
      chain.style === 'coreth'
        ? `expected chainID to be "${chain.id}" but was "${chainId}"`
        : `mismatched chainIDs: expected "${chain.id}" but got "${chainId}"`,
    );
  }
  return bytes;
}

/** avax.ParseServiceAddress with its wrapping. */
export function parseServiceAddress(devnet: Devnet, chain: LocalChain, text: string): Uint8Array {
  try {
    return parseLocalAddress(devnet, chain, text);
  } catch (err) {
    return fail(`couldn't parse address ${JSON.stringify(text)}: ${(err as Error).message}`);
  }
}

export function stringArg(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new InvalidArgumentError('expected a string');
  return value;
}

/** api.GetTxArgs: a transaction id and an encoding. */
export function txArgs(p: Record<string, unknown>) {
  return { txId: idArg(field(p, 'txID')), encoding: encodingArg(field(p, 'encoding')) };
}

/** api.JSONTxID: a transaction id. */
export function txIdArgs(p: Record<string, unknown>) {
  return { txId: idArg(field(p, 'txID')) };
}

/** api.GetBlockArgs: a block id and an encoding. */
export function blockIdArgs(p: Record<string, unknown>) {
  return { blockId: idArg(field(p, 'blockID')), encoding: encodingArg(field(p, 'encoding')) };
}

/** api.GetBlockByHeightArgs: a height and an encoding. */
export function blockHeightArgs(p: Record<string, unknown>) {
  return { height: BigInt(uint64Arg(field(p, 'height'))), encoding: encodingArg(field(p, 'encoding')) };
}

export function stringListArg(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new InvalidArgumentError('expected an array');
  return value.map(stringArg);
}

// ---------------------------------------------------------------------------------------------------------------
// UTXOs

/** A UTXO's database id: avax.UTXOID.InputID, sha256(u64 output index ‖ tx id). */
export function inputId(txId: Uint8Array, outputIndex: number): Uint8Array {
  return sha256(concat(u64(BigInt(outputIndex)), txId));
}

export function utxoInputId(utxo: Utxo): Uint8Array {
  return inputId(utxo.utxoId.txID.toBytes(), utxo.utxoId.outputIdx.value());
}

export function utxoOwner(utxo: Utxo): Uint8Array {
  return utxo.getOutputOwners().addrs[0]!.toBytes();
}

/** The UTXO as the node marshals it: codec version 0, tx id, output index, asset id, the output with its type id. */
export function utxoBytes(utxo: Utxo): Uint8Array {
  return concat(u16(0), utxo.toBytes(utils.getManagerForVM('AVM').getDefaultCodec()));
}

export interface UtxoPageArgs {
  addresses: string[];
  sourceChain: string;
  limit: number;
  startIndex: { address: string; utxo: string };
  encoding: EncodingName;
}

export function utxoPageArgs(p: Record<string, unknown>): UtxoPageArgs {
  const limit = BigInt(uint64Arg(field(p, 'limit')));
  if (limit > MAX_UINT32) throw new InvalidArgumentError('not a uint32');
  const start = field(p, 'startIndex');
  if (start !== undefined && start !== null && (typeof start !== 'object' || Array.isArray(start))) {
    throw new InvalidArgumentError('startIndex must be an object');
  }
  const startObject = (start ?? {}) as Record<string, unknown>;
  return {
    addresses: stringListArg(field(p, 'addresses')),
    sourceChain: stringArg(field(p, 'sourceChain')),
    limit: Number(limit),
    startIndex: {
      address: stringArg(field(startObject, 'address')),
      utxo: stringArg(field(startObject, 'utxo')),
    },
    encoding: encodingArg(field(p, 'encoding')),
  };
}

export interface UtxoPage {
  utxos: Utxo[];
  endAddress: Uint8Array;
  endUtxo: Uint8Array;
}

/** What a page of UTXOs is asked for: the UTXOs `owned` by each of the addresses, from a start index, at most `limit`. */
export interface UtxoPageQuery {
  owned: (address: Uint8Array) => Utxo[];
  addresses: Uint8Array[];
  startAddress: Uint8Array;
  startUtxo: Uint8Array;
  limit: number;
}

/** The UTXOs gathered for a page, each once: more than one of the addresses asked for may own one. */
function distinctUtxos() {
  const utxos: Utxo[] = [];
  const seen = new Set<string>();
  return {
    utxos,
    /** Adds `utxo` unless the page has it; whether it was added. */
    add(utxo: Utxo, id: Uint8Array): boolean {
      const key = Buffer.from(id).toString('hex');
      if (seen.has(key)) return false;
      seen.add(key);
      utxos.push(utxo);
      return true;
    },
  };
}

/**
 * The addresses asked for, in byte order and once each, from the start address on (`isStart` for the start address
 * itself), each with its UTXOs and their ids in the order the node's index lists them.
 */
function* addressesFromStart(query: UtxoPageQuery) {
  const byHex = new Map(query.addresses.map((a) => [Buffer.from(a).toString('hex'), a]));
  for (const key of [...byHex.keys()].sort()) {
    const address = byHex.get(key)!;
    const comparison = Buffer.compare(address, query.startAddress);
    if (comparison < 0) continue;
    const owned = query.owned(address).map((utxo) => ({ utxo, id: utxoInputId(utxo) }));
    yield { address, isStart: comparison === 0, owned };
  }
}

/**
 * avax.GetPaginatedUTXOs over avalanchego's per-address linked lists (newest first): for the start address, from
 * the start UTXO (exclusive) if it is in the list, else from the head; ends with the last address searched and the
 * last UTXO id seen.
 */
export function paginateUtxos(query: UtxoPageQuery): UtxoPage {
  const page = distinctUtxos();
  let endAddress = query.startAddress;
  let endUtxo = query.startUtxo;
  let remaining = query.limit;
  for (const { address, isStart, owned } of addressesFromStart(query)) {
    endAddress = address;
    const start = isStart ? query.startUtxo : new Uint8Array(32);
    const from = owned.findIndex((e) => equalBytes(e.id, start));
    const after = owned.slice(Math.max(from, 0)).filter((e) => !equalBytes(e.id, start));
    for (const { utxo, id } of after.slice(0, query.limit)) {
      endUtxo = id;
      if (page.add(utxo, id) && --remaining <= 0) return { utxos: page.utxos, endAddress, endUtxo };
    }
  }
  return { utxos: page.utxos, endAddress, endUtxo };
}

/**
 * avax.GetAtomicUTXOs over shared memory's index (chains/atomic/state.go getKeys): for the start address, from the
 * start key itself (inclusive) if present, else from the head; the last key of an address with none is empty (ends
 * as ids.Empty).
 */
export function paginateAtomicUtxos(query: UtxoPageQuery): UtxoPage {
  const page = distinctUtxos();
  let endAddress = query.startAddress;
  let endKey: Uint8Array | undefined = query.startUtxo;
  let remaining = query.limit;
  for (const { address, isStart, owned } of addressesFromStart(query)) {
    endAddress = address;
    const startKey = isStart ? query.startUtxo : undefined;
    const from = startKey ? owned.findIndex((e) => equalBytes(e.id, startKey)) : -1;
    endKey = startKey;
    for (const { utxo, id } of owned.slice(Math.max(from, 0))) {
      if (remaining <= 0) break;
      endKey = id;
      if (page.add(utxo, id)) remaining--;
    }
    if (remaining === 0) break;
  }
  return { utxos: page.utxos, endAddress, endUtxo: endKey ?? new Uint8Array(32) };
}

/**
 * The getUTXOs all three services share (avm and platform: avax.GetPaginatedUTXOs for their own chain, shared memory
 * for another; the C-Chain's avax: shared memory only, its source chain required). `encodeError` words the failure
 * to encode a UTXO as JSON, which each service words its own way.
 */
export async function serveUtxos(
  devnet: Devnet,
  chain: LocalChain,
  args: UtxoPageArgs,
  local: ((address: Uint8Array) => Utxo[]) | undefined,
  encodeError: (utxo: Utxo) => string,
) {
  if (args.addresses.length === 0) fail('no addresses provided');
  if (args.addresses.length > MAX_UTXO_ADDRESSES) {
    fail(`number of addresses given, ${args.addresses.length}, exceeds maximum, ${MAX_UTXO_ADDRESSES}`);
  }
  let source = chain.id;
  if (args.sourceChain === '' && !local) fail('no source chain provided');
  if (args.sourceChain !== '') {
    try {
      source = lookupChain(devnet, args.sourceChain);
    } catch (err) {
      fail(`problem parsing source chainID ${JSON.stringify(args.sourceChain)}: ${(err as Error).message}`);
    }
  }
  const parse = (text: string) =>
    chain.style === 'coreth'
      ? (() => {
          try {
            return parseLocalAddress(devnet, chain, text);
          } catch (err) {
            return fail(`couldn't parse address ${JSON.stringify(text)}: ${(err as Error).message}`);
          }
        })()
      : parseServiceAddress(devnet, chain, text);
  const addresses = args.addresses.map(parse);
  let startAddress: Uint8Array = ZERO_SHORT;
  let startUtxo: Uint8Array = new Uint8Array(32);
  if (args.startIndex.address !== '' || args.startIndex.utxo !== '') {
    try {
      startAddress =
        chain.style === 'coreth'
          ? parseLocalAddress(devnet, chain, args.startIndex.address)
          : parseServiceAddress(devnet, chain, args.startIndex.address);
    } catch (err) {
      fail(
        `couldn't parse start index address ${JSON.stringify(args.startIndex.address)}: ${(err as Error).message}`,
      );
    }
    try {
      startUtxo = idFromString(args.startIndex.utxo);
    } catch (err) {
      fail(`couldn't parse start index utxo: ${(err as Error).message}`);
    }
  }
  const limit = args.limit <= 0 || args.limit > MAX_UTXO_PAGE ? MAX_UTXO_PAGE : args.limit;
  await nodeState(devnet).sync();
  const query = { addresses, startAddress, startUtxo, limit };
  const page =
    source === chain.id && local
      ? paginateUtxos({ ...query, owned: local })
      : paginateAtomicUtxos({
          ...query,
          owned: (address) => nodeState(devnet).atomicUtxos(source, chain.id, address),
        });
  const { encoding } = args;
  const utxos = page.utxos.map((u) =>
    encoding === 'json' ? fail(encodeError(u)) : encodeBytes(utxoBytes(u), encoding),
  );
  return {
    numFetched: utxos.length.toString(),
    utxos,
    endIndex: {
      address: formatAddress(chain.alias, devnet.parameters.identity.hrp, page.endAddress),
      utxo: encodeCb58(page.endUtxo),
    },
    encoding,
  };
}

/** The account UTXOs of a wallet owned by `address`, newest first (the order of the node's address index). */
export function ownedNewestFirst(unspent: Utxo[], address: Uint8Array): Utxo[] {
  return unspent.filter((u) => equalBytes(utxoOwner(u), address)).reverse();
}

// ---------------------------------------------------------------------------------------------------------------
// Blocks and transactions, read back from the accepted containers

export interface ChainBlock {
  height: bigint;
  /** The VM's block (inside its proposervm block) and its id: what getBlock and getBlockByHeight serve. */
  id: Uint8Array;
  bytes: Uint8Array;
  /** P-Chain blocks: their transactions (X-Chain blocks leave this empty: X/tx holds them). */
  txs: StoredTx[];
}

export interface StoredTx {
  id: Uint8Array;
  /** Signed bytes with the codec version. */
  bytes: Uint8Array;
  height: bigint;
}

interface AtomicEntry {
  utxo: Utxo;
  /** `txId:index` of the exported output. */
  key: string;
}

/**
 * What the devnet's node holds of its chains, indexed from its containers as they are accepted: P-Chain blocks by
 * height and id with their transactions, X-Chain blocks by height and id, and shared memory (per source and
 * destination chain, exported UTXOs not imported yet, oldest first).
 */
export class NodeState {
  private readonly devnet: Devnet;
  private readonly pBlockList: ChainBlock[] = [];
  private readonly pBlockIds = new Map<string, ChainBlock>();
  private readonly pTxs = new Map<string, StoredTx>();
  private readonly xBlockList: ChainBlock[] = [];
  private readonly xBlockIds = new Map<string, ChainBlock>();
  private xTxsRead = 0;
  private cBlocksRead = 0;
  private readonly atomic = new Map<string, AtomicEntry[]>();

  constructor(devnet: Devnet) {
    this.devnet = devnet;
  }

  /**
   * Reads what was accepted since the last call; every read of the state awaits it first. Reads are chained, so
   * concurrent requests never index a container twice.
   */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.read());
    return this.syncing;
  }

  private syncing: Promise<void> = Promise.resolve();

  /** The P-Chain's blocks from height 1, in order (the genesis block is never indexed). */
  get pBlocks(): readonly ChainBlock[] {
    return this.pBlockList;
  }

  pBlockById(id: Uint8Array): ChainBlock | undefined {
    return this.pBlockIds.get(hexOf(id));
  }

  pTx(id: Uint8Array): StoredTx | undefined {
    return this.pTxs.get(hexOf(id));
  }

  get xBlocks(): readonly ChainBlock[] {
    return this.xBlockList;
  }

  xBlockById(id: Uint8Array): ChainBlock | undefined {
    return this.xBlockIds.get(hexOf(id));
  }

  /** The UTXOs `source` exported to `destination` for `owner`, not imported yet: newest first, as shared memory lists them. */
  atomicUtxos(source: string, destination: string, owner: Uint8Array): Utxo[] {
    return (this.atomic.get(`${source}>${destination}`) ?? [])
      .filter((e) => equalBytes(utxoOwner(e.utxo), owner))
      .map((e) => e.utxo)
      .reverse();
  }

  /** Whether `source` exported the UTXO `txId:index` to `destination` and nobody imported it yet. */
  atomicUtxo(source: string, destination: string, key: string): Utxo | undefined {
    return this.atomic.get(`${source}>${destination}`)?.find((e) => e.key === key)?.utxo;
  }

  private async read(): Promise<void> {
    const containers = this.devnet.containers;
    const pBefore = this.pBlockList.length;
    const pNew = await containers.range('P/block', BigInt(pBefore), BigInt(containers.count('P/block')));
    this.readP(pNew);
    const xNew = await containers.range(
      'X/block',
      BigInt(this.xBlockList.length),
      BigInt(containers.count('X/block')),
    );
    this.readX(xNew);
    const xTxs = await containers.range('X/tx', BigInt(this.xTxsRead), BigInt(containers.count('X/tx')));
    this.xTxsRead += xTxs.length;
    this.readAtomic(this.pBlockList.slice(pBefore), xTxs);
  }

  private readP(containers: { bytes: Uint8Array }[]): void {
    const codec = utils.getManagerForVM('PVM').getDefaultCodec();
    for (const stored of containers) {
      const inner = proposervmInner(stored);
      const r = new ByteReader(inner);
      r.skip(2);
      const type = r.u32();
      let height: bigint;
      const txs: Uint8Array[] = [];
      const readTxs = (n: number) => {
        for (let t = 0; t < n; t++) {
          const rest = r.rest();
          const [, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
          txs.push(concat(u16(0), r.take(rest.length - remaining.length)));
        }
      };
      if (type === BANFF_STANDARD_BLOCK) {
        r.skip(8 + 32);
        height = r.u64();
        readTxs(r.u32());
      } else if (type === BANFF_PROPOSAL_BLOCK) {
        r.skip(8);
        const decisions = r.u32();
        readTxs(decisions);
        // The decisions come before the parent and height; read them again in order.
        r.skip(32);
        height = r.u64();
        // The proposal transaction (the devnet's RewardValidatorTx, which avalanchejs cannot decode) is the rest.
        txs.push(concat(u16(0), r.rest()));
      } else {
        // Commit and abort blocks: time, parent, height.
        r.skip(8 + 32);
        height = r.u64();
      }
      const block: ChainBlock = { height, id: sha256(inner), bytes: inner, txs: [] };
      this.pBlockList.push(block);
      this.pBlockIds.set(hexOf(block.id), block);
      for (const bytes of txs) {
        const tx = { id: sha256(bytes), bytes, height };
        block.txs.push(tx);
        this.pTxs.set(hexOf(tx.id), tx);
      }
    }
  }

  private readX(containers: { bytes: Uint8Array }[]): void {
    for (const stored of containers) {
      const inner = proposervmInner(stored);
      const r = new ByteReader(inner);
      r.skip(2 + 4 + 32);
      const block: ChainBlock = { height: r.u64(), id: sha256(inner), bytes: inner, txs: [] };
      this.xBlockList.push(block);
      this.xBlockIds.set(hexOf(block.id), block);
    }
  }

  private readAtomic(pBlocks: ChainBlock[], xTxs: { id: Uint8Array; bytes: Uint8Array }[]): void {
    const { pChainId, xChainId, cChainId } = this.devnet.parameters.identity;
    const exported = (
      source: string,
      destination: string,
      txId: Uint8Array,
      first: number,
      outs: avaxSerial.TransferableOutput[],
    ) => {
      const list = this.atomicList(source, destination);
      outs.forEach((out, i) =>
        list.push({
          utxo: new Utxo(new avaxSerial.UTXOID(new Id(txId), new Int(first + i)), out.assetId, out.output),
          key: `${hexOf(txId)}:${first + i}`,
        }),
      );
    };
    // Imports are applied after every export of the batch: an import may come from a chain read before the
    // chain whose export it spends.
    const imports: (() => void)[] = [];
    const imported = (destination: string, source: string, ins: avaxSerial.TransferableInput[]) => {
      imports.push(() => {
        const list = this.atomicList(source, destination);
        for (const input of ins) {
          const key = `${hexOf(input.utxoID.txID.toBytes())}:${input.utxoID.outputIdx.value()}`;
          const at = list.findIndex((e) => e.key === key);
          if (at !== -1) list.splice(at, 1);
        }
      });
    };
    const visit = (chainId: string, tx: unknown, txId: Uint8Array) => {
      if (avmSerial.isExportTx(tx as never) || pvmSerial.isExportTx(tx as never)) {
        const t = tx as avmSerial.ExportTx;
        exported(chainId, t.destination.toString(), txId, t.baseTx.outputs.length, t.outs);
      } else if (avmSerial.isImportTx(tx as never) || pvmSerial.isImportTx(tx as never)) {
        const t = tx as avmSerial.ImportTx;
        imported(chainId, t.sourceChain.toString(), t.ins);
      }
    };
    // Every export an import spends was accepted before it, in this batch or an earlier one.
    const pvmCodec = utils.getManagerForVM('PVM').getDefaultCodec();
    for (const block of pBlocks) {
      for (const { bytes, id } of block.txs) {
        try {
          visit(pChainId, avaxSerial.SignedTx.fromBytes(bytes.subarray(2), pvmCodec)[0].unsignedTx, id);
        } catch {
          // A RewardValidatorTx: no atomic effect.
        }
      }
    }
    const avmCodec = utils.getManagerForVM('AVM').getDefaultCodec();
    for (const stored of xTxs) {
      visit(
        xChainId,
        avaxSerial.SignedTx.fromBytes(stored.bytes.subarray(2), avmCodec)[0].unsignedTx,
        stored.id,
      );
    }
    const evmCodec = utils.getManagerForVM('EVM').getDefaultCodec();
    const blocks = this.devnet.cChain.chain.blocks;
    for (const block of blocks.slice(this.cBlocksRead)) {
      for (const atomicTx of block.atomicTxs) {
        const tx = avaxSerial.SignedTx.fromBytes(atomicTx.bytes.subarray(2), evmCodec)[0].unsignedTx;
        if (evmSerial.isExportTx(tx)) {
          exported(cChainId, tx.destinationChain.toString(), atomicTx.id, 0, tx.exportedOutputs);
        } else if (evmSerial.isImportTx(tx)) {
          imported(cChainId, tx.sourceChain.toString(), tx.importedInputs);
        }
      }
    }
    this.cBlocksRead = blocks.length;
    for (const apply of imports) apply();
  }

  private atomicList(source: string, destination: string): AtomicEntry[] {
    const key = `${source}>${destination}`;
    let list = this.atomic.get(key);
    if (!list) this.atomic.set(key, (list = []));
    return list;
  }
}

const states = new WeakMap<Devnet, NodeState>();

/** The one NodeState of a devnet, shared by its APIs. */
export function nodeState(devnet: Devnet): NodeState {
  let state = states.get(devnet);
  if (!state) states.set(devnet, (state = new NodeState(devnet)));
  return state;
}

const BANFF_PROPOSAL_BLOCK = 29;
const BANFF_STANDARD_BLOCK = 32;

/** The VM's block inside a proposervm block: stateless (types 0 and 2) or option (type 1). */
function proposervmInner(container: { bytes: Uint8Array }): Uint8Array {
  const r = new ByteReader(container.bytes);
  r.skip(2);
  const type = r.u32();
  r.skip(32);
  if (type !== 1) {
    r.skip(16);
    r.take(r.u32());
  }
  return r.take(r.u32());
}

class ByteReader {
  private offset = 0;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  skip(n: number): void {
    this.offset += n;
  }
  u32(): number {
    const v = this.view.getUint32(this.offset);
    this.offset += 4;
    return v;
  }
  u64(): bigint {
    const v = this.view.getBigUint64(this.offset);
    this.offset += 8;
    return v;
  }
  take(n: number): Uint8Array {
    const v = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return v;
  }
  rest(): Uint8Array {
    return this.bytes.subarray(this.offset);
  }
}

function hexOf(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

// ---------------------------------------------------------------------------------------------------------------
// Issued transactions

/** formatting.Decode for a transaction argument: hex with its checksum (hex, hexc) or without (hexnc). */
function decodeTxArgument(encoding: EncodingName, text: string): Uint8Array {
  if (text === '') return new Uint8Array(0);
  if (encoding === 'json') throw new Error('unsupported encoding in method');
  if (!text.startsWith('0x')) throw new Error('missing 0x prefix to hex encoding');
  const body = text.slice(2);
  const bad = body.search(/[^0-9a-fA-F]/);
  if (bad !== -1) {
    const c = body.codePointAt(bad)!;
    throw new Error(
      `encoding/hex: invalid byte: U+${c.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(String.fromCodePoint(c)).replace(/^"|"$/g, "'")}`,
    );
  }
  if (body.length % 2 !== 0) throw new Error('encoding/hex: odd length hex string');
  const raw = new Uint8Array(Buffer.from(body, 'hex'));
  if (encoding === 'hexnc') return raw;
  if (raw.length < 4) throw new Error('input string is smaller than the checksum size');
  const payload = raw.subarray(0, -4);
  if (!equalBytes(sha256(payload).subarray(-4), raw.subarray(-4))) throw new Error('invalid input checksum');
  return payload;
}

/** formatting.Decode of issueTx's argument, failing with the text the node's services wrap its error in. */
export function issuedTxBytes(encoding: EncodingName, text: string): Uint8Array {
  try {
    return decodeTxArgument(encoding, text);
  } catch (err) {
    return fail(`problem decoding transaction: ${(err as Error).message}`);
  }
}

/**
 * codec.Manager.Unmarshal of a signed transaction: the codec version, then the VM's transaction; trailing bytes are
 * refused. (Malformed bodies get avalanchejs's text, not the reflect codec's.)
 */
export function parseSignedTx(bytes: Uint8Array, vm: 'AVM' | 'PVM' | 'EVM'): avaxSerial.SignedTx {
  if (bytes.length < 2) throw new Error("couldn't unpack codec version");
  if (bytes[0] !== 0 || bytes[1] !== 0) throw new Error('unknown codec version');
  const codec = utils.getManagerForVM(vm).getDefaultCodec();
  let parsed: [avaxSerial.SignedTx, Uint8Array];
  try {
    parsed = avaxSerial.SignedTx.fromBytes(bytes.subarray(2), codec);
  } catch (err) {
    throw new Error(`couldn't unmarshal interface: ${(err as Error).message}`, { cause: err });
  }
  const [tx, rest] = parsed;
  if (rest.length > 0) {
    throw new Error(`trailing buffer space: read ${bytes.length - rest.length} provided ${bytes.length}`);
  }
  return tx;
}

// ---------------------------------------------------------------------------------------------------------------
// The avm service

/** The AVAX asset of the genesis: avalanchego's genesis.FromConfig defines it so. */
const AVAX_ASSET = { name: 'Avalanche', symbol: 'AVAX', denomination: 9 };

export function xChainApi(devnet: Devnet): GorillaService {
  const { identity } = devnet.parameters;
  const chain: LocalChain = { id: identity.xChainId, alias: 'X', style: 'avalanchego' };
  const state = nodeState(devnet);
  const wallet = devnet.xChain.wallet;
  const avmCodec = () => utils.getManagerForVM('AVM').getDefaultCodec();
  const linearized = async () => {
    await state.sync();
    if (state.xBlocks.length === 0) fail('chain is not linearized');
  };
  const findTx = (txId: string) =>
    devnet.containers.byId('X/tx', decodeCb58(txId)) as Promise<{ bytes: Uint8Array } | undefined>;
  /** vm.lookupAssetID: an alias (AVAX), else an id. */
  const lookupAsset = (asset: string): string => {
    if (asset === 'AVAX') return identity.avaxAssetId;
    try {
      return encodeCb58(idFromString(asset));
    } catch {
      return fail(`asset '${asset}' not found`);
    }
  };
  /** The address getBalance and getAllBalances name, in the avm's two wrappings of the parse error. */
  const balanceOwner = (address: string): Uint8Array => {
    try {
      return parseLocalAddress(devnet, chain, address);
    } catch (err) {
      const inner = `couldn't parse address ${JSON.stringify(address)}: ${(err as Error).message}`;
      return fail(`problem parsing address '${address}': ${inner}`);
    }
  };
  const assetAlias = (assetId: string) => (assetId === identity.avaxAssetId ? 'AVAX' : assetId);
  const amountOf = (u: Utxo) => (u.output as unknown as { amount(): bigint }).amount();
  const blockJson = (block: ChainBlock | undefined, what: string, encoding: EncodingName) => {
    if (!block) return fail(what);
    if (encoding === 'json') return fail('the devnet serves blocks as hex only');
    return { block: encodeBytes(block.bytes, encoding), encoding };
  };

  return {
    name: 'avm',
    methods: {
      getHeight: gorillaMethod(
        () => ({}),
        async () => {
          await linearized();
          return { height: state.xBlocks.at(-1)!.height.toString() };
        },
      ),
      getBlock: gorillaMethod(blockIdArgs, async ({ blockId, encoding }) => {
        await linearized();
        const block = state.xBlockById(decodeCb58(blockId));
        return blockJson(block, `couldn't get block with id ${blockId}: not found`, encoding);
      }),
      getBlockByHeight: gorillaMethod(blockHeightArgs, async ({ height, encoding }) => {
        await linearized();
        const block = state.xBlocks.find((b) => b.height === height);
        return blockJson(block, `couldn't get block at height ${height}: not found`, encoding);
      }),
      getTx: gorillaMethod(txArgs, async ({ txId, encoding }) => {
        if (txId === ZERO_ID) fail('nil transaction ID');
        const tx = await findTx(txId);
        if (!tx) fail('not found');
        if (encoding === 'json') fail('the devnet serves transactions as hex only');
        return { tx: encodeBytes(tx!.bytes, encoding as Exclude<EncodingName, 'json'>), encoding };
      }),
      getTxStatus: gorillaMethod(txIdArgs, async ({ txId }) => {
        if (txId === ZERO_ID) fail('nil transaction ID');
        return { status: (await findTx(txId)) ? 'Accepted' : 'Unknown' };
      }),
      getAssetDescription: gorillaMethod(
        (p) => ({ asset: stringArg(field(p, 'assetID')) }),
        async ({ asset }) => {
          const assetId = lookupAsset(asset);
          if (assetId === identity.avaxAssetId) return { assetID: assetId, ...AVAX_ASSET };
          const tx = await findTx(assetId);
          if (!tx) fail('not found');
          const unsigned = avaxSerial.SignedTx.fromBytes(tx!.bytes.subarray(2), avmCodec())[0].unsignedTx;
          if (!avmSerial.isCreateAssetTx(unsigned)) fail("transaction doesn't create an asset");
          const fields = unsigned as unknown as {
            name: { value(): string };
            symbol: { value(): string };
            denomination: { toBytes(): Uint8Array };
          };
          return {
            assetID: assetId,
            name: fields.name.value(),
            symbol: fields.symbol.value(),
            denomination: fields.denomination.toBytes()[0]!,
          };
        },
      ),
      getUTXOs: gorillaMethod(utxoPageArgs, (args) =>
        serveUtxos(
          devnet,
          chain,
          args,
          (address) => ownedNewestFirst(wallet.unspent(), address),
          (u) =>
            `couldn't encode UTXO ${encodeCb58(utxoInputId(u))} as string: unsupported encoding in method`,
        ),
      ),
      getBalance: gorillaMethod(
        (p) => ({
          address: stringArg(field(p, 'address')),
          asset: stringArg(field(p, 'assetID')),
        }),
        ({ address, asset }) => {
          const owner = balanceOwner(address);
          const assetId = lookupAsset(asset);
          // Every devnet output is a 1-of-1 without locktime: partial or not, the same UTXOs count.
          const utxos = ownedNewestFirst(wallet.unspent(), owner).filter(
            (u) => u.assetId.toString() === assetId,
          );
          return Promise.resolve({
            balance: utxos.reduce((sum, u) => sum + amountOf(u), 0n).toString(),
            utxoIDs: utxos.map((u) => ({
              txID: u.utxoId.txID.toString(),
              outputIndex: u.utxoId.outputIdx.value(),
            })),
          });
        },
      ),
      getAllBalances: gorillaMethod(
        (p) => ({ address: stringArg(field(p, 'address')) }),
        ({ address }) => {
          const owner = balanceOwner(address);
          const balances = new Map<string, bigint>();
          for (const u of ownedNewestFirst(wallet.unspent(), owner)) {
            const assetId = u.assetId.toString();
            balances.set(assetId, (balances.get(assetId) ?? 0n) + amountOf(u));
          }
          // avalanchego ranges over a Go set here, so its order is not fixed; the devnet sorts by asset.
          return Promise.resolve({
            balances: [...balances.entries()]
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([assetId, balance]) => ({ asset: assetAlias(assetId), balance: balance.toString() })),
          });
        },
      ),
      getTxFee: gorillaMethod(
        () => ({}),
        () => Promise.resolve({ txFee: '1000000', createAssetTxFee: '10000000' }),
      ),
      issueTx: gorillaMethod(
        (p) => ({ tx: stringArg(field(p, 'tx')), encoding: encodingArg(field(p, 'encoding')) }),
        async ({ tx, encoding }) => {
          const bytes = issuedTxBytes(encoding, tx);
          let signed: avaxSerial.SignedTx;
          try {
            signed = parseSignedTx(bytes, 'AVM');
          } catch (err) {
            return fail((err as Error).message);
          }
          await state.sync();
          verifyXTx(devnet, signed, state);
          return { txID: encodeCb58(sha256(bytes)) };
        },
      ),
    },
  };
}

/**
 * What the devnet checks of an issued X-Chain transaction (the node's SyntacticVerifier and SemanticVerifier, in
 * part): its network and chain, then every input in order: its UTXO exists unspent (ImportTx: in shared memory from
 * its source chain), with the input's asset, and the credential's signatures recover its owners. Fees and the flow
 * check are not verified.
 */
function verifyXTx(devnet: Devnet, signed: avaxSerial.SignedTx, state: NodeState): void {
  const { identity } = devnet.parameters;
  const unsigned = signed.unsignedTx as unknown as { baseTx?: avaxSerial.BaseTx };
  const baseTx = unsigned.baseTx;
  if (!baseTx) fail('the devnet verifies only transactions with a BaseTx');
  if (baseTx!.NetworkId.value() !== identity.networkId) {
    fail(`tx has wrong network ID: expected ${identity.networkId} got ${baseTx!.NetworkId.value()}`);
  }
  if (baseTx!.BlockchainId.toString() !== identity.xChainId) fail('tx has wrong chain ID');
  const withVersion = utils.getManagerForVM('AVM').packCodec(signed.unsignedTx);
  const credentials = credentialsOf(signed);
  const unspent = new Map(devnet.xChain.wallet.unspent().map((u) => [hexOf(utxoInputId(u)), u]));
  baseTx!.inputs.forEach((input, i) => {
    const id = inputId(input.utxoID.txID.toBytes(), input.utxoID.outputIdx.value());
    const utxo = unspent.get(hexOf(id));
    if (!utxo) fail(`failed to verify transfer: failed to get utxo ${encodeCb58(id)}: not found`);
    if (utxo!.assetId.toString() !== input.assetId.toString()) {
      fail("failed to verify transfer: asset IDs in the input don't match the utxo");
    }
    try {
      verifySpend(withVersion, utxo!, input, credentials[i]);
    } catch (err) {
      fail(`failed to verify transfer: ${(err as Error).message}`);
    }
  });
  if (avmSerial.isImportTx(signed.unsignedTx)) {
    const importTx = signed.unsignedTx;
    const source = importTx.sourceChain.toString();
    importTx.ins.forEach((input, i) => {
      const key = `${hexOf(input.utxoID.txID.toBytes())}:${input.utxoID.outputIdx.value()}`;
      const utxo = state.atomicUtxo(source, identity.xChainId, key);
      if (!utxo) fail('not found');
      try {
        verifySpend(withVersion, utxo!, input, credentials[baseTx!.inputs.length + i]);
      } catch (err) {
        fail((err as Error).message);
      }
    });
  }
}
