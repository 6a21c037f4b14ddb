/**
 * The benchmark's baseline: the least a Koa server can do for a request. It reads the request body and
 * answers with a fixed JSON reply (BENCH_REPLY_BODY, a real gateway reply of typical size). No router, no
 * telemetry (unless BENCH_TRACED), no logging. Run by bench/run.ts as a child process, so it gets a core of its
 * own as the gateway does; it reports its port over the IPC channel.
 */
import Koa from 'koa';
import { httpServerSpans } from '../services/runtime/telemetry/http-server-span.ts';

const reply = process.env.BENCH_REPLY_BODY ?? '{"jsonrpc":"2.0","result":{},"id":1}\n';

const app = new Koa();
// BENCH_TRACED: the stack's telemetry is loaded (--import), so requests get the span the stack's apps make.
if (process.env.BENCH_TRACED === '1') app.use(httpServerSpans());
app.use(async (ctx) => {
  // GET: the baseline of the Data API's list routes (bench/data-api-lists.ts); POST: of the JSON-RPC paths.
  if (ctx.method !== 'POST' && ctx.method !== 'GET') {
    ctx.status = 405;
    return;
  }
  for await (const _chunk of ctx.req as AsyncIterable<Buffer>) {
    // the body is read, as any POST handler must, and ignored
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = reply;
});

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
