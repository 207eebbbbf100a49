/**
 * A first round answered in steps inside the codec's worker (the worker's side of
 * first-round-session.ts): `first-open`, then `first-time`, then `first-finish`, so the host can
 * keep every other worker off the CPU while this one times, and run the steps that are not
 * timed beside another codec's.
 */
import type { CodecRunSteps, StageReporter } from './codec-run-core';
import { openCodecRun } from './open-codec-run';
import { nodeCodecRuntime } from './codec-run-node';
import type { FirstRoundOpened } from '../shared/worker-protocol';
import type { CodecJob } from '../shared/codec-job';

/** The codec this worker has open for its first round. */
let run: CodecRunSteps | undefined;

export async function openFirstRound(job: CodecJob, enter: StageReporter, collectGarbage: (() => void) | undefined): Promise<FirstRoundOpened> {
  run = await openCodecRun(nodeCodecRuntime(collectGarbage), job, enter);
  return run.ready ? { ready: true } : { ready: false, report: run.report };
}

export async function timeFirstRound({ jsonBytes }: { jsonBytes: number }): Promise<FirstRoundOpened> {
  const opened = current();
  await opened.time(jsonBytes);
  return opened.ready ? { ready: true } : { ready: false, report: opened.report };
}

export function finishFirstRound(): ReturnType<CodecRunSteps['finish']> {
  return current().finish();
}

function current(): CodecRunSteps {
  if (!run) throw new Error('no codec is open for a first round in this worker');
  return run;
}
