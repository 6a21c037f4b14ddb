/**
 * The X-Chain's NFT transactions, packed by hand in the AVM codec's layout (avalanchejs 5.2.0 decodes the nft fx
 * types but does not export them): a CreateAssetTx whose initial state gives the nft fx's mint outputs, one per
 * group, and an OperationTx whose nft MintOperation spends a group's mint output and mints to an owner.
 * Type ids follow avalanchego's registration order: the avm txs (0–4), then the secp256k1 fx (5–9), then the nft
 * fx (10–14).
 */
import { CODEC_VERSION, concat, u16, u32, u64, u8 } from '../runtime/avalanche/linear-codec.ts';

const CREATE_ASSET_TX = 1;
const OPERATION_TX = 2;
const SECP256K1_CREDENTIAL = 9;
const NFT_MINT_OUTPUT = 10;
const NFT_MINT_OPERATION = 12;
const NFT_CREDENTIAL = 14;
/** The nft fx's index among the X-Chain's fxs (secp256k1, nft, property). */
const NFT_FX_INDEX = 1;

function bytesField(bytes: Uint8Array): Uint8Array {
  return concat(u32(bytes.length), bytes);
}

function stringField(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  return concat(u16(bytes.length), bytes);
}

/** secp256k1fx.OutputOwners: locktime, threshold, addresses. */
function owners(address: Uint8Array): Uint8Array {
  return concat(u64(0n), u32(1), u32(1), address);
}

/** An NFT family: `groups` mint outputs (group ids 0…n−1) owned by `minter`. `baseTx` is the BaseTx's fields. */
export function nftFamilyTx(
  baseTx: Uint8Array,
  name: string,
  symbol: string,
  groups: number,
  minter: Uint8Array,
) {
  const mintOutputs = Array.from({ length: groups }, (_, group) =>
    concat(u32(NFT_MINT_OUTPUT), u32(group), owners(minter)),
  );
  return concat(
    u16(CODEC_VERSION),
    u32(CREATE_ASSET_TX),
    baseTx,
    stringField(name),
    stringField(symbol),
    u8(0),
    u32(1),
    u32(NFT_FX_INDEX),
    u32(mintOutputs.length),
    ...mintOutputs,
  );
}

/** An OperationTx minting group `group` of `assetId` to `recipient`, spending that group's mint output. */
export function nftMintTx(
  baseTx: Uint8Array,
  assetId: Uint8Array,
  mintUtxo: { txId: Uint8Array; outputIndex: number },
  group: number,
  payload: Uint8Array,
  recipient: Uint8Array,
) {
  return concat(
    u16(CODEC_VERSION),
    u32(OPERATION_TX),
    baseTx,
    u32(1),
    assetId,
    u32(1),
    mintUtxo.txId,
    u32(mintUtxo.outputIndex),
    u32(NFT_MINT_OPERATION),
    u32(1),
    u32(0),
    u32(group),
    bytesField(payload),
    u32(1),
    owners(recipient),
  );
}

/** Credentials after the unsigned bytes: one per input (secp256k1 fx), then one per operation (nft fx). */
export function credentials(signature: Uint8Array, inputs: number, operations: number): Uint8Array {
  const credential = (type: number) => concat(u32(type), u32(1), signature);
  return concat(
    u32(inputs + operations),
    ...Array.from({ length: inputs }, () => credential(SECP256K1_CREDENTIAL)),
    ...Array.from({ length: operations }, () => credential(NFT_CREDENTIAL)),
  );
}
