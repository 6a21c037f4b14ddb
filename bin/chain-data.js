#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// The one entry point: `chain-data <component>`. Telemetry must start before any instrumented module loads, so
// everything else is imported after it.
if (!process.features.typescript) {
  process.stderr.write(
    `chain-data needs Node.js 22.18 or later (running ${process.version}); the Makefile provides Node 24\n`,
  );
  process.exit(1);
}
// V8's code cache for the modules this process loads (in NODE_COMPILE_CACHE, else under the temporary directory; a
// directory it cannot write leaves it off): the next start of any component skips most of the compiling, which
// `chain-data up`'s start and restarts, and the test runs, feel.
enableCompileCache();
process.env.CHAIN_DATA_COMPONENT ??= process.argv[2] ?? 'cli';
await import('../services/runtime/telemetry/bootstrap.ts');
await import('../services/cli.ts');
