import { badRequest } from './errors.ts';
import { getPath, isObj } from './json.ts';
import type { KubeObject, Obj, Path } from './types.ts';

// ---- Label and field selectors ----

export interface Requirement {
  key: string;
  op: 'in' | 'notin' | 'exists' | 'notexists' | 'gt' | 'lt';
  values: string[];
}

/** Splits on commas outside parentheses, so `env in (a,b),tier` has two terms. */
function splitTerms(s: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      terms.push(cur);
      cur = '';
    } else cur += ch;
  }
  terms.push(cur);
  return terms.map((t) => t.trim()).filter(Boolean);
}

export function parseLabelSelector(s: string): Requirement[] {
  return splitTerms(s).map((term): Requirement => {
    let m = /^([^\s!=<>(),]+)\s+(in|notin)\s+\((.*)\)$/.exec(term);
    if (m) {
      const values = (m[3] ?? '').split(',').map((v) => v.trim());
      return { key: m[1] ?? '', op: m[2] === 'in' ? 'in' : 'notin', values };
    }
    m = /^([^\s!=<>(),]+)\s*(==|=|!=|>|<)\s*([^\s!=<>(),]*)$/.exec(term);
    if (m) {
      const op = { '==': 'in', '=': 'in', '!=': 'notin', '>': 'gt', '<': 'lt' } as const;
      return { key: m[1] ?? '', op: op[m[2] as keyof typeof op], values: [m[3] ?? ''] };
    }
    m = /^(!?)\s*([^\s!=<>(),]+)$/.exec(term);
    if (m) return { key: m[2] ?? '', op: m[1] ? 'notexists' : 'exists', values: [] };
    throw badRequest(`unable to parse requirement: found '${term}', expected: in, notin, =, ==, !=, gt, lt`);
  });
}

export function labelsMatch(reqs: Requirement[], labels: Record<string, string> | undefined): boolean {
  return reqs.every((r) => {
    const has = labels !== undefined && Object.hasOwn(labels, r.key);
    const value = labels?.[r.key];
    switch (r.op) {
      case 'in':
        return has && r.values.includes(value ?? '');
      case 'notin':
        return !has || !r.values.includes(value ?? '');
      case 'exists':
        return has;
      case 'notexists':
        return !has;
      case 'gt':
        return has && Number(value) > Number(r.values[0]);
      case 'lt':
        return has && Number(value) < Number(r.values[0]);
    }
  });
}

export interface FieldRequirement {
  path: Path;
  equal: boolean;
  value: string;
}

export function parseFieldSelector(s: string): FieldRequirement[] {
  return splitTerms(s).map((term) => {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(term);
    if (!m) throw badRequest(`invalid selector: '${s}'; can't understand '${term}'`);
    return { path: (m[1] ?? '').trim().split('.'), equal: m[2] !== '!=', value: (m[3] ?? '').trim() };
  });
}

export function fieldsMatch(reqs: FieldRequirement[], obj: KubeObject): boolean {
  return reqs.every((r) => {
    const v = getPath(obj, r.path);
    const s = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    return (s === r.value) === r.equal;
  });
}

/** A LabelSelector object (matchLabels and matchExpressions) in the string form label selector queries use. */
export function selectorString(selector: Obj): string {
  const terms = Object.entries(isObj(selector.matchLabels) ? selector.matchLabels : {}).map(
    ([k, v]) => `${k}=${String(v)}`,
  );
  for (const e of Array.isArray(selector.matchExpressions) ? selector.matchExpressions.filter(isObj) : []) {
    const values = Array.isArray(e.values) ? e.values.map(String).join(',') : '';
    const key = String(e.key);
    if (e.operator === 'In') terms.push(`${key} in (${values})`);
    else if (e.operator === 'NotIn') terms.push(`${key} notin (${values})`);
    else if (e.operator === 'Exists') terms.push(key);
    else if (e.operator === 'DoesNotExist') terms.push(`!${key}`);
  }
  return terms.join(',');
}
