import { createHmac } from 'node:crypto';
import type { ChainDataStack } from '../api/v1alpha1.ts';
import { secretKeyId, userSecretRefs } from '../builders/configuration.ts';
import type { ReadSecret } from './validation.ts';

/** One read per Secret within a reconcile, however many checks and versions ask for it. */
export function onceEachSecret(readSecret: ReadSecret): ReadSecret {
  const read = new Map<string, ReturnType<ReadSecret>>();
  return (name) => {
    let secret = read.get(name);
    if (secret === undefined) read.set(name, (secret = readSecret(name)));
    return secret;
  };
}

/**
 * BuildContext.secretVersions: for each of the user's Secret keys the pods read, an HMAC of its value keyed by
 * the Secret's uid. It changes with the value (so the pods reading it roll), and unlike a plain hash it offers
 * nothing to guess a weak password against to whoever can read the Deployment.
 */
export async function secretVersions(
  stack: ChainDataStack,
  readSecret: ReadSecret,
): Promise<Record<string, string>> {
  const versions: Record<string, string> = {};
  for (const ref of userSecretRefs(stack)) {
    const secret = await readSecret(ref.name);
    const value = secret?.data?.[ref.key];
    if (value === undefined) continue;
    versions[secretKeyId(ref)] = createHmac('sha256', secret?.metadata?.uid ?? '')
      .update(value)
      .digest('hex')
      .slice(0, 16);
  }
  return versions;
}
