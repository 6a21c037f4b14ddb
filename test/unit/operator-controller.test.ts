import { expect } from 'chai';
import type { V1Lease } from '@kubernetes/client-node';
import { LeaseObservation } from '../../operator/controller/leader-election.ts';
import { computeStatus, setCondition, type ObservedObject } from '../../operator/controller/status.ts';
import type { ChainDataStack } from '../../operator/api/v1alpha1.ts';
import { defaultedCustomResource } from '../support/fake-kube-apiserver/index.ts';
import { readCrd, readSample } from '../support/operator-cluster.ts';
import {
  bootstrapKeysProblem,
  exportClaimProblem,
  findSpecProblems,
  upstreamUrlProblem,
} from '../../operator/controller/validation.ts';
import { backoffDelay, TokenBucket, WorkQueue } from '../../operator/controller/work-queue.ts';
import type { Condition } from '../../operator/api/v1alpha1.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('operator work queue', () => {
  it('doubles the backoff per consecutive failure, up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 5, 1_000_000))).to.deep.equal([5, 10, 20, 40]);
    expect(backoffDelay(30, 5, 1_000_000)).to.equal(1_000_000);
    expect(backoffDelay(5000, 5, 1_000_000)).to.equal(1_000_000);
  });

  it('bounds retries overall with a token bucket: a burst at once, then the refill rate', () => {
    const bucket = new TokenBucket(10, 3, 0);
    expect([bucket.reserve(0), bucket.reserve(0), bucket.reserve(0)]).to.deep.equal([0, 0, 0]);
    expect(bucket.reserve(0)).to.equal(100);
    expect(bucket.reserve(0)).to.equal(200);
    // A second later the bucket has refilled (10 tokens a second, less the two owed), up to its burst of 3.
    expect(bucket.reserve(1_000)).to.equal(0);
    expect(bucket.reserve(10_000)).to.equal(0);
    expect([bucket.reserve(10_000), bucket.reserve(10_000), bucket.reserve(10_000)]).to.deep.equal([
      0, 0, 100,
    ]);
  });

  it('never runs one key twice at once, and runs it once more when added while running', async () => {
    let running = 0;
    let maxRunning = 0;
    const runs: string[] = [];
    const queue = new WorkQueue({
      workers: 4,
      process: async (key) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        runs.push(key);
        await sleep(20);
        running -= 1;
      },
    });
    queue.start();
    queue.add('ns/a');
    await sleep(5);
    // Added three times while running: one more run, not three.
    queue.add('ns/a');
    queue.add('ns/a');
    queue.add('ns/a');
    await sleep(100);
    await queue.idle();
    expect(maxRunning).to.equal(1);
    expect(runs).to.deep.equal(['ns/a', 'ns/a']);
    await queue.shutdown();
  });

  it('deduplicates a key waiting in the queue and runs different keys in parallel', async () => {
    const runs: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const queue = new WorkQueue({
      workers: 2,
      process: async (key) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        runs.push(key);
        await sleep(10);
        running -= 1;
      },
    });
    queue.add('ns/a');
    queue.add('ns/b');
    queue.add('ns/a');
    expect(queue.depth).to.equal(2);
    queue.start();
    await sleep(50);
    await queue.idle();
    expect(runs.sort()).to.deep.equal(['ns/a', 'ns/b']);
    expect(maxRunning).to.equal(2);
    await queue.shutdown();
  });

  it('retries a failing key with growing delays and forgets the failures after a success', async () => {
    const times: number[] = [];
    const errors: number[] = [];
    let calls = 0;
    const queue = new WorkQueue({
      baseDelayMs: 10,
      maxDelayMs: 1_000,
      process: async () => {
        calls += 1;
        times.push(performance.now());
        if (calls <= 3) throw new Error('not yet');
        await Promise.resolve();
      },
      onError: (_key, _err, retryInMs) => errors.push(retryInMs),
    });
    queue.start();
    queue.add('ns/a');
    while (calls < 4) await sleep(5);
    expect(errors).to.deep.equal([10, 20, 40]);
    expect(times[3]! - times[2]!).to.be.at.least(35);
    await queue.shutdown();
  });

  it('requeues after the delay a reconcile asks for', async () => {
    let calls = 0;
    const queue = new WorkQueue({
      process: async () => {
        calls += 1;
        await Promise.resolve();
        return calls === 1 ? { requeueAfterMs: 30 } : {};
      },
    });
    queue.start();
    queue.add('ns/a');
    await sleep(10);
    expect(calls).to.equal(1);
    expect(queue.depth).to.equal(1);
    await sleep(60);
    expect(calls).to.equal(2);
    await queue.shutdown();
  });

  it('finishes shutting down when a reconcile fails while it stops', async () => {
    let release: () => void = () => {};
    const queue = new WorkQueue({
      process: () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new Error('failed'));
        }),
    });
    queue.start();
    queue.add('ns/a');
    await sleep(5);
    const stopped = queue.shutdown();
    release();
    await stopped;
    expect(queue.depth).to.equal(0);
  });

  it('takes nothing after shutdown', async () => {
    let calls = 0;
    const queue = new WorkQueue({
      process: async () => {
        calls += 1;
        await Promise.resolve();
      },
    });
    queue.start();
    await queue.shutdown();
    queue.add('ns/a');
    queue.addAfter('ns/b', 1);
    await sleep(20);
    expect(calls).to.equal(0);
  });
});

describe('operator conditions', () => {
  const base: Omit<Condition, 'lastTransitionTime'> = {
    type: 'Ready',
    status: 'False',
    observedGeneration: 1,
    reason: 'ComponentsNotReady',
    message: 'waiting',
  };

  it('moves lastTransitionTime only when the status flips', () => {
    let conditions = setCondition([], base, '2026-01-01T00:00:00Z');
    conditions = setCondition(
      conditions,
      { ...base, observedGeneration: 2, message: 'still waiting' },
      '2026-01-01T00:01:00Z',
    );
    expect(conditions).to.deep.equal([
      {
        ...base,
        observedGeneration: 2,
        message: 'still waiting',
        lastTransitionTime: '2026-01-01T00:00:00Z',
      },
    ]);
    conditions = setCondition(
      conditions,
      { ...base, status: 'True', reason: 'AllComponentsReady' },
      '2026-01-01T00:02:00Z',
    );
    expect(conditions[0]!.lastTransitionTime).to.equal('2026-01-01T00:02:00Z');
    expect(conditions[0]!.status).to.equal('True');
  });
});

describe('operator status', () => {
  const crd = readCrd();
  const sample = readSample('devnet');
  const stack = defaultedCustomResource(crd, {
    ...sample,
    metadata: { name: 'eval', namespace: 'ns', uid: 'u-1', generation: 2 },
  }) as unknown as ChainDataStack;
  const context = { image: 'chain-data:1', databaseProvider: 'StatefulSet' as const };
  const workload = (
    generation: number,
    observed: number,
    ready: number,
    updated: number,
  ): ObservedObject => ({
    metadata: { generation },
    spec: { replicas: 1 },
    status: { observedGeneration: observed, replicas: 1, readyReplicas: ready, updatedReplicas: updated },
  });
  const status = (observe: (kind: string, name: string) => ObservedObject | undefined) =>
    computeStatus({ stack, context, observe, problems: [], now: '2026-01-01T00:00:00Z' });
  const byType = (s: ReturnType<typeof status>) =>
    Object.fromEntries((s.conditions ?? []).map((c) => [c.type, [c.status, c.reason]]));

  it('is Ready and done when every workload runs its latest spec', () => {
    const s = status(() => workload(3, 3, 1, 1));
    expect(byType(s)).to.deep.equal({
      Ready: ['True', 'AllComponentsReady'],
      Progressing: ['False', 'RolloutComplete'],
      Degraded: ['False', 'AsExpected'],
    });
    expect(s.componentsReady).to.equal('13/13');
    expect(s.observedGeneration).to.equal(2);
  });

  it('stays Ready while a rolling update is under way, and says so in Progressing', () => {
    const s = status((_kind, name) =>
      name === 'eval-evm-data' ? workload(4, 3, 1, 0) : workload(3, 3, 1, 1),
    );
    expect(byType(s).Ready).to.deep.equal(['True', 'AllComponentsReady']);
    expect(byType(s).Progressing).to.deep.equal(['True', 'RollingOut']);
    expect(s.conditions!.find((c) => c.type === 'Progressing')!.message).to.equal(
      'rolling out evm-data (1/1 ready, 0 updated)',
    );
  });

  it('is not Ready while a workload has no ready pod, naming it', () => {
    const s = status((_kind, name) => (name === 'eval-postgres' ? undefined : workload(1, 1, 1, 1)));
    expect(byType(s).Ready).to.deep.equal(['False', 'ComponentsNotReady']);
    expect(s.conditions![0]!.message).to.equal('waiting for postgres (0/0 ready, 0 updated)');
    expect(s.componentsReady).to.equal('12/13');
  });

  it('reports spec problems as Degraded, and not Ready, with the first problem’s reason', () => {
    const s = computeStatus({
      stack,
      context,
      observe: () => workload(1, 1, 1, 1),
      problems: [{ reason: 'SecretNotFound', message: 'spec.database.external.secretRef: missing' }],
      now: '2026-01-01T00:00:00Z',
    });
    expect(byType(s)).to.deep.equal({
      Ready: ['False', 'SecretNotFound'],
      Progressing: ['False', 'Blocked'],
      Degraded: ['True', 'SecretNotFound'],
    });
  });
});

describe('operator spec checks beyond the schema', () => {
  const crd = readCrd();
  const stackWith = (spec: Record<string, unknown>) =>
    defaultedCustomResource(crd, {
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name: 's', namespace: 'ns' },
      spec,
    }) as unknown as ChainDataStack;
  const noSecrets = () => Promise.resolve(undefined);

  it('wants node base URLs: no path, query or credentials', () => {
    expect(upstreamUrlProblem('f', 'http://node:9650')).to.equal(undefined);
    expect(upstreamUrlProblem('f', 'https://node.example/')).to.equal(undefined);
    expect(upstreamUrlProblem('f', 'http://u:p@node:9650')?.message).to.equal(
      'f: "http://u:p@node:9650" carries credentials; node URLs are stored in a ConfigMap, use a proxy or network policy instead',
    );
    expect(upstreamUrlProblem('f', 'http://node:9650/?x=1')?.reason).to.equal('InvalidUpstreamURL');
  });

  it('checks blockchain ids’ checksums and refuses a chain listed twice under two names', async () => {
    const problems = await findSpecProblems(
      stackWith({
        upstream: {
          nodes: ['http://node:9650'],
          evmChains: ['C', '2u9Hu7Noja3Z1kbZyrztTFdGzKdhDRBVfcg3URW5ybpn6tZ4Ni'],
          chains: [
            { chain: 'C', nodes: ['http://c:9650'] },
            { chain: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', nodes: ['http://c2:9650'] },
          ],
        },
        database: { external: { secretRef: { name: 'db' } } },
      }),
      noSecrets,
    );
    expect(problems).to.deep.equal([
      {
        reason: 'SecretNotFound',
        message:
          'spec.database.external.secretRef: Secret "db" does not exist; create it with the key "dsn" holding a PostgreSQL connection string (postgresql://user:password@host:5432/database)',
      },
      {
        reason: 'InvalidBlockchainID',
        message:
          'spec.upstream.evmChains[1]: "2u9Hu7Noja3Z1kbZyrztTFdGzKdhDRBVfcg3URW5ybpn6tZ4Ni" is not a blockchain id (cb58 of 32 bytes with a valid checksum)',
      },
      {
        reason: 'DuplicateChain',
        message:
          'spec.upstream.chains[1].chain: "2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5" is the same chain as "C"; list each chain once',
      },
    ]);
  });

  it('finds a Secret without the key it names', async () => {
    const problems = await findSpecProblems(
      stackWith({
        upstream: { devnet: { enabled: true } },
        redis: { external: { secretRef: { name: 'redis' } } },
      }),
      () => Promise.resolve({ data: { uri: 'x' } }),
    );
    expect(problems).to.deep.equal([
      {
        reason: 'SecretKeyNotFound',
        message:
          'spec.redis.external.secretRef: Secret "redis" has no key "url"; add it, holding a Redis URL (redis://host:6379)',
      },
    ]);
  });
});

describe('operator checks of the gateways’ bootstrap API keys', () => {
  const crd = readCrd();
  const stackWith = (spec: Record<string, unknown>) =>
    defaultedCustomResource(crd, {
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name: 's', namespace: 'ns' },
      spec: { upstream: { devnet: { enabled: true } }, ...spec },
    }) as unknown as ChainDataStack;
  const field = 'spec.edge.bootstrapKeys';

  it('wants the Secret and key spec.edge.bootstrapKeys names, when a gateway runs', async () => {
    const bootstrap = (bootstrapKeys: unknown, components?: unknown) =>
      stackWith({ edge: { bootstrapKeys }, ...(components ? { components } : {}) });
    expect(
      await findSpecProblems(bootstrap({ secretName: 'keys' }), () => Promise.resolve(undefined)),
    ).to.deep.equal([
      {
        reason: 'SecretNotFound',
        message: `${field}: Secret "keys" does not exist; create it with the key "keys" holding API keys as name:tier:key entries, separated by commas or newlines`,
      },
    ]);
    const other = () => Promise.resolve({ data: { other: 'eA==' } });
    expect(await findSpecProblems(bootstrap({ secretName: 'keys', key: 'list' }), other)).to.deep.equal([
      {
        reason: 'SecretKeyNotFound',
        message: `${field}: Secret "keys" has no key "list"; add it, holding API keys as name:tier:key entries, separated by commas or newlines`,
      },
    ]);
    const key = 'k'.repeat(32);
    const valid = () =>
      Promise.resolve({ data: { keys: Buffer.from(`ops:pro:${key}\nci:free:${key}x`).toString('base64') } });
    expect(await findSpecProblems(bootstrap({ secretName: 'keys' }), valid)).to.deep.equal([]);
    // What the gateways would refuse to start on is said up front, naming the entry but never the key.
    const invalid = () =>
      Promise.resolve({ data: { other: Buffer.from(`ops:gold:${key}`).toString('base64') } });
    expect(await findSpecProblems(bootstrap({ secretName: 'keys', key: 'other' }), invalid)).to.deep.equal([
      {
        reason: 'InvalidBootstrapKeys',
        message: `${field}: Secret "keys", key "other": entry 1 (ops): no tier is named "gold"; the tiers are unauthenticated, free, base, growth, pro (spec.edge.tiers adds tiers)`,
      },
    ]);
    // A Secret the operator generates for the stack is not the user's to name: it would take the key secret's place.
    expect(
      await findSpecProblems(bootstrap({ secretName: 's-api-keys', key: 'secret' }), other),
    ).to.deep.equal([
      {
        reason: 'SecretNameReserved',
        message: `${field}.secretName: "s-api-keys" is a Secret the operator generates for this stack; keep the bootstrap keys in a Secret of another name`,
      },
    ]);
    // No gateway runs: nothing reads it.
    const off = bootstrap(
      { secretName: 'keys' },
      {
        gatewayRpc: { enabled: false },
        gatewayData: { enabled: false },
        gatewayMetrics: { enabled: false },
      },
    );
    expect(await findSpecProblems(off, () => Promise.resolve(undefined))).to.deep.equal([]);
  });
});

describe('operator checks of bootstrap API keys’ entries', () => {
  const crd = readCrd();
  const stack = (edge: unknown) =>
    defaultedCustomResource(crd, {
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name: 's', namespace: 'ns' },
      spec: { upstream: { devnet: { enabled: true } }, edge },
    }) as unknown as ChainDataStack;
  const key = 'cds_0123456789ab_' + 'A'.repeat(43);
  const problem = (edge: unknown, text: string) => bootstrapKeysProblem(stack(edge), 'where', text)?.message;

  it('reads entries as the gateways do: name:tier:key, separated by commas or newlines, tiers of the stack', () => {
    expect(problem({}, '')).to.equal(undefined);
    expect(problem({}, ` a:free:${key} ,\n\nb:pro:${'~'.repeat(256)}\n`)).to.equal(undefined);
    // A key may hold colons: all after the second is the key.
    expect(problem({}, `a:free:${'x:'.repeat(20)}`)).to.equal(undefined);
    expect(problem({ tiers: [{ name: 'partner', perMinute: 1, perDay: 1 }] }, `a:partner:${key}`)).to.equal(
      undefined,
    );
    expect(problem({}, `a:partner:${key}`)).to.equal(
      'where: entry 1 (a): no tier is named "partner"; the tiers are unauthenticated, free, base, growth, pro (spec.edge.tiers adds tiers)',
    );
    // A malformed entry may be a bare key: named by its position only.
    expect(problem({}, `a:free:${key},${key}`)).to.equal('where: entry 2: expected name:tier:key');
    expect(problem({}, `a:free:short`)).to.equal(
      'where: entry 1 (a): a key is 32 to 256 visible ASCII characters',
    );
    expect(problem({}, `a:free:${'x'.repeat(257)}`)).to.equal(
      'where: entry 1 (a): a key is 32 to 256 visible ASCII characters',
    );
  });
});

describe('operator checks of export-worker’s storage', () => {
  const crd = readCrd();
  const stackWith = (spec: Record<string, unknown>) =>
    defaultedCustomResource(crd, {
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name: 's', namespace: 'ns' },
      spec: { upstream: { devnet: { enabled: true } }, ...spec },
    }) as unknown as ChainDataStack;
  const claim = (spec: Record<string, unknown>, deletionTimestamp?: string) => ({
    metadata: {
      name: 's-export-worker-files',
      ...(deletionTimestamp ? { deletionTimestamp: new Date(deletionTimestamp) } : {}),
    },
    spec,
  });

  it('wants both keys of the object store’s access key: one problem for a missing Secret, one per missing key', async () => {
    const s3 = (credentialsSecretRef: unknown) =>
      stackWith({ exportWorker: { storage: { s3: { bucket: 'exports', credentialsSecretRef } } } });
    const field = 'spec.exportWorker.storage.s3.credentialsSecretRef';
    expect(await findSpecProblems(s3({ name: 'keys' }), () => Promise.resolve(undefined))).to.deep.equal([
      {
        reason: 'SecretNotFound',
        message: `${field}: Secret "keys" does not exist; create it with the keys "AWS_ACCESS_KEY_ID" and "AWS_SECRET_ACCESS_KEY" holding the object store’s access key id and secret access key`,
      },
    ]);
    const onlyId = () => Promise.resolve({ data: { AWS_ACCESS_KEY_ID: 'aWQ=' } });
    expect(await findSpecProblems(s3({ name: 'keys' }), onlyId)).to.deep.equal([
      {
        reason: 'SecretKeyNotFound',
        message: `${field}: Secret "keys" has no key "AWS_SECRET_ACCESS_KEY"; add it, holding the object store’s secret access key`,
      },
    ]);
    const named = () => Promise.resolve({ data: { user: 'dQ==', password: 'cA==' } });
    expect(
      await findSpecProblems(
        s3({ name: 'keys', accessKeyIdKey: 'user', secretAccessKeyKey: 'password' }),
        named,
      ),
    ).to.deep.equal([]);
    // No Secret named (a workload identity), or export-worker off: nothing to check.
    expect(await findSpecProblems(s3(undefined), () => Promise.resolve(undefined))).to.deep.equal([]);
    const off = stackWith({
      components: { exportWorker: { enabled: false } },
      exportWorker: { storage: { s3: { bucket: 'exports', credentialsSecretRef: { name: 'keys' } } } },
    });
    expect(await findSpecProblems(off, () => Promise.resolve(undefined))).to.deep.equal([]);
  });

  it('says up front that an existing claim’s access modes and class cannot change, and how to change them', () => {
    const rwo = stackWith({});
    expect(exportClaimProblem(rwo, undefined)).to.equal(undefined);
    // The cluster's default class filled in where the spec names none: no change asked.
    const bound = claim({ accessModes: ['ReadWriteOnce'], storageClassName: 'standard', volumeName: 'pv-1' });
    expect(exportClaimProblem(rwo, bound)).to.equal(undefined);

    const rwx = stackWith({
      components: { exportWorker: { replicas: 2 } },
      exportWorker: { storage: { directory: { accessModes: ['ReadWriteMany'] } } },
    });
    expect(exportClaimProblem(rwx, bound)).to.deep.equal({
      reason: 'ExportVolumeImmutable',
      message:
        "spec.exportWorker.storage.directory.accessModes: the claim s-export-worker-files has ReadWriteOnce, and Kubernetes cannot change a claim's access modes; set it back, or disable components.exportWorker until the operator has deleted the claim (the export files go with it), then enable it again",
    });
    const nfs = stackWith({ exportWorker: { storage: { directory: { storageClassName: 'nfs' } } } });
    expect(exportClaimProblem(nfs, bound)?.message).to.match(
      /^spec\.exportWorker\.storage\.directory\.storageClassName: the claim s-export-worker-files is of class standard, and Kubernetes cannot change a claim's class;/,
    );
    // A claim on its way out is no obstacle; nor is one the spec no longer wants (s3, or export-worker off).
    expect(
      exportClaimProblem(rwx, claim({ accessModes: ['ReadWriteOnce'] }, '2026-01-01T00:00:00Z')),
    ).to.equal(undefined);
    expect(
      exportClaimProblem(stackWith({ exportWorker: { storage: { s3: { bucket: 'exports' } } } }), bound),
    ).to.equal(undefined);
    expect(
      exportClaimProblem(stackWith({ components: { exportWorker: { enabled: false } } }), bound),
    ).to.equal(undefined);
  });
});

describe('operator leader lease', () => {
  const lease = (holder: string | undefined, renewTime: string): V1Lease => ({
    spec: { holderIdentity: holder, leaseDurationSeconds: 15, renewTime: new Date(renewTime) },
  });
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('is free when unheld or held by us', () => {
    const observation = new LeaseObservation();
    observation.observe(lease(undefined, '2026-01-01T00:00:00Z'), now);
    expect(observation.available(lease(undefined, '2026-01-01T00:00:00Z'), 'a', now)).to.equal(true);
    expect(observation.available(lease('a', '2026-01-01T00:00:00Z'), 'a', now)).to.equal(true);
  });

  it('expires a lease the lease duration after this process saw it last change, whatever its renewTime says', () => {
    const observation = new LeaseObservation();
    // The holder's clock is an hour behind ours: by its renewTime the lease expired long ago, yet it is renewed.
    const stale = lease('b', '2025-12-31T23:00:00Z');
    observation.observe(stale, now);
    expect(observation.available(stale, 'a', now)).to.equal(false);
    expect(observation.available(stale, 'a', now + 14_999)).to.equal(false);
    const renewed = lease('b', '2025-12-31T23:00:10Z');
    observation.observe(renewed, now + 10_000);
    expect(observation.available(renewed, 'a', now + 20_000), 'a renewal restarts the countdown').to.equal(
      false,
    );
    observation.observe(renewed, now + 25_000);
    expect(observation.available(renewed, 'a', now + 25_000)).to.equal(true);
    // A holder whose clock runs ahead: its renewTime is in our future, and still the lease expires when it stops.
    const ahead = new LeaseObservation();
    const future = lease('b', '2026-01-01T01:00:00Z');
    ahead.observe(future, now);
    expect(ahead.available(future, 'a', now + 15_000)).to.equal(true);
  });
});
