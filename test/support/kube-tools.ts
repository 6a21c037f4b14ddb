/**
 * helm and kubectl for the chart's tests, from .tools/kube/bin (`make kube-tools`). helm keeps its cache, config and
 * data, and both keep their discovery cache, in a temporary directory, so a test never reads or writes the
 * developer's repositories, plugins or ~/.kube.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const KUBE_BIN = join(REPO_ROOT, '.tools', 'kube', 'bin');
export const HELM = join(KUBE_BIN, 'helm');
export const KUBECTL = join(KUBE_BIN, 'kubectl');
export const CHART_DIR = join(REPO_ROOT, 'charts', 'chain-data-stack');
/** The release name the tests render with: the chart's full name is then `cds-chain-data-stack`. */
export const RELEASE = 'cds';
export const NAMESPACE = 'chain-data';

export interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export class ToolError extends Error {
  readonly result: ToolResult;

  constructor(command: string, args: string[], result: ToolResult) {
    super(`${command} ${args.join(' ')} exited with ${result.code}:\n${result.stderr || result.stdout}`);
    this.result = result;
  }
}

/** Runs a program to its end; never rejects for a non-zero exit (see `ToolResult.code`). */
export function runTool(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    // A program that exits without reading its input (most calls give it none) closes the pipe first: EPIPE then
    // says nothing its exit code and stderr do not, and would otherwise be an uncaught error.
    child.stdin.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') reject(err);
    });
    child.stdin.end(options.input ?? '');
  });
}

let helmHomeDir: string | undefined;

/**
 * HELM_CACHE_HOME, HELM_CONFIG_HOME, HELM_DATA_HOME and KUBECACHEDIR (where helm's Kubernetes client caches
 * discovery, ~/.kube/cache otherwise) in one temporary directory, removed when the process exits.
 */
export function helmEnv(): {
  HELM_CACHE_HOME: string;
  HELM_CONFIG_HOME: string;
  HELM_DATA_HOME: string;
  KUBECACHEDIR: string;
} {
  if (helmHomeDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'chain-data-helm-'));
    helmHomeDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return {
    HELM_CACHE_HOME: join(helmHomeDir, 'cache'),
    HELM_CONFIG_HOME: join(helmHomeDir, 'config'),
    HELM_DATA_HOME: join(helmHomeDir, 'data'),
    KUBECACHEDIR: join(helmHomeDir, 'cache', 'kube'),
  };
}

/** helm with the temporary homes and `env` (e.g. KUBECONFIG); the result whatever the exit code. */
export function tryHelm(args: string[], env: Record<string, string> = {}): Promise<ToolResult> {
  return runTool(HELM, args, { env: { ...helmEnv(), ...env } });
}

/** helm with the temporary homes and `env`; its stdout, or a ToolError carrying stderr. */
export async function helm(args: string[], env: Record<string, string> = {}): Promise<string> {
  const result = await tryHelm(args, env);
  if (result.code !== 0) throw new ToolError('helm', args, result);
  return result.stdout;
}

/**
 * kubectl with `env` added to this process's environment (e.g. KUBECONFIG naming a test API server) and `input`
 * on its stdin (`-f -`); its stdout, or a ToolError carrying stderr. The discovery cache goes to the temporary
 * directory too, so one test's API server never answers from another's cache.
 */
export async function kubectl(
  args: string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<string> {
  const cacheDir = join(helmEnv().HELM_CACHE_HOME, 'kubectl');
  const withCache = args.some((a) => a.startsWith('--cache-dir'))
    ? args
    : [`--cache-dir=${cacheDir}`, ...args];
  const result = await runTool(KUBECTL, withCache, { env, ...(input === undefined ? {} : { input }) });
  if (result.code !== 0) throw new ToolError('kubectl', withCache, result);
  return result.stdout;
}

/**
 * Waits until a CRD just applied is Established. Polled rather than `kubectl wait --for=condition=Established`,
 * which fails at once ("accessor error: <nil>") when it looks before the API server has written any condition; and
 * the conditions are read whole, since a jsonpath filter over them fails the same way while there are none.
 */
export async function waitForCrdEstablished(
  kube: (args: string[]) => Promise<string>,
  name: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const established = async () => {
    const crd = JSON.parse(await kube(['get', `crd/${name}`, '-o', 'json'])) as {
      status?: { conditions?: { type: string; status: string }[] | null };
    };
    return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
  };
  while (!(await established())) {
    if (Date.now() > deadline) throw new Error(`CRD ${name} not Established after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The non-empty documents of a multi-document YAML stream, as plain objects; a syntax error throws. */
export function parseYamlDocuments(text: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0)
      throw new Error(`invalid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw new Error(`a YAML document is not an object: ${JSON.stringify(value)}`);
    }
    objects.push(value as Record<string, unknown>);
  }
  return objects;
}

export interface RenderOptions {
  release?: string;
  namespace?: string;
  /**
   * `--api-versions`: what the chart may assume the cluster serves (helm template knows only the built-in kinds),
   * e.g. `chaindatastack.io/v1alpha1/ChainDataStack` for a cluster that has the CRD already.
   */
  apiVersions?: string[];
}

/**
 * `helm template` arguments of the chart. The chart renders its CRD as an ordinary template (crds.enabled);
 * --include-crds would add anything a chart keeps in crds/ as well, as `helm install` would install it.
 */
export function templateArgs(
  valuesFiles: string[] = [],
  set: Record<string, string> = {},
  options: RenderOptions = {},
): string[] {
  return [
    'template',
    options.release ?? RELEASE,
    CHART_DIR,
    '--namespace',
    options.namespace ?? NAMESPACE,
    '--include-crds',
    ...(options.apiVersions ?? []).flatMap((version) => ['--api-versions', version]),
    ...valuesFiles.flatMap((file) => ['--values', file]),
    ...Object.entries(set).flatMap(([key, value]) => ['--set', `${key}=${value}`]),
  ];
}

/**
 * The chart rendered with `helm template`: the release's objects in Helm's install order, the CRD first (unless
 * crds.enabled is false), hooks (the helm test Pod, a sample stack the cluster cannot map yet) last.
 * `valuesFiles` are paths (relative to the repository root or absolute), `set` are `--set key=value` pairs.
 */
export async function renderChart(
  valuesFiles: string[] = [],
  set: Record<string, string> = {},
  options: RenderOptions = {},
): Promise<Record<string, unknown>[]> {
  return parseYamlDocuments(await helm(templateArgs(valuesFiles, set, options)));
}

/** helm and kubectl talking to one cluster. */
export interface ClusterTools {
  helm(args: string[]): Promise<string>;
  tryHelm(args: string[]): Promise<ToolResult>;
  kubectl(args: string[], input?: string): Promise<string>;
  tryKubectl(args: string[], input?: string): Promise<ToolResult>;
}

/**
 * helm and kubectl for the cluster that `kubeconfigFile` names, sharing a discovery cache of that cluster's own: a
 * later test's API server may listen on a port an earlier one used, and must not be answered from its cache.
 */
export function clusterTools(kubeconfigFile: string): ClusterTools {
  const cacheDir = mkdtempSync(join(helmEnv().HELM_CACHE_HOME, '..', 'cluster-'));
  const env = { KUBECONFIG: kubeconfigFile, KUBECACHEDIR: cacheDir };
  const kubectlArgs = (args: string[]) => [`--cache-dir=${cacheDir}`, ...args];
  const tryKubectl = (args: string[], input?: string) =>
    runTool(KUBECTL, kubectlArgs(args), { env, ...(input === undefined ? {} : { input }) });
  return {
    helm: (args) => helm(args, env),
    tryHelm: (args) => tryHelm(args, env),
    kubectl: async (args, input) => {
      const result = await tryKubectl(args, input);
      if (result.code !== 0) throw new ToolError('kubectl', kubectlArgs(args), result);
      return result.stdout;
    },
    tryKubectl,
  };
}
