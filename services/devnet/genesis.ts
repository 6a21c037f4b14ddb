import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { formatAddress } from '../runtime/formatting/address.ts';
import { decodeCb58 } from '../runtime/formatting/cb58.ts';
import type { EvmAccount } from './evm/activity.ts';
import { GENESIS_BALANCE, type Account, type GenesisOutput } from './wallet.ts';

/** How long avalanchego's local genesis stakes its initial validators (one year); ours has none. */
const INITIAL_STAKE_DURATION_SECONDS = 365 * 24 * 60 * 60;

/**
 * The devnet's genesis in avalanchego's genesis configuration format (the JSON `--genesis-file` reads): each account
 * gets GENESIS_BALANCE on the X-Chain (`initialAmount`) and, unlocked, on the P-Chain (`unlockSchedule`). It has no
 * initial stakers: the devnet's validators are added by transactions. Amounts are JSON numbers, as avalanchego
 * writes its uint64s (raw, so that no amount is rounded through a double).
 */
export function devnetGenesisConfig(options: {
  identity: NetworkIdentity;
  accounts: Account[];
  evmAccounts: EvmAccount[];
  startTimeSeconds: bigint;
  cChainGenesis: Record<string, unknown>;
}): Record<string, unknown> {
  const { identity, accounts, evmAccounts } = options;
  const amount = Number(GENESIS_BALANCE);
  return {
    networkID: identity.networkId,
    allocations: accounts.map((account, i) => ({
      ethAddr: evmAccounts[i]!.address,
      avaxAddr: formatAddress('X', identity.hrp, account.address),
      initialAmount: amount,
      unlockSchedule: [{ amount, locktime: 0 }],
    })),
    startTime: Number(options.startTimeSeconds),
    initialStakeDuration: INITIAL_STAKE_DURATION_SECONDS,
    initialStakeDurationOffset: 0,
    initialStakedFunds: [],
    initialStakers: [],
    cChainGenesis: JSON.stringify(options.cChainGenesis),
    message: 'chain data stack devnet',
  };
}

/**
 * The P-Chain's genesis UTXOs as avalanchego's platformvm numbers them: no transaction (the empty id), one output
 * per unlock of each allocation, in the configuration's order.
 */
export function pChainGenesisOutputs(accounts: Account[]): GenesisOutput[] {
  return accounts.map((owner, i) => ({
    txId: new Uint8Array(32),
    outputIndex: i,
    owner,
    amount: GENESIS_BALANCE,
  }));
}

/**
 * The X-Chain's genesis UTXOs: the outputs of the AVAX asset's CreateAssetTx, whose id is the asset's. The AVM sorts
 * an asset's initial outputs by their bytes; with equal amounts (and no locktime) that is the order of the owners'
 * addresses.
 */
export function xChainGenesisOutputs(identity: NetworkIdentity, accounts: Account[]): GenesisOutput[] {
  const assetTxId = decodeCb58(identity.avaxAssetId);
  return [...accounts]
    .sort((a, b) => Buffer.compare(a.address, b.address))
    .map((owner, i) => ({ txId: assetTxId, outputIndex: i, owner, amount: GENESIS_BALANCE }));
}
