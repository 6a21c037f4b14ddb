import { readFile } from 'node:fs/promises';

/**
 * Where prices come from. The stack invents none: without a configured source every price field is left out of
 * the responses. A source answers for a token symbol (`AVAX`), a lowercase currency code (`usd`) and a time.
 */
export interface PriceSource {
  /** The price at `unixSeconds` (the day's price), or undefined when the source has none for that day. */
  priceAt(symbol: string, currency: string, unixSeconds: number): number | undefined;
  /** The latest price the source has. */
  latest(symbol: string, currency: string): number | undefined;
}

/** No source: every price is unknown. */
export const NO_PRICES: PriceSource = {
  priceAt: () => undefined,
  latest: () => undefined,
};

const DAY_SECONDS = 86_400;

/**
 * Prices an operator provides as a CSV file of daily prices, one per line: `date,symbol,currency,price` with the
 * date as `YYYY-MM-DD` (UTC), e.g. `2026-01-02,AVAX,usd,21.37`. A header line and `#` comments are skipped.
 * Errors name the line.
 */
export function parsePriceFile(text: string, source = 'price file'): PriceSource {
  const byKey = new Map<string, Map<number, number>>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || /^date,/i.test(line)) return;
    const [date, symbol, currency, price, ...extra] = line.split(',').map((f) => f.trim());
    const day = /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') ? Date.parse(`${date}T00:00:00Z`) / 1000 : NaN;
    const value = Number(price);
    if (
      extra.length > 0 ||
      !symbol ||
      !currency ||
      !Number.isFinite(day) ||
      !Number.isFinite(value) ||
      value < 0
    )
      throw new Error(
        `${source} line ${i + 1}: expected date,symbol,currency,price, got ${JSON.stringify(raw)}`,
      );
    const key = `${symbol.toUpperCase()}/${currency.toLowerCase()}`;
    let days = byKey.get(key);
    if (!days) byKey.set(key, (days = new Map<number, number>()));
    days.set(day / DAY_SECONDS, value);
  });
  return {
    priceAt(symbol, currency, unixSeconds) {
      return byKey.get(`${symbol.toUpperCase()}/${currency}`)?.get(Math.floor(unixSeconds / DAY_SECONDS));
    },
    latest(symbol, currency) {
      const days = byKey.get(`${symbol.toUpperCase()}/${currency}`);
      if (!days || days.size === 0) return undefined;
      return days.get(Math.max(...days.keys()));
    },
  };
}

export async function loadPriceFile(path: string): Promise<PriceSource> {
  return parsePriceFile(await readFile(path, 'utf8'), path);
}
