import { expect } from 'chai';
import { parseCsv } from '../support/csv.ts';
import fc from 'fast-check';
import { csvField, csvLine, isoSeconds } from '../../services/export-worker/export/csv.ts';
import {
  addDays,
  dateOf,
  dayStart,
  daysBetween,
  lastWholeDayBefore,
} from '../../services/export-worker/export/dates.ts';
import { evmRowsOf } from '../../services/export-worker/export/evm-rows.ts';
import {
  primaryNetworkRowsOf,
  simpleRowsOf,
} from '../../services/export-worker/export/primary-network-rows.ts';
import {
  exportSpecOf,
  requestKeyOf,
  type ExportRequestInput,
} from '../../services/export-worker/export/request.ts';
import { planOf } from '../../services/export-worker/export/run-export.ts';
import type { TransactionDetails__Output } from '../../services/generated/proto/chaindata/evmdata/v1/TransactionDetails.ts';
import type { Transaction__Output } from '../../services/generated/proto/chaindata/primarynetwork/v1/Transaction.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';

/** The export worker's pure parts: CSV, days, request normal form, plans and the rows of each export type. */

describe('export worker: CSV', () => {
  it('quotes only what needs it and reads back as written', () => {
    expect(csvField('plain')).to.equal('plain');
    expect(csvField('a,b')).to.equal('"a,b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvLine(['a', 'b\r\nc'])).to.equal('a,"b\r\nc"\r\n');
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 8 }), (fields) => {
        const line = csvLine(fields);
        expect(line.endsWith('\r\n')).to.equal(true);
        expect(parseCsv(line)).to.deep.equal([fields]);
      }),
    );
  });

  it('writes times as ISO 8601 in UTC to the second', () => {
    expect(isoSeconds(1_767_225_600)).to.equal('2026-01-01T00:00:00Z');
    expect(isoSeconds(1_767_225_601)).to.equal('2026-01-01T00:00:01Z');
  });
});

describe('export worker: days', () => {
  it('takes only real calendar dates', () => {
    expect(dayStart('2026-01-01')).to.equal(1_767_225_600);
    expect(dayStart('2024-02-29')).to.not.equal(undefined);
    for (const bad of ['2023-02-29', '2026-13-01', '2026-1-01', '2026-01-32', '20260101', ''])
      expect(dayStart(bad), bad).to.equal(undefined);
  });

  it('counts and steps days, and finds the last whole day before a time', () => {
    expect(addDays('2026-01-31', 1)).to.equal('2026-02-01');
    expect(addDays('2026-03-01', -1)).to.equal('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-01-01')).to.equal(1);
    expect(daysBetween('2026-01-02', '2026-01-01')).to.equal(0);
    expect(lastWholeDayBefore(dayStart('2026-01-04')!)).to.equal('2026-01-03');
    expect(lastWholeDayBefore(dayStart('2026-01-04')! + 1)).to.equal('2026-01-03');
    expect(lastWholeDayBefore(dayStart('2026-01-04')! - 1)).to.equal('2026-01-02');
    expect(dateOf(dayStart('2026-05-17')! + 86_399)).to.equal('2026-05-17');
  });

  it('plans the whole request when the sources cover it, else up to their last whole day', () => {
    const end = dayStart('2026-01-10')!;
    expect(planOf('2026-01-01', '2026-01-09', end)).to.deep.equal({ lastDay: '2026-01-09' });
    expect(planOf('2026-01-01', '2026-01-09', end - 1)).to.deep.equal({
      lastDay: '2026-01-08',
      coveredUntil: end - 1,
    });
    // Nothing covered: no day at all.
    expect(planOf('2026-01-05', '2026-01-09', dayStart('2026-01-03')!)).to.deep.equal({
      lastDay: '2026-01-04',
      coveredUntil: dayStart('2026-01-03')!,
    });
    expect(planOf('2026-01-01', '2026-01-09', Number.MAX_SAFE_INTEGER)).to.deep.equal({
      lastDay: '2026-01-09',
    });
  });
});

describe('export worker: requests', () => {
  const context = { network: 'fuji' as const, evmChains: new Set(['43113', '99999']), today: '2026-02-01' };
  const evm = (over: Partial<ExportRequestInput> = {}): ExportRequestInput => ({
    type: 'TRANSACTION_EXPORT_EVM',
    first_date: '2026-01-01',
    last_date: '2026-01-31',
    addresses: ['0x00000000000000000000000000000000000000Aa'],
    c_chain_evm_addresses: [],
    include_chains: ['43113'],
    idempotency_key: '',
    ...over,
  });
  const refusal = (input: ExportRequestInput) => {
    try {
      exportSpecOf(input, context);
    } catch (err) {
      expect(err).to.be.instanceOf(DomainError);
      expect((err as DomainError).kind).to.equal('invalid_argument');
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('puts a request in one normal form: same export, same key', () => {
    const a = exportSpecOf(
      evm({
        addresses: [
          '0x00000000000000000000000000000000000000Bb',
          '0x00000000000000000000000000000000000000aa',
        ],
        include_chains: ['99999', '43113', '43113'],
      }),
      context,
    );
    const b = exportSpecOf(
      evm({
        addresses: [
          '0x00000000000000000000000000000000000000AA',
          '0x00000000000000000000000000000000000000bb',
        ],
        include_chains: ['43113', '99999'],
      }),
      context,
    );
    expect(a).to.deep.equal(b);
    expect(a.chains).to.deep.equal(['43113', '99999']);
    expect(requestKeyOf(a, '')).to.deep.equal(requestKeyOf(b, ''));
    expect(requestKeyOf(a, 'k')).to.not.deep.equal(requestKeyOf(a, ''));
  });

  it('defaults lastDate to today and firstDate to 29 days before it', () => {
    const spec = exportSpecOf(evm({ first_date: '', last_date: '' }), context);
    expect([spec.firstDate, spec.lastDate]).to.deep.equal(['2026-01-03', '2026-02-01']);
  });

  it('names the field at fault', () => {
    expect(refusal(evm({ type: 'EXPORT' }))).to.match(/^type: /);
    expect(refusal(evm({ first_date: '2026-02-30' }))).to.match(/^firstDate: /);
    expect(refusal(evm({ first_date: '2026-02-01', last_date: '2026-01-01' }))).to.match(
      /^firstDate: .*not after lastDate/,
    );
    expect(refusal(evm({ first_date: '2026-03-01', last_date: '2026-03-02' }))).to.match(
      /^firstDate: .*not after today/,
    );
    expect(refusal(evm({ first_date: '2019-01-01' }))).to.match(/^firstDate: /);
    expect(refusal(evm({ addresses: [] }))).to.match(/^options\.addresses: /);
    expect(refusal(evm({ addresses: ['0x1'] }))).to.match(/^options\.addresses\[0\]: /);
    expect(refusal(evm({ include_chains: ['1'] }))).to.match(
      /^options\.includeChains\[0\]: .*indexes \(43113, 99999\)/,
    );
    expect(refusal(evm({ include_chains: [] }))).to.match(/^options\.includeChains: /);
    expect(refusal(evm({ c_chain_evm_addresses: ['0x00000000000000000000000000000000000000aa'] }))).to.match(
      /^options\.cChainEvmAddresses: /,
    );
    const pn = (over: Partial<ExportRequestInput>) =>
      evm({
        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
        addresses: [],
        include_chains: ['p-chain'],
        ...over,
      });
    expect(refusal(pn({ include_chains: [IDENTITIES.mainnet.xChainId] }))).to.match(
      /^options\.includeChains\[0\]: .*mainnet's/,
    );
    expect(refusal(pn({ addresses: ['0x00000000000000000000000000000000000000aa'] }))).to.match(
      /^options\.addresses\[0\]: /,
    );
    expect(refusal(pn({ include_chains: [] }))).to.match(/^options\.includeChains: /);
    expect(() => requestKeyOf(exportSpecOf(evm(), context), 'k'.repeat(256))).to.throw(/idempotencyKey/);
  });

  it('takes the primary network chains by alias or id, in P, X, C order', () => {
    const fuji = IDENTITIES.fuji;
    const spec = exportSpecOf(
      evm({
        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
        addresses: [],
        include_chains: ['c-chain', fuji.pChainId, 'x-chain', 'p-chain'],
      }),
      context,
    );
    expect(spec.chains).to.deep.equal([fuji.pChainId, fuji.xChainId, fuji.cChainId]);
  });
});

const rich = (address: string) => ({ address });

describe('export worker: EVM rows', () => {
  const me = '0x00000000000000000000000000000000000000aa';
  const other = '0x00000000000000000000000000000000000000BB';
  const details = (): TransactionDetails__Output => ({
    nativeTransaction: {
      blockNumber: '7',
      blockTimestamp: 1_767_225_600,
      blockHash: '0xb',
      chainId: '43113',
      blockIndex: 0,
      txHash: '0xt',
      txStatus: '1',
      txType: 2,
      gasLimit: '30000',
      gasUsed: '21000',
      gasPrice: '3',
      nonce: '0',
      from: rich('0x00000000000000000000000000000000000000AA'),
      to: rich(other),
      method: null,
      value: '5',
    },
    internalTransactions: [
      {
        from: rich(other),
        to: rich(me),
        internalTxType: 'CALL',
        value: '2',
        isReverted: false,
        gasUsed: '1',
        gasLimit: '1',
      },
      {
        from: rich(other),
        to: rich(me),
        internalTxType: 'CALL',
        value: '9',
        isReverted: true,
        gasUsed: '1',
        gasLimit: '1',
      },
      {
        from: rich(other),
        to: rich(me),
        internalTxType: 'CALL',
        value: '0',
        isReverted: false,
        gasUsed: '1',
        gasLimit: '1',
      },
    ],
    erc20Transfers: [
      {
        from: rich(other),
        to: rich(me),
        logIndex: 3,
        value: '100',
        erc20Token: {
          address: '0xc20',
          name: 'Token, "T"',
          symbol: 'T',
          decimals: 18,
          ercType: 'ERC-20',
          price: null,
        },
      },
    ],
    erc721Transfers: [
      {
        from: rich(me),
        to: rich(other),
        logIndex: 1,
        erc721Token: {
          address: '0xc721',
          name: 'N',
          symbol: 'NFT',
          ercType: 'ERC-721',
          tokenId: '4',
          tokenUri: '',
          metadata: null,
        },
      },
    ],
    erc1155Transfers: [],
  });

  it('writes the transaction, value-moving internal calls and transfers by log index, with the sender’s fee', () => {
    const rows = evmRowsOf('43113', me, details());
    expect(rows.map((r) => [r[6], r[7], r[8], r[16], r[17]])).to.deep.equal([
      ['NATIVE_TRANSACTION', '', 'OUT', '5', '63000'],
      ['INTERNAL_TRANSACTION', '', 'IN', '2', ''],
      ['ERC721_TRANSFER', '1', 'OUT', '1', ''],
      ['ERC20_TRANSFER', '3', 'IN', '100', ''],
    ]);
    expect(rows[3]!.slice(11, 16)).to.deep.equal(['0xc20', 'Token, "T"', 'T', '18', '']);
    expect(rows[0]![3]).to.equal('2026-01-01T00:00:00Z');
  });

  it('leaves out what the address is not a party to, and names a failed transaction', () => {
    const d = details();
    d.nativeTransaction!.from = rich(other);
    d.nativeTransaction!.txStatus = '0';
    const rows = evmRowsOf('43113', me, d);
    expect(rows[0]![6]).to.equal('INTERNAL_TRANSACTION');
    expect(rows.every((r) => r[5] === 'FAILED')).to.equal(true);
  });
});

describe('export worker: primary network rows', () => {
  const fuji = IDENTITIES.fuji;
  const asset = (amount: string) => ({
    assetId: fuji.avaxAssetId,
    name: 'Avalanche',
    symbol: 'AVAX',
    denomination: 9,
    type: 'secp256k1',
    amount,
    historicalPrice: null,
  });
  const utxo = (
    id: string,
    owner: string,
    amount: string,
    created: string,
    consumed: string,
    staked?: boolean,
  ) => ({
    addresses: [owner],
    asset: asset(amount),
    consumedOnChainId: consumed,
    createdOnChainId: created,
    utxoId: id,
    amount,
    assetId: fuji.avaxAssetId,
    blockNumber: '1',
    blockTimestamp: 1_767_225_600,
    outputIndex: 0,
    // Any cb58 id: the rows put a transaction's inputs in their order, by the id of the transaction creating each.
    txHash: fuji.avaxAssetId,
    utxoType: 'TRANSFER',
    // A stake output carries its staking period, also once returned (no longer `staked`).
    ...(staked === undefined ? {} : { staked, utxoStartTimestamp: 1_767_225_600 }),
  });
  const mine = 'fuji1mine';
  const theirs = 'fuji1theirs';
  const p = fuji.pChainId;
  const tx = (): Transaction__Output => ({
    pChain: {
      txHash: 'tx',
      txType: 'AddPermissionlessDelegatorTx',
      blockTimestamp: 1_767_225_600,
      blockNumber: '12',
      blockHash: 'b',
      consumedUtxos: [utxo('in1', mine, '10', p, p), utxo('in2', mine, '5', fuji.xChainId, p)],
      emittedUtxos: [
        utxo('stake', mine, '8', p, p, false),
        utxo('change', mine, '6', p, p),
        utxo('out', theirs, '1', p, fuji.cChainId),
      ],
      value: [],
      amountBurned: [],
      amountStaked: [],
      amountL1ValidatorBalanceBurned: [],
      nodeId: 'NodeID-x',
      startTimestamp: 1_767_225_600,
      endTimestamp: 1_767_312_000,
      l1ValidatorManagerDetails: null,
      l1ValidatorDetails: [],
      rewardAddresses: [],
      subnetOwnershipInfo: null,
      blsCredentials: null,
      blockchainInfo: null,
    },
  });

  it('writes a row per owned UTXO with its side: debit, atomic, stake, credit', () => {
    const rows = primaryNetworkRowsOf(p, tx(), new Set([mine]));
    expect(rows.map((r) => [r[5], r[6], r[11]])).to.deep.equal([
      ['DEBIT', 'in1', '10'],
      ['DEBIT_ATOMIC', 'in2', '5'],
      ['CREDIT_STAKING_SET', 'stake', '8'],
      ['CREDIT', 'change', '6'],
    ]);
    expect(rows[0]!.slice(12, 15)).to.deep.equal([
      'NodeID-x',
      '2026-01-01T00:00:00Z',
      '2026-01-02T00:00:00Z',
    ]);
    const all = primaryNetworkRowsOf(p, tx(), new Set());
    expect(all.at(-1)!.slice(5, 7)).to.deep.equal(['CREDIT_ATOMIC', 'out']);
  });

  it('sums in and out per asset for the simple export', () => {
    expect(simpleRowsOf(p, tx(), new Set([mine])).map((r) => [r[5], r[8], r[9]])).to.deep.equal([
      [fuji.avaxAssetId, '14', '15'],
    ]);
  });
});
