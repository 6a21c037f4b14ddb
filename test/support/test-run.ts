/**
 * Mocha's global fixtures (run once, in the main process, before the parallel workers start, which inherit its
 * environment): a directory for the whole test run, where the test processes reserve the ports they hand out (see
 * freePort) and keep what each builds once and reuses (see createTestDatabase). Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_RUN_DIRECTORY = 'CHAIN_DATA_TEST_RUN_DIRECTORY';

export function mochaGlobalSetup(): void {
  process.env[TEST_RUN_DIRECTORY] = mkdtempSync(join(tmpdir(), 'chain-data-test-run-'));
}

export function mochaGlobalTeardown(): void {
  const directory = process.env[TEST_RUN_DIRECTORY];
  if (directory) rmSync(directory, { recursive: true, force: true });
}
