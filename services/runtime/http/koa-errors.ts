import type Koa from 'koa';
import type { Logger } from '../logger.ts';
import { isClientAbort } from './request-body.ts';

/**
 * Errors Koa meets outside the gateways' own middleware (a reply stream failing, a socket reset while writing) as
 * JSON log lines through the project logger, instead of Koa's multi-line stderr trace. A client that went away is
 * not the server's error: a debug line without a stack.
 */
export function logKoaErrors(app: Koa, log: Logger): void {
  app.silent = true;
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    const request = ctx ? { method: ctx.method, path: ctx.path } : {};
    if (isClientAbort(err) || ctx?.req.destroyed) logClientAbort(log, ctx, err);
    else log.error({ err, ...request }, 'unexpected HTTP server error');
  });
}

export function logClientAbort(log: Logger, ctx: Koa.Context | undefined, err: unknown): void {
  const reason = err instanceof Error ? err.message : String(err);
  log.debug({ method: ctx?.method, path: ctx?.path, reason }, 'client closed the connection');
}
