/**
 * The ChainDataStack CRD and what the operator builds, judged by a real kube-apiserver (see test/support/envtest.ts):
 * the CRD is accepted (CEL rules checked against their defaults), its published schema explains every field, a
 * stack name over the bound is refused at admission, and every pod the operator would run is admitted in a namespace
 * that enforces the `restricted` Pod Security Standard.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { stringify } from 'yaml';
import { MAX_STACK_NAME_LENGTH, type ChainDataStack } from '../../operator/api/v1alpha1.ts';
import { buildStack, stackImage, type BuildContext } from '../../operator/builders/stack.ts';
import {
  describeWithRealApiServer,
  startRealKubeApiServer,
  type RealKubeApiServer,
} from '../support/envtest.ts';
import { kubectl, REPO_ROOT, ToolError, waitForCrdEstablished } from '../support/kube-tools.ts';
import { eventually } from '../support/processes.ts';
import { readSample } from '../support/operator-cluster.ts';

type Schema = Record<string, unknown>;

const CRD_FILE = join(REPO_ROOT, 'crds/chaindatastacks.chaindatastack.io.yaml');

/** Every field under a published OpenAPI v3 schema, by its `kubectl explain` path; `$ref`s are other kinds'. */
function undescribedFields(schema: Schema, path: string): string[] {
  const missing: string[] = [];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const at = `${path}.${name}`;
    if (typeof property.description !== 'string' || property.description === '') missing.push(at);
    missing.push(...undescribedFields(property, at));
    if (property.items) missing.push(...undescribedFields(property.items as Schema, at));
    if (property.additionalProperties && typeof property.additionalProperties === 'object') {
      missing.push(...undescribedFields(property.additionalProperties as Schema, `${at}.*`));
    }
  }
  return missing;
}

async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error, 'refused').to.be.instanceOf(ToolError);
  return (error as ToolError).result.stderr;
}

/** The pods the workloads' controllers would create: a StatefulSet's also mount the claims of its templates. */
function podsOf(manifests: ReturnType<typeof buildStack>, namespace: string): Schema[] {
  return manifests
    .filter((m) => m.kind === 'Deployment' || m.kind === 'StatefulSet')
    .map((m) => {
      const spec = m.spec as {
        template: { metadata: Schema; spec: { volumes?: Schema[] } };
        volumeClaimTemplates?: { metadata: { name: string } }[];
      };
      const name = `${m.metadata.name}-0`;
      const claims = (spec.volumeClaimTemplates ?? []).map((claim) => ({
        name: claim.metadata.name,
        persistentVolumeClaim: { claimName: `${claim.metadata.name}-${name}` },
      }));
      return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace, labels: spec.template.metadata.labels },
        spec: { ...spec.template.spec, volumes: [...(spec.template.spec.volumes ?? []), ...claims] },
      };
    });
}

describeWithRealApiServer(
  'the ChainDataStack CRD and the pods it becomes, on a real kube-apiserver',
  function () {
    this.timeout(120_000);
    let server: RealKubeApiServer;
    let dir: string;
    let kube: (args: string[], input?: string) => Promise<string>;

    before(async () => {
      server = await startRealKubeApiServer();
      dir = await mkdtemp(join(tmpdir(), 'chain-data-crd-'));
      const env = { KUBECONFIG: server.kubeconfigFile(), HOME: dir };
      kube = (args, input) => kubectl(args, env, input);
      await kube(['apply', '--server-side', '-f', CRD_FILE]);
      await waitForCrdEstablished(kube, 'chaindatastacks.chaindatastack.io');
      await kube(['create', 'namespace', 'stacks']);
    });

    after(async () => {
      await server?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('publishes a description for every field, status included, as kubectl explain shows', async () => {
      // The API server publishes a new CRD's schema a moment after it is Established.
      let text = '';
      await eventually(
        async () => {
          text = await kube(['get', '--raw', '/openapi/v3/apis/chaindatastack.io/v1alpha1']).catch(() => '');
          return text !== '';
        },
        20_000,
        'the published OpenAPI v3 schema',
      );
      const published = JSON.parse(text) as { components: { schemas: Record<string, Schema> } };
      const schema = published.components.schemas['io.chaindatastack.v1alpha1.ChainDataStack']!;
      expect(schema.description).to.be.a('string');
      const properties = schema.properties as Record<string, Schema>;
      expect(undescribedFields(properties.spec!, 'spec')).to.deep.equal([]);
      expect(undescribedFields(properties.status!, 'status')).to.deep.equal([]);

      for (const field of [
        'spec',
        'spec.database.managed',
        'spec.exportWorker.storage.directory',
        'spec.monitoring',
        'status',
        'status.conditions',
      ]) {
        // kubectl's discovery may not list the new resource yet: ask again until it does.
        let explained = '';
        await eventually(
          async () => {
            explained = await kube(['explain', `chaindatastack.${field}`]).catch(() => '');
            return explained !== '';
          },
          20_000,
          `kubectl explain chaindatastack.${field}`,
        );
        expect(explained, field).to.not.include('<empty>');
      }
      expect(await kube(['explain', 'chaindatastack.spec.database.managed.retainOnDelete'])).to.include(
        'keep the data when the stack is deleted',
      );
      expect(
        await kube(['explain', 'chaindatastack.spec.exportWorker.storage.directory.accessModes']),
      ).to.include('ReadWriteMany');
    });

    it(`refuses a stack name longer than ${MAX_STACK_NAME_LENGTH} characters, or not a DNS label, at admission`, async () => {
      const stackNamed = (name: string) => stringify({ ...readSample('devnet'), metadata: { name } });
      const apply = (name: string) =>
        kube(['apply', '--server-side', '--dry-run=server', '-n', 'stacks', '-f', '-'], stackNamed(name));

      const longest = `s${'x'.repeat(MAX_STACK_NAME_LENGTH - 2)}1`;
      expect(await apply(longest)).to.include('serverside-applied (server dry run)');
      const tooLong = await refusal(apply(`${longest}x`));
      expect(tooLong).to.include(
        `metadata.name: at most ${MAX_STACK_NAME_LENGTH} characters, so that the names of the stack's children fit`,
      );
      expect(await refusal(apply('my.stack'))).to.include('metadata.name: a DNS label');
    });

    it('admits every pod of every sample stack where Pod Security enforces the restricted level', async () => {
      await kube(['create', 'namespace', 'restricted']);
      await kube(['label', 'namespace', 'restricted', 'pod-security.kubernetes.io/enforce=restricted']);
      // The service account controller, which would create it, does not run beside a bare API server.
      await kube(['create', 'serviceaccount', 'default', '-n', 'restricted']);
      const cases: [string, BuildContext['databaseProvider']][] = [
        ['devnet', 'StatefulSet'],
        ['production', 'StatefulSet'],
      ];
      let pods = 0;
      for (const [sample, databaseProvider] of cases) {
        // The stack as the API server defaults it, which is what the operator builds from.
        const created = JSON.parse(
          await kube(['create', '-n', 'stacks', '-o', 'json', '-f', '-'], stringify(readSample(sample))),
        ) as ChainDataStack;
        const context = { image: stackImage(created, 'registry.example/chain-data:1.2.3'), databaseProvider };
        const manifests = buildStack(created, context);
        const production = sample === 'production';
        if (!production) {
          // The devnet sample has a managed Redis; the production one brings its own.
          expect(manifests.map((m) => `${m.kind}/${m.metadata.name}`)).to.include('Deployment/devnet-redis');
        }
        for (const pod of podsOf(manifests, 'restricted')) {
          const name = (pod.metadata as { name: string }).name;
          const result = await kube(
            ['create', '--dry-run=server', '-n', 'restricted', '-f', '-'],
            JSON.stringify(pod),
          ).catch((err: unknown) => (err as ToolError).result.stderr);
          expect(result, `${name}: ${result}`).to.include('created (server dry run)');
          pods++;
        }
      }
      expect(pods).to.be.greaterThan(10);

      // The check itself bites: a pod that keeps its capabilities is refused there.
      const risky = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'risky', namespace: 'restricted' },
        spec: { containers: [{ name: 'c', image: 'busybox' }] },
      };
      expect(
        await refusal(
          kube(['create', '--dry-run=server', '-n', 'restricted', '-f', '-'], JSON.stringify(risky)),
        ),
      ).to.include('violates PodSecurity "restricted:latest"');
    });
  },
);
