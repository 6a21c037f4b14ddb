import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout. Every line written inside a span carries its trace and span ids, so a log line
 * leads to its trace and back.
 */
export function createLogger(component: string, level: string): Logger {
  return pino({
    level,
    base: { component },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const spanContext = trace.getSpan(context.active())?.spanContext();
      if (!spanContext || !isSpanContextValid(spanContext)) return {};
      const { traceId, spanId, traceFlags } = spanContext;
      return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
    },
  });
}
