import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks a response against the official Data API OpenAPI document: the part of it that describes the routes the
 * stack serves, extracted unchanged into test/fixtures (see test/fixtures/README.md). The document is OpenAPI 3.1, so its schemas are JSON Schema 2020-12 with
 * OpenAPI's extras; they are compiled as they stand, with three allowances:
 *
 * - `strict: false` and no meta-schema check: the document uses `example` and, in one place, an object-valued
 *   `examples`, neither of which JSON Schema allows; both are annotations only.
 * - `#/components/schemas/X` refs are rewritten to point into one registered schema holding the components.
 * - `oneOf` is checked as `anyOf`: the document's unions of list responses (P-, X- and C-Chain transaction pages,
 *   P-Chain and other UTXO pages) all match an empty page, so a strict oneOf would refuse every empty page.
 */
const DOCUMENT_PATH = fileURLToPath(new URL('../fixtures/data-api.openapi.subset.json', import.meta.url));
const COMPONENTS_ID = 'https://data-api.invalid/components.json';

type Json = Record<string, unknown>;

export interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  responses?: Record<string, Json>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  components: { schemas: Record<string, unknown> };
}

let loaded: { document: OpenApiDocument; ajv: Ajv2020 } | undefined;
const compiled = new Map<string, ValidateFunction | null>();

function load(): { document: OpenApiDocument; ajv: Ajv2020 } {
  if (loaded) return loaded;
  if (!existsSync(DOCUMENT_PATH))
    throw new Error(
      `the Data API OpenAPI document is missing: expected it at ${DOCUMENT_PATH} (see test/fixtures/README.md)`,
    );
  const document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewritten(document.components.schemas) });
  loaded = { document, ajv };
  return loaded;
}

/** The official document itself, e.g. to compare a route's parameters with it. */
export function dataApiDocument(): OpenApiDocument {
  return load().document;
}

/**
 * A copy with the components' refs pointing into the registered schema, every oneOf as anyOf, `nullable` without a
 * type as "null or the schema" (Ajv accepts the keyword only beside a type), and null allowed by the enums of nullable
 * members: the document types them `["string", "null"]` but left null out of their `enum`
 * (tokenReputation says "null if the reputation is unknown", and the SDKs parse null).
 */
function rewritten(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewritten);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown };
  // OpenAPI 3.0's `nullable` beside an allOf and no type (ActiveValidatorDetails.geolocation): null, or the schema.
  if ((schema as { nullable?: unknown }).nullable === true && type === undefined) {
    const { nullable: _nullable, ...rest } = schema as Record<string, unknown>;
    return { anyOf: [{ type: 'null' }, rewritten(rest)] };
  }
  if (Array.isArray(type) && type.includes('null') && Array.isArray(values) && !values.includes(null))
    return rewritten({ ...schema, enum: [...(values as unknown[]), null] });
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
        return [key, `${COMPONENTS_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`];
      return [key === 'oneOf' ? 'anyOf' : key, rewritten(value)];
    }),
  );
}

function responseValidator(method: string, pathTemplate: string, status: number): ValidateFunction | null {
  const key = `${method.toLowerCase()} ${pathTemplate} ${status}`;
  if (compiled.has(key)) return compiled.get(key)!;
  const { document, ajv } = load();
  const operation = document.paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the Data API document has no ${method.toUpperCase()} ${pathTemplate}`);
  const response = operation.responses?.[String(status)] ?? operation.responses?.default;
  if (!response)
    throw new Error(
      `the Data API document has no ${status} response for ${method.toUpperCase()} ${pathTemplate}`,
    );
  const content = response.content as Record<string, { schema?: unknown }> | undefined;
  const schema = content?.['application/json']?.schema;
  const validate = schema === undefined ? null : ajv.compile(rewritten(schema) as Json);
  compiled.set(key, validate);
  return validate;
}

/**
 * The ways `body` departs from the documented response of `method pathTemplate` (e.g. `GET`,
 * `/v1/networks/{network}/rewards`) with `status`; empty when it conforms. Throws when the document does not
 * describe that response at all.
 */
export function validateDataApiResponse(
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): string[] {
  const validate = responseValidator(method, pathTemplate, status);
  if (validate === null) return body === undefined || body === '' ? [] : ['expected no JSON body'];
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
  );
}

/** Throws, listing the departures, unless `body` is the documented response. */
export function assertDataApiResponse(
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): void {
  const errors = validateDataApiResponse(method, pathTemplate, status, body);
  if (errors.length > 0)
    throw new Error(
      `${method.toUpperCase()} ${pathTemplate} ${status}: the body does not match the Data API document:\n  ` +
        `${errors.slice(0, 20).join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
}
