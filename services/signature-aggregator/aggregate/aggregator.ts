/**
 * Collecting validators' signatures over a Warp message until a quorum of the signing subnet's weight signed, and
 * aggregating them into the signed message, as avalanchego's acp118 aggregator and ICM's signature-aggregator do,
 * but without their transport: `ask` is how one validator node is asked (an ACP-118 AppRequest in production, a
 * function in tests), so everything here runs the same against fakes.
 *
 * The rules, and where they come from:
 * - Every reply is verified against the validator's BLS key before it counts; an invalid one is dropped, reported,
 *   and that node is not asked again for this request (both references drop it; asking again would get the same).
 * - An empty or all-zero reply means the validator has not seen the message yet (ACP-118); it is asked again.
 * - A validator holding several nodes (merged by key in the canonical set) counts once, whichever node answers.
 * - Validators are asked by descending weight (ICM at HEAD), all at once up to `maxInFlight`; those whose
 *   signature is cached for this message are not asked. A node that did not answer (AppError, timeout,
 *   unreachable, not signed yet) is asked again after an exponential backoff, while the budget lasts.
 * - The request stops as soon as quorum + buffer is signed. Otherwise it returns at the bare quorum once no ask is
 *   outstanding (every validator answered or failed at least once, as ICM v0.5.4 falls back after a round), or
 *   when the budget ends; without the bare quorum by then it fails with QuorumNotReachedError, which says which
 *   weight was missing. It also fails as soon as the quorum is out of reach (too much weight invalid or keyless).
 * - Quorum is warp.VerifyWeight's rule in bigint: `percentage × total ≤ 100 × signed`, total including the
 *   validators without a key, which can never sign.
 */
import { blsAggregateSignatures } from '../../runtime/avalanche/bls.ts';
import {
  DEFAULT_QUORUM_PERCENTAGE,
  decodeUnsignedWarpMessage,
  encodeSignedWarpMessage,
  hasQuorum,
  quorumWeight,
  signersBitset,
  WarpFormatError,
  warpMessageId,
  type WarpSet,
} from '../../runtime/avalanche/warp.ts';
import { DomainError } from '../../runtime/errors.ts';
import { verifySignatures, type SignatureCache, type VerifiedSignature } from './signature-cache.ts';

const PERCENT = 100n;

/** Why a validator node gave no signature, as the transport reports it: `ask` rejects with an AskError. */
export type AskFailureKind = 'app-error' | 'timeout' | 'unreachable';

export class AskError extends Error {
  override name = 'AskError';
  readonly kind: AskFailureKind;
  /** The AppError's code (for kind 'app-error'). */
  readonly code: number | undefined;
  constructor(kind: AskFailureKind, message: string, options: { code?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.code = options.code;
  }
}

/** What an ACP-118 SignatureRequest carries. */
export interface SignatureRequest {
  /** The unsigned message. */
  message: Uint8Array;
  justification: Uint8Array;
}

export interface AggregationRequest {
  /** The unsigned Warp message. */
  message: Uint8Array;
  justification?: Uint8Array;
  /** The signing subnet's canonical validator set (canonicalWarpSet) at the P-Chain height used. */
  validators: WarpSet;
  /** 1..100; default 67. */
  quorumPercentage?: number;
  /** Extra percentage to collect while the budget allows; quorum + buffer ≤ 100; default 0. */
  quorumPercentageBuffer?: number;
  /** When to give up: aborted, or a deadline. */
  budget: AbortSignal | Date;
}

export interface RetryPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  multiplier: number;
  /** Each delay is scaled by a random factor in [1 - jitter, 1 + jitter], so retries of many nodes spread out. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  initialDelayMs: 250,
  maxDelayMs: 2_000,
  multiplier: 2,
  jitter: 0.5,
};

export interface AggregatorDeps {
  /** Ask one node for its signature; resolves with the 96-byte signature (empty: not signed yet), rejects with AskError. */
  ask: (nodeId: string, request: SignatureRequest, signal: AbortSignal) => Promise<Uint8Array>;
  cache?: SignatureCache;
  retry?: Partial<RetryPolicy>;
  /** Asks outstanding at once (default 256). */
  maxInFlight?: number;
  /** An ask not answered within this is counted as timed out and retried (default: only the budget bounds it). */
  attemptTimeoutMs?: number;
  random?: () => number;
}

/** What became of one canonical validator in a request. */
export type ValidatorOutcome =
  | 'signed'
  | 'cached'
  | 'invalid'
  | 'app-error'
  | 'timed-out'
  | 'unreachable'
  | 'not-signed-yet'
  /** Still being asked when the request stopped with enough weight. */
  | 'cancelled'
  | 'not-asked';

export interface ValidatorDiagnostics {
  /** Position in the canonical set (its bit in the signers bitset). */
  index: number;
  publicKey: Uint8Array;
  nodeIds: string[];
  weight: bigint;
  outcome: ValidatorOutcome;
  /** Asks sent, over every node and attempt. */
  asked: number;
  /** Replies that carried a signature (valid or not) or an empty one. */
  answered: number;
  invalid: number;
  notSignedYet: number;
  timedOut: number;
  unreachable: number;
  appErrors: number;
  /** The last AppError. */
  appError?: { code: number; message: string };
  /** The last failure's text. */
  error?: string;
}

export type StopReason = 'target' | 'settled' | 'budget' | 'exhausted' | 'unreachable-quorum';

export interface AggregationReport {
  messageId: Uint8Array;
  quorumPercentage: number;
  quorumPercentageBuffer: number;
  signedWeight: bigint;
  totalWeight: bigint;
  /** The least weight that meets the quorum. */
  requiredWeight: bigint;
  /** The least weight that meets quorum + buffer. */
  targetWeight: bigint;
  /** Weight of validators without a BLS key: counted in the total, never signs. */
  keylessWeight: bigint;
  stoppedBy: StopReason;
  validators: ValidatorDiagnostics[];
}

export interface AggregationResult extends AggregationReport {
  /** unsigned ‖ u32 0 ‖ u32 len ‖ signers bitset ‖ aggregate signature. */
  signedMessage: Uint8Array;
  /** Canonical indices of the signers, ascending. */
  signers: number[];
  signersBitset: Uint8Array;
  aggregateSignature: Uint8Array;
}

/** The quorum was not signed within the budget; the message names the missing weight, `report` has the rest. */
export class QuorumNotReachedError extends DomainError {
  override name = 'QuorumNotReachedError';
  readonly report: AggregationReport;
  constructor(report: AggregationReport) {
    super('unavailable', quorumFailureMessage(report));
    this.report = report;
  }
}

export interface AggregationPlan {
  message: Uint8Array;
  request: SignatureRequest;
  messageId: Uint8Array;
  set: WarpSet;
  quorumPercentage: number;
  quorumPercentageBuffer: number;
  requiredWeight: bigint;
  targetWeight: bigint;
  keylessWeight: bigint;
  /** Canonical indices by descending weight, ties in canonical order. */
  order: number[];
}

/** Checks the request and works out the weights; throws invalid_argument naming the field. */
export function planAggregation(request: AggregationRequest): AggregationPlan {
  const quorumPercentage = request.quorumPercentage ?? DEFAULT_QUORUM_PERCENTAGE;
  const quorumPercentageBuffer = request.quorumPercentageBuffer ?? 0;
  if (!Number.isInteger(quorumPercentage) || quorumPercentage < 1 || quorumPercentage > 100) {
    throw new DomainError(
      'invalid_argument',
      `quorumPercentage must be an integer from 1 to 100, not ${quorumPercentage}`,
    );
  }
  if (!Number.isInteger(quorumPercentageBuffer) || quorumPercentageBuffer < 0) {
    throw new DomainError(
      'invalid_argument',
      `quorumPercentageBuffer must be a non-negative integer, not ${quorumPercentageBuffer}`,
    );
  }
  if (quorumPercentage + quorumPercentageBuffer > 100) {
    throw new DomainError(
      'invalid_argument',
      `quorumPercentage + quorumPercentageBuffer must be at most 100, not ${quorumPercentage + quorumPercentageBuffer}`,
    );
  }
  try {
    decodeUnsignedWarpMessage(request.message);
  } catch (error) {
    if (error instanceof WarpFormatError)
      throw new DomainError('invalid_argument', `message: ${error.message}`);
    throw error;
  }
  const set = request.validators;
  if (set.totalWeight <= 0n)
    throw new DomainError('failed_precondition', 'the signing validator set has no weight');
  const keyedWeight = set.validators.reduce((sum, v) => sum + v.weight, 0n);
  return {
    message: request.message,
    request: { message: request.message, justification: request.justification ?? new Uint8Array(0) },
    messageId: warpMessageId(request.message),
    set,
    quorumPercentage,
    quorumPercentageBuffer,
    requiredWeight: quorumWeight(set.totalWeight, BigInt(quorumPercentage), PERCENT),
    targetWeight: quorumWeight(set.totalWeight, BigInt(quorumPercentage + quorumPercentageBuffer), PERCENT),
    keylessWeight: set.totalWeight - keyedWeight,
    order: askOrder(set),
  };
}

/** Heaviest first: the fewest replies that can make the quorum are asked first (ties keep the canonical order). */
export function askOrder(set: WarpSet): number[] {
  return set.validators
    .map((v, index) => ({ index, weight: v.weight }))
    .sort((a, b) => (a.weight === b.weight ? a.index - b.index : a.weight > b.weight ? -1 : 1))
    .map((v) => v.index);
}

/** The delay before the `failures`-th retry of a node: exponential, capped, jittered. */
export function retryDelayMs(
  failures: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const base = Math.min(
    policy.maxDelayMs,
    policy.initialDelayMs * policy.multiplier ** Math.max(0, failures - 1),
  );
  return Math.max(0, base * (1 - policy.jitter + 2 * policy.jitter * random()));
}

/** An empty or all-zero signature: the validator has not seen the message yet (not a wrong answer). */
export function isUnsignedReply(signature: Uint8Array): boolean {
  return signature.every((b) => b === 0);
}

/** The signed message from the signatures collected, keyed by canonical index. */
export function assembleSignedMessage(
  unsigned: Uint8Array,
  signatures: ReadonlyMap<number, VerifiedSignature>,
): Pick<AggregationResult, 'signedMessage' | 'signers' | 'signersBitset' | 'aggregateSignature'> {
  const signers = [...signatures.keys()].sort((a, b) => a - b);
  const bitset = signersBitset(signers);
  const aggregate = blsAggregateSignatures(
    signers.map((i) => signatures.get(i)!),
    { verified: true },
  );
  return {
    signedMessage: encodeSignedWarpMessage(unsigned, bitset, aggregate),
    signers,
    signersBitset: bitset,
    aggregateSignature: aggregate,
  };
}

function quorumFailureMessage(report: AggregationReport): string {
  const missing = report.requiredWeight - report.signedWeight;
  const groups = new Map<string, { count: number; weight: bigint }>();
  for (const v of report.validators) {
    if (v.outcome === 'signed' || v.outcome === 'cached') continue;
    const group = groups.get(v.outcome) ?? { count: 0, weight: 0n };
    group.count++;
    group.weight += v.weight;
    groups.set(v.outcome, group);
  }
  const parts = [...groups].map(([outcome, g]) => `${outcome} ${g.count} (weight ${g.weight})`);
  if (report.keylessWeight > 0n) parts.push(`without a BLS key (weight ${report.keylessWeight})`);
  return (
    `quorum not reached: signed weight ${report.signedWeight} of ${report.totalWeight}, needed ` +
    `${report.requiredWeight} (${report.quorumPercentage}%), missing ${missing}; did not sign: ${parts.join(', ')}`
  );
}

interface ValidatorState {
  diagnostics: ValidatorDiagnostics;
  inFlight: number;
  /** Nodes not yet refused for good (an invalid signature rules a node out for this request). */
  liveNodes: number;
  lastFailure: ValidatorOutcome | undefined;
  /** Aborts the validator's outstanding asks once one of its nodes signed. */
  stop: AbortController;
}

interface NodeTask {
  validator: number;
  nodeId: string;
  failures: number;
}

type AskOutcome =
  | { kind: 'reply'; signature: Uint8Array }
  | { kind: 'failed'; outcome: 'app-error' | 'timed-out' | 'unreachable'; error: string; code?: number }
  | { kind: 'cancelled' };

/**
 * Collects signatures for `request.message` from `request.validators` through `deps.ask`; resolves with the signed
 * message once quorum (+ buffer) is signed, rejects with QuorumNotReachedError (or DomainError for a bad request).
 */
export async function aggregateSignatures(
  request: AggregationRequest,
  deps: AggregatorDeps,
): Promise<AggregationResult> {
  const plan = planAggregation(request);
  const signatures = new Map<number, VerifiedSignature>();
  let signedWeight = 0n;
  const states: ValidatorState[] = plan.set.validators.map((v, index) => ({
    diagnostics: {
      index,
      publicKey: v.publicKey,
      nodeIds: v.nodeIds,
      weight: v.weight,
      outcome: 'not-asked',
      asked: 0,
      answered: 0,
      invalid: 0,
      notSignedYet: 0,
      timedOut: 0,
      unreachable: 0,
      appErrors: 0,
    },
    inFlight: 0,
    liveNodes: v.nodeIds.length,
    lastFailure: undefined,
    stop: new AbortController(),
  }));
  const sign = (index: number, signature: VerifiedSignature, outcome: 'signed' | 'cached') => {
    signatures.set(index, signature);
    signedWeight += plan.set.validators[index]!.weight;
    states[index]!.diagnostics.outcome = outcome;
    states[index]!.stop.abort();
  };

  const cached = deps.cache?.signatures(plan.messageId);
  if (cached && cached.size > 0) {
    plan.set.validators.forEach((v, i) => {
      const signature = cached.get(Buffer.from(v.publicKey).toString('hex'));
      if (signature) sign(i, signature, 'cached');
    });
  }

  const stoppedBy = await collect(plan, states, signatures, {
    signedWeight: () => signedWeight,
    sign: (index, signature) => {
      sign(index, signature, 'signed');
      deps.cache?.add(plan.messageId, plan.set.validators[index]!.publicKey, signature);
    },
    deps,
    budget: request.budget,
  });

  for (const state of states) {
    const d = state.diagnostics;
    if (d.outcome === 'signed' || d.outcome === 'cached') continue;
    if (state.inFlight > 0) {
      // Cut short: by the budget it did not answer in time; otherwise the request no longer needed it.
      if (stoppedBy === 'budget') d.timedOut += state.inFlight;
      d.outcome = stoppedBy === 'budget' ? 'timed-out' : 'cancelled';
    } else if (state.lastFailure) d.outcome = state.lastFailure;
  }
  const report: AggregationReport = {
    messageId: plan.messageId,
    quorumPercentage: plan.quorumPercentage,
    quorumPercentageBuffer: plan.quorumPercentageBuffer,
    signedWeight,
    totalWeight: plan.set.totalWeight,
    requiredWeight: plan.requiredWeight,
    targetWeight: plan.targetWeight,
    keylessWeight: plan.keylessWeight,
    stoppedBy,
    validators: states.map((s) => s.diagnostics),
  };
  if (signatures.size === 0 || signedWeight < plan.requiredWeight) throw new QuorumNotReachedError(report);
  return { ...report, ...assembleSignedMessage(plan.message, signatures) };
}

interface Collector {
  signedWeight(): bigint;
  sign(index: number, signature: VerifiedSignature): void;
  deps: AggregatorDeps;
  budget: AbortSignal | Date;
}

/**
 * The budget as a signal, and what to release once done. A deadline gets a timer of its own rather than
 * AbortSignal.timeout, whose timer does not keep the process alive while every ask hangs.
 */
function budgetSignal(budget: AbortSignal | Date): { signal: AbortSignal; release: () => void } {
  if (!(budget instanceof Date)) return { signal: budget, release: () => undefined };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), Math.max(0, budget.getTime() - Date.now()));
  return { signal: deadline.signal, release: () => clearTimeout(timer) };
}

/** Asks until one of the stop conditions (see the top of the file); resolves with the one that held. */
function collect(
  plan: AggregationPlan,
  states: ValidatorState[],
  signatures: ReadonlyMap<number, VerifiedSignature>,
  collector: Collector,
): Promise<StopReason> {
  const { deps } = collector;
  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...deps.retry };
  const maxInFlight = deps.maxInFlight ?? 256;
  const random = deps.random ?? Math.random;
  const { signal: budget, release } = budgetSignal(collector.budget);
  const { totalWeight } = plan.set;
  const quorum = BigInt(plan.quorumPercentage);
  const target = BigInt(plan.quorumPercentage + plan.quorumPercentageBuffer);

  return new Promise<StopReason>((resolve) => {
    const finished = new AbortController();
    const signal = AbortSignal.any([budget, finished.signal]);
    /** Nodes to ask now, heaviest validator first. */
    const ready: NodeTask[] = [];
    const retryTimers = new Set<NodeJS.Timeout>();
    /** Replies waiting for verification, checked together (verifySignatures) once the replies of this turn are in. */
    let unverified: { task: NodeTask; signature: Uint8Array }[] = [];
    let verification: NodeJS.Immediate | undefined;
    let inFlight = 0;
    let done = false;
    const rankOf: number[] = [];
    plan.order.forEach((validator, rank) => (rankOf[validator] = rank));

    const finish = (reason: StopReason) => {
      if (done) return;
      done = true;
      finished.abort();
      for (const timer of retryTimers) clearTimeout(timer);
      if (verification) clearImmediate(verification);
      budget.removeEventListener('abort', onBudget);
      release();
      resolve(reason);
    };
    const onBudget = () => {
      // Replies already in are worth their verification: they may make the quorum.
      verifyReplies();
      finish('budget');
    };

    const open = (i: number) => !signatures.has(i) && states[i]!.liveNodes > 0;
    const evaluate = () => {
      if (done) return;
      const signed = collector.signedWeight();
      if (hasQuorum(signed, totalWeight, target, PERCENT)) return finish('target');
      let reachable = signed;
      for (let i = 0; i < states.length; i++) if (open(i)) reachable += plan.set.validators[i]!.weight;
      if (!hasQuorum(reachable, totalWeight, quorum, PERCENT)) return finish('unreachable-quorum');
      if (inFlight === 0 && ready.length === 0 && unverified.length === 0) {
        if (hasQuorum(signed, totalWeight, quorum, PERCENT)) return finish('settled');
        if (retryTimers.size === 0) return finish('exhausted');
      }
    };

    const enqueue = (task: NodeTask) => {
      // Keep `ready` ordered by the validator's place in plan.order (a retry goes back in its weight's place).
      const rank = rankOf[task.validator]!;
      let at = ready.length;
      while (at > 0 && rankOf[ready[at - 1]!.validator]! > rank) at--;
      ready.splice(at, 0, task);
    };

    const fail = (task: NodeTask, outcome: ValidatorOutcome, error: string) => {
      const state = states[task.validator]!;
      state.lastFailure = outcome;
      state.diagnostics.error = error;
      if (outcome === 'invalid') {
        state.liveNodes--;
        return;
      }
      task.failures++;
      const timer = setTimeout(
        () => {
          retryTimers.delete(timer);
          if (!signatures.has(task.validator)) enqueue(task);
          pump();
        },
        retryDelayMs(task.failures, retry, random),
      );
      retryTimers.add(timer);
    };

    const settle = (task: NodeTask, outcome: AskOutcome) => {
      const state = states[task.validator]!;
      const d = state.diagnostics;
      if (outcome.kind === 'cancelled') return;
      if (outcome.kind === 'failed') {
        if (outcome.outcome === 'app-error') {
          d.appErrors++;
          d.appError = { code: outcome.code ?? 0, message: outcome.error };
        } else if (outcome.outcome === 'timed-out') d.timedOut++;
        else d.unreachable++;
        if (!signatures.has(task.validator)) fail(task, outcome.outcome, outcome.error);
        return;
      }
      d.answered++;
      if (signatures.has(task.validator)) return; // another node of the same key answered first
      if (isUnsignedReply(outcome.signature)) {
        d.notSignedYet++;
        fail(task, 'not-signed-yet', 'the validator has not signed the message yet');
        return;
      }
      unverified.push({ task, signature: outcome.signature });
      verification ??= setImmediate(() => {
        verification = undefined;
        verifyReplies();
        pump();
      });
    };

    const verifyReplies = () => {
      const batch = unverified.filter((r) => !signatures.has(r.task.validator));
      unverified = [];
      if (batch.length === 0) return;
      const verified = verifySignatures(
        plan.message,
        batch.map((r) => ({
          publicKey: plan.set.validators[r.task.validator]!.publicKey,
          signature: r.signature,
        })),
      );
      batch.forEach((reply, i) => {
        if (signatures.has(reply.task.validator)) return; // two nodes of one key in the same batch
        const signature = verified[i];
        if (signature) collector.sign(reply.task.validator, signature);
        else {
          states[reply.task.validator]!.diagnostics.invalid++;
          fail(reply.task, 'invalid', `node ${reply.task.nodeId} returned a signature that does not verify`);
        }
      });
    };

    const start = (task: NodeTask) => {
      const state = states[task.validator]!;
      inFlight++;
      state.inFlight++;
      state.diagnostics.asked++;
      const signals = [signal, state.stop.signal];
      if (deps.attemptTimeoutMs !== undefined) signals.push(AbortSignal.timeout(deps.attemptTimeoutMs));
      void askOnce(deps.ask, task.nodeId, plan.request, AbortSignal.any(signals), state.stop.signal).then(
        (outcome) => {
          if (done) return;
          inFlight--;
          state.inFlight--;
          settle(task, outcome);
          pump();
        },
      );
    };

    const pump = () => {
      evaluate();
      while (!done && inFlight < maxInFlight && ready.length > 0) {
        const task = ready.shift()!;
        if (!signatures.has(task.validator)) start(task);
      }
      evaluate();
    };

    if (budget.aborted) return finish('budget');
    budget.addEventListener('abort', onBudget, { once: true });
    for (const validator of plan.order) {
      if (signatures.has(validator)) continue;
      for (const nodeId of plan.set.validators[validator]!.nodeIds)
        ready.push({ validator, nodeId, failures: 0 });
    }
    pump();
  });
}

/** One ask, raced against its signal so that nothing waits past it even if `ask` ignores the signal. */
function askOnce(
  ask: AggregatorDeps['ask'],
  nodeId: string,
  request: SignatureRequest,
  signal: AbortSignal,
  validatorSigned: AbortSignal,
): Promise<AskOutcome> {
  return new Promise<AskOutcome>((resolve) => {
    const onAbort = () =>
      resolve(
        validatorSigned.aborted
          ? { kind: 'cancelled' }
          : { kind: 'failed', outcome: 'timed-out', error: `node ${nodeId} did not answer in time` },
      );
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    let reply: Promise<Uint8Array>;
    try {
      reply = ask(nodeId, request, signal);
    } catch (error) {
      reply = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    // Once the signal resolved the outcome, a late reply or rejection changes nothing.
    reply
      .then(
        (signature) => resolve({ kind: 'reply', signature }),
        (error: unknown) => resolve(failure(nodeId, error)),
      )
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function failure(nodeId: string, error: unknown): AskOutcome {
  if (error instanceof AskError) {
    const outcome = error.kind === 'timeout' ? 'timed-out' : error.kind;
    return {
      kind: 'failed',
      outcome,
      error: error.message,
      ...(error.code !== undefined && { code: error.code }),
    };
  }
  // Anything else from the transport: the node could not be asked.
  return {
    kind: 'failed',
    outcome: 'unreachable',
    error: `node ${nodeId}: ${error instanceof Error ? error.message : String(error)}`,
  };
}
