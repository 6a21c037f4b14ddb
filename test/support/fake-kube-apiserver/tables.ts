import type { IncomingMessage } from 'node:http';
import { isObj } from './json.ts';
import type { KubeObject, Obj, ResourceDef } from './types.ts';

// ---- Server-side printing (Table responses) ----

export function wantsTable(req: IncomingMessage): boolean {
  return /as=Table/.test(req.headers.accept ?? '');
}

/** kubectl asks for server-side printing (`as=Table`): Name, a CRD's printer columns and Age, as display cells. */
export function table(def: ResourceDef, version: string, items: KubeObject[], resourceVersion: string): Obj {
  const extra = (def.columns.get(version) ?? []).filter((c) => c.jsonPath !== '.metadata.creationTimestamp');
  const column = (name: string, type: string, description = '', format = '', priority = 0): Obj => ({
    name,
    type,
    format,
    description,
    priority,
  });
  const columnDefinitions = [
    column('Name', 'string', 'Name must be unique within a namespace.', 'name'),
    ...extra.map((c) => column(c.name, c.type, c.description, c.format, c.priority)),
    column(
      'Age',
      'date',
      'CreationTimestamp is a timestamp representing the server time when this object was created.',
    ),
  ];
  const cell = (value: unknown, type: string): unknown =>
    value === undefined ? '<none>' : type === 'date' && typeof value === 'string' ? humanAge(value) : value;
  const rows = items.map((item) => ({
    cells: [
      item.metadata.name,
      ...extra.map((c) => cell(simpleJsonPath(item, c.jsonPath), c.type)),
      cell(item.metadata.creationTimestamp, 'date'),
    ],
    object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: item.metadata },
  }));
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions,
    rows,
  };
}

/** Enough JSONPath for printer columns: `.a.b`, `.a[0]` and `.a[?(@.k=="v")].b`. */
function simpleJsonPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  const re = /\.([^.[\]]+)|\[(\d+)\]|\[\?\(@\.([^=]+)==["']([^"']*)["']\)\]/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) cur = isObj(cur) ? cur[m[1]] : undefined;
    else if (m[2] !== undefined) cur = Array.isArray(cur) ? cur[Number(m[2])] : undefined;
    else cur = Array.isArray(cur) ? cur.find((e) => isObj(e) && String(e[m[3] ?? '']) === m[4]) : undefined;
  }
  return cur;
}

/** Ages as kubectl shows them (k8s.io/apimachinery/pkg/util/duration.HumanDuration, abridged). */
function humanAge(timestamp: string): string {
  const s = Math.max(0, Math.floor((Date.now() - Date.parse(timestamp)) / 1000));
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const d = Math.floor(h / 24);
  if (s < 120) return `${s}s`;
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  if (h < 48) return `${h}h`;
  if (h < 192) return h % 24 === 0 ? `${d}d` : `${d}d${h % 24}h`;
  return `${d}d`;
}
