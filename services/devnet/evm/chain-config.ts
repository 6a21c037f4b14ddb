/**
 * What eth_getChainConfig answers on each EVM. Both VMs marshal geth's ChainConfig and their extras into one map,
 * so keys come out sorted; coreth has no `upgrades` key, Subnet-EVM always has one.
 */
import type { NetworkIdentity, NetworkUpgrade } from '../../runtime/avalanche/networks.ts';

/** Subnet-EVM's default fee configuration (params/extras/config.go), the devnet L1's. */
export const SUBNET_EVM_FEE_CONFIG = {
  gasLimit: 8_000_000,
  targetBlockRate: 2,
  minBaseFee: 25_000_000_000,
  targetGas: 15_000_000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1_000_000,
  blockGasCostStep: 200_000,
};

const ALL_AT_GENESIS = {
  homesteadBlock: 0,
  eip150Block: 0,
  eip155Block: 0,
  eip158Block: 0,
  byzantiumBlock: 0,
  constantinopleBlock: 0,
  petersburgBlock: 0,
  istanbulBlock: 0,
  muirGlacierBlock: 0,
};

const CORETH_TIMESTAMP_KEYS: [NetworkUpgrade, string][] = [
  ['apricotPhase1', 'apricotPhase1BlockTimestamp'],
  ['apricotPhase2', 'apricotPhase2BlockTimestamp'],
  ['apricotPhase3', 'apricotPhase3BlockTimestamp'],
  ['apricotPhase4', 'apricotPhase4BlockTimestamp'],
  ['apricotPhase5', 'apricotPhase5BlockTimestamp'],
  ['apricotPhasePre6', 'apricotPhasePre6BlockTimestamp'],
  ['apricotPhase6', 'apricotPhase6BlockTimestamp'],
  ['apricotPhasePost6', 'apricotPhasePost6BlockTimestamp'],
  ['banff', 'banffBlockTimestamp'],
  ['cortina', 'cortinaBlockTimestamp'],
  ['durango', 'durangoBlockTimestamp'],
  ['etna', 'etnaTimestamp'],
  ['fortuna', 'fortunaTimestamp'],
  ['granite', 'graniteTimestamp'],
  ['helicon', 'heliconTimestamp'],
];

export function corethChainConfig(identity: NetworkIdentity): Record<string, unknown> {
  const u = identity.upgrades;
  return sorted({
    chainId: identity.evmChainId,
    ...ALL_AT_GENESIS,
    daoForkBlock: 0,
    daoForkSupport: true,
    berlinBlock: identity.cChainBerlinBlock,
    londonBlock: identity.cChainLondonBlock,
    shanghaiTime: u.durango,
    cancunTime: u.etna,
    ...Object.fromEntries(CORETH_TIMESTAMP_KEYS.map(([upgrade, key]) => [key, u[upgrade]])),
  });
}

/** Warp's quorum in the L1's genesis (67%, subnet-evm's default numerator written out). */
const WARP_QUORUM_NUMERATOR = 67;

/**
 * The L1's Warp precompile config as Subnet-EVM marshals it (warp.Config: the embedded Upgrade's blockTimestamp,
 * `disable` omitted when false, then quorumNumerator and requirePrimaryNetworkSigners), enabled from genesis.
 */
export function subnetEvmWarpConfig(warpTimestampSeconds: bigint): Record<string, unknown> {
  return {
    blockTimestamp: Number(warpTimestampSeconds),
    quorumNumerator: WARP_QUORUM_NUMERATOR,
    requirePrimaryNetworkSigners: false,
  };
}

/**
 * A Subnet-EVM chain created on `identity`'s network with default settings: upgrades follow the network's (Fortuna
 * left unset: GetNetworkUpgrades gives it no default, so it stays off and unlisted). The genesis precompiles are
 * marshalled among the config's own keys (extras.ChainConfig.MarshalJSON): Warp from `warpTimestampSeconds`.
 */
export function subnetEvmChainConfig(
  identity: NetworkIdentity,
  chainId: number,
  warpTimestampSeconds?: bigint,
): Record<string, unknown> {
  const u = identity.upgrades;
  return {
    ...sorted({
      ...(warpTimestampSeconds === undefined
        ? {}
        : { warpConfig: subnetEvmWarpConfig(warpTimestampSeconds) }),
      chainId,
      ...ALL_AT_GENESIS,
      berlinBlock: 0,
      londonBlock: 0,
      shanghaiTime: u.durango,
      cancunTime: u.etna,
      feeConfig: SUBNET_EVM_FEE_CONFIG,
      subnetEVMTimestamp: 0,
      durangoTimestamp: u.durango,
      etnaTimestamp: u.etna,
      graniteTimestamp: u.granite,
      heliconTimestamp: u.helicon,
    }),
    upgrades: {},
  };
}

function sorted(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The L1's genesis as its CreateChainTx carries it: Subnet-EVM's genesis JSON (config, header fields, alloc). */
export function subnetEvmGenesis(options: {
  chainId: number;
  timestampSeconds: bigint;
  alloc: { address: Uint8Array; balance: bigint; code?: Uint8Array }[];
}): Record<string, unknown> {
  const zeroHash = `0x${'00'.repeat(32)}`;
  return {
    config: {
      chainId: options.chainId,
      feeConfig: SUBNET_EVM_FEE_CONFIG,
      warpConfig: {
        blockTimestamp: Number(options.timestampSeconds),
        quorumNumerator: WARP_QUORUM_NUMERATOR,
      },
    },
    nonce: '0x0',
    timestamp: `0x${options.timestampSeconds.toString(16)}`,
    extraData: '0x',
    gasLimit: `0x${SUBNET_EVM_FEE_CONFIG.gasLimit.toString(16)}`,
    difficulty: '0x0',
    mixHash: zeroHash,
    coinbase: `0x${'00'.repeat(20)}`,
    alloc: Object.fromEntries(
      options.alloc.map(({ address, balance, code }) => [
        Buffer.from(address).toString('hex'),
        {
          balance: `0x${balance.toString(16)}`,
          ...(code ? { code: `0x${Buffer.from(code).toString('hex')}` } : {}),
        },
      ]),
    ),
    number: '0x0',
    gasUsed: '0x0',
    parentHash: zeroHash,
  };
}

/**
 * Subnet-EVM's eth_getActiveRulesAt for the devnet's L1: libevm's Rules (Go field names, no JSON tags, every
 * boolean emitted), the Avalanche rules, and the precompiles active at `timestamp` with their activation time.
 * IsFortuna is false at every time although the network has Fortuna: Subnet-EVM's GetNetworkUpgrades sets no
 * default FortunaTimestamp (params/extras/network_upgrades.go, "Fortuna is optional and has no effect on
 * Subnet-EVM"), and the L1's genesis names none; the other upgrades follow the network's times.
 */
export function subnetEvmActiveRules(
  identity: NetworkIdentity,
  chainId: number,
  timestamp: bigint,
  warpTimestamp: bigint,
): Record<string, unknown> {
  const u = identity.upgrades;
  const at = (seconds: number) => timestamp >= BigInt(seconds);
  return {
    ethRules: {
      ChainID: chainId,
      IsHomestead: true,
      IsEIP150: true,
      IsEIP155: true,
      IsEIP158: true,
      IsByzantium: true,
      IsConstantinople: true,
      IsPetersburg: true,
      IsIstanbul: true,
      IsBerlin: true,
      IsLondon: true,
      IsMerge: true,
      IsShanghai: at(u.durango),
      IsCancun: at(u.etna),
      IsPrague: false,
      IsVerkle: false,
    },
    avalancheRules: {
      IsSubnetEVM: true,
      IsDurango: at(u.durango),
      IsEtna: at(u.etna),
      IsFortuna: false,
      IsGranite: at(u.granite),
      IsHelicon: at(u.helicon),
    },
    precompiles: timestamp >= warpTimestamp ? { warpConfig: { timestamp: Number(warpTimestamp) } } : {},
  };
}

/**
 * Subnet-EVM's eth_getActivePrecompilesAt (deprecated, still served): the genesis precompile configs enabled at
 * `timestamp` (EnabledStatefulPrecompiles), keyed by config key, each as its config marshals.
 */
export function subnetEvmActivePrecompiles(
  timestamp: bigint,
  warpTimestampSeconds: bigint,
): Record<string, unknown> {
  return timestamp >= warpTimestampSeconds ? { warpConfig: subnetEvmWarpConfig(warpTimestampSeconds) } : {};
}
