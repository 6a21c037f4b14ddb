import { setFlagsFromString } from 'node:v8';
import type { ComponentContext } from '../runtime/component.ts';
import { closeServer } from '../runtime/component.ts';
import { ConfigError, env, loadConfig } from '../runtime/config.ts';
import { parseRfc3339Nano } from '../runtime/formatting/go-time.ts';
import type { Logger } from '../runtime/logger.ts';
import { sleep } from '../runtime/upstream/backoff.ts';
import { EvmWebSockets } from './websockets.ts';
import { createDevnetApp } from './app.ts';
import { IDENTITIES } from '../runtime/avalanche/networks.ts';
import { Devnet } from './network.ts';
import { DevnetPeers, WARP_FAULTS, type WarpFault } from './peers.ts';
import type { EvmChain } from './evm/chain.ts';
import { createServer } from 'node:http';
import { isIP } from 'node:net';
import type Koa from 'koa';

const config = {
  HTTP_HOST: env.text('a host name or address', '127.0.0.1'),
  HTTP_PORT: env.port(9650),
  DEVNET_NETWORK: env.oneOf(['fuji', 'mainnet'], 'fuji'),
  DEVNET_SEED: env.text('any text', 'chain-data-devnet'),
  DEVNET_GENESIS_TIME: env.text('an RFC 3339 time', '2026-01-01T00:00:00Z'),
  DEVNET_HISTORY_HOURS: env.integer(0, 24 * 365, 24 * 30),
  DEVNET_BLOCK_INTERVAL_S: env.integer(1, 86_400, 240),
  DEVNET_LIVE_INTERVAL_MS: env.integer(0, 3_600_000, 2_000),
  DEVNET_ACCOUNTS: env.integer(2, 10_000, 20),
  DEVNET_METADATA_URL: env.url(['http', 'https']).optional(),
  DEVNET_WARP_SLOW_MS: env.integer(0, 600_000, 3_000),
  DEVNET_WARP_FAULTS: env.text(`NodeID-…=${WARP_FAULTS.slice(1).join('|')}, comma-separated`, ''),
  DEVNET_PEER_HOST: env.text('an IP address', '127.0.0.1'),
};

/**
 * V8 lets a heap grow to up to four times what it kept at its last full collection before it collects again. The
 * devnet keeps its whole history (hundreds of MB) and makes garbage fast under use (calls, replays, traces): its
 * resident memory reached 2.7 GiB while it held under 1 GiB. Half as much again keeps it near what it holds, for
 * collections that cost it little.
 */
const HEAP_GROWING_PERCENT = 50;

export async function startDevnet(ctx: ComponentContext): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const cfg = loadConfig(config);
  const { log } = ctx;
  // Peers claim their address in their Handshake, signed: it must be an IP.
  if (!isIP(cfg.DEVNET_PEER_HOST)) {
    throw new ConfigError(
      `DEVNET_PEER_HOST: invalid value ${JSON.stringify(cfg.DEVNET_PEER_HOST)}: expected an IP address`,
    );
  }
  const warpFaults = parseWarpFaults(cfg.DEVNET_WARP_FAULTS);
  let genesisNanos: bigint;
  try {
    genesisNanos = parseRfc3339Nano(cfg.DEVNET_GENESIS_TIME);
  } catch {
    throw new ConfigError(
      `DEVNET_GENESIS_TIME: invalid value ${JSON.stringify(cfg.DEVNET_GENESIS_TIME)}: expected an RFC 3339 time`,
    );
  }
  // The port is bound first: the NFT collections' token URIs name it.
  const app: { handler?: ReturnType<Koa['callback']> } = {};
  const server = createServer((req, res) => {
    if (app.handler) return void app.handler(req, res);
    res.writeHead(503, { 'content-type': 'text/plain' }).end('devnet is starting');
  }).listen(cfg.HTTP_PORT, cfg.HTTP_HOST);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  ctx.onShutdown('HTTP server', () => closeServer(server, ctx.shutdownTimeoutMs));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.HTTP_PORT;
  const devnet = await Devnet.create({
    identity: IDENTITIES[cfg.DEVNET_NETWORK],
    seed: cfg.DEVNET_SEED,
    genesisTimeSeconds: genesisNanos / 1_000_000_000n,
    historySeconds: BigInt(cfg.DEVNET_HISTORY_HOURS) * 3600n,
    blockIntervalSeconds: BigInt(cfg.DEVNET_BLOCK_INTERVAL_S),
    accounts: cfg.DEVNET_ACCOUNTS,
    metadataBaseUrl: cfg.DEVNET_METADATA_URL ?? `http://${cfg.HTTP_HOST}:${port}/metadata`,
  });
  const peers = await DevnetPeers.start(devnet, {
    host: cfg.DEVNET_PEER_HOST,
    slowMs: cfg.DEVNET_WARP_SLOW_MS,
    faults: warpFaults,
    log,
  });
  ctx.onShutdown('p2p listeners', () => peers.close());
  const websockets = new EvmWebSockets(log);
  ctx.onShutdown('WebSockets', () => websockets.close());
  app.handler = createDevnetApp(devnet, log, { peers, websockets }).callback();
  server.on('upgrade', websockets.upgrade);
  log.info(
    { port, l1: devnet.l1, nodeID: peers.ownNode.nodeId, p2p: peers.ownAddress() },
    'devnet node APIs listening',
  );

  // Like a node that is still bootstrapping, the devnet serves what it has while its history grows; live blocks
  // follow the history.
  const abort = new AbortController();
  const history = (async () => {
    const started = performance.now();
    await devnet.generateHistory(abort.signal);
    log.info(
      {
        network: cfg.DEVNET_NETWORK,
        pBlocks: devnet.containers.count('P/block'),
        xVertices: devnet.containers.count('X/vtx'),
        xBlocks: devnet.containers.count('X/block'),
        xTxs: devnet.containers.count('X/tx'),
        cBlocks: devnet.cChain.chain.blocks.length - 1,
        cTxs: countTransactions(devnet.cChain.chain),
        l1Blocks: devnet.l1Chain.chain.blocks.length - 1,
        l1Txs: countTransactions(devnet.l1Chain.chain),
        ms: Math.round(performance.now() - started),
      },
      'history generated',
    );
    if (cfg.DEVNET_LIVE_INTERVAL_MS > 0)
      await produceLive(devnet, cfg.DEVNET_LIVE_INTERVAL_MS, abort.signal, log);
  })().catch((err: unknown) => {
    if (!abort.signal.aborted) log.error({ err }, 'history generation failed');
  });
  ctx.onShutdown('block production', async () => {
    abort.abort();
    await history;
  });
  ctx.setReady(true);
}

/**
 * Live mode: every `intervalMs` the next step of the simulated schedule (not a block at the wall clock's time, which
 * would make each run's chain different), one at a time, until aborted.
 */
async function produceLive(
  devnet: Devnet,
  intervalMs: number,
  signal: AbortSignal,
  log: Logger,
): Promise<void> {
  for (;;) {
    await sleep(intervalMs, signal);
    await devnet.advanceOnSchedule().catch((err: unknown) => log.error({ err }, 'live block failed'));
  }
}

/** `NodeID-a=offline,NodeID-b=slow`: the faults DEVNET_WARP_FAULTS switches on from the start. */
function parseWarpFaults(text: string): Map<string, WarpFault> {
  const faults = new Map<string, WarpFault>();
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const [nodeId, fault] = entry.split('=');
    if (!nodeId?.startsWith('NodeID-') || !WARP_FAULTS.includes(fault as WarpFault)) {
      throw new ConfigError(
        `DEVNET_WARP_FAULTS: invalid entry ${JSON.stringify(entry)}: expected NodeID-…=${WARP_FAULTS.join('|')}`,
      );
    }
    faults.set(nodeId, fault as WarpFault);
  }
  return faults;
}

function countTransactions(chain: EvmChain): number {
  return chain.blocks.reduce((n, block) => n + block.transactions.length, 0);
}
