import { fileURLToPath } from 'node:url';
import { openApiValidator } from './openapi-validator.ts';

/**
 * Checks a response against the official Metrics API OpenAPI document, extracted unchanged (every path, and the
 * schemas they reach) into test/fixtures (see test/fixtures/README.md and openapi-validator.ts).
 */
const validator = openApiValidator({
  apiName: 'Metrics API',
  documentPath: fileURLToPath(new URL('../fixtures/metrics-api.openapi.subset.json', import.meta.url)),
});

export const metricsApiDocument = validator.document;
export const validateMetricsApiResponse = validator.validate;
export const assertMetricsApiResponse = validator.assert;
