import { encodeCb58 } from '../formatting/cb58.ts';

/**
 * The ids avalanchego gives the VMs and the primary network, in one place: every document that names a chain's VM
 * or subnet takes them from here.
 */

/** avalanchego's built-in VM ids are their names zero-padded to 32 bytes (ids.ID{'e','v','m'}). */
function nameVmId(name: string): string {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode(name));
  return encodeCb58(bytes);
}

export const PLATFORM_VM_ID = nameVmId('platformvm');
export const AVM_ID = nameVmId('avm');
/** coreth, the C-Chain's VM. */
export const EVM_VM_ID = nameVmId('evm');
/** Subnet-EVM, as avalanchego and its plugin directory name it. */
export const SUBNET_EVM_VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';
/** The primary network's subnet id: 32 zero bytes. */
export const PRIMARY_NETWORK_SUBNET_ID = encodeCb58(new Uint8Array(32));
