/**
 * The chart installed with the real helm into a real kube-apiserver (envtest's, see test/support/envtest.ts): every
 * object admitted with the server's own validation, RBAC and admission plugins (OwnerReferencesPermissionEnforcement,
 * Pod Security), the CRD's life through install, upgrade and uninstall, and the sample stack on a cluster that does
 * not know its kind yet. helm-chart.test.ts checks what the chart renders; this checks what a cluster makes of it.
 *
 * One API server for the file, so the cases run in order and some build on the state an earlier one left: the CRD is
 * cluster-wide and one release owns it, so the first release (default values) owns it and every ci/*-values.yaml
 * installs as a further release beside it, with crds.enabled=false. Nothing runs pods here; where a test needs a pod
 * to have run (helm test), it reports the pod's phase as the kubelet would.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect } from 'chai';
import { parse, stringify } from 'yaml';
import {
  describeWithRealApiServer,
  startRealKubeApiServer,
  type RealKubeApiServer,
} from '../support/envtest.ts';
import {
  CHART_DIR,
  REPO_ROOT,
  clusterTools,
  parseYamlDocuments,
  type ClusterTools,
  type ToolResult,
} from '../support/kube-tools.ts';

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  status?: { conditions?: { type: string; status: string }[] };
}

interface ChartValues {
  watchNamespace?: string;
  sample?: { enabled?: boolean; spec?: Record<string, unknown> };
}

const CRD_FILE = 'chaindatastacks.chaindatastack.io.yaml';
const CRD_NAME = 'chaindatastacks.chaindatastack.io';
const SAMPLES_DIR = join(REPO_ROOT, 'crds', 'samples');
const CI_DIR = join(CHART_DIR, 'ci');
const CI_VALUES = readdirSync(CI_DIR)
  .filter((f) => f.endsWith('-values.yaml'))
  .sort();
const DEVNET_SPEC = { network: 'fuji', upstream: { devnet: { enabled: true, historyHours: 24 } } };

/** The release that owns the CRD, and its namespace. */
const OWNER = 'owner';
const OWNER_NS = 'cds-owner';
const OWNER_FULLNAME = `${OWNER}-chain-data-stack`;

function readValues(file: string): ChartValues {
  return (parse(readFileSync(file, 'utf8')) as ChartValues | null) ?? {};
}

/** The CRD as `make crds` generated it into the chart. */
function generatedCrd(): KubeObject {
  return parse(readFileSync(join(CHART_DIR, 'files', 'crds', CRD_FILE), 'utf8')) as KubeObject;
}

interface CrdVersion {
  schema: { openAPIV3Schema: { description?: string } };
}

function firstVersion(crd: KubeObject): CrdVersion {
  const version = (crd.spec as { versions: CrdVersion[] }).versions[0];
  if (!version) throw new Error('the CRD has no version');
  return version;
}

/** What the tests change to tell one version of the CRD from another. */
function schemaDescription(crd: KubeObject): string | undefined {
  return firstVersion(crd).schema.openAPIV3Schema.description;
}

function condition(object: KubeObject, type: string): string | undefined {
  return object.status?.conditions?.find((c) => c.type === type)?.status;
}

/** `expected` is within `actual`: the API server adds the CRD's defaults around what was asked for. */
function expectSubset(actual: unknown, expected: unknown, path: string): void {
  if (expected !== null && typeof expected === 'object') {
    expect(actual, path).to.be.an(Array.isArray(expected) ? 'array' : 'object');
    for (const [key, value] of Object.entries(expected)) {
      expectSubset((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
    return;
  }
  expect(actual, path).to.deep.equal(expected);
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithRealApiServer('Helm chart charts/chain-data-stack on a real API server', function () {
  this.timeout(120_000);
  let server: RealKubeApiServer;
  let cluster: ClusterTools;

  const kubectl = (args: string[], input?: string) => cluster.kubectl(args, input);
  const helm = (args: string[]) => cluster.helm(args);
  const get = async (args: string[]) =>
    JSON.parse(await kubectl(['get', ...args, '-o', 'json'])) as KubeObject;
  const exists = async (args: string[]) =>
    (await cluster.tryKubectl(['get', ...args, '-o', 'name'])).code === 0;
  const manifestOf = async (release: string, namespace: string) =>
    helm(['get', 'manifest', release, '-n', namespace]);

  /**
   * A namespace that enforces the restricted Pod Security Standard (so whatever the chart runs must meet it), with
   * the `default` ServiceAccount the kube-controller-manager would create there: the API server admits no Pod
   * without its ServiceAccount, and nothing here runs that controller.
   */
  async function createNamespace(name: string): Promise<void> {
    const restricted = 'restricted';
    const namespace = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name,
        labels: {
          'pod-security.kubernetes.io/enforce': restricted,
          'pod-security.kubernetes.io/warn': restricted,
        },
      },
    };
    const account = {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'default', namespace: name },
    };
    await kubectl(
      ['apply', '--server-side', '-f', '-'],
      [namespace, account].map((o) => stringify(o)).join('---\n'),
    );
  }

  /** Fails naming the first object of a release manifest that the cluster does not have. */
  async function expectManifestApplied(manifest: string): Promise<void> {
    await kubectl(['get', '-f', '-', '-o', 'name'], manifest);
  }

  /**
   * The Deployment controller's part for a Deployment of no replicas: a ReplicaSet of its template, and both
   * reporting the generation they have seen. That is all `helm --wait` checks of it.
   */
  async function actAsDeploymentController(name: string, namespace: string): Promise<void> {
    await waitUntil(`deployment ${name}`, () => exists(['deployment', name, '-n', namespace]));
    const deployment = (await get(['deployment', name, '-n', namespace])) as KubeObject & {
      metadata: { generation: number };
      spec: {
        selector: { matchLabels: Record<string, string> };
        template: { metadata: { labels: Record<string, string> } };
      };
    };
    // Of this Deployment's uid: nothing collects the ReplicaSet of an earlier one of the same name here.
    const hash = deployment.metadata.uid.slice(0, 8);
    const template = structuredClone(deployment.spec.template);
    template.metadata.labels['pod-template-hash'] = hash;
    const replicaSet = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${name}-${hash}`,
        namespace,
        labels: template.metadata.labels,
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name,
            uid: deployment.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: {
        replicas: 0,
        selector: { matchLabels: { ...deployment.spec.selector.matchLabels, 'pod-template-hash': hash } },
        template,
      },
    };
    await kubectl(['create', '-f', '-'], JSON.stringify(replicaSet));
    const observed = (generation: number) =>
      JSON.stringify({ status: { observedGeneration: generation, replicas: 0 } });
    await kubectl([
      'patch',
      'replicaset',
      `${name}-${hash}`,
      '-n',
      namespace,
      '--subresource=status',
      '--type=merge',
      '-p',
      observed(1),
    ]);
    await kubectl([
      'patch',
      'deployment',
      name,
      '-n',
      namespace,
      '--subresource=status',
      '--type=merge',
      '-p',
      observed(deployment.metadata.generation),
    ]);
  }

  before(async function () {
    server = await startRealKubeApiServer();
    cluster = clusterTools(server.kubeconfigFile());
  });

  after(async function () {
    await server?.stop();
  });

  it('installs with the default values, the CRD included as a release resource kept on uninstall', async function () {
    await createNamespace(OWNER_NS);
    await helm(['install', OWNER, CHART_DIR, '-n', OWNER_NS]);
    const manifest = await manifestOf(OWNER, OWNER_NS);
    await expectManifestApplied(manifest);
    expect(parseYamlDocuments(manifest).map((o) => o.kind)).to.include('CustomResourceDefinition');

    const crd = await get(['crd', CRD_NAME]);
    expect(crd.metadata.labels).to.include({
      'app.kubernetes.io/managed-by': 'Helm',
      'app.kubernetes.io/instance': OWNER,
      'app.kubernetes.io/part-of': 'chain-data-stack',
    });
    expect(crd.metadata.annotations).to.include({
      'meta.helm.sh/release-name': OWNER,
      'meta.helm.sh/release-namespace': OWNER_NS,
      'helm.sh/resource-policy': 'keep',
    });
    await waitUntil(
      'the CRD Established',
      async () => condition(await get(['crd', CRD_NAME]), 'Established') === 'True',
    );
  });

  it('admits every sample in crds/samples/ (kubectl apply --server-side --dry-run=server)', async function () {
    const samples = readdirSync(SAMPLES_DIR).filter((f) => f.endsWith('.yaml'));
    expect(samples).to.include.members(['devnet.yaml', 'production.yaml']);
    for (const file of samples) {
      await kubectl([
        'apply',
        '--server-side',
        '--dry-run=server',
        '-n',
        OWNER_NS,
        '-f',
        join(SAMPLES_DIR, file),
      ]);
    }
  });

  it('grants the operator what blockOwnerDeletion takes under OwnerReferencesPermissionEnforcement, PodMonitors and PrometheusRules', async function () {
    await kubectl(['apply', '--server-side', '-n', OWNER_NS, '-f', join(SAMPLES_DIR, 'devnet.yaml')]);
    const stack = await get(['chaindatastack', 'devnet', '-n', OWNER_NS]);
    const token = (await kubectl(['create', 'token', OWNER_FULLNAME, '-n', OWNER_NS])).trim();
    const operator = clusterTools(server.kubeconfigFile(token));

    // A child as the operator applies it: refused ("cannot set blockOwnerDeletion if an ownerReference refers to a
    // resource you can't set finalizers on") without update on chaindatastacks/finalizers.
    const child = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'devnet-owned-by-the-stack',
        namespace: OWNER_NS,
        ownerReferences: [
          {
            apiVersion: 'chaindatastack.io/v1alpha1',
            kind: 'ChainDataStack',
            name: 'devnet',
            uid: stack.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      data: { owned: 'yes' },
    };
    await operator.kubectl(
      ['apply', '--server-side', '--field-manager=chain-data-operator', '-f', '-'],
      JSON.stringify(child),
    );

    // The API server's own answer (kubectl auth can-i maps names through discovery, which has no PodMonitors here).
    const allowed = async (verb: string, group: string, resource: string, subresource = '') => {
      const review = {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        spec: { resourceAttributes: { namespace: OWNER_NS, verb, group, resource, subresource } },
      };
      const answer = await operator.kubectl(['create', '-f', '-', '-o', 'json'], JSON.stringify(review));
      return (JSON.parse(answer) as { status: { allowed: boolean } }).status.allowed;
    };
    expect(await allowed('create', 'monitoring.coreos.com', 'podmonitors')).to.be.true;
    expect(await allowed('create', 'monitoring.coreos.com', 'prometheusrules')).to.be.true;
    expect(await allowed('update', 'chaindatastack.io', 'chaindatastacks', 'finalizers')).to.be.true;
    // Least privilege: stacks are the user's to write, pods the workload controllers' to create.
    expect(await allowed('update', 'chaindatastack.io', 'chaindatastacks')).to.be.false;
    expect(await allowed('create', '', 'pods')).to.be.false;
  });

  it('admits the operator pods and the helm test Pod under the restricted Pod Security Standard; helm test passes', async function () {
    // Nothing turns the Deployment into pods here, so one of its pods goes to the API server directly.
    const deployment = (await get(['deployment', OWNER_FULLNAME, '-n', OWNER_NS])) as KubeObject & {
      spec: { template: { metadata: Record<string, unknown>; spec: unknown } };
    };
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { ...deployment.spec.template.metadata, name: `${OWNER_FULLNAME}-pod`, namespace: OWNER_NS },
      spec: deployment.spec.template.spec,
    };
    await kubectl(['create', '--dry-run=server', '-f', '-'], JSON.stringify(pod));

    const testPod = `${OWNER_FULLNAME}-test-connection`;
    let finished: ToolResult | undefined;
    const testing = cluster.tryHelm(['test', OWNER, '-n', OWNER_NS, '--timeout', '60s']).then((result) => {
      finished = result;
      return result;
    });
    await waitUntil('the helm test Pod', async () => {
      if (finished) throw new Error(`helm test ended before its Pod was seen:\n${finished.stderr}`);
      return exists(['pod', testPod, '-n', OWNER_NS]);
    });
    // The kubelet's part: the check ran and passed.
    await kubectl([
      'patch',
      'pod',
      testPod,
      '-n',
      OWNER_NS,
      '--subresource=status',
      '--type=merge',
      '-p',
      JSON.stringify({ status: { phase: 'Succeeded' } }),
    ]);
    const result = await testing;
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/Phase:\s+Succeeded/);
    expect(await exists(['pod', testPod, '-n', OWNER_NS]), 'hook-succeeded deletes the test Pod').to.be.false;
  });

  for (const file of CI_VALUES) {
    const release = file.replace(/-values\.yaml$/, '');
    it(`installs with ci/${file} beside it, in a namespace of its own (crds.enabled=false)`, async function () {
      const values = readValues(join(CI_DIR, file));
      const namespace = `ci-${release}`;
      await createNamespace(namespace);
      // A Role in watchNamespace needs that namespace to exist: Helm does not create it.
      if (values.watchNamespace) await createNamespace(values.watchNamespace);
      await helm([
        'install',
        release,
        CHART_DIR,
        '-n',
        namespace,
        '--values',
        join(CI_DIR, file),
        '--set',
        'crds.enabled=false',
      ]);
      const manifest = await manifestOf(release, namespace);
      await expectManifestApplied(manifest);
      const objects = parseYamlDocuments(manifest);
      expect(objects.map((o) => o.kind)).to.not.include('CustomResourceDefinition');

      if (values.sample?.enabled) {
        const name = `${release}-chain-data-stack-sample`;
        // The cluster serves ChainDataStacks already, so the sample is one of the release's own resources.
        expect(objects.some((o) => o.kind === 'ChainDataStack')).to.be.true;
        const stack = await get(['chaindatastack', name, '-n', values.watchNamespace || namespace]);
        const asked =
          values.sample.spec && Object.keys(values.sample.spec).length > 0 ? values.sample.spec : DEVNET_SPEC;
        expectSubset(stack.spec, asked, 'spec');
        if ('nodes' in ((asked.upstream as object | undefined) ?? {})) {
          expect(stack.spec?.upstream, 'a spec of its own replaces the devnet default').to.not.have.property(
            'devnet',
          );
        }
      }
    });
  }

  it('helm install --dry-run=server renders the sample as a release resource once the cluster serves its kind', async function () {
    const release = JSON.parse(
      await helm([
        'install',
        'dry-run',
        CHART_DIR,
        '-n',
        OWNER_NS,
        '--dry-run=server',
        '-o',
        'json',
        '--set',
        'crds.enabled=false',
        '--set',
        'sample.enabled=true',
      ]),
    ) as { manifest: string; hooks: { kind: string }[] };
    expect(parseYamlDocuments(release.manifest).map((o) => o.kind)).to.include('ChainDataStack');
    expect(release.hooks.map((h) => h.kind)).to.deep.equal(['Pod']);
    expect(await exists(['deployment', 'dry-run-chain-data-stack', '-n', OWNER_NS])).to.be.false;
  });

  it('helm upgrade upgrades the CRD to the chart’s', async function () {
    const generated = generatedCrd();
    // A later version of the chart, whose CRD differs.
    const newer = join(mkdtempSync(join(tmpdir(), 'chain-data-chart-')), basename(CHART_DIR));
    try {
      cpSync(CHART_DIR, newer, { recursive: true });
      const changed = structuredClone(generated);
      const marker = 'a ChainDataStack, as the next chart version describes it';
      firstVersion(changed).schema.openAPIV3Schema.description = marker;
      writeFileSync(join(newer, 'files', 'crds', CRD_FILE), stringify(changed));

      await helm(['upgrade', OWNER, newer, '-n', OWNER_NS, '--reuse-values']);
      expect(schemaDescription(await get(['crd', CRD_NAME]))).to.equal(marker);
    } finally {
      rmSync(join(newer, '..'), { recursive: true, force: true });
    }

    await helm(['upgrade', OWNER, CHART_DIR, '-n', OWNER_NS, '--reuse-values']);
    const crd = await get(['crd', CRD_NAME]);
    expect(schemaDescription(crd)).to.equal(schemaDescription(generated));
    expect(crd.metadata.annotations).to.include({ 'helm.sh/resource-policy': 'keep' });
    expect(crd.metadata.labels).to.include({ 'app.kubernetes.io/instance': OWNER });
  });

  it('helm uninstall keeps the CRD (crds.keep) and every stack with it', async function () {
    const output = await helm(['uninstall', OWNER, '-n', OWNER_NS]);
    expect(output).to.include('kept due to the resource policy');
    expect(await exists(['crd', CRD_NAME])).to.be.true;
    expect(await exists(['chaindatastack', 'devnet', '-n', OWNER_NS])).to.be.true;
    expect(await exists(['chaindatastack', 'sample-chain-data-stack-sample', '-n', 'ci-sample'])).to.be.true;
    expect(await exists(['deployment', OWNER_FULLNAME, '-n', OWNER_NS])).to.be.false;
  });

  it('gives the kept CRD back only to the release that owned it, which brings it to the chart’s version', async function () {
    // The kept CRD still names its release: another one cannot take it (the chart's README says how to hand it over).
    const other = await cluster.tryHelm(['install', 'other', CHART_DIR, '-n', OWNER_NS]);
    expect(other.code).to.not.equal(0);
    expect(other.stderr).to.include('invalid ownership metadata');

    // As if an older chart version had left it.
    await kubectl([
      'patch',
      'crd',
      CRD_NAME,
      '--type=json',
      '-p',
      JSON.stringify([
        {
          op: 'add',
          path: '/spec/versions/0/schema/openAPIV3Schema/description',
          value: 'a ChainDataStack, as an older chart version described it',
        },
      ]),
    ]);
    await helm(['install', OWNER, CHART_DIR, '-n', OWNER_NS]);
    expect(schemaDescription(await get(['crd', CRD_NAME]))).to.equal(schemaDescription(generatedCrd()));
    await expectManifestApplied(await manifestOf(OWNER, OWNER_NS));
  });

  it('hands the CRD over to another release as the chart’s README says', async function () {
    // Out of the old release: with crds.keep, the upgrade that drops it from the release leaves it in the cluster.
    await helm([
      'upgrade',
      OWNER,
      CHART_DIR,
      '-n',
      OWNER_NS,
      '--reuse-values',
      '--set',
      'crds.enabled=false',
    ]);
    expect(await exists(['crd', CRD_NAME])).to.be.true;
    const owned = parseYamlDocuments(await manifestOf(OWNER, OWNER_NS));
    expect(owned.map((o) => o.kind)).to.not.include('CustomResourceDefinition');

    const successor = 'successor';
    const namespace = 'cds-successor';
    await createNamespace(namespace);
    await kubectl(['label', 'crd', CRD_NAME, 'app.kubernetes.io/managed-by=Helm', '--overwrite']);
    await kubectl([
      'annotate',
      'crd',
      CRD_NAME,
      '--overwrite',
      `meta.helm.sh/release-name=${successor}`,
      `meta.helm.sh/release-namespace=${namespace}`,
    ]);
    await helm(['install', successor, CHART_DIR, '-n', namespace]);
    expect((await get(['crd', CRD_NAME])).metadata.labels).to.include({
      'app.kubernetes.io/instance': successor,
    });

    await helm(['uninstall', successor, '-n', namespace]);
    await helm(['uninstall', OWNER, '-n', OWNER_NS]);
    expect(await exists(['crd', CRD_NAME])).to.be.true;
  });

  it('with crds.keep=false, helm uninstall deletes the CRD', async function () {
    // Deleting the CRD by hand deletes every stack too (the next test sees none of the earlier ones).
    await kubectl(['delete', 'crd', CRD_NAME]);
    const namespace = 'cds-no-keep';
    await createNamespace(namespace);
    await helm([
      'install',
      'no-keep',
      CHART_DIR,
      '-n',
      namespace,
      '--values',
      join(CI_DIR, 'crds-no-keep-values.yaml'),
    ]);
    const crd = await get(['crd', CRD_NAME]);
    expect(crd.metadata.annotations).to.not.have.property('helm.sh/resource-policy');
    await helm(['uninstall', 'no-keep', '-n', namespace]);
    await waitUntil('the CRD deleted', async () => !(await exists(['crd', CRD_NAME])));
  });

  describe('the sample on a cluster without the CRD', function () {
    const release = 'hooked';
    const namespace = 'cds-hooked';
    const sample = `${release}-chain-data-stack-sample`;
    const sampleValues = join(CI_DIR, 'sample-values.yaml');

    /**
     * `helm install --wait`, as the chart's README asks for here: without it Helm may run the hook before the API
     * server serves the new kind, and fail with "no matches for kind" (it did here now and then). No operator
     * replicas, so a ReplicaSet that says so is all the wait needs from the Deployment controller.
     */
    async function installWaiting(): Promise<void> {
      const installing = helm([
        'install',
        release,
        CHART_DIR,
        '-n',
        namespace,
        '--values',
        sampleValues,
        '--set',
        'replicaCount=0',
        '--wait',
        '--timeout',
        '60s',
      ]);
      const acting = actAsDeploymentController(`${release}-chain-data-stack`, namespace);
      await Promise.all([installing, acting]);
    }

    before(async function () {
      await createNamespace(namespace);
    });

    it('is created after the CRD, by a hook; helm uninstall before any upgrade leaves it behind', async function () {
      await installWaiting();
      const stack = await get(['chaindatastack', sample, '-n', namespace]);
      expect(stack.metadata.annotations).to.include({ 'helm.sh/hook': 'post-install,post-upgrade' });
      const manifest = parseYamlDocuments(await manifestOf(release, namespace));
      expect(manifest.some((o) => o.kind === 'ChainDataStack')).to.be.false;

      await helm(['uninstall', release, '-n', namespace]);
      expect(await exists(['chaindatastack', sample, '-n', namespace]), 'as the README says').to.be.true;
      // Back to a cluster without the CRD (which takes the stack along).
      await kubectl(['delete', 'crd', CRD_NAME]);
    });

    it('is adopted, the same stack, by the first helm upgrade; updated by later ones; deleted by helm uninstall', async function () {
      await installWaiting();
      const created = await get(['chaindatastack', sample, '-n', namespace]);
      // The stacks of the earlier tests (cds-owner/devnet, the ci samples) went with the CRD they were deleted with.
      const all = JSON.parse(await kubectl(['get', 'chaindatastacks', '-A', '-o', 'json'])) as {
        items: KubeObject[];
      };
      expect(all.items.map((s) => `${s.metadata.namespace}/${s.metadata.name}`)).to.deep.equal([
        `${namespace}/${sample}`,
      ]);

      await helm(['upgrade', release, CHART_DIR, '-n', namespace, '--reuse-values']);
      const manifest = parseYamlDocuments(await manifestOf(release, namespace));
      expect(manifest.some((o) => o.kind === 'ChainDataStack')).to.be.true;
      const adopted = await get(['chaindatastack', sample, '-n', namespace]);
      expect(adopted.metadata.uid).to.equal(created.metadata.uid);

      const spec = { ...DEVNET_SPEC, upstream: { devnet: { enabled: true, historyHours: 48 } } };
      await helm([
        'upgrade',
        release,
        CHART_DIR,
        '-n',
        namespace,
        '--reuse-values',
        '--set-json',
        `sample.spec=${JSON.stringify(spec)}`,
      ]);
      const updated = await get(['chaindatastack', sample, '-n', namespace]);
      expect(updated.metadata.uid).to.equal(created.metadata.uid);
      expectSubset(updated.spec, spec, 'spec');

      await helm(['uninstall', release, '-n', namespace]);
      await waitUntil(
        'the sample deleted',
        async () => !(await exists(['chaindatastack', sample, '-n', namespace])),
      );
      expect(await exists(['crd', CRD_NAME])).to.be.true;
    });
  });
});
