import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createIndexApiClient } from '@avalanche-sdk/client';
import { avalanche } from '@avalanche-sdk/client/chains';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';
import { checkedHex, goTime, startUpstreamNode, type UpstreamNode } from '../support/upstream-node.ts';

/**
 * gateway-rpc's Index API, driven over HTTP exactly as clients of a real avalanchego node drive it, against a stack
 * (container-indexer + gateway-rpc processes) that mirrored the fixture upstream.
 */
describe('Index API through gateway-rpc', function () {
  let db: TestDatabase;
  let upstream: UpstreamNode;
  let indexer: RunningComponent;
  let gateway: RunningComponent;
  let base: string;
  let indexerAddress: string;

  before(async function () {
    this.timeout(120_000);
    upstream = await startUpstreamNode({ indexes: { 'P/block': 1500, 'X/tx': 5 } });
    db = await createTestDatabase();
    const grpcPort = await freePort();
    const httpPort = await freePort();
    indexerAddress = `127.0.0.1:${grpcPort}`;
    indexer = await startComponent('container-indexer', {
      DATABASE_URL: db.url,
      UPSTREAM_NODE_URLS: upstream.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${grpcPort}`,
      INDEXER_INDEXES: 'P/block,X/tx,C/block',
      INDEXER_POLL_INTERVAL_MS: '50',
    });
    gateway = await startComponent('gateway-rpc', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      CONTAINER_INDEXER_ADDRESS: indexerAddress,
    });
    base = `http://127.0.0.1:${httpPort}`;
    await eventually(
      async () => (await call('P/block', 'index.getLastAccepted', {})).body.includes('"index":"1499"'),
      60_000,
      'the mirror',
    );
    await eventually(
      async () => (await call('X/tx', 'index.getLastAccepted', {})).body.includes('"index":"4"'),
      60_000,
      'the mirror',
    );
  });

  after(async function () {
    await gateway?.stop();
    await indexer?.stop();
    await db?.drop();
    await upstream?.close();
  });

  async function post(
    path: string,
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  function call(indexName: string, method: string, params: unknown, id: unknown = 1) {
    return post(`/ext/index/${indexName}`, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  }

  async function result(
    indexName: string,
    method: string,
    params: unknown,
  ): Promise<Record<string, unknown>> {
    const reply = await call(indexName, method, params);
    expect(reply.status).to.equal(200);
    const parsed = JSON.parse(reply.body) as { result?: Record<string, unknown>; error?: unknown };
    expect(parsed.error, reply.body).to.equal(undefined);
    return parsed.result!;
  }

  async function errorOf(indexName: string, method: string, params: unknown): Promise<string> {
    const reply = await call(indexName, method, params);
    expect(reply.status, 'JSON-RPC errors are HTTP 200').to.equal(200);
    const parsed = JSON.parse(reply.body) as { error: { code: number; message: string; data: unknown } };
    expect(parsed.error.code).to.equal(-32000);
    expect(parsed.error.data).to.equal(null);
    expect(reply.body).to.include('"data":null');
    return parsed.error.message;
  }

  const container = (indexName: string, index: number) => upstream.indexes.get(indexName)![index]!;

  function formatted(indexName: string, index: number, encoding = 'hex') {
    const c = container(indexName, index);
    const bytes = encoding === 'hexnc' ? `0x${c.bytes.toString('hex')}` : checkedHex(c.bytes);
    return { id: c.id, bytes, timestamp: goTime(c.timestampNanos), encoding, index: String(index) };
  }

  it('serves each lookup with the node reply shape, fields in order and uint64 values as strings', async function () {
    const reply = await call('P/block', 'index.getContainerByIndex', { index: 7, encoding: 'hex' });
    expect(reply.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(reply.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(reply.body).to.equal(
      `${JSON.stringify({ jsonrpc: '2.0', result: formatted('P/block', 7), id: 1 })}\n`,
    );
    expect(await result('P/block', 'index.getLastAccepted', { encoding: 'hex' })).to.deep.equal(
      formatted('P/block', 1499),
    );
    expect(
      await result('P/block', 'index.getContainerByID', { id: container('P/block', 42).id }),
    ).to.deep.equal(formatted('P/block', 42));
    expect(await result('P/block', 'index.getIndex', { id: container('P/block', 42).id })).to.deep.equal({
      index: '42',
    });
    expect(await result('X/tx', 'index.isAccepted', { id: container('X/tx', 3).id })).to.deep.equal({
      isAccepted: true,
    });
    expect(await result('X/tx', 'index.isAccepted', { id: container('P/block', 3).id })).to.deep.equal({
      isAccepted: false,
    });
  });

  it('encodes bytes as hex and hexc with a 4-byte sha256 checksum, hexnc without, echoing the name canonically', async function () {
    const c = container('P/block', 3);
    const checksum = createHash('sha256').update(c.bytes).digest().subarray(-4).toString('hex');
    expect(
      (await result('P/block', 'index.getContainerByIndex', { index: 3, encoding: 'hexc' })).bytes,
    ).to.equal(`0x${c.bytes.toString('hex')}${checksum}`);
    expect(
      await result('P/block', 'index.getContainerByIndex', { index: 3, encoding: 'HEXNC' }),
    ).to.deep.equal(formatted('P/block', 3, 'hexnc'));
    expect(await result('P/block', 'index.getContainerByIndex', { index: 3 })).to.deep.equal(
      formatted('P/block', 3),
    );
    expect(await result('P/block', 'index.getContainerByIndex', { index: 3, encoding: null })).to.deep.equal(
      formatted('P/block', 3),
    );
    expect(await errorOf('P/block', 'index.getContainerByIndex', { index: 3, encoding: 'json' })).to.equal(
      'unsupported encoding in method',
    );
    // The index check comes first.
    expect(
      await errorOf('P/block', 'index.getContainerByIndex', { index: 99999, encoding: 'json' }),
    ).to.equal('no container at index 99999');
  });

  it('pages with getContainerRange: {containers}, truncated at the last accepted, numToFetch in [1,1024]', async function () {
    const range = await result('P/block', 'index.getContainerRange', { startIndex: 1000, numToFetch: 1024 });
    const containers = range.containers as unknown[];
    expect(containers).to.have.length(500);
    expect(containers[0]).to.deep.equal(formatted('P/block', 1000));
    expect(containers[499]).to.deep.equal(formatted('P/block', 1499));
    expect(
      (await result('P/block', 'index.getContainerRange', { startIndex: '0', numToFetch: '1024' }))
        .containers,
    ).to.have.length(1024);
    expect(await errorOf('P/block', 'index.getContainerRange', { startIndex: 0, numToFetch: 0 })).to.equal(
      'numToFetch must be in [1,1024] but is 0',
    );
    expect(await errorOf('P/block', 'index.getContainerRange', { startIndex: 0, numToFetch: 1025 })).to.equal(
      'numToFetch must be in [1,1024] but is 1025',
    );
    expect(await errorOf('P/block', 'index.getContainerRange', { startIndex: 0 })).to.equal(
      'numToFetch must be in [1,1024] but is 0',
    );
    expect(await errorOf('P/block', 'index.getContainerRange', { startIndex: 1500, numToFetch: 1 })).to.equal(
      'start index (1500) > last accepted index (1499)',
    );
    expect(
      (await call('P/block', 'index.getContainerRange', { startIndex: 1500, numToFetch: 1 })).body,
    ).to.include('start index (1500) \\u003e last accepted index (1499)');
    expect(await errorOf('C/block', 'index.getContainerRange', { startIndex: 0, numToFetch: 1 })).to.equal(
      'no containers have been accepted',
    );
  });

  it("answers with the node's error texts", async function () {
    expect(await errorOf('C/block', 'index.getLastAccepted', {})).to.equal(
      'no containers have been accepted',
    );
    expect(await errorOf('P/block', 'index.getContainerByIndex', { index: 1500 })).to.equal(
      'no container at index 1500',
    );
    // Any uint64, even past the int64 the indexer stores: the node's answer, not an internal error.
    for (const index of [2n ** 63n - 1n, 2n ** 63n, 2n ** 64n - 1n]) {
      expect(await errorOf('P/block', 'index.getContainerByIndex', { index: String(index) })).to.equal(
        `no container at index ${index}`,
      );
    }
    expect(
      await errorOf('P/block', 'index.getContainerRange', {
        startIndex: String(2n ** 64n - 1n),
        numToFetch: 1,
      }),
    ).to.equal(`start index (${2n ** 64n - 1n}) > last accepted index (1499)`);
    expect(await errorOf('P/block', 'index.getContainerByID', { id: container('X/tx', 0).id })).to.equal(
      'not found',
    );
    expect(await errorOf('P/block', 'index.getIndex', { id: container('X/tx', 0).id })).to.equal('not found');
    // A missing id is the zero ID: not found, or not accepted.
    expect(await errorOf('P/block', 'index.getIndex', {})).to.equal('not found');
    expect(await result('P/block', 'index.isAccepted', {})).to.deep.equal({ isAccepted: false });
    expect(await errorOf('P/block', 'index.getNothing', {})).to.equal(
      'rpc: can\'t find method "index.GetNothing"',
    );
    expect(await errorOf('P/block', 'index.GetLastAccepted', {})).to.equal(
      'method must start with a non-uppercase letter',
    );
  });

  it('decodes arguments as the Go types do', async function () {
    const invalid =
      "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";
    expect((await result('P/block', 'index.getContainerByIndex', { index: '007' })).index).to.equal('7');
    expect((await result('P/block', 'index.getContainerByIndex', [{ index: 8 }])).index).to.equal('8');
    expect((await result('P/block', 'index.getContainerByIndex', [{ index: 9 }, 'ignored'])).index).to.equal(
      '9',
    );
    expect(
      (await result('P/block', 'index.getContainerByIndex', { INDEX: 10 })).index,
      'keys match case-insensitively',
    ).to.equal('10');
    for (const bad of [
      { index: -1 },
      { index: 1.0 },
      { index: '1e0' },
      { index: '18446744073709551616' },
      { index: true },
    ]) {
      const text = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'index.getContainerByIndex',
        params: bad,
      }).replace('"index":1', '"index":1.0');
      const reply = JSON.parse((await post('/ext/index/P/block', text)).body) as {
        error: { message: string };
      };
      expect(reply.error.message, JSON.stringify(bad)).to.equal(invalid);
    }
    expect(await errorOf('P/block', 'index.getContainerByIndex', { index: 1, encoding: 'base64' })).to.equal(
      invalid,
    );
    expect(await errorOf('P/block', 'index.getContainerByID', { id: 'not-cb58' })).to.equal(invalid);
    expect(await errorOf('P/block', 'index.getContainerByID', { id: 5 })).to.equal(invalid);
    expect(await errorOf('P/block', 'index.getContainerByIndex', 5)).to.equal(invalid);
    expect(await errorOf('P/block', 'index.getContainerByIndex', ['x'])).to.equal(invalid);
  });

  it('rejects what the node rejects: non-POST 405, non-JSON 415, batches, bad JSON', async function () {
    const get = await fetch(`${base}/ext/index/P/block`);
    expect(get.status).to.equal(405);
    expect(get.headers.get('content-type')).to.equal('text/plain; charset=utf-8');
    expect(await get.text()).to.equal('rpc: POST method required, received GET');
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'index.getLastAccepted', params: {} });
    const noType = await post('/ext/index/P/block', body, {});
    expect(noType.status).to.equal(415);
    expect(noType.body).to.match(/^rpc: unrecognized Content-Type: /);
    const text = await post('/ext/index/P/block', body, { 'content-type': 'text/plain' });
    expect([text.status, text.body]).to.deep.equal([415, 'rpc: unrecognized Content-Type: text/plain']);
    expect(
      (await post('/ext/index/P/block', body, { 'content-type': 'application/json; charset=utf-8' })).status,
    ).to.equal(200);
    const batch = await post('/ext/index/P/block', `[${body},${body}]`);
    expect(batch.status).to.equal(200);
    expect(JSON.parse(batch.body)).to.deep.equal({
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'json: cannot unmarshal array into Go value of type json2.serverRequest',
        data: { jsonrpc: '', method: '', params: null, id: null },
      },
      id: null,
    });
    const broken = JSON.parse((await post('/ext/index/P/block', '{"jsonrpc":"2.0","id":1,')).body) as {
      error: { code: number; message: string };
    };
    expect(broken.error).to.include({ code: -32700, message: 'unexpected EOF' });
    const version = JSON.parse(
      (await post('/ext/index/P/block', '{"jsonrpc":"1.0","id":7,"method":"index.getLastAccepted"}')).body,
    ) as { error: { code: number; message: string }; id: number };
    expect(version.error).to.include({ code: -32600, message: 'jsonrpc must be 2.0' });
    expect(version.id).to.equal(7);
    const notification = await post(
      '/ext/index/P/block',
      '{"jsonrpc":"2.0","method":"index.getLastAccepted"}',
    );
    expect([notification.status, notification.body]).to.deep.equal([200, '']);
  });

  it("answers JSON nested past Go's depth limit with its parse error, and echoes a deep id within it", async function () {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const refused = await post(
      '/ext/index/P/block',
      `{"jsonrpc":"2.0","method":"index.getLastAccepted","id":${deep(10_000)}}`,
    );
    expect(refused.status).to.equal(200);
    expect(refused.body).to.equal(
      '{"jsonrpc":"2.0","error":{"code":-32700,"message":"invalid character \'[\' exceeded max depth",' +
        '"data":{"jsonrpc":"","method":"","params":null,"id":null}},"id":null}\n',
    );
    const echoed = await post(
      '/ext/index/P/block',
      `{"jsonrpc":"2.0","method":"index.getContainerByIndex","params":{"index":1},"id":${deep(9_999)}}`,
    );
    expect(echoed.status).to.equal(200);
    expect(echoed.body.endsWith(`,"id":${deep(9_999)}}\n`)).to.equal(true);
    expect(JSON.parse(echoed.body)).to.have.nested.property('result.index', '1');
  });

  it('answers unknown paths and indexes it does not serve as the node router does', async function () {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'index.getLastAccepted', params: {} });
    for (const path of [
      '/ext/index/X/vtx',
      '/ext/index/X/block',
      '/ext/index/Q/block',
      '/ext/index/P/block/',
    ]) {
      const reply = await post(path, body);
      expect([reply.status, reply.body], path).to.deep.equal([404, '404 page not found\n']);
    }
    const pastInt64 = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'index.getContainerByIndex',
      params: { index: String(2n ** 63n) },
    });
    const unserved = await post('/ext/index/X/vtx', pastInt64);
    expect([unserved.status, unserved.body]).to.deep.equal([404, '404 page not found\n']);
  });

  describe('with its cache off, concurrent lookups in batch calls', function () {
    let uncached: RunningComponent;
    let uncachedBase: string;

    before(async function () {
      const httpPort = await freePort();
      uncached = await startComponent('gateway-rpc', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(httpPort),
        CONTAINER_INDEXER_ADDRESS: indexerAddress,
        GATEWAY_CACHE_SIZE: '0',
      });
      uncachedBase = `http://127.0.0.1:${httpPort}`;
    });

    after(async function () {
      await uncached?.stop();
    });

    /** Each lookup the batches serve, of every outcome, for two indexes served and one not. */
    const lookups = (missingId = container('X/tx', 0).id): [string, string, unknown][] => [
      ...[0, 7, 7, 1499, 1500, 99999].map((index): [string, string, unknown] => [
        'P/block',
        'index.getContainerByIndex',
        { index, encoding: index % 2 ? 'hexnc' : 'hex' },
      ]),
      ['P/block', 'index.getContainerByIndex', { index: String(2n ** 63n - 1n) }],
      ['P/block', 'index.getContainerByIndex', { index: String(2n ** 64n - 1n) }],
      ['P/block', 'index.getContainerByIndex', { index: 3, encoding: 'json' }],
      ['X/tx', 'index.getContainerByIndex', { index: 4 }],
      ['X/tx', 'index.getContainerByIndex', { index: 5 }],
      ['P/block', 'index.getContainerByID', { id: container('P/block', 42).id }],
      ['P/block', 'index.getContainerByID', { id: missingId }],
      ['P/block', 'index.getIndex', { id: container('P/block', 43).id }],
      ['P/block', 'index.getIndex', { id: missingId }],
      ['P/block', 'index.getIndex', {}],
      ['P/block', 'index.isAccepted', { id: container('P/block', 42).id }],
      ['P/block', 'index.isAccepted', { id: missingId }],
      ['X/tx', 'index.isAccepted', { id: missingId }],
      ['X/tx', 'index.getContainerByID', { id: container('X/tx', 2).id }],
      ['X/vtx', 'index.getContainerByIndex', { index: 1 }],
      ['X/vtx', 'index.getContainerByID', { id: missingId }],
      ['X/vtx', 'index.isAccepted', { id: missingId }],
    ];

    async function ask([indexName, method, params]: [string, string, unknown]) {
      const response = await fetch(`${uncachedBase}/ext/index/${indexName}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return `${response.status} ${await response.text()}`;
    }

    /** The gateway's calls of a container-indexer method so far, from its metrics. */
    async function callsOf(method: string): Promise<number> {
      const text = await (await fetch(`http://127.0.0.1:${uncached.opsPort}/metrics`)).text();
      const counts = text
        .split('\n')
        .filter((line) => line.startsWith('chain_data_grpc_client_handled_total{'))
        .filter((line) => line.includes(`grpc_method="${method}"`))
        .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
      return counts.reduce((sum, n) => sum + n, 0);
    }

    it('answers each lookup exactly as the same lookup alone does: found, not found, mixed, an index not served', async function () {
      // One at a time, each lookup is alone in its turn: the single calls.
      const alone: string[] = [];
      for (const lookup of lookups()) alone.push(await ask(lookup));
      expect(await callsOf('GetContainersByIndex')).to.equal(0);
      expect(alone[0]).to.equal(
        `200 ${JSON.stringify({ jsonrpc: '2.0', result: formatted('P/block', 0), id: 1 })}\n`,
      );
      expect(alone[4]).to.include('no container at index 1500');
      expect(alone.at(-1)).to.equal('404 404 page not found\n');
      // All at once, many times over: requests read in one turn share batch calls, and answer the same.
      for (let round = 0; round < 20; round++) {
        expect(await Promise.all(lookups().map(ask)), `round ${round}`).to.deep.equal(alone);
        if ((await callsOf('GetContainersByIndex')) > 0 && (await callsOf('GetContainersByID')) > 0) break;
      }
      expect(await callsOf('GetContainersByIndex'), 'batches by index').to.be.greaterThan(0);
      expect(await callsOf('GetContainersByID'), 'batches by id').to.be.greaterThan(0);
    });
  });

  it('works with the official Avalanche SDK index client', async function () {
    const client = createIndexApiClient({
      chain: avalanche,
      transport: { type: 'http', url: `${base}/ext/bc/C/rpc` },
      clientType: 'indexPChainBlock',
    });
    const last = await client.getLastAccepted({ encoding: 'hex' });
    expect(last).to.deep.include({ id: container('P/block', 1499).id, index: '1499', encoding: 'hex' });
    const byIndex = await client.getContainerByIndex({ index: 12, encoding: 'hex' });
    expect(byIndex).to.deep.equal(formatted('P/block', 12));
    const byId = await client.getContainerByID({ id: container('P/block', 12).id, encoding: 'hex' });
    expect(byId.index).to.equal('12');
    expect(await client.isAccepted({ id: container('P/block', 12).id, encoding: 'hex' })).to.deep.equal({
      isAccepted: true,
    });
  });
});
