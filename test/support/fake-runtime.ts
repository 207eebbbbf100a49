/**
 * A measuring runtime that runs nothing: each codec's job answers at once with the figures a
 * test gave it (or the failure), and the clock moves only when the test says a job takes time.
 * The engine's own logic (round order, pairing with JSON, stopping rules, the quick limit,
 * failures, cancellation, the first round's pipeline) then runs in-process, in milliseconds,
 * with exact figures to assert. What real workers and libraries do is tested elsewhere.
 */
import type { CodecJob, CodecReport, CodecSource } from '../../src/shared/codec-job';
import type { StageError, WorkStage } from '../../src/shared/results';
import type { MeasuringRuntime } from '../../src/engine/measuring-runtime';
import type { FirstRoundRun } from '../../src/engine/first-round-session';
import type { WorkerFate } from '../../src/engine/worker-launch';
import { timeLaterRound } from '../../src/engine/later-round';
import { SliceSessionError, type TimingSession } from '../../src/engine/slice-session';
import { timingStats } from './timing';

export interface FakeCodec {
  /** Per-call times of each round (the last repeats): ns. */
  encodeNs: number | number[];
  decodeNs: number | number[];
  bytes?: number;
  /** Rounds (1-based) that fail, and how: an error the worker reports, or the worker's own end. */
  fails?: Record<number, { reported: StageError } | { fate: StageError }>;
  /** Why the runtime cannot run it (a codec with no browser build). */
  unsupported?: string;
}

/** Milliseconds that move only when told to. */
export class FakeClock {
  constructor(public nowMs = 1_000_000) {}
  readonly now = () => this.nowMs;
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

export interface FakeCall {
  codec: string;
  round: number;
  /** What the engine asked: a first round (verify) or a later one (timing only). */
  verify: boolean;
}

export interface FakeRuntimeOptions {
  clock?: FakeClock;
  /** The clock's move per job (the first round's whole time is then exact). */
  jobMs?: number;
  /** Offer the first round in steps, as Node's runtime does (pipelined, first-round-pipeline.ts). */
  steps?: boolean;
  /**
   * Time later rounds in slices beside JSON's, as Node's runtime does: the engine's own
   * later-round.ts against fake sessions (a slice of n samples at the codec's per-call time).
   */
  slices?: { opensAtOnce: number; signal?: AbortSignal };
  /** Called as each job starts: a test cancels from here. */
  onJob?: (call: FakeCall) => void;
}

const idOf = (source: CodecSource) => ('builtin' in source ? source.builtin : source.modulePath);
const pick = (values: number | number[], round: number) => (typeof values === 'number' ? values : values[Math.min(round, values.length) - 1]!);

export function fakeRuntime(codecs: Record<string, FakeCodec>, options: FakeRuntimeOptions = {}) {
  const calls: FakeCall[] = [];
  /** The first round's steps as they start and end, in order (`open json`, `time json`, `end open json`…). */
  const steps: string[] = [];
  const roundsRun = new Map<string, number>();

  /** A job starts: which codec, which of its rounds. */
  const start = (job: CodecJob) => {
    const codec = idOf(job.codec);
    const spec = codecs[codec];
    if (!spec) throw new Error(`the fake runtime has no figures for ${codec}`);
    const round = (roundsRun.get(codec) ?? 0) + 1;
    roundsRun.set(codec, round);
    const call = { codec, round, verify: job.measurement.verify };
    calls.push(call);
    options.onJob?.(call);
    if (options.jobMs) options.clock?.advance(options.jobMs);
    return { codec, spec, round };
  };

  const answer = (job: CodecJob): WorkerFate<CodecReport> => {
    const { spec, round } = start(job);
    const failure = spec.fails?.[round];
    if (failure && 'fate' in failure) return { kind: 'failed', error: failure.fate };
    const report = { schema: 'none' as const, notes: [] };
    if (failure) return { kind: 'answered', value: { ...report, outcome: { status: 'errored', error: failure.reported } } };
    const bytes = spec.bytes ?? 100;
    const encode = timingStats(pick(spec.encodeNs, round));
    const decode = timingStats(pick(spec.decodeNs, round));
    if (!job.measurement.verify) return { kind: 'answered', value: { ...report, outcome: { status: 'timed', timings: { bytes, encode, decode } } } };
    return {
      kind: 'answered',
      value: {
        ...report,
        outcome: {
          status: 'completed',
          measurements: {
            bytes,
            compressed: { gzip: bytes, brotli: bytes, zstd: bytes },
            encode,
            decode,
            roundTrip: { status: 'exact', differences: [] },
            remnants: [],
            sha256: '0'.repeat(64),
          },
        },
      },
    };
  };

  const openFirstRound = (job: CodecJob, onStage: (stage: WorkStage) => void): Promise<FirstRoundRun> => {
    const codec = idOf(job.codec);
    steps.push(`open ${codec}`);
    onStage('prepare');
    return new Promise((resolve) =>
      setImmediate(() => {
        steps.push(`end open ${codec}`);
        let fate: WorkerFate<CodecReport> | undefined;
        resolve({
          time: async () => {
            steps.push(`time ${codec}`);
            onStage('measure');
            fate = answer(job);
            await new Promise((done) => setImmediate(done));
            steps.push(`end time ${codec}`);
          },
          finish: async () => {
            steps.push(`finish ${codec}`);
            await new Promise((done) => setImmediate(done));
            steps.push(`end finish ${codec}`);
            return fate ?? answer(job);
          },
          close: async () => {
            steps.push(`close ${codec}`);
          },
        });
      }),
    );
  };

  /** A later round's session: a reported failure refuses the open; a worker's end stops its first slice. */
  const openSession = async (job: CodecJob): Promise<TimingSession> => {
    const { codec, spec, round } = start(job);
    const failure = spec.fails?.[round];
    if (failure && 'reported' in failure) throw new SliceSessionError(failure.reported);
    const perCallNs = { encode: pick(spec.encodeNs, round), decode: pick(spec.decodeNs, round) };
    let warmed = false;
    return {
      bytes: spec.bytes ?? 100,
      timesCompression: true,
      get warmed() {
        return warmed;
      },
      get perCallNs() {
        return perCallNs;
      },
      warm: async () => {
        warmed = true;
      },
      slice: async (operation, _budgetMs, minSamples) => {
        steps.push(`slice ${codec} ${operation}`);
        if (failure && 'fate' in failure) throw new SliceSessionError(failure.fate);
        const ns = perCallNs[operation];
        return { samples: new Float64Array(minSamples).fill(ns), batchSize: 1, inCallsNs: ns * minSamples, windowNs: ns * minSamples };
      },
      compression: async () => {
        const time = { compressNs: 10, decompressNs: 5 };
        return { levels: { gzip: 6, brotli: 4, zstd: 3 }, zstdImplementation: 'node', gzip: time, brotli: time, zstd: time };
      },
      close: async () => {},
    };
  };

  const runtime: MeasuringRuntime = {
    name: 'node',
    measure: async (job, onStage) => {
      onStage('measure');
      return answer(job);
    },
    measureWithoutCodeGeneration: async (job) => answer(job),
    unsupported: (source) => codecs[idOf(source)]?.unsupported,
    ...(options.steps ? { openFirstRound } : {}),
    ...(options.slices
      ? {
          timeLaterRound: (round) =>
            timeLaterRound({
              ...round,
              open: openSession,
              opensAtOnce: options.slices!.opensAtOnce,
              limits: { workerScript: '', memoryLimitMb: 64, timeoutMs: 1000, signal: options.slices!.signal },
            }),
        }
      : {}),
  };
  return { runtime, calls, steps };
}
