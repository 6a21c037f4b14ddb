import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { connect } from 'node:net';
import {
  ClientAbortError,
  isClientAbort,
  readRequestBody,
} from '../../services/runtime/http/request-body.ts';
import { jsonNestingExceeds } from '../../services/runtime/http/json-depth.ts';

describe('readRequestBody', function () {
  let server: Server;
  let port: number;
  /** What each read that failed rejected with. */
  const failures: unknown[] = [];

  before(async function () {
    server = createServer((req, res) => {
      void readRequestBody({ req, res }, 10).then(
        (body) => {
          if (body === undefined) {
            res.statusCode = 413;
            res.end('too large');
          } else res.end(`${body.length}:${body.toString('utf8')}`);
        },
        (err: unknown) => failures.push(err),
      );
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

  it('rejects with ClientAbortError when the client goes away mid-body, however it does', async function () {
    const cases = [
      // Closed after part of the declared length.
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\nabc',
      // A chunked body whose framing breaks off: Node's parser fails (HPE_…) at the end of the stream.
      'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab',
    ];
    for (const raw of cases) {
      failures.length = 0;
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      await new Promise<void>((resolve) => socket.write(raw, () => resolve()));
      await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
      const deadline = Date.now() + 2_000;
      while (failures.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(failures, raw).to.have.length(1);
      expect(failures[0], raw).to.be.instanceOf(ClientAbortError);
      expect(isClientAbort(failures[0])).to.equal(true);
    }
  });
});

describe('jsonNestingExceeds', function () {
  it('counts arrays and objects outside strings, without recursing', function () {
    expect(jsonNestingExceeds('{"a":[1,{"b":2}]}', 3)).to.equal(false);
    expect(jsonNestingExceeds('{"a":[1,{"b":2}]}', 2)).to.equal(true);
    expect(jsonNestingExceeds('"[[[[\\"[[[["', 1)).to.equal(false);
    expect(jsonNestingExceeds(`${'['.repeat(1_000_000)}`, 32)).to.equal(true);
    expect(jsonNestingExceeds(`${'[]'.repeat(1_000)}`, 1)).to.equal(false);
  });
});
