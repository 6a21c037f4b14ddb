import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { DomainError } from '../../services/runtime/errors.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { EncodedGoJson, encodeGoJson, field } from '../../services/runtime/gorilla-rpc/go-json.ts';
import {
  gorillaMethod,
  HttpReplyError,
  INVALID_ARGUMENT_MESSAGE,
  InvalidArgumentError,
  serveGorilla,
  type GorillaService,
} from '../../services/runtime/gorilla-rpc/endpoint.ts';

interface Reply {
  status: number;
  contentType: string | null;
  nosniff: string | null;
  text: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** A result with what Go's encoder escapes. */
const ENCODED_RESULT = { id: 'abc', memo: '<a href="x">&</a>', bytes: '0x00ff', index: '7' };

describe('gorilla endpoint', () => {
  let server: Server;
  let url: string;
  /** Calls that reached a handler, by method. */
  const calls: { method: string; params: Record<string, unknown> }[] = [];

  const service: GorillaService = {
    name: 'index',
    methods: {
      getLastAccepted: gorillaMethod(
        (params) => {
          const encoding = field(params, 'encoding');
          if (encoding !== undefined && encoding !== null && typeof encoding !== 'string') {
            throw new InvalidArgumentError('invalid encoding');
          }
          return { params, encoding: encoding ?? 'hex' };
        },
        ({ params, encoding }) => {
          calls.push({ method: 'getLastAccepted', params });
          return Promise.resolve({ id: 'abc', encoding });
        },
      ),
      fail: gorillaMethod(
        (params) => params,
        (params) => {
          calls.push({ method: 'fail', params });
          return Promise.reject(new DomainError('not_found', 'container <a> & b > c not found'));
        },
      ),
      crash: gorillaMethod(
        (params) => params,
        () => Promise.reject(new Error('secret internals')),
      ),
      encoded: gorillaMethod(
        (params) => params,
        () => Promise.resolve(new EncodedGoJson(ENCODED_RESULT)),
      ),
      encodedInside: gorillaMethod(
        (params) => params,
        () => Promise.resolve({ list: [new EncodedGoJson(ENCODED_RESULT), new EncodedGoJson('x')] }),
      ),
      notServed: gorillaMethod(
        (params) => params,
        () => Promise.reject(new HttpReplyError(404, '404 page not found\n')),
      ),
    },
  };

  before(async () => {
    const app = new Koa();
    const log = createLogger('test', 'silent');
    app.use((ctx) => serveGorilla(ctx, service, log));
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/index/P/block`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    calls.length = 0;
  });

  async function send(
    body: string | undefined,
    options: { method?: string; contentType?: string | null } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
    const response = await fetch(url, {
      method: options.method ?? 'POST',
      headers,
      // A Uint8Array body makes fetch send no Content-Type of its own.
      body: body === undefined ? undefined : Buffer.from(body, 'utf8'),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      nosniff: response.headers.get('x-content-type-options'),
      text: await response.text(),
    };
  }

  function request(method: string, params?: unknown, id: unknown = 1): string {
    return JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }), id });
  }

  function expectRpcError(reply: Reply, code: number, message: string, id = '1', data = 'null'): void {
    expect(reply.status).to.equal(200);
    expect(reply.contentType).to.equal(JSON_TYPE);
    expect(reply.text).to.equal(
      `{"jsonrpc":"2.0","error":{"code":${code},"message":${goString(message)},"data":${data}},"id":${id}}\n`,
    );
  }

  /** A request id as the reply echoes it: its source text, HTML-sensitive characters escaped. */
  function goId(source: string): string {
    return source.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  }

  /** A JSON string as Go's encoder writes it. */
  function goString(text: string): string {
    return JSON.stringify(text).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  }

  describe('HTTP level', () => {
    it('answers non-POST with 405 text', async () => {
      const reply = await send(undefined, { method: 'GET', contentType: null });
      expect(reply.status).to.equal(405);
      expect(reply.contentType).to.equal(TEXT_TYPE);
      expect(reply.text).to.equal('rpc: POST method required, received GET');
      const put = await send(request('index.getLastAccepted'), { method: 'PUT' });
      expect(put.status).to.equal(405);
      expect(put.text).to.equal('rpc: POST method required, received PUT');
      expect(calls).to.have.length(0);
    });

    it('answers a missing Content-Type with 415', async () => {
      const reply = await send(request('index.getLastAccepted'), { contentType: null });
      expect(reply.status).to.equal(415);
      expect(reply.contentType).to.equal(TEXT_TYPE);
      expect(reply.text).to.equal('rpc: unrecognized Content-Type: ');
      expect(calls).to.have.length(0);
    });

    it('accepts application/json with parameters and in any case', async () => {
      for (const contentType of ['application/json', JSON_TYPE, 'APPLICATION/JSON', 'Application/Json;x=y']) {
        const reply = await send(request('index.getLastAccepted'), { contentType });
        expect(reply.status, contentType).to.equal(200);
        expect(reply.text).to.equal('{"jsonrpc":"2.0","result":{"id":"abc","encoding":"hex"},"id":1}\n');
      }
      expect(calls).to.have.length(4);
    });

    it('rejects other content types with 415, quoting the media type as sent', async () => {
      const spaced = await send(request('index.getLastAccepted'), {
        contentType: 'application/json ; charset=utf-8',
      });
      expect(spaced.status).to.equal(415);
      expect(spaced.contentType).to.equal(TEXT_TYPE);
      expect(spaced.text).to.equal('rpc: unrecognized Content-Type: application/json ');
      const text = await send(request('index.getLastAccepted'), { contentType: 'text/plain' });
      expect(text.status).to.equal(415);
      expect(text.text).to.equal('rpc: unrecognized Content-Type: text/plain');
      const form = await send(request('index.getLastAccepted'), {
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(form.status).to.equal(415);
      expect(form.text).to.equal('rpc: unrecognized Content-Type: application/x-www-form-urlencoded');
      expect(calls).to.have.length(0);
    });
  });

  describe('replies', () => {
    it('a success is HTTP 200 JSON with nosniff and a trailing newline', async () => {
      const reply = await send(request('index.getLastAccepted', { encoding: 'hexnc' }));
      expect(reply.status).to.equal(200);
      expect(reply.contentType).to.equal(JSON_TYPE);
      expect(reply.nosniff).to.equal('nosniff');
      expect(reply.text).to.equal('{"jsonrpc":"2.0","result":{"id":"abc","encoding":"hexnc"},"id":1}\n');
      expect(calls).to.deep.equal([{ method: 'getLastAccepted', params: { encoding: 'hexnc' } }]);
    });

    it('a result encoded beforehand is sent as the same bytes as the value itself, with any request id', async () => {
      for (const id of ['1', '1.50', '"<x>&"', '{"a":[1e3]}']) {
        const text = (method: string) => send(`{"jsonrpc":"2.0","method":"${method}","id":${id}}`);
        const reply = await text('index.encoded');
        expect(reply.status).to.equal(200);
        expect(reply.contentType).to.equal(JSON_TYPE);
        expect(reply.text).to.equal(
          encodeGoJson({ jsonrpc: '2.0', result: ENCODED_RESULT, id: 'ID' }).replace('"ID"', goId(id)),
        );
        expect((await text('index.encodedInside')).text).to.equal(
          encodeGoJson({ jsonrpc: '2.0', result: { list: [ENCODED_RESULT, 'x'] }, id: 'ID' }).replace(
            '"ID"',
            goId(id),
          ),
        );
      }
      // A notification still gets no body.
      expect((await send('{"jsonrpc":"2.0","method":"index.encoded"}')).text).to.equal('');
    });

    it('a handler error is HTTP 200 with code -32000 and data null, text escaped as Go does', async () => {
      const reply = await send(request('index.fail'));
      expectRpcError(reply, -32000, 'container <a> & b > c not found');
      expect(reply.text).to.include('"message":"container \\u003ca\\u003e \\u0026 b \\u003e c not found"');
      // the method was called, so the node's nosniff header is there
      expect(reply.nosniff).to.equal('nosniff');
      expect(calls.map((c) => c.method)).to.deep.equal(['fail']);
    });

    it('an unexpected handler error is -32000 "internal error"', async () => {
      const reply = await send(request('index.crash'));
      expectRpcError(reply, -32000, 'internal error');
      expect(reply.text).to.not.include('secret');
    });

    it('an HttpReplyError becomes that plain-text HTTP reply', async () => {
      const reply = await send(request('index.notServed'));
      expect(reply.status).to.equal(404);
      expect(reply.contentType).to.equal(TEXT_TYPE);
      expect(reply.text).to.equal('404 page not found\n');
    });

    it('echoes the id raw, as sent', async () => {
      const number = await send('{"jsonrpc":"2.0","method":"index.getLastAccepted","id":1.50}');
      expect(number.text).to.equal('{"jsonrpc":"2.0","result":{"id":"abc","encoding":"hex"},"id":1.50}\n');
      const big = await send('{"jsonrpc":"2.0","method":"index.getLastAccepted","id":18446744073709551617}');
      expect(big.text).to.match(/,"id":18446744073709551617}\n$/);
      const text = await send(request('index.getLastAccepted', undefined, 'abc<>'));
      expect(text.text).to.equal(
        '{"jsonrpc":"2.0","result":{"id":"abc","encoding":"hex"},"id":"abc\\u003c\\u003e"}\n',
      );
      const object = await send(request('index.fail', undefined, { k: [1] }));
      expectRpcError(object, -32000, 'container <a> & b > c not found', '{"k":[1]}');
    });

    it('runs a notification (no id or id null) and answers HTTP 200 with an empty body', async () => {
      for (const body of [
        '{"jsonrpc":"2.0","method":"index.getLastAccepted"}',
        '{"jsonrpc":"2.0","method":"index.getLastAccepted","id":null}',
        '{"jsonrpc":"2.0","method":"index.fail","id":null}',
      ]) {
        const reply = await send(body);
        expect(reply.status, body).to.equal(200);
        expect(reply.text, body).to.equal('');
      }
      expect(calls.map((c) => c.method)).to.deep.equal(['getLastAccepted', 'getLastAccepted', 'fail']);
    });

    it('matches request keys case-insensitively', async () => {
      const reply = await send(
        '{"JSONRPC":"2.0","Method":"index.getLastAccepted","PARAMS":{"encoding":"hexc"},"Id":3}',
      );
      expect(reply.text).to.equal('{"jsonrpc":"2.0","result":{"id":"abc","encoding":"hexc"},"id":3}\n');
    });
  });

  describe('request errors', () => {
    it('a batch is a parse error with id null', async () => {
      const reply = await send(`[${request('index.getLastAccepted')}]`);
      expectRpcError(
        reply,
        -32700,
        'json: cannot unmarshal array into Go value of type json2.serverRequest',
        'null',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
      );
      expect(reply.nosniff).to.equal(null);
      expect(calls).to.have.length(0);
    });

    it('bad JSON is a parse error with an empty request as data', async () => {
      const empty = '{"jsonrpc":"","method":"","params":null,"id":null}';
      expectRpcError(
        await send('{"jsonrpc":"2.0","id":1,}'),
        -32700,
        "invalid character '}' looking for beginning of object key string",
        'null',
        empty,
      );
      expectRpcError(
        await send('not json'),
        -32700,
        "invalid character 'o' in literal null (expecting 'u')",
        'null',
        empty,
      );
      expectRpcError(await send(''), -32700, 'EOF', 'null', empty);
      expectRpcError(await send('{"jsonrpc":"2.0","id":1,'), -32700, 'unexpected EOF', 'null', empty);
      expectRpcError(
        await send('"a string"'),
        -32700,
        'json: cannot unmarshal string into Go value of type json2.serverRequest',
        'null',
        empty,
      );
      expect(calls).to.have.length(0);
    });

    it('JSON nested deeper than Go allows is its parse error; within the limit the id echoes as written', async () => {
      const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
      expectRpcError(
        await send(`{"jsonrpc":"2.0","method":"index.getLastAccepted","id":${deep(10_000)}}`),
        -32700,
        "invalid character '{' exceeded max depth",
        'null',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
      );
      expectRpcError(
        await send(`{"jsonrpc":"2.0","method":"index.fail","params":{"x":${deep(100_000)}},"id":1}`),
        -32700,
        "invalid character '{' exceeded max depth",
        'null',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
      );
      const id = deep(9_999);
      const reply = await send(`{"jsonrpc":"2.0","method":"index.getLastAccepted","id":${id}}`);
      expect(reply.text).to.equal(`{"jsonrpc":"2.0","result":{"id":"abc","encoding":"hex"},"id":${id}}\n`);
      const params = `[${deep(9_998)}]`;
      expectRpcError(
        await send(`{"jsonrpc":"1.0","method":"index.fail","params":${params},"id":2}`),
        -32600,
        'jsonrpc must be 2.0',
        '2',
        `{"jsonrpc":"1.0","method":"index.fail","params":${params},"id":2}`,
      );
    });

    it('echoes params and id compacted, escapes and number forms kept, as json.RawMessage is', async () => {
      expectRpcError(
        await send('{"jsonrpc":"1","method":"m","params":[ {"a" : "x y\\u0041<"} , 1.0 ],"id": [ 1e2 ]}'),
        -32600,
        'jsonrpc must be 2.0',
        '[1e2]',
        '{"jsonrpc":"1","method":"m","params":[{"a":"x y\\u0041\\u003c"},1.0],"id":[1e2]}',
      );
    });

    it('a wrongly typed method is a parse error echoing what was read', async () => {
      const reply = await send('{"jsonrpc":"2.0","method":5,"id":9}');
      expectRpcError(
        reply,
        -32700,
        'json: cannot unmarshal number into Go struct field serverRequest.method of type string',
        '9',
        '{"jsonrpc":"2.0","method":"","params":null,"id":9}',
      );
    });

    it('JSON "null" is a request with no fields: jsonrpc must be 2.0, no id, so no body', async () => {
      const reply = await send('null');
      expect(reply.status).to.equal(200);
      expect(reply.text).to.equal('');
    });

    it('jsonrpc other than 2.0 is -32600 with the request as data', async () => {
      const body = '{"jsonrpc":"1.0","method":"index.getLastAccepted","params":{"encoding":"hex"},"id":7}';
      expectRpcError(
        await send(body),
        -32600,
        'jsonrpc must be 2.0',
        '7',
        '{"jsonrpc":"1.0","method":"index.getLastAccepted","params":{"encoding":"hex"},"id":7}',
      );
      expectRpcError(
        await send('{"method":"index.getLastAccepted","id":7}'),
        -32600,
        'jsonrpc must be 2.0',
        '7',
        '{"jsonrpc":"","method":"index.getLastAccepted","params":null,"id":7}',
      );
      expect(calls).to.have.length(0);
    });

    it('method names follow gorilla and avalanchego', async () => {
      const cases: [string, string][] = [
        ['index.GetLastAccepted', 'method must start with a non-uppercase letter'],
        ['index.Foo', 'method must start with a non-uppercase letter'],
        ['index.foo', 'rpc: can\'t find method "index.Foo"'],
        ['foo.bar', 'rpc: can\'t find service "foo.Bar"'],
        ['Index.getLastAccepted', 'rpc: can\'t find service "Index.GetLastAccepted"'],
        ['getLastAccepted', 'rpc: service/method request ill-formed: "getLastAccepted"'],
        ['index.getLastAccepted.x', 'rpc: service/method request ill-formed: "index.GetLastAccepted.x"'],
        ['', 'rpc: service/method request ill-formed: ""'],
        ['index.', 'rpc: can\'t find method "index."'],
      ];
      for (const [method, message] of cases) {
        const reply = await send(request(method));
        expectRpcError(reply, -32000, message);
        expect(reply.nosniff, method).to.equal(null);
      }
      expect(calls).to.have.length(0);
    });

    it('a method name with <, > or & is escaped in the message', async () => {
      const reply = await send(request('index.a<b>'));
      expect(reply.text).to.equal(
        '{"jsonrpc":"2.0","error":{"code":-32000,"message":"rpc: can\'t find method \\"index.A\\u003cb\\u003e\\"","data":null},"id":1}\n',
      );
    });
  });

  describe('params', () => {
    it('takes an object, the first element of an array, or nothing', async () => {
      const cases: [unknown, Record<string, unknown>][] = [
        [{ encoding: 'hexc' }, { encoding: 'hexc' }],
        [[{ encoding: 'hexc' }], { encoding: 'hexc' }],
        [[{ encoding: 'hexnc' }, 'junk', 5], { encoding: 'hexnc' }],
        [[], {}],
        [[null], {}],
        [null, {}],
        [undefined, {}],
        [{}, {}],
      ];
      for (const [params, seen] of cases) {
        calls.length = 0;
        const reply = await send(request('index.getLastAccepted', params));
        expect(reply.status).to.equal(200);
        expect(reply.text, JSON.stringify(params)).to.match(/^\{"jsonrpc":"2\.0","result":/);
        expect(calls).to.have.length(1);
        expect(calls[0]!.params).to.deep.equal(seen);
      }
    });

    it("non-object params and decoder failures have the node's one text", async () => {
      for (const params of [5, 'x', [5], ['x'], [[]], true, { encoding: 5 }, [{ encoding: [] }]]) {
        const reply = await send(request('index.getLastAccepted', params));
        expectRpcError(reply, -32000, INVALID_ARGUMENT_MESSAGE);
        expect(reply.nosniff, JSON.stringify(params)).to.equal(null);
      }
      expect(INVALID_ARGUMENT_MESSAGE).to.equal(
        "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
      );
      expect(calls).to.have.length(0);
    });
  });
});
