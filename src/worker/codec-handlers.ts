/**
 * A codec job's requests, answered the same way wherever the job runs: in a worker thread
 * (entries/codec-worker.ts) or in the sandboxed child process of a codec that runs generated
 * code (entries/codec-process.ts). One map, so both run the same code and time the same way.
 */
import type { Handlers } from '../shared/channel';
import type { CodecWorkerMethods, WorkerMethods } from '../shared/worker-protocol';
import type { DecodedOutputJob } from '../shared/inspector';
import type { WorkStage } from '../shared/results';
import { runCodecJob, describeError } from './codec-run-node';
import { exposeGarbageCollector } from './expose-gc';
import { openForSlices, warmForSlices, timeSlice, timeCompressionOfOpen } from './timing-slices';
import { finishFirstRound, openFirstRound, timeFirstRound } from './first-round-steps';
import { Inspection, InspectionError } from '../inspect/inspection';

export function codecHandlers(emitStage: (stage: WorkStage) => void): Handlers<CodecWorkerMethods> {
  /** The decoded output this process holds once `open-decoded-output` answered. */
  let inspection: Inspection | undefined;
  const opened = (): Inspection => {
    if (!inspection) throw new Error('the decoded output is not open in this worker');
    return inspection;
  };
  const openDecodedOutput = async (job: DecodedOutputJob): Promise<WorkerMethods['open-decoded-output']['result']> => {
    try {
      inspection = await Inspection.open(job, emitStage);
      return inspection.opened();
    } catch (error) {
      // The stage that failed travels as the error's code.
      throw Object.assign(new Error(describeError(error)), { code: error instanceof InspectionError ? error.stage : 'crash' });
    }
  };
  return {
    'measure-codec': (job) => runCodecJob(job, emitStage, exposeGarbageCollector()),
    'first-open': (job) => openFirstRound(job, emitStage, exposeGarbageCollector()),
    'first-time': timeFirstRound,
    'first-finish': finishFirstRound,
    'open-for-slices': (job) => openForSlices(job, emitStage, exposeGarbageCollector()),
    'warm-for-slices': () => warmForSlices(emitStage),
    'time-slice': timeSlice,
    'time-compression': timeCompressionOfOpen,
    'open-decoded-output': openDecodedOutput,
    'inspector-children': ({ steps, offset, limit }) => opened().children(steps, offset, limit),
    'inspector-finding': ({ filter, from, direction }) => opened().finding(filter, from, direction),
    'inspector-bytes': ({ offset, length }) => opened().bytes(offset, length),
    'inspector-copy-text': ({ encoding, range }) => opened().copy(encoding, range),
  };
}
