/**
 * Tiers: how many compute units (CUs) a caller may spend per minute and per day. The defaults are the hosted Data
 * API's published tiers; an operator replaces or adds tiers (RATE_LIMIT_TIERS). Callers without a key are limited
 * per client address at the `unauthenticated` tier; a key names its tier.
 */
export interface Tier {
  name: string;
  perMinute: number;
  perDay: number;
}

export const UNAUTHENTICATED_TIER = 'unauthenticated';

export const DEFAULT_TIERS: readonly Tier[] = [
  { name: UNAUTHENTICATED_TIER, perMinute: 6_000, perDay: 1_200_000 },
  { name: 'free', perMinute: 8_000, perDay: 2_000_000 },
  { name: 'base', perMinute: 10_000, perDay: 3_750_000 },
  { name: 'growth', perMinute: 14_000, perDay: 11_200_000 },
  { name: 'pro', perMinute: 20_000, perDay: 25_000_000 },
];

/** The tier new keys get unless another is named. */
export const DEFAULT_KEY_TIER = 'free';

const TIER_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_CUS = 1e12;

/**
 * `name=perMinute/perDay,...` (RATE_LIMIT_TIERS): each entry replaces the default tier of its name or adds one.
 * Throws a message naming the entry that is wrong.
 */
export function parseTiers(text: string, defaults: readonly Tier[] = DEFAULT_TIERS): Tier[] {
  const tiers = new Map(defaults.map((t) => [t.name, t]));
  for (const entry of text.split(',').map((s) => s.trim())) {
    if (entry === '') continue;
    const match = /^([^=]+)=(\d+)\/(\d+)$/.exec(entry);
    if (!match) throw new Error(`expected name=perMinute/perDay, got ${JSON.stringify(entry)}`);
    const [, name, perMinute, perDay] = match as unknown as [string, string, string, string];
    if (!TIER_NAME.test(name))
      throw new Error(`tier name ${JSON.stringify(name)}: expected lower-case letters, digits and dashes`);
    const tier = { name, perMinute: Number(perMinute), perDay: Number(perDay) };
    for (const [field, value] of [
      ['perMinute', tier.perMinute],
      ['perDay', tier.perDay],
    ] as const) {
      if (value < 1 || value > MAX_CUS)
        throw new Error(`tier ${name}: ${field} must be in [1, ${MAX_CUS}], got ${value}`);
    }
    tiers.set(name, tier);
  }
  return [...tiers.values()];
}

export function formatTiers(tiers: readonly Tier[]): string {
  return tiers.map((t) => `${t.name}=${t.perMinute}/${t.perDay}`).join(',');
}
