import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  startOtlpReceiver,
  SPAN_KIND,
  type OtlpReceiver,
  type OtlpTransport,
  type ReceivedSpan,
} from '../support/otlp-receiver.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';
import { startUpstreamNode, type UpstreamNode } from '../support/upstream-node.ts';

/**
 * One request through the stack leaves one trace: gateway-rpc's HTTP server span → its gRPC client span →
 * container-indexer's gRPC server span → its PostgreSQL query spans, exported by each process's real OTLP exporter
 * to a receiver run by the test, and flushed when the processes stop on SIGTERM.
 */
const GATEWAY = 'chain-data-gateway-rpc';
const INDEXER = 'chain-data-container-indexer';
const GET_CONTAINER_BY_INDEX = 'grpc.chaindata.containerindexer.v1.ContainerIndexService/GetContainerByIndex';
const CONTAINERS = 20;

function otelEnv(receiver: OtlpReceiver, protocol: OtlpTransport): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: protocol === 'grpc' ? receiver.grpcUrl : receiver.httpUrl,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
}

/** The span's ancestors within its trace, nearest first. */
function ancestors(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (let parentId = span.parentSpanId; parentId;) {
    const parent = trace.find((s) => s.spanId === parentId);
    if (!parent || chain.includes(parent)) break;
    chain.push(parent);
    parentId = parent.parentSpanId;
  }
  return chain;
}

function describeSpans(spans: ReceivedSpan[]): string {
  return spans
    .map((s) => `${s.service} ${s.traceId}/${s.spanId}<-${s.parentSpanId || '-'} kind=${s.kind} ${s.name}`)
    .join('\n');
}

describe('tracing: gateway-rpc → gRPC → container-indexer → PostgreSQL', function () {
  this.timeout(30_000);

  let receiver: OtlpReceiver;
  let node: UpstreamNode;
  let db: TestDatabase;
  const started: RunningComponent[] = [];

  const start = async (component: string, env: Record<string, string>) => {
    const running = await startComponent(component, env);
    started.push(running);
    return running;
  };

  before(async function () {
    receiver = await startOtlpReceiver();
    node = await startUpstreamNode({ indexes: { 'P/block': CONTAINERS } });
    db = await createTestDatabase();
  });

  after(async function () {
    await Promise.all(started.map((c) => c.kill()));
    await db?.drop();
    await node?.close();
    await receiver?.close();
  });

  it('links one request into one trace across both processes, exported over OTLP http/json', async function () {
    const grpcPort = await freePort();
    const httpPort = await freePort();
    const indexer = await start('container-indexer', {
      ...otelEnv(receiver, 'http/json'),
      DATABASE_URL: db.url,
      UPSTREAM_NODE_URLS: node.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${grpcPort}`,
      INDEXER_INDEXES: 'P/block',
      INDEXER_POLL_INTERVAL_MS: '100',
    });
    const gateway = await start('gateway-rpc', {
      ...otelEnv(receiver, 'http/json'),
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${grpcPort}`,
    });

    const call = async (method: string, params: object, userAgent = 'trace-test') => {
      const response = await fetch(`http://127.0.0.1:${httpPort}/ext/index/P/block`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(response.status).to.equal(200);
      return (await response.json()) as { result?: { index: string; id: string } };
    };
    await eventually(
      async () => (await call('index.getLastAccepted', {})).result?.index === String(CONTAINERS - 1),
      15_000,
      'the indexer to catch up',
    );

    // A user agent of its own picks this request's server span out of everything exported.
    const userAgent = `trace-test/${randomBytes(8).toString('hex')}`;
    const body = await call('index.getContainerByIndex', { index: 7, encoding: 'hex' }, userAgent);
    expect(body.result?.index).to.equal('7');
    expect(body.result?.id).to.equal(node.indexes.get('P/block')![7]!.id);

    // SIGTERM: the components flush their span batches as the last step of shutting down.
    expect(await gateway.stop()).to.equal(0);
    expect(await indexer.stop()).to.equal(0);

    const { spans } = receiver;
    const context = () =>
      `received:\n${describeSpans(spans)}\nrejected: ${receiver.rejected.join(', ')}\n` +
      `gateway output:\n${gateway.output()}\nindexer output:\n${indexer.output()}`;
    expect(spans.every((s) => s.transport === 'http/json')).to.equal(true, context());

    const httpServer = spans.find(
      (s) =>
        s.service === GATEWAY &&
        s.kind === SPAN_KIND.SERVER &&
        s.attributes['user_agent.original'] === userAgent,
    );
    expect(httpServer, `the gateway's HTTP server span; ${context()}`).to.exist;
    expect(httpServer!.name).to.equal('POST /ext/index/P/block');
    expect(httpServer!.attributes['http.route']).to.equal('/ext/index/P/block');
    expect(httpServer!.attributes['http.response.status_code']).to.equal(200);
    expect(httpServer!.parentSpanId, 'a request without traceparent starts a trace').to.equal('');

    const trace = spans.filter((s) => s.traceId === httpServer!.traceId);
    const traceContext = () => `trace:\n${describeSpans(trace)}\n${context()}`;
    expect(trace.every((s) => s.service === GATEWAY || s.service === INDEXER)).to.equal(true, traceContext());

    // gateway-rpc: HTTP server span → gRPC client span.
    const grpcClients = trace.filter(
      (s) => s.service === GATEWAY && s.kind === SPAN_KIND.CLIENT && s.name === GET_CONTAINER_BY_INDEX,
    );
    expect(grpcClients, `one gRPC client span; ${traceContext()}`).to.have.length(1);
    const grpcClient = grpcClients[0]!;
    expect(grpcClient.attributes['rpc.system']).to.equal('grpc');
    expect(grpcClient.attributes['rpc.grpc.status_code']).to.equal(0);
    expect(grpcClient.parentSpanId, `the client span is the HTTP span's child; ${traceContext()}`).to.equal(
      httpServer!.spanId,
    );
    expect(httpServer!.attributes['http.request.method']).to.equal('POST');
    expect(httpServer!.attributes['url.path']).to.equal('/ext/index/P/block');

    // container-indexer: the gRPC server span continues the client span (traceparent went over gRPC metadata).
    const grpcServers = trace.filter((s) => s.service === INDEXER && s.kind === SPAN_KIND.SERVER);
    expect(grpcServers, `one gRPC server span; ${traceContext()}`).to.have.length(1);
    const grpcServer = grpcServers[0]!;
    expect(grpcServer.name).to.equal(GET_CONTAINER_BY_INDEX);
    expect(grpcServer.parentSpanId).to.equal(grpcClient.spanId);
    expect(grpcServer.attributes['rpc.grpc.status_code']).to.equal(0);

    // PostgreSQL: the lookup's query runs inside the gRPC server span.
    const queries = trace.filter((s) => s.service === INDEXER && s.name.startsWith('pg.query'));
    expect(queries, `pg query spans; ${traceContext()}`).to.not.be.empty;
    for (const query of queries) {
      expect(query.kind).to.equal(SPAN_KIND.CLIENT);
      // Stable database semantic conventions (db.system.name), or the older db.system.
      expect(query.attributes['db.system.name'] ?? query.attributes['db.system']).to.equal('postgresql');
      expect(ancestors(query, trace), `query ${query.spanId} under the gRPC server span`).to.include(
        grpcServer,
      );
    }
    expect(
      queries.map((q) => String(q.attributes['db.query.text'] ?? q.attributes['db.statement'])),
    ).to.satisfy((texts: string[]) => texts.some((t) => /FROM container_indexer\.containers/.test(t)));

    // Background indexing has no parent span, so (requireParentSpan) its queries are not traced at all.
    const orphanQueries = spans.filter((s) => s.name.startsWith('pg.') && !s.parentSpanId);
    expect(orphanQueries, describeSpans(orphanQueries)).to.be.empty;

    // Log correlation: log lines written inside this trace carry its ids; gateway-rpc logs each request (debug).
    expect(
      gateway
        .output()
        .split('\n')
        .filter((l) => l.includes(httpServer!.traceId) && l.includes('"msg":"request"')),
    ).to.have.length(1);
    for (const [component, output] of [
      ['gateway-rpc', gateway.output()],
      ['container-indexer', indexer.output()],
    ] as const) {
      for (const line of output.split('\n').filter((l) => l.includes(httpServer!.traceId))) {
        const record = JSON.parse(line) as { trace_id?: string; span_id?: string };
        expect(record.trace_id, `${component}: ${line}`).to.equal(httpServer!.traceId);
        expect(
          trace.map((s) => s.spanId),
          `${component}: ${line}`,
        ).to.include(record.span_id);
      }
    }
  });

  it('exports over OTLP http/protobuf and grpc too, continuing a caller’s traceparent', async function () {
    // gateway-rpc alone: a GET on an Index API path is answered (405) without calling the indexer.
    const unusedIndexer = `127.0.0.1:${await freePort()}`;
    const protocols = ['http/protobuf', 'grpc'] as const;
    const results = await Promise.all(
      protocols.map(async (protocol) => {
        const httpPort = await freePort();
        const gateway = await start('gateway-rpc', {
          ...otelEnv(receiver, protocol),
          HTTP_HOST: '127.0.0.1',
          HTTP_PORT: String(httpPort),
          CONTAINER_INDEXER_ADDRESS: unusedIndexer,
        });
        const traceId = randomBytes(16).toString('hex');
        const parentSpanId = randomBytes(8).toString('hex');
        const response = await fetch(`http://127.0.0.1:${httpPort}/ext/index/X/tx`, {
          headers: { traceparent: `00-${traceId}-${parentSpanId}-01` },
        });
        expect(response.status).to.equal(405);
        await response.arrayBuffer();
        expect(await gateway.stop()).to.equal(0);
        return { protocol, traceId, parentSpanId, gateway };
      }),
    );

    for (const { protocol, traceId, parentSpanId, gateway } of results) {
      const trace = receiver.spans.filter((s) => s.traceId === traceId);
      const context = `${protocol}:\n${describeSpans(receiver.spans)}\nrejected: ${receiver.rejected.join(', ')}\n${gateway.output()}`;
      const server = trace.find((s) => s.kind === SPAN_KIND.SERVER);
      expect(server, context).to.exist;
      expect(server!.transport).to.equal(protocol);
      expect(server!.service).to.equal(GATEWAY);
      expect(server!.name).to.equal('GET /ext/index/X/tx');
      expect(server!.parentSpanId).to.equal(parentSpanId);
      expect(server!.attributes['http.response.status_code']).to.equal(405);
      expect(trace.every((s) => s.transport === protocol)).to.equal(true, context);
    }
    // The gRPC exporter's own export calls go through grpc-js too; they must not be traced (and exported) again.
    const exportSpans = receiver.spans.filter((s) => s.name.includes('opentelemetry.proto.collector'));
    expect(exportSpans, describeSpans(exportSpans)).to.be.empty;
  });
});
