import type { UserInfo } from './auth.ts';
import { ApiError } from './errors.ts';
import { isObj, withoutUndefined } from './json.ts';
import type { KubeObject } from './types.ts';

// ---- Authorization: RBAC over the Roles and bindings in the store ----

/** What the authorizer is asked, as the API server derives it from a request's method and path. */
export interface Attributes {
  verb: string;
  resourceRequest: boolean;
  path: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
}

/** Namespace subresources, which stay on the Namespace instead of naming a resource inside it. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const METHOD_VERBS: Record<string, string> = {
  POST: 'create',
  GET: 'get',
  HEAD: 'get',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

/**
 * The authorizer's view of a request, decided by the path alone, before the server knows whether the resource
 * exists: so a user without rights is refused even a resource that is not served.
 */
export function requestAttributes(method: string, url: URL): Attributes {
  const path = url.pathname;
  const base: Attributes = {
    verb: method.toLowerCase(),
    resourceRequest: false,
    path,
    group: '',
    version: '',
    resource: '',
    subresource: '',
    namespace: '',
    name: '',
  };
  let parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const prefix = parts[0];
  const minimum = prefix === 'api' ? 3 : 4;
  if ((prefix !== 'api' && prefix !== 'apis') || parts.length < minimum) return base;
  const a: Attributes = { ...base, resourceRequest: true };
  if (prefix === 'apis') {
    a.group = parts[1] ?? '';
    parts = parts.slice(2);
  } else parts = parts.slice(1);
  a.version = parts[0] ?? '';
  parts = parts.slice(1);
  a.verb = METHOD_VERBS[method] ?? '';
  if (parts[0] === 'watch' && parts.length > 1) {
    a.verb = 'watch';
    parts = parts.slice(1);
  }
  if (parts[0] === 'namespaces' && parts.length > 1) {
    a.namespace = parts[1] ?? '';
    if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2] ?? '')) parts = parts.slice(2);
  }
  [a.resource = '', a.name = '', a.subresource = ''] = parts;
  if (!a.name && a.verb === 'get') listVerb(a, url.searchParams);
  if (!a.name && a.verb === 'delete') a.verb = 'deletecollection';
  return a;
}

/** A GET of a collection lists or watches; a field selector on one name lets RBAC's resourceNames apply. */
function listVerb(a: Attributes, query: URLSearchParams): void {
  const watch = query.get('watch');
  a.verb = watch === 'true' || watch === '1' ? 'watch' : 'list';
  const only = /^metadata\.name(==?)([^,]+)$/.exec(query.get('fieldSelector') ?? '');
  if (only?.[2] && !/[/%]/.test(only[2])) a.name = only[2];
}

interface PolicyRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

interface Binding extends KubeObject {
  roleRef?: { kind?: string; name?: string };
  subjects?: Subject[];
}

/** The RBAC objects of the store. */
export interface RbacStore {
  get(plural: string, namespace: string, name: string): KubeObject | undefined;
  list(plural: string, namespace: string): KubeObject[];
}

export interface Decision {
  allowed: boolean;
  /** Why no rule applied, when a binding names a role that does not exist (RBAC's visitor errors). */
  reason: string;
}

const has = (list: string[] | undefined, value: string): boolean =>
  (list ?? []).some((x) => x === '*' || x === value);

function resourceMatches(rule: PolicyRule, a: Attributes): boolean {
  const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return (rule.resources ?? []).some(
    (r) => r === '*' || r === combined || (a.subresource !== '' && r === `*/${a.subresource}`),
  );
}

function urlMatches(rule: PolicyRule, path: string): boolean {
  return (rule.nonResourceURLs ?? []).some(
    (u) => u === '*' || u === path || (u.endsWith('*') && path.startsWith(u.slice(0, -1))),
  );
}

function ruleAllows(rule: PolicyRule, a: Attributes): boolean {
  if (!has(rule.verbs, a.verb)) return false;
  if (!a.resourceRequest) return urlMatches(rule, a.path);
  const names = rule.resourceNames ?? [];
  return (
    has(rule.apiGroups, a.group) &&
    resourceMatches(rule, a) &&
    (names.length === 0 || (a.name !== '' && names.includes(a.name)))
  );
}

function bindsUser(binding: Binding, user: UserInfo): boolean {
  const bindingNamespace = binding.metadata.namespace ?? '';
  return (binding.subjects ?? []).some((s) => {
    if (s.kind === 'User') return s.name === user.name;
    if (s.kind === 'Group') return user.groups.includes(s.name ?? '');
    if (s.kind !== 'ServiceAccount') return false;
    return user.name === `system:serviceaccount:${s.namespace || bindingNamespace}:${s.name ?? ''}`;
  });
}

/**
 * RBAC as the API server evaluates it: system:masters above it all, then the rules of ClusterRoles bound
 * cluster-wide, then, in the request's namespace, those of the Roles and ClusterRoles bound there. A binding to a
 * missing role is not an error unless nothing else allows the request; then it is the reason given.
 */
export function authorize(store: RbacStore, user: UserInfo, a: Attributes): Decision {
  if (user.groups.includes('system:masters')) return { allowed: true, reason: '' };
  const missing: string[] = [];
  const allows = (binding: Binding, roleNamespace: string): boolean => {
    const ref = binding.roleRef ?? {};
    const cluster = ref.kind !== 'Role';
    const role = store.get(cluster ? 'clusterroles' : 'roles', cluster ? '' : roleNamespace, ref.name ?? '');
    if (!role) {
      missing.push(
        `${cluster ? 'clusterrole' : 'role'}.rbac.authorization.k8s.io "${ref.name ?? ''}" not found`,
      );
      return false;
    }
    const rules = Array.isArray(role.rules) ? (role.rules.filter(isObj) as PolicyRule[]) : [];
    return rules.some((rule) => ruleAllows(rule, a));
  };
  const bound = (plural: string, namespace: string): Binding[] =>
    (store.list(plural, namespace) as Binding[]).filter((b) => bindsUser(b, user));
  if (bound('clusterrolebindings', '').some((b) => allows(b, ''))) return { allowed: true, reason: '' };
  if (a.namespace && bound('rolebindings', a.namespace).some((b) => allows(b, a.namespace)))
    return { allowed: true, reason: '' };
  const reason =
    missing.length === 0 ? '' : `RBAC: ${missing.length === 1 ? missing[0] : `[${missing.join(', ')}]`}`;
  return { allowed: false, reason };
}

/** The resource an error names: `deployments.apps`, `configmaps`. */
const groupResource = (group: string, resource: string): string =>
  group ? `${resource}.${group}` : resource;

/** apimachinery's NewForbidden: `<resource> "<name>" is forbidden: <why>`, details naming the object. */
export function forbiddenError(group: string, resource: string, name: string, why: string): ApiError {
  const qualified = groupResource(group, resource);
  const subject = !qualified
    ? 'forbidden'
    : name
      ? `${qualified} ${JSON.stringify(name)} is forbidden`
      : `${qualified} is forbidden`;
  const details = withoutUndefined({
    name: name || undefined,
    group: group || undefined,
    kind: resource || undefined,
  });
  return new ApiError(403, 'Forbidden', `${subject}: ${why}`, details);
}

/** The API server's answer to a request RBAC refuses. */
export function forbidden(user: UserInfo, a: Attributes, reason: string): ApiError {
  const who = `User ${JSON.stringify(user.name)} cannot ${a.verb}`;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const where = a.namespace ? `in the namespace ${JSON.stringify(a.namespace)}` : 'at the cluster scope';
  const what = a.resourceRequest
    ? `${who} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.group)} ${where}`
    : `${who} path ${JSON.stringify(a.path)}`;
  return a.resourceRequest
    ? forbiddenError(a.group, a.resource, a.name, reason ? `${what}: ${reason}` : what)
    : forbiddenError('', '', '', reason ? `${what}: ${reason}` : what);
}

// ---- The bootstrap policy a new cluster starts with (the part that matters to clients here) ----

const BOOTSTRAP_METADATA = {
  labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
  annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
};

function clusterRole(name: string, rules: PolicyRule[]): KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name, ...BOOTSTRAP_METADATA },
    rules,
  };
}

function clusterRoleBinding(name: string, groups: string[]): KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, ...BOOTSTRAP_METADATA },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
    subjects: groups.map((group) => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: group })),
  };
}

const HEALTH_AND_VERSION = ['/healthz', '/livez', '/readyz', '/version', '/version/'];

/**
 * cluster-admin for system:masters, discovery for every authenticated user, health and version for everyone, and
 * self-reviews: so a service account reads discovery without being granted it, as in a real cluster.
 */
export const BOOTSTRAP_RBAC: KubeObject[] = [
  clusterRole('cluster-admin', [
    { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
    { nonResourceURLs: ['*'], verbs: ['*'] },
  ]),
  clusterRole('system:discovery', [
    {
      nonResourceURLs: [
        '/api',
        '/api/*',
        '/apis',
        '/apis/*',
        '/openapi',
        '/openapi/*',
        ...HEALTH_AND_VERSION,
      ].sort(),
      verbs: ['get'],
    },
  ]),
  clusterRole('system:basic-user', [
    {
      apiGroups: ['authorization.k8s.io'],
      resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
      verbs: ['create'],
    },
    { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
  ]),
  clusterRole('system:public-info-viewer', [{ nonResourceURLs: HEALTH_AND_VERSION, verbs: ['get'] }]),
  clusterRoleBinding('cluster-admin', ['system:masters']),
  clusterRoleBinding('system:discovery', ['system:authenticated']),
  clusterRoleBinding('system:basic-user', ['system:authenticated']),
  clusterRoleBinding('system:public-info-viewer', ['system:authenticated', 'system:unauthenticated']),
];
