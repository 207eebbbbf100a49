/** What a comparison run is asked to do: which codecs, how many rounds, where, and whom to tell. */
import type { SchemaVariants } from '../shared/variants';
import type { CodecResult, RoundProgress, SampleInfo, WorkStage } from '../shared/results';
import type { EngineLimits } from './settings';
import type { ProvidedSchema, SampleScale, CodegenSettings } from '../shared/codec-job';
import type { MessagesPlan } from '../shared/messages';
import type { MeasuringRuntime } from './measuring-runtime';
import type { SizesRow } from '../shared/sizes';

export interface CompareOptions extends Partial<EngineLimits> {
  /** Built-in codec ids, in any order; default: all. The JSON baseline is always measured. */
  codecs?: readonly string[];
  /** Extra codec modules (paths) exporting `prepare`, each run like a built-in. */
  codecModules?: readonly string[];
  quick?: boolean;
  /**
   * The most rounds of JSON and every codec, each in a fresh worker (default DEFAULT_ROUNDS,
   * quick QUICK_ROUNDS). A codec's rounds stop before, from MIN_ADAPTIVE_ROUNDS on, once its
   * speed-ups have settled (settings.ts), unless `fixedRounds`.
   */
  rounds?: number;
  /** Every codec runs all `rounds`. */
  fixedRounds?: boolean;
  /** A codec's speed-ups are settled once their intervals lie within ± this of their medians (default SETTLED_WITHIN). */
  settledWithin?: number;
  /** A quick run whose first round takes longer stops after it (default QUICK_FIRST_ROUND_LIMIT_MS). */
  quickFirstRoundLimitMs?: number;
  /** Per codec and round. */
  timeBudgetMs?: number;
  minSamples?: number;
  /**
   * Each operation's warm-up before its timed window (default: the larger of 50 ms and a quarter
   * of the window). Runs whose times nobody reads (tests of sizes, notes, failures) shorten it.
   */
  warmupMs?: number;
  /** Checked (in a worker) before any codec runs: a schema that does not load throws a SchemaInputError. */
  schema?: ProvidedSchema;
  /** Choices for inferred schemas (integers, doubles, fields); see schema/variants.ts. */
  variants?: Partial<SchemaVariants>;
  /** A size sweep's step: each worker scales the sample to this JSON size itself (scale-sample.ts). */
  scale?: SampleScale;
  signal?: AbortSignal;
  /** The bundled worker script; defaults to `worker.js` beside the running bundle. */
  workerScript?: string;
  onSampleRead?: (info: SampleInfo) => void;
  /**
   * Each shown row, once per round: in the first round as each codec finishes, in later rounds
   * all together as the round ends, sharper each time. The last round's rows are final.
   */
  onResult?: (result: CodecResult, progress: RoundProgress) => void;
  onStage?: (codec: string, stage: WorkStage, progress: RoundProgress) => void;
  /** A sizes-only run (`sizeSample`): each shown row as its job ends, in the order they end. */
  onSized?: (row: SizesRow) => void;
  /**
   * Where codecs are measured. Default: Node, each job in a fresh worker thread. A browser
   * runtime (browser-runtime.ts) sends the same jobs to Web Workers; rows carry its name.
   */
  runtime?: MeasuringRuntime;
  /** Also run each codec once with code generation from strings disabled (see code-generation.ts). */
  checkCodeGeneration?: boolean;
  /** Rows that run generated code (google-protobuf, ts-proto…): the cache and the tools' settings. */
  codegen?: CodegenSettings;
  /** Message mode: the sample is a stream, each record its own message (use compareMessages, engine/messages). */
  messages?: MessagesPlan;
  /**
   * The time now, in milliseconds, for the run's own rules (a quick run's first-round limit);
   * default Date.now. Tests of the round logic give one they move themselves.
   */
  clock?: () => number;
}
