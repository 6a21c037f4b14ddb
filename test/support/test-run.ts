/**
 * Mocha's global fixtures (run once, in the main process, before the parallel workers start, which inherit its
 * environment): a directory for the whole test run, where the test processes reserve the ports they hand out (see
 * freePort) and keep what each builds once and reuses (see createTestDatabase). Removed when the run ends.
 *
 * And root hooks, run in every worker around each test file. Between two files a worker has no handler for uncaught
 * errors (mocha removes its own when a file's run ends), so an error that escapes a file after its tests ended — a
 * rejection nobody awaited, a socket error after close — would kill the worker and mocha could only say "Worker
 * terminated Unexpectedly", naming no file. The hooks catch such an error instead, name the file it escaped from, and
 * the global teardown fails the run with it.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { inspect } from 'node:util';

export const TEST_RUN_DIRECTORY = 'CHAIN_DATA_TEST_RUN_DIRECTORY';

/** When set, names a file each test file's wall time is appended to (`seconds<TAB>file`): what to shorten first. */
const TIMINGS_FILE = 'CHAIN_DATA_TEST_TIMINGS';

const ESCAPED_PREFIX = 'escaped-';

export function mochaGlobalSetup(): void {
  process.env[TEST_RUN_DIRECTORY] = mkdtempSync(join(tmpdir(), 'chain-data-test-run-'));
}

export function mochaGlobalTeardown(): void {
  const directory = process.env[TEST_RUN_DIRECTORY];
  if (!directory) return;
  const escaped = readdirSync(directory)
    .filter((name) => name.startsWith(ESCAPED_PREFIX))
    .map((name) => readFileSync(join(directory, name), 'utf8'));
  rmSync(directory, { recursive: true, force: true });
  if (escaped.length > 0) throw new Error(escaped.join('\n\n'));
}

let currentFile = '';
let fileStartedAt = 0;

function fileOf(context: Mocha.Context): string {
  const root = context.test?.parent;
  const file = root?.file ?? root?.suites.find((suite) => suite.file)?.file ?? '(unknown file)';
  return relative(process.cwd(), file);
}

function catchEscaped(file: string): void {
  process.setUncaughtExceptionCaptureCallback(null);
  process.setUncaughtExceptionCaptureCallback((error) => {
    const report = `an error escaped ${file} after its tests ended: ${inspect(error)}`;
    process.stderr.write(`\n${report}\n`);
    const directory = process.env[TEST_RUN_DIRECTORY];
    if (directory)
      writeFileSync(join(directory, `${ESCAPED_PREFIX}${process.pid}-${basename(file)}`), report);
  });
}

export const mochaHooks = {
  beforeAll(this: Mocha.Context): void {
    process.setUncaughtExceptionCaptureCallback(null);
    currentFile = fileOf(this);
    fileStartedAt = performance.now();
  },
  afterAll(): void {
    const timings = process.env[TIMINGS_FILE];
    if (timings)
      appendFileSync(timings, `${((performance.now() - fileStartedAt) / 1000).toFixed(1)}\t${currentFile}\n`);
    catchEscaped(currentFile);
  },
};
