/**
 * The C-Chain's atomic transactions (coreth's ImportTx and ExportTx, avalanchejs's evm builders): they move AVAX
 * between the C-Chain's EVM balances and shared memory, ride in a block's ExtData rather than among its EVM
 * transactions, and change EVM state when the block is accepted (credit on import; debit and nonce on export).
 */
import type { evmSerial } from '@avalabs/avalanchejs';
import { evm, type Context } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, u16, u32 } from '../runtime/avalanche/linear-codec.ts';
import type { SharedMemory } from './shared-memory.ts';
import { signAllSlots, type Account } from './wallet.ts';

/** nAVAX on the X- and P-Chains, wei on the C-Chain. */
export const X2C_RATE = 1_000_000_000n;
/** The devnet's C-Chain base fee in nAVAX per gas for atomic fees (the EVM price sits at ACP-176's floor). */
const ATOMIC_BASE_FEE = 1n;
// Apricot Phase 5 atomic gas: a fixed cost, one per byte, a thousand per signature.
const ATOMIC_TX_INTRINSIC_GAS = 10_000n;
const ATOMIC_TX_GAS_PER_BYTE = 1n;
const ATOMIC_TX_GAS_PER_SIGNATURE = 1_000n;

export interface AtomicEffect {
  /** The EVM account (20 bytes). */
  address: Uint8Array;
  /** Wei added (negative: taken). */
  weiDelta: bigint;
  /** Exports consume the account's nonce. */
  consumesNonce: boolean;
}

export interface CChainAtomicTx {
  bytes: Uint8Array;
  id: Uint8Array;
  gas: bigint;
  effects: AtomicEffect[];
}

/** An ImportTx of `utxos` (waiting from `sourceChainId`) into `evmAddress`'s balance, signed by `account`. */
export function cChainImport(
  context: Context.Context,
  account: Account,
  evmAddress: Uint8Array,
  utxos: Parameters<typeof evm.newImportTxFromBaseFee>[3],
  sourceChainId: string,
): CChainAtomicTx {
  const unsignedTx = evm.newImportTxFromBaseFee(
    context,
    evmAddress,
    [account.address],
    utxos,
    sourceChainId,
    ATOMIC_BASE_FEE,
  );
  const tx = unsignedTx.getTx() as evmSerial.ImportTx;
  const bytes = signAllSlots(unsignedTx, account.privateKey);
  return {
    bytes,
    id: sha256(bytes),
    gas: atomicGasUsed(
      unsignedTx.toBytes(),
      tx.importedInputs.reduce((n, input) => n + input.sigIndicies().length, 0),
    ),
    effects: tx.Outs.map((out) => ({
      address: out.address.toBytes(),
      weiDelta: out.amount.value() * X2C_RATE,
      consumesNonce: false,
    })),
  };
}

/** An ExportTx of `amount` nAVAX from `evmAddress` to `account` on `destinationChainId`, at the account's nonce. */
export function cChainExport(
  context: Context.Context,
  account: Account,
  evmAddress: Uint8Array,
  amount: bigint,
  nonce: bigint,
  destinationChainId: string,
  memory: SharedMemory,
): CChainAtomicTx {
  const unsignedTx = evm.newExportTxFromBaseFee(
    context,
    ATOMIC_BASE_FEE,
    amount,
    destinationChainId,
    evmAddress,
    [account.address],
    nonce,
  );
  const tx = unsignedTx.getTx() as evmSerial.ExportTx;
  const bytes = signAllSlots(unsignedTx, account.privateKey);
  const id = sha256(bytes);
  // An export has no outputs of its own: the exported ones are numbered from 0.
  memory.export(destinationChainId, id, 0, tx.exportedOutputs);
  return {
    bytes,
    id,
    gas: atomicGasUsed(unsignedTx.toBytes(), tx.ins.length),
    effects: tx.ins.map((input) => ({
      address: input.address.toBytes(),
      weiDelta: -input.amount.value() * X2C_RATE,
      consumesNonce: true,
    })),
  };
}

/** A block's ExtData since Apricot Phase 5: the atomic codec's slice of transactions (one version prefix). */
export function encodeExtData(txs: CChainAtomicTx[]): Uint8Array {
  return concat(u16(0), u32(txs.length), ...txs.map((tx) => tx.bytes.subarray(2)));
}

/**
 * coreth's GasUsed with Apricot Phase 5's fixed fee: it counts the unsigned bytes (codec version included), so the
 * credentials a transaction carries cost only through its signature count.
 */
export function atomicGasUsed(unsignedBytes: Uint8Array, signatures: number): bigint {
  return (
    ATOMIC_TX_INTRINSIC_GAS +
    ATOMIC_TX_GAS_PER_BYTE * BigInt(unsignedBytes.length) +
    ATOMIC_TX_GAS_PER_SIGNATURE * BigInt(signatures)
  );
}
