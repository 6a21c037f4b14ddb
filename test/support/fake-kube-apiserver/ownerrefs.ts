import { splitApiVersion } from './catalog.ts';
import { deepEqual } from './json.ts';
import { forbiddenError, type Attributes, type Decision } from './rbac.ts';
import type { KubeObject, OwnerReference, ResourceDef } from './types.ts';

// ---- The OwnerReferencesPermissionEnforcement admission plugin ----

/** A create or update as admission sees it: who writes which object, and how to ask the authorizer. */
export interface OwnerAdmission {
  def: ResourceDef;
  version: string;
  subresource: string;
  namespace: string;
  name: string;
  authorize(a: Attributes): Decision;
  /** The served resource of an owner's apiVersion and kind (the API server's REST mapping). */
  resolve(group: string, version: string, kind: string): ResourceDef | undefined;
}

const owners = (obj: KubeObject | undefined): OwnerReference[] => obj?.metadata.ownerReferences ?? [];

function changesOwners(obj: KubeObject, old: KubeObject | undefined): boolean {
  if (!old) return owners(obj).length > 0;
  return !deepEqual(owners(obj), owners(old));
}

/** References that block their owner's deletion and did not already do so. */
function newlyBlocking(obj: KubeObject, old: KubeObject | undefined): OwnerReference[] {
  const before = new Map(owners(old).map((r) => [r.uid, r]));
  return owners(obj).filter(
    (r) => r.blockOwnerDeletion === true && before.get(r.uid)?.blockOwnerDeletion !== true,
  );
}

/**
 * Changing an object's ownerReferences needs `delete` on it (an owner's deletion could otherwise delete it), unless
 * it is being created; and blocking an owner's deletion needs `update` on the owner's `finalizers` subresource, since
 * it has the effect of a finalizer. Refusals are 403s worded as the plugin words them, including Go's `<nil>` for
 * the authorizer's absent error.
 */
export function enforceOwnerReferences(
  a: OwnerAdmission,
  obj: KubeObject,
  old: KubeObject | undefined,
): void {
  if (!changesOwners(obj, old)) return;
  const refuse = (why: string) => forbiddenError(a.def.group, a.def.plural, a.name, why);
  const request = {
    resourceRequest: true,
    path: '',
    group: a.def.group,
    version: a.version,
    resource: a.def.plural,
    subresource: a.subresource,
    namespace: a.namespace,
    name: a.name,
  };
  if (old) {
    const decision = a.authorize({ ...request, verb: 'delete' });
    if (!decision.allowed)
      throw refuse(`cannot set an ownerRef on a resource you can't delete: ${decision.reason}, <nil>`);
  }
  for (const ref of newlyBlocking(obj, old)) {
    const [group, version] = splitApiVersion(ref.apiVersion);
    const owner = a.resolve(group, version, ref.kind);
    if (!owner) {
      throw refuse(
        `cannot set blockOwnerDeletion in this case because cannot find RESTMapping for APIVersion ${ref.apiVersion} Kind ${ref.kind}: no matches for kind ${JSON.stringify(ref.kind)} in version ${JSON.stringify(ref.apiVersion)}`,
      );
    }
    const decision = a.authorize({
      ...request,
      verb: 'update',
      group: owner.group,
      version,
      resource: owner.plural,
      subresource: 'finalizers',
      namespace: owner.namespaced ? a.namespace : '',
      name: ref.name,
    });
    if (!decision.allowed) {
      throw refuse(
        `cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: ${decision.reason}, <nil>`,
      );
    }
  }
}
