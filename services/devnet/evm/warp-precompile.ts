/**
 * Subnet-EVM's and coreth's Warp precompile (0x0200…0005). Sending: `sendWarpMessage(bytes)` wraps the payload in
 * an AddressedCall from the caller, builds the unsigned Warp message with this chain as its source and emits
 * `SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)`; validators sign what accepted
 * blocks emitted. Receiving: a transaction carries signed Warp messages as predicates in its access list (storage
 * keys under the precompile's address); `getVerifiedWarpMessage(index)` returns the index-th one and whether its
 * signature verified against the signing subnet's validators. `getBlockchainID()` names the chain.
 */
import type { ExecResult, Message } from '@ethereumjs/evm';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { VM } from '@ethereumjs/vm';
import { EVMError } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  parseAbi,
  toEventSelector,
  toHex,
  type Hex,
} from 'viem';
import { addressedCall, unsignedWarpMessage, warpMessageId } from '../../runtime/avalanche/warp.ts';
import { unpackPredicate } from '../warp.ts';

export const WARP_PRECOMPILE_ADDRESS = '0x0200000000000000000000000000000000000005';

export const WARP_ABI = parseAbi([
  'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
  'function sendWarpMessage(bytes payload) returns (bytes32 messageID)',
  'function getBlockchainID() view returns (bytes32 blockchainID)',
  'struct WarpMessage { bytes32 sourceChainID; address originSenderAddress; bytes payload; }',
  'function getVerifiedWarpMessage(uint32 index) view returns (WarpMessage message, bool valid)',
]);

export const SEND_WARP_MESSAGE_TOPIC = toEventSelector(WARP_ABI[0]);

// subnet-evm's costs, approximately: a log with three topics and the message bytes, plus adding the message.
const GET_BLOCKCHAIN_ID_GAS = 2n;
const SEND_WARP_MESSAGE_GAS = 41_500n;
const SEND_WARP_MESSAGE_GAS_PER_BYTE = 8n;

// Subnet-EVM charges these for predicates in the intrinsic gas; the devnet charges them when a message is read.
const GET_VERIFIED_WARP_MESSAGE_GAS = 2n;
const SIGNATURE_VERIFICATION_GAS = 200_000n;
const GAS_PER_SIGNER = 500n;
const GAS_PER_MESSAGE_BYTE = 100n;

export interface VerifiedWarpMessage {
  sourceChainId: Uint8Array;
  originSenderAddress: Uint8Array;
  payload: Uint8Array;
  signerCount: number;
}

export interface WarpChain {
  networkId: number;
  blockchainId: Uint8Array;
  /**
   * Checks a signed message for this chain: its signature against the signing subnet's validators at `pChainHeight`,
   * the P-Chain height of the block being executed.
   */
  verify?: (signed: Uint8Array, pChainHeight: bigint) => VerifiedWarpMessage | undefined;
  /** The P-Chain height a block built now runs on, as its proposervm block names it (0 without a P-Chain). */
  pChainHeight?: () => bigint;
}

interface PrecompileInput {
  data: Uint8Array;
  gasLimit: bigint;
}

/**
 * The precompile for one VM: `customPrecompile` goes in the VM's options, `attach` on its EVM once created. The EVM
 * hands precompiles no caller, so its message events tell it who calls (a precompile runs right after its message
 * event, one at a time). `pChainHeight` gives the P-Chain height of the block the VM executes: a message verifies
 * against the validators of that height only, so a block replayed later (traces, calls) sees what it saw when built.
 */
export function warpPrecompile(chain: WarpChain, pChainHeight: () => bigint) {
  let caller: Address | undefined;
  let predicates: Uint8Array[][] = [];
  const run = (input: PrecompileInput): ExecResult => {
    let call: ReturnType<typeof decodeFunctionData<typeof WARP_ABI>>;
    try {
      call = decodeFunctionData({ abi: WARP_ABI, data: toHex(input.data) });
    } catch {
      return failure(input.gasLimit, EVMError.errorMessages.REVERT);
    }
    if (call.functionName === 'getVerifiedWarpMessage') {
      const keys = predicates[call.args[0]];
      const signed = keys ? unpackPredicate(keys) : undefined;
      const verified = signed && chain.verify ? chain.verify(signed, pChainHeight()) : undefined;
      const gas = verified
        ? GET_VERIFIED_WARP_MESSAGE_GAS +
          SIGNATURE_VERIFICATION_GAS +
          GAS_PER_SIGNER * BigInt(verified.signerCount) +
          GAS_PER_MESSAGE_BYTE * BigInt(signed!.length)
        : GET_VERIFIED_WARP_MESSAGE_GAS;
      if (input.gasLimit < gas) return failure(input.gasLimit, EVMError.errorMessages.OUT_OF_GAS);
      const message = verified
        ? {
            sourceChainID: toHex(verified.sourceChainId),
            originSenderAddress: toHex(verified.originSenderAddress),
            payload: toHex(verified.payload),
          }
        : {
            sourceChainID: toHex(new Uint8Array(32)),
            originSenderAddress: toHex(new Uint8Array(20)),
            payload: '0x' as Hex,
          };
      const result = encodeFunctionResult({
        abi: WARP_ABI,
        functionName: 'getVerifiedWarpMessage',
        result: [message, verified !== undefined],
      });
      return { executionGasUsed: gas, returnValue: bytes(result) };
    }
    if (call.functionName === 'getBlockchainID') {
      if (input.gasLimit < GET_BLOCKCHAIN_ID_GAS)
        return failure(input.gasLimit, EVMError.errorMessages.OUT_OF_GAS);
      const result = encodeFunctionResult({
        abi: WARP_ABI,
        functionName: 'getBlockchainID',
        result: toHex(chain.blockchainId),
      });
      return { executionGasUsed: GET_BLOCKCHAIN_ID_GAS, returnValue: bytes(result) };
    }
    const payload = bytes(call.args[0]);
    const gas = SEND_WARP_MESSAGE_GAS + SEND_WARP_MESSAGE_GAS_PER_BYTE * BigInt(payload.length);
    if (input.gasLimit < gas) return failure(input.gasLimit, EVMError.errorMessages.OUT_OF_GAS);
    const sender = caller!.bytes;
    const unsigned = unsignedWarpMessage(chain.networkId, chain.blockchainId, addressedCall(sender, payload));
    const messageId = warpMessageId(unsigned);
    const topicSender = new Uint8Array(32);
    topicSender.set(sender, 12);
    return {
      executionGasUsed: gas,
      returnValue: messageId,
      logs: [
        [
          bytes(WARP_PRECOMPILE_ADDRESS),
          [bytes(SEND_WARP_MESSAGE_TOPIC), topicSender, messageId],
          bytes(encodeAbiParameters([{ type: 'bytes' }], [toHex(unsigned)])),
        ],
      ],
    };
  };
  return {
    customPrecompile: { address: WARP_PRECOMPILE_ADDRESS as Hex, function: run },
    attach(vm: VM) {
      vm.evm.events!.on('beforeMessage', (message: Message) => {
        if (message.to?.toString() === WARP_PRECOMPILE_ADDRESS) caller = message.caller;
      });
      vm.events.on('beforeTx', (tx: TypedTransaction) => {
        const accessList = 'accessList' in tx ? (tx.accessList as [Uint8Array, Uint8Array[]][]) : [];
        predicates = accessList
          .filter(([address]) => bytesToHexString(address) === WARP_PRECOMPILE_ADDRESS)
          .map(([, keys]) => keys);
      });
    },
  };
}

function failure(gasLimit: bigint, error: EVMError['error']): ExecResult {
  return { executionGasUsed: gasLimit, returnValue: new Uint8Array(0), exceptionError: new EVMError(error) };
}

function bytesToHexString(value: Uint8Array): string {
  return `0x${Buffer.from(value).toString('hex')}`;
}

function bytes(hex: string): Uint8Array {
  return Buffer.from(hex.slice(2), 'hex');
}
