/**
 * The operator against an API server, scenario by scenario. Each scenario runs on the in-process fake API server
 * and, when KUBEBUILDER_ASSETS names one, on a real kube-apiserver (test/support/envtest.ts), where server-side
 * apply, managed fields, defaulting, status subresources and conflicts are the real thing. A few scenarios need
 * what only the fake can do and run there alone; each says why.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'chai';
import { CustomObjectsApi, CoreV1Api } from '@kubernetes/client-node';
import type { KubeObject } from '../support/fake-kube-apiserver/index.ts';
import { describeWithRealApiServer } from '../support/envtest.ts';
import {
  condition,
  DEVNET_WORKLOADS,
  readCrd,
  readSample,
  reconcileCount,
  startTestOperator,
  startWorkloadControllers,
  useTestClusters,
  type Backend,
  type OperatorRequest,
  type TestCluster,
} from '../support/operator-cluster.ts';

const GROUP = 'chaindatastack.io';
const VERSION = 'v1alpha1';
const PLURAL = 'chaindatastacks';
const DEVNET_SAMPLE = readSample('devnet');

const CHILD_KINDS: [group: string, version: string, plural: string][] = [
  ['', 'v1', 'configmaps'],
  ['', 'v1', 'secrets'],
  ['', 'v1', 'services'],
  ['', 'v1', 'persistentvolumeclaims'],
  ['apps', 'v1', 'deployments'],
  ['apps', 'v1', 'statefulsets'],
  ['policy', 'v1', 'poddisruptionbudgets'],
  ['autoscaling', 'v2', 'horizontalpodautoscalers'],
  ['networking.k8s.io', 'v1', 'networkpolicies'],
  ['networking.k8s.io', 'v1', 'ingresses'],
];

/** A minimal CloudNativePG CRD: structural, as a real server insists, and open for the fields the operator sets. */
const CNPG_CRD: KubeObject = {
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
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      },
    ],
  },
};

/** The Prometheus Operator's PrometheusRule kind, as far as a test needs it: served, with its fields kept. */
const PROMETHEUS_RULE_CRD: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'prometheusrules.monitoring.coreos.com' },
  spec: {
    group: 'monitoring.coreos.com',
    scope: 'Namespaced',
    names: {
      kind: 'PrometheusRule',
      plural: 'prometheusrules',
      singular: 'prometheusrule',
      listKind: 'PrometheusRuleList',
    },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
          },
        },
      },
    ],
  },
};

function isWrite(r: OperatorRequest): boolean {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);
}

/** The operator's writes of children (applies, creates, prunes) as `resource/name`, in order. */
function childWrites(cluster: TestCluster): string[] {
  return cluster.requests
    .filter((r) => isWrite(r) && r.subresource === '' && !['events', 'leases', PLURAL].includes(r.resource))
    .map((r) => `${r.resource}/${r.name}`);
}

async function children(cluster: TestCluster, instance: string): Promise<KubeObject[]> {
  const lists = await Promise.all(
    CHILD_KINDS.map(([group, version, plural]) =>
      cluster.list(group, version, plural, cluster.namespace, `app.kubernetes.io/instance=${instance}`),
    ),
  );
  return lists.flat();
}

/**
 * What a stack with retainOnDelete (the default) leaves behind when deleted: its database's password, and the secret
 * the gateways stored the API keys in that database under.
 */
function isRetained(o: KubeObject): boolean {
  return (
    o.kind === 'Secret' &&
    (o.metadata.name?.endsWith('-postgres') === true || o.metadata.name?.endsWith('-api-keys') === true)
  );
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

async function resourceVersions(cluster: TestCluster, instance: string): Promise<Map<string, string>> {
  return new Map(
    (await children(cluster, instance)).map((o) => [
      `${o.kind}/${o.metadata.name}`,
      o.metadata.resourceVersion!,
    ]),
  );
}

function stackOf(cluster: TestCluster, name: string): Promise<KubeObject | undefined> {
  return cluster.get(GROUP, VERSION, PLURAL, cluster.namespace, name);
}

function patchStack(cluster: TestCluster, name: string, patch: unknown): Promise<KubeObject> {
  return cluster.patch(GROUP, VERSION, PLURAL, cluster.namespace, name, patch);
}

async function createStack(cluster: TestCluster, name: string, spec: unknown): Promise<KubeObject> {
  const api = cluster.kubeConfig().makeApiClient(CustomObjectsApi);
  return (await api.createNamespacedCustomObject({
    group: GROUP,
    version: VERSION,
    namespace: cluster.namespace,
    plural: PLURAL,
    body: { apiVersion: `${GROUP}/${VERSION}`, kind: 'ChainDataStack', metadata: { name }, spec },
  })) as KubeObject;
}

async function waitCondition(
  cluster: TestCluster,
  name: string,
  type: string,
  matches: (c: NonNullable<ReturnType<typeof condition>>) => boolean,
  what: string,
) {
  return cluster.waitFor(
    async () => {
      const found = condition(await stackOf(cluster, name), type);
      return found && matches(found) ? found : undefined;
    },
    20_000,
    what,
  );
}

function waitReady(cluster: TestCluster, name: string, generation?: number): Promise<KubeObject> {
  return cluster.waitFor(
    async () => {
      const stack = await stackOf(cluster, name);
      const ready = condition(stack, 'Ready');
      const seen = generation === undefined || ready?.observedGeneration === generation;
      // Converged: serving, and the rollout of this generation done.
      const rolledOut = condition(stack, 'Progressing')?.status === 'False';
      return ready?.status === 'True' && rolledOut && seen ? stack : undefined;
    },
    30_000,
    `stack ${name} Ready and rolled out${generation ? ` at generation ${generation}` : ''}`,
  );
}

async function eventReasons(cluster: TestCluster): Promise<string[]> {
  return (await cluster.list('', 'v1', 'events', cluster.namespace)).map(
    (e) => (e as unknown as { reason: string }).reason,
  );
}

interface PodTemplate {
  metadata?: { annotations?: Record<string, string> };
  spec?: unknown;
}

async function podTemplate(cluster: TestCluster, name: string): Promise<PodTemplate | undefined> {
  const deployment = await cluster.get('apps', 'v1', 'deployments', cluster.namespace, name);
  return (deployment?.spec as { template?: PodTemplate } | undefined)?.template;
}

async function podTemplateHash(cluster: TestCluster, name: string): Promise<string | undefined> {
  return (await podTemplate(cluster, name))?.metadata?.annotations?.['chaindatastack.io/config-hash'];
}

const BACKENDS: {
  backend: Backend;
  title: string;
  describe: (title: string, body: (this: Mocha.Suite) => void) => void;
}[] = [
  { backend: 'fake', title: 'the fake API server', describe },
  { backend: 'real', title: 'a real kube-apiserver', describe: describeWithRealApiServer },
];

for (const { backend, title, describe: describeOn } of BACKENDS) {
  describeOn(`operator reconciling ChainDataStacks against ${title}`, function () {
    this.timeout(90_000);
    const cluster = useTestClusters(backend);

    it('creates every child owned by the stack, and reports Ready only when the workloads say so', async () => {
      const c = cluster();
      const ns = c.namespace;
      await startTestOperator(c);
      const stack = await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      // The workloads report nothing yet: not Ready, and it says what it waits for.
      const waiting = await waitCondition(
        c,
        'eval',
        'Ready',
        (r) => r.reason === 'ComponentsNotReady',
        'Ready False with ComponentsNotReady',
      );
      expect(waiting.status).to.equal('False');
      expect(waiting.message).to.match(/^waiting for postgres \(0\/1 ready, 0 updated\)/);
      expect(condition(await stackOf(c, 'eval'), 'Progressing')?.status).to.equal('True');

      const deployments = await c.list('apps', 'v1', 'deployments', ns);
      expect(deployments.map((d) => d.metadata.name).sort()).to.deep.equal(
        [...DEVNET_WORKLOADS, 'redis'].map((w) => `eval-${w}`).sort(),
      );
      for (const workload of DEVNET_WORKLOADS) {
        const service = await c.get('', 'v1', 'services', ns, `eval-${workload}`);
        expect(service, `service eval-${workload}`).to.not.equal(undefined);
      }
      expect(await c.get('apps', 'v1', 'statefulsets', ns, 'eval-postgres')).to.not.equal(undefined);

      const all = await children(c, 'eval');
      expect(all.length).to.be.greaterThan(20);
      // The database's password and the API key secret outlive the stack (retainOnDelete, on by default): they
      // alone have no owner.
      const [retained, owned] = partition(all, isRetained);
      expect(retained.map((o) => `${o.kind}/${o.metadata.name}`).sort()).to.deep.equal([
        'Secret/eval-api-keys',
        'Secret/eval-postgres',
      ]);
      for (const secret of retained) expect(secret.metadata.ownerReferences).to.equal(undefined);
      // One API key secret for the three gateways, long enough for them (32 characters at least).
      const apiKeySecret = retained.find((o) => o.metadata.name === 'eval-api-keys')!;
      const secretValue = Buffer.from((apiKeySecret.data as Record<string, string>).secret!, 'base64');
      expect(secretValue.toString('utf8')).to.match(/^[A-Za-z0-9_-]{43}$/);
      for (const gateway of ['gateway-rpc', 'gateway-data', 'gateway-metrics']) {
        const deployment = (await c.get('apps', 'v1', 'deployments', ns, `eval-${gateway}`))!;
        const env = (deployment.spec as { template: { spec: { containers: { env: unknown[] }[] } } }).template
          .spec.containers[0]!.env;
        expect(env, gateway).to.deep.include.members([
          { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'eval-postgres', key: 'dsn' } } },
          { name: 'API_KEY_SECRET', valueFrom: { secretKeyRef: { name: 'eval-api-keys', key: 'secret' } } },
        ]);
      }
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
      startWorkloadControllers(c, ns);
      const ready = await waitReady(c, 'eval');
      const status = ready.status as {
        observedGeneration: number;
        componentsReady: string;
        components: { name: string; readyReplicas: number }[];
        endpoints: { name: string; url: string }[];
      };
      expect(status.observedGeneration).to.equal(1);
      expect(status.componentsReady).to.equal('13/13');
      expect(status.endpoints).to.deep.equal([
        { name: 'gateway-rpc', url: `http://eval-gateway-rpc.${ns}.svc:9650` },
        { name: 'gateway-data', url: `http://eval-gateway-data.${ns}.svc:8080` },
        { name: 'gateway-metrics', url: `http://eval-gateway-metrics.${ns}.svc:8090` },
      ]);
      for (const type of ['Ready', 'Progressing', 'Degraded']) {
        expect(condition(ready, type)?.observedGeneration, type).to.equal(1);
      }
      expect(condition(ready, 'Progressing')?.status).to.equal('False');
      expect(condition(ready, 'Degraded')?.status).to.equal('False');

      // The Ready event follows the status write that flipped the condition.
      await c.waitFor(async () => (await eventReasons(c)).includes('Ready'), 10_000, 'the Ready event');
      expect(await eventReasons(c)).to.include('Applied');
    });

    it('changes only the affected children on a spec change, rolling pods only when configuration changed', async () => {
      const c = cluster();
      const ns = c.namespace;
      await startTestOperator(c);
      startWorkloadControllers(c, ns);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      const first = await waitReady(c, 'eval');
      const readySince = condition(first, 'Ready')!.lastTransitionTime;
      const before = await resourceVersions(c, 'eval');
      const hashBefore = await podTemplateHash(c, 'eval-evm-data');
      const gatewayHashBefore = await podTemplateHash(c, 'eval-gateway-rpc');
      c.resetRequests();

      // evm-data's and node-rpc's configuration changes (their pods roll); gateway-rpc gets a second replica (no
      // roll, a PDB appears).
      await patchStack(c, 'eval', {
        spec: {
          upstream: { evmChains: ['C', '2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U'] },
          components: { gatewayRpc: { replicas: 2 } },
        },
      });
      const second = await waitReady(c, 'eval', 2);
      expect(condition(second, 'Ready')!.lastTransitionTime, 'Ready stayed True').to.equal(readySince);

      expect([...new Set(childWrites(c))].sort()).to.deep.equal([
        'configmaps/eval-evm-data',
        'configmaps/eval-node-rpc',
        'deployments/eval-evm-data',
        'deployments/eval-gateway-rpc',
        'deployments/eval-node-rpc',
        'poddisruptionbudgets/eval-gateway-rpc',
      ]);
      expect(await podTemplateHash(c, 'eval-evm-data')).to.not.equal(hashBefore);
      expect(await podTemplateHash(c, 'eval-gateway-rpc')).to.equal(gatewayHashBefore);
      const configMap = (await c.get('', 'v1', 'configmaps', ns, 'eval-evm-data'))!;
      expect((configMap.data as Record<string, string>).EVM_CHAINS).to.equal(
        'C,2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U',
      );
      const after = await resourceVersions(c, 'eval');
      const untouched = [...before.keys()].filter(
        (key) => !/eval-(evm-data|node-rpc|gateway-rpc)$/.test(key) && key !== 'StatefulSet/eval-postgres',
      );
      for (const key of untouched) expect(after.get(key), key).to.equal(before.get(key));

      // Back to one replica: the PDB goes (pruned), the Deployment scales down.
      await patchStack(c, 'eval', { spec: { components: { gatewayRpc: { replicas: 1 } } } });
      await waitReady(c, 'eval', 3);
      await c.waitFor(
        async () => (await c.list('policy', 'v1', 'poddisruptionbudgets', ns)).length === 0,
        10_000,
        'the PDB pruned',
      );
    });

    it('keeps the API key secret as it is through the gateways turned off and on', async () => {
      const c = cluster();
      const ns = c.namespace;
      await startTestOperator(c);
      startWorkloadControllers(c, ns);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
      const original = (await c.get('', 'v1', 'secrets', ns, 'eval-api-keys'))!;
      const gateways = (enabled: boolean) => ({
        spec: {
          components: {
            gatewayRpc: { enabled },
            gatewayData: { enabled },
            gatewayMetrics: { enabled },
          },
        },
      });
      await patchStack(c, 'eval', gateways(false));
      await waitReady(c, 'eval', 2);
      await c.waitFor(
        async () => (await c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-data')) === undefined,
        10_000,
        'the gateways pruned',
      );
      // The page-token Secrets go with their gateways; the key secret stays: the keys live in the database.
      expect(await c.get('', 'v1', 'secrets', ns, 'eval-page-token')).to.equal(undefined);
      await patchStack(c, 'eval', gateways(true));
      await waitReady(c, 'eval', 3);
      const after = (await c.get('', 'v1', 'secrets', ns, 'eval-api-keys'))!;
      expect(after.metadata.uid).to.equal(original.metadata.uid);
      expect(after.metadata.resourceVersion).to.equal(original.metadata.resourceVersion);
      expect(after.data).to.deep.equal(original.data);
    });

    it('refuses edge settings the gateways would refuse at admission, naming the field', async () => {
      const c = cluster();
      const refusal = async (edge: unknown): Promise<string> => {
        try {
          await createStack(c, 'edge', { ...(DEVNET_SAMPLE.spec as object), edge });
        } catch (err) {
          const { code, body } = err as { code?: number; body?: unknown };
          expect(code, JSON.stringify(edge)).to.equal(422);
          return typeof body === 'string' ? body : JSON.stringify(body);
        }
        return expect.fail(`admitted ${JSON.stringify(edge)}`);
      };
      const tier = (name: string, perMinute = 1) => ({ name, perMinute, perDay: 1_000 });
      expect(await refusal({ tiers: [tier('Pro')] })).to.include('spec.edge.tiers[0].name');
      expect(await refusal({ tiers: [tier('pro', 0)] })).to.include('spec.edge.tiers[0].perMinute');
      expect(await refusal({ tiers: [tier('pro'), tier('pro', 2)] })).to.include(
        'spec.edge.tiers[1]: Duplicate value',
      );
      expect(await refusal({ trustedProxyHops: 17 })).to.include('spec.edge.trustedProxyHops');
      expect(await refusal({ requestLogs: { retentionDays: 0 } })).to.include(
        'spec.edge.requestLogs.retentionDays',
      );
      expect(await refusal({ bootstrapKeys: { key: 'keys' } })).to.include(
        'spec.edge.bootstrapKeys.secretName',
      );
      // And admits what they accept, defaulted.
      const admitted = await createStack(c, 'edge', {
        ...(DEVNET_SAMPLE.spec as object),
        edge: { tiers: [tier('pro', 30_000)], bootstrapKeys: { secretName: 'gateway-keys' } },
      });
      expect((admitted.spec as { edge: unknown }).edge).to.deep.equal({
        rateLimits: true,
        tiers: [tier('pro', 30_000)],
        bootstrapKeys: { secretName: 'gateway-keys', key: 'keys' },
        requestLogs: { enabled: true, retentionDays: 30 },
      });
    });

    it('makes no writes when a reconcile finds nothing to change', async () => {
      const c = cluster();
      const operator = await startTestOperator(c);
      startWorkloadControllers(c, c.namespace);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
      await operator.queue.idle();
      const before = await resourceVersions(c, 'eval');
      const reconciles = await reconcileCount(operator);
      c.resetRequests();

      // A label change is an event on the stack (a reconcile) that changes nothing the children depend on.
      await patchStack(c, 'eval', { metadata: { labels: { team: 'data' } } });
      await c.waitFor(async () => (await reconcileCount(operator)) > reconciles, 10_000, 'a reconcile');
      await operator.queue.idle();
      // Lease renewals aside (leader election writes on its own clock). The request record, not resourceVersions,
      // is the witness: a real server keeps the resourceVersion on a server-side apply that changes nothing.
      expect(c.requests.filter((r) => isWrite(r) && r.resource !== 'leases')).to.deep.equal([]);
      expect(await resourceVersions(c, 'eval')).to.deep.equal(before);
    });

    it('undoes a hand edit of a child at the next reconcile, and only that one', async () => {
      const c = cluster();
      const ns = c.namespace;
      const operator = await startTestOperator(c);
      startWorkloadControllers(c, ns);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
      await operator.queue.idle();
      c.resetRequests();

      // As `kubectl edit` would: another field manager changes the image and a replica count.
      await c.patch(
        'apps',
        'v1',
        'deployments',
        ns,
        'eval-gateway-data',
        {
          spec: {
            replicas: 5,
            template: { spec: { containers: [{ name: 'gateway-data', image: 'evil:1' }] } },
          },
        },
        'kubectl-edit',
      );
      await c.waitFor(
        async () => {
          const spec = (await c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-data'))!.spec as {
            replicas: number;
            template: { spec: { containers: { image: string }[] } };
          };
          return (
            spec.replicas === 1 &&
            spec.template.spec.containers[0]!.image === 'registry.example/chain-data:1.2.3'
          );
        },
        10_000,
        'the edit undone',
      );
      // The stand-in reports the rollouts, so events keep coming for a moment; none may make the operator write.
      await waitReady(c, 'eval');
      await operator.queue.idle();
      // A set: a reconcile that runs before the watch delivers the operator's own apply sees the edited copy in its
      // cache and applies again, which changes nothing.
      expect([...new Set(childWrites(c))]).to.deep.equal(['deployments/eval-gateway-data']);
    });

    it('keeps what others add beside its fields (a rollout restart), writing nothing as the status changes', async () => {
      const c = cluster();
      const ns = c.namespace;
      const operator = await startTestOperator(c);
      startWorkloadControllers(c, ns);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
      await operator.queue.idle();
      c.resetRequests();

      // As `kubectl rollout restart` does: another manager adds an annotation to the pod template, and the pods roll.
      const restartedAt = new Date().toISOString();
      const restarted = await c.patch(
        'apps',
        'v1',
        'deployments',
        ns,
        'eval-gateway-data',
        {
          spec: {
            template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': restartedAt } } },
          },
        },
        'kubectl-rollout',
      );
      await c.waitFor(
        async () =>
          (
            (await c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-data'))?.status as
              { observedGeneration?: number } | undefined
          )?.observedGeneration === restarted.metadata.generation,
        10_000,
        'the restart rolled out',
      );
      // Then the workload's status keeps changing, as pods come and go; every change is an event, so a reconcile.
      for (let round = 1; round <= 3; round++) {
        const reconciles = await reconcileCount(operator);
        await c.updateStatus('apps', 'v1', 'deployments', ns, 'eval-gateway-data', {
          conditions: [
            {
              type: 'Available',
              status: 'True',
              reason: 'MinimumReplicasAvailable',
              message: `round ${round}`,
            },
          ],
        });
        await c.waitFor(async () => (await reconcileCount(operator)) > reconciles, 10_000, 'a reconcile');
      }
      await operator.queue.idle();
      const template = (await podTemplate(c, 'eval-gateway-data'))!;
      expect(template.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']).to.equal(restartedAt);
      // Nothing of the operator's was changed, so there was nothing to apply: not after the restart, nor after it.
      expect(childWrites(c)).to.deep.equal([]);
    });

    it('hands the replica count to the autoscaler when autoscaling is turned on, keeping the pods that run', async () => {
      const c = cluster();
      const ns = c.namespace;
      const operator = await startTestOperator(c);
      startWorkloadControllers(c, ns);
      const spec = DEVNET_SAMPLE.spec as Record<string, unknown>;
      await createStack(c, 'eval', { ...spec, components: { gatewayData: { replicas: 3 } } });
      await waitReady(c, 'eval');
      await operator.queue.idle();
      c.resetRequests();

      await patchStack(c, 'eval', {
        spec: {
          components: { gatewayData: { autoscaling: { enabled: true, minReplicas: 2, maxReplicas: 10 } } },
        },
      });
      await waitReady(c, 'eval', 2);
      await operator.queue.idle();
      expect(
        await c.get('autoscaling', 'v2', 'horizontalpodautoscalers', ns, 'eval-gateway-data'),
      ).to.not.equal(undefined);
      // The operator no longer sets replicas; had nobody else owned the field, a real API server would have reset
      // it to its default, 1, and two of the three pods would have gone until the HPA scaled back up.
      const deployment = (await c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-data'))!;
      expect((deployment.spec as { replicas?: number }).replicas).to.equal(3);
      const owners = (deployment.metadata.managedFields ?? [])
        .filter((e) => JSON.stringify(e.fieldsV1).includes('"f:replicas"') && !e.subresource)
        .map((e) => e.manager);
      expect(owners).to.deep.equal(['chain-data-operator-handover']);
    });

    it('keeps export files on a claim or in object storage as the spec says, and switches between them in place', async () => {
      const c = cluster();
      const ns = c.namespace;
      await startTestOperator(c);
      startWorkloadControllers(c, ns);
      const claimOf = () => c.get('', 'v1', 'persistentvolumeclaims', ns, 'eval-export-worker-files');
      const strategyOf = async () =>
        ((await c.get('apps', 'v1', 'deployments', ns, 'eval-export-worker'))!.spec as { strategy: unknown })
          .strategy;
      // The fake refuses as it is called, a real server's client once its answer comes: both end up here.
      const refusal = async (patch: unknown) => {
        try {
          await patchStack(c, 'eval', patch);
          return 'admitted';
        } catch (err) {
          return (err as Error).message;
        }
      };

      await createStack(c, 'eval', {
        ...(DEVNET_SAMPLE.spec as Record<string, unknown>),
        exportWorker: { storage: { s3: { bucket: 'exports' } } },
      });
      await waitReady(c, 'eval');
      expect(await claimOf()).to.equal(undefined);
      expect(await strategyOf()).to.deep.equal({
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
      });

      // Onto a volume one pod mounts: the claim, and Recreate. The API server refuses Recreate beside rolling-update
      // parameters, so this apply passes only because the operator owned them and so drops them.
      await patchStack(c, 'eval', { spec: { exportWorker: { storage: { s3: null, directory: {} } } } });
      await waitReady(c, 'eval', 2);
      const claim = (await claimOf())!;
      expect(claim.spec).to.deep.include({
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: '10Gi' } },
      });
      expect(claim.metadata.ownerReferences?.map((o) => o.name)).to.deep.equal(['eval']);
      expect(await strategyOf()).to.deep.equal({ type: 'Recreate' });

      // Two pods on a ReadWriteOnce volume are refused at admission, replicas or an autoscaler alike.
      const message = 'exportWorker.storage.directory.accessModes must include ReadWriteMany';
      expect(await refusal({ spec: { components: { exportWorker: { replicas: 2 } } } })).to.include(message);
      expect(
        await refusal({ spec: { components: { exportWorker: { autoscaling: { enabled: true } } } } }),
      ).to.include(message);
      expect(
        await refusal({ spec: { exportWorker: { storage: { s3: { bucket: 'exports' } } } } }),
        'both storages',
      ).to.include('exportWorker.storage: set exactly one of directory or s3');

      // Admitted, but the claim exists as ReadWriteOnce and Kubernetes cannot change that: said, nothing applied.
      const before = await resourceVersions(c, 'eval');
      await patchStack(c, 'eval', {
        spec: {
          components: { exportWorker: { replicas: 2 } },
          exportWorker: { storage: { directory: { accessModes: ['ReadWriteMany'] } } },
        },
      });
      const stuck = await waitCondition(c, 'eval', 'Degraded', (d) => d.status === 'True', 'Degraded');
      expect(stuck.reason).to.equal('ExportVolumeImmutable');
      expect(stuck.message).to.match(
        /^spec\.exportWorker\.storage\.directory\.accessModes: the claim eval-export-worker-files has ReadWriteOnce/,
      );
      expect(await resourceVersions(c, 'eval')).to.deep.equal(before);

      // Back to object storage: the claim is pruned, the pods roll again.
      await patchStack(c, 'eval', {
        spec: {
          exportWorker: { storage: { directory: null, s3: { bucket: 'exports' } } },
        },
      });
      await waitReady(c, 'eval', 4);
      // Without a kube-controller-manager, a real server's claim keeps its pvc-protection finalizer: it is going.
      await c.waitFor(
        async () => {
          const left = await claimOf();
          return left === undefined || left.metadata.deletionTimestamp !== undefined;
        },
        10_000,
        'the claim pruned',
      );
      expect(await strategyOf()).to.deep.include({ type: 'RollingUpdate' });
    });

    it('leaves deletion of the children to the garbage collector through their owner references', async () => {
      const c = cluster();
      const operator = await startTestOperator(c);
      startWorkloadControllers(c, c.namespace);
      const stack = await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
      await operator.queue.idle();
      const owned = await children(c, 'eval');
      expect(owned.length).to.be.greaterThan(20);
      c.resetRequests();

      await c.kubeConfig().makeApiClient(CustomObjectsApi).deleteNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        namespace: c.namespace,
        plural: PLURAL,
        name: 'eval',
      });
      if (c.garbageCollects) {
        await c.waitFor(
          async () => (await children(c, 'eval')).every(isRetained),
          10_000,
          'children collected',
        );
        expect((await children(c, 'eval')).map((o) => `${o.kind}/${o.metadata.name}`).sort()).to.deep.equal([
          'Secret/eval-api-keys',
          'Secret/eval-postgres',
        ]);
      } else {
        // No garbage collector runs beside a bare API server: what it would collect is what the owner references
        // name, and those must all point at the stack that went.
        await c.waitFor(
          () => operator.informers.stack(c.namespace, 'eval') === undefined,
          10_000,
          'the operator to see the stack go',
        );
        const left = await children(c, 'eval');
        expect(left.map((o) => `${o.kind}/${o.metadata.name}`).sort()).to.deep.equal(
          owned.map((o) => `${o.kind}/${o.metadata.name}`).sort(),
        );
        for (const child of left.filter((o) => !isRetained(o))) {
          const [owner] = child.metadata.ownerReferences ?? [];
          expect(owner?.uid, `${child.kind}/${child.metadata.name}`).to.equal(stack.metadata.uid);
          expect(owner?.blockOwnerDeletion, `${child.kind}/${child.metadata.name}`).to.equal(true);
        }
      }
      await operator.queue.idle();
      // No finalizer: the operator deletes nothing itself, and writes nothing for a stack that is gone.
      expect(c.requests.filter((r) => isWrite(r) && r.resource !== 'leases')).to.deep.equal([]);
    });

    // Fake only: the first operator's death is a failure injected into one request (failNext), which only the fake
    // API server can do.
    if (backend === 'fake') {
      it('converges after an operator dies mid-reconcile', async () => {
        const c = cluster();
        const ns = c.namespace;
        let firstAlive = true;
        // The first operator dies having applied part of the stack: its write of gateway-data's Deployment fails.
        c.fake!.failNext(
          (r) =>
            firstAlive &&
            r.method === 'PATCH' &&
            r.resource === 'deployments' &&
            r.name === 'eval-gateway-data',
          500,
          1_000,
        );
        const first = await startTestOperator(c, { identity: 'operator-0' });
        await createStack(c, 'eval', DEVNET_SAMPLE.spec);
        await c.waitFor(
          () => c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-rpc'),
          10_000,
          'a partial apply',
        );
        const degraded = await waitCondition(c, 'eval', 'Degraded', (d) => d.status === 'True', 'Degraded');
        expect(degraded.reason).to.equal('ApplyFailed');
        await first.stop();
        firstAlive = false;
        expect((await c.list('apps', 'v1', 'deployments', ns)).map((d) => d.metadata.name)).to.not.include(
          'eval-gateway-data',
        );

        await startTestOperator(c, { identity: 'operator-1' });
        startWorkloadControllers(c, ns);
        const ready = await waitReady(c, 'eval');
        expect(condition(ready, 'Degraded')?.status).to.equal('False');
        expect(await c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-data')).to.not.equal(undefined);
        await c.waitFor(
          async () => (await eventReasons(c)).includes('Recovered'),
          10_000,
          'the Recovered event',
        );
      });
    }

    it('lets one operator of two reconcile, and the other take over when it goes', async () => {
      const c = cluster();
      const ns = c.namespace;
      const a = await startTestOperator(c, { identity: 'operator-a' });
      const b = await startTestOperator(c, { identity: 'operator-b' });
      startWorkloadControllers(c, ns);
      await c.waitFor(() => a.isLeader() || b.isLeader(), 10_000, 'a leader');
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
      const [leader, standby] = a.isLeader() ? [a, b] : [b, a];
      expect(standby.isLeader()).to.equal(false);
      expect(await reconcileCount(leader)).to.be.greaterThan(0);
      expect(await reconcileCount(standby)).to.equal(0);
      const lease = (await c.get('coordination.k8s.io', 'v1', 'leases', ns, 'chain-data-operator'))!;
      expect((lease.spec as { holderIdentity: string }).holderIdentity).to.equal(leader.identity);

      await leader.stop();
      await c.waitFor(() => standby.isLeader(), 10_000, 'the standby to take over');
      await patchStack(c, 'eval', { spec: { components: { gatewayData: { replicas: 3 } } } });
      await waitReady(c, 'eval', 2);
      expect(await reconcileCount(standby)).to.be.greaterThan(0);
      const deployment = (await c.get('apps', 'v1', 'deployments', ns, 'eval-gateway-data'))!;
      expect((deployment.spec as { replicas: number }).replicas).to.equal(3);
    });

    it('retries a status write that meets a conflict, from the stack as it now is', async () => {
      const c = cluster();
      const isStatusWrite = (r: OperatorRequest) =>
        r.resource === PLURAL && r.subresource === 'status' && r.method === 'PATCH';
      // A genuine conflict, on either server: someone else writes the stack between the operator's read of it and
      // its first status write, so the resourceVersion that write carries is stale.
      c.beforeForwarding(isStatusWrite, async () => {
        await patchStack(c, 'eval', { metadata: { annotations: { 'example.com/touched': 'yes' } } });
      });
      const operator = await startTestOperator(c);
      startWorkloadControllers(c, c.namespace);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      const ready = await waitReady(c, 'eval');
      await operator.queue.idle();
      const requests = [...c.requests];
      const conflict = requests.findIndex(isStatusWrite);
      expect(requests[conflict]!.code).to.equal(409);
      // The retry re-read the stack (a GET) before writing again, and that write went through.
      const reread = requests.findIndex(
        (r, i) => i > conflict && r.resource === PLURAL && r.verb === 'get' && r.name === 'eval',
      );
      expect(reread).to.be.greaterThan(conflict);
      const retry = requests.findIndex((r, i) => i > reread && isStatusWrite(r));
      expect(requests[retry]?.code).to.equal(200);
      expect(ready.metadata.annotations?.['example.com/touched']).to.equal('yes');
    });

    it('runs the database on CloudNativePG when its CRD is installed, and waits for its instances', async () => {
      const c = cluster();
      const ns = c.namespace;
      await c.installCrd(CNPG_CRD);
      await startTestOperator(c);
      startWorkloadControllers(c, ns);
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      // The workloads are ready (the stand-in reports them); the database is not until CloudNativePG says so.
      const waiting = await waitCondition(
        c,
        'eval',
        'Ready',
        (r) => r.message === 'waiting for postgres (0/1 ready, 0 updated)',
        'Ready waiting only for postgres',
      );
      expect(waiting.status).to.equal('False');
      const cnpgCluster = (await c.get('postgresql.cnpg.io', 'v1', 'clusters', ns, 'eval-postgres'))!;
      // Retained data (retainOnDelete, on by default): CloudNativePG's Cluster outlives the stack, so no owner.
      expect(cnpgCluster.metadata.ownerReferences).to.equal(undefined);
      expect(cnpgCluster.metadata.labels?.['app.kubernetes.io/instance']).to.equal('eval');
      expect((cnpgCluster.spec as { bootstrap: unknown }).bootstrap).to.deep.equal({
        initdb: { database: 'chaindata', owner: 'chaindata' },
      });
      expect(await c.get('apps', 'v1', 'statefulsets', ns, 'eval-postgres')).to.equal(undefined);
      const env = (
        (await c.get('apps', 'v1', 'deployments', ns, 'eval-evm-data'))!.spec as {
          template: { spec: { containers: { env: unknown[] }[] } };
        }
      ).template.spec.containers[0]!.env;
      expect(env).to.deep.include({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'eval-postgres-app', key: 'uri' } },
      });

      // CloudNativePG reports its instances; the operator looks again on its own (Clusters are not watched).
      await c.updateStatus('postgresql.cnpg.io', 'v1', 'clusters', ns, 'eval-postgres', {
        readyInstances: 1,
      });
      await waitReady(c, 'eval');
    });

    it('creates the stack’s PrometheusRule once the Prometheus Operator is installed, and deletes it when turned off', async () => {
      const c = cluster();
      const ns = c.namespace;
      await startTestOperator(c);
      startWorkloadControllers(c, ns);
      const monitoring = (enabled: boolean) => ({
        monitoring: { prometheusRule: { enabled, labels: { release: 'prometheus' } } },
      });
      await createStack(c, 'eval', { ...(DEVNET_SAMPLE.spec as object), ...monitoring(true) });
      const missing = await waitCondition(c, 'eval', 'Degraded', (d) => d.status === 'True', 'Degraded');
      expect(missing.reason).to.equal('PrometheusRuleNotInstalled');
      expect(missing.message).to.equal(
        'spec.monitoring.prometheusRule.enabled: the Prometheus Operator is not installed (no prometheusrules.monitoring.coreos.com CRD); install it or turn the PrometheusRule off',
      );
      expect(await children(c, 'eval')).to.deep.equal([]);

      await c.installCrd(PROMETHEUS_RULE_CRD);
      const rule = await c.waitFor(
        () => c.get('monitoring.coreos.com', 'v1', 'prometheusrules', ns, 'eval-alerts'),
        20_000,
        'the PrometheusRule',
      );
      await waitReady(c, 'eval');
      expect(rule.metadata.ownerReferences?.[0]?.name).to.equal('eval');
      expect(rule.metadata.labels).to.deep.include({
        release: 'prometheus',
        'app.kubernetes.io/instance': 'eval',
      });
      const alerts = (rule.spec as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap(
        (g) => g.rules,
      );
      expect(alerts.map((a) => a.alert)).to.include('ChainDataFollowerStalled');
      for (const alert of alerts) expect(alert.expr, alert.alert).to.include(`job="${ns}/eval-components"`);

      await patchStack(c, 'eval', { spec: monitoring(false) });
      await c.waitFor(
        async () =>
          (await c.get('monitoring.coreos.com', 'v1', 'prometheusrules', ns, 'eval-alerts')) === undefined,
        20_000,
        'the PrometheusRule deleted',
      );
    });

    it('reports a missing secret as Degraded and tears nothing down', async () => {
      const c = cluster();
      const ns = c.namespace;
      await startTestOperator(c);
      startWorkloadControllers(c, ns);
      const core = c.kubeConfig().makeApiClient(CoreV1Api);
      const spec = {
        network: 'mainnet',
        upstream: { nodes: ['http://avalanchego.nodes:9650'] },
        database: { external: { secretRef: { name: 'chain-data-db' } } },
        redis: { external: { url: 'redis://redis.data:6379' } },
      };
      await createStack(c, 'main', spec);
      const degraded = await waitCondition(c, 'main', 'Degraded', (d) => d.status === 'True', 'Degraded');
      expect(degraded.reason).to.equal('SecretNotFound');
      expect(degraded.message).to.equal(
        'spec.database.external.secretRef: Secret "chain-data-db" does not exist; create it with the key "dsn" holding a PostgreSQL connection string (postgresql://user:password@host:5432/database)',
      );
      expect(condition(await stackOf(c, 'main'), 'Ready')?.status).to.equal('False');
      expect(await children(c, 'main')).to.deep.equal([]);

      await core.createNamespacedSecret({
        namespace: ns,
        body: {
          metadata: { name: 'chain-data-db' },
          stringData: { dsn: 'postgresql://u:p@db:5432/chain' },
        },
      });
      await waitReady(c, 'main');
      const deployment = (await c.get('apps', 'v1', 'deployments', ns, 'main-evm-data'))!;
      const env = (deployment.spec as { template: { spec: { containers: { env: unknown[] }[] } } }).template
        .spec.containers[0]!.env;
      expect(env).to.deep.include({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'chain-data-db', key: 'dsn' } },
      });
      const before = await resourceVersions(c, 'main');

      // A bad edit (a node URL with a path) is refused with a reason; what runs keeps running unchanged.
      await patchStack(c, 'main', {
        spec: { upstream: { nodes: ['http://avalanchego.nodes:9650/ext/bc/C/rpc'] } },
      });
      const bad = await waitCondition(c, 'main', 'Degraded', (d) => d.status === 'True', 'Degraded again');
      expect(bad.reason).to.equal('InvalidUpstreamURL');
      expect(bad.message).to.match(
        /^spec\.upstream\.nodes\[0\]: "http:\/\/avalanchego\.nodes:9650\/ext\/bc\/C\/rpc" has a path/,
      );
      expect(await resourceVersions(c, 'main')).to.deep.equal(before);
    });

    it('rolls the pods that read a Secret when its value is rotated, without putting the value on them', async () => {
      const c = cluster();
      const ns = c.namespace;
      // A short resync: without a watch on the user's Secrets, the next reconcile notices the rotation.
      await startTestOperator(c, { resyncIntervalMs: 200 });
      startWorkloadControllers(c, ns);
      const core = c.kubeConfig().makeApiClient(CoreV1Api);
      const dsn = (password: string) => `postgresql://chain:${password}@db:5432/chain`;
      await core.createNamespacedSecret({
        namespace: ns,
        body: { metadata: { name: 'chain-data-db' }, stringData: { dsn: dsn('first-password') } },
      });
      await createStack(c, 'main', {
        network: 'mainnet',
        upstream: { nodes: ['http://avalanchego.nodes:9650'] },
        database: { external: { secretRef: { name: 'chain-data-db' } } },
        redis: { external: { url: 'redis://redis.data:6379' } },
      });
      await waitReady(c, 'main');
      const readers = [
        'main-container-indexer',
        'main-primary-network',
        'main-evm-data',
        'main-metrics',
        'main-export-worker',
        'main-gateway-rpc',
        'main-gateway-data',
        'main-gateway-metrics',
      ];
      const deployments = (
        await c.list('apps', 'v1', 'deployments', ns, 'app.kubernetes.io/instance=main')
      ).map((d) => d.metadata.name!);
      const before = new Map<string, PodTemplate | undefined>();
      for (const name of deployments) before.set(name, await podTemplate(c, name));
      for (const name of deployments) {
        const hash = before.get(name)?.metadata?.annotations?.['chaindatastack.io/secret-hash'];
        expect(hash !== undefined, name).to.equal(readers.includes(name));
      }

      await core.replaceNamespacedSecret({
        name: 'chain-data-db',
        namespace: ns,
        body: { metadata: { name: 'chain-data-db' }, stringData: { dsn: dsn('second-password') } },
      });
      await c.waitFor(
        async () => {
          for (const name of readers) {
            if (isDeepStrictEqual(await podTemplate(c, name), before.get(name))) return false;
          }
          return true;
        },
        20_000,
        'the pods reading the DSN to roll',
      );
      for (const name of deployments.filter((n) => !readers.includes(n))) {
        expect(await podTemplate(c, name), name).to.deep.equal(before.get(name));
      }
      for (const name of readers) {
        const { annotations } = (await podTemplate(c, name))!.metadata!;
        expect(annotations?.['chaindatastack.io/config-hash']).to.equal(
          before.get(name)!.metadata!.annotations?.['chaindatastack.io/config-hash'],
        );
      }
      const everything = JSON.stringify((await children(c, 'main')).filter((o) => o.kind !== 'Secret'));
      expect(everything).to.not.include('password');
    });
  });

  // A block of its own: the server must start without the ChainDataStack CRD, which every other scenario needs.
  describeOn(`operator started before its CRD exists, against ${title}`, function () {
    this.timeout(90_000);
    const cluster = useTestClusters(backend, { stackCrd: false });

    it('keeps watching when started before its CRD exists, and reconciles once it does', async () => {
      const c = cluster();
      await startTestOperator(c);
      startWorkloadControllers(c, c.namespace);
      // The stack watch fails (no such resource) and is restarted until the CRD is installed.
      await c.waitFor(
        () => c.requests.filter((r) => r.path.includes(`/apis/${GROUP}/`) && r.code === 404).length >= 2,
        10_000,
        'the watch retried',
      );
      await c.installCrd(readCrd());
      await createStack(c, 'eval', DEVNET_SAMPLE.spec);
      await waitReady(c, 'eval');
    });
  });
}
