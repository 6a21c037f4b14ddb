/**
 * The TLS identity of an Avalanche peer: a self-signed X.509 certificate whose SHA-256 then RIPEMD-160 is the
 * NodeID. Ours are ECDSA P-256 (as avalanchego generates them); a peer's may also be RSA 2048/4096 (old nodes).
 * The same key signs the claimed IP in the Handshake and in PeerList entries.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { p256 } from '@noble/curves/nist.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { concat } from '../linear-codec.ts';
import {
  bitString,
  boolean,
  decodeOid,
  explicit,
  nullValue,
  octetString,
  oid,
  readChildren,
  readElement,
  sequence,
  smallInteger,
  TAG,
  time,
  tlv,
  unsignedInteger,
} from './der.ts';

/** staking.MaxCertificateLen. */
export const MAX_CERTIFICATE_BYTES = 2048;

const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  prime256v1: '1.2.840.10045.3.1.7',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
} as const;

// Fixed dates keep a seeded certificate byte-identical; 99991231235959Z is RFC 5280's "no expiration".
const NOT_BEFORE = new Date(Date.UTC(2000, 0, 1));
const NOT_AFTER = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));

export interface StakingCertificate {
  der: Uint8Array;
  certificatePem: string;
  /** PKCS#8. */
  privateKeyPem: string;
  privateKey: KeyObject;
  /** RIPEMD-160(SHA-256(der)), 20 bytes. */
  nodeId: Uint8Array;
}

export function nodeIdOfCertificate(der: Uint8Array): Uint8Array {
  return ripemd160(sha256(der));
}

/** A fresh ECDSA P-256 identity. */
export function createStakingCertificate(): StakingCertificate {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return fromPrivateKey(privateKey, selfSignedCertificate(privateKey));
}

/**
 * The identity a seed always gives: the scalar is derived from the seed and the certificate signed with RFC 6979
 * nonces, so the DER, and with it the NodeID, is the same on every run.
 */
export function stakingCertificateFromSeed(seed: Uint8Array): StakingCertificate {
  // 48 bytes reduced mod n (FIPS 186-5 A.4.1): no bias worth the name, and never zero.
  const material = sha512(concat(new TextEncoder().encode('avalanche-staking-key\0'), seed)).subarray(0, 48);
  const scalar = p256.utils.randomSecretKey(material);
  const point = p256.getPublicKey(scalar, false);
  const spki = sequence(sequence(oid(OID.ecPublicKey), oid(OID.prime256v1)), bitString(point));
  const tbs = tbsCertificate(spki, ecdsaAlgorithm(), sha256(point).subarray(0, 16));
  const signature = p256.sign(tbs, scalar, { prehash: true, format: 'der' });
  const der = sequence(tbs, ecdsaAlgorithm(), bitString(signature));
  const privateKey = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(scalar).toString('base64url'),
      x: Buffer.from(point.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(point.subarray(33)).toString('base64url'),
    },
    format: 'jwk',
  });
  return fromPrivateKey(privateKey, der);
}

/**
 * A self-signed certificate for an ECDSA P-256 or RSA key, signed with SHA-256 by node:crypto (so not
 * deterministic for ECDSA). Tests use it for RSA peers; createStakingCertificate for ours.
 */
export function selfSignedCertificate(privateKey: KeyObject): Uint8Array {
  const spki = new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }));
  const algorithm =
    privateKey.asymmetricKeyType === 'rsa'
      ? sequence(oid(OID.sha256WithRsa), nullValue())
      : privateKey.asymmetricKeyType === 'ec'
        ? ecdsaAlgorithm()
        : undefined;
  if (!algorithm) throw new Error(`unsupported staking key type ${privateKey.asymmetricKeyType}`);
  const serial = new Uint8Array(sha256(spki).subarray(0, 16));
  const tbs = tbsCertificate(spki, algorithm, serial);
  return sequence(tbs, algorithm, bitString(new Uint8Array(sign('sha256', tbs, privateKey))));
}

function ecdsaAlgorithm(): Uint8Array {
  return sequence(oid(OID.ecdsaWithSha256));
}

function tbsCertificate(spki: Uint8Array, algorithm: Uint8Array, serial: Uint8Array): Uint8Array {
  // avalanchego's own certificates have an empty issuer and subject; nothing reads them.
  const emptyName = sequence();
  const extensions = sequence(
    // keyUsage digitalSignature (bit 0: one byte, seven unused bits), critical.
    sequence(oid(OID.keyUsage), boolean(true), octetString(tlv(TAG.bitString, Uint8Array.of(7, 0x80)))),
    // basicConstraints with cA absent (not a CA), critical.
    sequence(oid(OID.basicConstraints), boolean(true), octetString(sequence())),
  );
  return sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    algorithm,
    emptyName,
    sequence(time(NOT_BEFORE), time(NOT_AFTER)),
    emptyName,
    spki,
    explicit(3, extensions),
  );
}

function fromPrivateKey(privateKey: KeyObject, der: Uint8Array): StakingCertificate {
  return {
    der,
    certificatePem: derToPem(der),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    privateKey,
    nodeId: nodeIdOfCertificate(der),
  };
}

function derToPem(der: Uint8Array): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** An identity from its PEM files; the key must be the certificate's. */
export function stakingCertificateFromPem(certificatePem: string, privateKeyPem: string): StakingCertificate {
  const certificate = new X509Certificate(certificatePem);
  const privateKey = createPrivateKey(privateKeyPem);
  if (!certificate.checkPrivateKey(privateKey))
    throw new Error('the staking key does not match the certificate');
  return fromPrivateKey(privateKey, new Uint8Array(certificate.raw));
}

/**
 * `staker.crt` and `staker.key` (mode 0600) in `dir`: read when the key exists, otherwise generated once, so a
 * restart keeps the NodeID.
 */
export async function loadOrCreateStakingCertificate(dir: string): Promise<StakingCertificate> {
  const keyPath = join(dir, 'staker.key');
  const certificatePath = join(dir, 'staker.crt');
  let privateKeyPem: string | undefined;
  try {
    privateKeyPem = await readFile(keyPath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (privateKeyPem !== undefined) {
    return stakingCertificateFromPem(await readFile(certificatePath, 'utf8'), privateKeyPem);
  }
  const created = createStakingCertificate();
  await mkdir(dir, { recursive: true });
  await writeFile(certificatePath, created.certificatePem, { mode: 0o644 });
  // The key last and exclusively: its presence means the pair is complete, and a concurrent creator fails here.
  await writeFile(keyPath, created.privateKeyPem, { mode: 0o600, flag: 'wx' });
  return created;
}

export interface StakingPublicKey {
  algorithm: 'ecdsa' | 'rsa';
  key: KeyObject;
}

/**
 * The public key of a peer's certificate, if avalanchego would accept it (staking.ParseCertificate plus the TLS
 * check): at most 2048 bytes, parseable as X.509, and either ECDSA P-256 with an uncompressed point or RSA with a
 * 2048- or 4096-bit odd modulus and e = 65537. Throws with the reason otherwise.
 */
export function parseStakingCertificate(der: Uint8Array): StakingPublicKey {
  if (der.length > MAX_CERTIFICATE_BYTES) {
    throw new Error(`certificate is ${der.length} bytes, more than ${MAX_CERTIFICATE_BYTES}`);
  }
  try {
    new X509Certificate(der);
  } catch (err) {
    throw new Error(`certificate does not parse: ${(err as Error).message}`, { cause: err });
  }
  const certificate = readElement(der);
  if (certificate.tag !== TAG.sequence) throw new Error('malformed certificate');
  const tbs = readElement(certificate.content);
  if (tbs.tag !== TAG.sequence) throw new Error('malformed tbs certificate');
  const fields = readChildren(tbs.content);
  // version is optional; then serial, signature algorithm, issuer, validity, subject, and the SPKI.
  const afterVersion = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  const expected = [TAG.integer, TAG.sequence, TAG.sequence, TAG.sequence, TAG.sequence, TAG.sequence];
  if (expected.some((tag, i) => afterVersion[i]?.tag !== tag)) throw new Error('malformed tbs certificate');
  const spki = afterVersion[5]!;
  const [algorithm, subjectKey] = readChildren(spki.content);
  if (algorithm?.tag !== TAG.sequence || subjectKey?.tag !== TAG.bitString) throw new Error('malformed spki');
  const [algorithmOid, parameters] = readChildren(algorithm.content);
  if (algorithmOid?.tag !== TAG.oid) throw new Error('malformed public key algorithm');
  if (subjectKey.content[0] !== 0) throw new Error('malformed subject public key');
  const keyBytes = subjectKey.content.subarray(1);
  const key = () => createPublicKey({ key: Buffer.from(spki.raw), format: 'der', type: 'spki' });

  switch (decodeOid(algorithmOid.content)) {
    case OID.ecPublicKey: {
      if (parameters?.tag !== TAG.oid || decodeOid(parameters.content) !== OID.prime256v1) {
        throw new Error('only P-256 is allowed for ECDSA');
      }
      if (keyBytes.length !== 65 || keyBytes[0] !== 0x04)
        throw new Error('ECDSA key is not an uncompressed point');
      try {
        p256.Point.fromBytes(keyBytes);
      } catch {
        throw new Error('ECDSA key is not a point of P-256');
      }
      return { algorithm: 'ecdsa', key: key() };
    }
    case OID.rsaEncryption: {
      checkRsaKey(keyBytes);
      return { algorithm: 'rsa', key: key() };
    }
    default:
      throw new Error('unsupported public key algorithm');
  }
}

function checkRsaKey(bytes: Uint8Array): void {
  const outer = readElement(bytes);
  const [modulus, exponent] = outer.tag === TAG.sequence ? readChildren(outer.content) : [];
  if (modulus?.tag !== TAG.integer || exponent?.tag !== TAG.integer)
    throw new Error('invalid RSA public key');
  if (modulus.content.length === 0 || modulus.content[0]! & 0x80)
    throw new Error('RSA modulus is not positive');
  const n = BigInt(`0x${Buffer.from(modulus.content).toString('hex')}`);
  if (n === 0n) throw new Error('RSA modulus is not positive');
  const bits = n.toString(2).length;
  if (bits !== 2048 && bits !== 4096) throw new Error(`unsupported RSA modulus of ${bits} bits`);
  if ((n & 1n) === 0n) throw new Error('RSA modulus is even');
  if (exponent.content.length === 0 || exponent.content[0]! & 0x80)
    throw new Error('unsupported RSA exponent');
  const e = BigInt(`0x${Buffer.from(exponent.content).toString('hex')}`);
  if (e !== 65537n) throw new Error(`unsupported RSA public exponent ${e}`);
}

/** SHA-256 then ECDSA (ASN.1 DER) or RSA PKCS#1 v1.5, as the staking key signs IPs. */
export function signWithStakingKey(privateKey: KeyObject, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign('sha256', message, privateKey));
}

export function verifyStakingSignature(
  publicKey: KeyObject,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  try {
    return verify('sha256', message, publicKey, signature);
  } catch {
    return false;
  }
}
