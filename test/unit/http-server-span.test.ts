import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { expect } from 'chai';
import Koa from 'koa';
import { httpServerSpans } from '../../services/runtime/telemetry/http-server-span.ts';

const SERVER = 1; // SpanKind.SERVER

describe('httpServerSpans', function () {
  const exporter = new InMemorySpanExporter();
  let server: Server;
  let base: string;
  /** The trace id of the span active inside the handler, as the handler saw it. */
  let seenInside: string | undefined;

  /** Globals this test registered (the stack's own set-up, loaded in process by other tests, may have first). */
  let registered: { context: boolean; propagation: boolean };

  before(async function () {
    registered = {
      context: context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()),
      propagation: propagation.setGlobalPropagator(new W3CTraceContextPropagator()),
    };
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const tracer = provider.getTracer('test');
    const router = new Router();
    router.get('/v1/items/:id', async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seenInside = trace.getActiveSpan()?.spanContext().traceId;
      ctx.body = { id: ctx.params.id };
    });
    router.post('/fail', () => {
      throw new Error('boom');
    });
    const app = new Koa();
    app.silent = true;
    app.use(httpServerSpans(tracer));
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async function () {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (registered.propagation) propagation.disable();
    if (registered.context) context.disable();
  });

  beforeEach(() => exporter.reset());

  const only = async () => {
    // The span ends as the middleware returns, which may be just after the reply reached the client.
    for (let i = 0; i < 100 && exporter.getFinishedSpans().length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const spans = exporter.getFinishedSpans();
    expect(spans).to.have.length(1);
    return spans[0]!;
  };

  it("names the span by the route template, continues the caller's trace and is active in the handler", async function () {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${base}/v1/items/42?x=1`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01`, 'user-agent': 'span-test/1' },
    });
    expect(response.status).to.equal(200);
    const span = await only();
    expect(span.name).to.equal('GET /v1/items/:id');
    expect(span.kind).to.equal(SERVER);
    expect(span.spanContext().traceId).to.equal(traceId);
    expect(span.parentSpanContext?.spanId).to.equal('b7ad6b7169203331');
    expect(seenInside).to.equal(traceId);
    expect(span.attributes).to.deep.include({
      'http.request.method': 'GET',
      'http.route': '/v1/items/:id',
      'http.response.status_code': 200,
      'url.path': '/v1/items/42',
      'url.query': 'x=1',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'user_agent.original': 'span-test/1',
    });
    expect(span.status.code).to.equal(0);
  });

  it('starts a trace without a traceparent, and names an unrouted request by its method', async function () {
    expect((await fetch(`${base}/nowhere`)).status).to.equal(404);
    const span = await only();
    expect(span.name).to.equal('GET');
    expect(span.parentSpanContext).to.equal(undefined);
    expect(span.attributes['http.response.status_code']).to.equal(404);
    expect(span.attributes['http.route']).to.equal(undefined);
  });

  it('marks a request that failed with a thrown error as a 500 error span', async function () {
    expect((await fetch(`${base}/fail`, { method: 'POST' })).status).to.equal(500);
    const span = await only();
    expect(span.name).to.equal('POST /fail');
    expect(span.attributes['http.response.status_code']).to.equal(500);
    expect(span.attributes['error.type']).to.equal('500');
    expect(span.status.code).to.equal(2);
    expect(span.events.map((e) => e.name)).to.deep.equal(['exception']);
  });
});
