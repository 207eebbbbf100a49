/** A first round's run of a job: a document's (CodecRun) or a stream's (MessagesRun), by what the job asks. */
import { CodecRun, type CodecRunRuntime, type CodecRunSteps, type StageReporter } from './codec-run-core';
import { MessagesRun } from './messages/messages-run';
import type { CodecJob } from '../shared/codec-job';

export function openCodecRun(runtime: CodecRunRuntime, job: CodecJob, enter: StageReporter): Promise<CodecRunSteps> {
  const { messages } = job;
  return messages ? MessagesRun.open(runtime, { ...job, messages }, enter) : CodecRun.open(runtime, job, enter);
}
