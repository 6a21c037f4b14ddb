import { expect } from 'chai';
import type { WebSocket } from 'ws';
import type { Head__Output as Head } from '../../services/generated/proto/chaindata/noderpc/v1/Head.ts';
import { ClientSubscriptions, type GatewayWebSockets } from '../../services/gateway-rpc/websockets.ts';

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
      JSON.stringify({ address, topics: [], data: '0x' }),
      JSON.stringify({ address: `0x${'bb'.repeat(20)}`, topics: [], data: '0x' }),
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
        params: { subscription: logs, result: { address, topics: [], data: '0x' } },
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
    expect(await client.subscribe('eth', ['logs', { topics: ['0x12'] }])).to.deep.equal({
      error: { code: -32602, message: 'invalid argument 1: invalid topic(s)' },
    });
  });
});
