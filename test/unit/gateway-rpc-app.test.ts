import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { createRpcGateway } from '../../services/gateway-rpc/app.ts';
import type { NodeRpcClient } from '../../services/gateway-rpc/node-apis.ts';
import type { ContainerIndexClient } from '../../services/runtime/node-api/index-api.ts';
import { chainAnswerKey } from '../../services/runtime/json-rpc/evm-methods.ts';

const BLOCK = '{"number":"0x7","hash":"0x07"}';
const PARSE_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}\n';

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
        let call: { id: number; method: string; params: unknown };
        try {
          call = JSON.parse(body.toString('utf8')) as typeof call;
        } catch {
          return Promise.resolve({
            status: 200,
            content_type: 'application/json',
            body: Buffer.from(PARSE_ERROR),
            final_answers: [],
          });
        }
        return Promise.resolve({
          status: 200,
          content_type: 'application/json',
          body: Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},"result":${BLOCK}}\n`),
          final_answers: [{ key: chainAnswerKey('C', call.method, call.params), result: BLOCK }],
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

  it('answers a kept call itself however it is written, and leaves to node-rpc what it cannot answer as geth', async function () {
    expect(await (await post('/ext/bc/C/rpc', 1)).text()).to.equal(
      `{"jsonrpc":"2.0","id":1,"result":${BLOCK}}\n`,
    );
    calls.length = 0;
    const send = async (body: string) =>
      (
        await fetch(`${base}/ext/bc/C/rpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).text();
    const kept = (id: string) => `{"jsonrpc":"2.0","id":${id},"result":${BLOCK}}\n`;
    // Members in another order (ethers writes them so), a string id, a member geth ignores.
    expect(
      await send('{"method":"eth_getBlockByNumber","params":["0x7",false],"id":9,"jsonrpc":"2.0"}'),
    ).to.equal(kept('9'));
    expect(
      await send('{"jsonrpc":"2.0","id":"a b","method":"eth_getBlockByNumber","params":["0x7",false]}'),
    ).to.equal(kept('"a b"'));
    expect(
      await send('{"jsonrpc":"2.0","id":-3,"method":"eth_getBlockByNumber","params":["0x7",false],"x":1}'),
    ).to.equal(kept('-3'));
    // An id outside ASCII: the reply is written as bytes, so its UTF-8 must be counted, not its characters.
    expect(
      await send('{"jsonrpc":"2.0","id":"é–🦊","method":"eth_getBlockByNumber","params":["0x7",false]}'),
    ).to.equal(kept('"é–🦊"'));
    expect(calls).to.deep.equal([]);
    // Spaces (the id's text is then not found as JSON writes it), an id JSON writes otherwise, a body that is not
    // JSON, another block: node-rpc answers.
    expect(
      await send(
        '{ "jsonrpc": "2.0", "id": 0, "method": "eth_getBlockByNumber", "params": ["0x7", false] }\n',
      ),
    ).to.equal(kept('0'));
    expect(
      await send('{"jsonrpc":"2.0","id":1.0,"method":"eth_getBlockByNumber","params":["0x7",false]}'),
    ).to.equal(kept('1'));
    expect(
      await send('{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x7",false]'),
    ).to.equal(PARSE_ERROR);
    expect(
      await send('{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x7",false]}}'),
    ).to.equal(PARSE_ERROR);
    expect(
      await send('{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x8",false]}'),
    ).to.equal(kept('1'));
    expect(calls).to.have.length(5);
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
