import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
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
import {
  describeWithRealApiServer,
  startRealKubeApiServer,
  type RealKubeApiServer,
} from '../support/envtest.ts';
import { HELM, KUBECTL, REPO_ROOT, runTool, ToolError } from '../support/kube-tools.ts';
import { eventually } from '../support/processes.ts';

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
    token = server.adminToken,
  ): Promise<{ code: number; body: Json; contentType: string }> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      code: res.status,
      body: (await res.json()) as Json,
      contentType: res.headers.get('content-type') ?? '',
    };
  }

  const admin = (): Record<string, string> => ({ authorization: `Bearer ${server.adminToken}` });

  /** Streams a watch: events accumulate as they arrive; `ended` settles when the server ends the response. */
  function openWatch(path: string): { events: WatchEvent[]; ended: Promise<void>; close(): void } {
    const controller = new AbortController();
    const events: WatchEvent[] = [];
    const ended = (async () => {
      try {
        const res = await fetch(`${server.url}${path}`, { signal: controller.signal, headers: admin() });
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
          ...admin(),
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
      // Defaults under a defaulted `{}` apply too (the CRD may default more than these).
      expect(Object.keys(dig(dev, 'spec.database') as Json)).to.deep.equal(['managed']);
      expect(dig(dev, 'spec.database.managed')).to.deep.include({
        provider: 'Auto',
        image: 'postgres:17-alpine',
        instances: 1,
        storage: { size: '10Gi' },
      });
      expect(Object.keys(dig(dev, 'spec.redis') as Json)).to.deep.equal(['managed']);
      expect(dig(dev, 'spec.redis.managed')).to.deep.include({ image: 'redis:7-alpine' });
      expect(dig(dev, 'spec.upstream')).to.deep.equal({
        devnet: { enabled: true, historyHours: 24 },
        evmChains: ['C'],
      });
      expect(dig(dev, 'spec.image')).to.deep.equal({ pullPolicy: 'IfNotPresent' });
      expect(dig(dev, 'spec.components.gatewayRpc')).to.deep.include({
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

    it('refuses CRDs whose defaults break their own rules, as a real kube-apiserver does', async () => {
      expect(await defaultsScenario(fakeTarget(server))).to.deep.equal(DEFAULTS_OUTCOMES);
      // The ChainDataStack CRD (created before each test) passes the same check.
      expect(
        server.list('apiextensions.k8s.io', 'v1', 'customresourcedefinitions').map((c) => c.metadata.name),
      ).to.include('chaindatastacks.chaindatastack.io');
    });

    it('validates types, enums, required fields, bounds and patterns, and prunes unknown fields', async () => {
      const bad = stack('bad', {
        network: 'devnet',
        image: { pullSecrets: ['Not_Valid'] },
        upstream: { nodes: [], devnet: { historyHours: 99999 } },
        components: { evmData: { replicas: 'two' } },
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
          headers: { ...admin(), accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' },
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

  describe('authentication, RBAC and admission', () => {
    let home: string;

    beforeEach(async () => {
      home = await mkdtemp(join(tmpdir(), 'fake-kube-'));
    });

    afterEach(async () => {
      await rm(home, { recursive: true, force: true });
    });

    it('authenticates, authorizes and admits owner references as a real kube-apiserver does', async () => {
      expect(await accessScenario(fakeTarget(server), home)).to.deep.equal(ACCESS_OUTCOMES);
    });

    it('governs a client with a service account’s kubeconfig, recording who asked and why it was refused', async () => {
      server.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ops' } });
      server.create({
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name: 'bot', namespace: 'ops' },
      });
      const issued = await core.createNamespacedServiceAccountToken({
        name: 'bot',
        namespace: 'ops',
        body: { spec: { audiences: [] } },
      });
      const bot = new k8s.KubeConfig();
      bot.loadFromString(server.kubeconfig('ops', issued.status?.token));
      const botApps = bot.makeApiClient(k8s.AppsV1Api);
      server.resetRequests();
      const refused = await rejection(botApps.listNamespacedDeployment({ namespace: 'ops' }));
      expect(refused.code).to.equal(403);
      const message =
        'deployments.apps is forbidden: User "system:serviceaccount:ops:bot" cannot list resource "deployments" in API group "apps" in the namespace "ops"';
      expect(
        server.requests.map((r) => [r.user, r.verb, r.group, r.resource, r.namespace, r.code, r.message]),
      ).to.deep.equal([
        ['system:serviceaccount:ops:bot', 'list', 'apps', 'deployments', 'ops', 403, message],
      ]);

      // Roles written through the hooks (as an installer would) take effect at once.
      server.create({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { name: 'reader', namespace: 'ops' },
        rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['list'] }],
      });
      server.create({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: 'reader', namespace: 'ops' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
        subjects: [{ kind: 'ServiceAccount', name: 'bot' }],
      });
      expect((await botApps.listNamespacedDeployment({ namespace: 'ops' })).items).to.deep.equal([]);
      await apps.listNamespacedDeployment({ namespace: 'ops' });
      expect(server.requests.slice(-2).map((r) => [r.user, r.code])).to.deep.equal([
        ['system:serviceaccount:ops:bot', 200],
        ['admin', 200],
      ]);
    });

    it('starts with the bootstrap policy: version and health for anyone, discovery for the authenticated', async () => {
      const names = (plural: string) =>
        server.list('rbac.authorization.k8s.io', 'v1', plural).map((o) => o.metadata.name);
      const bootstrap = [
        'cluster-admin',
        'system:basic-user',
        'system:discovery',
        'system:public-info-viewer',
      ];
      expect(names('clusterroles')).to.deep.equal(bootstrap);
      expect(names('clusterrolebindings')).to.deep.equal(bootstrap);
      const t = fakeTarget(server);
      const anonymous = (path: string) => call(t, 'GET', path, undefined, { token: null });
      expect((await anonymous('/version')).code).to.equal(200);
      expect((await anonymous('/healthz')).code).to.equal(200);
      expect((await anonymous('/apis')).code).to.equal(403);
      // system:masters stands above RBAC: the admin keeps every right without cluster-admin's binding.
      server.delete('rbac.authorization.k8s.io', 'v1', 'clusterrolebindings', undefined, 'cluster-admin');
      expect((await call(t, 'GET', '/apis')).code).to.equal(200);
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

// ---- Scenarios run against the fake and, when KUBEBUILDER_ASSETS is set, a real kube-apiserver ----
//
// Each scenario records what the server answered, step by step (status code, and the Status message of a refusal),
// and the test compares the record with one expectation: the real server's answers, as v1.32 gives them.

/** A server to run a scenario against: over https, as kubectl talks to it. */
interface Target {
  url: string;
  ca: string;
  adminToken: string;
  /** A kubeconfig (YAML or JSON) that authenticates with `token`. */
  kubeconfig(token: string): string;
}

const fakeTarget = (server: FakeKubeApiServer): Target => ({
  url: server.tlsUrl,
  ca: server.ca,
  adminToken: server.adminToken,
  kubeconfig: (token) => server.kubeconfig('default', token),
});

const realTarget = (server: RealKubeApiServer): Target => ({
  url: server.url,
  ca: server.ca,
  adminToken: server.adminToken,
  kubeconfig: (token) => server.kubeconfig(token),
});

interface Answer {
  code: number;
  body: Json;
}

/** One request, as `token` (the admin's unless given; null for none). */
function call(
  t: Target,
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string | null; contentType?: string } = {},
): Promise<Answer> {
  const token = options.token === undefined ? t.adminToken : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpsRequest(new URL(path, t.url), { method, ca: t.ca, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => {
        let parsed: Json;
        try {
          parsed = JSON.parse(text) as Json;
        } catch {
          parsed = { text };
        }
        resolve({ code: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A setup step, which must succeed. */
async function must(answer: Promise<Answer>): Promise<Json> {
  const { code, body } = await answer;
  if (code >= 400) throw new Error(`setup failed with ${code}: ${JSON.stringify(body)}`);
  return body;
}

const outcome = (step: string, a: Answer): string =>
  `${step}: ${a.code}${a.code >= 400 ? ` ${String(a.body.message)}` : ''}`;

/** A namespaced CRD of example.com with a status subresource and a schema that keeps everything. */
function widgetCrd(): Json {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
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
  };
}

function role(
  kind: 'Role' | 'ClusterRole',
  name: string,
  namespace: string | undefined,
  rules: Json[],
): Json {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata: { name, namespace }, rules };
}

function binding(
  kind: 'RoleBinding' | 'ClusterRoleBinding',
  name: string,
  namespace: string | undefined,
  roleRef: { kind: string; name: string },
  subjects: Json[],
): Json {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: { name, namespace },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef },
    subjects,
  };
}

const RBAC_V1 = '/apis/rbac.authorization.k8s.io/v1';
const ROBOT = { kind: 'ServiceAccount', name: 'robot', namespace: 'team' };

/**
 * What the access scenario grants the service account team/robot: in team, deployments but not deleting them,
 * creating and reading widgets, their status, one config map by name, and patching (not creating) services;
 * reading CRDs cluster-wide, through its namespace's group; in `other`, a binding to a Role that does not exist.
 */
async function grantRobot(t: Target): Promise<void> {
  const editor = role('Role', 'editor', 'team', [
    {
      apiGroups: ['apps'],
      resources: ['deployments'],
      verbs: ['get', 'list', 'watch', 'create', 'update', 'patch'],
    },
    { apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get', 'create'] },
    { apiGroups: ['example.com'], resources: ['widgets/status'], verbs: ['update', 'patch'] },
    { apiGroups: [''], resources: ['configmaps'], resourceNames: ['settings'], verbs: ['*'] },
    { apiGroups: [''], resources: ['services'], verbs: ['patch'] },
  ]);
  await must(call(t, 'POST', `${RBAC_V1}/namespaces/team/roles`, editor));
  const ref = { kind: 'Role', name: 'editor' };
  await must(
    call(
      t,
      'POST',
      `${RBAC_V1}/namespaces/team/rolebindings`,
      binding('RoleBinding', 'editor', 'team', ref, [ROBOT]),
    ),
  );
  const reader = role('ClusterRole', 'crd-reader', undefined, [
    { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['get', 'list'] },
  ]);
  await must(call(t, 'POST', `${RBAC_V1}/clusterroles`, reader));
  const group = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:serviceaccounts:team' };
  const readerRef = { kind: 'ClusterRole', name: 'crd-reader' };
  await must(
    call(
      t,
      'POST',
      `${RBAC_V1}/clusterrolebindings`,
      binding('ClusterRoleBinding', 'crd-reader', undefined, readerRef, [group]),
    ),
  );
  const dangling = binding('RoleBinding', 'dangling', 'other', { kind: 'Role', name: 'missing' }, [ROBOT]);
  await must(call(t, 'POST', `${RBAC_V1}/namespaces/other/rolebindings`, dangling));
}

function deploymentBody(name: string, ownerReferences?: Json[]): Json {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, ownerReferences },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image: 'busybox:1' }] },
      },
    },
  };
}

/** Polls a request until it is answered with `code` (RBAC and service-account caches lag a real server a little). */
async function answeredWith(code: number, request: () => Promise<Answer>, what: string): Promise<Answer> {
  let last: Answer | undefined;
  await eventually(async () => (last = await request()).code === code, 10_000, what);
  return last as Answer;
}

/** Authentication, the TokenRequest API, RBAC and the OwnerReferencesPermissionEnforcement plugin, step by step. */
async function accessScenario(t: Target, home: string): Promise<string[]> {
  const out: string[] = [];
  const note = async (step: string, answer: Promise<Answer>): Promise<Answer> => {
    const a = await answer;
    out.push(outcome(step, a));
    return a;
  };
  /** Also the whole Status body, apart from the message already noted. */
  const noteStatus = async (step: string, answer: Promise<Answer>): Promise<void> => {
    const { message: _message, ...rest } = (await note(step, answer)).body;
    out.push(`${step}, status: ${JSON.stringify(rest)}`);
  };
  for (const name of ['team', 'other'])
    await must(
      call(t, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }),
    );
  for (const name of ['robot', 'temp'])
    await must(call(t, 'POST', '/api/v1/namespaces/team/serviceaccounts', { metadata: { name } }));
  await must(call(t, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetCrd()));
  await answeredWith(200, () => call(t, 'GET', '/apis/example.com/v1/widgets'), 'widgets served');
  await grantRobot(t);

  // The TokenRequest API.
  const tokenPath = (sa: string) => `/api/v1/namespaces/team/serviceaccounts/${sa}/token`;
  const issued = await note('token for robot', call(t, 'POST', tokenPath('robot'), { spec: {} }));
  const spec = issued.body.spec as Json;
  out.push(`token spec: ${JSON.stringify([spec.audiences, spec.expirationSeconds, issued.body.kind])}`);
  const robot = { token: String(dig(issued.body, 'status.token')) };
  await note('token for a missing account', call(t, 'POST', tokenPath('nobody'), { spec: {} }));
  await note(
    'token for 5 minutes',
    call(t, 'POST', tokenPath('robot'), { spec: { expirationSeconds: 300 } }),
  );
  const temp = String(dig((await call(t, 'POST', tokenPath('temp'), { spec: {} })).body, 'status.token'));
  await must(call(t, 'DELETE', '/api/v1/namespaces/team/serviceaccounts/temp'));
  await note(
    'token of a deleted account',
    answeredWith(401, () => call(t, 'GET', '/api', undefined, { token: temp }), 'the token to die'),
  );

  // Authentication and non-resource paths.
  await note('anonymous /version', call(t, 'GET', '/version', undefined, { token: null }));
  await noteStatus('anonymous /api', call(t, 'GET', '/api', undefined, { token: null }));
  await note('anonymous list', call(t, 'GET', '/api/v1/namespaces/team/pods', undefined, { token: null }));
  await noteStatus(
    'unknown token',
    call(t, 'GET', '/api/v1/namespaces', undefined, { token: 'not-a-token' }),
  );
  await answeredWith(
    200,
    () => call(t, 'GET', '/apis/apps/v1/namespaces/team/deployments', undefined, robot),
    'RBAC',
  );
  await note('robot /api', call(t, 'GET', '/api', undefined, robot));
  await note('robot /apis/apps/v1', call(t, 'GET', '/apis/apps/v1', undefined, robot));
  await note('robot /logs', call(t, 'GET', '/logs', undefined, robot));

  // RBAC on resources.
  const deployments = '/apis/apps/v1/namespaces/team/deployments';
  await note('create deployment', call(t, 'POST', deployments, deploymentBody('web'), robot));
  await noteStatus('delete deployment', call(t, 'DELETE', `${deployments}/web`, undefined, robot));
  await note('deletecollection', call(t, 'DELETE', deployments, undefined, robot));
  await note(
    'list elsewhere',
    call(t, 'GET', '/apis/apps/v1/namespaces/default/deployments', undefined, robot),
  );
  await note('list everywhere', call(t, 'GET', '/apis/apps/v1/deployments', undefined, robot));
  await note(
    'watch statefulsets',
    call(t, 'GET', '/apis/apps/v1/namespaces/team/statefulsets?watch=true', undefined, robot),
  );
  await note('get namespace', call(t, 'GET', '/api/v1/namespaces/team', undefined, robot));
  await note('unserved resource', call(t, 'GET', '/apis/nope.example.com/v1/things', undefined, robot));
  const widgets = '/apis/example.com/v1/namespaces/team/widgets';
  const widget = await note(
    'create widget',
    call(
      t,
      'POST',
      widgets,
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } },
      robot,
    ),
  );
  const merge = { ...robot, contentType: 'application/merge-patch+json' };
  await note(
    'patch widget status',
    call(t, 'PATCH', `${widgets}/w/status`, { status: { phase: 'Ready' } }, merge),
  );
  await note('patch widget', call(t, 'PATCH', `${widgets}/w`, { spec: { size: 2 } }, merge));
  await note(
    'named config map',
    call(t, 'GET', '/api/v1/namespaces/team/configmaps/settings', undefined, robot),
  );
  await note(
    'other config map',
    call(t, 'GET', '/api/v1/namespaces/team/configmaps/other', undefined, robot),
  );
  await note('list config maps', call(t, 'GET', '/api/v1/namespaces/team/configmaps', undefined, robot));
  await note(
    'list named config map',
    call(
      t,
      'GET',
      '/api/v1/namespaces/team/configmaps?fieldSelector=metadata.name%3Dsettings',
      undefined,
      robot,
    ),
  );
  const settings = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } };
  await note(
    'create named config map',
    call(t, 'POST', '/api/v1/namespaces/team/configmaps', settings, robot),
  );
  const apply = { ...robot, contentType: 'application/apply-patch+yaml' };
  await note(
    'apply named config map',
    call(t, 'PATCH', '/api/v1/namespaces/team/configmaps/settings?fieldManager=robot', settings, apply),
  );
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'svc' },
    spec: { ports: [{ port: 80 }] },
  };
  await note(
    'apply a new service',
    call(t, 'PATCH', '/api/v1/namespaces/team/services/svc?fieldManager=robot', service, apply),
  );
  await note(
    'list CRDs',
    call(t, 'GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', undefined, robot),
  );
  await note('dangling binding', call(t, 'GET', '/api/v1/namespaces/other/secrets/s', undefined, robot));
  await note('token by robot', call(t, 'POST', tokenPath('robot'), { spec: {} }, robot));

  // OwnerReferencesPermissionEnforcement.
  const owner = (blockOwnerDeletion?: boolean, apiVersion = 'example.com/v1'): Json => ({
    apiVersion,
    kind: 'Widget',
    name: 'w',
    uid: String(dig(widget.body, 'metadata.uid')),
    controller: true,
    blockOwnerDeletion,
  });
  await noteStatus(
    'blocking owner',
    call(t, 'POST', deployments, deploymentBody('child', [owner(true)]), robot),
  );
  await note(
    'unknown owner kind',
    call(t, 'POST', deployments, deploymentBody('child', [owner(true, 'example.com/v9')]), robot),
  );
  await note('non-blocking owner', call(t, 'POST', deployments, deploymentBody('child', [owner()]), robot));
  await note(
    'relabel child',
    call(t, 'PATCH', `${deployments}/child`, { metadata: { labels: { a: 'b' } } }, merge),
  );
  await note(
    'change owners',
    call(t, 'PATCH', `${deployments}/child`, { metadata: { ownerReferences: [owner(false)] } }, merge),
  );
  const finalizers = role('Role', 'finalizers', 'team', [
    {
      apiGroups: ['example.com'],
      resources: ['widgets/finalizers'],
      resourceNames: ['w'],
      verbs: ['update'],
    },
    { apiGroups: ['apps'], resources: ['deployments'], verbs: ['delete'] },
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['list'] },
  ]);
  await must(call(t, 'POST', `${RBAC_V1}/namespaces/team/roles`, finalizers));
  const finalizersRef = { kind: 'Role', name: 'finalizers' };
  await must(
    call(
      t,
      'POST',
      `${RBAC_V1}/namespaces/team/rolebindings`,
      binding('RoleBinding', 'finalizers', 'team', finalizersRef, [ROBOT]),
    ),
  );
  await answeredWith(
    200,
    () => call(t, 'GET', '/apis/coordination.k8s.io/v1/namespaces/team/leases', undefined, robot),
    'RBAC',
  );
  await note(
    'blocking owner, with finalizers',
    call(t, 'POST', deployments, deploymentBody('child2', [owner(true)]), robot),
  );
  await note(
    'block an owner',
    call(t, 'PATCH', `${deployments}/child`, { metadata: { ownerReferences: [owner(true)] } }, merge),
  );
  const other = { ...owner(true), name: 'other', uid: '00000000-0000-0000-0000-000000000001' };
  await note(
    'block another owner',
    call(t, 'PATCH', `${deployments}/child2`, { metadata: { ownerReferences: [other] } }, merge),
  );

  // kubectl with a token from `kubectl create token`, in a kubeconfig of its own.
  const file = (name: string, token: string) => {
    const path = join(home, name);
    return writeFile(path, t.kubeconfig(token)).then(() => path);
  };
  const admin = await file('admin', t.adminToken);
  const created = await runTool(KUBECTL, ['--kubeconfig', admin, 'create', 'token', 'robot', '-n', 'team']);
  const mine = await file('robot', created.stdout.trim());
  for (const args of [
    ['get', 'deployments', '-n', 'team', '-o', 'name'],
    ['get', 'deployments', '-n', 'default'],
  ]) {
    const run = await runTool(KUBECTL, ['--kubeconfig', mine, ...args]);
    out.push(`kubectl ${args.join(' ')}: ${run.code} ${(run.code === 0 ? run.stdout : run.stderr).trim()}`);
  }
  return out;
}

const forbiddenFor = (what: string, where = 'in the namespace "team"') =>
  `User "system:serviceaccount:team:robot" cannot ${what} ${where}`;
/** A failure's Status body without its message, keys in the API server's order. */
const statusOf = (reason: string, code: number, details?: Json): string =>
  JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    reason,
    details,
    code,
  });
const NO_FINALIZERS =
  "cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: , <nil>";

/** kube-apiserver v1.32's answers to accessScenario. */
const ACCESS_OUTCOMES = [
  'token for robot: 201',
  'token spec: [["https://kubernetes.default.svc"],3600,"TokenRequest"]',
  'token for a missing account: 404 serviceaccounts "nobody" not found',
  'token for 5 minutes: 422 TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes',
  'token of a deleted account: 401 Unauthorized',
  'anonymous /version: 200',
  'anonymous /api: 403 forbidden: User "system:anonymous" cannot get path "/api"',
  `anonymous /api, status: ${statusOf('Forbidden', 403, {})}`,
  'anonymous list: 403 pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "team"',
  'unknown token: 401 Unauthorized',
  `unknown token, status: ${statusOf('Unauthorized', 401)}`,
  'robot /api: 200',
  'robot /apis/apps/v1: 200',
  `robot /logs: 403 forbidden: User "system:serviceaccount:team:robot" cannot get path "/logs"`,
  'create deployment: 201',
  `delete deployment: 403 deployments.apps "web" is forbidden: ${forbiddenFor('delete resource "deployments" in API group "apps"')}`,
  `delete deployment, status: ${statusOf('Forbidden', 403, { name: 'web', group: 'apps', kind: 'deployments' })}`,
  `deletecollection: 403 deployments.apps is forbidden: ${forbiddenFor('deletecollection resource "deployments" in API group "apps"')}`,
  `list elsewhere: 403 deployments.apps is forbidden: ${forbiddenFor('list resource "deployments" in API group "apps"', 'in the namespace "default"')}`,
  `list everywhere: 403 deployments.apps is forbidden: ${forbiddenFor('list resource "deployments" in API group "apps"', 'at the cluster scope')}`,
  `watch statefulsets: 403 statefulsets.apps is forbidden: ${forbiddenFor('watch resource "statefulsets" in API group "apps"')}`,
  `get namespace: 403 namespaces "team" is forbidden: ${forbiddenFor('get resource "namespaces" in API group ""')}`,
  `unserved resource: 403 things.nope.example.com is forbidden: ${forbiddenFor('list resource "things" in API group "nope.example.com"', 'at the cluster scope')}`,
  'create widget: 201',
  'patch widget status: 200',
  `patch widget: 403 widgets.example.com "w" is forbidden: ${forbiddenFor('patch resource "widgets" in API group "example.com"')}`,
  'named config map: 404 configmaps "settings" not found',
  `other config map: 403 configmaps "other" is forbidden: ${forbiddenFor('get resource "configmaps" in API group ""')}`,
  `list config maps: 403 configmaps is forbidden: ${forbiddenFor('list resource "configmaps" in API group ""')}`,
  'list named config map: 200',
  `create named config map: 403 configmaps is forbidden: ${forbiddenFor('create resource "configmaps" in API group ""')}`,
  'apply named config map: 201',
  `apply a new service: 403 services "svc" is forbidden: ${forbiddenFor('create resource "services" in API group ""')}`,
  'list CRDs: 200',
  `dangling binding: 403 secrets "s" is forbidden: ${forbiddenFor('get resource "secrets" in API group ""', 'in the namespace "other"')}: RBAC: role.rbac.authorization.k8s.io "missing" not found`,
  `token by robot: 403 serviceaccounts "robot" is forbidden: ${forbiddenFor('create resource "serviceaccounts/token" in API group ""')}`,
  `blocking owner: 403 deployments.apps "child" is forbidden: ${NO_FINALIZERS}`,
  `blocking owner, status: ${statusOf('Forbidden', 403, { name: 'child', group: 'apps', kind: 'deployments' })}`,
  'unknown owner kind: 403 deployments.apps "child" is forbidden: cannot set blockOwnerDeletion in this case because cannot find RESTMapping for APIVersion example.com/v9 Kind Widget: no matches for kind "Widget" in version "example.com/v9"',
  'non-blocking owner: 201',
  'relabel child: 200',
  `change owners: 403 deployments.apps "child" is forbidden: cannot set an ownerRef on a resource you can't delete: , <nil>`,
  'blocking owner, with finalizers: 201',
  'block an owner: 200',
  `block another owner: 403 deployments.apps "child2" is forbidden: ${NO_FINALIZERS}`,
  'kubectl get deployments -n team -o name: 0 deployment.apps/child\ndeployment.apps/child2\ndeployment.apps/web',
  `kubectl get deployments -n default: 1 Error from server (Forbidden): deployments.apps is forbidden: ${forbiddenFor('list resource "deployments" in API group "apps"', 'in the namespace "default"')}`,
];

/** A CRD of defaults.example.com whose `spec` has the given schema, in each version given. */
function crdWithSpec(plural: string, ...specSchemas: Json[]): Json {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.defaults.example.com` },
    spec: {
      group: 'defaults.example.com',
      names: { kind: plural.charAt(0).toUpperCase() + plural.slice(1, -1), plural },
      scope: 'Namespaced',
      versions: specSchemas.map((spec, i) => ({
        name: `v${i + 1}`,
        served: true,
        storage: i === 0,
        schema: { openAPIV3Schema: { type: 'object', properties: { spec } } },
      })),
    },
  };
}

const objectOf = (properties: Json, extra: Json = {}): Json => ({ type: 'object', properties, ...extra });
const rules = (...validations: Json[]): Json => ({ 'x-kubernetes-validations': validations });
const AUTOSCALING_MESSAGE = 'autoscaling.maxReplicas must be at least autoscaling.minReplicas';

/** The autoscaling block of the ChainDataStack CRD, as it was before its rule guarded `enabled` with has(). */
function autoscaling(rule: string): Json {
  const replicas = { type: 'integer', default: 1 };
  const block = objectOf(
    {
      enabled: { type: 'boolean', default: false },
      minReplicas: replicas,
      maxReplicas: { ...replicas, default: 3 },
    },
    { default: {}, ...rules({ rule, message: AUTOSCALING_MESSAGE }) },
  );
  return objectOf({ components: objectOf({ evmData: objectOf({ autoscaling: block }) }) });
}

const DEFAULT_CASES: [string, Json][] = [
  [
    'autoscalings',
    crdWithSpec('autoscalings', autoscaling('!self.enabled || self.maxReplicas >= self.minReplicas')),
  ],
  [
    'guarded autoscalings',
    crdWithSpec(
      'guardeds',
      autoscaling('!has(self.enabled) || !self.enabled || self.maxReplicas >= self.minReplicas'),
    ),
  ],
  [
    'a failing rule without a message',
    crdWithSpec(
      'ranges',
      objectOf({
        range: objectOf(
          { min: { type: 'integer' }, max: { type: 'integer' } },
          { default: { min: 5, max: 1 }, ...rules({ rule: 'self.max >= self.min' }) },
        ),
      }),
    ),
  ],
  [
    'a rule inside the default',
    crdWithSpec(
      'nesteds',
      objectOf({
        outer: objectOf(
          { n: { type: 'integer', ...rules({ rule: 'self >= 1', message: 'n must be positive' }) } },
          { default: { n: 0 } },
        ),
      }),
    ),
  ],
  [
    'fieldPath, messageExpression and reason',
    crdWithSpec(
      'paths',
      objectOf({
        range: objectOf(
          { min: { type: 'integer' }, max: { type: 'integer' } },
          {
            default: { min: 5, max: 1 },
            ...rules({
              rule: 'self.max >= self.min',
              messageExpression: '"max is " + string(self.max)',
              fieldPath: '.max',
              reason: 'FieldValueForbidden',
            }),
          },
        ),
      }),
    ),
  ],
  ['a default of the wrong type', crdWithSpec('types', objectOf({ n: { type: 'integer', default: 'x' } }))],
  [
    'a transition rule',
    crdWithSpec(
      'steps',
      objectOf({ n: { type: 'integer', default: 0, ...rules({ rule: 'self == oldSelf + 1' }) } }),
    ),
  ],
  [
    'list items',
    crdWithSpec(
      'lists',
      objectOf({
        items: {
          type: 'array',
          items: objectOf({ on: { type: 'boolean' } }, { default: {}, ...rules({ rule: 'self.on' }) }),
        },
      }),
    ),
  ],
  [
    'additionalProperties, not checked',
    crdWithSpec(
      'maps',
      objectOf({
        labels: {
          type: 'object',
          additionalProperties: { type: 'string', default: '', ...rules({ rule: 'self != ""' }) },
        },
      }),
    ),
  ],
  [
    'two versions with different schemas',
    crdWithSpec(
      'versions',
      objectOf({ a: { type: 'integer', default: 0, ...rules({ rule: 'self >= 1' }) } }),
      objectOf({ b: { type: 'integer', default: 0, ...rules({ rule: 'self >= 1' }) } }),
    ),
  ],
];

/** Creates each CRD of DEFAULT_CASES; an error of several causes (which a real server orders at random) is sorted. */
async function defaultsScenario(t: Target): Promise<string[]> {
  const out: string[] = [];
  for (const [step, crd] of DEFAULT_CASES) {
    const a = await call(t, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    const causes = (dig(a.body, 'details.causes') as Json[] | undefined) ?? [];
    if (causes.length < 2) out.push(outcome(step, a));
    else
      out.push(
        `${step}: ${a.code} ${causes
          .map((c) => `${String(c.field)}: ${String(c.message)}`)
          .sort()
          .join(' | ')}`,
      );
  }
  return out;
}

const SCHEMA = 'spec.validation.openAPIV3Schema.properties[spec]';
const invalidCrd = (plural: string, errors: string) =>
  `422 CustomResourceDefinition.apiextensions.k8s.io "${plural}.defaults.example.com" is invalid: ${errors}`;

/** kube-apiserver v1.32's answers to defaultsScenario. */
const DEFAULTS_OUTCOMES = [
  `autoscalings: ${invalidCrd('autoscalings', `${SCHEMA}.properties[components].properties[evmData].properties[autoscaling].default: Invalid value: "object": no such key: enabled evaluating rule: ${AUTOSCALING_MESSAGE}`)}`,
  'guarded autoscalings: 201',
  `a failing rule without a message: ${invalidCrd('ranges', `${SCHEMA}.properties[range].default: Invalid value: "object": failed rule: self.max >= self.min`)}`,
  `a rule inside the default: ${invalidCrd('nesteds', `${SCHEMA}.properties[outer].default.n: Invalid value: "integer": n must be positive`)}`,
  `fieldPath, messageExpression and reason: ${invalidCrd('paths', `${SCHEMA}.properties[range].default.max: Forbidden: max is 1`)}`,
  `a default of the wrong type: ${invalidCrd('types', `${SCHEMA}.properties[n].default: Invalid value: "string":  in body must be of type integer: "string"`)}`,
  `a transition rule: ${invalidCrd('steps', `${SCHEMA}.properties[n].default: Invalid value: "integer": failed rule: self == oldSelf + 1`)}`,
  `list items: ${invalidCrd('lists', `${SCHEMA}.properties[items].items.default: Invalid value: "object": no such key: on evaluating rule: self.on`)}`,
  'additionalProperties, not checked: 201',
  'two versions with different schemas: 422 spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a].default: Invalid value: "integer": failed rule: self >= 1 | spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[b].default: Invalid value: "integer": failed rule: self >= 1',
];

describeWithRealApiServer(
  'the fake kube-apiserver’s expectations, checked against a real kube-apiserver',
  function () {
    this.timeout(120_000);
    let real: RealKubeApiServer;
    let home: string;

    before(async () => {
      real = await startRealKubeApiServer();
      home = await mkdtemp(join(tmpdir(), 'real-kube-'));
    });

    after(async () => {
      await real?.stop();
      if (home) await rm(home, { recursive: true, force: true });
    });

    it('authenticates, authorizes and admits owner references as the fake does', async () => {
      expect(await accessScenario(realTarget(real), home)).to.deep.equal(ACCESS_OUTCOMES);
    });

    it('refuses CRDs whose defaults break their own rules as the fake does', async () => {
      expect(await defaultsScenario(realTarget(real))).to.deep.equal(DEFAULTS_OUTCOMES);
    });
  },
);
