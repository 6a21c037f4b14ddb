import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { expect } from 'chai';
import Koa from 'koa';
import { answeredFromCache, httpServerSpans } from '../../services/runtime/telemetry/http-server-span.ts';

const SERVER = 1; // SpanKind.SERVER

describe('httpServerSpans', function () {
  const exporter = new InMemorySpanExporter();
  let server: Server;
  let base: string;
  /** The same routes behind spans that leave out every request answered from cache (ratio 0). */
  let cachedServer: Server;
  let cachedBase: string;
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
    router.get('/cached', (ctx) => {
      answeredFromCache();
      ctx.body = 'kept';
    });
    router.get('/cached-and-logged', (ctx) => {
      answeredFromCache();
      // What a log line does: it reads the active span's ids.
      seenInside = trace.getActiveSpan()?.spanContext().traceId;
      ctx.body = 'kept';
    });
    router.get('/cached-then-failed', () => {
      answeredFromCache();
      throw new Error('boom');
    });
    const listen = async (app: Koa) => {
      const listening = app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => listening.once('listening', resolve));
      return { listening, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
    };
    const app = new Koa();
    app.silent = true;
    app.use(httpServerSpans(tracer));
    app.use(router.routes());
    ({ listening: server, url: base } = await listen(app));
    const cachedApp = new Koa();
    cachedApp.silent = true;
    cachedApp.use(httpServerSpans(tracer, { cachedAnswerRatio: 0 }));
    cachedApp.use(router.routes());
    ({ listening: cachedServer, url: cachedBase } = await listen(cachedApp));
  });

  after(async function () {
    for (const s of [server, cachedServer]) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
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
    // Made when the handler first used it, a millisecond in, yet starting when the request did.
    expect(span.duration[0] * 1e3 + span.duration[1] / 1e6).to.be.at.least(1);
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

  it('traces a request answered from cache when the ratio says so (by default, every one)', async function () {
    expect(await (await fetch(`${base}/cached`)).text()).to.equal('kept');
    const span = await only();
    expect(span.name).to.equal('GET /cached');
    expect(span.attributes['http.response.status_code']).to.equal(200);
  });

  it("leaves out a request answered from cache at ratio 0, unless its caller's trace is sampled", async function () {
    expect(await (await fetch(`${cachedBase}/cached`)).text()).to.equal('kept');
    // A request to another route of the same app, whose span ends after the first one would have.
    expect((await fetch(`${cachedBase}/nowhere`)).status).to.equal(404);
    expect((await only()).name).to.equal('GET');

    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await fetch(`${cachedBase}/cached`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect((await only()).spanContext().traceId).to.equal(traceId);

    exporter.reset();
    await fetch(`${cachedBase}/cached`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-00` } });
    expect((await fetch(`${cachedBase}/nowhere`)).status).to.equal(404);
    expect((await only()).name).to.equal('GET');
  });

  it('traces a request answered from cache whose span was used, or that failed', async function () {
    await fetch(`${cachedBase}/cached-and-logged`);
    const used = await only();
    expect(used.name).to.equal('GET /cached-and-logged');
    expect(used.spanContext().traceId).to.equal(seenInside);

    exporter.reset();
    expect((await fetch(`${cachedBase}/cached-then-failed`)).status).to.equal(500);
    const failed = await only();
    expect(failed.attributes['http.response.status_code']).to.equal(500);
    expect(failed.status.code).to.equal(2);
  });
});
