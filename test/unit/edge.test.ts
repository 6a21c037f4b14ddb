import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { issueKey, keyHash, keyIdOf, keyMatches } from '../../services/edge/keys/api-key.ts';
import { decide, type Window } from '../../services/edge/limits/gcra.ts';
import { DEFAULT_TIERS, formatTiers, parseTiers } from '../../services/edge/limits/tiers.ts';
import {
  DATA_API,
  DEFAULT_WEIGHT_CLASS,
  METRICS_API,
  operationCost,
  rpcCost,
  type ApiWeights,
  type WeightClass,
} from '../../services/edge/limits/weights.ts';
import { rpcMethodsOf } from '../../services/gateway-rpc/rpc-admission.ts';
import { DATA_ROUTES } from '../../services/gateway-data/routes/index.ts';
import { METRICS_ROUTES } from '../../services/gateway-metrics/routes.ts';
import { partitionName } from '../../services/edge/store/request-logs.ts';

const MINUTE: Window = { periodMs: 60_000, limit: 100 };
const DAY: Window = { periodMs: 86_400_000, limit: 1_000 };

/** Runs requests of `cost` at `now` until one is refused; returns how many were allowed. */
function allowedInARow(windows: Window[], cost: number, now = 1_000_000): number {
  let tats: (number | undefined)[] = [];
  for (let n = 0; n < 10_000; n++) {
    const verdict = decide(windows, tats, cost, now);
    if (!verdict.allowed) return n;
    tats = verdict.tats;
  }
  throw new Error('never refused');
}

describe('edge: GCRA over a minute and a day', function () {
  it('allows exactly the CUs a window holds, then refuses', function () {
    expect(allowedInARow([MINUTE, DAY], 20)).to.equal(5);
    expect(allowedInARow([MINUTE, DAY], 1)).to.equal(100);
    expect(allowedInARow([MINUTE, DAY], 30)).to.equal(3);
    // A request costing more than the window holds is never allowed.
    expect(allowedInARow([MINUTE, DAY], 101)).to.equal(0);
  });

  it('says what is left and when a refused request could be allowed', function () {
    let tats: (number | undefined)[] = [];
    const now = 5_000_000;
    for (let i = 0; i < 5; i++) {
      const verdict = decide([MINUTE, DAY], tats, 20, now);
      expect(verdict.windows[0]).to.deep.equal({ remaining: 80 - 20 * i, retryAfterMs: 0 });
      expect(verdict.windows[1]!.remaining).to.equal(1_000 - 20 * (i + 1));
      tats = verdict.tats;
    }
    const refused = decide([MINUTE, DAY], tats, 20, now);
    expect(refused.allowed).to.equal(false);
    // 20 CUs refill in 12 s at 100 a minute; the refused request moved nothing.
    expect(refused.windows[0]).to.deep.equal({ remaining: 0, retryAfterMs: 12_000 });
    expect(refused.tats).to.deep.equal(tats);
    expect(decide([MINUTE, DAY], tats, 20, now + 11_999).allowed).to.equal(false);
    expect(decide([MINUTE, DAY], tats, 20, now + 12_000).allowed).to.equal(true);
  });

  it('refuses when any window is out, even with the other full', function () {
    const small: Window = { periodMs: 86_400_000, limit: 50 };
    expect(allowedInARow([MINUTE, small], 20)).to.equal(2);
    let tats: (number | undefined)[] = [];
    for (let i = 0; i < 2; i++) tats = decide([MINUTE, small], tats, 20, 0).tats;
    // A minute later the minute window is full again; the day still has only 10 CUs.
    const later = decide([MINUTE, small], tats, 20, 60_000);
    expect(later.allowed).to.equal(false);
    expect(later.windows[0]!.retryAfterMs).to.equal(0);
    expect(later.windows[1]!.retryAfterMs).to.be.greaterThan(0);
  });
});

describe('edge: tiers', function () {
  it('defaults to the published tiers', function () {
    expect(formatTiers(DEFAULT_TIERS)).to.equal(
      'unauthenticated=6000/1200000,free=8000/2000000,base=10000/3750000,growth=14000/11200000,pro=20000/25000000',
    );
  });

  it('replaces and adds tiers, and names what is wrong', function () {
    const tiers = parseTiers('free=1/2, partner=30000/50000000');
    expect(tiers.find((t) => t.name === 'free')).to.deep.equal({ name: 'free', perMinute: 1, perDay: 2 });
    expect(tiers.find((t) => t.name === 'partner')).to.deep.equal({
      name: 'partner',
      perMinute: 30_000,
      perDay: 50_000_000,
    });
    expect(tiers).to.have.length(6);
    expect(() => parseTiers('free=10')).to.throw('expected name=perMinute/perDay, got "free=10"');
    expect(() => parseTiers('Free=1/2')).to.throw('tier name "Free"');
    expect(() => parseTiers('free=0/2')).to.throw(
      'tier free: perMinute must be in [1, 1000000000000], got 0',
    );
  });
});

describe('edge: API keys', function () {
  const secret = 'a secret of at least thirty-two characters!';

  it('issues keys whose id they carry, and matches only the key itself', function () {
    const { id, key } = issueKey();
    expect(key).to.match(/^cds_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(keyIdOf(key)).to.equal(id);
    const stored = keyHash(secret, key);
    expect(keyMatches(secret, key, stored)).to.equal(true);
    expect(keyMatches(secret, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, stored)).to.equal(false);
    expect(keyMatches('another secret of at least thirty-two chars', key, stored)).to.equal(false);
    expect(issueKey().key).to.not.equal(key);
  });

  it('gives an operator-chosen key a stable id, and no id to text that cannot be a key', function () {
    const chosen = 'a-bootstrap-key-an-operator-chose-0123456789';
    expect(keyIdOf(chosen)).to.match(/^[0-9a-f]{12}$/);
    expect(keyIdOf(chosen)).to.equal(keyIdOf(chosen));
    expect(keyIdOf('short')).to.equal(undefined);
    expect(keyIdOf('x'.repeat(257))).to.equal(undefined);
    expect(keyIdOf(`${'x'.repeat(40)} with spaces`)).to.equal(undefined);
  });
});

type Document = {
  paths: Record<string, Record<string, { operationId?: string; 'x-execution-weight'?: string }>>;
};

function officialWeights(fixture: string): Map<string, string | undefined> {
  const document = JSON.parse(
    readFileSync(new URL(`../fixtures/${fixture}`, import.meta.url), 'utf8'),
  ) as Document;
  const weights = new Map<string, string | undefined>();
  for (const methods of Object.values(document.paths))
    for (const operation of Object.values(methods))
      if (operation.operationId) weights.set(operation.operationId, operation['x-execution-weight']);
  return weights;
}

function expectWeightsOfficial(
  routes: readonly { operationId: string }[],
  fixture: string,
  api: ApiWeights,
): void {
  const official = officialWeights(fixture);
  for (const { operationId } of routes) {
    if (!official.has(operationId)) continue; // a legacy route the document does not have
    const documented = (official.get(operationId) ?? DEFAULT_WEIGHT_CLASS) as WeightClass;
    const cost = operationCost(operationId, api);
    if (operationId.includes('health-check') || operationId.includes('live-check')) {
      expect(cost, operationId).to.equal(0);
      continue;
    }
    expect(cost, `${operationId} is ${documented} in the official document`).to.equal(api.cus[documented]);
  }
}

describe('edge: what a request costs', function () {
  it("costs every Data API route its official document's x-execution-weight", function () {
    expectWeightsOfficial(DATA_ROUTES, 'data-api.openapi.subset.json', DATA_API);
    expect(operationCost('getUtxosByAddresses', DATA_API)).to.equal(100);
    expect(operationCost('listTransactions', DATA_API)).to.equal(20);
  });

  it("costs every Metrics API route its document's class at the Metrics API's own CUs", function () {
    expectWeightsOfficial(METRICS_ROUTES, 'metrics-api.openapi.subset.json', METRICS_API);
    expect(operationCost('getEvmChainMetrics', METRICS_API)).to.equal(20);
    expect(operationCost('compositeQueryV2', METRICS_API)).to.equal(3_000);
  });

  it('costs node RPC calls by method, a batch the sum of its calls', function () {
    expect(rpcCost(['eth_chainId'])).to.equal(1);
    expect(rpcCost(['eth_getLogs'])).to.equal(200);
    expect(rpcCost(['eth_call', 'eth_call', 'eth_chainId'])).to.equal(21);
    // A method the document does not class (platform.getHeight) is medium.
    expect(rpcCost(['platform.getHeight'])).to.equal(20);
    expect(rpcMethodsOf('[{"method":"eth_call"},{"method":"eth_getLogs"},{"id":1}]')).to.deep.equal([
      'eth_call',
      'eth_getLogs',
    ]);
    expect(rpcMethodsOf('{"jsonrpc":"2.0","method":"eth_blockNumber"}')).to.deep.equal(['eth_blockNumber']);
    expect(rpcMethodsOf('not json')).to.deep.equal([]);
    expect(rpcMethodsOf('null')).to.deep.equal([]);
  });
});

describe('edge: request log partitions', function () {
  it('names a day partition by its UTC date', function () {
    expect(partitionName(Date.UTC(2026, 10, 27))).to.equal('request_logs_20261127');
  });
});
