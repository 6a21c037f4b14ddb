/**
 * avalanchego's bloom filter (utils/bloom), the form of `known_peers` in Handshake and GetPeerList: one byte with
 * the number of hashes k (1..16), k seeds as u64 big-endian, then the bit entries (at least one byte). An entry
 * is hashed once with SHA-256 and salt; each seed then rotates and mixes that hash into one bit index.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, u64 } from '../linear-codec.ts';

const MIN_HASHES = 1;
const MAX_HASHES = 16;
const MIN_ENTRIES = 1;
const U64_MASK = (1n << 64n) - 1n;

export interface BloomFilter {
  seeds: bigint[];
  entries: Uint8Array;
}

/** One hash, all seeds zero, one empty byte: what a node with nothing to exclude may send. */
export const EMPTY_BLOOM_FILTER_BYTES = Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0, 0);

/** bloom.Parse; throws with avalanchego's reason when the bytes are not a filter. */
export function parseBloomFilter(bytes: Uint8Array): BloomFilter {
  if (bytes.length === 0) throw new Error('invalid num hashes');
  const numHashes = bytes[0]!;
  if (numHashes < MIN_HASHES) throw new Error(`too few hashes: ${numHashes} < ${MIN_HASHES}`);
  if (numHashes > MAX_HASHES) throw new Error(`too many hashes: ${numHashes} > ${MAX_HASHES}`);
  const entriesOffset = 1 + numHashes * 8;
  if (bytes.length < entriesOffset + MIN_ENTRIES) throw new Error('too few entries');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seeds = Array.from({ length: numHashes }, (_, i) => view.getBigUint64(1 + i * 8));
  return { seeds, entries: bytes.slice(entriesOffset) };
}

export function marshalBloomFilter(filter: BloomFilter): Uint8Array {
  return concat(Uint8Array.of(filter.seeds.length), ...filter.seeds.map(u64), filter.entries);
}

/** An empty filter; the seeds are random unless given (tests). */
export function newBloomFilter(numHashes: number, numEntries: number, seeds?: bigint[]): BloomFilter {
  if (numEntries < MIN_ENTRIES) throw new Error('too few entries');
  if (numHashes < MIN_HASHES || numHashes > MAX_HASHES) throw new Error(`invalid num hashes ${numHashes}`);
  if (seeds && seeds.length !== numHashes) throw new Error('one seed per hash');
  const random = () => new DataView(crypto.getRandomValues(new Uint8Array(8)).buffer).getBigUint64(0);
  return { seeds: seeds ?? Array.from({ length: numHashes }, random), entries: new Uint8Array(numEntries) };
}

/** bloom.OptimalParameters: the size and hash count for `count` entries at a false-positive probability. */
export function optimalBloomParameters(
  count: number,
  falsePositiveProbability: number,
): { numHashes: number; numEntries: number } {
  let numEntries = MIN_ENTRIES;
  if (count > 0 && falsePositiveProbability < 1) {
    const bits = (-count * Math.log(falsePositiveProbability)) / (Math.LN2 * Math.LN2);
    numEntries = Math.max(Math.trunc((bits + 7) / 8), MIN_ENTRIES);
  }
  let numHashes = MAX_HASHES;
  if (count > 0) {
    const optimal = Math.ceil((numEntries * 8 * Math.LN2) / count);
    numHashes = optimal >= MAX_HASHES ? MAX_HASHES : Math.max(optimal, MIN_HASHES);
  }
  return { numHashes, numEntries };
}

/** bloom.Hash: the first 8 bytes of SHA-256(key ‖ salt), big-endian. */
export function bloomHash(key: Uint8Array, salt: Uint8Array): bigint {
  const digest = sha256(concat(key, salt));
  return new DataView(digest.buffer, digest.byteOffset, 8).getBigUint64(0);
}

/** The key a peer's claimed IP is filtered by: SHA-256(NodeID ‖ timestamp u64 BE) (ips.ClaimedIPPort.GossipID). */
export function gossipId(nodeId: Uint8Array, timestamp: bigint): Uint8Array {
  return sha256(concat(nodeId, u64(timestamp)));
}

function* bitIndices(seeds: bigint[], entries: Uint8Array, hash: bigint): Generator<number> {
  const numBits = BigInt(entries.length * 8);
  let h = hash;
  for (const seed of seeds) {
    h = (((h << 17n) | (h >> 47n)) & U64_MASK) ^ seed;
    yield Number(h % numBits);
  }
}

/** Sets the hash's bits; true when at least one was not set before. */
export function bloomAdd(filter: BloomFilter, hash: bigint): boolean {
  let present = true;
  for (const index of bitIndices(filter.seeds, filter.entries, hash)) {
    const mask = 1 << (index % 8);
    if (!(filter.entries[index >> 3]! & mask)) present = false;
    filter.entries[index >> 3]! |= mask;
  }
  return !present;
}

export function bloomContains(filter: BloomFilter, hash: bigint): boolean {
  for (const index of bitIndices(filter.seeds, filter.entries, hash)) {
    if (!(filter.entries[index >> 3]! & (1 << (index % 8)))) return false;
  }
  return true;
}
