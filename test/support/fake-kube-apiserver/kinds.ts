import { CRD_KEY, defKey, NAMESPACE_KEY } from './catalog.ts';
import type { FieldError } from './errors.ts';
import { clone, isObj, now, withoutUndefined } from './json.ts';
import { crdDefaultErrors } from './schema.ts';
import { selectorString } from './selectors.ts';
import type { KubeObject, Obj, ResourceDef } from './types.ts';

// ---- Kind-specific server behaviour ----

export function beforeWrite(
  def: ResourceDef,
  obj: KubeObject,
  current: KubeObject | undefined,
  allocateClusterIp: () => string,
): void {
  const key = defKey(def.group, def.plural);
  if (key === NAMESPACE_KEY) {
    obj.metadata.labels = {
      ...obj.metadata.labels,
      'kubernetes.io/metadata.name': obj.metadata.name ?? '',
    };
    obj.spec = { finalizers: ['kubernetes'] };
    if (!current) obj.status = { phase: 'Active' };
  } else if (key === '|services') {
    const spec = isObj(obj.spec) ? obj.spec : (obj.spec = {});
    const previous = isObj(current?.spec) ? current.spec : {};
    spec.type ??= 'ClusterIP';
    // Cluster IPs are allocated once and kept when an update omits them.
    if (spec.type !== 'ExternalName' && spec.clusterIP === undefined) {
      spec.clusterIP = previous.clusterIP ?? allocateClusterIp();
      spec.clusterIPs = [spec.clusterIP];
    }
  } else if (key === '|secrets') {
    obj.type ??= 'Opaque';
    // stringData is write-only: the API server folds it into data (base64) and never stores it.
    if (isObj(obj.stringData)) {
      const data = isObj(obj.data) ? obj.data : {};
      for (const [k, v] of Object.entries(obj.stringData))
        data[k] = Buffer.from(String(v)).toString('base64');
      obj.data = data;
      delete obj.stringData;
    }
  } else if (key === CRD_KEY) {
    obj.status = crdStatus(obj, current);
  }
}

/** What a kind's own validation refuses, beyond metadata (reported together with metadata's errors). */
export function kindErrors(def: ResourceDef, obj: KubeObject): FieldError[] {
  return defKey(def.group, def.plural) === CRD_KEY ? crdDefaultErrors(obj) : [];
}

function crdStatus(crd: KubeObject, current: KubeObject | undefined): Obj {
  const spec = isObj(crd.spec) ? crd.spec : {};
  const versions = (Array.isArray(spec.versions) ? spec.versions : []).filter(isObj);
  const storage = versions.find((v) => v.storage === true)?.name;
  const previous = isObj(current?.status) ? current.status : {};
  const stored = Array.isArray(previous.storedVersions) ? previous.storedVersions.map(String) : [];
  if (typeof storage === 'string' && !stored.includes(storage)) stored.push(storage);
  const previousConditions = Array.isArray(previous.conditions) ? previous.conditions.filter(isObj) : [];
  const since = (type: string): unknown =>
    previousConditions.find((c) => c.type === type)?.lastTransitionTime ?? now();
  return {
    conditions: [
      {
        type: 'NamesAccepted',
        status: 'True',
        lastTransitionTime: since('NamesAccepted'),
        reason: 'NoConflicts',
        message: 'no conflicts found',
      },
      {
        type: 'Established',
        status: 'True',
        lastTransitionTime: since('Established'),
        reason: 'InitialNamesAccepted',
        message: 'the initial names have been accepted',
      },
    ],
    acceptedNames: clone(spec.names ?? {}),
    storedVersions: stored,
  };
}

/** The autoscaling/v1 Scale view of spec.replicas. */
export function scaleOf(obj: KubeObject): Obj {
  const spec = isObj(obj.spec) ? obj.spec : {};
  const status = isObj(obj.status) ? obj.status : {};
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: withoutUndefined({ name, namespace, uid, resourceVersion, creationTimestamp }),
    spec: { replicas: spec.replicas ?? 1 },
    status: {
      replicas: status.replicas ?? 0,
      selector: isObj(spec.selector) ? selectorString(spec.selector) : '',
    },
  };
}
