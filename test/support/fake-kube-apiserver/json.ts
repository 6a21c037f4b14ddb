import { ApiError, badRequest, unprocessable } from './errors.ts';
import type { Obj, Path } from './types.ts';

// ---- JSON helpers ----

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const clone = <T>(v: T): T => structuredClone(v);
/** RFC 3339 with second precision, as the API server writes metav1.Time. */
export const now = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

export function getPath(value: unknown, path: Path): unknown {
  let cur = value;
  for (const seg of path) {
    if (!isObj(cur)) return undefined;
    cur = cur[seg];
  }
  return cur;
}

/** RFC 7386; `$`-directives of strategic merge patches are dropped because lists are merged atomically here. */
export function mergePatch(target: unknown, patch: unknown, dropDirectives = false): unknown {
  if (!isObj(patch)) return clone(patch);
  const out: Obj = isObj(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (dropDirectives && k.startsWith('$')) continue;
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v, dropDirectives);
  }
  return out;
}

function pointer(path: unknown): string[] {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
    throw badRequest(`invalid JSON pointer ${String(path)}`);
  return path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function pointerParent(root: unknown, tokens: string[]): { parent: Obj | unknown[]; key: string } {
  const parentPath = tokens.slice(0, -1);
  let cur = root;
  for (const t of parentPath) cur = Array.isArray(cur) ? cur[Number(t)] : isObj(cur) ? cur[t] : undefined;
  if (!isObj(cur) && !Array.isArray(cur)) throw unprocessable(`doc is missing path: /${tokens.join('/')}`);
  return { parent: cur, key: tokens[tokens.length - 1] ?? '' };
}

function pointerGet(root: unknown, tokens: string[]): unknown {
  let cur = root;
  for (const t of tokens) cur = Array.isArray(cur) ? cur[Number(t)] : isObj(cur) ? cur[t] : undefined;
  return cur;
}

/** RFC 6902: add, remove, replace, move, copy, test. */
function jsonPatch(doc: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops))
    throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  const root = clone(doc);
  const add = (tokens: string[], value: unknown): void => {
    const { parent, key } = pointerParent(root, tokens);
    if (Array.isArray(parent)) {
      const i = key === '-' ? parent.length : Number(key);
      if (!Number.isInteger(i) || i < 0 || i > parent.length)
        throw unprocessable(`add operation index out of bounds: ${key}`);
      parent.splice(i, 0, value);
    } else parent[key] = value;
  };
  const remove = (tokens: string[]): unknown => {
    const { parent, key } = pointerParent(root, tokens);
    if (Array.isArray(parent)) {
      const i = Number(key);
      if (!(i >= 0 && i < parent.length)) throw unprocessable(`remove operation index out of bounds: ${key}`);
      return parent.splice(i, 1)[0];
    }
    if (!(key in parent)) throw unprocessable(`unable to remove nonexistent key: ${key}: missing value`);
    const old = parent[key];
    delete parent[key];
    return old;
  };
  for (const op of ops) {
    if (!isObj(op)) throw badRequest('invalid JSON patch operation');
    const tokens = pointer(op.path);
    switch (op.op) {
      case 'add':
        add(tokens, clone(op.value));
        break;
      case 'remove':
        remove(tokens);
        break;
      case 'replace':
        remove(tokens);
        add(tokens, clone(op.value));
        break;
      case 'move':
        add(tokens, remove(pointer(op.from)));
        break;
      case 'copy':
        add(tokens, clone(pointerGet(root, pointer(op.from))));
        break;
      case 'test':
        if (!deepEqual(pointerGet(root, tokens), op.value))
          throw unprocessable(`testing value ${String(op.path)} failed: test failed`);
        break;
      default:
        throw badRequest(`Unexpected kind: ${String(op.op)}`);
    }
  }
  return root;
}

export function patchDocument(type: string, doc: unknown, patch: unknown): unknown {
  if (type === 'application/merge-patch+json') return mergePatch(doc, patch);
  if (type === 'application/strategic-merge-patch+json') return mergePatch(doc, patch, true);
  if (type === 'application/json-patch+json') return jsonPatch(doc, patch);
  throw new ApiError(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
  );
}

/** Built-in kinds decode into Go structs, where a JSON null is the same as an absent field. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!isObj(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, dropNulls(v)]),
  );
}

export const withoutUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
