import { generateKeyPairSync } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { expect } from 'chai';
import {
  buildHandshake,
  checkHandshake,
  CLIENT,
  formatIpAddress,
  ipAddressBytes,
  isBlsSignaturePoint,
  isCompatibleVersion,
  PROOF_OF_POSSESSION_DST,
  signedIpBytes,
  signIp,
  versionCompatibility,
} from '../../services/runtime/avalanche/p2p/handshake.ts';
import type { HandshakeExpectations } from '../../services/runtime/avalanche/p2p/handshake.ts';
import type { Handshake } from '../../services/runtime/avalanche/p2p/messages.ts';
import {
  parseStakingCertificate,
  selfSignedCertificate,
  stakingCertificateFromSeed,
} from '../../services/runtime/avalanche/p2p/staking-certificate.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bls = bls12_381.longSignatures;
const NOW = 1_760_000_000;
const certificate = stakingCertificateFromSeed(new TextEncoder().encode('handshake-test'));
const other = stakingCertificateFromSeed(new TextEncoder().encode('someone else'));
const blsSecretKey = bls12_381.utils.randomSecretKey(new Uint8Array(48).fill(7));
const blsPublicKey = bls.getPublicKey(blsSecretKey).toBytes(true);

type Claim = Parameters<typeof signIp>[0];
type Rest = Omit<Parameters<typeof buildHandshake>[0], 'signedIp'>;

/** Our Handshake at NOW, claiming 10.0.0.1:9651 signed at NOW, with any of it overridden. */
function ours(overrides: Partial<Claim & Rest> = {}): Handshake {
  const nowSeconds = overrides.nowSeconds ?? NOW;
  const claim: Claim = {
    ip: '10.0.0.1',
    port: 9651,
    timestamp: BigInt(Math.floor(nowSeconds)),
    stakingKey: certificate.privateKey,
    blsSecretKey,
    ...overrides,
  };
  return buildHandshake({
    networkId: 12345,
    upgradeTime: 0,
    ...overrides,
    nowSeconds,
    signedIp: signIp(claim),
  });
}

function expectations(overrides: Partial<HandshakeExpectations> = {}): HandshakeExpectations {
  return {
    networkId: 12345,
    nowSeconds: NOW,
    peerKey: parseStakingCertificate(certificate.der),
    compatibility: versionCompatibility(Number.POSITIVE_INFINITY),
    ...overrides,
  };
}

// Signing (BLS in pure JS) is the slow part: the unchanged Handshake is built once.
const base = ours();

describe('avalanche p2p: handshake', () => {
  it('signs 16-byte IP ‖ port u16 ‖ timestamp u64, IPv4 written as ::ffff:a.b.c.d', () => {
    expect(hex(signedIpBytes(Uint8Array.of(1, 2, 3, 4), 9651, 0x0102030405060708n))).to.equal(
      '00000000000000000000ffff01020304' + '25b3' + '0102030405060708',
    );
    const v6 = ipAddressBytes('2001:db8::1');
    expect(hex(signedIpBytes(v6, 1, 0n))).to.equal(
      '20010db8000000000000000000000001' + '0001' + '0000000000000000',
    );
    expect(signedIpBytes(Uint8Array.of(0, 0, 0, 0), 1, 0n)).to.have.length(26);
    expect(() => signedIpBytes(new Uint8Array(5), 1, 0n)).to.throw();
  });

  it('reads IP text as 4 or 16 bytes', () => {
    expect(hex(ipAddressBytes('127.0.0.1'))).to.equal('7f000001');
    expect(hex(ipAddressBytes('::1'))).to.equal('00'.repeat(15) + '01');
    expect(hex(ipAddressBytes('fe80::1%eth0'))).to.equal('fe80' + '00'.repeat(13) + '01');
    expect(hex(ipAddressBytes('::'))).to.equal('00'.repeat(16));
    expect(hex(ipAddressBytes('fe80::1:2'))).to.equal('fe80' + '00'.repeat(10) + '00010002');
    expect(hex(ipAddressBytes('::ffff:1.2.3.4'))).to.equal('00'.repeat(10) + 'ffff01020304');
    expect(hex(ipAddressBytes('1:2:3:4:5:6:7:8'))).to.equal('00010002000300040005000600070008');
    expect(() => ipAddressBytes('example.com')).to.throw(/not an IP/);
    expect(formatIpAddress(ipAddressBytes('10.1.2.3'))).to.equal('10.1.2.3');
    expect(formatIpAddress(ipAddressBytes('::ffff:10.1.2.3'))).to.equal('10.1.2.3');
    expect(formatIpAddress(ipAddressBytes('2001:db8::1'))).to.equal('2001:db8:0:0:0:0:0:1');
    expect(ipAddressBytes(formatIpAddress(ipAddressBytes('fe80::1:2')))).to.deep.equal(
      ipAddressBytes('fe80::1:2'),
    );
  });

  it('builds a Handshake a node accepts: avalanchego 1.15.0, all_subnets, both IP signatures', () => {
    const handshake = ours({ trackedSubnets: [new Uint8Array(32).fill(1)], supportedAcps: [118] });
    expect(handshake.client).to.deep.equal({ name: 'avalanchego', major: 1, minor: 15, patch: 0 });
    expect(handshake.client).to.deep.equal(CLIENT);
    expect(handshake.allSubnets).to.be.true;
    expect(handshake.myTime).to.equal(BigInt(NOW));
    expect(handshake.ipSigningTime).to.equal(BigInt(NOW));
    expect(hex(handshake.ipAddr)).to.equal('0a000001');
    expect(handshake.ipBlsSig).to.have.length(96);
    const signed = signedIpBytes(handshake.ipAddr, 9651, BigInt(NOW));
    expect(bls.verify(handshake.ipBlsSig, bls.hash(signed, PROOF_OF_POSSESSION_DST), blsPublicKey)).to.be
      .true;
    expect(checkHandshake(handshake, expectations())).to.equal(undefined);
    // A primary-network validator's IP BLS signature must verify against its registered key.
    expect(checkHandshake(handshake, expectations({ validatorBlsKey: blsPublicKey }))).to.equal(undefined);
  });

  it('refuses to build more than 16 tracked subnets, a subnet id that is not 32 bytes, or port 0', () => {
    expect(() => ours({ trackedSubnets: Array.from({ length: 17 }, () => new Uint8Array(32)) })).to.throw(
      /16/,
    );
    expect(() => ours({ trackedSubnets: [new Uint8Array(31)] })).to.throw(/32 bytes/);
    expect(() => ours({ port: 0 })).to.throw(/port/);
  });

  it('accepts an RSA peer’s PKCS#1 v1.5 signature', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const handshake = ours({ stakingKey: privateKey });
    const peerKey = parseStakingCertificate(selfSignedCertificate(privateKey));
    expect(checkHandshake(handshake, expectations({ peerKey }))).to.equal(undefined);
  });

  describe('each reason a node closes the connection', () => {
    const rejected = (handshake: Handshake, overrides: Partial<HandshakeExpectations> = {}) =>
      checkHandshake(handshake, expectations(overrides));

    it('another network id', () => {
      expect(rejected(ours({ networkId: 5 }))).to.equal('network id 5 is not 12345');
    });

    it('a clock more than 60 s away, either way', () => {
      expect(rejected({ ...base, myTime: BigInt(NOW + 61) })).to.match(/^clock difference/);
      expect(rejected({ ...base, myTime: BigInt(NOW - 61) })).to.match(/^clock difference/);
      expect(rejected({ ...base, myTime: BigInt(NOW + 60) })).to.equal(undefined);
      expect(rejected({ ...base, myTime: BigInt(NOW - 60) })).to.equal(undefined);
    });

    it('an incompatible version: a newer major, or below the minimum in force', () => {
      const before = versionCompatibility(NOW + 1000);
      const after = versionCompatibility(NOW - 1);
      const withClient = (major: number, minor: number, patch: number): Handshake => ({
        ...base,
        client: { name: 'anything', major, minor, patch },
      });
      expect(rejected(withClient(2, 0, 0), { compatibility: before })).to.match(/incompatible version/);
      expect(rejected(withClient(1, 13, 9), { compatibility: before })).to.match(/incompatible version/);
      expect(rejected(withClient(1, 14, 0), { compatibility: before })).to.equal(undefined);
      // A newer minor is only worth a log line; the name is not read.
      expect(rejected(withClient(1, 99, 0), { compatibility: before })).to.equal(undefined);
      expect(rejected(withClient(1, 14, 9), { compatibility: after })).to.match(/incompatible version/);
      expect(rejected(withClient(1, 15, 0), { compatibility: after })).to.equal(undefined);
      expect(rejected({ ...base, client: undefined })).to.match(/incompatible version/);
      expect(isCompatibleVersion(CLIENT, after, NOW)).to.be.true;
    });

    it('more than 16 tracked subnets, or one that is not 32 bytes', () => {
      const seventeen = Array.from({ length: 17 }, () => new Uint8Array(32));
      expect(rejected({ ...base, trackedSubnets: seventeen })).to.equal('17 tracked subnets, more than 16');
      expect(rejected({ ...base, trackedSubnets: seventeen.slice(1) })).to.equal(undefined);
      expect(rejected({ ...base, trackedSubnets: [new Uint8Array(33)] })).to.equal(
        'a tracked subnet id is not 32 bytes',
      );
    });

    it('an ACP both supported and objected', () => {
      expect(rejected({ ...base, supportedAcps: [1, 118], objectedAcps: [118] })).to.equal(
        'ACP 118 is both supported and objected',
      );
      expect(rejected({ ...base, supportedAcps: [1], objectedAcps: [2] })).to.equal(undefined);
    });

    it('known peers whose filter does not parse or whose salt is over 32 bytes (but they may be left out)', () => {
      const knownPeers = (filter: Uint8Array, salt: Uint8Array) => ({
        ...base,
        knownPeers: { filter, salt },
      });
      const empty = Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
      expect(rejected(knownPeers(new Uint8Array(0), new Uint8Array(0)))).to.equal(
        'known peers filter: invalid num hashes',
      );
      expect(rejected(knownPeers(Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0), new Uint8Array(0)))).to.equal(
        'known peers filter: too few entries',
      );
      expect(rejected(knownPeers(empty, new Uint8Array(33)))).to.equal(
        'known peers salt is 33 bytes, more than 32',
      );
      expect(rejected(knownPeers(empty, new Uint8Array(32)))).to.equal(undefined);
      expect(rejected({ ...base, knownPeers: undefined })).to.equal(undefined);
    });

    it('an IP that is not 4 or 16 bytes, or port 0 (the IP value itself is not checked)', () => {
      expect(rejected({ ...base, ipAddr: new Uint8Array(5) })).to.equal('IP of 5 bytes');
      expect(rejected({ ...base, ipPort: 0 })).to.equal('port 0');
      // The port is a u16 on the node: 65536 is 0.
      expect(rejected({ ...base, ipPort: 65536 })).to.equal('port 0');
      expect(rejected(ours({ ip: '0.0.0.0', port: 1 }))).to.equal(undefined);
      expect(rejected(ours({ ip: '::1', port: 1 }))).to.equal(undefined);
    });

    it('an IP signing time more than 60 s ahead (there is no lower bound)', () => {
      const ahead = (seconds: number) => ({ ...ours({ nowSeconds: NOW + seconds }), myTime: BigInt(NOW) });
      expect(rejected(ahead(61))).to.equal(`IP signing time ${NOW + 61} is too far in the future`);
      expect(rejected(ahead(60))).to.equal(undefined);
      expect(rejected(ahead(-86_400 * 365))).to.equal(undefined);
    });

    it('a TLS signature that is not the certificate key’s over the signed IP', () => {
      expect(rejected(base, { peerKey: parseStakingCertificate(other.der) })).to.equal(
        'invalid TLS signature',
      );
      expect(rejected({ ...base, ipPort: 9652 })).to.equal('invalid TLS signature');
      expect(rejected({ ...base, ipSigningTime: BigInt(NOW - 1) })).to.equal('invalid TLS signature');
      expect(rejected({ ...base, ipNodeIdSig: new Uint8Array(0) })).to.equal('invalid TLS signature');
    });

    it('an IP BLS signature that is not a G2 point, for anyone', () => {
      const notAPoint = new Uint8Array(96).fill(0xaa);
      expect(isBlsSignaturePoint(notAPoint)).to.be.false;
      expect(rejected({ ...base, ipBlsSig: notAPoint })).to.equal('IP BLS signature is not a G2 point');
      expect(rejected({ ...base, ipBlsSig: base.ipBlsSig.subarray(1) })).to.equal(
        'IP BLS signature is not a G2 point',
      );
      expect(rejected({ ...base, ipBlsSig: new Uint8Array(0) })).to.equal(
        'IP BLS signature is not a G2 point',
      );
      // The point at infinity passes blst's SigValidate(false), as in avalanchego, when nobody checks the key.
      const infinity = Uint8Array.of(0xc0, ...new Uint8Array(95));
      expect(rejected({ ...base, ipBlsSig: infinity })).to.equal(undefined);
    });

    it('for a primary-network validator, an IP BLS signature its registered key did not make', () => {
      const otherKey = bls.getPublicKey(bls12_381.utils.randomSecretKey()).toBytes(true);
      expect(rejected(base, { validatorBlsKey: otherKey })).to.equal(
        'IP BLS signature does not verify against the validator key',
      );
      // Signed with the signature tag instead of the proof-of-possession tag.
      const handshake = base;
      const signed = signedIpBytes(handshake.ipAddr, handshake.ipPort, handshake.ipSigningTime);
      const wrongTag = bls.sign(
        bls.hash(signed, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'),
        blsSecretKey,
      );
      expect(
        rejected({ ...handshake, ipBlsSig: wrongTag.toBytes(true) }, { validatorBlsKey: blsPublicKey }),
      ).to.equal('IP BLS signature does not verify against the validator key');
    });
  });
});
