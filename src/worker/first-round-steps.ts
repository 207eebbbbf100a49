/**
 * A first round answered in steps inside the codec's worker (the worker's side of
 * first-round-session.ts): `first-open`, then `first-time`, then `first-finish`, so the host can
 * keep every other worker off the CPU while this one times, and run the steps that are not
 * timed beside another codec's. One object per worker's conversation (codec-handlers.ts), for
 * whichever runtime hosts the worker.
 */
import type { CodecRunRuntime, CodecRunSteps, StageReporter } from './codec-run-core';
import { openCodecRun } from './open-codec-run';
import type { FirstRoundOpened } from '../shared/worker-protocol';
import type { CodecJob } from '../shared/codec-job';

export class FirstRoundSteps {
  /** The codec open for its first round. */
  private run: CodecRunSteps | undefined;

  constructor(private readonly runtime: () => CodecRunRuntime) {}

  async open(job: CodecJob, enter: StageReporter): Promise<FirstRoundOpened> {
    const run = await openCodecRun(this.runtime(), job, enter);
    this.run = run;
    return run.ready ? { ready: true } : { ready: false, report: run.report };
  }

  async time({ jsonBytes }: { jsonBytes: number }): Promise<FirstRoundOpened> {
    const run = this.current();
    await run.time(jsonBytes);
    return run.ready ? { ready: true } : { ready: false, report: run.report };
  }

  finish(): ReturnType<CodecRunSteps['finish']> {
    return this.current().finish();
  }

  private current(): CodecRunSteps {
    if (!this.run) throw new Error('no codec is open for a first round in this worker');
    return this.run;
  }
}
