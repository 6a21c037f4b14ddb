import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys as callers hold them: `cds_<id>_<secret>`. The id is public (it names the key in lists, logs and usage
 * answers, and finds its record); only a keyed hash (HMAC-SHA256 under the stack's API_KEY_SECRET) of the whole key
 * is stored, so a database dump alone cannot be turned into working keys, and the hash is compared in constant time.
 */
const KEY_PREFIX = 'cds_';
const ID_BYTES = 6;
const SECRET_BYTES = 32;
const KEY_PATTERN = /^cds_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface IssuedKey {
  /** The key id (public). */
  id: string;
  /** The key itself, shown once. */
  key: string;
}

export function issueKey(): IssuedKey {
  const id = randomBytes(ID_BYTES).toString('hex');
  return { id, key: `${KEY_PREFIX}${id}_${randomBytes(SECRET_BYTES).toString('base64url')}` };
}

const CHOSEN_KEY = /^[\x21-\x7e]{32,256}$/;

/**
 * The id of a key: the one it carries in the issued form; for a key an operator chose (a bootstrap key: any 32 to
 * 256 visible ASCII characters), one derived from it. Undefined for text that cannot be a key.
 */
export function keyIdOf(key: string): string | undefined {
  const issued = KEY_PATTERN.exec(key);
  if (issued) return issued[1];
  if (!CHOSEN_KEY.test(key)) return undefined;
  return createHash('sha256')
    .update(key)
    .digest('hex')
    .slice(0, 2 * ID_BYTES);
}

export function keyHash(secret: string, key: string): Buffer {
  return createHmac('sha256', secret).update(key).digest();
}

export function keyMatches(secret: string, key: string, storedHash: Buffer): boolean {
  const hash = keyHash(secret, key);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
