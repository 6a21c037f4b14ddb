import { expect } from 'chai';
import {
  CHAIN_METRICS,
  dayValue,
  needsDayRows,
  seriesValue,
  supportsInterval,
} from '../../services/metrics/api/metric-values.ts';
import type { DayRow } from '../../services/metrics/store/reader.ts';

const row = (extra: Partial<DayRow> = {}): DayRow => ({
  bucket: 1_769_904_000,
  tx_count: '10',
  gas_used: '2100000',
  fees_paid: '52500000000000000',
  active_addresses: '7',
  active_senders: '3',
  contracts: '2',
  deployers: '1',
  gas_price_sum: '250000000000',
  max_gas_price: '30000000000',
  max_tps: 0.5,
  max_gps: 10_500,
  last_block_time: '1769990000',
  previous_block_time: '1769903600',
  cumulative_tx_count: '110',
  cumulative_addresses: '40',
  cumulative_contracts: '12',
  cumulative_deployers: '4',
  ...extra,
});

describe('metrics: the values of §4.5 from the stored rollups', function () {
  it('lets cumulative, max and avg metrics, contracts, deployers and feesPaid be asked by day only', function () {
    expect(CHAIN_METRICS).to.have.length(17);
    for (const metric of CHAIN_METRICS) {
      const dayFacts = /^(cumulative|max|avg)/.test(metric);
      const dayOnly = dayFacts || ['contracts', 'deployers', 'feesPaid'].includes(metric);
      expect(needsDayRows(metric), metric).to.equal(dayFacts);
      expect(supportsInterval(metric, 'day'), metric).to.equal(true);
      for (const interval of ['hour', 'week', 'month'] as const)
        expect(supportsInterval(metric, interval), `${metric} ${interval}`).to.equal(!dayOnly);
    }
  });

  it('reads the additive and distinct metrics exactly', function () {
    expect(seriesValue('feesPaid', row())).to.equal(52_500_000_000_000_000n);
    expect(seriesValue('activeSenders', row())).to.equal(3n);
    expect(dayValue('txCount', row())).to.equal(10n);
  });

  it('counts cumulative contracts up to the day, the other running totals through its end', function () {
    expect(dayValue('cumulativeContracts', row())).to.equal(10n);
    expect(dayValue('cumulativeTxCount', row())).to.equal(110n);
    expect(dayValue('cumulativeAddresses', row())).to.equal(40n);
    expect(dayValue('cumulativeDeployers', row())).to.equal(4n);
  });

  it('averages per second over the time from the last block before the day to the day’s last block', function () {
    expect(dayValue('avgTps', row())).to.equal(10 / 86_400);
    expect(dayValue('avgGps', row())).to.equal(2_100_000 / 86_400);
    expect(dayValue('avgTps', row({ previous_block_time: null }))).to.equal(undefined);
    expect(dayValue('avgTps', row({ previous_block_time: '1769990000' }))).to.equal(undefined);
  });

  it('averages gas prices over the day’s transactions; maxima as stored', function () {
    expect(dayValue('avgGasPrice', row())).to.equal(25_000_000_000);
    expect(dayValue('avgGasPrice', row({ tx_count: '0', gas_price_sum: '0' }))).to.equal(undefined);
    expect(dayValue('maxGasPrice', row())).to.equal(30_000_000_000n);
    expect(dayValue('maxGasPrice', row({ max_gas_price: null }))).to.equal(undefined);
    expect(dayValue('maxTps', row())).to.equal(0.5);
    expect(dayValue('maxGps', row({ max_gps: null }))).to.equal(undefined);
  });
});
