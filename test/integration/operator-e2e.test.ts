/**
 * The install story end to end, against the fake API server and, when KUBEBUILDER_ASSETS names one, a real
 * kube-apiserver running OwnerReferencesPermissionEnforcement: `helm template` renders the chart, `kubectl apply
 * --server-side` installs it (CRD, RBAC, the operator's Deployment) and a sample stack, the operator runs as
 * `chain-data operator` configured exactly as the chart's Deployment configures it, and the sample becomes Ready
 * with every child owned by it. The operator authenticates with a token of the chart's ServiceAccount (from the
 * TokenRequest API, through `kubectl create token`), so the server's RBAC and admission judge every request it
 * makes by the chart's Roles: none may be refused. Then the data's lifecycle: a stack deleted and created again
 * finds its retained database password; and the PodMonitor, created and removed with the spec.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { stringify } from 'yaml';
import type { KubeObject } from '../support/fake-kube-apiserver/index.ts';
import { describeWithRealApiServer } from '../support/envtest.ts';
import { kubectl, renderChart, REPO_ROOT, waitForCrdEstablished } from '../support/kube-tools.ts';
import {
  condition,
  DEVNET_WORKLOADS,
  startTestCluster,
  startWorkloadControllers,
  type Backend,
  type TestCluster,
} from '../support/operator-cluster.ts';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy.ts';
import { startComponent, type RunningComponent } from '../support/processes.ts';
const RELEASE = 'cds';
const OPERATOR_POD = 'cds-chain-data-stack-6d4f9c7b8-x2v9k';

interface PodSpec {
  serviceAccountName?: string;
  containers: { args: string[]; env: EnvVar[] }[];
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { fieldRef?: { fieldPath: string } };
}

const podSpec = (deployment: KubeObject): PodSpec =>
  (deployment.spec as { template: { spec: PodSpec } }).template.spec;

/** The operator container's environment as the kubelet would give it to the chart's pod. */
function podEnvironment(
  deployment: KubeObject,
  namespace: string,
): { args: string[]; env: Record<string, string> } {
  const container = podSpec(deployment).containers[0]!;
  const fieldRefs: Record<string, string> = {
    'metadata.namespace': namespace,
    'metadata.name': OPERATOR_POD,
  };
  const env: Record<string, string> = {};
  for (const variable of container.env) {
    // An empty value is left out of the object a real API server stores.
    const value = variable.valueFrom?.fieldRef
      ? fieldRefs[variable.valueFrom.fieldRef.fieldPath]
      : (variable.value ?? '');
    if (value === undefined) throw new Error(`cannot resolve ${variable.name} for the test pod`);
    env[variable.name] = value;
  }
  return { args: container.args, env };
}

const STACKS = { group: 'chaindatastack.io', version: 'v1alpha1', plural: 'chaindatastacks' } as const;

/** The server and CA a cluster's admin kubeconfig names: where a proxy with another identity forwards to. */
function serverOf(cluster: TestCluster): { url: string; ca?: string } {
  const current = cluster.kubeConfig().getCurrentCluster()!;
  return {
    url: current.server,
    ...(current.caData ? { ca: Buffer.from(current.caData, 'base64').toString() } : {}),
  };
}

const SETUPS = [
  { name: 'default values: every namespace, two replicas electing a leader', values: [] as string[] },
  {
    name: 'ci/namespaced-values.yaml: one namespace, one replica',
    values: [join(REPO_ROOT, 'charts/chain-data-stack/ci/namespaced-values.yaml')],
  },
];

function endToEnd(backend: Backend, setup: (typeof SETUPS)[number]) {
  return function (this: Mocha.Suite) {
    this.timeout(120_000);
    let cluster: TestCluster;
    let namespace: string;
    let dir: string;
    let operator: RunningComponent | undefined;
    let proxy: RecordingProxy | undefined;
    let controllers: { stop(): void } | undefined;
    let kube: (args: string[], input?: string) => Promise<string>;
    const getStack = () => cluster.get(STACKS.group, STACKS.version, STACKS.plural, namespace, 'devnet');
    /** What the operator asked that the server refused: method, path and the server's words. */
    const refused = () =>
      (proxy?.requests ?? []).filter((r) => r.code === 403).map((r) => `${r.method} ${r.path} (${r.code})`);
    /** Waits for `check`, failing at once, naming the request, when the server refuses one of the operator's. */
    const waitUnlessRefused = async <T>(check: () => Promise<T>, what: string): Promise<NonNullable<T>> => {
      const found = await cluster.waitFor(
        async () => (refused().length > 0 ? 'refused' : await check()),
        30_000,
        `${what} (or a request of the operator refused)`,
      );
      expect(refused(), 'requests of the operator refused').to.deep.equal([]);
      return found as NonNullable<T>;
    };
    /** The stack once it has settled: Ready, and neither Progressing nor Degraded. */
    const readyStack = () =>
      waitUnlessRefused(async () => {
        const found = await getStack();
        const settled =
          condition(found, 'Ready')?.status === 'True' &&
          condition(found, 'Progressing')?.status === 'False' &&
          condition(found, 'Degraded')?.status === 'False';
        return settled ? found : undefined;
      }, 'the sample stack Ready');

    before(async () => {
      // A bare API server: the chart's own CRD is what gets installed.
      cluster = await startTestCluster(backend, { stackCrd: false });
      namespace = cluster.namespace;
      dir = await mkdtemp(join(tmpdir(), 'chain-data-e2e-'));
      await writeFile(join(dir, 'kubeconfig'), cluster.kubeConfig().exportConfig());
      const env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir };
      kube = (args, input) => kubectl(args, env, input);
    });

    after(async () => {
      controllers?.stop();
      await operator?.stop();
      await proxy?.close();
      await cluster?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('turns a sample stack into running components, all owned by it, reporting Ready', async () => {
      const rendered = (await renderChart(
        setup.values,
        // The namespaced setup reconciles one namespace: this test's.
        setup.values.length > 0 ? { watchNamespace: namespace } : {},
        { release: RELEASE, namespace },
      )) as KubeObject[];
      const crds = rendered.filter((o) => o.kind === 'CustomResourceDefinition');
      const release = rendered.filter(
        (o) => o.kind !== 'CustomResourceDefinition' && !o.metadata.annotations?.['helm.sh/hook'],
      );
      expect(crds).to.have.length(1);

      await kube(['apply', '--server-side', '-f', '-'], crds.map((o) => stringify(o)).join('---\n'));
      await waitForCrdEstablished(kube, crds[0]!.metadata.name!);
      await kube(
        ['apply', '--server-side', '-n', namespace, '-f', '-'],
        release.map((o) => stringify(o)).join('---\n'),
      );
      const deployment = await cluster.get('apps', 'v1', 'deployments', namespace, 'cds-chain-data-stack');
      expect(deployment, 'the operator Deployment').to.not.equal(undefined);

      await kube([
        'apply',
        '--server-side',
        '-n',
        namespace,
        '-f',
        join(REPO_ROOT, 'crds/samples/devnet.yaml'),
      ]);
      // The pod's identity: a token of its ServiceAccount, as the kubelet would project one; a proxy in front of
      // the server records what the operator sends with it, and what the server answers.
      const serviceAccount = podSpec(deployment!).serviceAccountName ?? 'default';
      const token = (await kube(['create', 'token', serviceAccount, '-n', namespace])).trim();
      proxy = await startRecordingProxy({ ...serverOf(cluster), token });
      await writeFile(join(dir, 'operator-kubeconfig'), proxy.kubeconfig(namespace));

      // The operator, configured as the chart's pod would be (its ops server on a free port instead of 8081).
      const { args, env } = podEnvironment(deployment!, namespace);
      expect(args).to.deep.equal(['operator']);
      const { OPS_PORT: _chartOpsPort, ...operatorEnv } = env;
      operator = await startComponent(args[0]!, {
        ...operatorEnv,
        KUBECONFIG: join(dir, 'operator-kubeconfig'),
      });
      controllers = startWorkloadControllers(cluster, namespace);

      const stack = await readyStack();
      const owner = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        name: 'devnet',
        uid: stack.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      };
      // Every child of the sample, owned by it; the database password is retained data (retainOnDelete).
      const children: [string, string, string][] = [
        ['apps', 'statefulsets', 'devnet-postgres'],
        ['', 'services', 'devnet-postgres'],
        ['apps', 'deployments', 'devnet-redis'],
        ['', 'services', 'devnet-redis'],
        ['', 'secrets', 'devnet-page-token'],
        ['', 'secrets', 'devnet-metrics-page-token'],
        ['', 'persistentvolumeclaims', 'devnet-export-worker-files'],
        ['networking.k8s.io', 'networkpolicies', 'devnet-internal'],
        ['networking.k8s.io', 'networkpolicies', 'devnet-gateways'],
        ...DEVNET_WORKLOADS.flatMap((component): [string, string, string][] => [
          ['', 'configmaps', `devnet-${component}`],
          ['apps', 'deployments', `devnet-${component}`],
          ['', 'services', `devnet-${component}`],
        ]),
      ];
      for (const [group, plural, name] of children) {
        const child = await cluster.get(group, 'v1', plural, namespace, name);
        expect(child, `${plural}/${name}`).to.not.equal(undefined);
        expect(child!.metadata.ownerReferences, `${plural}/${name}`).to.deep.equal([owner]);
      }
      const password = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-postgres');
      expect(password?.metadata.ownerReferences ?? [], 'the retained password Secret').to.deep.equal([]);
      const apiKeys = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-api-keys');
      expect(apiKeys, 'the API key secret').to.not.equal(undefined);
      expect(apiKeys!.metadata.ownerReferences ?? [], 'the retained API key secret').to.deep.equal([]);
      for (const component of DEVNET_WORKLOADS) {
        const child = await cluster.get('apps', 'v1', 'deployments', namespace, `devnet-${component}`);
        const image = (child!.spec as { template: { spec: { containers: { image: string }[] } } }).template
          .spec.containers[0]!.image;
        expect(image, 'children run the operator’s image').to.equal(env.OPERATOR_DEFAULT_IMAGE);
      }
      // The status conditions, each for the generation it was computed from.
      const generation = stack.metadata.generation;
      expect(condition(stack, 'Progressing')).to.include({ status: 'False', observedGeneration: generation });
      expect(condition(stack, 'Degraded')).to.include({ status: 'False', observedGeneration: generation });
      expect(condition(stack, 'Ready')).to.include({
        observedGeneration: generation,
        reason: 'AllComponentsReady',
      });

      // What people see: the printer columns, and the story in `kubectl describe`.
      const table = await kube(['get', 'cds', '-n', namespace]);
      expect(table).to.match(
        /^NAME\s+READY\s+NETWORK\s+COMPONENTS\s+AGE\s*\ndevnet\s+True\s+fuji\s+13\/13\s+/,
      );
      await cluster.waitFor(
        async () =>
          (await cluster.list('', 'v1', 'events', namespace)).some(
            (e) => (e as { reason?: unknown }).reason === 'Ready',
          ),
        5_000,
        'the Ready event',
      );
      const described = await kube(['describe', 'cds', 'devnet', '-n', namespace]);
      expect(described).to.match(/Normal\s+Applied\s+.*created StatefulSet devnet-postgres/);
      expect(described).to.match(/Normal\s+Ready\s+.*all 13 components are ready/);

      // The operator did all of that with the rights the chart grants, and with nothing else.
      expect(proxy.requests.length).to.be.greaterThan(20);
      expect(refused(), 'requests of the operator refused').to.deep.equal([]);

      // The ops endpoints the chart's probes use.
      for (const path of ['/healthz', '/readyz']) {
        const res = await fetch(`http://127.0.0.1:${operator.opsPort}${path}`);
        expect(res.status, path).to.equal(200);
      }
      const metrics = await (await fetch(`http://127.0.0.1:${operator.opsPort}/metrics`)).text();
      expect(metrics).to.match(
        /chain_data_operator_reconcile_total\{result="success",component="operator"\} [1-9]/,
      );
      if (env.OPERATOR_LEADER_ELECTION === 'true') {
        expect(metrics).to.match(/chain_data_operator_leader\{component="operator"\} 1/);
        expect(
          await cluster.get('coordination.k8s.io', 'v1', 'leases', namespace, 'cds-chain-data-stack'),
        ).to.not.equal(undefined);
      }
    });

    it('keeps the database password of a deleted stack, and a stack created again under its name uses it', async () => {
      const before = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-postgres');
      const keysBefore = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-api-keys');
      const old = (await getStack())!;
      await kube(['delete', 'cds', 'devnet', '-n', namespace, '--wait=true']);
      if (!cluster.garbageCollects) {
        // No garbage collector runs beside a bare API server: delete what it would, everything the stack owned.
        for (const [group, plural] of [
          ['apps', 'deployments'],
          ['apps', 'statefulsets'],
          ['', 'services'],
          ['', 'configmaps'],
          ['', 'secrets'],
          ['networking.k8s.io', 'networkpolicies'],
        ] as const) {
          for (const child of await cluster.list(group, 'v1', plural, namespace)) {
            if (child.metadata.ownerReferences?.some((ref) => ref.uid === old.metadata.uid)) {
              await cluster.delete(group, 'v1', plural, namespace, child.metadata.name!);
            }
          }
        }
      }
      expect(await cluster.get('apps', 'v1', 'statefulsets', namespace, 'devnet-postgres')).to.equal(
        undefined,
      );
      const kept = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-postgres');
      expect(kept?.data, 'the password outlives its stack').to.deep.equal(before!.data);

      await kube([
        'apply',
        '--server-side',
        '-n',
        namespace,
        '-f',
        join(REPO_ROOT, 'crds/samples/devnet.yaml'),
      ]);
      const again = await readyStack();
      expect(again.metadata.uid).to.not.equal(old.metadata.uid);
      const statefulSet = await cluster.get('apps', 'v1', 'statefulsets', namespace, 'devnet-postgres');
      expect(statefulSet, 'the database comes back').to.not.equal(undefined);
      expect(statefulSet!.spec).to.nested.include({
        'persistentVolumeClaimRetentionPolicy.whenDeleted': 'Retain',
      });
      const after = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-postgres');
      expect(after?.data, 'the same password opens the same volume').to.deep.equal(before!.data);
      // The API keys stored in that database were hashed under this secret: it comes back unchanged too.
      const keysAfter = await cluster.get('', 'v1', 'secrets', namespace, 'devnet-api-keys');
      expect(keysAfter?.data, 'the same secret checks the same keys').to.deep.equal(keysBefore!.data);
    });

    it('creates a PodMonitor once the Prometheus Operator is installed and asked for, and removes it when not', async () => {
      await cluster.installCrd(POD_MONITOR_CRD);
      const patchStack = (enabled: boolean) =>
        cluster.patch(STACKS.group, STACKS.version, STACKS.plural, namespace, 'devnet', {
          spec: { monitoring: { podMonitor: { enabled } } },
        });
      await patchStack(true);
      const monitor = await waitUnlessRefused(
        () => cluster.get('monitoring.coreos.com', 'v1', 'podmonitors', namespace, 'devnet-components'),
        'the PodMonitor',
      );
      expect(monitor.metadata.ownerReferences?.[0]?.name).to.equal('devnet');
      await patchStack(false);
      await waitUnlessRefused(
        async () =>
          (await cluster.get(
            'monitoring.coreos.com',
            'v1',
            'podmonitors',
            namespace,
            'devnet-components',
          )) === undefined,
        'the PodMonitor removed',
      );
    });

    it('refuses, through kubectl, a stack that breaks a CEL rule of the CRD', async () => {
      const bad = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        metadata: { name: 'both-databases' },
        spec: {
          upstream: { devnet: { enabled: true } },
          database: { external: { secretRef: { name: 'db' } }, managed: {} },
        },
      };
      const error = await kube(['apply', '--server-side', '-n', namespace, '-f', '-'], stringify(bad)).then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      expect(error?.message).to.include('database: set exactly one of external (a DSN secret) or managed');
    });
  };
}

/** The Prometheus Operator's PodMonitor kind, as far as a test needs it: served, with its fields kept. */
const POD_MONITOR_CRD: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'podmonitors.monitoring.coreos.com' },
  spec: {
    group: 'monitoring.coreos.com',
    scope: 'Namespaced',
    names: { kind: 'PodMonitor', listKind: 'PodMonitorList', plural: 'podmonitors', singular: 'podmonitor' },
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

for (const setup of SETUPS) {
  describe(`installing the chart (${setup.name}) and a ChainDataStack, end to end`, endToEnd('fake', setup));
  describeWithRealApiServer(
    `installing the chart (${setup.name}) and a ChainDataStack on a real kube-apiserver, end to end`,
    endToEnd('real', setup),
  );
}
