import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Tracer,
} from '@opentelemetry/api';
import type { Context, Middleware } from 'koa';
import packageJson from '../../../package.json' with { type: 'json' };

/**
 * The HTTP server span of every request a Koa app serves, continuing the caller's W3C traceparent, with the stable
 * HTTP semantic-convention attributes and the route template as its name. It replaces the http and Koa
 * instrumentations, which cost the gateways about 40% of their CPU per request (patched emitters, header capture,
 * a span per router layer); see docs/benchmarks.md. Use it as the app's first middleware, so that everything the
 * request runs (and every log line it writes) is inside the span.
 */
export function httpServerSpans(
  tracer: Tracer = trace.getTracer('chain-data-http', packageJson.version),
): Middleware {
  return async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(
      ctx.method,
      { kind: SpanKind.SERVER, attributes: requestAttributes(ctx) },
      parent,
    );
    // Koa answers an error that escapes every middleware itself, after this one: with its status, or 500.
    let thrownStatus: number | undefined;
    try {
      await context.with(trace.setSpan(parent, span), next);
    } catch (err) {
      span.recordException(err as Error);
      const status = (err as { status?: unknown }).status;
      thrownStatus = typeof status === 'number' ? status : 500;
      throw err;
    } finally {
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
      if (route) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      const status = thrownStatus ?? ctx.status;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) {
        span.setAttribute('error.type', String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    }
  };
}

function requestAttributes(ctx: Context): Attributes {
  const attributes: Attributes = {
    'http.request.method': ctx.method,
    'url.scheme': ctx.protocol,
    'url.path': ctx.path,
    'network.protocol.version': ctx.req.httpVersion,
  };
  if (ctx.querystring) attributes['url.query'] = ctx.querystring;
  const host = ctx.host;
  if (host) {
    const colon = host.lastIndexOf(':');
    const port = colon > host.lastIndexOf(']') ? Number(host.slice(colon + 1)) : NaN;
    attributes['server.address'] = Number.isInteger(port) ? host.slice(0, colon) : host;
    if (Number.isInteger(port)) attributes['server.port'] = port;
  }
  const userAgent = ctx.get('user-agent');
  if (userAgent) attributes['user_agent.original'] = userAgent;
  if (ctx.req.socket.remoteAddress) attributes['client.address'] = ctx.req.socket.remoteAddress;
  return attributes;
}
