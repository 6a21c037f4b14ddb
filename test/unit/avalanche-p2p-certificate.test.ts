import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { p256 } from '@noble/curves/nist.js';
import { expect } from 'chai';
import { formatNodeId } from '../../services/runtime/formatting/address.ts';
import {
  bitString,
  explicit,
  oid,
  sequence,
  smallInteger,
  time,
  unsignedInteger,
} from '../../services/runtime/avalanche/p2p/der.ts';
import {
  createStakingCertificate,
  loadOrCreateStakingCertificate,
  MAX_CERTIFICATE_BYTES,
  nodeIdOfCertificate,
  parseStakingCertificate,
  selfSignedCertificate,
  signWithStakingKey,
  stakingCertificateFromPem,
  stakingCertificateFromSeed,
  verifyStakingSignature,
} from '../../services/runtime/avalanche/p2p/staking-certificate.ts';

const seed = (text: string) => new TextEncoder().encode(text);

function reasonOf(der: Uint8Array): string {
  try {
    parseStakingCertificate(der);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the certificate to be refused');
}

/** A certificate around an arbitrary SPKI (the signature is not checked by a parser, so any bytes do). */
function certificateWithSpki(spki: Uint8Array): Uint8Array {
  const algorithm = sequence(oid('1.2.840.10045.4.3.2'));
  const tbs = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(Uint8Array.of(1)),
    algorithm,
    sequence(),
    sequence(time(new Date(Date.UTC(2000, 0, 1))), time(new Date(Date.UTC(2100, 0, 1)))),
    sequence(),
    spki,
  );
  return sequence(tbs, algorithm, bitString(Uint8Array.of(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01)));
}

describe('avalanche p2p: staking certificates', () => {
  it('a seed always gives the same DER and so the same NodeID', () => {
    const a = stakingCertificateFromSeed(seed('validator-1'));
    const b = stakingCertificateFromSeed(seed('validator-1'));
    const c = stakingCertificateFromSeed(seed('validator-2'));
    expect(Buffer.from(a.der).equals(Buffer.from(b.der))).to.be.true;
    expect(a.nodeId).to.deep.equal(b.nodeId);
    expect(a.nodeId).to.not.deep.equal(c.nodeId);
    expect(a.privateKeyPem).to.equal(b.privateKeyPem);
  });

  it('is an X.509 v3 certificate node:crypto parses, self-signed with ECDSA P-256 and SHA-256', () => {
    for (const certificate of [stakingCertificateFromSeed(seed('parse')), createStakingCertificate()]) {
      const x509 = new X509Certificate(certificate.der);
      expect(certificate.der.length).to.be.at.most(MAX_CERTIFICATE_BYTES);
      expect(x509.publicKey.asymmetricKeyType).to.equal('ec');
      expect(x509.publicKey.asymmetricKeyDetails?.namedCurve).to.equal('prime256v1');
      expect(x509.verify(x509.publicKey)).to.be.true;
      expect(x509.checkPrivateKey(certificate.privateKey)).to.be.true;
      expect(x509.ca).to.be.false;
      expect(x509.validFrom).to.equal('Jan  1 00:00:00 2000 GMT');
      expect(x509.validTo).to.equal('Dec 31 23:59:59 9999 GMT');
      // The SPKI holds the uncompressed point (04 ‖ x ‖ y).
      const spki = x509.publicKey.export({ type: 'spki', format: 'der' });
      expect(spki[spki.length - 65]).to.equal(0x04);
      // node:tls takes the pair as is.
      const pair = { key: certificate.privateKeyPem, cert: certificate.certificatePem };
      expect(() => createSecureContext(pair)).to.not.throw();
      expect(parseStakingCertificate(certificate.der).algorithm).to.equal('ecdsa');
    }
  });

  it('the seeded key is the one the certificate carries', () => {
    const certificate = stakingCertificateFromSeed(seed('rfc6979'));
    const jwk = certificate.privateKey.export({ format: 'jwk' });
    const scalar = Buffer.from(jwk.d!, 'base64url');
    const point = p256.getPublicKey(scalar, false);
    const spki = new X509Certificate(certificate.der).publicKey.export({ type: 'spki', format: 'der' });
    expect(Buffer.from(spki.subarray(-65)).equals(Buffer.from(point))).to.be.true;
  });

  it('NodeID = RIPEMD-160(SHA-256(DER)), computed two ways', () => {
    const certificate = stakingCertificateFromSeed(seed('node-id'));
    const viaOpenssl = createHash('ripemd160')
      .update(createHash('sha256').update(certificate.der).digest())
      .digest();
    expect(Buffer.from(nodeIdOfCertificate(certificate.der)).equals(viaOpenssl)).to.be.true;
    expect(certificate.nodeId).to.have.length(20);
    expect(formatNodeId(certificate.nodeId)).to.match(/^NodeID-[1-9A-HJ-NP-Za-km-z]+$/);
    // RIPEMD-160 of SHA-256 of the empty string, a fixed point for the composition.
    expect(Buffer.from(nodeIdOfCertificate(new Uint8Array(0))).toString('hex')).to.equal(
      'b472a266d0bd89c13706a4132ccfb16f7c3b9fcb',
    );
  });

  it('two calls to createStakingCertificate give two identities', () => {
    expect(createStakingCertificate().nodeId).to.not.deep.equal(createStakingCertificate().nodeId);
  });

  it('loadOrCreateStakingCertificate writes staker.crt and a 0600 staker.key once, and reuses them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staking-'));
    try {
      const first = await loadOrCreateStakingCertificate(join(dir, 'nested'));
      expect(statSync(join(dir, 'nested', 'staker.key')).mode & 0o777).to.equal(0o600);
      expect(readFileSync(join(dir, 'nested', 'staker.crt'), 'utf8')).to.equal(first.certificatePem);
      const second = await loadOrCreateStakingCertificate(join(dir, 'nested'));
      expect(second.nodeId).to.deep.equal(first.nodeId);
      expect(Buffer.from(second.der).equals(Buffer.from(first.der))).to.be.true;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stakingCertificateFromPem refuses a key that is not the certificate’s', () => {
    const a = stakingCertificateFromSeed(seed('a'));
    const b = stakingCertificateFromSeed(seed('b'));
    expect(stakingCertificateFromPem(a.certificatePem, a.privateKeyPem).nodeId).to.deep.equal(a.nodeId);
    expect(() => stakingCertificateFromPem(a.certificatePem, b.privateKeyPem)).to.throw(/does not match/);
  });

  describe('what a peer’s certificate must be', () => {
    it('accepts RSA 2048 with e = 65537', () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const der = selfSignedCertificate(privateKey);
      expect(new X509Certificate(der).verify(new X509Certificate(der).publicKey)).to.be.true;
      expect(parseStakingCertificate(der).algorithm).to.equal('rsa');
    });

    it('refuses RSA 1024, RSA with e = 3, other curves and other key types', () => {
      const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
      expect(reasonOf(selfSignedCertificate(rsa1024))).to.equal('unsupported RSA modulus of 1024 bits');
      const rsaE3 = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 3 }).privateKey;
      expect(reasonOf(selfSignedCertificate(rsaE3))).to.equal('unsupported RSA public exponent 3');
      const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
      expect(reasonOf(selfSignedCertificate(p384))).to.equal('only P-256 is allowed for ECDSA');
      const ed25519 = generateKeyPairSync('ed25519').privateKey;
      expect(() => selfSignedCertificate(ed25519)).to.throw(/unsupported staking key type/);
    });

    it('refuses a compressed P-256 point', () => {
      const point = p256.getPublicKey(p256.utils.randomSecretKey(), true);
      const spki = sequence(sequence(oid('1.2.840.10045.2.1'), oid('1.2.840.10045.3.1.7')), bitString(point));
      const der = certificateWithSpki(spki);
      expect(() => new X509Certificate(der)).to.not.throw();
      expect(reasonOf(der)).to.equal('ECDSA key is not an uncompressed point');
      const uncompressed = p256.Point.fromBytes(point).toBytes(false);
      const good = sequence(
        sequence(oid('1.2.840.10045.2.1'), oid('1.2.840.10045.3.1.7')),
        bitString(uncompressed),
      );
      expect(parseStakingCertificate(certificateWithSpki(good)).algorithm).to.equal('ecdsa');
    });

    it('refuses more than 2048 bytes and bytes that are not a certificate', () => {
      expect(reasonOf(new Uint8Array(MAX_CERTIFICATE_BYTES + 1))).to.match(/more than 2048/);
      expect(reasonOf(Uint8Array.of(0x30, 0x03, 0x02, 0x01, 0x01))).to.match(/does not parse/);
    });
  });

  describe('signatures over the claimed IP', () => {
    const message = Uint8Array.from({ length: 26 }, (_, i) => i);

    it('ECDSA: ASN.1 DER over SHA-256, verified with the certificate key', () => {
      const certificate = stakingCertificateFromSeed(seed('sign'));
      const signature = signWithStakingKey(certificate.privateKey, message);
      expect(signature[0]).to.equal(0x30);
      const { key } = parseStakingCertificate(certificate.der);
      expect(verifyStakingSignature(key, message, signature)).to.be.true;
      // noble agrees on the encoding (DER, SHA-256 prehash).
      const point = new X509Certificate(certificate.der).publicKey
        .export({ type: 'spki', format: 'der' })
        .subarray(-65);
      expect(p256.verify(signature, message, point, { format: 'der', lowS: false })).to.be.true;
      expect(verifyStakingSignature(key, message.with(0, 99), signature)).to.be.false;
      expect(verifyStakingSignature(key, message, signature.subarray(1))).to.be.false;
    });

    it('RSA: PKCS#1 v1.5 over SHA-256', () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const { key } = parseStakingCertificate(selfSignedCertificate(privateKey));
      const signature = signWithStakingKey(privateKey, message);
      expect(signature).to.have.length(256);
      expect(verifyStakingSignature(key, message, signature)).to.be.true;
      expect(verifyStakingSignature(key, message.with(25, 0), signature)).to.be.false;
    });
  });
});
