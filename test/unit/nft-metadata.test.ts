import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fetchTokenMetadata,
  metadataFromJson,
  parseMetadata,
  statusFailure,
  type FetchOptions,
} from '../../services/evm-data/ingest/nft-metadata/fetch-metadata.ts';
import {
  clientUri,
  resolveTokenUri,
  substituteTokenId,
  type ResolvedUri,
} from '../../services/evm-data/ingest/nft-metadata/token-uri.ts';

const GATEWAY = { ipfsGatewayUrl: 'https://ipfs.io' };
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

function resolve(uri: string, tokenId = 1n): ResolvedUri {
  return resolveTokenUri(uri, tokenId, GATEWAY);
}

function dataBody(resolved: ResolvedUri): { mediaType: string; body: string } {
  assert.equal(resolved.kind, 'data', JSON.stringify(resolved));
  return { mediaType: resolved.mediaType, body: resolved.body.toString('utf8') };
}

describe('nft metadata: token URIs', () => {
  describe('resolveTokenUri', () => {
    it('keeps http and https URLs, normalised', () => {
      assert.deepEqual(resolve('https://api.example.com/token/1.json'), {
        kind: 'http',
        url: 'https://api.example.com/token/1.json',
      });
      assert.deepEqual(resolve('http://Example.COM:8080/a b?x=1'), {
        kind: 'http',
        url: 'http://example.com:8080/a%20b?x=1',
      });
      assert.deepEqual(resolve('HTTPS://example.com/1'), { kind: 'http', url: 'https://example.com/1' });
    });

    it('trims whitespace and NUL padding', () => {
      assert.deepEqual(resolve('  https://example.com/1\n\0\0'), {
        kind: 'http',
        url: 'https://example.com/1',
      });
    });

    it('substitutes {id} as 64 lower-case hex digits, wherever it appears', () => {
      assert.deepEqual(resolve('https://example.com/{id}.json', 0xabcn), {
        kind: 'http',
        url: `https://example.com/${'0'.repeat(61)}abc.json`,
      });
      assert.deepEqual(resolve(`ipfs://${CID}/{id}.json?v={id}`, 1n), {
        kind: 'http',
        url: `https://ipfs.io/ipfs/${CID}/${'0'.repeat(63)}1.json?v=${'0'.repeat(63)}1`,
      });
      const max = (1n << 256n) - 1n;
      assert.equal(substituteTokenId('{id}', max), 'f'.repeat(64));
      assert.equal(substituteTokenId('no placeholder', -1n), 'no placeholder');
      assert.throws(() => substituteTokenId('{id}', -1n), RangeError);
      assert.throws(() => substituteTokenId('{id}', max + 1n), RangeError);
    });

    it('maps ipfs:// onto the gateway: <gateway>/ipfs/<cid>/<path>', () => {
      assert.deepEqual(resolve(`ipfs://${CID}/metadata/7.json`), {
        kind: 'http',
        url: `https://ipfs.io/ipfs/${CID}/metadata/7.json`,
      });
      assert.deepEqual(resolve(`ipfs://${CID}`), { kind: 'http', url: `https://ipfs.io/ipfs/${CID}` });
      assert.deepEqual(resolve(`IPFS://${CID}/1`), { kind: 'http', url: `https://ipfs.io/ipfs/${CID}/1` });
      assert.deepEqual(resolve('ipfs://QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG?x=1'), {
        kind: 'http',
        url: 'https://ipfs.io/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG?x=1',
      });
    });

    it('maps the legacy ipfs://ipfs/<cid> form the same way', () => {
      assert.deepEqual(resolve(`ipfs://ipfs/${CID}/1.json`), {
        kind: 'http',
        url: `https://ipfs.io/ipfs/${CID}/1.json`,
      });
      assert.deepEqual(resolve(`ipfs://ipfs/${CID}`), { kind: 'http', url: `https://ipfs.io/ipfs/${CID}` });
    });

    it('appends /ipfs/ to the gateway base, whatever its path and trailing slashes', () => {
      const at = (ipfsGatewayUrl: string) => resolveTokenUri(`ipfs://${CID}/1`, 1n, { ipfsGatewayUrl });
      assert.deepEqual(at('https://gw.example/'), { kind: 'http', url: `https://gw.example/ipfs/${CID}/1` });
      assert.deepEqual(at('http://127.0.0.1:8080/prefix//'), {
        kind: 'http',
        url: `http://127.0.0.1:8080/prefix/ipfs/${CID}/1`,
      });
    });

    it('rejects ipfs URIs without a usable CID as INVALID_TOKEN_URI', () => {
      for (const uri of [
        'ipfs://',
        'ipfs:///1.json',
        'ipfs://ipfs/',
        'ipfs://not%20a%20cid/1',
        `ipfs:${CID}`,
      ]) {
        const resolved = resolve(uri);
        assert.equal(resolved.kind, 'invalid', uri);
        assert.equal(resolved.status, 'INVALID_TOKEN_URI', uri);
      }
    });

    it('answers INVALID_TOKEN_URI_SCHEME for ar:// and every other scheme', () => {
      for (const uri of [
        'ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U',
        'ftp://example.com/1.json',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'ws://example.com',
        'urn:isbn:123',
      ]) {
        const resolved = resolve(uri);
        assert.equal(resolved.kind, 'invalid', uri);
        assert.equal(resolved.status, 'INVALID_TOKEN_URI_SCHEME', uri);
      }
    });

    it('answers INVALID_TOKEN_URI for empty, blank and unparsable URIs', () => {
      for (const uri of [
        '',
        '   ',
        '\0\0\0',
        'not a uri',
        CID,
        '/ipfs/x',
        '://x',
        'https://',
        'http://exa mple.com/',
      ]) {
        const resolved = resolve(uri);
        assert.equal(resolved.kind, 'invalid', JSON.stringify(uri));
        assert.equal(resolved.status, 'INVALID_TOKEN_URI', JSON.stringify(uri));
        assert.ok(resolved.reason.length > 0);
      }
    });

    it('decodes base64 data: URIs', () => {
      const json = '{"name":"On-chain #1","image":"data:image/svg+xml;base64,PHN2Zy8+"}';
      const b64 = Buffer.from(json).toString('base64');
      assert.deepEqual(dataBody(resolve(`data:application/json;base64,${b64}`)), {
        mediaType: 'application/json',
        body: json,
      });
      // Line breaks, missing padding and the URL-safe alphabet all occur.
      const wrapped = `${b64.slice(0, 20)}\n${b64.slice(20)}`.replace(/=+$/, '');
      assert.equal(dataBody(resolve(`data:application/json;BASE64,${wrapped}`)).body, json);
      const urlSafe = Buffer.from('\xfb\xff', 'latin1').toString('base64url');
      assert.deepEqual(
        [...(resolve(`data:application/octet-stream;base64,${urlSafe}`) as { body: Buffer }).body],
        [0xfb, 0xff],
      );
    });

    it('rejects base64 payloads with stray characters', () => {
      for (const uri of ['data:application/json;base64,eyJh!!', 'data:application/json;base64,abcde']) {
        const resolved = resolve(uri);
        assert.equal(resolved.kind === 'invalid' && resolved.status, 'INVALID_TOKEN_URI', uri);
      }
    });

    it('percent-decodes plain data: URIs and keeps raw JSON as it is', () => {
      assert.deepEqual(dataBody(resolve('data:application/json,%7B%22name%22%3A%22caf%C3%A9%22%7D')), {
        mediaType: 'application/json',
        body: '{"name":"café"}',
      });
      // The common non-RFC spelling: raw JSON with '#', '%' and ',' after `;utf8,`.
      const raw = '{"name":"Punk #1","description":"100% on-chain, forever","background_color":"#00ff00"}';
      assert.deepEqual(dataBody(resolve(`data:application/json;utf8,${raw}`)), {
        mediaType: 'application/json;utf8',
        body: raw,
      });
      assert.deepEqual(dataBody(resolve('data:,hello%20world')), {
        mediaType: 'text/plain;charset=US-ASCII',
        body: 'hello world',
      });
      assert.equal(dataBody(resolve('DATA:application/json;charset=utf-8,{"a":"é"}')).body, '{"a":"é"}');
    });

    it('rejects a data: URI without a comma', () => {
      const resolved = resolve('data:application/json;base64');
      assert.equal(resolved.kind === 'invalid' && resolved.status, 'INVALID_TOKEN_URI');
    });
  });

  describe('clientUri', () => {
    it('puts ipfs:// through the gateway and keeps every other URI', () => {
      assert.equal(clientUri(`ipfs://${CID}/image.png`, GATEWAY), `https://ipfs.io/ipfs/${CID}/image.png`);
      assert.equal(clientUri(`ipfs://ipfs/${CID}`, GATEWAY), `https://ipfs.io/ipfs/${CID}`);
      assert.equal(clientUri(` ipfs://${CID} `, GATEWAY), `https://ipfs.io/ipfs/${CID}`);
      for (const uri of [
        'https://example.com/1.png',
        'data:image/svg+xml;base64,PHN2Zy8+',
        'ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U',
        'ipfs://',
        '',
      ]) {
        assert.equal(clientUri(uri, GATEWAY), uri);
      }
    });
  });
});

describe('nft metadata: documents', () => {
  const full = {
    name: 'Token #1',
    symbol: 'TKN',
    image: 'ipfs://cid/1.png',
    description: 'A token',
    animation_url: 'https://example.com/1.mp4',
    external_url: 'https://example.com/1',
    background_color: 'ffffff',
    attributes: [{ trait_type: 'Eyes', value: 'Blue' }],
    properties: { rarity: 'rare' },
    decimals: 0,
  };

  it('maps an ERC-721 document', () => {
    assert.deepEqual(metadataFromJson(full, 'ERC-721'), {
      indexStatus: 'INDEXED',
      name: 'Token #1',
      symbol: 'TKN',
      imageUri: 'ipfs://cid/1.png',
      description: 'A token',
      animationUri: 'https://example.com/1.mp4',
      externalUrl: 'https://example.com/1',
      background: 'ffffff',
      attributes: '[{"trait_type":"Eyes","value":"Blue"}]',
    });
  });

  it('maps an ERC-1155 document', () => {
    const outcome = metadataFromJson({ ...full, decimals: 18 }, 'ERC-1155');
    assert.equal(outcome.attributes, undefined);
    assert.equal(outcome.decimals, 18);
    assert.equal(outcome.properties, '{"rarity":"rare"}');
    assert.equal(outcome.name, 'Token #1');
  });

  it('takes image_url or imageUri when image is missing, empty or not a string', () => {
    assert.equal(metadataFromJson({ image_url: 'https://a/1.png' }, 'ERC-721').imageUri, 'https://a/1.png');
    assert.equal(
      metadataFromJson({ image: '', imageUri: 'https://b/1.png' }, 'ERC-721').imageUri,
      'https://b/1.png',
    );
    assert.equal(
      metadataFromJson({ image: 7, image_url: 'https://c/1.png' }, 'ERC-721').imageUri,
      'https://c/1.png',
    );
    assert.equal(
      metadataFromJson({ image: 'https://d/1.png', image_url: 'x' }, 'ERC-721').imageUri,
      'https://d/1.png',
    );
  });

  it('drops fields of the wrong type and keeps an empty document INDEXED', () => {
    assert.deepEqual(
      metadataFromJson(
        {
          name: 1,
          symbol: null,
          image: ['x'],
          description: { a: 1 },
          animation_url: true,
          attributes: 'Blue eyes',
          decimals: '18',
          properties: 5,
        },
        'ERC-721',
      ),
      { indexStatus: 'INDEXED' },
    );
    assert.deepEqual(metadataFromJson({ decimals: 1.5, properties: 'x' }, 'ERC-1155'), {
      indexStatus: 'INDEXED',
    });
    assert.deepEqual(metadataFromJson({ decimals: -1 }, 'ERC-1155'), { indexStatus: 'INDEXED' });
    assert.deepEqual(metadataFromJson({}, 'ERC-721'), { indexStatus: 'INDEXED' });
  });

  it('keeps attributes given as an object', () => {
    assert.equal(metadataFromJson({ attributes: { eyes: 'blue' } }, 'ERC-721').attributes, '{"eyes":"blue"}');
  });

  it('answers INVALID_METADATA for JSON that is not an object', () => {
    for (const value of [[], [{ name: 'x' }], null, 'text', 42, true]) {
      assert.equal(metadataFromJson(value, 'ERC-721').indexStatus, 'INVALID_METADATA', JSON.stringify(value));
    }
  });

  it('removes what PostgreSQL cannot store: NUL and lone surrogates', () => {
    const outcome = parseMetadata(
      Buffer.from('{"name":"a\\u0000b\\ud800","attributes":[{"v\\u0000":"x\\u0000y"}]}'),
      'ERC-721',
    );
    assert.equal(outcome.name, 'ab\ufffd');
    assert.equal(outcome.attributes, '[{"v":"xy"}]');
  });

  it('drops attributes nested too deeply to serialise instead of failing', () => {
    const depth = 200_000;
    const outcome = parseMetadata(
      Buffer.from(`{"name":"deep","attributes":${'['.repeat(depth)}${']'.repeat(depth)}}`),
      'ERC-721',
    );
    assert.equal(outcome.indexStatus, 'INDEXED');
    assert.equal(outcome.name, 'deep');
  });

  it('answers INVALID_METADATA_JSON for bytes that are not JSON or not UTF-8, and accepts a BOM', () => {
    assert.equal(parseMetadata(Buffer.from('{"name":'), 'ERC-721').indexStatus, 'INVALID_METADATA_JSON');
    assert.equal(parseMetadata(Buffer.from(''), 'ERC-721').indexStatus, 'INVALID_METADATA_JSON');
    assert.equal(
      parseMetadata(Buffer.from([0x7b, 0xff, 0x7d]), 'ERC-721').indexStatus,
      'INVALID_METADATA_JSON',
    );
    assert.equal(parseMetadata(Buffer.from('\ufeff{"name":"bom"}'), 'ERC-721').name, 'bom');
  });

  it('decides HTTP statuses', () => {
    assert.equal(statusFailure(200), undefined);
    assert.equal(statusFailure(204), undefined);
    assert.equal(statusFailure(429)?.indexStatus, 'THROTTLED_TOKEN_URI');
    for (const status of [404, 500, 502, 503, 504, 400, 401, 403, 410, 304, 300]) {
      assert.equal(statusFailure(status)?.indexStatus, 'UNREACHABLE_TOKEN_URI', String(status));
    }
  });
});

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

interface StreamedBody {
  written: number;
  finished: boolean;
}

/** A metadata server with one route per behaviour the fetcher must handle. */
class MetadataServer {
  readonly server: Server;
  /** How much of each large body was written before the client went away (or all of it). */
  readonly streamed = new Map<string, Promise<StreamedBody>>();
  requests: string[] = [];

  constructor() {
    this.server = createServer((req, res) => this.#handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    this.requests.push(path);
    const json = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      // Relative and absolute locations both occur.
      const location = left === 0 ? '/ok.json' : left % 2 ? `${left - 1}` : `/redirect/${left - 1}`;
      res.writeHead(302, { location });
      res.end();
      return;
    }
    switch (path) {
      case '/ok.json':
        return json(200, JSON.stringify({ name: 'Served', image: 'ipfs://x/1.png', attributes: [{ a: 1 }] }));
      case '/bad.json':
        return json(200, '{"name": "broken"');
      case '/array.json':
        return json(200, '[{"name":"in an array"}]');
      case '/500':
        return json(500, '{}');
      case '/404':
        return json(404, '{"error":"not found"}');
      case '/429':
        res.writeHead(429, { 'retry-after': '10' });
        res.end();
        return;
      case '/redirect-ftp':
        res.writeHead(301, { location: 'ftp://example.com/1.json' });
        res.end();
        return;
      case '/hang':
        return; // never answers
      case '/big-with-length':
        this.streamed.set(path, this.#stream(res, 2 * MiB, true));
        return;
      case '/big-chunked':
        this.streamed.set(path, this.#stream(res, 2 * MiB, false));
        return;
      default:
        return json(404, '{}');
    }
  }

  /**
   * Writes a JSON string of `size` bytes in chunks, pausing between them so a client that stops reading is
   * noticed before the whole body went into the socket buffers.
   */
  #stream(res: ServerResponse, size: number, withLength: boolean): Promise<StreamedBody> {
    return new Promise((resolve) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(withLength ? { 'content-length': String(size) } : {}),
      });
      let written = 0;
      res.on('close', () => resolve({ written, finished: res.writableFinished }));
      const next = () => {
        if (res.destroyed) return;
        if (written >= size) {
          res.end();
          return;
        }
        const n = Math.min(CHUNK, size - written);
        const chunk = Buffer.alloc(n, 0x61);
        if (written === 0) chunk[0] = 0x22; // '"'
        if (written + n === size) chunk[n - 1] = 0x22;
        written += n;
        res.write(chunk);
        setTimeout(next, 5);
      };
      next();
    });
  }
}

describe('nft metadata: fetching', function () {
  this.timeout(20_000);

  const server = new MetadataServer();
  let base = '';
  const options: FetchOptions = { timeoutMs: 2_000, maxBytes: MiB, ercType: 'ERC-721' };
  const fetchPath = (path: string, overrides: Partial<FetchOptions> = {}) =>
    fetchTokenMetadata({ kind: 'http', url: `${base}${path}` }, { ...options, ...overrides });

  before(async () => {
    base = await server.listen();
  });
  after(() => server.close());

  it('answers INDEXED with the fields mapped for a JSON document', async () => {
    assert.deepEqual(await fetchPath('/ok.json'), {
      indexStatus: 'INDEXED',
      name: 'Served',
      imageUri: 'ipfs://x/1.png',
      attributes: '[{"a":1}]',
    });
  });

  it('answers INVALID_METADATA_JSON for a body that is not JSON', async () => {
    assert.equal((await fetchPath('/bad.json')).indexStatus, 'INVALID_METADATA_JSON');
  });

  it('answers INVALID_METADATA for a JSON array', async () => {
    assert.equal((await fetchPath('/array.json')).indexStatus, 'INVALID_METADATA');
  });

  it('answers UNREACHABLE_TOKEN_URI for HTTP 500 and 404', async () => {
    assert.deepEqual(await fetchPath('/500'), { indexStatus: 'UNREACHABLE_TOKEN_URI', reason: 'HTTP 500' });
    assert.deepEqual(await fetchPath('/404'), { indexStatus: 'UNREACHABLE_TOKEN_URI', reason: 'HTTP 404' });
  });

  it('answers THROTTLED_TOKEN_URI for HTTP 429', async () => {
    assert.equal((await fetchPath('/429')).indexStatus, 'THROTTLED_TOKEN_URI');
  });

  for (const [path, what] of [
    ['/big-with-length', 'declared by Content-Length'],
    ['/big-chunked', 'streamed without a length'],
  ] as const) {
    it(`answers METADATA_CONTENT_TOO_LARGE for a body over the cap ${what}, and stops reading`, async () => {
      const started = Date.now();
      const outcome = await fetchPath(path);
      assert.equal(outcome.indexStatus, 'METADATA_CONTENT_TOO_LARGE');
      const streamed = await server.streamed.get(path);
      assert.ok(streamed, 'the server saw the request');
      // The server would need 32 chunks × 5 ms to send all 2 MiB; the client hung up long before.
      assert.equal(streamed.finished, false, 'the body was not sent in full');
      assert.ok(streamed.written < 2 * MiB, `wrote ${streamed.written} bytes`);
      if (path === '/big-with-length')
        assert.ok(streamed.written <= 4 * CHUNK, `wrote ${streamed.written} bytes`);
      assert.ok(Date.now() - started < 2_000);
    });
  }

  it('accepts a body exactly at the cap', async () => {
    const size = Buffer.byteLength(
      JSON.stringify({ name: 'Served', image: 'ipfs://x/1.png', attributes: [{ a: 1 }] }),
    );
    assert.equal((await fetchPath('/ok.json', { maxBytes: size })).indexStatus, 'INDEXED');
    assert.equal(
      (await fetchPath('/ok.json', { maxBytes: size - 1 })).indexStatus,
      'METADATA_CONTENT_TOO_LARGE',
    );
  });

  it('answers UNREACHABLE_TOKEN_URI when the server does not answer in time', async () => {
    const started = Date.now();
    const outcome = await fetchPath('/hang', { timeoutMs: 300 });
    assert.equal(outcome.indexStatus, 'UNREACHABLE_TOKEN_URI');
    assert.match(outcome.reason ?? '', /no answer within 300 ms/);
    assert.ok(Date.now() - started < 2_000);
  });

  it('answers UNREACHABLE_TOKEN_URI for a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await fetchTokenMetadata(
      { kind: 'http', url: `http://127.0.0.1:${port}/1.json` },
      options,
    );
    assert.equal(outcome.indexStatus, 'UNREACHABLE_TOKEN_URI');
    assert.match(outcome.reason ?? '', /ECONNREFUSED/);
  });

  it('follows up to 5 redirects, relative or absolute', async () => {
    server.requests = [];
    assert.equal((await fetchPath('/redirect/4')).indexStatus, 'INDEXED');
    assert.deepEqual(server.requests, [
      '/redirect/4',
      '/redirect/3',
      '/redirect/2',
      '/redirect/1',
      '/redirect/0',
      '/ok.json',
    ]);
  });

  it('answers UNREACHABLE_TOKEN_URI past 5 redirects or for a redirect to another scheme', async () => {
    server.requests = [];
    const outcome = await fetchPath('/redirect/5');
    assert.deepEqual(outcome, { indexStatus: 'UNREACHABLE_TOKEN_URI', reason: 'more than 5 redirects' });
    assert.equal(server.requests.length, 6);
    assert.equal((await fetchPath('/redirect-ftp')).indexStatus, 'UNREACHABLE_TOKEN_URI');
  });

  it('reads data: URIs, base64 and plain', async () => {
    const json = '{"name":"On-chain","image":"data:image/svg+xml;base64,PHN2Zy8+","attributes":[]}';
    for (const uri of [
      `data:application/json;base64,${Buffer.from(json).toString('base64')}`,
      `data:application/json,${encodeURIComponent(json)}`,
      `data:application/json;utf8,${json}`,
    ]) {
      assert.deepEqual(await fetchTokenMetadata(resolve(uri), options), {
        indexStatus: 'INDEXED',
        name: 'On-chain',
        imageUri: 'data:image/svg+xml;base64,PHN2Zy8+',
        attributes: '[]',
      });
    }
    const tooLarge = await fetchTokenMetadata(resolve(`data:application/json,${json}`), {
      ...options,
      maxBytes: 10,
    });
    assert.equal(tooLarge.indexStatus, 'METADATA_CONTENT_TOO_LARGE');
  });

  it('passes an invalid URI through as its status', async () => {
    assert.deepEqual(await fetchTokenMetadata(resolve('ar://x'), options), {
      indexStatus: 'INVALID_TOKEN_URI_SCHEME',
      reason: 'unsupported scheme ar:',
    });
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = (input) => {
      seen.push(input instanceof Request ? input.url : input.toString());
      return Promise.resolve(new Response('{"name":"fake"}', { status: 200 }));
    };
    const outcome = await fetchTokenMetadata(
      { kind: 'http', url: 'https://example.com/1' },
      { ...options, fetch: fakeFetch },
    );
    assert.deepEqual(outcome, { indexStatus: 'INDEXED', name: 'fake' });
    assert.deepEqual(seen, ['https://example.com/1']);
  });
});
