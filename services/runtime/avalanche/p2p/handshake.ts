/**
 * The Handshake each side sends first (avalanchego network/peer/peer.go, ip.go): building ours, with the claimed IP
 * signed by the staking key and by a BLS key (proof-of-possession tag), and checking theirs as a node does before
 * it answers with a PeerList. A failed check is a reason string; the connection is then closed without a word.
 */
import type { KeyObject } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import * as blst from '@chainsafe/blst';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { concat, u16, u64 } from '../linear-codec.ts';
import { parseBloomFilter } from './bloom.ts';
import type { Client, Handshake, KnownPeers } from './messages.ts';
import type { StakingPublicKey } from './staking-certificate.ts';
import { signWithStakingKey, verifyStakingSignature } from './staking-certificate.ts';

/** What we claim to run: ICM claims the same, and 1.15.0 is the minimum once Helicon activates. */
export const CLIENT: Client = { name: 'avalanchego', major: 1, minor: 15, patch: 0 };

export const MAX_TRACKED_SUBNETS = 16;
/** network-max-clock-difference. */
export const MAX_CLOCK_DIFFERENCE_SECONDS = 60;
export const MAX_BLOOM_SALT_BYTES = 32;
export const PROOF_OF_POSSESSION_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

const bls = bls12_381.longSignatures;

/** An IP in the 4- or 16-byte form a Handshake carries. */
export function ipAddressBytes(address: string): Uint8Array {
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (!isIPv6(address)) throw new Error(`${address} is not an IP address`);
  // A zone (fe80::1%eth0) names an interface; it is not part of the address.
  let text = address.split('%')[0]!;
  const embeddedV4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embeddedV4) {
    const [a, b, c, d] = embeddedV4[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${embeddedV4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const all =
    tail === undefined
      ? front
      : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return Uint8Array.from(all.flatMap((g) => [g >> 8, g & 0xff]));
}

/** The text form of a 4- or 16-byte IP; an IPv4-mapped IPv6 address is written as IPv4. */
export function formatIpAddress(ipAddr: Uint8Array): string {
  const mapped =
    ipAddr.length === 16 &&
    ipAddr.subarray(0, 10).every((b) => b === 0) &&
    ipAddr[10] === 0xff &&
    ipAddr[11] === 0xff;
  if (ipAddr.length === 4 || mapped) return Array.from(ipAddr.subarray(-4)).join('.');
  if (ipAddr.length !== 16) throw new Error(`an IP is 4 or 16 bytes, not ${ipAddr.length}`);
  const groups = Array.from({ length: 8 }, (_, i) =>
    ((ipAddr[2 * i]! << 8) | ipAddr[2 * i + 1]!).toString(16),
  );
  return groups.join(':');
}

/** The 26 signed bytes of a claimed IP: the IPv6 form (IPv4 as ::ffff:a.b.c.d), port u16 and timestamp u64. */
export function signedIpBytes(ipAddr: Uint8Array, port: number, timestamp: bigint): Uint8Array {
  let ip16: Uint8Array;
  if (ipAddr.length === 16) ip16 = ipAddr;
  else if (ipAddr.length === 4) ip16 = concat(new Uint8Array(10), Uint8Array.of(0xff, 0xff), ipAddr);
  else throw new Error(`an IP is 4 or 16 bytes, not ${ipAddr.length}`);
  return concat(ip16, u16(port), u64(timestamp));
}

export function signProofOfPossession(message: Uint8Array, blsSecretKey: Uint8Array): Uint8Array {
  return bls.sign(bls.hash(message, PROOF_OF_POSSESSION_DST), blsSecretKey).toBytes(true);
}

export function verifyProofOfPossession(
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array,
): boolean {
  try {
    return bls.verify(signature, bls.hash(message, PROOF_OF_POSSESSION_DST), publicKey);
  } catch {
    return false;
  }
}

/** bls.SignatureFromBytes: 96 bytes, a point of G2 in its prime-order subgroup (infinity allowed). */
export function isBlsSignaturePoint(bytes: Uint8Array): boolean {
  if (bytes.length !== 96) return false;
  try {
    blst.Signature.fromBytes(bytes, true, false);
    return true;
  } catch {
    return false;
  }
}

export interface VersionCompatibility {
  current: Client;
  /** The minimum from `upgradeTime` on. */
  minimum: Client;
  minimumBeforeUpgrade: Client;
  /** Unix seconds. */
  upgradeTime: number;
}

/** avalanchego 1.15.0's rule: 1.15.0 at least from Helicon (`heliconTime`), 1.14.0 before. */
export function versionCompatibility(heliconTime: number): VersionCompatibility {
  return {
    current: CLIENT,
    minimum: { ...CLIENT, major: 1, minor: 15, patch: 0 },
    minimumBeforeUpgrade: { ...CLIENT, major: 1, minor: 14, patch: 0 },
    upgradeTime: heliconTime,
  };
}

function compareVersions(a: Client, b: Client): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** version.Compatibility.Compatible: not a newer major, and not below the minimum in force. The name is not read. */
export function isCompatibleVersion(
  peer: Client,
  compatibility: VersionCompatibility,
  nowSeconds: number,
): boolean {
  if (peer.major > compatibility.current.major) return false;
  const minimum =
    nowSeconds < compatibility.upgradeTime ? compatibility.minimumBeforeUpgrade : compatibility.minimum;
  return compareVersions(peer, minimum) >= 0;
}

/** A claimed IP with both signatures. Signing is slow (BLS in pure JS), and a claim stays valid, so it is reused. */
export interface SignedIp {
  ipAddr: Uint8Array;
  port: number;
  /** Unix seconds. */
  timestamp: bigint;
  tlsSignature: Uint8Array;
  blsSignature: Uint8Array;
}

export function signIp(claim: {
  /** Any IP will do for a client (ICM claims 0.0.0.0); not port 0. */
  ip: string;
  port: number;
  timestamp: bigint;
  stakingKey: KeyObject;
  blsSecretKey: Uint8Array;
}): SignedIp {
  if (!Number.isInteger(claim.port) || claim.port <= 0 || claim.port > 0xffff) {
    throw new Error('port must be 1..65535');
  }
  const ipAddr = ipAddressBytes(claim.ip);
  const signed = signedIpBytes(ipAddr, claim.port, claim.timestamp);
  return {
    ipAddr,
    port: claim.port,
    timestamp: claim.timestamp,
    tlsSignature: signWithStakingKey(claim.stakingKey, signed),
    blsSignature: signProofOfPossession(signed, claim.blsSecretKey),
  };
}

export interface OurHandshake {
  networkId: number;
  nowSeconds: number;
  signedIp: SignedIp;
  /** Unix seconds of our latest scheduled upgrade; informational. */
  upgradeTime: number;
  trackedSubnets?: Uint8Array[];
  supportedAcps?: number[];
  objectedAcps?: number[];
  knownPeers?: KnownPeers;
  allSubnets?: boolean;
  client?: Client;
}

export function buildHandshake(ours: OurHandshake): Handshake {
  const trackedSubnets = ours.trackedSubnets ?? [];
  if (trackedSubnets.length > MAX_TRACKED_SUBNETS) {
    throw new Error(`at most ${MAX_TRACKED_SUBNETS} tracked subnets`);
  }
  if (trackedSubnets.some((s) => s.length !== 32)) throw new Error('a subnet id is 32 bytes');
  return {
    networkId: ours.networkId,
    myTime: BigInt(Math.floor(ours.nowSeconds)),
    ipAddr: ours.signedIp.ipAddr,
    ipPort: ours.signedIp.port,
    upgradeTime: BigInt(ours.upgradeTime),
    ipSigningTime: ours.signedIp.timestamp,
    ipNodeIdSig: ours.signedIp.tlsSignature,
    trackedSubnets,
    client: ours.client ?? CLIENT,
    supportedAcps: ours.supportedAcps ?? [],
    objectedAcps: ours.objectedAcps ?? [],
    knownPeers: ours.knownPeers,
    ipBlsSig: ours.signedIp.blsSignature,
    allSubnets: ours.allSubnets ?? true,
  };
}

export interface HandshakeExpectations {
  networkId: number;
  nowSeconds: number;
  /** The key of the certificate the peer presented in TLS. */
  peerKey: StakingPublicKey;
  compatibility: VersionCompatibility;
  /** The peer's registered BLS key, when it is a primary-network validator: its IP signature must verify. */
  validatorBlsKey?: Uint8Array;
}

/** Why a node would close the connection on this Handshake, or undefined when it passes (peer.go handleHandshake). */
export function checkHandshake(handshake: Handshake, expect: HandshakeExpectations): string | undefined {
  if (handshake.networkId !== expect.networkId) {
    return `network id ${handshake.networkId} is not ${expect.networkId}`;
  }
  const now = Math.floor(expect.nowSeconds);
  if (Math.abs(Number(handshake.myTime) - now) > MAX_CLOCK_DIFFERENCE_SECONDS) {
    return `clock difference: peer time ${handshake.myTime}, local time ${now}`;
  }
  if (handshake.trackedSubnets.length > MAX_TRACKED_SUBNETS) {
    return `${handshake.trackedSubnets.length} tracked subnets, more than ${MAX_TRACKED_SUBNETS}`;
  }
  if (handshake.trackedSubnets.some((s) => s.length !== 32)) return 'a tracked subnet id is not 32 bytes';
  const objected = new Set(handshake.objectedAcps);
  const both = handshake.supportedAcps.find((acp) => objected.has(acp));
  if (both !== undefined) return `ACP ${both} is both supported and objected`;
  if (handshake.knownPeers) {
    try {
      parseBloomFilter(handshake.knownPeers.filter);
    } catch (err) {
      return `known peers filter: ${(err as Error).message}`;
    }
    if (handshake.knownPeers.salt.length > MAX_BLOOM_SALT_BYTES) {
      return `known peers salt is ${handshake.knownPeers.salt.length} bytes, more than ${MAX_BLOOM_SALT_BYTES}`;
    }
  }
  if (handshake.ipAddr.length !== 4 && handshake.ipAddr.length !== 16) {
    return `IP of ${handshake.ipAddr.length} bytes`;
  }
  if ((handshake.ipPort & 0xffff) === 0) return 'port 0';
  if (handshake.ipSigningTime > BigInt(now + MAX_CLOCK_DIFFERENCE_SECONDS)) {
    return `IP signing time ${handshake.ipSigningTime} is too far in the future`;
  }
  const signed = signedIpBytes(handshake.ipAddr, handshake.ipPort & 0xffff, handshake.ipSigningTime);
  if (!verifyStakingSignature(expect.peerKey.key, signed, handshake.ipNodeIdSig))
    return 'invalid TLS signature';
  if (!isBlsSignaturePoint(handshake.ipBlsSig)) return 'IP BLS signature is not a G2 point';
  const version = handshake.client ?? { name: '', major: 0, minor: 0, patch: 0 };
  if (!isCompatibleVersion(version, expect.compatibility, now)) {
    return `incompatible version ${version.name}/${version.major}.${version.minor}.${version.patch}`;
  }
  if (
    expect.validatorBlsKey &&
    !verifyProofOfPossession(expect.validatorBlsKey, handshake.ipBlsSig, signed)
  ) {
    return 'IP BLS signature does not verify against the validator key';
  }
  return undefined;
}
