/**
 * helm and kubectl for the chart's tests, from .tools/kube/bin (`make kube-tools`). helm keeps its cache, config and
 * data in a temporary directory, so a test never reads or writes the developer's repositories and plugins.
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
    child.stdin.end(options.input ?? '');
  });
}

let helmHomeDir: string | undefined;

/** HELM_CACHE_HOME, HELM_CONFIG_HOME and HELM_DATA_HOME in one temporary directory, removed when the process exits. */
export function helmEnv(): { HELM_CACHE_HOME: string; HELM_CONFIG_HOME: string; HELM_DATA_HOME: string } {
  if (helmHomeDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'chain-data-helm-'));
    helmHomeDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return {
    HELM_CACHE_HOME: join(helmHomeDir, 'cache'),
    HELM_CONFIG_HOME: join(helmHomeDir, 'config'),
    HELM_DATA_HOME: join(helmHomeDir, 'data'),
  };
}

/** helm with the temporary homes; the result whatever the exit code. */
export function tryHelm(args: string[]): Promise<ToolResult> {
  return runTool(HELM, args, { env: helmEnv() });
}

/** helm with the temporary homes; its stdout, or a ToolError carrying stderr. */
export async function helm(args: string[]): Promise<string> {
  const result = await tryHelm(args);
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

/** `helm template` arguments of the chart, CRDs included (kubectl apply needs them before the sample stack). */
export function templateArgs(
  valuesFiles: string[] = [],
  set: Record<string, string> = {},
  options: { release?: string; namespace?: string } = {},
): string[] {
  return [
    'template',
    options.release ?? RELEASE,
    CHART_DIR,
    '--namespace',
    options.namespace ?? NAMESPACE,
    '--include-crds',
    ...valuesFiles.flatMap((file) => ['--values', file]),
    ...Object.entries(set).flatMap(([key, value]) => ['--set', `${key}=${value}`]),
  ];
}

/**
 * The chart rendered with `helm template --include-crds`: the CRD first, then the release's objects in Helm's
 * install order (the helm test Pod included). `valuesFiles` are paths (relative to the repository root or absolute),
 * `set` are `--set key=value` pairs.
 */
export async function renderChart(
  valuesFiles: string[] = [],
  set: Record<string, string> = {},
  options: { release?: string; namespace?: string } = {},
): Promise<Record<string, unknown>[]> {
  return parseYamlDocuments(await helm(templateArgs(valuesFiles, set, options)));
}
