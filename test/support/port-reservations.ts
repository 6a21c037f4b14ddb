/**
 * Mocha's global fixtures (run once, in the main process, before the parallel workers start, which inherit its
 * environment): the directory where the test processes of this run reserve the ports they hand out (see freePort).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PORT_RESERVATIONS = 'CHAIN_DATA_TEST_PORT_RESERVATIONS';

export function mochaGlobalSetup(): void {
  process.env[PORT_RESERVATIONS] = mkdtempSync(join(tmpdir(), 'chain-data-test-ports-'));
}

export function mochaGlobalTeardown(): void {
  const directory = process.env[PORT_RESERVATIONS];
  if (directory) rmSync(directory, { recursive: true, force: true });
}
