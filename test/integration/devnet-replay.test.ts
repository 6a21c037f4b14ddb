import { expect } from 'chai';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { traceBlock, type CallFrame } from '../../services/devnet/evm/call-tracer.ts';
import type { EvmBlock, EvmChain } from '../../services/devnet/evm/chain.ts';
import { WARP_PRECOMPILE_ADDRESS } from '../../services/devnet/evm/warp-precompile.ts';
import { generatedHistory, l1BlockchainIdOf, startDevnet } from '../support/devnet-process.ts';
import { eventually, type RunningComponent } from '../support/processes.ts';

/**
 * What the devnet serves must not depend on when it is asked or on when the devnet was started: a block traced
 * right after it was built and long after gives the same calls, and a devnet started again (live blocks included)
 * serves the chain it served before.
 */
describe('devnet replay', function () {
  this.timeout(180_000);

  it('traces a block carrying Warp messages the same when just built and when replayed after the validator set changed', async function () {
    const parameters: DevnetParameters = {
      identity: IDENTITIES.fuji,
      seed: 'warp-replay',
      genesisTimeSeconds: 1_767_225_600n,
      historySeconds: 0n,
      blockIntervalSeconds: 240n,
      accounts: 8,
      metadataBaseUrl: 'http://127.0.0.1:9650/metadata',
    };
    const devnet = await Devnet.create(parameters);
    const chains = [devnet.cChain.chain, devnet.l1Chain.chain];
    const carriesWarp = (block: EvmBlock) =>
      block.transactions.some((t) =>
        ('accessList' in t.tx ? (t.tx.accessList as [Uint8Array, Uint8Array[]][]) : []).some(
          ([address]) => `0x${Buffer.from(address).toString('hex')}` === WARP_PRECOMPILE_ADDRESS,
        ),
      );
    const whenBuilt = new Map<EvmBlock, CallFrame[]>();
    const traceNewBlocks = async (chain: EvmChain, from: number) => {
      for (const block of chain.blocks.slice(from)) {
        if (carriesWarp(block)) whenBuilt.set(block, await traceBlock(chain, block));
      }
    };
    // Past step 62 the L1 has a fourth validator, which shifts every signer's bit in its canonical set.
    const l1ValidatorsAtStart = devnet.pChain.staking.l1Validators.length;
    for (let step = 0; step < 75; step++) {
      const heads = chains.map((c) => c.blocks.length);
      await devnet.advanceOnSchedule();
      for (const [i, chain] of chains.entries()) await traceNewBlocks(chain, heads[i]!);
    }
    expect(devnet.pChain.staking.l1Validators.length).to.equal(l1ValidatorsAtStart + 1);
    expect(whenBuilt.size, 'blocks delivering Warp messages').to.be.greaterThan(3);

    let executed = 0;
    for (const [block, frames] of whenBuilt) {
      const chain = chains.find((c) => c.blocks[Number(block.number)] === block)!;
      expect(await traceBlock(chain, block), `block ${block.number}`).to.deep.equal(frames);
      // A delivery that verified runs the message: the messenger calls its receiver.
      executed += frames.filter((f) => !f.error && (f.calls ?? []).some((c) => c.type === 'CALL')).length;
    }
    expect(executed, 'deliveries that verified and executed').to.be.greaterThan(0);
  });

  describe('restarted with live blocks', function () {
    const running: RunningComponent[] = [];
    after(async () => {
      for (const r of running) await r.stop();
    });

    /** A devnet with a short history that has made `liveSteps` live steps. */
    async function devnetWithLiveBlocks(liveSteps: number) {
      const { process: devnet, base } = await startDevnet({
        DEVNET_SEED: 'restart-test',
        DEVNET_HISTORY_HOURS: '1',
        DEVNET_LIVE_INTERVAL_MS: '50',
        // The token URIs name it: by default the devnet's own address, which differs between these two runs.
        DEVNET_METADATA_URL: 'http://127.0.0.1:9650/metadata',
      });
      running.push(devnet);
      const generated = await generatedHistory(devnet);
      const l1 = l1BlockchainIdOf(devnet);
      await eventually(
        async () =>
          Number((await index(base, 'X/block', 'index.getLastAccepted', {})).index) >=
          generated.xBlocks + liveSteps,
        60_000,
        'live blocks',
      );
      return { devnet, base, generated, l1 };
    }

    async function index(base: string, name: string, method: string, params: object) {
      const response = await fetch(`${base}/ext/index/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { encoding: 'hex', ...params } }),
      });
      return ((await response.json()) as { result: Record<string, unknown> }).result;
    }

    async function containers(base: string, name: string): Promise<unknown[]> {
      const last = Number((await index(base, name, 'index.getLastAccepted', {})).index);
      const all: unknown[] = [];
      while (all.length <= last) {
        const { containers: page } = (await index(base, name, 'index.getContainerRange', {
          startIndex: all.length,
          numToFetch: Math.min(1024, last + 1 - all.length),
        })) as { containers: unknown[] };
        all.push(...page);
      }
      return all;
    }

    async function evmBlockHashes(base: string, chain: string): Promise<string[]> {
      const rpc = async (method: string, params: unknown[]) => {
        const response = await fetch(`${base}/ext/bc/${chain}/rpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        return ((await response.json()) as { result: unknown }).result;
      };
      const head = Number(await rpc('eth_blockNumber', []));
      const hashes: string[] = [];
      for (let n = 0; n <= head; n++) {
        hashes.push(
          ((await rpc('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) as { hash: string }).hash,
        );
      }
      return hashes;
    }

    async function snapshot(base: string, l1: string) {
      const names = ['P/block', 'X/vtx', 'X/block', 'X/tx', 'C/block'];
      return {
        indexes: Object.fromEntries(
          await Promise.all(names.map(async (name) => [name, await containers(base, name)] as const)),
        ),
        c: await evmBlockHashes(base, 'C'),
        l1: await evmBlockHashes(base, l1),
      };
    }

    /** Both lists agree on every position they both have, and share more than `atLeast` of them. */
    function expectCommonPrefix(a: unknown[], b: unknown[], atLeast: number, what: string) {
      const common = Math.min(a.length, b.length);
      expect(common, `${what}: common heights`).to.be.greaterThan(atLeast);
      const differs = a.slice(0, common).findIndex((x, i) => JSON.stringify(x) !== JSON.stringify(b[i]));
      const difference =
        differs === -1 ? undefined : JSON.stringify([a[differs], b[differs]]).slice(0, 2_000);
      expect(difference, `${what}: first difference at ${differs}`).to.equal(undefined);
    }

    it('serves the chain it served before at every common height: P, X and C indexes, C-Chain and L1 blocks', async function () {
      const first = await devnetWithLiveBlocks(15);
      const before = await snapshot(first.base, first.l1);
      await first.devnet.stop();
      // Another second of the wall clock: a chain that followed it would differ now.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const second = await devnetWithLiveBlocks(20);
      const after = await snapshot(second.base, second.l1);
      expect(second.l1).to.equal(first.l1);
      const { generated } = first;
      const historyCounts: Record<string, number> = {
        'P/block': generated.pBlocks,
        'X/block': generated.xBlocks,
        'C/block': generated.cBlocks,
      };
      for (const [name, list] of Object.entries(before.indexes)) {
        expectCommonPrefix(list, after.indexes[name]!, historyCounts[name] ?? 0, name);
      }
      // The EVM chains' live blocks: past the history's heads (block 0 is genesis).
      expectCommonPrefix(before.c, after.c, generated.cBlocks + 1, 'C-Chain blocks');
      expectCommonPrefix(before.l1, after.l1, generated.l1Blocks, 'L1 blocks');
    });
  });
});
