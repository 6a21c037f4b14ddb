/**
 * The EVM that executes the devnet's C-Chain and L1: @ethereumjs/vm, configured for what coreth and Subnet-EVM run
 * since Etna (the Cancun instruction set, EIP-1559 transactions, no blobs), with the devnet's fast crypto.
 */
import { paramsBlock } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import { keccak256, recoverPublicKey, signHash } from '../crypto.ts';

/**
 * A Common for one chain. Two adjustments keep ethereumjs from spending a third of its time on bookkeeping: every
 * transaction and header would copy the Common and merge its parameter tables again; the devnet never changes
 * hardfork within a chain, so one shared instance with every table merged up front behaves the same.
 */
export function evmCommon(chainId: bigint): Common {
  const common = createCustomCommon({ chainId: Number(chainId), name: `evm-${chainId}` }, Mainnet, {
    hardfork: Hardfork.Cancun,
    customCrypto: {
      keccak256,
      ecsign: (hash: Uint8Array, privateKey: Uint8Array) => {
        const { signature, recovery } = signHash(hash, privateKey);
        const recovered = new Uint8Array(65);
        recovered[0] = recovery;
        recovered.set(signature, 1);
        return recovered;
      },
      ecrecover: (hash, v, r, s, chainId) => {
        const recovery = v <= 1n ? v : chainId === undefined ? v - 27n : v - (2n * chainId + 35n);
        const signature = new Uint8Array(64);
        signature.set(r, 32 - r.length);
        signature.set(s, 64 - s.length);
        return recoverPublicKey(hash, signature, Number(recovery)).subarray(1);
      },
    },
  });
  const merged = new Set<object>();
  const updateParams = common.updateParams.bind(common);
  for (const params of [paramsBlock, paramsTx, paramsEVM, paramsVM]) {
    updateParams(params);
    merged.add(params);
  }
  // coreth (since Apricot Phase 1) and Subnet-EVM refund no gas for cleared storage: a refund capped at
  // gasUsed / 2^53 is none.
  updateParams({ 3529: { maxRefundQuotient: Number.MAX_SAFE_INTEGER } });
  common.updateParams = (params) => {
    if (!merged.has(params)) {
      updateParams(params);
      merged.add(params);
    }
  };
  common.copy = () => common;
  return common;
}
