import type Koa from 'koa';
import { closeServer, type ComponentContext } from '../component.ts';
import { ConfigError, env } from '../config.ts';

/** What the REST gateways share in starting: the page-token secret's setting and check, and the HTTP server. */
const MIN_SECRET_LENGTH = 32;

export const PAGE_TOKEN_SECRET_SETTING = env
  .text(`a secret of at least ${MIN_SECRET_LENGTH} characters`)
  .optional();

/** Checked apart from the schema: loadConfig quotes a bad value, and this one is a secret. */
export function checkPageTokenSecret(secret: string | undefined): void {
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH)
    throw new ConfigError(
      `PAGE_TOKEN_SECRET: expected at least ${MIN_SECRET_LENGTH} characters, got ${secret.length}`,
    );
}

/** Serves `app` on host:port until shutdown, and logs the port it listens on. */
export async function listenHttp(ctx: ComponentContext, app: Koa, port: number, host: string): Promise<void> {
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  ctx.onShutdown('HTTP server', () => closeServer(server, ctx.shutdownTimeoutMs));
  const address = server.address();
  ctx.log.info(
    { port: typeof address === 'object' && address ? address.port : port },
    'HTTP server listening',
  );
}
