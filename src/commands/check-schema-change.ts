/**
 * Check Schema Change: on a .proto / .avsc in the editor (title bar, context menu, palette), in
 * the Explorer, or among the SCM view's changed files. The editor's text (unsaved edits count)
 * against the file at HEAD or another ref (or a file), then the message both declare (a
 * .proto's, when there are several) and the records (generated from each version, the last
 * comparison's sample, a JSON file), then the run in a worker, shown in the panel. Returns
 * the report (tests call it by command).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadSchemaInfo, type SchemaInfo } from '../engine/schema-jobs';
import type { ComparisonSession } from '../host/comparison-session';
import { readSampleInput } from '../host/sample-input';
import type { SchemaChangeHost } from '../host/schema-change-host';
import type { SchemaChangeRequest, SchemaChangeVersionRequest } from '../host/schema-change-run';
import { withSchemaFiles } from '../host/schema-files';
import { readGenerateSettings, readRunSettings } from '../host/settings';
import { sampleKindOf } from '../input/read-sample';
import { SchemaInputError } from '../schema/schema-problem';
import type { ProvidedSchema } from '../shared/codec-job';
import type { EvolutionReport } from '../shared/evolution';
import { isJsonSample, resolveSample, type SampleSource } from './resolve-sample';
import { chooseSampleFile } from './sample-file';
import { commonMessageTypes, menuTarget, protoPackageOf } from './schema-change-choices';
import { type PickedVersion, pickEarlierVersion, readWorkingVersion } from './schema-change-versions';
import { schemaKindOf } from './schema-choices';

export async function checkSchemaChange(host: SchemaChangeHost, session: ComparisonSession, argument?: unknown): Promise<EvolutionReport | undefined> {
  const uri = menuTarget(argument, (value): value is vscode.Uri => value instanceof vscode.Uri) ?? vscode.window.activeTextEditor?.document.uri;
  const kind = uri && schemaKindOf(uri.path);
  if (!uri || !kind) {
    void vscode.window.showInformationMessage('Payload Lab: Check Schema Change works on a .proto or .avsc (.avpr, .avdl) file: open one first.');
    return undefined;
  }
  const working = await readWorkingVersion(uri);
  if (!working) return undefined;
  const earlier = await pickEarlierVersion(working);
  if (!earlier) return undefined;
  const versions = await withImports(host, kind, [earlier, working]);
  if (!versions) return undefined;
  const typeName = await pickType(host, kind, versions);
  if (typeName === null) return undefined;
  const sample = await pickSample(session, path.basename(working.path));
  if (!sample) return undefined;
  const { memoryLimitMb, timeoutMs } = readRunSettings();
  const request: SchemaChangeRequest = {
    schemaName: path.basename(working.path),
    format: kind === 'proto' ? 'proto' : 'avro',
    versions,
    ...(typeName ? { typeName } : {}),
    sample,
    limits: { memoryLimitMb, timeoutMs },
  };
  return host.run(request);
}

/** Each version with the files it imports (an earlier version's read at its ref); an import not found is told at its line. */
async function withImports(host: SchemaChangeHost, kind: ProvidedSchema['kind'], picked: PickedVersion[]): Promise<SchemaChangeVersionRequest[] | undefined> {
  const labels = ['old', 'new'];
  const versions = picked.map((version, index): SchemaChangeVersionRequest => ({
    label: labels[index]!,
    location: version.origin.kind === 'git' ? `${version.origin.ref}:${version.origin.relativePath}` : version.path,
    origin: version.origin,
    uri: version.uri,
    input: { path: version.path, text: version.text },
  }));
  for (const [index, version] of versions.entries()) {
    try {
      const { imports } = await withSchemaFiles({ kind, source: version.input.text, path: version.input.path }, picked[index]!.read);
      if (imports) version.input.imports = imports;
    } catch (error) {
      if (!(error instanceof SchemaInputError)) throw error;
      host.reportProblems([{ version: version.label, path: error.path, ...error.problem }], versions);
      return undefined;
    }
  }
  return versions;
}

/**
 * The message to compare: undefined when there is no choice to make (an .avsc; one common
 * type), null when the user cancelled or a version does not load (told where), or the type.
 */
async function pickType(host: SchemaChangeHost, kind: ProvidedSchema['kind'], versions: SchemaChangeVersionRequest[]): Promise<string | undefined | null> {
  if (kind === 'avsc' && !/\.(avpr|avdl)$/i.test(versions[1]!.input.path)) return undefined;
  const loaded = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Payload Lab: loading both versions' }, () =>
    Promise.allSettled(
      versions.map((version) =>
        loadSchemaInfo({
          kind,
          source: version.input.text,
          path: version.input.path,
          ...(version.input.imports ? { imports: version.input.imports } : {}),
        }),
      ),
    ),
  );
  const problems = loaded.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [];
    if (!(result.reason instanceof SchemaInputError)) throw result.reason;
    return [{ version: versions[index]!.label, path: result.reason.path, ...result.reason.problem }];
  });
  if (problems.length > 0) {
    host.reportProblems(problems, versions);
    return null;
  }
  const infos = loaded.map((result) => (result as PromiseFulfilledResult<SchemaInfo>).value);
  const [older, newer] = infos.map((info, index) => ({ ...info, packageName: kind === 'proto' ? protoPackageOf(versions[index]!.input.text) : '' }));
  const choices = commonMessageTypes(newer!, older!);
  if (choices.length === 0) {
    const declared = (label: string, info: SchemaInfo) => `${label} declares ${info.messageTypes.join(', ') || 'none'}`;
    void vscode.window.showErrorMessage(
      `Payload Lab: the two versions of ${path.basename(versions[1]!.input.path)} have no ${kind === 'proto' ? 'message type' : 'type'} in common (${declared('old', older!)}; ${declared('new', newer!)}): a renamed message cannot be compared by name.`,
    );
    return null;
  }
  if (choices.length === 1) return choices[0]!.typeName;
  const picked = await vscode.window.showQuickPick(
    choices.map((choice) => ({ label: choice.typeName, description: choice.isDefault ? 'default: no other message refers to it' : undefined })),
    {
      title: `Payload Lab: Check Schema Change of ${path.basename(versions[1]!.input.path)}: the message`,
      placeHolder: 'Which message do the records hold? (both versions declare these)',
    },
  );
  return picked?.label ?? null;
}

/** The records: generated from each version, the last comparison's sample, a JSON file or an open JSON editor. */
async function pickSample(session: ComparisonSession, schemaName: string): Promise<SchemaChangeRequest['sample'] | undefined> {
  type Item = vscode.QuickPickItem & { pick: () => Promise<SampleSource | undefined> | SampleSource | 'generate' | undefined };
  const { count, seed } = readGenerateSettings();
  const items: Item[] = [
    {
      label: `$(sparkle) Generate ${count} records from each version (seed ${seed})`,
      description: 'payloadLab.generatedSampleCount, payloadLab.generatedSampleSeed',
      pick: () => 'generate',
    },
  ];
  const last = session.lastRequest?.source;
  if (last) items.push({ label: `$(history) ${last.name}`, description: "the last comparison's sample, for each version it fits", pick: () => last });
  items.push({ label: '$(folder-opened) Choose a JSON file…', description: '.json, .jsonl, .ndjson', pick: chooseSampleFile });
  for (const document of vscode.workspace.textDocuments) {
    if (!['file', 'untitled'].includes(document.uri.scheme) || !isJsonSample(document.uri, document.languageId)) continue;
    const resolution = resolveSample({ resource: document.uri, openDocuments: vscode.workspace.textDocuments });
    if (resolution.ok && resolution.source.location !== last?.location)
      items.push({ label: `$(file-code) ${resolution.source.name}`, description: 'open editor', pick: () => resolution.source });
  }
  const chosen = await vscode.window.showQuickPick(items, {
    title: `Payload Lab: Check Schema Change of ${schemaName}: the records`,
    placeHolder: 'Records each version writes and every version reads',
  });
  const source = await chosen?.pick();
  if (!source) return undefined;
  if (source === 'generate') return { kind: 'generated', count, seed };
  const input = await readSampleInput(source);
  return {
    kind: 'sample',
    name: source.name,
    bytes: { path: input.path, kind: input.kind ?? sampleKindOf(input.path), ...(input.bytes ? { bytes: input.bytes } : {}) },
  };
}
