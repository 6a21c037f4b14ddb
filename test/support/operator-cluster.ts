/**
 * Clusters for operator tests. A `TestCluster` is one test's view of an API server with the ChainDataStack CRD
 * installed: the fake API server (one per test) or a real kube-apiserver (one per describe block, each test in a
 * namespace of its own). Either way the operator talks to it through a recording proxy, so `requests` holds
 * exactly what the operator sent, while the test reads and writes directly, as other clients would. Also here: a
 * stand-in for the controllers that report workloads' status, and the operator started in-process.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { Registry } from 'prom-client';
import { parse as parseYaml } from 'yaml';
import { createLogger } from '../../services/runtime/logger.ts';
import { startOperator, type OperatorOptions, type RunningOperator } from '../../operator/operator.ts';
import { startRealKubeApiServer, type RealKubeApiServer } from './envtest.ts';
import {
  startFakeKubeApiServer,
  type FakeKubeApiServer,
  type KubeObject,
} from './fake-kube-apiserver/index.ts';
import { startRecordingProxy, type OperatorRequest, type RecordingProxy } from './recording-proxy.ts';

export type { OperatorRequest } from './recording-proxy.ts';

function readYaml(url: URL): KubeObject {
  return parseYaml(readFileSync(url, 'utf8')) as KubeObject;
}

/** The ChainDataStack CRD as `make crds` generated it. */
export function readCrd(): KubeObject {
  return readYaml(new URL('../../crds/chaindatastacks.chaindatastack.io.yaml', import.meta.url));
}

/** A sample stack of crds/samples/ by file name (`devnet`, `production`). */
export function readSample(name: string): KubeObject {
  return readYaml(new URL(`../../crds/samples/${name}.yaml`, import.meta.url));
}

export function kubeConfigFor(server: FakeKubeApiServer): KubeConfig {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromString(server.kubeconfig());
  return kubeConfig;
}

/** The workloads of the devnet sample (crds/samples/devnet.yaml), in the order the operator builds them. */
export const DEVNET_WORKLOADS = [
  'devnet',
  'container-indexer',
  'primary-network',
  'evm-data',
  'metrics',
  'export-worker',
  'node-rpc',
  'sig-aggregator',
  'gateway-rpc',
  'gateway-data',
  'gateway-metrics',
];

// ---- Test clusters ----

export type Backend = 'fake' | 'real';

export interface TestCluster {
  readonly backend: Backend;
  /** This test's own namespace (it exists). */
  readonly namespace: string;
  /** Whether deleting an owner deletes its dependents: the fake's GC does; nothing runs one beside a bare server. */
  readonly garbageCollects: boolean;
  /** The fake API server itself, for what only it can do (fault injection); undefined on a real one. */
  readonly fake: FakeKubeApiServer | undefined;
  /** How often waits and the workload stand-in look again. */
  readonly pollIntervalMs: number;
  /** What the operator sent, in order, each with the server's answer code. */
  readonly requests: readonly OperatorRequest[];
  resetRequests(): void;
  /** See RecordingProxy.beforeForwarding. */
  beforeForwarding(match: (r: OperatorRequest) => boolean, action: () => Promise<void>): void;
  /** The operator's kubeconfig: through the recording proxy. */
  operatorKubeConfig(): KubeConfig;
  /** The test's own client configuration (admin, direct, not recorded). */
  kubeConfig(): KubeConfig;
  get(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
  ): Promise<KubeObject | undefined>;
  list(
    group: string,
    version: string,
    plural: string,
    namespace?: string,
    labelSelector?: string,
  ): Promise<KubeObject[]>;
  /** Creates an object (namespace from metadata.namespace) as `manager`. */
  create(obj: KubeObject, manager?: string): Promise<KubeObject>;
  /** A JSON merge patch of the main resource, an Update by `manager`. */
  patch(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    manager?: string,
  ): Promise<KubeObject>;
  /** Sets these status fields through the status subresource, as a controller would. */
  updateStatus(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    status: Record<string, unknown>,
    manager?: string,
  ): Promise<KubeObject>;
  delete(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
  ): Promise<void>;
  /** Installs a CRD and waits until it is served; the cluster removes it again at close. */
  installCrd(crd: KubeObject): Promise<void>;
  waitFor<T>(condition: () => T | Promise<T>, timeoutMs?: number, what?: string): Promise<NonNullable<T>>;
  /** Runs at close, last registered first: operators and stand-ins stop before the cluster goes. */
  defer(cleanup: () => unknown): void;
  close(): Promise<void>;
}

/** The object operations both backends implement; `TestCluster` adds the rest on top. */
interface ObjectStore {
  get: TestCluster['get'];
  list: TestCluster['list'];
  create: TestCluster['create'];
  patch: TestCluster['patch'];
  updateStatus: TestCluster['updateStatus'];
  delete: TestCluster['delete'];
}

async function waitFor<T>(
  condition: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
  intervalMs: number,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function fakeStore(server: FakeKubeApiServer): ObjectStore {
  return {
    get(group, version, plural, namespace, name) {
      try {
        return Promise.resolve(server.get(group, version, plural, namespace, name));
      } catch {
        // The fake throws for a resource it does not serve (yet): as absent as a 404.
        return Promise.resolve(undefined);
      }
    },
    list: (group, version, plural, namespace, labelSelector) =>
      Promise.resolve(server.list(group, version, plural, namespace, labelSelector)),
    create: (obj, manager) => Promise.resolve(server.create(obj, manager)),
    patch: (group, version, plural, namespace, name, patch, manager) =>
      Promise.resolve(server.patch(group, version, plural, namespace, name, patch, manager)),
    updateStatus: (group, version, plural, namespace, name, status, manager) =>
      Promise.resolve(
        server.updateStatus(
          group,
          version,
          plural,
          namespace,
          name,
          (current) => ({
            ...(current.status as object | undefined),
            ...status,
          }),
          manager,
        ),
      ),
    delete(group, version, plural, namespace, name) {
      if (server.get(group, version, plural, namespace, name))
        server.delete(group, version, plural, namespace, name);
      return Promise.resolve();
    },
  };
}

class ApiError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** Plain JSON over HTTPS with the admin token: what the server stored, without a typed client's conversions. */
class RestStore implements ObjectStore {
  private readonly agent: Agent;
  private readonly resources = new Map<string, { name: string; kind: string; namespaced: boolean }[]>();

  private readonly server: RealKubeApiServer;

  constructor(server: RealKubeApiServer) {
    this.server = server;
    this.agent = new Agent({ keepAlive: true, ca: server.ca });
  }

  close(): void {
    this.agent.destroy();
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/json',
  ): Promise<unknown> {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${this.server.url}${path}`,
        {
          method,
          agent: this.agent,
          headers: {
            authorization: `Bearer ${this.server.adminToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': contentType }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
    if (status >= 300) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // Not a Status: the raw text says what went wrong.
      }
      throw new ApiError(status, `${method} ${path}: ${status} ${message}`);
    }
    return JSON.parse(text) as unknown;
  }

  private path(group: string, version: string, plural: string, namespace?: string, name?: string): string {
    const base = group ? `/apis/${group}/${version}` : `/api/${version}`;
    const ns = namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
    return `${base}${ns}/${plural}${name ? `/${encodeURIComponent(name)}` : ''}`;
  }

  /** The plural of a kind, from discovery (not cached while missing: a CRD just installed may not be listed yet). */
  private async resourceOf(apiVersion: string, kind: string) {
    let resources = this.resources.get(apiVersion);
    if (!resources?.some((r) => r.kind === kind)) {
      const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      const list = (await this.request('GET', path)) as {
        resources: { name: string; kind: string; namespaced: boolean }[];
      };
      resources = list.resources.filter((r) => !r.name.includes('/'));
      this.resources.set(apiVersion, resources);
    }
    const found = resources.find((r) => r.kind === kind);
    if (!found) throw new Error(`no resource for ${kind} in ${apiVersion}`);
    return found;
  }

  async get(group: string, version: string, plural: string, namespace: string | undefined, name: string) {
    try {
      return (await this.request('GET', this.path(group, version, plural, namespace, name))) as KubeObject;
    } catch (err) {
      if (err instanceof ApiError && err.code === 404) return undefined;
      throw err;
    }
  }

  async list(group: string, version: string, plural: string, namespace?: string, labelSelector?: string) {
    const query = labelSelector ? `?labelSelector=${encodeURIComponent(labelSelector)}` : '';
    const list = (await this.request('GET', `${this.path(group, version, plural, namespace)}${query}`)) as {
      items: KubeObject[];
    };
    // List items carry no apiVersion and kind on a real server; the fake's hooks return them, and tests use them.
    const kind = (list as { kind?: string }).kind?.replace(/List$/, '');
    const apiVersion = group ? `${group}/${version}` : version;
    return list.items.map((item) => ({ ...item, apiVersion, kind: kind ?? item.kind }));
  }

  async create(obj: KubeObject, manager = 'test') {
    const resource = await this.resourceOf(obj.apiVersion, obj.kind);
    const [group, version] = obj.apiVersion.includes('/') ? obj.apiVersion.split('/') : ['', obj.apiVersion];
    const namespace = resource.namespaced ? (obj.metadata.namespace ?? 'default') : undefined;
    const path = this.path(group!, version!, resource.name, namespace);
    return (await this.request(
      'POST',
      `${path}?fieldManager=${encodeURIComponent(manager)}`,
      obj,
    )) as KubeObject;
  }

  async patch(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    manager = 'test',
  ) {
    const path = `${this.path(group, version, plural, namespace, name)}?fieldManager=${encodeURIComponent(manager)}`;
    return (await this.request('PATCH', path, patch, 'application/merge-patch+json')) as KubeObject;
  }

  async updateStatus(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    status: Record<string, unknown>,
    manager = 'kube-controller-manager',
  ) {
    const path = `${this.path(group, version, plural, namespace, name)}/status?fieldManager=${encodeURIComponent(manager)}`;
    return (await this.request('PATCH', path, { status }, 'application/merge-patch+json')) as KubeObject;
  }

  async delete(group: string, version: string, plural: string, namespace: string | undefined, name: string) {
    try {
      await this.request('DELETE', this.path(group, version, plural, namespace, name));
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 404)) throw err;
    }
  }
}

async function waitEstablished(store: ObjectStore, name: string): Promise<void> {
  await waitFor(
    async () => {
      const crd = await store.get('apiextensions.k8s.io', 'v1', 'customresourcedefinitions', undefined, name);
      const conditions = (crd?.status as { conditions?: { type: string; status: string }[] } | undefined)
        ?.conditions;
      return conditions?.some((c) => c.type === 'Established' && c.status === 'True');
    },
    30_000,
    `CRD ${name} established`,
    50,
  );
}

interface ClusterParts {
  backend: Backend;
  namespace: string;
  store: ObjectStore;
  proxy: RecordingProxy;
  fake?: FakeKubeApiServer;
  adminKubeConfig: () => KubeConfig;
  pollIntervalMs: number;
  /** Undoes what this test left that would change the next test's run on a shared server. */
  cleanup: (installedCrds: string[]) => Promise<void>;
}

function testCluster(parts: ClusterParts): TestCluster {
  const { store, proxy } = parts;
  const deferred: (() => unknown)[] = [];
  const installedCrds: string[] = [];
  return {
    backend: parts.backend,
    namespace: parts.namespace,
    garbageCollects: parts.backend === 'fake',
    fake: parts.fake,
    pollIntervalMs: parts.pollIntervalMs,
    get requests() {
      return proxy.requests;
    },
    resetRequests: () => proxy.resetRequests(),
    beforeForwarding: (match, action) => proxy.beforeForwarding(match, action),
    operatorKubeConfig() {
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromString(proxy.kubeconfig(parts.namespace));
      return kubeConfig;
    },
    kubeConfig: parts.adminKubeConfig,
    get: (...args) => store.get(...args),
    list: (...args) => store.list(...args),
    create: (...args) => store.create(...args),
    patch: (...args) => store.patch(...args),
    updateStatus: (...args) => store.updateStatus(...args),
    delete: (...args) => store.delete(...args),
    async installCrd(crd) {
      await store.create(crd, 'kubectl');
      installedCrds.push(crd.metadata.name!);
      await waitEstablished(store, crd.metadata.name!);
    },
    waitFor: (condition, timeoutMs = 10_000, what = 'condition') =>
      waitFor(condition, timeoutMs, what, parts.pollIntervalMs),
    defer: (cleanup) => deferred.push(cleanup),
    async close() {
      // Every step runs even when one fails: a server left running would keep the test process alive.
      let failure: Error | undefined;
      const attempt = async (step: () => unknown) => {
        try {
          await step();
        } catch (err) {
          failure ??= err instanceof Error ? err : new Error(String(err));
        }
      };
      for (const cleanup of deferred.reverse()) await attempt(cleanup);
      await attempt(() => parts.cleanup(installedCrds));
      await attempt(() => proxy.close());
      if (failure !== undefined) throw failure;
    },
  };
}

async function openFakeCluster(installStackCrd: boolean): Promise<TestCluster> {
  const server = await startFakeKubeApiServer({ bookmarkIntervalMs: 1_000 });
  if (installStackCrd) server.create(readCrd(), 'kubectl');
  const namespace = 'chain-data';
  server.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, 'kubectl');
  const proxy = await startRecordingProxy({ url: server.url, token: server.adminToken });
  return testCluster({
    backend: 'fake',
    namespace,
    store: fakeStore(server),
    proxy,
    fake: server,
    adminKubeConfig: () => kubeConfigFor(server),
    pollIntervalMs: 10,
    cleanup: () => server.close(),
  });
}

let realNamespaces = 0;

async function openRealCluster(server: RealKubeApiServer, store: RestStore): Promise<TestCluster> {
  const namespace = `chain-data-${++realNamespaces}`;
  await store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, 'kubectl');
  // Admin: the chart's RBAC is tested with its own ServiceAccount elsewhere; here the reconciler is under test.
  const proxy = await startRecordingProxy({ url: server.url, token: server.adminToken, ca: server.ca });
  return testCluster({
    backend: 'real',
    namespace,
    store,
    proxy,
    adminKubeConfig: () => server.kubeConfig(),
    pollIntervalMs: 50,
    async cleanup(installedCrds) {
      // The next test's operator watches every namespace: it must find no stack of this one to reconcile. With no
      // garbage collector the children stay, their owner gone; nothing reconciles them.
      for (const stack of await store
        .list('chaindatastack.io', 'v1alpha1', 'chaindatastacks', namespace)
        .catch(() => [])) {
        await store.delete(
          'chaindatastack.io',
          'v1alpha1',
          'chaindatastacks',
          namespace,
          stack.metadata.name!,
        );
      }
      // A CRD a test installed (CloudNativePG's) would change what later tests' stacks become.
      for (const name of installedCrds) {
        await store.delete('apiextensions.k8s.io', 'v1', 'customresourcedefinitions', undefined, name);
        await waitFor(
          async () =>
            (await store.get('apiextensions.k8s.io', 'v1', 'customresourcedefinitions', undefined, name)) ===
            undefined,
          60_000,
          `CRD ${name} removed`,
          100,
        );
      }
    },
  });
}

/**
 * A cluster on a server of its own, kept across the tests of a describe block (useTestClusters gives each test one
 * instead): closing it stops the server. Without `stackCrd` the server is bare, as a cluster before `helm install`.
 */
export async function startTestCluster(
  backend: Backend,
  options: { stackCrd?: boolean } = {},
): Promise<TestCluster> {
  const installStackCrd = options.stackCrd ?? true;
  if (backend === 'fake') return openFakeCluster(installStackCrd);
  const server = await startRealKubeApiServer();
  const store = new RestStore(server);
  try {
    if (installStackCrd) {
      const crd = readCrd();
      await store.create(crd, 'kubectl');
      await waitEstablished(store, crd.metadata.name!);
    }
    const cluster = await openRealCluster(server, store);
    const closeCluster = cluster.close.bind(cluster);
    // Assigned, not spread: the cluster's `requests` is a getter.
    return Object.assign(cluster, {
      async close() {
        try {
          await closeCluster();
        } finally {
          store.close();
          await server.stop();
        }
      },
    });
  } catch (err) {
    store.close();
    await server.stop();
    throw err;
  }
}

/**
 * Registers the mocha hooks that give each test of the calling describe block a cluster, and returns its getter.
 * A real API server is started once for the block (it takes seconds), a fake one for each test.
 */
export function useTestClusters(backend: Backend, options: { stackCrd?: boolean } = {}): () => TestCluster {
  const installStackCrd = options.stackCrd ?? true;
  let real: { server: RealKubeApiServer; store: RestStore } | undefined;
  let current: TestCluster | undefined;
  if (backend === 'real') {
    before(async function () {
      this.timeout(120_000);
      const server = await startRealKubeApiServer();
      real = { server, store: new RestStore(server) };
      if (installStackCrd) {
        const crd = readCrd();
        await real.store.create(crd, 'kubectl');
        await waitEstablished(real.store, crd.metadata.name!);
      }
    });
    after(async function () {
      this.timeout(60_000);
      real?.store.close();
      await real?.server.stop();
      real = undefined;
    });
  }
  beforeEach(async function () {
    this.timeout(60_000);
    if (backend === 'fake') {
      current = await openFakeCluster(installStackCrd);
    } else {
      if (!real) throw new Error('the real API server did not start');
      current = await openRealCluster(real.server, real.store);
    }
  });
  afterEach(async function () {
    this.timeout(120_000);
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('no test cluster: call the getter inside a test');
    return current;
  };
}

export interface TestOperator extends RunningOperator {
  metrics: Registry;
  identity: string;
}

/** The operator with test-sized timings (short lease, fast retries), stopped when the cluster closes. */
export async function startTestOperator(
  cluster: TestCluster,
  overrides: Partial<OperatorOptions> & { identity?: string } = {},
): Promise<TestOperator> {
  const metrics = new Registry();
  const identity = overrides.identity ?? 'operator-0';
  const running = await startOperator({
    kubeConfig: cluster.operatorKubeConfig(),
    log: createLogger('operator', process.env.TEST_LOG_LEVEL ?? 'silent'),
    metrics,
    operatorImage: 'registry.example/chain-data:1.2.3',
    identity,
    leaderElection: {
      // The test's own namespace: on a shared server, no test meets another's lease.
      namespace: cluster.namespace,
      leaseName: 'chain-data-operator',
      leaseDurationMs: 1_000,
      renewDeadlineMs: 800,
      retryPeriodMs: 100,
    },
    resyncIntervalMs: 3_600_000,
    backoff: { baseDelayMs: 5, maxDelayMs: 200 },
    reconcilerPollIntervalMs: 200,
    ...overrides,
  });
  let stopping: Promise<void> | undefined;
  const operator: TestOperator = { ...running, metrics, identity, stop: () => (stopping ??= running.stop()) };
  cluster.defer(() => operator.stop());
  return operator;
}

/** How many reconciles an operator has run (from its own Prometheus counter). */
export async function reconcileCount(operator: TestOperator): Promise<number> {
  const metric = await operator.metrics.getSingleMetric('chain_data_operator_reconcile_total')?.get();
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';

/**
 * Stands in for the Deployment and StatefulSet controllers: once a workload's spec is new to it, it reports every
 * desired replica updated and ready, as the real controllers do when pods come up. Like the real Deployment
 * controller it also writes the Deployment itself, not only its status: the revision annotation, whenever the pod
 * template changes. It stops when the cluster closes.
 */
export function startWorkloadControllers(store: TestCluster, namespace: string): { stop(): void } {
  const intervalMs = Math.max(20, store.pollIntervalMs);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const revisions = new Map<string, { template: string; revision: number }>();
  const tick = async () => {
    for (const plural of ['deployments', 'statefulsets']) {
      for (const object of await store.list('apps', 'v1', plural, namespace)) {
        if (stopped) return;
        const generation = object.metadata.generation ?? 1;
        const status = (object.status ?? {}) as { observedGeneration?: number };
        if (status.observedGeneration === generation) continue;
        const spec = object.spec as { replicas?: number; template?: unknown };
        if (plural === 'deployments') {
          const uid = object.metadata.uid!;
          const template = JSON.stringify(spec.template);
          const seen = revisions.get(uid);
          if (seen?.template !== template) {
            const revision = (seen?.revision ?? 0) + 1;
            await store.patch(
              'apps',
              'v1',
              plural,
              namespace,
              object.metadata.name!,
              { metadata: { annotations: { [REVISION_ANNOTATION]: String(revision) } } },
              'kube-controller-manager',
            );
            revisions.set(uid, { template, revision });
          }
        }
        const replicas = spec.replicas ?? 1;
        await store.updateStatus('apps', 'v1', plural, namespace, object.metadata.name!, {
          observedGeneration: generation,
          replicas,
          readyReplicas: replicas,
          updatedReplicas: replicas,
          availableReplicas: replicas,
          conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }],
        });
      }
    }
  };
  const loop = () => {
    running = tick()
      // A workload deleted or rewritten between the list and the write: the next round sees it as it is.
      .catch(() => undefined)
      .then(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs);
      });
  };
  loop();
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  store.defer(async () => {
    stop();
    await running;
  });
  return { stop };
}

export interface StackCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
  observedGeneration: number;
  lastTransitionTime: string;
}

export function condition(stack: KubeObject | undefined, type: string): StackCondition | undefined {
  const conditions = (stack?.status as { conditions?: StackCondition[] } | undefined)?.conditions ?? [];
  return conditions.find((c) => c.type === type);
}
