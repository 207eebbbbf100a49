/**
 * The commands behind the Getting Started walkthrough's steps (package.json `walkthroughs`),
 * also in the Command Palette: compare the bundled web-events sample (a quick run: a first look
 * in seconds), bring the results back, and open the schema a run inferred, to edit and compare
 * with. Inspecting a row and sweeping sizes use the panel and Run Benchmark… as they are.
 */
import * as vscode from 'vscode';
import type { ComparisonSession } from '../host/comparison-session';
import type { ComparisonReport } from '../shared/results';
import { openInferredSchema } from './schema-actions';
import { sampleFromUri } from './sample-file';

/** The bundled sample the walkthrough compares: string-heavy web events, about 1 MB. */
export const WALKTHROUGH_SAMPLE = ['schemas', 'events.json'] as const;

export async function compareBundledSample(session: ComparisonSession, extensionUri: vscode.Uri): Promise<ComparisonReport | undefined> {
  const source = sampleFromUri(vscode.Uri.joinPath(extensionUri, ...WALKTHROUGH_SAMPLE));
  return source ? session.run({ source, quick: true }) : undefined;
}

/** The results panel in front; without one (no run in this window yet), the bundled sample's comparison. */
export async function showResults(session: ComparisonSession, extensionUri: vscode.Uri, reveal: (() => void) | undefined): Promise<void> {
  if (reveal) reveal();
  else await compareBundledSample(session, extensionUri);
}

/** Open Inferred Schema: the .proto or .avsc the last run inferred, beside the panel, to edit and compare with. */
export async function openInferredSchemaCommand(session: ComparisonSession, format?: unknown): Promise<void> {
  const chosen =
    format === 'proto' || format === 'avsc'
      ? format
      : (
          await vscode.window.showQuickPick(
            [
              { label: '.proto', format: 'proto' as const, description: 'Protocol Buffers (protobufjs, pbf, @bufbuild/protobuf…)' },
              { label: '.avsc', format: 'avsc' as const, description: 'Avro (avsc, avro-js)' },
            ],
            { title: 'Payload Lab: open the schema inferred from the last sample' },
          )
        )?.format;
  if (chosen) await openInferredSchema(session, chosen);
}
