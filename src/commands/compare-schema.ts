/**
 * Compare Encodings on a schema file (.proto, .avsc): pick the message type (a .proto's), then
 * the sample (records generated from the schema, a JSON file, an open JSON editor), and run
 * with the schema as given. Escape at any step cancels quietly. A schema that does not load
 * becomes a diagnostic on its file and an error message with "Go to Error".
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CancelledError } from '../shared/cancelled';
import { generateSampleBytes, loadSchemaInfo, type SchemaInfo } from '../engine/schema-jobs';
import type { ComparisonSession } from '../host/comparison-session';
import type { SchemaDiagnostics } from '../host/schema-diagnostics';
import { withSchemaFiles } from '../host/schema-files';
import { readGenerateSettings } from '../host/settings';
import { SchemaInputError } from '../schema/schema-problem';
import type { ComparisonReport } from '../shared/results';
import { isJsonSample, resolveSample, type SampleSource } from './resolve-sample';
import { avroRootName, fileNameOf, generatedSampleName, orderMessageTypes } from './schema-choices';
import { chooseSampleFile } from './sample-file';
import type { ProvidedSchema } from '../shared/codec-job';

export async function compareSchema(
  session: ComparisonSession,
  diagnostics: SchemaDiagnostics,
  uri: vscode.Uri,
  kind: ProvidedSchema['kind'],
): Promise<ComparisonReport | undefined> {
  const schema = await readSchema(uri, kind);
  if (!schema) return undefined;
  const info = await schemaInfoOrReport(schema, diagnostics);
  if (!info) return undefined;
  // An error once shown on an imported file is gone too when the whole graph loads.
  for (const file of [schema.path, ...Object.keys(schema.imports ?? {})]) diagnostics.clear(file);

  let rootName: string;
  // A .proto's messages, or the types of an Avro protocol (.avpr, .avdl): one is chosen.
  if (kind === 'proto' || info.messageTypes.length > 0) {
    const typeName = await pickMessageType(info, fileNameOf(schema.path!), kind);
    if (!typeName) return undefined;
    schema.typeName = typeName;
    rootName = typeName.split('.').at(-1)!;
  } else {
    rootName = avroRootName(schema.source, schema.path!);
  }

  const source = await pickSample(schema, rootName, diagnostics, kind === 'proto' || info.messageTypes.length > 1 ? 2 : 1);
  if (!source) return undefined;
  return session.run({ source, schema });
}

/** The schema as the user sees it: an open editor's text (unsaved edits count), else the file. */
async function readSchema(uri: vscode.Uri, kind: ProvidedSchema['kind']): Promise<ProvidedSchema | undefined> {
  const text = await readSchemaText(uri);
  return text && { kind, ...text };
}

/** A schema document's text as the user sees it (unsaved edits count) and its path for messages; undefined once the failure is shown. */
export async function readSchemaText(uri: vscode.Uri): Promise<{ source: string; path: string } | undefined> {
  const schemaPath = uri.scheme === 'file' ? uri.fsPath : uri.toString();
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open && (open.isDirty || open.isUntitled)) return { source: open.getText(), path: schemaPath };
  try {
    return { source: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), path: schemaPath };
  } catch (error) {
    void vscode.window.showErrorMessage(`Payload Lab: cannot read ${schemaPath}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function schemaInfoOrReport(schema: ProvidedSchema, diagnostics: SchemaDiagnostics): Promise<SchemaInfo | undefined> {
  try {
    // Imports (and Avro named types from other files) travel with the schema to every worker.
    const imports = (await withSchemaFiles(schema)).imports;
    if (imports) schema.imports = imports;
    return await loadSchemaInfo(schema);
  } catch (error) {
    reportSchemaFailure(error, diagnostics);
    return undefined;
  }
}

function reportSchemaFailure(error: unknown, diagnostics: SchemaDiagnostics): void {
  if (error instanceof SchemaInputError) diagnostics.report(error);
  else void vscode.window.showErrorMessage(`Payload Lab: ${error instanceof Error ? error.message : String(error)}`);
}

async function pickMessageType(info: SchemaInfo, fileName: string, kind: ProvidedSchema['kind']): Promise<string | undefined> {
  const choices = orderMessageTypes(info.messageTypes, info.defaultType);
  if (choices.length === 1) return choices[0]!.typeName;
  // The placeholder is one short line (a long one is cut off); why the default is the default
  // goes beside it, in its item's description.
  const why = kind === 'proto' ? 'default: no other message refers to it' : "default: the protocol's last type";
  const items = choices.map((choice) => ({ label: choice.typeName, description: choice.isDefault ? why : undefined, typeName: choice.typeName }));
  const chosen = await vscode.window.showQuickPick(items, {
    title: `Payload Lab: ${kind === 'proto' ? 'message type' : 'type'} of ${fileName} (1/2)`,
    placeHolder: kind === 'proto' ? 'Which message does the sample hold?' : 'Which type does the sample hold?',
  });
  return chosen?.typeName;
}

export type SampleItem = vscode.QuickPickItem & { pick?: () => Promise<SampleSource | undefined> | SampleSource | undefined };

/** A JSON file from the dialog, and each open JSON editor: the samples every schema flow offers. */
export function jsonSampleItems(): SampleItem[] {
  const items: SampleItem[] = [{ label: '$(folder-opened) Choose a JSON file…', description: '.json, .jsonl, .ndjson', pick: chooseSampleFile }];
  for (const document of vscode.workspace.textDocuments) {
    if (!['file', 'untitled'].includes(document.uri.scheme) || !isJsonSample(document.uri, document.languageId)) continue;
    const resolution = resolveSample({ resource: document.uri, openDocuments: vscode.workspace.textDocuments });
    if (resolution.ok) items.push({ label: `$(file-code) ${resolution.source.name}`, description: 'open editor', pick: () => resolution.source });
  }
  return items;
}

async function pickSample(schema: ProvidedSchema, rootName: string, diagnostics: SchemaDiagnostics, step: number): Promise<SampleSource | undefined> {
  const { count, seed } = readGenerateSettings();
  const items: SampleItem[] = [
    {
      label: `$(sparkle) Generate ${count} records from ${rootName} (seed ${seed})`,
      description: 'payloadLab.generatedSampleCount, payloadLab.generatedSampleSeed',
      pick: () => generate(schema, rootName, count, seed, diagnostics),
    },
    ...jsonSampleItems(),
  ];
  const chosen = await vscode.window.showQuickPick(items, {
    title: `Payload Lab: sample for ${fileNameOf(schema.path!)} (${step}/${step})`,
    placeHolder: `Records of ${rootName} to compare`,
  });
  return chosen?.pick?.();
}

async function generate(
  schema: ProvidedSchema,
  rootName: string,
  count: number,
  seed: number,
  diagnostics: SchemaDiagnostics,
): Promise<SampleSource | undefined> {
  const name = generatedSampleName(count, rootName, seed);
  try {
    const bytes = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Payload Lab: generating ${count} records of ${rootName}`, cancellable: true },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return generateSampleBytes(schema, count, seed, { signal: controller.signal });
      },
    );
    // Saved beside the schema when it is a file (see derivedDocumentPlace).
    const folder = schema.path !== undefined && path.isAbsolute(schema.path) ? { folder: path.dirname(schema.path) } : {};
    return { kind: 'generated', name, location: `${schema.path} (${name})`, bytes, fileName: `${rootName}-${count}-records.json`, ...folder };
  } catch (error) {
    if (error instanceof CancelledError) return undefined;
    reportSchemaFailure(error, diagnostics);
    return undefined;
  }
}
