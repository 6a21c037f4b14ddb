import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { NetworkIdentity } from '../runtime/avalanche/networks.ts';
import { EVM_VM_ID, PRIMARY_NETWORK_SUBNET_ID, SUBNET_EVM_VM_ID } from '../runtime/avalanche/vms.ts';
import { DomainError } from '../runtime/errors.ts';
import { decodeCb58, encodeCb58 } from '../runtime/formatting/cb58.ts';

const imageAsset = z.object({ assetId: z.string().optional(), imageUri: z.string().optional() }).strict();
const networkToken = z
  .object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int().min(0).max(255),
    logoUri: z.string().optional(),
    description: z.string().optional(),
  })
  .strict();

/** Curated metadata an operator provides (EVM_METADATA_FILE): chains by blockchain id or EVM chain id, contracts by `<EVM chain id>:<address>`. */
const metadataFile = z
  .object({
    chains: z
      .record(
        z.string(),
        z
          .object({
            chainName: z.string().optional(),
            description: z.string().optional(),
            chainLogoUri: z.string().optional(),
            explorerUrl: z.string().optional(),
            rpcUrl: z.string().optional(),
            wsUrl: z.string().optional(),
            private: z.boolean().optional(),
            networkToken: networkToken.optional(),
          })
          .strict(),
      )
      .default({}),
    contracts: z
      .record(
        z.string().regex(/^\d+:0x[0-9a-fA-F]{40}$/, 'expected "<EVM chain id>:<0x address>"'),
        z
          .object({
            name: z.string().optional(),
            symbol: z.string().optional(),
            description: z.string().optional(),
            officialSite: z.string().optional(),
            email: z.string().optional(),
            logoAsset: imageAsset.optional(),
            bannerAsset: imageAsset.optional(),
            color: z.string().optional(),
            resourceLinks: z
              .array(
                z.object({
                  type: z.enum([
                    'Blog',
                    'CoinGecko',
                    'CoinMarketCap',
                    'Discord',
                    'Documentation',
                    'Facebook',
                    'Github',
                    'Instagram',
                    'LinkedIn',
                    'Medium',
                    'Reddit',
                    'Support',
                    'Telegram',
                    'TikTok',
                    'Twitter',
                    'Website',
                    'Whitepaper',
                    'Youtube',
                  ]),
                  url: z.string(),
                }),
              )
              .optional(),
            tags: z.array(z.string()).optional(),
            pricingProviders: z.object({ coingeckoCoinId: z.string().optional() }).strict().optional(),
          })
          .strict(),
      )
      .default({}),
  })
  .strict();

export type CuratedMetadata = z.infer<typeof metadataFile>;
export type CuratedContract = CuratedMetadata['contracts'][string];
type CuratedChain = CuratedMetadata['chains'][string];
export type NetworkTokenInfo = z.infer<typeof networkToken>;

export const NO_CURATED_METADATA: CuratedMetadata = { chains: {}, contracts: {} };

export async function loadCuratedMetadata(path: string): Promise<CuratedMetadata> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${path}: not JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = metadataFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** One EVM chain this deployment follows. */
export interface EvmChain {
  /** evm_data.chains.id, once registered. */
  id: number;
  blockchainId: Uint8Array;
  /** cb58 */
  blockchainIdText: string;
  evmChainId: bigint;
  /** The JSON-RPC path on the upstream nodes (`/ext/bc/C/rpc`, `/ext/bc/<blockchain id>/rpc`). */
  rpcPath: string;
  isCChain: boolean;
  curated: CuratedChain;
  networkToken: NetworkTokenInfo;
}

/** `C` or a cb58 blockchain id, as EVM_CHAINS lists them. */
export function chainEntry(
  entry: string,
  identity: NetworkIdentity,
): { blockchainId: Uint8Array; rpcPath: string } {
  if (entry === 'C') return { blockchainId: decodeCb58(identity.cChainId), rpcPath: '/ext/bc/C/rpc' };
  const blockchainId = decodeCb58(entry);
  if (blockchainId.length !== 32) throw new Error(`EVM_CHAINS: ${entry} is not a 32-byte blockchain id`);
  return { blockchainId, rpcPath: `/ext/bc/${entry}/rpc` };
}

const AVAX_TOKEN: NetworkTokenInfo = {
  name: 'Avalanche',
  symbol: 'AVAX',
  decimals: 18,
  description: 'AVAX is the native utility token of Avalanche.',
};
/** Subnet-EVM knows no name for its native token; an operator names it in the metadata file. */
const UNNAMED_TOKEN: NetworkTokenInfo = { name: 'Native Token', symbol: 'NATIVE', decimals: 18 };

export function describeChain(
  entry: { blockchainId: Uint8Array; rpcPath: string },
  evmChainId: bigint,
  identity: NetworkIdentity,
  curated: CuratedMetadata,
): Omit<EvmChain, 'id'> {
  const blockchainIdText = encodeCb58(entry.blockchainId);
  const isCChain = blockchainIdText === identity.cChainId;
  const chainCurated = curated.chains[blockchainIdText] ?? curated.chains[evmChainId.toString()] ?? {};
  return {
    blockchainId: entry.blockchainId,
    blockchainIdText,
    evmChainId,
    rpcPath: entry.rpcPath,
    isCChain,
    curated: chainCurated,
    networkToken: chainCurated.networkToken ?? (isCChain ? AVAX_TOKEN : UNNAMED_TOKEN),
  };
}

/** The chains evm-data follows, found by the `chainId` a client names (an EVM chain id or a blockchain id). */
export class ChainRegistry {
  readonly chains: EvmChain[];
  readonly identity: NetworkIdentity;
  /** The base URL of the upstream node a chain's calls go to first. */
  private readonly nodeUrl: (rpcPath: string) => string;

  constructor(chains: EvmChain[], identity: NetworkIdentity, nodeUrl: (rpcPath: string) => string) {
    this.chains = chains;
    this.identity = identity;
    this.nodeUrl = nodeUrl;
  }

  resolve(chainId: string): EvmChain {
    const chain = this.chains.find(
      (c) => c.evmChainId.toString() === chainId || c.blockchainIdText === chainId,
    );
    if (!chain)
      throw new DomainError(
        'not_found',
        `chainId: chain ${chainId} is not indexed here (indexed: ${this.chains.map((c) => `${c.evmChainId} (${c.blockchainIdText})`).join(', ')})`,
      );
    return chain;
  }

  add(chain: EvmChain): void {
    if (!this.chains.some((c) => c.id === chain.id)) this.chains.push(chain);
  }

  byId(id: number): EvmChain | undefined {
    return this.chains.find((c) => c.id === id);
  }

  byBlockchainId(blockchainId: Uint8Array): EvmChain | undefined {
    return this.chains.find((c) => Buffer.from(c.blockchainId).equals(Buffer.from(blockchainId)));
  }

  /**
   * The Data API's ChainInfo as this service knows it. An L1's name on the P-Chain, subnet and VM are the P-Chain's:
   * gateway-data adds them from the primary-network service.
   */
  chainInfo(chain: EvmChain) {
    const { curated } = chain;
    const network = this.identity.name;
    const chainName =
      curated.chainName ??
      (chain.isCChain
        ? network === 'mainnet'
          ? 'Avalanche (C-Chain)'
          : 'Avalanche Fuji (C-Chain)'
        : chain.blockchainIdText);
    return {
      chainId: chain.evmChainId.toString(),
      status: 'OK',
      chainName,
      description:
        curated.description ??
        (chain.isCChain
          ? "The Contract Chain on Avalanche's primary network."
          : `An Avalanche L1 running Subnet-EVM (${network}).`),
      platformChainId: chain.blockchainIdText,
      ...(chain.isCChain ? { subnetId: PRIMARY_NETWORK_SUBNET_ID } : {}),
      vmId: chain.isCChain ? EVM_VM_ID : SUBNET_EVM_VM_ID,
      vmName: 'EVM',
      ...(curated.explorerUrl ? { explorerUrl: curated.explorerUrl } : {}),
      rpcUrl: curated.rpcUrl ?? `${this.nodeUrl(chain.rpcPath)}${chain.rpcPath}`,
      ...(curated.wsUrl ? { wsUrl: curated.wsUrl } : {}),
      isTestnet: network !== 'mainnet',
      utilityAddresses: {},
      networkToken: chain.networkToken,
      ...(curated.chainLogoUri ? { chainLogoUri: curated.chainLogoUri } : {}),
      private: curated.private ?? false,
      enabledFeatures: ['nftIndexing', 'teleporter'],
    };
  }
}
