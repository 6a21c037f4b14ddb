import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { createRpcGateway } from '../../services/gateway-rpc/app.ts';
import type { NodeRpcClient } from '../../services/gateway-rpc/node-apis.ts';
import type { ContainerIndexClient } from '../../services/runtime/node-api/index-api.ts';
import { chainAnswerKey } from '../../services/runtime/json-rpc/evm-methods.ts';

const BLOCK = '{"number":"0x7","hash":"0x07"}';

/**
 * gateway-rpc's HTTP app over a node-rpc that answers every call with BLOCK and reports it final: what the gateway
 * answers itself and what it asks node-rpc, however the path is spelled.
 */
describe('gateway-rpc app', function () {
  let server: Server;
  let base: string;
  const calls: string[] = [];

  before(async function () {
    const nodeRpc = {
      Call: ({ path, body }: { path: string; body: Buffer }) => {
        calls.push(path);
        const { id, method, params } = JSON.parse(body.toString('utf8')) as {
          id: number;
          method: string;
          params: unknown;
        };
        return Promise.resolve({
          status: 200,
          content_type: 'application/json',
          body: Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":${BLOCK}}\n`),
          final_answers: [{ key: chainAnswerKey('C', method, params), result: BLOCK }],
        });
      },
    } as unknown as NodeRpcClient;
    const app = createRpcGateway({
      containerIndexer: {} as ContainerIndexClient,
      nodeRpc,
      cacheSize: 10,
      answerCacheBytes: 1024,
      cacheHitTraceRatio: 0,
      log: pino({ level: 'silent' }),
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async function () {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => (calls.length = 0));

  const post = (path: string, id: number, origin?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: ['0x7', false] }),
    });

  it('answers a call node-rpc reported final itself, with the caller’s id and the node’s headers', async function () {
    expect(await (await post('/ext/bc/C/rpc', 1)).text()).to.equal(
      `{"jsonrpc":"2.0","id":1,"result":${BLOCK}}\n`,
    );
    expect(calls).to.deep.equal(['/ext/bc/C/rpc']);
    const again = await post('/ext/bc/C/rpc', 2, 'https://app.example');
    expect(await again.text()).to.equal(`{"jsonrpc":"2.0","id":2,"result":${BLOCK}}\n`);
    expect(calls).to.deep.equal(['/ext/bc/C/rpc']);
    expect(again.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(again.headers.get('vary')).to.equal('Origin');
    expect(again.headers.get('access-control-allow-origin')).to.equal('*');
    expect(again.headers.get('access-control-allow-credentials')).to.equal('true');
  });

  it('serves the spellings the router matches (another case, an escape) with the same handler', async function () {
    expect(await (await post('/EXT/bc/C/RPC', 3)).text()).to.equal(
      `{"jsonrpc":"2.0","id":3,"result":${BLOCK}}\n`,
    );
    expect(await (await post('/ext/bc/%43/rpc', 4)).text()).to.equal(
      `{"jsonrpc":"2.0","id":4,"result":${BLOCK}}\n`,
    );
    expect(calls).to.deep.equal([]);
  });

  it('answers a path it does not serve (a trailing slash included) with the node router’s 404', async function () {
    for (const path of ['/ext/bc/C/rpc/', '/ext/bc/C/nowhere', '/ext/index/P/nowhere']) {
      const reply = await post(path, 5);
      expect(reply.status, path).to.equal(404);
      expect(await reply.text()).to.equal('404 page not found\n');
    }
    expect(calls).to.deep.equal([]);
  });

  it('answers a CORS preflight itself', async function () {
    const reply = await fetch(`${base}/ext/bc/C/rpc`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'post' },
    });
    expect(reply.status).to.equal(200);
    expect(reply.headers.get('access-control-allow-methods')).to.equal('POST');
    expect(reply.headers.get('vary')).to.equal(
      'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    );
    expect(calls).to.deep.equal([]);
  });
});
