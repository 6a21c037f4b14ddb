import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { expect } from 'chai';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { decodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { genesisUtxos, parseGenesisConfig } from '../../services/primary-network/ingest/genesis.ts';
import {
  devnetGenesisConfig,
  pChainGenesisOutputs,
  xChainGenesisOutputs,
} from '../../services/devnet/genesis.ts';
import { evmAccount } from '../../services/devnet/evm/activity.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';

const FUJI = IDENTITIES.fuji;
const ctx = networkContext(FUJI);
const AVAX = decodeCb58(FUJI.avaxAssetId);
const START = 1_600_000_000;

const address = (first: number) => Uint8Array.from({ length: 20 }, (_, i) => (i === 0 ? first : i));
const xAddress = (bytes: Uint8Array, hrp = 'fuji') => `X-${bech32.encode(hrp, bech32.toWords(bytes))}`;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const be = (n: bigint, size: number) => n.toString(16).padStart(size * 2, '0');

/** avalanchego's UTXOID.InputID, apart from the service's: sha256(uint64 index ‖ tx id). */
function inputId(txId: Uint8Array, index: number): string {
  const bytes = new Uint8Array(40);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(index));
  bytes.set(txId, 8);
  return hex(sha256(bytes));
}

const [a, b, c, d] = [address(2), address(1), address(3), address(0)];
/** 300,000,000 AVAX: more nAVAX than a double holds exactly. */
const LARGE = '300000000000000001';

/** Written as avalanchego's genesis files are: uint64s as bare JSON numbers. */
const CONFIG = `{
  "networkID": 5,
  "allocations": [
    { "ethAddr": "0x01", "avaxAddr": "${xAddress(a)}", "initialAmount": ${LARGE},
      "unlockSchedule": [ { "amount": 10 }, { "amount": 0, "locktime": 0 },
                          { "amount": 20, "locktime": 1700000000 } ] },
    { "ethAddr": "0x02", "avaxAddr": "${xAddress(b)}", "initialAmount": 0,
      "unlockSchedule": [ { "amount": 5, "locktime": 1500000000 } ] },
    { "ethAddr": "0x03", "avaxAddr": "${xAddress(c)}", "initialAmount": 7,
      "unlockSchedule": [ { "amount": 9, "locktime": 0 } ] },
    { "ethAddr": "0x04", "avaxAddr": "${xAddress(d)}", "initialAmount": 7, "unlockSchedule": [] }
  ],
  "startTime": ${START},
  "initialStakeDuration": 31536000,
  "initialStakeDurationOffset": 5400,
  "initialStakedFunds": [ "${xAddress(c)}" ],
  "initialStakers": [],
  "cChainGenesis": "{}",
  "message": "hello"
}`;

describe('genesis UTXOs from a genesis configuration', () => {
  const utxos = genesisUtxos(parseGenesisConfig(CONFIG, FUJI), ctx);
  const on = (chain: 'P' | 'X') => utxos.filter((u) => u.chain === chain);

  it('numbers the P-Chain’s from 0 under the empty id, one per non-zero unlock, skipping funds staked at genesis', () => {
    const empty = new Uint8Array(32);
    expect(
      on('P').map((u) => [hex(u.txId), u.outputIndex, hex(u.output.addresses[0]!), u.output.amount]),
    ).to.deep.equal([
      [hex(empty), 0, hex(a), 10n],
      [hex(empty), 1, hex(a), 20n],
      [hex(empty), 2, hex(b), 5n],
    ]);
    expect(on('P').map((u) => hex(u.utxoId))).to.deep.equal([0, 1, 2].map((i) => inputId(empty, i)));
    // Locked past the start time: a stakeable.LockOut; locked until before it: a plain transfer output.
    expect(on('P').map((u) => u.output.stakeableLocktime)).to.deep.equal([
      undefined,
      1_700_000_000n,
      undefined,
    ]);
    const owner = `${be(0n, 8)}${be(1n, 4)}${be(1n, 4)}${hex(a)}`;
    expect(hex(on('P')[1]!.output.utxoBytes)).to.equal(
      `0000${hex(empty)}${be(1n, 4)}${hex(AVAX)}${be(22n, 4)}${be(1_700_000_000n, 8)}${be(7n, 4)}${be(20n, 8)}${owner}`,
    );
  });

  it('numbers the X-Chain’s under AVAX’s id in the order of their bytes (amount, then address), exactly', () => {
    expect(
      on('X').map((u) => [hex(u.txId), u.outputIndex, hex(u.output.addresses[0]!), u.output.amount]),
    ).to.deep.equal([
      [hex(AVAX), 0, hex(d), 7n],
      [hex(AVAX), 1, hex(c), 7n],
      [hex(AVAX), 2, hex(a), BigInt(LARGE)],
    ]);
    expect(on('X').map((u) => hex(u.utxoId))).to.deep.equal([0, 1, 2].map((i) => inputId(AVAX, i)));
  });

  it('places them at height 0, at the genesis time, unstaked', () => {
    for (const u of utxos) {
      expect([u.blockHeight, u.blockTimestamp, u.staked, u.createdChain]).to.deep.equal([
        0n,
        BigInt(START),
        false,
        u.chain,
      ]);
    }
  });

  it('refuses a configuration it cannot read, naming what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['{', /not JSON/],
      [CONFIG.replace('"networkID": 5', '"networkID": 1'), /networkID is 1, the stack serves fuji \(5\)/],
      [
        CONFIG.replace(xAddress(b), xAddress(b, 'avax')),
        /allocations\.1\.avaxAddr: expected an X-Chain address of fuji/,
      ],
      [CONFIG.replace('"initialAmount": 0', '"initialAmount": -1'), /allocations\.1\.initialAmount/],
      [CONFIG.replace(`"startTime": ${START}`, '"startTime": "soon"'), /startTime/],
      [CONFIG.replace(`[ "${xAddress(c)}" ]`, '[ "P-fuji1x" ]'), /initialStakedFunds\.0/],
    ];
    for (const [text, message] of cases) expect(() => parseGenesisConfig(text, FUJI), text).to.throw(message);
  });

  it('agrees with the devnet’s ledger on where each account’s allocation is', () => {
    const accounts = deriveAccounts('genesis-test', 12);
    const config = devnetGenesisConfig({
      identity: FUJI,
      accounts,
      evmAccounts: accounts.map((account) => evmAccount(account.privateKey)),
      startTimeSeconds: BigInt(START),
      cChainGenesis: {},
    });
    const read = genesisUtxos(parseGenesisConfig(JSON.stringify(config), FUJI), ctx);
    const ledger = [...pChainGenesisOutputs(accounts), ...xChainGenesisOutputs(FUJI, accounts)];
    expect(
      read.map((u) => [inputId(u.txId, u.outputIndex), hex(u.output.addresses[0]!), u.output.amount]),
    ).to.deep.equal(ledger.map((o) => [inputId(o.txId, o.outputIndex), hex(o.owner.address), o.amount]));
  });
});
