import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { DomainError } from '../../services/runtime/errors.ts';
import {
  canonicalJson,
  createPageTokens,
  PAGE_TOKEN_TTL_MS,
  type PageQuery,
} from '../../services/runtime/pagination/page-token.ts';

const SECRET = 'a-page-token-secret-of-enough-characters';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

const silent = pino({ level: 'silent' });

const blocksQuery: PageQuery = {
  route: 'listLatestPrimaryNetworkBlocks',
  params: {
    chain: { network: 'fuji', blockchain_id: '11111111111111111111111111111111LpoYY' },
    sort: 'desc',
  },
};

function pageTokenError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(DomainError);
    expect((err as DomainError).kind).to.equal('invalid_argument');
    return (err as DomainError).message;
  }
  throw new Error('expected a pageToken error');
}

/** The token with one byte of its signed payload changed (the MAC left as it was). */
function tampered(token: string): string {
  const raw = Buffer.from(token, 'base64url');
  raw[raw.length - 5]! ^= 0x01;
  return raw.toString('base64url');
}

describe('page tokens', () => {
  let clock: number;
  const tokens = () => createPageTokens({ secret: SECRET, log: silent, now: () => clock });

  beforeEach(() => {
    clock = Date.parse('2026-03-01T00:00:00Z');
  });

  it("round-trips the service's cursor", () => {
    const codec = tokens();
    const token = codec.issue(blocksQuery, 'cursor:42/ü')!;
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);
    expect(token).not.to.include('cursor');
    expect(codec.open(blocksQuery, token)).to.equal('cursor:42/ü');
  });

  it('issues no token for an empty cursor (the last page) and opens no token as the first page', () => {
    const codec = tokens();
    expect(codec.issue(blocksQuery, '')).to.equal(undefined);
    expect(codec.open(blocksQuery, undefined)).to.equal('');
    expect(codec.open(blocksQuery, '')).to.equal('');
  });

  it('binds a token to its query, whatever order the parameters come in', () => {
    const codec = tokens();
    const token = codec.issue(blocksQuery, 'c1')!;
    const reordered: PageQuery = {
      route: blocksQuery.route,
      params: {
        sort: 'desc',
        chain: { blockchain_id: '11111111111111111111111111111111LpoYY', network: 'fuji' },
      },
    };
    expect(codec.open(reordered, token)).to.equal('c1');
    const otherChain = { ...blocksQuery, params: { ...blocksQuery.params, chain: { network: 'mainnet' } } };
    expect(pageTokenError(() => codec.open(otherChain, token))).to.match(
      /^pageToken: issued for a different query/,
    );
    const otherRoute = { ...blocksQuery, route: 'listLatestPrimaryNetworkTransactions' };
    expect(pageTokenError(() => codec.open(otherRoute, token))).to.match(
      /^pageToken: issued for a different query/,
    );
  });

  it('binds byte parameters by value', () => {
    const codec = tokens();
    const query = (address: number): PageQuery => ({
      route: 'r',
      params: { addresses: [Buffer.alloc(20, address)] },
    });
    const token = codec.issue(query(1), 'c')!;
    expect(codec.open({ route: 'r', params: { addresses: [new Uint8Array(20).fill(1)] } }, token)).to.equal(
      'c',
    );
    expect(pageTokenError(() => codec.open(query(2), token))).to.match(/different query/);
  });

  it('expires 24 hours after it was issued', () => {
    const codec = tokens();
    const token = codec.issue(blocksQuery, 'c')!;
    clock += PAGE_TOKEN_TTL_MS - 1;
    expect(codec.open(blocksQuery, token)).to.equal('c');
    clock += 1;
    expect(pageTokenError(() => codec.open(blocksQuery, token))).to.equal(
      'pageToken: expired at 2026-03-02T00:00:00.000Z (page tokens live 24 hours); start again from the first page',
    );
  });

  it('refuses a token whose payload was altered, even one that was never valid JSON again', () => {
    const codec = tokens();
    const token = codec.issue(blocksQuery, 'c')!;
    expect(pageTokenError(() => codec.open(blocksQuery, tampered(token)))).to.match(
      /^pageToken: signature mismatch: the token was altered/,
    );
  });

  it('refuses a token signed with another secret (another deployment, or a restart without a secret)', () => {
    const token = createPageTokens({ secret: `${SECRET}-other`, log: silent, now: () => clock }).issue(
      blocksQuery,
      'c',
    )!;
    expect(pageTokenError(() => tokens().open(blocksQuery, token))).to.match(
      /^pageToken: signature mismatch/,
    );
  });

  it('refuses malformed tokens', () => {
    const codec = tokens();
    for (const token of ['not a token!', 'abc', 'A'.repeat(43), '%2F', `${codec.issue(blocksQuery, 'c')}=`])
      expect(
        pageTokenError(() => codec.open(blocksQuery, token)),
        token,
      ).to.match(/^pageToken: malformed/);
  });

  it('refuses a correctly signed payload it cannot read', async () => {
    const { createHmac } = await import('node:crypto');
    const payload = Buffer.from('{"v":1,"q":"x"}');
    const mac = createHmac('sha256', Buffer.from(SECRET)).update(payload).digest();
    const token = Buffer.concat([mac, payload]).toString('base64url');
    expect(pageTokenError(() => tokens().open(blocksQuery, token))).to.equal(
      'pageToken: malformed: unreadable payload',
    );
  });

  it('without a secret, signs with a random one per process and warns that tokens will not survive restarts', () => {
    const { log, lines } = capturingLogger();
    const first = createPageTokens({ secret: undefined, log });
    const second = createPageTokens({ secret: undefined, log: silent });
    expect(lines).to.have.length(1);
    expect(lines[0]!.level).to.equal(40);
    expect(String(lines[0]!.msg)).to.match(/PAGE_TOKEN_SECRET is not set.*restarts.*replicas/);
    const token = first.issue(blocksQuery, 'c')!;
    expect(first.open(blocksQuery, token)).to.equal('c');
    expect(pageTokenError(() => second.open(blocksQuery, token))).to.match(/signature mismatch/);
  });

  it('canonical JSON sorts keys at every depth and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [Buffer.from([1, 255])], c: undefined, b: 2n } })).to.equal(
      '{"a":{"b":"2","d":["01ff"]},"b":1}',
    );
  });
});
