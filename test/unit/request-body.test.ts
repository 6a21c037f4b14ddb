import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { readRequestBody } from '../../services/runtime/http/request-body.ts';

describe('readRequestBody', function () {
  let server: Server;
  let port: number;

  before(async function () {
    server = createServer((req, res) => {
      void readRequestBody({ req, res }, 10).then((body) => {
        if (body === undefined) {
          res.statusCode = 413;
          res.end('too large');
        } else res.end(`${body.length}:${body.toString('utf8')}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async function () {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Sends `chunks` as one request body, a tick apart, and returns the reply and whether the socket closed. */
  function send(chunks: string[]): Promise<{ status: number; text: string; connection?: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            text,
            ...(res.headers.connection ? { connection: res.headers.connection } : {}),
          }),
        );
      });
      req.on('error', reject);
      const write = (i: number) => {
        if (i === chunks.length) return void req.end();
        req.write(chunks[i]!, () => setImmediate(() => write(i + 1)));
      };
      write(0);
    });
  }

  it('gathers a body sent in several chunks, up to the limit', async function () {
    expect(await send(['abc', 'def', 'ghij'])).to.deep.include({ status: 200, text: '10:abcdefghij' });
    expect(await send([])).to.deep.include({ status: 200, text: '0:' });
  });

  it('gives up past the limit, and the reply closes the connection instead of reading the rest', async function () {
    const reply = await send(['abcdefghijk']);
    expect(reply).to.deep.equal({ status: 413, text: 'too large', connection: 'close' });
  });
});
