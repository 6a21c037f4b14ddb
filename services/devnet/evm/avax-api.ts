import { DomainError } from '../../runtime/errors.ts';
import { decodeId } from '../../runtime/formatting/cb58.ts';
import { encodeBytes } from '../../runtime/formatting/encoding.ts';
import { encodingArg, idArg, ZERO_ID } from '../../runtime/gorilla-rpc/args.ts';
import { gorillaMethod, type GorillaService } from '../../runtime/gorilla-rpc/endpoint.ts';
import { field } from '../../runtime/gorilla-rpc/go-json.ts';
import type { EvmChain } from './chain.ts';

/**
 * The C-Chain's `avax` service (`/ext/bc/C/avax`) for reading atomic transactions: getAtomicTx and
 * getAtomicTxStatus, with coreth's texts. Every atomic transaction the devnet builds is accepted in the block that
 * carries it. (getUTXOs and issueTx are not served.)
 */
export function avaxApi(chain: EvmChain): GorillaService {
  const find = (txId: string) => {
    const found = chain.atomicTransaction(decodeId(txId));
    return found && { tx: found.tx, height: found.block.number };
  };
  return {
    name: 'avax',
    methods: {
      getAtomicTx: gorillaMethod(
        (p) => ({ txId: idArg(field(p, 'txID')), encoding: encodingArg(field(p, 'encoding')) }),
        ({ txId, encoding }) => {
          if (encoding === 'json') throw new DomainError('invalid_argument', 'unsupported encoding');
          const found = txId === ZERO_ID ? undefined : find(txId);
          if (!found) throw new DomainError('not_found', `could not find tx ${txId}`);
          return Promise.resolve({
            tx: encodeBytes(found.tx.bytes, encoding),
            encoding,
            blockHeight: found.height.toString(),
          });
        },
      ),
      getAtomicTxStatus: gorillaMethod(
        (p) => ({ txId: idArg(field(p, 'txID')) }),
        ({ txId }) => {
          if (txId === ZERO_ID) throw new DomainError('invalid_argument', 'nil transaction ID');
          const found = find(txId);
          return Promise.resolve(
            found ? { status: 'Accepted', blockHeight: found.height.toString() } : { status: 'Unknown' },
          );
        },
      ),
    },
  };
}
