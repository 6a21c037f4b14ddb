import { ParamError, rendered } from '../runtime/rest/params.ts';
import type { InputRule } from '../runtime/rest/route.ts';

/** Every Metrics API route with a time range: the end not before the start (both inclusive). */
export const TIME_RANGE: InputRule<{
  startTimestamp?: number | undefined;
  endTimestamp?: number | undefined;
}> = {
  description: 'endTimestamp must not be before startTimestamp.',
  check: ({ startTimestamp, endTimestamp }) => {
    if (startTimestamp !== undefined && endTimestamp !== undefined && endTimestamp < startTimestamp)
      throw new ParamError(
        'endTimestamp',
        `expected a time at or after startTimestamp (${startTimestamp}), got ${rendered(String(endTimestamp))}`,
      );
  },
};
