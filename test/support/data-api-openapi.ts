import { fileURLToPath } from 'node:url';
import { openApiValidator } from './openapi-validator.ts';

export type { OpenApiDocument, OpenApiOperation } from './openapi-validator.ts';

/**
 * Checks a response against the official Data API OpenAPI document: the part of it that describes the routes the
 * stack serves, extracted unchanged into test/fixtures (see test/fixtures/README.md and openapi-validator.ts).
 */
const validator = openApiValidator({
  apiName: 'Data API',
  documentPath: fileURLToPath(new URL('../fixtures/data-api.openapi.subset.json', import.meta.url)),
});

/** The official document itself, e.g. to compare a route's parameters with it. */
export const dataApiDocument = validator.document;

/**
 * The ways `body` departs from the documented response of `method pathTemplate` (e.g. `GET`,
 * `/v1/networks/{network}/rewards`) with `status`; empty when it conforms. Throws when the document does not
 * describe that response at all.
 */
export const validateDataApiResponse = validator.validate;

/** Throws, listing the departures, unless `body` is the documented response. */
export const assertDataApiResponse = validator.assert;
