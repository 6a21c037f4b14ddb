import { parse as parseCel, serialize, type ASTNode, type ParseResult } from '@marcbachmann/cel-js';
import { invalid, type FieldError, type FieldErrorType } from './errors.ts';
import { clone, deepEqual, getPath, isObj } from './json.ts';
import type { KubeObject, Obj, ResourceDef, Schema } from './types.ts';

// ---- Structural schemas: pruning, defaulting, validation and CEL rules ----

const ROOT_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

const childSchema = (schema: Schema, key: string): Schema | undefined =>
  schema.properties?.[key] ?? (isObj(schema.additionalProperties) ? schema.additionalProperties : undefined);

/**
 * A custom resource as the API server stores it: pruned and defaulted by its CRD's schema (the storage version's).
 * For tests that need a defaulted object without a server, such as the operator's golden builder tests.
 */
export function defaultedCustomResource<T extends KubeObject>(crd: KubeObject, object: T): T {
  const versions =
    (crd.spec as { versions?: { name: string; storage?: boolean; schema?: { openAPIV3Schema?: Schema } }[] })
      .versions ?? [];
  const version = versions.find((v) => v.storage) ?? versions[0];
  const schema = version?.schema?.openAPIV3Schema;
  if (!schema) throw new Error('defaultedCustomResource: the CRD has no schema');
  const copy = clone(object);
  pruneAndDefault(copy, schema, true);
  return copy;
}

/**
 * Prunes unknown fields and nulls of non-nullable fields, then applies defaults top-down, so an object defaulted to
 * `{}` receives its own properties' defaults, as the API server's structural defaulting does.
 */
function pruneAndDefault(value: unknown, schema: Schema, root = false): void {
  if (Array.isArray(value)) {
    if (schema.items) for (const item of value) pruneAndDefault(item, schema.items);
    return;
  }
  if (!isObj(value)) return;
  const keepUnknown =
    schema['x-kubernetes-preserve-unknown-fields'] === true ||
    schema.additionalProperties === true ||
    schema['x-kubernetes-embedded-resource'] === true;
  for (const key of Object.keys(value)) {
    if (root && ROOT_FIELDS.has(key)) continue;
    const child = childSchema(schema, key);
    if (!child) {
      if (!keepUnknown) delete value[key];
    } else if (value[key] === null && !child.nullable) delete value[key];
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (root && ROOT_FIELDS.has(key)) continue;
    if (value[key] === undefined && child.default !== undefined) value[key] = clone(child.default);
  }
  for (const key of Object.keys(value)) {
    if (root && ROOT_FIELDS.has(key)) continue;
    const child = childSchema(schema, key);
    if (child) pruneAndDefault(value[key], child);
  }
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(v: unknown, schema: Schema): boolean {
  if (schema['x-kubernetes-int-or-string']) return Number.isInteger(v) || typeof v === 'string';
  switch (schema.type) {
    case 'object':
      return isObj(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    default:
      return true;
  }
}

const celPrograms = new Map<string, ParseResult>();
function celProgram(expression: string): ParseResult {
  let program = celPrograms.get(expression);
  if (!program) {
    program = parseCel(expression);
    celPrograms.set(expression, program);
  }
  return program;
}

/**
 * Evaluates a rule. When both operands of `||` or `&&` fail, cel-go (the API server's CEL) reports the left one's
 * error and cel-js the right one's; the left one's is rethrown, so a message names the key the server names.
 */
function evaluateCel(expression: string, context: Obj): unknown {
  const program = celProgram(expression);
  try {
    return program(context);
  } catch (e) {
    throw leftOperandError(program.ast, context) ?? e;
  }
}

function leftOperandError(ast: ASTNode, context: Obj): unknown {
  if (ast.op !== '||' && ast.op !== '&&') return undefined;
  const left = (ast.args as ASTNode[])[0];
  if (!left) return undefined;
  try {
    celProgram(serialize(left))(context);
    return undefined;
  } catch (e) {
    return leftOperandError(left, context) ?? e;
  }
}

/** CEL integers are int64: values of integer schemas become bigint, or `self.a >= 1` fails to type-check. */
function toCel(value: unknown, schema: Schema | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => toCel(v, schema?.items));
  if (isObj(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, toCel(v, schema && childSchema(schema, k))]),
    );
  const integral = schema?.type === 'integer' || schema?.['x-kubernetes-int-or-string'] === true;
  if (typeof value === 'number' && integral && Number.isInteger(value)) return BigInt(value);
  return value;
}

const RULE_REASONS: Record<string, FieldErrorType> = {
  FieldValueRequired: 'Required',
  FieldValueForbidden: 'Forbidden',
  FieldValueDuplicate: 'Duplicate',
};

interface Validation {
  errors: FieldError[];
  /** Whether x-kubernetes-validations run (the API server checks a default's rules only once its schema holds). */
  rules: boolean;
  /** Whether the value is a whole resource, whose apiVersion, kind and metadata the schema does not describe. */
  resource: boolean;
}

/**
 * Validates a present value against its schema and evaluates its x-kubernetes-validations. `old` is the value at the
 * same place in the stored object (update only); rules mentioning oldSelf run only when it exists.
 */
function validateValue(
  value: unknown,
  schema: Schema,
  path: string,
  old: { value: unknown } | undefined,
  v: Validation,
): void {
  const before = v.errors.length;
  const err = (type: FieldErrorType, detail?: string, val: unknown = value, field = path): void => {
    v.errors.push({ type, field, value: val, detail });
  };
  if (!typeMatches(value, schema)) {
    const want = schema['x-kubernetes-int-or-string'] ? 'integer,string' : (schema.type ?? '');
    err(
      'Invalid',
      `${path} in body must be of type ${want}: ${JSON.stringify(jsonType(value))}`,
      jsonType(value),
    );
    return;
  }
  if (schema.enum && !schema.enum.some((e) => deepEqual(e, value))) {
    err('NotSupported', `supported values: ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      err('Invalid', `${path} in body should be at least ${schema.minLength} chars long`);
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      err('TooLong', `may not be more than ${schema.maxLength} bytes`, '<value omitted>');
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) {
      err('Invalid', `${path} in body should match '${schema.pattern}'`);
    }
  }
  if (typeof value === 'number') {
    const { minimum, maximum } = schema;
    if (minimum !== undefined && (schema.exclusiveMinimum ? value <= minimum : value < minimum)) {
      err(
        'Invalid',
        `${path} in body should be greater than ${schema.exclusiveMinimum ? '' : 'or equal to '}${minimum}`,
      );
    }
    if (maximum !== undefined && (schema.exclusiveMaximum ? value >= maximum : value > maximum)) {
      err(
        'Invalid',
        `${path} in body should be less than ${schema.exclusiveMaximum ? '' : 'or equal to '}${maximum}`,
      );
    }
  }
  if (Array.isArray(value)) validateArray(value, schema, path, old, v, err);
  if (isObj(value)) validateObject(value, schema, path, old, v, err);
  if (v.rules && v.errors.length === before) evaluateRules(value, schema, path, old, v);
}

function validateArray(
  value: unknown[],
  schema: Schema,
  path: string,
  old: { value: unknown } | undefined,
  v: Validation,
  err: (type: FieldErrorType, detail?: string, val?: unknown, field?: string) => void,
): void {
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    err('Invalid', `${path} in body should have at least ${schema.minItems} items`, value.length);
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    err('TooMany', `must have at most ${schema.maxItems} items`, value.length);
  }
  const listType = schema['x-kubernetes-list-type'];
  const mapKeys = schema['x-kubernetes-list-map-keys'] ?? [];
  const identity = (item: unknown): unknown =>
    listType === 'map' ? mapKeys.map((k) => getPath(item, [k])) : item;
  const oldItems: unknown[] = old && Array.isArray(old.value) ? old.value : [];
  value.forEach((item, i) => {
    if (
      (listType === 'map' || listType === 'set') &&
      value.slice(0, i).some((o) => deepEqual(identity(o), identity(item)))
    ) {
      err(
        'Duplicate',
        undefined,
        listType === 'map' ? Object.fromEntries(mapKeys.map((k) => [k, getPath(item, [k])])) : item,
        `${path}[${i}]`,
      );
    }
    // Only map-list items have a stable identity to correlate with the old list, as in the API server.
    const match =
      listType === 'map' ? oldItems.find((o) => deepEqual(identity(o), identity(item))) : undefined;
    if (schema.items)
      validateValue(
        item,
        schema.items,
        `${path}[${i}]`,
        match === undefined ? undefined : { value: match },
        v,
      );
  });
}

function validateObject(
  value: Obj,
  schema: Schema,
  path: string,
  old: { value: unknown } | undefined,
  v: Validation,
  err: (type: FieldErrorType, detail?: string, val?: unknown, field?: string) => void,
): void {
  const join = (key: string): string => (path ? `${path}.${key}` : key);
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) err('Required', undefined, undefined, join(key));
  }
  const count = Object.keys(value).length;
  if (schema.minProperties !== undefined && count < schema.minProperties) {
    err('Invalid', `${path} in body should have at least ${schema.minProperties} properties`, count);
  }
  if (schema.maxProperties !== undefined && count > schema.maxProperties) {
    err('TooMany', `must have at most ${schema.maxProperties} items`, count);
  }
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined || (v.resource && path === '' && ROOT_FIELDS.has(key))) continue;
    const own = schema.properties?.[key];
    const sub = own ?? (isObj(schema.additionalProperties) ? schema.additionalProperties : undefined);
    if (!sub) continue;
    const oldChild =
      old && isObj(old.value) && old.value[key] !== undefined ? { value: old.value[key] } : undefined;
    validateValue(child, sub, own ? join(key) : `${path}[${key}]`, oldChild, v);
  }
}

function evaluateRules(
  value: unknown,
  schema: Schema,
  path: string,
  old: { value: unknown } | undefined,
  v: Validation,
): void {
  for (const rule of schema['x-kubernetes-validations'] ?? []) {
    const transition = /\boldSelf\b/.test(rule.rule);
    if (transition && !old) continue;
    const context: Obj = { self: toCel(value, schema) };
    if (old) context.oldSelf = toCel(old.value, schema);
    const field = rule.fieldPath ? `${path}${rule.fieldPath}` : path;
    const shownType = schema['x-kubernetes-int-or-string'] ? 'integer-or-string' : (schema.type ?? 'object');
    let passed: unknown;
    try {
      passed = evaluateCel(rule.rule, context);
    } catch (e) {
      v.errors.push({ type: 'Invalid', field, value: shownType, detail: evaluationFailure(e, rule) });
      continue;
    }
    if (passed === true) continue;
    let message = rule.message ?? `failed rule: ${rule.rule}`;
    if (rule.messageExpression) {
      try {
        message = String(evaluateCel(rule.messageExpression, context));
      } catch {
        // The real server also falls back to the static message when messageExpression fails.
      }
    }
    const type = (rule.reason && RULE_REASONS[rule.reason]) || 'Invalid';
    v.errors.push({ type, field, value: shownType, detail: message });
  }
}

/**
 * A rule that fails to evaluate (a missing key, say) is reported as cel-go words it, naming the rule by its message
 * when it has one: `no such key: enabled evaluating rule: <message or rule>`.
 */
function evaluationFailure(e: unknown, rule: { rule: string; message?: string }): string {
  const first = ((e as Error).message ?? String(e)).split('\n')[0] ?? '';
  const cause = first.charAt(0).toLowerCase() + first.slice(1);
  return `${cause} evaluating rule: ${rule.message?.trim() || rule.rule.trim()}`;
}

/** Prunes, defaults and validates a custom resource by the schema of the version it is written at. */
export function validateCustom(
  def: ResourceDef,
  version: string,
  obj: KubeObject,
  current: KubeObject | undefined,
): void {
  const schema = def.schemas.get(version);
  if (!schema) return;
  pruneAndDefault(obj, schema, true);
  const v: Validation = { errors: [], rules: true, resource: true };
  validateValue(obj, schema, '', current ? { value: current } : undefined, v);
  if (v.errors.length > 0) throw invalid(def, obj.metadata.name ?? '', v.errors);
}

// ---- CustomResourceDefinitions: their schemas' defaults ----

/**
 * A CRD's defaults must satisfy their own schema node, x-kubernetes-validations included, as written: the API server
 * validates the literal (`default: {}` stays `{}`, nested defaults do not apply), with oldSelf bound to it too, and
 * refuses the CRD otherwise. Defaults under properties and items are checked; those under additionalProperties and
 * inside metadata are not, as in the API server.
 */
export function crdDefaultErrors(crd: KubeObject): FieldError[] {
  const spec = isObj(crd.spec) ? crd.spec : {};
  const versions = (Array.isArray(spec.versions) ? spec.versions : []).filter(isObj);
  const schemas = versions.map((v) =>
    isObj(v.schema) && isObj(v.schema.openAPIV3Schema) ? (v.schema.openAPIV3Schema as Schema) : undefined,
  );
  const errors: FieldError[] = [];
  // Identical schemas are validated once, where the internal (pre-v1) CRD type keeps a shared schema.
  const shared = schemas[0] !== undefined && schemas.every((s) => deepEqual(s, schemas[0]));
  if (shared) walkDefaults(schemas[0] as Schema, 'spec.validation.openAPIV3Schema', true, errors);
  else
    schemas.forEach((schema, i) => {
      if (schema) walkDefaults(schema, `spec.versions[${i}].schema.openAPIV3Schema`, true, errors);
    });
  return errors;
}

function walkDefaults(schema: Schema, path: string, root: boolean, errors: FieldError[]): void {
  if (schema.default !== undefined) errors.push(...defaultErrors(schema, `${path}.default`));
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (root && key === 'metadata') continue;
    walkDefaults(child, `${path}.properties[${key}]`, false, errors);
  }
  if (schema.items) walkDefaults(schema.items, `${path}.items`, false, errors);
}

/** The default's schema errors, or else its rules' errors, with field paths below `at`. */
function defaultErrors(schema: Schema, at: string): FieldError[] {
  const value = clone(schema.default);
  const old = { value: clone(schema.default) };
  const v: Validation = { errors: [], rules: false, resource: false };
  validateValue(value, schema, '', old, v);
  if (v.errors.length === 0) {
    v.rules = true;
    validateValue(value, schema, '', old, v);
  }
  const under = (field: string): string =>
    !field ? at : /^[.[]/.test(field) ? `${at}${field}` : `${at}.${field}`;
  return v.errors.map((e) => ({ ...e, field: under(e.field) }));
}
