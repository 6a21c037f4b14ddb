/**
 * The install story end to end, against the fake API server: `helm template` renders the chart, `kubectl apply
 * --server-side` installs it (CRD, RBAC, the operator's Deployment) and a sample stack, the operator runs as
 * `chain-data operator` configured exactly as the chart's Deployment configures it, and the sample becomes Ready
 * with every component's Deployment and Service owned by it. The operator authenticates with a token of the chart's
 * ServiceAccount (from the TokenRequest API, through `kubectl create token`), so the fake's RBAC and its
 * OwnerReferencesPermissionEnforcement judge every request it makes by the chart's Roles: none may be refused.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { stringify } from 'yaml';
import {
  startFakeKubeApiServer,
  type FakeKubeApiServer,
  type KubeObject,
} from '../support/fake-kube-apiserver/index.ts';
import { kubectl, NAMESPACE, renderChart, REPO_ROOT } from '../support/kube-tools.ts';
import { condition, DEVNET_WORKLOADS, startWorkloadControllers } from '../support/operator-cluster.ts';
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
function podEnvironment(deployment: KubeObject): { args: string[]; env: Record<string, string> } {
  const container = podSpec(deployment).containers[0]!;
  const fieldRefs: Record<string, string> = {
    'metadata.namespace': NAMESPACE,
    'metadata.name': OPERATOR_POD,
  };
  const env: Record<string, string> = {};
  for (const variable of container.env) {
    const value = variable.valueFrom?.fieldRef
      ? fieldRefs[variable.valueFrom.fieldRef.fieldPath]
      : variable.value;
    if (value === undefined) throw new Error(`cannot resolve ${variable.name} for the test pod`);
    env[variable.name] = value;
  }
  return { args: container.args, env };
}

const SETUPS = [
  { name: 'default values: every namespace, two replicas electing a leader', values: [] as string[] },
  {
    name: 'ci/namespaced-values.yaml: one namespace, one replica',
    values: [join(REPO_ROOT, 'charts/chain-data-stack/ci/namespaced-values.yaml')],
  },
];

for (const setup of SETUPS)
  describe(`installing the chart (${setup.name}) and a ChainDataStack, end to end`, function () {
    this.timeout(120_000);
    let server: FakeKubeApiServer;
    let dir: string;
    let operator: RunningComponent | undefined;
    let controllers: { stop(): void } | undefined;
    let kube: (args: string[], input?: string) => Promise<string>;

    before(async () => {
      // A bare API server: the chart's own CRD is what gets installed.
      server = await startFakeKubeApiServer();
      dir = await mkdtemp(join(tmpdir(), 'chain-data-e2e-'));
      await writeFile(join(dir, 'kubeconfig'), server.kubeconfig(NAMESPACE));
      const env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir };
      kube = (args, input) => kubectl(args, env, input);
    });

    after(async () => {
      controllers?.stop();
      await operator?.stop();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('turns a sample stack into running components, all owned by it, reporting Ready', async () => {
      const rendered = (await renderChart(
        setup.values,
        {},
        { release: RELEASE, namespace: NAMESPACE },
      )) as KubeObject[];
      const crds = rendered.filter((o) => o.kind === 'CustomResourceDefinition');
      const release = rendered.filter(
        (o) => o.kind !== 'CustomResourceDefinition' && !o.metadata.annotations?.['helm.sh/hook'],
      );
      expect(crds).to.have.length(1);

      await kube(['create', 'namespace', NAMESPACE]);
      await kube(['apply', '--server-side', '-f', '-'], crds.map((o) => stringify(o)).join('---\n'));
      await kube(
        ['apply', '--server-side', '-n', NAMESPACE, '-f', '-'],
        release.map((o) => stringify(o)).join('---\n'),
      );
      const deployment = server.get('apps', 'v1', 'deployments', NAMESPACE, 'cds-chain-data-stack');
      expect(deployment, 'the operator Deployment').to.not.equal(undefined);

      await kube([
        'apply',
        '--server-side',
        '-n',
        NAMESPACE,
        '-f',
        join(REPO_ROOT, 'crds/samples/devnet.yaml'),
      ]);
      // The pod's identity: a token of its ServiceAccount, as the kubelet would project one.
      const serviceAccount = podSpec(deployment!).serviceAccountName ?? 'default';
      const token = (await kube(['create', 'token', serviceAccount, '-n', NAMESPACE])).trim();
      await writeFile(join(dir, 'operator-kubeconfig'), server.kubeconfig(NAMESPACE, token));
      const user = `system:serviceaccount:${NAMESPACE}:${serviceAccount}`;
      const operatorRequests = () => server.requests.filter((r) => r.user === user);
      const refused = () =>
        operatorRequests()
          .filter((r) => r.code === 403)
          .map((r) => `${r.method} ${r.path}: ${r.message ?? ''}`);
      server.resetRequests();

      // The operator, configured as the chart's pod would be (its ops server on a free port instead of 8081).
      const { args, env } = podEnvironment(deployment!);
      expect(args).to.deep.equal(['operator']);
      const { OPS_PORT: _chartOpsPort, ...operatorEnv } = env;
      operator = await startComponent(args[0]!, {
        ...operatorEnv,
        KUBECONFIG: join(dir, 'operator-kubeconfig'),
      });
      controllers = startWorkloadControllers(server, NAMESPACE);

      const ready = () => {
        const found = server.get('chaindatastack.io', 'v1alpha1', 'chaindatastacks', NAMESPACE, 'devnet');
        return condition(found, 'Ready')?.status === 'True' ? found : undefined;
      };
      // A refused request fails the test at once, naming what the chart's RBAC lacks, instead of a timeout.
      await server.waitFor(
        () => refused().length > 0 || ready(),
        30_000,
        'the sample stack Ready (or a request of the operator refused)',
      );
      expect(refused(), 'requests of the operator refused').to.deep.equal([]);
      const stack = ready()!;
      const owner = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        name: 'devnet',
        uid: stack.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      };
      for (const component of DEVNET_WORKLOADS) {
        for (const [group, plural] of [
          ['apps', 'deployments'],
          ['', 'services'],
        ] as const) {
          const child = server.get(group, 'v1', plural, NAMESPACE, `devnet-${component}`);
          expect(child, `${plural}/devnet-${component}`).to.not.equal(undefined);
          expect(child!.metadata.ownerReferences).to.deep.equal([owner]);
        }
        const image = (
          server.get('apps', 'v1', 'deployments', NAMESPACE, `devnet-${component}`)!.spec as {
            template: { spec: { containers: { image: string }[] } };
          }
        ).template.spec.containers[0]!.image;
        expect(image, 'children run the operator’s image').to.equal(env.OPERATOR_DEFAULT_IMAGE);
      }

      // What people see: the printer columns, and the story in `kubectl describe`.
      const table = await kube(['get', 'cds', '-n', NAMESPACE]);
      expect(table).to.match(/^NAME\s+READY\s+NETWORK\s+COMPONENTS\s+AGE\s*\ndevnet\s+True\s+fuji\s+8\/8\s+/);
      await server.waitFor(
        () =>
          server
            .list('', 'v1', 'events', NAMESPACE)
            .some((e) => (e as { reason?: unknown }).reason === 'Ready'),
        5_000,
        'the Ready event',
      );
      const described = await kube(['describe', 'cds', 'devnet', '-n', NAMESPACE]);
      expect(described).to.match(/Normal\s+Applied\s+.*created StatefulSet devnet-postgres/);
      expect(described).to.match(/Normal\s+Ready\s+.*all 8 components are ready/);

      // The operator did all of that with the rights the chart grants, and with nothing else.
      expect(operatorRequests().length).to.be.greaterThan(20);
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
          server.get('coordination.k8s.io', 'v1', 'leases', NAMESPACE, 'cds-chain-data-stack'),
        ).to.not.equal(undefined);
      }
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
      const error = await kube(['apply', '--server-side', '-n', NAMESPACE, '-f', '-'], stringify(bad)).then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      expect(error?.message).to.include('database: set exactly one of external (a DSN secret) or managed');
    });
  });
