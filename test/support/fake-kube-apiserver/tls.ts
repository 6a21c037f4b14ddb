import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// ---- A self-signed serving certificate for 127.0.0.1 ----
//
// kubectl and helm (client-go) send a kubeconfig's credentials only to an https server, so the fake serves TLS too.
// The certificate is written here in DER, with node:crypto signing it, so no openssl or certificate library is needed.

const bytesOf = (n: number): number[] => (n === 0 ? [] : [...bytesOf(Math.floor(n / 256)), n % 256]);
/** Tag, length (short form, or long form past 127 bytes), content. */
const tlv = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  const length = n < 0x80 ? [n] : [0x80 | bytesOf(n).length, ...bytesOf(n)];
  return Buffer.concat([Buffer.from([tag, ...length]), content]);
};
const seq = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts));
const explicit = (n: number, inner: Buffer): Buffer => tlv(0xa0 + n, inner);
const bool = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const octets = (content: Buffer): Buffer => tlv(0x04, content);
const bits = (content: Buffer): Buffer => tlv(0x03, Buffer.concat([Buffer.from([0]), content]));
const utf8 = (text: string): Buffer => tlv(0x0c, Buffer.from(text));
/** A non-negative INTEGER: a leading zero keeps a high first bit from reading as a sign. */
const int = (value: Buffer): Buffer =>
  tlv(0x02, (value[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const base128 = (n: number): number[] => {
    const out = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) out.unshift((v & 0x7f) | 0x80);
    return out;
  };
  return tlv(0x06, Buffer.from([first * 40 + second, ...rest.flatMap(base128)]));
}

/** UTCTime, which covers the years up to 2049. */
const time = (date: Date): Buffer =>
  tlv(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

const ECDSA_WITH_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

function pem(der: Buffer, label: string): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A P-256 key and a certificate for 127.0.0.1 and localhost, valid for a day, that is its own CA. */
export function selfSignedCertificate(): { cert: string; key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = seq(set(seq(oid('2.5.4.3'), utf8('fake-kube-apiserver'))));
  const now = Date.now();
  const altNames = seq(tlv(0x87, Buffer.from([127, 0, 0, 1])), tlv(0x82, Buffer.from('localhost')));
  const extensions = seq(
    seq(oid('2.5.29.19'), bool(true), octets(seq(bool(true)))),
    seq(oid('2.5.29.17'), octets(altNames)),
  );
  const serial = randomBytes(16);
  // Positive, and with no leading zero byte, which DER forbids.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const tbs = seq(
    explicit(0, int(Buffer.from([2]))),
    int(serial),
    ECDSA_WITH_SHA256,
    name,
    seq(time(new Date(now - 3_600_000)), time(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const certificate = seq(tbs, ECDSA_WITH_SHA256, bits(sign('sha256', tbs, privateKey)));
  return {
    cert: pem(certificate, 'CERTIFICATE'),
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
