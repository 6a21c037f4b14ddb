/**
 * The signature-aggregator benchmark's validators, in a process of their own (so their signing does not share the
 * aggregator's event loop): a network of peers from test/support/validator-network.ts. Reports the network over IPC
 * and takes fault switches from it.
 */
import { startValidatorNetwork, type ValidatorFault } from '../test/support/validator-network.ts';

const network = await startValidatorNetwork({
  count: Number(process.env.BENCH_VALIDATORS ?? 100),
  networkId: Number(process.env.BENCH_NETWORK_ID ?? 5),
  slowMs: Number(process.env.BENCH_SLOW_MS ?? 2_000),
  seed: 'bench-signature-aggregator',
});
process.on('message', (message: { fault: ValidatorFault; nodeIds: string[] }) => {
  void Promise.all(message.nodeIds.map((nodeId) => network.setFault(nodeId, message.fault))).then(() =>
    process.send?.({ faultsSet: message.nodeIds.length }),
  );
});
process.once('SIGTERM', () => {
  void network.close().then(() => process.exit(0));
});
process.send?.({
  infoUrl: network.infoUrl,
  validators: network.validators.map((v) => ({
    nodeId: v.nodeId,
    publicKey: Buffer.from(v.bls.publicKey).toString('hex'),
    weight: String(v.weight),
  })),
});
