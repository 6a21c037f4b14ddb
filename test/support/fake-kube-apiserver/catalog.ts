import { clone, isObj } from './json.ts';
import type { KindSpec, KubeObject, PrinterColumn, ResourceDef, Schema, StoredObject } from './types.ts';

// ---- The catalog of kinds ----

function pluralOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

export const BUILTIN_KINDS: KindSpec[] = [
  { group: '', version: 'v1', kind: 'Namespace', namespaced: false, status: true, shortNames: ['ns'] },
  { group: '', version: 'v1', kind: 'ConfigMap', shortNames: ['cm'] },
  { group: '', version: 'v1', kind: 'Secret' },
  { group: '', version: 'v1', kind: 'Service', status: true, shortNames: ['svc'], categories: ['all'] },
  { group: '', version: 'v1', kind: 'ServiceAccount', shortNames: ['sa'] },
  { group: '', version: 'v1', kind: 'Pod', status: true, shortNames: ['po'], categories: ['all'] },
  { group: '', version: 'v1', kind: 'Event', shortNames: ['ev'] },
  { group: '', version: 'v1', kind: 'PersistentVolumeClaim', status: true, shortNames: ['pvc'] },
  {
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    status: true,
    scale: true,
    shortNames: ['deploy'],
    categories: ['all'],
  },
  {
    group: 'apps',
    version: 'v1',
    kind: 'StatefulSet',
    status: true,
    scale: true,
    shortNames: ['sts'],
    categories: ['all'],
  },
  {
    group: 'apps',
    version: 'v1',
    kind: 'ReplicaSet',
    status: true,
    scale: true,
    shortNames: ['rs'],
    categories: ['all'],
  },
  { group: 'apps', version: 'v1', kind: 'DaemonSet', status: true, shortNames: ['ds'], categories: ['all'] },
  { group: 'batch', version: 'v1', kind: 'Job', status: true, categories: ['all'] },
  { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', status: true, shortNames: ['pdb'] },
  {
    group: 'autoscaling',
    version: 'v2',
    kind: 'HorizontalPodAutoscaler',
    status: true,
    shortNames: ['hpa'],
    categories: ['all'],
  },
  { group: 'networking.k8s.io', version: 'v1', kind: 'NetworkPolicy', shortNames: ['netpol'] },
  { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', status: true, shortNames: ['ing'] },
  { group: 'coordination.k8s.io', version: 'v1', kind: 'Lease' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'Role' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'RoleBinding' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRole', namespaced: false },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRoleBinding', namespaced: false },
  { group: 'events.k8s.io', version: 'v1', kind: 'Event', shortNames: ['ev'] },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    kind: 'CustomResourceDefinition',
    namespaced: false,
    status: true,
    shortNames: ['crd', 'crds'],
    categories: ['api-extensions'],
  },
];

export const CRD_KEY = 'apiextensions.k8s.io|customresourcedefinitions';
export const NAMESPACE_KEY = '|namespaces';

/** Kubernetes version ordering: GA before beta before alpha, higher numbers first, then the rest by name. */
function versionRank(v: string): [number, number, number, string] {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (!m) return [3, 0, 0, v];
  const level = m[2] === undefined ? 0 : m[2] === 'beta' ? 1 : 2;
  return [level, -Number(m[1]), -Number(m[3] ?? 0), v];
}
export const byVersionPriority = (a: string, b: string): number => {
  const ra = versionRank(a);
  const rb = versionRank(b);
  for (let i = 0; i < 3; i++) if (ra[i] !== rb[i]) return (ra[i] as number) - (rb[i] as number);
  return ra[3].localeCompare(rb[3]);
};

export const gvOf = (group: string, version: string): string => (group ? `${group}/${version}` : version);
export const defKey = (group: string, plural: string): string => `${group}|${plural}`;
export const objectKey = (def: ResourceDef, namespace: string, name: string): string =>
  `${def.group}|${def.plural}|${def.namespaced ? namespace : ''}|${name}`;

export function splitApiVersion(apiVersion: string): [string, string] {
  const i = apiVersion.lastIndexOf('/');
  return i < 0 ? ['', apiVersion] : [apiVersion.slice(0, i), apiVersion.slice(i + 1)];
}

/** An object as served at `version`: a copy, with that apiVersion. */
export function present(obj: KubeObject, def: ResourceDef, version: string): StoredObject {
  const out = clone(obj) as StoredObject;
  out.apiVersion = gvOf(def.group, version);
  return out;
}

// ---- Registration ----

/** Adds a kind to the catalog, or another version of a kind it has. */
export function addKind(defs: Map<string, ResourceDef>, spec: KindSpec): void {
  const plural = spec.plural ?? pluralOf(spec.kind);
  const key = defKey(spec.group, plural);
  const existing = defs.get(key);
  if (existing) {
    if (!existing.versions.includes(spec.version)) existing.versions.push(spec.version);
    existing.versions.sort(byVersionPriority);
    return;
  }
  defs.set(key, {
    group: spec.group,
    versions: [spec.version],
    kind: spec.kind,
    listKind: `${spec.kind}List`,
    plural,
    singular: spec.kind.toLowerCase(),
    namespaced: spec.namespaced ?? true,
    status: spec.status ?? false,
    scale: spec.scale ?? false,
    shortNames: spec.shortNames ?? [],
    categories: spec.categories ?? [],
    custom: false,
    schemas: new Map(),
    columns: new Map(),
  });
}

/** Serves the kind a stored CustomResourceDefinition defines, replacing any earlier definition of it. */
export function addCrd(defs: Map<string, ResourceDef>, crd: KubeObject): void {
  const spec = isObj(crd.spec) ? crd.spec : {};
  const names = isObj(spec.names) ? spec.names : {};
  const group = typeof spec.group === 'string' ? spec.group : '';
  const plural = typeof names.plural === 'string' ? names.plural : '';
  const kind = typeof names.kind === 'string' ? names.kind : '';
  if (!group || !plural || !kind) return;
  const versions = (Array.isArray(spec.versions) ? spec.versions : [])
    .filter(isObj)
    .filter((v) => v.served !== false);
  const def: ResourceDef = {
    group,
    versions: versions.map((v) => String(v.name)).sort(byVersionPriority),
    kind,
    listKind: typeof names.listKind === 'string' ? names.listKind : `${kind}List`,
    plural,
    singular: typeof names.singular === 'string' ? names.singular : kind.toLowerCase(),
    namespaced: spec.scope !== 'Cluster',
    status: versions.some((v) => isObj(v.subresources) && v.subresources.status !== undefined),
    scale: false,
    shortNames: Array.isArray(names.shortNames) ? names.shortNames.map(String) : [],
    categories: Array.isArray(names.categories) ? names.categories.map(String) : [],
    custom: true,
    schemas: new Map(),
    columns: new Map(),
  };
  for (const v of versions) {
    const schema =
      isObj(v.schema) && isObj(v.schema.openAPIV3Schema) ? (v.schema.openAPIV3Schema as Schema) : undefined;
    if (schema) def.schemas.set(String(v.name), schema);
    if (Array.isArray(v.additionalPrinterColumns))
      def.columns.set(String(v.name), v.additionalPrinterColumns as PrinterColumn[]);
  }
  defs.set(defKey(group, plural), def);
}
