import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { parse } from 'yaml';
import { COMPONENT_KEYS, GATEWAYS } from '../../operator/api/v1alpha1.ts';
import {
  CHART_DIR,
  NAMESPACE,
  REPO_ROOT,
  helm,
  parseYamlDocuments,
  renderChart,
  templateArgs,
  tryHelm,
} from '../support/kube-tools.ts';
import { isBuiltInKind, validateBuiltInObject } from '../support/kube-models.ts';

/**
 * The chart as Helm and the API server would see it: lint, render with every ci/*-values.yaml, check each object
 * against the Kubernetes schemas (and the sample stack against the CRD's), and the values schema refusing bad
 * values. helm comes from `make kube-tools`. helm-chart-real-apiserver.test.ts installs it into a real API server.
 */

type KubeObject = Record<string, unknown> & {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
};

const CRD_FILE = 'chaindatastacks.chaindatastack.io.yaml';
const CI_VALUES = readdirSync(join(CHART_DIR, 'ci'))
  .filter((f) => f.endsWith('-values.yaml'))
  .sort()
  .map((f) => join(CHART_DIR, 'ci', f));
const SAMPLES_DIR = join(REPO_ROOT, 'crds', 'samples');
const FULLNAME = 'cds-chain-data-stack';
/** What `--api-versions` says for a cluster that serves ChainDataStacks already. */
const STACK_KIND = 'chaindatastack.io/v1alpha1/ChainDataStack';
const DEVNET_SPEC = { network: 'fuji', upstream: { devnet: { enabled: true, historyHours: 24 } } };

function readCrd(dir: string): KubeObject {
  return parse(readFileSync(join(dir, CRD_FILE), 'utf8')) as KubeObject;
}

/**
 * The API server prunes fields a structural schema does not name, and `kubectl apply` (strict field validation)
 * refuses them; additionalProperties: false makes ajv refuse them too, unless the schema preserves unknown fields.
 */
function rejectUnknownFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rejectUnknownFields);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // default and enum hold data, not schemas.
    out[key] = key === 'default' || key === 'enum' ? value : rejectUnknownFields(value);
  }
  if (
    out.properties !== undefined &&
    out.additionalProperties === undefined &&
    out['x-kubernetes-preserve-unknown-fields'] !== true
  ) {
    out.additionalProperties = false;
  }
  return out;
}

function chainDataStackValidator(crd: KubeObject): ValidateFunction {
  const versions = (crd.spec as { versions: { name: string; schema: { openAPIV3Schema: unknown } }[] })
    .versions;
  const v1alpha1 = versions.find((v) => v.name === 'v1alpha1');
  if (!v1alpha1) throw new Error('the CRD has no v1alpha1 version');
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // Kubernetes' own keywords: enforced by the API server (CEL rules, list semantics), not by a JSON Schema validator.
  for (const keyword of [
    'x-kubernetes-validations',
    'x-kubernetes-list-type',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-map-type',
    'x-kubernetes-preserve-unknown-fields',
    'x-kubernetes-int-or-string',
    'x-kubernetes-embedded-resource',
  ]) {
    ajv.addKeyword({ keyword });
  }
  // int32 and int64 as Kubernetes means them; ajv-formats would accept them, but say so rather than rely on it.
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  return ajv.compile(rejectUnknownFields(v1alpha1.schema.openAPIV3Schema) as object);
}

const crd = readCrd(join(REPO_ROOT, 'crds'));
const validateStack = chainDataStackValidator(crd);

function stackErrors(stack: unknown): string[] {
  if (validateStack(stack)) return [];
  return (validateStack.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** Validates one rendered object; throws naming it when it is invalid or of a kind the chart should not render. */
function validateObject(object: KubeObject): void {
  const id = `${object.apiVersion}/${object.kind}`;
  const name = `${id} ${object.metadata?.name ?? '(no name)'}`;
  if (id === 'chaindatastack.io/v1alpha1/ChainDataStack') {
    const errors = stackErrors(object);
    if (errors.length > 0) throw new Error(`${name} does not match the CRD: ${errors.join('; ')}`);
    return;
  }
  if (id === 'monitoring.coreos.com/v1/ServiceMonitor' || id === 'monitoring.coreos.com/v1/PrometheusRule') {
    // kubernetes-models has no Prometheus Operator kinds; the tests that enable them check their shape.
    return;
  }
  if (!isBuiltInKind(object)) throw new Error(`the chart rendered ${name}, a kind this test does not know`);
  validateBuiltInObject(object);
}

function findObject(objects: KubeObject[], kind: string, name?: string): KubeObject {
  const found = objects.find((o) => o.kind === kind && (name === undefined || o.metadata?.name === name));
  if (!found) throw new Error(`no ${kind} ${name ?? ''} rendered`);
  return found;
}

interface Container {
  args?: string[];
  image?: string;
  env?: { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[];
  securityContext?: Record<string, unknown>;
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
}

function operatorContainer(objects: KubeObject[]): Container {
  const deployment = findObject(objects, 'Deployment', FULLNAME) as {
    spec: { template: { spec: { containers: Container[] } } };
  };
  const container = deployment.spec.template.spec.containers[0];
  if (!container) throw new Error('the Deployment has no container');
  return container;
}

function envOf(container: Container): Record<string, string> {
  return Object.fromEntries(
    (container.env ?? []).map((e) => [e.name, e.value ?? `fieldRef:${e.valueFrom?.fieldRef?.fieldPath}`]),
  );
}

describe('Helm chart charts/chain-data-stack', function () {
  this.timeout(120_000);

  describe('the CRD', function () {
    it("the chart's files/crds/ copy is byte-identical to crds/", function () {
      const top = readFileSync(join(REPO_ROOT, 'crds', CRD_FILE));
      const chart = readFileSync(join(CHART_DIR, 'files', 'crds', CRD_FILE));
      expect(chart.equals(top), `${CHART_DIR}/files/crds/${CRD_FILE} differs from crds/: run make crds`).to.be
        .true;
    });

    it('is rendered as a release resource: the generated CRD plus the release labels and the keep policy', async function () {
      const rendered = findObject(await renderChart(), 'CustomResourceDefinition');
      const { labels, annotations, ...metadata } = rendered.metadata ?? {};
      expect({ ...rendered, metadata }).to.deep.equal(crd);
      expect(labels).to.deep.equal({
        'helm.sh/chart': 'chain-data-stack-0.1.0',
        'app.kubernetes.io/instance': 'cds',
        'app.kubernetes.io/managed-by': 'Helm',
        'app.kubernetes.io/part-of': 'chain-data-stack',
      });
      expect(annotations).to.deep.equal({ 'helm.sh/resource-policy': 'keep' });
    });

    it('is left to helm uninstall with crds.keep=false, and not rendered with crds.enabled=false', async function () {
      const unkept = findObject(await renderChart([], { 'crds.keep': 'false' }), 'CustomResourceDefinition');
      expect(unkept.metadata?.annotations).to.equal(undefined);
      const objects = (await renderChart([], { 'crds.enabled': 'false' })) as KubeObject[];
      expect(objects.map((o) => o.kind)).to.not.include('CustomResourceDefinition');
    });

    it('is a valid CustomResourceDefinition', function () {
      validateObject(crd);
      expect(crd.metadata?.name).to.equal('chaindatastacks.chaindatastack.io');
    });

    for (const file of readdirSync(SAMPLES_DIR).filter((f) => f.endsWith('.yaml'))) {
      it(`accepts the sample crds/samples/${file}`, function () {
        const docs = parseYamlDocuments(readFileSync(join(SAMPLES_DIR, file), 'utf8'));
        expect(docs).to.have.length.greaterThan(0);
        for (const doc of docs) expect(stackErrors(doc), `${file}`).to.deep.equal([]);
      });
    }

    it('takes the metrics component as it takes the others (enabled, replicas, resources, autoscaling, env)', function () {
      type Schema = { properties?: Record<string, Schema>; default?: unknown; description?: string };
      const version = (crd.spec as { versions: { schema: { openAPIV3Schema: Schema } }[] }).versions[0]!;
      const components = version.schema.openAPIV3Schema.properties!.spec!.properties!.components!.properties!;
      expect(Object.keys(components)).to.include('metrics');
      expect(Object.keys(components.metrics!.properties!)).to.deep.equal(
        Object.keys(components.evmData!.properties!),
      );
      expect(components.metrics!.description).to.match(/Metrics API/);
      const stack = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        metadata: { name: 'with-metrics' },
        spec: {
          ...DEVNET_SPEC,
          components: {
            metrics: {
              replicas: 2,
              resources: { requests: { cpu: '1', memory: '1Gi' } },
              env: [{ name: 'METRICS_ROLLUP_POLL_INTERVAL_MS', value: '60000' }],
            },
          },
        },
      };
      expect(stackErrors(stack)).to.deep.equal([]);
      const disabled = { ...stack, spec: { ...DEVNET_SPEC, components: { metrics: { enabled: false } } } };
      expect(stackErrors(disabled)).to.deep.equal([]);
      const typo = { ...stack, spec: { ...DEVNET_SPEC, components: { metrics: { replica: 2 } } } };
      expect(stackErrors(typo).join('\n')).to.include('/spec/components/metrics');
    });

    it('takes gatewayMetrics as it takes gatewayData: the same component fields and the same publishing (Service, Ingress)', function () {
      type Schema = { properties?: Record<string, Schema>; default?: unknown; description?: string };
      const version = (crd.spec as { versions: { schema: { openAPIV3Schema: Schema } }[] }).versions[0]!;
      const spec = version.schema.openAPIV3Schema.properties!.spec!.properties!;
      const components = spec.components!.properties!;
      const gateways = spec.gateways!.properties!;
      expect(Object.keys(components.gatewayMetrics!.properties!)).to.deep.equal(
        Object.keys(components.gatewayData!.properties!),
      );
      expect(components.gatewayMetrics!.description).to.match(/Metrics API/);
      expect(JSON.stringify(gateways.gatewayMetrics).replaceAll('8090', '8080')).to.equal(
        JSON.stringify(gateways.gatewayData).replaceAll('gateway-data', 'gateway-metrics'),
      );
      const stack = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        metadata: { name: 'with-gateway-metrics' },
        spec: {
          ...DEVNET_SPEC,
          components: {
            gatewayMetrics: {
              autoscaling: { enabled: true, minReplicas: 2, maxReplicas: 6 },
              env: [{ name: 'LOG_LEVEL', value: 'debug' }],
            },
          },
          gateways: {
            gatewayMetrics: {
              service: { type: 'LoadBalancer', port: 80 },
              ingress: { enabled: true, hosts: ['metrics.example.com'] },
            },
          },
        },
      };
      expect(stackErrors(stack)).to.deep.equal([]);
      const disabled = {
        ...stack,
        spec: { ...DEVNET_SPEC, components: { gatewayMetrics: { enabled: false } } },
      };
      expect(stackErrors(disabled)).to.deep.equal([]);
      const typo = { ...stack, spec: { ...DEVNET_SPEC, gateways: { gatewayMetrics: { servce: {} } } } };
      expect(stackErrors(typo).join('\n')).to.include('/spec/gateways/gatewayMetrics');
    });

    it('takes exportWorker as it takes the others, and its storage under spec.exportWorker: a volume or a bucket', function () {
      type Schema = { properties?: Record<string, Schema>; default?: unknown; description?: string };
      const version = (crd.spec as { versions: { schema: { openAPIV3Schema: Schema } }[] }).versions[0]!;
      const spec = version.schema.openAPIV3Schema.properties!.spec!.properties!;
      const components = spec.components!.properties!;
      expect(Object.keys(components.exportWorker!.properties!)).to.deep.equal(
        Object.keys(components.evmData!.properties!),
      );
      expect(components.exportWorker!.description).to.match(/transaction exports/);
      expect(Object.keys(spec.exportWorker!.properties!)).to.deep.equal([
        'storage',
        'concurrency',
        'maxRows',
        'maxBytes',
        'retentionDays',
        'downloadLinks',
        'serviceAccountName',
      ]);
      const stack = (exportWorker: unknown, component: unknown = {}) => ({
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        metadata: { name: 'with-exports' },
        spec: { ...DEVNET_SPEC, components: { exportWorker: component }, exportWorker },
      });
      const nfs = {
        storage: { directory: { size: '50Gi', storageClassName: 'nfs', accessModes: ['ReadWriteMany'] } },
        concurrency: 4,
        retentionDays: 3,
      };
      expect(
        stackErrors(stack(nfs, { replicas: 3, env: [{ name: 'EXPORT_PAGE_SIZE', value: '50' }] })),
      ).to.deep.equal([]);
      const bucket = {
        storage: {
          s3: {
            bucket: 'exports',
            endpoint: 'http://minio.storage:9000',
            forcePathStyle: true,
            credentialsSecretRef: { name: 'minio' },
          },
        },
        downloadLinks: { ttlSeconds: 900 },
      };
      expect(stackErrors(stack(bucket, { autoscaling: { enabled: true, maxReplicas: 4 } }))).to.deep.equal(
        [],
      );
      expect(
        stackErrors(stack({ storage: { directory: { accesModes: ['ReadWriteMany'] } } })).join('\n'),
      ).to.include('/spec/exportWorker/storage/directory');
      expect(
        stackErrors(stack({ storage: { s3: { bucket: 'exports', secretRef: {} } } })).join('\n'),
      ).to.include('/spec/exportWorker/storage/s3');
    });

    it('NOTES.txt names every component a stack runs, and where each gateway answers', function () {
      const notes = readFileSync(join(CHART_DIR, 'templates', 'NOTES.txt'), 'utf8');
      for (const key of COMPONENT_KEYS) expect(notes, key).to.match(new RegExp(`\\b${key}\\b`));
      for (const { command, port } of Object.values(GATEWAYS)) {
        expect(notes, command).to.include(`http://<name>-${command}.<namespace>.svc:${port}`);
      }
    });

    it('rejects a stack on an unknown network, naming /spec/network', function () {
      const stack = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        metadata: { name: 'bad' },
        spec: { network: 'testnet', upstream: { devnet: { enabled: true } } },
      };
      const errors = stackErrors(stack);
      expect(
        errors.some((e) => e.startsWith('/spec/network ')),
        errors.join('\n'),
      ).to.be.true;
    });

    it('rejects a field the schema does not name', function () {
      const stack = {
        apiVersion: 'chaindatastack.io/v1alpha1',
        kind: 'ChainDataStack',
        metadata: { name: 'typo' },
        spec: { network: 'fuji', upstream: { devnet: { enabled: true, histryHours: 3 } } },
      };
      expect(stackErrors(stack).join('\n')).to.include('/spec/upstream/devnet');
    });
  });

  const cases: { name: string; files: string[] }[] = [
    { name: 'the default values', files: [] },
    ...CI_VALUES.map((file) => ({ name: file.slice(CHART_DIR.length + 1), files: [file] })),
  ];

  for (const { name, files } of cases) {
    describe(`with ${name}`, function () {
      it('passes helm lint --strict', async function () {
        await helm(['lint', '--strict', CHART_DIR, ...files.flatMap((f) => ['--values', f])]);
      });

      it('renders objects that validate against the Kubernetes and CRD schemas', async function () {
        const objects = (await renderChart(files)) as KubeObject[];
        const values = files.map((f) => parse(readFileSync(f, 'utf8')) as { crds?: { enabled?: boolean } });
        const withCrd = values.every((v) => v?.crds?.enabled !== false);
        expect(objects.map((o) => o.kind)).to.include('Deployment');
        expect(objects.some((o) => o.kind === 'CustomResourceDefinition')).to.equal(withCrd);
        for (const object of objects) validateObject(object);
      });
    });
  }

  describe('the rendered operator', function () {
    let objects: KubeObject[];

    before(async function () {
      objects = await renderChart();
    });

    it('runs `chain-data operator` from the chart appVersion image, hardened', function () {
      const container = operatorContainer(objects);
      expect(container.args).to.deep.equal(['operator']);
      expect(container.image).to.match(/:0\.1\.0$/);
      expect(container.securityContext).to.deep.include({
        runAsNonRoot: true,
        runAsUser: 1000,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.livenessProbe?.httpGet).to.deep.equal({ path: '/healthz', port: 'metrics' });
      expect(container.readinessProbe?.httpGet).to.deep.equal({ path: '/readyz', port: 'metrics' });
    });

    it('configures the operator through its environment', function () {
      const container = operatorContainer(objects);
      expect(envOf(container)).to.deep.equal({
        OPS_PORT: '8081',
        OPERATOR_NAMESPACE: 'fieldRef:metadata.namespace',
        OPERATOR_IDENTITY: 'fieldRef:metadata.name',
        OPERATOR_WATCH_NAMESPACE: '',
        OPERATOR_DEFAULT_IMAGE: container.image,
        OPERATOR_LEADER_ELECTION: 'true',
        OPERATOR_LEASE_NAME: FULLNAME,
        LOG_LEVEL: 'info',
      });
    });

    it('runs two replicas with a PodDisruptionBudget keeping one', function () {
      expect((findObject(objects, 'Deployment') as { spec: { replicas: number } }).spec.replicas).to.equal(2);
      expect((findObject(objects, 'PodDisruptionBudget') as { spec: unknown }).spec).to.deep.include({
        minAvailable: 1,
      });
    });

    it('grants exactly the rights the operator uses, cluster-wide, and the Lease in its own namespace', function () {
      const rules = (findObject(objects, 'ClusterRole', FULLNAME) as { rules: unknown[] }).rules;
      const write = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
      expect(rules).to.deep.equal([
        { apiGroups: ['chaindatastack.io'], resources: ['chaindatastacks'], verbs: ['get', 'list', 'watch'] },
        {
          apiGroups: ['chaindatastack.io'],
          resources: ['chaindatastacks/status'],
          verbs: ['get', 'update', 'patch'],
        },
        // Owner references with blockOwnerDeletion, under OwnerReferencesPermissionEnforcement.
        { apiGroups: ['chaindatastack.io'], resources: ['chaindatastacks/finalizers'], verbs: ['update'] },
        { apiGroups: [''], resources: ['configmaps', 'services', 'secrets'], verbs: write },
        // export-worker's volume: applied, watched and pruned, never read alone or replaced.
        {
          apiGroups: [''],
          resources: ['persistentvolumeclaims'],
          verbs: ['list', 'watch', 'create', 'patch', 'delete'],
        },
        { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] },
        { apiGroups: ['apps'], resources: ['deployments', 'statefulsets'], verbs: write },
        { apiGroups: ['policy'], resources: ['poddisruptionbudgets'], verbs: write },
        { apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers'], verbs: write },
        { apiGroups: ['networking.k8s.io'], resources: ['networkpolicies', 'ingresses'], verbs: write },
        { apiGroups: ['postgresql.cnpg.io'], resources: ['clusters'], verbs: write },
        { apiGroups: ['monitoring.coreos.com'], resources: ['podmonitors', 'prometheusrules'], verbs: write },
        {
          apiGroups: ['apiextensions.k8s.io'],
          resources: ['customresourcedefinitions'],
          verbs: ['get', 'list', 'watch'],
        },
      ]);
      const lease = findObject(objects, 'Role', `${FULLNAME}-leader-election`) as {
        metadata: { namespace: string };
        rules: unknown[];
      };
      expect(lease.metadata.namespace).to.equal(NAMESPACE);
      expect(lease.rules).to.deep.equal([
        { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] },
      ]);
      for (const binding of objects.filter(
        (o) => o.kind === 'ClusterRoleBinding' || o.kind === 'RoleBinding',
      )) {
        expect((binding as { subjects: unknown[] }).subjects).to.deep.equal([
          { kind: 'ServiceAccount', name: FULLNAME, namespace: NAMESPACE },
        ]);
      }
      expect(objects.some((o) => o.kind === 'ChainDataStack')).to.be.false;
    });
  });

  it('confines the operator to watchNamespace with a Role there, and puts the sample there', async function () {
    const objects = (await renderChart([], {
      watchNamespace: 'stacks',
      'sample.enabled': 'true',
    })) as KubeObject[];
    const role = findObject(objects, 'Role', FULLNAME) as { metadata: { namespace: string } };
    expect(role.metadata.namespace).to.equal('stacks');
    expect(findObject(objects, 'RoleBinding', FULLNAME).metadata).to.deep.include({ namespace: 'stacks' });
    // CRDs are cluster-scoped: reading them takes a ClusterRole, and nothing else does.
    const crdRole = findObject(objects, 'ClusterRole') as { metadata: { name: string }; rules: unknown[] };
    expect(crdRole.metadata.name).to.equal(`${FULLNAME}-crds`);
    expect(crdRole.rules).to.deep.equal([
      {
        apiGroups: ['apiextensions.k8s.io'],
        resources: ['customresourcedefinitions'],
        verbs: ['get', 'list', 'watch'],
      },
    ]);
    expect(envOf(operatorContainer(objects)).OPERATOR_WATCH_NAMESPACE).to.equal('stacks');
    // The sample goes where the operator looks.
    expect(findObject(objects, 'ChainDataStack').metadata).to.deep.include({ namespace: 'stacks' });
  });

  describe('the sample stack', function () {
    it('is the devnet evaluation stack when sample.spec is empty, valid against the CRD', async function () {
      const objects = (await renderChart([], { 'sample.enabled': 'true' })) as KubeObject[];
      const stack = findObject(objects, 'ChainDataStack', `${FULLNAME}-sample`) as KubeObject & {
        spec: unknown;
      };
      expect(stack.spec).to.deep.equal(DEVNET_SPEC);
      const devnetSample = parse(readFileSync(join(SAMPLES_DIR, 'devnet.yaml'), 'utf8')) as { spec: unknown };
      expect(stack.spec).to.deep.equal(devnetSample.spec);
      expect(stackErrors(stack)).to.deep.equal([]);
    });

    it('takes a spec of its own whole, without the devnet default merged in', async function () {
      const file = join(CHART_DIR, 'ci', 'production-sample-values.yaml');
      const stack = findObject(await renderChart([file]), 'ChainDataStack') as KubeObject & {
        spec: { upstream: Record<string, unknown> };
      };
      const production = parse(readFileSync(join(SAMPLES_DIR, 'production.yaml'), 'utf8')) as {
        spec: unknown;
      };
      expect(stack.spec, 'ci/production-sample-values.yaml is crds/samples/production.yaml').to.deep.equal(
        production.spec,
      );
      expect(stack.spec.upstream).to.not.have.property('devnet');
      expect(stackErrors(stack)).to.deep.equal([]);
    });

    it('is a post-install hook carrying the release ownership while the cluster cannot map its kind', async function () {
      const objects = (await renderChart([], { 'sample.enabled': 'true' })) as KubeObject[];
      const stack = findObject(objects, 'ChainDataStack');
      expect(stack.metadata?.annotations).to.deep.equal({
        'helm.sh/hook': 'post-install,post-upgrade',
        'helm.sh/hook-delete-policy': 'hook-failed',
        'meta.helm.sh/release-name': 'cds',
        'meta.helm.sh/release-namespace': NAMESPACE,
      });
      expect(stack.metadata?.labels?.['app.kubernetes.io/managed-by']).to.equal('Helm');
    });

    it('is an ordinary release resource once the cluster serves ChainDataStacks', async function () {
      const objects = (await renderChart(
        [],
        { 'sample.enabled': 'true' },
        { apiVersions: [STACK_KIND] },
      )) as KubeObject[];
      expect(findObject(objects, 'ChainDataStack').metadata?.annotations).to.equal(undefined);
    });
  });

  it('renders a ServiceMonitor scraping the metrics Service when serviceMonitor.enabled', async function () {
    const objects = (await renderChart([], { 'serviceMonitor.enabled': 'true' })) as KubeObject[];
    for (const object of objects) validateObject(object);
    const monitor = findObject(objects, 'ServiceMonitor') as {
      spec: {
        selector: { matchLabels: Record<string, string> };
        endpoints: { port: string; path: string }[];
      };
    };
    const service = findObject(objects, 'Service', `${FULLNAME}-metrics`) as {
      metadata: { labels: Record<string, string> };
      spec: { ports: { name: string; port: number }[] };
    };
    expect(service.metadata.labels).to.deep.include(monitor.spec.selector.matchLabels);
    expect(monitor.spec.endpoints).to.deep.equal([
      { port: 'metrics', path: '/metrics', interval: '30s', scrapeTimeout: '10s' },
    ]);
    expect(service.spec.ports.map((p) => p.name)).to.include('metrics');
  });

  describe('the stacks’ monitoring (docs/monitoring.md)', function () {
    const DASHBOARDS_DIR = join(CHART_DIR, 'files', 'dashboards');
    const ALERTS_FILE = join(CHART_DIR, 'files', 'alerts', 'chain-data-stack.rules.yaml');
    const PROMETHEUS_RULE_KIND = 'monitoring.coreos.com/v1/PrometheusRule';
    type ConfigMap = KubeObject & { data: Record<string, string> };
    type Rules = {
      groups: {
        name: string;
        rules: { alert: string; labels: Record<string, string>; annotations: Record<string, string> }[];
      }[];
    };

    it('renders neither dashboards nor alerts by default', async function () {
      const objects = (await renderChart([], {}, { apiVersions: [PROMETHEUS_RULE_KIND] })) as KubeObject[];
      expect(objects.filter((o) => o.kind === 'ConfigMap' || o.kind === 'PrometheusRule')).to.deep.equal([]);
    });

    it('renders each dashboard of files/dashboards/ as it is, in a ConfigMap labelled for Grafana’s sidecar', async function () {
      const files = readdirSync(DASHBOARDS_DIR).filter((f) => f.endsWith('.json'));
      expect(files).to.have.length(4);
      const objects = (await renderChart([], { 'monitoring.dashboards.enabled': 'true' })) as KubeObject[];
      for (const object of objects) validateObject(object);
      const maps = objects.filter((o) => o.kind === 'ConfigMap') as ConfigMap[];
      expect(maps.map((m) => m.metadata?.name).sort()).to.deep.equal(
        ['api-usage', 'component', 'ingestion', 'overview'].map((d) => `${FULLNAME}-dashboard-${d}`),
      );
      for (const map of maps) {
        expect(map.metadata?.namespace).to.equal(NAMESPACE);
        expect(map.metadata?.labels).to.deep.include({
          grafana_dashboard: '1',
          'app.kubernetes.io/instance': 'cds',
          'app.kubernetes.io/component': 'dashboards',
        });
        const [file, json] = Object.entries(map.data)[0]!;
        expect(Object.keys(map.data)).to.deep.equal([file]);
        expect(json).to.equal(readFileSync(join(DASHBOARDS_DIR, file), 'utf8').trimEnd());
      }
      // The sidecar's label and where it looks are the values'.
      const custom = (await renderChart([], {
        'monitoring.dashboards.enabled': 'true',
        'monitoring.dashboards.label': 'example.com/dashboard',
        'monitoring.dashboards.labelValue': 'chain-data',
        'monitoring.dashboards.namespace': 'grafana',
        'monitoring.dashboards.annotations.grafana_folder': 'Chain Data',
      })) as ConfigMap[];
      const map = custom.find((o) => o.kind === 'ConfigMap')!;
      expect(map.metadata?.namespace).to.equal('grafana');
      expect(map.metadata?.labels?.['example.com/dashboard']).to.equal('chain-data');
      expect(map.metadata?.labels).to.not.have.property('grafana_dashboard');
      expect(map.metadata?.annotations).to.deep.equal({ grafana_folder: 'Chain Data' });
    });

    it('renders the alerts of files/alerts/ as a PrometheusRule, only where the cluster serves PrometheusRules', async function () {
      const set = {
        'monitoring.prometheusRule.enabled': 'true',
        'monitoring.prometheusRule.labels.release': 'kube-prometheus-stack',
        'monitoring.prometheusRule.alertLabels.team': 'data',
        'monitoring.prometheusRule.alertLabels.severity': 'page-everyone',
        'monitoring.prometheusRule.runbookBaseUrl': 'https://git.example/cds/blob/v0.1.0/',
      };
      const without = (await renderChart([], set)) as KubeObject[];
      expect(without.some((o) => o.kind === 'PrometheusRule')).to.be.false;

      const objects = (await renderChart([], set, { apiVersions: [PROMETHEUS_RULE_KIND] })) as KubeObject[];
      for (const object of objects) validateObject(object);
      const rule = findObject(objects, 'PrometheusRule', `${FULLNAME}-alerts`) as KubeObject & {
        spec: Rules;
      };
      expect(rule.metadata?.namespace).to.equal(NAMESPACE);
      expect(rule.metadata?.labels).to.deep.include({
        release: 'kube-prometheus-stack',
        'app.kubernetes.io/component': 'alerts',
      });
      // The source, with the values' alert labels beside each alert's own (which win) and the runbook base in front.
      const source = parse(readFileSync(ALERTS_FILE, 'utf8')) as Rules;
      for (const group of source.groups) {
        for (const alert of group.rules) {
          alert.labels = { team: 'data', ...alert.labels };
          alert.annotations.runbook_url = `https://git.example/cds/blob/v0.1.0/${alert.annotations.runbook_url}`;
        }
      }
      expect(rule.spec).to.deep.equal(source);
      expect(rule.spec.groups.flatMap((g) => g.rules).every((r) => r.labels.severity !== 'page-everyone')).to
        .be.true;
    });
  });

  it('the helm test Pod checks /readyz through the metrics Service, which does not select it', async function () {
    const objects = (await renderChart()) as KubeObject[];
    const pod = findObject(objects, 'Pod') as {
      metadata: { annotations: Record<string, string>; labels: Record<string, string> };
      spec: { containers: { command: string[] }[] };
    };
    expect(pod.metadata.annotations['helm.sh/hook']).to.equal('test');
    expect(pod.spec.containers[0]?.command.at(-1)).to.equal(`http://${FULLNAME}-metrics:8081/readyz`);
    const selector = (findObject(objects, 'Service') as { spec: { selector: Record<string, string> } }).spec
      .selector;
    expect(Object.entries(selector).every(([k, v]) => pod.metadata.labels[k] === v)).to.be.false;
  });

  for (const [key, value, message] of [
    ['replicaCount', '-1', 'replicaCount: Must be greater than or equal to 0'],
    ['logLevel', 'loud', 'logLevel: logLevel must be one of the following'],
    ['image.pullPolicy', 'Sometimes', 'image.pullPolicy: image.pullPolicy must be one of the following'],
    ['unknownKey', 'x', 'Additional property unknownKey is not allowed'],
    ['crds.enabled', 'sometimes', 'crds.enabled: Invalid type. Expected: boolean'],
    ['sample.spec.network', 'mainnet', 'sample.spec: upstream is required'],
  ] as const) {
    it(`values.schema.json refuses ${key}=${value}`, async function () {
      const result = await tryHelm(templateArgs([], { [key]: value }));
      expect(result.code).to.not.equal(0);
      expect(result.stderr).to.include("values don't meet the specifications of the schema");
      expect(result.stderr).to.include(message);
    });
  }

  it('refuses several replicas without leader election', async function () {
    const result = await tryHelm(templateArgs([], { replicaCount: '3', 'leaderElection.enabled': 'false' }));
    expect(result.code).to.not.equal(0);
    expect(result.stderr).to.include('replicaCount > 1 needs leaderElection.enabled');
  });
});
