import {
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context as TraceContext,
  type Exception,
  type Link,
  type Span,
  type SpanAttributes,
  type SpanAttributeValue,
  type SpanContext,
  type SpanStatus,
  type TimeInput,
  type Tracer,
} from '@opentelemetry/api';
import type { Context, Middleware } from 'koa';
import packageJson from '../../../package.json' with { type: 'json' };

export interface HttpServerSpanOptions {
  /**
   * The share (0 to 1) of requests answered from memory (see answeredFromCache) that get a span. Such a request is
   * traced anyway when its caller's trace is sampled, when it fails, or when anything used its span (a log line, a
   * call to another service). 1, the default, traces every request.
   */
  cachedAnswerRatio?: number;
}

/**
 * The HTTP server span of every request a Koa app serves, continuing the caller's W3C traceparent, with the stable
 * HTTP semantic-convention attributes and the route template as its name. It replaces the http and Koa
 * instrumentations, which cost the gateways about 40% of their CPU per request (patched emitters, header capture,
 * a span per router layer); see docs/benchmarks.md. Use it as the app's first middleware, so that everything the
 * request runs (and every log line it writes) is inside the span.
 *
 * The span is made when first used (by a log line, a child span, or at the request's end), starting at the
 * request's start: a request answered from memory whose span nobody used may then go without one, as
 * `cachedAnswerRatio` says.
 */
export function httpServerSpans(
  tracer: Tracer = trace.getTracer('chain-data-http', packageJson.version),
  options: HttpServerSpanOptions = {},
): Middleware {
  const cachedAnswerRatio = options.cachedAnswerRatio ?? 1;
  return async (ctx, next) => {
    // The stack propagates W3C trace context alone: without a traceparent there is nothing to extract, and skipping
    // the extraction spares every such request a context of its own.
    const parent =
      ctx.req.headers.traceparent === undefined
        ? context.active()
        : propagation.extract(context.active(), ctx.req.headers);
    const server = new ServerSpan(tracer, ctx, parent);
    // Koa answers an error that escapes every middleware itself, after this one: with its status, or 500.
    let thrownStatus: number | undefined;
    try {
      await context.with(trace.setSpan(parent, server), next);
    } catch (err) {
      server.recordException(err as Error);
      const status = (err as { status?: unknown }).status;
      thrownStatus = typeof status === 'number' ? status : 500;
      throw err;
    } finally {
      const status = thrownStatus ?? ctx.status;
      const untraced =
        server.answeredFromCache &&
        !server.started &&
        status < 500 &&
        !callerSampled(parent) &&
        (cachedAnswerRatio <= 0 || Math.random() >= cachedAnswerRatio);
      if (!untraced) server.finish(status, (ctx as Context & { _matchedRoute?: string })._matchedRoute);
      server.release();
    }
  };
}

/**
 * Declares that the request being served was answered from memory, without calling anything: its span is then one
 * `cachedAnswerRatio` may leave out. Outside a request (or inside a child span) it does nothing.
 */
export function answeredFromCache(): void {
  const span = trace.getSpan(context.active());
  if (span instanceof ServerSpan) span.answeredFromCache = true;
}

const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

function callerSampled(parent: TraceContext): boolean {
  const caller = trace.getSpanContext(parent);
  return caller !== undefined && (caller.traceFlags & TraceFlags.SAMPLED) !== 0;
}

/**
 * A request's server span, made by the tracer the first time anything touches it (its context for a child span or
 * a log line, an attribute, its end), with the request's start as its start time. Async resources made during the
 * request keep its context, and so this object, for a while after it: once the request is over it lets go of the
 * request and of the span (holding the Koa context longer cost the traced baseline a third more CPU in garbage
 * collection).
 */
class ServerSpan implements Span {
  answeredFromCache = false;
  private readonly tracer: Tracer;
  private ctx: Context | undefined;
  private readonly parent: TraceContext;
  private readonly startTime = performance.now();
  private span: Span | undefined;

  constructor(tracer: Tracer, ctx: Context, parent: TraceContext) {
    this.tracer = tracer;
    this.ctx = ctx;
    this.parent = parent;
  }

  get started(): boolean {
    return this.span !== undefined;
  }

  /**
   * Once the request is over: only the span's ids stay, for what reads them late (a log line); anything else done to
   * it is ignored, as an ended span ignores it. A span never made has no ids.
   */
  release(): void {
    this.span = this.span === undefined ? NO_SPAN : trace.wrapSpanContext(this.span.spanContext());
    this.ctx = undefined;
  }

  /**
   * Ends the span at the request's end. A span not made yet is made now under its final name, and only a sampled one
   * (recording) gets attributes: the sampler decides before the request's attributes are read.
   */
  finish(status: number, route: string | undefined): void {
    const method = this.ctx!.method;
    const made = this.span === undefined;
    const span = (this.span ??= this.make(route ? `${method} ${route}` : method));
    if (span.isRecording()) {
      const ending: Attributes = { 'http.response.status_code': status };
      if (route) ending['http.route'] = route;
      if (status >= 500) ending['error.type'] = String(status);
      if (made) span.setAttributes(Object.assign(requestAttributes(this.ctx!), ending));
      else {
        if (route) span.updateName(`${method} ${route}`);
        span.setAttributes(ending);
      }
    }
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(performance.now());
  }

  private get real(): Span {
    if (this.span !== undefined) return this.span;
    const span = (this.span = this.make(this.ctx!.method));
    if (span.isRecording()) span.setAttributes(requestAttributes(this.ctx!));
    return span;
  }

  /** The span, as the sampler decides: attributes are given after, to a span that records. */
  private make(name: string): Span {
    return this.tracer.startSpan(name, { kind: SpanKind.SERVER, startTime: this.startTime }, this.parent);
  }

  spanContext(): SpanContext {
    return this.real.spanContext();
  }
  setAttribute(key: string, value: SpanAttributeValue): this {
    this.real.setAttribute(key, value);
    return this;
  }
  setAttributes(attributes: SpanAttributes): this {
    this.real.setAttributes(attributes);
    return this;
  }
  addEvent(name: string, attributesOrStartTime?: SpanAttributes | TimeInput, startTime?: TimeInput): this {
    this.real.addEvent(name, attributesOrStartTime, startTime);
    return this;
  }
  addLink(link: Link): this {
    this.real.addLink(link);
    return this;
  }
  addLinks(links: Link[]): this {
    this.real.addLinks(links);
    return this;
  }
  setStatus(status: SpanStatus): this {
    this.real.setStatus(status);
    return this;
  }
  updateName(name: string): this {
    this.real.updateName(name);
    return this;
  }
  end(endTime?: TimeInput): void {
    this.real.end(endTime);
  }
  isRecording(): boolean {
    return this.real.isRecording();
  }
  recordException(exception: Exception, time?: TimeInput): void {
    this.real.recordException(exception, time);
  }
}

function requestAttributes(ctx: Context): Attributes {
  const { req } = ctx;
  const attributes: Attributes = {
    'http.request.method': req.method,
    'url.scheme': ctx.protocol,
    'url.path': ctx.path,
    'network.protocol.version': req.httpVersion,
  };
  if (ctx.querystring) attributes['url.query'] = ctx.querystring;
  const host = ctx.host;
  if (host) {
    const colon = host.lastIndexOf(':');
    const port = colon > host.lastIndexOf(']') ? Number(host.slice(colon + 1)) : NaN;
    attributes['server.address'] = Number.isInteger(port) ? host.slice(0, colon) : host;
    if (Number.isInteger(port)) attributes['server.port'] = port;
  }
  const userAgent = req.headers['user-agent'];
  if (userAgent) attributes['user_agent.original'] = userAgent;
  if (req.socket.remoteAddress) attributes['client.address'] = req.socket.remoteAddress;
  return attributes;
}
