import type { ComponentContext } from '../runtime/component.ts';
import { env, loadConfig } from '../runtime/config.ts';
import { startEmbeddedPostgres } from './embedded.ts';

const config = {
  CHAIN_DATA_DIR: env.text('a directory', './.chain-data'),
  EMBEDDED_POSTGRES_HOST: env.text('a host name or address', '127.0.0.1'),
  EMBEDDED_POSTGRES_PORT: env.port(5433),
};

export async function startEmbeddedPostgresComponent(ctx: ComponentContext): Promise<void> {
  const cfg = loadConfig(config);
  const dataDir = `${cfg.CHAIN_DATA_DIR}/postgres`;
  const postgres = await startEmbeddedPostgres({
    dataDir,
    host: cfg.EMBEDDED_POSTGRES_HOST,
    port: cfg.EMBEDDED_POSTGRES_PORT,
  });
  ctx.onShutdown('embedded PostgreSQL', () => postgres.stop());
  ctx.log.info({ url: postgres.url, dataDir }, 'embedded PostgreSQL listening');
  // A parent that forked this process (chain-data up) learns the address this way.
  process.send?.({ type: 'embedded-postgres-ready', url: postgres.url });
  ctx.setReady(true);
}
