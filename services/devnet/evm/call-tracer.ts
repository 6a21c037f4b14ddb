/**
 * geth's callTracer, for the devnet: replays a block's transactions on the state before it and records every
 * message (call or create) the EVM runs, nested as geth nests them (libevm's eth/tracers/native/call.go, which coreth
 * and Subnet-EVM serve). `replayBlock` is the replay the devnet's tracers share.
 */
import { createBlock } from '@ethereumjs/block';
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { hex } from '../../runtime/formatting/encoding.ts';
import { runTx, type RunTxResult, type VM } from '@ethereumjs/vm';
import { decodeErrorResult, type Hex } from 'viem';
import type { EvmBlock, EvmChain, EvmTransaction } from './chain.ts';
import { hexQuantity } from './json-shapes.ts';
import type { CallTracerConfig } from '../geth-rpc/params.ts';

/** A log a frame emitted (callTracer's withLog): `position` is the number of the frame's calls made before it. */
export interface CallLog {
  address: string;
  topics: string[];
  data: string;
  position: string;
}

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
  logs?: CallLog[];
  value?: string;
  type: string;
}

/** What a tracer hooks on the EVM while one transaction runs, and what it answers once the transaction ran. */
export interface TxTracer<R> {
  beforeMessage?(message: Message): void;
  afterMessage?(result: EVMResult): void;
  /** Called before each opcode; may be asynchronous (the EVM waits for it). */
  step?(step: InterpreterStep): void | Promise<void>;
  result(transaction: EvmTransaction, run: RunTxResult): R;
}

/**
 * Replays `block` on the state before it, tracing each transaction with a tracer of its own (`tracer(index)`, or none
 * when it gives undefined); stops after transaction `until` when given. Answers the traced transactions' results in
 * order.
 */
export async function replayBlock<R>(
  chain: EvmChain,
  block: EvmBlock,
  tracer: (index: number) => TxTracer<R> | undefined,
  until = block.transactions.length - 1,
): Promise<R[]> {
  const vm = await chain.vmAt(block.number - 1n, block.pChainHeight);
  const h = block.header;
  const context = createBlock(
    {
      header: {
        number: h.number,
        timestamp: h.timestamp,
        gasLimit: h.gasLimit,
        baseFeePerGas: h.baseFeePerGas,
        coinbase: h.coinbase,
      },
    },
    { common: chain.common },
  );
  const results: R[] = [];
  for (const t of block.transactions.slice(0, until + 1)) {
    const current = tracer(t.index);
    const run = await runTraced(vm, current, () =>
      runTx(vm, {
        tx: t.tx,
        block: context,
        skipHardForkValidation: true,
        skipBlockGasLimitValidation: true,
      }),
    );
    if (current) results.push(current.result(t, run));
  }
  return results;
}

/**
 * Runs one transaction (`run`) on `vm` with `tracer`'s hooks on its EVM (none when undefined): the replay's and the
 * block builder's, which records the callTracer's frames as it builds a block (see EvmChain.produce).
 */
export async function runTraced<R, T>(
  vm: VM,
  tracer: TxTracer<R> | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const events = vm.evm.events!;
  const before = (message: Message) => tracer?.beforeMessage?.(message);
  const after = (result: EVMResult) => tracer?.afterMessage?.(result);
  let failure: Error | undefined;
  const step = (data: InterpreterStep, resolve?: (result?: unknown) => void) => {
    Promise.resolve()
      .then(() => tracer?.step?.(data))
      .catch((err: unknown) => (failure ??= err instanceof Error ? err : new Error(String(err))))
      .finally(() => resolve?.());
  };
  if (tracer?.beforeMessage) events.on('beforeMessage', before);
  if (tracer?.afterMessage) events.on('afterMessage', after);
  if (tracer?.step) events.on('step', step);
  try {
    const result = await run();
    if (failure !== undefined) throw failure;
    return result;
  } finally {
    events.off('beforeMessage', before);
    events.off('afterMessage', after);
    events.off('step', step);
  }
}

/** One callTracer result per transaction of `block`, in order (up to transaction `until` when given). */
export async function traceBlock(
  chain: EvmChain,
  block: EvmBlock,
  config: Partial<CallTracerConfig> = {},
  until?: number,
): Promise<CallFrame[]> {
  return replayBlock(chain, block, () => callTracer(config), until);
}

/** The callTracer of one transaction. */
export function callTracer({
  onlyTopCall = false,
  withLog = false,
}: Partial<CallTracerConfig>): TxTracer<CallFrame> {
  const stack: CallFrame[] = [];
  let top: CallFrame | undefined;
  return {
    beforeMessage(message) {
      const parent = stack[stack.length - 1];
      const type = messageType(message, parent);
      const frame: CallFrame = {
        from: message.caller.toString(),
        gas: hexQuantity(message.gasLimit),
        gasUsed: '0x0',
        ...(message.to ? { to: message.to.toString() } : {}),
        // Flat hex (not per-byte concatenation): the frames of every block are kept, and so would a string node per byte.
        input: hex(message.data),
        // A static call carries no value; a delegate call shows the value of the frame it runs in.
        ...(type === 'STATICCALL'
          ? {}
          : { value: hexQuantity(type === 'DELEGATECALL' ? BigInt(parent?.value ?? 0) : message.value) }),
        type,
      };
      if (parent && !onlyTopCall) (parent.calls ??= []).push(frame);
      if (!parent) top = frame;
      stack.push(frame);
    },
    afterMessage(result) {
      const frame = stack.pop()!;
      const exec = result.execResult;
      frame.gasUsed = hexQuantity(exec.executionGasUsed);
      if (result.createdAddress && !exec.exceptionError) frame.to = result.createdAddress.toString();
      const output = exec.returnValue;
      if (!exec.exceptionError) {
        if (output.length > 0) frame.output = hex(output);
        return;
      }
      frame.error = gethErrorText(exec.exceptionError.error);
      if (frame.type === 'CREATE' || frame.type === 'CREATE2') delete frame.to;
      if (exec.exceptionError.error !== 'revert' || output.length === 0) return;
      frame.output = hex(output);
      const reason = revertReason(frame.output as Hex);
      if (reason !== undefined) frame.revertReason = reason;
    },
    // geth's CaptureState records LOG0..LOG4 before they run, in the frame running them (the top frame's only with
    // onlyTopCall), read from the stack (offset, size, topics) and memory (zero-padded past its end).
    ...(withLog
      ? {
          step(step: InterpreterStep) {
            const code = step.opcode.code;
            if (code < 0xa0 || code > 0xa4 || (onlyTopCall && step.depth > 0)) return;
            const frame = stack[stack.length - 1];
            const items = step.stack;
            if (!frame || items.length < 2 + code - 0xa0) return;
            const offset = items[items.length - 1]!;
            const size = items[items.length - 2]!;
            if (offset + size > 0xffffffffn) return; // out of gas: the frame fails and its logs go
            const topics = Array.from(
              { length: code - 0xa0 },
              (_, i) => `0x${items[items.length - 3 - i]!.toString(16).padStart(64, '0')}`,
            );
            const data = new Uint8Array(Number(size));
            data.set(step.memory.subarray(Number(offset), Number(offset + size)));
            (frame.logs ??= []).push({
              address: step.address.toString(),
              topics,
              data: hex(data),
              position: hexQuantity(frame.calls?.length ?? 0),
            });
          },
        }
      : {}),
    result(t) {
      // The top frame reports the transaction's gas, as geth's does: limit and receipt gas used.
      top!.gas = hexQuantity(t.tx.gasLimit);
      top!.gasUsed = hexQuantity(t.receipt.gasUsed);
      // Logs are not emitted when the call fails: a failed frame and everything under it lose theirs.
      if (withLog) clearFailedLogs(top!, false);
      return ordered(top!);
    },
  };
}

function clearFailedLogs(frame: CallFrame, parentFailed: boolean): void {
  const failed = parentFailed || frame.error !== undefined;
  if (failed) delete frame.logs;
  for (const call of frame.calls ?? []) clearFailedLogs(call, failed);
}

/** The frame with its members in the order geth's generated MarshalJSON writes them. */
function ordered(frame: CallFrame): CallFrame {
  const { from, gas, gasUsed, to, input, output, error, revertReason, calls, logs, value, type } = frame;
  return {
    from,
    gas,
    gasUsed,
    ...(to !== undefined ? { to } : {}),
    input,
    ...(output !== undefined ? { output } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(revertReason !== undefined ? { revertReason } : {}),
    ...(calls !== undefined ? { calls: calls.map(ordered) } : {}),
    ...(logs !== undefined && logs.length > 0 ? { logs } : {}),
    ...(value !== undefined ? { value } : {}),
    type,
  };
}

function messageType(message: Message, parent: CallFrame | undefined): string {
  if (message.to === undefined) return message.salt ? 'CREATE2' : 'CREATE';
  if (message.delegatecall) return 'DELEGATECALL';
  if (message.isStatic && parent?.type !== 'STATICCALL') return 'STATICCALL';
  return 'CALL';
}

/** ethereumjs' error names as geth words them. */
export function gethErrorText(error: string): string {
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
