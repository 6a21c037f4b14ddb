import { healthCheckResult } from '../../runtime/rest/health.ts';
import { defineRoute } from './route.ts';

/**
 * The Data API's health routes. The real API's health check "checks the read and write health of the database and
 * cache"; here: the gateway's own database (keys, request log) and Redis (the shared limits), and the services its
 * routes read. The live check reads only: the database.
 */
export const dataHealthCheck = defineRoute({
  method: 'GET',
  path: '/v1/health-check',
  operationId: 'data-health-check',
  summary: 'Get the health of the service',
  pathParams: {},
  query: {},
  responses: ['HealthCheckResultDto'],
  handle: (_input, { health }) => healthCheckResult(health.full),
});

export const liveCheck = defineRoute({
  method: 'GET',
  path: '/v1/live-check',
  operationId: 'live-check',
  summary: 'Get the liveliness of the service (reads only)',
  pathParams: {},
  query: {},
  responses: ['HealthCheckResultDto'],
  handle: (_input, { health }) => healthCheckResult(health.live),
});
