/**
 * What coreth's mempool checks of an atomic transaction issued through `avax.issueTx` before it accepts it
 * (plugin/evm/atomic/vm: verifyTxAtTip, the semantic verifier, EVMStateTransfer), with coreth's error texts, against
 * the devnet's C-Chain head. Every upgrade up to Banff is active on the devnet, so those rules hold throughout. Not
 * modelled: conflicts with transactions in the mempool (the devnet keeps none of the transactions it is given).
 */
import type { avaxSerial } from '@avalabs/avalanchejs';
import { TransferOutput, evmSerial, utils, type TransferableOutput } from '@avalabs/avalanchejs';
import { Address } from '@ethereumjs/util';
import { DomainError } from '../../runtime/errors.ts';
import { equalBytes } from '../../runtime/formatting/cb58.ts';
import { atomicGasUsed, X2C_RATE } from '../c-chain-atomic.ts';
import type { Devnet } from '../network.ts';
import { credentialsOf, ethAddressOf, recoverPublicKeyFromHash, verifySpend } from '../secp256k1fx.ts';
import { nodeState } from '../x-chain-api.ts';
import { sha256 } from '@noble/hashes/sha2.js';

/** coreth's targetAtomicTxsSize: a transaction larger than a block's atomic share is never issued. */
const TARGET_ATOMIC_TXS_SIZE = 40 * 1024;
/** coreth's maxAtomicTxMempoolGas: Apricot Phase 5's atomic gas limit of a block. */
const MAX_ATOMIC_TX_MEMPOOL_GAS = 100_000n;
const MAX_UINT64 = 2n ** 64n - 1n;

const fail = (message: string): never => {
  throw new DomainError('invalid_argument', message);
};

/** The chains an atomic transaction may name: its peers on the primary network (verify.SameSubnet). */
function isPeerChain(devnet: Devnet, chainId: string): boolean {
  const { pChainId, xChainId } = devnet.parameters.identity;
  return chainId === pChainId || chainId === xChainId;
}

export async function verifyIssuedAtomicTx(
  devnet: Devnet,
  signed: avaxSerial.SignedTx,
  bytes: Uint8Array,
): Promise<void> {
  const unsigned = signed.unsignedTx;
  const unsignedBytes = utils.getManagerForVM('EVM').packCodec(unsigned);
  if (bytes.length > TARGET_ATOMIC_TXS_SIZE) {
    fail(`tx size (${bytes.length}) exceeds total atomic txs size target (${TARGET_ATOMIC_TXS_SIZE})`);
  }
  const signatures = evmSerial.isImportTx(unsigned)
    ? unsigned.importedInputs.reduce((n, input) => n + input.sigIndicies().length, 0)
    : evmSerial.isExportTx(unsigned)
      ? unsigned.ins.length
      : fail('problem parsing transaction: not an atomic transaction');
  const gas = atomicGasUsed(unsignedBytes, signatures);
  if (gas > MAX_ATOMIC_TX_MEMPOOL_GAS) {
    fail(`tx gas usage (${gas}) exceeds maximum allowed mempool gas usage (${MAX_ATOMIC_TX_MEMPOOL_GAS})`);
  }
  const chain = devnet.cChain.chain;
  // atomic.CalculateDynamicFee: the base fee (wei per gas) in nAVAX, rounded up.
  const fee = (gas * chain.nextBaseFee() + X2C_RATE - 1n) / X2C_RATE;
  const credentials = credentialsOf(signed);
  if (evmSerial.isImportTx(unsigned)) {
    verifyImport(devnet, unsigned, fee);
    if (credentials.length !== unsigned.importedInputs.length) {
      fail(`incorrect number of credentials: (${unsigned.importedInputs.length} vs. ${credentials.length})`);
    }
    await spendImportedUtxos(devnet, unsigned, unsignedBytes, credentials);
  } else if (evmSerial.isExportTx(unsigned)) {
    verifyExport(devnet, unsigned, fee);
    if (credentials.length !== unsigned.ins.length) {
      fail(
        `export tx contained incorrect number of credentials want ${unsigned.ins.length} got ${credentials.length}`,
      );
    }
    const hash = sha256(unsignedBytes);
    unsigned.ins.forEach((input, i) => {
      const sigs = credentials[i]!;
      if (sigs.length !== 1) {
        fail(
          `incorrect number of signatures want 1 signature for EVM Input Credential, but got ${sigs.length}`,
        );
      }
      let signer: Uint8Array;
      try {
        signer = ethAddressOf(recoverPublicKeyFromHash(hash, sigs[0]!));
      } catch (err) {
        return fail((err as Error).message);
      }
      if (!equalBytes(signer, input.address.toBytes())) fail("signature doesn't match public key");
    });
    await debitExporters(devnet, unsigned);
  }
}

/** The header checks both kinds share (UnsignedImportTx.Verify and UnsignedExportTx.Verify begin alike). */
function verifyHeader(
  devnet: Devnet,
  tx: { networkId: { value(): number }; blockchainId: { toString(): string } },
) {
  const { networkId, cChainId } = devnet.parameters.identity;
  if (tx.networkId.value() !== networkId) fail('tx was issued with a different network ID');
  if (tx.blockchainId.toString() !== cChainId) fail('tx has wrong chain ID');
}

/** avax.FlowChecker: per asset, what is produced (the fee in AVAX included) must not exceed what is consumed. */
function flowCheck(
  consumed: [asset: string, amount: bigint][],
  produced: [asset: string, amount: bigint][],
): string | undefined {
  const total = (entries: [string, bigint][]) => {
    const sums = new Map<string, bigint>();
    for (const [asset, amount] of entries) sums.set(asset, (sums.get(asset) ?? 0n) + amount);
    return sums;
  };
  const inputs = total(consumed);
  const outputs = total(produced);
  if ([...inputs.values(), ...outputs.values()].some((sum) => sum > MAX_UINT64)) return 'overflow';
  for (const [asset, amount] of outputs) if (amount > (inputs.get(asset) ?? 0n)) return 'insufficient funds';
  return undefined;
}

/** Strictly increasing under `compare`: utils.IsSortedAndUnique. */
function sortedAndUnique<T>(items: T[], compare: (a: T, b: T) => number): boolean {
  return items.every((item, i) => i === 0 || compare(items[i - 1]!, item) < 0);
}

const compareBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);
/** EVMInput.Compare and EVMOutput.Compare: by address, then asset. */
const byAddressThenAsset = (
  a: { address: { toBytes(): Uint8Array }; assetId: { toBytes(): Uint8Array } },
  b: { address: { toBytes(): Uint8Array }; assetId: { toBytes(): Uint8Array } },
) =>
  compareBytes(a.address.toBytes(), b.address.toBytes()) ||
  compareBytes(a.assetId.toBytes(), b.assetId.toBytes());

const ZERO_ID = new Uint8Array(32);

/** UnsignedImportTx.Verify, then the flow check with the fee. */
function verifyImport(devnet: Devnet, tx: evmSerial.ImportTx, fee: bigint): void {
  const { cChainId, avaxAssetId } = devnet.parameters.identity;
  if (tx.importedInputs.length === 0) fail('tx has no imported inputs');
  verifyHeader(devnet, tx);
  if (tx.Outs.length === 0) fail('tx has no EVM outputs');
  const source = tx.sourceChain.toString();
  if (source === cChainId || !isPeerChain(devnet, source)) fail('tx has wrong chain ID');
  for (const out of tx.Outs) {
    if (out.amount.value() === 0n) fail('EVM Output failed verification: output has no value');
    if (equalBytes(out.assetId.toBytes(), ZERO_ID)) {
      fail('EVM Output failed verification: empty asset ID is not valid');
    }
    if (out.assetId.toString() !== avaxAssetId) fail('import output cannot contain non-AVAX in Banff');
  }
  for (const input of tx.importedInputs) {
    const indices = input.sigIndicies();
    const problem = equalBytes(input.assetId.toBytes(), ZERO_ID)
      ? 'empty asset ID is not valid'
      : input.amount() === 0n
        ? 'input has no value'
        : !sortedAndUnique(indices, (a, b) => a - b)
          ? 'address indices not sorted and unique'
          : undefined;
    if (problem) fail(`atomic input failed verification: ${problem}`);
    if (input.assetId.toString() !== avaxAssetId) fail('import input cannot contain non-AVAX in Banff');
  }
  const byUtxoId = (a: avaxSerial.TransferableInput, b: avaxSerial.TransferableInput) =>
    compareBytes(a.utxoID.txID.toBytes(), b.utxoID.txID.toBytes()) ||
    a.utxoID.outputIdx.value() - b.utxoID.outputIdx.value();
  if (!sortedAndUnique(tx.importedInputs, byUtxoId)) fail('inputs not sorted and unique');
  if (!sortedAndUnique(tx.Outs, byAddressThenAsset)) fail('outputs not sorted and unique');
  const problem = flowCheck(
    tx.importedInputs.map((input) => [input.assetId.toString(), input.amount()]),
    [
      [avaxAssetId, fee],
      ...tx.Outs.map((out): [string, bigint] => [out.assetId.toString(), out.amount.value()]),
    ],
  );
  if (problem) fail(`import tx flow check failed due to: ${problem}`);
}

/** The semantic verifier's import half: the UTXOs from shared memory, each spent by its input's credential. */
async function spendImportedUtxos(
  devnet: Devnet,
  tx: evmSerial.ImportTx,
  unsignedBytes: Uint8Array,
  credentials: Uint8Array[][],
): Promise<void> {
  const { cChainId } = devnet.parameters.identity;
  const state = nodeState(devnet);
  await state.sync();
  const source = tx.sourceChain.toString();
  // Shared memory answers for every key at once: one missing fails the lot.
  const utxos = tx.importedInputs.map((input) =>
    state.atomicUtxo(
      source,
      cChainId,
      `${Buffer.from(input.utxoID.txID.toBytes()).toString('hex')}:${input.utxoID.outputIdx.value()}`,
    ),
  );
  if (utxos.some((u) => u === undefined))
    fail(`failed to fetch import UTXOs from ${source} due to: not found`);
  tx.importedInputs.forEach((input, i) => {
    const utxo = utxos[i]!;
    if (utxo.assetId.toString() !== input.assetId.toString())
      fail("asset IDs in the input don't match the utxo");
    try {
      verifySpend(unsignedBytes, utxo, input, credentials[i]);
    } catch (err) {
      fail(`import tx transfer failed verification: ${(err as Error).message}`);
    }
  });
}

/** UnsignedExportTx.Verify, then the flow check with the fee. */
function verifyExport(devnet: Devnet, tx: evmSerial.ExportTx, fee: bigint): void {
  const { cChainId, pChainId, avaxAssetId } = devnet.parameters.identity;
  if (tx.exportedOutputs.length === 0) fail('tx has no export outputs');
  verifyHeader(devnet, tx);
  const destination = tx.destinationChain.toString();
  if (destination === cChainId || !isPeerChain(devnet, destination)) fail('tx has wrong chain ID');
  for (const input of tx.ins) {
    if (input.amount.value() === 0n) fail('input has no value');
    if (equalBytes(input.assetId.toBytes(), ZERO_ID)) fail('empty asset ID is not valid');
    if (input.assetId.toString() !== avaxAssetId) fail('export input cannot contain non-AVAX in Banff');
  }
  const codec = utils.getManagerForVM('EVM').getDefaultCodec();
  for (const out of tx.exportedOutputs) {
    const problem = outputProblem(out);
    if (problem) fail(problem);
    const assetId = out.assetId.toString();
    if (assetId !== avaxAssetId && destination === pChainId) fail('tx has wrong chain ID');
    if (assetId !== avaxAssetId) fail('export output cannot contain non-AVAX in Banff');
  }
  // avax.IsSortedTransferableOutputs: by asset, then the output's bytes; equal neighbours are allowed.
  const outputBytes = tx.exportedOutputs.map((out) => out.toBytes(codec));
  if (!outputBytes.every((b, i) => i === 0 || compareBytes(outputBytes[i - 1]!, b) <= 0)) {
    fail('tx outputs not sorted');
  }
  if (!sortedAndUnique(tx.ins, byAddressThenAsset)) fail('inputs not sorted and unique');
  const problem = flowCheck(
    tx.ins.map((input) => [input.assetId.toString(), input.amount.value()]),
    [
      [avaxAssetId, fee],
      ...tx.exportedOutputs.map((out): [string, bigint] => [out.assetId.toString(), out.amount()]),
    ],
  );
  if (problem) fail(`export tx flow check failed due to: ${problem}`);
}

/** TransferableOutput.Verify of a secp256k1fx TransferOutput: its asset, amount and owners. */
function outputProblem(out: TransferableOutput): string | undefined {
  if (equalBytes(out.assetId.toBytes(), ZERO_ID)) return 'empty asset ID is not valid';
  // coreth's codec unmarshals nothing else into a TransferableOut; avalanchejs's is laxer.
  if (!(out.output instanceof TransferOutput)) return 'problem parsing transaction: not a TransferableOut';
  if (out.amount() === 0n) return 'output has no value';
  const owners = out.output.outputOwners;
  const threshold = owners.threshold.value();
  const addresses = owners.addrs.map((a) => a.toBytes());
  if (threshold > addresses.length) return 'output is unspendable';
  if (threshold === 0 && addresses.length > 0) return 'output representation should be optimized';
  if (!sortedAndUnique(addresses, compareBytes)) return 'addresses not sorted and unique';
  return undefined;
}

/**
 * UnsignedExportTx.EVMStateTransfer on the head state: input by input, the balance must cover the amount (in wei)
 * and the nonce must be the account's.
 */
async function debitExporters(devnet: Devnet, tx: evmSerial.ExportTx): Promise<void> {
  const chain = devnet.cChain.chain;
  const state = chain.stateAt(chain.head.number);
  const balances = new Map<string, bigint>();
  for (const input of tx.ins) {
    const address = new Address(input.address.toBytes());
    const account = await state.getAccount(address);
    const key = address.toString();
    const balance = balances.get(key) ?? account?.balance ?? 0n;
    const amount = input.amount.value() * X2C_RATE;
    if (balance < amount) fail('insufficient funds');
    balances.set(key, balance - amount);
    if ((account?.nonce ?? 0n) !== input.nonce.value()) fail('invalid nonce');
  }
}
