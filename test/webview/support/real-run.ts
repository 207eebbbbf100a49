/**
 * One real comparison of two rounds, run once per suite: the mixed sample through every
 * built-in codec plus a codec module that throws on encode, recorded as the messages the host
 * would send the panel, in the order the engine produced them.
 *
 * `npm run test:webview` records it once before the files start (test/support/run-suite.ts) and
 * hands each file the recording through RECORDED_RUN_ENV; a file run on its own records its own.
 */
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import { compareSample, type CompareOptions } from '../../../src/engine/compare';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../../../src/codecs/registry';
import { idFromModulePath } from '../../../src/codecs/codec-source';
import type { RunEventOf } from '../../../src/shared/run-events';
import type { CodecResult, ComparisonReport } from '../../../src/shared/results';
import type { CodecStage, ComparisonStarted } from '../../../src/shared/comparison-events';
import { FAST, fixture } from '../../support/paths';

export type RunEvent = RunEventOf<'comparison'>;

export interface RecordedRun {
  report: ComparisonReport;
  /** The run's events, stamped with `runId`: started first, finished last. */
  messages(runId: number): RunEvent[];
}

const SAMPLE = fixture('mixed-sample.json');
const THROWING_CODEC = fixture('codecs', 'throws-on-encode.cjs');

/** The file holding a run recorded for the whole suite (v8-serialized: the structured clone a webview message is). */
export const RECORDED_RUN_ENV = 'PAYLOAD_LAB_RECORDED_RUN';

export interface Recording {
  report: ComparisonReport;
  all: RunEvent[];
}

export function replayable({ report, all }: Recording): RecordedRun {
  return {
    report,
    messages: (runId) => all.map((event) => ({ ...event, runId })),
  };
}

/** The suite's recording when there is one, else a run recorded now. */
export async function recordRealRun(): Promise<RecordedRun> {
  const shared = process.env[RECORDED_RUN_ENV];
  return replayable(shared ? (v8.deserialize(fs.readFileSync(shared)) as Recording) : await record());
}

/** Records a run into `file` for the suite's files to share. */
export async function saveRealRun(file: string): Promise<void> {
  fs.writeFileSync(file, v8.serialize(await record()));
}

/** The suite's run: two rounds (rows arrive twice, and speed-ups carry a real interval), every default codec and one that throws. */
const SUITE_RUN: RunChoices = { rounds: 2, codecModules: [THROWING_CODEC] };

/** What a file's own run changes from FAST: its rounds, codecs, codec modules. */
export type RunChoices = Pick<CompareOptions, 'rounds' | 'codecs' | 'codecModules' | 'settledWithin'>;

/** A real run of the mixed sample other than the suite's (another rounds plan, fewer codecs), recorded now. */
export async function recordRunOf(choices: RunChoices): Promise<RecordedRun> {
  return replayable(await record(choices));
}

/** The engine's callbacks, each pushing the event the host's lifecycle would send the page. */
export function recordingInto(events: RunEvent[]): Pick<CompareOptions, 'onSampleRead' | 'onStage' | 'onResult'> {
  return {
    onSampleRead: (sample) => events.push({ kind: 'comparison', runId: 0, phase: 'item', item: { type: 'sample-read', sample } }),
    // The engine names a module codec by its path while it runs, by its file name in the row.
    onStage: (codec, stage, { round }) =>
      events.push({
        kind: 'comparison',
        runId: 0,
        phase: 'progress',
        progress: { codec: path.isAbsolute(codec) ? idFromModulePath(codec) : codec, stage, round },
      }),
    onResult: (result) => events.push({ kind: 'comparison', runId: 0, phase: 'item', item: { type: 'codec-result', result } }),
  };
}

async function record(choices: RunChoices = SUITE_RUN): Promise<Recording> {
  const events: RunEvent[] = [];
  const bytes = fs.readFileSync(SAMPLE);
  const report = await compareSample(
    { path: SAMPLE, bytes },
    {
      ...FAST,
      ...choices,
      ...recordingInto(events),
    },
  );
  const planned = [
    // What compareSample runs without a codec list: the default codecs.
    ...builtinCodecs.filter(({ id }) => (choices.codecs ?? DEFAULT_CODEC_IDS).includes(id)).map(({ id, label, format }) => ({ id, label, format })),
    ...(choices.codecModules ?? []).map((module) => ({ id: idFromModulePath(module), label: idFromModulePath(module), format: 'custom' })),
  ];
  const started: RunEvent = {
    kind: 'comparison',
    runId: 0,
    phase: 'started',
    started: {
      sampleName: path.basename(SAMPLE),
      sampleLocation: SAMPLE,
      codecs: planned,
      settings: report.settings,
      runtime: report.runtime,
      extensionVersion: report.tool.version,
    },
  };
  return { report, all: [started, ...events, { kind: 'comparison', runId: 0, phase: 'finished', report }] };
}

/** The row an event of the recorded run carries, if it is one. */
export function resultOf(event: RunEvent): CodecResult | undefined {
  return event.phase === 'item' && event.item.type === 'codec-result' ? event.item.result : undefined;
}

/** The codec stage an event tells, if it is one. */
export function stageOf(event: RunEvent): CodecStage | undefined {
  return event.phase === 'progress' ? event.progress : undefined;
}

/** The recorded run's start, changed as a test needs (`inferredSchemas`, a variant re-run…). */
export function startedWith(event: RunEvent | undefined, change: Partial<ComparisonStarted>): RunEvent {
  if (event?.phase !== 'started') throw new Error('a recorded run starts with its started event');
  return { ...event, started: { ...event.started, ...change } };
}

/** The recorded run announced as one on a JSON sample without a provided schema (the schema tools show). */
export function withInferredSchemas(events: RunEvent[]): RunEvent[] {
  return events.map((event) => (event.phase === 'started' ? startedWith(event, { inferredSchemas: true }) : event));
}
