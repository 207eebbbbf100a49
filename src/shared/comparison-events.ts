/**
 * What a comparison run tells the panel beyond the phases every run has (run-events.ts): the
 * plan it starts with, the stage each codec's worker is in, and the sample and rows as they
 * arrive. Plain data only.
 */
import type { SizedResult } from './sizes';
import type { SchemaVariants } from './variants';
import type { Transport } from './transport';
import type { CodecResult, MeasurementSettings, RuntimeInfo, SampleInfo, WorkStage } from './results';

/** A row the webview shows as pending until its result arrives. */
export interface PlannedCodec {
  id: string;
  label: string;
  format: string;
}

export interface ComparisonStarted {
  /** What to call the sample: a file name, or an untitled editor's title. */
  sampleName: string;
  /** Full path or URI, for tooltips. */
  sampleLocation: string;
  codecs: PlannedCodec[];
  settings: MeasurementSettings;
  runtime: RuntimeInfo;
  extensionVersion: string;
  /**
   * The run is on a JSON sample without a provided schema: the panel offers "Open inferred
   * .proto / .avsc". Absent on older runs.
   */
  inferredSchemas?: boolean;
  /** The choices of inferred schemas this run used (the panel's variant selects). */
  variants?: Partial<SchemaVariants>;
  /**
   * Set when a variant change re-runs only these codecs: the other rows of the previous run
   * stay, and these rows show their change against the previous choice.
   */
  rerunCodecs?: string[];
  /** Re-run of the same request: each row shows its new figures beside the previous run's. */
  compareWithPrevious?: boolean;
  /**
   * Message mode: every record encoded and decoded as its own message, the rows'
   * figures per message. `byDefault`: not asked for, the sample being JSON Lines.
   */
  messages?: { byDefault: boolean };
  /** How the bytes travel by the user's setting (payloadLab.transport): the verdict's default in the panel. */
  transport?: Transport;
}

/** Where a codec's worker is now; `round`: 1-based round of the run the stage belongs to. */
export interface CodecStage {
  codec: string;
  stage: WorkStage;
  round?: number;
}

/**
 * The sample once read; each codec's sizes before any speed round (a sizes-only pass: bytes,
 * compressed sizes, round trip, remnants); each row as its codec finishes a round (every round
 * sharpens it).
 */
export type ComparisonItem =
  { type: 'sample-read'; sample: SampleInfo } | { type: 'codec-sized'; row: SizedResult } | { type: 'codec-result'; result: CodecResult };
