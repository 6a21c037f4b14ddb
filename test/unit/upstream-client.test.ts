import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { createLogger } from '../../services/runtime/logger.ts';
import { backoffDelay, sleep } from '../../services/runtime/upstream/backoff.ts';
import {
  BATCH_REFUSED,
  BATCH_UNANSWERED,
  UpstreamClient,
  UpstreamNotReadyError,
  UpstreamRpcError,
  UpstreamUnavailableError,
  type BatchCall,
  type BatchOutcome,
  type CallOptions,
  type UpstreamOptions,
} from '../../services/runtime/upstream/client.ts';
import {
  canonicalChain,
  chainOfPath,
  ChainRoutedUpstream,
  formatChainNodeUrls,
  parseChainNodeUrls,
} from '../../services/runtime/upstream/chain-routing.ts';
import { Semaphore } from '../../services/runtime/upstream/semaphore.ts';

const log = createLogger('test', 'silent');

interface ReceivedRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

type Handler = (req: ReceivedRequest, res: ServerResponse) => void;

/** A real local HTTP server; records every request and answers through a handler the test can swap. */
interface TestNode {
  url: string;
  requests: ReceivedRequest[];
  /** JSON-RPC requests only (POST), excluding health probes. */
  rpcCount(): number;
  healthCount(): number;
  handle: Handler;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function resultFor(req: ReceivedRequest, result: unknown) {
  const { id } = JSON.parse(req.body) as { id: number };
  return { jsonrpc: '2.0', result, id };
}

const servers: TestNode[] = [];
const clients: { close(): void }[] = [];

async function startNode(handle: Handler): Promise<TestNode> {
  const node: TestNode = {
    url: '',
    requests: [],
    rpcCount: () => node.requests.filter((r) => r.method === 'POST').length,
    healthCount: () => node.requests.filter((r) => r.method === 'GET').length,
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      };
      node.requests.push(received);
      node.handle(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(node);
  return node;
}

/** A URL nothing listens on: a port that was just free. */
async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function client(options: Partial<UpstreamOptions> & { urls: string[] }): UpstreamClient {
  const c = new UpstreamClient({ name: 'test', log, backoffBaseMs: 1, backoffMaxMs: 5, ...options });
  clients.push(c);
  return c;
}

/** Answers every JSON-RPC call with `result`, and health checks with 200. */
function answering(result: unknown): Handler {
  return (req, res) => {
    if (req.method === 'GET') return json(res, 200, { healthy: true });
    json(res, 200, resultFor(req, result));
  };
}

/** A node at P-Chain `height` (platform.getHeight) that answers any other call with `result`. */
function atHeight(height: number, result: unknown): Handler {
  return (req, res) => {
    if (req.method === 'GET') return json(res, 200, { healthy: true });
    const { method } = JSON.parse(req.body) as { method: string };
    json(res, 200, resultFor(req, method === 'platform.getHeight' ? { height: String(height) } : result));
  };
}

/** Trusts a node once it reports at least `height`, as the primary-network projection does. */
function reached(height: number): CallOptions {
  return {
    check: async (call) => {
      const reply = await call<{ height: string }>('/ext/bc/P', 'platform.getHeight', {});
      return Number(reply.height) >= height ? undefined : `at height ${reply.height}`;
    },
  };
}

const methodsOf = (node: TestNode) =>
  node.requests
    .filter((r) => r.method === 'POST')
    .map((r) => (JSON.parse(r.body) as { method: string }).method);

const down: Handler = (_req, res) => {
  res.writeHead(503, { 'content-type': 'text/plain' });
  res.end('down');
};

/** Never answers (the connection stays open until the server closes). */
const hanging: Handler = () => {};

async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('upstream', () => {
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  describe('UpstreamClient', () => {
    it('posts a JSON-RPC 2.0 request and returns its result', async () => {
      const node = await startNode(answering({ id: 'abc', index: '7' }));
      const upstream = client({ urls: [`${node.url}/`] });
      const result = await upstream.call<{ id: string }>('/ext/index/P/block', 'index.getLastAccepted', {
        encoding: 'hex',
      });
      expect(result).to.deep.equal({ id: 'abc', index: '7' });
      expect(node.requests).to.have.length(1);
      const [req] = node.requests;
      expect(req!.method).to.equal('POST');
      expect(req!.url).to.equal('/ext/index/P/block');
      expect(req!.contentType).to.equal('application/json');
      const body = JSON.parse(req!.body) as Record<string, unknown>;
      expect(body).to.include({ jsonrpc: '2.0', method: 'index.getLastAccepted' });
      expect(body.params).to.deep.equal({ encoding: 'hex' });
      expect(body.id).to.be.a('number');
    });

    it("callRaw returns the result's text as the node wrote it, in geth's layout, gorilla's or any other", async () => {
      const raw = (text: (id: number) => string) =>
        startNode((req, res) => {
          const { id } = JSON.parse(req.body) as { id: number };
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(text(id));
        });
      const result = '{"b":1,"a":[18446744073709551615,1.50,"x"]}';
      for (const layout of [
        (id: number) => `{"jsonrpc":"2.0","id":${id},"result":${result}}\n`,
        (id: number) => `{"jsonrpc":"2.0","result":${result},"id":${id}}\n`,
        (id: number) => `{"id":${id},"jsonrpc":"2.0","result":${result}}`,
      ]) {
        const node = await raw(layout);
        const text = await client({ urls: [node.url] }).callRaw('/ext/x', 'a.b', {});
        // Laid out again only when it had to be parsed; every number kept as written.
        expect([result, '{"b":1,"a":[18446744073709551615,1.50,"x"]}']).to.include(text);
      }
      const node = await raw(
        (id) => `{"jsonrpc":"2.0","id":${id},"error":{"code":-32000,"message":"no","data":"0x01"}}`,
      );
      const err = await rejection(client({ urls: [node.url] }).callRaw('/ext/x', 'a.b', {}));
      expect(err)
        .to.be.instanceOf(UpstreamRpcError)
        .and.to.include({ code: -32000, message: 'no', data: '0x01' });
    });

    it("forward posts a body as it is and returns the node's reply as it is, a 404 included; a 503 fails over", async () => {
      const notFound = await startNode((req, res) => {
        if (req.method === 'GET') return json(res, 200, {});
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('404 page not found\n');
      });
      const reply = await client({ urls: [notFound.url] }).forward('/ext/y', '{"not":"rewritten" }');
      expect(notFound.requests[0]!.body).to.equal('{"not":"rewritten" }');
      expect(reply).to.deep.include({ status: 404, contentType: 'text/plain; charset=utf-8' });
      expect(reply.body.toString()).to.equal('404 page not found\n');
      const broken = await startNode(down);
      const good = await startNode((_req, res) => json(res, 200, { ok: true }));
      const upstream = client({ urls: [broken.url, good.url] });
      expect((await upstream.forward('/ext/y', '{}')).body.toString()).to.equal('{"ok":true}');
    });

    it('sends a write to one node only, unless the connection was never made', async () => {
      const broken = await startNode(down);
      const good = await startNode(answering('0xabc'));
      const err = await rejection(
        client({ urls: [broken.url, good.url] }).call('/ext/x', 'eth_sendRawTransaction', [], undefined, {
          idempotent: false,
        }),
      );
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.include('is not retried');
      expect(good.rpcCount()).to.equal(0);
      const refused = await refusedUrl();
      const upstream = client({ urls: [refused, good.url] });
      expect(
        await upstream.call('/ext/x', 'eth_sendRawTransaction', [], undefined, { idempotent: false }),
      ).to.equal('0xabc');
    });

    it('sends a call that must reach one node there only, retried there; tells which node answered', async () => {
      const first = await startNode(answering('first'));
      const second = await startNode(down);
      const upstream = client({ urls: [first.url, second.url], attempts: 3 });
      const answered: string[] = [];
      expect(
        await upstream.call('/ext/x', 'a.b', [], undefined, { answeredBy: (node) => answered.push(node) }),
      ).to.equal('first');
      expect(answered).to.deep.equal([first.url]);
      const err = await rejection(upstream.call('/ext/x', 'a.b', [], undefined, { node: second.url }));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      // Every attempt went to the pinned node, none moved to the healthy one.
      expect(second.rpcCount()).to.equal(3);
      expect(first.rpcCount()).to.equal(1);
      second.handle = answering('second');
      expect(await upstream.call('/ext/x', 'a.b', [], undefined, { node: second.url })).to.equal('second');
      const unknown = await rejection(
        upstream.call('/ext/x', 'a.b', [], undefined, { node: 'http://x.invalid' }),
      );
      expect(unknown).to.be.instanceOf(UpstreamUnavailableError);
    });

    it('keeps its connections alive: calls one after another share one', async () => {
      const sockets = new Set<Socket>();
      const node = await startNode((req, res) => {
        sockets.add(res.socket!);
        answering('ok')(req, res);
      });
      const upstream = client({ urls: [node.url] });
      for (let i = 0; i < 5; i++) await upstream.call('/ext/x', 'a.b', {});
      expect(node.rpcCount()).to.equal(5);
      expect(sockets.size).to.equal(1);
    });

    it('reads a reply compressed with gzip, as fetch did', async () => {
      const node = await startNode((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify(resultFor(req, 'zipped'))));
      });
      expect(await client({ urls: [node.url] }).call('/ext/x', 'a.b', {})).to.equal('zipped');
    });

    it('sends a call again on a new connection when the node closed its kept-alive one, unless it is a write', async () => {
      // Closes a connection, without a reply, when its second request arrives: as a node closing an idle connection
      // just as it was reused.
      const seen = new WeakSet<Socket>();
      const node = await startNode((req, res) => {
        const socket = res.socket!;
        if (seen.has(socket)) return void socket.destroy();
        seen.add(socket);
        answering('ok')(req, res);
      });
      const upstream = client({ urls: [node.url], attempts: 1 });
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('ok');
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('ok');
      expect(node.rpcCount()).to.equal(3);
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
      const err = await rejection(
        upstream.call('/ext/x', 'eth_sendRawTransaction', [], undefined, { idempotent: false }),
      );
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.include('is not retried');
      expect(node.rpcCount()).to.equal(4);
    });

    it('uses a fresh request id per call', async () => {
      const node = await startNode(answering(null));
      const upstream = client({ urls: [node.url] });
      await upstream.call('/ext/x', 'a.b', {});
      await upstream.call('/ext/x', 'a.b', {});
      const ids = node.requests.map((r) => (JSON.parse(r.body) as { id: number }).id);
      expect(ids[0]).to.not.equal(ids[1]);
    });

    it('returns a null result as null', async () => {
      const node = await startNode(answering(null));
      expect(await client({ urls: [node.url] }).call('/ext/x', 'a.b', {})).to.equal(null);
    });

    it('refuses an empty endpoint list', () => {
      expect(() => new UpstreamClient({ name: 'empty', urls: [], log })).to.throw(
        'upstream empty: no endpoints configured',
      );
    });

    it('throws a JSON-RPC error reply as UpstreamRpcError, without retry or marking the endpoint down', async () => {
      const node = await startNode((req, res) => {
        const { id } = JSON.parse(req.body) as { id: number };
        json(res, 200, { jsonrpc: '2.0', error: { code: -32000, message: 'not found', data: { x: 1 } }, id });
      });
      const backup = await startNode(answering('from backup'));
      const upstream = client({ urls: [node.url, backup.url], attempts: 4 });
      const err = await rejection(upstream.call('/ext/index/P/block', 'index.getIndex', { id: 'x' }));
      expect(err).to.be.instanceOf(UpstreamRpcError);
      const rpc = err as UpstreamRpcError;
      expect(rpc.name).to.equal('UpstreamRpcError');
      expect(rpc.code).to.equal(-32000);
      expect(rpc.message).to.equal('not found');
      expect(rpc.data).to.deep.equal({ x: 1 });
      expect(rpc.endpoint).to.equal(node.url);
      expect(node.rpcCount()).to.equal(1);
      expect(backup.rpcCount()).to.equal(0);
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
    });

    it("a JSON-RPC error on a non-200 reply is still the node's answer", async () => {
      const node = await startNode((req, res) => {
        const { id } = JSON.parse(req.body) as { id: number };
        json(res, 400, { jsonrpc: '2.0', error: { code: -32600, message: 'bad request' }, id });
      });
      const err = await rejection(client({ urls: [node.url] }).call('/ext/x', 'a.b', {}));
      expect(err).to.be.instanceOf(UpstreamRpcError);
      expect((err as UpstreamRpcError).code).to.equal(-32600);
      expect(node.rpcCount()).to.equal(1);
    });

    it('fails over from a 503 endpoint to the next one, marking it unhealthy', async () => {
      const first = await startNode(down);
      const second = await startNode(answering('second'));
      const third = await startNode(answering('third'));
      const upstream = client({ urls: [first.url, second.url, third.url] });
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('second');
      expect(first.rpcCount()).to.equal(1);
      expect(third.rpcCount()).to.equal(0);
      const [a, b, c] = upstream.status();
      expect(a).to.deep.equal({ url: first.url, healthy: false, consecutiveFailures: 1, inFlight: 0 });
      expect(b).to.deep.equal({ url: second.url, healthy: true, consecutiveFailures: 0, inFlight: 0 });
      expect(c).to.deep.equal({ url: third.url, healthy: true, consecutiveFailures: 0, inFlight: 0 });
      // the unhealthy endpoint is skipped while it is down
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('second');
      expect(first.rpcCount()).to.equal(1);
    });

    it('fails over on 429 and on replies that are not JSON-RPC', async () => {
      const limited = await startNode((_req, res) => json(res, 429, { message: 'slow down' }));
      const html = await startNode((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html></html>');
      });
      const good = await startNode(answering('ok'));
      const upstream = client({ urls: [limited.url, html.url, good.url] });
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('ok');
      expect(upstream.status().map((s) => s.healthy)).to.deep.equal([false, false, true]);
    });

    it('fails over from a refused connection', async () => {
      const refused = await refusedUrl();
      const good = await startNode(answering('ok'));
      const upstream = client({ urls: [refused, good.url] });
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('ok');
      expect(upstream.status()[0]).to.include({ healthy: false, consecutiveFailures: 1 });
    });

    it('times out a slow endpoint and fails over', async () => {
      const slow = await startNode(hanging);
      const good = await startNode(answering('ok'));
      const upstream = client({ urls: [slow.url, good.url], timeoutMs: 100 });
      const started = Date.now();
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('ok');
      expect(Date.now() - started).to.be.lessThan(3000);
      expect(slow.rpcCount()).to.equal(1);
      expect(upstream.status()[0]).to.include({ healthy: false, consecutiveFailures: 1 });
    });

    it('times out a reply whose body stalls', async () => {
      const stalling = await startNode((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"jsonrpc":"2.0",');
      });
      const upstream = client({ urls: [stalling.url], timeoutMs: 100, attempts: 1 });
      const err = await rejection(upstream.call('/ext/x', 'a.b', {}));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
    });

    it('gives up after `attempts` failures with UpstreamUnavailableError naming the method', async () => {
      const node = await startNode(down);
      const upstream = client({ urls: [node.url], attempts: 3 });
      const err = await rejection(upstream.call('/ext/index/P/block', 'index.getLastAccepted', {}));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.name).to.equal('UpstreamUnavailableError');
      expect(err.message).to.equal(
        `upstream test: index.getLastAccepted failed after 3 attempts: HTTP 503 from ${node.url}/ext/index/P/block`,
      );
      expect(node.rpcCount()).to.equal(3);
      expect(upstream.status()[0]).to.include({ healthy: false, consecutiveFailures: 3 });
    });

    it('spreads attempts over the endpoints when all are down', async () => {
      const a = await startNode(down);
      const b = await startNode(down);
      const upstream = client({ urls: [a.url, b.url], attempts: 4 });
      const err = await rejection(upstream.call('/ext/x', 'a.b', {}));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.match(/^upstream test: a\.b failed after 4 attempts: /);
      expect(a.rpcCount() + b.rpcCount()).to.equal(4);
      expect(a.rpcCount()).to.be.greaterThan(0);
      expect(b.rpcCount()).to.be.greaterThan(0);
    });

    it('names the cause of a transport failure', async () => {
      const upstream = client({ urls: [await refusedUrl()], attempts: 1 });
      const err = await rejection(upstream.call('/ext/x', 'a.b', {}));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.match(
        /^upstream test: a\.b failed after 1 attempts: request failed \(connect ECONNREFUSED .+\)$/,
      );
    });

    it('returns an unhealthy endpoint to service once its health check answers 200', async () => {
      let healthy = false;
      const primary = await startNode((req, res) => {
        if (!healthy) return down(req, res);
        if (req.method === 'GET') return json(res, 200, { healthy: true });
        json(res, 200, resultFor(req, 'primary'));
      });
      const backup = await startNode(answering('backup'));
      const upstream = client({ urls: [primary.url, backup.url], healthIntervalMs: 20 });
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('backup');
      expect(upstream.status()[0]!.healthy).to.equal(false);
      // probes run while it is down, and keep it out of service
      await until(() => primary.healthCount() >= 2, 'health probes');
      expect(upstream.status()[0]!.healthy).to.equal(false);
      expect(
        primary.requests.filter((r) => r.method === 'GET').every((r) => r.url === '/ext/health'),
      ).to.equal(true);
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('backup');
      healthy = true;
      await until(() => upstream.status()[0]!.healthy, 'the endpoint to recover');
      expect(upstream.status()[0]!.consecutiveFailures).to.equal(0);
      expect(await upstream.call('/ext/x', 'a.b', {})).to.equal('primary');
    });

    it('probes a custom health path and does not probe healthy endpoints', async () => {
      let up = false;
      const node = await startNode((req, res) => {
        if (req.method === 'GET') return json(res, req.url === '/custom' && up ? 200 : 404, {});
        if (!up) return down(req, res);
        json(res, 200, resultFor(req, 'ok'));
      });
      const upstream = client({ urls: [node.url], healthIntervalMs: 20, healthPath: '/custom', attempts: 1 });
      await rejection(upstream.call('/ext/x', 'a.b', {}));
      up = true;
      await until(() => upstream.status()[0]!.healthy, 'recovery');
      await sleep(30); // let a probe that was already under way finish
      const probes = node.healthCount();
      expect(node.requests.filter((r) => r.method === 'GET').every((r) => r.url === '/custom')).to.equal(
        true,
      );
      await sleep(100);
      expect(node.healthCount()).to.equal(probes);
    });

    it('limits concurrent requests per endpoint', async () => {
      let inFlight = 0;
      let maxInFlight = 0;
      const node = await startNode((req, res) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        setTimeout(() => {
          inFlight--;
          json(res, 200, resultFor(req, 'ok'));
        }, 40);
      });
      const upstream = client({ urls: [node.url], maxConcurrency: 2 });
      const calls = Array.from({ length: 6 }, () => upstream.call('/ext/x', 'a.b', {}));
      await until(() => node.rpcCount() >= 1, 'the first request');
      expect(upstream.status()[0]!.inFlight).to.equal(2);
      expect(await Promise.all(calls)).to.deep.equal(new Array<string>(6).fill('ok'));
      expect(maxInFlight).to.equal(2);
      expect(node.rpcCount()).to.equal(6);
      expect(upstream.status()[0]!.inFlight).to.equal(0);
    });

    it('cancels a call in flight when its AbortSignal fires, without marking the endpoint down', async () => {
      const node = await startNode(hanging);
      const upstream = client({ urls: [node.url], timeoutMs: 10_000 });
      const controller = new AbortController();
      const call = upstream.call('/ext/x', 'a.b', {}, controller.signal);
      await until(() => node.rpcCount() === 1, 'the request');
      const reason = new Error('caller went away');
      controller.abort(reason);
      const err = await rejection(call);
      expect(err).to.equal(reason);
      expect(node.rpcCount()).to.equal(1);
      expect(upstream.status()[0]).to.deep.equal({
        url: node.url,
        healthy: true,
        consecutiveFailures: 0,
        inFlight: 0,
      });
    });

    it('cancels a call during its backoff', async () => {
      const node = await startNode(down);
      const upstream = client({ urls: [node.url], backoffBaseMs: 10_000, backoffMaxMs: 10_000, attempts: 3 });
      // Pin the jitter so the backoff is the full 10 s (the client draws it from Math.random).
      const random = Math.random;
      Math.random = () => 1;
      try {
        const controller = new AbortController();
        const call = upstream.call('/ext/x', 'a.b', {}, controller.signal);
        await until(() => upstream.status()[0]!.consecutiveFailures === 1, 'the first attempt to fail');
        await sleep(20);
        controller.abort();
        const err = await rejection(call);
        expect(err.name).to.equal('AbortError');
        expect(node.rpcCount()).to.equal(1);
      } finally {
        Math.random = random;
      }
    });

    it('does not send a call whose signal is already aborted', async () => {
      const node = await startNode(answering('ok'));
      const upstream = client({ urls: [node.url] });
      const err = await rejection(upstream.call('/ext/x', 'a.b', {}, AbortSignal.abort()));
      expect(err.name).to.equal('AbortError');
      expect(node.requests).to.have.length(0);
    });

    it('cancels a call waiting for a concurrency slot', async () => {
      const node = await startNode(hanging);
      const upstream = client({ urls: [node.url], maxConcurrency: 1, timeoutMs: 10_000 });
      const holder = new AbortController();
      const first = upstream.call('/ext/x', 'a.b', {}, holder.signal);
      await until(() => node.rpcCount() === 1, 'the first request');
      const waiter = new AbortController();
      const second = upstream.call('/ext/x', 'a.b', {}, waiter.signal);
      await sleep(20);
      waiter.abort(new Error('gave up waiting'));
      expect((await rejection(second)).message).to.equal('gave up waiting');
      holder.abort(new Error('done'));
      expect((await rejection(first)).message).to.equal('done');
      expect(node.rpcCount()).to.equal(1);
      expect(upstream.status()[0]!.inFlight).to.equal(0);
    });
  });

  describe('UpstreamClient: calls with a check', () => {
    it('asks the check on the same endpoint, then sends the call there', async () => {
      const node = await startNode(atHeight(10, 'answer'));
      const upstream = client({ urls: [node.url] });
      expect(
        await upstream.call('/ext/bc/P', 'platform.getRewardUTXOs', {}, undefined, reached(10)),
      ).to.equal('answer');
      expect(methodsOf(node)).to.deep.equal(['platform.getHeight', 'platform.getRewardUTXOs']);
    });

    it('passes over an endpoint the check turns down, without marking it unhealthy, for that call only', async () => {
      const behind = await startNode(atHeight(5, 'from behind'));
      const ahead = await startNode(atHeight(12, 'from ahead'));
      const upstream = client({ urls: [behind.url, ahead.url] });
      expect(
        await upstream.call('/ext/bc/P', 'platform.getRewardUTXOs', {}, undefined, reached(10)),
      ).to.equal('from ahead');
      expect(methodsOf(behind)).to.deep.equal(['platform.getHeight']);
      expect(methodsOf(ahead)).to.deep.equal(['platform.getHeight', 'platform.getRewardUTXOs']);
      expect(upstream.status().map((s) => s.healthy)).to.deep.equal([true, true]);
      // The next call starts again from the first endpoint, which may have caught up meanwhile.
      behind.handle = atHeight(10, 'caught up');
      expect(
        await upstream.call('/ext/bc/P', 'platform.getRewardUTXOs', {}, undefined, reached(10)),
      ).to.equal('caught up');
      expect(await upstream.call('/ext/bc/P', 'platform.getRewardUTXOs', {})).to.equal('caught up');
    });

    it('fails with UpstreamNotReadyError naming every endpoint and why, when the check turns all down', async () => {
      const first = await startNode(atHeight(3, 'x'));
      const second = await startNode(atHeight(7, 'x'));
      const upstream = client({ urls: [first.url, second.url], attempts: 1 });
      const err = await rejection(
        upstream.call('/ext/bc/P', 'platform.getRewardUTXOs', {}, undefined, reached(10)),
      );
      expect(err).to.be.instanceOf(UpstreamNotReadyError);
      expect((err as UpstreamNotReadyError).declined).to.deep.equal([
        { endpoint: first.url, reason: 'at height 3' },
        { endpoint: second.url, reason: 'at height 7' },
      ]);
      expect(err.message).to.equal(
        `upstream test: platform.getRewardUTXOs: no endpoint can answer yet: ${first.url} (at height 3), ${second.url} (at height 7)`,
      );
      expect(methodsOf(first)).to.deep.equal(['platform.getHeight']);
      expect(methodsOf(second)).to.deep.equal(['platform.getHeight']);
      expect(upstream.status().map((s) => s.healthy)).to.deep.equal([true, true]);
    });

    it("fails over when the check's own call fails, and checks the next endpoint", async () => {
      const broken = await startNode(down);
      const good = await startNode(atHeight(10, 'ok'));
      const upstream = client({ urls: [broken.url, good.url] });
      expect(await upstream.call('/ext/bc/P', 'a.b', {}, undefined, reached(10))).to.equal('ok');
      expect(upstream.status().map((s) => s.healthy)).to.deep.equal([false, true]);
      expect(methodsOf(good)).to.deep.equal(['platform.getHeight', 'a.b']);
    });

    it('gives up with UpstreamUnavailableError naming the endpoints it passed over, when the rest are down', async () => {
      const behind = await startNode(atHeight(1, 'x'));
      const broken = await startNode(down);
      const upstream = client({ urls: [behind.url, broken.url], attempts: 2 });
      const err = await rejection(upstream.call('/ext/bc/P', 'a.b', {}, undefined, reached(10)));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.match(
        /a\.b failed after 2 attempts: HTTP 503 .*; passed over: .* \(at height 1\)$/,
      );
      expect(broken.rpcCount()).to.equal(2);
      expect(behind.rpcCount()).to.equal(1);
    });

    it("throws the node's JSON-RPC error from the check without trying the other endpoints", async () => {
      const refusing = await startNode((req, res) => {
        const { id } = JSON.parse(req.body) as { id: number };
        json(res, 200, { jsonrpc: '2.0', error: { code: -32601, message: 'method not found' }, id });
      });
      const good = await startNode(atHeight(10, 'ok'));
      const upstream = client({ urls: [refusing.url, good.url] });
      const err = await rejection(upstream.call('/ext/bc/P', 'a.b', {}, undefined, reached(10)));
      expect(err).to.be.instanceOf(UpstreamRpcError);
      expect(good.rpcCount()).to.equal(0);
    });
  });

  describe('Semaphore', () => {
    it('grants up to its capacity, then queues in order', async () => {
      const semaphore = new Semaphore(2);
      const r1 = await semaphore.acquire();
      const r2 = await semaphore.acquire();
      expect(semaphore.inUse).to.equal(2);
      const order: number[] = [];
      const w3 = semaphore.acquire().then((release) => (order.push(3), release));
      const w4 = semaphore.acquire().then((release) => (order.push(4), release));
      await sleep(5);
      expect(order).to.deep.equal([]);
      r1();
      const r3 = await w3;
      expect(order).to.deep.equal([3]);
      expect(semaphore.inUse).to.equal(2);
      r2();
      const r4 = await w4;
      expect(order).to.deep.equal([3, 4]);
      r3();
      r4();
      expect(semaphore.inUse).to.equal(0);
    });

    it('ignores a second release', async () => {
      const semaphore = new Semaphore(1);
      const release = await semaphore.acquire();
      release();
      release();
      expect(semaphore.inUse).to.equal(0);
      const again = await semaphore.acquire();
      expect(semaphore.inUse).to.equal(1);
      const waiting = semaphore.acquire();
      release(); // stale: must not hand the slot on
      const raced = await Promise.race([waiting.then(() => 'acquired'), sleep(20).then(() => 'waiting')]);
      expect(raced).to.equal('waiting');
      again();
      (await waiting)();
      expect(semaphore.inUse).to.equal(0);
    });

    it('drops an aborted waiter from the queue', async () => {
      const semaphore = new Semaphore(1);
      const release = await semaphore.acquire();
      const controller = new AbortController();
      const aborted = semaphore.acquire(controller.signal);
      const next = semaphore.acquire();
      const reason = new Error('stop');
      controller.abort(reason);
      expect(await rejection(aborted)).to.equal(reason);
      release();
      const releaseNext = await next;
      expect(semaphore.inUse).to.equal(1);
      releaseNext();
      expect(semaphore.inUse).to.equal(0);
    });

    it('removes its abort listener once granted', async () => {
      const semaphore = new Semaphore(1);
      const release = await semaphore.acquire();
      const controller = new AbortController();
      const waiting = semaphore.acquire(controller.signal);
      expect(getEventListeners(controller.signal, 'abort')).to.have.length(1);
      release();
      (await waiting)();
      expect(getEventListeners(controller.signal, 'abort')).to.have.length(0);
    });

    // The abort event has already fired, so only a check up front can see it.
    it('rejects at once when the signal is already aborted and no slot is free', async () => {
      const semaphore = new Semaphore(1);
      const release = await semaphore.acquire();
      const reason = new Error('already gone');
      const outcome = await Promise.race([
        semaphore.acquire(AbortSignal.abort(reason)).then(
          () => 'acquired',
          (err: unknown) => err,
        ),
        sleep(50).then(() => 'still waiting'),
      ]);
      release();
      expect(outcome).to.equal(reason);
    });
  });

  describe('backoff', () => {
    it('backoffDelay is random * min(max, base * 2^attempt), rounded', () => {
      expect(backoffDelay(0, 100, 5000, () => 1)).to.equal(100);
      expect(backoffDelay(1, 100, 5000, () => 1)).to.equal(200);
      expect(backoffDelay(3, 100, 5000, () => 1)).to.equal(800);
      expect(backoffDelay(6, 100, 5000, () => 1)).to.equal(5000);
      expect(backoffDelay(60, 100, 5000, () => 1)).to.equal(5000);
      expect(backoffDelay(3, 100, 5000, () => 0)).to.equal(0);
      expect(backoffDelay(3, 100, 5000, () => 0.5)).to.equal(400);
      expect(backoffDelay(0, 3, 5000, () => 0.5)).to.equal(2);
    });

    it('backoffDelay stays within [0, min(max, base * 2^attempt)]', () => {
      let seed = 1;
      const random = () => {
        seed = (seed * 16807) % 2147483647;
        return (seed - 1) / 2147483646;
      };
      for (let attempt = 0; attempt < 40; attempt++) {
        const cap = Math.min(5000, 100 * 2 ** attempt);
        for (let i = 0; i < 20; i++) {
          const delay = backoffDelay(attempt, 100, 5000, random);
          expect(delay).to.be.within(0, cap);
          expect(Number.isInteger(delay)).to.equal(true);
        }
      }
    });

    it('backoffDelay uses Math.random by default', () => {
      for (let i = 0; i < 100; i++) expect(backoffDelay(2, 10, 1000)).to.be.within(0, 40);
    });

    it('sleep resolves after the delay and removes its abort listener', async () => {
      const controller = new AbortController();
      const started = Date.now();
      await sleep(20, controller.signal);
      expect(Date.now() - started).to.be.at.least(15);
      expect(getEventListeners(controller.signal, 'abort')).to.have.length(0);
    });

    it('sleep rejects with the abort reason, early', async () => {
      const controller = new AbortController();
      const reason = new Error('cancelled');
      const started = Date.now();
      const sleeping = sleep(10_000, controller.signal);
      setTimeout(() => controller.abort(reason), 10);
      expect(await rejection(sleeping)).to.equal(reason);
      expect(Date.now() - started).to.be.lessThan(5000);
    });

    it('sleep rejects at once on an already-aborted signal', async () => {
      const reason = new Error('before');
      expect(await rejection(sleep(10_000, AbortSignal.abort(reason)))).to.equal(reason);
    });
  });
  describe('chain routing', () => {
    const L1 = '2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U';
    const FUJI_C = 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp';

    function routed(
      urls: string[] | undefined,
      chainUrls: Record<string, string[]>,
      options: Partial<UpstreamOptions> = {},
    ): ChainRoutedUpstream {
      const c = new ChainRoutedUpstream({
        name: 'test',
        log,
        backoffBaseMs: 1,
        backoffMaxMs: 5,
        ...options,
        urls,
        chainUrls: new Map(Object.entries(chainUrls)),
      });
      clients.push(c);
      return c;
    }

    it('chainOfPath: the chain segment of /ext/bc, /ext/index and the /ext/P, /ext/X, /ext/C aliases', () => {
      const cases: [string, string | undefined][] = [
        ['/ext/bc/C/rpc', 'C'],
        ['/ext/bc/C/avax', 'C'],
        ['/ext/bc/P', 'P'],
        ['/ext/bc/X', 'X'],
        [`/ext/bc/${L1}/rpc`, L1],
        ['/ext/index/C/block', 'C'],
        ['/ext/index/P/block', 'P'],
        ['/ext/index/X/tx', 'X'],
        ['/ext/P', 'P'],
        ['/ext/X', 'X'],
        ['/ext/C/rpc', 'C'],
        [`/ext/bc/${FUJI_C}/rpc`, 'C'],
        ['/ext/health', undefined],
        ['/ext/info', undefined],
        ['/ext/Platform', undefined],
        ['/ext/bc/', undefined],
        ['/ext/index', undefined],
        ['/rpc', undefined],
      ];
      for (const [path, chain] of cases) expect(chainOfPath(path), path).to.equal(chain);
    });

    it('canonicalChain: the primary-network chains by alias, on mainnet and fuji', () => {
      expect(canonicalChain('11111111111111111111111111111111LpoYY')).to.equal('P');
      expect(canonicalChain('2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM')).to.equal('X');
      expect(canonicalChain('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5')).to.equal('C');
      expect(canonicalChain(FUJI_C)).to.equal('C');
      expect(canonicalChain(L1)).to.equal(L1);
      expect(canonicalChain('C')).to.equal('C');
    });

    it('formatChainNodeUrls writes what parseChainNodeUrls reads back', () => {
      const chains = new Map([
        ['C', ['http://c-1:9650', 'https://c-2.example']],
        [L1, ['http://l1:9650']],
      ]);
      const text = formatChainNodeUrls(chains);
      expect(text).to.equal(`C=http://c-1:9650,https://c-2.example;${L1}=http://l1:9650`);
      expect(parseChainNodeUrls(text)).to.deep.equal(chains);
    });

    it("sends a listed chain's calls to its own nodes and every other call to the general list", async () => {
      const general = await startNode(answering('general'));
      const cNode = await startNode(answering('c'));
      const l1Node = await startNode(answering('l1'));
      const upstream = routed([general.url], { C: [cNode.url], [L1]: [`${l1Node.url}/`] });
      expect(await upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', [])).to.equal('c');
      expect(await upstream.call('/ext/index/C/block', 'index.getLastAccepted', {})).to.equal('c');
      expect(await upstream.call(`/ext/bc/${L1}/rpc`, 'eth_chainId', [])).to.equal('l1');
      expect(await upstream.call('/ext/bc/P', 'platform.getHeight', {})).to.equal('general');
      expect(await upstream.call('/ext/index/X/tx', 'index.getLastAccepted', {})).to.equal('general');
      expect(await upstream.call('/ext/info', 'info.getNodeID', {})).to.equal('general');
      expect(cNode.requests.map((r) => r.url)).to.deep.equal(['/ext/bc/C/rpc', '/ext/index/C/block']);
      expect(l1Node.requests.map((r) => r.url)).to.deep.equal([`/ext/bc/${L1}/rpc`]);
      expect(general.requests.map((r) => r.url)).to.deep.equal(['/ext/bc/P', '/ext/index/X/tx', '/ext/info']);
      expect(upstream.baseUrl('/ext/bc/C/rpc')).to.equal(cNode.url);
      expect(upstream.baseUrl(`/ext/bc/${L1}/rpc`)).to.equal(l1Node.url);
      expect(upstream.baseUrl('/ext/bc/P')).to.equal(general.url);
    });

    it("passes a call's check on to the chain's own nodes", async () => {
      const general = await startNode(atHeight(20, 'general'));
      const behind = await startNode(atHeight(2, 'p behind'));
      const ahead = await startNode(atHeight(20, 'p ahead'));
      const upstream = routed([general.url], { P: [behind.url, ahead.url] });
      expect(await upstream.call('/ext/bc/P', 'a.b', {}, undefined, reached(10))).to.equal('p ahead');
      expect(general.rpcCount()).to.equal(0);
    });

    it('routes a primary-network chain named by blockchain id like its alias', async () => {
      const general = await startNode(answering('general'));
      const cNode = await startNode(answering('c'));
      const upstream = routed([general.url], { [FUJI_C]: [cNode.url] });
      expect(await upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', [])).to.equal('c');
      expect(await upstream.call(`/ext/bc/${FUJI_C}/rpc`, 'eth_blockNumber', [])).to.equal('c');
      expect(general.rpcCount()).to.equal(0);
    });

    it("fails over within the chain's own list, never to the general list", async () => {
      const general = await startNode(answering('general'));
      const cDown = await startNode(down);
      const cUp = await startNode(answering('c'));
      const upstream = routed([general.url], { C: [cDown.url, cUp.url] });
      expect(await upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', [])).to.equal('c');
      expect(cDown.rpcCount()).to.equal(1);
      expect(cUp.rpcCount()).to.equal(1);
      expect(upstream.status()).to.deep.equal([
        { url: general.url, healthy: true, consecutiveFailures: 0, inFlight: 0 },
        { url: cDown.url, healthy: false, consecutiveFailures: 1, inFlight: 0, chain: 'C' },
        { url: cUp.url, healthy: true, consecutiveFailures: 0, inFlight: 0, chain: 'C' },
      ]);

      cUp.handle = down;
      const err = await rejection(upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', []));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.match(
        /^upstream test \(chain C\): eth_blockNumber failed after 4 attempts: HTTP 503/,
      );
      expect(general.rpcCount()).to.equal(0);
    });

    it('without a general list, a call for an unlisted chain fails naming the chain and both variables', async () => {
      const cNode = await startNode(answering('c'));
      const upstream = routed(undefined, { C: [cNode.url] });
      expect(await upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', [])).to.equal('c');
      const err = await rejection(upstream.call('/ext/bc/P', 'platform.getHeight', {}));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.equal(
        'upstream test: no nodes for chain P (/ext/bc/P): UPSTREAM_CHAIN_NODE_URLS does not list it and UPSTREAM_NODE_URLS is not set',
      );
      expect((await rejection(upstream.call('/ext/info', 'info.getNodeID', {}))).message).to.equal(
        'upstream test: no nodes for /ext/info: it names no chain, so it needs UPSTREAM_NODE_URLS, which is not set',
      );
      expect(upstream.baseUrl('/ext/bc/P')).to.equal(undefined);
      expect(cNode.rpcCount()).to.equal(1);
    });

    it("probes a chain's unhealthy nodes and brings them back", async () => {
      const cNode = await startNode(down);
      const backup = await startNode(answering('backup'));
      const upstream = routed(undefined, { C: [cNode.url, backup.url] }, { healthIntervalMs: 20 });
      expect(await upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', [])).to.equal('backup');
      cNode.handle = answering('c');
      await until(() => upstream.status()[0]!.healthy, 'the C node to recover');
      expect(cNode.healthCount()).to.be.at.least(1);
      expect(await upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', [])).to.equal('c');
    });

    it('close() stops every list it holds', async () => {
      const general = await startNode(down);
      const cNode = await startNode(down);
      const upstream = routed([general.url], { C: [cNode.url] }, { healthIntervalMs: 10, attempts: 1 });
      await rejection(upstream.call('/ext/bc/P', 'platform.getHeight', {}));
      await rejection(upstream.call('/ext/bc/C/rpc', 'eth_blockNumber', []));
      await until(() => general.healthCount() > 0 && cNode.healthCount() > 0, 'health probes');
      upstream.close();
      await sleep(30);
      const probes = general.healthCount() + cNode.healthCount();
      await sleep(60);
      expect(general.healthCount() + cNode.healthCount()).to.equal(probes);
    });
  });

  describe('UpstreamClient.batch', () => {
    interface SentCall {
      jsonrpc: string;
      id: number;
      method: string;
      params: unknown;
    }
    type Reply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

    const sentBatch = (req: ReceivedRequest) => JSON.parse(req.body) as SentCall[];
    const batchesOf = (node: TestNode) => node.requests.filter((r) => r.method === 'POST').map(sentBatch);

    /** Answers each call of a batch with `answer`, the replies put in the order `arrange` gives (as asked by default). */
    function batchAnswering(
      answer: (call: SentCall) => Reply,
      arrange: (replies: object[]) => unknown = (replies) => replies,
    ): Handler {
      return (req, res) => {
        if (req.method === 'GET') return json(res, 200, { healthy: true });
        json(res, 200, arrange(sentBatch(req).map((c) => ({ jsonrpc: '2.0', id: c.id, ...answer(c) }))));
      };
    }

    /** Every call's result names the call. */
    const echo = (c: SentCall): Reply => ({ result: `${c.method} ${JSON.stringify(c.params)}` });

    const CALLS: BatchCall[] = [
      { method: 'eth_getBlockByNumber', params: ['0x1', true] },
      { method: 'eth_getBlockReceipts', params: ['0x1'] },
      { method: 'debug_traceBlockByNumber', params: ['0x1', { tracer: 'callTracer' }] },
    ];
    const ECHOED = CALLS.map((c) => ({ result: `${c.method} ${JSON.stringify(c.params)}` }));

    const errorOf = (outcome: BatchOutcome | undefined): UpstreamRpcError => {
      expect(outcome).to.have.property('error');
      return (outcome as { error: UpstreamRpcError }).error;
    };

    /** Refuses any batch with one error object for the whole of it, with HTTP `status`. */
    const refusingBatches =
      (status: number): Handler =>
      (req, res) => {
        if (req.method === 'GET') return json(res, 200, { healthy: true });
        json(res, status, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'batch requests are disabled' },
        });
      };

    it('sends the calls as one JSON-RPC batch and matches the replies by id, whatever their order', async () => {
      const node = await startNode(
        batchAnswering(
          (c) =>
            c.method === 'eth_call'
              ? { error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } }
              : c.method === 'eth_getTransactionByHash'
                ? { result: null }
                : echo(c),
          (replies) => [...replies].reverse(),
        ),
      );
      const upstream = client({ urls: [node.url] });
      const calls: BatchCall[] = [
        ...CALLS,
        { method: 'eth_call', params: [{ to: '0x01', data: '0x' }, 'latest'] },
        { method: 'eth_getTransactionByHash', params: ['0xab'] },
      ];
      const outcomes = await upstream.batch('/ext/bc/C/rpc', calls);
      expect(outcomes).to.have.length(5);
      expect(outcomes.slice(0, 3)).to.deep.equal(ECHOED);
      // A node's error for one call is that call's outcome, not a failure of the batch.
      expect(errorOf(outcomes[3]))
        .to.be.instanceOf(UpstreamRpcError)
        .and.to.include({ code: 3, message: 'execution reverted', data: '0x08c379a0', endpoint: node.url });
      expect(outcomes[4]).to.deep.equal({ result: null });

      expect(node.rpcCount()).to.equal(1);
      expect(node.requests[0]!).to.include({ url: '/ext/bc/C/rpc', contentType: 'application/json' });
      const [sent] = batchesOf(node);
      expect(sent!.map(({ jsonrpc, method, params }) => ({ jsonrpc, method, params }))).to.deep.equal(
        calls.map((c) => ({ jsonrpc: '2.0', ...c })),
      );
      const ids = sent!.map((c) => c.id);
      expect(new Set(ids).size).to.equal(5);
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });

      // The next batch (and call) is numbered afresh: a reply to an earlier request cannot be taken for its own.
      await upstream.batch('/ext/bc/C/rpc', CALLS);
      const again = batchesOf(node)[1]!.map((c) => c.id);
      expect(again.filter((id) => ids.includes(id))).to.deep.equal([]);
    });

    it('gives a call the node left out of its reply BATCH_UNANSWERED, the others their answers', async () => {
      let arrange: (replies: object[]) => unknown = (replies) => replies;
      const node = await startNode(batchAnswering(echo, (replies) => arrange(replies)));
      const upstream = client({ urls: [node.url] });

      // The second reply left out; replies for ids never asked (an earlier request's, a string id) are ignored.
      arrange = (replies) => [
        replies[2],
        { jsonrpc: '2.0', id: 0, result: 'stale' },
        { jsonrpc: '2.0', id: String((replies[1] as { id: number }).id), result: 'a string id' },
        replies[0],
      ];
      const outcomes = await upstream.batch('/ext/bc/C/rpc', CALLS);
      expect(outcomes[0]).to.deep.equal(ECHOED[0]);
      expect(outcomes[2]).to.deep.equal(ECHOED[2]);
      expect(errorOf(outcomes[1])).to.be.instanceOf(UpstreamRpcError).and.to.include({
        code: BATCH_UNANSWERED,
        message: 'the node did not answer this call of the batch',
        endpoint: node.url,
      });
      // Not a failure: no retry, the node stays healthy.
      expect(node.rpcCount()).to.equal(1);
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });

      // One call's own error, the others left out: still that call's answer, not a refusal of the batch.
      arrange = (replies) => [
        { jsonrpc: '2.0', id: (replies[0] as { id: number }).id, error: { code: 3, message: 'reverted' } },
      ];
      const one = await upstream.batch('/ext/bc/C/rpc', CALLS);
      expect(errorOf(one[0])).to.include({ code: 3, message: 'reverted' });
      expect(one.slice(1).map((o) => errorOf(o).code)).to.deep.equal([BATCH_UNANSWERED, BATCH_UNANSWERED]);

      // An empty array answers nothing.
      arrange = () => [];
      const none = await upstream.batch('/ext/bc/C/rpc', CALLS);
      expect(none.map((o) => errorOf(o).code)).to.deep.equal([
        BATCH_UNANSWERED,
        BATCH_UNANSWERED,
        BATCH_UNANSWERED,
      ]);
      expect(node.rpcCount()).to.equal(3);
    });

    it('an array of one error that answers no call, or says the request is invalid, is the node refusing the batch: thrown', async () => {
      let reply: (firstId: number) => object = () => ({});
      const node = await startNode((req, res) => {
        if (req.method === 'GET') return json(res, 200, { healthy: true });
        json(res, 200, [reply(sentBatch(req)[0]!.id)]);
      });
      const backup = await startNode(batchAnswering(echo));
      const upstream = client({ urls: [node.url, backup.url] });
      const refusals: [string, (firstId: number) => object, object][] = [
        [
          'a null id',
          () => ({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32005, message: 'batch requests are disabled' },
          }),
          { code: -32005, message: 'batch requests are disabled' },
        ],
        [
          "geth past its batch-request-limit: the first call's id",
          (firstId) => ({ jsonrpc: '2.0', id: firstId, error: { code: -32600, message: 'batch too large' } }),
          { code: -32600, message: 'batch too large' },
        ],
      ];
      for (const [what, answer, error] of refusals) {
        reply = answer;
        const err = await rejection(upstream.batch('/ext/bc/C/rpc', CALLS));
        expect(err, what)
          .to.be.instanceOf(UpstreamRpcError)
          .and.to.include({ ...error, endpoint: node.url });
      }
      // The node's answer, not its failure: not failed over, the node stays healthy.
      expect(node.rpcCount()).to.equal(2);
      expect(backup.rpcCount()).to.equal(0);
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
    });

    it('fails over to the next URL as a call does: on a 503, a 429, a refused connection or a reply that is no batch', async () => {
      const broken = await startNode(down);
      const limited = await startNode((_req, res) => json(res, 429, { message: 'slow down' }));
      const html = await startNode((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html></html>');
      });
      // Answers a batch as if it were one call.
      const single = await startNode((_req, res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: '0x1' }));
      const good = await startNode(batchAnswering(echo));
      const refused = await refusedUrl();
      const upstream = client({
        urls: [broken.url, limited.url, refused, html.url, single.url, good.url],
        attempts: 6,
      });
      expect(await upstream.batch('/ext/bc/C/rpc', CALLS)).to.deep.equal(ECHOED);
      for (const node of [broken, limited, html, single]) expect(node.rpcCount()).to.equal(1);
      expect(good.rpcCount()).to.equal(1);
      expect(upstream.status().map((s) => s.healthy)).to.deep.equal([
        false,
        false,
        false,
        false,
        false,
        true,
      ]);
      // Each attempt numbered afresh.
      const firstIds = batchesOf(broken)[0]!.map((c) => c.id);
      expect(
        batchesOf(good)[0]!
          .map((c) => c.id)
          .filter((id) => firstIds.includes(id)),
      ).to.deep.equal([]);

      // Unhealthy endpoints are passed over while a healthy one is left.
      expect(await upstream.batch('/ext/bc/C/rpc', CALLS)).to.deep.equal(ECHOED);
      expect(broken.rpcCount()).to.equal(1);
      expect(good.rpcCount()).to.equal(2);
    });

    it('gives up after `attempts` failures with UpstreamUnavailableError naming the batch', async () => {
      const a = await startNode(down);
      const b = await startNode(down);
      const upstream = client({ urls: [a.url, b.url], attempts: 3 });
      const err = await rejection(upstream.batch('/ext/bc/C/rpc', CALLS));
      expect(err).to.be.instanceOf(UpstreamUnavailableError);
      expect(err.message).to.match(
        /^upstream test: a batch of 3 calls failed after 3 attempts: HTTP 503 from /,
      );
      expect(a.rpcCount() + b.rpcCount()).to.equal(3);
    });

    it("a single error object for the whole batch is the node's answer: thrown, not failed over (HTTP 200 or 400)", async () => {
      for (const status of [200, 400]) {
        const refusing = await startNode(refusingBatches(status));
        const backup = await startNode(batchAnswering(echo));
        const upstream = client({ urls: [refusing.url, backup.url] });
        const err = await rejection(upstream.batch('/ext/bc/C/rpc', CALLS));
        expect(err, `HTTP ${status}`)
          .to.be.instanceOf(UpstreamRpcError)
          .and.to.include({ code: -32600, message: 'batch requests are disabled', endpoint: refusing.url });
        expect(refusing.rpcCount()).to.equal(1);
        expect(backup.rpcCount()).to.equal(0);
        expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
      }
    });

    it("a 4xx without a JSON-RPC body is the node's refusal of the batch, a 5xx its failure", async () => {
      const tooLarge = await startNode((_req, res) => {
        res.writeHead(413, { 'content-type': 'text/plain' });
        res.end('request entity too large');
      });
      const upstream = client({ urls: [tooLarge.url] });
      const err = await rejection(upstream.batch('/ext/bc/C/rpc', CALLS));
      expect(err).to.be.instanceOf(UpstreamRpcError);
      expect(err).to.include({ code: BATCH_REFUSED, message: 'HTTP 413: request entity too large' });
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0 });
      const broken = await startNode((_req, res) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
      });
      const good = await startNode(batchAnswering(echo));
      const failingOver = client({ urls: [broken.url, good.url] });
      expect(await failingOver.batch('/ext/bc/C/rpc', CALLS)).to.deep.equal(ECHOED);
      expect(failingOver.status()[0]).to.include({ healthy: false, consecutiveFailures: 1 });
    });

    it('stops at an abort, without marking the node failed', async () => {
      const node = await startNode(hanging);
      const upstream = client({ urls: [node.url] });
      const reason = new Error('stop');
      expect(await rejection(upstream.batch('/ext/bc/C/rpc', CALLS, AbortSignal.abort(reason)))).to.equal(
        reason,
      );
      expect(node.rpcCount()).to.equal(0);
      const controller = new AbortController();
      const pending = upstream.batch('/ext/bc/C/rpc', CALLS, controller.signal);
      await until(() => node.rpcCount() === 1, 'the batch to arrive');
      controller.abort(reason);
      await rejection(pending);
      expect(upstream.status()[0]).to.include({ healthy: true, consecutiveFailures: 0, inFlight: 0 });
    });

    it("a chain-routed batch goes to the chain's own nodes and fails over within them", async () => {
      const general = await startNode(batchAnswering(() => ({ result: 'general' })));
      const cDown = await startNode(down);
      const cNode = await startNode(batchAnswering(() => ({ result: 'c' })));
      const upstream = new ChainRoutedUpstream({
        name: 'test',
        log,
        backoffBaseMs: 1,
        backoffMaxMs: 5,
        urls: [general.url],
        chainUrls: new Map([['C', [cDown.url, cNode.url]]]),
      });
      clients.push(upstream);
      const calls = CALLS.slice(0, 2);
      expect(await upstream.batch('/ext/bc/C/rpc', calls)).to.deep.equal([{ result: 'c' }, { result: 'c' }]);
      expect(await upstream.batch('/ext/bc/P', calls)).to.deep.equal([
        { result: 'general' },
        { result: 'general' },
      ]);
      expect(cDown.rpcCount()).to.equal(1);
      expect(cNode.requests.map((r) => r.url)).to.deep.equal(['/ext/bc/C/rpc']);
      expect(general.requests.map((r) => r.url)).to.deep.equal(['/ext/bc/P']);
    });
  });
});
