import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';
import {
  startFakeKubeApiServer,
  type FakeKubeApiServer,
  type FakeKubeApiServerOptions,
  type KubeObject,
} from '../support/fake-kube-apiserver/index.ts';
import { HELM, KUBECTL, REPO_ROOT, runTool, ToolError } from '../support/kube-tools.ts';

const CRD_FILE = join(REPO_ROOT, 'crds/chaindatastacks.chaindatastack.io.yaml');

type Json = Record<string, unknown>;
/** What KubernetesObjectApi takes and returns, with the fields these tests read. */
type Resource = k8s.KubernetesObject & { spec?: unknown; status?: unknown };

interface WatchEvent {
  type: string;
  object: Json;
}

/** Reads a dotted path (`spec.database.managed`) out of any JSON value. */
function dig(value: unknown, path: string): unknown {
  let cur = value;
  for (const seg of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Json)[seg];
  }
  return cur;
}

function kubeConfig(server: FakeKubeApiServer): k8s.KubeConfig {
  const kc = new k8s.KubeConfig();
  kc.loadFromString(server.kubeconfig());
  return kc;
}

async function rejection(promise: Promise<unknown>): Promise<{ code: number; status: Json }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof k8s.ApiException) {
      const body = (err as k8s.ApiException<unknown>).body;
      return { code: err.code, status: (typeof body === 'string' ? JSON.parse(body) : body) as Json };
    }
    throw err;
  }
  throw new Error('expected the request to fail');
}

function deployment(name: string, labels: Record<string, string> = {}): k8s.V1Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image: 'busybox:1' }] },
      },
    },
  };
}

/**
 * client-node's serializer maps its TypeScript names (`_default`, `x_kubernetes_validations`) to JSON, so a
 * built-in kind parsed as plain YAML loses those fields on the way out; loadYaml deserializes into the models first.
 */
async function loadYaml(relative: string): Promise<Resource> {
  return k8s.loadYaml<Resource>(await readFile(join(REPO_ROOT, relative), 'utf8'));
}

describe('fake kube-apiserver', () => {
  let server: FakeKubeApiServer;
  let kc: k8s.KubeConfig;
  let apps: k8s.AppsV1Api;
  let core: k8s.CoreV1Api;
  let objects: k8s.KubernetesObjectApi;

  async function restart(options: FakeKubeApiServerOptions = {}): Promise<void> {
    await server?.close();
    server = await startFakeKubeApiServer(options);
    kc = kubeConfig(server);
    apps = kc.makeApiClient(k8s.AppsV1Api);
    core = kc.makeApiClient(k8s.CoreV1Api);
    objects = k8s.KubernetesObjectApi.makeApiClient(kc);
  }

  async function http(
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/json',
  ): Promise<{ code: number; body: Json; contentType: string }> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': contentType },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      code: res.status,
      body: (await res.json()) as Json,
      contentType: res.headers.get('content-type') ?? '',
    };
  }

  /** Streams a watch: events accumulate as they arrive; `ended` settles when the server ends the response. */
  function openWatch(path: string): { events: WatchEvent[]; ended: Promise<void>; close(): void } {
    const controller = new AbortController();
    const events: WatchEvent[] = [];
    const ended = (async () => {
      try {
        const res = await fetch(`${server.url}${path}`, { signal: controller.signal });
        expect(res.status).to.equal(200);
        const decoder = new TextDecoder();
        let buffered = '';
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(chunk, { stream: true });
          for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
            events.push(JSON.parse(buffered.slice(0, i)) as WatchEvent);
            buffered = buffered.slice(i + 1);
          }
        }
      } catch (err) {
        if (!controller.signal.aborted) throw err;
      }
    })();
    return { events, ended, close: () => controller.abort() };
  }

  beforeEach(async () => {
    await restart();
  });

  after(async () => {
    await server?.close();
  });

  describe('discovery', () => {
    it('serves /version, /api, /apis and resource lists', async () => {
      expect((await http('GET', '/version')).body).to.include({ major: '1', minor: '32' });
      const api = await http('GET', '/api');
      expect(api.body).to.include({ kind: 'APIVersions' });
      expect(api.body.versions).to.deep.equal(['v1']);

      const core = await http('GET', '/api/v1');
      expect(core.body).to.include({ kind: 'APIResourceList', groupVersion: 'v1' });
      const resources = core.body.resources as Json[];
      expect(resources.find((r) => r.name === 'namespaces')).to.include({
        namespaced: false,
        kind: 'Namespace',
      });
      expect(resources.find((r) => r.name === 'configmaps')).to.include({
        namespaced: true,
        kind: 'ConfigMap',
      });
      for (const name of [
        'secrets',
        'services',
        'serviceaccounts',
        'pods',
        'events',
        'persistentvolumeclaims',
      ]) {
        expect(resources.map((r) => r.name)).to.include(name);
      }

      const groups = (await http('GET', '/apis')).body;
      expect(groups.kind).to.equal('APIGroupList');
      const names = (groups.groups as Json[]).map((g) => g.name);
      for (const group of [
        'apps',
        'policy',
        'autoscaling',
        'networking.k8s.io',
        'coordination.k8s.io',
        'rbac.authorization.k8s.io',
        'events.k8s.io',
        'apiextensions.k8s.io',
      ]) {
        expect(names).to.include(group);
      }
      const appsGroup = (groups.groups as Json[]).find((g) => g.name === 'apps');
      expect(appsGroup?.preferredVersion).to.deep.equal({ groupVersion: 'apps/v1', version: 'v1' });

      const appsList = (await http('GET', '/apis/apps/v1')).body.resources as Json[];
      expect(appsList.find((r) => r.name === 'deployments')).to.deep.include({
        singularName: 'deployment',
        namespaced: true,
        kind: 'Deployment',
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        shortNames: ['deploy'],
        categories: ['all'],
      });
      expect(appsList.find((r) => r.name === 'deployments/status')).to.deep.include({
        verbs: ['get', 'patch', 'update'],
      });
      expect(appsList.find((r) => r.name === 'statefulsets/status')).to.exist;
      const rbac = (await http('GET', '/apis/rbac.authorization.k8s.io/v1')).body.resources as Json[];
      expect(rbac.find((r) => r.name === 'clusterroles')).to.include({ namespaced: false });
      expect(rbac.find((r) => r.name === 'roles')).to.include({ namespaced: true });
      expect((await http('GET', '/apis/nope.example.com/v1')).code).to.equal(404);
    });

    it('answers aggregated discovery requests with legacy JSON so kubectl falls back', async () => {
      const res = await fetch(`${server.url}/apis`, {
        headers: {
          accept:
            'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json',
        },
      });
      expect(res.headers.get('content-type')).to.equal('application/json');
      expect(((await res.json()) as Json).kind).to.equal('APIGroupList');
    });

    it('serves extra kinds declared with registerKind', async () => {
      server.registerKind({ group: 'postgresql.cnpg.io', version: 'v1', kind: 'Cluster', status: true });
      const list = (await http('GET', '/apis/postgresql.cnpg.io/v1')).body.resources as Json[];
      expect(list.map((r) => r.name)).to.deep.equal(['clusters', 'clusters/status']);
      const cluster = {
        apiVersion: 'postgresql.cnpg.io/v1',
        kind: 'Cluster',
        metadata: { name: 'pg' },
        spec: { instances: 1 },
      };
      await objects.create(cluster);
      const read = await objects.read({
        apiVersion: 'postgresql.cnpg.io/v1',
        kind: 'Cluster',
        metadata: { name: 'pg', namespace: 'default' },
      });
      expect(dig(read, 'spec.instances')).to.equal(1);
    });
  });

  describe('CRUD', () => {
    it('creates, reads, lists, replaces and deletes with real Status errors', async () => {
      const created = await apps.createNamespacedDeployment({ namespace: 'a', body: deployment('web') });
      expect(created.metadata?.namespace).to.equal('a');
      await apps.createNamespacedDeployment({ namespace: 'b', body: deployment('api') });

      const dup = await rejection(
        apps.createNamespacedDeployment({ namespace: 'a', body: deployment('web') }),
      );
      expect(dup.code).to.equal(409);
      expect(dup.status).to.deep.equal({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'deployments.apps "web" already exists',
        reason: 'AlreadyExists',
        details: { name: 'web', group: 'apps', kind: 'deployments' },
        code: 409,
      });

      const all = await apps.listDeploymentForAllNamespaces();
      expect(all.items.map((d) => `${d.metadata?.namespace}/${d.metadata?.name}`)).to.deep.equal([
        'a/web',
        'b/api',
      ]);
      expect((await apps.listNamespacedDeployment({ namespace: 'a' })).items).to.have.length(1);

      const read = await apps.readNamespacedDeployment({ name: 'web', namespace: 'a' });
      read.spec!.replicas = 3;
      const replaced = await apps.replaceNamespacedDeployment({ name: 'web', namespace: 'a', body: read });
      expect(replaced.spec?.replicas).to.equal(3);

      const stale = await rejection(
        apps.replaceNamespacedDeployment({ name: 'web', namespace: 'a', body: read }),
      );
      expect(stale.code).to.equal(409);
      expect(stale.status).to.include({
        reason: 'Conflict',
        message:
          'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
      });

      await apps.deleteNamespacedDeployment({ name: 'web', namespace: 'a' });
      const missing = await http('GET', '/apis/apps/v1/namespaces/a/deployments/web');
      expect(missing.code).to.equal(404);
      expect(missing.body).to.deep.equal({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'deployments.apps "web" not found',
        reason: 'NotFound',
        details: { name: 'web', group: 'apps', kind: 'deployments' },
        code: 404,
      });
      const missingCore = await http('GET', '/api/v1/namespaces/a/configmaps/x');
      expect(missingCore.body).to.include({ message: 'configmaps "x" not found' });
      expect(missingCore.body.details).to.deep.equal({ name: 'x', kind: 'configmaps' });
    });

    it('supports merge, strategic-merge and JSON patches', async () => {
      await core.createNamespacedConfigMap({
        namespace: 'p',
        body: { metadata: { name: 'cm' }, data: { a: '1', b: '2' } },
      });
      const path = '/api/v1/namespaces/p/configmaps/cm';

      const merged = await http('PATCH', path, { data: { a: null, c: '3' } }, 'application/merge-patch+json');
      expect(merged.body.data).to.deep.equal({ b: '2', c: '3' });

      const strategic = await http(
        'PATCH',
        path,
        { metadata: { labels: { x: 'y' } } },
        'application/strategic-merge-patch+json',
      );
      expect(dig(strategic.body, 'metadata.labels')).to.deep.equal({ x: 'y' });

      const ops = [
        { op: 'test', path: '/data/b', value: '2' },
        { op: 'replace', path: '/data/b', value: '20' },
        { op: 'add', path: '/data/d', value: '4' },
        { op: 'remove', path: '/data/c' },
        { op: 'add', path: '/metadata/labels/a~1b', value: 'slash' },
      ];
      const patched = await http('PATCH', path, ops, 'application/json-patch+json');
      expect(patched.code).to.equal(200);
      expect(patched.body.data).to.deep.equal({ b: '20', d: '4' });
      expect(dig(patched.body, 'metadata.labels')).to.deep.equal({ x: 'y', 'a/b': 'slash' });

      const failedTest = await http(
        'PATCH',
        path,
        [{ op: 'test', path: '/data/b', value: 'nope' }],
        'application/json-patch+json',
      );
      expect(failedTest.code).to.equal(422);

      // client-node's typed patch methods default to JSON Patch; an object body is rejected as by a real server.
      const typed = await rejection(
        core.patchNamespacedConfigMap({ name: 'cm', namespace: 'p', body: { data: { e: '5' } } }),
      );
      expect(typed.code).to.equal(400);
      const withHeader = await core.patchNamespacedConfigMap(
        { name: 'cm', namespace: 'p', body: { data: { e: '5' } } },
        k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
      );
      expect(withHeader.data).to.deep.equal({ b: '20', d: '4', e: '5' });

      expect(
        (await http('PATCH', '/api/v1/namespaces/p/configmaps/none', {}, 'application/merge-patch+json'))
          .code,
      ).to.equal(404);
    });

    it('keeps object bookkeeping like the real server', async () => {
      const created = await apps.createNamespacedDeployment({
        namespace: 'k',
        body: deployment('web'),
        fieldManager: 'tester',
      });
      const meta = created.metadata!;
      expect(meta.uid).to.match(/^[0-9a-f-]{36}$/);
      expect(meta.generation).to.equal(1);
      expect(meta.resourceVersion).to.match(/^\d+$/);
      expect(meta.creationTimestamp).to.be.instanceOf(Date);
      expect(meta.managedFields?.map((e) => [e.manager, e.operation])).to.deep.equal([['tester', 'Update']]);
      const raw = server.get('apps', 'v1', 'deployments', 'k', 'web')!;
      expect(raw.metadata.creationTimestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      const watch = openWatch(
        `/apis/apps/v1/namespaces/k/deployments?watch=true&resourceVersion=${meta.resourceVersion}`,
      );
      const rv = (): number =>
        Number(server.get('apps', 'v1', 'deployments', 'k', 'web')!.metadata.resourceVersion);
      const gen = (): number | undefined =>
        server.get('apps', 'v1', 'deployments', 'k', 'web')!.metadata.generation;

      // Unchanged PUT: no new resourceVersion, no event.
      const before = rv();
      const current = await apps.readNamespacedDeployment({ name: 'web', namespace: 'k' });
      await apps.replaceNamespacedDeployment({ name: 'web', namespace: 'k', body: current });
      expect(rv()).to.equal(before);

      // Metadata-only change: new resourceVersion, same generation.
      server.patch('apps', 'v1', 'deployments', 'k', 'web', { metadata: { labels: { team: 'a' } } });
      expect(rv()).to.be.greaterThan(before);
      expect(gen()).to.equal(1);

      // .status written through the main resource is ignored when there is a status subresource.
      const ignored = await apps.readNamespacedDeployment({ name: 'web', namespace: 'k' });
      ignored.status = { replicas: 9 };
      const afterIgnored = await apps.replaceNamespacedDeployment({
        name: 'web',
        namespace: 'k',
        body: ignored,
      });
      expect(afterIgnored.status).to.equal(undefined);

      // The status subresource changes only .status and never the generation.
      const status = await apps.readNamespacedDeployment({ name: 'web', namespace: 'k' });
      status.status = { replicas: 1, readyReplicas: 1, observedGeneration: 1 };
      status.spec!.replicas = 7;
      const afterStatus = await apps.replaceNamespacedDeploymentStatus({
        name: 'web',
        namespace: 'k',
        body: status,
      });
      expect(afterStatus.status?.readyReplicas).to.equal(1);
      expect(afterStatus.spec?.replicas).to.equal(1);
      expect(afterStatus.metadata?.generation).to.equal(1);

      // A spec change bumps the generation.
      server.patch('apps', 'v1', 'deployments', 'k', 'web', { spec: { replicas: 2 } });
      expect(gen()).to.equal(2);

      // Kinds without a status subresource bump generation on any non-metadata change.
      const cm = await core.createNamespacedConfigMap({
        namespace: 'k',
        body: { metadata: { name: 'c' }, data: { a: '1' } },
      });
      expect(cm.metadata?.generation).to.equal(1);
      const changed = server.patch('', 'v1', 'configmaps', 'k', 'c', { data: { a: '2' } });
      expect(changed.metadata.generation).to.equal(2);

      await server.waitFor(() => watch.events.length >= 3, 2000, 'three watch events');
      watch.close();
      await watch.ended;
      expect(watch.events.map((e) => e.type)).to.deep.equal(['MODIFIED', 'MODIFIED', 'MODIFIED']);
      expect(dig(watch.events[0]?.object, 'metadata.labels')).to.deep.equal({ team: 'a' });
      expect(dig(watch.events[1]?.object, 'status.readyReplicas')).to.equal(1);
      expect(dig(watch.events[2]?.object, 'metadata.generation')).to.equal(2);
    });

    it('resolves concurrent Lease updates with optimistic concurrency', async () => {
      const coordination = kc.makeApiClient(k8s.CoordinationV1Api);
      const lease = await coordination.createNamespacedLease({
        namespace: 'default',
        body: { metadata: { name: 'leader' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15 } },
      });
      const take = (holder: string): Promise<k8s.V1Lease> =>
        coordination.replaceNamespacedLease({
          name: 'leader',
          namespace: 'default',
          body: {
            ...lease,
            spec: { ...lease.spec, holderIdentity: holder, renewTime: new k8s.V1MicroTime() },
          },
        });
      const results = await Promise.allSettled([take('b'), take('c')]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).to.have.length(1);
      expect(lost).to.have.length(1);
      expect((lost[0]?.reason as k8s.ApiException<string>).code).to.equal(409);
      const holder = server.get('coordination.k8s.io', 'v1', 'leases', 'default', 'leader')?.spec;
      expect(['b', 'c']).to.include(dig(holder, 'holderIdentity'));
    });

    it('validates names and labels, and allocates Service cluster IPs', async () => {
      const long = 'a'.repeat(64);
      const service = { metadata: { name: long }, spec: { ports: [{ port: 80 }] } };
      const tooLong = await rejection(core.createNamespacedService({ namespace: 'v', body: service }));
      expect(tooLong.code).to.equal(422);
      expect(tooLong.status.message).to.equal(
        `Service "${long}" is invalid: metadata.name: Invalid value: "${long}": must be no more than 63 characters`,
      );
      await core.createNamespacedConfigMap({ namespace: 'v', body: { metadata: { name: long } } });
      const bad = await rejection(
        core.createNamespacedConfigMap({ namespace: 'v', body: { metadata: { name: 'Bad_Name' } } }),
      );
      expect(bad.status.message).to.match(
        /^ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/,
      );
      const labels = { metadata: { name: 'l', labels: { 'example.com/ok': 'fine', team: 'not ok' } } };
      const badLabel = await rejection(core.createNamespacedConfigMap({ namespace: 'v', body: labels }));
      expect(dig(badLabel.status, 'details.causes')).to.deep.equal([
        {
          reason: 'FieldValueInvalid',
          message:
            "Invalid value: \"not ok\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
          field: 'metadata.labels',
        },
      ]);
      const rbac = kc.makeApiClient(k8s.RbacAuthorizationV1Api);
      await rbac.createClusterRole({ body: { metadata: { name: 'system:chain-data:reader' }, rules: [] } });

      const svc = await core.createNamespacedService({
        namespace: 'v',
        body: { metadata: { name: 'web' }, spec: { ports: [{ port: 80 }] } },
      });
      expect(svc.spec?.clusterIP).to.match(/^10\.96\.\d+\.\d+$/);
      const replaced = await core.replaceNamespacedService({
        name: 'web',
        namespace: 'v',
        body: {
          metadata: { name: 'web', resourceVersion: svc.metadata?.resourceVersion },
          spec: { ports: [{ port: 80 }] },
        },
      });
      expect(replaced.spec?.clusterIP).to.equal(svc.spec?.clusterIP);
    });

    it('creates namespaced objects in any namespace and manages Namespaces', async () => {
      await core.createNamespacedConfigMap({ namespace: 'never-created', body: { metadata: { name: 'c' } } });
      const ns = await core.createNamespace({ body: { metadata: { name: 'team' } } });
      expect(ns.status?.phase).to.equal('Active');
      expect(ns.metadata?.labels).to.deep.equal({ 'kubernetes.io/metadata.name': 'team' });
      expect((await core.listNamespace()).items.map((n) => n.metadata?.name)).to.include.members([
        'default',
        'team',
      ]);

      await core.createNamespacedConfigMap({ namespace: 'team', body: { metadata: { name: 'c' } } });
      await core.deleteNamespace({ name: 'team' });
      await server.waitFor(
        () => !server.get('', 'v1', 'namespaces', undefined, 'team'),
        2000,
        'namespace removal',
      );
      expect(server.get('', 'v1', 'configmaps', 'team', 'c')).to.equal(undefined);
    });
  });

  describe('server-side apply', () => {
    it('creates, re-applies without change and removes fields a manager stops applying', async () => {
      const desired: Resource = {
        ...deployment('web', { app: 'web', tier: 'frontend' }),
        metadata: {
          name: 'web',
          namespace: 'ssa',
          labels: { app: 'web', tier: 'frontend' },
          annotations: { note: 'x' },
        },
      };
      const first = await objects.patch(
        desired,
        undefined,
        undefined,
        'operator',
        true,
        k8s.PatchStrategy.ServerSideApply,
      );
      expect(first.metadata?.generation).to.equal(1);
      const entries = first.metadata?.managedFields ?? [];
      expect(entries.map((e) => [e.manager, e.operation])).to.deep.equal([['operator', 'Apply']]);
      expect(dig(entries[0]?.fieldsV1, 'f:metadata')).to.deep.equal({
        'f:labels': { 'f:app': {}, 'f:tier': {} },
        'f:annotations': { 'f:note': {} },
      });
      expect(dig(entries[0]?.fieldsV1, 'f:spec.f:template.f:spec')).to.deep.equal({ 'f:containers': {} });

      server.resetRequests();
      const again = await objects.patch(
        desired,
        undefined,
        undefined,
        'operator',
        true,
        k8s.PatchStrategy.ServerSideApply,
      );
      expect(again.metadata?.resourceVersion).to.equal(first.metadata?.resourceVersion);
      expect(server.requests.map((r) => [r.verb, r.fieldManager])).to.deep.equal([['patch', 'operator']]);

      const trimmed: Resource = {
        ...desired,
        metadata: { name: 'web', namespace: 'ssa', labels: { app: 'web' } },
      };
      const third = await objects.patch(
        trimmed,
        undefined,
        undefined,
        'operator',
        true,
        k8s.PatchStrategy.ServerSideApply,
      );
      expect(third.metadata?.labels).to.deep.equal({ app: 'web' });
      expect(third.metadata?.annotations).to.equal(undefined);
      expect(third.metadata?.generation).to.equal(1);
    });

    it('tracks several managers, conflicts and force', async () => {
      const apply = (obj: Resource, manager: string, force?: boolean): Promise<Resource> =>
        objects.patch(obj, undefined, undefined, manager, force, k8s.PatchStrategy.ServerSideApply);
      const base = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'ssa' } };
      const spec = deployment('web').spec!;
      await apply({ ...base, spec: { ...spec, replicas: 2, minReadySeconds: 5 } }, 'operator', true);

      const scale = { ...base, spec: { replicas: 5 } };
      const conflict = await rejection(apply(scale, 'autoscaler'));
      expect(conflict.code).to.equal(409);
      expect(conflict.status.message).to.equal(
        'Apply failed with 1 conflict: conflict with "operator" using apps/v1: .spec.replicas',
      );
      await apply(scale, 'autoscaler', true);

      // The operator no longer owns replicas, so dropping it leaves the autoscaler's value; minReadySeconds goes.
      const rest = { ...spec };
      delete rest.replicas;
      const after = await apply({ ...base, spec: rest }, 'operator', true);
      expect(dig(after, 'spec.replicas')).to.equal(5);
      expect(dig(after, 'spec.minReadySeconds')).to.equal(undefined);
      const owners = Object.fromEntries(
        (after.metadata?.managedFields ?? []).map((e): [string, unknown] => [e.manager ?? '', e.fieldsV1]),
      );
      expect(dig(owners.autoscaler, 'f:spec')).to.deep.equal({ 'f:replicas': {} });
      expect(dig(owners.operator, 'f:spec.f:replicas')).to.equal(undefined);

      // An Update by another manager takes the fields it changes.
      server.patch('apps', 'v1', 'deployments', 'ssa', 'web', { spec: { paused: true } }, 'kubectl-edit');
      const edited = server.get('apps', 'v1', 'deployments', 'ssa', 'web')!;
      const editor = edited.metadata.managedFields?.find((e) => e.manager === 'kubectl-edit');
      expect(editor).to.include({ operation: 'Update' });
      expect(editor?.fieldsV1).to.deep.equal({ 'f:spec': { 'f:paused': {} } });

      const noManager = await http(
        'PATCH',
        '/apis/apps/v1/namespaces/ssa/deployments/web',
        base,
        'application/apply-patch+yaml',
      );
      expect(noManager.code).to.equal(422);
      expect(noManager.body.message).to.equal(
        'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      );
    });

    it('applies YAML bodies and the status subresource', async () => {
      const yaml =
        'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n  replicas: 1\n';
      const path = '/apis/apps/v1/namespaces/ssa/statefulsets/db';
      const created = await http('PATCH', `${path}?fieldManager=helm`, yaml, 'application/apply-patch+yaml');
      expect(created.code).to.equal(201);
      expect(dig(created.body, 'spec.serviceName')).to.equal('db');

      const status = {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db' },
        status: { replicas: 1, readyReplicas: 1 },
      };
      const applied = await http(
        'PATCH',
        `${path}/status?fieldManager=ctrl&force=true`,
        status,
        'application/apply-patch+yaml',
      );
      expect(applied.body.status).to.deep.equal({ replicas: 1, readyReplicas: 1 });
      const entry = (dig(applied.body, 'metadata.managedFields') as Json[]).find((e) => e.manager === 'ctrl');
      expect(entry).to.deep.include({ operation: 'Apply', subresource: 'status' });
      expect(dig(applied.body, 'metadata.generation')).to.equal(1);

      const fewer = { ...status, status: { replicas: 1 } };
      const reapplied = await http(
        'PATCH',
        `${path}/status?fieldManager=ctrl`,
        fewer,
        'application/apply-patch+yaml',
      );
      expect(reapplied.body.status).to.deep.equal({ replicas: 1 });
    });
  });

  describe('deletion', () => {
    it('honours finalizers', async () => {
      const cm = await core.createNamespacedConfigMap({
        namespace: 'f',
        body: { metadata: { name: 'held', finalizers: ['example.com/hold'] }, data: { a: '1' } },
      });
      const watch = openWatch(
        `/api/v1/namespaces/f/configmaps?watch=1&resourceVersion=${cm.metadata?.resourceVersion}`,
      );
      await core.deleteNamespacedConfigMap({ name: 'held', namespace: 'f' });
      const pending = server.get('', 'v1', 'configmaps', 'f', 'held')!;
      expect(pending.metadata.deletionTimestamp).to.be.a('string');
      expect(Number(pending.metadata.resourceVersion)).to.be.greaterThan(
        Number(cm.metadata?.resourceVersion),
      );

      const more = await http(
        'PATCH',
        '/api/v1/namespaces/f/configmaps/held',
        { metadata: { finalizers: ['example.com/hold', 'x/y'] } },
        'application/merge-patch+json',
      );
      expect(more.code).to.equal(422);

      server.patch('', 'v1', 'configmaps', 'f', 'held', { metadata: { finalizers: null } });
      expect(server.get('', 'v1', 'configmaps', 'f', 'held')).to.equal(undefined);
      await server.waitFor(() => watch.events.length >= 2, 2000, 'watch events');
      watch.close();
      expect(watch.events.map((e) => e.type)).to.deep.equal(['MODIFIED', 'DELETED']);
    });

    it('garbage-collects dependents by ownerReferences', async () => {
      const owner = await apps.createNamespacedDeployment({ namespace: 'gc', body: deployment('owner') });
      const keeper = await apps.createNamespacedDeployment({ namespace: 'gc', body: deployment('keeper') });
      const ref = (o: k8s.V1Deployment): k8s.V1OwnerReference => ({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: o.metadata!.name!,
        uid: o.metadata!.uid!,
        controller: true,
      });
      const child = await core.createNamespacedConfigMap({
        namespace: 'gc',
        body: { metadata: { name: 'child', ownerReferences: [ref(owner)] } },
      });
      await core.createNamespacedSecret({
        namespace: 'gc',
        body: {
          metadata: {
            name: 'grandchild',
            ownerReferences: [
              { apiVersion: 'v1', kind: 'ConfigMap', name: 'child', uid: child.metadata!.uid! },
            ],
          },
        },
      });
      await core.createNamespacedConfigMap({
        namespace: 'gc',
        body: {
          metadata: { name: 'shared', ownerReferences: [ref(owner), { ...ref(keeper), controller: false }] },
        },
      });
      await core.createNamespacedConfigMap({
        namespace: 'elsewhere',
        body: { metadata: { name: 'foreign', ownerReferences: [ref(owner)] } },
      });

      await apps.deleteNamespacedDeployment({ name: 'owner', namespace: 'gc' });
      await server.waitFor(
        () =>
          !server.get('', 'v1', 'configmaps', 'gc', 'child') &&
          !server.get('', 'v1', 'secrets', 'gc', 'grandchild'),
        2000,
        'cascading deletion',
      );
      const shared = server.get('', 'v1', 'configmaps', 'gc', 'shared')!;
      expect(shared.metadata.ownerReferences?.map((r) => r.name)).to.deep.equal(['keeper']);
      expect(server.get('', 'v1', 'configmaps', 'elsewhere', 'foreign')).to.exist;
    });

    it('orphans dependents and deletes in the foreground', async () => {
      const ownerRef = (d: k8s.V1Deployment): k8s.V1OwnerReference[] => [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata!.name!, uid: d.metadata!.uid! },
      ];
      const a = await apps.createNamespacedDeployment({ namespace: 'o', body: deployment('a') });
      await core.createNamespacedConfigMap({
        namespace: 'o',
        body: { metadata: { name: 'orphan', ownerReferences: ownerRef(a) } },
      });
      const res = await http('DELETE', '/apis/apps/v1/namespaces/o/deployments/a', {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        propagationPolicy: 'Orphan',
      });
      expect(res.code).to.equal(200);
      expect(server.get('apps', 'v1', 'deployments', 'o', 'a')).to.equal(undefined);
      const orphan = server.get('', 'v1', 'configmaps', 'o', 'orphan')!;
      expect(orphan.metadata.ownerReferences).to.equal(undefined);

      const b = await apps.createNamespacedDeployment({ namespace: 'o', body: deployment('b') });
      await core.createNamespacedConfigMap({
        namespace: 'o',
        body: { metadata: { name: 'slow', ownerReferences: ownerRef(b), finalizers: ['example.com/slow'] } },
      });
      await apps.deleteNamespacedDeployment({ name: 'b', namespace: 'o', propagationPolicy: 'Foreground' });
      const waiting = server.get('apps', 'v1', 'deployments', 'o', 'b')!;
      expect(waiting.metadata.finalizers).to.deep.equal(['foregroundDeletion']);
      await server.waitFor(
        () => server.get('', 'v1', 'configmaps', 'o', 'slow')?.metadata.deletionTimestamp,
        2000,
        'dependent deletion',
      );
      expect(server.get('apps', 'v1', 'deployments', 'o', 'b')).to.exist;
      server.patch('', 'v1', 'configmaps', 'o', 'slow', { metadata: { finalizers: null } });
      await server.waitFor(() => !server.get('apps', 'v1', 'deployments', 'o', 'b'), 2000, 'owner removal');
    });
  });

  describe('selectors and lists', () => {
    beforeEach(async () => {
      const labels: Record<string, Record<string, string>> = {
        a: { app: 'web', tier: 'frontend', env: 'prod' },
        b: { app: 'web', tier: 'backend', env: 'dev' },
        c: { app: 'db', env: 'prod' },
        d: { app: 'db', canary: 'true' },
      };
      for (const [name, l] of Object.entries(labels)) {
        await core.createNamespacedConfigMap({ namespace: 'sel', body: { metadata: { name, labels: l } } });
      }
      await core.createNamespacedConfigMap({
        namespace: 'other',
        body: { metadata: { name: 'a', labels: { app: 'web' } } },
      });
    });

    const names = async (
      labelSelector?: string,
      fieldSelector?: string,
      namespace = 'sel',
    ): Promise<string[]> =>
      (await core.listNamespacedConfigMap({ namespace, labelSelector, fieldSelector })).items.map(
        (i) => i.metadata!.name!,
      );

    it('filters lists by label and field selectors', async () => {
      expect(await names('app=web')).to.deep.equal(['a', 'b']);
      expect(await names('app==web,tier!=backend')).to.deep.equal(['a']);
      expect(await names('env in (prod, dev)')).to.deep.equal(['a', 'b', 'c']);
      expect(await names('env notin (prod)')).to.deep.equal(['b', 'd']);
      expect(await names('canary')).to.deep.equal(['d']);
      expect(await names('!env')).to.deep.equal(['d']);
      expect(await names('app=web,env in (prod)')).to.deep.equal(['a']);
      expect(await names(undefined, 'metadata.name=a')).to.deep.equal(['a']);
      expect(await names(undefined, 'metadata.name!=a')).to.deep.equal(['b', 'c', 'd']);
      const across = await core.listConfigMapForAllNamespaces({
        fieldSelector: 'metadata.name=a,metadata.namespace=other',
      });
      expect(across.items.map((i) => i.metadata?.namespace)).to.deep.equal(['other']);
      expect((await http('GET', '/api/v1/configmaps?labelSelector=app%3D%3D%3Dx')).code).to.equal(400);
    });

    it('deletes collections by selector', async () => {
      await core.deleteCollectionNamespacedConfigMap({ namespace: 'sel', labelSelector: 'app=web' });
      expect(await names()).to.deep.equal(['c', 'd']);
      expect(await names(undefined, undefined, 'other')).to.deep.equal(['a']);
    });

    it('returns typed lists with the current resourceVersion, and pages with limit/continue', async () => {
      const list = await http('GET', '/api/v1/namespaces/sel/configmaps');
      expect(list.body).to.include({ kind: 'ConfigMapList', apiVersion: 'v1' });
      expect(list.body.metadata).to.deep.equal({ resourceVersion: server.resourceVersion });
      expect((list.body.items as Json[])[0]).to.not.have.property('kind');

      const page1 = await core.listNamespacedConfigMap({ namespace: 'sel', limit: 3 });
      expect(page1.items.map((i) => i.metadata?.name)).to.deep.equal(['a', 'b', 'c']);
      expect(page1.metadata?._continue).to.be.a('string');
      const page2 = await core.listNamespacedConfigMap({
        namespace: 'sel',
        limit: 3,
        _continue: page1.metadata?._continue,
      });
      expect(page2.items.map((i) => i.metadata?.name)).to.deep.equal(['d']);
      expect(page2.metadata?._continue).to.equal(undefined);
    });

    it('applies selectors to watches, turning label changes into ADDED and DELETED', async () => {
      const rv = server.resourceVersion;
      const watch = openWatch(
        `/api/v1/namespaces/sel/configmaps?watch=true&labelSelector=app%3Dweb&resourceVersion=${rv}`,
      );
      server.patch('', 'v1', 'configmaps', 'sel', 'b', { metadata: { labels: { app: 'api' } } });
      server.patch('', 'v1', 'configmaps', 'sel', 'c', { metadata: { labels: { app: 'web' } } });
      server.patch('', 'v1', 'configmaps', 'sel', 'a', { data: { x: '1' } });
      server.patch('', 'v1', 'configmaps', 'sel', 'd', { data: { x: '1' } });
      await server.waitFor(() => watch.events.length >= 3, 2000, 'watch events');
      await new Promise((r) => setTimeout(r, 50));
      watch.close();
      expect(watch.events.map((e) => [e.type, dig(e.object, 'metadata.name')])).to.deep.equal([
        ['DELETED', 'b'],
        ['ADDED', 'c'],
        ['MODIFIED', 'a'],
      ]);
    });
  });

  describe('watch', () => {
    it('streams events after a resourceVersion, with kind and apiVersion', async () => {
      await core.createNamespacedConfigMap({ namespace: 'w', body: { metadata: { name: 'before' } } });
      const rv = server.resourceVersion;
      const watch = openWatch(`/api/v1/namespaces/w/configmaps?watch=true&resourceVersion=${rv}`);
      await core.createNamespacedConfigMap({
        namespace: 'w',
        body: { metadata: { name: 'x' }, data: { a: '1' } },
      });
      server.patch('', 'v1', 'configmaps', 'w', 'x', { data: { a: '2' } });
      await core.deleteNamespacedConfigMap({ name: 'x', namespace: 'w' });
      await server.waitFor(() => watch.events.length >= 3, 2000, 'watch events');
      watch.close();
      expect(watch.events.map((e) => e.type)).to.deep.equal(['ADDED', 'MODIFIED', 'DELETED']);
      expect(watch.events[0]?.object).to.include({ kind: 'ConfigMap', apiVersion: 'v1' });
      const rvs = watch.events.map((e) => Number(dig(e.object, 'metadata.resourceVersion')));
      expect(rvs[0]).to.be.greaterThan(Number(rv));
      expect(rvs).to.deep.equal([...rvs].sort((x, y) => x - y));

      // Without a resourceVersion a watch starts with the current state.
      const fresh = openWatch('/api/v1/namespaces/w/configmaps?watch=true');
      await server.waitFor(() => fresh.events.length >= 1, 2000, 'initial events');
      fresh.close();
      expect(fresh.events.map((e) => [e.type, dig(e.object, 'metadata.name')])).to.deep.equal([
        ['ADDED', 'before'],
      ]);
    });

    it('expires resourceVersions older than the retained history with 410', async () => {
      await core.createNamespacedConfigMap({ namespace: 'w', body: { metadata: { name: 'x' } } });
      const old = server.resourceVersion;
      server.patch('', 'v1', 'configmaps', 'w', 'x', { data: { a: '1' } });
      server.compact();
      const watch = openWatch(`/api/v1/namespaces/w/configmaps?watch=true&resourceVersion=${old}`);
      await watch.ended;
      expect(watch.events).to.have.length(1);
      expect(watch.events[0]?.type).to.equal('ERROR');
      expect(watch.events[0]?.object).to.include({
        kind: 'Status',
        status: 'Failure',
        reason: 'Expired',
        code: 410,
      });

      const current = openWatch(
        `/api/v1/namespaces/w/configmaps?watch=true&resourceVersion=${server.resourceVersion}`,
      );
      server.patch('', 'v1', 'configmaps', 'w', 'x', { data: { a: '2' } });
      await server.waitFor(() => current.events.length >= 1, 2000, 'event after compaction');
      current.close();
      expect(current.events[0]?.type).to.equal('MODIFIED');
    });

    it('sends bookmarks, honours timeoutSeconds and sendInitialEvents', async () => {
      await restart({ bookmarkIntervalMs: 50 });
      await core.createNamespacedConfigMap({ namespace: 'w', body: { metadata: { name: 'x' } } });
      const started = Date.now();
      const watch = openWatch(
        `/api/v1/namespaces/w/configmaps?watch=true&allowWatchBookmarks=true&timeoutSeconds=1&resourceVersion=${server.resourceVersion}`,
      );
      await watch.ended;
      expect(Date.now() - started).to.be.within(900, 3000);
      const bookmarks = watch.events.filter((e) => e.type === 'BOOKMARK');
      expect(bookmarks.length).to.be.greaterThan(3);
      expect(bookmarks[0]?.object).to.deep.equal({
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: { resourceVersion: server.resourceVersion },
      });

      const initial = openWatch(
        '/api/v1/namespaces/w/configmaps?watch=true&sendInitialEvents=true&allowWatchBookmarks=true&timeoutSeconds=1',
      );
      await initial.ended;
      expect(initial.events.slice(0, 2).map((e) => e.type)).to.deep.equal(['ADDED', 'BOOKMARK']);
      expect(dig(initial.events[1]?.object, 'metadata.annotations')).to.deep.equal({
        'k8s.io/initial-events-end': 'true',
      });
    });

    it('feeds a client-node informer, which re-lists after a 410', async () => {
      const path = '/apis/apps/v1/namespaces/inf/deployments';
      const informer = k8s.makeInformer<k8s.V1Deployment>(
        kc,
        path,
        () => apps.listNamespacedDeployment({ namespace: 'inf', labelSelector: 'team=a' }),
        'team=a',
      );
      const seen: string[] = [];
      informer.on('add', (d) => seen.push(`add ${d.metadata?.name}`));
      informer.on('update', (d) => seen.push(`update ${d.metadata?.name} ${d.spec?.replicas}`));
      informer.on('delete', (d) => seen.push(`delete ${d.metadata?.name}`));
      informer.on('error', (err) => seen.push(`error ${String(err)}`));
      await apps.createNamespacedDeployment({ namespace: 'inf', body: deployment('early', { team: 'a' }) });
      await informer.start();
      try {
        await server.waitFor(() => seen.includes('add early'), 2000, 'initial list');
        await apps.createNamespacedDeployment({ namespace: 'inf', body: deployment('d1', { team: 'a' }) });
        await apps.createNamespacedDeployment({ namespace: 'inf', body: deployment('other', { team: 'b' }) });
        server.patch('apps', 'v1', 'deployments', 'inf', 'd1', { spec: { replicas: 2 } });
        await server.waitFor(() => seen.includes('update d1 2'), 2000, 'update event');
        await apps.deleteNamespacedDeployment({ name: 'd1', namespace: 'inf' });
        await server.waitFor(() => seen.includes('delete d1'), 2000, 'delete event');

        // The watch ends with 410 Gone; what changes before the informer reconnects arrives through a re-list.
        server.expireWatches();
        server.create({
          ...(deployment('late', { team: 'a' }) as KubeObject),
          metadata: { name: 'late', namespace: 'inf', labels: { team: 'a' } },
        });
        server.delete('apps', 'v1', 'deployments', 'inf', 'early');
        await server.waitFor(
          () => seen.includes('add late') && seen.includes('delete early'),
          5000,
          're-list',
        );
        server.patch('apps', 'v1', 'deployments', 'inf', 'late', { spec: { replicas: 4 } });
        await server.waitFor(() => seen.includes('update late 4'), 5000, 'watch after re-list');

        // A watch resumed from a compacted resourceVersion also gets a 410 and re-lists.
        server.closeWatches();
        server.patch('apps', 'v1', 'deployments', 'inf', 'late', { spec: { replicas: 5 } });
        server.compact();
        await server.waitFor(() => seen.includes('update late 5'), 5000, 're-list after compaction');
      } finally {
        await informer.stop();
      }
      expect(seen.filter((s) => s.startsWith('error'))).to.deep.equal([]);
      expect(seen.some((s) => s.includes('other'))).to.equal(false);
      const lists = server.requests.filter((r) => r.verb === 'list' && r.resource === 'deployments');
      expect(lists.length).to.be.at.least(3);
      expect(
        server.requests.filter((r) => r.verb === 'watch').every((r) => r.query.labelSelector === 'team=a'),
      ).to.equal(true);
    });
  });

  describe('test hooks', () => {
    it('logs requests with RBAC verbs and field managers', async () => {
      server.resetRequests();
      await apps.createNamespacedDeployment({ namespace: 'r', body: deployment('web'), fieldManager: 'op' });
      await apps.readNamespacedDeployment({ name: 'web', namespace: 'r' });
      await apps.listDeploymentForAllNamespaces();
      await apps.replaceNamespacedDeploymentStatus({
        name: 'web',
        namespace: 'r',
        body: {
          ...(await apps.readNamespacedDeployment({ name: 'web', namespace: 'r' })),
          status: { replicas: 1 },
        },
      });
      await objects.patch(
        { ...deployment('web'), metadata: { name: 'web', namespace: 'r' } },
        undefined,
        undefined,
        'op',
        true,
        k8s.PatchStrategy.ServerSideApply,
      );
      await apps.deleteNamespacedDeployment({ name: 'web', namespace: 'r' });
      const log = server.requests
        .filter((r) => r.resource)
        .map((r) => [
          r.verb,
          r.group,
          r.resource,
          r.subresource,
          r.namespace,
          r.name,
          r.fieldManager,
          r.code,
        ]);
      expect(log).to.deep.equal([
        ['create', 'apps', 'deployments', '', 'r', '', 'op', 201],
        ['get', 'apps', 'deployments', '', 'r', 'web', '', 200],
        ['list', 'apps', 'deployments', '', '', '', '', 200],
        ['get', 'apps', 'deployments', '', 'r', 'web', '', 200],
        ['update', 'apps', 'deployments', 'status', 'r', 'web', '', 200],
        ['patch', 'apps', 'deployments', '', 'r', 'web', 'op', 200],
        ['delete', 'apps', 'deployments', '', 'r', 'web', '', 200],
      ]);
    });

    it('writes status as a controller would and injects failures', async () => {
      await apps.createNamespacedDeployment({ namespace: 'h', body: deployment('web') });
      const updated = server.updateStatus('apps', 'v1', 'deployments', 'h', 'web', (d) => ({
        observedGeneration: d.metadata.generation,
        replicas: 1,
        readyReplicas: 1,
        availableReplicas: 1,
      }));
      expect(updated.status).to.deep.equal({
        observedGeneration: 1,
        replicas: 1,
        readyReplicas: 1,
        availableReplicas: 1,
      });
      const entry = updated.metadata.managedFields?.find((e) => e.manager === 'kube-controller-manager');
      expect(entry).to.include({ operation: 'Update', subresource: 'status' });
      expect(server.list('apps', 'v1', 'deployments', 'h')).to.have.length(1);

      server.failNext((r) => r.verb === 'get' && r.resource === 'deployments', 503);
      const failed = await rejection(apps.readNamespacedDeployment({ name: 'web', namespace: 'h' }));
      expect(failed.code).to.equal(503);
      expect((await apps.readNamespacedDeployment({ name: 'web', namespace: 'h' })).metadata?.name).to.equal(
        'web',
      );
    });
  });

  describe('custom resources', () => {
    let crd: Resource;
    let devnet: Resource;
    let production: Resource;
    const gvr = ['chaindatastack.io', 'v1alpha1', 'chaindatastacks'] as const;

    beforeEach(async () => {
      crd = await loadYaml('crds/chaindatastacks.chaindatastack.io.yaml');
      devnet = await loadYaml('crds/samples/devnet.yaml');
      production = await loadYaml('crds/samples/production.yaml');
      await objects.create(crd);
    });

    const stack = (name: string, spec: unknown): Resource => ({
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name, namespace: 'default' },
      spec,
    });

    it('registers CRDs in discovery and REST immediately', async () => {
      const list = (await http('GET', '/apis/chaindatastack.io/v1alpha1')).body.resources as Json[];
      expect(list).to.deep.equal([
        {
          name: 'chaindatastacks',
          singularName: 'chaindatastack',
          namespaced: true,
          kind: 'ChainDataStack',
          verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
          shortNames: ['cds'],
          categories: ['chaindata'],
        },
        {
          name: 'chaindatastacks/status',
          singularName: '',
          namespaced: true,
          kind: 'ChainDataStack',
          verbs: ['get', 'patch', 'update'],
        },
      ]);
      const stored = server.get(
        'apiextensions.k8s.io',
        'v1',
        'customresourcedefinitions',
        undefined,
        'chaindatastacks.chaindatastack.io',
      )!;
      const conditions = dig(stored, 'status.conditions') as Json[];
      expect(conditions.find((c) => c.type === 'Established')).to.include({ status: 'True' });
      const empty = await http('GET', '/apis/chaindatastack.io/v1alpha1/chaindatastacks');
      expect(empty.body).to.include({ kind: 'ChainDataStackList', apiVersion: 'chaindatastack.io/v1alpha1' });
    });

    it('accepts and defaults both samples', async () => {
      const dev = await objects.create({ ...devnet, metadata: { ...devnet.metadata, namespace: 'default' } });
      expect(dig(dev, 'spec.network')).to.equal('fuji');
      expect(dig(dev, 'spec.database')).to.deep.equal({
        managed: { provider: 'Auto', image: 'postgres:17-alpine', instances: 1, storage: { size: '10Gi' } },
      });
      expect(dig(dev, 'spec.redis')).to.deep.equal({ managed: { image: 'redis:7-alpine' } });
      expect(dig(dev, 'spec.upstream')).to.deep.equal({
        devnet: { enabled: true, historyHours: 24 },
        evmChains: ['C'],
      });
      expect(dig(dev, 'spec.image')).to.deep.equal({ pullPolicy: 'IfNotPresent' });
      expect(dig(dev, 'spec.components.gatewayRpc')).to.deep.equal({
        enabled: true,
        replicas: 1,
        autoscaling: { enabled: false, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 80 },
      });
      expect(dig(dev, 'spec.gateways.gatewayData')).to.deep.equal({
        service: { type: 'ClusterIP', port: 8080 },
        ingress: { enabled: false },
      });
      expect(dig(dev, 'spec.tracing')).to.equal(undefined);
      expect(dig(dev, 'metadata.generation')).to.equal(1);

      const prod = await objects.create({
        ...production,
        metadata: { ...production.metadata, namespace: 'default' },
      });
      expect(dig(prod, 'spec.database')).to.deep.equal({
        external: { secretRef: { name: 'chain-data-db', key: 'dsn' } },
      });
      expect(dig(prod, 'spec.redis')).to.deep.equal({ external: { url: 'redis://redis.data.svc:6379' } });
      expect(dig(prod, 'spec.components.gatewayData.autoscaling')).to.deep.equal({
        enabled: true,
        minReplicas: 2,
        maxReplicas: 10,
        targetCPUUtilizationPercentage: 70,
      });
      expect(dig(prod, 'spec.components.gatewayRpc.replicas')).to.equal(2);
      expect(dig(prod, 'spec.components.containerIndexer.resources')).to.deep.equal({
        requests: { cpu: '500m', memory: '512Mi' },
        limits: { memory: '2Gi' },
      });
      expect(dig(prod, 'spec.tracing')).to.deep.equal({
        otlpEndpoint: 'http://otel-collector.observability:4318',
        samplingRatio: 0.1,
        protocol: 'http/protobuf',
      });
    });

    it('rejects specs that break a CEL rule with a real 422', async () => {
      const spec = {
        ...(devnet.spec as Json),
        database: { external: { secretRef: { name: 'db' } }, managed: {} },
      };
      const res = await rejection(objects.create(stack('both', spec)));
      expect(res.code).to.equal(422);
      const message = 'database: set exactly one of external (a DSN secret) or managed';
      expect(res.status).to.deep.equal({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `ChainDataStack.chaindatastack.io "both" is invalid: spec.database: Invalid value: "object": ${message}`,
        reason: 'Invalid',
        details: {
          name: 'both',
          group: 'chaindatastack.io',
          kind: 'ChainDataStack',
          causes: [
            {
              reason: 'FieldValueInvalid',
              message: `Invalid value: "object": ${message}`,
              field: 'spec.database',
            },
          ],
        },
        code: 422,
      });

      const scaling = { enabled: true, minReplicas: 5, maxReplicas: 2 };
      const nested = await rejection(
        objects.create(
          stack('scale', { ...(devnet.spec as Json), components: { evmData: { autoscaling: scaling } } }),
        ),
      );
      expect(nested.status.message).to.equal(
        'ChainDataStack.chaindatastack.io "scale" is invalid: spec.components.evmData.autoscaling: Invalid value: "object": autoscaling.maxReplicas must be at least autoscaling.minReplicas',
      );
      const upstream = await rejection(
        objects.create(stack('up', { upstream: { devnet: { enabled: false } } })),
      );
      expect(upstream.status.message).to.include(
        'spec.upstream: Invalid value: "object": upstream: set either node URLs (nodes, chains) or devnet.enabled',
      );
    });

    it('validates types, enums, required fields, bounds and patterns, and prunes unknown fields', async () => {
      const bad = stack('bad', {
        network: 'devnet',
        image: { pullSecrets: ['Not_Valid'] },
        upstream: { nodes: [], devnet: { historyHours: 99999 } },
        components: { evmData: { replicas: 'two', resources: { requests: { cpu: 'lots', memory: 512 } } } },
      });
      const res = await rejection(objects.create(bad));
      expect(res.code).to.equal(422);
      const causes = (dig(res.status, 'details.causes') as Json[]).map(
        (c) => `${String(c.field)}: ${String(c.message)}`,
      );
      expect(causes).to.have.members([
        'spec.network: Unsupported value: "devnet": supported values: "mainnet", "fuji"',
        'spec.image.pullSecrets[0]: Invalid value: "Not_Valid": spec.image.pullSecrets[0] in body should match \'^[a-z0-9]([-a-z0-9]*[a-z0-9])?$\'',
        'spec.upstream.nodes: Invalid value: 0: spec.upstream.nodes in body should have at least 1 items',
        'spec.upstream.devnet.historyHours: Invalid value: 99999: spec.upstream.devnet.historyHours in body should be less than or equal to 8760',
        'spec.components.evmData.replicas: Invalid value: "string": spec.components.evmData.replicas in body must be of type integer: "string"',
        `spec.components.evmData.resources.requests[cpu]: Invalid value: "lots": spec.components.evmData.resources.requests[cpu] in body should match '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$'`,
      ]);
      expect(String(res.status.message)).to.match(/^ChainDataStack\.chaindatastack\.io "bad" is invalid: \[/);

      const missing = await rejection(objects.create(stack('missing', {})));
      expect(missing.status.message).to.equal(
        'ChainDataStack.chaindatastack.io "missing" is invalid: spec.upstream: Required value',
      );

      const env = [{ name: 'A', valueFrom: { secretKeyRef: { name: 's', key: 'k' } }, bogus: 1 }];
      const pruned = await objects.create(
        stack('pruned', { ...(devnet.spec as Json), bogus: true, components: { evmData: { env } } }),
      );
      expect(dig(pruned, 'spec.bogus')).to.equal(undefined);
      expect(dig(pruned, 'spec.components.evmData.env')).to.deep.equal([
        { name: 'A', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
      ]);
    });

    it('enforces transition rules on update only, and keeps status in its subresource', async () => {
      const created = await objects.create(stack('dev', devnet.spec));
      const changed = { ...created, spec: { ...(dig(created, 'spec') as Json), network: 'mainnet' } };
      const res = await rejection(objects.replace(changed));
      expect(res.status.message).to.equal(
        'ChainDataStack.chaindatastack.io "dev" is invalid: spec.network: Invalid value: "string": network is immutable',
      );
      const patch = await http(
        'PATCH',
        '/apis/chaindatastack.io/v1alpha1/namespaces/default/chaindatastacks/dev',
        { spec: { network: 'mainnet' } },
        'application/merge-patch+json',
      );
      expect(patch.code).to.equal(422);

      const ok = await objects.replace({
        ...created,
        spec: { ...(dig(created, 'spec') as Json), indexer: { enabled: false } },
      });
      expect(dig(ok, 'metadata.generation')).to.equal(2);
      expect(dig(ok, 'spec.indexer')).to.deep.equal({ enabled: false, allowIncomplete: false });

      const noRv = await http(
        'PUT',
        '/apis/chaindatastack.io/v1alpha1/namespaces/default/chaindatastacks/dev',
        stack('dev', devnet.spec),
      );
      expect(noRv.code).to.equal(422);

      const status = { observedGeneration: 2, componentsReady: '5/5' };
      const withStatus = server.updateStatus(...gvr, 'default', 'dev', status, 'operator');
      expect(withStatus.status).to.deep.equal(status);
      expect(withStatus.metadata.generation).to.equal(2);
      const ignored = await objects.replace({
        ...(withStatus as unknown as Resource),
        status: { componentsReady: '0/5' },
      });
      expect(dig(ignored, 'status')).to.deep.equal(status);
      expect(dig(ignored, 'metadata.resourceVersion')).to.equal(withStatus.metadata.resourceVersion);
    });

    it('serves Table responses for kubectl with the printer columns', async () => {
      await objects.create(stack('dev', devnet.spec));
      const res = await fetch(
        `${server.url}/apis/chaindatastack.io/v1alpha1/namespaces/default/chaindatastacks`,
        {
          headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' },
        },
      );
      const table = (await res.json()) as Json;
      expect(table.kind).to.equal('Table');
      expect((table.columnDefinitions as Json[]).map((c) => c.name)).to.deep.equal([
        'Name',
        'Ready',
        'Network',
        'Components',
        'Age',
      ]);
      const cells = ((table.rows as Json[])[0]?.cells as unknown[]).slice(0, 4);
      expect(cells).to.deep.equal(['dev', '<none>', 'fuji', '<none>']);
    });

    it('shows that plain-YAML CRDs sent through KubernetesObjectApi lose defaults and rules', async () => {
      await objects.delete(crd);
      const plain = parseYaml(await readFile(CRD_FILE, 'utf8')) as Resource;
      await objects.create(plain);
      const stored = server.get(
        'apiextensions.k8s.io',
        'v1',
        'customresourcedefinitions',
        undefined,
        String(plain.metadata?.name),
      );
      const schema = dig(dig(stored, 'spec.versions'), '0.schema.openAPIV3Schema.properties.spec.properties');
      expect(dig(schema, 'network')).to.deep.equal({
        type: 'string',
        description: dig(schema, 'network.description'),
      });
    });

    it('removes custom resources with their CRD', async () => {
      await objects.create(stack('dev', devnet.spec));
      await objects.delete(crd);
      expect(
        server.get(
          'apiextensions.k8s.io',
          'v1',
          'customresourcedefinitions',
          undefined,
          String(crd.metadata?.name),
        ),
      ).to.equal(undefined);
      expect((await http('GET', '/apis/chaindatastack.io/v1alpha1')).code).to.equal(404);
    });
  });

  describe('kubectl', () => {
    let home: string;

    beforeEach(async () => {
      home = await mkdtemp(join(tmpdir(), 'fake-kube-'));
      await writeFile(join(home, 'kubeconfig'), server.kubeconfig());
    });

    afterEach(async () => {
      await rm(home, { recursive: true, force: true });
    });

    async function tool(binary: string, args: string[]): Promise<string> {
      const result = await runTool(binary, args, {
        env: { KUBECONFIG: join(home, 'kubeconfig'), HOME: home },
      });
      if (result.code !== 0) throw new ToolError(binary, args, result);
      return result.stdout;
    }
    const kubectl = (...args: string[]): Promise<string> => tool(KUBECTL, args);

    it('applies the CRD and a sample server-side, gets, lists and deletes', async () => {
      const apply = (...args: string[]) => kubectl('apply', '--server-side', '--validate=false', ...args);
      const sample = ['-f', 'crds/samples/devnet.yaml', '-n', 'default'];
      expect(await apply('-f', CRD_FILE)).to.include(
        'customresourcedefinition.apiextensions.k8s.io/chaindatastacks.chaindatastack.io serverside-applied',
      );
      expect(await apply(...sample)).to.include('chaindatastack.chaindatastack.io/devnet serverside-applied');
      // Re-applying the same manifests writes nothing.
      const rv = server.resourceVersion;
      await apply('-f', CRD_FILE);
      await apply(...sample);
      expect(server.resourceVersion).to.equal(rv);

      const list = JSON.parse(await kubectl('get', 'cds', '-n', 'default', '-o', 'json')) as Json;
      const items = list.items as Json[];
      expect(items.map((i) => dig(i, 'metadata.name'))).to.deep.equal(['devnet']);
      expect(dig(items[0], 'spec.database.managed.provider')).to.equal('Auto');

      const table = await kubectl('get', 'chaindatastacks');
      expect(table).to.match(/^NAME\s+READY\s+NETWORK\s+COMPONENTS\s+AGE\n/);
      expect(table).to.match(/\ndevnet\s+<none>\s+fuji\s+/);

      expect(await kubectl('delete', '-f', 'crds/samples/devnet.yaml', '-n', 'default')).to.include(
        'chaindatastack.chaindatastack.io "devnet" deleted',
      );
      expect(server.list(...gvrOf('chaindatastack.io/v1alpha1', 'chaindatastacks'), 'default')).to.deep.equal(
        [],
      );
      const applies = server.requests.filter((r) => r.verb === 'patch');
      expect(
        applies.every(
          (r) => r.fieldManager === 'kubectl' && r.contentType === 'application/apply-patch+yaml',
        ),
      ).to.equal(true);
    });

    it('creates namespaces and config maps (protobuf bodies), gets and deletes them', async () => {
      expect(await kubectl('create', 'namespace', 'team')).to.include('namespace/team created');
      expect(
        await kubectl('create', 'configmap', 'settings', '--from-literal=mode=fast', '-n', 'team'),
      ).to.include('configmap/settings created');
      expect(await kubectl('get', 'namespaces')).to.match(/\nteam\s+/);
      const cm = JSON.parse(
        await kubectl('get', 'configmap', 'settings', '-n', 'team', '-o', 'json'),
      ) as Json;
      expect(cm.data).to.deep.equal({ mode: 'fast' });
      expect(dig(cm, 'metadata.generateName')).to.equal(undefined);
      expect(await kubectl('delete', 'namespace', 'team')).to.include('namespace "team" deleted');
      expect(server.get('', 'v1', 'namespaces', undefined, 'team')).to.equal(undefined);
    });

    it('applies client-side with validation on, scales, labels and waits for deletion', async () => {
      const manifest = join(home, 'web.yaml');
      await writeFile(manifest, JSON.stringify(deployment('web', { app: 'web' })));
      expect(await kubectl('apply', '-f', manifest)).to.include('deployment.apps/web created');
      expect(await kubectl('apply', '-f', manifest)).to.include('deployment.apps/web unchanged');
      expect(await kubectl('scale', 'deployment/web', '--replicas=3')).to.include(
        'deployment.apps/web scaled',
      );
      expect(await kubectl('label', 'deployment/web', 'team=a')).to.include('deployment.apps/web labeled');
      const web = server.get('apps', 'v1', 'deployments', 'default', 'web')!;
      expect([dig(web, 'spec.replicas'), web.metadata.labels, web.metadata.generation]).to.deep.equal([
        3,
        { app: 'web', team: 'a' },
        2,
      ]);
      const waiting = kubectl('wait', '--for=delete', 'deployment/web', '--timeout=20s');
      await server.waitFor(
        () => server.requests.some((r) => r.verb === 'watch'),
        10000,
        'kubectl wait to watch',
      );
      server.delete('apps', 'v1', 'deployments', 'default', 'web');
      expect(await waiting).to.include('deployment.apps/web condition met');
    });

    it('lets helm install, upgrade and uninstall a chart', async () => {
      const chart = join(home, 'chart');
      await mkdir(join(chart, 'templates'), { recursive: true });
      await writeFile(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 0.1.0\n');
      await writeFile(join(chart, 'values.yaml'), 'replicas: 1\n');
      const template = {
        ...deployment('demo'),
        spec: { ...deployment('demo').spec, replicas: '{{ .Values.replicas }}' },
      };
      await writeFile(
        join(chart, 'templates/deployment.yaml'),
        JSON.stringify(template).replace('"{{ .Values.replicas }}"', '{{ .Values.replicas }}'),
      );
      await writeFile(
        join(chart, 'templates/config.yaml'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\ndata:\n  a: "1"\n',
      );
      const helm = (...args: string[]): Promise<string> => tool(HELM, [...args, '--kube-context', 'fake']);

      // --create-namespace always validates against OpenAPI; the fake serves an empty document.
      expect(await helm('install', 'demo', chart, '-n', 'apps', '--create-namespace')).to.include(
        'STATUS: deployed',
      );
      expect(dig(server.get('apps', 'v1', 'deployments', 'apps', 'demo'), 'spec.replicas')).to.equal(1);
      expect(await helm('upgrade', 'demo', chart, '-n', 'apps', '--set', 'replicas=2')).to.include(
        'REVISION: 2',
      );
      expect(dig(server.get('apps', 'v1', 'deployments', 'apps', 'demo'), 'spec.replicas')).to.equal(2);
      expect(await helm('uninstall', 'demo', '-n', 'apps')).to.include('release "demo" uninstalled');
      expect(server.list('', 'v1', 'configmaps', 'apps')).to.deep.equal([]);
      expect(server.list('', 'v1', 'secrets', 'apps')).to.deep.equal([]);
    });
  });
});

function gvrOf(apiVersion: string, plural: string): [string, string, string] {
  const [group, version] = apiVersion.split('/');
  return [group ?? '', version ?? '', plural];
}
