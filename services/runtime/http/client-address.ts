import type Koa from 'koa';

/**
 * Where Koa finds the client's address (ctx.ip, what callers without an API key are limited by): behind `hops`
 * proxies that each append to X-Forwarded-For, that many entries from its end; with none, the peer is the client.
 */
export function trustForwardedFor(app: Koa, hops: number | undefined): void {
  if (!hops) return;
  app.proxy = true;
  app.maxIpsCount = hops;
}
