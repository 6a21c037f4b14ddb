import { eventually, freePort, startComponent, type RunningComponent } from './processes.ts';

/** Two devnets built from one seed (two nodes of one network), node-rpc over them and gateway-rpc in front. */
export interface NodeRpcStack {
  /** In start order: the second started later, so its live blocks are behind the first's. */
  devnets: { url: string; process: RunningComponent }[];
  l1BlockchainId: string;
  nodeRpc: RunningComponent;
  /** node-rpc's gRPC address. */
  nodeRpcAddress: string;
  gatewayUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the stack for node-rpc's tests. `nodeOrder` gives node-rpc's priority order as indexes into `devnets` (the
 * first is the node calls and subscriptions go to while it lives).
 */
export async function startNodeRpcStack(options: {
  seed: string;
  historyHours: number;
  liveIntervalMs: number;
  nodeOrder: [number, number];
  /** Serve the C-Chain's admin API, to requests carrying this credential. */
  adminToken?: string;
}): Promise<NodeRpcStack> {
  const started: RunningComponent[] = [];
  const devnets: NodeRpcStack['devnets'] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const process = await startComponent('devnet', {
        HTTP_PORT: String(port),
        DEVNET_SEED: options.seed,
        DEVNET_HISTORY_HOURS: String(options.historyHours),
        DEVNET_LIVE_INTERVAL_MS: String(options.liveIntervalMs),
        // Its default names the devnet's own port, and the NFT collections it deploys carry it: the same URL for
        // both, or their EVM chains part at block 2.
        DEVNET_METADATA_URL: 'http://127.0.0.1:9650/metadata',
        LOG_LEVEL: 'info',
      });
      started.push(process);
      devnets.push({ url: `http://127.0.0.1:${port}`, process });
    }
    for (const { process } of devnets)
      await eventually(() => process.output().includes('"msg":"history generated"'), 90_000, 'the history');
    const chains = (await (await fetch(`${devnets[0]!.url}/ext/devnet/chains`)).json()) as {
      l1: { blockchainId: string };
    };
    const l1BlockchainId = chains.l1.blockchainId;
    const nodeRpcPort = await freePort();
    const nodeRpc = await startComponent('node-rpc', {
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
      UPSTREAM_NODE_URLS: options.nodeOrder.map((i) => devnets[i]!.url).join(','),
      UPSTREAM_TIMEOUT_MS: '2000',
      EVM_CHAINS: `C,${l1BlockchainId}`,
      NODE_RPC_ADMIN_ENABLED: String(options.adminToken !== undefined),
      LOG_LEVEL: 'warn',
    });
    started.push(nodeRpc);
    const gatewayPort = await freePort();
    started.push(
      await startComponent('gateway-rpc', {
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(gatewayPort),
        NODE_RPC_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
        // The Index API is not under test: nothing listens there.
        CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${await freePort()}`,
        ...(options.adminToken !== undefined ? { GATEWAY_RPC_ADMIN_TOKEN: options.adminToken } : {}),
        LOG_LEVEL: 'warn',
      }),
    );
    return {
      devnets,
      l1BlockchainId,
      nodeRpc,
      nodeRpcAddress: `127.0.0.1:${nodeRpcPort}`,
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      async stop() {
        for (const component of started.reverse()) await component.stop();
      },
    };
  } catch (err) {
    for (const component of started.reverse()) await component.stop();
    throw err;
  }
}
