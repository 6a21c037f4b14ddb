import type Koa from 'koa';
import { ClockCache } from '../cache/clock-cache.ts';
import type { PageTokens } from '../pagination/page-token.ts';
import { answeredFromCache } from '../telemetry/http-server-span.ts';
import { childrenBy, counterIn, processMetrics, sampleInto } from '../telemetry/metrics.ts';
import type { ListedPage, PreparedRequest, RouteAnswer } from './route.ts';

/**
 * The answers a REST gateway gave to the routes one source of data alone decides (a route's `invalidatedBy`), kept
 * as the bytes it wrote, so that the same request is answered again without asking the services: a request is still
 * admitted, counted and logged as any other. Answers are kept by the request as sent (its method, target and JSON
 * body), whose validation could only end as it did before: one that passed it is asked again without being parsed
 * again (a fifth of a hit's CPU), and one that failed it was never kept.
 *
 * Nothing kept outlives a change of the source. The source's watch (`DataGeneration`) gives a number that changes
 * with every change the source reports, and with every (re)connection of the watch, since changes may have gone
 * unreported while it was down; while it is down there is no number, and answers are neither served from here nor
 * kept. An answer is kept only if the number it started under, read before its request went to the services, is
 * still the number when it arrives: an answer read before a change, arriving after the change was reported, is not
 * kept. All that is kept is dropped at once when the number moves.
 *
 * A list answer's page token carries its expiry (issue time + 24 hours): a kept answer is written with a token for
 * the same cursor issued at most a second before (`renewTokensAfterMs`; issuing one, and copying the answer around
 * it, for every request would cost a hit more than all else it does), and the token a request carried is opened
 * again (a token that has expired since is a 400, as it would be without the cache). Only a route's 200s are kept,
 * so a request that fails (validation, a service's error) never is.
 */
export interface DataGeneration {
  /** Changes whenever the source's data may have changed; undefined while changes cannot be seen. */
  current(): number | undefined;
}

/** The answer caches of a gateway, by the source name its routes' `invalidatedBy` give. */
export type AnswerCaches = Readonly<Record<string, AnswerCache>>;

interface KeptAnswer {
  /** The answer as last written. */
  body: Buffer;
  /** The list page the answer is, if the route pages. */
  page: ListedPage | undefined;
  /** The next page's token in `body` (none on a last page), where it starts, and when it was issued. */
  nextToken: string | undefined;
  nextTokenAt: number;
  issuedAt: number;
  /** The body's bytes and the key's: what the entry weighs against the budget. */
  weight: number;
}

type NewAnswer = Pick<KeptAnswer, 'body' | 'page' | 'nextToken' | 'nextTokenAt'>;

const RENEW_TOKENS_AFTER_MS = 1_000;

export class AnswerCache {
  readonly source: string;
  private readonly kept: ClockCache<string, KeptAnswer>;
  private readonly generation: DataGeneration;
  private keptUnder: number | undefined;
  /** Requests on their way to the services whose answers may be kept, by key: the same request waits for them. */
  private readonly asking = new Map<string, { generation: number; answered: Promise<void> }>();
  private readonly renewTokensAfterMs: number;

  constructor(options: {
    source: string;
    bytes: number;
    generation: DataGeneration;
    /** How old the page token of a kept answer may be when written (default 1 s). */
    renewTokensAfterMs?: number;
  }) {
    this.source = options.source;
    this.generation = options.generation;
    this.renewTokensAfterMs = options.renewTokensAfterMs ?? RENEW_TOKENS_AFTER_MS;
    this.kept = new ClockCache(options.bytes, (answer) => answer.weight);
    watchCacheSize(this);
  }

  /**
   * The generation a request starts under, read before anything is asked; undefined when nothing may be served or
   * kept now. What was kept under another generation is dropped here.
   */
  begin(): number | undefined {
    const now = this.generation.current();
    if (now !== this.keptUnder) {
      this.kept.clear();
      this.keptUnder = now;
    }
    return now;
  }

  /** What was kept for `key`; only after begin() gave a generation. */
  find(key: string): KeptAnswer | undefined {
    return this.kept.get(key);
  }

  /**
   * What a request for `key` under `generation` already on its way to the services kept, once it is answered:
   * requests alike that come together (all of them after a change) ask the services once.
   */
  async keptByAnother(key: string, generation: number): Promise<KeptAnswer | undefined> {
    const other = this.asking.get(key);
    if (other === undefined || other.generation !== generation) return undefined;
    await other.answered;
    return this.begin() === generation ? this.find(key) : undefined;
  }

  /** Notes that a request for `key` is on its way to the services; returns what notes its end. */
  ask(key: string, generation: number): () => void {
    let answered!: () => void;
    const entry = { generation, answered: new Promise<void>((resolve) => (answered = resolve)) };
    this.asking.set(key, entry);
    return () => {
      if (this.asking.get(key) === entry) this.asking.delete(key);
      answered();
    };
  }

  /** Keeps an answer, if the source has not changed since its request began (`startedUnder`). */
  keep(key: string, startedUnder: number, answer: NewAnswer): void {
    if (this.begin() !== startedUnder) return;
    this.kept.set(key, { ...answer, issuedAt: performance.now(), weight: answer.body.length + key.length });
  }

  /**
   * A kept answer as it is written now: the token it was asked with opened again (throwing the 400 of one that has
   * expired), its next page's token renewed once it is older than `renewTokensAfterMs`.
   */
  written(kept: KeptAnswer, pageTokens: PageTokens): Buffer {
    const { page } = kept;
    if (page === undefined) return kept.body;
    if (page.token !== '') pageTokens.open(page.query, page.token);
    const now = performance.now();
    if (kept.nextToken === undefined || now - kept.issuedAt < this.renewTokensAfterMs) return kept.body;
    const token = pageTokens.issue(page.query, page.nextCursor)!;
    // A new buffer: the one kept may still be being written to a socket.
    kept.body = spliced(kept.body, kept.nextTokenAt, kept.nextToken.length, Buffer.from(token, 'latin1'));
    kept.nextToken = token;
    kept.issuedAt = now;
    return kept.body;
  }

  get bytes(): number {
    return this.kept.weight;
  }

  get entries(): number {
    return this.kept.size;
  }
}

export type CacheOutcome = 'hit' | 'miss' | 'unwatched';

/**
 * Answers a prepared request of a route whose success is 200, from the cache when it may, else from the services
 * (keeping the answer when it may). Either way the body is the answer's JSON as bytes, with the content type Koa
 * gives a JSON body, so that a kept answer is written exactly as it was first written.
 */
export async function answerWithCache(
  ctx: Koa.Context,
  key: string,
  prepare: () => PreparedRequest,
  { cache, countOutcome }: { cache: AnswerCache; countOutcome: (outcome: CacheOutcome) => void },
  pageTokens: PageTokens,
): Promise<void> {
  const generation = cache.begin();
  if (generation === undefined) {
    countOutcome('unwatched');
    writeAnswer(ctx, await prepare().answer());
    return;
  }
  const kept = cache.find(key) ?? (await cache.keptByAnother(key, generation));
  if (kept !== undefined) {
    const body = cache.written(kept, pageTokens);
    countOutcome('hit');
    answeredFromCache();
    return writeJson(ctx, body);
  }
  const prepared = prepare();
  countOutcome('miss');
  const answered = cache.ask(key, generation);
  try {
    const answer = await prepared.answer();
    const body = writeAnswer(ctx, answer);
    const keeping = body && keepable(body, answer);
    if (keeping) cache.keep(key, generation, keeping);
  } finally {
    answered();
  }
}

/** The answer's JSON as bytes (returned), or an empty body. */
function writeAnswer(ctx: Koa.Context, answer: RouteAnswer): Buffer | undefined {
  if (answer.document === undefined) {
    ctx.body = null;
    ctx.status = 200;
    return undefined;
  }
  const body = Buffer.from(JSON.stringify(answer.document));
  writeJson(ctx, body);
  return body;
}

function writeJson(ctx: Koa.Context, body: Buffer): void {
  // What Koa sets for an object body (`application/json; charset=utf-8`); set first, a Buffer body keeps it.
  ctx.type = 'json';
  ctx.body = body;
  ctx.status = 200;
}

/**
 * What to keep of an answer: its body, and where in it is the next page's token to renew. An answer read over more
 * than one list page, or whose body does not carry its token as issued, has nothing a renewal could rely on and is
 * not kept.
 */
function keepable(body: Buffer, answer: RouteAnswer): NewAnswer | undefined {
  if (answer.pages.length > 1) return undefined;
  const page = answer.pages[0];
  const nextToken = page?.nextToken;
  if (nextToken === undefined) return { body, page, nextToken, nextTokenAt: -1 };
  const nextTokenAt = body.indexOf(nextToken);
  return nextTokenAt < 0 ? undefined : { body, page, nextToken, nextTokenAt };
}

/** `body` with `length` bytes at `at` replaced by `insert`, in a new buffer. */
export function spliced(body: Buffer, at: number, length: number, insert: Buffer): Buffer {
  const out = Buffer.allocUnsafe(body.length - length + insert.length);
  body.copy(out, 0, 0, at);
  insert.copy(out, at);
  body.copy(out, at + insert.length, at + length);
  return out;
}

/** `chain_data_answer_cache_requests_total{route, outcome}`: per request of a cached route, what the cache did. */
export function cacheOutcomeCounter(route: string): (outcome: CacheOutcome) => void {
  const requests = counterIn(processMetrics(), {
    name: 'chain_data_answer_cache_requests_total',
    help:
      'Requests of routes whose answers a gateway keeps, by route template and outcome: hit (answered from memory), ' +
      'miss (asked the services), unwatched (asked the services, nothing served or kept: the source is not watched)',
    labelNames: ['route', 'outcome'],
  });
  const of = childrenBy((outcome: CacheOutcome) => requests.labels({ route, outcome }));
  return (outcome) => of(outcome).inc();
}

/** `chain_data_answer_cache_bytes{source}` and `chain_data_answer_cache_entries{source}`, read at scrape. */
function watchCacheSize(cache: AnswerCache): void {
  const labels = { source: cache.source };
  sampleInto(
    processMetrics(),
    {
      name: 'chain_data_answer_cache_bytes',
      help: 'Bytes of answers a gateway keeps (bodies and keys), by the source whose changes drop them',
      labelNames: ['source'],
      reset: true,
    },
    (gauge) => gauge.inc(labels, cache.bytes),
  );
  sampleInto(
    processMetrics(),
    {
      name: 'chain_data_answer_cache_entries',
      help: 'Answers a gateway keeps, by the source whose changes drop them',
      labelNames: ['source'],
      reset: true,
    },
    (gauge) => gauge.inc(labels, cache.entries),
  );
}
