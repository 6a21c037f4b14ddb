/**
 * geth's default tracer, the struct logger (libevm's eth/tracers/logger/logger.go, which coreth and Subnet-EVM use
 * when a debug_trace* call names no tracer): one entry per opcode the EVM starts, at every depth, with the gas before
 * it, what it costs, the stack, and optionally memory, storage read or written so far and return data.
 */
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { bytesToHex, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import type { TxTracer } from './call-tracer.ts';

export interface StructLoggerConfig {
  enableMemory: boolean;
  disableStack: boolean;
  disableStorage: boolean;
  enableReturnData: boolean;
  /** Entries kept at most; 0 for all. */
  limit: number;
}

/** logger.StructLogRes, members in its order (absent ones omitted, as its omitempty tags do). */
export interface StructLogJson {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error?: string;
  stack?: string[];
  returnData?: string;
  memory?: string[];
  storage?: Record<string, string>;
  refund?: number;
}

/** logger.ExecutionResult. */
export interface StructLoggerResult {
  gas: number;
  failed: boolean;
  returnValue: string;
  structLogs: StructLogJson[];
}

interface Step {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error: string | undefined;
  stack: string[] | undefined;
  returnData: string | undefined;
  memory: string[] | undefined;
  storage: Record<string, string> | undefined;
  refund: number;
}

interface Frame {
  /** The last return data a call of this frame got (geth's interpreter.returnData). */
  returnData: Uint8Array;
  /** The frame's last entry, to mark when the frame runs out of gas on it. */
  lastStep: Step | undefined;
}

const CALLS = new Set([0xf1, 0xf2, 0xf4, 0xfa]);
const SLOAD = 0x54;
const SSTORE = 0x55;

/** The struct logger of one transaction. */
export function structLogger(config: StructLoggerConfig): TxTracer<StructLoggerResult> {
  const steps: Step[] = [];
  const frames: Frame[] = [];
  /** Storage slots each contract read or wrote so far (address -> slot -> value, 64 hex digits each). */
  const storage = new Map<string, Map<string, string>>();
  let creates: boolean[] = [];
  return {
    beforeMessage(message: Message) {
      frames.push({ returnData: new Uint8Array(0), lastStep: undefined });
      creates.push(message.to === undefined);
    },
    afterMessage(result: EVMResult) {
      const frame = frames.pop()!;
      const create = creates.pop()!;
      const exec = result.execResult;
      const error = exec.exceptionError?.error;
      // geth logs an opcode whose gas (constant or dynamic) it cannot pay with the error, before running it; other
      // failures happen while the opcode runs, after it was logged without one.
      if (error === 'out of gas' && frame.lastStep && frame.lastStep.error === undefined) {
        frame.lastStep.error = 'out of gas';
      }
      const parent = frames[frames.length - 1];
      if (!parent) return;
      // A call leaves its output (a revert's included) as the caller's return data; a create only a revert's.
      parent.returnData = (create ? error === 'revert' : error === undefined || error === 'revert')
        ? exec.returnValue
        : new Uint8Array(0);
    },
    async step(step: InterpreterStep) {
      const frame = frames[frames.length - 1];
      if (config.limit !== 0 && steps.length >= config.limit) return;
      const code = step.opcode.code;
      const items = step.stack;
      let cost = step.opcode.dynamicFee ?? BigInt(step.opcode.fee);
      // A call's cost includes the gas it hands over (geth's callGasTemp: all but a 64th of what is left, at most
      // what the call asks for); ethereumjs charges that gas after the call instead.
      if (CALLS.has(code) && items.length > 0 && step.gasLeft >= cost) {
        const available = step.gasLeft - cost;
        const allowed = available - available / 64n;
        const requested = items[items.length - 1]!;
        cost += requested < allowed ? requested : allowed;
      }
      let slots: Record<string, string> | undefined;
      if (!config.disableStorage && (code === SLOAD || code === SSTORE)) {
        const address = step.address.toString();
        const contract = storage.get(address) ?? new Map<string, string>();
        storage.set(address, contract);
        if (code === SLOAD && items.length >= 1) {
          const key = items[items.length - 1]!;
          const value = await step.stateManager.getStorage(step.address, word(key));
          contract.set(hex64(key), bytesToHex(setLengthLeft(value, 32)).slice(2));
          slots = sortedCopy(contract);
        } else if (code === SSTORE && items.length >= 2) {
          contract.set(hex64(items[items.length - 1]!), hex64(items[items.length - 2]!));
          slots = sortedCopy(contract);
        }
      }
      const entry: Step = {
        pc: step.pc,
        op: opName(code, step.opcode.name),
        gas: Number(step.gasLeft),
        gasCost: Number(cost),
        depth: step.depth + 1,
        error: undefined,
        stack: config.disableStack ? undefined : items.map((item) => `0x${item.toString(16)}`),
        returnData:
          config.enableReturnData && frame && frame.returnData.length > 0
            ? bytesToHex(frame.returnData)
            : undefined,
        memory: config.enableMemory ? memoryWords(step.memory, Number(step.memoryWordCount)) : undefined,
        storage: slots,
        refund: Number(step.gasRefund),
      };
      steps.push(entry);
      if (frame) frame.lastStep = entry;
      // A new call frame starts with no return data; so does the caller's view until the call answers.
      if (frame && (CALLS.has(code) || code === 0xf0 || code === 0xf5)) frame.returnData = new Uint8Array(0);
    },
    result(t, run) {
      creates = [];
      const exec = run.execResult;
      const error = exec.exceptionError?.error;
      const failed = error !== undefined;
      return {
        gas: Number(t.receipt.gasUsed),
        failed,
        // The output when it succeeded, the revert data when it reverted, nothing when it failed otherwise.
        returnValue: failed && error !== 'revert' ? '' : bytesToHex(exec.returnValue).slice(2),
        structLogs: steps.map(json),
      };
    },
  };
}

/** geth's opcode names: 0x44 is still DIFFICULTY there; an undefined opcode is named by its value. */
function opName(code: number, name: string): string {
  if (code === 0x44) return 'DIFFICULTY';
  if (name === 'INVALID' && code !== 0xfe) return `opcode 0x${code.toString(16)} not defined`;
  return name;
}

/** Memory as geth's formatLogs gives it: 32-byte words in hex without 0x, as large as it was before the opcode. */
function memoryWords(memory: Uint8Array, words: number): string[] {
  const padded = new Uint8Array(words * 32);
  padded.set(memory.subarray(0, padded.length));
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(Buffer.from(padded.subarray(i * 32, i * 32 + 32)).toString('hex'));
  return out;
}

function word(value: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(value), 32);
}

function hex64(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

/** A Go map marshals with its keys sorted. */
function sortedCopy(slots: Map<string, string>): Record<string, string> {
  return Object.fromEntries([...slots].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function json(step: Step): StructLogJson {
  return {
    pc: step.pc,
    op: step.op,
    gas: step.gas,
    gasCost: step.gasCost,
    depth: step.depth,
    ...(step.error !== undefined ? { error: step.error } : {}),
    ...(step.stack !== undefined ? { stack: step.stack } : {}),
    ...(step.returnData !== undefined ? { returnData: step.returnData } : {}),
    ...(step.memory !== undefined ? { memory: step.memory } : {}),
    ...(step.storage !== undefined ? { storage: step.storage } : {}),
    ...(step.refund !== 0 ? { refund: step.refund } : {}),
  };
}
