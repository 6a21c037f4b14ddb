import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  applyConflict,
  comparable,
  deleteValue,
  diffPaths,
  fieldSetOf,
  leafPaths,
  managerEntry,
  mergeApplied,
  normalizeMeta,
  overlaps,
  ownedView,
  removeFromSet,
  sameManager,
  SERVER_METADATA,
  specView,
  stampTimes,
  updateOwnership,
} from './apply.ts';
import {
  ADMIN,
  ANONYMOUS,
  serviceAccountUser,
  TokenIssuer,
  tokenRequestSpec,
  unauthorized,
  type UserInfo,
} from './auth.ts';
import {
  addCrd,
  addKind,
  BUILTIN_KINDS,
  defKey,
  gvOf,
  objectKey,
  present,
  splitApiVersion,
} from './catalog.ts';
import {
  apiGroup,
  apiVersions,
  groupList,
  OPENAPI_V2_PROTO,
  resourceList,
  VERSION_INFO,
} from './discovery.ts';
import {
  ApiError,
  badRequest,
  conflict,
  errDetails,
  invalid,
  MODIFIED_CONFLICT,
  notFound,
  pathNotFound,
  qualified,
  REASONS,
  unprocessable,
  validateMetadata,
} from './errors.ts';
import {
  checkNamespaceOpen,
  collectGarbage,
  deleteDependents,
  dependentsOf,
  finishForeground,
  finishNamespace,
  orphanDependents,
  terminateNamespace,
  type Cluster,
} from './gc.ts';
import { checkBodyName, parseBody, verbOf, writeReply, type Reply } from './http.ts';
import { clone, deepEqual, dropNulls, getPath, isObj, mergePatch, now, patchDocument } from './json.ts';
import { beforeWrite, kindErrors, scaleOf } from './kinds.ts';
import { enforceOwnerReferences } from './ownerrefs.ts';
import {
  authorize,
  BOOTSTRAP_RBAC,
  forbidden,
  requestAttributes,
  type Attributes,
  type RbacStore,
} from './rbac.ts';
import { validateCustom } from './schema.ts';
import {
  fieldsMatch,
  labelsMatch,
  parseFieldSelector,
  parseLabelSelector,
  type FieldRequirement,
  type Requirement,
} from './selectors.ts';
import { table, wantsTable } from './tables.ts';
import { selfSignedCertificate } from './tls.ts';
import {
  deliver,
  endWatch,
  expiredStatus,
  send,
  startWatch,
  type EventType,
  type StoredEvent,
  type Watcher,
  type WatchServer,
} from './watch.ts';
import type {
  FakeKubeApiServerOptions,
  KindSpec,
  KubeObject,
  Obj,
  ObjectMeta,
  Path,
  RequestRecord,
  ResourceDef,
  StoredObject,
  WriteOptions,
} from './types.ts';

/**
 * An in-process fake Kubernetes API server for tests, standing in for a real cluster that cannot run here. It
 * speaks the REST, discovery and watch wire formats closely enough for @kubernetes/client-node, kubectl and helm:
 * CRUD with optimistic concurrency, merge/JSON patches, server-side apply with managedFields, status and scale
 * subresources, CRD registration with structural defaults, pruning, schema and CEL validation, finalizers,
 * ownerReference garbage collection, label/field selectors, and watches with history, bookmarks and 410s. Like a
 * cluster with RBAC, it authenticates bearer tokens (an admin in system:masters, or service accounts' tokens from the
 * TokenRequest API), authorizes by the Roles and bindings it stores, and runs OwnerReferencesPermissionEnforcement.
 * Written from the API conventions, independently of the operator under test; checked against a real kube-apiserver
 * where both apply (test/integration/fake-kube-apiserver.test.ts).
 *
 * Start one with `startFakeKubeApiServer()`, point clients at `kubeconfig()` (the admin's, or a given token's), and
 * use the hooks (`get`, `list`, `create`, `patch`, `updateStatus`, `delete`, `requests`, `compact`, `expireWatches`,
 * `failNext`, `waitFor`) to inspect the store or act as the cluster's own controllers would; hooks bypass
 * authorization and admission.
 */

export type {
  FakeKubeApiServerOptions,
  FieldSet,
  KindSpec,
  KubeObject,
  ManagedFieldsEntry,
  ObjectMeta,
  OwnerReference,
  RequestRecord,
  StoredObject,
  Verb,
} from './types.ts';
export { defaultedCustomResource } from './schema.ts';

export async function startFakeKubeApiServer(
  options: FakeKubeApiServerOptions = {},
): Promise<FakeKubeApiServer> {
  const server = new FakeKubeApiServer(options);
  await server.listen();
  return server;
}

const RBAC_GROUP = 'rbac.authorization.k8s.io';

export class FakeKubeApiServer {
  /** Plain http, for in-process clients such as fetch (which send credentials over it as they are told). */
  url = '';
  /** The same API over https, which kubeconfig() names: kubectl and helm send credentials only over TLS. */
  tlsUrl = '';
  /** The serving certificate (PEM), self-signed: the CA to trust for tlsUrl. */
  readonly ca: string;
  readonly requests: RequestRecord[] = [];
  private readonly http: Server;
  private readonly https: Server;
  private readonly defs = new Map<string, ResourceDef>();
  private readonly objects = new Map<string, { defKey: string; obj: KubeObject }>();
  private readonly uids = new Map<string, string>();
  private readonly watchers = new Set<Watcher>();
  private history: StoredEvent[] = [];
  private rv = 100;
  private compactedRv = 0;
  private nextClusterIp = 10;
  private readonly allocateClusterIp = (): string => `10.96.0.${this.nextClusterIp++}`;
  private readonly faults: { match: (r: RequestRecord) => boolean; code: number; times: number }[] = [];
  private readonly bookmarkIntervalMs: number;
  private readonly historyLimit: number;
  private readonly tokens = new TokenIssuer();
  /** What RBAC reads: the Roles, ClusterRoles and bindings stored, as the API server's informers see them. */
  private readonly rbac: RbacStore = {
    get: (plural, namespace, name) =>
      this.objects.get(objectKey(this.mustDef(RBAC_GROUP, 'v1', plural), namespace, name))?.obj,
    list: (plural, namespace) => this.select(this.mustDef(RBAC_GROUP, 'v1', plural), namespace, [], []),
  };
  /** What the garbage collector and namespace controller act through. */
  private readonly cluster: Cluster = {
    objects: this.objects,
    defs: this.defs,
    uids: this.uids,
    commit: (def, version, current, proposed, w) => this.commit(def, version, current, proposed, w),
    deleteObject: (def, version, namespace, name, opts) =>
      this.deleteObject(def, version, namespace, name, opts),
    removeNow: (def, obj) => this.removeNow(def, obj),
    background: (work) => this.background(work),
  };

  constructor(options: FakeKubeApiServerOptions = {}) {
    this.bookmarkIntervalMs = options.bookmarkIntervalMs ?? 5000;
    this.historyLimit = options.historyLimit ?? 10000;
    for (const spec of [...BUILTIN_KINDS, ...(options.kinds ?? [])]) this.registerKind(spec);
    const namespaces = this.mustDef('', 'v1', 'namespaces');
    const bootstrap = { manager: 'kube-apiserver', subresource: '', dryRun: false } as const;
    for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
      const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
      this.createObject(namespaces, 'v1', '', ns, bootstrap);
    }
    for (const obj of BOOTSTRAP_RBAC)
      this.createObject(this.defByKind(RBAC_GROUP, 'v1', obj.kind), 'v1', '', clone(obj), bootstrap);
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.onRequest(req, res);
    const { cert, key } = selfSignedCertificate();
    this.ca = cert;
    this.http = createServer(handler);
    this.https = createTlsServer({ cert, key }, handler);
  }

  async listen(): Promise<void> {
    const port = async (server: Server): Promise<number> => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    };
    this.url = `http://127.0.0.1:${await port(this.http)}`;
    this.tlsUrl = `https://127.0.0.1:${await port(this.https)}`;
  }

  async close(): Promise<void> {
    this.closeWatches();
    const stop = (server: Server) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    await Promise.all([stop(this.http), stop(this.https)]);
  }

  // ---- Test hooks ----

  /** A bearer token of a member of system:masters, whom RBAC never refuses; kubeconfig() uses it by default. */
  get adminToken(): string {
    return this.tokens.adminToken;
  }

  /** The current (global) resourceVersion. */
  get resourceVersion(): string {
    return String(this.rv);
  }

  resetRequests(): void {
    this.requests.length = 0;
  }

  /** Declares a group/version/kind, as installing another operator's CRD would (without a schema). */
  registerKind(spec: KindSpec): void {
    addKind(this.defs, spec);
  }

  get(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
  ): StoredObject | undefined {
    const def = this.mustDef(group, version, plural);
    const found = this.objects.get(objectKey(def, namespace ?? '', name));
    return found && present(found.obj, def, version);
  }

  list(
    group: string,
    version: string,
    plural: string,
    namespace?: string,
    labelSelector?: string,
  ): StoredObject[] {
    const def = this.mustDef(group, version, plural);
    return this.select(def, namespace ?? '', parseLabelSelector(labelSelector ?? ''), []).map((o) =>
      present(o, def, version),
    );
  }

  /** Creates an object as a client would (namespace from metadata.namespace, default `default`). */
  create(obj: KubeObject, manager = 'test'): StoredObject {
    const [group, version] = splitApiVersion(obj.apiVersion);
    const def = this.defByKind(group, version, obj.kind);
    const created = this.createObject(def, version, obj.metadata.namespace ?? 'default', clone(obj), {
      manager,
      subresource: '',
      dryRun: false,
    });
    return present(created, def, version);
  }

  /** Writes .status as a controller would through the status subresource (an Update by `manager`). */
  updateStatus(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    status: Record<string, unknown> | ((current: StoredObject) => unknown),
    manager = 'kube-controller-manager',
  ): StoredObject {
    const def = this.mustDef(group, version, plural);
    const current = this.mustGet(def, namespace ?? '', name);
    const next = clone(current);
    next.status = typeof status === 'function' ? status(present(current, def, version)) : clone(status);
    const written = this.commit(def, version, current, next, {
      manager,
      subresource: def.status ? 'status' : '',
      dryRun: false,
    });
    return present(written, def, version);
  }

  /** Applies a JSON merge patch to the main resource (an Update by `manager`); use updateStatus for .status. */
  patch(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    manager = 'test',
  ): StoredObject {
    const def = this.mustDef(group, version, plural);
    const current = this.mustGet(def, namespace ?? '', name);
    const next = mergePatch(current, patch) as KubeObject;
    return present(
      this.commit(def, version, current, next, { manager, subresource: '', dryRun: false }),
      def,
      version,
    );
  }

  delete(
    group: string,
    version: string,
    plural: string,
    namespace: string | undefined,
    name: string,
    propagationPolicy?: string,
  ): void {
    const def = this.mustDef(group, version, plural);
    this.deleteObject(def, version, namespace ?? '', name, { propagationPolicy, dryRun: false });
  }

  /** Forgets the watch history: watches resuming from an older resourceVersion get 410 Expired. */
  compact(): void {
    this.history = [];
    this.compactedRv = this.rv;
  }

  /** Ends every open watch with a 410 Expired ERROR event, as a watch cache that fell behind does. */
  expireWatches(): void {
    for (const w of [...this.watchers]) {
      send(w, 'ERROR', expiredStatus(this.rv, this.compactedRv));
      endWatch(w, this.watchers);
    }
  }

  /** Ends every open watch cleanly (as a watch timeout does); clients resume from their last resourceVersion. */
  closeWatches(): void {
    for (const w of [...this.watchers]) endWatch(w, this.watchers);
  }

  /** Fails the next `times` resource requests that match with `code` (a Status body), before they take effect. */
  failNext(match: (r: RequestRecord) => boolean, code = 500, times = 1): void {
    this.faults.push({ match, code, times });
  }

  async waitFor<T>(
    condition: () => T | Promise<T>,
    timeoutMs = 5000,
    what = 'condition',
  ): Promise<NonNullable<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await condition();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * A kubeconfig (YAML) for kubectl, helm or KubeConfig.loadFromString, authenticating with `token`: the admin's by
   * default, or a service account's from the TokenRequest API (`kubectl create token`), which RBAC then governs.
   */
  kubeconfig(namespace = 'default', token = this.adminToken): string {
    return [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '  - name: fake',
      '    cluster:',
      `      server: ${this.tlsUrl}`,
      `      certificate-authority-data: ${Buffer.from(this.ca).toString('base64')}`,
      'contexts:',
      '  - name: fake',
      '    context:',
      '      cluster: fake',
      '      user: fake',
      `      namespace: ${namespace}`,
      'current-context: fake',
      'users:',
      '  - name: fake',
      '    user:',
      `      token: ${token}`,
      '',
    ].join('\n');
  }

  // ---- Catalog lookups ----

  private mustDef(group: string, version: string, plural: string): ResourceDef {
    const def = this.defs.get(defKey(group, plural));
    if (!def || !def.versions.includes(version))
      throw new Error(`fake kube-apiserver: no resource ${plural} in ${gvOf(group, version)}`);
    return def;
  }

  private defByKind(group: string, version: string, kind: string): ResourceDef {
    const def = this.findDefByKind(group, version, kind);
    if (!def) throw new Error(`fake kube-apiserver: no kind ${kind} in ${gvOf(group, version)}`);
    return def;
  }

  private findDefByKind(group: string, version: string, kind: string): ResourceDef | undefined {
    for (const def of this.defs.values()) {
      if (def.group === group && def.kind === kind && def.versions.includes(version)) return def;
    }
    return undefined;
  }

  private mustGet(def: ResourceDef, namespace: string, name: string): KubeObject {
    const found = this.objects.get(objectKey(def, namespace, name));
    if (!found) throw notFound(def, name);
    return found.obj;
  }

  private select(
    def: ResourceDef,
    namespace: string,
    labels: Requirement[],
    fields: FieldRequirement[],
  ): KubeObject[] {
    const prefix = `${def.group}|${def.plural}|`;
    const out: KubeObject[] = [];
    for (const [key, { obj }] of this.objects) {
      if (!key.startsWith(prefix)) continue;
      if (namespace && def.namespaced && obj.metadata.namespace !== namespace) continue;
      if (labelsMatch(labels, obj.metadata.labels) && fieldsMatch(fields, obj)) out.push(obj);
    }
    return out.sort((a, b) =>
      `${a.metadata.namespace ?? ''}/${a.metadata.name ?? ''}`.localeCompare(
        `${b.metadata.namespace ?? ''}/${b.metadata.name ?? ''}`,
      ),
    );
  }

  // ---- Writes ----

  private createObject(
    def: ResourceDef,
    version: string,
    namespace: string,
    body: unknown,
    w: WriteOptions,
  ): KubeObject {
    if (!isObj(body)) throw badRequest('the body of the request was in an unknown format');
    const obj = (def.custom ? clone(body) : dropNulls(body)) as KubeObject;
    const meta: ObjectMeta = isObj(obj.metadata) ? obj.metadata : {};
    if (def.namespaced && meta.namespace && meta.namespace !== namespace) {
      throw badRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    if (!meta.name && meta.generateName)
      meta.name = `${meta.generateName}${randomBytes(3).toString('hex').slice(0, 5)}`;
    if (!meta.name)
      throw invalid(def, '', [
        { type: 'Required', field: 'metadata.name', detail: 'name or generateName is required' },
      ]);
    const name = meta.name;
    if (this.objects.has(objectKey(def, namespace, name))) {
      throw new ApiError(
        409,
        'AlreadyExists',
        `${qualified(def)} "${name}" already exists`,
        errDetails(def, name),
      );
    }
    if (def.namespaced) checkNamespaceOpen(this.cluster, def, namespace, name);
    for (const k of SERVER_METADATA) if (k !== 'name' && k !== 'generateName') delete meta[k];
    if (def.namespaced) meta.namespace = namespace;
    obj.metadata = meta;
    obj.apiVersion = gvOf(def.group, version);
    obj.kind = def.kind;
    if (def.status) delete obj.status;
    const metaErrors = [...validateMetadata(def, meta), ...kindErrors(def, obj)];
    if (metaErrors.length > 0) throw invalid(def, name, metaErrors);
    beforeWrite(def, obj, undefined, this.allocateClusterIp);
    if (def.custom) validateCustom(def, version, obj, undefined);
    this.admit(def, version, obj, undefined, w);
    meta.uid = randomUUID();
    meta.creationTimestamp = now();
    meta.generation = 1;
    normalizeMeta(meta);
    const gv = gvOf(def.group, version);
    const entries = w.managedFields ?? [
      managerEntry(w.manager, 'Update', gv, fieldSetOf(ownedView(obj, def, '')), ''),
    ];
    const owned = entries.filter((e) => Object.keys(e.fieldsV1).length > 0);
    if (owned.length > 0) meta.managedFields = owned;
    if (w.dryRun) return obj;
    return this.store(def, obj, 'ADDED');
  }

  /**
   * The common path of every update: subresource rules, immutable metadata, CRD schemas, ownership, no-op detection,
   * generation, and completing deletion once the last finalizer is gone.
   */
  private commit(
    def: ResourceDef,
    version: string,
    current: KubeObject,
    proposed: KubeObject,
    w: WriteOptions,
  ): KubeObject {
    const cm = current.metadata;
    const name = cm.name ?? '';
    if (w.expectedRv && w.expectedRv !== cm.resourceVersion) throw conflict(def, name, MODIFIED_CONFLICT);
    if (!def.custom) proposed = dropNulls(proposed) as KubeObject;
    let next: KubeObject;
    if (w.system) next = clone(proposed);
    else if (w.subresource === 'status') {
      next = clone(current);
      if (proposed.status === undefined) delete next.status;
      else next.status = clone(proposed.status);
    } else {
      next = clone(proposed);
      if (def.status) {
        if (current.status === undefined) delete next.status;
        else next.status = clone(current.status);
      }
      const meta: ObjectMeta = isObj(next.metadata) ? next.metadata : {};
      for (const k of SERVER_METADATA) delete meta[k];
      for (const k of [
        'name',
        'namespace',
        'uid',
        'creationTimestamp',
        'generation',
        'deletionTimestamp',
        'deletionGracePeriodSeconds',
      ]) {
        if (cm[k] !== undefined) meta[k] = cm[k];
      }
      if (cm.deletionTimestamp) {
        const added = (meta.finalizers ?? []).filter((f) => !(cm.finalizers ?? []).includes(f));
        if (added.length > 0) {
          throw invalid(def, name, [
            {
              type: 'Forbidden',
              field: 'metadata.finalizers',
              detail: 'no new finalizers can be added if the object is being deleted',
            },
          ]);
        }
      }
      next.metadata = meta;
    }
    next.apiVersion = gvOf(def.group, version);
    next.kind = def.kind;
    normalizeMeta(next.metadata);
    const metaErrors = w.system ? [] : [...validateMetadata(def, next.metadata), ...kindErrors(def, next)];
    if (metaErrors.length > 0) throw invalid(def, name, metaErrors);
    beforeWrite(def, next, current, this.allocateClusterIp);
    if (def.custom && !w.system) validateCustom(def, version, next, current);
    if (!w.system) this.admit(def, version, next, current, w);

    const gv = gvOf(def.group, version);
    const before = cm.managedFields ?? [];
    let entries = w.managedFields;
    if (!entries) {
      const changed: Path[] = [];
      const removed: Path[] = [];
      diffPaths(
        ownedView(current, def, w.subresource),
        ownedView(next, def, w.subresource),
        [],
        changed,
        removed,
      );
      entries = w.system ? before : updateOwnership(before, w.manager, w.subresource, gv, changed, removed);
    }
    entries = stampTimes(before, entries);
    if (entries.length > 0) next.metadata.managedFields = entries;
    else delete next.metadata.managedFields;
    next.metadata.resourceVersion = cm.resourceVersion;

    if (deepEqual(comparable(current), comparable(next))) return current;
    const specChanged = !deepEqual(specView(current, def), specView(next, def));
    const deletionStarted = !cm.deletionTimestamp && next.metadata.deletionTimestamp !== undefined;
    if (specChanged || deletionStarted) next.metadata.generation = (cm.generation ?? 0) + 1;
    if (w.dryRun) return next;
    const finished =
      next.metadata.deletionTimestamp && !next.metadata.finalizers?.length && def.plural !== 'namespaces';
    if (finished) {
      this.storeOnly(def, next);
      this.removeNow(def, next);
      return next;
    }
    return this.store(def, next, 'MODIFIED', current);
  }

  /** Validating admission of a client's write (after the object's own validation, as in the API server). */
  private admit(
    def: ResourceDef,
    version: string,
    obj: KubeObject,
    current: KubeObject | undefined,
    w: WriteOptions,
  ): void {
    const user = w.user;
    if (!user) return;
    enforceOwnerReferences(
      {
        def,
        version,
        subresource: w.subresource,
        namespace: obj.metadata.namespace ?? '',
        name: obj.metadata.name ?? '',
        authorize: (a) => authorize(this.rbac, user, a),
        resolve: (group, v, kind) => this.findDefByKind(group, v, kind),
      },
      obj,
      current,
    );
  }

  private applyPatch(
    def: ResourceDef,
    version: string,
    namespace: string,
    name: string,
    body: unknown,
    manager: string,
    force: boolean,
    w: WriteOptions,
  ): { object: KubeObject; created: boolean } {
    if (!isObj(body)) throw badRequest('the body of the request was in an unknown format');
    const meta = isObj(body.metadata) ? body.metadata : {};
    checkBodyName(meta, name);
    const gv = gvOf(def.group, version);
    const config = ownedView(def.custom ? body : (dropNulls(body) as Obj), def, w.subresource);
    const applied = fieldSetOf(config);
    const found = this.objects.get(objectKey(def, namespace, name));
    if (!found) {
      if (w.subresource) throw notFound(def, name);
      this.authorizeCreateByApply(def, version, namespace, name, w);
      const obj = {
        ...config,
        apiVersion: gv,
        kind: def.kind,
        metadata: { ...(isObj(config.metadata) ? config.metadata : {}), name },
      };
      const entries = [managerEntry(manager, 'Apply', gv, applied, '')];
      return {
        object: this.createObject(def, version, namespace, obj, { ...w, managedFields: entries }),
        created: true,
      };
    }
    const current = found.obj;
    if (
      typeof meta.resourceVersion === 'string' &&
      meta.resourceVersion !== current.metadata.resourceVersion
    ) {
      throw conflict(def, name, MODIFIED_CONFLICT);
    }
    const entries = current.metadata.managedFields ?? [];
    const mine = entries.find((e) => sameManager(e, manager, 'Apply', w.subresource));
    const others = entries.filter((e) => e !== mine);
    const differs = (p: Path): boolean => !deepEqual(getPath(current, p), getPath(config, p));
    const conflicts: { manager: string; apiVersion: string; path: Path }[] = [];
    for (const p of leafPaths(applied)) {
      if (!differs(p)) continue;
      for (const e of others)
        if (e.manager !== manager && overlaps(e.fieldsV1, p))
          conflicts.push({ manager: e.manager, apiVersion: e.apiVersion, path: p });
    }
    if (conflicts.length > 0 && !force) throw applyConflict(def, name, conflicts);

    const next = clone(current) as Obj;
    const ownedByOthers = (p: Path): boolean =>
      others.some((e) => overlaps(e.fieldsV1, p)) || overlaps(applied, p);
    for (const p of leafPaths(mine?.fieldsV1 ?? {})) {
      if (!overlaps(applied, p) && !others.some((e) => overlaps(e.fieldsV1, p)))
        deleteValue(next, p, ownedByOthers);
    }
    const merged = mergeApplied(next, config) as KubeObject;
    const taken = leafPaths(applied).filter(differs);
    const newOthers = clone(others);
    for (const e of newOthers) for (const p of taken) removeFromSet(e.fieldsV1, p);
    const newEntries = [
      ...newOthers.filter((e) => Object.keys(e.fieldsV1).length > 0),
      managerEntry(manager, 'Apply', gv, applied, w.subresource),
    ];
    if (mine) {
      // Keep the manager's position so re-applying unchanged content leaves managedFields identical.
      const at = entries.indexOf(mine);
      const last = newEntries.pop();
      if (last) newEntries.splice(Math.min(at, newEntries.length), 0, last);
    }
    return {
      object: this.commit(def, version, current, merged, { ...w, managedFields: newEntries }),
      created: false,
    };
  }

  /** An apply that creates the object needs `create` as well as the `patch` the request was authorized for. */
  private authorizeCreateByApply(
    def: ResourceDef,
    version: string,
    namespace: string,
    name: string,
    w: WriteOptions,
  ): void {
    if (!w.user) return;
    const a: Attributes = {
      verb: 'create',
      resourceRequest: true,
      path: '',
      group: def.group,
      version,
      resource: def.plural,
      subresource: '',
      namespace,
      name,
    };
    const decision = authorize(this.rbac, w.user, a);
    if (!decision.allowed) throw forbidden(w.user, a, decision.reason);
  }

  private deleteObject(
    def: ResourceDef,
    version: string,
    namespace: string,
    name: string,
    opts: { propagationPolicy?: string; preconditions?: Obj; dryRun: boolean },
  ): { object: KubeObject; removed: boolean } {
    const current = this.mustGet(def, namespace, name);
    const pre = opts.preconditions ?? {};
    if (typeof pre.uid === 'string' && pre.uid !== current.metadata.uid) {
      throw conflict(
        def,
        name,
        `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${current.metadata.uid ?? ''}`,
      );
    }
    if (typeof pre.resourceVersion === 'string' && pre.resourceVersion !== current.metadata.resourceVersion) {
      throw conflict(
        def,
        name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${current.metadata.resourceVersion ?? ''}`,
      );
    }
    if (opts.dryRun) return { object: current, removed: false };
    if (def.plural === 'namespaces' && !def.group)
      return { object: terminateNamespace(this.cluster, def, version, current), removed: false };
    const policy =
      opts.propagationPolicy ??
      ((current.metadata.finalizers ?? []).includes('orphan') ? 'Orphan' : 'Background');
    const uid = current.metadata.uid ?? '';
    let finalizers = (current.metadata.finalizers ?? []).filter((f) => f !== 'orphan');
    if (policy === 'Orphan') orphanDependents(this.cluster, uid);
    if (
      policy === 'Foreground' &&
      dependentsOf(this.cluster, uid).length > 0 &&
      !finalizers.includes('foregroundDeletion')
    ) {
      finalizers = [...finalizers, 'foregroundDeletion'];
    }
    if (finalizers.length === 0) {
      this.removeNow(def, current);
      return { object: current, removed: true };
    }
    const next = clone(current);
    next.metadata.finalizers = finalizers;
    next.metadata.deletionTimestamp ??= now();
    next.metadata.deletionGracePeriodSeconds ??= 0;
    const updated = this.commit(def, version, current, next, {
      manager: 'kube-apiserver',
      subresource: '',
      dryRun: false,
      system: true,
    });
    if (policy === 'Foreground') this.background(() => deleteDependents(this.cluster, uid));
    return { object: updated, removed: false };
  }

  private storeOnly(def: ResourceDef, obj: KubeObject): void {
    const key = objectKey(def, obj.metadata.namespace ?? '', obj.metadata.name ?? '');
    this.objects.set(key, { defKey: defKey(def.group, def.plural), obj });
    this.uids.set(obj.metadata.uid ?? '', key);
  }

  private store(def: ResourceDef, obj: KubeObject, type: EventType, old?: KubeObject): KubeObject {
    obj.metadata.resourceVersion = String(++this.rv);
    this.storeOnly(def, obj);
    this.emit({ rv: this.rv, defKey: defKey(def.group, def.plural), type, object: obj, old });
    if (def.group === 'apiextensions.k8s.io' && def.plural === 'customresourcedefinitions')
      addCrd(this.defs, obj);
    return obj;
  }

  private removeNow(def: ResourceDef, obj: KubeObject): void {
    const key = objectKey(def, obj.metadata.namespace ?? '', obj.metadata.name ?? '');
    const stored = this.objects.get(key);
    if (!stored) return;
    this.objects.delete(key);
    this.uids.delete(obj.metadata.uid ?? '');
    const final = clone(stored.obj);
    final.metadata.resourceVersion = String(++this.rv);
    this.emit({
      rv: this.rv,
      defKey: defKey(def.group, def.plural),
      type: 'DELETED',
      object: final,
      old: stored.obj,
    });
    if (def.group === 'apiextensions.k8s.io' && def.plural === 'customresourcedefinitions')
      this.unregisterCrd(final);
    this.background(() => {
      collectGarbage(this.cluster, final);
      for (const ref of final.metadata.ownerReferences ?? []) finishForeground(this.cluster, ref.uid);
      if (def.namespaced) finishNamespace(this.cluster, final.metadata.namespace ?? '');
    });
  }

  /** Controllers (GC, namespace lifecycle) act after the request that triggered them has been answered. */
  private background(work: () => void): void {
    setImmediate(() => {
      try {
        work();
      } catch {
        // Objects can vanish between scheduling and running, as in a real cluster; nothing to do then.
      }
    });
  }

  /** Stops serving the kind of a deleted CustomResourceDefinition, and removes its objects. */
  private unregisterCrd(crd: KubeObject): void {
    const spec = isObj(crd.spec) ? crd.spec : {};
    const names = isObj(spec.names) ? spec.names : {};
    const key = defKey(String(spec.group), String(names.plural));
    const def = this.defs.get(key);
    if (!def?.custom) return;
    for (const { defKey: dk, obj } of [...this.objects.values()]) if (dk === key) this.removeNow(def, obj);
    this.defs.delete(key);
  }

  // ---- Watch fan-out ----

  private emit(event: StoredEvent): void {
    this.history.push(event);
    if (this.history.length > this.historyLimit) {
      const dropped = this.history.splice(0, this.history.length - this.historyLimit);
      this.compactedRv = dropped[dropped.length - 1]?.rv ?? this.compactedRv;
    }
    for (const w of this.watchers) deliver(w, event);
  }

  /** What a new watch reads of the server's state. */
  private watchServer(): WatchServer {
    return {
      watchers: this.watchers,
      history: this.history,
      compactedRv: this.compactedRv,
      bookmarkIntervalMs: this.bookmarkIntervalMs,
      rv: () => this.rv,
      select: (def, namespace, labels, fields) => this.select(def, namespace, labels, fields),
    };
  }

  // ---- HTTP ----

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The client went away mid-request; there is no one to answer.
      res.destroy();
      return;
    }
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: RequestRecord = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      group: '',
      version: '',
      resource: '',
      subresource: '',
      namespace: '',
      name: '',
      verb: 'get',
      fieldManager: url.searchParams.get('fieldManager') ?? '',
      contentType: (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '',
      user: '',
    };
    this.requests.push(record);
    res.on('finish', () => (record.code = res.statusCode));
    try {
      const user = this.authenticate(req.headers.authorization);
      record.user = user.name;
      this.authorizeRequest(user, req.method ?? 'GET', url, record);
      const reply = this.route(req, res, url, raw, record, user);
      if (reply) writeReply(res, reply.code, reply.body);
    } catch (err) {
      if (res.headersSent) {
        res.end();
        return;
      }
      const error =
        err instanceof ApiError
          ? err
          : new ApiError(500, 'InternalError', `Internal error occurred: ${(err as Error).message}`);
      record.message = error.message;
      writeReply(res, error.code, error.body);
    }
  }

  /** Bearer tokens only; a request without one is anonymous, one with a token this server did not issue is 401. */
  private authenticate(header: string | undefined): UserInfo {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    if (token === undefined) return ANONYMOUS;
    if (token === this.tokens.adminToken) return ADMIN;
    const account = this.tokens.verify(token);
    if (!account) throw unauthorized();
    const sa = this.objects.get(
      objectKey(this.mustDef('', 'v1', 'serviceaccounts'), account.namespace, account.name),
    );
    // A token dies with its ServiceAccount, even if one of the same name is created again.
    if (sa?.obj.metadata.uid !== account.uid) throw unauthorized();
    return serviceAccountUser(account.namespace, account.name, account.uid);
  }

  /** RBAC decides from the path alone, before routing, so a refused request names what it asked for in the record. */
  private authorizeRequest(user: UserInfo, method: string, url: URL, record: RequestRecord): void {
    const a = requestAttributes(method, url);
    const decision = authorize(this.rbac, user, a);
    if (decision.allowed) return;
    if (a.resourceRequest) {
      const { group, version, resource, subresource, namespace, name } = a;
      Object.assign(record, { group, version, resource, subresource, namespace, name });
      record.verb = a.verb as RequestRecord['verb'];
    }
    throw forbidden(user, a, decision.reason);
  }

  private route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    raw: Buffer,
    rec: RequestRecord,
    user: UserInfo,
  ): Reply | undefined {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/version') return { code: 200, body: VERSION_INFO };
    if (path === '/healthz' || path === '/livez' || path === '/readyz') return { code: 200, body: 'ok' };
    if (path === '/openapi/v3') return { code: 200, body: { paths: {} } };
    if (path === '/openapi/v2') return { code: 200, body: OPENAPI_V2_PROTO };
    const segs = path.split('/').filter(Boolean).map(decodeURIComponent);
    let rest: string[];
    if (segs[0] === 'api') {
      if (segs.length === 1) return { code: 200, body: apiVersions(req) };
      rec.version = segs[1] ?? '';
      rest = segs.slice(2);
    } else if (segs[0] === 'apis') {
      if (segs.length === 1) return { code: 200, body: groupList(this.defs) };
      rec.group = segs[1] ?? '';
      if (segs.length === 2) return { code: 200, body: apiGroup(this.defs, rec.group) };
      rec.version = segs[2] ?? '';
      rest = segs.slice(3);
    } else throw pathNotFound();
    if (rest.length === 0) return { code: 200, body: resourceList(this.defs, rec.group, rec.version) };
    return this.resourceRequest(req, res, url, raw, rec, rest, user);
  }

  private resourceRequest(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    raw: Buffer,
    rec: RequestRecord,
    segments: string[],
    user: UserInfo,
  ): Reply | undefined {
    const q = url.searchParams;
    let rest = segments;
    let watchPath = false;
    if (rest[0] === 'watch') {
      watchPath = true;
      rest = rest.slice(1);
    }
    const served = (plural: string | undefined): ResourceDef | undefined => {
      const def = plural === undefined ? undefined : this.defs.get(defKey(rec.group, plural));
      return def?.versions.includes(rec.version) ? def : undefined;
    };
    let namespace = '';
    if (rest[0] === 'namespaces' && rest.length >= 3 && served(rest[2])?.namespaced) {
      namespace = rest[1] ?? '';
      rest = rest.slice(2);
    }
    const [plural, name = '', subresource = ''] = rest;
    const def = served(plural);
    if (!def || rest.length > 3 || (namespace && !def.namespaced)) throw pathNotFound();
    Object.assign(rec, { resource: def.plural, namespace, name, subresource });
    const method = req.method ?? 'GET';
    const watch = watchPath || q.get('watch') === 'true' || q.get('watch') === '1';
    rec.verb = verbOf(method, name, watch);
    const tokenRequest = subresource === 'token' && !def.group && def.plural === 'serviceaccounts';
    const knownSubresource =
      (subresource === 'status' && def.status) || (subresource === 'scale' && def.scale) || tokenRequest;
    if (subresource && !knownSubresource) throw pathNotFound();
    if (tokenRequest) return this.tokenReply(def, namespace, name, raw, rec);
    if (method === 'POST' && name)
      throw new ApiError(
        405,
        'MethodNotAllowed',
        'the server does not allow this method on the requested resource',
      );
    if (!name && ['PUT', 'PATCH'].includes(method))
      throw new ApiError(
        405,
        'MethodNotAllowed',
        'the server does not allow this method on the requested resource',
      );
    this.injectFault(rec);

    const version = rec.version;
    const dryRun = q.get('dryRun') === 'All';
    const manager = rec.fieldManager || (req.headers['user-agent'] ?? 'unknown').split('/')[0] || 'unknown';
    const w: WriteOptions = {
      manager,
      subresource: subresource === 'status' ? 'status' : '',
      dryRun,
      user,
    };
    if (subresource === 'scale') return this.scaleReply(def, version, namespace, name, raw, rec, w);
    const out = (obj: KubeObject): KubeObject => present(obj, def, version);
    switch (rec.verb) {
      case 'get': {
        const obj = out(this.mustGet(def, namespace, name));
        return { code: 200, body: wantsTable(req) ? table(def, version, [obj], String(this.rv)) : obj };
      }
      case 'list':
        return { code: 200, body: this.listReply(req, def, version, namespace, q) };
      case 'watch':
        startWatch(req, res, def, version, namespace, q, this.watchServer());
        return undefined;
      case 'create':
        return {
          code: 201,
          body: out(this.createObject(def, version, namespace, parseBody(raw, rec.contentType), w)),
        };
      case 'update': {
        const body = parseBody(raw, rec.contentType);
        if (!isObj(body)) throw badRequest('the body of the request was in an unknown format');
        const meta = isObj(body.metadata) ? body.metadata : {};
        checkBodyName(meta, name);
        const current = this.mustGet(def, namespace, name);
        const expectedRv =
          typeof meta.resourceVersion === 'string' && meta.resourceVersion ? meta.resourceVersion : undefined;
        if (!expectedRv && def.custom) {
          throw invalid(def, name, [
            {
              type: 'Invalid',
              field: 'metadata.resourceVersion',
              value: '0x0',
              detail: 'must be specified for an update',
            },
          ]);
        }
        return {
          code: 200,
          body: out(this.commit(def, version, current, body as KubeObject, { ...w, expectedRv })),
        };
      }
      case 'patch':
        return this.patchReply(def, version, namespace, name, raw, rec, q, w);
      case 'delete': {
        const opts = raw.length > 0 ? parseBody(raw, rec.contentType || 'application/json') : {};
        const o = isObj(opts) ? opts : {};
        const policy =
          q.get('propagationPolicy') ??
          (typeof o.propagationPolicy === 'string' ? o.propagationPolicy : undefined) ??
          (q.get('orphanDependents') === 'true' || o.orphanDependents === true ? 'Orphan' : undefined);
        const dry = dryRun || (Array.isArray(o.dryRun) && o.dryRun.includes('All'));
        const preconditions = isObj(o.preconditions) ? o.preconditions : undefined;
        const { object, removed } = this.deleteObject(def, version, namespace, name, {
          propagationPolicy: policy,
          preconditions,
          dryRun: dry,
        });
        if (!removed || def.custom || def.plural === 'pods') return { code: 200, body: out(object) };
        const details = { ...errDetails(def, name), uid: object.metadata.uid };
        return {
          code: 200,
          body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details },
        };
      }
      case 'deletecollection': {
        const items = this.select(
          def,
          namespace,
          parseLabelSelector(q.get('labelSelector') ?? ''),
          parseFieldSelector(q.get('fieldSelector') ?? ''),
        );
        const deleted = items.map((o) =>
          out(
            this.deleteObject(def, version, o.metadata.namespace ?? '', o.metadata.name ?? '', { dryRun })
              .object,
          ),
        );
        return {
          code: 200,
          body: {
            kind: def.listKind,
            apiVersion: gvOf(def.group, version),
            metadata: { resourceVersion: String(this.rv) },
            items: deleted,
          },
        };
      }
    }
  }

  private patchReply(
    def: ResourceDef,
    version: string,
    namespace: string,
    name: string,
    raw: Buffer,
    rec: RequestRecord,
    q: URLSearchParams,
    w: WriteOptions,
  ): Reply {
    const type = rec.contentType;
    const body = parseBody(raw, type);
    const out = (obj: KubeObject): KubeObject => present(obj, def, version);
    if (type === 'application/apply-patch+yaml') {
      if (!rec.fieldManager) {
        throw invalid({ ...def, kind: 'PatchOptions', group: 'meta.k8s.io' }, '', [
          { type: 'Required', field: 'fieldManager', detail: 'is required for apply patch' },
        ]);
      }
      const { object, created } = this.applyPatch(
        def,
        version,
        namespace,
        name,
        body,
        rec.fieldManager,
        q.get('force') === 'true',
        w,
      );
      return { code: created ? 201 : 200, body: out(object) };
    }
    const current = this.mustGet(def, namespace, name);
    const patched = patchDocument(type, current, body);
    if (!isObj(patched)) throw unprocessable('the patch produced an object that is not a JSON object');
    const meta = isObj(patched.metadata) ? patched.metadata : {};
    const expectedRv =
      typeof meta.resourceVersion === 'string' && meta.resourceVersion ? meta.resourceVersion : undefined;
    return {
      code: 200,
      body: out(this.commit(def, version, current, patched as KubeObject, { ...w, expectedRv })),
    };
  }

  /**
   * The TokenRequest API (`kubectl create token`): a token for an existing ServiceAccount, with the API server's
   * defaults (the API audience, one hour) and its bounds on the lifetime. Nothing is stored.
   */
  private tokenReply(
    def: ResourceDef,
    namespace: string,
    name: string,
    raw: Buffer,
    rec: RequestRecord,
  ): Reply {
    if (rec.verb !== 'create')
      throw new ApiError(
        405,
        'MethodNotAllowed',
        'the server does not allow this method on the requested resource',
        {},
      );
    this.mustGet(this.mustDef('', 'v1', 'namespaces'), '', namespace);
    const account = this.mustGet(def, namespace, name);
    const spec = tokenRequestSpec(parseBody(raw, rec.contentType));
    const tooShort = spec.expirationSeconds < 600;
    if (tooShort || spec.expirationSeconds > 2 ** 32) {
      throw invalid({ ...def, kind: 'TokenRequest', group: 'authentication.k8s.io' }, '', [
        {
          type: 'Invalid',
          field: 'spec.expirationSeconds',
          value: spec.expirationSeconds,
          detail: tooShort
            ? 'may not specify a duration less than 10 minutes'
            : 'may not specify a duration larger than 2^32 seconds',
        },
      ]);
    }
    const { token, exp } = this.tokens.issue(
      { namespace, name, uid: account.metadata.uid ?? '' },
      spec.audiences,
      spec.expirationSeconds,
    );
    return {
      code: 201,
      body: {
        kind: 'TokenRequest',
        apiVersion: 'authentication.k8s.io/v1',
        metadata: { name, namespace, creationTimestamp: now() },
        spec: { ...spec, boundObjectRef: null },
        status: { token, expirationTimestamp: new Date(exp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
      },
    };
  }

  /** The autoscaling/v1 Scale view of spec.replicas, used by `kubectl scale` and HorizontalPodAutoscalers. */
  private scaleReply(
    def: ResourceDef,
    version: string,
    namespace: string,
    name: string,
    raw: Buffer,
    rec: RequestRecord,
    w: WriteOptions,
  ): Reply {
    const current = this.mustGet(def, namespace, name);
    if (rec.verb === 'get') return { code: 200, body: scaleOf(current) };
    const body = parseBody(raw, rec.contentType);
    const scale = rec.verb === 'update' ? body : patchDocument(rec.contentType, scaleOf(current), body);
    const replicas = isObj(scale) && isObj(scale.spec) ? scale.spec.replicas : undefined;
    if (!Number.isInteger(replicas) || (replicas as number) < 0) {
      throw invalid({ ...def, kind: 'Scale', group: 'autoscaling' }, name, [
        {
          type: 'Invalid',
          field: 'spec.replicas',
          value: replicas,
          detail: 'must be greater than or equal to 0',
        },
      ]);
    }
    const rv = isObj(scale) && isObj(scale.metadata) ? scale.metadata.resourceVersion : undefined;
    const next = clone(current);
    next.spec = { ...(isObj(current.spec) ? current.spec : {}), replicas };
    const expectedRv = typeof rv === 'string' && rv ? rv : undefined;
    return { code: 200, body: scaleOf(this.commit(def, version, current, next, { ...w, expectedRv })) };
  }

  private listReply(
    req: IncomingMessage,
    def: ResourceDef,
    version: string,
    namespace: string,
    q: URLSearchParams,
  ): unknown {
    const labels = parseLabelSelector(q.get('labelSelector') ?? '');
    const fields = parseFieldSelector(q.get('fieldSelector') ?? '');
    let items = this.select(def, namespace, labels, fields).map((o) => present(o, def, version));
    const start =
      Number(q.get('continue') ? Buffer.from(q.get('continue') ?? '', 'base64url').toString() : '0') || 0;
    const limit = Number(q.get('limit') ?? '0');
    const metadata: Obj = { resourceVersion: String(this.rv) };
    const total = items.length;
    items = items.slice(start);
    if (limit > 0 && items.length > limit) {
      items = items.slice(0, limit);
      metadata.continue = Buffer.from(String(start + limit)).toString('base64url');
      metadata.remainingItemCount = total - start - limit;
    }
    if (wantsTable(req)) return { ...table(def, version, items, String(this.rv)), metadata };
    // Typed list responses of built-in kinds carry kind and apiVersion on the list only, not on each item.
    if (!def.custom) {
      for (const item of items as Partial<KubeObject>[]) {
        delete item.kind;
        delete item.apiVersion;
      }
    }
    return { kind: def.listKind, apiVersion: gvOf(def.group, version), metadata, items };
  }

  private injectFault(rec: RequestRecord): void {
    const fault = this.faults.find((f) => f.times > 0 && f.match(rec));
    if (!fault) return;
    fault.times--;
    throw new ApiError(
      fault.code,
      REASONS[fault.code] ?? 'InternalError',
      `injected failure (${fault.code})`,
    );
  }
}
