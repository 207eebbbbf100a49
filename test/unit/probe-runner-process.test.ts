/**
 * The probe runner in a process of its own (what the extension host uses): the same results as
 * `runProbes` in this process, streamed in order, and a cancel that leaves no process behind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancelledError } from '../../src/shared/cancelled';
import { runProbesInProcess } from '../../src/probes/probe-runner-client';
import { runProbes } from '../../src/probes/run-probes';
import type { ProbeId, ProbeResult, ProbePlan } from '../../src/shared/probes';
import { repoRoot } from '../support/paths';

const childScript = path.join(repoRoot, 'dist', 'probe-process.js');
const subset = {
  codecs: ['json', 'msgpackr', 'bson'],
  probes: ['proto-key', 'negative-zero', 'truncated-bytes'] as ProbeId[],
  timeoutMs: 8_000,
  memoryLimitMb: 128,
};

/** Pids of processes running this script (a private copy, so no other test's processes count). */
function processesOf(script: string): number[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(script))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

test('the runner process reports what runProbes in this process reports, plan first, each result streamed', async () => {
  const events: Array<'plan' | ProbeResult> = [];
  let plan: ProbePlan | undefined;
  const [remote, local] = await Promise.all([
    runProbesInProcess({
      ...subset,
      childScript,
      onStart: (p) => {
        plan = p;
        events.push('plan');
      },
      onResult: (r) => events.push(r),
    }),
    runProbes({ ...subset, childScript }),
  ]);
  const outcomes = (results: ProbeResult[]) => results.map((r) => [r.codec, r.probe, r.outcome, r.detail]);
  assert.deepEqual(outcomes(remote.results), outcomes(local.results));
  assert.deepEqual(remote.probes, local.probes);
  assert.deepEqual(remote.limits, local.limits);
  assert.equal(events[0], 'plan');
  assert.deepEqual(
    plan?.probes.map((p) => p.id),
    subset.probes,
  );
  assert.deepEqual(
    plan?.codecs.map((c) => c.codec),
    subset.codecs,
  );
  const streamed = events.slice(1) as ProbeResult[];
  assert.equal(streamed.length, remote.results.length);
  assert.deepEqual(
    new Set(streamed.map((r) => `${r.codec} ${r.probe} ${r.outcome}`)),
    new Set(remote.results.map((r) => `${r.codec} ${r.probe} ${r.outcome}`)),
  );
});

test('cancelling rejects with CancelledError once the runner and its probe processes have exited', async () => {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-runner-')), 'probe-process.js');
  fs.copyFileSync(childScript, script);
  const controller = new AbortController();
  // Cancelled as the first result arrives: avsc's crafted block counts are still being probed.
  const run = runProbesInProcess({
    childScript: script,
    codecs: ['json', 'avsc'],
    probes: ['crafted-lengths'],
    signal: controller.signal,
    onResult: () => controller.abort(),
  });
  await assert.rejects(run, CancelledError);
  // The run settles only after the processes ended: none is left to count, at once.
  assert.deepEqual(processesOf(script), []);
});

test('a missing probe script is an error that says what to do', async () => {
  await assert.rejects(runProbesInProcess({ childScript: path.join(os.tmpdir(), 'no-such-probe-child.js') }), /is missing: build the bundles first/);
});
