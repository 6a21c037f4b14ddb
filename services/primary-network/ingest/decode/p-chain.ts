/**
 * P/block containers: a proposervm block around a platformvm block, or (before proposervm's activation, and for
 * the P-Chain's pre-fork blocks) the platformvm block itself. Layouts: avalanchego vms/platformvm/block
 * (common_block.go, proposal_block.go, abort_block.go, commit_block.go, standard_block.go, atomic_block.go; type
 * ids in codec.go).
 */
import type { DecodedBlock, DecodedTx } from './model.ts';
import { Reader } from '../../../runtime/avalanche/byte-reader.ts';
import { inContainer, unknownType, type ContainerContext } from './container.ts';
import { assembleBlock, tryProposerBlock, type InnerBlock } from './proposervm.ts';
import { readPvmTx } from './p-chain-txs.ts';

export function decodePChainContainer(bytes: Uint8Array, context: ContainerContext): DecodedBlock {
  return inContainer('P/block', context.containerId, () => {
    // Apricot's block type ids 0–2 are also proposervm's, so the wrapper is recognised as proposervm does it.
    const wrapper = tryProposerBlock(bytes);
    const innerBytes = wrapper ? wrapper.inner : bytes;
    return assembleBlock('P', { bytes, ...context }, wrapper, innerBytes, readPlatformBlock(innerBytes));
  });
}

/** Each embedded tx is a `*txs.Tx`: its unsigned interface and credentials, without a codec version. */
function readTx(r: Reader): DecodedTx {
  const { tx, end } = readPvmTx(r.bytes, r.offset);
  r.offset = end;
  return tx;
}

/** CommonBlock: PrntID, Hght. */
function readCommon(r: Reader): { parentId: Uint8Array; height: bigint } {
  return { parentId: r.id(), height: r.u64() };
}

type BlockReader = (r: Reader) => Omit<InnerBlock, 'blockType'>;

/** Apricot blocks carry no time; each Banff block starts with its Time (u64 unix seconds). */
const banffTime =
  (read: BlockReader): BlockReader =>
  (r) => {
    const timestamp = r.u64();
    return { timestamp, ...read(r) };
  };

const withTx: BlockReader = (r) => ({ ...readCommon(r), txs: [readTx(r)] });
const withTxs: BlockReader = (r) => ({ ...readCommon(r), txs: r.list(readTx) });
const option =
  (kind: 'commit' | 'abort'): BlockReader =>
  (r) => ({ ...readCommon(r), option: kind, txs: [] });

/**
 * BanffProposalBlock: Time, then decision Transactions (allowed since Durango), then the ApricotProposalBlock
 * fields; its Txs() lists the decision transactions first and the proposal transaction last.
 */
const banffProposal: BlockReader = (r) => {
  const timestamp = r.u64();
  const decisions = r.list(readTx);
  const common = readCommon(r);
  return { timestamp, ...common, txs: [...decisions, readTx(r)] };
};

const BLOCK_READERS = new Map<number, [string, BlockReader]>([
  [0, ['ApricotProposalBlock', withTx]],
  [1, ['ApricotAbortBlock', option('abort')]],
  [2, ['ApricotCommitBlock', option('commit')]],
  [3, ['ApricotStandardBlock', withTxs]],
  [4, ['ApricotAtomicBlock', withTx]],
  [29, ['BanffProposalBlock', banffProposal]],
  [30, ['BanffAbortBlock', banffTime(option('abort'))]],
  [31, ['BanffCommitBlock', banffTime(option('commit'))]],
  [32, ['BanffStandardBlock', banffTime(withTxs)]],
]);

export function readPlatformBlock(bytes: Uint8Array): InnerBlock {
  const r = new Reader(bytes);
  r.codecVersion('platformvm block');
  const typeId = r.u32();
  const entry = BLOCK_READERS.get(typeId);
  if (!entry) throw unknownType('platformvm block', typeId);
  const [blockType, read] = entry;
  const block = { blockType, ...read(r) };
  r.end(blockType);
  return block;
}
