import type { IncomingMessage } from 'node:http';
import { byVersionPriority, gvOf } from './catalog.ts';
import { pathNotFound } from './errors.ts';
import type { Obj, ResourceDef } from './types.ts';

// ---- Discovery ----

/**
 * An OpenAPI v2 document with no definitions (gnostic protobuf: swagger "2.0" and info), so helm's client-side
 * validation, which cannot be turned off for --create-namespace, finds no schema and skips every kind.
 */
export const OPENAPI_V2_PROTO = Buffer.from([
  ...[0x0a, 3, ...Buffer.from('2.0')],
  ...[0x12, 21, ...[0x0a, 10, ...Buffer.from('Kubernetes')], ...[0x12, 7, ...Buffer.from('v1.32.0')]],
]);

export const VERSION_INFO = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0-fake',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2025-01-01T00:00:00Z',
  goVersion: 'go1.23.4',
  compiler: 'gc',
  platform: 'linux/amd64',
};

const RESOURCE_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export function apiVersions(req: IncomingMessage): Obj {
  const host = req.headers.host ?? '127.0.0.1';
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: host }],
  };
}

function groupVersions(defs: ReadonlyMap<string, ResourceDef>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const def of defs.values()) {
    if (!def.group) continue;
    const versions = groups.get(def.group) ?? [];
    for (const v of def.versions) if (!versions.includes(v)) versions.push(v);
    groups.set(def.group, versions.sort(byVersionPriority));
  }
  return groups;
}

function apiGroupBody(name: string, versions: string[]): Obj {
  const list = versions.map((version) => ({ groupVersion: `${name}/${version}`, version }));
  return { name, versions: list, preferredVersion: list[0] };
}

export function groupList(defs: ReadonlyMap<string, ResourceDef>): Obj {
  const groups = [...groupVersions(defs)].map(([name, versions]) => apiGroupBody(name, versions));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

export function apiGroup(defs: ReadonlyMap<string, ResourceDef>, group: string): Obj {
  const versions = groupVersions(defs).get(group);
  if (!versions) throw pathNotFound();
  return { kind: 'APIGroup', apiVersion: 'v1', ...apiGroupBody(group, versions) };
}

export function resourceList(defs: ReadonlyMap<string, ResourceDef>, group: string, version: string): Obj {
  const resources: Obj[] = [];
  for (const def of defs.values()) {
    if (def.group !== group || !def.versions.includes(version)) continue;
    const resource: Obj = {
      name: def.plural,
      singularName: def.singular,
      namespaced: def.namespaced,
      kind: def.kind,
      verbs: RESOURCE_VERBS,
    };
    if (def.shortNames.length) resource.shortNames = def.shortNames;
    if (def.categories.length) resource.categories = def.categories;
    resources.push(resource);
    if (def.status)
      resources.push({
        name: `${def.plural}/status`,
        singularName: '',
        namespaced: def.namespaced,
        kind: def.kind,
        verbs: ['get', 'patch', 'update'],
      });
    if (!def.group && def.plural === 'serviceaccounts')
      resources.push({
        name: 'serviceaccounts/token',
        singularName: '',
        namespaced: true,
        group: 'authentication.k8s.io',
        version: 'v1',
        kind: 'TokenRequest',
        verbs: ['create'],
      });
    if (def.scale) {
      const scale = { name: `${def.plural}/scale`, singularName: '', namespaced: def.namespaced };
      resources.push({
        ...scale,
        group: 'autoscaling',
        version: 'v1',
        kind: 'Scale',
        verbs: ['get', 'patch', 'update'],
      });
    }
  }
  if (resources.length === 0) throw pathNotFound();
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gvOf(group, version), resources };
}
