/**
 * Payload Lab: Run Benchmark… — pick the sample (active editor, a file, a bundled dataset),
 * the codecs (remembered) and quick or thorough. Escape at any step cancels quietly.
 */
import * as vscode from 'vscode';
import { builtinCodecs } from '../codecs/registry';
import type { ComparisonSession } from '../host/comparison-session';
import { readRunSettings } from '../host/settings';
import type { ComparisonReport } from '../shared/results';
import { isJsonSample, resolveSample, type SampleSource } from './resolve-sample';
import { bundledDatasets } from './bundled-datasets';
import { chooseSampleFile, sampleFromUri } from './sample-file';

const REMEMBERED_CODECS = 'payloadLab.lastCodecs';

/** What a caller (or a test) may decide in advance instead of being asked. */
export interface BenchmarkChoices {
  sample?: vscode.Uri;
  codecs?: string[];
  quick?: boolean;
}

export async function runBenchmark(
  session: ComparisonSession,
  context: vscode.ExtensionContext,
  choices: BenchmarkChoices = {},
): Promise<ComparisonReport | undefined> {
  const source = choices.sample ? sampleFromUri(choices.sample) : await pickSample(context);
  if (!source) return undefined;
  const codecs = choices.codecs ?? (await pickCodecs(context));
  if (!codecs) return undefined;
  const quick = choices.quick ?? (await pickMode());
  if (quick === undefined) return undefined;
  await context.globalState.update(REMEMBERED_CODECS, codecs);
  return session.run({ source, codecs, quick });
}

async function pickSample(context: vscode.ExtensionContext): Promise<SampleSource | undefined> {
  type Item = vscode.QuickPickItem & { pick: () => Promise<SampleSource | undefined> | SampleSource | undefined };
  const items: Item[] = [];
  const active = vscode.window.activeTextEditor?.document;
  if (active && isJsonSample(active.uri, active.languageId)) {
    const resolution = resolveSample({ activeDocument: active, openDocuments: vscode.workspace.textDocuments });
    if (resolution.ok) items.push({ label: `$(file-code) ${resolution.source.name}`, description: 'active editor', pick: () => resolution.source });
  }
  items.push({ label: '$(folder-opened) Choose a file…', description: '.json, .jsonl, .ndjson', pick: chooseSampleFile });
  for (const dataset of bundledDatasets(context.extensionUri)) {
    items.push({ label: `$(database) ${dataset.label}`, description: dataset.description, pick: () => sampleFromUri(dataset.uri) });
  }
  const chosen = await vscode.window.showQuickPick(items, { title: 'Payload Lab: sample to compare (1/3)', placeHolder: 'Which JSON sample?' });
  return chosen?.pick();
}

async function pickCodecs(context: vscode.ExtensionContext): Promise<string[] | undefined> {
  const remembered = context.globalState.get<string[]>(REMEMBERED_CODECS) ?? readRunSettings().codecs;
  const items = builtinCodecs.map((codec) => ({ label: codec.label, description: codec.id === 'json' ? 'baseline' : codec.format, id: codec.id, picked: remembered.includes(codec.id) }));
  const chosen = await vscode.window.showQuickPick(items, { title: 'Payload Lab: codecs (2/3)', placeHolder: 'Codecs to compare (JSON is always measured as the baseline)', canPickMany: true });
  if (!chosen) return undefined;
  if (chosen.length === 0) {
    void vscode.window.showWarningMessage('Payload Lab: choose at least one codec.');
    return undefined;
  }
  return chosen.map((item) => item.id);
}

async function pickMode(): Promise<boolean | undefined> {
  const settings = readRunSettings();
  const items = [
    { label: 'Thorough', description: `${settings.timeBudgetMs} ms per codec, extended until medians are within ±2%`, quick: false },
    { label: 'Quick', description: 'about 200 ms per codec: a first look, wider margins', quick: true },
  ];
  const chosen = await vscode.window.showQuickPick(items, { title: 'Payload Lab: precision (3/3)', placeHolder: 'Quick or thorough?' });
  return chosen?.quick;
}
