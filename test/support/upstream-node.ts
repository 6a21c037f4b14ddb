import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { base58 } from '@scure/base';

/**
 * A stand-in for an avalanchego node with indexing enabled: serves `/ext/index/<chain>/<endpoint>` with the real
 * Index API's shapes, texts and encodings, and GET /ext/health. Written independently of the code under test.
 * Tests grow its indexes, take it down (503) and slow it down.
 */
export interface FixtureContainer {
  id: string;
  bytes: Buffer;
  timestampNanos: bigint;
}

export interface UpstreamNode {
  url: string;
  indexes: Map<string, FixtureContainer[]>;
  /** Appends `count` deterministic containers to an index. */
  accept(indexName: string, count: number): FixtureContainer[];
  /** While down, every request gets HTTP 503. */
  setDown(down: boolean): void;
  setDelayMs(ms: number): void;
  requests: number;
  close(): Promise<void>;
}

export function cb58(bytes: Uint8Array): string {
  const checksum = createHash('sha256').update(bytes).digest().subarray(-4);
  return base58.encode(Buffer.concat([bytes, checksum]));
}

export function checkedHex(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString('hex')}${createHash('sha256').update(bytes).digest().subarray(-4).toString('hex')}`;
}

export function goTime(nanos: bigint): string {
  const seconds = Number(nanos / 1_000_000_000n);
  const fraction = (nanos % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ''}Z`;
}

const BASE_TIME = 1_700_000_000_000_000_000n;

export function makeContainer(indexName: string, index: number): FixtureContainer {
  const bytes = createHash('sha512')
    .update(`${indexName}#${index}`)
    .digest()
    .subarray(0, 40 + (index % 90));
  return {
    id: cb58(createHash('sha256').update(bytes).digest()),
    bytes: Buffer.from(bytes),
    timestampNanos: BASE_TIME + BigInt(index) * 1_234_567_891n,
  };
}

export async function startUpstreamNode(
  options: { indexes?: Record<string, number> } = {},
): Promise<UpstreamNode> {
  const indexes = new Map<string, FixtureContainer[]>();
  for (const name of ['C/block', 'P/block', 'X/tx', 'X/block', 'X/vtx']) indexes.set(name, []);
  let down = false;
  let delayMs = 0;
  const node: UpstreamNode = {
    url: '',
    indexes,
    accept(indexName, count) {
      const list = indexes.get(indexName)!;
      const added = Array.from({ length: count }, (_, i) => makeContainer(indexName, list.length + i));
      list.push(...added);
      return added;
    },
    setDown: (value) => void (down = value),
    setDelayMs: (value) => void (delayMs = value),
    requests: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  for (const [name, count] of Object.entries(options.indexes ?? {})) node.accept(name, count);

  const server: Server = createServer((req, res) => {
    node.requests++;
    void handle(req, res);
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (down) return res.writeHead(503).end('service unavailable');
    if (req.method === 'GET' && req.url === '/ext/health') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"healthy":true}');
    }
    const indexName = /^\/ext\/index\/([A-Z]\/(?:block|tx|vtx))$/.exec(req.url ?? '')?.[1];
    const list = indexName === undefined ? undefined : indexes.get(indexName);
    if (!list) return res.writeHead(404).end('404 page not found\n');
    const request = JSON.parse(Buffer.concat(chunks).toString()) as {
      id: unknown;
      method: string;
      params: Record<string, unknown>;
    };
    const send = (body: object) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', ...body, id: request.id }));
    const fail = (message: string) => send({ error: { code: -32000, message, data: null } });
    const format = (c: FixtureContainer, index: number) => ({
      id: c.id,
      bytes: checkedHex(c.bytes),
      timestamp: goTime(c.timestampNanos),
      encoding: 'hex',
      index: String(index),
    });
    const params = request.params ?? {};
    switch (request.method) {
      case 'index.getContainerRange': {
        const start = Number(params.startIndex);
        const count = Number(params.numToFetch ?? 0);
        if (count < 1 || count > 1024) return fail(`numToFetch must be in [1,1024] but is ${count}`);
        if (list.length === 0) return fail('no containers have been accepted');
        if (start > list.length - 1)
          return fail(`start index (${start}) > last accepted index (${list.length - 1})`);
        const end = Math.min(start + count, list.length);
        return send({ result: { containers: list.slice(start, end).map((c, i) => format(c, start + i)) } });
      }
      case 'index.getLastAccepted':
        if (list.length === 0) return fail('no containers have been accepted');
        return send({ result: format(list.at(-1)!, list.length - 1) });
      case 'index.getContainerByIndex': {
        const index = Number(params.index);
        if (index >= list.length) return fail(`no container at index ${index}`);
        return send({ result: format(list[index]!, index) });
      }
      default:
        return fail(`rpc: can't find method "${request.method}"`);
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return node;
}
