/**
 * A recording reverse proxy for an API server: the operator under test talks to it (plain HTTP on loopback) and it
 * forwards every request, watches included, to the API server with the credentials it was given. It records what
 * the operator sent, as the API server saw it, so a test can count the operator's writes on any server: a real
 * one does not bump resourceVersions for a server-side apply that changes nothing, so only the requests say
 * whether the operator wrote.
 */
import {
  createServer,
  request as httpRequest,
  Agent as HttpAgent,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { requestAttributes } from './fake-kube-apiserver/rbac.ts';

import type { RequestRecord, Verb } from './fake-kube-apiserver/types.ts';

export type { Verb };

/**
 * One request the operator made, decoded as the API server's RequestInfo would: what the fake records of a request,
 * less what only a server knows (who sent it, the failure's message), and with no verb for non-resource requests.
 */
export type OperatorRequest = Omit<RequestRecord, 'verb' | 'contentType' | 'user' | 'message'> & {
  verb: Verb | '';
};

export interface ProxyTarget {
  /** http://… or https://… */
  url: string;
  /** Sent as a bearer token on every forwarded request. */
  token?: string;
  /** The server's CA (PEM), for https. */
  ca?: string;
}

export interface RecordingProxy {
  url: string;
  readonly requests: OperatorRequest[];
  resetRequests(): void;
  /**
   * Runs `action` before forwarding the next request that matches (once): what another client does in the instant
   * between the operator reading something and its request arriving.
   */
  beforeForwarding(match: (r: OperatorRequest) => boolean, action: () => Promise<void>): void;
  /** A kubeconfig (YAML) pointing at the proxy, with no credentials of its own. */
  kubeconfig(namespace?: string): string;
  close(): Promise<void>;
}

/** Decodes a request as kube-apiserver's RequestInfoFactory does (the fake's decoder, which its RBAC judges by). */
export function describeRequest(method: string, rawUrl: string): OperatorRequest {
  const url = new URL(rawUrl, 'http://proxy');
  const { group, version, resource, subresource, namespace, name, verb } = requestAttributes(method, url);
  return {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    group,
    version,
    resource,
    subresource,
    namespace,
    name,
    verb: verb as Verb | '',
    fieldManager: url.searchParams.get('fieldManager') ?? '',
  };
}

export async function startRecordingProxy(target: ProxyTarget): Promise<RecordingProxy> {
  const upstream = new URL(target.url);
  const secure = upstream.protocol === 'https:';
  // Keep-alive: a reconcile makes dozens of requests, and a TLS handshake each would dominate a real server's run.
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, ca: target.ca })
    : new HttpAgent({ keepAlive: true });
  const requests: OperatorRequest[] = [];
  const hooks: { match: (r: OperatorRequest) => boolean; action: () => Promise<void> }[] = [];
  const inFlight = new Set<ClientRequest>();

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const record = describeRequest(req.method ?? 'GET', req.url ?? '/');
    requests.push(record);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      res.destroy();
      return;
    }
    const hook = hooks.findIndex((h) => h.match(record));
    if (hook >= 0) {
      const [{ action }] = hooks.splice(hook, 1) as [(typeof hooks)[number]];
      await action();
    }
    const headers = { ...req.headers, host: upstream.host };
    delete headers.authorization;
    if (target.token) headers.authorization = `Bearer ${target.token}`;
    const send = secure ? httpsRequest : httpRequest;
    const out = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    inFlight.add(out);
    out.on('close', () => inFlight.delete(out));
    out.on('response', (answer) => {
      record.code = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      // A watch with no events yet sends no body: without this its client would wait for the headers too.
      res.flushHeaders();
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    out.on('error', (err) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      record.code = 502;
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`recording proxy: ${err.message}`);
    });
    // The operator hanging up (a watch it stops) ends the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    out.end(Buffer.concat(chunks));
  };

  const server = createServer((req, res) => {
    forward(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`recording proxy: ${(err as Error).message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    resetRequests: () => {
      requests.length = 0;
    },
    beforeForwarding(match, action) {
      hooks.push({ match, action });
    },
    kubeconfig(namespace = 'default') {
      return JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        // client-node refuses plain http unless TLS verification is off; the proxy holds the real credentials.
        clusters: [{ name: 'proxy', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'operator', user: {} }],
        contexts: [{ name: 'proxy', context: { cluster: 'proxy', user: 'operator', namespace } }],
        'current-context': 'proxy',
      });
    },
    async close() {
      for (const out of inFlight) out.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
