import { DomainError } from '../../runtime/errors.ts';
import { decodeId } from '../../runtime/formatting/cb58.ts';
import { encodeBytes } from '../../runtime/formatting/encoding.ts';
import { encodingArg, ZERO_ID } from '../../runtime/gorilla-rpc/args.ts';
import { gorillaMethod, type GorillaService } from '../../runtime/gorilla-rpc/endpoint.ts';
import { field } from '../../runtime/gorilla-rpc/go-json.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { encodeCb58 } from '../../runtime/formatting/cb58.ts';
import type { Devnet } from '../network.ts';
import {
  issuedTxBytes,
  parseSignedTx,
  serveUtxos,
  stringArg,
  txArgs,
  txIdArgs,
  utxoPageArgs,
  type LocalChain,
} from '../x-chain-api.ts';
import { verifyIssuedAtomicTx } from './atomic-verifier.ts';

/**
 * The C-Chain's `avax` service (`/ext/bc/C/avax`), with coreth's texts: getAtomicTx and getAtomicTxStatus (every
 * atomic transaction the devnet builds is accepted in the block that carries it), getUTXOs (the atomic UTXOs other
 * chains exported to the C-Chain and nobody imported yet) and issueTx, which checks a transaction as coreth's mempool
 * does (./atomic-verifier.ts) and answers its id; the devnet does not include issued transactions in its blocks (its
 * chains are a function of its seed).
 */
export function avaxApi(devnet: Devnet): GorillaService {
  const chain = devnet.cChain.chain;
  const { identity } = devnet.parameters;
  const local: LocalChain = { id: identity.cChainId, alias: 'C', style: 'coreth' };
  const fail = (message: string): never => {
    throw new DomainError('invalid_argument', message);
  };
  const find = (txId: string) => {
    const found = chain.atomicTransaction(decodeId(txId));
    return found && { tx: found.tx, height: found.block.number };
  };
  return {
    name: 'avax',
    methods: {
      getAtomicTx: gorillaMethod(txArgs, ({ txId, encoding }) => {
        if (encoding === 'json') throw new DomainError('invalid_argument', 'unsupported encoding');
        const found = txId === ZERO_ID ? undefined : find(txId);
        if (!found) throw new DomainError('not_found', `could not find tx ${txId}`);
        return Promise.resolve({
          tx: encodeBytes(found.tx.bytes, encoding),
          encoding,
          blockHeight: found.height.toString(),
        });
      }),
      getAtomicTxStatus: gorillaMethod(txIdArgs, ({ txId }) => {
        if (txId === ZERO_ID) throw new DomainError('invalid_argument', 'nil transaction ID');
        const found = find(txId);
        return Promise.resolve(
          found ? { status: 'Accepted', blockHeight: found.height.toString() } : { status: 'Unknown' },
        );
      }),
      getUTXOs: gorillaMethod(utxoPageArgs, (args) =>
        serveUtxos(
          devnet,
          local,
          args,
          undefined,
          () => 'problem encoding utxo: unsupported encoding in method',
        ),
      ),
      issueTx: gorillaMethod(
        (p) => ({ tx: stringArg(field(p, 'tx')), encoding: encodingArg(field(p, 'encoding')) }),
        async ({ tx, encoding }) => {
          const bytes = issuedTxBytes(encoding, tx);
          let signed: ReturnType<typeof parseSignedTx>;
          try {
            signed = parseSignedTx(bytes, 'EVM');
          } catch (err) {
            return fail(`problem parsing transaction: ${(err as Error).message}`);
          }
          await verifyIssuedAtomicTx(devnet, signed, bytes);
          return { txID: encodeCb58(sha256(bytes)) };
        },
      ),
    },
  };
}
