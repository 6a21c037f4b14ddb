import { expect } from 'chai';
import type { WebSocket } from 'ws';
import type { Head__Output as Head } from '../../services/generated/proto/chaindata/noderpc/v1/Head.ts';
import { filterCriteria } from '../../services/devnet/geth-rpc/params.ts';
import { ClientSubscriptions, type GatewayWebSockets } from '../../services/gateway-rpc/websockets.ts';
import { ParamError } from '../../services/runtime/json-rpc/geth-params.ts';

/** A client socket as ClientSubscriptions sees it: what it was sent, how much is still unsent, how it was closed. */
function clientSocket() {
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    closed: undefined as { code: number; reason: string } | undefined,
    send(text: string) {
      socket.sent.push(text);
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason };
      socket.readyState = 3;
    },
  };
  return socket;
}

/** The chain's block stream: the subscribers ClientSubscriptions adds, and a way to push a head to them. */
function blockStream() {
  const subscribers = new Set<(head: Head) => void>();
  return {
    subscribers,
    hub: {
      heads: {
        subscribe: (_chain: string, subscriber: (head: Head) => void) => {
          subscribers.add(subscriber);
          return () => subscribers.delete(subscriber);
        },
      },
    } as unknown as GatewayWebSockets,
    push: (number: number, logs: string[] = []) => {
      for (const s of subscribers)
        s({ number: String(number), header_json: `{"number":"0x${number.toString(16)}"}`, logs_json: logs });
    },
  };
}

describe('gateway-rpc WebSocket clients', () => {
  it('notifies each subscription in geth’s envelope, logs filtered by the subscription’s criteria', async () => {
    const socket = clientSocket();
    const stream = blockStream();
    const client = new ClientSubscriptions(socket as unknown as WebSocket, 'C', stream.hub, 1_000_000);
    const heads = JSON.parse(
      ((await client.subscribe('eth', ['newHeads'])) as { result: string }).result,
    ) as string;
    const address = `0x${'aa'.repeat(20)}`;
    const logs = JSON.parse(
      ((await client.subscribe('eth', ['logs', { address }])) as { result: string }).result,
    ) as string;
    stream.push(7, [
      JSON.stringify({ address, topics: [], data: '0x', blockNumber: '0x7' }),
      JSON.stringify({ address: `0x${'bb'.repeat(20)}`, topics: [], data: '0x', blockNumber: '0x7' }),
    ]);
    expect(socket.sent.map((text) => JSON.parse(text) as unknown)).to.deep.equal([
      {
        jsonrpc: '2.0',
        method: 'eth_subscription',
        params: { subscription: heads, result: { number: '0x7' } },
      },
      {
        jsonrpc: '2.0',
        method: 'eth_subscription',
        params: { subscription: logs, result: { address, topics: [], data: '0x', blockNumber: '0x7' } },
      },
    ]);
    expect(client.unsubscribe(heads)).to.equal(true);
    expect(client.unsubscribe(heads)).to.equal(false);
    expect(stream.subscribers.size).to.equal(1);
  });

  it('closes a client that does not read its notifications (1008) and ends its subscriptions', async () => {
    const socket = clientSocket();
    const stream = blockStream();
    const client = new ClientSubscriptions(socket as unknown as WebSocket, 'C', stream.hub, 4096);
    await client.subscribe('eth', ['newHeads']);
    stream.push(1);
    expect(socket.sent).to.have.length(1);
    socket.bufferedAmount = 4097;
    stream.push(2);
    expect(socket.sent).to.have.length(1);
    expect(socket.closed).to.deep.equal({ code: 1008, reason: 'too slow: notifications not read' });
    expect(stream.subscribers.size).to.equal(0);
  });

  it('refuses subscriptions it does not serve with geth’s texts', async () => {
    const client = new ClientSubscriptions(
      clientSocket() as unknown as WebSocket,
      'C',
      blockStream().hub,
      4096,
    );
    expect(await client.subscribe('eth', ['newPendingTransaction'])).to.deep.equal({
      error: { code: -32601, message: 'no "newPendingTransaction" subscription in eth namespace' },
    });
    expect(await client.subscribe('eth', ['newPendingTransactions', 'true'])).to.deep.equal({
      error: {
        code: -32602,
        message: 'invalid argument 1: json: cannot unmarshal string into Go value of type bool',
      },
    });
    expect(await client.subscribe('eth', ['newHeads', {}])).to.deep.equal({
      error: { code: -32602, message: 'too many arguments, want at most 1' },
    });
  });

  describe('logs criteria', () => {
    const client = () =>
      new ClientSubscriptions(clientSocket() as unknown as WebSocket, 'C', blockStream().hub, 4096);
    const hash = `0x${'ab'.repeat(32)}`;
    const address = `0x${'aa'.repeat(20)}`;

    it('refuses a bad filter in the words of the devnet’s FilterCriteria decoder, which are geth’s', async () => {
      const bad: [filter: unknown, geth: string][] = [
        [
          { address: '0x12' },
          'invalid address: hex has invalid length 1 after decoding; expected 20 for address',
        ],
        [{ address: 'aa'.repeat(20) }, 'invalid address: hex string without 0x prefix'],
        [{ address: [address, '0xzz'] }, 'invalid address at index 1: invalid hex string'],
        [{ address: [address, 7] }, 'non-string address at index 1'],
        [{ address: 7 }, 'invalid addresses in query'],
        [{ address: Array.from({ length: 1001 }, () => address) }, 'exceed max addresses'],
        [{ topics: ['0x12'] }, 'hex has invalid length 1 after decoding; expected 32 for topic'],
        [{ topics: [null, [hash, '0x123']] }, 'hex string of odd length'],
        [{ topics: [7] }, 'invalid topic(s)'],
        [{ topics: [[hash, {}]] }, 'invalid topic(s)'],
        [
          { topics: hash },
          'json: cannot unmarshal string into Go struct field input.topics of type []interface {}',
        ],
        ['latest', 'json: cannot unmarshal string into Go value of type filters.input'],
        [[address], 'json: cannot unmarshal array into Go value of type filters.input'],
        [
          { blockHash: 7 },
          'json: cannot unmarshal non-string into Go struct field input.blockHash of type common.Hash',
        ],
        [{ blockHash: '0x12' }, 'hex string has length 2, want 64 for common.Hash'],
        [
          { blockHash: hash, toBlock: 'latest' },
          'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
        ],
        [{ fromBlock: '0x01' }, 'hex number with leading zero digits'],
        [{ fromBlock: 7 }, 'hex string without 0x prefix'],
        // A bad hash stops the decoding; a bad `topics` is reported only when nothing does.
        [
          { topics: 'x', blockHash: 7 },
          'json: cannot unmarshal non-string into Go struct field input.blockHash of type common.Hash',
        ],
      ];
      for (const [filter, geth] of bad) {
        const devnet = (() => {
          try {
            filterCriteria(filter);
          } catch (err) {
            if (err instanceof ParamError) return err.message;
            throw err;
          }
          return 'decoded';
        })();
        expect(devnet, JSON.stringify(filter)).to.equal(geth);
        expect(await client().subscribe('eth', ['logs', filter]), JSON.stringify(filter)).to.deep.equal({
          error: { code: -32602, message: `invalid argument 1: ${devnet}` },
        });
      }
    });

    it('takes what geth takes: five topics (no limit for accepted logs), null, mixed case; refuses a reversed range', async () => {
      const subscribed = async (filter: unknown) =>
        'result' in ((await client().subscribe('eth', ['logs', filter])) as object);
      expect(await subscribed({ topics: [null, null, null, null, null] })).to.equal(true);
      expect(filterCriteria({ topics: [null, null, null, null, null] }).topics).to.have.length(5);
      expect(await subscribed(null)).to.equal(true);
      expect(await subscribed({ ADDRESS: address.toUpperCase().replace('0X', '0x') })).to.equal(true);
      expect(await client().subscribe('eth', ['logs'])).to.deep.equal({
        error: { code: -32602, message: 'missing value for required argument 1' },
      });
      expect(await client().subscribe('eth', ['logs', { fromBlock: '0x10', toBlock: '0x5' }])).to.deep.equal({
        error: { code: -32000, message: 'invalid from and to block combination: from > to' },
      });
    });

    it('matches logs as filterLogs does: a null in a position is a wildcard, numbered bounds hold', async () => {
      const socket = clientSocket();
      const stream = blockStream();
      const subscriptions = new ClientSubscriptions(
        socket as unknown as WebSocket,
        'C',
        stream.hub,
        1_000_000,
      );
      const topic = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
      await subscriptions.subscribe('eth', [
        'logs',
        { fromBlock: '0x8', topics: [[topic(9), null], [topic(2)]] },
      ]);
      const log = (block: number, topics: string[]) =>
        JSON.stringify({ address, topics, data: '0x', blockNumber: `0x${block.toString(16)}` });
      stream.push(7, [log(7, [topic(1), topic(2)])]);
      stream.push(8, [log(8, [topic(1), topic(2)]), log(8, [topic(1), topic(3)]), log(8, [topic(1)])]);
      expect(
        socket.sent.map((text) => (JSON.parse(text) as { params: { result: unknown } }).params.result),
      ).to.deep.equal([JSON.parse(log(8, [topic(1), topic(2)]))]);
    });
  });
});
