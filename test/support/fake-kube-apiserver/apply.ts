import { ApiError, errDetails } from './errors.ts';
import { clone, deepEqual, getPath, isObj, now } from './json.ts';
import type {
  FieldSet,
  KubeObject,
  ManagedFieldsEntry,
  Obj,
  ObjectMeta,
  Path,
  ResourceDef,
} from './types.ts';

// ---- Server-side apply bookkeeping (fieldsV1 sets; lists are atomic leaves) ----

export const SERVER_METADATA = [
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
];

/** The part of an object that field managers can own through the given subresource. */
export function ownedView(obj: Obj, def: ResourceDef, subresource: string): Obj {
  if (subresource === 'status') return obj.status === undefined ? {} : { status: obj.status };
  const view: Obj = {};
  for (const [k, val] of Object.entries(obj)) {
    if (k === 'apiVersion' || k === 'kind' || val === undefined) continue;
    if (k === 'status' && def.status) continue;
    if (k === 'metadata' && isObj(val)) {
      const meta = Object.fromEntries(Object.entries(val).filter(([mk]) => !SERVER_METADATA.includes(mk)));
      if (Object.keys(meta).length) view.metadata = meta;
      continue;
    }
    view[k] = val;
  }
  return view;
}

export function fieldSetOf(value: Obj): FieldSet {
  const set: FieldSet = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    set[`f:${k}`] = isObj(v) && Object.keys(v).length > 0 ? fieldSetOf(v) : {};
  }
  return set;
}

export function leafPaths(set: FieldSet, prefix: Path = []): Path[] {
  const out: Path[] = [];
  for (const [k, child] of Object.entries(set)) {
    const p = [...prefix, k.slice(2)];
    if (Object.keys(child).length === 0) out.push(p);
    else out.push(...leafPaths(child, p));
  }
  return out;
}

/** Whether the set owns the path, an ancestor of it (an atomic parent), or anything beneath it. */
export function overlaps(set: FieldSet, path: Path): boolean {
  let node = set;
  for (const [i, seg] of path.entries()) {
    if (i > 0 && Object.keys(node).length === 0) return true;
    const next = node[`f:${seg}`];
    if (!next) return false;
    node = next;
  }
  return true;
}

export function removeFromSet(set: FieldSet, path: Path): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const child = set[`f:${head}`];
  if (!child) return;
  if (rest.length === 0) {
    delete set[`f:${head}`];
    return;
  }
  // A leaf ancestor means the whole subtree is owned atomically; keep it.
  if (Object.keys(child).length === 0) return;
  removeFromSet(child, rest);
  if (Object.keys(child).length === 0) delete set[`f:${head}`];
}

function addToSet(set: FieldSet, path: Path): void {
  let node = set;
  for (const [i, seg] of path.entries()) {
    const key = `f:${seg}`;
    if (i === path.length - 1) node[key] = {};
    else {
      const next = node[key] && Object.keys(node[key]).length > 0 ? node[key] : {};
      node[key] = next;
      node = next;
    }
  }
}

function valueLeaves(value: unknown, prefix: Path, out: Path[]): void {
  if (isObj(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) if (v !== undefined) valueLeaves(v, [...prefix, k], out);
  } else out.push(prefix);
}

/** Leaf paths whose value an update set or changed, and paths it removed. */
export function diffPaths(
  before: unknown,
  after: unknown,
  prefix: Path,
  changed: Path[],
  removed: Path[],
): void {
  if (isObj(before) && isObj(after)) {
    for (const [k, v] of Object.entries(after)) {
      if (v === undefined) continue;
      if (before[k] === undefined) valueLeaves(v, [...prefix, k], changed);
      else diffPaths(before[k], v, [...prefix, k], changed, removed);
    }
    for (const k of Object.keys(before))
      if (after[k] === undefined && before[k] !== undefined) removed.push([...prefix, k]);
  } else if (!deepEqual(before, after)) valueLeaves(after, prefix, changed);
}

/** Deletes the value at path, then parents it leaves empty unless someone still owns them. */
export function deleteValue(obj: Obj, path: Path, keepParent: (p: Path) => boolean): void {
  const parentPath = path.slice(0, -1);
  const parent = getPath(obj, parentPath);
  if (!isObj(parent)) return;
  delete parent[path[path.length - 1] ?? ''];
  if (parentPath.length > 1 && Object.keys(parent).length === 0 && !keepParent(parentPath)) {
    deleteValue(obj, parentPath, keepParent);
  }
}

export function mergeApplied(live: unknown, applied: unknown): unknown {
  if (!isObj(live) || !isObj(applied)) return clone(applied);
  const out: Obj = { ...live };
  for (const [k, v] of Object.entries(applied)) out[k] = mergeApplied(live[k], v);
  return out;
}

export const sameManager = (
  e: ManagedFieldsEntry,
  manager: string,
  operation: string,
  subresource: string,
): boolean => e.manager === manager && e.operation === operation && (e.subresource ?? '') === subresource;

export function managerEntry(
  manager: string,
  operation: 'Apply' | 'Update',
  apiVersion: string,
  fields: FieldSet,
  subresource: string,
): ManagedFieldsEntry {
  const entry: ManagedFieldsEntry = {
    manager,
    operation,
    apiVersion,
    time: now(),
    fieldsType: 'FieldsV1',
    fieldsV1: fields,
  };
  if (subresource) entry.subresource = subresource;
  return entry;
}

/** An Update takes the fields it changed from every other manager and adds them to its own entry. */
export function updateOwnership(
  entries: ManagedFieldsEntry[],
  manager: string,
  subresource: string,
  apiVersion: string,
  changed: Path[],
  removed: Path[],
): ManagedFieldsEntry[] {
  const out = clone(entries);
  for (const e of out) for (const p of [...changed, ...removed]) removeFromSet(e.fieldsV1, p);
  let mine = out.find((e) => sameManager(e, manager, 'Update', subresource));
  if (!mine && changed.length > 0) {
    mine = managerEntry(manager, 'Update', apiVersion, {}, subresource);
    out.push(mine);
  }
  if (mine) {
    for (const p of changed) addToSet(mine.fieldsV1, p);
    if (changed.length > 0) mine.apiVersion = apiVersion;
  }
  return out.filter((e) => Object.keys(e.fieldsV1).length > 0);
}

/** Entries whose fields did not change keep their old timestamp, so a repeated write stays a no-op. */
export function stampTimes(before: ManagedFieldsEntry[], after: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  return after.map((e) => {
    const prev = before.find((b) => sameManager(b, e.manager, e.operation, e.subresource ?? ''));
    const same = prev && prev.apiVersion === e.apiVersion && deepEqual(prev.fieldsV1, e.fieldsV1);
    return { ...e, time: same ? prev.time : now() };
  });
}

export function applyConflict(
  def: ResourceDef,
  name: string,
  conflicts: { manager: string; apiVersion: string; path: Path }[],
): ApiError {
  const lines = conflicts.map(
    (c) => `conflict with "${c.manager}" using ${c.apiVersion}: .${c.path.join('.')}`,
  );
  const message =
    conflicts.length === 1
      ? `Apply failed with 1 conflict: ${lines[0] ?? ''}`
      : `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  const causes = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with "${c.manager}" using ${c.apiVersion}`,
    field: `.${c.path.join('.')}`,
  }));
  return new ApiError(409, 'Conflict', message, { ...errDetails(def, name), causes });
}

// ---- What a write changes: no-op detection and generation ----

/** Empty metadata collections are omitted, as Go's omitempty does, so `labels: {}` is not a change. */
export function normalizeMeta(meta: ObjectMeta): void {
  for (const k of ['labels', 'annotations', 'finalizers', 'ownerReferences', 'managedFields'] as const) {
    const v = meta[k];
    if (v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0))
      delete meta[k];
  }
}

/** What a write must change to count as one: everything but resourceVersion and managedFields timestamps. */
export function comparable(obj: KubeObject): unknown {
  const out = clone(obj) as Obj;
  const meta = out.metadata as ObjectMeta;
  delete out.apiVersion;
  delete meta.resourceVersion;
  if (meta.managedFields) meta.managedFields = meta.managedFields.map((e) => ({ ...e, time: '' }));
  return out;
}

export function specView(obj: KubeObject, def: ResourceDef): unknown {
  return Object.fromEntries(
    Object.entries(obj).filter(
      ([k]) => k !== 'metadata' && k !== 'apiVersion' && k !== 'kind' && !(k === 'status' && def.status),
    ),
  );
}
