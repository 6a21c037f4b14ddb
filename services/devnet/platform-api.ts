/**
 * The P-Chain's `platform` service (`/ext/bc/P`) for what clients learn validator sets from: current validators
 * (primary network and L1), validator sets at a height (also Warp's canonical form), subnets, L1 validators, height
 * and time. Shapes, orders and texts follow avalanchego's service (docs/reference/platform-api.md).
 */
import type Router from '@koa/router';
import { DomainError } from '../runtime/errors.ts';
import { formatAddress, parseNodeId } from '../runtime/formatting/address.ts';
import { decodeCb58, encodeCb58 } from '../runtime/formatting/cb58.ts';
import { formatRfc3339Nano } from '../runtime/formatting/go-time.ts';
import { idArg, listArg, nodeIdArg, uint64Arg, ZERO_ID } from '../runtime/gorilla-rpc/args.ts';
import { encodeBytes, hex, type EncodingName } from '../runtime/formatting/encoding.ts';
import { gorillaMethod, type GorillaService } from '../runtime/gorilla-rpc/endpoint.ts';
import { readRequestBody } from '../runtime/http/request-body.ts';
import { field, JsonNumber } from '../runtime/gorilla-rpc/go-json.ts';
import { validatorFeePrice } from '../runtime/avalanche/validator-fees.ts';
import { l1ValidatorBalance } from './l1-validator-fees.ts';
import type { Devnet } from './network.ts';
import { VALIDATOR_MANAGER_ADDRESS, type L1ValidatorState, type Staker } from './p-chain-staking.ts';
import { canonicalWarpSet, type WarpSet } from '../runtime/avalanche/warp.ts';
import { l1ValidatorsAt, stakersAt, validatorSet } from './validator-sets.ts';
import { builderContext } from './identity.ts';
import { derive } from './seeded.ts';
import { CODEC_VERSION, concat, u16, u32, u64 } from '../runtime/avalanche/linear-codec.ts';
import { AVM_ID, EVM_VM_ID, SUBNET_EVM_VM_ID } from '../runtime/avalanche/vms.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Utxo } from '@avalabs/avalanchejs';
import {
  blockHeightArgs,
  blockIdArgs,
  nodeState,
  ownedNewestFirst,
  paginateUtxos,
  parseServiceAddress,
  serveUtxos,
  stringListArg,
  txArgs,
  txIdArgs,
  utxoInputId,
  utxoPageArgs,
  type ChainBlock,
  type LocalChain,
} from './x-chain-api.ts';

/** The devnet's supply when its history starts (docs/devnet.md); each staker adds its potential reward. */
const INITIAL_SUPPLY = 360_000_000n * 1_000_000_000n;

/**
 * A fault for tests: the platform API answers as a node `blocks` P-Chain blocks behind the devnet's tip does, at its
 * own height (getHeight, validators, subnets, and reward UTXOs: none for a staker rewarded after that height, as
 * avalanchego answers). getTimestamp still gives the tip's time. Other node APIs are not affected.
 */
export interface PlatformLag {
  blocks: bigint;
}

export function platformApi(devnet: Devnet, lag: PlatformLag = { blocks: 0n }): GorillaService {
  const staking = devnet.pChain.staking;
  const hrp = devnet.parameters.identity.hrp;
  const owner = (address: Uint8Array) => ({
    locktime: '0',
    threshold: '1',
    addresses: [formatAddress('P', hrp, address)],
  });
  const tipHeight = () => {
    const { height } = devnet.pChain.tip;
    return height > lag.blocks ? height - lag.blocks : 0n;
  };

  /** The height a `height` argument names: a uint64 or "proposed" (the devnet's proposed height is its tip). */
  const heightArg = (value: unknown): bigint =>
    value === 'proposed' ? tipHeight() : BigInt(uint64Arg(value));
  const requireFinalized = (height: bigint, what: string) => {
    if (height > tipHeight()) {
      throw new DomainError(
        'failed_precondition',
        `${what}: current P-chain height (${tipHeight()}) < requested P-Chain height (${height})`,
      );
    }
  };

  const primaryValidatorJson = (v: Staker, delegators: Staker[], single: boolean) => ({
    txID: encodeCb58(v.txId),
    startTime: v.startSeconds.toString(),
    endTime: v.endSeconds.toString(),
    weight: v.weight.toString(),
    nodeID: v.nodeId,
    validationRewardOwner: owner(v.owner.address),
    delegationRewardOwner: owner(v.owner.address),
    potentialReward: v.potentialReward.toString(),
    accruedDelegateeReward: v.delegateeReward.toString(),
    delegationFee: '2.0000',
    // The devnet's validators are always up and connected.
    uptime: '100.0000',
    connected: true,
    // Validators that joined before Durango have no BLS key, and no signer.
    ...(v.bls
      ? { signer: { publicKey: hex(v.bls.publicKey), proofOfPossession: hex(v.bls.proofOfPossession) } }
      : {}),
    delegatorCount: delegators.length.toString(),
    delegatorWeight: delegators.reduce((sum, d) => sum + d.weight, 0n).toString(),
    ...(single
      ? {
          delegators: delegators.map((d) => ({
            txID: encodeCb58(d.txId),
            startTime: d.startSeconds.toString(),
            endTime: d.endSeconds.toString(),
            weight: d.weight.toString(),
            nodeID: d.nodeId,
            rewardOwner: owner(d.owner.address),
            potentialReward: d.potentialReward.toString(),
          })),
        }
      : {}),
  });

  const l1ValidatorJson = (v: L1ValidatorState) => ({
    nodeID: v.nodeId,
    weight: v.weight.toString(),
    startTime: v.startSeconds.toString(),
    validationID: encodeCb58(v.validationId),
    publicKey: hex(v.bls.publicKey),
    remainingBalanceOwner: owner(staking.owner.address),
    deactivationOwner: owner(staking.owner.address),
    minNonce: '0',
    // At the tip even with the lag fault on, as getTimestamp.
    balance: l1ValidatorBalance(v, staking.l1Fees.accruedFees).toString(),
  });

  const l1ValidatorsNow = (height: bigint) => l1ValidatorsAt(staking, height);
  const setAt = (subnetId: string, height: bigint) => validatorSet(staking, subnetId, height);

  const sortedByKey = <T>(entries: [string, T][]) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  const identity = devnet.parameters.identity;
  const pChain: LocalChain = { id: identity.pChainId, alias: 'P', style: 'avalanchego' };
  const state = nodeState(devnet);
  const wallet = devnet.pChain.wallet;
  const fees = builderContext(identity).platformFeeConfig;
  const amountOf = (u: Utxo) => (u.output as unknown as { amount(): bigint }).amount();
  /**
   * The genesis block (an ApricotCommitBlock at height 0, never indexed), rebuilt as the devnet's P-Chain builder
   * makes it; served only if block 1 builds on it.
   */
  const genesisBlock = (): ChainBlock | undefined => {
    const bytes = concat(
      u16(CODEC_VERSION),
      u32(2),
      derive(devnet.parameters.seed, 'p-chain/genesis'),
      u64(0n),
    );
    const first = state.pBlocks[0];
    const parentOfFirst = first?.bytes.subarray(2 + 4 + 8, 2 + 4 + 8 + 32);
    const id = sha256(bytes);
    return parentOfFirst && Buffer.compare(parentOfFirst, id) === 0
      ? { height: 0n, id, bytes, txs: [] }
      : undefined;
  };
  /** Blocks a node at the (lagged) tip has accepted. */
  const acceptedBlock = (block: ChainBlock | undefined) =>
    block !== undefined && block.height <= tipHeight() ? block : undefined;
  const blockReply = (block: ChainBlock | undefined, what: string, encoding: EncodingName) => {
    if (!block) throw new DomainError('not_found', what);
    if (encoding === 'json')
      throw new DomainError('invalid_argument', 'the devnet serves blocks as hex only');
    return { block: encodeBytes(block.bytes, encoding), encoding };
  };
  const acceptedTx = async (txId: string) => {
    await state.sync();
    const tx = state.pTx(decodeCb58(txId));
    return tx && tx.height <= tipHeight() ? tx : undefined;
  };

  return {
    name: 'platform',
    methods: {
      getHeight: gorillaMethod(
        () => ({}),
        () => Promise.resolve({ height: tipHeight().toString() }),
      ),
      getProposedHeight: gorillaMethod(
        () => ({}),
        () => Promise.resolve({ height: tipHeight().toString() }),
      ),
      getTimestamp: gorillaMethod(
        () => ({}),
        () =>
          Promise.resolve({ timestamp: formatRfc3339Nano(devnet.pChain.tip.timeSeconds * 1_000_000_000n) }),
      ),
      getCurrentValidators: gorillaMethod(
        (p) => ({
          subnetId: idArg(field(p, 'subnetID')),
          nodeIds: new Set(listArg(field(p, 'nodeIDs'), nodeIdArg)),
        }),
        ({ subnetId, nodeIds }) => {
          const height = tipHeight();
          const wanted = (nodeId: string) => nodeIds.size === 0 || nodeIds.has(nodeId);
          if (subnetId === staking.subnetId) {
            const validators = l1ValidatorsNow(height)
              .filter((v) => wanted(v.nodeId))
              .sort((a, b) => Buffer.compare(parseNodeId(a.nodeId), parseNodeId(b.nodeId)))
              .map(l1ValidatorJson);
            return Promise.resolve({ validators });
          }
          if (subnetId !== ZERO_ID) return Promise.resolve({ validators: [] });
          const current = stakersAt(staking, height).sort(
            (a, b) => Number(a.endSeconds - b.endSeconds) || Buffer.compare(a.txId, b.txId),
          );
          const validators = current
            .filter((s) => s.kind === 'validator' && wanted(s.nodeId))
            .map((v) =>
              primaryValidatorJson(
                v,
                current.filter((d) => d.kind === 'delegator' && d.nodeId === v.nodeId),
                nodeIds.size === 1,
              ),
            );
          return Promise.resolve({ validators });
        },
      ),
      getValidatorsAt: gorillaMethod(
        (p) => ({ height: heightArg(field(p, 'height')), subnetId: idArg(field(p, 'subnetID')) }),
        ({ height, subnetId }) => {
          requireFinalized(
            height,
            `failed to get validator set at ${height}: failed to fetch validator set at unfinalized height with SubnetID = ${subnetId}`,
          );
          const entries = [...setAt(subnetId, height)].map(([nodeId, v]): [string, unknown] => [
            nodeId,
            { publicKey: v.publicKey ? hex(v.publicKey) : null, weight: v.weight.toString() },
          ]);
          return Promise.resolve(Object.fromEntries(sortedByKey(entries)));
        },
      ),
      getAllValidatorsAt: gorillaMethod(
        (p) => ({ height: heightArg(field(p, 'height')) }),
        ({ height }) => {
          requireFinalized(
            height,
            `failed to get validator sets at ${height}: failed to fetch validator set at unfinalized height`,
          );
          const subnets = height >= 3n ? [ZERO_ID, staking.subnetId] : [ZERO_ID];
          const sets = subnets.map((subnetId): [string, unknown] => [
            subnetId,
            warpSetJson(canonicalWarpSet(setAt(subnetId, height))),
          ]);
          return Promise.resolve({ validatorSets: Object.fromEntries(sortedByKey(sets)) });
        },
      ),
      getSubnet: gorillaMethod(
        (p) => ({ subnetId: idArg(field(p, 'subnetID')) }),
        ({ subnetId }) => {
          if (subnetId === ZERO_ID)
            throw new DomainError('invalid_argument', "the primary network isn't a subnet");
          if (subnetId !== staking.subnetId) throw new DomainError('not_found', 'not found');
          const converted = tipHeight() >= 3n;
          return Promise.resolve({
            isPermissioned: !converted,
            controlKeys: [formatAddress('P', hrp, staking.owner.address)],
            threshold: '1',
            locktime: '0',
            subnetTransformationTxID: ZERO_ID,
            conversionID: converted ? encodeCb58(staking.conversionId) : ZERO_ID,
            managerChainID: converted ? staking.blockchainId : ZERO_ID,
            managerAddress: converted ? VALIDATOR_MANAGER_ADDRESS : null,
          });
        },
      ),
      getL1Validator: gorillaMethod(
        (p) => ({ validationId: idArg(field(p, 'validationID')) }),
        ({ validationId }) => {
          const validator = l1ValidatorsNow(tipHeight()).find(
            (v) => encodeCb58(v.validationId) === validationId,
          );
          if (!validator) {
            throw new DomainError('not_found', `fetching L1 validator "${validationId}" failed: not found`);
          }
          return Promise.resolve({
            ...l1ValidatorJson(validator),
            subnetID: staking.subnetId,
            height: tipHeight().toString(),
          });
        },
      ),
      getBalance: gorillaMethod(
        (p) => ({ addresses: stringListArg(field(p, 'addresses')) }),
        ({ addresses }) => {
          const owners = addresses.map((a) => parseServiceAddress(devnet, pChain, a));
          // Every devnet UTXO is an unlocked secp256k1 transfer output: all of it is unlocked.
          const page = paginateUtxos({
            owned: (address) => ownedNewestFirst(wallet.unspent(), address),
            addresses: owners,
            startAddress: new Uint8Array(20),
            startUtxo: new Uint8Array(32),
            limit: Number.MAX_SAFE_INTEGER,
          });
          const totals = new Map<string, bigint>();
          for (const u of page.utxos) {
            const assetId = u.assetId.toString();
            totals.set(assetId, (totals.get(assetId) ?? 0n) + amountOf(u));
          }
          const balances = Object.fromEntries(
            sortedByKey(
              [...totals].map(([assetId, amount]): [string, string] => [assetId, amount.toString()]),
            ),
          );
          const avax = balances[identity.avaxAssetId] ?? '0';
          return Promise.resolve({
            balance: avax,
            unlocked: avax,
            lockedStakeable: '0',
            lockedNotStakeable: '0',
            balances,
            unlockeds: balances,
            lockedStakeables: {},
            lockedNotStakeables: {},
            utxoIDs:
              page.utxos.length === 0
                ? null
                : page.utxos.map((u) => ({
                    txID: u.utxoId.txID.toString(),
                    outputIndex: u.utxoId.outputIdx.value(),
                  })),
          });
        },
      ),
      getUTXOs: gorillaMethod(utxoPageArgs, (args) =>
        serveUtxos(
          devnet,
          pChain,
          args,
          (address) => ownedNewestFirst(wallet.unspent(), address),
          (u) => `couldn't encode UTXO ${encodeCb58(utxoInputId(u))} as json: unsupported encoding in method`,
        ),
      ),
      getBlockchains: gorillaMethod(
        () => ({}),
        () => {
          // The subnets' chains (the L1's, once its CreateChainTx is accepted), then the primary network's, each
          // list in the order of the chain ids' bytes, as the state's databases iterate them.
          const l1 =
            tipHeight() >= 2n
              ? [
                  {
                    id: staking.blockchainId,
                    name: 'devnet-l1',
                    subnetID: staking.subnetId,
                    vmID: SUBNET_EVM_VM_ID,
                  },
                ]
              : [];
          const primary = [
            { id: identity.xChainId, name: 'X-Chain', subnetID: ZERO_ID, vmID: AVM_ID },
            { id: identity.cChainId, name: 'C-Chain', subnetID: ZERO_ID, vmID: EVM_VM_ID },
          ].sort((a, b) => Buffer.compare(decodeCb58(a.id), decodeCb58(b.id)));
          return Promise.resolve({ blockchains: [...l1, ...primary] });
        },
      ),
      getTx: gorillaMethod(txArgs, async ({ txId, encoding }) => {
        const tx = await acceptedTx(txId);
        if (!tx) throw new DomainError('not_found', "couldn't get tx: not found");
        if (encoding === 'json')
          throw new DomainError('invalid_argument', 'the devnet serves transactions as hex only');
        return { tx: encodeBytes(tx.bytes, encoding), encoding };
      }),
      // Every transaction the devnet's P-Chain accepted is committed (proposals always commit); others unknown.
      getTxStatus: gorillaMethod(txIdArgs, async ({ txId }) => ({
        status: (await acceptedTx(txId)) ? 'Committed' : 'Unknown',
      })),
      getBlock: gorillaMethod(blockIdArgs, async ({ blockId, encoding }) => {
        await state.sync();
        const genesis = genesisBlock();
        const block =
          genesis && encodeCb58(genesis.id) === blockId
            ? genesis
            : acceptedBlock(state.pBlockById(decodeCb58(blockId)));
        return blockReply(block, `couldn't get block with id ${blockId}: not found`, encoding);
      }),
      getBlockByHeight: gorillaMethod(blockHeightArgs, async ({ height, encoding }) => {
        await state.sync();
        const block = height === 0n ? genesisBlock() : acceptedBlock(state.pBlocks[Number(height) - 1]);
        return blockReply(block, `couldn't get block at height ${height}: not found`, encoding);
      }),
      getStakingAssetID: gorillaMethod(
        (p) => ({ subnetId: idArg(field(p, 'subnetID')) }),
        ({ subnetId }) => {
          // The devnet's L1 was converted, never transformed: it has no staking asset.
          if (subnetId !== ZERO_ID) {
            throw new DomainError(
              'not_found',
              `failed fetching subnet transformation for ${subnetId}: not found`,
            );
          }
          return Promise.resolve({ assetID: identity.avaxAssetId });
        },
      ),
      getCurrentSupply: gorillaMethod(
        (p) => ({ subnetId: idArg(field(p, 'subnetID')) }),
        ({ subnetId }) => {
          if (subnetId !== ZERO_ID)
            throw new DomainError('not_found', 'fetching current supply failed: not found');
          const height = tipHeight();
          // A staker's potential reward is added to the supply when it is accepted; the devnet rewards every one.
          const supply = staking.everyStaker
            .filter((s) => s.addedAtHeight <= height)
            .reduce((sum, s) => sum + s.potentialReward, INITIAL_SUPPLY);
          return Promise.resolve({ supply: supply.toString(), height: height.toString() });
        },
      ),
      getFeeConfig: gorillaMethod(
        () => ({}),
        () =>
          Promise.resolve({
            weights: [0, 1, 2, 3].map((d) => fees.weights[d as 0 | 1 | 2 | 3]),
            maxCapacity: Number(fees.maxCapacity),
            maxPerSecond: Number(fees.maxPerSecond),
            targetPerSecond: Number(fees.targetPerSecond),
            minPrice: Number(fees.minPrice),
            excessConversionConstant: Number(fees.excessConversionConstant),
          }),
      ),
      // The devnet builds every transaction at the fee state at rest (full capacity, no excess, the minimum price).
      getFeeState: gorillaMethod(
        () => ({}),
        () =>
          Promise.resolve({
            capacity: Number(fees.maxCapacity),
            excess: 0,
            price: Number(fees.minPrice),
            timestamp: formatRfc3339Nano(devnet.pChain.tip.timeSeconds * 1_000_000_000n),
          }),
      ),
      // gas.Gas and gas.Price are bare uint64s: plain JSON numbers, written exactly.
      getValidatorFeeConfig: gorillaMethod(
        () => ({}),
        () => {
          const { capacity, target, minPrice, excessConversionConstant } = staking.l1Fees.config;
          return Promise.resolve({
            capacity: uint64Json(capacity),
            target: uint64Json(target),
            minPrice: uint64Json(minPrice),
            excessConversionConstant: uint64Json(excessConversionConstant),
          });
        },
      ),
      getValidatorFeeState: gorillaMethod(
        () => ({}),
        () => {
          const { excess, config } = staking.l1Fees;
          return Promise.resolve({
            excess: uint64Json(excess),
            price: uint64Json(validatorFeePrice(config, excess)),
            timestamp: formatRfc3339Nano(devnet.pChain.tip.timeSeconds * 1_000_000_000n),
          });
        },
      ),
      // The UTXOs a staker's RewardValidatorTx paid out (none before then, or for unknown transactions).
      getRewardUTXOs: gorillaMethod(txArgs, ({ txId, encoding }) => {
        if (encoding === 'json') throw new DomainError('invalid_argument', 'unsupported encoding: json');
        const staker = staking.everyStaker.find((s) => encodeCb58(s.txId) === txId);
        const rewarded = staker?.removedAtHeight !== undefined && staker.removedAtHeight <= tipHeight();
        const utxos = rewarded ? staker.rewardUtxos : [];
        return Promise.resolve({
          numFetched: utxos.length.toString(),
          utxos: utxos.map((u) => encodeBytes(u, encoding)),
          encoding,
        });
      }),
    },
  };
}

/** `PUT /ext/devnet/platform/lag` `{"blocks": 40}`: sets the lag at run time (0 catches the node up). */
export function mountPlatformLag(router: Router, lag: PlatformLag): void {
  router.put('/ext/devnet/platform/lag', async (ctx) => {
    const body = await readRequestBody(ctx, 1024);
    let blocks: unknown;
    try {
      blocks = (JSON.parse(body?.toString('utf8') ?? '') as { blocks?: unknown }).blocks;
    } catch {
      blocks = undefined;
    }
    if (typeof blocks !== 'number' || !Number.isSafeInteger(blocks) || blocks < 0) {
      ctx.status = 400;
      ctx.body = 'blocks must be a non-negative integer';
      return;
    }
    lag.blocks = BigInt(blocks);
    ctx.body = { blocks };
  });
}

function uint64Json(value: bigint): JsonNumber {
  return new JsonNumber(value.toString());
}

function warpSetJson(set: WarpSet) {
  return {
    validators: set.validators.map((v) => ({
      publicKey: hex(v.publicKey),
      weight: v.weight.toString(),
      nodeIDs: v.nodeIds,
    })),
    totalWeight: set.totalWeight.toString(),
  };
}
