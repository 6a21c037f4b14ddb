import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.ts';
import { isObj } from './json.ts';

// ---- Authentication: a static admin token and service-account tokens from the TokenRequest API ----

export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
}

/** The audience service-account tokens carry unless a TokenRequest names others; only it is accepted here. */
export const API_AUDIENCE = 'https://kubernetes.default.svc';

/** The user of the static token, as envtest's tokens.csv defines it: a member of system:masters, above RBAC. */
export const ADMIN: UserInfo = {
  name: 'admin',
  uid: 'admin',
  groups: ['system:masters', 'system:authenticated'],
};

/** Who sends no credentials: RBAC's bootstrap bindings let them read /version and the health endpoints only. */
export const ANONYMOUS: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

export const unauthorized = (): ApiError => new ApiError(401, 'Unauthorized', 'Unauthorized');

export function serviceAccountUser(namespace: string, name: string, uid: string): UserInfo {
  return {
    name: `system:serviceaccount:${namespace}:${name}`,
    uid,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'],
  };
}

/** The claims kube-apiserver puts in a service-account token, so a test that decodes one reads familiar fields. */
interface Claims {
  aud: string[];
  exp: number;
  iat: number;
  iss: string;
  jti: string;
  'kubernetes.io': { namespace: string; serviceaccount: { name: string; uid: string } };
  nbf: number;
  sub: string;
}

export interface ServiceAccountRef {
  namespace: string;
  name: string;
  uid: string;
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * JWTs shaped like the API server's (header.claims.signature), signed with a key of this server alone (HS256, as
 * nothing outside verifies them), so a token is self-contained and stays valid exactly as long as its account.
 */
export class TokenIssuer {
  readonly adminToken = randomBytes(24).toString('hex');
  private readonly key = randomBytes(32);

  issue(
    account: ServiceAccountRef,
    audiences: string[],
    expirationSeconds: number,
  ): { token: string; exp: number } {
    const iat = Math.floor(Date.now() / 1000);
    const claims: Claims = {
      aud: audiences,
      exp: iat + expirationSeconds,
      iat,
      iss: API_AUDIENCE,
      jti: randomUUID(),
      'kubernetes.io': {
        namespace: account.namespace,
        serviceaccount: { name: account.name, uid: account.uid },
      },
      nbf: iat,
      sub: `system:serviceaccount:${account.namespace}:${account.name}`,
    };
    const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}`;
    return { token: `${unsigned}.${this.sign(unsigned)}`, exp: claims.exp };
  }

  /** The service account a token names, if this server signed it for the API and it has not expired. */
  verify(token: string): ServiceAccountRef | undefined {
    const [header, payload, signature] = token.split('.');
    if (header === undefined || payload === undefined || signature === undefined) return undefined;
    const expected = Buffer.from(this.sign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
    if (claims.exp <= Date.now() / 1000 || !claims.aud.includes(API_AUDIENCE)) return undefined;
    const { namespace, serviceaccount } = claims['kubernetes.io'];
    return { namespace, name: serviceaccount.name, uid: serviceaccount.uid };
  }

  private sign(unsigned: string): string {
    return createHmac('sha256', this.key).update(unsigned).digest('base64url');
  }
}

/** A TokenRequest's spec with the API server's defaults: the API audience, one hour. */
export function tokenRequestSpec(body: unknown): { audiences: string[]; expirationSeconds: number } {
  const spec = isObj(body) && isObj(body.spec) ? body.spec : {};
  const audiences = Array.isArray(spec.audiences) ? spec.audiences.map(String) : [];
  const expirationSeconds = typeof spec.expirationSeconds === 'number' ? spec.expirationSeconds : 3600;
  return { audiences: audiences.length > 0 ? audiences : [API_AUDIENCE], expirationSeconds };
}
