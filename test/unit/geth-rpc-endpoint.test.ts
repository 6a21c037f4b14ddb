import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { gethMethod, serveGeth } from '../../services/devnet/geth-rpc/endpoint.ts';
import { createLogger } from '../../services/runtime/logger.ts';

/** The geth-style endpoint under bad input: JSON deeper than encoding/json decodes is its parse error, not a crash. */
describe('geth endpoint under deep JSON', function () {
  let server: Server;
  let url: string;

  before(async function () {
    const app = new Koa();
    const methods = { eth_chainId: gethMethod([], () => '0xa869') };
    app.use((ctx) => serveGeth(ctx, { methods, log: createLogger('test', 'silent') }));
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  after(async function () {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function post(body: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: JSON.parse(await response.text()) as unknown };
  }

  it('answers a body nested past 10000 levels with -32700 parse error, and one within it as usual', async function () {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const n of [10_000, 100_000]) {
      const reply = await post(`{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":${deep(n)}}`);
      expect(reply).to.deep.equal({
        status: 200,
        body: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } },
      });
    }
    const array = await post(`{"jsonrpc":"2.0","id":${deep(9_999)},"method":"eth_chainId"}`);
    expect(array.status).to.equal(200);
    expect(array.body).to.deep.include({ id: null, error: { code: -32600, message: 'invalid request' } });
  });
});
