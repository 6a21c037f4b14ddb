import type { Duplex } from 'node:stream';
import type { Context } from 'koa';

/** What a node's router (gorilla/mux) answers for a path it does not serve. */
export const NOT_FOUND_BODY = '404 page not found\n';

export function nodeNotFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = NOT_FOUND_BODY;
  ctx.set('X-Content-Type-Options', 'nosniff');
}

/** The same 404 for a WebSocket upgrade of a path the node does not serve, written on the upgrading socket. */
export function refuseUpgrade(socket: Duplex): void {
  socket.end(
    `HTTP/1.1 404 Not Found\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${NOT_FOUND_BODY.length}\r\n\r\n${NOT_FOUND_BODY}`,
  );
}
