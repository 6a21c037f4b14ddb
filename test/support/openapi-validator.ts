import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks responses against an official OpenAPI document (the Data API's, the Metrics API's): the part of it the tests
 * need, extracted unchanged into test/fixtures (see test/fixtures/README.md). The documents are OpenAPI 3.1, so their
 * schemas are JSON Schema 2020-12 with OpenAPI's extras; they are compiled as they stand, with three allowances:
 *
 * - `strict: false` and no meta-schema check: the documents use `example` and, in places, an object-valued
 *   `examples`, neither of which JSON Schema allows; both are annotations only.
 * - `#/components/schemas/X` refs are rewritten to point into one registered schema holding the components.
 * - `oneOf` is checked as `anyOf`: the Data API document's unions of list responses (P-, X- and C-Chain transaction
 *   pages, P-Chain and other UTXO pages) all match an empty page, so a strict oneOf would refuse every empty page.
 */
export type Json = Record<string, unknown>;

export interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  responses?: Record<string, Json>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  components: { schemas: Record<string, unknown> };
}

export interface OpenApiValidator {
  /** The official document itself, e.g. to compare a route's parameters with it. */
  document: () => OpenApiDocument;
  /**
   * The ways `body` departs from the documented response of `method pathTemplate` with `status`; empty when it
   * conforms. Throws when the document does not describe that response at all.
   */
  validate: (method: string, pathTemplate: string, status: number, body: unknown) => string[];
  /** Throws, listing the departures, unless `body` is the documented response. */
  assert: (method: string, pathTemplate: string, status: number, body: unknown) => void;
}

/** A validator for the document at `documentPath`; `apiName` ("Data API") names it in messages. */
export function openApiValidator(options: { apiName: string; documentPath: string }): OpenApiValidator {
  const { apiName, documentPath } = options;
  const componentsId = `https://${apiName.toLowerCase().replace(/\W+/g, '-')}.invalid/components.json`;
  let loaded: { document: OpenApiDocument; ajv: Ajv2020 } | undefined;
  const compiled = new Map<string, ValidateFunction | null>();

  function load(): { document: OpenApiDocument; ajv: Ajv2020 } {
    if (loaded) return loaded;
    if (!existsSync(documentPath))
      throw new Error(
        `the ${apiName} OpenAPI document is missing: expected it at ${documentPath} (see test/fixtures/README.md)`,
      );
    const document = JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ $id: componentsId, $defs: rewritten(document.components.schemas, componentsId) });
    loaded = { document, ajv };
    return loaded;
  }

  function responseValidator(method: string, pathTemplate: string, status: number): ValidateFunction | null {
    const key = `${method.toLowerCase()} ${pathTemplate} ${status}`;
    if (compiled.has(key)) return compiled.get(key)!;
    const { document, ajv } = load();
    const operation = document.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the ${apiName} document has no ${method.toUpperCase()} ${pathTemplate}`);
    const response = operation.responses?.[String(status)] ?? operation.responses?.default;
    if (!response)
      throw new Error(
        `the ${apiName} document has no ${status} response for ${method.toUpperCase()} ${pathTemplate}`,
      );
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    const schema = content?.['application/json']?.schema;
    const validate = schema === undefined ? null : ajv.compile(rewritten(schema, componentsId) as Json);
    compiled.set(key, validate);
    return validate;
  }

  function validate(method: string, pathTemplate: string, status: number, body: unknown): string[] {
    const check = responseValidator(method, pathTemplate, status);
    if (check === null) return body === undefined || body === '' ? [] : ['expected no JSON body'];
    if (check(body)) return [];
    return (check.errors ?? []).map(
      (error) =>
        `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    );
  }

  return {
    document: () => load().document,
    validate,
    assert: (method, pathTemplate, status, body) => {
      const errors = validate(method, pathTemplate, status, body);
      if (errors.length > 0)
        throw new Error(
          `${method.toUpperCase()} ${pathTemplate} ${status}: the body does not match the ${apiName} document:\n  ` +
            `${errors.slice(0, 20).join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
        );
    },
  };
}

/**
 * A copy with the components' refs pointing into the registered schema, every oneOf as anyOf, `nullable` without a
 * type as "null or the schema" (Ajv accepts the keyword only beside a type), and null allowed by the enums of nullable
 * members: the document types them `["string", "null"]` but left null out of their `enum`
 * (tokenReputation says "null if the reputation is unknown", and the SDKs parse null).
 */
function rewritten(schema: unknown, componentsId: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rewritten(item, componentsId));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown };
  // OpenAPI 3.0's `nullable` beside an allOf and no type (ActiveValidatorDetails.geolocation): null, or the schema.
  if ((schema as { nullable?: unknown }).nullable === true && type === undefined) {
    const { nullable: _nullable, ...rest } = schema as Record<string, unknown>;
    return { anyOf: [{ type: 'null' }, rewritten(rest, componentsId)] };
  }
  if (Array.isArray(type) && type.includes('null') && Array.isArray(values) && !values.includes(null))
    return rewritten({ ...schema, enum: [...(values as unknown[]), null] }, componentsId);
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
        return [key, `${componentsId}#/$defs/${value.slice('#/components/schemas/'.length)}`];
      return [key === 'oneOf' ? 'anyOf' : key, rewritten(value, componentsId)];
    }),
  );
}
