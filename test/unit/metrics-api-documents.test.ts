import { expect } from 'chai';
import { chainDoc, dayRowsWith, metricPoint } from '../../services/metrics/api/documents.ts';
import { CHAIN_METRICS, dayValue } from '../../services/metrics/api/metric-values.ts';
import type { DayRow } from '../../services/metrics/store/reader.ts';

const day = (extra: Partial<DayRow> = {}): DayRow => ({
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

describe('metrics: rendering the rollups into the Metrics API documents', function () {
  it('renders a chain as the API document names it', function () {
    expect(
      chainDoc({
        evm_chain_id: '43113',
        network: 'testnet',
        blockchain_id: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
        chain_name: 'C-Chain',
        subnet_id: '11111111111111111111111111111111LpoYY',
      }),
    ).to.deep.equal({
      evmChainId: 43113,
      chainName: 'C-Chain',
      blockchainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
      subnetId: '11111111111111111111111111111111LpoYY',
      network: 'testnet',
    });
  });

  it('gives a point, its value a JSON number, at the bucket', function () {
    expect(metricPoint('feesPaid', day())).to.deep.equal({
      value: 52_500_000_000_000_000,
      timestamp: 1_769_904_000,
    });
    expect(metricPoint('cumulativeContracts', day())).to.deep.equal({ value: 10, timestamp: 1_769_904_000 });
    expect(metricPoint('avgGasPrice', day())).to.deep.equal({
      value: 25_000_000_000,
      timestamp: 1_769_904_000,
    });
  });

  it('leaves out, by the query, exactly the day rows where a metric has no value', function () {
    const without: Record<string, Partial<DayRow>> = {
      previous_day: { previous_block_time: null },
      max_tps: { max_tps: null },
      max_gps: { max_gps: null },
      gas_price: { tx_count: '0', gas_price_sum: '0', max_gas_price: null },
    };
    for (const metric of CHAIN_METRICS) {
      const having = dayRowsWith(metric);
      expect(metricPoint(metric, day()), metric).not.to.equal(undefined);
      for (const [condition, change] of Object.entries(without))
        expect(dayValue(metric, day(change)) === undefined, `${metric} without ${condition}`).to.equal(
          having === condition,
        );
    }
  });
});
