import type { CallReply } from '../../generated/proto/chaindata/noderpc/v1/CallReply.ts';
import type { FinalAnswer } from '../../generated/proto/chaindata/noderpc/v1/FinalAnswer.ts';
import type { CallRequest__Output as CallRequest } from '../../generated/proto/chaindata/noderpc/v1/CallRequest.ts';
import type { NodeRpcServiceHandlers } from '../../generated/proto/chaindata/noderpc/v1/NodeRpcService.ts';
import type { FollowHeadsRequest__Output as FollowHeadsRequest } from '../../generated/proto/chaindata/noderpc/v1/FollowHeadsRequest.ts';
import type { Head } from '../../generated/proto/chaindata/noderpc/v1/Head.ts';
import type { FollowPendingTransactionsRequest__Output as FollowPendingTransactionsRequest } from '../../generated/proto/chaindata/noderpc/v1/FollowPendingTransactionsRequest.ts';
import type { PendingTransaction } from '../../generated/proto/chaindata/noderpc/v1/PendingTransaction.ts';
import { canonicalChain } from '../../runtime/upstream/chain-routing.ts';
import type { ChainFollowers } from '../followers.ts';
import { DomainError } from '../../runtime/errors.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { answerGethBody, type BatchLimits } from '../../runtime/json-rpc/geth-envelope.ts';
import type { Logger } from '../../runtime/logger.ts';
import {
  UpstreamNotReadyError,
  UpstreamUnavailableError,
  type Upstream,
} from '../../runtime/upstream/client.ts';
import type { EvmProxy } from '../evm-proxy.ts';
import { gorillaMethodOf, nodeApiOf } from '../node-apis.ts';

export interface NodeRpcServiceOptions {
  upstream: Upstream;
  evm: EvmProxy;
  /** The EVM chains' block and pool followers (FollowHeads, FollowPendingTransactions). */
  followers: ChainFollowers;
  /** The stack's EVM chains, canonical (`C`, L1 blockchain ids). */
  evmChains: ReadonlySet<string>;
  /** Calls in one EVM batch (geth answers a larger one with `batch too large`) and the bytes of its results. */
  batchLimits: BatchLimits;
  /** The largest body a call may carry. */
  maxBodyBytes: number;
  /** Serve the C-Chain's `/admin` (gateway-rpc lets only its admin credential through). */
  adminEnabled: boolean;
  log: Logger;
}

const MAX_PATH_LENGTH = 128;
const JSON_UTF8 = 'application/json; charset=utf-8';

/** The 404 a node's router answers for a path it does not serve; gateway-rpc writes it as the node does. */
export const NOT_SERVED = '404 page not found';

export function nodeRpcService(options: NodeRpcServiceOptions): AsyncImplementation<NodeRpcServiceHandlers> {
  const { upstream, evm, followers, evmChains, batchLimits, maxBodyBytes, adminEnabled, log } = options;
  /** A request's chain, canonical, when the stack runs it as an EVM chain. */
  const evmChainOf = (name: string): string => {
    const chain = canonicalChain(name);
    if (name.length > MAX_PATH_LENGTH || !evmChains.has(chain))
      throw new DomainError(
        'not_found',
        `chain: expected one of the stack's EVM chains (${[...evmChains].join(', ')})`,
      );
    return chain;
  };
  return {
    async FollowHeads(
      request: FollowHeadsRequest,
      write: (head: Head) => Promise<void>,
      signal: AbortSignal,
    ) {
      const follower = followers.headsOf(evmChainOf(request.chain));
      const after =
        request.after_number === undefined || request.after_number === null
          ? undefined
          : BigInt(request.after_number);
      await follower.follow(
        after,
        (head) => write({ number: head.number.toString(), header_json: head.header, logs_json: head.logs }),
        signal,
      );
    },

    async FollowPendingTransactions(
      request: FollowPendingTransactionsRequest,
      write: (transaction: PendingTransaction) => Promise<void>,
      signal: AbortSignal,
    ) {
      await followers
        .pendingTransactionsOf(evmChainOf(request.chain))
        .follow((event) => write({ hash: event.hash, transaction_json: event.transaction }), signal);
    },

    async Call(request: CallRequest, signal: AbortSignal): Promise<CallReply> {
      const { path, body } = request;
      if (path.length > MAX_PATH_LENGTH || !path.startsWith('/ext/'))
        throw new DomainError(
          'invalid_argument',
          `path: expected a node API path (/ext/…), got ${JSON.stringify(path.slice(0, MAX_PATH_LENGTH))}`,
        );
      if (body.length > maxBodyBytes)
        throw new DomainError(
          'invalid_argument',
          `body: expected at most ${maxBodyBytes} bytes, got ${body.length}`,
        );
      if (request.http_method !== '' && !(request.http_method === 'GET' && path === '/ext/health'))
        throw new DomainError(
          'invalid_argument',
          `http_method: expected "" (POST), or "GET" for /ext/health`,
        );
      const api = nodeApiOf(path, evmChains, adminEnabled);
      if (!api) throw new DomainError('not_found', NOT_SERVED);
      const text = body.toString('utf8');
      if (api.kind === 'evm') {
        const finals: FinalAnswer[] = [];
        const answer = await answerGethBody(
          text,
          batchLimits,
          evm.dispatcher(path, api.chain, signal, finals, { batch: text.trimStart().startsWith('[') }),
        );
        return {
          status: 200,
          content_type: 'application/json',
          body: Buffer.from(answer ?? ''),
          final_answers: finals,
        };
      }
      const method = gorillaMethodOf(text);
      try {
        const reply = await upstream.forward(path, request.http_method === 'GET' ? undefined : text, signal, {
          idempotent: !api.isWrite(method),
        });
        return { status: reply.status, content_type: reply.contentType || JSON_UTF8, body: reply.body };
      } catch (err) {
        if (err instanceof UpstreamUnavailableError || err instanceof UpstreamNotReadyError) {
          log.warn({ path, method, err: err.message }, 'no upstream node answered');
          throw new DomainError('unavailable', 'no upstream node is available to answer');
        }
        throw err;
      }
    },
  };
}
