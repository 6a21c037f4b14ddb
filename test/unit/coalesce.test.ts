import { context, trace, TraceFlags, type Context as TraceContext } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';
import { expect } from 'chai';
import { Coalescer } from '../../services/runtime/grpc/coalesce.ts';

class Missing extends Error {}

/** A coalescer over a table of known keys that records every call it makes. */
function recording(
  options: { maxBatch?: number; failMany?: Error; throwMany?: boolean; unanswered?: string[] } = {},
) {
  const known = new Map([
    ['a', 'A'],
    ['b', 'B'],
    ['c', 'C'],
  ]);
  const calls: string[] = [];
  const coalescer = new Coalescer<string, string>({
    name: 'test batch',
    maxBatch: options.maxBatch ?? 10,
    one: (group, key) => {
      calls.push(`one ${group} ${key}`);
      const value = known.get(key);
      return value === undefined ? Promise.reject(new Missing(`${key} missing`)) : Promise.resolve(value);
    },
    many: (group, keys) => {
      calls.push(`many ${group} ${keys.join(',')}`);
      if (options.throwMany) throw new Error('thrown');
      if (options.failMany !== undefined) return Promise.reject(options.failMany);
      const unanswered = keys.filter((key) => options.unanswered?.includes(key));
      const answered = keys.filter((key) => known.has(key) && !unanswered.includes(key));
      return Promise.resolve({ found: new Map(answered.map((key) => [key, known.get(key)!])), unanswered });
    },
    missing: (_group, key) => new Missing(`${key} missing`),
  });
  return { coalescer, calls };
}

/** Each promise's outcome, as a value or the failure's message. */
const outcomes = (promises: Promise<string>[]) =>
  Promise.all(
    promises.map((p) =>
      p.then(
        (v) => v,
        (err: Error) => `failed: ${err.message}`,
      ),
    ),
  );

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('Coalescer', function () {
  it('makes the lookups of one turn one call per group: found ones get their value, missing ones the single error', async function () {
    const { coalescer, calls } = recording();
    const asked = [
      coalescer.load('P', 'a'),
      coalescer.load('P', 'x'),
      coalescer.load('P', 'b'),
      coalescer.load('X', 'c'),
      coalescer.load('X', 'a'),
    ];
    expect(await outcomes(asked)).to.deep.equal(['A', 'failed: x missing', 'B', 'C', 'A']);
    expect(calls).to.deep.equal(['many P a,x,b', 'many X c,a']);
  });

  it('looks up alone each key a batch left unanswered, whatever it turns out to be', async function () {
    const { coalescer, calls } = recording({ unanswered: ['b', 'c'] });
    const asked = [
      coalescer.load('P', 'a'),
      coalescer.load('P', 'b'),
      coalescer.load('P', 'b'),
      coalescer.load('P', 'c'),
    ];
    expect(await outcomes(asked)).to.deep.equal(['A', 'B', 'B', 'C']);
    expect(calls).to.deep.equal(['many P a,b,c', 'one P b', 'one P c']);
  });

  it('asks for a key once however many wait on it, and each waiter of a missing key gets its own error', async function () {
    const { coalescer, calls } = recording();
    const asked = [coalescer.load('P', 'a'), coalescer.load('P', 'a'), coalescer.load('P', 'x')];
    const missing = [coalescer.load('P', 'x')];
    expect(await outcomes(asked)).to.deep.equal(['A', 'A', 'failed: x missing']);
    const errors = await Promise.all([asked[2]!, missing[0]!].map((p) => p.catch((err: unknown) => err)));
    expect(errors[0]).to.be.instanceOf(Missing);
    expect(errors[0]).to.not.equal(errors[1]);
    expect(calls).to.deep.equal(['many P a,x']);
  });

  it('makes the single call for a key asked alone in its turn, and answers as it does', async function () {
    const { coalescer, calls } = recording();
    expect(await outcomes([coalescer.load('P', 'a')])).to.deep.equal(['A']);
    expect(await outcomes([coalescer.load('P', 'x'), coalescer.load('P', 'x')])).to.deep.equal([
      'failed: x missing',
      'failed: x missing',
    ]);
    expect(calls).to.deep.equal(['one P a', 'one P x']);
  });

  it('gives lookups of different turns different calls', async function () {
    const { coalescer, calls } = recording();
    const first = coalescer.load('P', 'a');
    await nextTurn();
    const second = coalescer.load('P', 'b');
    expect(await outcomes([first, second])).to.deep.equal(['A', 'B']);
    expect(calls).to.deep.equal(['one P a', 'one P b']);
  });

  it('fails every lookup of a failed batch call with its error, and the lookups of the next turn are called anew', async function () {
    const unavailable = new Error('unavailable');
    const { coalescer, calls } = recording({ failMany: unavailable });
    const asked = [coalescer.load('P', 'a'), coalescer.load('P', 'b'), coalescer.load('P', 'a')];
    const errors = await Promise.all(asked.map((p) => p.catch((err: unknown) => err)));
    expect(errors).to.deep.equal([unavailable, unavailable, unavailable]);
    expect(await outcomes([coalescer.load('P', 'c')])).to.deep.equal(['C']);
    expect(calls).to.deep.equal(['many P a,b', 'one P c']);
  });

  it('fails only its own lookups when a batch call throws instead of rejecting', async function () {
    const { coalescer } = recording({ throwMany: true });
    const asked = [coalescer.load('P', 'a'), coalescer.load('P', 'b'), coalescer.load('X', 'c')];
    expect(await outcomes(asked)).to.deep.equal(['failed: thrown', 'failed: thrown', 'C']);
  });

  it('splits a turn of more keys than a batch may carry into several calls', async function () {
    const { coalescer, calls } = recording({ maxBatch: 2 });
    const asked = ['a', 'b', 'c', 'x', 'a', 'y'].map((key) => coalescer.load('P', key));
    expect(await outcomes(asked)).to.deep.equal([
      'A',
      'B',
      'C',
      'failed: x missing',
      'A',
      'failed: y missing',
    ]);
    expect(calls).to.deep.equal(['many P a,b', 'many P c,x', 'one P y']);
  });

  it('refuses a batch size below 1', function () {
    expect(
      () =>
        new Coalescer({
          name: 'n',
          maxBatch: 0,
          one: () => Promise.resolve(1),
          many: () => Promise.resolve({ found: new Map() }),
          missing: () => new Error('missing'),
        }),
    ).to.throw('maxBatch must be at least 1');
  });

  describe('tracing', function () {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const tracer = provider.getTracer('test');
    let registered = false;

    before(function () {
      registered = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    });

    after(function () {
      if (registered) context.disable();
    });

    /** A waiting request's context: its own recorded span, or a caller's span context that was not sampled. */
    const sampledRequest = (name: string) => tracer.startSpan(name);
    const unsampled = (spanId: string): TraceContext =>
      trace.setSpanContext(context.active(), {
        traceId: 'a'.repeat(32),
        spanId,
        traceFlags: TraceFlags.NONE,
      });

    it("runs a batch call in a span that is the first sampled request's child, linked both ways with the others", async function () {
      exporter.reset();
      let activeInCall: string | undefined;
      const coalescer = new Coalescer<string, string>({
        name: 'lookups batch',
        maxBatch: 10,
        tracer,
        one: () => Promise.reject(new Error('not called')),
        many: (_group, keys) => {
          activeInCall = trace.getActiveSpan()?.spanContext().spanId;
          return Promise.resolve({ found: new Map(keys.map((key) => [key, key.toUpperCase()])) });
        },
        missing: () => new Error('missing'),
      });
      const second = sampledRequest('second');
      const third = sampledRequest('third');
      const asked = [
        context.with(unsampled('1'.repeat(16)), () => coalescer.load('P', 'a')),
        context.with(trace.setSpan(context.active(), second), () => coalescer.load('P', 'b')),
        context.with(trace.setSpan(context.active(), third), () => coalescer.load('P', 'c')),
      ];
      expect(await Promise.all(asked)).to.deep.equal(['A', 'B', 'C']);
      second.end();
      third.end();
      const spans = exporter.getFinishedSpans();
      const batch = spans.find((s) => s.name === 'lookups batch')!;
      expect(batch, 'the batch span').to.not.equal(undefined);
      expect(activeInCall, 'the call runs inside the batch span').to.equal(batch.spanContext().spanId);
      expect(batch.parentSpanContext?.spanId).to.equal(second.spanContext().spanId);
      expect(batch.links.map((l) => l.context.spanId)).to.deep.equal([
        '1'.repeat(16),
        third.spanContext().spanId,
      ]);
      expect(batch.attributes).to.deep.include({ 'chain_data.batch.keys': 3 });
      const linksOf = (span: ReadableSpan) => span.links.map((l) => l.context.spanId);
      const byName = (name: string) => spans.find((s) => s.name === name)!;
      expect(linksOf(byName('third'))).to.deep.equal([batch.spanContext().spanId]);
      expect(linksOf(byName('second')), 'the parent needs no link').to.deep.equal([]);
    });

    it('records a failed batch call on its span', async function () {
      exporter.reset();
      const coalescer = new Coalescer<string, string>({
        name: 'failing batch',
        maxBatch: 10,
        tracer,
        one: () => Promise.reject(new Error('not called')),
        many: () => Promise.reject(new Error('deadline exceeded')),
        missing: () => new Error('missing'),
      });
      const request = sampledRequest('request');
      const asked = context.with(trace.setSpan(context.active(), request), () => [
        coalescer.load('P', 'a'),
        coalescer.load('P', 'b'),
      ]);
      expect(await outcomes(asked)).to.deep.equal(['failed: deadline exceeded', 'failed: deadline exceeded']);
      request.end();
      const batch = exporter.getFinishedSpans().find((s) => s.name === 'failing batch')!;
      expect(batch.status.code).to.equal(2); // SpanStatusCode.ERROR
      expect(batch.events.map((e) => e.name)).to.deep.equal(['exception']);
    });
  });
});
