/**
 * A codec job's requests, answered the same way wherever the job runs: in a worker thread
 * (entries/codec-worker.ts) or in the sandboxed child process of a codec that runs generated
 * code (entries/codec-process.ts). One map, so both run the same code and time the same way.
 */
import type { Handlers } from '../shared/channel';
import type { CodecWorkerMethods, WorkerMethods } from '../shared/worker-protocol';
import type { DecodedOutputJob } from '../shared/inspector';
import type { WorkStage } from '../shared/results';
import { runCodecJob, describeError, nodeCodecRuntime } from './codec-run-node';
import { exposeGarbageCollector } from './expose-gc';
import { SliceTimer } from './timing-slices';
import { openStreamForSlices } from './timing-slices-node';
import { FirstRoundSteps } from './first-round-steps';
import { Inspection, InspectionError } from '../inspect/inspection';

export function codecHandlers(emitStage: (stage: WorkStage) => void): Handlers<CodecWorkerMethods> {
  const runtime = () => nodeCodecRuntime(exposeGarbageCollector());
  const firstRound = new FirstRoundSteps(runtime);
  /** The codec this worker has open for a later round's slices, once `open-for-slices` answered. */
  let slices: SliceTimer | undefined;
  const sliced = (): SliceTimer => {
    if (!slices) throw new Error('no codec is open for timing in this worker');
    return slices;
  };
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
    'first-open': (job) => firstRound.open(job, emitStage),
    'first-time': (params) => firstRound.time(params),
    'first-finish': () => firstRound.finish(),
    'open-for-slices': (job) => {
      slices = new SliceTimer(runtime(), openStreamForSlices);
      return slices.open(job, emitStage);
    },
    'warm-for-slices': () => sliced().warmUp(emitStage),
    'time-slice': (request) => sliced().slice(request),
    'time-compression': (windows) => sliced().compression(windows),
    'open-decoded-output': openDecodedOutput,
    'inspector-children': ({ steps, offset, limit }) => opened().children(steps, offset, limit),
    'inspector-finding': ({ filter, from, direction }) => opened().finding(filter, from, direction),
    'inspector-bytes': ({ offset, length }) => opened().bytes(offset, length),
    'inspector-copy-text': ({ encoding, range }) => opened().copy(encoding, range),
  };
}
