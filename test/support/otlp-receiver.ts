import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import * as grpc from '@grpc/grpc-js';

/**
 * A minimal OTLP trace receiver for tests, standing in for an OpenTelemetry Collector: POST /v1/traces over HTTP
 * with OTLP/JSON or OTLP/protobuf bodies, and the gRPC TraceService/Export method. It keeps every span with the
 * `service.name` of its resource and the transport it came by. Written independently of the code under test.
 */
export type OtlpTransport = 'http/json' | 'http/protobuf' | 'grpc';

export interface ReceivedSpan {
  transport: OtlpTransport;
  service: string;
  /** Lower-case hex. */
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: see SPAN_KIND. */
  kind: number;
  attributes: Record<string, unknown>;
  /** The span's events (Span.addEvent), in the order sent. */
  events: { name: string; attributes: Record<string, unknown> }[];
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT with the http/json and http/protobuf protocols. */
  httpUrl: string;
  /** For OTEL_EXPORTER_OTLP_ENDPOINT with the grpc protocol (plaintext). */
  grpcUrl: string;
  spans: ReceivedSpan[];
  /** Requests that were not trace exports (metrics, logs, unknown bodies), for failure reports. */
  rejected: string[];
  close(): Promise<void>;
}

export const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const;

interface Resource {
  service: string;
  spans: Omit<ReceivedSpan, 'transport' | 'service'>[];
}

// ---- OTLP/JSON (opentelemetry-proto's JSON mapping: ids as hex strings, enums as numbers) ----

interface JsonKeyValue {
  key: string;
  value?: JsonAnyValue;
}

interface JsonAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
  kvlistValue?: { values?: JsonKeyValue[] };
  bytesValue?: string;
}

interface JsonTraceRequest {
  resourceSpans?: {
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: JsonKeyValue[];
        events?: { name: string; attributes?: JsonKeyValue[] }[];
      }[];
    }[];
  }[];
}

function jsonValue(value: JsonAnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(jsonValue);
  if (value.kvlistValue) return jsonAttributes(value.kvlistValue.values);
  return value.bytesValue;
}

function jsonAttributes(list: JsonKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, jsonValue(value)]));
}

function fromJson(body: JsonTraceRequest): Resource[] {
  return (body.resourceSpans ?? []).map((resourceSpans) => ({
    service: String(jsonAttributes(resourceSpans.resource?.attributes)['service.name']),
    spans: (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId.toLowerCase(),
        spanId: span.spanId.toLowerCase(),
        parentSpanId: (span.parentSpanId ?? '').toLowerCase(),
        name: span.name,
        kind: span.kind ?? 0,
        attributes: jsonAttributes(span.attributes),
        events: (span.events ?? []).map((e) => ({ name: e.name, attributes: jsonAttributes(e.attributes) })),
      })),
    ),
  }));
}

// ---- OTLP/protobuf: just enough of the wire format for ExportTraceServiceRequest ----

interface Field {
  no: number;
  /** A varint as bigint; everything else as its bytes. */
  value: bigint | Buffer;
}

function readVarint(buf: Buffer, at: { pos: number }): bigint {
  let result = 0n;
  for (let shift = 0n; ; shift += 7n) {
    const byte = buf[at.pos++];
    if (byte === undefined) throw new Error('truncated varint');
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return result;
  }
}

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  const at = { pos: 0 };
  while (at.pos < buf.length) {
    const tag = Number(readVarint(buf, at));
    const no = tag >>> 3;
    const take = (length: number) => {
      if (at.pos + length > buf.length) throw new Error('truncated field');
      at.pos += length;
      return buf.subarray(at.pos - length, at.pos);
    };
    switch (tag & 7) {
      case 0:
        out.push({ no, value: readVarint(buf, at) });
        break;
      case 1:
        out.push({ no, value: take(8) });
        break;
      case 2:
        out.push({ no, value: take(Number(readVarint(buf, at))) });
        break;
      case 5:
        out.push({ no, value: take(4) });
        break;
      default:
        throw new Error(`unsupported wire type ${tag & 7}`);
    }
  }
  return out;
}

const bytesOf = (list: Field[], no: number): Buffer[] =>
  list.filter((f) => f.no === no && Buffer.isBuffer(f.value)).map((f) => f.value as Buffer);
const firstBytes = (list: Field[], no: number): Buffer | undefined => bytesOf(list, no)[0];
const firstVarint = (list: Field[], no: number): bigint | undefined =>
  list.find((f) => f.no === no && typeof f.value === 'bigint')?.value as bigint | undefined;

function protoValue(buf: Buffer): unknown {
  const list = fields(buf);
  const last = list.at(-1); // a oneof: the last one seen wins
  if (!last) return undefined;
  switch (last.no) {
    case 1:
      return (last.value as Buffer).toString('utf8');
    case 2:
      return last.value === 1n;
    case 3:
      return Number(BigInt.asIntN(64, last.value as bigint));
    case 4:
      return (last.value as Buffer).readDoubleLE(0);
    case 5:
      return bytesOf(fields(last.value as Buffer), 1).map(protoValue);
    case 6:
      return protoAttributes(bytesOf(fields(last.value as Buffer), 1));
    default:
      return (last.value as Buffer).toString('base64');
  }
}

function protoAttributes(keyValues: Buffer[]): Record<string, unknown> {
  return Object.fromEntries(
    keyValues.map((kv) => {
      const list = fields(kv);
      const value = firstBytes(list, 2);
      return [firstBytes(list, 1)?.toString('utf8') ?? '', value ? protoValue(value) : undefined];
    }),
  );
}

function fromProtobuf(body: Buffer): Resource[] {
  // ExportTraceServiceRequest{1: ResourceSpans}; ResourceSpans{1: Resource{1: KeyValue}, 2: ScopeSpans{2: Span}}
  return bytesOf(fields(body), 1).map((resourceSpans) => {
    const rs = fields(resourceSpans);
    const resource = firstBytes(rs, 1);
    const attributes = protoAttributes(resource ? bytesOf(fields(resource), 1) : []);
    return {
      service: String(attributes['service.name']),
      spans: bytesOf(rs, 2).flatMap((scopeSpans) =>
        bytesOf(fields(scopeSpans), 2).map((spanBytes) => {
          // Span{1: trace_id, 2: span_id, 4: parent_span_id, 5: name, 6: kind, 9: attributes,
          // 11: Event{1: time, 2: name, 3: attributes}}
          const span = fields(spanBytes);
          const hex = (no: number) => firstBytes(span, no)?.toString('hex') ?? '';
          return {
            traceId: hex(1),
            spanId: hex(2),
            parentSpanId: hex(4),
            name: firstBytes(span, 5)?.toString('utf8') ?? '',
            kind: Number(firstVarint(span, 6) ?? 0n),
            attributes: protoAttributes(bytesOf(span, 9)),
            events: bytesOf(span, 11).map((eventBytes) => {
              const event = fields(eventBytes);
              return {
                name: firstBytes(event, 2)?.toString('utf8') ?? '',
                attributes: protoAttributes(bytesOf(event, 3)),
              };
            }),
          };
        }),
      ),
    };
  });
}

// ---- the servers ----

const identity = (b: Buffer) => b;
const traceService: grpc.ServiceDefinition = {
  Export: {
    path: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
    requestStream: false,
    responseStream: false,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  },
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const rejected: string[] = [];
  const record = (transport: OtlpTransport, resources: Resource[]) => {
    for (const { service, spans: list } of resources)
      for (const span of list) spans.push({ transport, service, ...span });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
    const what = `${req.method} ${req.url} ${contentType}`;
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      rejected.push(what);
      return res.writeHead(404).end();
    }
    try {
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (contentType === 'application/json') {
        record('http/json', fromJson(JSON.parse(body.toString('utf8')) as JsonTraceRequest));
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
      if (contentType === 'application/x-protobuf') {
        record('http/protobuf', fromProtobuf(body));
        // An empty ExportTraceServiceResponse.
        return res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      }
      rejected.push(what);
      return res.writeHead(415).end();
    } catch (err) {
      rejected.push(`${what}: ${(err as Error).message}`);
      return res.writeHead(400).end();
    }
  };
  const http: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  const grpcServer = new grpc.Server();
  grpcServer.addService(traceService, {
    Export: (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
      try {
        record('grpc', fromProtobuf(call.request));
        callback(null, Buffer.alloc(0));
      } catch (err) {
        rejected.push(`gRPC Export: ${(err as Error).message}`);
        callback({ code: grpc.status.INVALID_ARGUMENT, details: (err as Error).message });
      }
    },
  });
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) =>
      err ? reject(err) : resolve(port),
    ),
  );

  return {
    httpUrl: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
    grpcUrl: `http://127.0.0.1:${grpcPort}`,
    spans,
    rejected,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        }),
        new Promise<void>((resolve) => {
          grpcServer.tryShutdown(() => resolve());
          setTimeout(() => grpcServer.forceShutdown(), 1_000).unref();
        }),
      ]);
    },
  };
}
