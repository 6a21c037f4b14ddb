import type { Obj, ObjectMeta, ResourceDef } from './types.ts';

// ---- Status errors ----

export class ApiError extends Error {
  readonly code: number;
  readonly body: Obj;
  constructor(code: number, reason: string, message: string, details?: Obj) {
    super(message);
    this.code = code;
    this.body = statusBody(code, reason, message, details);
  }
}

export function statusBody(code: number, reason: string, message: string, details?: Obj): Obj {
  const body: Obj = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason };
  if (details) body.details = details;
  body.code = code;
  return body;
}

export const badRequest = (message: string): ApiError => new ApiError(400, 'BadRequest', message);
export const unprocessable = (message: string): ApiError => new ApiError(422, 'Invalid', message);
export const qualified = (def: ResourceDef): string =>
  def.group ? `${def.plural}.${def.group}` : def.plural;
export const errDetails = (def: ResourceDef, name: string): Obj => ({
  name,
  group: def.group || undefined,
  kind: def.plural,
});
export const notFound = (def: ResourceDef, name: string): ApiError =>
  new ApiError(404, 'NotFound', `${qualified(def)} "${name}" not found`, errDetails(def, name));
export const pathNotFound = (): ApiError =>
  new ApiError(404, 'NotFound', 'the server could not find the requested resource', {});
export const conflict = (def: ResourceDef, name: string, why: string): ApiError =>
  new ApiError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualified(def)} "${name}": ${why}`,
    errDetails(def, name),
  );
export const MODIFIED_CONFLICT =
  'the object has been modified; please apply your changes to the latest version and try again';

export const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Expired',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

export const unsupportedMediaType = (): ApiError =>
  new ApiError(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  );

// ---- Field errors, formatted as k8s.io/apimachinery/pkg/util/validation/field does ----

export type FieldErrorType =
  'Invalid' | 'Required' | 'NotSupported' | 'TooLong' | 'TooMany' | 'Duplicate' | 'Forbidden';

export interface FieldError {
  type: FieldErrorType;
  field: string;
  value?: unknown;
  detail?: string;
}

const showValue = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

function fieldErrorBody(e: FieldError): string {
  const detail = e.detail ? `: ${e.detail}` : '';
  switch (e.type) {
    case 'Invalid':
      return `Invalid value: ${showValue(e.value)}${detail}`;
    case 'Required':
      return `Required value${detail}`;
    case 'NotSupported':
      return `Unsupported value: ${showValue(e.value)}${detail}`;
    case 'TooLong':
      return `Too long${detail}`;
    case 'TooMany':
      return `Too many: ${showValue(e.value)}${detail}`;
    case 'Duplicate':
      return `Duplicate value: ${showValue(e.value)}`;
    case 'Forbidden':
      return `Forbidden${detail}`;
  }
}

export function invalid(def: ResourceDef, name: string, errors: FieldError[]): ApiError {
  const texts = errors.map((e) => `${e.field}: ${fieldErrorBody(e)}`);
  const aggregate = texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(', ')}]`;
  const kind = def.group ? `${def.kind}.${def.group}` : def.kind;
  const causes = errors.map((e) => ({
    reason: `FieldValue${e.type}`,
    message: fieldErrorBody(e),
    field: e.field,
  }));
  return new ApiError(422, 'Invalid', `${kind} "${name}" is invalid: ${aggregate}`, {
    name: name || undefined,
    group: def.group || undefined,
    kind: def.kind,
    causes,
  });
}

// ---- Metadata validation (k8s.io/apimachinery/pkg/util/validation) ----

const DNS_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS_SUBDOMAIN = `${DNS_LABEL}(\\.${DNS_LABEL})*`;
const LABEL_VALUE = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';
const QUALIFIED_NAME = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const fullMatch = (pattern: string, value: string): boolean => new RegExp(`^${pattern}$`).test(value);

const DNS_SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS_LABEL_MESSAGE =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const LABEL_VALUE_MESSAGE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const QUALIFIED_NAME_MESSAGE =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/**
 * Object names (Services and Namespaces are DNS labels of at most 63 characters, RBAC names are path segments,
 * the rest DNS subdomains) and label keys and values, so an operator's over-long generated names fail here too.
 */
export function validateMetadata(def: ResourceDef, meta: ObjectMeta): FieldError[] {
  const errors: FieldError[] = [];
  const name = meta.name ?? '';
  const invalidName = (detail: string): void => {
    errors.push({ type: 'Invalid', field: 'metadata.name', value: name, detail });
  };
  if (def.group === 'rbac.authorization.k8s.io') {
    if (/[/%]/.test(name) || name === '.' || name === '..') invalidName("may not contain '/' or '%'");
  } else if (!def.group && (def.plural === 'services' || def.plural === 'namespaces')) {
    if (name.length > 63) invalidName('must be no more than 63 characters');
    if (!fullMatch(DNS_LABEL, name)) invalidName(DNS_LABEL_MESSAGE);
  } else {
    if (name.length > 253) invalidName('must be no more than 253 characters');
    if (!fullMatch(DNS_SUBDOMAIN, name)) invalidName(DNS_SUBDOMAIN_MESSAGE);
  }
  for (const [key, value] of Object.entries(meta.labels ?? {})) {
    const slash = key.lastIndexOf('/');
    const prefix = slash < 0 ? '' : key.slice(0, slash);
    const local = key.slice(slash + 1);
    if (
      (slash >= 0 && !fullMatch(DNS_SUBDOMAIN, prefix)) ||
      !fullMatch(QUALIFIED_NAME, local) ||
      local.length > 63
    ) {
      errors.push({ type: 'Invalid', field: 'metadata.labels', value: key, detail: QUALIFIED_NAME_MESSAGE });
    }
    if (typeof value !== 'string' || value.length > 63 || !fullMatch(LABEL_VALUE, value)) {
      const detail =
        typeof value === 'string' && value.length > 63
          ? 'must be no more than 63 characters'
          : LABEL_VALUE_MESSAGE;
      errors.push({ type: 'Invalid', field: 'metadata.labels', value, detail });
    }
  }
  return errors;
}
