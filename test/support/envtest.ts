/**
 * A real Kubernetes API server for the operator's and the chart's tests, started as controller-runtime's envtest
 * starts one: etcd and kube-apiserver from the directory named by KUBEBUILDER_ASSETS, on loopback ports, with a
 * static admin token, RBAC authorization, service-account token signing (so the operator can run with exactly the
 * chart's ServiceAccount) and OwnerReferencesPermissionEnforcement (OpenShift's default). Nothing schedules or runs
 * pods: tests report workloads' status themselves, as envtest users do.
 *
 * Without KUBEBUILDER_ASSETS the suites that need it skip, saying so in one line (see describeWithRealApiServer).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { freePort } from './processes.ts';

export const KUBERNETES_VERSION = 'v1.32';

export interface RealKubeApiServer {
  /** https://127.0.0.1:PORT */
  url: string;
  /** The API server's serving CA (PEM), self-signed by kube-apiserver into its cert dir. */
  ca: string;
  adminToken: string;
  /** A kubeconfig (YAML) for the admin, or for whoever holds `token`. */
  kubeconfig(token?: string): string;
  /** The same kubeconfig written to a file (for kubectl and helm); removed when the server stops. */
  kubeconfigFile(token?: string): string;
  kubeConfig(token?: string): KubeConfig;
  stop(): Promise<void>;
}

/** The directory of kube-apiserver and etcd, or undefined when the environment names none. */
export function envtestAssets(): string | undefined {
  const dir = process.env.KUBEBUILDER_ASSETS;
  if (!dir) return undefined;
  for (const binary of ['kube-apiserver', 'etcd']) {
    if (!existsSync(join(dir, binary))) throw new Error(`KUBEBUILDER_ASSETS=${dir} has no ${binary}`);
  }
  return dir;
}

/**
 * `describe` for suites that need a real API server; without KUBEBUILDER_ASSETS the suite becomes one pending test
 * whose title says why (mocha lists pending tests, so a skipped run is visible, never silently green).
 */
export function describeWithRealApiServer(title: string, body: (this: Mocha.Suite) => void): void {
  if (envtestAssets() === undefined) {
    it.skip(
      `${title}: skipped, KUBEBUILDER_ASSETS is not set (no real kube-apiserver; see docs/operator.md)`,
    );
    return;
  }
  describe(title, body);
}

interface Started {
  child: ChildProcess;
  output(): string;
}

function startProcess(command: string, args: string[]): Started {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    // Only the tail matters for a failure report; the API server is chatty.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => output };
}

async function stopProcess(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function get(url: string, token: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}` }, agent: new Agent({ ca }), timeout: 2_000 },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  alive: () => string | undefined,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = alive();
    if (dead !== undefined) throw new Error(`${what}: ${dead}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startRealKubeApiServer(): Promise<RealKubeApiServer> {
  const assets = envtestAssets();
  if (assets === undefined) throw new Error('KUBEBUILDER_ASSETS is not set');
  const dir = mkdtempSync(join(tmpdir(), 'chain-data-envtest-'));
  const [etcdPort, peerPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  const etcd = startProcess(join(assets, 'etcd'), [
    '--data-dir',
    join(dir, 'etcd'),
    '--listen-client-urls',
    `http://127.0.0.1:${etcdPort}`,
    '--advertise-client-urls',
    `http://127.0.0.1:${etcdPort}`,
    '--listen-peer-urls',
    `http://127.0.0.1:${peerPort}`,
    '--initial-advertise-peer-urls',
    `http://127.0.0.1:${peerPort}`,
    '--initial-cluster',
    `default=http://127.0.0.1:${peerPort}`,
    '--unsafe-no-fsync',
  ]);
  const started: Started[] = [etcd];
  const stop = async () => {
    for (const process of started.reverse()) await stopProcess(process);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'sa.key'), privateKey.export({ type: 'pkcs1', format: 'pem' }));
    writeFileSync(join(dir, 'sa.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
    const adminToken = randomBytes(24).toString('hex');
    writeFileSync(join(dir, 'tokens.csv'), `${adminToken},admin,admin,system:masters\n`);
    const apiServer = startProcess(join(assets, 'kube-apiserver'), [
      `--etcd-servers=http://127.0.0.1:${etcdPort}`,
      '--bind-address=127.0.0.1',
      '--advertise-address=127.0.0.1',
      `--secure-port=${apiPort}`,
      `--cert-dir=${join(dir, 'certs')}`,
      `--token-auth-file=${join(dir, 'tokens.csv')}`,
      '--authorization-mode=RBAC',
      '--service-account-issuer=https://kubernetes.default.svc',
      `--service-account-key-file=${join(dir, 'sa.pub')}`,
      `--service-account-signing-key-file=${join(dir, 'sa.key')}`,
      '--service-cluster-ip-range=10.96.0.0/24',
      '--enable-admission-plugins=OwnerReferencesPermissionEnforcement',
      '--allow-privileged=true',
    ]);
    started.push(apiServer);
    const url = `https://127.0.0.1:${apiPort}`;
    const certFile = join(dir, 'certs', 'apiserver.crt');
    const exited = (p: Started, name: string) => () =>
      p.child.exitCode !== null || p.child.signalCode !== null
        ? `${name} exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.output().slice(-4_000)}`
        : undefined;
    const anyExited = () => exited(etcd, 'etcd')() ?? exited(apiServer, 'kube-apiserver')();
    await waitFor('kube-apiserver', () => Promise.resolve(existsSync(certFile)), anyExited, 60_000);
    const ca = readFileSync(certFile, 'utf8');
    await waitFor(
      'kube-apiserver /readyz',
      async () => (await get(`${url}/readyz`, adminToken, ca)).status === 200,
      anyExited,
      60_000,
    );
    // RBAC's bootstrap roles (e.g. system:controller:* and the aggregated admin/edit/view) arrive shortly after
    // /readyz; a test that binds one would otherwise race them.
    await waitFor(
      'bootstrap RBAC',
      async () =>
        (await get(`${url}/apis/rbac.authorization.k8s.io/v1/clusterroles/admin`, adminToken, ca)).status ===
        200,
      anyExited,
      30_000,
    );
    const kubeconfig = (token = adminToken) =>
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [
          {
            name: 'envtest',
            cluster: { server: url, 'certificate-authority-data': Buffer.from(ca).toString('base64') },
          },
        ],
        users: [{ name: 'user', user: { token } }],
        contexts: [{ name: 'envtest', context: { cluster: 'envtest', user: 'user', namespace: 'default' } }],
        'current-context': 'envtest',
      });
    let files = 0;
    return {
      url,
      ca,
      adminToken,
      kubeconfig,
      kubeconfigFile(token) {
        const file = join(dir, `kubeconfig-${files++}`);
        writeFileSync(file, kubeconfig(token), { mode: 0o600 });
        return file;
      },
      kubeConfig(token) {
        const config = new KubeConfig();
        config.loadFromString(kubeconfig(token));
        return config;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
