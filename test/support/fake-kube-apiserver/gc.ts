import { NAMESPACE_KEY } from './catalog.ts';
import { ApiError, errDetails, qualified } from './errors.ts';
import { clone, isObj, now } from './json.ts';
import type { DeleteOptions, KubeObject, ResourceDef, WriteOptions } from './types.ts';

// ---- Garbage collection, finalizers and namespaces ----

/** The server as the cluster's own controllers act on it: the store and the server's write paths. */
export interface Cluster {
  readonly objects: Map<string, { defKey: string; obj: KubeObject }>;
  readonly defs: Map<string, ResourceDef>;
  /** uid to object key, for objects that exist. */
  readonly uids: Map<string, string>;
  commit(
    def: ResourceDef,
    version: string,
    current: KubeObject,
    proposed: KubeObject,
    w: WriteOptions,
  ): KubeObject;
  deleteObject(
    def: ResourceDef,
    version: string,
    namespace: string,
    name: string,
    opts: DeleteOptions,
  ): { object: KubeObject; removed: boolean };
  removeNow(def: ResourceDef, obj: KubeObject): void;
  background(work: () => void): void;
}

export function dependentsOf(cluster: Cluster, uid: string): { def: ResourceDef; obj: KubeObject }[] {
  const out: { def: ResourceDef; obj: KubeObject }[] = [];
  for (const { defKey: dk, obj } of cluster.objects.values()) {
    const def = cluster.defs.get(dk);
    if (def && (obj.metadata.ownerReferences ?? []).some((r) => r.uid === uid)) out.push({ def, obj });
  }
  return out;
}

export function collectGarbage(cluster: Cluster, owner: KubeObject): void {
  const uid = owner.metadata.uid ?? '';
  for (const { def, obj } of dependentsOf(cluster, uid)) {
    // A namespaced owner only owns dependents in its own namespace.
    if (owner.metadata.namespace && obj.metadata.namespace !== owner.metadata.namespace) continue;
    const alive = (obj.metadata.ownerReferences ?? []).filter(
      (r) => r.uid !== uid && cluster.uids.has(r.uid),
    );
    const version = def.versions[0] ?? 'v1';
    if (alive.length > 0) {
      const next = clone(obj);
      next.metadata.ownerReferences = alive;
      cluster.commit(def, version, obj, next, {
        manager: 'kube-controller-manager',
        subresource: '',
        dryRun: false,
        system: true,
      });
    } else if (!obj.metadata.deletionTimestamp) {
      cluster.deleteObject(def, version, obj.metadata.namespace ?? '', obj.metadata.name ?? '', {
        dryRun: false,
      });
    }
  }
}

export function deleteDependents(cluster: Cluster, uid: string): void {
  for (const { def, obj } of dependentsOf(cluster, uid)) {
    if (obj.metadata.deletionTimestamp) continue;
    cluster.deleteObject(
      def,
      def.versions[0] ?? 'v1',
      obj.metadata.namespace ?? '',
      obj.metadata.name ?? '',
      {
        dryRun: false,
      },
    );
  }
  finishForeground(cluster, uid);
}

export function orphanDependents(cluster: Cluster, uid: string): void {
  for (const { def, obj } of dependentsOf(cluster, uid)) {
    const next = clone(obj);
    next.metadata.ownerReferences = (obj.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
    cluster.commit(def, def.versions[0] ?? 'v1', obj, next, {
      manager: 'kube-controller-manager',
      subresource: '',
      dryRun: false,
      system: true,
    });
  }
}

export function finishForeground(cluster: Cluster, uid: string): void {
  const key = cluster.uids.get(uid);
  const stored = key && cluster.objects.get(key);
  if (!stored) return;
  const def = cluster.defs.get(stored.defKey);
  const owner = stored.obj;
  if (
    !def ||
    !owner.metadata.deletionTimestamp ||
    !(owner.metadata.finalizers ?? []).includes('foregroundDeletion')
  )
    return;
  if (dependentsOf(cluster, uid).length > 0) return;
  const next = clone(owner);
  next.metadata.finalizers = (owner.metadata.finalizers ?? []).filter((f) => f !== 'foregroundDeletion');
  cluster.commit(def, def.versions[0] ?? 'v1', owner, next, {
    manager: 'kube-controller-manager',
    subresource: '',
    dryRun: false,
    system: true,
  });
}

export function checkNamespaceOpen(
  cluster: Cluster,
  def: ResourceDef,
  namespace: string,
  name: string,
): void {
  const ns = cluster.objects.get(`|namespaces||${namespace}`);
  if (ns?.obj.metadata.deletionTimestamp) {
    throw new ApiError(
      403,
      'Forbidden',
      `${qualified(def)} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`,
      errDetails(def, name),
    );
  }
}

export function terminateNamespace(
  cluster: Cluster,
  def: ResourceDef,
  version: string,
  current: KubeObject,
): KubeObject {
  const next = clone(current);
  next.metadata.deletionTimestamp ??= now();
  next.status = { ...(isObj(current.status) ? current.status : {}), phase: 'Terminating' };
  const updated = cluster.commit(def, version, current, next, {
    manager: 'kube-apiserver',
    subresource: '',
    dryRun: false,
    system: true,
  });
  const namespace = current.metadata.name ?? '';
  cluster.background(() => {
    for (const { defKey: dk, obj } of [...cluster.objects.values()]) {
      const d = cluster.defs.get(dk);
      if (!d?.namespaced || obj.metadata.namespace !== namespace || obj.metadata.deletionTimestamp) continue;
      cluster.deleteObject(d, d.versions[0] ?? 'v1', namespace, obj.metadata.name ?? '', { dryRun: false });
    }
    finishNamespace(cluster, namespace);
  });
  return updated;
}

export function finishNamespace(cluster: Cluster, namespace: string): void {
  const ns = cluster.objects.get(`|namespaces||${namespace}`);
  const def = cluster.defs.get(NAMESPACE_KEY);
  if (!ns || !def || !ns.obj.metadata.deletionTimestamp || ns.obj.metadata.finalizers?.length) return;
  for (const { defKey: dk, obj } of cluster.objects.values()) {
    if (cluster.defs.get(dk)?.namespaced && obj.metadata.namespace === namespace) return;
  }
  cluster.removeNow(def, ns.obj);
}
