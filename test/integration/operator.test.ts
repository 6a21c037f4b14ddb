import { isDeepStrictEqual } from 'node:util';
import { expect } from 'chai';
import { CustomObjectsApi, CoreV1Api } from '@kubernetes/client-node';
import {
  startFakeKubeApiServer,
  type FakeKubeApiServer,
  type KubeObject,
  type RequestRecord,
} from '../support/fake-kube-apiserver/index.ts';
import {
  condition,
  DEVNET_WORKLOADS,
  kubeConfigFor,
  readCrd,
  readSample,
  reconcileCount,
  startOperatorCluster,
  startTestOperator,
  startWorkloadControllers,
  type TestOperator,
} from '../support/operator-cluster.ts';

const NS = 'chain-data';
const GROUP = 'chaindatastack.io';
const VERSION = 'v1alpha1';
const PLURAL = 'chaindatastacks';
const DEVNET_SAMPLE = readSample('devnet');

const CHILD_KINDS: [group: string, version: string, plural: string][] = [
  ['', 'v1', 'configmaps'],
  ['', 'v1', 'secrets'],
  ['', 'v1', 'services'],
  ['apps', 'v1', 'deployments'],
  ['apps', 'v1', 'statefulsets'],
  ['policy', 'v1', 'poddisruptionbudgets'],
  ['autoscaling', 'v2', 'horizontalpodautoscalers'],
  ['networking.k8s.io', 'v1', 'networkpolicies'],
  ['networking.k8s.io', 'v1', 'ingresses'],
];

function isWrite(r: RequestRecord): boolean {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);
}

function children(server: FakeKubeApiServer, instance: string): KubeObject[] {
  return CHILD_KINDS.flatMap(([group, version, plural]) =>
    server.list(group, version, plural, NS, `app.kubernetes.io/instance=${instance}`),
  );
}

function resourceVersions(server: FakeKubeApiServer, instance: string): Map<string, string> {
  return new Map(
    children(server, instance).map((o) => [`${o.kind}/${o.metadata.name}`, o.metadata.resourceVersion!]),
  );
}

function stackOf(server: FakeKubeApiServer, name: string): KubeObject | undefined {
  try {
    return server.get(GROUP, VERSION, PLURAL, NS, name);
  } catch {
    return undefined;
  }
}

async function createStack(server: FakeKubeApiServer, name: string, spec: unknown): Promise<KubeObject> {
  const api = kubeConfigFor(server).makeApiClient(CustomObjectsApi);
  return (await api.createNamespacedCustomObject({
    group: GROUP,
    version: VERSION,
    namespace: NS,
    plural: PLURAL,
    body: { apiVersion: `${GROUP}/${VERSION}`, kind: 'ChainDataStack', metadata: { name }, spec },
  })) as KubeObject;
}

function waitReady(server: FakeKubeApiServer, name: string, generation?: number): Promise<KubeObject> {
  return server.waitFor(
    () => {
      const stack = stackOf(server, name);
      const ready = condition(stack, 'Ready');
      const seen = generation === undefined || ready?.observedGeneration === generation;
      // Converged: serving, and the rollout of this generation done.
      const rolledOut = condition(stack, 'Progressing')?.status === 'False';
      return ready?.status === 'True' && rolledOut && seen ? stack : undefined;
    },
    15_000,
    `stack ${name} Ready and rolled out${generation ? ` at generation ${generation}` : ''}`,
  );
}

describe('operator reconciling ChainDataStacks against an API server', function () {
  this.timeout(60_000);
  let server: FakeKubeApiServer;
  let operator: TestOperator | undefined;
  let controllers: { stop(): void } | undefined;

  beforeEach(async () => {
    server = await startOperatorCluster();
  });

  afterEach(async () => {
    controllers?.stop();
    controllers = undefined;
    await operator?.stop();
    operator = undefined;
    await server.close();
  });

  it('creates every child owned by the stack, and reports Ready only when the workloads say so', async () => {
    operator = await startTestOperator(server);
    const stack = await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    // The workloads report nothing yet: not Ready, and it says what it waits for.
    const waiting = await server.waitFor(() => {
      const ready = condition(stackOf(server, 'eval'), 'Ready');
      return ready?.reason === 'ComponentsNotReady' ? ready : undefined;
    });
    expect(waiting.status).to.equal('False');
    expect(waiting.message).to.match(/^waiting for postgres \(0\/1 ready, 0 updated\)/);
    expect(condition(stackOf(server, 'eval'), 'Progressing')?.status).to.equal('True');

    const deployments = server.list('apps', 'v1', 'deployments', NS);
    expect(deployments.map((d) => d.metadata.name).sort()).to.deep.equal(
      [...DEVNET_WORKLOADS, 'redis'].map((w) => `eval-${w}`).sort(),
    );
    for (const workload of DEVNET_WORKLOADS) {
      const service = server.get('', 'v1', 'services', NS, `eval-${workload}`);
      expect(service, `service eval-${workload}`).to.not.equal(undefined);
    }
    expect(server.get('apps', 'v1', 'statefulsets', NS, 'eval-postgres')).to.not.equal(undefined);

    const owned = children(server, 'eval');
    expect(owned.length).to.be.greaterThan(20);
    for (const child of owned) {
      expect(child.metadata.ownerReferences, `${child.kind}/${child.metadata.name}`).to.deep.equal([
        {
          apiVersion: `${GROUP}/${VERSION}`,
          kind: 'ChainDataStack',
          name: 'eval',
          uid: stack.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
    }
    controllers = startWorkloadControllers(server, NS);
    const ready = await waitReady(server, 'eval');
    const status = ready.status as {
      observedGeneration: number;
      componentsReady: string;
      components: { name: string; readyReplicas: number }[];
      endpoints: { name: string; url: string }[];
    };
    expect(status.observedGeneration).to.equal(1);
    expect(status.componentsReady).to.equal('8/8');
    expect(status.endpoints).to.deep.equal([
      { name: 'gateway-rpc', url: `http://eval-gateway-rpc.${NS}.svc:9650` },
      { name: 'gateway-data', url: `http://eval-gateway-data.${NS}.svc:8080` },
    ]);
    for (const type of ['Ready', 'Progressing', 'Degraded']) {
      expect(condition(ready, type)?.observedGeneration, type).to.equal(1);
    }
    expect(condition(ready, 'Progressing')?.status).to.equal('False');
    expect(condition(ready, 'Degraded')?.status).to.equal('False');

    // The Ready event follows the status write that flipped the condition.
    await server.waitFor(() => eventReasons(server).includes('Ready'), 5_000, 'the Ready event');
    expect(eventReasons(server)).to.include('Applied');
  });

  it('changes only the affected children on a spec change, rolling pods only when configuration changed', async () => {
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    const first = await waitReady(server, 'eval');
    const readySince = condition(first, 'Ready')!.lastTransitionTime;
    const before = resourceVersions(server, 'eval');
    const hashBefore = podTemplateHash(server, 'eval-evm-data');
    const gatewayHashBefore = podTemplateHash(server, 'eval-gateway-rpc');
    server.resetRequests();

    // evm-data's configuration changes (its pods roll); gateway-rpc gets a second replica (no roll, a PDB appears).
    server.patch(GROUP, VERSION, PLURAL, NS, 'eval', {
      spec: {
        upstream: { evmChains: ['C', '2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U'] },
        components: { gatewayRpc: { replicas: 2 } },
      },
    });
    const second = await waitReady(server, 'eval', 2);
    expect(condition(second, 'Ready')!.lastTransitionTime, 'Ready stayed True').to.equal(readySince);

    const operatorWrites = server.requests.filter(
      (r) => isWrite(r) && r.fieldManager === 'chain-data-operator',
    );
    const written = new Set(
      operatorWrites.filter((r) => r.subresource === '').map((r) => `${r.resource}/${r.name}`),
    );
    expect([...written].sort()).to.deep.equal([
      'configmaps/eval-evm-data',
      'deployments/eval-evm-data',
      'deployments/eval-gateway-rpc',
      'poddisruptionbudgets/eval-gateway-rpc',
    ]);
    expect(podTemplateHash(server, 'eval-evm-data')).to.not.equal(hashBefore);
    expect(podTemplateHash(server, 'eval-gateway-rpc')).to.equal(gatewayHashBefore);
    const configMap = server.get('', 'v1', 'configmaps', NS, 'eval-evm-data')!;
    expect((configMap.data as Record<string, string>).EVM_CHAINS).to.equal(
      'C,2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U',
    );
    const after = resourceVersions(server, 'eval');
    const untouched = [...before.keys()].filter(
      (key) => !/eval-(evm-data|gateway-rpc)$/.test(key) && key !== 'StatefulSet/eval-postgres',
    );
    for (const key of untouched) expect(after.get(key), key).to.equal(before.get(key));

    // Back to one replica: the PDB goes (pruned), the Deployment scales down.
    server.patch(GROUP, VERSION, PLURAL, NS, 'eval', {
      spec: { components: { gatewayRpc: { replicas: 1 } } },
    });
    await waitReady(server, 'eval', 3);
    await server.waitFor(
      () => !server.list('policy', 'v1', 'poddisruptionbudgets', NS).length,
      5_000,
      'the PDB pruned',
    );
  });

  it('makes no writes when a reconcile finds nothing to change', async () => {
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    await waitReady(server, 'eval');
    await operator.queue.idle();
    const before = resourceVersions(server, 'eval');
    const reconciles = await reconcileCount(operator);
    server.resetRequests();

    // A label change is an event on the stack (a reconcile) that changes nothing the children depend on.
    server.patch(GROUP, VERSION, PLURAL, NS, 'eval', { metadata: { labels: { team: 'data' } } });
    await server.waitFor(async () => (await reconcileCount(operator!)) > reconciles, 5_000, 'a reconcile');
    await operator.queue.idle();
    // Lease renewals aside (leader election writes on its own clock).
    expect(server.requests.filter((r) => isWrite(r) && r.resource !== 'leases')).to.deep.equal([]);
    expect(resourceVersions(server, 'eval')).to.deep.equal(before);
  });

  it('undoes a hand edit of a child at the next reconcile, and only that one', async () => {
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    await waitReady(server, 'eval');
    await operator.queue.idle();
    server.resetRequests();

    // As `kubectl edit` would: another field manager changes the image and a replica count.
    server.patch(
      'apps',
      'v1',
      'deployments',
      NS,
      'eval-gateway-data',
      {
        spec: {
          replicas: 5,
          template: { spec: { containers: [{ name: 'gateway-data', image: 'evil:1' }] } },
        },
      },
      'kubectl-edit',
    );
    await server.waitFor(
      () => {
        const spec = server.get('apps', 'v1', 'deployments', NS, 'eval-gateway-data')!.spec as {
          replicas: number;
          template: { spec: { containers: { image: string }[] } };
        };
        return (
          spec.replicas === 1 &&
          spec.template.spec.containers[0]!.image === 'registry.example/chain-data:1.2.3'
        );
      },
      5_000,
      'the edit undone',
    );
    await operator.queue.idle();
    const writes = server.requests.filter((r) => isWrite(r) && r.fieldManager === 'chain-data-operator');
    expect(writes.filter((r) => r.subresource === '').map((r) => `${r.resource}/${r.name}`)).to.deep.equal([
      'deployments/eval-gateway-data',
    ]);
  });

  it('leaves deletion of the children to the garbage collector through their owner references', async () => {
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    await waitReady(server, 'eval');
    expect(children(server, 'eval').length).to.be.greaterThan(20);
    server.resetRequests();

    await kubeConfigFor(server).makeApiClient(CustomObjectsApi).deleteNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      namespace: NS,
      plural: PLURAL,
      name: 'eval',
    });
    await server.waitFor(() => children(server, 'eval').length === 0, 5_000, 'children collected');
    await operator.queue.idle();
    // No finalizer: the operator deletes nothing itself.
    expect(
      server.requests.filter((r) => r.method === 'DELETE' && r.fieldManager === 'chain-data-operator'),
    ).to.deep.equal([]);
  });

  it('converges after an operator dies mid-reconcile', async () => {
    let firstAlive = true;
    // The first operator dies having applied part of the stack: its write of gateway-data's Deployment fails.
    server.failNext(
      (r) =>
        firstAlive && r.method === 'PATCH' && r.resource === 'deployments' && r.name === 'eval-gateway-data',
      500,
      1_000,
    );
    operator = await startTestOperator(server, { identity: 'operator-0' });
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    await server.waitFor(
      () => server.get('apps', 'v1', 'deployments', NS, 'eval-gateway-rpc'),
      10_000,
      'a partial apply',
    );
    const degraded = await server.waitFor(() => {
      const c = condition(stackOf(server, 'eval'), 'Degraded');
      return c?.status === 'True' ? c : undefined;
    });
    expect(degraded.reason).to.equal('ApplyFailed');
    await operator.stop();
    firstAlive = false;
    expect(server.list('apps', 'v1', 'deployments', NS).map((d) => d.metadata.name)).to.not.include(
      'eval-gateway-data',
    );

    operator = await startTestOperator(server, { identity: 'operator-1' });
    controllers = startWorkloadControllers(server, NS);
    const ready = await waitReady(server, 'eval');
    expect(condition(ready, 'Degraded')?.status).to.equal('False');
    expect(server.get('apps', 'v1', 'deployments', NS, 'eval-gateway-data')).to.not.equal(undefined);
    await server.waitFor(() => eventReasons(server).includes('Recovered'), 5_000, 'the Recovered event');
  });

  it('lets one operator of two reconcile, and the other take over when it goes', async () => {
    const a = await startTestOperator(server, { identity: 'operator-a' });
    const b = await startTestOperator(server, { identity: 'operator-b' });
    try {
      controllers = startWorkloadControllers(server, NS);
      await server.waitFor(() => a.isLeader() || b.isLeader(), 5_000, 'a leader');
      await createStack(server, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(server, 'eval');
      const [leader, standby] = a.isLeader() ? [a, b] : [b, a];
      expect(standby.isLeader()).to.equal(false);
      expect(await reconcileCount(leader)).to.be.greaterThan(0);
      expect(await reconcileCount(standby)).to.equal(0);
      const lease = server.get(
        'coordination.k8s.io',
        'v1',
        'leases',
        'chain-data-system',
        'chain-data-operator',
      )!;
      expect((lease.spec as { holderIdentity: string }).holderIdentity).to.equal(leader.identity);

      await leader.stop();
      await server.waitFor(() => standby.isLeader(), 5_000, 'the standby to take over');
      server.patch(GROUP, VERSION, PLURAL, NS, 'eval', {
        spec: { components: { gatewayData: { replicas: 3 } } },
      });
      await waitReady(server, 'eval', 2);
      expect(await reconcileCount(standby)).to.be.greaterThan(0);
      const deployment = server.get('apps', 'v1', 'deployments', NS, 'eval-gateway-data')!;
      expect((deployment.spec as { replicas: number }).replicas).to.equal(3);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('retries a status write that meets a conflict, from the stack as it now is', async () => {
    server.failNext(
      (r) => r.resource === PLURAL && r.subresource === 'status' && r.method === 'PATCH',
      409,
      1,
    );
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    await waitReady(server, 'eval');
    const statusWrites = server.requests.filter((r) => r.resource === PLURAL && r.subresource === 'status');
    expect(statusWrites[0]!.code).to.equal(409);
    // The retry re-read the stack (a GET) before writing again.
    const reread = server.requests.findIndex(
      (r, i) => i > server.requests.indexOf(statusWrites[0]!) && r.resource === PLURAL && r.method === 'GET',
    );
    expect(reread).to.be.greaterThan(-1);
    expect(statusWrites.at(-1)!.code).to.equal(200);
  });

  it('runs the database on CloudNativePG when its CRD is installed, and waits for its instances', async () => {
    server.create(
      {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'clusters.postgresql.cnpg.io' },
        spec: {
          group: 'postgresql.cnpg.io',
          scope: 'Namespaced',
          names: { kind: 'Cluster', plural: 'clusters', singular: 'cluster', listKind: 'ClusterList' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              subresources: { status: {} },
              schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
            },
          ],
        },
      },
      'cnpg-installer',
    );
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    await createStack(server, 'eval', DEVNET_SAMPLE.spec);
    // The workloads are ready (the stand-in reports them); the database is not until CloudNativePG says so.
    const waiting = await server.waitFor(() => {
      const ready = condition(stackOf(server, 'eval'), 'Ready');
      return ready?.message === 'waiting for postgres (0/1 ready, 0 updated)' ? ready : undefined;
    });
    expect(waiting.status).to.equal('False');
    const cluster = server.get('postgresql.cnpg.io', 'v1', 'clusters', NS, 'eval-postgres')!;
    expect(cluster.metadata.ownerReferences?.[0]?.name).to.equal('eval');
    expect((cluster.spec as { bootstrap: unknown }).bootstrap).to.deep.equal({
      initdb: { database: 'chaindata', owner: 'chaindata' },
    });
    expect(server.get('apps', 'v1', 'statefulsets', NS, 'eval-postgres')).to.equal(undefined);
    const env = (
      server.get('apps', 'v1', 'deployments', NS, 'eval-evm-data')!.spec as {
        template: { spec: { containers: { env: unknown[] }[] } };
      }
    ).template.spec.containers[0]!.env;
    expect(env).to.deep.include({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'eval-postgres-app', key: 'uri' } },
    });

    // CloudNativePG reports its instances; the operator looks again on its own (Clusters are not watched).
    server.updateStatus('postgresql.cnpg.io', 'v1', 'clusters', NS, 'eval-postgres', { readyInstances: 1 });
    await waitReady(server, 'eval');
  });

  it('keeps watching when started before its CRD exists, and reconciles once it does', async () => {
    const bare = await startFakeKubeApiServer();
    const early = await startTestOperator(bare);
    const workloads = startWorkloadControllers(bare, NS);
    try {
      // The stack watch fails (no such resource) and is restarted until the CRD is installed.
      await bare.waitFor(
        () => bare.requests.filter((r) => r.path.includes(`/apis/${GROUP}/`) && r.code === 404).length >= 2,
        5_000,
        'the watch retried',
      );
      bare.create(readCrd(), 'kubectl');
      await createStack(bare, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(bare, 'eval');
    } finally {
      workloads.stop();
      await early.stop();
      await bare.close();
    }
  });

  it('reports a missing secret as Degraded and tears nothing down', async () => {
    operator = await startTestOperator(server);
    controllers = startWorkloadControllers(server, NS);
    const core = kubeConfigFor(server).makeApiClient(CoreV1Api);
    const spec = {
      network: 'mainnet',
      upstream: { nodes: ['http://avalanchego.nodes:9650'] },
      database: { external: { secretRef: { name: 'chain-data-db' } } },
      redis: { external: { url: 'redis://redis.data:6379' } },
    };
    await createStack(server, 'main', spec);
    const degraded = await server.waitFor(() => {
      const c = condition(stackOf(server, 'main'), 'Degraded');
      return c?.status === 'True' ? c : undefined;
    });
    expect(degraded.reason).to.equal('SecretNotFound');
    expect(degraded.message).to.equal(
      'spec.database.external.secretRef: Secret "chain-data-db" does not exist; create it with the key "dsn" holding a PostgreSQL connection string (postgresql://user:password@host:5432/database)',
    );
    expect(condition(stackOf(server, 'main'), 'Ready')?.status).to.equal('False');
    expect(children(server, 'main')).to.deep.equal([]);

    await core.createNamespacedSecret({
      namespace: NS,
      body: { metadata: { name: 'chain-data-db' }, stringData: { dsn: 'postgresql://u:p@db:5432/chain' } },
    });
    await waitReady(server, 'main');
    const deployment = server.get('apps', 'v1', 'deployments', NS, 'main-evm-data')!;
    const env = (deployment.spec as { template: { spec: { containers: { env: unknown[] }[] } } }).template
      .spec.containers[0]!.env;
    expect(env).to.deep.include({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'chain-data-db', key: 'dsn' } },
    });
    const before = resourceVersions(server, 'main');

    // A bad edit (a node URL with a path) is refused with a reason; what runs keeps running unchanged.
    server.patch(GROUP, VERSION, PLURAL, NS, 'main', {
      spec: { upstream: { nodes: ['http://avalanchego.nodes:9650/ext/bc/C/rpc'] } },
    });
    const bad = await server.waitFor(() => {
      const c = condition(stackOf(server, 'main'), 'Degraded');
      return c?.status === 'True' ? c : undefined;
    });
    expect(bad.reason).to.equal('InvalidUpstreamURL');
    expect(bad.message).to.match(
      /^spec\.upstream\.nodes\[0\]: "http:\/\/avalanchego\.nodes:9650\/ext\/bc\/C\/rpc" has a path/,
    );
    expect(resourceVersions(server, 'main')).to.deep.equal(before);
  });

  it('rolls the pods that read a Secret when its value is rotated, without putting the value on them', async () => {
    // A short resync: without a watch on the user's Secrets, the next reconcile notices the rotation.
    operator = await startTestOperator(server, { resyncIntervalMs: 200 });
    controllers = startWorkloadControllers(server, NS);
    const core = kubeConfigFor(server).makeApiClient(CoreV1Api);
    const dsn = (password: string) => `postgresql://chain:${password}@db:5432/chain`;
    await core.createNamespacedSecret({
      namespace: NS,
      body: { metadata: { name: 'chain-data-db' }, stringData: { dsn: dsn('first-password') } },
    });
    await createStack(server, 'main', {
      network: 'mainnet',
      upstream: { nodes: ['http://avalanchego.nodes:9650'] },
      database: { external: { secretRef: { name: 'chain-data-db' } } },
      redis: { external: { url: 'redis://redis.data:6379' } },
    });
    await waitReady(server, 'main');
    const readers = ['main-container-indexer', 'main-primary-network', 'main-evm-data'];
    const deployments = server
      .list('apps', 'v1', 'deployments', NS, 'app.kubernetes.io/instance=main')
      .map((d) => d.metadata.name);
    const before = new Map(deployments.map((name) => [name, podTemplate(server, name)]));
    for (const name of deployments) {
      const hash = podTemplate(server, name)?.metadata?.annotations?.['chaindatastack.io/secret-hash'];
      expect(hash !== undefined, name).to.equal(readers.includes(name));
    }

    await core.replaceNamespacedSecret({
      name: 'chain-data-db',
      namespace: NS,
      body: { metadata: { name: 'chain-data-db' }, stringData: { dsn: dsn('second-password') } },
    });
    await server.waitFor(
      () =>
        readers.every((name) => !isDeepStrictEqual(podTemplate(server, name), before.get(name))) || undefined,
      15_000,
      'the pods reading the DSN to roll',
    );
    for (const name of deployments.filter((n) => !readers.includes(n))) {
      expect(podTemplate(server, name), name).to.deep.equal(before.get(name));
    }
    for (const name of readers) {
      const { annotations } = podTemplate(server, name)!.metadata!;
      expect(annotations?.['chaindatastack.io/config-hash']).to.equal(
        before.get(name)!.metadata!.annotations?.['chaindatastack.io/config-hash'],
      );
    }
    const everything = JSON.stringify(children(server, 'main').filter((c) => c.kind !== 'Secret'));
    expect(everything).to.not.include('password');
  });
});

function eventReasons(server: FakeKubeApiServer): string[] {
  return server.list('', 'v1', 'events', NS).map((e) => (e as unknown as { reason: string }).reason);
}

interface PodTemplate {
  metadata?: { annotations?: Record<string, string> };
  spec?: unknown;
}

function podTemplate(server: FakeKubeApiServer, name: string): PodTemplate | undefined {
  const deployment = server.get('apps', 'v1', 'deployments', NS, name);
  return (deployment?.spec as { template?: PodTemplate } | undefined)?.template;
}

function podTemplateHash(server: FakeKubeApiServer, name: string): string | undefined {
  return podTemplate(server, name)?.metadata?.annotations?.['chaindatastack.io/config-hash'];
}
