import { z } from 'zod';

/**
 * Configuration comes from environment variables only, validated once at start. A component calls
 * `loadConfig(shape)` with the variables it reads; the first bad or missing one stops it with a single line that
 * names the variable and what it expects.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  source: Env = process.env,
): z.infer<z.ZodObject<S>> {
  const picked: Env = {};
  for (const key of Object.keys(shape)) {
    const value = source[key];
    // An empty variable means "not set", as a shell user expects from `FOO= cmd`.
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const result = z.object(shape).safeParse(picked);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0]);
  const value = picked[variable];
  if (value === undefined)
    throw new ConfigError(
      `${variable}: is required: ${(shape[variable] as z.ZodType | undefined)?.description}`,
    );
  throw new ConfigError(`${variable}: invalid value ${JSON.stringify(value)}: ${issue.message}`);
}

/**
 * Variable readers. Each takes the text of what it expects, used both for a bad value and for a missing required
 * one, and an optional fallback (given as the variable's text, so it is validated like a set value).
 */
function variable<T extends z.ZodType<unknown, string>>(
  expected: string,
  schema: (error: { error: string }) => T,
) {
  return (fallback?: string) => {
    const parsed = schema({ error: `expected ${expected}` });
    // describe() last: prefault() returns a new schema without the description.
    return (fallback === undefined ? parsed : parsed.prefault(fallback as z.input<T>)).describe(
      `expected ${expected}`,
    );
  };
}

export const env = {
  integer: (min: number, max: number, fallback?: number) =>
    variable(`an integer in [${min}, ${max}]`, (e) =>
      z
        .string()
        .regex(/^-?\d+$/, e)
        .transform(Number)
        .refine((n) => n >= min && n <= max, e),
    )(fallback === undefined ? undefined : String(fallback)),
  port: (fallback?: number) => env.integer(0, 65535, fallback),
  boolean: (fallback: boolean) =>
    variable('true or false', (e) =>
      z.enum(['true', 'false', '1', '0'], e).transform((v) => v === 'true' || v === '1'),
    )(String(fallback)),
  oneOf: <T extends string>(values: readonly [T, ...T[]], fallback?: T) =>
    variable(`one of ${values.join(', ')}`, (e) => z.enum(values, e))(fallback),
  listOf: <T extends string>(values: readonly T[], fallback?: readonly T[]) =>
    variable(`a comma-separated list of ${values.join(', ')}`, (e) =>
      z
        .string()
        .transform(splitList)
        .refine((items) => items.length > 0 && items.every((i) => values.includes(i as T)), e)
        .transform((items) => items as T[]),
    )(fallback?.join(',')),
  text: (expected: string, fallback?: string) => variable(expected, () => z.string())(fallback),
  url: (protocols: string[], fallback?: string) =>
    variable(`a URL (${protocols.join(', ')})`, (e) => z.string().refine((v) => isUrl(v, protocols), e))(
      fallback,
    ),
  urlList: (protocols: string[], fallback?: string) =>
    variable(`a comma-separated list of URLs (${protocols.join(', ')})`, (e) =>
      z
        .string()
        .transform(splitList)
        .refine((urls) => urls.length > 0 && urls.every((u) => isUrl(u, protocols)), e),
    )(fallback),
  /**
   * A value in a form of its own: `parse` returns undefined for a value not in that form (the issue is what
   * `expected` says), or throws for a more precise problem (its message is the issue).
   */
  parsed: <T>(expected: string, parse: (value: string) => T | undefined) =>
    variable(expected, (e) =>
      z.string().transform((value, ctx) => {
        let result: T | undefined;
        try {
          result = parse(value);
        } catch (err) {
          ctx.issues.push({ code: 'custom', message: (err as Error).message, input: value });
          return z.NEVER;
        }
        if (result === undefined) {
          ctx.issues.push({ code: 'custom', message: e.error, input: value });
          return z.NEVER;
        }
        return result;
      }),
    )(),
  hostPort: (fallback?: string) =>
    variable('host:port', (e) => z.string().regex(/^(\[[0-9a-fA-F:]+\]|[^\s:[\]]+):\d{1,5}$/, e))(fallback),
  logLevel: () => env.oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], 'info'),
};

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol.slice(0, -1));
  } catch {
    return false;
  }
}
