/**
 * Finds each codec's payload limits: the largest JSON size it encodes, and encodes and decodes,
 * grown by doubling and bisected (limit-search.ts). Every size is tried in a process of its own
 * (dist/limit-child.js, forked like the probe processes) with the heap limit the user chose, or
 * Node's default as the published benchmark ran: a process that runs out of heap, aborts or
 * hangs is a result, never the caller's crash. Rejects only on cancellation or a missing script.
 *
 * Each size repeats the sample's records (fresh objects parsed from their text), where the sweep
 * grows with fresh records: a limit is where encode or decode runs out of heap, buffer or string
 * length, which the payload's bytes and objects decide, and repeats have as many of both as
 * generated records (nothing here is compressed). Generating would cost the search time and heap
 * it does not need: 128 MiB of the bundled events took 16.0 s fresh against 9.5 s repeated, and
 * held 212 MB of heap against 188 MB (`npm run bench:growth`, shared machine), in the very process
 * whose heap limit is being found.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { builtinCodecs, findBuiltinCodec } from '../codecs/registry';
import { CancelledError } from '../shared/cancelled';
import { superviseChild } from '../processes/supervise-child';
import { SampleInputError, sampleKindOf } from '../input/read-sample';
import { ChannelError } from '../shared/channel';
import type { CodecLimit, LimitSettings } from '../shared/sweep';
import { deathFailure, timeoutMessage } from './limit-failures';
import {
  LIMIT_CHILD_DISCONNECTED_CODE,
  LIMIT_CHILD_FLAG,
  type LimitChildEvents,
  type LimitChildMethods,
  type LimitStage,
  type TryJob,
  type TryResult,
} from '../shared/limit-process-protocol';
import { heldSoFar, searchLimit, type TrialOutcome } from './limit-search';
import type { LimitProgress } from '../shared/sweep-events';
import { residentMb } from './process-memory';
import { SizeTimeouts } from './size-timeout';
import type { SampleKind } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import { inParallel } from '../shared/in-parallel';

const MB = 1024 * 1024;
export const DEFAULT_LIMIT_CAP_BYTES = 512 * MB;
export const DEFAULT_LIMIT_START_BYTES = 1 * MB;
export const DEFAULT_LIMIT_TIMEOUT_MS = 300_000;
export const LIMIT_PRECISION = 0.1;
/**
 * Codecs searched at once by default: one. On the loaded 2-core machine two at a time made each
 * large size 2–3× slower, and sizes that held alone timed out (README, "Size sweep and payload
 * limits"): a limit found under contention is the machine's, not the library's.
 */
export const DEFAULT_LIMIT_PARALLEL = 1;
const STDERR_TAIL_BYTES = 8_192;

export interface LimitOptions {
  /** Built-in codec ids; default: all. */
  codecs?: readonly string[];
  /** Heap limit of each limit process, MB; absent: Node's default. */
  heapMb?: number;
  capJsonBytes?: number;
  startJsonBytes?: number;
  /**
   * The most a size may take; the process is killed past it. Each size gets less where the
   * sizes before it predict less (size-timeout.ts).
   */
  timeoutMs?: number;
  /**
   * Codecs searched at the same time (each one process at a time), at most; fewer where free
   * memory cannot hold that many processes at their heap limit twice over (lanesFor). Default
   * DEFAULT_LIMIT_PARALLEL.
   */
  parallel?: number;
  signal?: AbortSignal;
  /** The bundled limit script; defaults to `limit-child.js` beside the running bundle. */
  childScript?: string;
  onTrial?: (codec: string, targetJsonBytes: number, outcome: TrialOutcome) => void;
  /** Where a codec's search is: told as each size starts and as it ends. */
  onProgress?: (progress: LimitProgress) => void;
  onLimit?: (limit: CodecLimit) => void;
}

export interface LimitRun {
  limits: CodecLimit[];
  settings: LimitSettings;
}

export async function findLimits(sample: { path: string; bytes?: Uint8Array; kind?: SampleKind }, options: LimitOptions = {}): Promise<LimitRun> {
  const script = options.childScript ?? bundlePath('limit-process');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: build the bundles first (npm run build)`);
  // Rows of generated code are left out by default: the limit processes generate no code, and
  // those rows hold protobufjs's copy of the sample beside their own (their input is read from
  // its bytes), which would understate their limit.
  const ids = options.codecs ?? builtinCodecs.filter((codec) => !codec.tools).map((codec) => codec.id);
  const unknown = ids.filter((id) => !findBuiltinCodec(id));
  if (unknown.length > 0) throw new Error(`unknown codec${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const capJsonBytes = options.capJsonBytes ?? DEFAULT_LIMIT_CAP_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIMIT_TIMEOUT_MS;
  const sampleBytes = { path: sample.path, kind: sample.kind ?? sampleKindOf(sample.path), ...(sample.bytes ? { bytes: sample.bytes } : {}) };
  let observedHeapLimitMb: number | null = null;

  const searchCodec = async (id: string): Promise<CodecLimit> => {
    const timeouts = new SizeTimeouts(timeoutMs);
    // The schema the first try inferred from the unscaled sample, handed to the later ones.
    let inferred: unknown;
    const outcomes = new Map<number, TrialOutcome>();
    const progress = (tryingJsonBytes: number | null) =>
      options.onProgress?.({ type: 'limit', codec: id, step: outcomes.size + (tryingJsonBytes === null ? 0 : 1), tryingJsonBytes, ...heldSoFar(outcomes) });
    const trial = async (targetJsonBytes: number): Promise<TrialOutcome> => {
      progress(targetJsonBytes);
      const job: TryJob = { codec: { builtin: id }, sample: sampleBytes, targetJsonBytes, ...(inferred === undefined ? {} : { inferred }) };
      const attempt = () => {
        if (options.signal?.aborted) throw new CancelledError('cancelled');
        return trySizeInProcess(script, job, options.heapMb, timeouts.timeoutFor(targetJsonBytes), options.signal, (heapLimitMb) => {
          observedHeapLimitMb = heapLimitMb;
        });
      };
      let tried = await attempt();
      // A channel that closed under a live process is no answer for the size: once more.
      if (tried.disconnected) tried = await attempt();
      const { inferred: found, ...outcome } = tried.outcome;
      inferred ??= found;
      if (tried.answered) timeouts.record({ jsonBytes: outcome.jsonBytes ?? targetJsonBytes, ms: tried.ms });
      // A sample that cannot be read or scaled fails the same at every size: say so once.
      if (outcome.failure?.stage === 'build' && outcome.failure.kind === 'error') throw new SampleInputError(outcome.failure.message, sample.path);
      outcomes.set(targetJsonBytes, outcome);
      options.onTrial?.(id, targetJsonBytes, outcome);
      progress(null);
      return outcome;
    };
    const found = await searchLimit(trial, {
      startJsonBytes: Math.min(options.startJsonBytes ?? DEFAULT_LIMIT_START_BYTES, capJsonBytes),
      capJsonBytes,
      precision: LIMIT_PRECISION,
      minJsonBytes: 1024,
    });
    const limit: CodecLimit = { codec: id, label: findBuiltinCodec(id)!.label, ...found };
    options.onLimit?.(limit);
    return limit;
  };
  const limits = await inParallel(ids, lanesFor(options.parallel ?? DEFAULT_LIMIT_PARALLEL, options.heapMb, os.freemem() / MB), searchCodec);
  return { limits, settings: { heapMb: options.heapMb ?? null, observedHeapLimitMb, capJsonBytes, timeoutMs, growth: 'repeat' } };
}

/** Node's default heap on a 64-bit machine with memory to spare (V8 reports about 4,144 MB). */
const DEFAULT_HEAP_ESTIMATE_MB = 4_200;

/**
 * How many limit processes may run at once: at most `parallel`, and only as many as free memory
 * holds at twice their heap limit each (a process near its limit also holds buffers and strings
 * outside the heap); always at least one.
 */
export function lanesFor(parallel: number, heapMb: number | undefined, freeMb: number): number {
  const perProcessMb = 2 * (heapMb ?? DEFAULT_HEAP_ESTIMATE_MB);
  return Math.max(1, Math.min(Math.floor(parallel), Math.floor(freeMb / perProcessMb)));
}

interface SizeTried {
  outcome: TryResult;
  /** The process answered (passed, or an error it caught): its time predicts the next size's. */
  answered: boolean;
  /** Its IPC channel closed while it was alive and working: no result. */
  disconnected: boolean;
  ms: number;
}

/** One size in a fresh process: its answer, or how it died. Settles once the process has exited. */
async function trySizeInProcess(
  script: string,
  job: TryJob,
  heapMb: number | undefined,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  onHeap: (heapLimitMb: number) => void,
): Promise<SizeTried> {
  const started = Date.now();
  const tried = (outcome: TryResult, answered = false): SizeTried => ({ outcome, answered, disconnected: false, ms: Date.now() - started });
  const child = superviseChild<LimitChildMethods, LimitChildEvents>({
    script,
    what: 'the process',
    stderrTailBytes: STDERR_TAIL_BYTES,
    args: [LIMIT_CHILD_FLAG],
    ...(heapMb === undefined ? {} : { heapMb }),
    // Structured clone keeps a sample's bytes as a Uint8Array.
    serialization: 'advanced',
  });
  const { channel } = child;
  let stage = 'build' as LimitStage;
  let heapLimitMb: number | undefined;
  channel.on('ready', (ready) => {
    heapLimitMb = ready.heapLimitMb;
    onHeap(ready.heapLimitMb);
  });
  channel.on('stage', (entered) => {
    stage = entered;
  });
  let jsonBytes: number | undefined;
  channel.on('built', (built) => {
    jsonBytes = built.jsonBytes;
  });
  try {
    return tried(await channel.request('try-size', job, { timeoutMs, signal }), true);
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const size = jsonBytes === undefined ? {} : { jsonBytes };
    if (error.kind === 'timeout')
      return tried({
        ...size,
        encoded: stage === 'decode',
        decoded: false,
        failure: { kind: 'timeout', stage, message: timeoutMessage(timeoutMs, residentMb(child.pid), heapLimitMb) },
      });
    if (error.kind === 'remote') return tried({ ...size, encoded: false, decoded: false, failure: { kind: 'error', stage, message: error.message } });
    // The process died: its end, with its last words.
    const exit = await child.ended;
    return {
      ...tried({ ...size, encoded: stage === 'decode', decoded: false, failure: deathFailure(exit, child.stderrTail(), stage, heapLimitMb) }),
      disconnected: exit.code === LIMIT_CHILD_DISCONNECTED_CODE,
    };
  } finally {
    await child.stop();
  }
}
