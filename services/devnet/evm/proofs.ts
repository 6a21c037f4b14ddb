/**
 * eth_getProof as coreth and Subnet-EVM answer it (internal/ethapi/api.go's GetProof and api_extra.go's
 * stateQueryBlockNumberAllowed): the account's Merkle-Patricia proof from the block's state trie, and one proof per
 * storage key from the account's storage trie, each node as geth's Trie.Prove writes it.
 */
import type { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { createMerkleProof } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import {
  bytesToBigInt,
  bytesToHex,
  createAccountFromRLP,
  createAddressFromString,
  equalsBytes,
  hexToBytes,
  KECCAK256_RLP,
} from '@ethereumjs/util';
import { DomainError } from '../../runtime/errors.ts';
import { env, loadConfig } from '../../runtime/config.ts';
import type { BlockSelector } from '../geth-rpc/params.ts';
import type { EvmBlock, EvmChain } from './chain.ts';
import { hexQuantity } from './json-shapes.ts';

/**
 * coreth's and Subnet-EVM's default `historical-proof-query-window` for an archive node: a day of 2-second blocks,
 * `24 * time.Hour / (2 * time.Second)` (plugin/evm/config/default_config.go). 0 accepts every height.
 */
export const DEFAULT_PROOF_WINDOW_BLOCKS = 43_200;

/** The window the devnet applies: DEVNET_PROOF_WINDOW_BLOCKS, coreth's default unless set. */
export function proofWindowFromEnv(): bigint {
  const { DEVNET_PROOF_WINDOW_BLOCKS } = loadConfig({
    DEVNET_PROOF_WINDOW_BLOCKS: env.integer(0, Number.MAX_SAFE_INTEGER, DEFAULT_PROOF_WINDOW_BLOCKS),
  });
  return BigInt(DEVNET_PROOF_WINDOW_BLOCKS);
}

/** ethapi.AccountResult, members in its order. */
export interface AccountResult {
  address: string;
  accountProof: string[];
  balance: string;
  codeHash: string;
  nonce: string;
  storageHash: string;
  storageProof: { key: string; value: string; proof: string[] }[];
}

const ZERO_HASH = new Uint8Array(32);

/**
 * stateQueryBlockNumberAllowed for an archive node (the devnet keeps every state): a window of 0 accepts every
 * block; otherwise a block more than `window` blocks before the last accepted one is refused. Tags other than
 * `earliest` are negative numbers to coreth, so they always pass.
 */
function checkProofWindow(chain: EvmChain, selector: BlockSelector, window: bigint): void {
  if (window === 0n) return;
  let number: bigint;
  if ('hash' in selector) {
    const block = chain.blockByHash(selector.hash);
    if (!block) notAllowed(`block from hash ${selector.hash} doesn't exist`);
    number = block.number;
  } else if ('tag' in selector) {
    if (selector.tag !== 'earliest') return;
    number = 0n;
  } else {
    number = selector.number;
  }
  const last = chain.head.number;
  const oldest = last > window ? last - window : 0n;
  if (number >= oldest) return;
  notAllowed(
    `block number ${number} is before the oldest allowed block number ${oldest} (window of ${window} blocks)`,
  );
}

function notAllowed(reason: string): never {
  throw new DomainError('failed_precondition', `historical proof query not allowed: ${reason}`);
}

/**
 * internal/ethapi's decodeHash (eth_getStorageAt's and eth_getProof's keys): 0x optional, an odd digit count padded
 * in front, at most 32 bytes (leading zeros allowed), left-padded to a 32-byte key.
 */
export function decodeHash(text: string): { key: Uint8Array; length: number } {
  let digits = /^0[xX]/.test(text) ? text.slice(2) : text;
  if (digits.length % 2 === 1) digits = `0${digits}`;
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error('hex string invalid');
  if (digits.length > 64) throw new Error('hex string too long, want at most 32 bytes');
  return { key: hexToBytes(`0x${digits.padStart(64, '0')}`), length: digits.length / 2 };
}

/** A proof's key: returned as given when it had 32 bytes, else as a quantity (the JSON-RPC spec's encoding). */
function decodeKey(text: string): { key: Uint8Array; output: string } {
  let decoded: ReturnType<typeof decodeHash>;
  try {
    decoded = decodeHash(text);
  } catch (err) {
    throw new DomainError('failed_precondition', (err as Error).message);
  }
  const { key, length } = decoded;
  const output = length === 32 ? bytesToHex(key) : hexQuantity(bytesToBigInt(key));
  return { key, output };
}

/**
 * geth's Trie.Prove keeps the nodes on the key's path that the database holds by hash, and the root: a node shorter
 * than 32 bytes is embedded in its parent, so it is no proof element of its own.
 */
async function prove(trie: MerklePatriciaTrie, key: Uint8Array): Promise<string[]> {
  const nodes = await createMerkleProof(trie, key);
  return nodes.filter((node, i) => i === 0 || node.length >= 32).map((node) => bytesToHex(node));
}

export async function getProof(
  chain: EvmChain,
  address: string,
  storageKeys: string[],
  selector: BlockSelector,
  window: bigint,
  resolve: (selector: BlockSelector) => EvmBlock,
): Promise<AccountResult> {
  checkProofWindow(chain, selector, window);
  // The keys are decoded before any state is read.
  const keys = storageKeys.map(decodeKey);
  const block = resolve(selector);
  const state = chain.stateAt(block.number);
  // The state manager's trie, rooted at the block's state root (read only: the proofs walk its nodes).
  const trie = state['_trie'];
  const addressBytes = createAddressFromString(address).bytes;
  const raw = await trie.get(addressBytes);
  const account = raw ? createAccountFromRLP(raw) : undefined;
  // A missing account has no code hash and no storage root (StateDB's zero hashes).
  const storageRoot = account?.storageRoot ?? ZERO_HASH;
  const storageProof: AccountResult['storageProof'] = [];
  if (keys.length > 0) {
    let storageTrie: MerklePatriciaTrie | undefined;
    if (!equalsBytes(storageRoot, KECCAK256_RLP) && !equalsBytes(storageRoot, ZERO_HASH)) {
      storageTrie = trie.shallowCopy(false);
      storageTrie.root(storageRoot);
    }
    for (const { key, output } of keys) {
      if (!storageTrie) {
        storageProof.push({ key: output, value: '0x0', proof: [] });
        continue;
      }
      const stored = await storageTrie.get(key);
      const value = stored ? bytesToBigInt(RLP.decode(stored) as Uint8Array) : 0n;
      storageProof.push({ key: output, value: hexQuantity(value), proof: await prove(storageTrie, key) });
    }
  }
  return {
    address,
    accountProof: await prove(trie, addressBytes),
    balance: hexQuantity(account?.balance ?? 0n),
    codeHash: bytesToHex(account?.codeHash ?? ZERO_HASH),
    nonce: hexQuantity(account?.nonce ?? 0n),
    storageHash: bytesToHex(storageRoot),
    storageProof,
  };
}
