/**
 * Compare Encodings on a user's own FlatBuffers, Cap'n Proto or Bebop schema (a .fbs, .capnp or
 * .bop file, or an untitled editor of one): the file becomes the schema of its format's row
 * (the CLI's --fbs, --capnp, --bop), added to the run where the settings leave that row out;
 * every other row infers its schema from the sample as usual.
 *
 * The file is read first by its own tool in a worker's child process (cached like generated
 * code): what the tool refuses becomes a diagnostic at its file:line:column with "Go to Error";
 * a tool that is not installed is said with what to install and which setting to use, and the
 * run goes on with that row skipped. Cap'n Proto and Bebop ask which struct the sample holds
 * (FlatBuffers has its root_type). The sample is a JSON value of that root: a JSON file, an open
 * JSON editor or a bundled dataset. Records are not generated from these schemas: Payload Lab's
 * generator reads .proto and .avsc (and one root value is what these rows encode, not a list of
 * generated records); the pick lists "Generate records" as not offered, and says why. In
 * Restricted Mode the file is not compiled: a warning says the workspace must be trusted, with
 * Manage Workspace Trust (workspace-trust.ts).
 */
import * as vscode from 'vscode';
import { CancelledError } from '../shared/cancelled';
import { readFormatSchemaInfo } from '../engine/schema-jobs';
import type { ComparisonSession } from '../host/comparison-session';
import type { SchemaDiagnostics } from '../host/schema-diagnostics';
import { openMachineSettings, readRunSettings } from '../host/settings';
import { inRestrictedMode, showTrustNeeded } from '../host/workspace-trust';
import { SchemaInputError } from '../schema/schema-problem';
import type { FormatSchemaFile } from '../shared/codec-job';
import type { ComparisonReport } from '../shared/results';
import { bundledDatasets } from './bundled-datasets';
import { jsonSampleItems, readSchemaText, type SampleItem } from './compare-schema';
import type { SampleSource } from './resolve-sample';
import { sampleFromUri } from './sample-file';
import { FORMAT_SCHEMA_ROWS, fileNameOf, formatSamplePick, orderMessageTypes, withFormatRow, type FormatLanguage } from './schema-choices';

export async function compareFormatSchema(
  session: ComparisonSession,
  diagnostics: SchemaDiagnostics,
  uri: vscode.Uri,
  language: FormatLanguage,
  extensionUri: vscode.Uri,
): Promise<ComparisonReport | undefined> {
  const text = await readSchemaText(uri);
  if (!text) return undefined;
  const checked = await checkedFormatSchema(session, diagnostics, { language, ...text }, 2);
  if (!checked) return undefined;
  const { file, rootName, asked } = checked;
  const source = await pickFormatSample(file, rootName, asked, extensionUri);
  if (!source) return undefined;
  return session.run({ source, formatSchemas: [file], codecs: withFormatRow(readRunSettings().codecs, language) });
}

/**
 * The file as the run takes it, its root chosen (`rootName`: FlatBuffers' root_type too, which
 * the file itself names; unknown where the tool is missing); undefined when the tool refused it
 * (then a diagnostic and an error message say where), it cannot be used, or the user escaped.
 * `steps`: how many picks the whole flow has (for the pick's title); `asked`: the root was picked.
 */
export async function checkedFormatSchema(
  session: ComparisonSession,
  diagnostics: SchemaDiagnostics,
  file: FormatSchemaFile,
  steps: number,
): Promise<{ file: FormatSchemaFile; rootName?: string; asked: boolean } | undefined> {
  const row = FORMAT_SCHEMA_ROWS[file.language];
  // Only its compiler reads such a file, and the row runs the code it writes: neither in Restricted Mode.
  if (inRestrictedMode()) {
    showTrustNeeded(`comparing with ${fileNameOf(file.path)} (its ${row.codec} row runs the ${row.name} compiler and the code it generates)`);
    return undefined;
  }
  let info;
  try {
    info = await withLateProgress(`Payload Lab: reading ${fileNameOf(file.path)} with the ${row.name} compiler`, (signal) =>
      readFormatSchemaInfo(file, session.codegenSettings(readRunSettings()), { signal }),
    );
  } catch (error) {
    if (!(error instanceof CancelledError)) void vscode.window.showErrorMessage(`Payload Lab: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  if ('problem' in info) {
    diagnostics.report(new SchemaInputError(file.path, info.problem));
    return undefined;
  }
  diagnostics.clear(file.path);
  if ('unusable' in info) {
    void vscode.window.showErrorMessage(`Payload Lab: ${fileNameOf(file.path)} cannot be the ${row.codec} row's schema: ${info.unusable}`);
    return undefined;
  }
  if (info.missingTool !== undefined) {
    // The run still says something (every other row), and the skipped row repeats the fix.
    void vscode.window.showWarningMessage(`Payload Lab: the ${row.codec} row will be skipped. ${info.missingTool}`, 'Open Settings').then((choice) => {
      if (choice) void openMachineSettings('payloadLab.tools');
    });
  }
  if (!('roots' in info)) return { file, asked: false };
  if (file.language === 'fbs') return { file, rootName: info.roots[0]!, asked: false };
  if (info.roots.length === 1) return { file: { ...file, rootType: info.roots[0]! }, rootName: info.roots[0]!, asked: false };
  const choices = orderMessageTypes(info.roots, info.defaultRoot);
  const chosen = await vscode.window.showQuickPick(
    choices.map((choice) => ({ label: choice.typeName, description: choice.isDefault ? `default: no other ${row.root} refers to it` : undefined })),
    { title: `Payload Lab: root of ${fileNameOf(file.path)} (1/${steps})`, placeHolder: `Which ${row.root} does the sample hold?` },
  );
  return chosen && { file: { ...file, rootType: chosen.label }, rootName: chosen.label, asked: true };
}

/** Waits this long before a progress notification: a quick answer (a missing tool) shows none. */
const PROGRESS_DELAY_MS = 600;

/**
 * `work` under a cancellable progress notification shown only once it has taken
 * PROGRESS_DELAY_MS: "reading song.bop with the Bebop compiler" beside "bebopc is not
 * installed" told two contradicting things at once.
 */
async function withLateProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const running = work(controller.signal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), PROGRESS_DELAY_MS);
  });
  const first = await Promise.race([
    running.then(
      () => 'done' as const,
      () => 'done' as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (first === 'done') return running;
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
    token.onCancellationRequested(() => controller.abort());
    return running;
  });
}

async function pickFormatSample(
  file: FormatSchemaFile,
  rootName: string | undefined,
  askedRoot: boolean,
  extensionUri: vscode.Uri,
): Promise<SampleSource | undefined> {
  const words = formatSamplePick(file.language, rootName, askedRoot);
  const root = rootName ?? `the schema's ${FORMAT_SCHEMA_ROWS[file.language].root}`;
  const datasets: SampleItem[] = bundledDatasets(extensionUri).map((dataset) => ({
    label: `$(database) ${dataset.label}`,
    description: dataset.description,
    pick: () => sampleFromUri(dataset.uri),
  }));
  const notOffered = `Payload Lab generates records from a .proto or .avsc, not from a .${file.language}: generate them from one of the same shape (Compare Encodings on it), save them (Open sample, then Save) and choose that file here.`;
  // Offered where a person looks for it, and says why it is not there: choosing it explains and asks again.
  const generate: SampleItem = { label: `$(circle-slash) Generate records from ${root}`, description: 'not offered for this format: choose to see why' };
  const items: SampleItem[] = [
    ...jsonSampleItems(),
    { label: 'bundled datasets', kind: vscode.QuickPickItemKind.Separator },
    ...datasets,
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    generate,
  ];
  for (;;) {
    const chosen = await vscode.window.showQuickPick(items, {
      title: `Payload Lab: sample for ${fileNameOf(file.path)}${words.step}`,
      placeHolder: words.placeHolder,
    });
    if (chosen !== generate) return chosen?.pick?.();
    void vscode.window.showInformationMessage(`Payload Lab: ${notOffered}`);
  }
}
