/**
 * The node's `info` service (`/ext/info`), as avalanchego's api/info/service.go answers it, for the devnet's one
 * node: a primary-network validator of its own history (its node id, BLS proof of possession and p2p address), the
 * network's identity and upgrade schedule (upgrade/upgrade.go), the VMs it runs. Its peers are the other devnet
 * validators listening as Avalanche peers (peers.ts); without them (a devnet app served without its peers, in
 * tests) `peers` is empty and the node has no IP. `uptime` counts every current validator as a peer seeing the node
 * fully up (the devnet's validators are always up, as getCurrentValidators reports).
 */
import { DomainError } from '../runtime/errors.ts';
import { encodeCb58 } from '../runtime/formatting/cb58.ts';
import { hex } from '../runtime/formatting/encoding.ts';
import { AVM_ID, EVM_VM_ID, PLATFORM_VM_ID, SUBNET_EVM_VM_ID } from '../runtime/avalanche/vms.ts';
import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { gorillaMethod, type GorillaService } from '../runtime/gorilla-rpc/endpoint.ts';
import { field } from '../runtime/gorilla-rpc/go-json.ts';
import { listArg, nodeIdArg } from '../runtime/gorilla-rpc/args.ts';
import type { Devnet } from './network.ts';
import { devnetNode, NODE_VERSION, type DevnetPeers } from './peers.ts';
import { PRIMARY_NETWORK_ID, validatorSet } from './validator-sets.ts';
import { chainAliases, stringArg } from './x-chain-api.ts';

/** What the devnet answers as besides its release (NODE_VERSION): RPCChainVMProtocol and CurrentDatabase. */
const RPC_PROTOCOL_VERSION = 45;
const DATABASE_VERSION = 'v1.4.5';

/** What upgrade.Config holds besides the times the identity lists (upgrade/upgrade.go's Mainnet and Fuji). */
const UPGRADE_EXTRAS: Record<NetworkIdentity['name'], { minPChainHeight: number; stopVertexId: string }> = {
  mainnet: { minPChainHeight: 793_005, stopVertexId: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga' },
  fuji: { minPChainHeight: 47_437, stopVertexId: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ' },
};
const GRANITE_EPOCH_DURATION_NS = 300_000_000_000;

/** The fx ids are their names zero-padded, as the VM ids (secp256k1fx.ID, nftfx.ID, propertyfx.ID). */
function nameId(name: string): string {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode(name));
  return encodeCb58(bytes);
}

/** Go's time.Time JSON: RFC 3339 with nanoseconds only when there are any; the upgrade times are whole seconds. */
function goTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');
}

export function infoApi(devnet: Devnet, peers?: DevnetPeers): GorillaService {
  const { identity } = devnet.parameters;
  const node = devnetNode(devnet);
  const version = `${NODE_VERSION.major}.${NODE_VERSION.minor}.${NODE_VERSION.patch}`;
  const sortedObject = <T>(entries: [string, T][]) =>
    Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const noArgs = () => ({});
  const answer = (value: unknown) => gorillaMethod(noArgs, () => Promise.resolve(value));

  return {
    name: 'info',
    methods: {
      getNodeVersion: answer({
        version: `avalanchego/${version}`,
        databaseVersion: DATABASE_VERSION,
        rpcProtocolVersion: String(RPC_PROTOCOL_VERSION),
        // Set by the release build's linker flags; a build without them reports none.
        gitCommit: '',
        // By each VM's primary alias (a plugin's is its id): avm and platformvm report the node's version string,
        // coreth and Subnet-EVM its semantic version.
        vmVersions: sortedObject([
          ['avm', `avalanchego/${version}`],
          ['evm', `v${version}`],
          ['platform', `avalanchego/${version}`],
          [SUBNET_EVM_VM_ID, `v${version}`],
        ]),
      }),
      getNodeID: answer({
        nodeID: node.nodeId,
        nodePOP: { publicKey: hex(node.bls.publicKey), proofOfPossession: hex(node.bls.proofOfPossession) },
      }),
      // netip.AddrPort's text; the zero value (no p2p) is empty.
      getNodeIP: gorillaMethod(noArgs, () => Promise.resolve({ ip: peers?.ownAddress() ?? '' })),
      getNetworkID: answer({ networkID: String(identity.networkId) }),
      // constants.NetworkName: fuji and mainnet by their names.
      getNetworkName: answer({ networkName: identity.name }),
      getBlockchainID: gorillaMethod(
        (p) => ({ alias: stringArg(field(p, 'alias')) }),
        ({ alias }) => {
          const id = chainAliases(devnet).get(alias);
          if (id === undefined) throw new DomainError('not_found', `there is no ID with alias: ${alias}`);
          return Promise.resolve({ blockchainID: id });
        },
      ),
      isBootstrapped: gorillaMethod(
        (p) => ({ chain: stringArg(field(p, 'chain')) }),
        ({ chain }) => {
          if (chain === '') throw new DomainError('invalid_argument', "argument 'chain' not given");
          if (!chainAliases(devnet).has(chain)) {
            throw new DomainError('not_found', `there is no chain with alias/ID '${chain}'`);
          }
          // The devnet serves each chain as it builds it: there is nothing to bootstrap from.
          return Promise.resolve({ isBootstrapped: true });
        },
      ),
      peers: gorillaMethod(
        (p) => ({ nodeIds: listArg(field(p, 'nodeIDs'), nodeIdArg) }),
        ({ nodeIds }) => {
          const list = peers?.peerInfo(nodeIds) ?? [];
          return Promise.resolve({ numPeers: String(list.length), peers: list });
        },
      ),
      upgrades: answer(upgradeConfig(identity)),
      uptime: gorillaMethod(noArgs, () => {
        const set = validatorSet(devnet.pChain.staking, PRIMARY_NETWORK_ID, devnet.pChain.tip.height);
        if (!set.has(node.nodeId))
          throw new DomainError('failed_precondition', "couldn't get node uptime: node is not a validator");
        // Every other validator is a peer that observes 100% uptime: both percentages are 100.
        return Promise.resolve({
          rewardingStakePercentage: '100.0000',
          weightedAveragePercentage: '100.0000',
        });
      }),
      // constants.CurrentACPs is empty in this release: nothing to vote on.
      acps: answer({ acps: {} }),
      getVMs: answer({
        vms: sortedObject([
          [PLATFORM_VM_ID, ['platform']],
          [AVM_ID, ['avm']],
          [EVM_VM_ID, ['evm']],
          [SUBNET_EVM_VM_ID, []],
        ]),
        fxs: sortedObject([
          [nameId('secp256k1fx'), 'secp256k1fx'],
          [nameId('nftfx'), 'nftfx'],
          [nameId('propertyfx'), 'propertyfx'],
        ]),
      }),
      // Deprecated on the node, still served: fuji's and mainnet's static fees (api/info/service.go), with the
      // X-Chain's txFee and createAssetTxFee from the network's genesis parameters.
      getTxFee: answer(txFees(identity)),
    },
  };
}

function upgradeConfig(identity: NetworkIdentity): Record<string, unknown> {
  const u = identity.upgrades;
  const extras = UPGRADE_EXTRAS[identity.name];
  return {
    apricotPhase1Time: goTime(u.apricotPhase1),
    apricotPhase2Time: goTime(u.apricotPhase2),
    apricotPhase3Time: goTime(u.apricotPhase3),
    apricotPhase4Time: goTime(u.apricotPhase4),
    apricotPhase4MinPChainHeight: extras.minPChainHeight,
    apricotPhase5Time: goTime(u.apricotPhase5),
    apricotPhasePre6Time: goTime(u.apricotPhasePre6),
    apricotPhase6Time: goTime(u.apricotPhase6),
    apricotPhasePost6Time: goTime(u.apricotPhasePost6),
    banffTime: goTime(u.banff),
    cortinaTime: goTime(u.cortina),
    cortinaXChainStopVertexID: extras.stopVertexId,
    durangoTime: goTime(u.durango),
    etnaTime: goTime(u.etna),
    fortunaTime: goTime(u.fortuna),
    graniteTime: goTime(u.granite),
    graniteEpochDuration: GRANITE_EPOCH_DURATION_NS,
    heliconTime: goTime(u.helicon),
  };
}

const MILLI_AVAX = 1_000_000n;

function txFees(identity: NetworkIdentity): Record<string, string> {
  const mainnet = identity.name === 'mainnet';
  const fees = {
    txFee: MILLI_AVAX,
    createAssetTxFee: 10n * MILLI_AVAX,
    createSubnetTxFee: mainnet ? 1000n * MILLI_AVAX : 100n * MILLI_AVAX,
    transformSubnetTxFee: mainnet ? 10_000n * MILLI_AVAX : 1000n * MILLI_AVAX,
    createBlockchainTxFee: mainnet ? 1000n * MILLI_AVAX : 100n * MILLI_AVAX,
    addPrimaryNetworkValidatorFee: 0n,
    addPrimaryNetworkDelegatorFee: 0n,
    addSubnetValidatorFee: MILLI_AVAX,
    addSubnetDelegatorFee: MILLI_AVAX,
  };
  return Object.fromEntries(Object.entries(fees).map(([k, v]) => [k, v.toString()]));
}
