#!/usr/bin/env node
// The one entry point: `chain-data <component>`. Telemetry must start before any instrumented module loads, so
// everything else is imported after it.
if (!process.features.typescript) {
  process.stderr.write(
    `chain-data needs Node.js 22.18 or later (running ${process.version}); the Makefile provides Node 24\n`,
  );
  process.exit(1);
}
process.env.CHAIN_DATA_COMPONENT ??= process.argv[2] ?? 'cli';
await import('../services/runtime/telemetry/bootstrap.ts');
await import('../services/cli.ts');
