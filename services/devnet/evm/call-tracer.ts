/**
 * geth's callTracer, for the devnet: replays a block's transactions on the state before it and records every
 * message (call or create) the EVM runs, nested as geth nests them.
 */
import { createBlock } from '@ethereumjs/block';
import type { EVMResult, Message } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import { decodeErrorResult, type Hex } from 'viem';
import type { EvmBlock, EvmChain } from './chain.ts';
import { BLACKHOLE_ADDRESS } from './chain.ts';
import { hexQuantity } from './json-shapes.ts';

export interface CallFrame {
  from: string;
  gas: string;
  gasUsed: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
  value?: string;
  type: string;
}

/** One callTracer result per transaction of `block`, in order. */
export async function traceBlock(
  chain: EvmChain,
  block: EvmBlock,
  onlyTopCall = false,
): Promise<CallFrame[]> {
  const vm = await chain.vmAt(block.number - 1n, block.pChainHeight);
  const h = block.header;
  const context = createBlock(
    {
      header: {
        number: h.number,
        timestamp: h.timestamp,
        gasLimit: h.gasLimit,
        baseFeePerGas: h.baseFeePerGas,
        coinbase: BLACKHOLE_ADDRESS,
      },
    },
    { common: chain.common },
  );
  const frames: CallFrame[] = [];
  let stack: CallFrame[] = [];
  const before = (message: Message) => {
    const parent = stack[stack.length - 1];
    const type = messageType(message, parent);
    const frame: CallFrame = {
      from: message.caller.toString(),
      gas: hexQuantity(message.gasLimit),
      gasUsed: '0x0',
      ...(message.to ? { to: message.to.toString() } : {}),
      input: bytesToHex(message.data),
      // A static call carries no value; a delegate call shows the value of the frame it runs in.
      ...(type === 'STATICCALL'
        ? {}
        : { value: hexQuantity(type === 'DELEGATECALL' ? BigInt(parent?.value ?? 0) : message.value) }),
      type,
    };
    if (parent && !onlyTopCall) (parent.calls ??= []).push(frame);
    stack.push(frame);
  };
  const after = (result: EVMResult) => {
    const frame = stack.pop()!;
    const exec = result.execResult;
    frame.gasUsed = hexQuantity(exec.executionGasUsed);
    if (result.createdAddress && !exec.exceptionError) frame.to = result.createdAddress.toString();
    const output = exec.returnValue;
    if (!exec.exceptionError) {
      if (output.length > 0) frame.output = bytesToHex(output);
      return;
    }
    frame.error = gethErrorText(exec.exceptionError.error);
    if (frame.type === 'CREATE' || frame.type === 'CREATE2') delete frame.to;
    if (exec.exceptionError.error !== 'revert' || output.length === 0) return;
    frame.output = bytesToHex(output);
    const reason = revertReason(bytesToHex(output));
    if (reason !== undefined) frame.revertReason = reason;
  };
  vm.evm.events!.on('beforeMessage', before);
  vm.evm.events!.on('afterMessage', after);
  try {
    for (const t of block.transactions) {
      stack = [];
      let top: CallFrame | undefined;
      const capture = (message: Message) => {
        if (message.depth === 0) top = stack[0];
      };
      vm.evm.events!.on('beforeMessage', capture);
      await runTx(vm, {
        tx: t.tx,
        block: context,
        skipHardForkValidation: true,
        skipBlockGasLimitValidation: true,
      });
      vm.evm.events!.off('beforeMessage', capture);
      // The top frame reports the transaction's gas, as geth's does: limit and receipt gas used.
      top!.gas = hexQuantity(t.tx.gasLimit);
      top!.gasUsed = hexQuantity(t.receipt.gasUsed);
      frames.push(top!);
    }
  } finally {
    vm.evm.events!.off('beforeMessage', before);
    vm.evm.events!.off('afterMessage', after);
  }
  return frames;
}

function messageType(message: Message, parent: CallFrame | undefined): string {
  if (message.to === undefined) return message.salt ? 'CREATE2' : 'CREATE';
  if (message.delegatecall) return 'DELEGATECALL';
  if (message.isStatic && parent?.type !== 'STATICCALL') return 'STATICCALL';
  return 'CALL';
}

/** ethereumjs' error names as geth words them. */
function gethErrorText(error: string): string {
  switch (error) {
    case 'revert':
      return 'execution reverted';
    case 'invalid JUMP':
      return 'invalid jump destination';
    case 'code store out of gas':
      return 'contract creation code storage out of gas';
    case 'create collision':
      return 'contract address collision';
    default:
      return error;
  }
}

/** The reason of an Error(string) or Panic(uint256) revert, as abi.UnpackRevert gives it. */
export function revertReason(output: Hex): string | undefined {
  try {
    const decoded = decodeErrorResult({ data: output });
    if (decoded.errorName === 'Error') return decoded.args[0] as string;
    if (decoded.errorName === 'Panic') return `panic: ${String(decoded.args[0])}`;
  } catch {
    // custom errors have no reason text
  }
  return undefined;
}
