/**
 * The panel's schema actions: open the schema inferred from the last run's sample as an
 * untitled document (.proto, .avsc, or translated as the FlatBuffers, Cap'n Proto and Bebop
 * rows translate it), and "Compare with This Schema", which re-runs the last sample with a
 * schema document's current text (edited or not) as the provided schema, or as its format's
 * row's schema for a .fbs, .capnp or .bop.
 */
import * as vscode from 'vscode';
import { inferSchemaTextOf, loadSchemaInfo } from '../engine/schema-jobs';
import type { ComparisonSession } from '../host/comparison-session';
import type { SchemaDiagnostics } from '../host/schema-diagnostics';
import { sampleKindOf } from '../input/read-sample';
import { SchemaInputError } from '../schema/schema-problem';
import type { ComparisonReport } from '../shared/results';
import { compareSchema } from './compare-schema';
import { orderMessageTypes, withFormatRow, type FormatLanguage } from './schema-choices';
import { withSchemaFiles } from '../host/schema-files';
import { formatLanguageOfDocument, inferredSchemaLanguage, schemaKindOfDocument } from './schema-document';
import { checkedFormatSchema, compareFormatSchema } from './compare-format-schema';
import { readRunSettings } from '../host/settings';
import type { InferredSchemaFormat, ProvidedSchema } from '../shared/codec-job';
import { openUntitledDocument } from './untitled-document';
import { derivedDocumentPlace } from '../host/sample-source';
import { columnBesidePanel } from '../host/beside-panel';

/** Opens the inferred schema beside the panel; false when there is no sample to infer from. */
export async function openInferredSchema(session: ComparisonSession, format: InferredSchemaFormat): Promise<{ opened: boolean }> {
  const request = session.lastRequest;
  if (!request) {
    void vscode.window.showInformationMessage(
      'Payload Lab: the sample of this panel is not known any more (it was unsaved editor text). Run a comparison again.',
    );
    return { opened: false };
  }
  const input = await session.sampleInput(request.source);
  const kind = input.kind ?? sampleKindOf(input.path);
  const text = await inferSchemaTextOf({ path: input.path, kind, ...(input.bytes ? { bytes: input.bytes } : {}) }, format, request.variants);
  // A .proto, .fbs, .capnp or .bop in the language an installed extension gives it (VS Code has
  // none for them), else plain text set, not guessed; an .avsc is JSON, which VS Code does not know from the name.
  const language = inferredSchemaLanguage(format, await vscode.languages.getLanguages()) ?? 'plaintext';
  await openUntitledDocument({ text, ...derivedDocumentPlace(request.source, format), language, viewColumn: columnBesidePanel() });
  return { opened: true };
}

/**
 * Compare with This Schema: the last run's sample with the document's text as the schema (a
 * .proto's message type picked as Compare Encodings does); without a last sample, the normal
 * schema flow, which asks for one.
 */
export async function compareWithSchema(
  session: ComparisonSession,
  diagnostics: SchemaDiagnostics,
  extensionUri: vscode.Uri,
  resource?: vscode.Uri,
): Promise<ComparisonReport | undefined> {
  const document = resource ? await vscode.workspace.openTextDocument(resource) : vscode.window.activeTextEditor?.document;
  const language = document && formatLanguageOfDocument(document);
  if (document && language) return compareWithFormatSchema(session, diagnostics, extensionUri, document, language);
  const kind = document && schemaKindOfDocument(document);
  if (!document || !kind) {
    void vscode.window.showInformationMessage(
      'Payload Lab: open a .proto, .avsc, .fbs, .capnp or .bop schema (or an untitled proto3 / Avro JSON document) first.',
    );
    return undefined;
  }
  const last = session.lastRequest;
  if (!last) return compareSchema(session, diagnostics, document.uri, kind);

  const schemaPath = document.uri.scheme === 'file' ? document.uri.fsPath : document.uri.toString();
  let schema: ProvidedSchema = { kind, source: document.getText(), path: schemaPath };
  try {
    schema = await withSchemaFiles(schema);
    const info = await loadSchemaInfo(schema);
    for (const file of [schemaPath, ...Object.keys(schema.imports ?? {})]) diagnostics.clear(file);
    if (kind === 'proto') {
      const choices = orderMessageTypes(info.messageTypes, info.defaultType);
      const typeName =
        choices.length === 1
          ? choices[0]!.typeName
          : (
              await vscode.window.showQuickPick(
                choices.map((choice) => ({ label: choice.typeName, description: choice.isDefault ? 'default' : undefined })),
                { title: 'Payload Lab: message type of the schema', placeHolder: `Which message does ${last.source.name} hold?` },
              )
            )?.label;
      if (!typeName) return undefined;
      schema.typeName = typeName;
    }
  } catch (error) {
    if (error instanceof SchemaInputError) diagnostics.report(error);
    else void vscode.window.showErrorMessage(`Payload Lab: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const { variants: _inferredOnly, ...rest } = last;
  return session.run({ ...rest, schema });
}

/**
 * Compare with This Schema on a .fbs, .capnp or .bop: the last run's sample again, with the
 * document's text as its format's row's schema (that row added if the run lacked it; the other
 * rows as they were). Without a last sample, Compare Encodings' flow, which asks for one.
 */
async function compareWithFormatSchema(
  session: ComparisonSession,
  diagnostics: SchemaDiagnostics,
  extensionUri: vscode.Uri,
  document: vscode.TextDocument,
  language: FormatLanguage,
): Promise<ComparisonReport | undefined> {
  const last = session.lastRequest;
  if (!last) return compareFormatSchema(session, diagnostics, document.uri, language, extensionUri);
  const schemaPath = document.uri.scheme === 'file' ? document.uri.fsPath : document.uri.toString();
  const file = (await checkedFormatSchema(session, diagnostics, { language, source: document.getText(), path: schemaPath }, 1))?.file;
  if (!file) return undefined;
  const others = (last.formatSchemas ?? []).filter((other) => other.language !== language);
  return session.run({ ...last, formatSchemas: [...others, file], codecs: withFormatRow(last.codecs ?? readRunSettings().codecs, language) });
}
