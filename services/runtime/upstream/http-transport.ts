import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** A node's HTTP reply: its status, headers and whole body (decompressed). */
export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpRequestOptions {
  method: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  /** Deadline for the whole exchange, the reply's body included. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /**
   * Whether a request that a kept-alive connection lost before any reply (the node closed it as it was reused) may
   * be sent again on a new one. The node closed it idle, so it did not act on the request; still, a request that
   * must not reach a node twice says no.
   */
  resendOnStaleConnection: boolean;
}

/** The request did not get an answer in time. */
class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Errors of a kept-alive connection the node had closed when it was reused. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);

/**
 * HTTP/1.1 requests to upstream nodes over kept-alive connections, with node:http. fetch (undici) costs about twice
 * the CPU per request (its WHATWG streams, Request and Response objects, and an AbortSignal.timeout per request
 * whose timer fires long after the reply, for every request), and upstream calls are evm-data's hottest path. A
 * transport failure rejects with an Error whose `cause` is the socket's error (its `code` says whether a
 * connection was ever made). Replies compressed with gzip or deflate are decompressed, as fetch does; redirects are
 * not followed (fetch turned a POST redirected by a 301 or 302 into a GET, no JSON-RPC call either): a node's URL is
 * configured as it answers.
 */
export class HttpTransport {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  request(url: string, options: HttpRequestOptions): Promise<HttpReply> {
    return this.send(url, options, true);
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  private send(url: string, options: HttpRequestOptions, mayResend: boolean): Promise<HttpReply> {
    const { signal, timeoutMs } = options;
    signal?.throwIfAborted();
    const target = new URL(url);
    const agent = target.protocol === 'https:' ? this.agents['https:'] : this.agents['http:'];
    const headers: http.OutgoingHttpHeaders = { 'accept-encoding': 'gzip, deflate' };
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    return new Promise<HttpReply>((resolve, reject) => {
      let replied = false;
      let settled = false;
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: options.method,
        headers,
        agent,
      });
      const settle = (err: Error | undefined, reply?: HttpReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (err === undefined) resolve(reply!);
        else reject(err);
      };
      const fail = (err: NodeJS.ErrnoException) => {
        // The caller's reason, as fetch rejects with it.
        if (signal?.aborted) return settle(signal.reason as Error);
        if (err instanceof TimeoutError) return settle(err);
        const stale = !replied && request.reusedSocket && STALE_CONNECTION.has(err.code ?? '') && mayResend;
        if (stale && options.resendOnStaleConnection && !settled) {
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          this.send(url, options, false).then(resolve, reject);
          return;
        }
        settle(new Error('request failed', { cause: err }));
      };
      const onAbort = () => request.destroy(signal!.reason as Error);
      const timer = setTimeout(
        () => request.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('error', fail);
      // A connection that ends before the reply did, without an error of its own.
      request.on('close', () => fail(new Error('the connection closed before the reply ended')));
      request.on('response', (response) => {
        replied = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          let body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          try {
            body = decompressed(body, response.headers['content-encoding']);
          } catch (err) {
            return settle(new Error('request failed: a reply that does not decompress', { cause: err }));
          }
          settle(undefined, { status: response.statusCode ?? 0, headers: response.headers, body });
        });
      });
      request.end(options.body);
    });
  }
}

function decompressed(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`unsupported content-encoding ${encoding}`);
  }
}
