import type { Context } from 'koa';

/** What a node's router (gorilla/mux) answers for a path it does not serve. */
export const NOT_FOUND_BODY = '404 page not found\n';

export function nodeNotFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = NOT_FOUND_BODY;
  ctx.set('X-Content-Type-Options', 'nosniff');
}
