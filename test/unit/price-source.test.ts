import { expect } from 'chai';
import { NO_PRICES, parsePriceFile } from '../../services/runtime/prices/price-source.ts';

describe('price source', function () {
  const file = [
    'date,symbol,currency,price',
    '# a comment',
    '2026-01-02,AVAX,usd,21.5',
    '2026-01-03,avax,USD,22',
  ].join('\n');

  it("reads an operator's daily prices and answers for any time of the day", function () {
    const prices = parsePriceFile(file);
    const jan2 = Date.parse('2026-01-02T00:00:00Z') / 1000;
    expect(prices.priceAt('AVAX', 'usd', jan2)).to.equal(21.5);
    expect(prices.priceAt('AVAX', 'usd', jan2 + 86_399)).to.equal(21.5);
    expect(prices.priceAt('AVAX', 'usd', jan2 + 86_400)).to.equal(22);
    expect(prices.priceAt('AVAX', 'usd', jan2 - 1)).to.equal(undefined);
    expect(prices.priceAt('AVAX', 'eur', jan2)).to.equal(undefined);
    expect(prices.latest('AVAX', 'usd')).to.equal(22);
  });

  it('rejects a malformed line, naming it', function () {
    expect(() => parsePriceFile('2026-01-02,AVAX,usd', 'prices.csv')).to.throw(
      /prices\.csv line 1: expected date,symbol,currency,price/,
    );
    expect(() => parsePriceFile('2026-13-40,AVAX,usd,1\n')).to.throw(/line 1/);
    expect(() => parsePriceFile('\n2026-01-02,AVAX,usd,-1')).to.throw(/line 2/);
  });

  it('without a source, knows no price', function () {
    expect(NO_PRICES.priceAt('AVAX', 'usd', 0)).to.equal(undefined);
    expect(NO_PRICES.latest('AVAX', 'usd')).to.equal(undefined);
  });
});
