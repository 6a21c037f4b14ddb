import { expect } from 'chai';
import { answerGethBody, type CallDispatch } from '../../services/runtime/json-rpc/geth-envelope.ts';

/** Answers every call with its method's name, or an error for `fail`. */
const echo: CallDispatch = (method) =>
  Promise.resolve(
    method === 'fail' ? { error: { code: -32000, message: 'failed' } } : { result: JSON.stringify(method) },
  );

describe("geth's JSON-RPC envelope", () => {
  it('writes each id back exactly as the client wrote it, as geth does with its json.RawMessage', async () => {
    for (const id of ['1.0', '1e3', '123456789012345678901234567890', '"\\u0041"', '-0', 'true']) {
      expect(
        await answerGethBody(`{"jsonrpc":"2.0","id":${id},"method":"eth_chainId"}`, { calls: 40 }, echo),
        id,
      ).to.equal(`{"jsonrpc":"2.0","id":${id},"result":"eth_chainId"}\n`);
    }
    expect(await answerGethBody('{"jsonrpc":"2.0","id":2.50,"method":"fail"}', { calls: 40 }, echo)).to.equal(
      '{"jsonrpc":"2.0","id":2.50,"error":{"code":-32000,"message":"failed"}}\n',
    );
    // In a batch, each member's own; a nested "id" (in params) is not the message's.
    expect(
      await answerGethBody(
        '[{"jsonrpc":"2.0","id":1.0,"method":"a","params":[{"id":7}]},{"jsonrpc":"1.0","id":10000000000000000001}]',
        { calls: 40 },
        echo,
      ),
    ).to.equal(
      '[{"jsonrpc":"2.0","id":1.0,"result":"a"},{"jsonrpc":"2.0","id":10000000000000000001,"error":{"code":-32600,"message":"invalid request"}}]\n',
    );
    expect(
      await answerGethBody(
        '[{"jsonrpc":"2.0","id":3.0,"method":"a"},{"jsonrpc":"2.0","id":4,"method":"a"}]',
        { calls: 1 },
        echo,
      ),
    ).to.equal('[{"jsonrpc":"2.0","id":3.0,"error":{"code":-32600,"message":"batch too large"}}]\n');
  });

  it('reads messages as geth’s jsonrpcMessage: null ids are ids, replies are taken silently, keys ignore case', async () => {
    expect(await answerGethBody('{"jsonrpc":"2.0","id":null,"method":"a"}', { calls: 40 }, echo)).to.equal(
      '{"jsonrpc":"2.0","id":null,"result":"a"}\n',
    );
    expect(await answerGethBody('{"jsonrpc":"2.0","id":1,"result":"0x1"}', { calls: 40 }, echo)).to.equal(
      undefined,
    );
    expect(
      await answerGethBody(
        '[{"jsonrpc":"2.0","id":1,"error":{"code":1}},{"jsonrpc":"2.0","id":2,"method":"b"}]',
        { calls: 40 },
        echo,
      ),
    ).to.equal('[{"jsonrpc":"2.0","id":2,"result":"b"}]\n');
    expect(await answerGethBody('{"JSONRPC":"2.0","Id":7.0,"Method":"c"}', { calls: 40 }, echo)).to.equal(
      '{"jsonrpc":"2.0","id":7.0,"result":"c"}\n',
    );
    // A batch too large names its first call, not its first message.
    expect(
      await answerGethBody(
        '[{"jsonrpc":"2.0","id":1},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"x","method":"a"}]',
        { calls: 2 },
        echo,
      ),
    ).to.equal('[{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"batch too large"}}]\n');
  });

  it('answers the calls after the one passing batch-response-max-size with -32003, as geth does', async () => {
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'abcd' },
      { jsonrpc: '2.0', id: 2, method: 'efgh' },
      { jsonrpc: '2.0', method: 'notification' },
      { jsonrpc: '2.0', id: 3, method: 'ijkl' },
      { jsonrpc: '1.0', id: 4 },
    ]);
    // Each result is 6 bytes ("abcd" with its quotes): the second passes 10.
    expect(await answerGethBody(batch, { calls: 40, responseBytes: 10 }, echo)).to.equal(
      '[{"jsonrpc":"2.0","id":1,"result":"abcd"},{"jsonrpc":"2.0","id":2,"result":"efgh"},' +
        '{"jsonrpc":"2.0","id":3,"error":{"code":-32003,"message":"response too large"}},' +
        '{"jsonrpc":"2.0","id":4,"error":{"code":-32003,"message":"response too large"}}]\n',
    );
    expect(await answerGethBody(batch, { calls: 40, responseBytes: 18 }, echo)).not.to.include('-32003');
  });

  it('answers what is no call as geth does: parse error, empty batch, invalid request, notifications', async () => {
    expect(await answerGethBody('{"jsonrpc":', { calls: 40 }, echo)).to.equal(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}\n',
    );
    expect(await answerGethBody('[]', { calls: 40 }, echo)).to.equal(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"empty batch"}}\n',
    );
    expect(await answerGethBody('[1,{"jsonrpc":"2.0","id":{},"method":"a"}]', { calls: 40 }, echo)).to.equal(
      '[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}},' +
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}}]\n',
    );
    expect(await answerGethBody('{"jsonrpc":"2.0","method":"a"}', { calls: 40 }, echo)).to.equal(undefined);
  });
});
