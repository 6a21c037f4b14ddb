/**
 * A devnet node's identity, derived from the seed: a staking certificate, whose RIPEMD-160(SHA-256(DER)) is the
 * NodeID the P-Chain reports, and a BLS key. The node's peer listens with that same certificate, so the NodeID a
 * client derives from TLS is the one it finds in the validator set.
 */
import {
  stakingCertificateFromSeed,
  type StakingCertificate,
} from '../runtime/avalanche/p2p/staking-certificate.ts';
import { formatNodeId } from '../runtime/formatting/address.ts';
import { deriveBlsKey } from './bls.ts';
import type { DevnetValidator } from './p-chain-staking.ts';
import { derive } from './seeded.ts';

/**
 * Certificates by seed and label. A certificate costs an ECDSA signature (a few milliseconds), and tests build
 * devnets of one seed several times in one process; the set of labels grows by one validator per ~180 P-Chain
 * blocks, so keeping them all is cheap.
 */
const certificates = new Map<string, StakingCertificate>();

function seededCertificate(seed: string, label: string): StakingCertificate {
  const key = `${seed}\u0000${label}`;
  let certificate = certificates.get(key);
  if (!certificate) {
    certificate = stakingCertificateFromSeed(derive(seed, label));
    certificates.set(key, certificate);
  }
  return certificate;
}

/** The validator named `label` (`primary/0`, `l1/2`, `short/280`…): certificate `node/<label>`, BLS key `<label>`. */
export function deriveValidator(seed: string, label: string): DevnetValidator {
  const certificate = seededCertificate(seed, `node/${label}`);
  return { nodeId: formatNodeId(certificate.nodeId), certificate, bls: deriveBlsKey(seed, label) };
}
