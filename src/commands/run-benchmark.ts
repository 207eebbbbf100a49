/**
 * Payload Lab: Run Benchmark… — pick what to run (compare at this size, sweep payload sizes,
 * find payload limits), the sample (active editor, a file, a bundled dataset), the codecs
 * (remembered) and how many rounds (quick, default or thorough). Escape at any step cancels
 * quietly.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { reachedWalkthroughMilestone } from '../host/walkthrough-progress';
import { inRestrictedMode } from '../host/workspace-trust';
import type { MeasuredRuntime, ComparisonReport } from '../shared/results';
import { builtinCodecs } from '../codecs/registry';
import type { ComparisonSession } from '../host/comparison-session';
import { readRunSettings, readSweepSettings } from '../host/settings';
import { QUICK_ROUNDS, QUICK_TIME_BUDGET_MS, THOROUGH_ROUNDS } from '../engine/settings';
import { isJsonSample, resolveSample, type SampleSource } from './resolve-sample';
import { isJsonLinesSource } from '../host/message-mode';
import { bundledDatasets } from './bundled-datasets';
import { chooseSampleFile, sampleFromUri } from './sample-file';
import type { Sweeps } from '../host/sweep-run';
import type { SweepReport } from '../shared/sweep';
import { fileNameOf } from '../host/sample-source';
import { LAST_SAMPLE_KEY, lastSampleToOffer, rememberedSamplePath } from './last-sample';

/**
 * Each of the four steps: a click elsewhere (into the panel, which may be redrawing a run and
 * take the focus meanwhile) leaves the step open with the choices made so far; Escape cancels.
 */
const STEP = { ignoreFocusOut: true } as const;

const REMEMBERED_CODECS = 'payloadLab.lastCodecs';

/** What a caller (or a test) may decide in advance instead of being asked. */
export interface BenchmarkChoices {
  sample?: vscode.Uri;
  codecs?: string[];
  quick?: boolean;
  /** Rounds of the run (quick: its own default); asked for when neither is given. */
  rounds?: number;
  /** Where to measure; asked for when not given. */
  runtimes?: MeasuredRuntime[];
  /** What to run; asked for when absent. */
  benchmark?: BenchmarkKind;
  /** A comparison of messages (true) or of one document (false); absent: the sample's default (JSON Lines: messages). */
  messages?: boolean;
}

/** Compare at the sample's size (a comparison), sweep its size, or find the payload limits. */
export type BenchmarkKind = 'compare' | 'sweep' | 'limits' | 'sweep-limits';

interface RunMode {
  quick: boolean;
  rounds?: number;
  benchmark: BenchmarkKind;
  /** The other way of comparing than the sample's default: messages for a JSON document, one document for JSON Lines. */
  messages?: boolean;
}

export async function runBenchmark(
  session: ComparisonSession,
  context: vscode.ExtensionContext,
  choices: BenchmarkChoices = {},
  sweeps?: Sweeps,
): Promise<ComparisonReport | SweepReport | undefined> {
  const source = choices.sample ? sampleFromUri(choices.sample) : await pickSample(context);
  if (!source) return undefined;
  const remembered = rememberedSamplePath(source);
  if (remembered) await context.workspaceState.update(LAST_SAMPLE_KEY, remembered);
  const codecs = choices.codecs ?? (await pickCodecs(context));
  if (!codecs) return undefined;
  const given = choices.quick !== undefined || choices.rounds !== undefined || choices.benchmark !== undefined || choices.messages !== undefined;
  const mode: RunMode | undefined = given
    ? {
        quick: choices.quick ?? choices.benchmark !== undefined,
        rounds: choices.rounds,
        benchmark: choices.benchmark ?? 'compare',
        ...(choices.messages === undefined ? {} : { messages: choices.messages }),
      }
    : await pickMode(sweeps !== undefined, isJsonLinesSource(source));
  if (!mode) return undefined;
  // Choices given by a caller (tests, other commands) mean no questions: the setting's runtimes.
  const runtimes =
    mode.benchmark !== 'compare'
      ? (['node'] as MeasuredRuntime[])
      : (choices.runtimes ?? (Object.keys(choices).length > 0 ? readRunSettings().runtimes : await pickRuntimes()));
  if (!runtimes) return undefined;
  await context.globalState.update(REMEMBERED_CODECS, codecs);
  const benchmark = mode.benchmark;
  // Sweeps and limits run in Node processes; only a comparison asks where to measure.
  if (benchmark === 'limits') return sweeps?.run({ source, codecs, sweep: false, limits: true });
  if (benchmark !== 'compare') {
    reachedWalkthroughMilestone('payloadLab.swept');
    return sweeps?.run({
      source,
      codecs,
      sweep: true,
      limits: benchmark === 'sweep-limits',
      quick: mode.quick,
      ...(mode.rounds === undefined ? {} : { rounds: mode.rounds }),
    });
  }
  return session.run({
    source,
    codecs,
    quick: mode.quick,
    runtimes,
    ...(mode.rounds === undefined ? {} : { rounds: mode.rounds }),
    ...(mode.messages === undefined ? {} : { messages: mode.messages }),
  });
}

async function pickSample(context: vscode.ExtensionContext): Promise<SampleSource | undefined> {
  type Item = vscode.QuickPickItem & { pick: () => Promise<SampleSource | undefined> | SampleSource | undefined };
  const items: Item[] = [];
  const active = vscode.window.activeTextEditor?.document;
  if (active && isJsonSample(active.uri, active.languageId)) {
    const resolution = resolveSample({ activeDocument: active, openDocuments: vscode.workspace.textDocuments });
    if (resolution.ok) items.push({ label: `$(file-code) ${resolution.source.name}`, description: 'active editor', pick: () => resolution.source });
  }
  const last = lastSampleToOffer(context.workspaceState.get(LAST_SAMPLE_KEY), active?.uri.scheme === 'file' ? active.uri.fsPath : undefined, fs.existsSync);
  if (last) items.push({ label: `$(history) ${fileNameOf(last)}`, description: 'last run', detail: last, pick: () => sampleFromUri(vscode.Uri.file(last)) });
  items.push({ label: '$(folder-opened) Choose a file…', description: '.json, .jsonl, .ndjson', pick: chooseSampleFile });
  for (const dataset of bundledDatasets(context.extensionUri)) {
    items.push({ label: `$(database) ${dataset.label}`, description: dataset.description, pick: () => sampleFromUri(dataset.uri) });
  }
  const chosen = await vscode.window.showQuickPick(items, { ...STEP, title: 'Payload Lab: sample to compare (1/4)', placeHolder: 'Which JSON sample?' });
  return chosen?.pick();
}

async function pickCodecs(context: vscode.ExtensionContext): Promise<string[] | undefined> {
  const remembered = context.globalState.get<string[]>(REMEMBERED_CODECS) ?? readRunSettings().codecs;
  const items = codecPickerItems(remembered);
  const chosen = await vscode.window.showQuickPick(items, {
    ...STEP,
    title: 'Payload Lab: codecs (2/4)',
    placeHolder: 'Codecs to compare (JSON is always measured as the baseline)',
    canPickMany: true,
  });
  if (!chosen) return undefined;
  if (chosen.length === 0) {
    void vscode.window.showWarningMessage('Payload Lab: choose at least one codec.');
    return undefined;
  }
  return chosen.flatMap((item) => (item.id ? [item.id] : []));
}

/** The codecs grouped by format under separators, in the registry's order of formats. */
function codecPickerItems(remembered: readonly string[]): Array<vscode.QuickPickItem & { id?: string }> {
  const formats = [...new Set(builtinCodecs.map((codec) => codec.format))];
  return formats.flatMap((format) => [
    { label: format, kind: vscode.QuickPickItemKind.Separator },
    ...builtinCodecs
      .filter((codec) => codec.format === format)
      .map((codec) => ({
        label: codec.label,
        description: codec.id === 'json' ? 'baseline' : `${codec.library}${codec.tools && inRestrictedMode() ? ': skipped in Restricted Mode' : ''}`,
        id: codec.id,
        picked: remembered.includes(codec.id),
      })),
  ]);
}

async function pickRuntimes(): Promise<MeasuredRuntime[] | undefined> {
  const configured = readRunSettings().runtimes.join(',');
  const items: Array<vscode.QuickPickItem & { runtimes: MeasuredRuntime[] }> = [
    { label: 'Node only', description: 'worker threads of the extension host', runtimes: ['node'] },
    { label: 'Browser only', description: "the panel's Web Workers (browser builds of the libraries)", runtimes: ['browser'] },
    { label: 'Node and browser', description: 'both, side by side, each against its own JSON', runtimes: ['node', 'browser'] },
  ];
  // The setting's choice first: Enter keeps it.
  items.sort((a, b) => Number(b.runtimes.join(',') === configured) - Number(a.runtimes.join(',') === configured));
  const chosen = await vscode.window.showQuickPick(items, {
    ...STEP,
    title: 'Payload Lab: where to measure (4/4)',
    placeHolder: 'Node, the browser, or both?',
  });
  return chosen?.runtimes;
}

/**
 * Step 3: compare at this size (in default, quick or thorough rounds), as the sample's default
 * or the other way (each record its own message, or JSON Lines as one document), sweep the
 * size, or find the limits.
 */
async function pickMode(offerSweeps: boolean, jsonLines: boolean): Promise<RunMode | undefined> {
  const settings = readRunSettings();
  const sweep = readSweepSettings();
  const heap = sweep.heapMb === undefined ? "Node's default heap" : `a ${sweep.heapMb} MB heap`;
  // No `detail` lines: a detail renders a second label in its row, and the list's rows are
  // recycled between quick picks (the e2e helpers read one label per row).
  type Item = vscode.QuickPickItem & { mode?: RunMode };
  const separator = (label: string): Item => ({ label, kind: vscode.QuickPickItemKind.Separator });
  const depths = (prefix: string, messages?: boolean): Item[] => {
    const also = messages === undefined ? {} : { messages };
    return [
      {
        label: `${prefix}Default`,
        description: `${settings.rounds} rounds of ${settings.timeBudgetMs} ms per codec: speed-ups with their range over rounds`,
        mode: { quick: false, benchmark: 'compare', ...also },
      },
      {
        label: `${prefix}Quick`,
        description: `${QUICK_ROUNDS} rounds of ${QUICK_TIME_BUDGET_MS} ms per codec: a first look, wider intervals`,
        mode: { quick: true, benchmark: 'compare', ...also },
      },
      {
        label: `${prefix}Thorough`,
        description: `${THOROUGH_ROUNDS} rounds of ${settings.timeBudgetMs} ms per codec: narrower intervals, for figures you quote`,
        mode: { quick: false, rounds: THOROUGH_ROUNDS, benchmark: 'compare', ...also },
      },
    ];
  };
  const items: Item[] = [
    separator(jsonLines ? 'Compare at this size, each record as its own message' : 'Compare at this size'),
    ...depths(''),
    // The sample's other reading: a JSON array's elements as messages, or JSON Lines as one array.
    separator(jsonLines ? 'Compare the records as one document (an array)' : 'Compare as messages (each record of the array encoded alone)'),
    ...(jsonLines ? depths('One document: ', false) : depths('Messages: ', true)),
    ...(offerSweeps
      ? [
          separator('Sweep payload sizes'),
          {
            label: 'Sweep payload sizes',
            description: `the sample scaled from 1 KiB to ${sweep.maxMb} MiB (×${sweep.stepFactor}), ${QUICK_ROUNDS} short rounds per size: time against size, log–log`,
            mode: { quick: true, benchmark: 'sweep' as const },
          },
          {
            label: 'Find payload limits',
            description: `grow the payload until encode or decode fails, each size in a process with ${heap}; cap ${sweep.capMb} MiB`,
            mode: { quick: true, benchmark: 'limits' as const },
          },
          {
            label: 'Sweep payload sizes, then find payload limits',
            description: 'both, one after the other',
            mode: { quick: true, benchmark: 'sweep-limits' as const },
          },
        ]
      : []),
  ];
  const chosen = await vscode.window.showQuickPick(items, {
    ...STEP,
    title: 'Payload Lab: what to run (3/4)',
    placeHolder: 'Compare at this size, sweep the size, or find the limits?',
  });
  return chosen?.mode;
}
