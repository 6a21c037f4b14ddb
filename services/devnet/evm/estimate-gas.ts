/**
 * eth_estimateGas as coreth and Subnet-EVM answer it (internal/ethapi's DoEstimateGas, TransactionArgs.ToMessage
 * and eth/gasestimator): the call run as a transaction from its sender (no nonce or EOA checks) on the state of the
 * block, the gas limit found by geth's binary search between the gas the call used and the cap (the block's gas
 * limit, the RPC gas cap, what the sender's balance pays for), stopping once within 1.5%.
 */
import { createBlock } from '@ethereumjs/block';
import { createAccessList2930Tx, type TypedTransaction } from '@ethereumjs/tx';
import {
  bytesToHex,
  createAddressFromString,
  createZeroAddress,
  hexToBytes,
  type Address,
} from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import { getAddress, type Hex } from 'viem';
import { RpcError } from '../geth-rpc/endpoint.ts';
import type { CallArguments } from '../geth-rpc/params.ts';
import { revertReason } from './call-tracer.ts';
import { BLACKHOLE_ADDRESS, type EvmBlock, type EvmChain } from './chain.ts';

/** The nodes' rpc-gas-cap default. */
export const RPC_GAS_CAP = 50_000_000n;
/** ethapi's estimateGasErrorRatio. */
const ERROR_RATIO = 0.015;
const TX_GAS = 21_000n;
const CALL_STIPEND = 2_300n;

interface Message {
  from: Address;
  to: Address | undefined;
  value: bigint;
  data: Uint8Array;
  gasPrice: bigint;
  feeCap: bigint;
  tipCap: bigint;
  accessList: { address: string; storageKeys: string[] }[];
}

interface Outcome {
  failed: boolean;
  usedGas: bigint;
  /** The EVM's error, when execution failed (not when the gas did not cover the intrinsic cost). */
  error: string | undefined;
  returnValue: Uint8Array;
}

function failure(message: string): RpcError {
  return new RpcError(-32000, message);
}

export async function estimateGas(chain: EvmChain, args: CallArguments, block: EvmBlock): Promise<string> {
  const header = block.header;
  const message = toMessage(args, header.baseFeePerGas);
  // DoEstimateGas gives the call the block's gas limit when it names none; ToMessage caps it at the RPC gas cap.
  let gas = args.gas ?? header.gasLimit;
  if (gas > RPC_GAS_CAP) gas = RPC_GAS_CAP;
  let hi = gas >= TX_GAS ? gas : header.gasLimit;
  const state = chain.stateAt(block.number);
  const feeCap = message.feeCap;
  if (feeCap !== 0n) {
    const balance = (await state.getAccount(message.from))?.balance ?? 0n;
    if (message.value >= balance) throw failure('insufficient funds for transfer');
    const allowance = (balance - message.value) / feeCap;
    if (allowance < 2n ** 64n && hi > allowance) hi = allowance;
  }
  if (hi > RPC_GAS_CAP) hi = RPC_GAS_CAP;
  const run = (limit: bigint) => execute(chain, block, message, limit);
  if (message.data.length === 0 && message.to !== undefined) {
    const code = await state.getCode(message.to);
    if (code.length === 0) {
      const outcome = await run(TX_GAS);
      if (!outcome.failed) return hex(TX_GAS);
    }
  }
  const first = await run(hi);
  if (first.failed) {
    if (first.error !== undefined && first.error !== 'out of gas') {
      if (first.error === 'revert') {
        if (first.returnValue.length === 0) throw failure('execution reverted');
        const data = bytesToHex(first.returnValue);
        const reason = revertReason(data);
        throw new RpcError(
          3,
          reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`,
          data,
        );
      }
      throw failure(gethError(first.error));
    }
    throw failure(`gas required exceeds allowance (${hi})`);
  }
  let lo = first.usedGas - 1n;
  const optimistic = ((first.usedGas + CALL_STIPEND) * 64n) / 63n;
  if (optimistic < hi) {
    if ((await run(optimistic)).failed) lo = optimistic;
    else hi = optimistic;
  }
  while (lo + 1n < hi) {
    if (Number(hi - lo) / Number(hi) < ERROR_RATIO) break;
    let mid = (hi + lo) / 2n;
    if (mid > lo * 2n) mid = lo * 2n;
    if ((await run(mid)).failed) lo = mid;
    else hi = mid;
  }
  return hex(hi);
}

/** TransactionArgs.ToMessage with a base fee: legacy gasPrice, or the 1559 caps with the price they pay. */
function toMessage(args: CallArguments, baseFee: bigint): Message {
  if (
    args.gasPrice !== undefined &&
    (args.maxFeePerGas !== undefined || args.maxPriorityFeePerGas !== undefined)
  ) {
    throw failure('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
  }
  let gasPrice: bigint;
  let feeCap: bigint;
  let tipCap: bigint;
  if (args.gasPrice !== undefined) {
    gasPrice = feeCap = tipCap = args.gasPrice;
  } else {
    feeCap = args.maxFeePerGas ?? 0n;
    tipCap = args.maxPriorityFeePerGas ?? 0n;
    gasPrice = 0n;
    if (feeCap > 0n || tipCap > 0n) gasPrice = tipCap + baseFee < feeCap ? tipCap + baseFee : feeCap;
  }
  return {
    from: args.from ? createAddressFromString(args.from) : createZeroAddress(),
    to: args.to ? createAddressFromString(args.to) : undefined,
    value: args.value ?? 0n,
    data: args.data ? hexToBytes(args.data as Hex) : new Uint8Array(0),
    gasPrice,
    feeCap,
    tipCap,
    accessList: args.accessList ?? [],
  };
}

/**
 * gasestimator's execute: the message as a transaction with `gasLimit` on a copy of the block's state, without the
 * base fee (vm.Config.NoBaseFee). Too little gas for the intrinsic cost counts as a failure; what geth's
 * state transition refuses before execution (fees, funds) is an error.
 */
async function execute(
  chain: EvmChain,
  block: EvmBlock,
  message: Message,
  gasLimit: bigint,
): Promise<Outcome> {
  const header = block.header;
  const checksum = getAddress(message.from.toString());
  if (message.feeCap !== 0n || message.tipCap !== 0n) {
    if (message.feeCap < message.tipCap) {
      throw failure(
        `failed with ${gasLimit} gas: max priority fee per gas higher than max fee per gas: address ${checksum}, maxPriorityFeePerGas: ${message.tipCap}, maxFeePerGas: ${message.feeCap}`,
      );
    }
    if (message.feeCap < header.baseFeePerGas) {
      throw failure(
        `failed with ${gasLimit} gas: max fee per gas less than block base fee: address ${checksum}, maxFeePerGas: ${message.feeCap}, baseFee: ${header.baseFeePerGas}`,
      );
    }
  }
  const vm = await chain.vmAt(block.number);
  const balance = (await vm.stateManager.getAccount(message.from))?.balance ?? 0n;
  const want = gasLimit * (message.feeCap !== 0n ? message.feeCap : message.gasPrice) + message.value;
  if (balance < want) {
    throw failure(
      `failed with ${gasLimit} gas: insufficient funds for gas * price + value: address ${checksum} have ${balance} want ${want}`,
    );
  }
  const tx = asTransaction(chain, message, gasLimit);
  if (gasLimit < tx.getIntrinsicGas()) {
    return { failed: true, usedGas: 0n, error: undefined, returnValue: new Uint8Array(0) };
  }
  const engineBlock = createBlock(
    {
      header: {
        number: block.number,
        timestamp: header.timestamp,
        gasLimit: header.gasLimit,
        baseFeePerGas: message.gasPrice === 0n ? 0n : header.baseFeePerGas,
        coinbase: BLACKHOLE_ADDRESS,
      },
    },
    { common: chain.common },
  );
  const result = await runTx(vm, {
    tx,
    block: engineBlock,
    skipNonce: true,
    skipBalance: true,
    skipBlockGasLimitValidation: true,
    skipHardForkValidation: true,
  });
  const exec = result.execResult;
  return {
    failed: exec.exceptionError !== undefined,
    usedGas: result.totalGasSpent,
    error: exec.exceptionError?.error,
    returnValue: exec.returnValue,
  };
}

/** The message as an unsigned transaction that reports `message.from` as its sender. */
function asTransaction(chain: EvmChain, message: Message, gasLimit: bigint): TypedTransaction {
  const tx = createAccessList2930Tx(
    {
      gasLimit,
      gasPrice: message.gasPrice,
      to: message.to,
      value: message.value,
      data: message.data,
      accessList: message.accessList.map((e) => ({
        address: e.address as Hex,
        storageKeys: e.storageKeys as Hex[],
      })),
      chainId: chain.spec.chainId,
    },
    { common: chain.common, freeze: false },
  );
  Object.defineProperty(tx, 'getSenderAddress', { value: () => message.from });
  return tx;
}

/** geth's texts for the EVM errors ethereumjs names differently. */
function gethError(error: string): string {
  if (error === 'code store out of gas') return 'contract creation code storage out of gas';
  return error;
}

function hex(value: bigint): string {
  return `0x${value.toString(16)}`;
}
