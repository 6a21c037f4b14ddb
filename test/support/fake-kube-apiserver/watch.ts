import type { IncomingMessage, ServerResponse } from 'node:http';
import { defKey, gvOf, present } from './catalog.ts';
import { badRequest, statusBody } from './errors.ts';
import {
  fieldsMatch,
  labelsMatch,
  parseFieldSelector,
  parseLabelSelector,
  type FieldRequirement,
  type Requirement,
} from './selectors.ts';
import type { KubeObject, Obj, ResourceDef } from './types.ts';

// ---- Watches ----

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoredEvent {
  rv: number;
  defKey: string;
  type: EventType;
  object: KubeObject;
  old?: KubeObject;
}

export interface Watcher {
  def: ResourceDef;
  version: string;
  namespace: string;
  labels: Requirement[];
  fields: FieldRequirement[];
  res: ServerResponse;
  timers: NodeJS.Timeout[];
  closed: boolean;
}

/** What a new watch reads of the server: open watches, the event history, and the objects it starts from. */
export interface WatchServer {
  watchers: Set<Watcher>;
  history: StoredEvent[];
  /** Watches resuming from an older resourceVersion than this get 410 Expired. */
  compactedRv: number;
  bookmarkIntervalMs: number;
  /** The current resourceVersion, read again for every bookmark. */
  rv: () => number;
  select: (
    def: ResourceDef,
    namespace: string,
    labels: Requirement[],
    fields: FieldRequirement[],
  ) => KubeObject[];
}

/** Selector transitions turn a MODIFIED into ADDED or DELETED for a watcher, as the watch cache does. */
export function deliver(w: Watcher, event: StoredEvent): void {
  if (event.defKey !== defKey(w.def.group, w.def.plural)) return;
  const matches = (o: KubeObject | undefined): boolean =>
    o !== undefined &&
    (!w.namespace || !w.def.namespaced || o.metadata.namespace === w.namespace) &&
    labelsMatch(w.labels, o.metadata.labels) &&
    fieldsMatch(w.fields, o);
  const after = matches(event.object);
  const before = event.type !== 'ADDED' && matches(event.old);
  let type: EventType | undefined;
  if (event.type === 'DELETED') type = before ? 'DELETED' : undefined;
  else if (event.type === 'ADDED') type = after ? 'ADDED' : undefined;
  else type = after && before ? 'MODIFIED' : after ? 'ADDED' : before ? 'DELETED' : undefined;
  if (type) send(w, type, present(event.object, w.def, w.version));
}

export function send(w: Watcher, type: string, object: unknown): void {
  if (!w.closed) w.res.write(`${JSON.stringify({ type, object })}\n`);
}

export function endWatch(w: Watcher, watchers: Set<Watcher>): void {
  if (w.closed) return;
  w.closed = true;
  for (const t of w.timers) clearTimeout(t);
  watchers.delete(w);
  w.res.end();
}

export function expiredStatus(requested: number, compactedRv: number): Obj {
  return statusBody(410, 'Expired', `too old resource version: ${requested} (${compactedRv + 1})`);
}

function bookmark(w: Watcher, rv: number, annotations?: Record<string, string>): void {
  const metadata: Obj = { resourceVersion: String(rv) };
  if (annotations) metadata.annotations = annotations;
  send(w, 'BOOKMARK', { kind: w.def.kind, apiVersion: gvOf(w.def.group, w.version), metadata });
}

export function startWatch(
  req: IncomingMessage,
  res: ServerResponse,
  def: ResourceDef,
  version: string,
  namespace: string,
  q: URLSearchParams,
  server: WatchServer,
): void {
  const labels = parseLabelSelector(q.get('labelSelector') ?? '');
  const fields = parseFieldSelector(q.get('fieldSelector') ?? '');
  const rvParam = q.get('resourceVersion') ?? '';
  const sendInitial = q.get('sendInitialEvents') === 'true';
  if (rvParam && !/^\d+$/.test(rvParam)) throw badRequest(`invalid resource version: ${rvParam}`);
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  // Without this the client sees no response until the first event and an informer never starts.
  res.flushHeaders();
  const w: Watcher = { def, version, namespace, labels, fields, res, timers: [], closed: false };
  const requested = Number(rvParam || '0');
  if (!sendInitial && requested > 0 && requested < server.compactedRv) {
    send(w, 'ERROR', expiredStatus(requested, server.compactedRv));
    w.closed = true;
    res.end();
    return;
  }
  if (sendInitial || requested === 0) {
    for (const obj of server.select(def, namespace, labels, fields))
      send(w, 'ADDED', present(obj, def, version));
    if (sendInitial) bookmark(w, server.rv(), { 'k8s.io/initial-events-end': 'true' });
  } else {
    for (const event of server.history) if (event.rv > requested) deliver(w, event);
  }
  server.watchers.add(w);
  if (q.get('allowWatchBookmarks') === 'true') {
    if (!sendInitial) bookmark(w, server.rv());
    const tick = (): void => {
      bookmark(w, server.rv());
      w.timers.push(setTimeout(tick, server.bookmarkIntervalMs));
    };
    w.timers.push(setTimeout(tick, server.bookmarkIntervalMs));
  }
  const timeout = Number(q.get('timeoutSeconds') ?? '0');
  if (timeout > 0) w.timers.push(setTimeout(() => endWatch(w, server.watchers), timeout * 1000));
  req.on('close', () => endWatch(w, server.watchers));
  res.on('close', () => endWatch(w, server.watchers));
}
