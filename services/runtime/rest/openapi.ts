import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { RestRoute, RestServices } from './route.ts';

/**
 * A REST gateway's own OpenAPI 3.1 document, generated from the zod schemas its routes validate with, so what it
 * documents is what it enforces. Success bodies are named by the official API document's component names (the
 * services' messages mirror them field for field); error bodies are the one REST error body of the stack.
 */
export const restErrorBody = z.object({
  message: z.string().meta({ description: 'What went wrong; for a bad parameter it starts with its name.' }),
  statusCode: z.number().meta({ description: 'The HTTP status code of the response.' }),
  error: z.string().meta({ description: 'The HTTP status name.' }),
});

/** The statuses a route can answer besides success, under the official document's component names. */
const ERROR_COMPONENTS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  501: 'NotImplemented',
  503: 'ServiceUnavailable',
};

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  /** The official API's name, as the response components' descriptions cite it ("Data API"). */
  apiName: string;
  /** Optional API keys, by header: each a security scheme, and a request may carry any one or none. */
  apiKeys?: readonly { scheme: string; header: string; description: string }[];
}

export function buildOpenApiDocument<S extends RestServices>(
  routes: readonly RestRoute<S>[],
  info: OpenApiInfo,
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  const apiKeys = info.apiKeys ?? [];
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    paths,
    components: {
      schemas: { ...errorComponents(), ...responseComponents(routes, info.apiName) },
      ...(apiKeys.length === 0
        ? {}
        : {
            securitySchemes: Object.fromEntries(
              apiKeys.map((key) => [
                key.scheme,
                { type: 'apiKey', in: 'header', name: key.header, description: key.description },
              ]),
            ),
          }),
    },
    ...(apiKeys.length === 0 ? {} : { security: [...apiKeys.map((key) => ({ [key.scheme]: [] })), {}] }),
  };
}

function operationOf<S extends RestServices>(route: RestRoute<S>): JsonSchema {
  const parameters = [
    ...Object.entries(route.pathParams).map(([name, schema]) => parameterOf(name, 'path', schema)),
    ...Object.entries(route.query).map(([name, schema]) => parameterOf(name, 'query', schema)),
  ];
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.rules.length === 0 ? {} : { description: rulesDescription(route.rules) }),
    // Not an operation of the official document: said so, for clients and for checks against that document.
    ...(route.extra ? { description: route.extra.description, 'x-chain-data-extra': true } : {}),
    parameters,
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(z.object(route.body)) } },
          },
        }
      : {}),
    responses: {
      [route.successStatus ?? 200]: {
        description: 'Successful response',
        ...(route.responses.length === 0
          ? {}
          : { content: { 'application/json': { schema: componentUnion(route.responses) } } }),
      },
      ...Object.fromEntries(
        Object.entries(ERROR_COMPONENTS).map(([status, component]) => [
          status,
          {
            description: STATUS_CODES[Number(status)],
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } },
          },
        ]),
      ),
    },
  };
}

/**
 * JSON Schema cannot state a rule across parameters (each is its own schema), so the operation's description
 * does; a request that breaks one is a 400 naming the parameter at fault.
 */
function rulesDescription(rules: readonly string[]): string {
  return ["Besides each parameter's own constraints:", ...rules.map((rule) => `- ${rule}`)].join('\n');
}

function parameterOf(name: string, location: 'path' | 'query', schema: z.core.$ZodType): JsonSchema {
  const { description, ...json } = jsonSchemaOf(schema);
  return {
    name,
    in: location,
    required: location === 'path' || !z.safeParse(schema, undefined).success,
    ...(description === undefined ? {} : { description }),
    schema: json,
    ...(json.type === 'array' ? { style: 'form', explode: true } : {}),
  };
}

export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return json;
}

function componentUnion(names: readonly string[]): JsonSchema {
  const refs = names.map((name) => ({ $ref: `#/components/schemas/${name}` }));
  return refs.length === 1 ? refs[0]! : { oneOf: refs };
}

function errorComponents(): Record<string, JsonSchema> {
  const schema = jsonSchemaOf(restErrorBody);
  return Object.fromEntries(
    Object.entries(ERROR_COMPONENTS).map(([status, component]) => [
      component,
      {
        ...schema,
        examples: [{ message: '…', statusCode: Number(status), error: STATUS_CODES[Number(status)] }],
      },
    ]),
  );
}

function responseComponents<S extends RestServices>(
  routes: readonly RestRoute<S>[],
  apiName: string,
): Record<string, JsonSchema> {
  const names = [...new Set(routes.flatMap((route) => route.responses))];
  const extras = new Map(
    routes.flatMap((route) =>
      route.extra ? route.responses.map((name) => [name, route.extra!] as const) : [],
    ),
  );
  return Object.fromEntries(
    names.map((name) => {
      const extra = extras.get(name);
      return [
        name,
        extra
          ? {
              ...jsonSchemaOf(extra.response),
              description: `Not in the official ${apiName} document: ${extra.description}`,
            }
          : {
              type: 'object',
              description: `The official ${apiName} document's ${name} (components.schemas.${name}), field for field.`,
            },
      ];
    }),
  );
}
