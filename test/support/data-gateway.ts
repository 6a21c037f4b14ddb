import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { RestAdmission } from '../../services/runtime/rest/gateway.ts';
import { createDataGateway } from '../../services/gateway-data/app.ts';
import { createDownloadLinks } from '../../services/gateway-data/export-downloads.ts';
import type {
  ExportWorkerClient,
  EvmDataClient,
  PrimaryNetworkClient,
  SignatureAggregatorClient,
} from '../../services/gateway-data/routes/index.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { createPageTokens } from '../../services/runtime/pagination/page-token.ts';
import type { UsageReader } from '../../services/edge/store/usage-reader.ts';

/** gateway-data in-process for the route tests: what they send it, and the service clients behind it. */

export interface GatewayReply {
  status: number;
  text: string;
  /** The JSON body; `{}` when the body is empty. */
  body: Record<string, unknown>;
  headers: Headers;
}

export async function gatewayRequest(
  base: string,
  method: string,
  path: string,
  body?: string,
  headers?: Record<string, string>,
): Promise<GatewayReply> {
  // As the SDKs send a body: JSON, labelled so (the gateway reads no other media type as JSON).
  const sent =
    body === undefined || headers?.['content-type'] !== undefined
      ? headers
      : { 'content-type': 'application/json', ...headers };
  const response = await fetch(`${base}${path}`, { method, body, headers: sent });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    headers: response.headers,
  };
}

/** Counts the calls that reach a gRPC client, to show validation rejected before any. */
export function countingClient<T extends object>(client: T): { client: T; calls: string[] } {
  const calls: string[] = [];
  const counted = new Proxy(client, {
    get(target, name) {
      const method = target[name as keyof T] as unknown as (request: unknown) => Promise<unknown>;
      return (request: unknown) => {
        calls.push(String(name));
        return method(request);
      };
    },
  });
  return { client: counted, calls };
}

/** A client of a service the test leaves out: every call is refused as unavailable. */
function absentService<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: () => () => Promise.reject(new DomainError('unavailable', `no ${name} service in this test`)),
  });
}

const silent = pino({ level: 'silent' });

export async function startTestDataGateway(options: {
  primaryNetwork?: PrimaryNetworkClient;
  evmData?: EvmDataClient;
  signatureAggregator?: SignatureAggregatorClient;
  exportWorker?: ExportWorkerClient;
  admission?: RestAdmission;
  /** The request log the usage routes read (absent: they answer 503). */
  usage?: UsageReader;
  pageTokenSecret: string;
}): Promise<{ base: string; close(): Promise<void> }> {
  const app = createDataGateway({
    primaryNetwork: options.primaryNetwork ?? absentService<PrimaryNetworkClient>('primary-network'),
    evmData: options.evmData ?? absentService<EvmDataClient>('evm-data'),
    signatureAggregator:
      options.signatureAggregator ?? absentService<SignatureAggregatorClient>('signature-aggregator'),
    exportWorker: options.exportWorker ?? absentService<ExportWorkerClient>('export-worker'),
    exportFiles: absentService('export-worker'),
    downloadLinks: createDownloadLinks({ secret: options.pageTokenSecret, ttlSeconds: 3600 }),
    pageTokens: createPageTokens({ secret: options.pageTokenSecret, log: silent }),
    log: silent,
    admission: options.admission,
    usage: options.usage,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
