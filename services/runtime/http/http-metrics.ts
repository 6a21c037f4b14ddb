import type { Context, Middleware } from 'koa';
import type { Registry } from 'prom-client';
import { childrenBy, counterIn, gaugeIn, histogramIn, processMetrics } from '../telemetry/metrics.ts';

/**
 * RED metrics of a gateway's HTTP requests: how many, by route template (never the raw path, whose parameters are
 * unbounded), method, status class and the caller's tier; how long they took; how many are in flight. The tier is
 * what the edge admitted the caller at (`ctx.state.tier`); `none` for requests it did not see (documents, preflights,
 * unknown paths).
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function httpMetrics(registry: Registry = processMetrics()): Middleware {
  const requests = counterIn(registry, {
    name: 'chain_data_http_requests_total',
    help: 'HTTP requests answered, by route template, method, status class (2xx..5xx) and caller tier',
    labelNames: ['route', 'method', 'status_class', 'tier'],
  });
  const durations = histogramIn(registry, {
    name: 'chain_data_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template and method',
    labelNames: ['route', 'method'],
    buckets: DURATION_BUCKETS,
  });
  const inFlight = gaugeIn(registry, {
    name: 'chain_data_http_requests_in_flight',
    help: 'HTTP requests being answered',
    labelNames: [],
  });
  const requestsOf = childrenBy((route: string, method: string, status_class: string, tier: string) =>
    requests.labels({ route, method, status_class, tier }),
  );
  const durationsOf = childrenBy((route: string, method: string) => durations.labels({ route, method }));
  return async (ctx, next) => {
    const started = performance.now();
    inFlight.inc();
    let status: number | undefined;
    try {
      await next();
    } catch (err) {
      const thrown = (err as { status?: unknown }).status;
      status = typeof thrown === 'number' ? thrown : 500;
      throw err;
    } finally {
      inFlight.dec();
      const route = routeOf(ctx);
      const method = ctx.method;
      requestsOf(route, method, statusClass(status ?? ctx.status), tierOf(ctx)).inc();
      durationsOf(route, method).observe((performance.now() - started) / 1000);
    }
  };
}

function routeOf(ctx: Context): string {
  return (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
}

function tierOf(ctx: Context): string {
  const tier = (ctx.state as { tier?: unknown }).tier;
  return typeof tier === 'string' ? tier : 'none';
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}
