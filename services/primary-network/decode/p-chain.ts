/**
 * P/block containers: a proposervm block around a platformvm block, or (before proposervm's activation, and for
 * the P-Chain's pre-fork blocks) the platformvm block itself. Layouts: avalanchego vms/platformvm/block
 * (common_block.go, proposal_block.go, abort_block.go, commit_block.go, standard_block.go, atomic_block.go; type
 * ids in codec.go).
 */
import type { DecodedBlock, DecodedTx } from './model.ts';
import { Reader } from './bytes.ts';
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

const option =
  (kind: 'commit' | 'abort', banff: boolean): BlockReader =>
  (r) => {
    const timestamp = banff ? r.u64() : undefined;
    return { ...readCommon(r), option: kind, txs: [], ...(timestamp === undefined ? {} : { timestamp }) };
  };

const BLOCK_READERS = new Map<number, [string, BlockReader]>([
  [0, ['ApricotProposalBlock', (r) => ({ ...readCommon(r), txs: [readTx(r)] })]],
  [1, ['ApricotAbortBlock', option('abort', false)]],
  [2, ['ApricotCommitBlock', option('commit', false)]],
  [3, ['ApricotStandardBlock', (r) => ({ ...readCommon(r), txs: r.list(readTx) })]],
  [4, ['ApricotAtomicBlock', (r) => ({ ...readCommon(r), txs: [readTx(r)] })]],
  [29, ['BanffProposalBlock', readBanffProposal]],
  [30, ['BanffAbortBlock', option('abort', true)]],
  [31, ['BanffCommitBlock', option('commit', true)]],
  [
    32,
    [
      'BanffStandardBlock',
      (r) => {
        const timestamp = r.u64();
        return { timestamp, ...readCommon(r), txs: r.list(readTx) };
      },
    ],
  ],
]);

/**
 * BanffProposalBlock: Time, then decision Transactions (allowed since Durango), then the ApricotProposalBlock
 * fields; its Txs() lists the decision transactions first and the proposal transaction last.
 */
function readBanffProposal(r: Reader): Omit<InnerBlock, 'blockType'> {
  const timestamp = r.u64();
  const decisions = r.list(readTx);
  const common = readCommon(r);
  return { timestamp, ...common, txs: [...decisions, readTx(r)] };
}

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
