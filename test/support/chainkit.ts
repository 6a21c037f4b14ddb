import { Avalanche, type SDKOptions } from '@avalanche-sdk/chainkit';

/**
 * The official SDK (@avalanche-sdk/chainkit) as the tests use it: pointed at our gateways, with its telemetry off.
 * Left on, every request also posts an event to the SDK vendor's analytics host without awaiting it; with no
 * internet that post fails as an unhandled rejection, after the test that made it, and ends the test worker.
 */
export function officialSdk(options: Omit<SDKOptions, 'enableTelemetry'>): Avalanche {
  return new Avalanche({ ...options, enableTelemetry: false });
}
