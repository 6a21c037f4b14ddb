/**
 * Heavy use of a devnet, as clients and test suites use a node: blocks with their transactions, logs, receipts,
 * state at old heights, calls and gas estimates, proofs, both tracers, filters (most polled and removed, some
 * abandoned to expire), fee history, the Index API and the P-Chain's API. Every call must answer without a JSON-RPC
 * error except where the devnet answers as the node would (a trace of genesis).
 */

interface JsonRpcReply {
  result?: unknown;
  error?: { code: number; message: string };
}

/** What one kind of call sends, for the calls made and failures counted per kind. */
type UseCall = (random: () => number) => Promise<JsonRpcReply>;

export interface UseCounts {
  calls: Record<string, number>;
  failures: Record<string, number>;
  /** The first failure's message per kind. */
  firstFailure: Record<string, string>;
}

const POLLED_FILTERS = 32;
const ABANDONED_FILTERS = 16;

export function devnetUse(url: string) {
  let id = 0;
  const post = async (path: string, method: string, params: unknown): Promise<JsonRpcReply> => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    return (await response.json()) as JsonRpcReply;
  };
  const evm = (method: string, params: unknown[]) => post('/ext/bc/C/rpc', method, params);
  const hex = (n: number) => `0x${n.toString(16)}`;

  let head = 1;
  let pBlocks = 1;
  let account = '0x0100000000000000000000000000000000000000';
  let transaction: string | undefined;
  const polled: string[] = [];
  let abandoned = 0;
  /** A height of the chain, never genesis (whose trace the node refuses). */
  const height = (random: () => number) => hex(1 + Math.floor(random() * Math.max(1, head - 1)));

  const calls: Record<string, UseCall> = {
    'eth_getBlockByNumber (full)': (r) => evm('eth_getBlockByNumber', [height(r), true]),
    'eth_getLogs (10 blocks)': (r) => {
      const from = Math.floor(r() * Math.max(1, head - 10));
      return evm('eth_getLogs', [{ fromBlock: hex(from), toBlock: hex(from + 10) }]);
    },
    eth_getBlockReceipts: (r) => evm('eth_getBlockReceipts', [height(r)]),
    'eth_getBalance (old height)': (r) => evm('eth_getBalance', [account, height(r)]),
    'eth_call (old height)': (r) => evm('eth_call', [{ from: account, to: account, data: '0x' }, height(r)]),
    eth_estimateGas: () => evm('eth_estimateGas', [{ from: account, to: account, value: '0x1' }]),
    eth_getProof: (r) => evm('eth_getProof', [account, [], height(r)]),
    'debug_traceBlockByNumber (callTracer)': (r) =>
      evm('debug_traceBlockByNumber', [height(r), { tracer: 'callTracer' }]),
    'debug_traceTransaction (struct logs)': () =>
      transaction ? evm('debug_traceTransaction', [transaction, {}]) : evm('eth_blockNumber', []),
    'filters (new, poll, uninstall)': async (r) => {
      // Clients keep a few filters and poll them; now and then one is removed, and another made in its place.
      if (polled.length < POLLED_FILTERS) {
        const created =
          r() < 0.5
            ? await evm('eth_newBlockFilter', [])
            : await evm('eth_newFilter', [{ fromBlock: 'latest' }]);
        if (created.error) return created;
        // A few clients never come back: their filters expire on the node's timeout.
        if (abandoned < ABANDONED_FILTERS && r() < 0.1) abandoned++;
        else polled.push(created.result as string);
        return created;
      }
      const filter = polled[Math.floor(r() * polled.length)]!;
      if (r() < 0.1) {
        polled.splice(polled.indexOf(filter), 1);
        return evm('eth_uninstallFilter', [filter]);
      }
      return evm('eth_getFilterChanges', [filter]);
    },
    eth_feeHistory: () => evm('eth_feeHistory', ['0x10', 'latest', [10, 50, 90]]),
    'index.getContainerByIndex (P/block)': (r) =>
      post('/ext/index/P/block', 'index.getContainerByIndex', {
        index: String(Math.floor(r() * pBlocks)),
        encoding: 'hex',
      }),
    'platform.getCurrentValidators': () => post('/ext/bc/P', 'platform.getCurrentValidators', {}),
  };

  return {
    kinds: Object.keys(calls),
    /**
     * Reads the chains' heights and a sender and a transaction of a recent block, for the calls to name; answers the
     * heights.
     */
    async refresh(): Promise<{ cHeight: number; pHeight: number }> {
      head = Number((await evm('eth_blockNumber', [])).result);
      pBlocks = Number(
        ((await post('/ext/bc/P', 'platform.getHeight', {})).result as { height: string }).height,
      );
      for (let n = head; n > 0 && n > head - 50; n--) {
        const block = (await evm('eth_getBlockByNumber', [hex(n), true])).result as {
          transactions: { hash: string; from: string }[];
        };
        const first = block.transactions[0];
        if (first) {
          account = first.from;
          transaction = first.hash;
          break;
        }
      }
      return { cHeight: head, pHeight: pBlocks };
    },
    /** `connections` clients calling in a closed loop, each call a kind at random, until `until()` says stop. */
    async run(connections: number, until: () => boolean, seed = 1): Promise<UseCounts> {
      const counts: UseCounts = { calls: {}, failures: {}, firstFailure: {} };
      let state = seed;
      // A small fixed-seed generator: the same mix of calls in every run.
      const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
      const kinds = Object.entries(calls);
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (!until()) {
            const [kind, call] = kinds[Math.floor(random() * kinds.length)]!;
            counts.calls[kind] = (counts.calls[kind] ?? 0) + 1;
            const reply = await call(random).catch((err: unknown) => ({
              error: { code: 0, message: String(err) },
            }));
            if (reply.error) {
              counts.failures[kind] = (counts.failures[kind] ?? 0) + 1;
              counts.firstFailure[kind] ??= reply.error.message;
            }
          }
        }),
      );
      return counts;
    },
  };
}
