/**
 * The payload-limit search: the bisection itself (over a trial whose thresholds are known), and
 * real limit processes with a small heap: bson stopped by its 16 MiB document cap, JSON by the
 * heap (its process dies, and that is a result), and a comparison still runs afterwards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { heldSoFar, searchLimit, type TrialOutcome } from '../../src/payload-limits/limit-search';
import type { LimitProgress } from '../../src/shared/sweep-events';
import { findLimits } from '../../src/payload-limits/run-limits';
import { FAST, repoRoot, tuplesSample } from '../support/paths';

const MiB = 2 ** 20;
const childScript = path.join(repoRoot, 'dist', 'limit-process.js');

/** A codec that encodes up to `encodeMax` bytes and decodes up to `decodeMax`. */
function thresholdTrial(encodeMax: number, decodeMax: number, tried: number[]) {
  return async (target: number): Promise<TrialOutcome> => {
    tried.push(target);
    const encoded = target <= encodeMax;
    const decoded = encoded && target <= decodeMax;
    return {
      jsonBytes: target,
      encoded,
      decoded,
      ...(decoded ? {} : { failure: { kind: 'out-of-memory', stage: encoded ? 'decode' : 'encode', message: 'heap' } }),
    };
  };
}

const SEARCH = { startJsonBytes: MiB, capJsonBytes: 512 * MiB, precision: 0.1, minJsonBytes: 1024 };

test('doubling then bisecting finds the encode and decode limits separately, each within 10%', async () => {
  const tried: number[] = [];
  const result = await searchLimit(thresholdTrial(300 * MiB, 150 * MiB, tried), SEARCH);
  assert.ok(result.encodeMaxJsonBytes! <= 300 * MiB && result.encodeMaxJsonBytes! >= (300 * MiB) / 1.1, `encode ${result.encodeMaxJsonBytes! / MiB}`);
  assert.ok(result.decodeMaxJsonBytes! <= 150 * MiB && result.decodeMaxJsonBytes! >= (150 * MiB) / 1.1, `decode ${result.decodeMaxJsonBytes! / MiB}`);
  assert.equal(result.failure?.stage, 'decode', 'decode failed first');
  assert.ok(result.failure!.atJsonBytes > 150 * MiB);
  assert.equal(result.capped, false);
  assert.equal(result.trials, new Set(tried).size, 'no size is tried twice');
  assert.deepEqual(
    tried.slice(0, 4),
    [1, 2, 4, 8].map((mib) => mib * MiB),
    'it doubles from the start',
  );
});

test('a codec that holds at the cap is "≥ cap"; one failing below the start is chased down', async () => {
  const capped = await searchLimit(thresholdTrial(Infinity, Infinity, []), SEARCH);
  assert.equal(capped.capped, true);
  assert.equal(capped.encodeMaxJsonBytes, 512 * MiB);
  assert.equal(capped.failure, null);
  const tiny = await searchLimit(thresholdTrial(200 * 1024, 200 * 1024, []), SEARCH);
  assert.ok(tiny.decodeMaxJsonBytes! <= 200 * 1024 && tiny.decodeMaxJsonBytes! >= (200 * 1024) / 1.1);
});

test('what held so far is the largest size below the smallest that failed: a size that worked above a failure does not count', () => {
  const outcome = (encoded: boolean, decoded: boolean): TrialOutcome => ({ encoded, decoded });
  assert.deepEqual(heldSoFar(new Map()), { encodedJsonBytes: null, decodedJsonBytes: null });
  const tried = new Map([
    [MiB, outcome(true, true)],
    [2 * MiB, outcome(true, true)],
    [4 * MiB, outcome(true, false)],
    [8 * MiB, outcome(false, false)],
  ]);
  assert.deepEqual(heldSoFar(tried), { encodedJsonBytes: 4 * MiB, decodedJsonBytes: 2 * MiB });
  tried.set(3 * MiB, outcome(false, false));
  assert.deepEqual(heldSoFar(tried), { encodedJsonBytes: 2 * MiB, decodedJsonBytes: 2 * MiB }, '4 MiB encoded, but above the failure at 3 MiB');
});

test('bson stops at its 16 MiB document cap: a library limit between 12 and 24 MiB of JSON', async () => {
  const trials: string[] = [];
  const progress: LimitProgress[] = [];
  const run = await findLimits(
    { path: tuplesSample },
    {
      childScript,
      codecs: ['bson'],
      heapMb: 256,
      capJsonBytes: 24 * MiB,
      startJsonBytes: 4 * MiB,
      onTrial: (codec, target, outcome) => trials.push(`${codec}@${target}:${outcome.decoded}`),
      onProgress: (step) => progress.push(step),
    },
  );
  const [bson] = run.limits;
  assert.equal(bson?.failure?.kind, 'library-limit', bson?.failure?.message);
  assert.match(bson!.failure!.message, /16 MiB/);
  assert.ok(bson!.decodeMaxJsonBytes! >= 12 * MiB && bson!.decodeMaxJsonBytes! <= 24 * MiB, `${bson!.decodeMaxJsonBytes! / MiB} MiB`);
  assert.equal(bson!.capped, false);
  assert.equal(bson!.trials, trials.length);
  // Each size told as it starts (its step and size) and as it ends (what held so far).
  const starts = progress.filter((step) => step.tryingJsonBytes !== null);
  assert.deepEqual(
    starts.map((step) => step.step),
    trials.map((_, index) => index + 1),
  );
  assert.equal(starts[0]!.tryingJsonBytes, 4 * MiB);
  assert.deepEqual(progress.at(-1), {
    type: 'limit',
    codec: 'bson',
    step: trials.length,
    tryingJsonBytes: null,
    encodedJsonBytes: bson!.encodeMaxJsonBytes,
    decodedJsonBytes: bson!.decodeMaxJsonBytes,
  });
  assert.equal(run.settings.heapMb, 256);
  assert.ok(
    run.settings.observedHeapLimitMb! >= 256 && run.settings.observedHeapLimitMb! < 400,
    `the processes had the heap asked for: ${run.settings.observedHeapLimitMb}`,
  );
});

test('a process that runs out of heap is a result (two codecs at once); the caller carries on and can still compare', async () => {
  // Two codecs searched at once: each its own processes, the limits in the codecs' order.
  const run = await findLimits(
    { path: tuplesSample },
    // A small heap meets its limit soonest: 32 MB takes half the time 64 MB did.
    { childScript, codecs: ['json', 'msgpackr'], heapMb: 32, capJsonBytes: 32 * MiB, startJsonBytes: 4 * MiB, parallel: 2 },
  );
  assert.deepEqual(
    run.limits.map((limit) => limit.codec),
    ['json', 'msgpackr'],
  );
  for (const limit of run.limits) {
    assert.equal(limit.failure?.kind, 'out-of-memory', `${limit.codec}: ${limit.failure?.message}`);
    assert.match(limit.failure!.message, /heap limit \d+ MB/);
    assert.ok(limit.encodeMaxJsonBytes !== null && limit.encodeMaxJsonBytes < 32 * MiB);
    assert.ok(limit.decodeMaxJsonBytes === null || limit.decodeMaxJsonBytes <= limit.encodeMaxJsonBytes);
  }
  const after = await compareSample({ path: tuplesSample }, { ...FAST, codecs: ['json', 'msgpackr'] });
  assert.ok(after.results.every((row) => row.status === 'completed'));
});
